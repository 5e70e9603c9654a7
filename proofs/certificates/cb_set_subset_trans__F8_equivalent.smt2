(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 ((Array Int Bool) (Array Int Bool)) Bool)
(declare-fun cb_x2 () (Array Int Bool))
(declare-fun cb_x1 () (Array Int Bool))
(declare-fun cb_x0 () (Array Int Bool))
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (=> (and $x1 (not (shared_1 cb_x0 cb_x2))) (not (shared_1 cb_x1 cb_x2)))))
(let (($x3 (=> (and $x1 (shared_1 cb_x1 cb_x2)) (shared_1 cb_x0 cb_x2))))
(not (= $x3 $x2))))))
(check-sat)
