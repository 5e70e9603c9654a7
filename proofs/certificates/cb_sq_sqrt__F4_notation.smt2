(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Real)
(declare-fun u_Real_sqrt (Real) Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (=> $x1 (= (* (u_Real_sqrt cb_x0) (u_Real_sqrt cb_x0)) cb_x0))))
(not (= $x2 $x2)))))
(check-sat)
