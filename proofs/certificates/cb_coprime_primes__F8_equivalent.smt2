(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun shared_1 (Int Int) Bool)
(declare-fun u_Nat_Coprime (Int Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let (($x1 (= (u_Nat_Coprime cb_x0 cb_x1) (shared_1 cb_x0 cb_x1))))
(let (($x2 (u_Nat_Prime cb_x1)))
(let (($x3 (not $x2)))
(let (($x4 (u_Nat_Prime cb_x0)))
(let (($x5 (=> $x4 (or $x3 $x1))))
(let (($x6 (=> (and $x4 $x2) $x1)))
(not (= $x6 $x5)))))))))
(check-sat)
