(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun cb_x2 () Int)
(declare-fun shared_1 (Int Int Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x2 0))
(assert
 (let ((?x1 (mod cb_x1 cb_x0)))
(let (($x2 (= cb_x0 0)))
(let ((?x3 (ite $x2 cb_x1 ?x1)))
(let (($x4 (= 0 ?x3)))
(let (($x5 (shared_1 cb_x0 cb_x1 cb_x2)))
(let (($x6 (u_Nat_Prime cb_x0)))
(let (($x7 (=> (and $x6 $x5) $x4)))
(let (($x8 (=> (and $x6 $x5) (ite $x2 (= cb_x1 0) (= ?x1 0)))))
(not (= $x8 $x7)))))))))))
(check-sat)
