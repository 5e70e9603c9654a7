"""A term rewrite can turn a theorem into reflexivity (`a + b = b + a` ⇝ `a + b = a + b`,
`2 ^ 10 = 1024` ⇝ `1024 = 1024`): the two are equal propositions, but the second no longer
states the theorem — a pair of two theorems, `vacuous`, never `certified`, whichever
backend (rewrite, SymPy, SMT) would have found the chain."""

from __future__ import annotations

import pytest

from certibench.verify.certifier import certify_pair

REFLEXIVE = [
    ("theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : a + b = a + b"),
    ("theorem t (P : Prop) : ¬¬P ↔ P", "theorem t (P : Prop) : P ↔ P"),
    ("theorem t (n : ℕ) : Even n ↔ n % 2 = 0", "theorem t (n : ℕ) : n % 2 = 0 ↔ n % 2 = 0"),
    ("theorem t (a b : ℕ) : Nat.Coprime a b ↔ Nat.gcd a b = 1", "theorem t (a b : ℕ) : Nat.gcd a b = 1 ↔ Nat.gcd a b = 1"),
    ("theorem t (x : ℝ) : x ^ 2 = x * x", "theorem t (x : ℝ) : x * x = x * x"),
    ("theorem t (a b c : ℤ) : a * (b * c) = a * b * c", "theorem t (a b c : ℤ) : a * b * c = a * b * c"),
    ("theorem t : (2 : ℕ) ^ 10 = 1024", "theorem t : (1024 : ℕ) = 1024"),
    ("theorem t : Nat.factorial 0 = 1", "theorem t : (1 : ℕ) = 1"),
    ("theorem t (P Q : Prop) : P ∧ Q → Q ∧ P", "theorem t (P Q : Prop) : P ∧ Q → P ∧ Q"),
]


@pytest.mark.parametrize(("a", "b"), REFLEXIVE)
def test_a_side_true_by_reflexivity_alone_is_vacuous(a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        res = certify_pair(x, y, tier="T1")
        assert res.verdict == "vacuous", (x, y, res.verdict, res.reason)


def test_the_same_rewrite_without_collapsing_is_certified() -> None:
    res = certify_pair("theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : b + a = a + b", tier="T1")
    assert res.verdict == "certified"
