(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_pi () Real)
(assert
 (not (= (< 3.0 u_Real_pi) (not (>= 3.0 u_Real_pi)))))
(check-sat)
