(set-logic ALL)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort G 0)
(declare-fun Dom@G (G) Bool)
(declare-fun cb_x0 () G)
(declare-fun cb_x1 () G)
(declare-fun HMul.hMul@G (G G) G)
(declare-fun cb_x2 () G)
(declare-fun shared_1 (G G) Bool)
(assert
 (Dom@G cb_x0))
(assert
 (Dom@G cb_x1))
(assert
 (forall ((x0 G) (x1 G) )(Dom@G (HMul.hMul@G x0 x1)))
 )
(assert
 (Dom@G cb_x2))
(assert
 (let (($x1 (shared_1 cb_x1 cb_x2)))
(let ((?x2 (HMul.hMul@G cb_x0 cb_x1)))
(let ((?x3 (HMul.hMul@G cb_x0 cb_x2)))
(let (($x4 (= ?x3 ?x2)))
(let (($x5 (=> $x4 $x1)))
(let (($x6 (= ?x2 ?x3)))
(let (($x7 (=> $x6 $x1)))
(not (= $x7 $x5))))))))))
(check-sat)
