"""Side conditions of Lean's total operations, decided from the context of a term.

Lean makes every operation total: ``a - b`` on ℕ truncates at 0, ``x / 0 = 0``,
``Real.sqrt`` of a negative number is 0, and so on.  Where the side condition under which
Lean's value agrees with the textbook one *holds in the context of the term* — the divisor
is a non-zero numeral, a hypothesis ``b ≤ a`` is in scope, the argument of ``√`` is a
square — the English can use the textbook notation without a caveat.  This module decides
those side conditions, soundly and conservatively: ``True`` means the condition is proved
from the structure of the term and the hypotheses in scope; ``False`` means "not proved"
(never "refuted").

It is used by both the English renderer (to decide whether a caveat is needed) and the
English reader (to decide whether a textbook reading coincides with Lean's), so it is
semantic only: it knows nothing about wording.

The terms are :mod:`certibench.logic.ast` expressions whose ``sort`` fields say which
number system a value lives in.  Casts between ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ ⊂ ℂ are injective and
order-preserving, so facts are stated about *values*: a cast is looked through.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from certibench.logic.ast import (
    App,
    Ascribe,
    BinOp,
    Const,
    Expr,
    Num,
    Sort,
    UnOp,
    Var,
    canonical_key,
    free_vars,
    map_children,
    with_sort,
)

__all__ = ["Context", "numeral_value", "strip_casts", "value_key"]

#: Number systems whose casts into each other are injective and order-preserving.
_NUMBER_HEADS = ("Nat", "Int", "Rat", "Real")
_CAST_FUNS = frozenset({"Nat.cast", "Int.cast", "Rat.cast", "Int.ofNat", "NNReal.toReal", "Complex.ofReal"})


def _is_number_sort(s: Sort | None) -> bool:
    return s is not None and not s.is_var and s.head in _NUMBER_HEADS


def _is_nat(s: Sort | None) -> bool:
    return s is not None and not s.is_var and s.head == "Nat"


def strip_casts(e: Expr) -> Expr:
    """``e`` without outer ascriptions and number casts (a value-preserving view)."""
    while True:
        if isinstance(e, Ascribe):
            e = e.expr
        elif isinstance(e, UnOp) and e.op == "↑" and _is_number_sort(e.arg.sort):
            e = e.arg
        elif (
            isinstance(e, App)
            and isinstance(e.fn, Const)
            and e.fn.name in _CAST_FUNS
            and len(e.args) == 1
            and _is_number_sort(e.args[0].sort)
        ):
            e = e.args[0]
        else:
            return e


def numeral_value(e: Expr) -> Fraction | None:
    """The value of a numeral (``2``, ``0.5``, ``-3``, ``(2 : ℝ)``), else ``None``."""
    e = strip_casts(e)
    if isinstance(e, Num):
        try:
            return Fraction(e.value)
        except (ValueError, ZeroDivisionError):
            return None
    if isinstance(e, UnOp) and e.op == "-":
        v = numeral_value(e.arg)
        return -v if v is not None else None
    return None


#: Operations whose value depends on where they are carried out: ℕ ``x - y`` truncates,
#: ℕ/ℤ ``x / y`` and ``x % y`` round, a field's do not — ``↑x - ↑y`` in ℝ is not the cast of
#: ℕ ``x - y`` (an adversary's finding: a hypothesis about the one was used as a fact about
#: the other and a convention was dropped).  ``+``, ``*`` and ``^`` commute with the casts.
_SORT_SENSITIVE = frozenset({"-", "/", "%", "⁻¹"})


def _domain(s: Sort | None) -> str:
    if s is None or s.is_var or s.is_unknown:
        return "?"
    return s.head if s.head in ("Nat", "Int") else "field" if s.head in ("Rat", "Real", "Complex") else s.head


def _deep_strip(e: Expr) -> Expr:
    """Casts and ascriptions removed everywhere, sorts erased except the domain of the
    operations whose value depends on it (a value key)."""
    e = strip_casts(e)
    domain = _domain(e.sort) if isinstance(e, (BinOp, UnOp)) and e.op in _SORT_SENSITIVE else "?"
    e = map_children(e, _deep_strip)
    if isinstance(e, (Var, Num, App, BinOp, UnOp)):
        return with_sort(e, Sort(domain))
    return e


def value_key(e: Expr) -> str:
    """A key equal for two terms that denote the same value up to number casts."""
    return canonical_key(_deep_strip(e))


def _integral_exponent(e: Expr) -> bool:
    s = strip_casts(e).sort if not isinstance(e, Ascribe) else e.sort
    return s is not None and not s.is_var and s.head in ("Nat", "Int")


def _sort_of(e: Expr) -> Sort | None:
    return strip_casts(e).sort


@dataclass(frozen=True)
class Context:
    """The hypotheses in scope at a term: atoms of enclosing antecedents and of conjuncts
    to the left.  Immutable; :meth:`assume` and :meth:`forget` return new contexts."""

    hyps: tuple[Expr, ...] = ()

    def assume(self, p: Expr) -> Context:
        atoms: list[Expr] = []
        stack = [p]
        while stack:
            q = stack.pop()
            while isinstance(q, Ascribe):
                q = q.expr
            if isinstance(q, BinOp) and q.op == "∧":
                stack.extend((q.rhs, q.lhs))
            else:
                atoms.append(q)
        return Context(self.hyps + tuple(atoms))

    def forget(self, name: str | None) -> Context:
        """Drop hypotheses about a name that a binder is about to shadow."""
        if not name:
            return self
        kept = tuple(h for h in self.hyps if all(v.name != name for v in free_vars(h)))
        return self if len(kept) == len(self.hyps) else Context(kept)

    # ------------------------------------------------------------------ hypotheses

    def _rels(self) -> list[tuple[str, Expr, Expr]]:
        """Hypotheses as ``(op, lhs, rhs)`` with ``≥``/``>`` turned round and ``¬ a = b``
        read as ``a ≠ b``."""
        out: list[tuple[str, Expr, Expr]] = []
        for h in self.hyps:
            if isinstance(h, UnOp) and h.op == "¬" and isinstance(h.arg, BinOp) and h.arg.op == "=":
                out.append(("≠", h.arg.lhs, h.arg.rhs))
            elif isinstance(h, BinOp) and h.op in ("≤", "<", "≠", "="):
                out.append((h.op, h.lhs, h.rhs))
            elif isinstance(h, BinOp) and h.op in ("≥", ">"):
                out.append(({"≥": "≤", ">": "<"}[h.op], h.rhs, h.lhs))
        return out

    def _hyp_bound(self, t: Expr) -> tuple[bool, bool, bool]:
        """(t > 0, t ≥ 0, t ≠ 0) as stated by a hypothesis (comparisons with numerals)."""
        key = value_key(t)
        pos = nonneg = nonzero = False
        for op, lhs, rhs in self._rels():
            lk, rk = value_key(lhs), value_key(rhs)
            if op == "≠" and (lk == key and numeral_value(rhs) == 0 or rk == key and numeral_value(lhs) == 0):
                nonzero = True
            if op in ("≤", "<") and rk == key:  # c ≤ t  /  c < t
                c = numeral_value(lhs)
                if c is not None and (c > 0 or (c == 0 and op == "<")):
                    pos = True
                if c is not None and c >= 0:
                    nonneg = True
            if op in ("≤", "<") and lk == key:  # t ≤ c / t < c
                c = numeral_value(rhs)
                if c is not None and (c < 0 or (c == 0 and op == "<")):
                    nonzero = True
            if op == "=" and (lk == key or rk == key):
                c = numeral_value(rhs if lk == key else lhs)
                if c is not None:
                    pos, nonneg, nonzero = pos or c > 0, nonneg or c >= 0, nonzero or c != 0
        return pos, nonneg, nonzero

    # ------------------------------------------------------------------ queries

    def pos(self, t: Expr) -> bool:
        """``t > 0`` is proved."""
        v = numeral_value(t)
        if v is not None:
            return v > 0
        s = strip_casts(t)
        if not _is_number_sort(_sort_of(t)):
            return False
        hp, _, hz = self._hyp_bound(s)
        if hp or (hz and _is_nat(s.sort)):
            return True
        if isinstance(s, BinOp):
            a, b = s.lhs, s.rhs
            if s.op == "+":
                return (self.pos(a) and self.nonneg(b)) or (self.nonneg(a) and self.pos(b))
            if s.op == "*":
                return self.pos(a) and self.pos(b)
            if s.op == "/" and not _is_nat(s.sort) and s.sort.head != "Int":
                return self.pos(a) and self.pos(b)
            if s.op == "^":
                return self.pos(a)  # a > 0 ⇒ a ^ e > 0 for ℕ, ℤ and real exponents alike
        if isinstance(s, App) and isinstance(s.fn, Const):
            name = s.fn.name
            if name in ("Real.exp", "Nat.factorial", "Nat.succ"):
                return True
            if name == "Real.sqrt" and s.args:
                return self.pos(s.args[0])
        if isinstance(s, UnOp):
            if s.op == "!":
                return True
            if s.op == "abs":
                return self.nonzero(s.arg)
        if isinstance(s, Const) and s.name == "Real.pi":
            return True
        return False

    def nonneg(self, t: Expr) -> bool:
        """``t ≥ 0`` is proved."""
        v = numeral_value(t)
        if v is not None:
            return v >= 0
        s = strip_casts(t)
        if _is_nat(s.sort):
            return True
        if not _is_number_sort(_sort_of(t)):
            return False
        if self.pos(s):
            return True
        _, hn, _ = self._hyp_bound(s)
        if hn:
            return True
        if isinstance(s, UnOp) and s.op == "abs":
            return True
        if isinstance(s, BinOp):
            a, b = s.lhs, s.rhs
            if s.op in ("+", "*") or (s.op == "/" and s.sort.head not in ("Nat", "Int")):
                if self.nonneg(a) and self.nonneg(b):
                    return True
            if s.op == "*" and value_key(a) == value_key(b):
                return True
            if s.op == "^":
                ev = numeral_value(b)
                if _integral_exponent(b) and ev is not None and ev.denominator == 1 and ev % 2 == 0:
                    return True
                return self.nonneg(a)
        if isinstance(s, App) and isinstance(s.fn, Const) and s.fn.name in ("Real.sqrt", "Real.exp", "abs"):
            return True
        return False

    def nonzero(self, t: Expr) -> bool:
        """``t ≠ 0`` is proved."""
        v = numeral_value(t)
        if v is not None:
            return v != 0
        s = strip_casts(t)
        if not _is_number_sort(_sort_of(t)):
            return False
        if self.pos(s):
            return True
        _, _, hz = self._hyp_bound(s)
        if hz:
            return True
        if isinstance(s, BinOp):
            if s.op == "*":
                return self.nonzero(s.lhs) and self.nonzero(s.rhs)
            if s.op == "^":
                # Real.rpow of a negative base can be 0 ((-1) ^ (1/2 : ℝ) = 0): integral
                # exponents only
                return _integral_exponent(s.rhs) and self.nonzero(s.lhs)
        if isinstance(s, UnOp) and s.op in ("-", "abs"):
            return self.nonzero(s.arg)
        return False

    def choose_defined(self, n: Expr, k: Expr) -> bool:
        """``k ≤ n`` is proved for ``C(n, k)``: :meth:`le`, or ``k`` is ``n - j`` in ℕ."""
        if self.le(k, n):
            return True
        sk = strip_casts(k)
        return isinstance(sk, BinOp) and sk.op == "-" and _is_nat(sk.sort) and value_key(sk.lhs) == value_key(n)

    def le(self, b: Expr, a: Expr) -> bool:
        """``b ≤ a`` is proved (used for ℕ subtraction ``a - b``)."""
        vb, va = numeral_value(b), numeral_value(a)
        if vb is not None and va is not None:
            return vb <= va
        if vb is not None and vb <= 0 and self.nonneg(a):
            return True
        if vb == 1 and self.pos(a) and _is_nat(strip_casts(a).sort):
            return True
        kb, ka = value_key(b), value_key(a)
        if kb == ka:
            return True
        sa = strip_casts(a)
        if isinstance(sa, BinOp) and sa.op == "+":
            if (self.le(b, sa.lhs) and self.nonneg(sa.rhs)) or (self.le(b, sa.rhs) and self.nonneg(sa.lhs)):
                return True
        for op, lhs, rhs in self._rels():
            if op in ("≤", "<") and value_key(lhs) == kb and value_key(rhs) == ka:
                return True
            if op == "=" and {value_key(lhs), value_key(rhs)} == {ka, kb}:
                return True
        return False
