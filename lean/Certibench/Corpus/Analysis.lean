import Mathlib

/-!
# Certibench corpus — real analysis

Facts about √, exp, log, sin, cos, π and the Archimedean property of ℝ.
Each `theorem` restates one Mathlib lemma.
-/

/-- @topic analysis/sqrt/nonneg -/
theorem cb_sqrt_nonneg (x : ℝ) : 0 ≤ Real.sqrt x := Real.sqrt_nonneg ..
-- Mathlib/Analysis/SpecialFunctions/Pow/NNRpow / Sqrt.lean: Real.sqrt_nonneg

/-- @topic analysis/sqrt/square_of_root -/
theorem cb_sq_sqrt (x : ℝ) (h : 0 ≤ x) : Real.sqrt x ^ 2 = x := Real.sq_sqrt h
-- Mathlib/Analysis/SpecialFunctions/Sqrt.lean (Data/Real/Sqrt.lean): Real.sq_sqrt

/-- @topic analysis/sqrt/root_of_square -/
theorem cb_sqrt_sq (x : ℝ) (h : 0 ≤ x) : Real.sqrt (x ^ 2) = x := Real.sqrt_sq h
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_sq

/-- @topic analysis/sqrt/root_of_square -/
theorem cb_sqrt_mul_self (a : ℝ) (h : 0 ≤ a) : Real.sqrt (a * a) = a := Real.sqrt_mul_self h
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_mul_self

/-- @topic analysis/sqrt/strictly_monotone -/
theorem cb_sqrt_lt_sqrt (x y : ℝ) (hx : 0 ≤ x) (h : x < y) : Real.sqrt x < Real.sqrt y :=
  Real.sqrt_lt_sqrt hx h
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_lt_sqrt

/-- @topic analysis/sqrt/monotone -/
theorem cb_sqrt_le_sqrt (x y : ℝ) (h : x ≤ y) : Real.sqrt x ≤ Real.sqrt y := Real.sqrt_le_sqrt h
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_le_sqrt

/-- @topic analysis/sqrt/positive -/
theorem cb_sqrt_pos (x : ℝ) : 0 < Real.sqrt x ↔ 0 < x := Real.sqrt_pos
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_pos

/-- @topic analysis/sqrt/values -/
theorem cb_sqrt_zero : Real.sqrt 0 = 0 := Real.sqrt_zero
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_zero

/-- @topic analysis/sqrt/values -/
theorem cb_sqrt_one : Real.sqrt 1 = 1 := Real.sqrt_one
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_one

/-- @topic analysis/sqrt/zero_iff -/
theorem cb_sqrt_eq_zero' (x : ℝ) : Real.sqrt x = 0 ↔ x ≤ 0 := Real.sqrt_eq_zero'
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_eq_zero'

/-- @topic analysis/sqrt/multiplicative -/
theorem cb_sqrt_mul (x y : ℝ) (hx : 0 ≤ x) :
    Real.sqrt (x * y) = Real.sqrt x * Real.sqrt y :=
  Real.sqrt_mul hx y
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_mul

/-- @topic analysis/exp/positive -/
theorem cb_exp_pos (x : ℝ) : 0 < Real.exp x := Real.exp_pos ..
-- Mathlib/Analysis/SpecialFunctions/Exp.lean (Data/Complex/Exponential.lean): Real.exp_pos

/-- @topic analysis/exp/positive -/
theorem cb_exp_nonneg (x : ℝ) : 0 ≤ Real.exp x := Real.exp_nonneg ..
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_nonneg

/-- @topic analysis/exp/values -/
theorem cb_exp_zero : Real.exp 0 = 1 := Real.exp_zero
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_zero

/-- @topic analysis/exp/functional_equation -/
theorem cb_exp_add (x y : ℝ) : Real.exp (x + y) = Real.exp x * Real.exp y := Real.exp_add ..
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_add

/-- @topic analysis/exp/strictly_monotone -/
theorem cb_exp_lt_exp (x y : ℝ) : Real.exp x < Real.exp y ↔ x < y := Real.exp_lt_exp
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_lt_exp

/-- @topic analysis/exp/monotone -/
theorem cb_exp_le_exp (x y : ℝ) : Real.exp x ≤ Real.exp y ↔ x ≤ y := Real.exp_le_exp
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_le_exp

/-- @topic analysis/exp/tangent_line_bound -/
theorem cb_add_one_le_exp (x : ℝ) : x + 1 ≤ Real.exp x := Real.add_one_le_exp ..
-- Mathlib/Data/Complex/Exponential.lean: Real.add_one_le_exp

/-- @topic analysis/exp/nonzero -/
theorem cb_exp_ne_zero (x : ℝ) : Real.exp x ≠ 0 := Real.exp_ne_zero ..
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_ne_zero

/-- @topic analysis/log/values -/
theorem cb_log_one : Real.log 1 = 0 := Real.log_one
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_one

/-- @topic analysis/log/values -/
theorem cb_log_zero : Real.log 0 = 0 := Real.log_zero
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_zero

/-- @topic analysis/log/inverse_of_exp -/
theorem cb_log_exp (x : ℝ) : Real.log (Real.exp x) = x := Real.log_exp ..
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_exp

/-- @topic analysis/log/inverse_of_exp -/
theorem cb_exp_log (x : ℝ) (h : 0 < x) : Real.exp (Real.log x) = x := Real.exp_log h
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.exp_log

/-- @topic analysis/log/functional_equation -/
theorem cb_log_mul (x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) :
    Real.log (x * y) = Real.log x + Real.log y :=
  Real.log_mul hx hy
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_mul

/-- @topic analysis/log/strictly_monotone -/
theorem cb_log_lt_log (x y : ℝ) (hx : 0 < x) (h : x < y) : Real.log x < Real.log y :=
  Real.log_lt_log hx h
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_lt_log

/-- @topic analysis/log/tangent_line_bound -/
theorem cb_log_le_sub_one_of_pos (x : ℝ) (h : 0 < x) : Real.log x ≤ x - 1 :=
  Real.log_le_sub_one_of_pos h
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_le_sub_one_of_pos

/-- @topic analysis/log/sign -/
theorem cb_log_pos (x : ℝ) (h : 1 < x) : 0 < Real.log x := Real.log_pos h
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_pos

/-- @topic analysis/log/sign -/
theorem cb_log_nonneg (x : ℝ) (h : 1 ≤ x) : 0 ≤ Real.log x := Real.log_nonneg h
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_nonneg

/-- @topic analysis/trigonometry/pythagorean_identity -/
theorem cb_sin_sq_add_cos_sq (x : ℝ) : Real.sin x ^ 2 + Real.cos x ^ 2 = 1 :=
  Real.sin_sq_add_cos_sq ..
-- Mathlib/Data/Complex/Exponential.lean: Real.sin_sq_add_cos_sq

/-- @topic analysis/trigonometry/bounds -/
theorem cb_sin_le_one (x : ℝ) : Real.sin x ≤ 1 := Real.sin_le_one ..
-- Mathlib/Data/Complex/Exponential.lean: Real.sin_le_one

/-- @topic analysis/trigonometry/bounds -/
theorem cb_neg_one_le_cos (x : ℝ) : -1 ≤ Real.cos x := Real.neg_one_le_cos ..
-- Mathlib/Data/Complex/Exponential.lean: Real.neg_one_le_cos

/-- @topic analysis/trigonometry/bounds -/
theorem cb_cos_le_one (x : ℝ) : Real.cos x ≤ 1 := Real.cos_le_one ..
-- Mathlib/Data/Complex/Exponential.lean: Real.cos_le_one

/-- @topic analysis/trigonometry/bounds -/
theorem cb_abs_sin_le_one (x : ℝ) : |Real.sin x| ≤ 1 := Real.abs_sin_le_one ..
-- Mathlib/Data/Complex/Exponential.lean: Real.abs_sin_le_one

/-- @topic analysis/trigonometry/values -/
theorem cb_sin_zero : Real.sin 0 = 0 := Real.sin_zero
-- Mathlib/Data/Complex/Exponential.lean: Real.sin_zero

/-- @topic analysis/trigonometry/values -/
theorem cb_cos_zero : Real.cos 0 = 1 := Real.cos_zero
-- Mathlib/Data/Complex/Exponential.lean: Real.cos_zero

/-- @topic analysis/trigonometry/parity -/
theorem cb_cos_neg (x : ℝ) : Real.cos (-x) = Real.cos x := Real.cos_neg ..
-- Mathlib/Data/Complex/Exponential.lean: Real.cos_neg

/-- @topic analysis/trigonometry/parity -/
theorem cb_sin_neg (x : ℝ) : Real.sin (-x) = -Real.sin x := Real.sin_neg ..
-- Mathlib/Data/Complex/Exponential.lean: Real.sin_neg

/-- @topic analysis/trigonometry/sin_lt_self -/
theorem cb_sin_lt (x : ℝ) (h : 0 < x) : Real.sin x < x := Real.sin_lt h
-- Mathlib/Analysis/SpecialFunctions/Trigonometric/Bounds.lean: Real.sin_lt

/-- @topic analysis/pi/positive -/
theorem cb_pi_pos : 0 < Real.pi := Real.pi_pos
-- Mathlib/Analysis/SpecialFunctions/Trigonometric/Basic.lean: Real.pi_pos

/-- @topic analysis/pi/bounds -/
theorem cb_pi_gt_three : 3 < Real.pi := Real.pi_gt_three
-- Mathlib/Analysis/SpecialFunctions/Trigonometric/Bounds.lean (Data/Real/Pi/Bounds.lean): Real.pi_gt_three

/-- @topic analysis/archimedean/nat_gt -/
theorem cb_exists_nat_gt (x : ℝ) : ∃ n : ℕ, x < (n : ℝ) := exists_nat_gt x
-- Mathlib/Algebra/Order/Archimedean/Basic.lean: exists_nat_gt

/-- @topic analysis/archimedean/one_div_lt -/
theorem cb_exists_nat_one_div_lt (ε : ℝ) (h : 0 < ε) : ∃ n : ℕ, 1 / ((n : ℝ) + 1) < ε :=
  exists_nat_one_div_lt h
-- Mathlib/Algebra/Order/Archimedean/Basic.lean: exists_nat_one_div_lt

/-- @topic analysis/archimedean/rational_between -/
theorem cb_exists_rat_btwn (x y : ℝ) (h : x < y) : ∃ q : ℚ, x < (q : ℝ) ∧ (q : ℝ) < y :=
  exists_rat_btwn h
-- Mathlib/Algebra/Order/Archimedean/Basic.lean: exists_rat_btwn

/-- @topic analysis/epsilon/half_lt_self -/
theorem cb_half_lt_self (a : ℝ) (h : 0 < a) : a / 2 < a := half_lt_self h
-- Mathlib/Algebra/Order/Field/Basic.lean: half_lt_self

/-- @topic analysis/epsilon/smaller_positive -/
theorem cb_exists_smaller_pos : ∀ ε > (0 : ℝ), ∃ δ : ℝ, δ > 0 ∧ δ < ε :=
  fun ε hε => ⟨ε / 2, half_pos hε, half_lt_self hε⟩
-- Mathlib/Algebra/Order/Field/Basic.lean: half_pos, half_lt_self

/-- @topic analysis/epsilon/abs_sub_lt -/
theorem cb_abs_sub_lt_iff (a b c : ℝ) : |a - b| < c ↔ a - b < c ∧ b - a < c := abs_sub_lt_iff
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_sub_lt_iff

/-- @topic analysis/sqrt/positive -/
theorem cb_sqrt_pos_of_pos : ∀ x : ℝ, 0 < x → 0 < Real.sqrt x :=
  fun _ hx => Real.sqrt_pos.mpr hx
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_pos

/-- @topic analysis/exp/strictly_monotone -/
theorem cb_exp_lt_exp_of_lt (x y : ℝ) : x < y → Real.exp x < Real.exp y :=
  Real.exp_lt_exp.mpr
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_lt_exp

/-! ## Existence, implication and negation forms (for the F8 families) -/

/-- @topic analysis/sqrt/existence -/
theorem cb_exists_sqrt (x : ℝ) (h : 0 ≤ x) : ∃ y : ℝ, 0 ≤ y ∧ y ^ 2 = x :=
  ⟨Real.sqrt x, Real.sqrt_nonneg x, Real.sq_sqrt h⟩
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_nonneg, Real.sq_sqrt

/-- @topic analysis/exp/positive -/
theorem cb_exp_pos_forall : ∀ x : ℝ, Real.exp x > 0 := Real.exp_pos
-- Mathlib/Data/Complex/Exponential.lean: Real.exp_pos

/-- @topic analysis/log/strictly_monotone -/
theorem cb_log_lt_log_imp (x y : ℝ) : 0 < x → x < y → Real.log x < Real.log y := Real.log_lt_log
-- Mathlib/Analysis/SpecialFunctions/Log/Basic.lean: Real.log_lt_log

/-- @topic analysis/exp/unbounded -/
theorem cb_not_forall_exp_le_one : ¬∀ x : ℝ, Real.exp x ≤ 1 :=
  fun h => by linarith [h 1, Real.add_one_le_exp 1]
-- Mathlib/Data/Complex/Exponential.lean: Real.add_one_le_exp

/-- @topic analysis/sqrt/monotone -/
theorem cb_sqrt_le_sqrt_imp (x y : ℝ) : x ≤ y → Real.sqrt x ≤ Real.sqrt y :=
  fun h => Real.sqrt_le_sqrt h
-- Mathlib/Data/Real/Sqrt.lean: Real.sqrt_le_sqrt
