(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_2 (Int (Array Int Bool)) Bool)
(declare-fun shared_1 (Int (Array Int Bool) (Array Int Bool)) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((s (Array Int Bool)) )(let (($x2 (forall ((t (Array Int Bool)) )(= (shared_1 cb_x0 s t) (or (shared_2 cb_x0 s) (shared_2 cb_x0 t))))
))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((s (Array Int Bool)) )(forall ((t (Array Int Bool)) )(= (shared_1 cb_x0 s t) (or (shared_2 cb_x0 s) (shared_2 cb_x0 t))))
)
))
(not (= $x4 $x3))))))
(check-sat)
