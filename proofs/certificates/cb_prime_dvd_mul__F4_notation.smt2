(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun cb_x2 () Int)
(declare-fun shared_2 (Int Int) Bool)
(declare-fun shared_1 (Int Int Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x2 0))
(assert
 (let (($x1 (shared_2 cb_x0 cb_x2)))
(let ((?x2 (mod cb_x1 cb_x0)))
(let (($x3 (= cb_x0 0)))
(let ((?x4 (ite $x3 cb_x1 ?x2)))
(let (($x5 (= 0 ?x4)))
(let (($x6 (shared_1 cb_x0 cb_x1 cb_x2)))
(let (($x7 (u_Nat_Prime cb_x0)))
(let (($x8 (=> $x7 (= $x6 (or $x5 $x1)))))
(let (($x9 (=> $x7 (= $x6 (or (ite $x3 (= cb_x1 0) (= ?x2 0)) $x1)))))
(not (= $x9 $x8))))))))))))
(check-sat)
