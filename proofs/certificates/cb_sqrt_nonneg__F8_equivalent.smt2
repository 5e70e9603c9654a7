(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_sqrt (Real) Real)
(declare-fun cb_x0 () Real)
(assert
 (let ((?x1 (u_Real_sqrt cb_x0)))
(let (($x2 (= 0.0 ?x1)))
(let (($x3 (or (< 0.0 ?x1) $x2)))
(let (($x4 (<= 0.0 ?x1)))
(not (= $x4 $x3)))))))
(check-sat)
