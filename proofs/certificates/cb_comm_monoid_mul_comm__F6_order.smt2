(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort M 0)
(declare-fun Dom@M (M) Bool)
(declare-fun cb_x0 () M)
(declare-fun cb_x1 () M)
(declare-fun HMul.hMul@M (M M) M)
(assert
 (Dom@M cb_x0))
(assert
 (Dom@M cb_x1))
(assert
 (forall ((x0 M) (x1 M) )(Dom@M (HMul.hMul@M x0 x1)))
 )
(assert
 (let ((?x1 (HMul.hMul@M cb_x0 cb_x1)))
(let ((?x2 (HMul.hMul@M cb_x1 cb_x0)))
(let (($x3 (= ?x2 ?x1)))
(let (($x4 (= ?x1 ?x2)))
(not (= $x4 $x3)))))))
(check-sat)
