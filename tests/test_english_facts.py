"""Side-condition facts: sound (never claims a condition that can fail) and scoped."""

from __future__ import annotations

import itertools

import pytest

from certibench.logic.ast import INT, NAT, REAL, BinOp, Num, UnOp, Var, rel
from certibench.logic.english.facts import Context, numeral_value, value_key

a, b, c = Var("a", NAT), Var("b", NAT), Var("c", NAT)
x, y = Var("x", REAL), Var("y", REAL)
z = Var("z", INT)


def N(v: int, s=NAT) -> Num:
    return Num(str(v), s)


def test_numerals() -> None:
    assert numeral_value(N(3)) == 3
    assert numeral_value(UnOp("-", N(2, INT), INT)) == -2
    assert numeral_value(Num("0.5", REAL)) * 2 == 1
    assert numeral_value(x) is None


def test_structural_facts() -> None:
    ctx = Context()
    assert ctx.nonneg(a) and not ctx.pos(a) and not ctx.nonzero(a)
    assert ctx.pos(BinOp("+", a, N(1), NAT))  # n + 1 > 0 on ℕ
    assert ctx.nonneg(BinOp("^", x, N(2), REAL)) and ctx.nonneg(BinOp("*", x, x, REAL))
    assert not ctx.nonneg(x) and not ctx.nonneg(BinOp("^", x, N(3), REAL))
    assert ctx.pos(UnOp("↑", BinOp("+", a, N(1), NAT), REAL))  # casts keep values
    assert ctx.le(b, BinOp("+", a, b, NAT)) and ctx.le(b, BinOp("+", b, a, NAT))
    assert not ctx.le(b, a) and not ctx.le(a, BinOp("*", a, b, NAT))  # a ≤ a * b fails at b = 0
    assert ctx.le(N(0), a) and ctx.le(N(2), N(3)) and not ctx.le(N(3), N(2))


def test_hypotheses() -> None:
    ctx = Context().assume(BinOp("∧", rel("≤", b, a), rel("<", N(0), x), NAT))
    assert ctx.le(b, a) and not ctx.le(a, b)
    assert ctx.pos(x) and ctx.nonzero(x) and ctx.nonneg(x)
    assert Context().assume(rel("≥", a, b)).le(b, a)  # a ≥ b is b ≤ a
    assert Context().assume(rel("≠", z, Num("0", INT))).nonzero(z)
    assert not Context().assume(rel("≠", z, Num("0", INT))).pos(z)  # z ≠ 0 on ℤ is not z > 0
    assert Context().assume(rel("≠", a, N(0))).pos(a)  # … but on ℕ it is
    assert Context().assume(rel("≤", N(1), a)).pos(a)
    assert not Context().assume(rel("≤", N(0), x)).pos(x)
    assert Context().assume(rel("<", x, N(0, REAL))).nonzero(x)


def test_shadowing_forgets() -> None:
    ctx = Context().assume(rel("<", N(0), x))
    assert ctx.pos(x)
    assert not ctx.forget("x").pos(x)
    assert ctx.forget("y").pos(x)


@pytest.mark.parametrize("va,vb", list(itertools.product(range(-3, 4), repeat=2)))
def test_soundness_against_evaluation(va: int, vb: int) -> None:
    """Whatever the context proves about integers holds for every value satisfying it."""
    i, j = Var("i", INT), Var("j", INT)
    for hyp in (rel("<", i, j), rel("≤", N(1, INT), i), rel("≠", i, N(0, INT)), rel("≤", N(0, INT), i)):
        holds = {"<": va < vb, "≤": 1 <= va if hyp.lhs == N(1, INT) else (0 <= va), "≠": va != 0}[hyp.op]
        if hyp.op == "<":
            holds = va < vb
        if not holds:
            continue
        ctx = Context().assume(hyp)
        if ctx.pos(i):
            assert va > 0
        if ctx.nonneg(i):
            assert va >= 0
        if ctx.nonzero(i):
            assert va != 0
        if ctx.le(i, j):
            assert va <= vb


def test_value_key_ignores_casts() -> None:
    assert value_key(UnOp("↑", a, REAL)) == value_key(a)
    assert value_key(a) != value_key(b)
