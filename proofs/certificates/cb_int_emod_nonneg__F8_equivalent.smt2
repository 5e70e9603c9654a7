(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x1 () Int)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int) Bool)
(assert
 (let (($x1 (shared_1 cb_x1)))
(let (($x2 (=> $x1 (not (> 0 (ite (= cb_x1 0) cb_x0 (mod cb_x0 cb_x1)))))))
(let ((?x3 (ite (= cb_x1 0) cb_x0 (mod cb_x0 cb_x1))))
(let (($x4 (<= 0 ?x3)))
(let (($x5 (=> $x1 $x4)))
(not (= $x5 $x2))))))))
(check-sat)
