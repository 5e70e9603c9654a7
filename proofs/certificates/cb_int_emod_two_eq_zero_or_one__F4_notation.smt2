(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Int) Bool)
(declare-fun cb_x0 () Int)
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (or (ite (= 2 0) (= cb_x0 0) (= (mod cb_x0 2) 0)) $x1)))
(let (($x3 (or (= 0 (ite (= 2 0) cb_x0 (mod cb_x0 2))) $x1)))
(not (= $x3 $x2))))))
(check-sat)
