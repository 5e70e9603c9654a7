(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun u_Nat_gcd (Int Int) Int)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (forall ((x0 Int) (x1 Int) )(>= (u_Nat_gcd x0 x1) 0))
 )
(assert
 (let ((?x1 (u_Nat_gcd cb_x0 cb_x1)))
(let ((?x2 (mod cb_x1 ?x1)))
(let (($x3 (= ?x1 0)))
(let ((?x4 (ite $x3 cb_x1 ?x2)))
(let (($x5 (= 0 ?x4)))
(let (($x6 (ite $x3 (= cb_x1 0) (= ?x2 0))))
(not (= $x6 $x5)))))))))
(check-sat)
