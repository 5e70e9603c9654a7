(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Odd (Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(declare-fun shared_1 (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (=> (and $x1 (u_Nat_Prime cb_x0)) (u_Odd cb_x0))))
(let (($x3 (u_Nat_Prime cb_x0)))
(let (($x4 (=> (and $x3 $x1) (u_Odd cb_x0))))
(not (= $x4 $x2)))))))
(check-sat)
