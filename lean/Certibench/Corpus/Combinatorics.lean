import Mathlib

/-!
# Certibench corpus — combinatorics

Factorials, binomial coefficients and cardinalities of finite sets.
Each `theorem` restates one Mathlib lemma. `open scoped Nat` provides the `n !` notation.
-/

open scoped Nat

/-- @topic combinatorics/factorial/positive -/
theorem cb_factorial_pos (n : ℕ) : 0 < n ! := Nat.factorial_pos n
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_pos

/-- @topic combinatorics/factorial/lower_bound -/
theorem cb_self_le_factorial (n : ℕ) : n ≤ n ! := Nat.self_le_factorial n
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.self_le_factorial

/-- @topic combinatorics/factorial/monotone -/
theorem cb_factorial_le (m n : ℕ) (h : m ≤ n) : m ! ≤ n ! := Nat.factorial_le h
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_le

/-- @topic combinatorics/factorial/recurrence -/
theorem cb_factorial_succ (n : ℕ) : (n + 1) ! = (n + 1) * n ! := Nat.factorial_succ n
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_succ

/-- @topic combinatorics/factorial/values -/
theorem cb_factorial_zero : 0 ! = 1 := Nat.factorial_zero
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_zero

/-- @topic combinatorics/factorial/values -/
theorem cb_factorial_two : 2 ! = 2 := Nat.factorial_two
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_two

/-- @topic combinatorics/factorial/divisors -/
theorem cb_dvd_factorial (m n : ℕ) (h₁ : 0 < m) (h₂ : m ≤ n) : m ∣ n ! := Nat.dvd_factorial h₁ h₂
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.dvd_factorial

/-- @topic combinatorics/factorial/strictly_monotone -/
theorem cb_factorial_lt (m n : ℕ) (hn : 0 < n) : n ! < m ! ↔ n < m := Nat.factorial_lt hn
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_lt

/-- @topic combinatorics/factorial/lower_bound -/
theorem cb_lt_factorial_self (n : ℕ) (h : 3 ≤ n) : n < n ! := Nat.lt_factorial_self h
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.lt_factorial_self

/-- @topic combinatorics/binomial/symmetry -/
theorem cb_choose_symm (n k : ℕ) (h : k ≤ n) : Nat.choose n (n - k) = Nat.choose n k :=
  Nat.choose_symm h
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_symm

/-- @topic combinatorics/binomial/symmetry -/
theorem cb_choose_symm_add (m n : ℕ) : Nat.choose (m + n) m = Nat.choose (m + n) n :=
  Nat.choose_symm_add
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_symm_add

/-- @topic combinatorics/binomial/values -/
theorem cb_choose_self (n : ℕ) : Nat.choose n n = 1 := Nat.choose_self n
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_self

/-- @topic combinatorics/binomial/values -/
theorem cb_choose_zero_right (n : ℕ) : Nat.choose n 0 = 1 := Nat.choose_zero_right n
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_zero_right

/-- @topic combinatorics/binomial/values -/
theorem cb_choose_one_right (n : ℕ) : Nat.choose n 1 = n := Nat.choose_one_right n
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_one_right

/-- @topic combinatorics/binomial/pairs -/
theorem cb_choose_two_right (n : ℕ) : Nat.choose n 2 = n * (n - 1) / 2 := Nat.choose_two_right n
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_two_right

/-- @topic combinatorics/binomial/values -/
theorem cb_choose_succ_self_right (n : ℕ) : Nat.choose (n + 1) n = n + 1 :=
  Nat.choose_succ_self_right n
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_succ_self_right

/-- @topic combinatorics/binomial/vanishing -/
theorem cb_choose_eq_zero_of_lt (n k : ℕ) (h : n < k) : Nat.choose n k = 0 :=
  Nat.choose_eq_zero_of_lt h
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_eq_zero_of_lt

/-- @topic combinatorics/binomial/positive -/
theorem cb_choose_pos (n k : ℕ) (h : k ≤ n) : 0 < Nat.choose n k := Nat.choose_pos h
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_pos

/-- @topic combinatorics/binomial/pascal -/
theorem cb_choose_succ_succ (n k : ℕ) :
    Nat.choose (n + 1) (k + 1) = Nat.choose n k + Nat.choose n (k + 1) :=
  Nat.choose_succ_succ' n k
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_succ_succ'

/-- @topic combinatorics/binomial/factorial_formula -/
theorem cb_choose_mul_factorial_mul_factorial (n k : ℕ) (h : k ≤ n) :
    Nat.choose n k * k ! * (n - k) ! = n ! :=
  Nat.choose_mul_factorial_mul_factorial h
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_mul_factorial_mul_factorial

/-- @topic combinatorics/binomial/absorption -/
theorem cb_succ_mul_choose_eq (n k : ℕ) :
    (n + 1) * Nat.choose n k = Nat.choose (n + 1) (k + 1) * (k + 1) :=
  Nat.succ_mul_choose_eq n k
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.succ_mul_choose_eq

/-- @topic combinatorics/binomial/central_maximum -/
theorem cb_choose_le_middle (r n : ℕ) : Nat.choose n r ≤ Nat.choose n (n / 2) :=
  Nat.choose_le_middle r n
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_le_middle

/-- @topic combinatorics/finsets/union_bound -/
theorem cb_finset_card_union_le (s t : Finset ℕ) : (s ∪ t).card ≤ s.card + t.card :=
  Finset.card_union_le ..
-- Mathlib/Data/Finset/Card.lean: Finset.card_union_le

/-- @topic combinatorics/finsets/monotone -/
theorem cb_finset_card_le_card (s t : Finset ℕ) (h : s ⊆ t) : s.card ≤ t.card :=
  Finset.card_le_card h
-- Mathlib/Data/Finset/Card.lean: Finset.card_le_card

/-- @topic combinatorics/finsets/inclusion_exclusion -/
theorem cb_finset_card_union_add_card_inter (s t : Finset ℕ) :
    (s ∪ t).card + (s ∩ t).card = s.card + t.card :=
  Finset.card_union_add_card_inter ..
-- Mathlib/Data/Finset/Card.lean: Finset.card_union_add_card_inter

/-- @topic combinatorics/finsets/intersection_bound -/
theorem cb_finset_card_inter_le (s t : Finset ℕ) : (s ∩ t).card ≤ s.card :=
  Finset.card_le_card (Finset.inter_subset_left ..)
-- Mathlib/Data/Finset/Card.lean: Finset.card_le_card; Data/Finset/Basic.lean: Finset.inter_subset_left

/-- @topic combinatorics/finsets/nonempty -/
theorem cb_finset_card_pos (s : Finset ℤ) : 0 < s.card ↔ s.Nonempty := Finset.card_pos
-- Mathlib/Data/Finset/Card.lean: Finset.card_pos

/-- @topic combinatorics/finsets/empty -/
theorem cb_finset_card_empty : (∅ : Finset ℕ).card = 0 := Finset.card_empty
-- Mathlib/Data/Finset/Card.lean: Finset.card_empty

/-- @topic combinatorics/finsets/insert -/
theorem cb_finset_card_insert_of_not_mem (a : ℕ) (s : Finset ℕ) (h : a ∉ s) :
    (insert a s).card = s.card + 1 :=
  Finset.card_insert_of_not_mem h
-- Mathlib/Data/Finset/Card.lean: Finset.card_insert_of_not_mem

/-- @topic combinatorics/finsets/insert -/
theorem cb_finset_card_insert_le (a : ℕ) (s : Finset ℕ) : (insert a s).card ≤ s.card + 1 :=
  Finset.card_insert_le ..
-- Mathlib/Data/Finset/Card.lean: Finset.card_insert_le

/-- @topic combinatorics/finsets/erase -/
theorem cb_finset_card_erase_of_mem (a : ℕ) (s : Finset ℕ) (h : a ∈ s) :
    (s.erase a).card = s.card - 1 :=
  Finset.card_erase_of_mem h
-- Mathlib/Data/Finset/Card.lean: Finset.card_erase_of_mem

/-- @topic combinatorics/finsets/powerset -/
theorem cb_finset_card_powerset (s : Finset ℕ) : (Finset.powerset s).card = 2 ^ s.card :=
  Finset.card_powerset ..
-- Mathlib/Data/Finset/Powerset.lean: Finset.card_powerset

/-- @topic combinatorics/ranges/cardinality -/
theorem cb_finset_card_range (n : ℕ) : (Finset.range n).card = n := Finset.card_range ..
-- Mathlib/Data/Finset/Card.lean: Finset.card_range

/-- @topic combinatorics/ranges/membership -/
theorem cb_finset_mem_range (m n : ℕ) : m ∈ Finset.range n ↔ m < n := Finset.mem_range
-- Mathlib/Data/Finset/Basic.lean (Range): Finset.mem_range

/-- @topic combinatorics/ranges/subset -/
theorem cb_finset_range_subset (m n : ℕ) : Finset.range n ⊆ Finset.range m ↔ n ≤ m :=
  Finset.range_subset
-- Mathlib/Data/Finset/Basic.lean (Range): Finset.range_subset

/-- @topic combinatorics/intervals/cardinality -/
theorem cb_nat_card_Icc (a b : ℕ) : (Finset.Icc a b).card = b + 1 - a := Nat.card_Icc ..
-- Mathlib/Order/Interval/Finset/Nat.lean: Nat.card_Icc

/-- @topic combinatorics/intervals/cardinality -/
theorem cb_nat_card_Ico (a b : ℕ) : (Finset.Ico a b).card = b - a := Nat.card_Ico ..
-- Mathlib/Order/Interval/Finset/Nat.lean: Nat.card_Ico

/-- @topic combinatorics/intervals/membership -/
theorem cb_finset_mem_Icc (a b c : ℕ) : a ∈ Finset.Icc b c ↔ b ≤ a ∧ a ≤ c := Finset.mem_Icc
-- Mathlib/Order/Interval/Finset/Defs.lean: Finset.mem_Icc

/-- @topic combinatorics/finsets/union_bound -/
theorem cb_finset_card_union_le_generic {α : Type*} [DecidableEq α] (s t : Finset α) :
    (s ∪ t).card ≤ s.card + t.card :=
  Finset.card_union_le ..
-- Mathlib/Data/Finset/Card.lean: Finset.card_union_le

/-- @topic combinatorics/finsets/monotone -/
theorem cb_finset_card_le_card_generic {α : Type*} (s t : Finset α) : s ⊆ t → s.card ≤ t.card :=
  Finset.card_le_card
-- Mathlib/Data/Finset/Card.lean: Finset.card_le_card

/-! ## More factorial and binomial facts; implication and existence forms -/

/-- @topic combinatorics/binomial/positive -/
theorem cb_choose_pos_imp (n k : ℕ) : k ≤ n → 0 < Nat.choose n k := Nat.choose_pos
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_pos

/-- @topic combinatorics/factorial/monotone -/
theorem cb_factorial_le_imp (m n : ℕ) : m ≤ n → m ! ≤ n ! := Nat.factorial_le
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_le

/-- @topic combinatorics/factorial/divisors -/
theorem cb_factorial_dvd_factorial (m n : ℕ) (h : m ≤ n) : m ! ∣ n ! := Nat.factorial_dvd_factorial h
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_dvd_factorial

/-- @topic combinatorics/binomial/factorial_formula -/
theorem cb_factorial_mul_factorial_dvd_factorial (n k : ℕ) (h : k ≤ n) :
    k ! * (n - k) ! ∣ n ! :=
  Nat.factorial_mul_factorial_dvd_factorial h
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.factorial_mul_factorial_dvd_factorial

/-- @topic combinatorics/binomial/vanishing -/
theorem cb_choose_eq_zero_iff (n k : ℕ) : Nat.choose n k = 0 ↔ n < k := Nat.choose_eq_zero_iff
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_eq_zero_iff

/-- @topic combinatorics/factorial/lower_bound -/
theorem cb_one_lt_factorial (n : ℕ) : 1 < n ! ↔ 1 < n := Nat.one_lt_factorial
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.one_lt_factorial

/-- @topic combinatorics/factorial/values -/
theorem cb_factorial_eq_one (n : ℕ) : n ! = 1 ↔ n ≤ 1 := Nat.factorial_eq_one
-- Mathlib/Data/Nat/Factorial/Basic.lean: Nat.factorial_eq_one

/-- @topic combinatorics/binomial/monotone -/
theorem cb_choose_le_succ (a c : ℕ) : Nat.choose a c ≤ Nat.choose (a + 1) c :=
  Nat.choose_le_succ a c
-- Mathlib/Data/Nat/Choose/Basic.lean: Nat.choose_le_succ

/-- @topic combinatorics/finsets/nonempty -/
theorem cb_finset_exists_mem_of_card_pos (s : Finset ℕ) (h : 0 < s.card) : ∃ x : ℕ, x ∈ s :=
  Finset.card_pos.mp h
-- Mathlib/Data/Finset/Card.lean: Finset.card_pos

/-- @topic combinatorics/finsets/nonempty -/
theorem cb_finset_card_pos_generic {α : Type*} (s : Finset α) : 0 < s.card ↔ s.Nonempty :=
  Finset.card_pos
-- Mathlib/Data/Finset/Card.lean: Finset.card_pos

/-- @topic combinatorics/finsets/inclusion_exclusion -/
theorem cb_finset_card_union_add_card_inter_generic {α : Type*} [DecidableEq α] (s t : Finset α) :
    (s ∪ t).card + (s ∩ t).card = s.card + t.card :=
  Finset.card_union_add_card_inter ..
-- Mathlib/Data/Finset/Card.lean: Finset.card_union_add_card_inter
