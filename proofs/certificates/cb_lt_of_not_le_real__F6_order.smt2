(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Real Real) Bool)
(declare-fun cb_x0 () Real)
(declare-fun cb_x1 () Real)
(assert
 (let (($x1 (shared_1 cb_x1 cb_x0)))
(let (($x2 (=> (not (>= cb_x1 cb_x0)) $x1)))
(let (($x3 (=> (not (<= cb_x0 cb_x1)) $x1)))
(not (= $x3 $x2))))))
(check-sat)
