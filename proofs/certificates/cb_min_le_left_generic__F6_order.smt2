(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort _u03b1 0)
(declare-fun Dom@_u03b1 (_u03b1) Bool)
(declare-fun cb_x0 () _u03b1)
(declare-fun cb_x1 () _u03b1)
(declare-fun LE.le@_u03b1 (_u03b1 _u03b1) Bool)
(assert
 (Dom@_u03b1 cb_x0))
(assert
 (Dom@_u03b1 cb_x1))
(assert
 (let (($x1 (LE.le@_u03b1 (ite (LE.le@_u03b1 cb_x0 cb_x1) cb_x0 cb_x1) cb_x0)))
(not (= $x1 $x1))))
(check-sat)
