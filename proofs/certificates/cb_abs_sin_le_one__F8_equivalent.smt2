(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_sin (Real) Real)
(declare-fun cb_x0 () Real)
(assert
 (let ((?x1 (u_Real_sin cb_x0)))
(let (($x2 (>= ?x1 0.0)))
(let ((?x3 (ite $x2 ?x1 (- ?x1))))
(let (($x4 (or (> 1.0 ?x3) (= 1.0 ?x3))))
(let (($x5 (>= 1.0 ?x3)))
(not (= $x5 $x4))))))))
(check-sat)
