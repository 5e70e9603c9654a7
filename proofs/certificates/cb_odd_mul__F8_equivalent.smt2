(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Odd (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((n Int) )(let (($x2 (>= n 0)))
(and $x2 (not (= (u_Odd (* cb_x0 n)) (and (u_Odd cb_x0) (u_Odd n)))))))
))
(let (($x3 (not $x1)))
(let (($x4 (forall ((n Int) )(let (($x5 (= (u_Odd (* cb_x0 n)) (and (u_Odd cb_x0) (u_Odd n)))))
(let (($x2 (>= n 0)))
(=> $x2 $x5))))
))
(not (= $x4 $x3))))))
(check-sat)
