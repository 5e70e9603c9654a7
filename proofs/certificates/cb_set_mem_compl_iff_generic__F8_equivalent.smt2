(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort _u03b1 0)
(declare-fun Dom@_u03b1 (_u03b1) Bool)
(declare-fun cb_x0 () _u03b1)
(declare-fun shared_2 (_u03b1 (Array _u03b1 Bool)) Bool)
(declare-fun shared_1 (_u03b1 (Array _u03b1 Bool)) Bool)
(assert
 (Dom@_u03b1 cb_x0))
(assert
 (let (($x1 (exists ((s (Array _u03b1 Bool)) )(let (($x2 (= (shared_1 cb_x0 s) (shared_2 cb_x0 s))))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((s (Array _u03b1 Bool)) )(= (shared_1 cb_x0 s) (shared_2 cb_x0 s)))
))
(not (= $x4 $x3))))))
(check-sat)
