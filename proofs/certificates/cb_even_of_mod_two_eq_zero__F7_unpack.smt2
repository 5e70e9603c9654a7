(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (exists ((r Int) )(let (($x2 (>= r 0)))
(and $x2 (= cb_x0 (+ r r)))))
))
(let (($x3 (shared_1 cb_x0)))
(let (($x4 (=> $x3 $x1)))
(let (($x5 (exists ((r_d1 Int) )(let (($x2 (>= r_d1 0)))
(and $x2 (= cb_x0 (+ r_d1 r_d1)))))
))
(let (($x6 (=> $x3 $x5)))
(not (= $x6 $x4))))))))
(check-sat)
