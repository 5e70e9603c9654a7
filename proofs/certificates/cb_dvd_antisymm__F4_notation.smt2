(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun cb_x1 () Int)
(declare-fun shared_2 (Int Int) Bool)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (>= cb_x1 0))
(assert
 (let (($x1 (shared_2 cb_x0 cb_x1)))
(let ((?x2 (mod cb_x0 cb_x1)))
(let (($x3 (= cb_x1 0)))
(let ((?x4 (ite $x3 cb_x0 ?x2)))
(let (($x5 (= 0 ?x4)))
(let (($x6 (shared_1 cb_x0 cb_x1)))
(let (($x7 (=> (and $x6 $x5) $x1)))
(let (($x8 (=> (and $x6 (ite $x3 (= cb_x0 0) (= ?x2 0))) $x1)))
(not (= $x8 $x7)))))))))))
(check-sat)
