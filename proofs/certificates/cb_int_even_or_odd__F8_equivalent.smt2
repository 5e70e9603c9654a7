(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Odd (Int) Bool)
(declare-fun u_Even (Int) Bool)
(assert
 (let (($x1 (exists ((n Int) )(let (($x2 (or (u_Even n) (u_Odd n))))
(not $x2)))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((n Int) )(or (u_Even n) (u_Odd n)))
))
(not (= $x4 $x3))))))
(check-sat)
