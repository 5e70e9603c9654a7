(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Odd (Int) Bool)
(declare-fun shared_1 (Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (u_Odd cb_x0)))
(let (($x2 (shared_1 cb_x0)))
(let (($x3 (or $x2 $x1)))
(let (($x4 (u_Nat_Prime cb_x0)))
(let (($x5 (not $x4)))
(let (($x6 (or $x5 $x3)))
(let (($x7 (=> $x4 $x3)))
(not (= $x7 $x6))))))))))
(check-sat)
