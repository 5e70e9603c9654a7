(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort G 0)
(declare-fun Dom@G (G) Bool)
(declare-fun cb_x0 () G)
(declare-fun cb_x1 () G)
(declare-fun HMul.hMul@G (G G) G)
(declare-fun Inv.inv@G (G) G)
(assert
 (Dom@G cb_x0))
(assert
 (Dom@G cb_x1))
(assert
 (forall ((x0 G) (x1 G) )(Dom@G (HMul.hMul@G x0 x1)))
 )
(assert
 (forall ((x0 G) )(Dom@G (Inv.inv@G x0)))
 )
(assert
 (let ((?x1 (Inv.inv@G (HMul.hMul@G cb_x0 cb_x1))))
(let ((?x2 (HMul.hMul@G (Inv.inv@G cb_x1) (Inv.inv@G cb_x0))))
(let (($x3 (= ?x2 ?x1)))
(let (($x4 (= ?x1 ?x2)))
(not (= $x4 $x3)))))))
(check-sat)
