(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Real) Bool)
(declare-fun cb_x0 () Real)
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (not (= 0.0 cb_x0))))
(let (($x3 (=> $x2 $x1)))
(let (($x4 (=> (and (distinct 0.0 cb_x0) true) $x1)))
(not (= $x4 $x3)))))))
(check-sat)
