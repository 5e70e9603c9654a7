(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Nat_Prime (Int) Bool)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((p Int) )(let (($x2 (>= p 0)))
(and $x2 (and (shared_1 p cb_x0) (u_Nat_Prime p)))))
))
(let (($x3 (exists ((p Int) )(let (($x2 (>= p 0)))
(and $x2 (and (u_Nat_Prime p) (shared_1 p cb_x0)))))
))
(not (= $x3 $x1)))))
(check-sat)
