(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_sin (Real) Real)
(declare-fun cb_x0 () Real)
(assert
 (let (($x1 (not (< 1.0 (u_Real_sin cb_x0)))))
(let ((?x2 (u_Real_sin cb_x0)))
(let (($x3 (>= 1.0 ?x2)))
(not (= $x3 $x1))))))
(check-sat)
