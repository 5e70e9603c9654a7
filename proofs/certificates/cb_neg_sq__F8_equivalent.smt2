(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (exists ((a Real) )(let (($x2 (shared_1 a)))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((a Real) )(shared_1 a))
))
(not (= $x4 $x3))))))
(check-sat)
