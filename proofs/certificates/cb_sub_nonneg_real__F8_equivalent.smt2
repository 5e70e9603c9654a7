(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x1 () Real)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real Real) Bool)
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (= $x1 (not (< cb_x0 cb_x1)))))
(let (($x3 (<= cb_x1 cb_x0)))
(let (($x4 (= $x1 $x3)))
(not (= $x4 $x2)))))))
(check-sat)
