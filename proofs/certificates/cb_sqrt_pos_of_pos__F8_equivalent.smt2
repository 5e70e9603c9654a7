(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_1 (Real) Bool)
(declare-fun cb_x0 () Real)
(declare-fun shared_2 (Real) Bool)
(assert
 (let (($x1 (shared_1 cb_x0)))
(let (($x2 (not $x1)))
(let (($x3 (=> (not (shared_2 cb_x0)) $x2)))
(let (($x4 (shared_2 cb_x0)))
(let (($x5 (=> $x1 $x4)))
(not (= $x5 $x3))))))))
(check-sat)
