"""Mutation tests for the T1 rewrites: the correct variant of each rule is certified by Z3
under the abstraction; deliberately wrong variants are not.

Theorem-specific symbols (``P``, ``Q``, ``R``, ``f``) are undeclared names, i.e.
uninterpreted predicates/functions: certification holds for every meaning they could have.
"""

from __future__ import annotations

import pytest

from certibench.verify.certifier import certify_pair

DVD_AXIOM = {
    "name": "nat_dvd_iff_mod_eq_zero",
    "statement": "∀ a b : ℕ, b ∣ a ↔ a % b = 0",
    "symbols": ["∣"],
    "sorts": ["Nat"],
    "mathlib": "Nat.dvd_iff_mod_eq_zero",
}

# Theorem-specific predicates are declared as variables of the statement (valid Lean; a
# refutation then gives them concrete finite tables).
P1 = "(P Q R : ℕ → Prop)"
P2 = "(P : ℕ → ℕ → Prop)"
PR = "(P : ℝ → Prop)"

CORRECT = [
    ("le_as_ge", "F6", f"theorem t {P2} : ∀ a b : ℕ, P a b → a ≤ b", f"theorem t {P2} : ∀ a b : ℕ, P a b → b ≥ a", None),
    ("and_comm", "F6", f"theorem t {P1} : ∀ n : ℕ, P n ∧ Q n", f"theorem t {P1} : ∀ n : ℕ, Q n ∧ P n", None),
    ("contrapositive", "F8", f"theorem t {P1} : ∀ n : ℕ, P n → Q n", f"theorem t {P1} : ∀ n : ℕ, ¬ Q n → ¬ P n", None),
    ("not_exists_not", "F8", f"theorem t {P1} : ¬ ∃ x : ℕ, ¬ P x", f"theorem t {P1} : ∀ x : ℕ, P x", None),
    ("sq_as_mul", "F4", f"theorem t {PR} : ∀ x : ℝ, P (x ^ 2)", f"theorem t {PR} : ∀ x : ℝ, P (x * x)", None),
    ("mod_zero_as_dvd", "F4", f"theorem t {P2} : ∀ a b : ℕ, P a b → a % b = 0", f"theorem t {P2} : ∀ a b : ℕ, P a b → b ∣ a", None),
    ("mod_zero_as_dvd+axiom", "F4", f"theorem t {P2} : ∀ a b : ℕ, P a b → a % b = 0", f"theorem t {P2} : ∀ a b : ℕ, P a b → b ∣ a", [DVD_AXIOM]),
    ("even_unfold", "F7", f"theorem t {P1} : ∀ n : ℕ, P n → Even n", f"theorem t {P1} : ∀ n : ℕ, P n → ∃ r : ℕ, n = r + r", ["even_def"]),
]

WRONG = [
    ("flipped_strictness", "F6", f"theorem t {P2} : ∀ a b : ℕ, P a b → a < b", f"theorem t {P2} : ∀ a b : ℕ, P a b → b ≥ a", None),
    ("swapped_quantifiers", "F8", f"theorem t {P1} (S : ℕ → ℕ → Prop) : ∀ x : ℕ, P x → ∃ y : ℕ, S x y",
     f"theorem t {P1} (S : ℕ → ℕ → Prop) : ∃ y : ℕ, ∀ x : ℕ, P x → S x y", None),
    ("swapped_quantifiers_arith", "F8", "theorem t : ∀ a : ℕ, ∃ b : ℕ, a < b", "theorem t : ∃ b : ℕ, ∀ a : ℕ, a < b", None),
    ("converse_for_contrapositive", "F8", f"theorem t {P1} : ∀ n : ℕ, P n → Q n", f"theorem t {P1} : ∀ n : ℕ, ¬ P n → ¬ Q n", None),
    ("converse", "F8", f"theorem t {P1} : ∀ n : ℕ, P n → Q n", f"theorem t {P1} : ∀ n : ℕ, Q n → P n", None),
    ("dropped_hypothesis", "F6", f"theorem t {P1} : ∀ n : ℕ, P n → Q n → R n", f"theorem t {P1} : ∀ n : ℕ, P n → R n", None),
    ("nat_to_int", "F6", "theorem t (P : ℕ → Prop) : ∀ n : ℕ, P n → n * n ≥ n", "theorem t (P : ℤ → Prop) : ∀ n : ℤ, P n → n * n ≥ n", None),
    ("nat_to_int_truncated_sub", "F6", f"theorem t {P2} : ∀ a b : ℕ, P a b → a - b ≤ a",
     "theorem t (P : ℤ → ℤ → Prop) : ∀ a b : ℤ, P a b → a - b ≤ a", None),
    ("imp_to_iff", "F8", f"theorem t {P1} : ∀ n : ℕ, P n → Q n", f"theorem t {P1} : ∀ n : ℕ, P n ↔ Q n", None),
    ("not_exists_not_to_exists", "F8", f"theorem t {P1} : ¬ ∃ x : ℕ, ¬ P x", f"theorem t {P1} : ∃ x : ℕ, P x", None),
    ("sq_as_cube", "F4", f"theorem t {PR} : ∀ x : ℝ, P (x ^ 2)", f"theorem t {PR} : ∀ x : ℝ, P (x * x * x)", None),
    ("dvd_swapped", "F4", f"theorem t {P2} : ∀ a b : ℕ, P a b → a % b = 0", f"theorem t {P2} : ∀ a b : ℕ, P a b → a ∣ b", [DVD_AXIOM]),
    ("even_as_odd_unfold", "F7", f"theorem t {P1} : ∀ n : ℕ, P n → Even n", f"theorem t {P1} : ∀ n : ℕ, P n → ∃ r : ℕ, n = r + r + 1", None),
    ("and_to_or", "F6", f"theorem t {P1} : ∀ n : ℕ, P n ∧ Q n", f"theorem t {P1} : ∀ n : ℕ, Q n ∨ P n", None),
]


@pytest.mark.parametrize(("name", "family", "lhs", "rhs", "axioms"), CORRECT, ids=[c[0] for c in CORRECT])
def test_correct_variant_is_certified(name: str, family: str, lhs: str, rhs: str, axioms: list | None) -> None:
    res = certify_pair(lhs, rhs, family=family, axioms=axioms, backends=("z3",), timeout=10.0)
    assert res.verdict == "certified", (name, res.reason)
    assert res.backend == "smt"
    assert res.tier == "T1"
    answers = {c.purpose: c.answer for c in res.certificate.checks}
    assert answers["equivalence"] == "unsat"
    assert "sat" in (answers.get("vacuity_lhs"), answers.get("vacuity_rhs"))
    if axioms:
        name = axioms[0] if isinstance(axioms[0], str) else axioms[0]["name"]
        assert [a.name for a in res.certificate.axioms] == [name]


@pytest.mark.parametrize(("name", "family", "lhs", "rhs", "axioms"), WRONG, ids=[w[0] for w in WRONG])
def test_wrong_variant_is_not_certified(name: str, family: str, lhs: str, rhs: str, axioms: list | None) -> None:
    res = certify_pair(lhs, rhs, family=family, axioms=axioms, backends=("z3", "sympy"), timeout=3.0)
    assert res.verdict != "certified", (name, res.reason)
    assert res.verdict in ("refuted", "unknown", "vacuous"), (name, res.verdict, res.reason)
    if name == "nat_to_int":  # a pair of true theorems: vacuous
        assert res.verdict == "vacuous", res.reason
    elif name in ("swapped_quantifiers_arith", "nat_to_int_truncated_sub"):
        # no shared variables (P has another type on each side): one closed statement is
        # true, the other false, but deciding an unbounded ∀ over ℕ (or over predicates) is
        # beyond exact evaluation — and there is no refutation without a counterexample
        assert res.verdict == "unknown", res.reason
    elif name in ("sq_as_cube", "swapped_quantifiers"):
        # the counterexample needs a table for P (or S) found by the solver; when found it
        # is re-checked exactly, otherwise unknown
        assert res.verdict in ("refuted", "unknown"), res.reason
    else:
        assert res.verdict == "refuted", (name, res.verdict, res.reason)
    if res.verdict == "refuted":
        # a refutation always carries concrete values, re-checked by exact evaluation
        cex = (res.certificate.smt or {}).get("counterexample")
        assert cex is not None and cex["lhs"] != cex["rhs"], res.reason
        from certibench.verify.backends.z3 import recheck

        assert recheck(res.certificate.smt, cvc5=False).ok


def test_even_unfold_uses_the_named_axiom_and_keeps_even_uninterpreted() -> None:
    res = certify_pair(CORRECT[-1][2], CORRECT[-1][3], family="F7", axioms=["even_def"], backends=("z3",), timeout=10.0)
    assert res.verdict == "certified"
    names = {a.name for a in res.certificate.axioms}
    assert "even_def" in names
    assert all(a.mathlib_lemma for a in res.certificate.axioms)
    assert any(u.endswith(":= Even") for u in res.certificate.uninterpreted)


def test_even_unfold_without_axioms_is_not_certified() -> None:
    # Without the definitional axiom, `Even` is just an uninterpreted predicate: no proof.
    # The exact evaluator knows what Even means, so no counterexample exists either.
    res = certify_pair(CORRECT[-1][2], CORRECT[-1][3], family="F7", axioms=[], backends=("z3",), timeout=10.0)
    assert res.verdict == "unknown", res.reason
    assert "no counterexample confirmed" in res.reason


def test_certified_certificate_rechecks_with_z3_and_cvc5() -> None:
    from certibench.verify.certificate import Certificate
    from certibench.verify.recheck import recheck, recheck_detail

    res = certify_pair(CORRECT[2][2], CORRECT[2][3], family="F8", backends=("z3",), timeout=10.0)
    assert res.verdict == "certified"
    from certibench.verify.recheck import cvc5_available

    if cvc5_available():  # the backend already replayed its scripts through cvc5
        assert res.certificate.recheck == {"cvc5": "certified"}
    data = res.certificate.model_dump(mode="json")
    again = Certificate.model_validate(data)  # JSON round trip
    assert recheck(again) == "certified"
    detail = recheck_detail(again)
    assert detail["z3"] == "certified"
    pytest.importorskip("cvc5")
    assert detail["cvc5"] == "certified"


def test_unfolding_the_rules_axioms_certifies_definitional_rewrites() -> None:
    """`Even n ↔ ¬Odd n` unfolded at Even.  With the named axiom (even_def) Odd stays
    uninterpreted; offering odd_def too unfolds both sides to the same formula.  Either way
    the equivalence follows from definitions, not from the truth of either side, so it is
    certified.  An item's own rule trace is a claim: it chooses nothing."""
    lhs = "theorem Int.even_iff_not_odd : ∀ (n : ℤ), Even n ↔ ¬Odd n"
    rhs = "theorem t : ∀ n : ℤ, (∃ r : ℤ, n = r + r) ↔ ¬Odd n"
    res = certify_pair(lhs, rhs, family="F7", axioms=["even_def"], backends=("z3",), timeout=10.0)
    assert res.verdict == "certified", res.reason
    assert [a.name for a in res.certificate.axioms] == ["even_def"]
    res = certify_pair(lhs, rhs, family="F7", axioms=["even_def", "odd_def"], backends=("z3",), timeout=10.0)
    assert res.verdict == "certified", res.reason
    assert {a.name for a in res.certificate.axioms} >= {"even_def", "odd_def"}
    # the rewrite chain certifies it with no axiom offered at all (the chain names its lemma)
    res = certify_pair(lhs, rhs, family="F7")
    assert (res.verdict, res.backend) == ("certified", "rewrite")
    assert any(s.get("lemma") == "Even" for s in res.certificate.chain or [])
