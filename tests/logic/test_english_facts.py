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


_I, _J = Var("i", INT), Var("j", INT)
_HYPS = [  # (hypothesis, its truth for values (i, j))
    (rel("<", _I, _J), lambda i, j: i < j),
    (rel("≤", N(1, INT), _I), lambda i, j: 1 <= i),
    (rel("≠", _I, N(0, INT)), lambda i, j: i != 0),
    (rel("≤", N(0, INT), _I), lambda i, j: 0 <= i),
    (rel(">", _I, UnOp("-", N(1, INT), INT)), lambda i, j: i > -1),
    (rel("=", _I, N(2, INT)), lambda i, j: i == 2),
]
_TERMS = [  # (term, its value for (i, j))
    (_I, lambda i, j: i),
    (BinOp("+", _I, N(1, INT), INT), lambda i, j: i + 1),
    (BinOp("*", _I, _J, INT), lambda i, j: i * j),
    (BinOp("^", _I, N(2), INT), lambda i, j: i**2),
    (UnOp("abs", _I, INT), lambda i, j: abs(i)),
    (UnOp("-", _I, INT), lambda i, j: -i),
]


@pytest.mark.parametrize("h", range(len(_HYPS)))
def test_soundness_against_evaluation(h: int) -> None:
    """Whatever a context proves holds for every integer assignment satisfying it."""
    hyp, truth = _HYPS[h]
    ctx = Context().assume(hyp)
    for i, j in itertools.product(range(-4, 5), repeat=2):
        if not truth(i, j):
            continue
        for t, val in _TERMS:
            v = val(i, j)
            assert not ctx.pos(t) or v > 0, (hyp, t, i, j)
            assert not ctx.nonneg(t) or v >= 0, (hyp, t, i, j)
            assert not ctx.nonzero(t) or v != 0, (hyp, t, i, j)
        assert not ctx.le(_I, _J) or i <= j


def test_soundness_checks_are_not_vacuous() -> None:
    """The evaluation test above has something to check: the contexts do prove facts."""
    proved = sum(
        Context().assume(hyp).pos(t) or Context().assume(hyp).nonzero(t) for hyp, _ in _HYPS for t, _ in _TERMS
    )
    assert proved >= 8


def test_value_key_ignores_casts() -> None:
    assert value_key(UnOp("↑", a, REAL)) == value_key(a)
    assert value_key(a) != value_key(b)


def test_real_powers_of_negative_bases_can_vanish() -> None:
    """Lean's ``Real.rpow (-1) (1/2) = 0``: a non-zero base does not make a real power
    non-zero; an integral exponent does."""
    ctx = Context().assume(rel("<", x, N(0, REAL)))
    assert ctx.nonzero(x)
    assert not ctx.nonzero(BinOp("^", x, BinOp("/", N(1, REAL), N(2, REAL), REAL), REAL))
    assert ctx.nonzero(BinOp("^", x, N(3), REAL))
    assert not ctx.nonneg(BinOp("^", x, Num("2", REAL), REAL))  # true ((-3) ^ (2 : ℝ) = 9) but not claimed
    assert ctx.nonneg(BinOp("^", x, N(2), REAL))
