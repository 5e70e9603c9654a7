(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun cb_x0 () Int)
(declare-fun u_Even (Int) Bool)
(assert
 (>= cb_x0 0))
(assert
 (let (($x1 (u_Even cb_x0)))
(let (($x2 (not $x1)))
(let (($x3 (u_Even (+ 1 cb_x0))))
(let (($x4 (= $x3 $x2)))
(let (($x5 (= (u_Even (+ cb_x0 1)) $x2)))
(not (= $x5 $x4))))))))
(check-sat)
