"""SymPy backend: polynomial term identities, Lean-semantics guards, hard timeout."""

from __future__ import annotations

import time

import pytest

from certibench.verify.certifier import certify_pair


def test_square_expansion_is_certified_by_sympy() -> None:
    # `P` is declared: an undeclared `P` is opaque and its argument's type unknown
    res = certify_pair(
        "theorem t (P : ℝ → Prop) : ∀ x : ℝ, P ((x - 1) ^ 2)", "theorem t (P : ℝ → Prop) : ∀ x : ℝ, P (x ^ 2 - 2 * x + 1)", backends=("sympy",), tier="T2"
    )
    assert (res.verdict, res.backend) == ("certified", "sympy")
    assert res.certificate.sympy and res.certificate.sympy["results"] == [True]
    assert "(x - 1) ^ 2 = x ^ 2 - 2 * x + 1" in res.reason


def test_nat_subtraction_is_not_trusted_to_sympy() -> None:
    # (x-1)^2 = x^2-2x+1 is false on ℕ (x = 0: 0 vs 1): truncated subtraction.
    res = certify_pair(
        "theorem t (P : ℕ → Prop) : ∀ x : ℕ, P ((x - 1) ^ 2)", "theorem t (P : ℕ → Prop) : ∀ x : ℕ, P (x ^ 2 - 2 * x + 1)", backends=("sympy",), tier="T2"
    )
    assert res.verdict == "unknown"
    assert "truncated subtraction" in res.reason


def test_division_is_not_trusted_to_sympy() -> None:
    res = certify_pair("theorem t (P : ℝ → Prop) : ∀ x : ℝ, P (x / x)", "theorem t (P : ℝ → Prop) : ∀ x : ℝ, P 1", backends=("sympy",), tier="T2")
    assert res.verdict == "unknown"


def test_non_identity_is_unknown_not_refuted() -> None:
    res = certify_pair("theorem t (P : ℤ → Prop) : ∀ x : ℤ, P ((x + 1) ^ 2)", "theorem t (P : ℤ → Prop) : ∀ x : ℤ, P (x ^ 2 + 1)", backends=("sympy",), tier="T2")
    assert res.verdict == "unknown"
    assert res.certificate.sympy and res.certificate.sympy["results"] == [False]


def test_sympy_worker_is_killed_on_timeout() -> None:
    from certibench.logic.ast import REAL
    from certibench.logic.parser import parse_expr
    from certibench.verify.backends.sympy import run_identities

    env = {v: REAL for v in "xyzwv"}
    big = parse_expr("(x + y + z + w + v + 1) ^ 80", env)
    other = parse_expr("(x + y + z + w + v + 2) ^ 80", env)
    t0 = time.perf_counter()
    status, _ = run_identities([(big, other)], timeout=0.5)
    assert status == "timeout"
    assert time.perf_counter() - t0 < 5.0


@pytest.mark.parametrize("backends", [("z3", "sympy")])
def test_z3_decides_first_and_sympy_is_not_needed(backends: tuple[str, ...]) -> None:
    res = certify_pair(
        "theorem t (P : ℝ → Prop) : ∀ x : ℝ, P ((x - 1) ^ 2)", "theorem t (P : ℝ → Prop) : ∀ x : ℝ, P (x ^ 2 - 2 * x + 1)", backends=backends, tier="T1"
    )
    assert (res.verdict, res.backend) == ("certified", "smt")
    assert [a.backend for a in res.certificate.attempts] == ["smt"]
