(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Odd (Int) Bool)
(declare-fun cb_x0 () Int)
(assert
 (let (($x1 (u_Odd cb_x0)))
(let (($x2 (or (= 0 (ite (= 2 0) cb_x0 (mod cb_x0 2))) $x1)))
(not (= $x2 $x2)))))
(check-sat)
