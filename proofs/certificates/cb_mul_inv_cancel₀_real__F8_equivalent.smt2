(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun shared_2 (Real) Bool)
(declare-fun cb_x0 () Real)
(declare-fun shared_1 (Real) Bool)
(assert
 (let (($x1 (shared_2 cb_x0)))
(let (($x2 (shared_1 cb_x0)))
(let (($x3 (not $x2)))
(let (($x4 (or $x3 $x1)))
(let (($x5 (=> $x2 $x1)))
(not (= $x5 $x4))))))))
(check-sat)
