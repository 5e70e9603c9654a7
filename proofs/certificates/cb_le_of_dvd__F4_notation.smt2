(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x1 () Int)
(declare-fun cb_x0 () Int)
(declare-fun shared_2 (Int Int) Bool)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (shared_2 cb_x0 cb_x1)))
(let (($x2 (shared_1 cb_x0 cb_x1)))
(let (($x3 (=> $x2 $x1)))
(let (($x4 (=> (and (and (distinct 0 cb_x1) true) $x2) $x1)))
(let (($x5 (=> (and (< 0 cb_x1) $x2) $x1)))
(not (= $x5 $x4))))))))
(check-sat)
