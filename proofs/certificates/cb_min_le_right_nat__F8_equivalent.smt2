(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((b Int) )(let (($x2 (>= b 0)))
(and $x2 (not (shared_1 cb_x0 b)))))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((b Int) )(let (($x5 (shared_1 cb_x0 b)))
(let (($x2 (>= b 0)))
(=> $x2 $x5))))
))
(not (= $x4 $x3))))))
(check-sat)
