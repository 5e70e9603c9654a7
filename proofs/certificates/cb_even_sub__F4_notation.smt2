(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x1 () Int)
(declare-fun cb_x0 () Int)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (= (= 0 (ite (= 2 0) cb_x0 (mod cb_x0 2))) (= 0 (ite (= 2 0) cb_x1 (mod cb_x1 2))))))
(let ((?x2 (ite (>= cb_x0 cb_x1) (- cb_x0 cb_x1) 0)))
(let ((?x3 (mod ?x2 2)))
(let (($x4 (= 2 0)))
(let (($x5 (shared_1 cb_x1 cb_x0)))
(let (($x6 (=> $x5 (= (= 0 (ite $x4 ?x2 ?x3)) $x1))))
(not (= $x6 $x6)))))))))
(check-sat)
