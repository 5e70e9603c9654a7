import Mathlib

/-!
# Certibench corpus — algebra

Ring and field identities over ℕ, ℤ, ℝ, plus a few statements over abstract
(semi)groups and rings for type-class coverage. Each `theorem` restates one Mathlib lemma.
-/

/-- @topic algebra/commutativity/addition -/
theorem cb_add_comm_real (a b : ℝ) : a + b = b + a := add_comm a b
-- Mathlib/Algebra/Group/Defs.lean: add_comm

/-- @topic algebra/commutativity/multiplication -/
theorem cb_mul_comm_int (a b : ℤ) : a * b = b * a := mul_comm a b
-- Mathlib/Algebra/Group/Defs.lean: mul_comm

/-- @topic algebra/associativity/addition -/
theorem cb_add_assoc_nat (a b c : ℕ) : a + b + c = a + (b + c) := add_assoc a b c
-- Mathlib/Algebra/Group/Defs.lean: add_assoc

/-- @topic algebra/associativity/multiplication -/
theorem cb_mul_assoc_real (a b c : ℝ) : a * b * c = a * (b * c) := mul_assoc a b c
-- Mathlib/Algebra/Group/Defs.lean: mul_assoc

/-- @topic algebra/doubling/two_mul -/
theorem cb_two_mul_int (a : ℤ) : 2 * a = a + a := two_mul a
-- Mathlib/Algebra/Ring/Defs.lean: two_mul

/-- @topic algebra/distributivity/left -/
theorem cb_mul_add_int (a b c : ℤ) : a * (b + c) = a * b + a * c := mul_add a b c
-- Mathlib/Algebra/Ring/Defs.lean: mul_add

/-- @topic algebra/distributivity/right -/
theorem cb_add_mul_real (a b c : ℝ) : (a + b) * c = a * c + b * c := add_mul a b c
-- Mathlib/Algebra/Ring/Defs.lean: add_mul

/-- @topic algebra/distributivity/left -/
theorem cb_mul_sub_int (a b c : ℤ) : a * (b - c) = a * b - a * c := mul_sub a b c
-- Mathlib/Algebra/Ring/Defs.lean: mul_sub

/-- @topic algebra/identities/square_of_sum -/
theorem cb_add_sq_real (a b : ℝ) : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2 := add_sq a b
-- Mathlib/Algebra/GroupPower/Basic.lean (Commute.add_sq): add_sq

/-- @topic algebra/identities/square_of_difference -/
theorem cb_sub_sq_int (a b : ℤ) : (a - b) ^ 2 = a ^ 2 - 2 * a * b + b ^ 2 := sub_sq a b
-- Mathlib/Algebra/GroupPower/Basic.lean: sub_sq

/-- @topic algebra/identities/square_as_product -/
theorem cb_sq_real (a : ℝ) : a ^ 2 = a * a := sq a
-- Mathlib/Algebra/Group/Defs.lean (pow_two alias): sq

/-- @topic algebra/identities/difference_of_squares -/
theorem cb_mul_self_sub_mul_self (a b : ℤ) : a * a - b * b = (a + b) * (a - b) :=
  mul_self_sub_mul_self a b
-- Mathlib/Algebra/Ring/Commute.lean: mul_self_sub_mul_self

/-- @topic algebra/identities/difference_of_squares -/
theorem cb_sq_sub_sq (a b : ℝ) : a ^ 2 - b ^ 2 = (a + b) * (a - b) := sq_sub_sq a b
-- Mathlib/Algebra/GroupPower/Ring.lean: sq_sub_sq

/-- @topic algebra/identities/square_of_negation -/
theorem cb_neg_sq (a : ℝ) : (-a) ^ 2 = a ^ 2 := neg_sq a
-- Mathlib/Algebra/GroupPower/Basic.lean: neg_sq

/-- @topic algebra/identities/product_power -/
theorem cb_mul_pow_two (a b : ℝ) : (a * b) ^ 2 = a ^ 2 * b ^ 2 := mul_pow a b 2
-- Mathlib/Algebra/Group/Basic.lean: mul_pow

/-- @topic algebra/negation/involutive -/
theorem cb_neg_neg_int (a : ℤ) : - -a = a := neg_neg a
-- Mathlib/Algebra/Group/Defs.lean: neg_neg

/-- @topic algebra/subtraction/self -/
theorem cb_sub_self_real (a : ℝ) : a - a = 0 := sub_self a
-- Mathlib/Algebra/Group/Defs.lean: sub_self

/-- @topic algebra/subtraction/eq_zero -/
theorem cb_sub_eq_zero (a b : ℝ) : a - b = 0 ↔ a = b := sub_eq_zero
-- Mathlib/Algebra/Group/Basic.lean: sub_eq_zero

/-- @topic algebra/zero_product/product -/
theorem cb_mul_eq_zero_real (a b : ℝ) : a * b = 0 ↔ a = 0 ∨ b = 0 := mul_eq_zero
-- Mathlib/Algebra/GroupWithZero/Defs.lean: mul_eq_zero

/-- @topic algebra/zero_product/square -/
theorem cb_mul_self_eq_zero (a : ℤ) : a * a = 0 ↔ a = 0 := mul_self_eq_zero
-- Mathlib/Algebra/GroupWithZero/Defs.lean: mul_self_eq_zero

/-- @topic algebra/zero_product/square -/
theorem cb_sq_eq_zero_real (a : ℝ) : a ^ 2 = 0 ↔ a = 0 := pow_eq_zero_iff two_ne_zero
-- Mathlib/Algebra/GroupWithZero/Basic.lean: pow_eq_zero_iff

/-- @topic algebra/equal_squares/mul_self -/
theorem cb_mul_self_eq_mul_self_iff (a b : ℝ) : a * a = b * b ↔ a = b ∨ a = -b :=
  mul_self_eq_mul_self_iff
-- Mathlib/Algebra/Ring/Basic.lean (Commute): mul_self_eq_mul_self_iff

/-- @topic algebra/equal_squares/abs -/
theorem cb_sq_eq_sq_iff_abs_eq_abs (a b : ℝ) : a ^ 2 = b ^ 2 ↔ |a| = |b| :=
  sq_eq_sq_iff_abs_eq_abs a b
-- Mathlib/Algebra/Order/Ring/Abs.lean: sq_eq_sq_iff_abs_eq_abs

/-- @topic algebra/cancellation/addition -/
theorem cb_add_left_cancel_int (a b c : ℤ) (h : a + b = a + c) : b = c := add_left_cancel h
-- Mathlib/Algebra/Group/Defs.lean: add_left_cancel

/-- @topic algebra/cancellation/multiplication -/
theorem cb_mul_left_cancel₀_real (a b c : ℝ) (ha : a ≠ 0) (h : a * b = a * c) : b = c :=
  mul_left_cancel₀ ha h
-- Mathlib/Algebra/GroupWithZero/Defs.lean: mul_left_cancel₀

/-- @topic algebra/field/div_self -/
theorem cb_div_self_real (a : ℝ) (h : a ≠ 0) : a / a = 1 := div_self h
-- Mathlib/Algebra/GroupWithZero/Basic.lean: div_self

/-- @topic algebra/field/inverse -/
theorem cb_mul_inv_cancel₀_real (a : ℝ) (h : a ≠ 0) : a * a⁻¹ = 1 := mul_inv_cancel₀ h
-- Mathlib/Algebra/GroupWithZero/Defs.lean: mul_inv_cancel₀

/-- @topic algebra/field/inverse -/
theorem cb_inv_inv_real (a : ℝ) : a⁻¹⁻¹ = a := inv_inv a
-- Mathlib/Algebra/Group/Basic.lean: inv_inv

/-- @topic algebra/field/one_div -/
theorem cb_one_div_real (a : ℝ) : 1 / a = a⁻¹ := one_div a
-- Mathlib/Algebra/Group/Basic.lean: one_div

/-- @topic algebra/field/common_denominator -/
theorem cb_div_add_div_same (a b c : ℝ) : a / c + b / c = (a + b) / c := div_add_div_same a b c
-- Mathlib/Algebra/Order/Field/Basic.lean / Field/Basic.lean: div_add_div_same

/-- @topic algebra/field/halves -/
theorem cb_add_halves (a : ℝ) : a / 2 + a / 2 = a := add_halves a
-- Mathlib/Algebra/CharZero/Lemmas.lean: add_halves

/-- @topic algebra/natural_subtraction/cancel -/
theorem cb_nat_sub_add_cancel (n m : ℕ) (h : m ≤ n) : n - m + m = n := Nat.sub_add_cancel h
-- Lean core Nat/Basic: Nat.sub_add_cancel

/-- @topic algebra/natural_subtraction/cancel -/
theorem cb_nat_add_sub_cancel (n m : ℕ) : n + m - m = n := Nat.add_sub_cancel
-- Lean core Nat/Basic: Nat.add_sub_cancel

/-- @topic algebra/absolute_value/square -/
theorem cb_sq_abs (a : ℝ) : |a| ^ 2 = a ^ 2 := sq_abs a
-- Mathlib/Algebra/Order/Ring/Abs.lean: sq_abs

/-- @topic algebra/absolute_value/square -/
theorem cb_abs_mul_abs_self (a : ℤ) : |a| * |a| = a * a := abs_mul_abs_self a
-- Mathlib/Algebra/Order/Ring/Abs.lean: abs_mul_abs_self

/-- @topic algebra/linear_equations/unique_solution -/
theorem cb_eq_of_sub_eq_zero (a b : ℤ) (h : a - b = 0) : a = b := sub_eq_zero.mp h
-- Mathlib/Algebra/Group/Basic.lean: sub_eq_zero

/-- @topic algebra/groups/inverse_of_product -/
theorem cb_group_mul_inv_rev {G : Type*} [Group G] (a b : G) : (a * b)⁻¹ = b⁻¹ * a⁻¹ :=
  mul_inv_rev a b
-- Mathlib/Algebra/Group/Defs.lean: mul_inv_rev

/-- @topic algebra/groups/inverse_involutive -/
theorem cb_group_inv_inv {G : Type*} [Group G] (a : G) : a⁻¹⁻¹ = a := inv_inv a
-- Mathlib/Algebra/Group/Defs.lean: inv_inv

/-- @topic algebra/groups/cancellation -/
theorem cb_group_mul_left_cancel {G : Type*} [Group G] (a b c : G) (h : a * b = a * c) :
    b = c :=
  mul_left_cancel h
-- Mathlib/Algebra/Group/Defs.lean: mul_left_cancel

/-- @topic algebra/groups/identity -/
theorem cb_monoid_mul_one {M : Type*} [Monoid M] (a : M) : a * 1 = a := mul_one a
-- Mathlib/Algebra/Group/Defs.lean: mul_one

/-- @topic algebra/commutativity/multiplication -/
theorem cb_comm_monoid_mul_comm {M : Type*} [CommMonoid M] (a b : M) : a * b = b * a :=
  mul_comm a b
-- Mathlib/Algebra/Group/Defs.lean: mul_comm

/-- @topic algebra/identities/square_of_sum -/
theorem cb_comm_ring_add_sq {R : Type*} [CommRing R] (a b : R) :
    (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2 :=
  add_sq a b
-- Mathlib/Algebra/GroupPower/Basic.lean: add_sq

/-! ## More abstract structures, and implication forms -/

/-- @topic algebra/groups/cancellation -/
theorem cb_group_mul_inv_cancel_left {G : Type*} [Group G] (a b : G) : a * (a⁻¹ * b) = b :=
  mul_inv_cancel_left a b
-- Mathlib/Algebra/Group/Defs.lean: mul_inv_cancel_left

/-- @topic algebra/groups/cancellation -/
theorem cb_group_inv_mul_cancel_left {G : Type*} [Group G] (a b : G) : a⁻¹ * (a * b) = b :=
  inv_mul_cancel_left a b
-- Mathlib/Algebra/Group/Defs.lean: inv_mul_cancel_left

/-- @topic algebra/subtraction/cancel -/
theorem cb_add_comm_group_sub_add_cancel {A : Type*} [AddCommGroup A] (a b : A) :
    a - b + b = a :=
  sub_add_cancel a b
-- Mathlib/Algebra/Group/Defs.lean: sub_add_cancel

/-- @topic algebra/negation/product -/
theorem cb_ring_neg_mul {R : Type*} [Ring R] (a b : R) : -a * b = -(a * b) := neg_mul a b
-- Mathlib/Algebra/Ring/Defs.lean: neg_mul

/-- @topic algebra/identities/difference_of_squares -/
theorem cb_comm_ring_mul_self_sub_mul_self {R : Type*} [CommRing R] (a b : R) :
    a * a - b * b = (a + b) * (a - b) :=
  mul_self_sub_mul_self a b
-- Mathlib/Algebra/Ring/Commute.lean: mul_self_sub_mul_self

/-- @topic algebra/zero_product/product -/
theorem cb_mul_eq_zero_imp (a b : ℤ) : a * b = 0 → a = 0 ∨ b = 0 := mul_eq_zero.mp
-- Mathlib/Algebra/GroupWithZero/Defs.lean: mul_eq_zero

/-- @topic algebra/zero_product/product -/
theorem cb_mul_ne_zero_imp (a b : ℝ) : a ≠ 0 → b ≠ 0 → a * b ≠ 0 := mul_ne_zero
-- Mathlib/Algebra/GroupWithZero/Defs.lean: mul_ne_zero

/-- @topic algebra/cancellation/addition -/
theorem cb_add_right_cancel_imp (a b c : ℝ) : a + b = c + b → a = c := add_right_cancel
-- Mathlib/Algebra/Group/Defs.lean: add_right_cancel
