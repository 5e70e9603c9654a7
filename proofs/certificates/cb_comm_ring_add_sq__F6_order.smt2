(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort R 0)
(declare-fun Dom@R (R) Bool)
(declare-fun cb_x0 () R)
(declare-fun cb_x1 () R)
(declare-fun HAdd.hAdd@R (R R) R)
(declare-fun One.one@R () R)
(declare-fun HMul.hMul@R (R R) R)
(declare-fun OfNat.ofNat__2@R () R)
(assert
 (Dom@R cb_x0))
(assert
 (Dom@R cb_x1))
(assert
 (forall ((x0 R) (x1 R) )(Dom@R (HAdd.hAdd@R x0 x1)))
 )
(assert
 (Dom@R One.one@R))
(assert
 (forall ((x0 R) (x1 R) )(Dom@R (HMul.hMul@R x0 x1)))
 )
(assert
 (Dom@R OfNat.ofNat__2@R))
(assert
 (let ((?x1 (HAdd.hAdd@R cb_x0 cb_x1)))
(let ((?x2 (HMul.hMul@R ?x1 ?x1)))
(let ((?x3 (HAdd.hAdd@R (HMul.hMul@R cb_x0 cb_x0) (HMul.hMul@R (HMul.hMul@R OfNat.ofNat__2@R cb_x0) cb_x1))))
(let ((?x4 (HAdd.hAdd@R ?x3 (HMul.hMul@R cb_x1 cb_x1))))
(let (($x5 (= ?x4 ?x2)))
(let (($x6 (= ?x2 ?x4)))
(not (= $x6 $x5)))))))))
(check-sat)
