(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun u_Nat_Prime (Int) Bool)
(declare-fun shared_2 (Int Int) Bool)
(declare-fun shared_1 (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (=> (and $x1 (shared_2 cb_x0 cb_x1)) (not (u_Nat_Prime cb_x1)))))
(let ((?x3 (mod cb_x1 cb_x0)))
(let (($x4 (= cb_x0 0)))
(let ((?x5 (ite $x4 cb_x1 ?x3)))
(let (($x6 (= 0 ?x5)))
(let (($x7 (=> (and $x6 $x1 (shared_2 cb_x0 cb_x1)) (not (u_Nat_Prime cb_x1)))))
(let (($x8 (ite $x4 (= cb_x1 0) (= ?x3 0))))
(let (($x9 (=> (and $x8 $x1 (shared_2 cb_x0 cb_x1)) (not (u_Nat_Prime cb_x1)))))
(not (= $x9 $x7))))))))))))
(check-sat)
