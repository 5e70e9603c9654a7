(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (= 1.0 (* cb_x0 (ite (= cb_x0 0.0) 0.0 (/ 1.0 cb_x0))))))
(let (($x2 (shared_1 cb_x0)))
(let (($x3 (=> $x2 $x1)))
(not (= $x3 $x3))))))
(check-sat)
