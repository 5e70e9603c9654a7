(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_2 (Int Int) Bool)
(declare-fun cb_x1 () Int)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (= $x1 (and (<= (+ (- cb_x1) 1) cb_x0) (shared_2 cb_x0 cb_x1)))))
(let (($x3 (= $x1 (and (< (- cb_x1) cb_x0) (shared_2 cb_x0 cb_x1)))))
(not (= $x3 $x2))))))
(check-sat)
