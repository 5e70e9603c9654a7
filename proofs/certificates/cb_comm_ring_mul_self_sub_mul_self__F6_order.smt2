(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort R 0)
(declare-fun Dom@R (R) Bool)
(declare-fun cb_x0 () R)
(declare-fun HMul.hMul@R (R R) R)
(declare-fun cb_x1 () R)
(declare-fun HSub.hSub@R (R R) R)
(declare-fun HAdd.hAdd@R (R R) R)
(assert
 (Dom@R cb_x0))
(assert
 (forall ((x0 R) (x1 R) )(Dom@R (HMul.hMul@R x0 x1)))
 )
(assert
 (Dom@R cb_x1))
(assert
 (forall ((x0 R) (x1 R) )(Dom@R (HSub.hSub@R x0 x1)))
 )
(assert
 (forall ((x0 R) (x1 R) )(Dom@R (HAdd.hAdd@R x0 x1)))
 )
(assert
 (let ((?x1 (HSub.hSub@R (HMul.hMul@R cb_x0 cb_x0) (HMul.hMul@R cb_x1 cb_x1))))
(let ((?x2 (HMul.hMul@R (HAdd.hAdd@R cb_x0 cb_x1) (HSub.hSub@R cb_x0 cb_x1))))
(let (($x3 (= ?x2 ?x1)))
(let (($x4 (= ?x1 ?x2)))
(not (= $x4 $x3)))))))
(check-sat)
