(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun u_Nat_choose (Int Int) Int)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (forall ((x0 Int) (x1 Int) )(>= (u_Nat_choose x0 x1) 0))
 )
(assert
 (let ((?x1 (+ cb_x0 cb_x1)))
(let ((?x2 (u_Nat_choose ?x1 cb_x0)))
(let (($x3 (= ?x2 (u_Nat_choose (+ cb_x1 cb_x0) cb_x1))))
(let (($x4 (= ?x2 (u_Nat_choose ?x1 cb_x1))))
(not (= $x4 $x3)))))))
(check-sat)
