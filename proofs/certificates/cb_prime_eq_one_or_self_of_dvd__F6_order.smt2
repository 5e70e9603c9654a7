(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun shared_3 (Int Int) Bool)
(declare-fun shared_2 (Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let (($x1 (shared_3 cb_x1 cb_x0)))
(let (($x2 (shared_2 cb_x1)))
(let (($x3 (or $x2 $x1)))
(let (($x4 (u_Nat_Prime cb_x0)))
(let (($x5 (shared_1 cb_x1 cb_x0)))
(let (($x6 (=> (and $x5 $x4) $x3)))
(let (($x7 (=> (and $x4 $x5) $x3)))
(not (= $x7 $x6))))))))))
(check-sat)
