(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort M 0)
(declare-fun Dom@M (M) Bool)
(declare-fun cb_x0 () M)
(declare-fun One.one@M () M)
(declare-fun HMul.hMul@M (M M) M)
(assert
 (Dom@M cb_x0))
(assert
 (Dom@M One.one@M))
(assert
 (forall ((x0 M) (x1 M) )(Dom@M (HMul.hMul@M x0 x1)))
 )
(assert
 (let ((?x1 (HMul.hMul@M cb_x0 One.one@M)))
(let (($x2 (= cb_x0 ?x1)))
(let (($x3 (= ?x1 cb_x0)))
(not (= $x3 $x2))))))
(check-sat)
