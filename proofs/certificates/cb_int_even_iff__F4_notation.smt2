(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Even (Int) Bool)
(assert
 (let (($x1 (u_Even cb_x0)))
(let (($x2 (= $x1 (ite (= 2 0) (= cb_x0 0) (= (mod cb_x0 2) 0)))))
(let (($x3 (= $x1 (= 0 (ite (= 2 0) cb_x0 (mod cb_x0 2))))))
(not (= $x3 $x2))))))
(check-sat)
