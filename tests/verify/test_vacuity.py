"""Vacuity traps: two different true theorems must never be certified as paraphrases."""

from __future__ import annotations

import pytest

from certibench.verify.certifier import certify_pair

TRAPS = [
    # (canonical, paraphrase, the verdicts that are acceptable — never "certified")
    ("theorem add_comm' : ∀ a b : ℕ, a + b = b + a", "theorem mul_comm' : ∀ a b : ℕ, a * b = b * a", {"vacuous"}),
    # both true: different theorems, but no values make them differ — and a counter-
    # interpretation of `Nat.Prime` is not a counterexample: unknown, never refuted
    ("theorem two_prime : Nat.Prime 2", "theorem three_prime : Nat.Prime 3", {"unknown"}),
    ("theorem nat_nonneg : ∀ n : ℕ, 0 ≤ n", "theorem int_nonneg : ∀ n : ℤ, 0 ≤ n", {"unknown"}),
]


@pytest.mark.parametrize(("canonical", "paraphrase", "expected"), TRAPS, ids=["add_vs_mul_comm", "prime2_vs_prime3", "nat_vs_int"])
def test_vacuity_trap_is_never_certified(canonical: str, paraphrase: str, expected: set[str]) -> None:
    res = certify_pair(canonical, paraphrase, family="F8", backends=("z3", "sympy"), timeout=5.0)
    assert res.verdict != "certified"
    assert res.verdict in expected, (res.verdict, res.reason)
    # the certificate records the solver evidence for the decision
    assert res.certificate.checks, res.reason
    assert res.certificate.checks[0].purpose == "equivalence"


def test_add_mul_comm_vacuity_is_explained_and_rechecks() -> None:
    from certibench.verify.recheck import recheck_detail

    res = certify_pair(TRAPS[0][0], TRAPS[0][1], family="F8", backends=("z3",), timeout=5.0)
    assert res.verdict == "vacuous"
    answers = {c.purpose: c.answer for c in res.certificate.checks}
    # the equivalence holds and the canonical statement is provable on its own
    assert answers == {"equivalence": "unsat", "vacuity_lhs": "unsat"}
    assert "provable on its own" in res.reason
    detail = recheck_detail(res.certificate, timeout=5.0)
    assert detail["z3"] == "vacuous"
    if "cvc5" in detail:
        assert detail["cvc5"] in ("vacuous", "unknown")


def test_prime_trap_is_unknown_not_refuted_by_a_counter_interpretation() -> None:
    res = certify_pair(TRAPS[1][0], TRAPS[1][1], family="F8", backends=("z3",), timeout=5.0)
    assert res.verdict == "unknown", res.reason
    assert "no counterexample confirmed by exact evaluation" in res.reason
    assert res.certificate.counterexample is None
    # Nat.Prime was abstracted (that is why the solver found a counter-interpretation)
    assert any(u.endswith(":= Nat.Prime") for u in res.certificate.uninterpreted)


def test_a_real_counterexample_refutes_prime_2_vs_prime_4() -> None:
    res = certify_pair("theorem t : Nat.Prime 2", "theorem t : Nat.Prime 4", family="F8", backends=("z3",), timeout=5.0)
    assert res.verdict == "refuted", res.reason
    cex = res.certificate.smt["counterexample"]
    assert (cex["lhs"], cex["rhs"], cex["values"]) == (True, False, [])


def test_trap_with_all_backends_and_no_family_is_not_certified() -> None:
    # External pair: no family given; every offered axiom is considered.
    for canonical, paraphrase, _ in TRAPS:
        res = certify_pair(canonical, paraphrase, timeout=5.0)
        assert res.verdict not in ("certified", "refuted"), (canonical, res.reason)


FALSE_PAIRS = [
    # two different FALSE statements: A ↔ B holds only because both fail (iff_of_false)
    ("theorem t : (2:ℕ) + 2 = 5", "theorem t : (3:ℕ) = 7"),
    ("theorem t : ∀ n : ℕ, n + 1 = n", "theorem t : ∃ n : ℕ, n < 0"),
    ("theorem t (x : ℤ) : -7 / 2 = x", "theorem t (x : ℤ) : -3 = x"),
]


@pytest.mark.parametrize(("canonical", "paraphrase"), FALSE_PAIRS)
def test_two_false_statements_are_vacuous_never_certified(canonical: str, paraphrase: str) -> None:
    res = certify_pair(canonical, paraphrase, family="F8", backends=("z3", "sympy"), timeout=5.0)
    assert res.verdict in ("vacuous", "refuted"), (res.verdict, res.reason)
    if res.verdict == "vacuous":
        assert "refutable on its own" in res.reason
        answers = {c.purpose: c.answer for c in res.certificate.checks}
        assert answers.get("satisfiable_lhs") == "unsat"


def test_same_predicate_of_the_bound_variable_is_certified_even_if_the_closed_statement_is_false() -> None:
    """`∀ x, -7/2 = x` and `∀ x, -4 = x` are both false, but their bodies are the same
    predicate of x (Lean's ℤ division: -7/2 = -4), which is a meaning-level equivalence."""
    res = certify_pair("theorem t (x : ℤ) : -7 / 2 = x", "theorem t (x : ℤ) : -4 = x", family="F4",
                       backends=("z3",), timeout=5.0)
    assert res.verdict == "certified", res.reason


def test_a_genuine_paraphrase_is_contingent_and_certified() -> None:
    res = certify_pair("theorem t (p : ℕ) (h : p.Prime) : 2 ≤ p", "theorem t (p : ℕ) (h : p.Prime) : p ≥ 2",
                       family="F6", backends=("z3",), timeout=5.0)
    assert res.verdict == "certified", res.reason
    answers = {c.purpose: c.answer for c in res.certificate.checks}
    assert answers["vacuity_lhs"] == "sat" and answers["satisfiable_lhs"] == "sat"


def test_bad_inputs_give_error_verdicts_not_exceptions() -> None:
    assert certify_pair(3, "theorem t : True").verdict == "error"
    assert certify_pair("theorem t : True", {"lean4_statement": 5}).verdict == "error"
    res = certify_pair("theorem t (n : ℕ) : Even n", "theorem t (n : ℕ) : 2 ∣ n", family="F7", axioms=["no_such_axiom"])
    assert res.verdict == "error" and "no_such_axiom" in res.reason
    # an item's own rule trace is a claim: it is neither trusted nor an error
    res = certify_pair("theorem t (n : ℕ) : Even n", "theorem t (n : ℕ) : 2 ∣ n", family="F7",
                       provenance={"rule_trace": [{"axioms": ["no_such_axiom"]}]})
    assert (res.verdict, res.backend) == ("certified", "rewrite")
