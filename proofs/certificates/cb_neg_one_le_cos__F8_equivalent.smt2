(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_cos (Real) Real)
(declare-fun cb_x0 () Real)
(assert
 (let (($x1 (not (< (u_Real_cos cb_x0) (- 1.0)))))
(let ((?x2 (u_Real_cos cb_x0)))
(let ((?x3 (- 1.0)))
(let (($x4 (<= ?x3 ?x2)))
(not (= $x4 $x1)))))))
(check-sat)
