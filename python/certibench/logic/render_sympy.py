"""Render AST terms and quantifier-free propositions as SymPy objects, built node by node
from the AST (no text is ever read).

Symbols carry assumptions matching their Lean sorts (ℕ: ``integer=True,
nonnegative=True``; ℤ: ``integer=True``; ℚ: ``rational=True``; ℝ: ``real=True``; ℂ:
``complex=True``).  Unknown function symbols become undefined SymPy functions (nothing is
assumed about them).

SymPy's arithmetic is the *field* arithmetic of ℚ/ℝ/ℂ, so several Lean operations cannot be
expressed faithfully and raise :class:`SympyUnsupported` — the certifier then falls back to
the Z3 backend, which encodes Lean semantics exactly:

* ℕ subtraction (truncated in Lean),
* ``/`` on ℕ and ℤ (floor/Euclidean division with ``x / 0 = 0``) and ``%`` on any type,
* ``/`` and ``⁻¹`` on a field unless the divisor is a non-zero numeral (Lean has
  ``x / 0 = 0``; SymPy's ``x/x`` simplifies to ``1``, which is false at ``x = 0`` in Lean),
* ``Real.sqrt``/``Real.log`` unless the argument is provably ≥ 0 / > 0 (Lean's ``sqrt`` is
  ``0`` on negatives and ``log x = log |x|``; SymPy goes complex),
* negative or non-integer exponents, ``∣``, sets, predicates, quantifiers, and generic type
  variables (SymPy would silently assume commutativity of ``*`` in a group).
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import sympy

from certibench.logic.ast import (
    App,
    Ascribe,
    BinOp,
    BoolLit,
    Const,
    Declaration,
    Expr,
    Num,
    Quant,
    Sort,
    UnOp,
    Var,
)

__all__ = ["SympyUnsupported", "sympy_symbol", "term_identity", "to_sympy"]


class SympyUnsupported(ValueError):
    """A construct SymPy cannot express with Lean's semantics (named in the message)."""

    def __init__(self, construct: str) -> None:
        self.construct = construct
        super().__init__(f"SymPy cannot express {construct} faithfully (use the Z3 backend)")


_ASSUMPTIONS: dict[str, dict[str, bool]] = {
    "Nat": {"integer": True, "nonnegative": True},
    "Int": {"integer": True},
    "Rat": {"rational": True},
    "Real": {"real": True},
    "Complex": {"complex": True},
}

_NUMERIC = ("Nat", "Int", "Rat", "Real", "Complex")


def sympy_symbol(name: str, sort: Sort) -> sympy.Symbol:
    """The SymPy symbol for a variable of Lean sort ``sort``."""
    if sort.is_var or sort.head not in _ASSUMPTIONS:
        raise SympyUnsupported(f"a variable {name} of type {sort.head}")
    return sympy.Symbol(name, **_ASSUMPTIONS[sort.head])


def _sort_of(e: Expr, hint: Sort | None) -> Sort | None:
    s = e.sort
    if s is not None and not s.is_unknown and not (s.is_var and s.head.startswith("_")):
        return s
    if isinstance(e, BinOp):
        for c in (e.lhs, e.rhs):
            cs = _sort_of(c, None)
            if cs is not None:
                return cs
    if isinstance(e, UnOp) and e.op in ("-", "abs"):
        return _sort_of(e.arg, hint)
    return hint


def _numeral(e: Expr) -> Fraction | None:
    if isinstance(e, Num):
        try:
            return Fraction(e.value) if len(e.value) <= 400 else None
        except (ValueError, ZeroDivisionError):
            return None
    if isinstance(e, UnOp) and e.op == "-":
        v = _numeral(e.arg)
        return -v if v is not None else None
    if isinstance(e, (Ascribe,)):
        return _numeral(e.expr)
    if isinstance(e, UnOp) and e.op == "↑":
        return _numeral(e.arg)
    return None


class _Builder:
    def __init__(self) -> None:
        self.symbols: dict[tuple[str, str], sympy.Symbol] = {}
        self.functions: dict[str, sympy.FunctionClass] = {}

    def var(self, e: Var, hint: Sort | None) -> sympy.Symbol:
        s = _sort_of(e, hint)
        if s is None:
            raise SympyUnsupported(f"variable {e.name} of unknown type")
        key = (e.name, s.head)
        if key not in self.symbols:
            self.symbols[key] = sympy_symbol(e.name, s)
        return self.symbols[key]

    # ---------------------------------------------------------------- propositions

    def prop(self, e: Expr) -> sympy.Basic:
        if isinstance(e, BoolLit):
            return sympy.true if e.value else sympy.false
        if isinstance(e, UnOp) and e.op == "¬":
            return sympy.Not(self.prop(e.arg))
        if isinstance(e, BinOp):
            if e.op in ("∧", "∨", "→", "↔"):
                a, b = self.prop(e.lhs), self.prop(e.rhs)
                return {"∧": sympy.And, "∨": sympy.Or, "→": sympy.Implies, "↔": sympy.Equivalent}[e.op](a, b)
            rels = {"=": sympy.Eq, "≠": sympy.Ne, "<": sympy.Lt, "≤": sympy.Le, ">": sympy.Gt, "≥": sympy.Ge}
            if e.op in rels:
                s = _sort_of(e.lhs, None) or _sort_of(e.rhs, None)
                a, b = self.term(e.lhs, s), self.term(e.rhs, s)
                if e.op in ("<", "≤", ">", "≥") and s is not None and s.head == "Complex":
                    raise SympyUnsupported("an order relation on ℂ")
                return rels[e.op](a, b)
            raise SympyUnsupported(f"the relation {e.op}")
        if isinstance(e, Quant):
            raise SympyUnsupported(f"the quantifier {e.q}")
        if isinstance(e, Ascribe):
            return self.prop(e.expr)
        if isinstance(e, App):
            raise SympyUnsupported("a predicate application")
        raise SympyUnsupported(f"a {type(e).__name__} in proposition position")

    # ---------------------------------------------------------------- terms

    def term(self, e: Expr, hint: Sort | None) -> sympy.Expr:
        s = _sort_of(e, hint)
        if s is not None and (s.is_var or (s.head not in _NUMERIC and not s.is_prop)):
            raise SympyUnsupported(f"a term of type {s.head}")
        if isinstance(e, Num):
            v = _numeral(e)
            if v is None:
                raise SympyUnsupported(f"the numeral {e.value!r}")
            if s is not None and s.head in ("Nat", "Int") and v.denominator != 1:
                raise SympyUnsupported(f"a non-integer numeral {e.value} at type {s.head}")
            return sympy.Rational(v.numerator, v.denominator)
        if isinstance(e, Var):
            return self.var(e, hint)
        if isinstance(e, Ascribe):
            return self.term(e.expr, e.sort if not e.sort.is_unknown else hint)
        if isinstance(e, Const):
            if e.name == "Real.pi":
                return sympy.pi
            if e.sort.is_fun:
                raise SympyUnsupported(f"the function {e.name} used as a value")
            if s is None or s.head not in _ASSUMPTIONS:
                raise SympyUnsupported(f"the constant {e.name} of unknown type")
            return sympy.Symbol(e.name, **_ASSUMPTIONS[s.head])
        if isinstance(e, UnOp):
            return self.unop(e, s)
        if isinstance(e, BinOp):
            return self.binop(e, s)
        if isinstance(e, App):
            return self.app(e, s)
        raise SympyUnsupported(f"a {type(e).__name__} in term position")

    def unop(self, e: UnOp, s: Sort | None) -> sympy.Expr:
        if e.op == "↑":
            return self.term(e.arg, _sort_of(e.arg, None))
        x = self.term(e.arg, s)
        if e.op == "-":
            if s is not None and s.head == "Nat":
                raise SympyUnsupported("unary minus on ℕ")
            return -x
        if e.op == "abs":
            return sympy.Abs(x)
        if e.op == "!":
            return sympy.factorial(x)
        if e.op == "⁻¹":
            return self._divide(sympy.Integer(1), x, e.arg, s)
        raise SympyUnsupported(f"the operator {e.op}")

    def _divide(self, a: sympy.Expr, b: sympy.Expr, b_node: Expr, s: Sort | None) -> sympy.Expr:
        if s is not None and s.head in ("Nat", "Int"):
            raise SympyUnsupported(f"division on {s.head} (Lean's floor/Euclidean division with x / 0 = 0)")
        v = _numeral(b_node)
        if v is None or v == 0:
            raise SympyUnsupported("division by a term that may be zero (Lean has x / 0 = 0)")
        return a / b

    def binop(self, e: BinOp, s: Sort | None) -> sympy.Expr:
        op = e.op
        if op not in ("+", "-", "*", "/", "%", "^"):
            raise SympyUnsupported(f"the operator {op}")
        if op == "%":
            raise SympyUnsupported("% (Lean's remainder with x % 0 = x)")
        if op == "^":
            base = self.term(e.lhs, s)
            n = _numeral(e.rhs)
            es = _sort_of(e.rhs, None)
            if n is not None:
                if n.denominator != 1 or n < 0:
                    raise SympyUnsupported("a negative or fractional exponent")
                return sympy.Pow(base, int(n))
            if es is not None and es.head == "Nat":
                return sympy.Pow(base, self.term(e.rhs, es))
            raise SympyUnsupported("a non-numeral exponent that is not a natural number")
        a, b = self.term(e.lhs, s), self.term(e.rhs, s)
        if op == "+":
            return a + b
        if op == "*":
            return a * b
        if op == "-":
            if s is not None and s.head == "Nat":
                raise SympyUnsupported("ℕ subtraction (truncated in Lean)")
            if s is None:
                raise SympyUnsupported("subtraction at an unknown type (ℕ subtraction truncates)")
            return a - b
        return self._divide(a, b, e.rhs, s)

    def app(self, e: App, s: Sort | None) -> sympy.Expr:
        fn, args = e.fn, e.args
        while isinstance(fn, App):
            args = fn.args + args
            fn = fn.fn
        if not isinstance(fn, (Const, Var)):
            raise SympyUnsupported("application of a compound expression")
        name = fn.name
        arg_sorts: list[Sort | None] = list(fn.sort.args[:-1]) if fn.sort.is_fun and len(fn.sort.args) == len(args) + 1 else [None] * len(args)  # noqa: E501
        vals = [self.term(a, ds if ds is not None and not ds.is_var else None) for a, ds in zip(args, arg_sorts, strict=True)]
        nums = [_numeral(a) for a in args]
        if name in ("abs", "Int.natAbs") and len(vals) == 1:
            return sympy.Abs(vals[0])
        if name in ("max", "Max.max") and len(vals) == 2:
            return sympy.Max(*vals)
        if name in ("min", "Min.min") and len(vals) == 2:
            return sympy.Min(*vals)
        if name == "Nat.factorial" and len(vals) == 1:
            return sympy.factorial(vals[0])
        if name == "Nat.succ" and len(vals) == 1:
            return vals[0] + 1
        if name == "Nat.choose" and len(vals) == 2:
            return sympy.binomial(*vals)
        if name in ("Nat.gcd", "Nat.lcm", "Int.gcd") and len(vals) == 2:
            if all(v is not None and v.denominator == 1 for v in nums):
                a, b = (int(v) for v in nums)  # type: ignore[arg-type]
                return sympy.Integer(math.gcd(a, b) if name != "Nat.lcm" else math.lcm(a, b))
            raise SympyUnsupported(f"{name} on symbolic arguments")
        if name in ("Nat.cast", "Int.cast", "Rat.cast", "id") and len(vals) == 1:
            return vals[0]
        if name == "Real.exp" and len(vals) == 1:
            return sympy.exp(vals[0])
        if name == "Real.sqrt" and len(vals) == 1:
            if vals[0].is_nonnegative is not True:
                raise SympyUnsupported("Real.sqrt of a term not known to be ≥ 0 (Lean: sqrt x = 0 for x < 0)")
            return sympy.sqrt(vals[0])
        if name == "Real.log" and len(vals) == 1:
            if vals[0].is_positive is not True:
                raise SympyUnsupported("Real.log of a term not known to be > 0 (Lean: log x = log |x|, log 0 = 0)")
            return sympy.log(vals[0])
        if name in ("Real.sin", "Real.cos"):
            return (sympy.sin if name == "Real.sin" else sympy.cos)(*vals)
        if s is not None and s.is_prop:
            raise SympyUnsupported(f"the predicate {name}")
        # an unknown (or unmodelled) function: an undefined SymPy function, assumed nothing
        f = self.functions.get(name)
        if f is None:
            f = sympy.Function(name)
            self.functions[name] = f
        return f(*vals)


def to_sympy(x: Expr | Declaration) -> sympy.Basic:
    """A SymPy expression (terms) or relational/boolean (quantifier-free propositions).

    Raises :class:`SympyUnsupported` for constructs whose Lean meaning SymPy cannot
    express (see the module docstring); the certifier then uses Z3 instead."""
    b = _Builder()
    expr = x.as_prop() if isinstance(x, Declaration) else x
    if _is_prop(expr):
        return b.prop(expr)
    return b.term(expr, None)


def _is_prop(e: Expr) -> bool:
    if isinstance(e, (Quant, BoolLit)):
        return True
    if isinstance(e, BinOp) and e.op in ("∧", "∨", "→", "↔", "=", "≠", "<", "≤", ">", "≥", "∣", "∈", "∉", "⊆", "⊂"):
        return True
    if isinstance(e, UnOp) and e.op == "¬":
        return True
    return e.sort.is_prop


_SAMPLES = {
    "Nat": [0, 1, 2, 3, 5],
    "Int": [-3, -1, 0, 1, 2],
    "Rat": [sympy.Rational(-3, 2), 0, sympy.Rational(1, 3), 2],
    "Real": [sympy.Rational(-3, 2), 0, sympy.Rational(1, 3), 2],
    "Complex": [0, 1, sympy.I, -2],
}


def term_identity(lhs: Expr, rhs: Expr) -> bool | None:
    """Decide ``lhs = rhs`` as an identity over all values of the free variables.

    ``True``: ``lhs - rhs`` expands/simplifies to 0.  ``False``: a concrete assignment of
    the variables (respecting their sorts) gives different values — a genuine
    counterexample, since only constructs SymPy expresses with Lean's semantics get here.
    ``None``: unsure.  Raises :class:`SympyUnsupported` when either side cannot be
    expressed; callers fall back to Z3.  (Running this under a hard timeout in a worker
    process is the caller's job.)"""
    b = _Builder()
    s = _sort_of(lhs, None) or _sort_of(rhs, None)
    a = b.term(lhs, s)
    c = b.term(rhs, s)
    d = a - c
    try:
        if sympy.expand(d) == 0:
            return True
        if sympy.simplify(d) == 0:
            return True
    except (TypeError, ValueError, NotImplementedError, RecursionError):
        return None
    free = sorted(d.free_symbols, key=lambda x: x.name)
    if not free:
        if d.is_number and d.is_zero is False:
            return False
        return None
    if len(free) > 4:
        return None
    pools = []
    for sym in free:
        head = next((h for (n, h), v in b.symbols.items() if v == sym), None)
        if head is None or head not in _SAMPLES:
            return None
        pools.append(_SAMPLES[head])
    for values in product(*pools):
        try:
            val = sympy.simplify(d.subs(dict(zip(free, values, strict=True))))
        except (TypeError, ValueError, ZeroDivisionError, NotImplementedError):
            continue
        if val.is_number and val.is_finite and val.is_zero is False:
            return False
    return None
