import Mathlib
import Certibench.Tactics

set_option maxHeartbeats 400000

open Certibench

theorem cb_goal_cb_add_comm_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_add_comm_real__F8_equivalent

theorem cb_goal_cb_mul_comm_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b) ↔ (∀ a : ℤ, ¬∃ b : ℤ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_comm_int__F8_equivalent

theorem cb_goal_cb_add_assoc_nat__F8_equivalent
    (shared_1 : ℕ → ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, shared_1 a b c) ↔ (¬∃ a : ℕ, ¬∀ b c : ℕ, shared_1 a b c) := by
  certibench_equiv

#print axioms cb_goal_cb_add_assoc_nat__F8_equivalent

theorem cb_goal_cb_mul_assoc_real__F8_equivalent
    (shared_1 : ℝ → ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a b c) ↔ (¬∃ a : ℝ, ¬∀ b c : ℝ, shared_1 a b c) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_assoc_real__F8_equivalent

theorem cb_goal_cb_two_mul_int__F8_equivalent
    (shared_1 : ℤ → Prop) :
    (∀ a : ℤ, shared_1 a) ↔ (¬∃ a : ℤ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_two_mul_int__F8_equivalent

theorem cb_goal_cb_mul_add_int__F8_equivalent
    (shared_1 : ℤ → ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b c) ↔ (¬∃ a : ℤ, ¬∀ b c : ℤ, shared_1 a b c) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_add_int__F8_equivalent

theorem cb_goal_cb_add_mul_real__F8_equivalent
    (shared_1 : ℝ → ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a b c) ↔ (¬∃ a : ℝ, ¬∀ b c : ℝ, shared_1 a b c) := by
  certibench_equiv

#print axioms cb_goal_cb_add_mul_real__F8_equivalent

theorem cb_goal_cb_mul_sub_int__F8_equivalent
    (shared_1 : ℤ → ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b c) ↔ (∀ a : ℤ, ¬∃ b : ℤ, ¬∀ c : ℤ, shared_1 a b c) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_sub_int__F8_equivalent

theorem cb_goal_cb_add_sq_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_add_sq_real__F8_equivalent

theorem cb_goal_cb_sub_sq_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b) ↔ (¬∃ a : ℤ, ¬∀ b : ℤ, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_sq_int__F8_equivalent

theorem cb_goal_cb_sq_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_real__F8_equivalent

theorem cb_goal_cb_mul_self_sub_mul_self__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b) ↔ (∀ a : ℤ, ¬∃ b : ℤ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_self_sub_mul_self__F8_equivalent

theorem cb_goal_cb_sq_sub_sq__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (¬∃ a : ℝ, ¬∀ b : ℝ, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_sub_sq__F8_equivalent

theorem cb_goal_cb_neg_sq__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_neg_sq__F8_equivalent

theorem cb_goal_cb_mul_pow_two__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (¬∃ a : ℝ, ¬∀ b : ℝ, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_pow_two__F8_equivalent

theorem cb_goal_cb_neg_neg_int__F8_equivalent
    (shared_1 : ℤ → Prop) :
    (∀ a : ℤ, shared_1 a) ↔ (¬∃ a : ℤ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_neg_neg_int__F8_equivalent

theorem cb_goal_cb_sub_self_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_self_real__F8_equivalent

theorem cb_goal_cb_sub_eq_zero__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ a = b) ↔ (∀ a b : ℝ, shared_1 a b ↔ b = a) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_eq_zero__F6_order

theorem cb_goal_cb_sub_eq_zero__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ shared_2 a b) ↔ (¬∃ a : ℝ, ¬∀ b : ℝ, shared_1 a b ↔ shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_eq_zero__F8_equivalent

theorem cb_goal_cb_mul_eq_zero_real__F6_order
    (shared_1 : ℝ → Prop) :
    (∀ a b : ℝ, a * b = 0 ↔ shared_1 a ∨ shared_1 b) ↔ (∀ a b : ℝ, b * a = 0 ↔ shared_1 a ∨ shared_1 b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_eq_zero_real__F6_order

theorem cb_goal_cb_mul_eq_zero_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ shared_2 a ∨ shared_2 b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬(shared_1 a b ↔ shared_2 a ∨ shared_2 b)) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_eq_zero_real__F8_equivalent

theorem cb_goal_cb_mul_self_eq_zero__F4_notation
    (shared_1 : ℤ → Prop) :
    (∀ a : ℤ, a * a = 0 ↔ shared_1 a) ↔ (∀ a : ℤ, a ^ 2 = 0 ↔ shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_self_eq_zero__F4_notation

theorem cb_goal_cb_mul_self_eq_zero__F8_equivalent
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → Prop) :
    (∀ a : ℤ, shared_1 a ↔ shared_2 a) ↔ (¬∃ a : ℤ, ¬(shared_1 a ↔ shared_2 a)) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_self_eq_zero__F8_equivalent

theorem cb_goal_cb_sq_eq_zero_real__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, a ^ 2 = 0 ↔ shared_1 a) ↔ (∀ a : ℝ, a * a = 0 ↔ shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_eq_zero_real__F4_notation

theorem cb_goal_cb_sq_eq_zero_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a ↔ shared_2 a) ↔ (¬∃ a : ℝ, ¬(shared_1 a ↔ shared_2 a)) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_eq_zero_real__F8_equivalent

theorem cb_goal_cb_mul_self_eq_mul_self_iff__F4_notation
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, a * a = b * b ↔ shared_1 a b ∨ shared_2 a b) ↔ (∀ a b : ℝ, a * a = b ^ 2 ↔ shared_1 a b ∨ shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_self_eq_mul_self_iff__F4_notation

theorem cb_goal_cb_mul_self_eq_mul_self_iff__F6_order
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ shared_2 a b ∨ shared_3 a b) ↔ (∀ a b : ℝ, shared_1 a b ↔ shared_3 a b ∨ shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_self_eq_mul_self_iff__F6_order

theorem cb_goal_cb_mul_self_eq_mul_self_iff__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ shared_2 a b ∨ shared_3 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬(shared_1 a b ↔ shared_2 a b ∨ shared_3 a b)) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_self_eq_mul_self_iff__F8_equivalent

theorem cb_goal_cb_sq_eq_sq_iff_abs_eq_abs__F4_notation
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, a ^ 2 = b ^ 2 ↔ shared_1 a b) ↔ (∀ a b : ℝ, a * a = b ^ 2 ↔ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_eq_sq_iff_abs_eq_abs__F4_notation

theorem cb_goal_cb_sq_eq_sq_iff_abs_eq_abs__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, a ^ 2 = b ^ 2 ↔ shared_1 a b) ↔ (∀ a b : ℝ, b ^ 2 = a ^ 2 ↔ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_eq_sq_iff_abs_eq_abs__F6_order

theorem cb_goal_cb_sq_eq_sq_iff_abs_eq_abs__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ shared_2 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬(shared_1 a b ↔ shared_2 a b)) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_eq_sq_iff_abs_eq_abs__F8_equivalent

theorem cb_goal_cb_add_left_cancel_int__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, a + b = a + c → shared_1 b c) ↔ (∀ a b c : ℤ, a + b = c + a → shared_1 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_add_left_cancel_int__F6_order

theorem cb_goal_cb_add_left_cancel_int__F8_equivalent
    (shared_1 : ℤ → ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b c → shared_2 b c) ↔ (∀ a : ℤ, ¬∃ b : ℤ, ¬∀ c : ℤ, shared_1 a b c → shared_2 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_add_left_cancel_int__F8_equivalent

theorem cb_goal_cb_mul_left_cancel₀_real__F4_notation
    (shared_1 : ℝ → ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, a ≠ 0 → shared_1 a b c → shared_2 b c) ↔ (∀ a b c : ℝ, ¬a = 0 → shared_1 a b c → shared_2 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_left_cancel₀_real__F4_notation

theorem cb_goal_cb_mul_left_cancel₀_real__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a → shared_2 a b c → b = c) ↔ (∀ a b c : ℝ, shared_1 a → shared_2 a b c → c = b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_left_cancel₀_real__F6_order

theorem cb_goal_cb_mul_left_cancel₀_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a → shared_2 a b c → shared_3 b c) ↔ (∀ a b c : ℝ, ¬shared_1 a ∨ (shared_2 a b c → shared_3 b c)) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_left_cancel₀_real__F8_equivalent

theorem cb_goal_cb_div_self_real__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, a ≠ 0 → shared_1 a) ↔ (∀ a : ℝ, ¬a = 0 → shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_div_self_real__F4_notation

theorem cb_goal_cb_div_self_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → shared_2 a) ↔ (∀ a : ℝ, ¬shared_2 a → ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_div_self_real__F8_equivalent

theorem cb_goal_cb_mul_inv_cancel₀_real__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → a * a⁻¹ = 1) ↔ (∀ a : ℝ, shared_1 a → a * (1 / a) = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_inv_cancel₀_real__F4_notation

theorem cb_goal_cb_mul_inv_cancel₀_real__F6_order
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → a * a⁻¹ = 1) ↔ (∀ a : ℝ, shared_1 a → a⁻¹ * a = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_inv_cancel₀_real__F6_order

theorem cb_goal_cb_mul_inv_cancel₀_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → shared_2 a) ↔ (∀ a : ℝ, ¬shared_1 a ∨ shared_2 a) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_inv_cancel₀_real__F8_equivalent

theorem cb_goal_cb_inv_inv_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_inv_inv_real__F8_equivalent

theorem cb_goal_cb_one_div_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_one_div_real__F8_equivalent

theorem cb_goal_cb_div_add_div_same__F8_equivalent
    (shared_1 : ℝ → ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a c b) ↔ (¬∃ a : ℝ, ¬∀ b c : ℝ, shared_1 a c b) := by
  certibench_equiv

#print axioms cb_goal_cb_div_add_div_same__F8_equivalent

theorem cb_goal_cb_add_halves__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_add_halves__F8_equivalent

theorem cb_goal_cb_nat_sub_add_cancel__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n m : ℕ, shared_1 m n → n - m + m = n) ↔ (∀ n m : ℕ, shared_1 m n → n = n - m + m) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_sub_add_cancel__F6_order

theorem cb_goal_cb_nat_sub_add_cancel__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n m : ℕ, m ≤ n → shared_1 n m) ↔ (∀ n m : ℕ, m < n ∨ m = n → shared_1 n m) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_sub_add_cancel__F8_equivalent

theorem cb_goal_cb_nat_add_sub_cancel__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n m : ℕ, shared_1 n m) ↔ (¬∃ n : ℕ, ¬∀ m : ℕ, shared_1 n m) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_add_sub_cancel__F8_equivalent

theorem cb_goal_cb_sq_abs__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_abs__F8_equivalent

theorem cb_goal_cb_abs_mul_abs_self__F8_equivalent
    (shared_1 : ℤ → Prop) :
    (∀ a : ℤ, shared_1 a) ↔ (¬∃ a : ℤ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_mul_abs_self__F8_equivalent

theorem cb_goal_cb_eq_of_sub_eq_zero__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b → a = b) ↔ (∀ a b : ℤ, shared_1 a b → b = a) := by
  certibench_equiv

#print axioms cb_goal_cb_eq_of_sub_eq_zero__F6_order

theorem cb_goal_cb_eq_of_sub_eq_zero__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b → shared_2 a b) ↔ (∀ a : ℤ, ¬∃ b : ℤ, ¬(shared_1 a b → shared_2 a b)) := by
  certibench_equiv

#print axioms cb_goal_cb_eq_of_sub_eq_zero__F8_equivalent

theorem cb_goal_cb_group_mul_inv_rev__F6_order
    {G : Type*} :
    (∀ a b : G, (a * b)⁻¹ = b⁻¹ * a⁻¹) ↔ (∀ a b : G, b⁻¹ * a⁻¹ = (a * b)⁻¹) := by
  certibench_equiv

#print axioms cb_goal_cb_group_mul_inv_rev__F6_order

theorem cb_goal_cb_group_mul_inv_rev__F8_equivalent
    {G : Type*}
    (shared_1 : G → G → Prop) :
    (∀ a b : G, shared_1 a b) ↔ (∀ a : G, ¬∃ b : G, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_group_mul_inv_rev__F8_equivalent

theorem cb_goal_cb_group_inv_inv__F6_order
    {G : Type*} :
    (∀ a : G, a⁻¹⁻¹ = a) ↔ (∀ a : G, a = a⁻¹⁻¹) := by
  certibench_equiv

#print axioms cb_goal_cb_group_inv_inv__F6_order

theorem cb_goal_cb_group_inv_inv__F8_equivalent
    {G : Type*}
    (shared_1 : G → Prop) :
    (∀ a : G, shared_1 a) ↔ (¬∃ a : G, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_group_inv_inv__F8_equivalent

theorem cb_goal_cb_group_mul_left_cancel__F6_order
    {G : Type*}
    (shared_1 : G → G → Prop) :
    (∀ a b c : G, a * b = a * c → shared_1 b c) ↔ (∀ a b c : G, a * c = a * b → shared_1 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_group_mul_left_cancel__F6_order

theorem cb_goal_cb_group_mul_left_cancel__F8_equivalent
    {G : Type*}
    (shared_1 : G → G → G → Prop)
    (shared_2 : G → G → Prop) :
    (∀ a b c : G, shared_1 a b c → shared_2 b c) ↔ (¬∃ a : G, ¬∀ b c : G, shared_1 a b c → shared_2 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_group_mul_left_cancel__F8_equivalent

theorem cb_goal_cb_monoid_mul_one__F6_order
    {M : Type*} :
    (∀ a : M, a * 1 = a) ↔ (∀ a : M, a = a * 1) := by
  certibench_equiv

#print axioms cb_goal_cb_monoid_mul_one__F6_order

theorem cb_goal_cb_monoid_mul_one__F8_equivalent
    {M : Type*}
    (shared_1 : M → Prop) :
    (∀ a : M, shared_1 a) ↔ (¬∃ a : M, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_monoid_mul_one__F8_equivalent

theorem cb_goal_cb_comm_monoid_mul_comm__F6_order
    {M : Type*} :
    (∀ a b : M, a * b = b * a) ↔ (∀ a b : M, b * a = a * b) := by
  certibench_equiv

#print axioms cb_goal_cb_comm_monoid_mul_comm__F6_order

theorem cb_goal_cb_comm_monoid_mul_comm__F8_equivalent
    {M : Type*}
    (shared_1 : M → M → Prop) :
    (∀ a b : M, shared_1 a b) ↔ (¬∃ a : M, ¬∀ b : M, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_comm_monoid_mul_comm__F8_equivalent

theorem cb_goal_cb_comm_ring_add_sq__F6_order
    {R : Type*} :
    (∀ a b : R, (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2) ↔ (∀ a b : R, a ^ 2 + 2 * a * b + b ^ 2 = (a + b) ^ 2) := by
  certibench_equiv

#print axioms cb_goal_cb_comm_ring_add_sq__F6_order

theorem cb_goal_cb_comm_ring_add_sq__F8_equivalent
    {R : Type*}
    (shared_1 : R → R → Prop) :
    (∀ a b : R, shared_1 a b) ↔ (¬∃ a : R, ¬∀ b : R, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_comm_ring_add_sq__F8_equivalent

theorem cb_goal_cb_group_mul_inv_cancel_left__F6_order
    {G : Type*} :
    (∀ a b : G, a * (a⁻¹ * b) = b) ↔ (∀ a b : G, b = a * (a⁻¹ * b)) := by
  certibench_equiv

#print axioms cb_goal_cb_group_mul_inv_cancel_left__F6_order

theorem cb_goal_cb_group_mul_inv_cancel_left__F8_equivalent
    {G : Type*}
    (shared_1 : G → G → Prop) :
    (∀ a b : G, shared_1 a b) ↔ (¬∃ a : G, ¬∀ b : G, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_group_mul_inv_cancel_left__F8_equivalent

theorem cb_goal_cb_group_inv_mul_cancel_left__F6_order
    {G : Type*} :
    (∀ a b : G, a⁻¹ * (a * b) = b) ↔ (∀ a b : G, b = a⁻¹ * (a * b)) := by
  certibench_equiv

#print axioms cb_goal_cb_group_inv_mul_cancel_left__F6_order

theorem cb_goal_cb_group_inv_mul_cancel_left__F8_equivalent
    {G : Type*}
    (shared_1 : G → G → Prop) :
    (∀ a b : G, shared_1 a b) ↔ (∀ a : G, ¬∃ b : G, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_group_inv_mul_cancel_left__F8_equivalent

theorem cb_goal_cb_add_comm_group_sub_add_cancel__F6_order
    {A : Type*} :
    (∀ a b : A, a - b + b = a) ↔ (∀ a b : A, a = a - b + b) := by
  certibench_equiv

#print axioms cb_goal_cb_add_comm_group_sub_add_cancel__F6_order

theorem cb_goal_cb_add_comm_group_sub_add_cancel__F8_equivalent
    {A : Type*}
    (shared_1 : A → A → Prop) :
    (∀ a b : A, shared_1 a b) ↔ (∀ a : A, ¬∃ b : A, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_add_comm_group_sub_add_cancel__F8_equivalent

theorem cb_goal_cb_ring_neg_mul__F6_order
    {R : Type*} :
    (∀ a b : R, -a * b = -(a * b)) ↔ (∀ a b : R, -(a * b) = -a * b) := by
  certibench_equiv

#print axioms cb_goal_cb_ring_neg_mul__F6_order

theorem cb_goal_cb_ring_neg_mul__F8_equivalent
    {R : Type*}
    (shared_1 : R → R → Prop) :
    (∀ a b : R, shared_1 a b) ↔ (∀ a : R, ¬∃ b : R, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_ring_neg_mul__F8_equivalent

theorem cb_goal_cb_comm_ring_mul_self_sub_mul_self__F6_order
    {R : Type*} :
    (∀ a b : R, a * a - b * b = (a + b) * (a - b)) ↔ (∀ a b : R, (a + b) * (a - b) = a * a - b * b) := by
  certibench_equiv

#print axioms cb_goal_cb_comm_ring_mul_self_sub_mul_self__F6_order

theorem cb_goal_cb_comm_ring_mul_self_sub_mul_self__F8_equivalent
    {R : Type*}
    (shared_1 : R → R → Prop) :
    (∀ a b : R, shared_1 a b) ↔ (¬∃ a : R, ¬∀ b : R, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_comm_ring_mul_self_sub_mul_self__F8_equivalent

theorem cb_goal_cb_mul_eq_zero_imp__F6_order
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b → shared_2 a ∨ shared_2 b) ↔ (∀ a b : ℤ, shared_1 a b → shared_2 b ∨ shared_2 a) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_eq_zero_imp__F6_order

theorem cb_goal_cb_mul_eq_zero_imp__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b → shared_2 a ∨ shared_2 b) ↔ (∀ a b : ℤ, ¬shared_1 a b ∨ shared_2 a ∨ shared_2 b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_eq_zero_imp__F8_equivalent

theorem cb_goal_cb_mul_ne_zero_imp__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → a * b ≠ 0) ↔ (∀ a b : ℝ, shared_1 a → shared_1 b → ¬a * b = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_ne_zero_imp__F4_notation

theorem cb_goal_cb_mul_ne_zero_imp__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, shared_1 b → shared_1 a → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_ne_zero_imp__F6_order

theorem cb_goal_cb_mul_ne_zero_imp__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, ¬shared_1 a ∨ (shared_1 b → shared_2 a b)) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_ne_zero_imp__F8_equivalent

theorem cb_goal_cb_add_right_cancel_imp__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, a + b = c + b → shared_1 a c) ↔ (∀ a b c : ℝ, b + a = c + b → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_add_right_cancel_imp__F6_order

theorem cb_goal_cb_add_right_cancel_imp__F8_equivalent
    (shared_1 : ℝ → ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a b c → shared_2 a c) ↔ (∀ a b : ℝ, ¬∃ c : ℝ, ¬(shared_1 a b c → shared_2 a c)) := by
  certibench_equiv

#print axioms cb_goal_cb_add_right_cancel_imp__F8_equivalent

theorem cb_goal_cb_sqrt_nonneg__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ) :
    (∀ x : ℝ, 0 ≤ u_Real_sqrt x) ↔ (∀ x : ℝ, 0 < u_Real_sqrt x ∨ 0 = u_Real_sqrt x) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_nonneg__F8_equivalent

theorem cb_goal_cb_sq_sqrt__F4_notation
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_sqrt x ^ 2 = x) ↔ (∀ x : ℝ, shared_1 x → u_Real_sqrt x * u_Real_sqrt x = x) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_sqrt__F4_notation

theorem cb_goal_cb_sq_sqrt__F6_order
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_sqrt x ^ 2 = x) ↔ (∀ x : ℝ, shared_1 x → x = u_Real_sqrt x ^ 2) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_sqrt__F6_order

theorem cb_goal_cb_sq_sqrt__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → shared_2 x) ↔ (¬∃ x : ℝ, ¬(shared_1 x → shared_2 x)) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_sqrt__F8_equivalent

theorem cb_goal_cb_sqrt_sq__F4_notation
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_sqrt (x ^ 2) = x) ↔ (∀ x : ℝ, shared_1 x → u_Real_sqrt (x * x) = x) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_sq__F4_notation

theorem cb_goal_cb_sqrt_sq__F6_order
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_sqrt (x ^ 2) = x) ↔ (∀ x : ℝ, shared_1 x → x = u_Real_sqrt (x ^ 2)) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_sq__F6_order

theorem cb_goal_cb_sqrt_sq__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, 0 ≤ x → shared_1 x) ↔ (∀ x : ℝ, ¬x < 0 → shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_sq__F8_equivalent

theorem cb_goal_cb_sqrt_mul_self__F4_notation
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → u_Real_sqrt (a * a) = a) ↔ (∀ a : ℝ, shared_1 a → u_Real_sqrt (a ^ 2) = a) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_mul_self__F4_notation

theorem cb_goal_cb_sqrt_mul_self__F6_order
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → u_Real_sqrt (a * a) = a) ↔ (∀ a : ℝ, shared_1 a → a = u_Real_sqrt (a * a)) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_mul_self__F6_order

theorem cb_goal_cb_sqrt_mul_self__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → shared_2 a) ↔ (∀ a : ℝ, ¬shared_1 a ∨ shared_2 a) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_mul_self__F8_equivalent

theorem cb_goal_cb_sqrt_lt_sqrt__F6_order
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → shared_2 x y → u_Real_sqrt x < u_Real_sqrt y) ↔ (∀ x y : ℝ, shared_1 x → shared_2 x y → u_Real_sqrt y > u_Real_sqrt x) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_lt_sqrt__F6_order

theorem cb_goal_cb_sqrt_lt_sqrt__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → shared_2 x y → shared_3 x y) ↔ (¬∃ x : ℝ, ¬∀ y : ℝ, shared_1 x → shared_2 x y → shared_3 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_lt_sqrt__F8_equivalent

theorem cb_goal_cb_sqrt_le_sqrt__F6_order
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, x ≤ y → shared_1 x y) ↔ (∀ x y : ℝ, y ≥ x → shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_le_sqrt__F6_order

theorem cb_goal_cb_sqrt_le_sqrt__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, x ≤ y → shared_1 x y) ↔ (∀ x y : ℝ, ¬y < x → shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_le_sqrt__F8_equivalent

theorem cb_goal_cb_sqrt_pos__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x ↔ 0 < x) ↔ (∀ x : ℝ, shared_1 x ↔ ¬x ≤ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_pos__F8_equivalent

theorem cb_goal_cb_sqrt_eq_zero___F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x ↔ shared_2 x) ↔ (¬∃ x : ℝ, ¬(shared_1 x ↔ shared_2 x)) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_eq_zero___F8_equivalent

theorem cb_goal_cb_sqrt_mul__F6_order
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → u_Real_sqrt (x * y) = u_Real_sqrt x * u_Real_sqrt y) ↔ (∀ x y : ℝ, shared_1 x → u_Real_sqrt x * u_Real_sqrt y = u_Real_sqrt (x * y)) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_mul__F6_order

theorem cb_goal_cb_sqrt_mul__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → shared_2 x y) ↔ (¬∃ x : ℝ, ¬∀ y : ℝ, shared_1 x → shared_2 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_mul__F8_equivalent

theorem cb_goal_cb_exp_pos__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x) ↔ (¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_pos__F8_equivalent

theorem cb_goal_cb_exp_nonneg__F8_equivalent
    (u_Real_exp : ℝ → ℝ) :
    (∀ x : ℝ, 0 ≤ u_Real_exp x) ↔ (∀ x : ℝ, 0 < u_Real_exp x ∨ 0 = u_Real_exp x) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_nonneg__F8_equivalent

theorem cb_goal_cb_exp_add__F6_order
    (u_Real_exp : ℝ → ℝ) :
    (∀ x y : ℝ, u_Real_exp (x + y) = u_Real_exp x * u_Real_exp y) ↔ (∀ x y : ℝ, u_Real_exp x * u_Real_exp y = u_Real_exp (x + y)) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_add__F6_order

theorem cb_goal_cb_exp_add__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x y) ↔ (¬∃ x : ℝ, ¬∀ y : ℝ, shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_add__F8_equivalent

theorem cb_goal_cb_exp_lt_exp__F6_order
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, u_Real_exp x < u_Real_exp y ↔ shared_1 x y) ↔ (∀ x y : ℝ, u_Real_exp y > u_Real_exp x ↔ shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_lt_exp__F6_order

theorem cb_goal_cb_exp_lt_exp__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, u_Real_exp x < u_Real_exp y ↔ shared_1 x y) ↔ (∀ x y : ℝ, ¬u_Real_exp y ≤ u_Real_exp x ↔ shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_lt_exp__F8_equivalent

theorem cb_goal_cb_exp_le_exp__F6_order
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x y ↔ x ≤ y) ↔ (∀ x y : ℝ, shared_1 x y ↔ y ≥ x) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_le_exp__F6_order

theorem cb_goal_cb_exp_le_exp__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x y ↔ x ≤ y) ↔ (∀ x y : ℝ, shared_1 x y ↔ x < y ∨ x = y) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_le_exp__F8_equivalent

theorem cb_goal_cb_add_one_le_exp__F6_order
    (u_Real_exp : ℝ → ℝ) :
    (∀ x : ℝ, x + 1 ≤ u_Real_exp x) ↔ (∀ x : ℝ, 1 + x ≤ u_Real_exp x) := by
  certibench_equiv

#print axioms cb_goal_cb_add_one_le_exp__F6_order

theorem cb_goal_cb_add_one_le_exp__F8_equivalent
    (u_Real_exp : ℝ → ℝ) :
    (∀ x : ℝ, x + 1 ≤ u_Real_exp x) ↔ (∀ x : ℝ, x + 1 < u_Real_exp x ∨ x + 1 = u_Real_exp x) := by
  certibench_equiv

#print axioms cb_goal_cb_add_one_le_exp__F8_equivalent

theorem cb_goal_cb_exp_ne_zero__F4_notation
    (u_Real_exp : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_exp x ≠ 0) ↔ (∀ x : ℝ, ¬u_Real_exp x = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_ne_zero__F4_notation

theorem cb_goal_cb_exp_ne_zero__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x) ↔ (¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_ne_zero__F8_equivalent

theorem cb_goal_cb_log_exp__F6_order
    (u_Real_exp : ℝ → ℝ)
    (u_Real_log : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_log (u_Real_exp x) = x) ↔ (∀ x : ℝ, x = u_Real_log (u_Real_exp x)) := by
  certibench_equiv

#print axioms cb_goal_cb_log_exp__F6_order

theorem cb_goal_cb_log_exp__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x) ↔ (¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_log_exp__F8_equivalent

theorem cb_goal_cb_exp_log__F6_order
    (u_Real_exp : ℝ → ℝ)
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_exp (u_Real_log x) = x) ↔ (∀ x : ℝ, shared_1 x → x = u_Real_exp (u_Real_log x)) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_log__F6_order

theorem cb_goal_cb_exp_log__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, 0 < x → shared_1 x) ↔ (∀ x : ℝ, ¬x ≤ 0 → shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_log__F8_equivalent

theorem cb_goal_cb_log_mul__F4_notation
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → y ≠ 0 → shared_2 x y) ↔ (∀ x y : ℝ, shared_1 x → ¬y = 0 → shared_2 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_log_mul__F4_notation

theorem cb_goal_cb_log_mul__F6_order
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → shared_1 y → u_Real_log (x * y) = u_Real_log x + u_Real_log y) ↔ (∀ x y : ℝ, shared_1 x → shared_1 y → u_Real_log (y * x) = u_Real_log x + u_Real_log y) := by
  certibench_equiv

#print axioms cb_goal_cb_log_mul__F6_order

theorem cb_goal_cb_log_mul__F8_equivalent
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → shared_1 y → shared_2 x y) ↔ (∀ x : ℝ, ¬∃ y : ℝ, ¬(shared_1 x → shared_1 y → shared_2 x y)) := by
  certibench_equiv

#print axioms cb_goal_cb_log_mul__F8_equivalent

theorem cb_goal_cb_log_lt_log__F6_order
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → shared_2 x y → shared_3 x y) ↔ (∀ x y : ℝ, shared_2 x y → shared_1 x → shared_3 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_log_lt_log__F6_order

theorem cb_goal_cb_log_lt_log__F8_equivalent
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → shared_2 x y → shared_3 x y) ↔ (∀ x y : ℝ, shared_1 x → ¬shared_2 x y ∨ shared_3 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_log_lt_log__F8_equivalent

theorem cb_goal_cb_log_le_sub_one_of_pos__F6_order
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_log x ≤ x - 1) ↔ (∀ x : ℝ, shared_1 x → x - 1 ≥ u_Real_log x) := by
  certibench_equiv

#print axioms cb_goal_cb_log_le_sub_one_of_pos__F6_order

theorem cb_goal_cb_log_le_sub_one_of_pos__F8_equivalent
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → shared_2 x) ↔ (∀ x : ℝ, ¬shared_1 x ∨ shared_2 x) := by
  certibench_equiv

#print axioms cb_goal_cb_log_le_sub_one_of_pos__F8_equivalent

theorem cb_goal_cb_log_pos__F8_equivalent
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → shared_2 x) ↔ (∀ x : ℝ, ¬shared_2 x → ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_log_pos__F8_equivalent

theorem cb_goal_cb_log_nonneg__F8_equivalent
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → shared_2 x) ↔ (¬∃ x : ℝ, ¬(shared_1 x → shared_2 x)) := by
  certibench_equiv

#print axioms cb_goal_cb_log_nonneg__F8_equivalent

theorem cb_goal_cb_sin_sq_add_cos_sq__F4_notation
    (u_Real_cos : ℝ → ℝ)
    (u_Real_sin : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_sin x ^ 2 + u_Real_cos x ^ 2 = 1) ↔ (∀ x : ℝ, u_Real_sin x ^ 2 + u_Real_cos x * u_Real_cos x = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_sq_add_cos_sq__F4_notation

theorem cb_goal_cb_sin_sq_add_cos_sq__F6_order
    (u_Real_cos : ℝ → ℝ)
    (u_Real_sin : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_sin x ^ 2 + u_Real_cos x ^ 2 = 1) ↔ (∀ x : ℝ, u_Real_cos x ^ 2 + u_Real_sin x ^ 2 = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_sq_add_cos_sq__F6_order

theorem cb_goal_cb_sin_sq_add_cos_sq__F8_equivalent
    (u_Real_cos : ℝ → ℝ)
    (u_Real_sin : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x) ↔ (¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_sq_add_cos_sq__F8_equivalent

theorem cb_goal_cb_sin_le_one__F8_equivalent
    (u_Real_sin : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_sin x ≤ 1) ↔ (∀ x : ℝ, ¬1 < u_Real_sin x) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_le_one__F8_equivalent

theorem cb_goal_cb_neg_one_le_cos__F8_equivalent
    (u_Real_cos : ℝ → ℝ) :
    (∀ x : ℝ, -1 ≤ u_Real_cos x) ↔ (∀ x : ℝ, ¬u_Real_cos x < -1) := by
  certibench_equiv

#print axioms cb_goal_cb_neg_one_le_cos__F8_equivalent

theorem cb_goal_cb_cos_le_one__F8_equivalent
    (u_Real_cos : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_cos x ≤ 1) ↔ (∀ x : ℝ, u_Real_cos x < 1 ∨ u_Real_cos x = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_cos_le_one__F8_equivalent

theorem cb_goal_cb_abs_sin_le_one__F7_unpack
    (u_Real_sin : ℝ → ℝ) :
    (∀ x : ℝ, |u_Real_sin x| ≤ 1) ↔ (∀ x : ℝ, -1 ≤ u_Real_sin x ∧ u_Real_sin x ≤ 1) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_sin_le_one__F7_unpack

theorem cb_goal_cb_abs_sin_le_one__F8_equivalent
    (u_Real_sin : ℝ → ℝ) :
    (∀ x : ℝ, |u_Real_sin x| ≤ 1) ↔ (∀ x : ℝ, |u_Real_sin x| < 1 ∨ |u_Real_sin x| = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_sin_le_one__F8_equivalent

theorem cb_goal_cb_cos_neg__F6_order
    (u_Real_cos : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_cos (-x) = u_Real_cos x) ↔ (∀ x : ℝ, u_Real_cos x = u_Real_cos (-x)) := by
  certibench_equiv

#print axioms cb_goal_cb_cos_neg__F6_order

theorem cb_goal_cb_cos_neg__F8_equivalent
    (u_Real_cos : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x) ↔ (¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_cos_neg__F8_equivalent

theorem cb_goal_cb_sin_neg__F6_order
    (u_Real_sin : ℝ → ℝ) :
    (∀ x : ℝ, u_Real_sin (-x) = -u_Real_sin x) ↔ (∀ x : ℝ, -u_Real_sin x = u_Real_sin (-x)) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_neg__F6_order

theorem cb_goal_cb_sin_neg__F8_equivalent
    (u_Real_sin : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x) ↔ (¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_neg__F8_equivalent

theorem cb_goal_cb_sin_lt__F6_order
    (u_Real_sin : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_sin x < x) ↔ (∀ x : ℝ, shared_1 x → x > u_Real_sin x) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_lt__F6_order

theorem cb_goal_cb_sin_lt__F8_equivalent
    (u_Real_sin : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → u_Real_sin x < x) ↔ (∀ x : ℝ, shared_1 x → ¬x ≤ u_Real_sin x) := by
  certibench_equiv

#print axioms cb_goal_cb_sin_lt__F8_equivalent

theorem cb_goal_cb_pi_pos__F8_equivalent
    (u_Real_pi : ℝ) :
    (0 < u_Real_pi) ↔ (¬u_Real_pi ≤ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_pi_pos__F8_equivalent

theorem cb_goal_cb_pi_gt_three__F8_equivalent
    (u_Real_pi : ℝ) :
    (3 < u_Real_pi) ↔ (¬u_Real_pi ≤ 3) := by
  certibench_equiv

#print axioms cb_goal_cb_pi_gt_three__F8_equivalent

theorem cb_goal_cb_exists_nat_gt__F8_equivalent
    (shared_1 : ℝ → ℕ → Prop) :
    (∀ x : ℝ, ∃ n : ℕ, shared_1 x n) ↔ (∀ x : ℝ, ¬∀ n : ℕ, ¬shared_1 x n) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_nat_gt__F8_equivalent

theorem cb_goal_cb_exists_nat_one_div_lt__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ ε : ℝ, shared_1 ε → ∃ n : ℕ, 1 / ((n : ℝ) + 1) < ε) ↔ (∀ ε : ℝ, shared_1 ε → ∃ n : ℕ, 1 * ((n : ℝ) + 1)⁻¹ < ε) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_nat_one_div_lt__F4_notation

theorem cb_goal_cb_exists_nat_one_div_lt__F6_order
    (shared_1 : ℝ → Prop) :
    (∀ ε : ℝ, shared_1 ε → ∃ n : ℕ, 1 / ((n : ℝ) + 1) < ε) ↔ (∀ ε : ℝ, shared_1 ε → ∃ n : ℕ, ε > 1 / ((n : ℝ) + 1)) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_nat_one_div_lt__F6_order

theorem cb_goal_cb_exists_nat_one_div_lt__F8_equivalent
    (shared_1 : ℕ → ℝ → Prop) :
    (∀ ε : ℝ, 0 < ε → ∃ n : ℕ, shared_1 n ε) ↔ (∀ ε : ℝ, ¬ε ≤ 0 → ∃ n : ℕ, shared_1 n ε) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_nat_one_div_lt__F8_equivalent

theorem cb_goal_cb_half_lt_self__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → a / 2 < a) ↔ (∀ a : ℝ, shared_1 a → a * 2⁻¹ < a) := by
  certibench_equiv

#print axioms cb_goal_cb_half_lt_self__F4_notation

theorem cb_goal_cb_half_lt_self__F6_order
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → a / 2 < a) ↔ (∀ a : ℝ, shared_1 a → a > a / 2) := by
  certibench_equiv

#print axioms cb_goal_cb_half_lt_self__F6_order

theorem cb_goal_cb_half_lt_self__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, 0 < a → shared_1 a) ↔ (∀ a : ℝ, ¬a ≤ 0 → shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_half_lt_self__F8_equivalent

theorem cb_goal_cb_exists_smaller_pos__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ ε : ℝ, shared_1 ε → ∃ δ : ℝ, shared_2 δ ∧ δ < ε) ↔ (∀ ε : ℝ, shared_1 ε → ∃ δ : ℝ, shared_2 δ ∧ ε > δ) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_smaller_pos__F6_order

theorem cb_goal_cb_exists_smaller_pos__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ ε : ℝ, shared_1 ε → ∃ δ : ℝ, shared_2 δ ∧ shared_3 δ ε) ↔ (∀ ε : ℝ, shared_1 ε → ¬∀ δ : ℝ, ¬(shared_2 δ ∧ shared_3 δ ε)) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_smaller_pos__F8_equivalent

theorem cb_goal_cb_abs_sub_lt_iff__F6_order
    (shared_1 : ℝ → ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a b c ↔ shared_2 a b c ∧ b - a < c) ↔ (∀ a b c : ℝ, shared_1 a b c ↔ shared_2 a b c ∧ c > b - a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_sub_lt_iff__F6_order

theorem cb_goal_cb_abs_sub_lt_iff__F8_equivalent
    (shared_1 : ℝ → ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a b c ↔ shared_2 a b c ∧ b - a < c) ↔ (∀ a b c : ℝ, shared_1 a b c ↔ shared_2 a b c ∧ ¬c ≤ b - a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_sub_lt_iff__F8_equivalent

theorem cb_goal_cb_sqrt_pos_of_pos__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → shared_2 x) ↔ (∀ x : ℝ, ¬shared_2 x → ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_pos_of_pos__F8_equivalent

theorem cb_goal_cb_exp_lt_exp_of_lt__F6_order
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, x < y → shared_1 x y) ↔ (∀ x y : ℝ, y > x → shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_lt_exp_of_lt__F6_order

theorem cb_goal_cb_exp_lt_exp_of_lt__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x y → shared_2 x y) ↔ (∀ x y : ℝ, ¬shared_2 x y → ¬shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_lt_exp_of_lt__F8_equivalent

theorem cb_goal_cb_exists_sqrt__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x : ℝ, shared_1 x → ∃ y : ℝ, shared_1 y ∧ shared_2 y x) ↔ (∀ x : ℝ, shared_1 x → ∃ y : ℝ, shared_2 y x ∧ shared_1 y) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_sqrt__F6_order

theorem cb_goal_cb_exists_sqrt__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x : ℝ, 0 ≤ x → ∃ y : ℝ, shared_1 y ∧ shared_2 y x) ↔ (∀ x : ℝ, ¬x < 0 → ∃ y : ℝ, shared_1 y ∧ shared_2 y x) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_sqrt__F8_equivalent

theorem cb_goal_cb_exp_pos_forall__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (∀ x : ℝ, shared_1 x) ↔ (¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_exp_pos_forall__F8_equivalent

theorem cb_goal_cb_log_lt_log_imp__F6_order
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x → x < y → shared_2 x y) ↔ (∀ x y : ℝ, shared_1 x → y > x → shared_2 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_log_lt_log_imp__F6_order

theorem cb_goal_cb_log_lt_log_imp__F8_equivalent
    (u_Real_log : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, 0 < x → shared_1 x y → shared_2 x y) ↔ (∀ x y : ℝ, ¬x ≤ 0 → shared_1 x y → shared_2 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_log_lt_log_imp__F8_equivalent

theorem cb_goal_cb_not_forall_exp_le_one__F8_equivalent
    (u_Real_exp : ℝ → ℝ)
    (shared_1 : ℝ → Prop) :
    (¬∀ x : ℝ, shared_1 x) ↔ (¬¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_not_forall_exp_le_one__F8_equivalent

theorem cb_goal_cb_sqrt_le_sqrt_imp__F6_order
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x y → u_Real_sqrt x ≤ u_Real_sqrt y) ↔ (∀ x y : ℝ, shared_1 x y → u_Real_sqrt y ≥ u_Real_sqrt x) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_le_sqrt_imp__F6_order

theorem cb_goal_cb_sqrt_le_sqrt_imp__F8_equivalent
    (u_Real_sqrt : ℝ → ℝ)
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ x y : ℝ, shared_1 x y → shared_2 x y) ↔ (∀ x y : ℝ, ¬shared_2 x y → ¬shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_sqrt_le_sqrt_imp__F8_equivalent

theorem cb_goal_cb_factorial_pos__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_pos__F8_equivalent

theorem cb_goal_cb_self_le_factorial__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_self_le_factorial__F8_equivalent

theorem cb_goal_cb_factorial_le__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m ≤ n → shared_1 m n) ↔ (∀ m n : ℕ, n ≥ m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_le__F6_order

theorem cb_goal_cb_factorial_le__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → shared_2 m n) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬(shared_1 m n → shared_2 m n)) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_le__F8_equivalent

theorem cb_goal_cb_factorial_succ__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_succ__F8_equivalent

theorem cb_goal_cb_dvd_factorial__F4_notation
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < m → shared_1 m n → shared_2 m n) ↔ (∀ m n : ℕ, m ≠ 0 → shared_1 m n → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_factorial__F4_notation

theorem cb_goal_cb_dvd_factorial__F6_order
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m → m ≤ n → shared_2 m n) ↔ (∀ m n : ℕ, shared_1 m → n ≥ m → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_factorial__F6_order

theorem cb_goal_cb_dvd_factorial__F7_unpack
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < m → shared_1 m n → shared_2 m n) ↔ (∀ m n : ℕ, 0 + 1 ≤ m → shared_1 m n → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_factorial__F7_unpack

theorem cb_goal_cb_dvd_factorial__F8_equivalent
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m → shared_2 m n → shared_3 m n) ↔ (∀ m n : ℕ, ¬shared_1 m ∨ (shared_2 m n → shared_3 m n)) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_factorial__F8_equivalent

theorem cb_goal_cb_factorial_lt__F4_notation
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < n → (shared_1 n m ↔ shared_2 n m)) ↔ (∀ m n : ℕ, n ≠ 0 → (shared_1 n m ↔ shared_2 n m)) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_lt__F4_notation

theorem cb_goal_cb_factorial_lt__F6_order
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 n → (shared_2 n m ↔ n < m)) ↔ (∀ m n : ℕ, shared_1 n → (shared_2 n m ↔ m > n)) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_lt__F6_order

theorem cb_goal_cb_factorial_lt__F7_unpack
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < n → (shared_1 n m ↔ shared_2 n m)) ↔ (∀ m n : ℕ, 0 + 1 ≤ n → (shared_1 n m ↔ shared_2 n m)) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_lt__F7_unpack

theorem cb_goal_cb_factorial_lt__F8_equivalent
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 n → (shared_2 n m ↔ shared_3 n m)) ↔ (∀ m n : ℕ, ¬shared_1 n ∨ (shared_2 n m ↔ shared_3 n m)) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_lt__F8_equivalent

theorem cb_goal_cb_lt_factorial_self__F8_equivalent
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → shared_2 n) ↔ (∀ n : ℕ, ¬shared_1 n ∨ shared_2 n) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_factorial_self__F8_equivalent

theorem cb_goal_cb_choose_symm__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → u_Nat_choose n (n - k) = u_Nat_choose n k) ↔ (∀ n k : ℕ, shared_1 k n → u_Nat_choose n k = u_Nat_choose n (n - k)) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_symm__F6_order

theorem cb_goal_cb_choose_symm__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, k ≤ n → shared_1 n k) ↔ (∀ n k : ℕ, ¬n < k → shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_symm__F8_equivalent

theorem cb_goal_cb_choose_symm_add__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ m n : ℕ, u_Nat_choose (m + n) m = u_Nat_choose (m + n) n) ↔ (∀ m n : ℕ, u_Nat_choose (m + n) m = u_Nat_choose (n + m) n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_symm_add__F6_order

theorem cb_goal_cb_choose_symm_add__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_symm_add__F8_equivalent

theorem cb_goal_cb_choose_self__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_self__F8_equivalent

theorem cb_goal_cb_choose_zero_right__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_zero_right__F8_equivalent

theorem cb_goal_cb_choose_one_right__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ n : ℕ, u_Nat_choose n 1 = n) ↔ (∀ n : ℕ, n = u_Nat_choose n 1) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_one_right__F6_order

theorem cb_goal_cb_choose_one_right__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_one_right__F8_equivalent

theorem cb_goal_cb_choose_two_right__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ n : ℕ, u_Nat_choose n 2 = n * (n - 1) / 2) ↔ (∀ n : ℕ, u_Nat_choose n 2 = (n - 1) * n / 2) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_two_right__F6_order

theorem cb_goal_cb_choose_two_right__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_two_right__F8_equivalent

theorem cb_goal_cb_choose_succ_self_right__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ n : ℕ, u_Nat_choose (n + 1) n = n + 1) ↔ (∀ n : ℕ, u_Nat_choose (1 + n) n = n + 1) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_succ_self_right__F6_order

theorem cb_goal_cb_choose_succ_self_right__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_succ_self_right__F8_equivalent

theorem cb_goal_cb_choose_eq_zero_of_lt__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, n < k → shared_1 n k) ↔ (∀ n k : ℕ, k > n → shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_eq_zero_of_lt__F6_order

theorem cb_goal_cb_choose_eq_zero_of_lt__F7_unpack
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, n < k → shared_1 n k) ↔ (∀ n k : ℕ, n + 1 ≤ k → shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_eq_zero_of_lt__F7_unpack

theorem cb_goal_cb_choose_eq_zero_of_lt__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 n k → shared_2 n k) ↔ (∀ n k : ℕ, ¬shared_1 n k ∨ shared_2 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_eq_zero_of_lt__F8_equivalent

theorem cb_goal_cb_choose_pos__F4_notation
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → 0 < u_Nat_choose n k) ↔ (∀ n k : ℕ, shared_1 k n → u_Nat_choose n k ≠ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos__F4_notation

theorem cb_goal_cb_choose_pos__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, k ≤ n → shared_1 n k) ↔ (∀ n k : ℕ, n ≥ k → shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos__F6_order

theorem cb_goal_cb_choose_pos__F7_unpack
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → 0 < u_Nat_choose n k) ↔ (∀ n k : ℕ, shared_1 k n → 0 + 1 ≤ u_Nat_choose n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos__F7_unpack

theorem cb_goal_cb_choose_pos__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → 0 < u_Nat_choose n k) ↔ (∀ n k : ℕ, shared_1 k n → ¬u_Nat_choose n k ≤ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos__F8_equivalent

theorem cb_goal_cb_choose_succ_succ__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ n k : ℕ, u_Nat_choose (n + 1) (k + 1) = u_Nat_choose n k + u_Nat_choose n (k + 1)) ↔ (∀ n k : ℕ, u_Nat_choose n k + u_Nat_choose n (k + 1) = u_Nat_choose (n + 1) (k + 1)) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_succ_succ__F6_order

theorem cb_goal_cb_choose_succ_succ__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 n k) ↔ (¬∃ n : ℕ, ¬∀ k : ℕ, shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_succ_succ__F8_equivalent

theorem cb_goal_cb_choose_mul_factorial_mul_factorial__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → shared_2 n k) ↔ (∀ n k : ℕ, ¬shared_1 k n ∨ shared_2 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_mul_factorial_mul_factorial__F8_equivalent

theorem cb_goal_cb_succ_mul_choose_eq__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ n k : ℕ, (n + 1) * u_Nat_choose n k = u_Nat_choose (n + 1) (k + 1) * (k + 1)) ↔ (∀ n k : ℕ, (1 + n) * u_Nat_choose n k = u_Nat_choose (n + 1) (k + 1) * (k + 1)) := by
  certibench_equiv

#print axioms cb_goal_cb_succ_mul_choose_eq__F6_order

theorem cb_goal_cb_succ_mul_choose_eq__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 n k) ↔ (¬∃ n : ℕ, ¬∀ k : ℕ, shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_succ_mul_choose_eq__F8_equivalent

theorem cb_goal_cb_choose_le_middle__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ r n : ℕ, u_Nat_choose n r ≤ u_Nat_choose n (n / 2)) ↔ (∀ r n : ℕ, u_Nat_choose n (n / 2) ≥ u_Nat_choose n r) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_le_middle__F6_order

theorem cb_goal_cb_choose_le_middle__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ r n : ℕ, u_Nat_choose n r ≤ u_Nat_choose n (n / 2)) ↔ (∀ r n : ℕ, ¬u_Nat_choose n (n / 2) < u_Nat_choose n r) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_le_middle__F8_equivalent

theorem cb_goal_cb_finset_card_range__F8_equivalent
    (u_Finset_card : Finset ℕ → ℕ)
    (u_Finset_range : ℕ → Finset ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_card_range__F8_equivalent

theorem cb_goal_cb_finset_mem_range__F6_order
    (u_Finset_range : ℕ → Finset ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n ↔ m < n) ↔ (∀ m n : ℕ, shared_1 m n ↔ n > m) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_mem_range__F6_order

theorem cb_goal_cb_finset_mem_range__F7_unpack
    (u_Finset_range : ℕ → Finset ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n ↔ m < n) ↔ (∀ m n : ℕ, shared_1 m n ↔ m + 1 ≤ n) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_mem_range__F7_unpack

theorem cb_goal_cb_finset_mem_range__F8_equivalent
    (u_Finset_range : ℕ → Finset ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n ↔ m < n) ↔ (∀ m n : ℕ, shared_1 m n ↔ ¬n ≤ m) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_mem_range__F8_equivalent

theorem cb_goal_cb_finset_range_subset__F6_order
    (u_Finset_range : ℕ → Finset ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 n m ↔ n ≤ m) ↔ (∀ m n : ℕ, shared_1 n m ↔ m ≥ n) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_range_subset__F6_order

theorem cb_goal_cb_finset_range_subset__F8_equivalent
    (u_Finset_range : ℕ → Finset ℕ)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 n m ↔ shared_2 n m) ↔ (¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 n m ↔ shared_2 n m) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_range_subset__F8_equivalent

theorem cb_goal_cb_nat_card_Icc__F8_equivalent
    (u_Finset_Icc : ℕ → ℕ → Finset ℕ)
    (u_Finset_card : Finset ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b : ℕ, shared_1 a b) ↔ (∀ a : ℕ, ¬∃ b : ℕ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_card_Icc__F8_equivalent

theorem cb_goal_cb_nat_card_Ico__F8_equivalent
    (u_Finset_Ico : ℕ → ℕ → Finset ℕ)
    (u_Finset_card : Finset ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b : ℕ, shared_1 a b) ↔ (∀ a : ℕ, ¬∃ b : ℕ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_card_Ico__F8_equivalent

theorem cb_goal_cb_finset_mem_Icc__F6_order
    (u_Finset_Icc : ℕ → ℕ → Finset ℕ)
    (shared_1 : ℕ → ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, shared_1 a b c ↔ shared_2 b a ∧ a ≤ c) ↔ (∀ a b c : ℕ, shared_1 a b c ↔ shared_2 b a ∧ c ≥ a) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_mem_Icc__F6_order

theorem cb_goal_cb_finset_mem_Icc__F8_equivalent
    (u_Finset_Icc : ℕ → ℕ → Finset ℕ)
    (shared_1 : ℕ → ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, shared_1 a b c ↔ shared_2 b a ∧ a ≤ c) ↔ (∀ a b c : ℕ, shared_1 a b c ↔ shared_2 b a ∧ (a < c ∨ a = c)) := by
  certibench_equiv

#print axioms cb_goal_cb_finset_mem_Icc__F8_equivalent

theorem cb_goal_cb_choose_pos_imp__F4_notation
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → 0 < u_Nat_choose n k) ↔ (∀ n k : ℕ, shared_1 k n → u_Nat_choose n k ≠ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos_imp__F4_notation

theorem cb_goal_cb_choose_pos_imp__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, k ≤ n → shared_1 n k) ↔ (∀ n k : ℕ, n ≥ k → shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos_imp__F6_order

theorem cb_goal_cb_choose_pos_imp__F7_unpack
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → 0 < u_Nat_choose n k) ↔ (∀ n k : ℕ, shared_1 k n → 0 + 1 ≤ u_Nat_choose n k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos_imp__F7_unpack

theorem cb_goal_cb_choose_pos_imp__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → shared_2 n k) ↔ (∀ n k : ℕ, ¬shared_2 n k → ¬shared_1 k n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_pos_imp__F8_equivalent

theorem cb_goal_cb_factorial_le_imp__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m ≤ n → shared_1 m n) ↔ (∀ m n : ℕ, n ≥ m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_le_imp__F6_order

theorem cb_goal_cb_factorial_le_imp__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m ≤ n → shared_1 m n) ↔ (∀ m n : ℕ, m < n ∨ m = n → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_le_imp__F8_equivalent

theorem cb_goal_cb_factorial_dvd_factorial__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m ≤ n → shared_1 m n) ↔ (∀ m n : ℕ, n ≥ m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_dvd_factorial__F6_order

theorem cb_goal_cb_factorial_dvd_factorial__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m ≤ n → shared_1 m n) ↔ (∀ m n : ℕ, ¬n < m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_dvd_factorial__F8_equivalent

theorem cb_goal_cb_factorial_mul_factorial_dvd_factorial__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, k ≤ n → shared_1 k n) ↔ (∀ n k : ℕ, n ≥ k → shared_1 k n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_mul_factorial_dvd_factorial__F6_order

theorem cb_goal_cb_factorial_mul_factorial_dvd_factorial__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 k n → shared_2 k n) ↔ (¬∃ n : ℕ, ¬∀ k : ℕ, shared_1 k n → shared_2 k n) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_mul_factorial_dvd_factorial__F8_equivalent

theorem cb_goal_cb_choose_eq_zero_iff__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 n k ↔ n < k) ↔ (∀ n k : ℕ, shared_1 n k ↔ k > n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_eq_zero_iff__F6_order

theorem cb_goal_cb_choose_eq_zero_iff__F7_unpack
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 n k ↔ n < k) ↔ (∀ n k : ℕ, shared_1 n k ↔ n + 1 ≤ k) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_eq_zero_iff__F7_unpack

theorem cb_goal_cb_choose_eq_zero_iff__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 n k ↔ n < k) ↔ (∀ n k : ℕ, shared_1 n k ↔ ¬k ≤ n) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_eq_zero_iff__F8_equivalent

theorem cb_goal_cb_one_lt_factorial__F7_unpack
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n ↔ 1 < n) ↔ (∀ n : ℕ, shared_1 n ↔ 1 + 1 ≤ n) := by
  certibench_equiv

#print axioms cb_goal_cb_one_lt_factorial__F7_unpack

theorem cb_goal_cb_one_lt_factorial__F8_equivalent
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n ↔ shared_2 n) ↔ (¬∃ n : ℕ, ¬(shared_1 n ↔ shared_2 n)) := by
  certibench_equiv

#print axioms cb_goal_cb_one_lt_factorial__F8_equivalent

theorem cb_goal_cb_factorial_eq_one__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n ↔ n ≤ 1) ↔ (∀ n : ℕ, shared_1 n ↔ n < 1 ∨ n = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_factorial_eq_one__F8_equivalent

theorem cb_goal_cb_choose_le_succ__F6_order
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ a c : ℕ, u_Nat_choose a c ≤ u_Nat_choose (a + 1) c) ↔ (∀ a c : ℕ, u_Nat_choose a c ≤ u_Nat_choose (1 + a) c) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_le_succ__F6_order

theorem cb_goal_cb_choose_le_succ__F8_equivalent
    (u_Nat_choose : ℕ → ℕ → ℕ) :
    (∀ a c : ℕ, u_Nat_choose a c ≤ u_Nat_choose (a + 1) c) ↔ (∀ a c : ℕ, ¬u_Nat_choose (a + 1) c < u_Nat_choose a c) := by
  certibench_equiv

#print axioms cb_goal_cb_choose_le_succ__F8_equivalent

theorem cb_goal_cb_prime_two_le__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p) ↔ (∀ p : ℕ, ¬shared_1 p → ¬u_Nat_Prime p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_two_le__F8_equivalent

theorem cb_goal_cb_prime_one_lt__F7_unpack
    (u_Nat_Prime : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → 1 < p) ↔ (∀ p : ℕ, u_Nat_Prime p → 1 + 1 ≤ p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_one_lt__F7_unpack

theorem cb_goal_cb_prime_one_lt__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p) ↔ (∀ p : ℕ, ¬u_Nat_Prime p ∨ shared_1 p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_one_lt__F8_equivalent

theorem cb_goal_cb_prime_pos__F4_notation
    (u_Nat_Prime : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → 0 < p) ↔ (∀ p : ℕ, u_Nat_Prime p → p ≠ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_pos__F4_notation

theorem cb_goal_cb_prime_pos__F7_unpack
    (u_Nat_Prime : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → 0 < p) ↔ (∀ p : ℕ, u_Nat_Prime p → 0 + 1 ≤ p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_pos__F7_unpack

theorem cb_goal_cb_prime_pos__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p) ↔ (¬∃ p : ℕ, ¬(u_Nat_Prime p → shared_1 p)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_pos__F8_equivalent

theorem cb_goal_cb_prime_eq_one_or_self_of_dvd__F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ p a : ℕ, u_Nat_Prime p → a ∣ p → shared_1 a ∨ shared_2 a p) ↔ (∀ p a : ℕ, u_Nat_Prime p → p % a = 0 → shared_1 a ∨ shared_2 a p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_one_or_self_of_dvd__F4_notation

theorem cb_goal_cb_prime_eq_one_or_self_of_dvd__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ p a : ℕ, u_Nat_Prime p → shared_1 a p → shared_2 a ∨ shared_3 a p) ↔ (∀ p a : ℕ, shared_1 a p → u_Nat_Prime p → shared_2 a ∨ shared_3 a p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_one_or_self_of_dvd__F6_order

theorem cb_goal_cb_prime_eq_one_or_self_of_dvd__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ p a : ℕ, u_Nat_Prime p → shared_1 a p → shared_2 a ∨ shared_3 a p) ↔ (∀ p a : ℕ, u_Nat_Prime p → ¬(shared_2 a ∨ shared_3 a p) → ¬shared_1 a p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_one_or_self_of_dvd__F8_equivalent

theorem cb_goal_cb_prime_dvd_mul__F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ p m n : ℕ, u_Nat_Prime p → (shared_1 p m n ↔ p ∣ m ∨ shared_2 p n)) ↔ (∀ p m n : ℕ, u_Nat_Prime p → (shared_1 p m n ↔ m % p = 0 ∨ shared_2 p n)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_dvd_mul__F4_notation

theorem cb_goal_cb_prime_dvd_mul__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ p m n : ℕ, u_Nat_Prime p → (p ∣ m * n ↔ shared_1 p m ∨ shared_1 p n)) ↔ (∀ p m n : ℕ, u_Nat_Prime p → (p ∣ n * m ↔ shared_1 p m ∨ shared_1 p n)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_dvd_mul__F6_order

theorem cb_goal_cb_prime_dvd_mul__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ p m n : ℕ, u_Nat_Prime p → (shared_1 p m n ↔ shared_2 p m ∨ shared_2 p n)) ↔ (∀ p m : ℕ, ¬∃ n : ℕ, ¬(u_Nat_Prime p → (shared_1 p m n ↔ shared_2 p m ∨ shared_2 p n))) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_dvd_mul__F8_equivalent

theorem cb_goal_cb_prime_eq_two_or_odd__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ shared_2 p) ↔ (∀ p : ℕ, u_Nat_Prime p → shared_2 p ∨ shared_1 p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_two_or_odd__F6_order

theorem cb_goal_cb_prime_eq_two_or_odd__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ shared_2 p) ↔ (¬∃ p : ℕ, ¬(u_Nat_Prime p → shared_1 p ∨ shared_2 p)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_two_or_odd__F8_equivalent

theorem cb_goal_cb_prime_eq_two_or_odd___F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_odd_iff_mod_two : ∀ n : ℕ, u_Odd n ↔ n % 2 = 1) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ u_Odd p) ↔ (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ p % 2 = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_two_or_odd___F4_notation

theorem cb_goal_cb_prime_eq_two_or_odd___F6_order
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ u_Odd p) ↔ (∀ p : ℕ, u_Nat_Prime p → u_Odd p ∨ shared_1 p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_two_or_odd___F6_order

theorem cb_goal_cb_prime_eq_two_or_odd___F7_unpack
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_odd_def : ∀ n : ℕ, u_Odd n ↔ ∃ m : ℕ, n = 2 * m + 1) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ u_Odd p) ↔ (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ ∃ m : ℕ, p = 2 * m + 1) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_two_or_odd___F7_unpack

theorem cb_goal_cb_prime_eq_two_or_odd___F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p ∨ u_Odd p) ↔ (∀ p : ℕ, ¬u_Nat_Prime p ∨ shared_1 p ∨ u_Odd p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_eq_two_or_odd___F8_equivalent

theorem cb_goal_cb_exists_infinite_primes__F6_order
    (u_Nat_Prime : ℕ → Prop) :
    (∀ n : ℕ, ∃ p : ℕ, n ≤ p ∧ u_Nat_Prime p) ↔ (∀ n : ℕ, ∃ p : ℕ, p ≥ n ∧ u_Nat_Prime p) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_infinite_primes__F6_order

theorem cb_goal_cb_exists_infinite_primes__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n : ℕ, ∃ p : ℕ, shared_1 n p ∧ u_Nat_Prime p) ↔ (¬∃ n : ℕ, ¬∃ p : ℕ, shared_1 n p ∧ u_Nat_Prime p) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_infinite_primes__F8_equivalent

theorem cb_goal_cb_prime_dvd_of_dvd_pow__F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → ℕ → Prop) :
    (∀ p m n : ℕ, u_Nat_Prime p → shared_1 p m n → p ∣ m) ↔ (∀ p m n : ℕ, u_Nat_Prime p → shared_1 p m n → m % p = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_dvd_of_dvd_pow__F4_notation

theorem cb_goal_cb_prime_dvd_of_dvd_pow__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ p m n : ℕ, u_Nat_Prime p → shared_1 p m n → shared_2 p m) ↔ (∀ p m n : ℕ, shared_1 p m n → u_Nat_Prime p → shared_2 p m) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_dvd_of_dvd_pow__F6_order

theorem cb_goal_cb_prime_dvd_of_dvd_pow__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ p m n : ℕ, u_Nat_Prime p → shared_1 p m n → shared_2 p m) ↔ (¬∃ p : ℕ, ¬∀ m n : ℕ, u_Nat_Prime p → shared_1 p m n → shared_2 p m) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_dvd_of_dvd_pow__F8_equivalent

theorem cb_goal_cb_coprime_primes__F4_notation
    (u_Nat_Coprime : ℕ → ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop) :
    (∀ p q : ℕ, u_Nat_Prime p → u_Nat_Prime q → (u_Nat_Coprime p q ↔ p ≠ q)) ↔ (∀ p q : ℕ, u_Nat_Prime p → u_Nat_Prime q → (u_Nat_Coprime p q ↔ ¬p = q)) := by
  certibench_equiv

#print axioms cb_goal_cb_coprime_primes__F4_notation

theorem cb_goal_cb_coprime_primes__F6_order
    (u_Nat_Coprime : ℕ → ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop) :
    (∀ p q : ℕ, u_Nat_Prime p → u_Nat_Prime q → (u_Nat_Coprime p q ↔ p ≠ q)) ↔ (∀ p q : ℕ, u_Nat_Prime p → u_Nat_Prime q → (u_Nat_Coprime p q ↔ q ≠ p)) := by
  certibench_equiv

#print axioms cb_goal_cb_coprime_primes__F6_order

theorem cb_goal_cb_coprime_primes__F8_equivalent
    (u_Nat_Coprime : ℕ → ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ p q : ℕ, u_Nat_Prime p → u_Nat_Prime q → (u_Nat_Coprime p q ↔ shared_1 p q)) ↔ (∀ p q : ℕ, u_Nat_Prime p → ¬u_Nat_Prime q ∨ (u_Nat_Coprime p q ↔ shared_1 p q)) := by
  certibench_equiv

#print axioms cb_goal_cb_coprime_primes__F8_equivalent

theorem cb_goal_cb_mod_lt__F6_order
    (shared_1 : ℕ → Prop) :
    (∀ a b : ℕ, shared_1 b → a % b < b) ↔ (∀ a b : ℕ, shared_1 b → b > a % b) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_lt__F6_order

theorem cb_goal_cb_mod_lt__F7_unpack
    (shared_1 : ℕ → Prop) :
    (∀ a b : ℕ, shared_1 b → a % b < b) ↔ (∀ a b : ℕ, shared_1 b → a % b + 1 ≤ b) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_lt__F7_unpack

theorem cb_goal_cb_mod_lt__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ a b : ℕ, shared_1 b → a % b < b) ↔ (∀ a b : ℕ, shared_1 b → ¬b ≤ a % b) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_lt__F8_equivalent

theorem cb_goal_cb_mod_self__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_self__F8_equivalent

theorem cb_goal_cb_mod_mod__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a n : ℕ, shared_1 a n) ↔ (¬∃ a : ℕ, ¬∀ n : ℕ, shared_1 a n) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_mod__F8_equivalent

theorem cb_goal_cb_add_mod__F8_equivalent
    (shared_1 : ℕ → ℕ → ℕ → Prop) :
    (∀ a b n : ℕ, shared_1 a b n) ↔ (∀ a : ℕ, ¬∃ b : ℕ, ¬∀ n : ℕ, shared_1 a b n) := by
  certibench_equiv

#print axioms cb_goal_cb_add_mod__F8_equivalent

theorem cb_goal_cb_mul_mod__F8_equivalent
    (shared_1 : ℕ → ℕ → ℕ → Prop) :
    (∀ a b n : ℕ, shared_1 a b n) ↔ (∀ a : ℕ, ¬∃ b : ℕ, ¬∀ n : ℕ, shared_1 a b n) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_mod__F8_equivalent

theorem cb_goal_cb_mod_two_eq_zero_or_one__F4_notation
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, n % 2 = 0 ∨ shared_1 n) ↔ (∀ n : ℕ, 2 ∣ n ∨ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_two_eq_zero_or_one__F4_notation

theorem cb_goal_cb_mod_two_eq_zero_or_one__F6_order
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n ∨ shared_2 n) ↔ (∀ n : ℕ, shared_2 n ∨ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_two_eq_zero_or_one__F6_order

theorem cb_goal_cb_mod_two_eq_zero_or_one__F8_equivalent
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n ∨ shared_2 n) ↔ (¬∃ n : ℕ, ¬(shared_1 n ∨ shared_2 n)) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_two_eq_zero_or_one__F8_equivalent

theorem cb_goal_cb_int_emod_two_eq_zero_or_one__F4_notation
    (shared_1 : ℤ → Prop) :
    (∀ n : ℤ, n % 2 = 0 ∨ shared_1 n) ↔ (∀ n : ℤ, 2 ∣ n ∨ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_two_eq_zero_or_one__F4_notation

theorem cb_goal_cb_int_emod_two_eq_zero_or_one__F6_order
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → Prop) :
    (∀ n : ℤ, shared_1 n ∨ shared_2 n) ↔ (∀ n : ℤ, shared_2 n ∨ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_two_eq_zero_or_one__F6_order

theorem cb_goal_cb_int_emod_two_eq_zero_or_one__F8_equivalent
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → Prop) :
    (∀ n : ℤ, shared_1 n ∨ shared_2 n) ↔ (¬∃ n : ℤ, ¬(shared_1 n ∨ shared_2 n)) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_two_eq_zero_or_one__F8_equivalent

theorem cb_goal_cb_int_emod_emod_of_dvd__F4_notation
    (shared_1 : ℤ → ℤ → ℤ → Prop) :
    (∀ n m k : ℤ, m ∣ k → shared_1 n k m) ↔ (∀ n m k : ℤ, k % m = 0 → shared_1 n k m) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_emod_of_dvd__F4_notation

theorem cb_goal_cb_int_emod_emod_of_dvd__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ n m k : ℤ, shared_1 m k → n % k % m = n % m) ↔ (∀ n m k : ℤ, shared_1 m k → n % m = n % k % m) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_emod_of_dvd__F6_order

theorem cb_goal_cb_int_emod_emod_of_dvd__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → ℤ → Prop) :
    (∀ n m k : ℤ, shared_1 m k → shared_2 n k m) ↔ (∀ n : ℤ, ¬∃ m : ℤ, ¬∀ k : ℤ, shared_1 m k → shared_2 n k m) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_emod_of_dvd__F8_equivalent

theorem cb_goal_cb_int_emod_nonneg__F4_notation
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, b ≠ 0 → shared_1 a b) ↔ (∀ a b : ℤ, ¬b = 0 → shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_nonneg__F4_notation

theorem cb_goal_cb_int_emod_nonneg__F8_equivalent
    (shared_1 : ℤ → Prop) :
    (∀ a b : ℤ, shared_1 b → 0 ≤ a % b) ↔ (∀ a b : ℤ, shared_1 b → ¬a % b < 0) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_nonneg__F8_equivalent

theorem cb_goal_cb_int_emod_lt_of_pos__F6_order
    (shared_1 : ℤ → Prop) :
    (∀ a b : ℤ, shared_1 b → a % b < b) ↔ (∀ a b : ℤ, shared_1 b → b > a % b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_lt_of_pos__F6_order

theorem cb_goal_cb_int_emod_lt_of_pos__F7_unpack
    (shared_1 : ℤ → Prop) :
    (∀ a b : ℤ, shared_1 b → a % b < b) ↔ (∀ a b : ℤ, shared_1 b → a % b + 1 ≤ b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_lt_of_pos__F7_unpack

theorem cb_goal_cb_int_emod_lt_of_pos__F8_equivalent
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 b → shared_2 a b) ↔ (∀ a b : ℤ, ¬shared_1 b ∨ shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_lt_of_pos__F8_equivalent

theorem cb_goal_cb_mod_add_div__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m k : ℕ, shared_1 m k) ↔ (∀ m : ℕ, ¬∃ k : ℕ, ¬shared_1 m k) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_add_div__F8_equivalent

theorem cb_goal_cb_int_emod_add_ediv__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b) ↔ (∀ a : ℤ, ¬∃ b : ℤ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_emod_add_ediv__F8_equivalent

theorem cb_goal_cb_dvd_of_mod_eq_zero__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ k n : ℕ, shared_1 n k → shared_2 k n) ↔ (∀ k n : ℕ, ¬shared_2 k n → ¬shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_of_mod_eq_zero__F8_equivalent

theorem cb_goal_cb_mod_eq_zero_of_dvd__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ k n : ℕ, shared_1 k n → shared_2 n k) ↔ (∀ k n : ℕ, ¬shared_2 n k → ¬shared_1 k n) := by
  certibench_equiv

#print axioms cb_goal_cb_mod_eq_zero_of_dvd__F8_equivalent

theorem cb_goal_cb_dvd_refl__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ a : ℕ, shared_1 a) ↔ (¬∃ a : ℕ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_refl__F8_equivalent

theorem cb_goal_cb_dvd_trans__F4_notation
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, a ∣ b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : ℕ, b % a = 0 → shared_1 b c → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_trans__F4_notation

theorem cb_goal_cb_dvd_trans__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : ℕ, shared_1 b c → shared_1 a b → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_trans__F6_order

theorem cb_goal_cb_dvd_trans__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a : ℕ, ¬∃ b : ℕ, ¬∀ c : ℕ, shared_1 a b → shared_1 b c → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_trans__F8_equivalent

theorem cb_goal_cb_dvd_add__F4_notation
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b → shared_1 a c → a ∣ b + c) ↔ (∀ a b c : ℤ, shared_1 a b → shared_1 a c → (b + c) % a = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_add__F4_notation

theorem cb_goal_cb_dvd_add__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b → shared_1 a c → a ∣ b + c) ↔ (∀ a b c : ℤ, shared_1 a b → shared_1 a c → a ∣ c + b) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_add__F6_order

theorem cb_goal_cb_dvd_add__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b → shared_1 a c → shared_2 a b c) ↔ (∀ a b c : ℤ, ¬shared_1 a b ∨ (shared_1 a c → shared_2 a b c)) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_add__F8_equivalent

theorem cb_goal_cb_dvd_sub__F4_notation
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ k m n : ℕ, shared_1 k m → shared_1 k n → k ∣ m - n) ↔ (∀ k m n : ℕ, shared_1 k m → shared_1 k n → (m - n) % k = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_sub__F4_notation

theorem cb_goal_cb_dvd_sub__F6_order
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → ℕ → Prop) :
    (∀ k m n : ℕ, shared_1 k m → shared_1 k n → shared_2 k m n) ↔ (∀ k m n : ℕ, shared_1 k n → shared_1 k m → shared_2 k m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_sub__F6_order

theorem cb_goal_cb_dvd_sub__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → ℕ → Prop) :
    (∀ k m n : ℕ, shared_1 k m → shared_1 k n → shared_2 k m n) ↔ (∀ k : ℕ, ¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 k m → shared_1 k n → shared_2 k m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_sub__F8_equivalent

theorem cb_goal_cb_dvd_mul_right__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b : ℕ, shared_1 a b) ↔ (¬∃ a : ℕ, ¬∀ b : ℕ, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_mul_right__F8_equivalent

theorem cb_goal_cb_le_of_dvd__F4_notation
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < n → shared_1 m n → shared_2 m n) ↔ (∀ m n : ℕ, n ≠ 0 → shared_1 m n → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_dvd__F4_notation

theorem cb_goal_cb_le_of_dvd__F6_order
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 n → shared_2 m n → shared_3 m n) ↔ (∀ m n : ℕ, shared_2 m n → shared_1 n → shared_3 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_dvd__F6_order

theorem cb_goal_cb_le_of_dvd__F7_unpack
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < n → shared_1 m n → shared_2 m n) ↔ (∀ m n : ℕ, 0 + 1 ≤ n → shared_1 m n → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_dvd__F7_unpack

theorem cb_goal_cb_le_of_dvd__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < n → shared_1 m n → shared_2 m n) ↔ (∀ m n : ℕ, ¬n ≤ 0 → shared_1 m n → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_dvd__F8_equivalent

theorem cb_goal_cb_dvd_antisymm__F4_notation
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → n ∣ m → shared_2 m n) ↔ (∀ m n : ℕ, shared_1 m n → m % n = 0 → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_antisymm__F4_notation

theorem cb_goal_cb_dvd_antisymm__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → shared_1 n m → m = n) ↔ (∀ m n : ℕ, shared_1 m n → shared_1 n m → n = m) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_antisymm__F6_order

theorem cb_goal_cb_dvd_antisymm__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → shared_1 n m → shared_2 m n) ↔ (∀ m n : ℕ, ¬shared_1 m n ∨ (shared_1 n m → shared_2 m n)) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_antisymm__F8_equivalent

theorem cb_goal_cb_dvd_one__F4_notation
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, n ∣ 1 ↔ shared_1 n) ↔ (∀ n : ℕ, 1 % n = 0 ↔ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_one__F4_notation

theorem cb_goal_cb_dvd_one__F8_equivalent
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n ↔ shared_2 n) ↔ (¬∃ n : ℕ, ¬(shared_1 n ↔ shared_2 n)) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_one__F8_equivalent

theorem cb_goal_cb_gcd_comm__F6_order
    (u_Nat_gcd : ℕ → ℕ → ℕ) :
    (∀ m n : ℕ, u_Nat_gcd m n = u_Nat_gcd n m) ↔ (∀ m n : ℕ, u_Nat_gcd n m = u_Nat_gcd m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_comm__F6_order

theorem cb_goal_cb_gcd_comm__F8_equivalent
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_comm__F8_equivalent

theorem cb_goal_cb_gcd_dvd_left__F4_notation
    (u_Nat_gcd : ℕ → ℕ → ℕ) :
    (∀ m n : ℕ, u_Nat_gcd m n ∣ m) ↔ (∀ m n : ℕ, m % u_Nat_gcd m n = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_dvd_left__F4_notation

theorem cb_goal_cb_gcd_dvd_left__F8_equivalent
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_dvd_left__F8_equivalent

theorem cb_goal_cb_gcd_dvd_right__F4_notation
    (u_Nat_gcd : ℕ → ℕ → ℕ) :
    (∀ m n : ℕ, u_Nat_gcd m n ∣ n) ↔ (∀ m n : ℕ, n % u_Nat_gcd m n = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_dvd_right__F4_notation

theorem cb_goal_cb_gcd_dvd_right__F8_equivalent
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_dvd_right__F8_equivalent

theorem cb_goal_cb_dvd_gcd__F4_notation
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → ℕ → Prop) :
    (∀ k m n : ℕ, k ∣ m → shared_1 k n → shared_2 k m n) ↔ (∀ k m n : ℕ, m % k = 0 → shared_1 k n → shared_2 k m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_gcd__F4_notation

theorem cb_goal_cb_dvd_gcd__F6_order
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → ℕ → Prop) :
    (∀ k m n : ℕ, shared_1 k m → shared_1 k n → shared_2 k m n) ↔ (∀ k m n : ℕ, shared_1 k n → shared_1 k m → shared_2 k m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_gcd__F6_order

theorem cb_goal_cb_dvd_gcd__F8_equivalent
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → ℕ → Prop) :
    (∀ k m n : ℕ, shared_1 k m → shared_1 k n → shared_2 k m n) ↔ (∀ k m n : ℕ, shared_1 k m → ¬shared_1 k n ∨ shared_2 k m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_gcd__F8_equivalent

theorem cb_goal_cb_gcd_le_left__F4_notation
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < m → shared_1 m n) ↔ (∀ m n : ℕ, m ≠ 0 → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_le_left__F4_notation

theorem cb_goal_cb_gcd_le_left__F6_order
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m → u_Nat_gcd m n ≤ m) ↔ (∀ m n : ℕ, shared_1 m → m ≥ u_Nat_gcd m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_le_left__F6_order

theorem cb_goal_cb_gcd_le_left__F7_unpack
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, 0 < m → shared_1 m n) ↔ (∀ m n : ℕ, 0 + 1 ≤ m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_le_left__F7_unpack

theorem cb_goal_cb_gcd_le_left__F8_equivalent
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m → shared_2 m n) ↔ (¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 m → shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_le_left__F8_equivalent

theorem cb_goal_cb_gcd_self__F6_order
    (u_Nat_gcd : ℕ → ℕ → ℕ) :
    (∀ n : ℕ, u_Nat_gcd n n = n) ↔ (∀ n : ℕ, n = u_Nat_gcd n n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_self__F6_order

theorem cb_goal_cb_gcd_self__F8_equivalent
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_self__F8_equivalent

theorem cb_goal_cb_gcd_mul_lcm__F6_order
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (u_Nat_lcm : ℕ → ℕ → ℕ) :
    (∀ m n : ℕ, u_Nat_gcd m n * u_Nat_lcm m n = m * n) ↔ (∀ m n : ℕ, u_Nat_gcd m n * u_Nat_lcm m n = n * m) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_mul_lcm__F6_order

theorem cb_goal_cb_gcd_mul_lcm__F8_equivalent
    (u_Nat_gcd : ℕ → ℕ → ℕ)
    (u_Nat_lcm : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_gcd_mul_lcm__F8_equivalent

theorem cb_goal_cb_lcm_comm__F6_order
    (u_Nat_lcm : ℕ → ℕ → ℕ) :
    (∀ m n : ℕ, u_Nat_lcm m n = u_Nat_lcm n m) ↔ (∀ m n : ℕ, u_Nat_lcm n m = u_Nat_lcm m n) := by
  certibench_equiv

#print axioms cb_goal_cb_lcm_comm__F6_order

theorem cb_goal_cb_lcm_comm__F8_equivalent
    (u_Nat_lcm : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_lcm_comm__F8_equivalent

theorem cb_goal_cb_dvd_lcm_left__F4_notation
    (u_Nat_lcm : ℕ → ℕ → ℕ) :
    (∀ m n : ℕ, m ∣ u_Nat_lcm m n) ↔ (∀ m n : ℕ, u_Nat_lcm m n % m = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_lcm_left__F4_notation

theorem cb_goal_cb_dvd_lcm_left__F8_equivalent
    (u_Nat_lcm : ℕ → ℕ → ℕ)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_lcm_left__F8_equivalent

theorem cb_goal_cb_even_or_odd__F4_notation
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (ax0_odd_iff_mod_two : ∀ n : ℕ, u_Odd n ↔ n % 2 = 1) :
    (∀ n : ℕ, u_Even n ∨ u_Odd n) ↔ (∀ n : ℕ, u_Even n ∨ n % 2 = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_even_or_odd__F4_notation

theorem cb_goal_cb_even_or_odd__F6_order
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop) :
    (∀ n : ℕ, u_Even n ∨ u_Odd n) ↔ (∀ n : ℕ, u_Odd n ∨ u_Even n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_or_odd__F6_order

theorem cb_goal_cb_even_or_odd__F7_unpack
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (ax0_even_iff_two_dvd : ∀ n : ℕ, u_Even n ↔ 2 ∣ n) :
    (∀ n : ℕ, u_Even n ∨ u_Odd n) ↔ (∀ n : ℕ, 2 ∣ n ∨ u_Odd n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_or_odd__F7_unpack

theorem cb_goal_cb_even_or_odd__F8_equivalent
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop) :
    (∀ n : ℕ, u_Even n ∨ u_Odd n) ↔ (¬∃ n : ℕ, ¬(u_Even n ∨ u_Odd n)) := by
  certibench_equiv

#print axioms cb_goal_cb_even_or_odd__F8_equivalent

theorem cb_goal_cb_int_even_or_odd__F4_notation
    (u_Even : ℤ → Prop)
    (u_Odd : ℤ → Prop)
    (ax0_even_iff_mod_two : ∀ n : ℤ, u_Even n ↔ n % 2 = 0) :
    (∀ n : ℤ, u_Even n ∨ u_Odd n) ↔ (∀ n : ℤ, n % 2 = 0 ∨ u_Odd n) := by
  certibench_equiv

#print axioms cb_goal_cb_int_even_or_odd__F4_notation

theorem cb_goal_cb_int_even_or_odd__F6_order
    (u_Even : ℤ → Prop)
    (u_Odd : ℤ → Prop) :
    (∀ n : ℤ, u_Even n ∨ u_Odd n) ↔ (∀ n : ℤ, u_Odd n ∨ u_Even n) := by
  certibench_equiv

#print axioms cb_goal_cb_int_even_or_odd__F6_order

theorem cb_goal_cb_int_even_or_odd__F7_unpack
    (u_Even : ℤ → Prop)
    (u_Odd : ℤ → Prop)
    (ax0_even_def : ∀ n : ℤ, u_Even n ↔ ∃ r : ℤ, n = r + r) :
    (∀ n : ℤ, u_Even n ∨ u_Odd n) ↔ (∀ n : ℤ, (∃ r : ℤ, n = r + r) ∨ u_Odd n) := by
  certibench_equiv

#print axioms cb_goal_cb_int_even_or_odd__F7_unpack

theorem cb_goal_cb_int_even_or_odd__F8_equivalent
    (u_Even : ℤ → Prop)
    (u_Odd : ℤ → Prop) :
    (∀ n : ℤ, u_Even n ∨ u_Odd n) ↔ (¬∃ n : ℤ, ¬(u_Even n ∨ u_Odd n)) := by
  certibench_equiv

#print axioms cb_goal_cb_int_even_or_odd__F8_equivalent

theorem cb_goal_cb_even_iff__F4_notation
    (u_Even : ℕ → Prop) :
    (∀ n : ℕ, u_Even n ↔ n % 2 = 0) ↔ (∀ n : ℕ, u_Even n ↔ 2 ∣ n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_iff__F4_notation

theorem cb_goal_cb_even_iff__F7_unpack
    (u_Even : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_even_def : ∀ n : ℕ, u_Even n ↔ ∃ r : ℕ, n = r + r) :
    (∀ n : ℕ, u_Even n ↔ shared_1 n) ↔ (∀ n : ℕ, (∃ r : ℕ, n = r + r) ↔ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_iff__F7_unpack

theorem cb_goal_cb_even_iff__F8_equivalent
    (u_Even : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, u_Even n ↔ shared_1 n) ↔ (¬∃ n : ℕ, ¬(u_Even n ↔ shared_1 n)) := by
  certibench_equiv

#print axioms cb_goal_cb_even_iff__F8_equivalent

theorem cb_goal_cb_odd_iff__F7_unpack
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_odd_def : ∀ n : ℕ, u_Odd n ↔ ∃ m : ℕ, n = 2 * m + 1) :
    (∀ n : ℕ, u_Odd n ↔ shared_1 n) ↔ (∀ n : ℕ, (∃ m : ℕ, n = 2 * m + 1) ↔ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_iff__F7_unpack

theorem cb_goal_cb_odd_iff__F8_equivalent
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, u_Odd n ↔ shared_1 n) ↔ (¬∃ n : ℕ, ¬(u_Odd n ↔ shared_1 n)) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_iff__F8_equivalent

theorem cb_goal_cb_int_even_iff__F4_notation
    (u_Even : ℤ → Prop) :
    (∀ n : ℤ, u_Even n ↔ n % 2 = 0) ↔ (∀ n : ℤ, u_Even n ↔ 2 ∣ n) := by
  certibench_equiv

#print axioms cb_goal_cb_int_even_iff__F4_notation

theorem cb_goal_cb_int_even_iff__F7_unpack
    (u_Even : ℤ → Prop)
    (shared_1 : ℤ → Prop)
    (ax0_even_def : ∀ n : ℤ, u_Even n ↔ ∃ r : ℤ, n = r + r) :
    (∀ n : ℤ, u_Even n ↔ shared_1 n) ↔ (∀ n : ℤ, (∃ r : ℤ, n = r + r) ↔ shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_int_even_iff__F7_unpack

theorem cb_goal_cb_int_even_iff__F8_equivalent
    (u_Even : ℤ → Prop)
    (shared_1 : ℤ → Prop) :
    (∀ n : ℤ, u_Even n ↔ shared_1 n) ↔ (¬∃ n : ℤ, ¬(u_Even n ↔ shared_1 n)) := by
  certibench_equiv

#print axioms cb_goal_cb_int_even_iff__F8_equivalent

theorem cb_goal_cb_even_add__F6_order
    (u_Even : ℕ → Prop) :
    (∀ m n : ℕ, u_Even (m + n) ↔ (u_Even m ↔ u_Even n)) ↔ (∀ m n : ℕ, u_Even (n + m) ↔ (u_Even m ↔ u_Even n)) := by
  certibench_equiv

#print axioms cb_goal_cb_even_add__F6_order

theorem cb_goal_cb_even_add__F8_equivalent
    (u_Even : ℕ → Prop) :
    (∀ m n : ℕ, u_Even (m + n) ↔ (u_Even m ↔ u_Even n)) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬(u_Even (m + n) ↔ (u_Even m ↔ u_Even n))) := by
  certibench_equiv

#print axioms cb_goal_cb_even_add__F8_equivalent

theorem cb_goal_cb_even_mul__F6_order
    (u_Even : ℕ → Prop) :
    (∀ m n : ℕ, u_Even (m * n) ↔ u_Even m ∨ u_Even n) ↔ (∀ m n : ℕ, u_Even (n * m) ↔ u_Even m ∨ u_Even n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_mul__F6_order

theorem cb_goal_cb_even_mul__F8_equivalent
    (u_Even : ℕ → Prop) :
    (∀ m n : ℕ, u_Even (m * n) ↔ u_Even m ∨ u_Even n) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬(u_Even (m * n) ↔ u_Even m ∨ u_Even n)) := by
  certibench_equiv

#print axioms cb_goal_cb_even_mul__F8_equivalent

theorem cb_goal_cb_odd_mul__F6_order
    (u_Odd : ℕ → Prop) :
    (∀ m n : ℕ, u_Odd (m * n) ↔ u_Odd m ∧ u_Odd n) ↔ (∀ m n : ℕ, u_Odd (n * m) ↔ u_Odd m ∧ u_Odd n) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_mul__F6_order

theorem cb_goal_cb_odd_mul__F8_equivalent
    (u_Odd : ℕ → Prop) :
    (∀ m n : ℕ, u_Odd (m * n) ↔ u_Odd m ∧ u_Odd n) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬(u_Odd (m * n) ↔ u_Odd m ∧ u_Odd n)) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_mul__F8_equivalent

theorem cb_goal_cb_even_mul_succ_self__F6_order
    (u_Even : ℕ → Prop) :
    (∀ n : ℕ, u_Even (n * (n + 1))) ↔ (∀ n : ℕ, u_Even (n * (1 + n))) := by
  certibench_equiv

#print axioms cb_goal_cb_even_mul_succ_self__F6_order

theorem cb_goal_cb_even_mul_succ_self__F8_equivalent
    (u_Even : ℕ → Prop) :
    (∀ n : ℕ, u_Even (n * (n + 1))) ↔ (¬∃ n : ℕ, ¬u_Even (n * (n + 1))) := by
  certibench_equiv

#print axioms cb_goal_cb_even_mul_succ_self__F8_equivalent

theorem cb_goal_cb_even_add_even__F6_order
    (u_Even : ℤ → Prop) :
    (∀ m n : ℤ, u_Even m → u_Even n → u_Even (m + n)) ↔ (∀ m n : ℤ, u_Even m → u_Even n → u_Even (n + m)) := by
  certibench_equiv

#print axioms cb_goal_cb_even_add_even__F6_order

theorem cb_goal_cb_even_add_even__F8_equivalent
    (u_Even : ℤ → Prop) :
    (∀ m n : ℤ, u_Even m → u_Even n → u_Even (m + n)) ↔ (¬∃ m : ℤ, ¬∀ n : ℤ, u_Even m → u_Even n → u_Even (m + n)) := by
  certibench_equiv

#print axioms cb_goal_cb_even_add_even__F8_equivalent

theorem cb_goal_cb_odd_add_odd__F4_notation
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (ax0_even_iff_mod_two : ∀ n : ℕ, u_Even n ↔ n % 2 = 0) :
    (∀ m n : ℕ, u_Odd m → u_Odd n → u_Even (m + n)) ↔ (∀ m n : ℕ, u_Odd m → u_Odd n → (m + n) % 2 = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_add_odd__F4_notation

theorem cb_goal_cb_odd_add_odd__F6_order
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop) :
    (∀ m n : ℕ, u_Odd m → u_Odd n → u_Even (m + n)) ↔ (∀ m n : ℕ, u_Odd n → u_Odd m → u_Even (m + n)) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_add_odd__F6_order

theorem cb_goal_cb_odd_add_odd__F7_unpack
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (ax0_odd_def : ∀ n : ℕ, u_Odd n ↔ ∃ m : ℕ, n = 2 * m + 1) :
    (∀ m n : ℕ, u_Odd m → u_Odd n → u_Even (m + n)) ↔ (∀ m n : ℕ, (∃ m1 : ℕ, m = 2 * m1 + 1) → u_Odd n → u_Even (m + n)) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_add_odd__F7_unpack

theorem cb_goal_cb_odd_add_odd__F8_equivalent
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop) :
    (∀ m n : ℕ, u_Odd m → u_Odd n → u_Even (m + n)) ↔ (∀ m n : ℕ, u_Odd m → ¬u_Even (m + n) → ¬u_Odd n) := by
  certibench_equiv

#print axioms cb_goal_cb_odd_add_odd__F8_equivalent

theorem cb_goal_cb_not_even_iff_odd__F4_notation
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (ax0_even_iff_mod_two : ∀ n : ℕ, u_Even n ↔ n % 2 = 0) :
    (∀ n : ℕ, ¬u_Even n ↔ u_Odd n) ↔ (∀ n : ℕ, ¬n % 2 = 0 ↔ u_Odd n) := by
  certibench_equiv

#print axioms cb_goal_cb_not_even_iff_odd__F4_notation

theorem cb_goal_cb_not_even_iff_odd__F7_unpack
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (ax0_odd_def : ∀ n : ℕ, u_Odd n ↔ ∃ m : ℕ, n = 2 * m + 1) :
    (∀ n : ℕ, ¬u_Even n ↔ u_Odd n) ↔ (∀ n : ℕ, ¬u_Even n ↔ ∃ m : ℕ, n = 2 * m + 1) := by
  certibench_equiv

#print axioms cb_goal_cb_not_even_iff_odd__F7_unpack

theorem cb_goal_cb_not_even_iff_odd__F8_equivalent
    (u_Even : ℕ → Prop)
    (u_Odd : ℕ → Prop) :
    (∀ n : ℕ, ¬u_Even n ↔ u_Odd n) ↔ (¬∃ n : ℕ, ¬(¬u_Even n ↔ u_Odd n)) := by
  certibench_equiv

#print axioms cb_goal_cb_not_even_iff_odd__F8_equivalent

theorem cb_goal_cb_pos_of_ne_zero__F4_notation
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, n ≠ 0 → shared_1 n) ↔ (∀ n : ℕ, ¬n = 0 → shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_pos_of_ne_zero__F4_notation

theorem cb_goal_cb_pos_of_ne_zero__F7_unpack
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → 0 < n) ↔ (∀ n : ℕ, shared_1 n → 0 + 1 ≤ n) := by
  certibench_equiv

#print axioms cb_goal_cb_pos_of_ne_zero__F7_unpack

theorem cb_goal_cb_pos_of_ne_zero__F8_equivalent
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → shared_2 n) ↔ (∀ n : ℕ, ¬shared_1 n ∨ shared_2 n) := by
  certibench_equiv

#print axioms cb_goal_cb_pos_of_ne_zero__F8_equivalent

theorem cb_goal_cb_div_mul_le_self__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n) ↔ (∀ m : ℕ, ¬∃ n : ℕ, ¬shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_div_mul_le_self__F8_equivalent

theorem cb_goal_cb_div_le_self__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n k : ℕ, shared_1 n k) ↔ (∀ n : ℕ, ¬∃ k : ℕ, ¬shared_1 n k) := by
  certibench_equiv

#print axioms cb_goal_cb_div_le_self__F8_equivalent

theorem cb_goal_cb_dvd_trans_imp__F4_notation
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b → shared_1 b c → a ∣ c) ↔ (∀ a b c : ℤ, shared_1 a b → shared_1 b c → c % a = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_trans_imp__F4_notation

theorem cb_goal_cb_dvd_trans_imp__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : ℤ, shared_1 b c → shared_1 a b → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_trans_imp__F6_order

theorem cb_goal_cb_dvd_trans_imp__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : ℤ, shared_1 a b → ¬shared_1 a c → ¬shared_1 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_dvd_trans_imp__F8_equivalent

theorem cb_goal_cb_even_of_mod_two_eq_zero__F4_notation
    (u_Even : ℕ → Prop) :
    (∀ n : ℕ, n % 2 = 0 → u_Even n) ↔ (∀ n : ℕ, 2 ∣ n → u_Even n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_of_mod_two_eq_zero__F4_notation

theorem cb_goal_cb_even_of_mod_two_eq_zero__F7_unpack
    (u_Even : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_even_def : ∀ n : ℕ, u_Even n ↔ ∃ r : ℕ, n = r + r) :
    (∀ n : ℕ, shared_1 n → u_Even n) ↔ (∀ n : ℕ, shared_1 n → ∃ r : ℕ, n = r + r) := by
  certibench_equiv

#print axioms cb_goal_cb_even_of_mod_two_eq_zero__F7_unpack

theorem cb_goal_cb_even_of_mod_two_eq_zero__F8_equivalent
    (u_Even : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → u_Even n) ↔ (∀ n : ℕ, ¬shared_1 n ∨ u_Even n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_of_mod_two_eq_zero__F8_equivalent

theorem cb_goal_cb_prime_ge_two__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p) ↔ (∀ p : ℕ, ¬u_Nat_Prime p ∨ shared_1 p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_ge_two__F8_equivalent

theorem cb_goal_cb_exists_prime_gt__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n : ℕ, ∃ p : ℕ, u_Nat_Prime p ∧ shared_1 p n) ↔ (∀ n : ℕ, ∃ p : ℕ, shared_1 p n ∧ u_Nat_Prime p) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_prime_gt__F6_order

theorem cb_goal_cb_exists_prime_gt__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ n : ℕ, ∃ p : ℕ, u_Nat_Prime p ∧ shared_1 p n) ↔ (¬∃ n : ℕ, ¬∃ p : ℕ, u_Nat_Prime p ∧ shared_1 p n) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_prime_gt__F8_equivalent

theorem cb_goal_cb_not_forall_odd__F8_equivalent
    (u_Odd : ℕ → Prop) :
    (¬∀ n : ℕ, u_Odd n) ↔ (¬¬∃ n : ℕ, ¬u_Odd n) := by
  certibench_equiv

#print axioms cb_goal_cb_not_forall_odd__F8_equivalent

theorem cb_goal_cb_exists_even_prime__F4_notation
    (u_Even : ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop)
    (ax0_even_iff_mod_two : ∀ n : ℕ, u_Even n ↔ n % 2 = 0) :
    (∃ p : ℕ, u_Nat_Prime p ∧ u_Even p) ↔ (∃ p : ℕ, u_Nat_Prime p ∧ p % 2 = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_even_prime__F4_notation

theorem cb_goal_cb_exists_even_prime__F6_order
    (u_Even : ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop) :
    (∃ p : ℕ, u_Nat_Prime p ∧ u_Even p) ↔ (∃ p : ℕ, u_Even p ∧ u_Nat_Prime p) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_even_prime__F6_order

theorem cb_goal_cb_exists_even_prime__F7_unpack
    (u_Even : ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop)
    (ax0_even_def : ∀ n : ℕ, u_Even n ↔ ∃ r : ℕ, n = r + r) :
    (∃ p : ℕ, u_Nat_Prime p ∧ u_Even p) ↔ (∃ p : ℕ, u_Nat_Prime p ∧ ∃ r : ℕ, p = r + r) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_even_prime__F7_unpack

theorem cb_goal_cb_exists_even_prime__F8_equivalent
    (u_Even : ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop) :
    (∃ p : ℕ, u_Nat_Prime p ∧ u_Even p) ↔ (¬∀ p : ℕ, ¬(u_Nat_Prime p ∧ u_Even p)) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_even_prime__F8_equivalent

theorem cb_goal_cb_prime_even_iff__F4_notation
    (u_Even : ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_even_iff_mod_two : ∀ n : ℕ, u_Even n ↔ n % 2 = 0) :
    (∀ p : ℕ, u_Nat_Prime p → (u_Even p ↔ shared_1 p)) ↔ (∀ p : ℕ, u_Nat_Prime p → (p % 2 = 0 ↔ shared_1 p)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_even_iff__F4_notation

theorem cb_goal_cb_prime_even_iff__F7_unpack
    (u_Even : ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_even_def : ∀ n : ℕ, u_Even n ↔ ∃ r : ℕ, n = r + r) :
    (∀ p : ℕ, u_Nat_Prime p → (u_Even p ↔ shared_1 p)) ↔ (∀ p : ℕ, u_Nat_Prime p → ((∃ r : ℕ, p = r + r) ↔ shared_1 p)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_even_iff__F7_unpack

theorem cb_goal_cb_prime_even_iff__F8_equivalent
    (u_Even : ℕ → Prop)
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → (u_Even p ↔ shared_1 p)) ↔ (∀ p : ℕ, ¬u_Nat_Prime p ∨ (u_Even p ↔ shared_1 p)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_even_iff__F8_equivalent

theorem cb_goal_cb_prime_odd_of_ne_two__F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_odd_iff_mod_two : ∀ n : ℕ, u_Odd n ↔ n % 2 = 1) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p → u_Odd p) ↔ (∀ p : ℕ, u_Nat_Prime p → shared_1 p → p % 2 = 1) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_odd_of_ne_two__F4_notation

theorem cb_goal_cb_prime_odd_of_ne_two__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p → u_Odd p) ↔ (∀ p : ℕ, shared_1 p → u_Nat_Prime p → u_Odd p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_odd_of_ne_two__F6_order

theorem cb_goal_cb_prime_odd_of_ne_two__F7_unpack
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (ax0_odd_def : ∀ n : ℕ, u_Odd n ↔ ∃ m : ℕ, n = 2 * m + 1) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p → u_Odd p) ↔ (∀ p : ℕ, u_Nat_Prime p → shared_1 p → ∃ m : ℕ, p = 2 * m + 1) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_odd_of_ne_two__F7_unpack

theorem cb_goal_cb_prime_odd_of_ne_two__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (u_Odd : ℕ → Prop)
    (shared_1 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p → u_Odd p) ↔ (¬∃ p : ℕ, ¬(u_Nat_Prime p → shared_1 p → u_Odd p)) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_odd_of_ne_two__F8_equivalent

theorem cb_goal_cb_prime_five_le__F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → p ≠ 2 → shared_1 p → shared_2 p) ↔ (∀ p : ℕ, u_Nat_Prime p → ¬p = 2 → shared_1 p → shared_2 p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_five_le__F4_notation

theorem cb_goal_cb_prime_five_le__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop)
    (shared_3 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p → shared_2 p → shared_3 p) ↔ (∀ p : ℕ, u_Nat_Prime p → shared_2 p → shared_1 p → shared_3 p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_five_le__F6_order

theorem cb_goal_cb_prime_five_le__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → Prop)
    (shared_3 : ℕ → Prop) :
    (∀ p : ℕ, u_Nat_Prime p → shared_1 p → shared_2 p → shared_3 p) ↔ (∀ p : ℕ, u_Nat_Prime p → ¬(shared_2 p → shared_3 p) → ¬shared_1 p) := by
  certibench_equiv

#print axioms cb_goal_cb_prime_five_le__F8_equivalent

theorem cb_goal_cb_not_prime_of_dvd_of_lt__F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m ∣ n → shared_1 m → shared_2 m n → ¬u_Nat_Prime n) ↔ (∀ m n : ℕ, n % m = 0 → shared_1 m → shared_2 m n → ¬u_Nat_Prime n) := by
  certibench_equiv

#print axioms cb_goal_cb_not_prime_of_dvd_of_lt__F4_notation

theorem cb_goal_cb_not_prime_of_dvd_of_lt__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → shared_2 m → shared_3 m n → ¬u_Nat_Prime n) ↔ (∀ m n : ℕ, shared_1 m n → shared_3 m n → shared_2 m → ¬u_Nat_Prime n) := by
  certibench_equiv

#print axioms cb_goal_cb_not_prime_of_dvd_of_lt__F6_order

theorem cb_goal_cb_not_prime_of_dvd_of_lt__F7_unpack
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → shared_2 m → m < n → ¬u_Nat_Prime n) ↔ (∀ m n : ℕ, shared_1 m n → shared_2 m → m + 1 ≤ n → ¬u_Nat_Prime n) := by
  certibench_equiv

#print axioms cb_goal_cb_not_prime_of_dvd_of_lt__F7_unpack

theorem cb_goal_cb_not_prime_of_dvd_of_lt__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → shared_2 m → shared_3 m n → ¬u_Nat_Prime n) ↔ (∀ m n : ℕ, shared_1 m n → ¬(shared_3 m n → ¬u_Nat_Prime n) → ¬shared_2 m) := by
  certibench_equiv

#print axioms cb_goal_cb_not_prime_of_dvd_of_lt__F8_equivalent

theorem cb_goal_cb_exists_dvd_of_not_prime2__F4_notation
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → ¬u_Nat_Prime n → ∃ m : ℕ, m ∣ n ∧ shared_1 m ∧ shared_2 m n) ↔ (∀ n : ℕ, shared_1 n → ¬u_Nat_Prime n → ∃ m : ℕ, n % m = 0 ∧ shared_1 m ∧ shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_dvd_of_not_prime2__F4_notation

theorem cb_goal_cb_exists_dvd_of_not_prime2__F6_order
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → ¬u_Nat_Prime n → ∃ m : ℕ, shared_2 m n ∧ shared_1 m ∧ shared_3 m n) ↔ (∀ n : ℕ, ¬u_Nat_Prime n → shared_1 n → ∃ m : ℕ, shared_2 m n ∧ shared_1 m ∧ shared_3 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_dvd_of_not_prime2__F6_order

theorem cb_goal_cb_exists_dvd_of_not_prime2__F7_unpack
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → ¬u_Nat_Prime n → ∃ m : ℕ, shared_2 m n ∧ shared_1 m ∧ m < n) ↔ (∀ n : ℕ, shared_1 n → ¬u_Nat_Prime n → ∃ m : ℕ, shared_2 m n ∧ shared_1 m ∧ m + 1 ≤ n) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_dvd_of_not_prime2__F7_unpack

theorem cb_goal_cb_exists_dvd_of_not_prime2__F8_equivalent
    (u_Nat_Prime : ℕ → Prop)
    (shared_1 : ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop)
    (shared_3 : ℕ → ℕ → Prop) :
    (∀ n : ℕ, shared_1 n → ¬u_Nat_Prime n → ∃ m : ℕ, shared_2 m n ∧ 2 ≤ m ∧ shared_3 m n) ↔ (∀ n : ℕ, shared_1 n → ¬u_Nat_Prime n → ∃ m : ℕ, shared_2 m n ∧ ¬m < 2 ∧ shared_3 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_dvd_of_not_prime2__F8_equivalent

theorem cb_goal_cb_two_not_dvd_two_mul_add_one__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, ¬shared_1 n) ↔ (¬∃ n : ℕ, ¬¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_two_not_dvd_two_mul_add_one__F8_equivalent

theorem cb_goal_cb_even_sub__F4_notation
    (u_Even : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop)
    (ax0_even_iff_mod_two : ∀ n : ℕ, u_Even n ↔ n % 2 = 0) :
    (∀ m n : ℕ, shared_1 n m → (u_Even (m - n) ↔ (u_Even m ↔ u_Even n))) ↔ (∀ m n : ℕ, shared_1 n m → (u_Even (m - n) ↔ (m % 2 = 0 ↔ u_Even n))) := by
  certibench_equiv

#print axioms cb_goal_cb_even_sub__F4_notation

theorem cb_goal_cb_even_sub__F6_order
    (u_Even : ℕ → Prop) :
    (∀ m n : ℕ, n ≤ m → (u_Even (m - n) ↔ (u_Even m ↔ u_Even n))) ↔ (∀ m n : ℕ, m ≥ n → (u_Even (m - n) ↔ (u_Even m ↔ u_Even n))) := by
  certibench_equiv

#print axioms cb_goal_cb_even_sub__F6_order

theorem cb_goal_cb_even_sub__F7_unpack
    (u_Even : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop)
    (ax0_even_def : ∀ n : ℕ, u_Even n ↔ ∃ r : ℕ, n = r + r) :
    (∀ m n : ℕ, shared_1 n m → (u_Even (m - n) ↔ (u_Even m ↔ u_Even n))) ↔ (∀ m n : ℕ, shared_1 n m → (u_Even (m - n) ↔ (u_Even m ↔ ∃ r : ℕ, n = r + r))) := by
  certibench_equiv

#print axioms cb_goal_cb_even_sub__F7_unpack

theorem cb_goal_cb_even_sub__F8_equivalent
    (u_Even : ℕ → Prop)
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 n m → (u_Even (m - n) ↔ (u_Even m ↔ u_Even n))) ↔ (∀ m n : ℕ, ¬shared_1 n m ∨ (u_Even (m - n) ↔ (u_Even m ↔ u_Even n))) := by
  certibench_equiv

#print axioms cb_goal_cb_even_sub__F8_equivalent

theorem cb_goal_cb_even_add_one__F6_order
    (u_Even : ℕ → Prop) :
    (∀ n : ℕ, u_Even (n + 1) ↔ ¬u_Even n) ↔ (∀ n : ℕ, u_Even (1 + n) ↔ ¬u_Even n) := by
  certibench_equiv

#print axioms cb_goal_cb_even_add_one__F6_order

theorem cb_goal_cb_le_refl_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_le_refl_real__F8_equivalent

theorem cb_goal_cb_le_trans_int__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, a ≤ b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : ℤ, b ≥ a → shared_1 b c → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_le_trans_int__F6_order

theorem cb_goal_cb_le_trans_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : ℤ, shared_1 a b → ¬shared_1 b c ∨ shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_le_trans_int__F8_equivalent

theorem cb_goal_cb_lt_of_lt_of_le_real__F6_order
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a b → shared_2 b c → shared_1 a c) ↔ (∀ a b c : ℝ, shared_2 b c → shared_1 a b → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_of_lt_of_le_real__F6_order

theorem cb_goal_cb_lt_of_lt_of_le_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a b → shared_2 b c → shared_1 a c) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬∀ c : ℝ, shared_1 a b → shared_2 b c → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_of_lt_of_le_real__F8_equivalent

theorem cb_goal_cb_lt_of_le_of_lt_nat__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, a ≤ b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : ℕ, b ≥ a → shared_1 b c → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_of_le_of_lt_nat__F6_order

theorem cb_goal_cb_lt_of_le_of_lt_nat__F7_unpack
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, shared_1 a b → b < c → shared_2 a c) ↔ (∀ a b c : ℕ, shared_1 a b → b + 1 ≤ c → shared_2 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_of_le_of_lt_nat__F7_unpack

theorem cb_goal_cb_lt_of_le_of_lt_nat__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ a b c : ℕ, shared_1 a b → shared_2 b c → a < c) ↔ (∀ a b c : ℕ, shared_1 a b → shared_2 b c → ¬c ≤ a) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_of_le_of_lt_nat__F8_equivalent

theorem cb_goal_cb_le_antisymm_nat__F6_order
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ a b : ℕ, a ≤ b → shared_1 b a → shared_2 a b) ↔ (∀ a b : ℕ, b ≥ a → shared_1 b a → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_antisymm_nat__F6_order

theorem cb_goal_cb_le_antisymm_nat__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ a b : ℕ, shared_1 a b → shared_1 b a → shared_2 a b) ↔ (∀ a b : ℕ, ¬shared_1 a b ∨ (shared_1 b a → shared_2 a b)) := by
  certibench_equiv

#print axioms cb_goal_cb_le_antisymm_nat__F8_equivalent

theorem cb_goal_cb_lt_irrefl_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, ¬shared_1 a) ↔ (¬∃ a : ℝ, ¬¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_irrefl_real__F8_equivalent

theorem cb_goal_cb_lt_asymm_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b → ¬b < a) ↔ (∀ a b : ℝ, shared_1 a b → ¬a > b) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_asymm_real__F6_order

theorem cb_goal_cb_lt_asymm_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b → ¬b < a) ↔ (∀ a b : ℝ, shared_1 a b → a ≤ b) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_asymm_real__F8_equivalent

theorem cb_goal_cb_le_of_lt_int__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, a < b → shared_1 a b) ↔ (∀ a b : ℤ, b > a → shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_lt_int__F6_order

theorem cb_goal_cb_le_of_lt_int__F7_unpack
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, a < b → shared_1 a b) ↔ (∀ a b : ℤ, a + 1 ≤ b → shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_lt_int__F7_unpack

theorem cb_goal_cb_le_of_lt_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b → shared_2 a b) ↔ (¬∃ a : ℤ, ¬∀ b : ℤ, shared_1 a b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_lt_int__F8_equivalent

theorem cb_goal_cb_not_lt_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, ¬a < b ↔ shared_1 b a) ↔ (∀ a b : ℝ, ¬b > a ↔ shared_1 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_not_lt_real__F6_order

theorem cb_goal_cb_not_lt_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, ¬shared_1 a b ↔ shared_2 b a) ↔ (¬∃ a : ℝ, ¬∀ b : ℝ, ¬shared_1 a b ↔ shared_2 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_not_lt_real__F8_equivalent

theorem cb_goal_cb_not_le_int__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, ¬shared_1 a b ↔ b < a) ↔ (∀ a b : ℤ, ¬shared_1 a b ↔ a > b) := by
  certibench_equiv

#print axioms cb_goal_cb_not_le_int__F6_order

theorem cb_goal_cb_not_le_int__F7_unpack
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, ¬shared_1 a b ↔ b < a) ↔ (∀ a b : ℤ, ¬shared_1 a b ↔ b + 1 ≤ a) := by
  certibench_equiv

#print axioms cb_goal_cb_not_le_int__F7_unpack

theorem cb_goal_cb_not_le_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, ¬a ≤ b ↔ shared_1 b a) ↔ (∀ a b : ℤ, ¬(a < b ∨ a = b) ↔ shared_1 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_not_le_int__F8_equivalent

theorem cb_goal_cb_le_or_lt_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ∨ b < a) ↔ (∀ a b : ℝ, shared_1 a b ∨ a > b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_or_lt_real__F6_order

theorem cb_goal_cb_le_or_lt_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ∨ shared_2 b a) ↔ (¬∃ a : ℝ, ¬∀ b : ℝ, shared_1 a b ∨ shared_2 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_le_or_lt_real__F8_equivalent

theorem cb_goal_cb_lt_trichotomy_int__F6_order
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ∨ shared_2 a b ∨ b < a) ↔ (∀ a b : ℤ, shared_1 a b ∨ shared_2 a b ∨ a > b) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_trichotomy_int__F6_order

theorem cb_goal_cb_lt_trichotomy_int__F7_unpack
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ∨ shared_2 a b ∨ b < a) ↔ (∀ a b : ℤ, shared_1 a b ∨ shared_2 a b ∨ b + 1 ≤ a) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_trichotomy_int__F7_unpack

theorem cb_goal_cb_lt_trichotomy_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ∨ shared_2 a b ∨ shared_1 b a) ↔ (¬∃ a : ℤ, ¬∀ b : ℤ, shared_1 a b ∨ shared_2 a b ∨ shared_1 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_trichotomy_int__F8_equivalent

theorem cb_goal_cb_max_le_iff_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, max a b ≤ c ↔ shared_1 a c ∧ shared_1 b c) ↔ (∀ a b c : ℝ, c ≥ max a b ↔ shared_1 a c ∧ shared_1 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_max_le_iff_real__F6_order

theorem cb_goal_cb_max_le_iff_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, max a b ≤ c ↔ shared_1 a c ∧ shared_1 b c) ↔ (∀ a b c : ℝ, ¬c < max a b ↔ shared_1 a c ∧ shared_1 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_max_le_iff_real__F8_equivalent

theorem cb_goal_cb_le_min_iff_int__F6_order
    (shared_1 : ℤ → ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b c ↔ shared_2 a b ∧ a ≤ c) ↔ (∀ a b c : ℤ, shared_1 a b c ↔ shared_2 a b ∧ c ≥ a) := by
  certibench_equiv

#print axioms cb_goal_cb_le_min_iff_int__F6_order

theorem cb_goal_cb_le_min_iff_int__F8_equivalent
    (shared_1 : ℤ → ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b c : ℤ, shared_1 a b c ↔ shared_2 a b ∧ a ≤ c) ↔ (∀ a b c : ℤ, shared_1 a b c ↔ shared_2 a b ∧ (a < c ∨ a = c)) := by
  certibench_equiv

#print axioms cb_goal_cb_le_min_iff_int__F8_equivalent

theorem cb_goal_cb_le_max_left_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_max_left_real__F8_equivalent

theorem cb_goal_cb_min_le_right_nat__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ a b : ℕ, shared_1 a b) ↔ (∀ a : ℕ, ¬∃ b : ℕ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_min_le_right_nat__F8_equivalent

theorem cb_goal_cb_max_comm_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_max_comm_real__F8_equivalent

theorem cb_goal_cb_min_comm_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b) ↔ (¬∃ a : ℤ, ¬∀ b : ℤ, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_min_comm_int__F8_equivalent

theorem cb_goal_cb_min_le_max_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (¬∃ a : ℝ, ¬∀ b : ℝ, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_min_le_max_real__F8_equivalent

theorem cb_goal_cb_sq_nonneg_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_sq_nonneg_real__F8_equivalent

theorem cb_goal_cb_mul_self_nonneg_int__F8_equivalent
    (shared_1 : ℤ → Prop) :
    (∀ a : ℤ, shared_1 a) ↔ (¬∃ a : ℤ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_self_nonneg_int__F8_equivalent

theorem cb_goal_cb_two_mul_le_add_sq__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_two_mul_le_add_sq__F8_equivalent

theorem cb_goal_cb_four_mul_le_sq_add__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_four_mul_le_sq_add__F8_equivalent

theorem cb_goal_cb_mul_pos_real__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, shared_1 b → shared_1 a → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_pos_real__F6_order

theorem cb_goal_cb_mul_pos_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → 0 < a * b) ↔ (∀ a b : ℝ, shared_1 a → shared_1 b → ¬a * b ≤ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_pos_real__F8_equivalent

theorem cb_goal_cb_mul_nonneg_int__F6_order
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℤ, shared_1 b → shared_1 a → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_nonneg_int__F6_order

theorem cb_goal_cb_mul_nonneg_int__F8_equivalent
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℤ, ¬(shared_1 b → shared_2 a b) → ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_nonneg_int__F8_equivalent

theorem cb_goal_cb_add_pos_real__F6_order
    (shared_1 : ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → 0 < a + b) ↔ (∀ a b : ℝ, shared_1 a → shared_1 b → 0 < b + a) := by
  certibench_equiv

#print axioms cb_goal_cb_add_pos_real__F6_order

theorem cb_goal_cb_add_pos_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, shared_1 a → ¬shared_1 b ∨ shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_add_pos_real__F8_equivalent

theorem cb_goal_cb_add_le_add_int__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c d : ℤ, shared_1 a b → shared_1 c d → a + c ≤ b + d) ↔ (∀ a b c d : ℤ, shared_1 a b → shared_1 c d → b + d ≥ a + c) := by
  certibench_equiv

#print axioms cb_goal_cb_add_le_add_int__F6_order

theorem cb_goal_cb_add_le_add_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b c d : ℤ, shared_1 a b → shared_1 c d → a + c ≤ b + d) ↔ (∀ a b c d : ℤ, shared_1 a b → shared_1 c d → ¬b + d < a + c) := by
  certibench_equiv

#print axioms cb_goal_cb_add_le_add_int__F8_equivalent

theorem cb_goal_cb_add_lt_add_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b c d : ℝ, shared_1 a b → shared_1 c d → a + c < b + d) ↔ (∀ a b c d : ℝ, shared_1 a b → shared_1 c d → a + c < d + b) := by
  certibench_equiv

#print axioms cb_goal_cb_add_lt_add_real__F6_order

theorem cb_goal_cb_add_lt_add_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → ℝ → ℝ → Prop) :
    (∀ a b c d : ℝ, shared_1 a b → shared_1 c d → shared_2 a c b d) ↔ (¬∃ a : ℝ, ¬∀ b c d : ℝ, shared_1 a b → shared_1 c d → shared_2 a c b d) := by
  certibench_equiv

#print axioms cb_goal_cb_add_lt_add_real__F8_equivalent

theorem cb_goal_cb_sub_nonneg_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ b ≤ a) ↔ (∀ a b : ℝ, shared_1 a b ↔ a ≥ b) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_nonneg_real__F6_order

theorem cb_goal_cb_sub_nonneg_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ b ≤ a) ↔ (∀ a b : ℝ, shared_1 a b ↔ ¬a < b) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_nonneg_real__F8_equivalent

theorem cb_goal_cb_sub_pos_int__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ↔ b < a) ↔ (∀ a b : ℤ, shared_1 a b ↔ a > b) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_pos_int__F6_order

theorem cb_goal_cb_sub_pos_int__F7_unpack
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ↔ b < a) ↔ (∀ a b : ℤ, shared_1 a b ↔ b + 1 ≤ a) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_pos_int__F7_unpack

theorem cb_goal_cb_sub_pos_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ↔ shared_2 b a) ↔ (¬∃ a : ℤ, ¬∀ b : ℤ, shared_1 a b ↔ shared_2 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_sub_pos_int__F8_equivalent

theorem cb_goal_cb_abs_nonneg_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_nonneg_real__F8_equivalent

theorem cb_goal_cb_abs_mul_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_mul_real__F8_equivalent

theorem cb_goal_cb_abs_add_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (¬∃ a : ℝ, ¬∀ b : ℝ, shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_add_real__F8_equivalent

theorem cb_goal_cb_abs_sub_comm_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_sub_comm_real__F8_equivalent

theorem cb_goal_cb_abs_le_real__F6_order
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop)
    (shared_3 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ shared_2 b a ∧ shared_3 a b) ↔ (∀ a b : ℝ, shared_1 a b ↔ shared_3 a b ∧ shared_2 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_le_real__F6_order

theorem cb_goal_cb_abs_le_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b ↔ shared_2 b a ∧ a ≤ b) ↔ (∀ a b : ℝ, shared_1 a b ↔ shared_2 b a ∧ ¬b < a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_le_real__F8_equivalent

theorem cb_goal_cb_abs_lt_int__F6_order
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop)
    (shared_3 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ↔ shared_2 b a ∧ shared_3 a b) ↔ (∀ a b : ℤ, shared_1 a b ↔ shared_3 a b ∧ shared_2 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_lt_int__F6_order

theorem cb_goal_cb_abs_lt_int__F7_unpack
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ↔ -b < a ∧ shared_2 a b) ↔ (∀ a b : ℤ, shared_1 a b ↔ -b + 1 ≤ a ∧ shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_lt_int__F7_unpack

theorem cb_goal_cb_abs_lt_int__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop)
    (shared_3 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a b ↔ shared_2 b a ∧ shared_3 a b) ↔ (∀ a : ℤ, ¬∃ b : ℤ, ¬(shared_1 a b ↔ shared_2 b a ∧ shared_3 a b)) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_lt_int__F8_equivalent

theorem cb_goal_cb_le_abs_self_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_le_abs_self_real__F8_equivalent

theorem cb_goal_cb_neg_abs_le_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a) ↔ (¬∃ a : ℝ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_neg_abs_le_real__F8_equivalent

theorem cb_goal_cb_abs_neg_int__F8_equivalent
    (shared_1 : ℤ → Prop) :
    (∀ a : ℤ, shared_1 a) ↔ (¬∃ a : ℤ, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_neg_int__F8_equivalent

theorem cb_goal_cb_abs_pos_real__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a ↔ a ≠ 0) ↔ (∀ a : ℝ, shared_1 a ↔ ¬a = 0) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_pos_real__F4_notation

theorem cb_goal_cb_abs_pos_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a ↔ shared_2 a) ↔ (¬∃ a : ℝ, ¬(shared_1 a ↔ shared_2 a)) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_pos_real__F8_equivalent

theorem cb_goal_cb_abs_sub_abs_le_abs_sub__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_sub_abs_le_abs_sub__F8_equivalent

theorem cb_goal_cb_abs_sub_le_real__F8_equivalent
    (shared_1 : ℝ → ℝ → ℝ → Prop) :
    (∀ a b c : ℝ, shared_1 a c b) ↔ (¬∃ a : ℝ, ¬∀ b c : ℝ, shared_1 a c b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_sub_le_real__F8_equivalent

theorem cb_goal_cb_pow_le_pow_left_real__F4_notation
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_2 a b → a ^ 2 ≤ b ^ 2) ↔ (∀ a b : ℝ, shared_1 a → shared_2 a b → a ^ 2 ≤ b * b) := by
  certibench_equiv

#print axioms cb_goal_cb_pow_le_pow_left_real__F4_notation

theorem cb_goal_cb_pow_le_pow_left_real__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → a ≤ b → shared_2 a b) ↔ (∀ a b : ℝ, shared_1 a → b ≥ a → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_pow_le_pow_left_real__F6_order

theorem cb_goal_cb_pow_le_pow_left_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, 0 ≤ a → shared_1 a b → shared_2 a b) ↔ (∀ a b : ℝ, 0 < a ∨ 0 = a → shared_1 a b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_pow_le_pow_left_real__F8_equivalent

theorem cb_goal_cb_nat_succ_le_of_lt__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m < n → shared_1 m n) ↔ (∀ m n : ℕ, n > m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_succ_le_of_lt__F6_order

theorem cb_goal_cb_nat_succ_le_of_lt__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m < n → shared_1 m n) ↔ (∀ m n : ℕ, ¬n ≤ m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_succ_le_of_lt__F8_equivalent

theorem cb_goal_cb_nat_lt_succ_self__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_lt_succ_self__F8_equivalent

theorem cb_goal_cb_nat_lt_succ_iff__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m < n + 1 ↔ shared_1 m n) ↔ (∀ m n : ℕ, n + 1 > m ↔ shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_lt_succ_iff__F6_order

theorem cb_goal_cb_nat_lt_succ_iff__F7_unpack
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m < n + 1 ↔ shared_1 m n) ↔ (∀ m n : ℕ, m + 1 ≤ n + 1 ↔ shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_lt_succ_iff__F7_unpack

theorem cb_goal_cb_nat_lt_succ_iff__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n ↔ shared_2 m n) ↔ (¬∃ m : ℕ, ¬∀ n : ℕ, shared_1 m n ↔ shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_lt_succ_iff__F8_equivalent

theorem cb_goal_cb_nat_zero_le__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ n : ℕ, shared_1 n) ↔ (¬∃ n : ℕ, ¬shared_1 n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_zero_le__F8_equivalent

theorem cb_goal_cb_int_add_one_le_iff__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, a + 1 ≤ b ↔ shared_1 a b) ↔ (∀ a b : ℤ, 1 + a ≤ b ↔ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_add_one_le_iff__F6_order

theorem cb_goal_cb_int_add_one_le_iff__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, a + 1 ≤ b ↔ shared_1 a b) ↔ (∀ a b : ℤ, a + 1 < b ∨ a + 1 = b ↔ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_add_one_le_iff__F8_equivalent

theorem cb_goal_cb_int_lt_add_one_iff__F6_order
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, a < b + 1 ↔ shared_1 a b) ↔ (∀ a b : ℤ, b + 1 > a ↔ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_lt_add_one_iff__F6_order

theorem cb_goal_cb_int_lt_add_one_iff__F7_unpack
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, a < b + 1 ↔ shared_1 a b) ↔ (∀ a b : ℤ, a + 1 ≤ b + 1 ↔ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_lt_add_one_iff__F7_unpack

theorem cb_goal_cb_int_lt_add_one_iff__F8_equivalent
    (shared_1 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, a < b + 1 ↔ shared_1 a b) ↔ (∀ a b : ℤ, ¬b + 1 ≤ a ↔ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_int_lt_add_one_iff__F8_equivalent

theorem cb_goal_cb_half_pos_real__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → 0 < a / 2) ↔ (∀ a : ℝ, shared_1 a → 0 < a * 2⁻¹) := by
  certibench_equiv

#print axioms cb_goal_cb_half_pos_real__F4_notation

theorem cb_goal_cb_half_pos_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → Prop) :
    (∀ a : ℝ, shared_1 a → shared_2 a) ↔ (¬∃ a : ℝ, ¬(shared_1 a → shared_2 a)) := by
  certibench_equiv

#print axioms cb_goal_cb_half_pos_real__F8_equivalent

theorem cb_goal_cb_div_pos_real__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → 0 < a / b) ↔ (∀ a b : ℝ, shared_1 a → shared_1 b → 0 < a * b⁻¹) := by
  certibench_equiv

#print axioms cb_goal_cb_div_pos_real__F4_notation

theorem cb_goal_cb_div_pos_real__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, shared_1 b → shared_1 a → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_div_pos_real__F6_order

theorem cb_goal_cb_div_pos_real__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, 0 < a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, ¬a ≤ 0 → shared_1 b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_div_pos_real__F8_equivalent

theorem cb_goal_cb_inv_pos_real__F4_notation
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, 0 < a⁻¹ ↔ shared_1 a) ↔ (∀ a : ℝ, 0 < 1 / a ↔ shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_inv_pos_real__F4_notation

theorem cb_goal_cb_inv_pos_real__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (∀ a : ℝ, 0 < a⁻¹ ↔ shared_1 a) ↔ (∀ a : ℝ, ¬a⁻¹ ≤ 0 ↔ shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_inv_pos_real__F8_equivalent

theorem cb_goal_cb_exists_between_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b → ∃ c : ℝ, shared_1 a c ∧ c < b) ↔ (∀ a b : ℝ, shared_1 a b → ∃ c : ℝ, shared_1 a c ∧ b > c) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_between_real__F6_order

theorem cb_goal_cb_exists_between_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a b → ∃ c : ℝ, shared_1 a c ∧ shared_1 c b) ↔ (∀ a b : ℝ, ¬shared_1 a b ∨ ∃ c : ℝ, shared_1 a c ∧ shared_1 c b) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_between_real__F8_equivalent

theorem cb_goal_cb_le_total_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b : α, shared_1 a b ∨ shared_1 b a) ↔ (∀ a b : α, shared_1 b a ∨ shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_total_generic__F6_order

theorem cb_goal_cb_le_total_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b : α, shared_1 a b ∨ shared_1 b a) ↔ (∀ a : α, ¬∃ b : α, ¬(shared_1 a b ∨ shared_1 b a)) := by
  certibench_equiv

#print axioms cb_goal_cb_le_total_generic__F8_equivalent

theorem cb_goal_cb_not_lt_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b : α, ¬a < b ↔ shared_1 b a) ↔ (∀ a b : α, ¬b > a ↔ shared_1 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_not_lt_generic__F6_order

theorem cb_goal_cb_not_lt_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop)
    (shared_2 : α → α → Prop) :
    (∀ a b : α, ¬shared_1 a b ↔ shared_2 b a) ↔ (∀ a : α, ¬∃ b : α, ¬(¬shared_1 a b ↔ shared_2 b a)) := by
  certibench_equiv

#print axioms cb_goal_cb_not_lt_generic__F8_equivalent

theorem cb_goal_cb_max_le_iff_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b c : α, max a b ≤ c ↔ shared_1 a c ∧ shared_1 b c) ↔ (∀ a b c : α, c ≥ max a b ↔ shared_1 a c ∧ shared_1 b c) := by
  certibench_equiv

#print axioms cb_goal_cb_max_le_iff_generic__F6_order

theorem cb_goal_cb_max_le_iff_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → α → Prop)
    (shared_2 : α → α → Prop) :
    (∀ a b c : α, shared_1 a b c ↔ shared_2 a c ∧ shared_2 b c) ↔ (∀ a b : α, ¬∃ c : α, ¬(shared_1 a b c ↔ shared_2 a c ∧ shared_2 b c)) := by
  certibench_equiv

#print axioms cb_goal_cb_max_le_iff_generic__F8_equivalent

theorem cb_goal_cb_lt_trans_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b c : α, shared_1 a b → b < c → shared_1 a c) ↔ (∀ a b c : α, shared_1 a b → c > b → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_trans_generic__F6_order

theorem cb_goal_cb_lt_trans_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b c : α, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : α, ¬(shared_1 b c → shared_1 a c) → ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_trans_generic__F8_equivalent

theorem cb_goal_cb_le_of_eq_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b : α, a = b → shared_1 a b) ↔ (∀ a b : α, b = a → shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_eq_generic__F6_order

theorem cb_goal_cb_le_of_eq_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop)
    (shared_2 : α → α → Prop) :
    (∀ a b : α, shared_1 a b → shared_2 a b) ↔ (¬∃ a : α, ¬∀ b : α, shared_1 a b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_of_eq_generic__F8_equivalent

theorem cb_goal_cb_le_trans_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b c : α, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : α, shared_1 b c → shared_1 a b → shared_1 a c) := by
  certibench_equiv

#print axioms cb_goal_cb_le_trans_generic__F6_order

theorem cb_goal_cb_le_trans_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b c : α, shared_1 a b → shared_1 b c → shared_1 a c) ↔ (∀ a b c : α, ¬shared_1 a b ∨ (shared_1 b c → shared_1 a c)) := by
  certibench_equiv

#print axioms cb_goal_cb_le_trans_generic__F8_equivalent

theorem cb_goal_cb_lt_irrefl_generic__F6_order
    {α : Type*} :
    (∀ a : α, ¬a < a) ↔ (∀ a : α, ¬a > a) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_irrefl_generic__F6_order

theorem cb_goal_cb_lt_irrefl_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → Prop) :
    (∀ a : α, ¬shared_1 a) ↔ (¬∃ a : α, ¬¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_irrefl_generic__F8_equivalent

theorem cb_goal_cb_le_antisymm_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop)
    (shared_2 : α → α → Prop) :
    (∀ a b : α, shared_1 a b → b ≤ a → shared_2 a b) ↔ (∀ a b : α, shared_1 a b → a ≥ b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_antisymm_generic__F6_order

theorem cb_goal_cb_le_antisymm_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop)
    (shared_2 : α → α → Prop) :
    (∀ a b : α, shared_1 a b → shared_1 b a → shared_2 a b) ↔ (∀ a : α, ¬∃ b : α, ¬(shared_1 a b → shared_1 b a → shared_2 a b)) := by
  certibench_equiv

#print axioms cb_goal_cb_le_antisymm_generic__F8_equivalent

theorem cb_goal_cb_lt_trichotomy_generic__F6_order
    {α : Type*}
    (shared_1 : α → α → Prop)
    (shared_2 : α → α → Prop) :
    (∀ a b : α, shared_1 a b ∨ shared_2 a b ∨ shared_1 b a) ↔ (∀ a b : α, shared_1 a b ∨ shared_1 b a ∨ shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_trichotomy_generic__F6_order

theorem cb_goal_cb_lt_trichotomy_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop)
    (shared_2 : α → α → Prop) :
    (∀ a b : α, shared_1 a b ∨ shared_2 a b ∨ shared_1 b a) ↔ (∀ a : α, ¬∃ b : α, ¬(shared_1 a b ∨ shared_2 a b ∨ shared_1 b a)) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_trichotomy_generic__F8_equivalent

theorem cb_goal_cb_le_max_left_generic__F6_order
    {α : Type*} :
    (∀ a b : α, a ≤ max a b) ↔ (∀ a b : α, max a b ≥ a) := by
  certibench_equiv

#print axioms cb_goal_cb_le_max_left_generic__F6_order

theorem cb_goal_cb_le_max_left_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b : α, shared_1 a b) ↔ (∀ a : α, ¬∃ b : α, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_le_max_left_generic__F8_equivalent

theorem cb_goal_cb_min_le_left_generic__F6_order
    {α : Type*} :
    (∀ a b : α, min a b ≤ a) ↔ (∀ a b : α, a ≥ min a b) := by
  certibench_equiv

#print axioms cb_goal_cb_min_le_left_generic__F6_order

theorem cb_goal_cb_min_le_left_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → α → Prop) :
    (∀ a b : α, shared_1 a b) ↔ (∀ a : α, ¬∃ b : α, ¬shared_1 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_min_le_left_generic__F8_equivalent

theorem cb_goal_cb_abs_nonneg_generic__F6_order
    {α : Type*} :
    (∀ a : α, 0 ≤ |a|) ↔ (∀ a : α, |a| ≥ 0) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_nonneg_generic__F6_order

theorem cb_goal_cb_abs_nonneg_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → Prop) :
    (∀ a : α, shared_1 a) ↔ (¬∃ a : α, ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_nonneg_generic__F8_equivalent

theorem cb_goal_cb_exists_gt_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ x : ℝ, ∃ y : ℝ, shared_1 x y) ↔ (∀ x : ℝ, ¬∀ y : ℝ, ¬shared_1 x y) := by
  certibench_equiv

#print axioms cb_goal_cb_exists_gt_real__F8_equivalent

theorem cb_goal_cb_not_forall_le_zero__F8_equivalent
    (shared_1 : ℝ → Prop) :
    (¬∀ x : ℝ, shared_1 x) ↔ (¬¬∃ x : ℝ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_not_forall_le_zero__F8_equivalent

theorem cb_goal_cb_mul_pos_imp__F6_order
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, shared_1 b → shared_1 a → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_pos_imp__F6_order

theorem cb_goal_cb_mul_pos_imp__F8_equivalent
    (shared_1 : ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, 0 < a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℝ, ¬a ≤ 0 → shared_1 b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_mul_pos_imp__F8_equivalent

theorem cb_goal_cb_add_pos_imp__F6_order
    (shared_1 : ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a → shared_1 b → 0 < a + b) ↔ (∀ a b : ℤ, shared_1 a → shared_1 b → 0 < b + a) := by
  certibench_equiv

#print axioms cb_goal_cb_add_pos_imp__F6_order

theorem cb_goal_cb_add_pos_imp__F7_unpack
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a → 0 < b → shared_2 a b) ↔ (∀ a b : ℤ, shared_1 a → 0 + 1 ≤ b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_add_pos_imp__F7_unpack

theorem cb_goal_cb_add_pos_imp__F8_equivalent
    (shared_1 : ℤ → Prop)
    (shared_2 : ℤ → ℤ → Prop) :
    (∀ a b : ℤ, shared_1 a → shared_1 b → shared_2 a b) ↔ (∀ a b : ℤ, ¬(shared_1 b → shared_2 a b) → ¬shared_1 a) := by
  certibench_equiv

#print axioms cb_goal_cb_add_pos_imp__F8_equivalent

theorem cb_goal_cb_lt_of_not_le_real__F6_order
    (shared_1 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, ¬a ≤ b → shared_1 b a) ↔ (∀ a b : ℝ, ¬b ≥ a → shared_1 b a) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_of_not_le_real__F6_order

theorem cb_goal_cb_lt_of_not_le_real__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, ¬shared_1 a b → shared_2 b a) ↔ (∀ a : ℝ, ¬∃ b : ℝ, ¬(¬shared_1 a b → shared_2 b a)) := by
  certibench_equiv

#print axioms cb_goal_cb_lt_of_not_le_real__F8_equivalent

theorem cb_goal_cb_abs_le_of_bounds__F6_order
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, -b ≤ a → shared_1 a b → shared_2 a b) ↔ (∀ a b : ℝ, a ≥ -b → shared_1 a b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_le_of_bounds__F6_order

theorem cb_goal_cb_abs_le_of_bounds__F8_equivalent
    (shared_1 : ℝ → ℝ → Prop)
    (shared_2 : ℝ → ℝ → Prop) :
    (∀ a b : ℝ, shared_1 b a → a ≤ b → shared_2 a b) ↔ (∀ a b : ℝ, shared_1 b a → a < b ∨ a = b → shared_2 a b) := by
  certibench_equiv

#print axioms cb_goal_cb_abs_le_of_bounds__F8_equivalent

theorem cb_goal_cb_nat_le_of_lt_succ__F6_order
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m < n + 1 → shared_1 m n) ↔ (∀ m n : ℕ, n + 1 > m → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_le_of_lt_succ__F6_order

theorem cb_goal_cb_nat_le_of_lt_succ__F7_unpack
    (shared_1 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, m < n + 1 → shared_1 m n) ↔ (∀ m n : ℕ, m + 1 ≤ n + 1 → shared_1 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_le_of_lt_succ__F7_unpack

theorem cb_goal_cb_nat_le_of_lt_succ__F8_equivalent
    (shared_1 : ℕ → ℕ → Prop)
    (shared_2 : ℕ → ℕ → Prop) :
    (∀ m n : ℕ, shared_1 m n → shared_2 m n) ↔ (∀ m n : ℕ, ¬shared_1 m n ∨ shared_2 m n) := by
  certibench_equiv

#print axioms cb_goal_cb_nat_le_of_lt_succ__F8_equivalent

theorem cb_goal_cb_set_inter_comm__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t) ↔ (∀ s : Set ℕ, ¬∃ t : Set ℕ, ¬shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_comm__F8_equivalent

theorem cb_goal_cb_set_union_comm__F8_equivalent
    (shared_1 : Set ℝ → Set ℝ → Prop) :
    (∀ s t : Set ℝ, shared_1 s t) ↔ (∀ s : Set ℝ, ¬∃ t : Set ℝ, ¬shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_comm__F8_equivalent

theorem cb_goal_cb_set_inter_assoc__F8_equivalent
    (shared_1 : Set ℤ → Set ℤ → Set ℤ → Prop) :
    (∀ s t u : Set ℤ, shared_1 s t u) ↔ (∀ s t : Set ℤ, ¬∃ u : Set ℤ, ¬shared_1 s t u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_assoc__F8_equivalent

theorem cb_goal_cb_set_union_assoc__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Set ℕ → Prop) :
    (∀ s t u : Set ℕ, shared_1 s t u) ↔ (∀ s t : Set ℕ, ¬∃ u : Set ℕ, ¬shared_1 s t u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_assoc__F8_equivalent

theorem cb_goal_cb_set_inter_subset_left__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t) ↔ (¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_subset_left__F8_equivalent

theorem cb_goal_cb_set_inter_subset_right__F8_equivalent
    (shared_1 : Set ℝ → Set ℝ → Prop) :
    (∀ s t : Set ℝ, shared_1 s t) ↔ (∀ s : Set ℝ, ¬∃ t : Set ℝ, ¬shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_subset_right__F8_equivalent

theorem cb_goal_cb_set_subset_union_left__F8_equivalent
    (shared_1 : Set ℤ → Set ℤ → Prop) :
    (∀ s t : Set ℤ, shared_1 s t) ↔ (¬∃ s : Set ℤ, ¬∀ t : Set ℤ, shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_union_left__F8_equivalent

theorem cb_goal_cb_set_subset_union_right__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 t s) ↔ (¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 t s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_union_right__F8_equivalent

theorem cb_goal_cb_set_subset_trans__F6_order
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t u : Set ℕ, shared_1 s t → shared_1 t u → shared_1 s u) ↔ (∀ s t u : Set ℕ, shared_1 t u → shared_1 s t → shared_1 s u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_trans__F6_order

theorem cb_goal_cb_set_subset_trans__F7_unpack
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t u : Set ℕ, s ⊆ t → shared_1 t u → shared_1 s u) ↔ (∀ s t u : Set ℕ, (∀ x : ℕ, x ∈ s → x ∈ t) → shared_1 t u → shared_1 s u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_trans__F7_unpack

theorem cb_goal_cb_set_subset_trans__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t u : Set ℕ, shared_1 s t → shared_1 t u → shared_1 s u) ↔ (∀ s t u : Set ℕ, shared_1 s t → ¬shared_1 s u → ¬shared_1 t u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_trans__F8_equivalent

theorem cb_goal_cb_set_subset_antisymm__F6_order
    (shared_1 : Set ℤ → Set ℤ → Prop) :
    (∀ s t : Set ℤ, shared_1 s t → shared_1 t s → s = t) ↔ (∀ s t : Set ℤ, shared_1 s t → shared_1 t s → t = s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_antisymm__F6_order

theorem cb_goal_cb_set_subset_antisymm__F7_unpack
    (shared_1 : Set ℤ → Set ℤ → Prop)
    (shared_2 : Set ℤ → Set ℤ → Prop) :
    (∀ s t : Set ℤ, s ⊆ t → shared_1 t s → shared_2 s t) ↔ (∀ s t : Set ℤ, (∀ x : ℤ, x ∈ s → x ∈ t) → shared_1 t s → shared_2 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_antisymm__F7_unpack

theorem cb_goal_cb_set_subset_antisymm__F8_equivalent
    (shared_1 : Set ℤ → Set ℤ → Prop)
    (shared_2 : Set ℤ → Set ℤ → Prop) :
    (∀ s t : Set ℤ, shared_1 s t → shared_1 t s → shared_2 s t) ↔ (∀ s t : Set ℤ, ¬(shared_1 t s → shared_2 s t) → ¬shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_antisymm__F8_equivalent

theorem cb_goal_cb_set_compl_union__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t) ↔ (¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_compl_union__F8_equivalent

theorem cb_goal_cb_set_compl_inter__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t) ↔ (¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_compl_inter__F8_equivalent

theorem cb_goal_cb_set_compl_subset_compl__F7_unpack
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, sᶜ ⊆ tᶜ ↔ shared_1 t s) ↔ (∀ s t : Set ℕ, (∀ x : ℕ, x ∈ sᶜ → x ∈ tᶜ) ↔ shared_1 t s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_compl_subset_compl__F7_unpack

theorem cb_goal_cb_set_compl_subset_compl__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop)
    (shared_2 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t ↔ shared_2 t s) ↔ (¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 s t ↔ shared_2 t s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_compl_subset_compl__F8_equivalent

theorem cb_goal_cb_set_diff_subset__F8_equivalent
    (shared_1 : Set ℝ → Set ℝ → Prop) :
    (∀ s t : Set ℝ, shared_1 s t) ↔ (¬∃ s : Set ℝ, ¬∀ t : Set ℝ, shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_diff_subset__F8_equivalent

theorem cb_goal_cb_set_mem_union__F6_order
    (shared_1 : ℕ → Set ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s t ↔ shared_2 x s ∨ shared_2 x t) ↔ (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s t ↔ shared_2 x t ∨ shared_2 x s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_union__F6_order

theorem cb_goal_cb_set_mem_union__F8_equivalent
    (shared_1 : ℕ → Set ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s t ↔ shared_2 x s ∨ shared_2 x t) ↔ (∀ x : ℕ, ¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 x s t ↔ shared_2 x s ∨ shared_2 x t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_union__F8_equivalent

theorem cb_goal_cb_set_mem_inter_iff__F6_order
    (shared_1 : ℤ → Set ℤ → Set ℤ → Prop)
    (shared_2 : ℤ → Set ℤ → Prop) :
    (∀ (x : ℤ) (s t : Set ℤ), shared_1 x s t ↔ shared_2 x s ∧ shared_2 x t) ↔ (∀ (x : ℤ) (s t : Set ℤ), shared_1 x s t ↔ shared_2 x t ∧ shared_2 x s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_inter_iff__F6_order

theorem cb_goal_cb_set_mem_inter_iff__F8_equivalent
    (shared_1 : ℤ → Set ℤ → Set ℤ → Prop)
    (shared_2 : ℤ → Set ℤ → Prop) :
    (∀ (x : ℤ) (s t : Set ℤ), shared_1 x s t ↔ shared_2 x s ∧ shared_2 x t) ↔ (¬∃ x : ℤ, ¬∀ s t : Set ℤ, shared_1 x s t ↔ shared_2 x s ∧ shared_2 x t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_inter_iff__F8_equivalent

theorem cb_goal_cb_set_mem_compl_iff__F8_equivalent
    (shared_1 : ℝ → Set ℝ → Prop)
    (shared_2 : ℝ → Set ℝ → Prop) :
    (∀ (x : ℝ) (s : Set ℝ), shared_1 x s ↔ shared_2 x s) ↔ (¬∃ x : ℝ, ¬∀ s : Set ℝ, shared_1 x s ↔ shared_2 x s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_compl_iff__F8_equivalent

theorem cb_goal_cb_set_mem_diff__F6_order
    (shared_1 : ℕ → Set ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Prop)
    (shared_3 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s t ↔ shared_2 x s ∧ shared_3 x t) ↔ (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s t ↔ shared_3 x t ∧ shared_2 x s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_diff__F6_order

theorem cb_goal_cb_set_mem_diff__F8_equivalent
    (shared_1 : ℕ → Set ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Prop)
    (shared_3 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s t ↔ shared_2 x s ∧ shared_3 x t) ↔ (∀ (x : ℕ) (s : Set ℕ), ¬∃ t : Set ℕ, ¬(shared_1 x s t ↔ shared_2 x s ∧ shared_3 x t)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_diff__F8_equivalent

theorem cb_goal_cb_set_not_mem_empty__F8_equivalent
    (shared_1 : ℕ → Prop) :
    (∀ x : ℕ, shared_1 x) ↔ (¬∃ x : ℕ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_set_not_mem_empty__F8_equivalent

theorem cb_goal_cb_set_mem_univ__F8_equivalent
    (shared_1 : ℤ → Prop) :
    (∀ x : ℤ, shared_1 x) ↔ (¬∃ x : ℤ, ¬shared_1 x) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_univ__F8_equivalent

theorem cb_goal_cb_set_mem_of_subset__F6_order
    (shared_1 : Set ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 s t → shared_2 x s → shared_2 x t) ↔ (∀ (x : ℕ) (s t : Set ℕ), shared_2 x s → shared_1 s t → shared_2 x t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_of_subset__F6_order

theorem cb_goal_cb_set_mem_of_subset__F7_unpack
    (shared_1 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), s ⊆ t → shared_1 x s → shared_1 x t) ↔ (∀ (x : ℕ) (s t : Set ℕ), (∀ x1 : ℕ, x1 ∈ s → x1 ∈ t) → shared_1 x s → shared_1 x t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_of_subset__F7_unpack

theorem cb_goal_cb_set_mem_of_subset__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 s t → shared_2 x s → shared_2 x t) ↔ (∀ x : ℕ, ¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 s t → shared_2 x s → shared_2 x t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_of_subset__F8_equivalent

theorem cb_goal_cb_set_union_subset__F6_order
    (shared_1 : Set ℕ → Set ℕ → Prop)
    (shared_2 : Set ℕ → Set ℕ → Set ℕ → Prop) :
    (∀ s t u : Set ℕ, shared_1 s u → shared_1 t u → shared_2 s t u) ↔ (∀ s t u : Set ℕ, shared_1 t u → shared_1 s u → shared_2 s t u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_subset__F6_order

theorem cb_goal_cb_set_union_subset__F7_unpack
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t u : Set ℕ, shared_1 s u → shared_1 t u → s ∪ t ⊆ u) ↔ (∀ s t u : Set ℕ, shared_1 s u → shared_1 t u → ∀ x : ℕ, x ∈ s ∪ t → x ∈ u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_subset__F7_unpack

theorem cb_goal_cb_set_union_subset__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop)
    (shared_2 : Set ℕ → Set ℕ → Set ℕ → Prop) :
    (∀ s t u : Set ℕ, shared_1 s u → shared_1 t u → shared_2 s t u) ↔ (∀ s t u : Set ℕ, ¬(shared_1 t u → shared_2 s t u) → ¬shared_1 s u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_subset__F8_equivalent

theorem cb_goal_cb_set_subset_inter__F6_order
    (shared_1 : Set ℤ → Set ℤ → Prop)
    (shared_2 : Set ℤ → Set ℤ → Set ℤ → Prop) :
    (∀ s t u : Set ℤ, shared_1 u s → shared_1 u t → shared_2 u s t) ↔ (∀ s t u : Set ℤ, shared_1 u t → shared_1 u s → shared_2 u s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_inter__F6_order

theorem cb_goal_cb_set_subset_inter__F7_unpack
    (shared_1 : Set ℤ → Set ℤ → Prop)
    (shared_2 : Set ℤ → Set ℤ → Set ℤ → Prop) :
    (∀ s t u : Set ℤ, shared_1 u s → u ⊆ t → shared_2 u s t) ↔ (∀ s t u : Set ℤ, shared_1 u s → (∀ x : ℤ, x ∈ u → x ∈ t) → shared_2 u s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_inter__F7_unpack

theorem cb_goal_cb_set_subset_inter__F8_equivalent
    (shared_1 : Set ℤ → Set ℤ → Prop)
    (shared_2 : Set ℤ → Set ℤ → Set ℤ → Prop) :
    (∀ s t u : Set ℤ, shared_1 u s → shared_1 u t → shared_2 u s t) ↔ (∀ s t : Set ℤ, ¬∃ u : Set ℤ, ¬(shared_1 u s → shared_1 u t → shared_2 u s t)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_inter__F8_equivalent

theorem cb_goal_cb_set_inter_union_distrib_left__F8_equivalent
    (shared_1 : Set ℤ → Set ℤ → Set ℤ → Prop) :
    (∀ s t u : Set ℤ, shared_1 s t u) ↔ (∀ s t : Set ℤ, ¬∃ u : Set ℤ, ¬shared_1 s t u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_union_distrib_left__F8_equivalent

theorem cb_goal_cb_set_inter_eq_left__F6_order
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, s ∩ t = s ↔ shared_1 s t) ↔ (∀ s t : Set ℕ, s = s ∩ t ↔ shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_eq_left__F6_order

theorem cb_goal_cb_set_inter_eq_left__F7_unpack
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t ↔ s ⊆ t) ↔ (∀ s t : Set ℕ, shared_1 s t ↔ ∀ x : ℕ, x ∈ s → x ∈ t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_eq_left__F7_unpack

theorem cb_goal_cb_set_inter_eq_left__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop)
    (shared_2 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t ↔ shared_2 s t) ↔ (¬∃ s : Set ℕ, ¬∀ t : Set ℕ, shared_1 s t ↔ shared_2 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_eq_left__F8_equivalent

theorem cb_goal_cb_set_union_eq_right__F6_order
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, s ∪ t = t ↔ shared_1 s t) ↔ (∀ s t : Set ℕ, t = s ∪ t ↔ shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_eq_right__F6_order

theorem cb_goal_cb_set_union_eq_right__F7_unpack
    (shared_1 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t ↔ s ⊆ t) ↔ (∀ s t : Set ℕ, shared_1 s t ↔ ∀ x : ℕ, x ∈ s → x ∈ t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_eq_right__F7_unpack

theorem cb_goal_cb_set_union_eq_right__F8_equivalent
    (shared_1 : Set ℕ → Set ℕ → Prop)
    (shared_2 : Set ℕ → Set ℕ → Prop) :
    (∀ s t : Set ℕ, shared_1 s t ↔ shared_2 s t) ↔ (∀ s : Set ℕ, ¬∃ t : Set ℕ, ¬(shared_1 s t ↔ shared_2 s t)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_eq_right__F8_equivalent

theorem cb_goal_cb_set_inter_comm_generic__F8_equivalent
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t : Set α, shared_1 s t) ↔ (∀ s : Set α, ¬∃ t : Set α, ¬shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_comm_generic__F8_equivalent

theorem cb_goal_cb_set_compl_union_generic__F8_equivalent
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t : Set α, shared_1 s t) ↔ (∀ s : Set α, ¬∃ t : Set α, ¬shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_compl_union_generic__F8_equivalent

theorem cb_goal_cb_set_subset_trans_generic__F6_order
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t u : Set α, shared_1 s t → shared_1 t u → shared_1 s u) ↔ (∀ s t u : Set α, shared_1 t u → shared_1 s t → shared_1 s u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_trans_generic__F6_order

theorem cb_goal_cb_set_subset_trans_generic__F7_unpack
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t u : Set α, shared_1 s t → t ⊆ u → shared_1 s u) ↔ (∀ s t u : Set α, shared_1 s t → (∀ x : α, x ∈ t → x ∈ u) → shared_1 s u) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_trans_generic__F7_unpack

theorem cb_goal_cb_set_subset_trans_generic__F8_equivalent
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t u : Set α, shared_1 s t → shared_1 t u → shared_1 s u) ↔ (∀ s t u : Set α, ¬shared_1 s t ∨ (shared_1 t u → shared_1 s u)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_trans_generic__F8_equivalent

theorem cb_goal_cb_set_mem_union_left__F8_equivalent
    (shared_1 : ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s → shared_2 x s t) ↔ (¬∃ x : ℕ, ¬∀ s t : Set ℕ, shared_1 x s → shared_2 x s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_union_left__F8_equivalent

theorem cb_goal_cb_set_mem_inter__F6_order
    (shared_1 : ℤ → Set ℤ → Prop)
    (shared_2 : ℤ → Set ℤ → Set ℤ → Prop) :
    (∀ (x : ℤ) (s t : Set ℤ), shared_1 x s → shared_1 x t → shared_2 x s t) ↔ (∀ (x : ℤ) (s t : Set ℤ), shared_1 x t → shared_1 x s → shared_2 x s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_inter__F6_order

theorem cb_goal_cb_set_mem_inter__F8_equivalent
    (shared_1 : ℤ → Set ℤ → Prop)
    (shared_2 : ℤ → Set ℤ → Set ℤ → Prop) :
    (∀ (x : ℤ) (s t : Set ℤ), shared_1 x s → shared_1 x t → shared_2 x s t) ↔ (∀ (x : ℤ) (s t : Set ℤ), ¬shared_1 x s ∨ (shared_1 x t → shared_2 x s t)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_inter__F8_equivalent

theorem cb_goal_cb_set_mem_of_mem_inter_left__F8_equivalent
    (shared_1 : ℕ → Set ℕ → Set ℕ → Prop)
    (shared_2 : ℕ → Set ℕ → Prop) :
    (∀ (x : ℕ) (s t : Set ℕ), shared_1 x s t → shared_2 x s) ↔ (¬∃ x : ℕ, ¬∀ s t : Set ℕ, shared_1 x s t → shared_2 x s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_of_mem_inter_left__F8_equivalent

theorem cb_goal_cb_set_nonempty_iff_ne_empty__F4_notation
    (u_Set_Nonempty : Set ℕ → Prop) :
    (∀ s : Set ℕ, u_Set_Nonempty s ↔ s ≠ ∅) ↔ (∀ s : Set ℕ, u_Set_Nonempty s ↔ ¬s = ∅) := by
  certibench_equiv

#print axioms cb_goal_cb_set_nonempty_iff_ne_empty__F4_notation

theorem cb_goal_cb_set_nonempty_iff_ne_empty__F6_order
    (u_Set_Nonempty : Set ℕ → Prop) :
    (∀ s : Set ℕ, u_Set_Nonempty s ↔ s ≠ ∅) ↔ (∀ s : Set ℕ, u_Set_Nonempty s ↔ ∅ ≠ s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_nonempty_iff_ne_empty__F6_order

theorem cb_goal_cb_set_nonempty_iff_ne_empty__F8_equivalent
    (u_Set_Nonempty : Set ℕ → Prop)
    (shared_1 : Set ℕ → Prop) :
    (∀ s : Set ℕ, u_Set_Nonempty s ↔ shared_1 s) ↔ (¬∃ s : Set ℕ, ¬(u_Set_Nonempty s ↔ shared_1 s)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_nonempty_iff_ne_empty__F8_equivalent

theorem cb_goal_cb_set_eq_empty_iff__F6_order
    (shared_1 : ℤ → Set ℤ → Prop) :
    (∀ s : Set ℤ, s = ∅ ↔ ∀ x : ℤ, shared_1 x s) ↔ (∀ s : Set ℤ, ∅ = s ↔ ∀ x : ℤ, shared_1 x s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_eq_empty_iff__F6_order

theorem cb_goal_cb_set_eq_empty_iff__F8_equivalent
    (shared_1 : Set ℤ → Prop)
    (shared_2 : ℤ → Set ℤ → Prop) :
    (∀ s : Set ℤ, shared_1 s ↔ ∀ x : ℤ, shared_2 x s) ↔ (¬∃ s : Set ℤ, ¬(shared_1 s ↔ ∀ x : ℤ, shared_2 x s)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_eq_empty_iff__F8_equivalent

theorem cb_goal_cb_set_subset_pointwise__F8_equivalent
    (shared_1 : Set ℝ → Set ℝ → Prop)
    (shared_2 : ℝ → Set ℝ → Prop) :
    (∀ s t : Set ℝ, shared_1 s t → ∀ x : ℝ, shared_2 x s → shared_2 x t) ↔ (∀ s t : Set ℝ, shared_1 s t → ∀ x : ℝ, ¬shared_2 x t → ¬shared_2 x s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_subset_pointwise__F8_equivalent

theorem cb_goal_cb_set_union_comm_generic__F8_equivalent
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t : Set α, shared_1 s t) ↔ (¬∃ s : Set α, ¬∀ t : Set α, shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_union_comm_generic__F8_equivalent

theorem cb_goal_cb_set_inter_subset_left_generic__F8_equivalent
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t : Set α, shared_1 s t) ↔ (¬∃ s : Set α, ¬∀ t : Set α, shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_inter_subset_left_generic__F8_equivalent

theorem cb_goal_cb_set_diff_subset_generic__F8_equivalent
    {α : Type*}
    (shared_1 : Set α → Set α → Prop) :
    (∀ s t : Set α, shared_1 s t) ↔ (∀ s : Set α, ¬∃ t : Set α, ¬shared_1 s t) := by
  certibench_equiv

#print axioms cb_goal_cb_set_diff_subset_generic__F8_equivalent

theorem cb_goal_cb_set_mem_compl_iff_generic__F4_notation
    {α : Type*}
    (shared_1 : α → Set α → Prop) :
    (∀ (x : α) (s : Set α), shared_1 x s ↔ x ∉ s) ↔ (∀ (x : α) (s : Set α), shared_1 x s ↔ ¬x ∈ s) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_compl_iff_generic__F4_notation

theorem cb_goal_cb_set_mem_compl_iff_generic__F8_equivalent
    {α : Type*}
    (shared_1 : α → Set α → Prop)
    (shared_2 : α → Set α → Prop) :
    (∀ (x : α) (s : Set α), shared_1 x s ↔ shared_2 x s) ↔ (∀ x : α, ¬∃ s : Set α, ¬(shared_1 x s ↔ shared_2 x s)) := by
  certibench_equiv

#print axioms cb_goal_cb_set_mem_compl_iff_generic__F8_equivalent

