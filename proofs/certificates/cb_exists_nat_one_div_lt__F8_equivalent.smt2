(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Int Real) Bool)
(declare-fun cb_x0 () Real)
(assert
 (let (($x1 (exists ((n Int) )(and (>= n 0) (shared_1 n cb_x0)))
))
(let (($x2 (=> (not (>= 0.0 cb_x0)) $x1)))
(let (($x3 (=> (< 0.0 cb_x0) $x1)))
(not (= $x3 $x2))))))
(check-sat)
