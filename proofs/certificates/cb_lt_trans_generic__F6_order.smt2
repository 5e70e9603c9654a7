(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort _u03b1 0)
(declare-fun Dom@_u03b1 (_u03b1) Bool)
(declare-fun cb_x0 () _u03b1)
(declare-fun cb_x1 () _u03b1)
(declare-fun cb_x2 () _u03b1)
(declare-fun shared_1 (_u03b1 _u03b1) Bool)
(declare-fun LT.lt@_u03b1 (_u03b1 _u03b1) Bool)
(assert
 (Dom@_u03b1 cb_x0))
(assert
 (Dom@_u03b1 cb_x1))
(assert
 (Dom@_u03b1 cb_x2))
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (=> (and $x1 (LT.lt@_u03b1 cb_x1 cb_x2)) (shared_1 cb_x0 cb_x2))))
(not (= $x2 $x2)))))
(check-sat)
