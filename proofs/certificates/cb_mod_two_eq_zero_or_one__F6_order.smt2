(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int) Bool)
(declare-fun shared_2 (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (shared_2 cb_x0)))
(let (($x3 (or $x2 $x1)))
(let (($x4 (or $x1 $x2)))
(not (= $x4 $x3)))))))
(check-sat)
