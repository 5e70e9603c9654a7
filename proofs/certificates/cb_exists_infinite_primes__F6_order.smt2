(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((p Int) )(let (($x2 (>= p 0)))
(and $x2 (and (>= p cb_x0) (u_Nat_Prime p)))))
))
(let (($x3 (exists ((p Int) )(let (($x2 (>= p 0)))
(and $x2 (and (<= cb_x0 p) (u_Nat_Prime p)))))
))
(not (= $x3 $x1)))))
(check-sat)
