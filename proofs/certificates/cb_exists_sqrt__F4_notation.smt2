(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (exists ((y Real) )(let (($x2 (shared_1 y)))
(and $x2 (= (* y y) cb_x0))))
))
(let (($x3 (shared_1 cb_x0)))
(let (($x4 (=> $x3 $x1)))
(not (= $x4 $x4))))))
(check-sat)
