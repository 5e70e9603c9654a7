(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort _u03b1 0)
(declare-fun Dom@_u03b1 (_u03b1) Bool)
(declare-fun cb_x0 () _u03b1)
(declare-fun cb_x1 () _u03b1)
(declare-fun shared_1 (_u03b1 _u03b1) Bool)
(assert
 (Dom@_u03b1 cb_x0))
(assert
 (Dom@_u03b1 cb_x1))
(assert
 (let (($x1 (shared_1 cb_x0 cb_x1)))
(let (($x2 (shared_1 cb_x1 cb_x0)))
(let (($x3 (or $x2 $x1)))
(let (($x4 (or $x1 $x2)))
(not (= $x4 $x3)))))))
(check-sat)
