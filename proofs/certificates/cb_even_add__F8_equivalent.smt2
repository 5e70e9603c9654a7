(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Even (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((n Int) )(let (($x2 (= (u_Even (+ cb_x0 n)) (= (u_Even cb_x0) (u_Even n)))))
(let (($x3 (>= n 0)))
(and $x3 (not $x2)))))
))
(let (($x4 (not $x1)))
(let (($x5 (forall ((n Int) )(let (($x2 (= (u_Even (+ cb_x0 n)) (= (u_Even cb_x0) (u_Even n)))))
(let (($x3 (>= n 0)))
(=> $x3 $x2))))
))
(not (= $x5 $x4))))))
(check-sat)
