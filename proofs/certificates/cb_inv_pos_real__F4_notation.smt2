(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Real) Bool)
(declare-fun cb_x0 () Real)
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (= (< 0.0 (ite (= cb_x0 0.0) 0.0 (/ 1.0 cb_x0))) $x1)))
(not (= $x2 $x2)))))
(check-sat)
