(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun cb_x2 () Int)
(declare-fun shared_1 (Int Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x2 0))
(assert
 (let (($x1 (or (shared_1 cb_x0 cb_x1) (shared_1 cb_x0 cb_x2))))
(let (($x2 (= cb_x0 0)))
(let (($x3 (ite $x2 (= (* cb_x2 cb_x1) 0) (= (mod (* cb_x2 cb_x1) cb_x0) 0))))
(let (($x4 (u_Nat_Prime cb_x0)))
(let (($x5 (=> $x4 (= $x3 $x1))))
(let (($x6 (= (mod (* cb_x1 cb_x2) cb_x0) 0)))
(let (($x7 (=> $x4 (= (ite $x2 (= (* cb_x1 cb_x2) 0) $x6) $x1))))
(not (= $x7 $x5))))))))))
(check-sat)
