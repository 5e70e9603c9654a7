(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_log (Real) Real)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (=> $x1 (>= (- cb_x0 1.0) (u_Real_log cb_x0)))))
(let (($x3 (=> $x1 (<= (u_Real_log cb_x0) (- cb_x0 1.0)))))
(not (= $x3 $x2))))))
(check-sat)
