(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_2 (Real Real) Bool)
(declare-fun cb_x1 () Real)
(declare-fun cb_x0 () Real)
(declare-fun shared_3 (Real Real) Bool)
(declare-fun shared_1 (Real Real) Bool)
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (= $x1 (or (shared_3 cb_x0 cb_x1) (shared_2 cb_x0 cb_x1)))))
(let (($x3 (= $x1 (or (shared_2 cb_x0 cb_x1) (shared_3 cb_x0 cb_x1)))))
(not (= $x3 $x2))))))
(check-sat)
