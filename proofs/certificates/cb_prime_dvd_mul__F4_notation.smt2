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
(let (($x2 (or (= 0 (ite (= cb_x0 0) cb_x1 (mod cb_x1 cb_x0))) $x1)))
(let (($x3 (shared_1 cb_x0 cb_x1 cb_x2)))
(let (($x4 (= $x3 $x2)))
(let (($x5 (u_Nat_Prime cb_x0)))
(let (($x6 (=> $x5 $x4)))
(let (($x7 (= cb_x0 0)))
(let (($x8 (or (ite $x7 (= cb_x1 0) (= (mod cb_x1 cb_x0) 0)) $x1)))
(let (($x9 (= $x3 $x8)))
(let (($x10 (=> $x5 $x9)))
(not (= $x10 $x6)))))))))))))
(check-sat)
