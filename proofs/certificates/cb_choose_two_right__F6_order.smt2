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
 (let ((?x1 (div (* (ite (<= 1 cb_x0) (- cb_x0 1) 0) cb_x0) 2)))
(let (($x2 (= 2 0)))
(let ((?x3 (u_Nat_choose cb_x0 2)))
(let (($x4 (= ?x3 (ite $x2 0 ?x1))))
(let ((?x5 (div (* cb_x0 (ite (<= 1 cb_x0) (- cb_x0 1) 0)) 2)))
(let (($x6 (= ?x3 (ite $x2 0 ?x5))))
(not (= $x6 $x4)))))))))
(check-sat)
