(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (exists ((m Int) )(let (($x3 (>= m 0)))
(and $x3 (= cb_x0 (+ (* 2 m) 1)))))
))
(let (($x4 (= $x2 $x1)))
(let (($x5 (exists ((m_d1 Int) )(let (($x3 (>= m_d1 0)))
(and $x3 (= cb_x0 (+ (* 2 m_d1) 1)))))
))
(let (($x6 (= $x5 $x1)))
(not (= $x6 $x4))))))))
(check-sat)
