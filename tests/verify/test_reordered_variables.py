"""A refutation aligns the two ∀-prefixes one way; a statement whose variables are merely
listed in another order is the same statement (`∀ a b, a ≤ b` and `∀ x y, y ≤ x`).  The
verdict must not depend on how the variables are named, and such a pair is never refuted."""

from __future__ import annotations

import pytest

from certibench.verify.certifier import certify_pair

RENAMED = [
    ("theorem t (a b : ℕ) : a ≤ b", ["theorem t (b a : ℕ) : a ≤ b", "theorem t (x y : ℕ) : y ≤ x"]),
    ("theorem t (a b : ℕ) : a - b = 0", ["theorem t (b a : ℕ) : a - b = 0", "theorem t (x y : ℕ) : y - x = 0"]),
    ("theorem t (a b : ℕ) : a - b + b = a", ["theorem t (x y : ℕ) : y - x + x = y"]),
    ("theorem t (a b : ℕ) : a < b", ["theorem t (_x y : ℕ) : y < _x"]),
]


@pytest.mark.parametrize(("canonical", "variants"), RENAMED)
def test_variables_listed_in_another_order_are_never_refuted(canonical: str, variants: list[str]) -> None:
    for v in variants:
        res = certify_pair(canonical, v, tier="T1")
        assert res.verdict in ("certified", "unknown"), (v, res.verdict, res.reason)


def test_a_real_difference_is_still_refuted_under_every_order() -> None:
    res = certify_pair("theorem t (p q : ℕ → Prop) : ∀ x, p x ∨ q x",
                       "theorem t (p q : ℕ → Prop) : (∀ x, p x) ∨ (∀ x, q x)", tier="T1")
    assert res.verdict == "refuted" and res.certificate.counterexample
    res = certify_pair("theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : a + b = b + a + 1", tier="T1")
    assert res.verdict == "refuted"


@pytest.mark.parametrize(("canonical", "variant"), [
    ("theorem t (P : Prop) (a b : ℕ) : (P → a ≤ b)", "theorem t (b a : ℕ) (P : Prop) : (P → b ≤ a)"),
    ("theorem t (P : Prop) (a b : ℕ) : (P ∧ a ≤ b)", "theorem t (a b : ℕ) (P : Prop) : (P ∧ b ≤ a)"),
    ("theorem t (a : ℕ) (z : ℤ) (b : ℕ) : (a:ℤ) - b ≤ z", "theorem t (z : ℤ) (b a : ℕ) : (b:ℤ) - a ≤ z"),
    ("theorem t (x y : ℤ) (n : ℕ) : x / y ≤ n", "theorem t (n : ℕ) (y x : ℤ) : y / x ≤ n"),
])
def test_variables_of_mixed_types_listed_in_another_order_are_never_refuted(canonical: str, variant: str) -> None:
    res = certify_pair(canonical, variant, tier="T1")
    assert res.verdict in ("certified", "unknown"), (variant, res.verdict, res.reason)


def test_a_shadowed_name_is_not_a_restated_hypothesis() -> None:
    res = certify_pair("theorem t (a : ℕ) (h : a = 0) : ∀ a : ℕ, a = 0", "theorem t (a : ℕ) : a = 0", tier="T1")
    assert "reflexivity" not in res.reason
