(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Int Int) Bool)
(declare-fun cb_x0 () Int)
(assert
 (let (($x1 (exists ((b Int) )(let (($x2 (shared_1 cb_x0 b)))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((b Int) )(shared_1 cb_x0 b))
))
(not (= $x4 $x3))))))
(check-sat)
