(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Even (Int) Bool)
(declare-fun cb_x0 () Int)
(declare-fun u_Odd (Int) Bool)
(assert
 (let (($x1 (u_Even cb_x0)))
(let (($x2 (u_Odd cb_x0)))
(let (($x3 (or $x2 $x1)))
(let (($x4 (or $x1 $x2)))
(not (= $x4 $x3)))))))
(check-sat)
