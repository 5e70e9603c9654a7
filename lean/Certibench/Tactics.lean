import Mathlib

/-!
# `certibench_equiv` — the tactic ladder of the Lean certificate backend

The Lean backend of `certibench certify` writes one file per batch whose goals are the
*generalized* equivalences `∀ xs, (canonical ↔ paraphrase)` (theorem-specific symbols
abstracted to variables, see `DESIGN.md`). Each goal is closed by `certibench_equiv`,
which tries, in order, cheap and complete procedures before general automation:

1. `Iff.rfl` — the two sides are definitionally equal (F6 `a ≤ b ⇝ b ≥ a`,
   F7 `Even n ⇝ ∃ r, n = r + r`);
2. `omega` — linear integer/natural arithmetic, with `∣` by a numeral (F4 `a % 2 = 0 ⇝ 2 ∣ a`);
3. the same after unfolding parity and divisibility into `%` (`Nat.even_iff`, `Nat.odd_iff`,
   `Int.even_iff`, `Int.odd_iff`, `Nat.dvd_iff_mod_eq_zero`, `Int.dvd_iff_emod_eq_zero`);
4. `tauto` — propositional structure (F6 commuted conjuncts, F8 contrapositive);
5. negation normal form (`not_exists`, `not_forall`, `not_not`, `not_le`, `not_lt`) then
   `tauto` (F8 `¬∃ x, ¬P x ⇝ ∀ x, P x`);
6. `x ^ 2 ⇝ x * x` unfolding, then rewriting with the hypotheses (the definitional axioms
   the backend passes as explicit hypotheses), each followed by `tauto`;
7. `linarith` in each direction, `ring_nf`, `simp_all`; and last the expensive searches,
   `nlinarith` and `aesop` (last, because a heartbeat timeout is not caught by `first`).

Every alternative must *close* the goal (`done`), so a partial simplification never counts.
The backend still rejects `sorry`/`admit` and checks `#print axioms` on the result.
-/

namespace Certibench

/-- Close a (generalized) `↔` goal between a statement and its paraphrase; see the module doc. -/
syntax (name := certibenchEquiv) "certibench_equiv" : tactic

macro_rules
  | `(tactic| certibench_equiv) =>
    `(tactic| (intros; first
      | exact Iff.rfl
      | omega
      | (constructor <;> intro h <;> omega)
      | (simp only [Nat.even_iff, Nat.odd_iff, Int.even_iff, Int.odd_iff,
            Nat.dvd_iff_mod_eq_zero, Int.dvd_iff_emod_eq_zero, ge_iff_le, gt_iff_lt] at * <;>
          omega)
      | tauto
      | (simp only [not_exists, not_forall, not_not, not_le, not_lt, ge_iff_le, gt_iff_lt] at * <;>
          tauto)
      | (simp only [sq, pow_two, ge_iff_le, gt_iff_lt] at * <;> tauto)
      | (simp only [*] <;> tauto)
      | (constructor <;> intro h <;> linarith)
      | (ring_nf; done)
      | (simp_all; done)
      | (constructor <;> intro h <;> nlinarith)
      | aesop))

end Certibench

section Examples
-- Regression examples: each family shape the ladder must close (checked by `lake build`).

-- F6: order reversal is definitional.
example (a b : ℕ) : a ≤ b ↔ b ≥ a := by certibench_equiv

-- F8: contrapositive.
example (p q : Prop) : (p → q) ↔ (¬q → ¬p) := by certibench_equiv

-- F7: unfolding `Even`.
example (n : ℕ) : Even n ↔ ∃ r, n = r + r := by certibench_equiv

-- F4: remainder zero versus divisibility by a numeral.
example (a : ℤ) : a % 2 = 0 ↔ 2 ∣ a := by certibench_equiv

-- F6: commuting hypotheses, generalized over the abstracted predicates.
example : ∀ (P Q R : Prop), (P → Q → R) ↔ (Q → P → R) := by certibench_equiv

-- F7 with the definitional axiom passed as a hypothesis (the backend's generalized form).
example (E : ℕ → Prop) (ax : ∀ m, E m ↔ ∃ r, m = r + r) (n : ℕ) :
    E n ↔ ∃ r, n = r + r := by certibench_equiv

end Examples
