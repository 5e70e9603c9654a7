(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x1 () Int)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int) Bool)
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (<= (+ (ite (= cb_x1 0) cb_x0 (mod cb_x0 cb_x1)) 1) cb_x1)))
(let (($x2 (shared_1 cb_x1)))
(let (($x3 (=> $x2 $x1)))
(let (($x4 (=> $x2 (< (ite (= cb_x1 0) cb_x0 (mod cb_x0 cb_x1)) cb_x1))))
(not (= $x4 $x3)))))))
(check-sat)
