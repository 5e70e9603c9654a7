(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Int Int) Bool)
(declare-fun cb_x1 () Int)
(declare-fun cb_x0 () Int)
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (not (= 0 cb_x1))))
(let (($x3 (=> $x2 $x1)))
(let (($x4 (=> (and (distinct 0 cb_x1) true) $x1)))
(not (= $x4 $x3)))))))
(check-sat)
