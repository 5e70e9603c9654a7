(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (u_Nat_Prime cb_x0)))
(let (($x3 (=> (and $x2 $x1) (= 1 (ite (= 2 0) cb_x0 (mod cb_x0 2))))))
(not (= $x3 $x3))))))
(check-sat)
