(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort R 0)
(declare-fun Dom@R (R) Bool)
(declare-fun cb_x0 () R)
(declare-fun Neg.neg@R (R) R)
(declare-fun cb_x1 () R)
(declare-fun HMul.hMul@R (R R) R)
(assert
 (Dom@R cb_x0))
(assert
 (forall ((x0 R) )(Dom@R (Neg.neg@R x0)))
 )
(assert
 (Dom@R cb_x1))
(assert
 (forall ((x0 R) (x1 R) )(Dom@R (HMul.hMul@R x0 x1)))
 )
(assert
 (let ((?x1 (HMul.hMul@R (Neg.neg@R cb_x0) cb_x1)))
(let ((?x2 (Neg.neg@R (HMul.hMul@R cb_x0 cb_x1))))
(let (($x3 (= ?x2 ?x1)))
(let (($x4 (= ?x1 ?x2)))
(not (= $x4 $x3)))))))
(check-sat)
