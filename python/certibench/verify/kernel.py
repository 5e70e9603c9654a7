"""The kernel: an independent replay of rewrite-chain certificates.

A rewrite certificate says *how* the paraphrase is obtained from the canonical statement:
a list of :class:`Step` s, each one of

* ``rule``  — an instance of a library rule (``families/*.toml`` T1 rules and
  ``families/library.toml``), used left-to-right or right-to-left, at a position (a path
  of child indices), with the instantiation of its sort variable ``α`` and of its
  pattern variables given *explicitly* (first-order terms, and λ-terms for higher-order
  pattern variables such as ``P`` in ``∀ x, P x``);
* ``ac``    — a permutation of the operands of an associative-commutative operator
  (``∧ ∨`` always, ``+ *`` on commutative carriers), or the swap of the two sides of a
  symmetric relation (``= ↔``): the replacement subterm is given;
* ``eval``  — a ground numeral computation (``0 + 1`` ⇝ ``1`` or back) under Lean's
  semantics for the carrier (ℕ subtraction truncates): both terms are ground and equal;
* ``alpha`` — a subterm renamed (bound variables only).

The kernel does not search and does not match: it instantiates the rule sides with the
given substitution (capture-avoiding: pattern binders get names fresh for everything the
substitution mentions), checks the side conditions (the carrier is one the rule is
declared for; the pattern variables' sorts agree with the terms given for them; the
operator is AC at that sort), checks that the subterm at the position is α-equal to the
instantiated source side, and replaces it.  After the last step the result must be
α-equal to the paraphrase, and both statements' type/instance contexts must agree.  The
rules it trusts are the schemas in the library, each naming the Mathlib lemma that proves
it (and checked once by ``tests/verify/test_rule_library.py``); the kernel trusts nothing the
certificate says about itself beyond the steps it replays.

It is deliberately small and shares no code with the search (:mod:`certibench.verify.rewrite`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field

from certibench.logic.ast import (
    INT,
    NAT,
    PROP,
    RAT,
    REAL,
    App,
    Ascribe,
    Binder,
    BinOp,
    BoolLit,
    Const,
    Declaration,
    Expr,
    Lam,
    Num,
    Quant,
    Sort,
    TypeE,
    UnOp,
    Var,
    fact_of,
    from_data,
    type_var,
)

KERNEL_VERSION = 1

#: Carrier sorts of the rule schemas, by the names used in the specs.
SORTS: dict[str, Sort] = {"Nat": NAT, "Int": INT, "Rat": RAT, "Real": REAL, "Complex": Sort("Complex")}
ALPHA = type_var("α")

#: Associative-commutative operators and the carriers on which they are AC.
AC_ALWAYS = frozenset({"∧", "∨"})
AC_NUMERIC = frozenset({"+", "*"})
COMMUTATIVE_CARRIERS = frozenset({"Nat", "Int", "Rat", "Real", "Complex"})
SYMMETRIC = frozenset({"=", "↔"})


class Step(BaseModel):
    """One step of a rewrite chain (JSON in certificates)."""

    kind: Literal["rule", "ac", "eval", "alpha"]
    path: list[int] = Field(default_factory=list)
    rule: str | None = None
    dir: Literal["lr", "rl"] = "lr"
    sort: str | None = Field(default=None, description="the rule instance's carrier: Nat, Int, …, or * (then `alpha`)")
    alpha: Any | None = Field(default=None, description="AST data of the sort bound to α for a `*` rule")
    terms: dict[str, Any] = Field(default_factory=dict, description="pattern variable -> AST data")
    lams: dict[str, Any] = Field(default_factory=dict, description="higher-order pattern variable -> AST data of a λ")
    after: Any | None = Field(default=None, description="ac/eval/alpha: the replacement subterm at `path`")
    names: dict[str, str] = Field(
        default_factory=dict, description="rule: names for the binders the destination side introduces (else fresh)"
    )
    lemma: str | None = Field(default=None, description="informational: the Mathlib lemma of the rule")
    note: str | None = Field(default=None, description="informational: the rewritten subterm, before ⇝ after (Lean)")


@dataclass(frozen=True)
class KernelResult:
    ok: bool
    reason: str
    steps_checked: int = 0


class KernelError(ValueError):
    pass


# --------------------------------------------------------------------------------------
# Terms: paths, α-equality, capture-avoiding instantiation
# --------------------------------------------------------------------------------------


def _kids(e: Expr) -> tuple[Expr, ...]:
    if isinstance(e, App):
        return (e.fn, *e.args)
    if isinstance(e, BinOp):
        return (e.lhs, e.rhs)
    if isinstance(e, UnOp | Ascribe):
        return (e.arg,) if isinstance(e, UnOp) else (e.expr,)
    if isinstance(e, Quant | Lam):
        return (e.body,)
    return ()


def _rebuild(e: Expr, kids: Sequence[Expr]) -> Expr:
    if isinstance(e, App):
        return App(kids[0], tuple(kids[1:]), e.sort, e.dot)
    if isinstance(e, BinOp):
        return BinOp(e.op, kids[0], kids[1], e.sort)
    if isinstance(e, UnOp):
        return UnOp(e.op, kids[0], e.sort)
    if isinstance(e, Ascribe):
        return Ascribe(kids[0], e.sort)
    if isinstance(e, Quant):
        return Quant(e.q, e.binder, kids[0], e.sort)
    if isinstance(e, Lam):
        return Lam(e.binder, kids[0], e.sort)
    raise KernelError("a leaf has no children")


def subterm(e: Expr, path: Sequence[int]) -> Expr:
    for i in path:
        kids = _kids(e)
        if not 0 <= i < len(kids):
            raise KernelError(f"path {list(path)} leaves the term")
        e = kids[i]
    return e


def binders_on_path(e: Expr, path: Sequence[int]) -> list[Binder]:
    out = []
    for i in path:
        if isinstance(e, Quant | Lam):
            out.append(e.binder)
        e = _kids(e)[i]
    return out


def replace_at(e: Expr, path: Sequence[int], new: Expr) -> Expr:
    if not path:
        return new
    kids = list(_kids(e))
    i = path[0]
    if not 0 <= i < len(kids):
        raise KernelError(f"path {list(path)} leaves the term")
    kids[i] = replace_at(kids[i], path[1:], new)
    return _rebuild(e, kids)


@lru_cache(maxsize=4096)
def _dependent(s: Sort) -> bool:
    """Whether a sort mentions terms (``Fin n``, ``ZMod 5``, ``Finset (Fin n)``): then it is
    compared by :func:`_sort_eq` (its variables may be bound ones), else by ``==``."""
    return bool(s.params) or any(_dependent(a) for a in s.args)


def _sort_eq(x: Sort, y: Sort, bx: dict[str, int], by: dict[str, int], renamed: int) -> bool:
    """Sorts equal up to the bound variables their term parameters mention (``Fin n`` with n
    bound at the same depth on both sides): a type that names a variable names *that*
    binder, not a name (an adversary reordered ``(n m : ℕ) (x : Fin n)`` and the two
    ``Fin n`` compared equal)."""
    if x is y and not renamed:
        return True
    if not (_dependent(x) or _dependent(y)):
        return x == y
    if x.head != y.head or x.is_var != y.is_var or len(x.args) != len(y.args) or len(x.params) != len(y.params):
        return False
    return all(_sort_eq(a, b, bx, by, renamed) for a, b in zip(x.args, y.args, strict=True)) and all(
        _alpha(p, q, dict(bx), dict(by), renamed) for p, q in zip(x.params, y.params, strict=True)
    )


def _binder_eq(a: Binder, b: Binder, bx: dict[str, int], by: dict[str, int], renamed: int) -> bool:
    if (a.kind == "inst") != (b.kind == "inst"):
        return False
    if a.hyp is not None or b.hyp is not None:
        return False
    if a.sort is None or b.sort is None:
        return a.sort is b.sort
    return _sort_eq(a.sort, b.sort, bx, by, renamed)


def alpha_eq(a: Expr, b: Expr) -> bool:
    """Structural equality up to the names of bound variables (free names must agree);
    every sort is compared, its term parameters up to bound names too (``Fin n``: which
    binder n is); binder kinds explicit/implicit do not matter, instance does.  A node of a
    kind this check does not know is never equal to anything (fail closed).

    Bound names are mapped to the depth of their binder (one dict per side, restored on the
    way out), so the check is linear in the size of the terms however deep the binders."""
    return _alpha(a, b, {}, {}, 0)


def _alpha(a: Expr, b: Expr, bx: dict[str, int], by: dict[str, int], renamed: int) -> bool:
    """:func:`alpha_eq` under the bound-name maps ``bx``/``by`` (modified in place; pass
    copies) with ``renamed`` binder pairs of differing names already on the path."""
    depth = max([0, *bx.values(), *by.values()])
    # binder pairs on the current path whose names differ: while there are none, both sides
    # bind the same names at the same depths and a shared subterm is equal to itself
    # entries: (x, y) to compare, or a restore marker (None, (name_x, old_x, name_y, old_y))
    stack: list[tuple[Any, Any]] = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is None:
            nx, ox, ny, oy = y
            depth -= 1
            renamed -= nx != ny
            if nx is not None:
                if ox is None:
                    bx.pop(nx, None)
                else:
                    bx[nx] = ox
            if ny is not None:
                if oy is None:
                    by.pop(ny, None)
                else:
                    by[ny] = oy
            continue
        if x is y and not renamed:
            continue
        x, y = _see_through(x), _see_through(y)
        if type(x) is not type(y):
            return False
        if isinstance(x, Var):
            assert isinstance(y, Var)
            if not _sort_eq(x.sort, y.sort, bx, by, renamed):
                return False
            ix, iy = bx.get(x.name), by.get(y.name)
            if ix != iy or (ix is None and x.name != y.name):
                return False
            continue
        if isinstance(x, Quant | Lam):
            assert isinstance(y, Quant | Lam)
            if isinstance(x, Quant) and x.q != y.q:  # type: ignore[union-attr]
                return False
            if not _sort_eq(x.sort, y.sort, bx, by, renamed) or not _binder_eq(x.binder, y.binder, bx, by, renamed):
                return False
            nx, ny = x.binder.name, y.binder.name
            stack.append((None, (nx, bx.get(nx) if nx else None, ny, by.get(ny) if ny else None)))
            depth += 1
            renamed += nx != ny
            if nx:
                bx[nx] = depth
            if ny:
                by[ny] = depth
            stack.append((x.body, y.body))
            continue
        if isinstance(x, Num | BoolLit):
            if x.value != y.value or not _sort_eq(x.sort, y.sort, bx, by, renamed):  # type: ignore[union-attr]
                return False
            continue
        if isinstance(x, Const):
            if x.name != y.name or not _sort_eq(x.sort, y.sort, bx, by, renamed):  # type: ignore[union-attr]
                return False
            continue
        if isinstance(x, TypeE):
            assert isinstance(y, TypeE)
            if not _sort_eq(x.value, y.value, bx, by, renamed) or x.sort != y.sort:
                return False
            continue
        if not isinstance(x, App | BinOp | UnOp | Ascribe):
            return False  # a node kind this check does not know
        if not _sort_eq(x.sort, y.sort, bx, by, renamed):  # type: ignore[union-attr]
            return False
        if isinstance(x, BinOp | UnOp) and x.op != y.op:  # type: ignore[union-attr]
            return False
        kx, ky = _kids(x), _kids(y)
        if len(kx) != len(ky):
            return False
        stack.extend(zip(kx, ky, strict=True))
    return True


def _see_through(e: Expr) -> Expr:
    """A type ascription that does not change the sort (``(3 : ℕ)`` with ``3 : ℕ``) is the
    identity: it is presentation, not meaning."""
    while isinstance(e, Ascribe) and e.expr.sort == e.sort:
        e = e.expr
    return e


def _sorts_of(n: Expr) -> list[Sort]:
    """The sorts a node carries (its own, a variable's, a binder's, a type argument's)."""
    out = [n.sort]
    if isinstance(n, Quant | Lam) and n.binder.sort is not None:
        out.append(n.binder.sort)
    if isinstance(n, TypeE):
        out.append(n.value)
    return out


def _sort_terms(s: Sort) -> list[Expr]:
    """The term parameters inside a sort (``n`` in ``Finset (Fin n)``)."""
    if not _dependent(s):
        return []
    out = list(s.params)
    for a in s.args:
        out.extend(_sort_terms(a))
    return out


def _names(e: Expr, out: set[str]) -> set[str]:
    """Every name in ``e``, inside the terms its sorts mention too."""
    stack = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, Var | Const):
            out.add(n.name)
        elif isinstance(n, Quant | Lam) and n.binder.name:
            out.add(n.binder.name)
        stack.extend(_kids(n))
        for srt in _sorts_of(n):
            stack.extend(_sort_terms(srt))
    return out


def _free(e: Expr) -> set[str]:
    """Free variable names of ``e``, those its sorts mention included (``x : Fin n``: n)."""
    out: set[str] = set()
    stack: list[tuple[Expr, frozenset[str]]] = [(e, frozenset())]
    while stack:
        n, bound = stack.pop()
        for srt in _sorts_of(n):
            stack.extend((t, bound) for t in _sort_terms(srt))
        if isinstance(n, Var):
            if n.name not in bound:
                out.add(n.name)
        elif isinstance(n, Quant | Lam):
            stack.append((n.body, bound | {n.binder.name} if n.binder.name else bound))
        else:
            stack.extend((k, bound) for k in _kids(n))
    return out


def _in_sorts(e: Expr, name: str) -> bool:
    """Whether a free ``name`` occurs inside a sort in ``e`` (a dependent type)."""
    stack = [e]
    while stack:
        n = stack.pop()
        if any(name in _free(t) for srt in _sorts_of(n) for t in _sort_terms(srt)):
            return True
        if isinstance(n, Quant | Lam) and n.binder.name == name:
            continue
        stack.extend(_kids(n))
    return False


def _fresh(base: str, taken: set[str]) -> str:
    i = 0
    while True:
        cand = f"{base}{i}" if i else base
        if cand not in taken:
            taken.add(cand)
            return cand
        i += 1


def _sort_inst(s: Sort, alpha: Sort | None) -> Sort:
    if alpha is not None and s.is_var and s.head == "α":
        return alpha
    if not s.args:
        return s
    return Sort(s.head, tuple(_sort_inst(a, alpha) for a in s.args), s.is_var, s.params)


def subst_var(e: Expr, name: str, value: Expr) -> Expr:
    """``e[name := value]``, renaming binders of ``e`` that would capture ``value``'s free
    variables."""
    fv = _free(value)
    if _in_sorts(e, name):
        # the kernel does not rewrite inside types: substituting a variable a dependent
        # type mentions (x : Fin n, n := …) or renaming such a binder is refused
        raise KernelError(f"substitution for {name}, which a dependent type mentions, is not supported")

    def go(n: Expr) -> Expr:
        if isinstance(n, Var):
            return value if n.name == name else n
        if isinstance(n, Quant | Lam):
            b = n.binder
            if b.name == name:
                return n
            body = n.body
            if b.name in fv and name in _free(body):
                taken = _names(body, set(fv) | {name})
                new = _fresh(b.name or "x", taken)
                body = subst_var(body, b.name or "", Var(new, b.sort or Sort("?")))
                b = Binder(new, b.sort, b.hyp, b.kind)
            nb = go(body)
            return Quant(n.q, b, nb, n.sort) if isinstance(n, Quant) else Lam(b, nb, n.sort)
        kids = _kids(n)
        if not kids:
            return n
        return _rebuild(n, [go(k) for k in kids])

    return go(e)


@dataclass
class _Sigma:
    alpha: Sort | None
    terms: dict[str, Expr]
    lams: dict[str, Expr]
    var_sorts: dict[str, Sort]  # declared (schema) sorts of the pattern variables, α instantiated

    def avoid(self) -> set[str]:
        taken: set[str] = set()
        for t in (*self.terms.values(), *self.lams.values()):
            _names(t, taken)
        return taken


def _beta(lam: Expr, args: Sequence[Expr]) -> Expr:
    body = lam
    params: list[Binder] = []
    while isinstance(body, Lam) and len(params) < len(args):
        params.append(body.binder)
        body = body.body
    if len(params) != len(args):
        raise KernelError("a higher-order pattern variable is applied to the wrong number of arguments")
    # rename the λ's binders apart first, then substitute simultaneously
    taken = _names(body, set())
    for a in args:
        _names(a, taken)
    tmp = []
    for p in params:
        t = _fresh("β", taken)
        body = subst_var(body, p.name or "", Var(t, p.sort or Sort("?")))
        tmp.append(t)
    for t, a in zip(tmp, args, strict=True):
        body = subst_var(body, t, a)
    return body


def instantiate(p: Expr, metavars: frozenset[str], sigma: _Sigma, names: dict[str, str] | None = None) -> Expr:
    """The rule side ``p`` with pattern variables replaced; pattern binders get the
    requested ``names`` when those capture nothing (no such name is free in a term of the
    substitution, and they are pairwise distinct), else names fresh for everything the
    substitution mentions."""
    taken = sigma.avoid()
    wanted = dict(names or {})
    if wanted:
        free_in_sigma: set[str] = set()
        for t in (*sigma.terms.values(), *sigma.lams.values()):
            free_in_sigma |= _free(t)
        if len(set(wanted.values())) != len(wanted) or set(wanted.values()) & (free_in_sigma | set(metavars)):
            raise KernelError("requested binder names would capture a variable")

    def go(n: Expr, ren: dict[str, str]) -> Expr:
        if isinstance(n, App) and isinstance(n.fn, Var) and n.fn.name in metavars:
            lam = sigma.lams.get(n.fn.name)
            if lam is None:
                raise KernelError(f"no λ given for the higher-order pattern variable {n.fn.name}")
            return _beta(lam, [go(a, ren) for a in n.args])
        if isinstance(n, Var):
            if n.name in ren:
                return Var(ren[n.name], _sort_inst(n.sort, sigma.alpha))
            if n.name in metavars:
                t = sigma.terms.get(n.name)
                if t is None:
                    raise KernelError(f"no term given for the pattern variable {n.name}")
                return t
            raise KernelError(f"free variable {n.name} in a rule schema")
        if isinstance(n, Quant | Lam):
            b = n.binder
            new = wanted.get(b.name or "") or _fresh(b.name or "x", taken)
            nb = Binder(new, _sort_inst(b.sort, sigma.alpha) if b.sort else None, None, b.kind)
            body = go(n.body, {**ren, (b.name or ""): new})
            if isinstance(n, Quant):
                return Quant(n.q, nb, body, n.sort)
            return Lam(nb, body, _sort_inst(n.sort, sigma.alpha))
        if isinstance(n, Num):
            return Num(n.value, _sort_inst(n.sort, sigma.alpha))
        if isinstance(n, Const):
            return Const(n.name, _sort_inst(n.sort, sigma.alpha))
        if isinstance(n, BoolLit):
            return n
        kids = [go(k, ren) for k in _kids(n)]
        out = _rebuild(n, kids)
        return replace(out, sort=_sort_inst(n.sort, sigma.alpha))  # type: ignore[arg-type]

    return go(p, {})


# --------------------------------------------------------------------------------------
# The rule library as the kernel sees it
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KRule:
    name: str
    sort: str
    lhs: Expr
    rhs: Expr
    var_sorts: dict[str, Sort]  # α uninstantiated for "*"
    lemma: str


@lru_cache(maxsize=1)
def kernel_rules() -> dict[tuple[str, str], KRule]:
    """Every library rule compiled per declared carrier, keyed ``(name, sort)``."""
    from certibench.families.registry import library_rules
    from certibench.families.rules import (
        LEAN_SORT_TEXT,
        RuleCompileError,
        parse_rule_sides,
        parse_schema_sort,
    )

    out: dict[tuple[str, str], KRule] = {}
    for spec in library_rules():
        for sname in spec.sorts:
            alpha = ALPHA if sname == "*" else SORTS.get(sname)
            if alpha is None:
                raise KernelError(f"rule {spec.name}: unknown carrier {sname!r}")
            try:
                env = {v: parse_schema_sort(s, alpha) for v, s in spec.vars.items()}
            except RuleCompileError as exc:
                raise KernelError(f"rule {spec.name}: {exc}") from exc
            lhs_t, rhs_t = spec.lhs, spec.rhs
            if sname != "*":
                lhs_t, rhs_t = lhs_t.replace("α", LEAN_SORT_TEXT[sname]), rhs_t.replace("α", LEAN_SORT_TEXT[sname])
            lhs, rhs = parse_rule_sides(lhs_t, rhs_t, env)
            out[(spec.name, sname)] = KRule(spec.name, sname, lhs, rhs, env, spec.lemma_for(sname))
    return out


# --------------------------------------------------------------------------------------
# Ground numerals (Lean semantics)
# --------------------------------------------------------------------------------------


def _ground_value(e: Expr) -> Fraction:
    e = _see_through(e)
    s = e.sort
    if s.head not in ("Nat", "Int", "Rat", "Real") or s.is_var:
        raise KernelError("eval step outside ℕ ℤ ℚ ℝ")
    if isinstance(e, Num):
        if not e.value.isdigit():
            raise KernelError("eval step on a non-integer literal")
        if len(e.value) > MAX_EVAL_BITS // 3:
            raise KernelError("eval step: value too large")
        return Fraction(int(e.value))
    if isinstance(e, UnOp) and e.op == "-" and s.head != "Nat":
        return -_ground_value(e.arg)
    if isinstance(e, BinOp) and e.op in ("+", "-", "*", "^") and e.sort == s:
        a = _ground_value(e.lhs)
        if e.op == "^":
            if e.rhs.sort != NAT:
                raise KernelError("eval step: exponent must be a natural number")
            n = _ground_value(e.rhs)
            if n > 64:
                raise KernelError("eval step: exponent too large")
            if _bits(a) * int(n) > MAX_EVAL_BITS:
                raise KernelError("eval step: value too large")
            return a ** int(n)
        if e.lhs.sort != s or e.rhs.sort != s:
            raise KernelError("eval step: mixed sorts")
        b = _ground_value(e.rhs)
        if e.op == "+":
            return a + b
        if e.op == "*":
            if _bits(a) + _bits(b) > MAX_EVAL_BITS:
                raise KernelError("eval step: value too large")
            return a * b
        return max(a - b, Fraction(0)) if s.head == "Nat" else a - b
    raise KernelError("eval step on a non-ground or unsupported term")


#: largest value (in bits) an eval step computes: nested powers (2 ^ 64) ^ 64 ^ … grew
#: without bound (an adversary's six-level tower needed ~8.6 GB)
MAX_EVAL_BITS = 1 << 16


def _bits(v: Fraction) -> int:
    return max(abs(v.numerator).bit_length(), v.denominator.bit_length())


def numeral(v: Fraction, s: Sort) -> Expr:
    """The canonical literal for an integer value at sort ``s``."""
    if v.denominator != 1:
        raise KernelError("eval step: non-integer value")
    n = Num(str(abs(v.numerator)), s)
    return n if v >= 0 else UnOp("-", n, s)


# --------------------------------------------------------------------------------------
# Replay
# --------------------------------------------------------------------------------------


def flatten(e: Expr, op: str, sort: Sort) -> list[Expr]:
    out: list[Expr] = []
    stack = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, BinOp) and n.op == op and n.sort == sort:
            stack.append(n.rhs)
            stack.append(n.lhs)
        else:
            out.append(n)
    return out


def _same_multiset(xs: list[Expr], ys: list[Expr]) -> bool:
    if len(xs) != len(ys):
        return False
    rest = list(ys)
    for x in xs:
        for k, y in enumerate(rest):
            if alpha_eq(x, y):
                del rest[k]
                break
        else:
            return False
    return True


def _check_ac(cur: Expr, after: Expr) -> None:
    if not (isinstance(cur, BinOp) and isinstance(after, BinOp) and cur.op == after.op and cur.sort == after.sort):
        raise KernelError("ac step: the subterm and its replacement are not the same operator")
    op = cur.op
    if op in SYMMETRIC:
        if not (alpha_eq(cur.lhs, after.rhs) and alpha_eq(cur.rhs, after.lhs)):
            raise KernelError(f"ac step: {op} sides are not swapped")
        return
    if op in AC_ALWAYS:
        sort = PROP
    elif op in AC_NUMERIC and cur.sort.head in COMMUTATIVE_CARRIERS and not cur.sort.is_var:
        sort = cur.sort
    else:
        raise KernelError(f"ac step: {op} is not associative-commutative at sort {cur.sort}")
    if not _same_multiset(flatten(cur, op, sort), flatten(after, op, sort)):
        raise KernelError("ac step: the operands are not a permutation")


def _side_conditions(rule: KRule, sigma: _Sigma) -> None:
    if rule.sort == "*":
        if sigma.alpha is not None and (sigma.alpha.is_unknown or "?" in str(sigma.alpha)):
            raise KernelError("rule instance at an undetermined sort")
    for name, t in sigma.terms.items():
        want = _sort_inst(rule.var_sorts[name], sigma.alpha)
        if t.sort != want:
            raise KernelError(f"pattern variable {name} needs sort {want}, the term has sort {t.sort}")
        if t.sort.is_unknown:
            raise KernelError(f"pattern variable {name} bound to a term of undetermined sort")
    for name, lam in sigma.lams.items():
        want = _sort_inst(rule.var_sorts[name], sigma.alpha)
        if not isinstance(lam, Lam) or lam.sort != want:
            raise KernelError(f"higher-order pattern variable {name} needs a λ of sort {want}")


@dataclass(frozen=True)
class RStep:
    """A step with its terms parsed (what the kernel checks; :class:`Step` is its JSON form)."""

    kind: str
    path: tuple[int, ...] = ()
    rule: str | None = None
    dir: str = "lr"
    sort: str | None = None
    alpha: Sort | None = None
    terms: tuple[tuple[str, Expr], ...] = ()
    lams: tuple[tuple[str, Expr], ...] = ()
    after: Expr | None = None
    names: tuple[tuple[str, str], ...] = ()
    lemma: str | None = None
    note: str | None = None

    @classmethod
    def of(cls, step: Step) -> RStep:
        if step.kind not in ("rule", "ac", "eval", "alpha"):
            raise KernelError(f"unknown step kind {step.kind!r}")
        return cls(
            kind=step.kind, path=tuple(int(i) for i in step.path), rule=step.rule, dir=step.dir, sort=step.sort,
            alpha=from_data(step.alpha) if step.alpha is not None else None,
            terms=tuple((k, from_data(v)) for k, v in sorted(step.terms.items())),
            lams=tuple((k, from_data(v)) for k, v in sorted(step.lams.items())),
            after=from_data(step.after) if step.after is not None else None,
            names=tuple(sorted(step.names.items())), lemma=step.lemma, note=step.note,
        )

    def to_step(self) -> Step:
        from certibench.logic.ast import to_data

        return Step(
            kind=self.kind,  # type: ignore[arg-type]
            path=list(self.path), rule=self.rule, dir=self.dir,  # type: ignore[arg-type]
            sort=self.sort, alpha=to_data(self.alpha) if self.alpha is not None else None,
            terms={k: to_data(v) for k, v in self.terms}, lams={k: to_data(v) for k, v in self.lams},
            after=to_data(self.after) if self.after is not None else None, names=dict(self.names),
            lemma=self.lemma, note=self.note,
        )

    def at(self, prefix: Sequence[int]) -> RStep:
        return replace(self, path=(*prefix, *self.path)) if prefix else self


def apply_step(cur: Expr, step: Step | RStep) -> Expr:
    """One step; raises :class:`KernelError` when it is not a valid instance."""
    r = step if isinstance(step, RStep) else RStep.of(step)
    sub = subterm(cur, r.path)
    if r.kind in ("alpha", "ac", "eval"):
        after = r.after
        if after is None:
            raise KernelError(f"{r.kind} step without a replacement term")
        if r.kind == "alpha":
            if not alpha_eq(sub, after):
                raise KernelError("alpha step: the terms are not α-equivalent")
        elif r.kind == "ac":
            _check_ac(sub, after)
        elif after.sort != sub.sort or _ground_value(sub) != _ground_value(after):
            raise KernelError("eval step: the two ground terms differ in value or sort")
        return replace_at(cur, r.path, after)
    if r.kind != "rule":
        raise KernelError(f"unknown step kind {r.kind!r}")
    rule = kernel_rules().get((r.rule or "", r.sort or ""))
    if rule is None:
        raise KernelError(f"unknown rule {r.rule!r} at carrier {r.sort!r}")
    metavars = frozenset(rule.var_sorts)
    terms, lams = dict(r.terms), dict(r.lams)
    if set(terms) | set(lams) != set(metavars) or set(terms) & set(lams):
        raise KernelError(f"rule {rule.name}: the substitution must bind exactly {sorted(metavars)}")
    alpha = r.alpha if rule.sort == "*" else None
    if rule.sort == "*" and alpha is None and any(_mentions_alpha(s) for s in rule.var_sorts.values()):
        raise KernelError(f"rule {rule.name}: the carrier α is not given")
    sigma = _Sigma(alpha, terms, lams, rule.var_sorts)
    _side_conditions(rule, sigma)
    if r.dir not in ("lr", "rl"):
        raise KernelError(f"unknown direction {r.dir!r}")
    src, dst = (rule.lhs, rule.rhs) if r.dir == "lr" else (rule.rhs, rule.lhs)
    want = instantiate(src, metavars, sigma)
    if not alpha_eq(sub, want):
        raise KernelError(f"rule {rule.name}: the subterm at {list(r.path)} is not an instance of its {r.dir} source side")
    return replace_at(cur, r.path, instantiate(dst, metavars, sigma, dict(r.names)))


def apply_unchecked(cur: Expr, r: RStep) -> Expr:
    """The result of a step *without* checking it (for the search's own bookkeeping only;
    every chain is replayed by :func:`replay` before it counts)."""
    if r.kind != "rule":
        assert r.after is not None
        return replace_at(cur, r.path, r.after)
    rule = kernel_rules()[(r.rule or "", r.sort or "")]
    sigma = _Sigma(r.alpha if rule.sort == "*" else None, dict(r.terms), dict(r.lams), rule.var_sorts)
    dst = rule.rhs if r.dir == "lr" else rule.lhs
    return replace_at(cur, r.path, instantiate(dst, frozenset(rule.var_sorts), sigma, dict(r.names)))


def _mentions_alpha(s: Sort) -> bool:
    return (s.is_var and s.head == "α") or any(_mentions_alpha(a) for a in s.args)


def context_key(decl: Declaration) -> tuple[Any, ...]:
    """What a rewrite of the proposition cannot change: type binders and instance
    assumptions, with type variables named by position."""
    tvars = [b.name for b in decl.binders if b.sort is not None and b.sort.head in ("Type", "Sort") and b.kind != "inst"]
    ren = {n: f"τ{i}" for i, n in enumerate(tvars) if n}
    # a variable an instance mentions ([NeZero n]) is named by the position of its binder
    # among the header's variables (the ∀ depth it gets in the proposition), not by its
    # name: after a reordering the same name is another variable
    term_vars = [b.name for b in decl.binders if fact_of(b) is None and b.kind != "inst" and b.hyp is None
                 and b.sort is not None and b.sort.head != "Type"]  # as Declaration.as_prop binds them
    pos = {n: f"#{i}" for i, n in enumerate(term_vars) if n}

    def rp(e: Expr) -> str:
        if pos and _free(e) & set(pos):
            e = _rename_free(e, pos)
        return repr(e)

    def rs(s: Sort) -> str:
        if s.is_var and s.head in ren:
            return ren[s.head]
        if not s.args and not s.params:
            return s.head
        return f"({s.head} {' '.join(rs(a) for a in s.args)} {' '.join(rp(p) for p in s.params)})"

    insts = sorted(rs(b.sort) for b in decl.binders if b.kind == "inst" and b.sort is not None)
    hyp_insts = [b for b in decl.binders if b.kind == "inst" and b.sort is None]
    return (len(tvars), tuple(insts), len(hyp_insts))


def _rename_free(e: Expr, names: dict[str, str]) -> Expr:
    """``e`` with its free variables renamed (a display key only: sorts left as they are)."""

    def go(n: Expr, bound: frozenset[str]) -> Expr:
        if isinstance(n, Var):
            return Var(names[n.name], n.sort) if n.name in names and n.name not in bound else n
        if isinstance(n, Quant | Lam):
            inner = bound | {n.binder.name} if n.binder.name else bound
            body = go(n.body, inner)
            return Quant(n.q, n.binder, body, n.sort) if isinstance(n, Quant) else Lam(n.binder, body, n.sort)
        kids = _kids(n)
        return _rebuild(n, [go(k, bound) for k in kids]) if kids else n

    return go(e, frozenset())


def _rename_type_vars(decl: Declaration) -> dict[str, str]:
    tvars = [b.name for b in decl.binders if b.sort is not None and b.sort.head in ("Type", "Sort") and b.kind != "inst"]
    return {n: f"τ{i}" for i, n in enumerate(tvars) if n}


def _rename_sorts(e: Expr, ren: dict[str, str]) -> Expr:
    if not ren:
        return e

    def rs(s: Sort) -> Sort:
        if s.is_var and s.head in ren:
            return Sort(ren[s.head], (), True, s.params)
        if not s.args:
            return s
        return Sort(s.head, tuple(rs(a) for a in s.args), s.is_var, s.params)

    def go(n: Expr) -> Expr:
        if isinstance(n, Quant | Lam):
            b = n.binder
            nb = Binder(b.name, rs(b.sort) if b.sort else None, go(b.hyp) if b.hyp is not None else None, b.kind)
            body = go(n.body)
            return Quant(n.q, nb, body, n.sort) if isinstance(n, Quant) else Lam(nb, body, rs(n.sort))
        kids = _kids(n)
        out = _rebuild(n, [go(k) for k in kids]) if kids else n
        return replace(out, sort=rs(out.sort))  # type: ignore[arg-type]

    return go(e)


def statement_prop(decl: Declaration) -> Expr:
    """The proposition a chain rewrites, with type variables renamed by position."""
    return _rename_sorts(decl.as_prop(), _rename_type_vars(decl))


def replay(canonical: Declaration, paraphrase: Declaration, steps: Sequence[Step | dict[str, Any]]) -> KernelResult:
    """Replay a chain from ``canonical`` to ``paraphrase``; never raises."""
    try:
        if context_key(canonical) != context_key(paraphrase):
            return KernelResult(False, "the statements' type/instance contexts differ; no rule relates them")
        cur = statement_prop(canonical)
        target = statement_prop(paraphrase)
        for k, raw in enumerate(steps):
            step = raw if isinstance(raw, Step | RStep) else Step.model_validate(raw)
            try:
                cur = apply_step(cur, step)
            except KernelError as exc:
                return KernelResult(False, f"step {k + 1} ({step.kind} {step.rule or ''}): {exc}".replace("  ", " "), k)
            except (ValueError, TypeError, KeyError) as exc:
                return KernelResult(False, f"step {k + 1}: malformed ({type(exc).__name__}: {exc})", k)
        if not alpha_eq(cur, target):
            return KernelResult(False, "the chain does not end at the paraphrase", len(steps))
        return KernelResult(True, f"{len(steps)} steps replayed", len(steps))
    except RecursionError:
        return KernelResult(False, "term too deep for the kernel")
    except Exception as exc:  # a malformed certificate is a failed check, never a crash
        return KernelResult(False, f"malformed certificate: {type(exc).__name__}: {exc}")


__all__ = [
    "KERNEL_VERSION",
    "KernelError",
    "KernelResult",
    "RStep",
    "Step",
    "alpha_eq",
    "apply_step",
    "context_key",
    "kernel_rules",
    "replay",
    "statement_prop",
]
