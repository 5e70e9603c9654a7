(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_2 (Int) Bool)
(declare-fun shared_1 (Int) Bool)
(assert
 (let (($x1 (exists ((n Int) )(let (($x2 (or (shared_1 n) (shared_2 n))))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((n Int) )(or (shared_1 n) (shared_2 n)))
))
(not (= $x4 $x3))))))
(check-sat)
