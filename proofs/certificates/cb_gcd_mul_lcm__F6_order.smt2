(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun u_Nat_gcd (Int Int) Int)
(declare-fun u_Nat_lcm (Int Int) Int)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (forall ((x0 Int) (x1 Int) )(>= (u_Nat_gcd x0 x1) 0))
 )
(assert
 (forall ((x0 Int) (x1 Int) )(>= (u_Nat_lcm x0 x1) 0))
 )
(assert
 (let ((?x1 (u_Nat_lcm cb_x0 cb_x1)))
(let ((?x2 (u_Nat_gcd cb_x0 cb_x1)))
(let ((?x3 (* ?x2 ?x1)))
(let (($x4 (= ?x3 (* cb_x1 cb_x0))))
(let ((?x5 (* cb_x0 cb_x1)))
(let (($x6 (= ?x3 ?x5)))
(not (= $x6 $x4)))))))))
(check-sat)
