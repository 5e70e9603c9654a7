(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_3 (Int (Array Int Bool)) Bool)
(declare-fun shared_2 (Int (Array Int Bool)) Bool)
(declare-fun cb_x1 () (Array Int Bool))
(declare-fun shared_1 (Int (Array Int Bool) (Array Int Bool)) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((t (Array Int Bool)) )(let (($x2 (= (shared_1 cb_x0 cb_x1 t) (and (shared_2 cb_x0 cb_x1) (shared_3 cb_x0 t)))))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((t (Array Int Bool)) )(= (shared_1 cb_x0 cb_x1 t) (and (shared_2 cb_x0 cb_x1) (shared_3 cb_x0 t))))
))
(not (= $x4 $x3))))))
(check-sat)
