(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let ((?x1 (ite (= cb_x0 0.0) 0.0 (/ 1.0 cb_x0))))
(let ((?x2 (* ?x1 cb_x0)))
(let (($x3 (shared_1 cb_x0)))
(let (($x4 (=> $x3 (= 1.0 ?x2))))
(let (($x5 (=> $x3 (= 1.0 (* cb_x0 ?x1)))))
(not (= $x5 $x4))))))))
(check-sat)
