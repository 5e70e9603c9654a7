(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun u_Nat_Prime (Int) Bool)
(declare-fun shared_2 (Int) Bool)
(declare-fun shared_3 (Int Int) Bool)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let (($x1 (shared_3 cb_x0 cb_x1)))
(let (($x2 (shared_1 cb_x0 cb_x1)))
(let (($x3 (=> (and $x2 $x1 (shared_2 cb_x0)) (not (u_Nat_Prime cb_x1)))))
(let (($x4 (=> (and $x2 (shared_2 cb_x0) $x1) (not (u_Nat_Prime cb_x1)))))
(not (= $x4 $x3)))))))
(check-sat)
