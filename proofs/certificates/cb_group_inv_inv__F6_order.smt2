(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort G 0)
(declare-fun Dom@G (G) Bool)
(declare-fun cb_x0 () G)
(declare-fun Inv.inv@G (G) G)
(assert
 (Dom@G cb_x0))
(assert
 (forall ((x0 G) )(Dom@G (Inv.inv@G x0)))
 )
(assert
 (let ((?x1 (Inv.inv@G (Inv.inv@G cb_x0))))
(let (($x2 (= cb_x0 ?x1)))
(let (($x3 (= ?x1 cb_x0)))
(not (= $x3 $x2))))))
(check-sat)
