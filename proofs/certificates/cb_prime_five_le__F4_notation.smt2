(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_2 (Int) Bool)
(declare-fun shared_1 (Int) Bool)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_2 cb_x0)))
(let (($x2 (shared_1 cb_x0)))
(let (($x3 (=> $x2 $x1)))
(let (($x4 (not (= 2 cb_x0))))
(let (($x5 (u_Nat_Prime cb_x0)))
(let (($x6 (=> (and $x5 $x4 $x2) $x1)))
(let (($x7 (=> (and $x5 (and (distinct 2 cb_x0) true) $x2) $x1)))
(not (= $x7 $x6))))))))))
(check-sat)
