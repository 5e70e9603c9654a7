(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_cos (Real) Real)
(declare-fun cb_x0 () Real)
(declare-fun u_Real_sin (Real) Real)
(assert
 (let ((?x1 (+ (* (u_Real_sin cb_x0) (u_Real_sin cb_x0)) (* (u_Real_cos cb_x0) (u_Real_cos cb_x0)))))
(let (($x2 (= 1.0 ?x1)))
(not (= $x2 $x2)))))
(check-sat)
