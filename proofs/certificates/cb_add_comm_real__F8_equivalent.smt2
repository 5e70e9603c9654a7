(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Real Real) Bool)
(declare-fun cb_x0 () Real)
(assert
 (let (($x1 (exists ((b Real) )(let (($x2 (shared_1 cb_x0 b)))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((b Real) )(shared_1 cb_x0 b))
))
(not (= $x4 $x3))))))
(check-sat)
