(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 ((Array Real Bool) (Array Real Bool)) Bool)
(declare-fun cb_x0 () (Array Real Bool))
(assert
 (let (($x1 (exists ((t (Array Real Bool)) )(let (($x2 (shared_1 cb_x0 t)))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((t (Array Real Bool)) )(shared_1 cb_x0 t))
))
(not (= $x4 $x3))))))
(check-sat)
