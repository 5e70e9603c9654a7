(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (= $x1 (<= (+ 1 1) cb_x0))))
(let (($x3 (= $x1 (< 1 cb_x0))))
(not (= $x3 $x2))))))
(check-sat)
