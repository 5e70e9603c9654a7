(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Nat_choose (Int Int) Int)
(assert
 (>= cb_x0 0))
(assert
 (forall ((x0 Int) (x1 Int) )(>= (u_Nat_choose x0 x1) 0))
 )
(assert
 (let ((?x1 (+ cb_x0 1)))
(let ((?x2 (+ 1 cb_x0)))
(let ((?x3 (u_Nat_choose ?x2 cb_x0)))
(let (($x4 (= ?x3 ?x1)))
(let (($x5 (= (u_Nat_choose ?x1 cb_x0) ?x1)))
(not (= $x5 $x4))))))))
(check-sat)
