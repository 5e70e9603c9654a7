(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Nat_Prime (Int) Bool)
(assert
 (let (($x1 (exists ((p Int) )(let (($x2 (u_Nat_Prime p)))
(let (($x3 (>= p 0)))
(and $x3 (and $x2 (= 0 (ite (= 2 0) p (mod p 2))))))))
))
(not (= $x1 $x1))))
(check-sat)
