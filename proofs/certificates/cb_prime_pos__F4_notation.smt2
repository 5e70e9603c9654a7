(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (u_Nat_Prime cb_x0)))
(let (($x2 (=> $x1 (and (distinct 0 cb_x0) true))))
(let (($x3 (=> $x1 (< 0 cb_x0))))
(not (= $x3 $x2))))))
(check-sat)
