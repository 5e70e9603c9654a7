"""Adversarial pairs through the SMT backend's one entry point, ``check_pair``.

Each pair is labelled with its class and the verdicts a sound backend may give.  The
classes that must never be certified (an added true conjunct, vacuity, differing
instances, differing sort parameters, unknown functions, internal-name capture, genuinely
different pairs) and the class that must never be refuted (equivalent in Mathlib but not
under the abstraction) are asserted for every pair; every ``refuted`` carries a concrete
counterexample that is re-checked by exact evaluation and by :func:`recheck`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from certibench.logic.ast import PROP, Binder, BinOp, Declaration, Var
from certibench.logic.parser import parse_declaration
from certibench.verify.backends.z3 import check_pair, recheck

NEVER_CERTIFIED = {"true_conjunct", "vacuity", "instances", "sort_params", "unknown_fn", "capture", "different"}
NEVER_REFUTED = {"mathlib_equiv", "paraphrase", "same_context"}

C, R, V, U = "certified", "refuted", "vacuous", "unknown"

PAIRS: list[tuple[str, str, str, str, set[str]]] = [
    # --- an added true (or false) part: a second theorem is not a paraphrase -------------------
    ("tc_prime7_am_gm", "true_conjunct", "theorem t : Nat.Prime 7",
     "theorem t : Nat.Prime 7 ∧ ∀ x y : ℝ, x^2 + y^2 ≥ 2*x*y", {V}),
    ("tc_arith_conjunct", "true_conjunct", "theorem t (p : ℕ) (h : p.Prime) : 2 ≤ p",
     "theorem t (p : ℕ) (h : p.Prime) : 2 ≤ p ∧ (1:ℕ) + 1 = 2", {V}),
    ("tc_pred_conjunct", "true_conjunct", "theorem t (P : ℕ → Prop) (n : ℕ) : P n",
     "theorem t (P : ℕ → Prop) (n : ℕ) : P n ∧ n + 0 = n", {V}),
    ("tc_false_disjunct", "true_conjunct", "theorem t (P : ℕ → Prop) (n : ℕ) : P n",
     "theorem t (P : ℕ → Prop) (n : ℕ) : P n ∨ n < 0", {V}),
    ("tc_true_hypothesis", "true_conjunct", "theorem t (P : ℕ → Prop) (n : ℕ) : P n",
     "theorem t (P : ℕ → Prop) (n : ℕ) : n ≥ 0 → P n", {V}),
    ("tc_swapped_true_subtheorem", "true_conjunct", "theorem t (P : ℝ → Prop) (x : ℝ) : P x ∧ (x ≠ 0 → x^2 > 0)",
     "theorem t (P : ℝ → Prop) (x : ℝ) : P x ∧ (x ≠ 0 → x ≠ 0)", {V}),
    ("tc_other_true_subtheorem", "true_conjunct", "theorem t (P : ℝ → Prop) (x : ℝ) : P x ∧ (x > 1 → x^2 > 1)",
     "theorem t (P : ℝ → Prop) (x : ℝ) : P x ∧ (x > 1 → x^3 > 1)", {V}),
    ("tc_tautology_conjunct", "true_conjunct", "theorem t (P Q : ℕ → Prop) (n : ℕ) : P n",
     "theorem t (P Q : ℕ → Prop) (n : ℕ) : P n ∧ (Q n ∨ ¬ Q n)", {V}),
    # --- two different theorems / two false statements ----------------------------------------
    ("vac_add_mul_comm", "vacuity", "theorem t : ∀ a b : ℕ, a + b = b + a", "theorem t : ∀ a b : ℕ, a * b = b * a", {V}),
    ("vac_sq_abs", "vacuity", "theorem t (x : ℝ) : x^2 ≥ 0", "theorem t (x : ℝ) : |x| ≥ 0", {V}),
    ("vac_two_false", "vacuity", "theorem t : (2:ℕ) + 2 = 5", "theorem t : (3:ℕ) = 7", {V}),
    ("vac_false_conjunct", "vacuity", "theorem t (P : ℕ → Prop) (n : ℕ) : P n ∧ False",
     "theorem t (P : ℕ → Prop) (n : ℕ) : P n ∧ (1:ℕ) = 2", {V}),
    ("vac_succ_factorial", "vacuity", "theorem t : ∀ n : ℕ, n + 1 > n", "theorem t : ∀ n : ℕ, n ! > 0", {V, U}),
    ("vac_nat_int_nonneg", "vacuity", "theorem t : ∀ n : ℕ, 0 ≤ n", "theorem t : ∀ n : ℤ, 0 ≤ n", {U}),
    ("vac_prime_2_3", "vacuity", "theorem t : Nat.Prime 2", "theorem t : Nat.Prime 3", {U}),
    # --- the instance/type context is part of the statement ----------------------------------
    ("inst_comm_group", "instances", "theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a",
     "theorem t {G : Type*} [Group G] (a b : G) : b * a = a * b", {U}),
    ("inst_linear_preorder", "instances", "theorem t {Y : Type*} [LinearOrder Y] (a b : Y) : a ≤ b ∨ b ≤ a",
     "theorem t {Y : Type*} [Preorder Y] (a b : Y) : a ≤ b ∨ b ≤ a", {U}),
    ("inst_field_ring_inv", "instances", "theorem t {R : Type*} [Field R] (a : R) : a * a⁻¹ = 1 ∨ a = 0",
     "theorem t {R : Type*} [Ring R] [Inv R] (a : R) : a * a⁻¹ = 1 ∨ a = 0", {U}),
    ("inst_fact_prime", "instances", "theorem t (p : ℕ) [Fact p.Prime] (a : ZMod p) : a ^ p = a",
     "theorem t (p : ℕ) (a : ZMod p) : a ^ p = a", {U}),
    ("inst_extra_type", "instances", "theorem t {G : Type*} [Group G] (a : G) : a * a⁻¹ = 1",
     "theorem t {G H : Type*} [Group G] (a : G) : a * a⁻¹ = 1", {U}),
    ("ctx_instance_order", "same_context", "theorem t {G : Type*} [Group G] [Fintype G] (a b : G) : a * b = b",
     "theorem t {G : Type*} [Fintype G] [Group G] (a b : G) : a * b = b", {C}),
    ("ctx_renamed_type", "same_context", "theorem t {G : Type*} [Group G] (a b : G) : a * b = b * a",
     "theorem t {H : Type*} [Group H] (x y : H) : x * y = y * x", {C}),
    # --- sorts carry their parameters -----------------------------------------------------------
    ("sp_fin2_fin3", "sort_params", "theorem t (a : Fin 2) : a + a = 0", "theorem t (a : Fin 3) : a + a = 0", {R}),
    ("sp_zmod2_zmod3", "sort_params", "theorem t (a : ZMod 2) : a + a = 0", "theorem t (a : ZMod 3) : a + a = 0", {R}),
    ("sp_matrix", "sort_params", "theorem t (A : Matrix (Fin 1) (Fin 1) ℝ) : A + A = A",
     "theorem t (A : Matrix (Fin 2) (Fin 2) ℝ) : A + A = A", {U}),
    ("sp_fin_comm_both_true", "sort_params", "theorem t (a b : Fin 2) : a + b = b + a",
     "theorem t (a b : Fin 3) : a + b = b + a", {V}),
    ("sp_fin4_wraps", "sort_params", "theorem t (P : Fin 4 → Prop) (a : Fin 4) : P (a + a + a)",
     "theorem t (P : Fin 4 → Prop) (a : Fin 4) : P 0", {R}),
    ("sp_fin3_wraps", "paraphrase", "theorem t (P : Fin 3 → Prop) (a : Fin 3) : P (a + a + a)",
     "theorem t (P : Fin 3 → Prop) (a : Fin 3) : P 0", {C}),
    ("sp_fin3_comm", "paraphrase", "theorem t (P : Fin 3 → Prop) (a : Fin 3) : P (a + 1)",
     "theorem t (P : Fin 3 → Prop) (a : Fin 3) : P (1 + a)", {C}),
    # --- functions outside the symbol table: matched by syntax only ----------------------------
    ("uf_tanh", "unknown_fn", "theorem t (n : ℕ) : Real.tanh n - n = 0", "theorem t (n : ℕ) : Real.tanh n ≤ n", {U}),
    ("uf_sign", "unknown_fn", "theorem t (n : ℤ) : Int.sign n * n = |n|", "theorem t (n : ℤ) : Int.sign n * n ≥ 0", {U}),
    # with Int.fdiv typed ℤ → ℤ → ℤ, `y ≤ a ↔ y < a + 1` holds on ℤ for any y: a true paraphrase
    ("uf_fdiv_typed", "paraphrase", "theorem t (a b : ℤ) : Int.fdiv a b ≤ a", "theorem t (a b : ℤ) : Int.fdiv a b < a + 1", {C}),
    ("uf_fdiv", "unknown_fn", "theorem t (a b : ℤ) : Foo.fdiv a b ≤ a", "theorem t (a b : ℤ) : Foo.fdiv a b < a + 1", {U}),
    ("uf_dist", "unknown_fn", "theorem t (x y : ℝ) : dist x y = |x - y|", "theorem t (x y : ℝ) : dist x y ≥ 0", {U}),
    ("uf_norm", "unknown_fn", "theorem t (x : ℝ) : ‖x‖ ≥ 0", "theorem t (x : ℝ) : |x| ≥ 0", {U}),
    ("uf_golden", "unknown_fn", "theorem t (x : ℝ) : Real.goldenRatio * x = x", "theorem t (x : ℝ) : Real.goldenRatio = 1", {U}),
    ("uf_same_atom", "paraphrase", "theorem t (P : ℕ → Prop) (n : ℕ) : P n → Real.tanh n ≤ n",
     "theorem t (P : ℕ → Prop) (n : ℕ) : ¬ (Real.tanh n ≤ n) → ¬ P n", {C}),
    # --- user names that look like internal names ------------------------------------------------
    ("cap_shared_1", "capture", "theorem t (shared_1 : Prop) : (2:ℕ) < 3 ∧ shared_1",
     "theorem t (shared_1 : Prop) : (2:ℕ) < 3 ∨ shared_1", {R}),
    ("cap_cb_x0", "capture", "theorem t (cb_x0 : ℕ) (P : ℕ → Prop) : ∀ x : ℕ, P x → P cb_x0",
     "theorem t (cb_x0 : ℕ) (P : ℕ → Prop) : ∀ x : ℕ, P cb_x0 → P x", {R}),
    ("cap_u_nat_prime", "capture", "theorem t (u_Nat_Prime : ℕ → Prop) (n : ℕ) : Nat.Prime n → u_Nat_Prime n",
     "theorem t (u_Nat_Prime : ℕ → Prop) (n : ℕ) : u_Nat_Prime n → Nat.Prime n", {R}),
    ("cap_atom_0", "capture", "theorem t (atom_0 atom_1 : Prop) : atom_0 → atom_1",
     "theorem t (atom_0 atom_1 : Prop) : atom_1 → atom_0", {R}),
    ("cap_opaque", "capture", "theorem t (opaque_1 : ℕ) : opaque_1 = 1", "theorem t (opaque_1 : ℕ) : opaque_1 = 2", {R}),
    ("cap_sym", "capture", "theorem t (sym_1 : ℕ → ℕ) (n : ℕ) : sym_1 n = n", "theorem t (sym_1 : ℕ → ℕ) (n : ℕ) : sym_1 n = 0", {R}),
    ("cap_quoted_namespaces", "capture", "theorem t («i:x» «v:x» : Prop) : «i:x» → «v:x»",
     "theorem t («i:x» «v:x» : Prop) : «v:x» → «i:x»", {R}),
    ("cap_encoding", "capture", "theorem t (x_1 x₁ : ℕ) : x_1 = x₁ + 1", "theorem t (x_1 x₁ : ℕ) : x₁ = x_1 + 1", {R}),
    ("cap_bound_names", "capture", "theorem t (x : ℕ) (P : ℕ → ℕ → Prop) : ∀ y : ℕ, P x y",
     "theorem t (x : ℕ) (P : ℕ → ℕ → Prop) : ∀ x : ℕ, P x x", {R, U}),
    # adversary round 12: a variable only the canonical declares sent the pair to a closed
    # comparison with f quantified inside each side; `b = 7` abstracted to a shared atom made
    # both sides "contingent" and the pair was certified although at f = {0 ↦ 1} one holds
    # adversary round 29: a variable of the empty type Fin 0 made every query unsatisfiable
    # (`(assert false)`), so a false side read as "provable" and the pair as vacuous
    ("fin0_forall_vs_false", "different", "theorem t : ∀ x : Fin 0, x ≠ x", "theorem t : (1:ℕ) = 1 + 1", {R, U}),
    ("fin0_header_vs_false", "different", "theorem t (x : Fin 0) : (x:ℕ) = 5", "theorem t : (1:ℕ) = 2", {R, U}),
    ("cap_extra_header_var", "different", "theorem t (f : ℕ → ℕ) (b : ℕ) (h : b = 7) : ∀ a : ℕ, f a = 0",
     "theorem t (f : ℕ → ℕ) : ∀ a : ℕ, a = 7 → f a = 0", {R, U}),
    ("cap_extra_header_shadowed", "different", "theorem t (P : ℕ → Prop) (a : ℕ) (h : 0 < a) : ∀ a : ℕ, P a",
     "theorem t (P : ℕ → Prop) : ∀ a : ℕ, 0 < a → P a", {R, U}),
    ("cap_extra_header_renamed", "different", "theorem t (Q : ℕ → Prop) (c : ℕ) (h : 0 < c) : ∀ d : ℕ, Q d",
     "theorem t (Q : ℕ → Prop) : ∀ e : ℕ, 0 < e → Q e", {R, U}),
    ("cap_shadowed_header", "capture", "theorem t (x : ℕ) (h : x > 3) : ∀ x : ℕ, x > 2",
     "theorem t (x : ℕ) (h : x > 3) : ∀ y : ℕ, x > 2", {R}),
    ("cap_T0_type", "capture", "theorem t {T : Type*} [Group T] (a : T) (T0 : ℕ) : a * a = a ∧ T0 = 0",
     "theorem t {T : Type*} [Group T] (a : T) (T0 : ℕ) : a * a = a ∨ T0 = 0", {U}),
    # --- equivalent in Mathlib, not under the abstraction: never refuted ---------------------
    ("me_coprime", "mathlib_equiv", "theorem t (a b : ℕ) : Nat.Coprime a b", "theorem t (a b : ℕ) : Nat.gcd a b = 1", {U, C}),
    ("me_nonempty", "mathlib_equiv", "theorem t (C A : Set ℕ) : C ∩ A ≠ ∅", "theorem t (C A : Set ℕ) : (C ∩ A).Nonempty", {U, C}),
    ("me_modeq", "mathlib_equiv", "theorem t (a b : ℕ) : a ≡ b [MOD 3]", "theorem t (a b : ℕ) : a % 3 = b % 3", {U, C}),
    ("me_icc", "mathlib_equiv", "theorem t (x : ℝ) : x ∈ Set.Icc 0 1", "theorem t (x : ℝ) : 0 ≤ x ∧ x ≤ 1", {U, C}),
    ("me_prime", "mathlib_equiv", "theorem t (p : ℕ) : Nat.Prime p", "theorem t (p : ℕ) : Prime p", {U, C}),
    ("me_even_dvd", "mathlib_equiv", "theorem t (n : ℕ) : Even n", "theorem t (n : ℕ) : 2 ∣ n", {U, C}),
    ("me_odd_mod", "mathlib_equiv", "theorem t (n : ℕ) : Odd n", "theorem t (n : ℕ) : n % 2 = 1", {U, C}),
    ("me_injective", "mathlib_equiv", "theorem t (f : ℕ → ℕ) : Function.Injective f",
     "theorem t (f : ℕ → ℕ) : ∀ a b, f a = f b → a = b", {U, C}),
    ("me_dvd_zero", "mathlib_equiv", "theorem t (n : ℕ) : n ∣ 0", "theorem t (n : ℕ) : ∃ c, 0 = n * c", {U, C, V}),
    ("me_card_zero", "mathlib_equiv", "theorem t (s : Finset ℕ) : s.card = 0", "theorem t (s : Finset ℕ) : s = ∅", {U, C}),
    ("me_sq_mul", "mathlib_equiv", "theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * x", {U, C, V}),
    ("me_range", "mathlib_equiv", "theorem t (x : ℕ) : x ∈ Finset.range 5", "theorem t (x : ℕ) : x < 5", {U, C}),
    ("me_half_even", "mathlib_equiv", "theorem t (n : ℕ) : n / 2 * 2 = n", "theorem t (n : ℕ) : Even n", {U, C}),
    ("me_monotone", "mathlib_equiv", "theorem t (f : ℕ → ℕ) : ∀ n, f n ≤ f (n + 1)",
     "theorem t (f : ℕ → ℕ) : ∀ n m, n ≤ m → f n ≤ f m", {U, C}),
    ("me_monotone_header", "mathlib_equiv", "theorem t (f : ℕ → ℕ) (n : ℕ) : f n ≤ f (n + 1)",
     "theorem t (f : ℕ → ℕ) (n m : ℕ) (h : n ≤ m) : f n ≤ f m", {U, C, V}),
    ("me_subset", "mathlib_equiv", "theorem t (A B : Set ℕ) : A ⊆ B", "theorem t (A B : Set ℕ) : ∀ x, x ∈ A → x ∈ B", {U, C}),
    ("me_empty", "mathlib_equiv", "theorem t (S : Set ℕ) : S = ∅", "theorem t (S : Set ℕ) : ∀ x, x ∉ S", {U, C}),
    # --- genuine paraphrases: certified (checked non-vacuous) ----------------------------------
    ("pp_prime_ge", "paraphrase", "theorem t (p : ℕ) (h : p.Prime) : 2 ≤ p", "theorem t (p : ℕ) (h : p.Prime) : p ≥ 2", {C}),
    ("pp_contrapositive", "paraphrase", "theorem t (P Q : ℕ → Prop) : ∀ n : ℕ, P n → Q n",
     "theorem t (P Q : ℕ → Prop) : ∀ n : ℕ, ¬ Q n → ¬ P n", {C}),
    ("pp_sq_in_context", "paraphrase", "theorem t (x : ℝ) (h : x ≠ 0) : x ^ 2 > 0", "theorem t (x : ℝ) (h : x ≠ 0) : x * x > 0", {C}),
    ("pp_le_ge", "paraphrase", "theorem t (a b : ℕ) : a ≤ b", "theorem t (a b : ℕ) : b ≥ a", {C}),
    ("pp_false_predicate", "paraphrase", "theorem t (x : ℤ) : -7 / 2 = x", "theorem t (x : ℤ) : -4 = x", {C}),
    ("pp_binder_order", "paraphrase", "theorem t (a b : ℕ) : a ≤ b", "theorem t (b a : ℕ) : b ≥ a", {C}),
    ("pp_header_vs_forall", "paraphrase", "theorem t (P : ℕ → Prop) (n : ℕ) (h : P n) : P (n + 1)",
     "theorem t (P : ℕ → Prop) : ∀ n : ℕ, P n → P (1 + n)", {C}),
    # --- genuinely different: refuted with a concrete, re-checked counterexample ----------------
    ("diff_forall_or", "different", "theorem t (p q : ℕ → Prop) : ∀ x, p x ∨ q x",
     "theorem t (p q : ℕ → Prop) : (∀ x, p x) ∨ (∀ x, q x)", {R}),
    ("diff_lt5_lt6", "different", "theorem t (x : ℕ) : x < 5", "theorem t (x : ℕ) : x < 6", {R}),
    ("diff_trunc_sub", "different", "theorem t (a b : ℕ) : a - b + b = a", "theorem t (a b : ℕ) : a + b - b = a", {R}),
    ("diff_emod", "different", "theorem t (x : ℤ) : x % 3 = 1", "theorem t (x : ℤ) : x % 3 = -2", {R}),
    ("diff_ediv", "different", "theorem t (x : ℤ) : x / 2 = -1", "theorem t (x : ℤ) : x = -2", {R}),
    ("diff_converse", "different", "theorem t (p q : Prop) : p → q", "theorem t (p q : Prop) : q → p", {R}),
    ("diff_finset_sum", "different", "theorem t (s : Finset ℕ) : ∑ i ∈ s, i ≥ s.card",
     "theorem t (s : Finset ℕ) : ∑ i ∈ s, i > s.card", {R}),
    ("diff_set_literal", "different", "theorem t (a : ℕ) : a ∈ ({1, 2} : Set ℕ)", "theorem t (a : ℕ) : a = 1", {R}),
    ("diff_square_root", "different", "theorem t (x : ℝ) : x ^ 2 = 4", "theorem t (x : ℝ) : x = 2", {R}),
    ("diff_prime_odd", "different", "theorem t (n : ℕ) : Nat.Prime n", "theorem t (n : ℕ) : Odd n", {R}),
    ("diff_gcd_lcm", "different", "theorem t (m n : ℕ) : Nat.gcd m n = 1", "theorem t (m n : ℕ) : Nat.lcm m n = m * n", {R}),
    ("diff_fun_value", "different", "theorem t (f : ℕ → ℕ) : f 0 = 0", "theorem t (f : ℕ → ℕ) : f 1 = 0", {R}),
    ("diff_exists_forall", "different", "theorem t (p : ℕ → Prop) : ∃ x, p x", "theorem t (p : ℕ → Prop) : ∀ x, p x", {R}),
    ("diff_prime_2_4", "different", "theorem t : Nat.Prime 2", "theorem t : Nat.Prime 4", {R}),
    ("diff_dropped_hyp", "different", "theorem t (P Q R : ℕ → Prop) : ∀ n : ℕ, P n → Q n → R n",
     "theorem t (P Q R : ℕ → Prop) : ∀ n : ℕ, P n → R n", {R}),
    ("diff_strictness", "different", "theorem t (P : ℕ → ℕ → Prop) : ∀ a b : ℕ, P a b → a < b",
     "theorem t (P : ℕ → ℕ → Prop) : ∀ a b : ℕ, P a b → b ≥ a", {R}),
]


def _decl(text: str) -> Declaration:
    from certibench.logic.parser import parse_declaration

    return parse_declaration(text)


_RESULTS: dict[str, str] = {}


@pytest.mark.parametrize(("pid", "cls", "lhs", "rhs", "allowed"), PAIRS, ids=[p[0] for p in PAIRS])
def test_adversarial_pair(pid: str, cls: str, lhs: str, rhs: str, allowed: set[str]) -> None:
    out = check_pair(_decl(lhs), _decl(rhs), cvc5=False)
    _RESULTS[pid] = out.verdict
    if cls in NEVER_CERTIFIED:
        assert out.verdict != "certified", (pid, out.reason)
    if cls in NEVER_REFUTED:
        assert out.verdict != "refuted", (pid, out.reason)
    assert out.verdict in allowed, (pid, out.verdict, out.reason)
    if out.verdict == "refuted":
        cex = out.counterexample
        assert cex is not None and cex.lhs is not None and cex.rhs is not None and cex.lhs != cex.rhs
        assert out.evidence["counterexample"] == cex.model_dump(mode="json")
        again = recheck(out.evidence, cvc5=False)
        assert again.ok and again.verdict == "refuted", again.problems
    if out.verdict == "certified" and out.evidence.get("queries"):
        # a certificate always records the equivalence proof and the non-vacuity checks
        purposes = Counter(q["purpose"] for q in out.evidence["queries"])
        assert purposes["provable"] >= 1 and purposes["refutable"] >= 1
    if cls == "instances":
        assert "context differs" in out.reason
    if cls == "unknown_fn":
        assert "no counterexample confirmed" in out.reason or "not" in out.reason


def test_suite_covers_every_class_with_enough_pairs() -> None:
    counts = Counter(p[1] for p in PAIRS)
    assert len(PAIRS) >= 60
    for cls in (*NEVER_CERTIFIED, "mathlib_equiv", "paraphrase"):
        assert counts[cls] >= 3 or cls == "same_context", (cls, counts[cls])
    # true-vs-false pairs in the refutation class, and true-vs-true in the vacuity class
    assert counts["different"] >= 10


def test_reasons_name_what_is_missing() -> None:
    out = check_pair(_decl(PAIRS[0][2]), _decl(PAIRS[0][3]), cvc5=False)
    assert "`∀ x y : ℝ, x ^ 2 + y ^ 2 ≥ 2 * x * y`" in out.reason and "provable on its own" in out.reason
    out = check_pair(_decl("theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a"),
                     _decl("theorem t {G : Type*} [Group G] (a b : G) : b * a = a * b"), cvc5=False)
    assert "[CommGroup G]" in out.reason and "[Group G]" in out.reason
    out = check_pair(_decl("theorem t (n : ℕ) : Real.tanh n - n = 0"), _decl("theorem t (n : ℕ) : Real.tanh n ≤ n"), cvc5=False)
    assert "Real.tanh" in out.reason
    # a library symbol the evaluator does not interpret is named when a counterexample needs it
    out = check_pair(_decl("theorem t (f : ℝ → ℝ) : Continuous f"), _decl("theorem t (f : ℝ → ℝ) : ∀ x, f x = f x"), cvc5=False)
    assert out.verdict in ("unknown", "vacuous") and out.verdict != "refuted"


def test_internal_marker_in_input_is_an_error_not_a_capture() -> None:
    """A name carrying the reserved marker (only constructible programmatically) is
    rejected: internal and user names stay disjoint by construction."""
    from certibench.logic.ast import NAT

    bad = Declaration("theorem", "t", (Binder("\x00shared:1", PROP),), BinOp("∧", Var("\x00shared:1", PROP), BinOp("<", Var("x", NAT), Var("x", NAT), PROP), PROP))
    out = check_pair(bad, bad, cvc5=False)
    assert out.verdict == "error" and "reserved" in out.reason


def test_smt_names_are_namespaced_in_the_scripts() -> None:
    out = check_pair(_decl("theorem t (shared_1 : Prop) : (2:ℕ) < 3 ∧ shared_1"),
                     _decl("theorem t (shared_1 : Prop) : (2:ℕ) < 3 ∨ shared_1"), cvc5=False)
    scripts = "\n".join(q["smt2"] for q in out.evidence["queries"])
    assert "|v:shared__1|" in scripts  # the user's variable
    # the shared atom `(2:ℕ) < 3` lives in the internal namespace
    assert "(declare-fun |i:shared_u3a_" in scripts


def test_cvc5_replays_the_decisive_queries() -> None:
    pytest.importorskip("cvc5")
    out = check_pair(_decl("theorem t (P Q : ℕ → Prop) : ∀ n : ℕ, P n → Q n"),
                     _decl("theorem t (P Q : ℕ → Prop) : ∀ n : ℕ, ¬ Q n → ¬ P n"), cvc5=True)
    assert out.verdict == "certified"
    answered = [q for q in out.evidence["queries"] if q["portable"]]
    assert answered and all(q["cvc5"] == q["answer"] for q in answered)
    assert out.evidence["solver"]["cvc5"]


@pytest.mark.parametrize("lhs,rhs", [
    # found by an adversary (certifier round 5): ∃ y : ℚ, y * y = 2 is false in Lean but true
    # over ℝ (ℚ's encoding), so → and ∧ around it were "proved" equivalent; likewise a Finset
    # read as an arbitrary set
    ("theorem t (a : ℚ) : (∃ y : ℚ, y * y = 2) → a = 0", "theorem t (a : ℚ) : (∃ y : ℚ, y * y = 2) ∧ a = 0"),
    ("theorem t (a : ℝ) (h : ∃ y : ℚ, (y : ℝ) * y = 2) : a = 0", "theorem t (a : ℝ) : (∃ y : ℚ, (y : ℝ) * y = 2) ∧ a = 0"),
    ("theorem t (a : ℕ) : (∃ t : Finset ℕ, ∀ n : ℕ, n ∈ t) → a = 0",
     "theorem t (a : ℕ) : (∃ t : Finset ℕ, ∀ n : ℕ, n ∈ t) ∧ a = 0"),
    # adversary round 6: a Set ℕ / a function on ℕ is an array over every integer, so a
    # bound quantifier also ranges over arrays that differ only at negative indices
    # (∃ s : Set ℕ, s ≠ ∅ ∧ ∀ n, n ∉ s holds in the encoding, not in Lean)
    ("theorem t (a : ℤ) : (∃ s : Set ℕ, s ≠ ∅ ∧ ∀ n, n ∉ s) → a = 0",
     "theorem t (a : ℤ) : (∃ s : Set ℕ, s ≠ ∅ ∧ ∀ n, n ∉ s) ∧ a = 0"),
    ("theorem t (a : ℤ) : (∃ f g : ℕ → ℕ, f ≠ g ∧ ∀ n, f n = g n) → a = 0",
     "theorem t (a : ℤ) : (∃ f g : ℕ → ℕ, f ≠ g ∧ ∀ n, f n = g n) ∧ a = 0"),
    ("theorem t (a : ℤ) : (∃ s : Set (Fin 3), s ≠ ∅ ∧ ∀ n, n ∉ s) → a = 0",
     "theorem t (a : ℤ) : (∃ s : Set (Fin 3), s ≠ ∅ ∧ ∀ n, n ∉ s) ∧ a = 0"),
])
def test_a_widened_domain_never_certifies(lhs: str, rhs: str) -> None:
    out = check_pair(parse_declaration(lhs), parse_declaration(rhs), cvc5=False)
    assert out.verdict == "unknown", (out.verdict, out.reason)
    assert "no proof is valid under that encoding" in out.reason
    assert out.evidence["incomplete_reasons"]
