(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun cb_x2 () Int)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x2 0))
(assert
 (let (($x1 (shared_1 cb_x0 cb_x2)))
(let (($x2 (shared_1 cb_x1 cb_x2)))
(let (($x3 (=> $x2 $x1)))
(let ((?x4 (mod cb_x1 cb_x0)))
(let (($x5 (= cb_x0 0)))
(let ((?x6 (ite $x5 cb_x1 ?x4)))
(let (($x7 (= 0 ?x6)))
(let (($x8 (=> (and $x7 $x2) $x1)))
(let (($x9 (ite $x5 (= cb_x1 0) (= ?x4 0))))
(let (($x10 (=> (and $x9 $x2) $x1)))
(not (= $x10 $x8)))))))))))))
(check-sat)
