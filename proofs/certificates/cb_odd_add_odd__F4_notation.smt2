(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun u_Odd (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let ((?x1 (+ cb_x0 cb_x1)))
(let ((?x2 (mod ?x1 2)))
(let (($x3 (u_Odd cb_x1)))
(let (($x4 (u_Odd cb_x0)))
(let (($x5 (=> (and $x4 $x3) (= 0 (ite (= 2 0) ?x1 ?x2)))))
(not (= $x5 $x5))))))))
(check-sat)
