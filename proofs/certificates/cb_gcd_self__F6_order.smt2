(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Nat_gcd (Int Int) Int)
(assert
 (>= cb_x0 0))
(assert
 (forall ((x0 Int) (x1 Int) )(>= (u_Nat_gcd x0 x1) 0))
 )
(assert
 (let ((?x1 (u_Nat_gcd cb_x0 cb_x0)))
(let (($x2 (= cb_x0 ?x1)))
(let (($x3 (= ?x1 cb_x0)))
(not (= $x3 $x2))))))
(check-sat)
