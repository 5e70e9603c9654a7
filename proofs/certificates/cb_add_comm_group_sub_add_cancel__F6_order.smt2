(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort A 0)
(declare-fun Dom@A (A) Bool)
(declare-fun cb_x0 () A)
(declare-fun cb_x1 () A)
(declare-fun HSub.hSub@A (A A) A)
(declare-fun HAdd.hAdd@A (A A) A)
(assert
 (Dom@A cb_x0))
(assert
 (Dom@A cb_x1))
(assert
 (forall ((x0 A) (x1 A) )(Dom@A (HSub.hSub@A x0 x1)))
 )
(assert
 (forall ((x0 A) (x1 A) )(Dom@A (HAdd.hAdd@A x0 x1)))
 )
(assert
 (let ((?x1 (HAdd.hAdd@A (HSub.hSub@A cb_x0 cb_x1) cb_x1)))
(let (($x2 (= cb_x0 ?x1)))
(let (($x3 (= ?x1 cb_x0)))
(not (= $x3 $x2))))))
(check-sat)
