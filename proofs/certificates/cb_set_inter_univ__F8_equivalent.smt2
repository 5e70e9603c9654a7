(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 ((Array Int Bool)) Bool)
(assert
 (let (($x1 (exists ((s (Array Int Bool)) )(let (($x2 (shared_1 s)))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((s (Array Int Bool)) )(shared_1 s))
))
(not (= $x4 $x3))))))
(check-sat)
