(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Real Real) Bool)
(declare-fun cb_x1 () Real)
(declare-fun cb_x0 () Real)
(declare-fun u_Real_exp (Real) Real)
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (= (> (u_Real_exp cb_x1) (u_Real_exp cb_x0)) $x1)))
(let (($x3 (= (< (u_Real_exp cb_x0) (u_Real_exp cb_x1)) $x1)))
(not (= $x3 $x2))))))
(check-sat)
