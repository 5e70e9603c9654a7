(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Odd (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (u_Odd cb_x0)))
(let (($x2 (= (not (= 0 (ite (= 2 0) cb_x0 (mod cb_x0 2)))) $x1)))
(not (= $x2 $x2)))))
(check-sat)
