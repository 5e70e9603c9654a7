(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x1 () Int)
(declare-fun cb_x0 () Int)
(declare-fun u_Even (Int) Bool)
(declare-fun shared_1 (Int Int) Bool)
(assert
 (>= cb_x1 0))
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (= (u_Even cb_x0) (u_Even cb_x1))))
(let (($x2 (= (u_Even (ite (>= cb_x0 cb_x1) (- cb_x0 cb_x1) 0)) $x1)))
(let (($x3 (shared_1 cb_x1 cb_x0)))
(let (($x4 (not $x3)))
(let (($x5 (or $x4 $x2)))
(let (($x6 (=> $x3 $x2)))
(not (= $x6 $x5)))))))))
(check-sat)
