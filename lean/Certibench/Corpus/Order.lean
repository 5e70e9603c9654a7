import Mathlib

/-!
# Certibench corpus — order and inequalities

Order facts and classical inequalities over ℕ, ℤ, ℝ, plus a few over an abstract
linear order. Each `theorem` restates one Mathlib (or Lean core) lemma.
-/

/-- @topic order/basic/reflexive -/
theorem cb_le_refl_real (a : ℝ) : a ≤ a := le_refl a
-- Mathlib/Order/Defs.lean: le_refl

/-- @topic order/basic/transitive -/
theorem cb_le_trans_int (a b c : ℤ) (h₁ : a ≤ b) (h₂ : b ≤ c) : a ≤ c := le_trans h₁ h₂
-- Mathlib/Order/Defs.lean: le_trans

/-- @topic order/basic/transitive -/
theorem cb_lt_of_lt_of_le_real (a b c : ℝ) (h₁ : a < b) (h₂ : b ≤ c) : a < c :=
  lt_of_lt_of_le h₁ h₂
-- Mathlib/Order/Defs.lean: lt_of_lt_of_le

/-- @topic order/basic/transitive -/
theorem cb_lt_of_le_of_lt_nat (a b c : ℕ) : a ≤ b → b < c → a < c := lt_of_le_of_lt
-- Mathlib/Order/Defs.lean: lt_of_le_of_lt

/-- @topic order/basic/antisymmetric -/
theorem cb_le_antisymm_nat (a b : ℕ) (h₁ : a ≤ b) (h₂ : b ≤ a) : a = b := le_antisymm h₁ h₂
-- Mathlib/Order/Defs.lean: le_antisymm

/-- @topic order/basic/irreflexive -/
theorem cb_lt_irrefl_real (a : ℝ) : ¬a < a := lt_irrefl a
-- Mathlib/Order/Defs.lean: lt_irrefl

/-- @topic order/basic/asymmetric -/
theorem cb_lt_asymm_real (a b : ℝ) (h : a < b) : ¬b < a := lt_asymm h
-- Mathlib/Order/Defs.lean: lt_asymm

/-- @topic order/basic/weakening -/
theorem cb_le_of_lt_int (a b : ℤ) (h : a < b) : a ≤ b := le_of_lt h
-- Mathlib/Order/Defs.lean: le_of_lt

/-- @topic order/linear/negated_lt -/
theorem cb_not_lt_real (a b : ℝ) : ¬a < b ↔ b ≤ a := not_lt
-- Mathlib/Order/Defs.lean: not_lt

/-- @topic order/linear/negated_le -/
theorem cb_not_le_int (a b : ℤ) : ¬a ≤ b ↔ b < a := not_le
-- Mathlib/Order/Defs.lean: not_le

/-- @topic order/linear/dichotomy -/
theorem cb_le_or_lt_real (a b : ℝ) : a ≤ b ∨ b < a := le_or_lt a b
-- Mathlib/Order/Defs.lean: le_or_lt

/-- @topic order/linear/trichotomy -/
theorem cb_lt_trichotomy_int (a b : ℤ) : a < b ∨ a = b ∨ b < a := lt_trichotomy a b
-- Mathlib/Order/Defs.lean: lt_trichotomy

/-- @topic order/lattice/max_le -/
theorem cb_max_le_iff_real (a b c : ℝ) : max a b ≤ c ↔ a ≤ c ∧ b ≤ c := max_le_iff
-- Mathlib/Order/Lattice.lean: max_le_iff

/-- @topic order/lattice/le_min -/
theorem cb_le_min_iff_int (a b c : ℤ) : a ≤ min b c ↔ a ≤ b ∧ a ≤ c := le_min_iff
-- Mathlib/Order/Lattice.lean: le_min_iff

/-- @topic order/lattice/le_max -/
theorem cb_le_max_left_real (a b : ℝ) : a ≤ max a b := le_max_left a b
-- Mathlib/Order/Defs.lean: le_max_left

/-- @topic order/lattice/min_le -/
theorem cb_min_le_right_nat (a b : ℕ) : min a b ≤ b := min_le_right a b
-- Mathlib/Order/Defs.lean: min_le_right

/-- @topic order/lattice/max_comm -/
theorem cb_max_comm_real (a b : ℝ) : max a b = max b a := max_comm a b
-- Mathlib/Order/Lattice.lean: max_comm

/-- @topic order/lattice/min_comm -/
theorem cb_min_comm_int (a b : ℤ) : min a b = min b a := min_comm a b
-- Mathlib/Order/Lattice.lean: min_comm

/-- @topic order/lattice/min_le_max -/
theorem cb_min_le_max_real (a b : ℝ) : min a b ≤ max a b := min_le_max ..
-- Mathlib/Order/Lattice.lean: min_le_max

/-- @topic order/inequalities/square_nonneg -/
theorem cb_sq_nonneg_real (a : ℝ) : 0 ≤ a ^ 2 := sq_nonneg a
-- Mathlib/Algebra/Order/Ring/Lemmas.lean: sq_nonneg

/-- @topic order/inequalities/square_nonneg -/
theorem cb_mul_self_nonneg_int (a : ℤ) : 0 ≤ a * a := mul_self_nonneg a
-- Mathlib/Algebra/Order/Ring/Defs.lean: mul_self_nonneg

/-- @topic order/inequalities/am_gm_two -/
theorem cb_two_mul_le_add_sq (a b : ℝ) : 2 * a * b ≤ a ^ 2 + b ^ 2 := two_mul_le_add_sq a b
-- Mathlib/Algebra/Order/Ring/Lemmas.lean: two_mul_le_add_sq

/-- @topic order/inequalities/am_gm_two -/
theorem cb_four_mul_le_sq_add (a b : ℝ) : 4 * a * b ≤ (a + b) ^ 2 := four_mul_le_sq_add a b
-- Mathlib/Algebra/Order/Ring/Lemmas.lean: four_mul_le_sq_add

/-- @topic order/ordered_ring/product_positive -/
theorem cb_mul_pos_real (a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a * b := mul_pos ha hb
-- Mathlib/Algebra/Order/Ring/Defs.lean: mul_pos

/-- @topic order/ordered_ring/product_nonneg -/
theorem cb_mul_nonneg_int (a b : ℤ) (ha : 0 ≤ a) (hb : 0 ≤ b) : 0 ≤ a * b := mul_nonneg ha hb
-- Mathlib/Algebra/Order/Ring/Defs.lean: mul_nonneg

/-- @topic order/ordered_group/sum_positive -/
theorem cb_add_pos_real (a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a + b := add_pos ha hb
-- Mathlib/Algebra/Order/Monoid/Lemmas.lean: add_pos

/-- @topic order/ordered_group/monotone_addition -/
theorem cb_add_le_add_int (a b c d : ℤ) (h₁ : a ≤ b) (h₂ : c ≤ d) : a + c ≤ b + d :=
  add_le_add h₁ h₂
-- Mathlib/Algebra/Order/Monoid/Lemmas.lean: add_le_add

/-- @topic order/ordered_group/monotone_addition -/
theorem cb_add_lt_add_real (a b c d : ℝ) (h₁ : a < b) (h₂ : c < d) : a + c < b + d :=
  add_lt_add h₁ h₂
-- Mathlib/Algebra/Order/Monoid/Lemmas.lean: add_lt_add

/-- @topic order/ordered_group/difference_sign -/
theorem cb_sub_nonneg_real (a b : ℝ) : 0 ≤ a - b ↔ b ≤ a := sub_nonneg
-- Mathlib/Algebra/Order/Group/Defs.lean: sub_nonneg

/-- @topic order/ordered_group/difference_sign -/
theorem cb_sub_pos_int (a b : ℤ) : 0 < a - b ↔ b < a := sub_pos
-- Mathlib/Algebra/Order/Group/Defs.lean: sub_pos

/-- @topic order/absolute_value/nonneg -/
theorem cb_abs_nonneg_real (a : ℝ) : 0 ≤ |a| := abs_nonneg a
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_nonneg

/-- @topic order/absolute_value/multiplicative -/
theorem cb_abs_mul_real (a b : ℝ) : |a * b| = |a| * |b| := abs_mul a b
-- Mathlib/Algebra/Order/Ring/Abs.lean: abs_mul

/-- @topic order/absolute_value/triangle -/
theorem cb_abs_add_real (a b : ℝ) : |a + b| ≤ |a| + |b| := abs_add a b
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_add

/-- @topic order/absolute_value/symmetric -/
theorem cb_abs_sub_comm_real (a b : ℝ) : |a - b| = |b - a| := abs_sub_comm a b
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_sub_comm

/-- @topic order/absolute_value/bound -/
theorem cb_abs_le_real (a b : ℝ) : |a| ≤ b ↔ -b ≤ a ∧ a ≤ b := abs_le
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_le

/-- @topic order/absolute_value/bound -/
theorem cb_abs_lt_int (a b : ℤ) : |a| < b ↔ -b < a ∧ a < b := abs_lt
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_lt

/-- @topic order/absolute_value/self_bound -/
theorem cb_le_abs_self_real (a : ℝ) : a ≤ |a| := le_abs_self a
-- Mathlib/Algebra/Order/Group/Abs.lean: le_abs_self

/-- @topic order/absolute_value/self_bound -/
theorem cb_neg_abs_le_real (a : ℝ) : -|a| ≤ a := neg_abs_le a
-- Mathlib/Algebra/Order/Group/Abs.lean: neg_abs_le

/-- @topic order/absolute_value/negation -/
theorem cb_abs_neg_int (a : ℤ) : |-a| = |a| := abs_neg a
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_neg

/-- @topic order/absolute_value/positive -/
theorem cb_abs_pos_real (a : ℝ) : 0 < |a| ↔ a ≠ 0 := abs_pos
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_pos

/-- @topic order/absolute_value/reverse_triangle -/
theorem cb_abs_sub_abs_le_abs_sub (a b : ℝ) : |a| - |b| ≤ |a - b| := abs_sub_abs_le_abs_sub a b
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_sub_abs_le_abs_sub

/-- @topic order/absolute_value/triangle -/
theorem cb_abs_sub_le_real (a b c : ℝ) : |a - c| ≤ |a - b| + |b - c| := abs_sub_le a b c
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_sub_le

/-- @topic order/inequalities/monotone_square -/
theorem cb_pow_le_pow_left_real (a b : ℝ) (ha : 0 ≤ a) (hab : a ≤ b) : a ^ 2 ≤ b ^ 2 :=
  pow_le_pow_left ha hab 2
-- Mathlib/Algebra/Order/Ring/Lemmas.lean: pow_le_pow_left

/-- @topic order/naturals/successor -/
theorem cb_nat_succ_le_of_lt (m n : ℕ) (h : m < n) : m + 1 ≤ n := Nat.succ_le_of_lt h
-- Lean core Nat/Basic: Nat.succ_le_of_lt

/-- @topic order/naturals/successor -/
theorem cb_nat_lt_succ_self (n : ℕ) : n < n + 1 := Nat.lt_succ_self n
-- Lean core Nat/Basic: Nat.lt_succ_self

/-- @topic order/naturals/successor -/
theorem cb_nat_lt_succ_iff (m n : ℕ) : m < n + 1 ↔ m ≤ n := Nat.lt_succ_iff
-- Lean core Nat/Basic: Nat.lt_succ_iff

/-- @topic order/naturals/bottom -/
theorem cb_nat_zero_le (n : ℕ) : 0 ≤ n := Nat.zero_le n
-- Lean core Init/Prelude: Nat.zero_le

/-- @topic order/integers/discrete -/
theorem cb_int_add_one_le_iff (a b : ℤ) : a + 1 ≤ b ↔ a < b := Int.add_one_le_iff
-- Mathlib/Algebra/Order/Ring/Int or Lean core Int/Order: Int.add_one_le_iff

/-- @topic order/integers/discrete -/
theorem cb_int_lt_add_one_iff (a b : ℤ) : a < b + 1 ↔ a ≤ b := Int.lt_add_one_iff
-- Lean core Int/Order: Int.lt_add_one_iff

/-- @topic order/field/half_positive -/
theorem cb_half_pos_real (a : ℝ) (h : 0 < a) : 0 < a / 2 := half_pos h
-- Mathlib/Algebra/Order/Field/Basic.lean: half_pos

/-- @topic order/field/quotient_positive -/
theorem cb_div_pos_real (a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a / b := div_pos ha hb
-- Mathlib/Algebra/Order/Field/Basic.lean: div_pos

/-- @topic order/field/inverse_positive -/
theorem cb_inv_pos_real (a : ℝ) : 0 < a⁻¹ ↔ 0 < a := inv_pos
-- Mathlib/Algebra/Order/Field/Basic.lean: inv_pos

/-- @topic order/dense/between -/
theorem cb_exists_between_real (a b : ℝ) (h : a < b) : ∃ c : ℝ, a < c ∧ c < b :=
  exists_between h
-- Mathlib/Order/Basic.lean: exists_between

/-- @topic order/linear/totality -/
theorem cb_le_total_generic {α : Type*} [LinearOrder α] (a b : α) : a ≤ b ∨ b ≤ a :=
  le_total a b
-- Mathlib/Order/Defs.lean: le_total

/-- @topic order/linear/negated_lt -/
theorem cb_not_lt_generic {α : Type*} [LinearOrder α] (a b : α) : ¬a < b ↔ b ≤ a := not_lt
-- Mathlib/Order/Defs.lean: not_lt

/-- @topic order/lattice/max_le -/
theorem cb_max_le_iff_generic {α : Type*} [LinearOrder α] (a b c : α) :
    max a b ≤ c ↔ a ≤ c ∧ b ≤ c :=
  max_le_iff
-- Mathlib/Order/Lattice.lean: max_le_iff

/-- @topic order/basic/transitive -/
theorem cb_lt_trans_generic {α : Type*} [Preorder α] (a b c : α) : a < b → b < c → a < c :=
  lt_trans
-- Mathlib/Order/Defs.lean: lt_trans

/-- @topic order/basic/weakening -/
theorem cb_le_of_eq_generic {α : Type*} [Preorder α] (a b : α) (h : a = b) : a ≤ b :=
  le_of_eq h
-- Mathlib/Order/Defs.lean: le_of_eq

/-! ## Implication, existence and negation forms (for the F8 families) -/

/-- @topic order/basic/transitive -/
theorem cb_le_trans_generic {α : Type*} [Preorder α] (a b c : α) : a ≤ b → b ≤ c → a ≤ c :=
  le_trans
-- Mathlib/Order/Defs.lean: le_trans

/-- @topic order/basic/irreflexive -/
theorem cb_lt_irrefl_generic {α : Type*} [Preorder α] (a : α) : ¬a < a := lt_irrefl a
-- Mathlib/Order/Defs.lean: lt_irrefl

/-- @topic order/basic/antisymmetric -/
theorem cb_le_antisymm_generic {α : Type*} [PartialOrder α] (a b : α) :
    a ≤ b → b ≤ a → a = b :=
  le_antisymm
-- Mathlib/Order/Defs.lean: le_antisymm

/-- @topic order/linear/trichotomy -/
theorem cb_lt_trichotomy_generic {α : Type*} [LinearOrder α] (a b : α) :
    a < b ∨ a = b ∨ b < a :=
  lt_trichotomy a b
-- Mathlib/Order/Defs.lean: lt_trichotomy

/-- @topic order/lattice/le_max -/
theorem cb_le_max_left_generic {α : Type*} [LinearOrder α] (a b : α) : a ≤ max a b :=
  le_max_left a b
-- Mathlib/Order/Defs.lean: le_max_left

/-- @topic order/lattice/min_le -/
theorem cb_min_le_left_generic {α : Type*} [LinearOrder α] (a b : α) : min a b ≤ a :=
  min_le_left a b
-- Mathlib/Order/Defs.lean: min_le_left

/-- @topic order/absolute_value/nonneg -/
theorem cb_abs_nonneg_generic {α : Type*} [LinearOrderedAddCommGroup α] (a : α) : 0 ≤ |a| :=
  abs_nonneg a
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_nonneg

/-- @topic order/unbounded/exists_greater -/
theorem cb_exists_gt_real (x : ℝ) : ∃ y : ℝ, x < y := exists_gt x
-- Mathlib/Order/Max.lean: exists_gt

/-- @topic order/unbounded/not_all_nonpositive -/
theorem cb_not_forall_le_zero : ¬∀ x : ℝ, x ≤ 0 := fun h => (h 1).not_lt one_pos
-- Mathlib/Order/Basic.lean: LE.le.not_lt; Algebra/Order/ZeroLEOne.lean: one_pos

/-- @topic order/ordered_ring/product_positive -/
theorem cb_mul_pos_imp (a b : ℝ) : 0 < a → 0 < b → 0 < a * b := mul_pos
-- Mathlib/Algebra/Order/Ring/Defs.lean: mul_pos

/-- @topic order/ordered_group/sum_positive -/
theorem cb_add_pos_imp (a b : ℤ) : 0 < a → 0 < b → 0 < a + b := add_pos
-- Mathlib/Algebra/Order/Monoid/Lemmas.lean: add_pos

/-- @topic order/linear/negated_le -/
theorem cb_lt_of_not_le_real (a b : ℝ) : ¬a ≤ b → b < a := not_le.mp
-- Mathlib/Order/Defs.lean: not_le

/-- @topic order/absolute_value/bound -/
theorem cb_abs_le_of_bounds (a b : ℝ) : -b ≤ a → a ≤ b → |a| ≤ b :=
  fun h1 h2 => abs_le.mpr ⟨h1, h2⟩
-- Mathlib/Algebra/Order/Group/Abs.lean: abs_le

/-- @topic order/naturals/successor -/
theorem cb_nat_le_of_lt_succ (m n : ℕ) : m < n + 1 → m ≤ n := Nat.le_of_lt_succ
-- Lean core Nat/Basic: Nat.le_of_lt_succ
