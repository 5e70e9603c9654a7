(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Int) Bool)
(assert
 (let (($x1 (exists ((a Int) )(let (($x2 (shared_1 a)))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((a Int) )(shared_1 a))
))
(not (= $x4 $x3))))))
(check-sat)
