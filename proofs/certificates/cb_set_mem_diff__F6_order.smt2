(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_2 (Int (Array Int Bool)) Bool)
(declare-fun cb_x1 () (Array Int Bool))
(declare-fun shared_3 (Int (Array Int Bool)) Bool)
(declare-fun cb_x2 () (Array Int Bool))
(declare-fun shared_1 (Int (Array Int Bool) (Array Int Bool)) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1 cb_x2)))
(let (($x2 (= $x1 (and (shared_3 cb_x0 cb_x2) (shared_2 cb_x0 cb_x1)))))
(let (($x3 (= $x1 (and (shared_2 cb_x0 cb_x1) (shared_3 cb_x0 cb_x2)))))
(not (= $x3 $x2))))))
(check-sat)
