"""SymPy renderer: assumptions from Lean sorts, faithful constructs only, term identities."""

from __future__ import annotations

import pytest
import sympy

from certibench.logic.ast import (
    COMPLEX,
    INT,
    NAT,
    PROP,
    RAT,
    REAL,
    App,
    BinOp,
    Const,
    Num,
    UnOp,
    Var,
    and_,
    app,
    forall,
    fun_sort,
    implies,
    not_,
    rel,
    set_of,
    type_var,
)
from certibench.logic.render_sympy import SympyUnsupported, term_identity, to_sympy

x, y = Var("x", REAL), Var("y", REAL)
n, m = Var("n", NAT), Var("m", NAT)
z = Var("z", INT)
q = Var("q", RAT)


def R(v: str) -> Num:
    return Num(v, REAL)


def N(v: int) -> Num:
    return Num(str(v), NAT)


def test_symbol_assumptions_match_lean_sorts() -> None:
    sn = to_sympy(n)
    assert sn.is_integer and sn.is_nonnegative
    sz = to_sympy(z)
    assert sz.is_integer and sz.is_nonnegative is None
    sq = to_sympy(q)
    assert sq.is_rational and sq.is_integer is None
    sx = to_sympy(x)
    assert sx.is_real and sx.is_rational is None
    sc = to_sympy(Var("w", COMPLEX))
    assert sc.is_complex and sc.is_real is None


def test_structure_of_terms() -> None:
    e = to_sympy(BinOp("+", BinOp("^", x, N(2), REAL), BinOp("*", R("2"), x, REAL), REAL))
    X = sympy.Symbol("x", real=True)
    assert e == X**2 + 2 * X
    assert to_sympy(UnOp("abs", x, REAL)) == sympy.Abs(X)
    assert to_sympy(UnOp("!", n, NAT)) == sympy.factorial(sympy.Symbol("n", integer=True, nonnegative=True))
    assert to_sympy(app("Real.sqrt", BinOp("^", x, N(2), REAL), sort=REAL)) == sympy.Abs(X)
    assert to_sympy(app("Real.exp", x, sort=REAL)) == sympy.exp(X)
    assert to_sympy(app("max", x, y, sort=REAL)) == sympy.Max(X, sympy.Symbol("y", real=True))
    assert to_sympy(Const("Real.pi", REAL)) == sympy.pi
    assert to_sympy(BinOp("/", x, R("4"), REAL)) == X / 4
    assert to_sympy(Num("0.5", REAL)) == sympy.Rational(1, 2)


def test_relations_and_connectives() -> None:
    X = sympy.Symbol("x", real=True)
    r = to_sympy(rel("<", x, R("3")))
    assert isinstance(r, sympy.core.relational.StrictLessThan)
    assert to_sympy(rel("≥", x, R("3"))) == sympy.Ge(X, 3)
    c = to_sympy(implies(rel("≤", R("0"), x), rel("≠", x, R("-1"))))
    assert isinstance(c, sympy.Implies)
    assert isinstance(to_sympy(and_(rel("=", x, y), not_(rel("<", x, y)))), sympy.And)


def test_unknown_function_is_undefined_function() -> None:
    f = Const("f", fun_sort([REAL], REAL))
    e = to_sympy(App(f, (BinOp("+", x, R("1"), REAL),), REAL))
    assert isinstance(e, sympy.core.function.AppliedUndef)
    assert term_identity(App(f, (BinOp("+", x, R("1"), REAL),), REAL), App(f, (BinOp("+", R("1"), x, REAL),), REAL)) is True
    assert term_identity(App(f, (x,), REAL), App(f, (y,), REAL)) is None  # unsure, not False


@pytest.mark.parametrize(
    "expr,construct",
    [
        (BinOp("-", n, m, NAT), "ℕ subtraction"),
        (BinOp("/", n, m, NAT), "division on Nat"),
        (BinOp("/", z, Num("2", INT), INT), "division on Int"),
        (BinOp("%", z, Num("2", INT), INT), "%"),
        (BinOp("/", x, y, REAL), "division by a term that may be zero"),
        (UnOp("⁻¹", x, REAL), "division by a term that may be zero"),
        (BinOp("/", x, R("0"), REAL), "division by a term that may be zero"),
        (app("Real.sqrt", x, sort=REAL), "Real.sqrt"),
        (app("Real.log", x, sort=REAL), "Real.log"),
        (BinOp("^", x, Num("-1", INT), REAL), "negative or fractional exponent"),
        (rel("∣", n, m), "relation ∣"),
        (forall("n", NAT, rel("≤", N(0), n)), "quantifier"),
        (app("Nat.Prime", n, sort=PROP), "predicate"),
        (rel("=", Var("a", type_var("G")), Var("b", type_var("G"))), "type G"),
        (rel("⊆", Var("s", set_of(NAT)), Var("t", set_of(NAT))), "relation ⊆"),
        (UnOp("-", n, NAT), "unary minus on ℕ"),
    ],
)
def test_unfaithful_constructs_raise(expr, construct: str) -> None:
    with pytest.raises(SympyUnsupported) as ei:
        to_sympy(expr)
    assert construct in str(ei.value)


def test_int_subtraction_and_negation_are_fine() -> None:
    Z = sympy.Symbol("z", integer=True)
    assert to_sympy(BinOp("-", z, Num("3", INT), INT)) == Z - 3
    assert to_sympy(UnOp("-", z, INT)) == -Z


def test_sqrt_log_allowed_when_argument_provably_safe() -> None:
    X = sympy.Symbol("x", real=True)
    e = to_sympy(app("Real.sqrt", BinOp("+", BinOp("^", x, N(2), REAL), R("1"), REAL), sort=REAL))
    assert e == sympy.sqrt(X**2 + 1)
    assert to_sympy(app("Real.log", app("Real.exp", x, sort=REAL), sort=REAL)) == X


IDENTITIES = [
    # (lhs, rhs, expected)
    (BinOp("^", BinOp("-", x, R("1"), REAL), N(2), REAL),
     BinOp("+", BinOp("-", BinOp("^", x, N(2), REAL), BinOp("*", R("2"), x, REAL), REAL), R("1"), REAL), True),
    (BinOp("*", BinOp("+", x, y, REAL), BinOp("-", x, y, REAL), REAL),
     BinOp("-", BinOp("^", x, N(2), REAL), BinOp("^", y, N(2), REAL), REAL), True),
    (BinOp("^", BinOp("+", x, y, REAL), N(2), REAL),
     BinOp("+", BinOp("^", x, N(2), REAL), BinOp("^", y, N(2), REAL), REAL), False),
    (BinOp("*", n, BinOp("+", n, N(1), NAT), NAT), BinOp("+", BinOp("^", n, N(2), NAT), n, NAT), True),
    (BinOp("+", n, m, NAT), BinOp("+", m, n, NAT), True),
    (BinOp("*", n, m, NAT), BinOp("+", m, n, NAT), False),
    (UnOp("!", BinOp("+", n, N(1), NAT), NAT), BinOp("*", BinOp("+", n, N(1), NAT), UnOp("!", n, NAT), NAT), True),
    (UnOp("abs", BinOp("*", x, y, REAL), REAL), BinOp("*", UnOp("abs", x, REAL), UnOp("abs", y, REAL), REAL), True),
    (UnOp("abs", BinOp("+", x, y, REAL), REAL), BinOp("+", UnOp("abs", x, REAL), UnOp("abs", y, REAL), REAL), False),
    (BinOp("^", z, N(2), INT), BinOp("^", UnOp("-", z, INT), N(2), INT), True),
    (BinOp("/", x, R("2"), REAL), BinOp("*", x, R("0.5"), REAL), True),
]  # fmt: skip


@pytest.mark.parametrize("lhs,rhs,expected", IDENTITIES)
def test_term_identity(lhs, rhs, expected) -> None:
    assert term_identity(lhs, rhs) is expected


def test_term_identity_raises_for_lean_specific_division() -> None:
    # (x^2 - 1) / (x - 1) = x + 1 is a SymPy identity but false in Lean at x = 1 (0 ≠ 2)
    lhs = BinOp("/", BinOp("-", BinOp("^", x, N(2), REAL), R("1"), REAL), BinOp("-", x, R("1"), REAL), REAL)
    with pytest.raises(SympyUnsupported):
        term_identity(lhs, BinOp("+", x, R("1"), REAL))


def test_no_string_entry_point() -> None:
    # the renderer is built from AST nodes only: a str is not an accepted input
    with pytest.raises((AttributeError, TypeError)):
        to_sympy("x + 1")  # type: ignore[arg-type]
