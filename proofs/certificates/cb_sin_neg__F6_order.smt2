(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun u_Real_sin (Real) Real)
(declare-fun cb_x0 () Real)
(assert
 (let ((?x1 (u_Real_sin (- cb_x0))))
(let ((?x2 (u_Real_sin cb_x0)))
(let ((?x3 (- ?x2)))
(let (($x4 (= ?x3 ?x1)))
(let (($x5 (= ?x1 ?x3)))
(not (= $x5 $x4))))))))
(check-sat)
