(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_sin (Real) Real)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (not (<= cb_x0 (u_Real_sin cb_x0)))))
(let (($x2 (shared_1 cb_x0)))
(let (($x3 (=> $x2 $x1)))
(let (($x4 (=> $x2 (< (u_Real_sin cb_x0) cb_x0))))
(not (= $x4 $x3)))))))
(check-sat)
