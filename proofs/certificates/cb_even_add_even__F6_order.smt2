(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Even (Int) Bool)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(assert
 (let (($x1 (u_Even cb_x0)))
(let (($x2 (=> (and $x1 (u_Even cb_x1)) (u_Even (+ cb_x1 cb_x0)))))
(let (($x3 (=> (and $x1 (u_Even cb_x1)) (u_Even (+ cb_x0 cb_x1)))))
(not (= $x3 $x2))))))
(check-sat)
