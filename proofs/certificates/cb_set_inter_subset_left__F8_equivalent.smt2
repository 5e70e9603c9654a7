(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 ((Array Int Bool) (Array Int Bool)) Bool)
(declare-fun cb_x0 () (Array Int Bool))
(assert
 (let (($x1 (exists ((t (Array Int Bool)) )(let (($x2 (shared_1 cb_x0 t)))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((t (Array Int Bool)) )(shared_1 cb_x0 t))
))
(not (= $x4 $x3))))))
(check-sat)
