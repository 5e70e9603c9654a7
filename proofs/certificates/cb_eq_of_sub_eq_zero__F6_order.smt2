(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (let (($x1 (= cb_x1 cb_x0)))
(let (($x2 (shared_1 cb_x0 cb_x1)))
(let (($x3 (=> $x2 $x1)))
(let (($x4 (= cb_x0 cb_x1)))
(let (($x5 (=> $x2 $x4)))
(not (= $x5 $x3))))))))
(check-sat)
