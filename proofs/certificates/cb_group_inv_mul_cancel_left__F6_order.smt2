(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort G 0)
(declare-fun Dom@G (G) Bool)
(declare-fun cb_x0 () G)
(declare-fun Inv.inv@G (G) G)
(declare-fun cb_x1 () G)
(declare-fun HMul.hMul@G (G G) G)
(assert
 (Dom@G cb_x0))
(assert
 (forall ((x0 G) )(Dom@G (Inv.inv@G x0)))
 )
(assert
 (Dom@G cb_x1))
(assert
 (forall ((x0 G) (x1 G) )(Dom@G (HMul.hMul@G x0 x1)))
 )
(assert
 (let ((?x1 (HMul.hMul@G (Inv.inv@G cb_x0) (HMul.hMul@G cb_x0 cb_x1))))
(let (($x2 (= cb_x1 ?x1)))
(let (($x3 (= ?x1 cb_x1)))
(not (= $x3 $x2))))))
(check-sat)
