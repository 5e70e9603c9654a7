(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Int) Bool)
(declare-fun u_Even (Int) Bool)
(assert
 (let (($x1 (exists ((n Int) )(let (($x2 (= (u_Even n) (shared_1 n))))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((n Int) )(= (u_Even n) (shared_1 n)))
))
(not (= $x4 $x3))))))
(check-sat)
