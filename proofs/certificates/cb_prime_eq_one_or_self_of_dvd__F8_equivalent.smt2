(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun shared_1 (Int Int) Bool)
(declare-fun shared_3 (Int Int) Bool)
(declare-fun shared_2 (Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let (($x1 (shared_1 cb_x1 cb_x0)))
(let (($x2 (not $x1)))
(let (($x3 (u_Nat_Prime cb_x0)))
(let (($x4 (=> (and $x3 (not (or (shared_2 cb_x1) (shared_3 cb_x1 cb_x0)))) $x2)))
(let (($x5 (=> (and $x3 $x1) (or (shared_2 cb_x1) (shared_3 cb_x1 cb_x0)))))
(not (= $x5 $x4))))))))
(check-sat)
