(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_exp (Real) Real)
(declare-fun cb_x0 () Real)
(assert
 (let ((?x1 (u_Real_exp cb_x0)))
(let (($x2 (<= (+ 1.0 cb_x0) ?x1)))
(let (($x3 (<= (+ cb_x0 1.0) ?x1)))
(not (= $x3 $x2))))))
(check-sat)
