(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x1 () Real)
(declare-fun cb_x2 () Real)
(declare-fun shared_2 (Real Real Real) Bool)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (=> (and $x1 (shared_2 cb_x0 cb_x1 cb_x2)) (= cb_x2 cb_x1))))
(let (($x3 (=> (and $x1 (shared_2 cb_x0 cb_x1 cb_x2)) (= cb_x1 cb_x2))))
(not (= $x3 $x2))))))
(check-sat)
