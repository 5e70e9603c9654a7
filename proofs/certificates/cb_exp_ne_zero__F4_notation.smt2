(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_exp (Real) Real)
(declare-fun cb_x0 () Real)
(assert
 (let (($x1 (not (= 0.0 (u_Real_exp cb_x0)))))
(let ((?x2 (u_Real_exp cb_x0)))
(let (($x3 (and (distinct 0.0 ?x2) true)))
(not (= $x3 $x1))))))
(check-sat)
