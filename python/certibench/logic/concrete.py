"""Exact ground evaluation of AST terms under Lean's semantics (ℕ truncated subtraction,
floor/Euclidean division with ``x / 0 = 0``, ``x % 0 = x``, …).

Used to find and check concrete counterexamples (false siblings).  It evaluates *our AST*
only, over exact integers and fractions; it never evaluates text.  Anything it cannot
decide exactly (unknown symbols, irrational values, unbounded quantifiers) raises
:class:`NotConcrete` — callers then simply do not claim a counterexample.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Union

from certibench.logic.ast import App, Ascribe, BinOp, BoolLit, Const, Expr, Num, Quant, Sort, UnOp, Var

Value = Union[int, Fraction, bool]


class NotConcrete(Exception):
    """The expression cannot be decided exactly by ground evaluation."""


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    i = 3
    while i * i <= n:
        if n % i == 0:
            return False
        i += 2
    return True


def _nat(x: Value) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise NotConcrete(f"expected a natural number, got {x!r}")
    if x < 0:
        raise NotConcrete("negative value of sort ℕ")
    return x


def _int(x: Value) -> int:
    if isinstance(x, bool):
        raise NotConcrete("expected a number, got a proposition")
    if isinstance(x, Fraction):
        if x.denominator != 1:
            raise NotConcrete(f"expected an integer, got {x}")
        return int(x)
    return x


def _num(x: Value) -> int | Fraction:
    if isinstance(x, bool):
        raise NotConcrete("expected a number, got a proposition")
    return x


def _field(sort: Sort) -> bool:
    return sort.head in ("Rat", "Real")


def _div(a: Value, b: Value, sort: Sort) -> Value:
    if _field(sort):
        fa, fb = Fraction(_num(a)), Fraction(_num(b))
        return Fraction(0) if fb == 0 else fa / fb
    ia, ib = _int(a), _int(b)
    if ib == 0:
        return 0
    if sort.head == "Nat":
        return ia // ib
    # Int: Lean 4 `/` on Int is Euclidean division (Int.ediv); `%` is Int.emod (≥ 0)
    q = ia // ib if ib > 0 else -(ia // -ib)
    r = ia - ib * q
    if r < 0:
        q = q - 1 if ib > 0 else q + 1
    return q


def _mod(a: Value, b: Value, sort: Sort) -> Value:
    ia, ib = _int(a), _int(b)
    if ib == 0:
        return ia
    if sort.head == "Nat":
        return ia % ib
    return ia - ib * _div(ia, ib, sort)  # Euclidean: 0 ≤ r < |b|


def _pow(a: Value, b: Value) -> Value:
    e = _int(b)
    if e < 0:
        raise NotConcrete("negative exponent")
    if e > 64:
        raise NotConcrete("exponent too large for ground evaluation")
    base = _num(a)
    bits = abs(base.numerator if isinstance(base, Fraction) else base).bit_length()
    if bits * e > 12_000:
        raise NotConcrete("power too large for ground evaluation")
    return base**e


def _carrier(e: Expr) -> Sort:
    return e.sort


_FUNCS_1 = {
    "Nat.Prime": lambda x: _is_prime(_nat(x)),
    "Prime": lambda x: _is_prime(abs(_int(x))),
    "Even": lambda x: _int(x) % 2 == 0,
    "Odd": lambda x: _int(x) % 2 == 1,
    "Nat.factorial": lambda x: math.factorial(_nat(x)),
    "Nat.succ": lambda x: _nat(x) + 1,
    "Int.natAbs": lambda x: abs(_int(x)),
    "Int.toNat": lambda x: max(_int(x), 0),
    "abs": lambda x: abs(_num(x)),
}
_FUNCS_2 = {
    "Nat.gcd": lambda a, b: math.gcd(_nat(a), _nat(b)),
    "Int.gcd": lambda a, b: math.gcd(_int(a), _int(b)),
    "Nat.lcm": lambda a, b: math.lcm(_nat(a), _nat(b)),
    "Nat.choose": lambda a, b: math.comb(_nat(a), _nat(b)),
    "max": lambda a, b: max(_num(a), _num(b)),
    "min": lambda a, b: min(_num(a), _num(b)),
}


_INTEGER_ONLY = frozenset({"Nat.Prime", "Prime", "Even", "Odd", "Nat.gcd", "Int.gcd", "Nat.lcm", "Nat.choose"})


def _dvd(a: Value, b: Value) -> bool:
    ia, ib = _int(a), _int(b)
    if ia == 0:
        return ib == 0
    return ib % ia == 0


def _sub(a: Value, b: Value, sort: Sort) -> Value:
    r = _num(a) - _num(b)
    if sort.head == "Nat":
        return max(r, 0)
    return r


def concrete_value(e: Expr, env: Mapping[str, Value]) -> Value:
    """Value of ``e`` with its free variables given by ``env`` (quantifier-free only)."""
    if isinstance(e, Var):
        if e.name not in env:
            raise NotConcrete(f"free variable {e.name} has no value")
        return env[e.name]
    if isinstance(e, Num):
        v = Fraction(e.value) if "." in e.value else int(e.value)
        if _field(e.sort):
            return Fraction(v)
        if isinstance(v, Fraction):
            raise NotConcrete(f"decimal literal {e.value} at sort {e.sort.head}")
        return v
    if isinstance(e, BoolLit):
        return e.value
    if isinstance(e, Ascribe):
        v = concrete_value(e.expr, env)
        return Fraction(_num(v)) if _field(e.sort) else v
    if isinstance(e, UnOp):
        a = concrete_value(e.arg, env)
        if e.op == "¬":
            return not _bool(a)
        if e.op == "-":
            r = -_num(a)
            return max(r, 0) if e.sort.head == "Nat" else r
        if e.op == "abs":
            return abs(_num(a))
        if e.op == "!":
            return math.factorial(_nat(a))
        if e.op == "↑":
            return Fraction(_num(a)) if _field(e.sort) else a
        if e.op == "⁻¹":
            if not _field(e.sort):
                raise NotConcrete("⁻¹ outside a field")
            f = Fraction(_num(a))
            return Fraction(0) if f == 0 else 1 / f
        raise NotConcrete(f"unary operator {e.op}")
    if isinstance(e, BinOp):
        if e.op in ("∧", "∨", "→", "↔"):
            a = _bool(concrete_value(e.lhs, env))
            if e.op == "∧" and not a:
                return False
            if e.op == "∨" and a:
                return True
            if e.op == "→" and not a:
                return True
            b = _bool(concrete_value(e.rhs, env))
            return {"∧": a and b, "∨": a or b, "→": (not a) or b, "↔": a == b}[e.op]
        a = concrete_value(e.lhs, env)
        b = concrete_value(e.rhs, env)
        op = e.op
        if op == "+":
            return _num(a) + _num(b)
        if op == "-":
            return _sub(a, b, e.sort)
        if op == "*":
            return _num(a) * _num(b)
        if op == "/":
            return _div(a, b, e.sort)
        if op == "%":
            return _mod(a, b, e.sort)
        if op == "^":
            return _pow(a, b)
        if op == "=":
            return _num(a) == _num(b) if not isinstance(a, bool) else a == b
        if op == "≠":
            return _num(a) != _num(b) if not isinstance(a, bool) else a != b
        if op == "<":
            return _num(a) < _num(b)
        if op == "≤":
            return _num(a) <= _num(b)
        if op == ">":
            return _num(a) > _num(b)
        if op == "≥":
            return _num(a) >= _num(b)
        if op == "∣":
            if e.lhs.sort.head not in ("Nat", "Int"):
                raise NotConcrete("∣ outside ℕ/ℤ")
            return _dvd(a, b)
        raise NotConcrete(f"binary operator {op}")
    if isinstance(e, App):
        if not isinstance(e.fn, Const):
            raise NotConcrete("application of a variable")
        name = e.fn.name
        if name in _INTEGER_ONLY and not all(a.sort.head in ("Nat", "Int") for a in e.args):
            # Lean's Even/Odd/Prime on a field mean something else (every real is Even)
            raise NotConcrete(f"{name} outside ℕ/ℤ has no integer meaning")
        args = [concrete_value(a, env) for a in e.args]
        if name in _FUNCS_1 and len(args) == 1:
            return _FUNCS_1[name](args[0])
        if name in _FUNCS_2 and len(args) == 2:
            return _FUNCS_2[name](args[0], args[1])
        raise NotConcrete(f"no ground meaning for {name}/{len(args)}")
    if isinstance(e, Const):
        raise NotConcrete(f"constant {e.name}")
    if isinstance(e, Quant):
        raise NotConcrete("quantifier under ground evaluation")
    raise NotConcrete(type(e).__name__)


def _bool(v: Value) -> bool:
    if not isinstance(v, bool):
        raise NotConcrete(f"expected a proposition, got {v!r}")
    return v


def sample_values(sort: Sort) -> list[Value]:
    """Small exact sample of a sort, smallest first (for counterexample search)."""
    if sort.head == "Nat":
        return list(range(0, 13))
    if sort.head == "Int":
        return [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8]
    if sort.head in ("Rat", "Real"):
        base = [0, 1, -1, 2, -2, Fraction(1, 2), Fraction(-1, 2), 3, -3, Fraction(1, 3), Fraction(3, 2), 4, -4, 10]
        return [Fraction(x) for x in base]
    raise NotConcrete(f"no sample domain for sort {sort.head}")


def assignments(names_sorts: list[tuple[str, Sort]], limit: int = 20000) -> Iterator[dict[str, Value]]:
    """Enumerate assignments in order of increasing total index (small values first)."""
    domains = [sample_values(s) for _, s in names_sorts]
    n = len(domains)
    if n == 0:
        yield {}
        return
    count = 0
    max_total = sum(len(d) - 1 for d in domains)
    for total in range(max_total + 1):
        for idx in _compositions(total, [len(d) for d in domains]):
            yield {names_sorts[i][0]: domains[i][idx[i]] for i in range(n)}
            count += 1
            if count >= limit:
                return


def _compositions(total: int, sizes: list[int]) -> Iterator[list[int]]:
    if len(sizes) == 1:
        if total < sizes[0]:
            yield [total]
        return
    for first in range(min(total, sizes[0] - 1) + 1):
        for rest in _compositions(total - first, sizes[1:]):
            yield [first, *rest]
