import Mathlib

/-!
# Certibench corpus — sets

Boolean-algebra facts about `Set`, stated mostly over `Set ℕ`, `Set ℤ`, `Set ℝ`
(so a one-edit mutation has a small concrete counterexample) and a few over an
arbitrary type. Each `theorem` restates one Mathlib lemma; `..` fills the lemma's
explicit arguments from the goal, so the proof does not depend on which of them
Mathlib makes implicit.
-/

/-- @topic sets/intersection/commutative -/
theorem cb_set_inter_comm (s t : Set ℕ) : s ∩ t = t ∩ s := Set.inter_comm ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_comm

/-- @topic sets/union/commutative -/
theorem cb_set_union_comm (s t : Set ℝ) : s ∪ t = t ∪ s := Set.union_comm ..
-- Mathlib/Data/Set/Basic.lean: Set.union_comm

/-- @topic sets/intersection/associative -/
theorem cb_set_inter_assoc (s t u : Set ℤ) : s ∩ t ∩ u = s ∩ (t ∩ u) := Set.inter_assoc ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_assoc

/-- @topic sets/union/associative -/
theorem cb_set_union_assoc (s t u : Set ℕ) : s ∪ t ∪ u = s ∪ (t ∪ u) := Set.union_assoc ..
-- Mathlib/Data/Set/Basic.lean: Set.union_assoc

/-- @topic sets/intersection/subset -/
theorem cb_set_inter_subset_left (s t : Set ℕ) : s ∩ t ⊆ s := Set.inter_subset_left ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_subset_left

/-- @topic sets/intersection/subset -/
theorem cb_set_inter_subset_right (s t : Set ℝ) : s ∩ t ⊆ t := Set.inter_subset_right ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_subset_right

/-- @topic sets/union/superset -/
theorem cb_set_subset_union_left (s t : Set ℤ) : s ⊆ s ∪ t := Set.subset_union_left ..
-- Mathlib/Data/Set/Basic.lean: Set.subset_union_left

/-- @topic sets/union/superset -/
theorem cb_set_subset_union_right (s t : Set ℕ) : t ⊆ s ∪ t := Set.subset_union_right ..
-- Mathlib/Data/Set/Basic.lean: Set.subset_union_right

/-- @topic sets/subset/transitive -/
theorem cb_set_subset_trans (s t u : Set ℕ) (h₁ : s ⊆ t) (h₂ : t ⊆ u) : s ⊆ u :=
  Set.Subset.trans h₁ h₂
-- Mathlib/Data/Set/Basic.lean: Set.Subset.trans

/-- @topic sets/subset/antisymmetric -/
theorem cb_set_subset_antisymm (s t : Set ℤ) (h₁ : s ⊆ t) (h₂ : t ⊆ s) : s = t :=
  Set.Subset.antisymm h₁ h₂
-- Mathlib/Data/Set/Basic.lean: Set.Subset.antisymm

/-- @topic sets/subset/empty -/
theorem cb_set_empty_subset (s : Set ℝ) : ∅ ⊆ s := Set.empty_subset ..
-- Mathlib/Data/Set/Basic.lean: Set.empty_subset

/-- @topic sets/subset/universe -/
theorem cb_set_subset_univ (s : Set ℕ) : s ⊆ Set.univ := Set.subset_univ ..
-- Mathlib/Data/Set/Basic.lean: Set.subset_univ

/-- @topic sets/complement/involutive -/
theorem cb_set_compl_compl (s : Set ℤ) : sᶜᶜ = s := compl_compl s
-- Mathlib/Order/BooleanAlgebra.lean: compl_compl

/-- @topic sets/complement/de_morgan -/
theorem cb_set_compl_union (s t : Set ℕ) : (s ∪ t)ᶜ = sᶜ ∩ tᶜ := Set.compl_union ..
-- Mathlib/Data/Set/Basic.lean: Set.compl_union

/-- @topic sets/complement/de_morgan -/
theorem cb_set_compl_inter (s t : Set ℕ) : (s ∩ t)ᶜ = sᶜ ∪ tᶜ := Set.compl_inter ..
-- Mathlib/Data/Set/Basic.lean: Set.compl_inter

/-- @topic sets/complement/antitone -/
theorem cb_set_compl_subset_compl (s t : Set ℕ) : sᶜ ⊆ tᶜ ↔ t ⊆ s := Set.compl_subset_compl
-- Mathlib/Data/Set/Basic.lean: Set.compl_subset_compl

/-- @topic sets/difference/subset -/
theorem cb_set_diff_subset (s t : Set ℝ) : s \ t ⊆ s := Set.diff_subset ..
-- Mathlib/Data/Set/Basic.lean: Set.diff_subset

/-- @topic sets/intersection/idempotent -/
theorem cb_set_inter_self (s : Set ℕ) : s ∩ s = s := Set.inter_self ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_self

/-- @topic sets/union/idempotent -/
theorem cb_set_union_self (s : Set ℤ) : s ∪ s = s := Set.union_self ..
-- Mathlib/Data/Set/Basic.lean: Set.union_self

/-- @topic sets/intersection/empty -/
theorem cb_set_inter_empty (s : Set ℤ) : s ∩ ∅ = ∅ := Set.inter_empty ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_empty

/-- @topic sets/union/empty -/
theorem cb_set_union_empty (s : Set ℝ) : s ∪ ∅ = s := Set.union_empty ..
-- Mathlib/Data/Set/Basic.lean: Set.union_empty

/-- @topic sets/intersection/universe -/
theorem cb_set_inter_univ (s : Set ℕ) : s ∩ Set.univ = s := Set.inter_univ ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_univ

/-- @topic sets/membership/union -/
theorem cb_set_mem_union (x : ℕ) (s t : Set ℕ) : x ∈ s ∪ t ↔ x ∈ s ∨ x ∈ t := Set.mem_union ..
-- Mathlib/Data/Set/Basic.lean: Set.mem_union

/-- @topic sets/membership/intersection -/
theorem cb_set_mem_inter_iff (x : ℤ) (s t : Set ℤ) : x ∈ s ∩ t ↔ x ∈ s ∧ x ∈ t :=
  Set.mem_inter_iff ..
-- Mathlib/Data/Set/Basic.lean: Set.mem_inter_iff

/-- @topic sets/membership/complement -/
theorem cb_set_mem_compl_iff (x : ℝ) (s : Set ℝ) : x ∈ sᶜ ↔ x ∉ s := Set.mem_compl_iff ..
-- Mathlib/Data/Set/Basic.lean: Set.mem_compl_iff

/-- @topic sets/membership/difference -/
theorem cb_set_mem_diff (x : ℕ) (s t : Set ℕ) : x ∈ s \ t ↔ x ∈ s ∧ x ∉ t := Set.mem_diff ..
-- Mathlib/Data/Set/Basic.lean: Set.mem_diff

/-- @topic sets/membership/empty -/
theorem cb_set_not_mem_empty (x : ℕ) : x ∉ (∅ : Set ℕ) := Set.not_mem_empty x
-- Mathlib/Data/Set/Basic.lean: Set.not_mem_empty

/-- @topic sets/membership/universe -/
theorem cb_set_mem_univ (x : ℤ) : x ∈ (Set.univ : Set ℤ) := Set.mem_univ x
-- Mathlib/Data/Set/Basic.lean: Set.mem_univ

/-- @topic sets/membership/subset -/
theorem cb_set_mem_of_subset (x : ℕ) (s t : Set ℕ) (h : s ⊆ t) (hx : x ∈ s) : x ∈ t :=
  Set.mem_of_subset_of_mem h hx
-- Mathlib/Data/Set/Basic.lean: Set.mem_of_subset_of_mem

/-- @topic sets/union/least_upper_bound -/
theorem cb_set_union_subset (s t u : Set ℕ) (h₁ : s ⊆ u) (h₂ : t ⊆ u) : s ∪ t ⊆ u :=
  Set.union_subset h₁ h₂
-- Mathlib/Data/Set/Basic.lean: Set.union_subset

/-- @topic sets/intersection/greatest_lower_bound -/
theorem cb_set_subset_inter (s t u : Set ℤ) (h₁ : u ⊆ s) (h₂ : u ⊆ t) : u ⊆ s ∩ t :=
  Set.subset_inter h₁ h₂
-- Mathlib/Data/Set/Basic.lean: Set.subset_inter

/-- @topic sets/distributivity/inter_over_union -/
theorem cb_set_inter_union_distrib_left (s t u : Set ℤ) : s ∩ (t ∪ u) = s ∩ t ∪ s ∩ u :=
  Set.inter_union_distrib_left ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_union_distrib_left

/-- @topic sets/intersection/absorption -/
theorem cb_set_inter_eq_left (s t : Set ℕ) : s ∩ t = s ↔ s ⊆ t := Set.inter_eq_left
-- Mathlib/Data/Set/Basic.lean: Set.inter_eq_left

/-- @topic sets/union/absorption -/
theorem cb_set_union_eq_right (s t : Set ℕ) : s ∪ t = t ↔ s ⊆ t := Set.union_eq_right
-- Mathlib/Data/Set/Basic.lean: Set.union_eq_right

/-- @topic sets/intersection/commutative -/
theorem cb_set_inter_comm_generic {α : Type*} (s t : Set α) : s ∩ t = t ∩ s :=
  Set.inter_comm ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_comm

/-- @topic sets/complement/de_morgan -/
theorem cb_set_compl_union_generic {α : Type*} (s t : Set α) : (s ∪ t)ᶜ = sᶜ ∩ tᶜ :=
  Set.compl_union ..
-- Mathlib/Data/Set/Basic.lean: Set.compl_union

/-- @topic sets/subset/transitive -/
theorem cb_set_subset_trans_generic {α : Type*} (s t u : Set α) : s ⊆ t → t ⊆ u → s ⊆ u :=
  Set.Subset.trans
-- Mathlib/Data/Set/Basic.lean: Set.Subset.trans

/-! ## Implication, existence and negation forms (for the F8 families) -/

/-- @topic sets/membership/union -/
theorem cb_set_mem_union_left (x : ℕ) (s t : Set ℕ) : x ∈ s → x ∈ s ∪ t := Set.mem_union_left t
-- Mathlib/Data/Set/Basic.lean: Set.mem_union_left

/-- @topic sets/membership/intersection -/
theorem cb_set_mem_inter (x : ℤ) (s t : Set ℤ) : x ∈ s → x ∈ t → x ∈ s ∩ t := Set.mem_inter
-- Mathlib/Data/Set/Basic.lean: Set.mem_inter

/-- @topic sets/membership/intersection -/
theorem cb_set_mem_of_mem_inter_left (x : ℕ) (s t : Set ℕ) : x ∈ s ∩ t → x ∈ s :=
  Set.mem_of_mem_inter_left
-- Mathlib/Data/Set/Basic.lean: Set.mem_of_mem_inter_left

/-- @topic sets/emptiness/nonempty -/
theorem cb_set_nonempty_iff_ne_empty (s : Set ℕ) : s.Nonempty ↔ s ≠ ∅ := Set.nonempty_iff_ne_empty
-- Mathlib/Data/Set/Basic.lean: Set.nonempty_iff_ne_empty

/-- @topic sets/emptiness/no_members -/
theorem cb_set_eq_empty_iff (s : Set ℤ) : s = ∅ ↔ ∀ x : ℤ, x ∉ s :=
  Set.eq_empty_iff_forall_not_mem
-- Mathlib/Data/Set/Basic.lean: Set.eq_empty_iff_forall_not_mem

/-- @topic sets/subset/pointwise -/
theorem cb_set_subset_pointwise (s t : Set ℝ) (h : s ⊆ t) : ∀ x : ℝ, x ∈ s → x ∈ t :=
  fun _ hx => h hx
-- Mathlib/Data/Set/Defs.lean: Set.Subset (definition of ⊆)

/-- @topic sets/union/commutative -/
theorem cb_set_union_comm_generic {α : Type*} (s t : Set α) : s ∪ t = t ∪ s := Set.union_comm ..
-- Mathlib/Data/Set/Basic.lean: Set.union_comm

/-- @topic sets/intersection/subset -/
theorem cb_set_inter_subset_left_generic {α : Type*} (s t : Set α) : s ∩ t ⊆ s :=
  Set.inter_subset_left ..
-- Mathlib/Data/Set/Basic.lean: Set.inter_subset_left

/-- @topic sets/difference/subset -/
theorem cb_set_diff_subset_generic {α : Type*} (s t : Set α) : s \ t ⊆ s := Set.diff_subset ..
-- Mathlib/Data/Set/Basic.lean: Set.diff_subset

/-- @topic sets/membership/complement -/
theorem cb_set_mem_compl_iff_generic {α : Type*} (x : α) (s : Set α) : x ∈ sᶜ ↔ x ∉ s :=
  Set.mem_compl_iff ..
-- Mathlib/Data/Set/Basic.lean: Set.mem_compl_iff
