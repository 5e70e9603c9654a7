(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_3 (Int) Bool)
(declare-fun shared_1 (Int) Bool)
(declare-fun shared_2 (Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (u_Nat_Prime cb_x0)))
(let (($x2 (=> (and $x1 (shared_2 cb_x0) (shared_1 cb_x0)) (shared_3 cb_x0))))
(let (($x3 (=> (and $x1 (shared_1 cb_x0) (shared_2 cb_x0)) (shared_3 cb_x0))))
(not (= $x3 $x2))))))
(check-sat)
