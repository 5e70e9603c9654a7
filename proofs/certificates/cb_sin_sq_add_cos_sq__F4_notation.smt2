(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_cos (Real) Real)
(declare-fun cb_x0 () Real)
(declare-fun u_Real_sin (Real) Real)
(assert
 (let ((?x1 (u_Real_cos cb_x0)))
(let ((?x2 (* ?x1 ?x1)))
(let ((?x3 (u_Real_sin cb_x0)))
(let ((?x4 (* ?x3 ?x3)))
(let (($x5 (= 1.0 (+ ?x4 ?x2))))
(not (= $x5 $x5))))))))
(check-sat)
