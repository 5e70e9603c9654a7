(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun u_Nat_Coprime (Int Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let (($x1 (u_Nat_Prime cb_x1)))
(let (($x2 (=> $x1 (= (u_Nat_Coprime cb_x0 cb_x1) (not (= cb_x0 cb_x1))))))
(let (($x3 (u_Nat_Prime cb_x0)))
(let (($x4 (=> (and $x3 $x1) (= (u_Nat_Coprime cb_x0 cb_x1) (not (= cb_x0 cb_x1))))))
(let (($x5 (=> $x1 (= (u_Nat_Coprime cb_x0 cb_x1) (and (distinct cb_x0 cb_x1) true)))))
(let (($x6 (=> (and $x3 $x1) (= (u_Nat_Coprime cb_x0 cb_x1) (and (distinct cb_x0 cb_x1) true)))))
(not (= $x6 $x4)))))))))
(check-sat)
