(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Nat_Prime (Int) Bool)
(declare-fun u_Even (Int) Bool)
(assert
 (let (($x1 (exists ((p Int) )(let (($x2 (>= p 0)))
(and $x2 (and (u_Even p) (u_Nat_Prime p)))))
))
(let (($x3 (exists ((p Int) )(let (($x2 (>= p 0)))
(and $x2 (and (u_Nat_Prime p) (u_Even p)))))
))
(not (= $x3 $x1)))))
(check-sat)
