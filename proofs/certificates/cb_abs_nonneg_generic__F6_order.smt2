(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort _u03b1 0)
(declare-fun Dom@_u03b1 (_u03b1) Bool)
(declare-fun Zero.zero@_u03b1 () _u03b1)
(declare-fun cb_x0 () _u03b1)
(declare-fun abs@_u03b1 (_u03b1) _u03b1)
(declare-fun LE.le@_u03b1 (_u03b1 _u03b1) Bool)
(assert
 (Dom@_u03b1 Zero.zero@_u03b1))
(assert
 (Dom@_u03b1 cb_x0))
(assert
 (forall ((x0 _u03b1) )(Dom@_u03b1 (abs@_u03b1 x0)))
 )
(assert
 (let (($x1 (LE.le@_u03b1 Zero.zero@_u03b1 (abs@_u03b1 cb_x0))))
(not (= $x1 $x1))))
(check-sat)
