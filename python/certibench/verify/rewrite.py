"""Rewrite search: find a chain of rule instances from a canonical statement to a paraphrase.

The certificate is the chain; :mod:`certibench.verify.kernel` replays it.  The search is a
deterministic, budgeted procedure (no wall clock):

1. **Congruence first.** Where both statements have the same constructor (the same
   connective, relation, operator, quantifier over the same sort, function symbol), the
   children are equated pairwise, so a difference deep inside a large statement costs work
   only there.  Quantified variables of the paraphrase are renamed to the canonical's names
   when that captures nothing.
2. **Normalisation where they differ.** Both differing subterms are rewritten to a normal
   form by the library rules marked ``normal`` (``families/*.toml``, ``families/library.toml``;
   innermost first, lower ``priority`` first), by sorting the operands of
   associative-commutative operators (``∧ ∨``, ``+ *`` on commutative carriers) and the
   sides of ``= ↔`` under an order that ignores bound-variable names, and by computing
   ground numerals.  If the two normal forms are α-equal, the chain is the canonical side's
   steps followed by the paraphrase side's steps reversed (every step kind is reversible),
   joined by a renaming step.

Every step is computed *through* the kernel's own step function, and the finished chain is
replayed from scratch by :func:`certibench.verify.kernel.replay` before it is reported —
a search bug can cost completeness, never soundness.

Why not egglog: an e-graph finds that two terms are equal but a replayable, positioned
chain with binder-correct instantiations (quantifiers, higher-order patterns such as
``∀ x, P x``) is what the kernel and the Lean export need; normalisation with recorded
steps gives that chain directly and measures well on the completeness test
(``tests/verify/test_rewrite_completeness.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from functools import lru_cache
from typing import Any

from certibench.logic.ast import (
    PROP,
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
    UnOp,
    Var,
    fun_sort,
)
from certibench.verify.kernel import (
    AC_ALWAYS,
    AC_NUMERIC,
    COMMUTATIVE_CARRIERS,
    SYMMETRIC,
    KernelError,
    KRule,
    RStep,
    Step,
    _kids,
    _rebuild,
    alpha_eq,
    apply_step,
    context_key,
    kernel_rules,
    replay,
    statement_prop,
)

#: Default search budget: rule-application attempts (matches tried) per pair.
DEFAULT_BUDGET = 200_000


class BudgetExceeded(Exception):
    pass


@dataclass(frozen=True)
class NormRule:
    rule: KRule
    dir: str  # "lr" | "rl"
    priority: int
    src: Expr
    dst: Expr
    metavars: frozenset[str]


@lru_cache(maxsize=1)
def normal_rules() -> tuple[NormRule, ...]:
    """The normalising rule instances in the order the search tries them."""
    from certibench.families.registry import library_rules

    specs = {r.name: (i, r) for i, r in enumerate(library_rules())}
    out: list[tuple[int, int, NormRule]] = []
    for (name, sort), kr in kernel_rules().items():
        order, spec = specs[name]
        if spec.normal == "none":
            continue
        if spec.normal_sorts is not None and sort not in spec.normal_sorts:
            continue
        src, dst = (kr.lhs, kr.rhs) if spec.normal == "lr" else (kr.rhs, kr.lhs)
        out.append((spec.priority, order, NormRule(kr, spec.normal, spec.priority, src, dst, frozenset(kr.var_sorts))))
    out.sort(key=lambda t: (t[0], t[1], t[2].rule.sort))
    return tuple(t[2] for t in out)


def _head_key(e: Expr) -> tuple[str, str]:
    if isinstance(e, BinOp | UnOp):
        return (type(e).__name__, e.op)
    if isinstance(e, Quant):
        return ("Quant", e.q)
    if isinstance(e, App):
        return ("App", e.fn.name if isinstance(e.fn, Const) else "?")
    return (type(e).__name__, "")


@lru_cache(maxsize=1)
def _rule_index() -> dict[tuple[str, str], tuple[NormRule, ...]]:
    idx: dict[tuple[str, str], list[NormRule]] = {}
    for r in normal_rules():
        idx.setdefault(_head_key(r.src), []).append(r)
    return {k: tuple(v) for k, v in idx.items()}


def _is_pair_rule(r: NormRule) -> bool:
    return isinstance(r.src, BinOp) and r.src.op in AC_ALWAYS and r.src.sort == PROP


# --------------------------------------------------------------------------------------
# Matching (search side; the kernel re-checks every instance)
# --------------------------------------------------------------------------------------


@dataclass
class _M:
    alpha: Sort | None
    terms: dict[str, Expr] = field(default_factory=dict)
    lams: dict[str, Expr] = field(default_factory=dict)
    bound: dict[str, Binder] = field(default_factory=dict)  # pattern binder -> term binder
    names: dict[str, str] = field(default_factory=dict)  # pattern binder -> term binder name


def _unify_sort(p: Sort, t: Sort, m: _M) -> bool:
    if p.is_var and p.head == "α":
        if t.is_unknown:
            return False
        if m.alpha is None:
            m.alpha = t
            return True
        return m.alpha == t
    if t.is_unknown:
        return False
    if p.head != t.head or p.is_var != t.is_var or len(p.args) != len(t.args) or p.params != t.params:
        return False
    return all(_unify_sort(a, b, m) for a, b in zip(p.args, t.args, strict=True))


def _has_unknown(s: Sort) -> bool:
    return s.is_unknown or any(_has_unknown(a) for a in s.args)


def _free_names(e: Expr) -> set[str]:
    out: set[str] = set()
    stack: list[tuple[Expr, frozenset[str]]] = [(e, frozenset())]
    while stack:
        n, bound = stack.pop()
        if isinstance(n, Var):
            if n.name not in bound:
                out.add(n.name)
        elif isinstance(n, Quant | Lam):
            stack.append((n.body, bound | {n.binder.name} if n.binder.name else bound))
        else:
            stack.extend((k, bound) for k in _kids(n))
    return out


def _match(p: Expr, t: Expr, mv: frozenset[str], var_sorts: dict[str, Sort], m: _M) -> bool:
    if isinstance(p, App) and isinstance(p.fn, Var) and p.fn.name in mv:
        # higher-order pattern variable applied to distinct pattern-bound variables
        binders: list[Binder] = []
        for a in p.args:
            if not (isinstance(a, Var) and a.name in m.bound):
                return False
            binders.append(m.bound[a.name])
        if len({b.name for b in binders}) != len(binders) or _has_unknown(t.sort):
            return False
        other_bound = {b.name for k, b in m.bound.items() if b.name} - {b.name for b in binders}
        if _free_names(t) & other_bound:
            return False
        lam: Expr = t
        for b in reversed(binders):
            bs = b.sort or Sort("?")
            lam = Lam(Binder(b.name, bs, None, "explicit"), lam, fun_sort((bs,), lam.sort))
        prev = m.lams.get(p.fn.name)
        if prev is not None:
            return alpha_eq(prev, lam)
        m.lams[p.fn.name] = lam
        return True
    if isinstance(p, Var) and p.name in mv:
        if _has_unknown(t.sort) or not _unify_sort(var_sorts[p.name], t.sort, m):
            return False
        inner = {b.name for b in m.bound.values() if b.name}
        if inner and _free_names(t) & inner:
            return False  # would capture a variable bound inside the matched region
        prev = m.terms.get(p.name)
        if prev is not None:
            return alpha_eq(prev, t)
        m.terms[p.name] = t
        return True
    if type(p) is not type(t):
        return False
    if isinstance(p, Var):
        b = m.bound.get(p.name)
        return b is not None and isinstance(t, Var) and t.name == b.name
    if isinstance(p, Num):
        return p.value == t.value and _unify_sort(p.sort, t.sort, m)  # type: ignore[union-attr]
    if isinstance(p, BoolLit):
        return p == t
    if isinstance(p, Const):
        return p.name == t.name and _unify_sort(p.sort, t.sort, m)  # type: ignore[union-attr]
    if isinstance(p, BinOp):
        assert isinstance(t, BinOp)
        return (
            p.op == t.op
            and _unify_sort(p.sort, t.sort, m)
            and _match(p.lhs, t.lhs, mv, var_sorts, m)
            and _match(p.rhs, t.rhs, mv, var_sorts, m)
        )
    if isinstance(p, UnOp):
        assert isinstance(t, UnOp)
        return p.op == t.op and _unify_sort(p.sort, t.sort, m) and _match(p.arg, t.arg, mv, var_sorts, m)
    if isinstance(p, App):
        assert isinstance(t, App)
        return (
            len(p.args) == len(t.args)
            and _unify_sort(p.sort, t.sort, m)
            and _match(p.fn, t.fn, mv, var_sorts, m)
            and all(_match(a, b, mv, var_sorts, m) for a, b in zip(p.args, t.args, strict=True))
        )
    if isinstance(p, Ascribe):
        assert isinstance(t, Ascribe)
        return _unify_sort(p.sort, t.sort, m) and _match(p.expr, t.expr, mv, var_sorts, m)
    if isinstance(p, Quant | Lam):
        assert isinstance(t, Quant | Lam)
        if isinstance(p, Quant) and p.q != t.q:  # type: ignore[union-attr]
            return False
        tb = t.binder
        if tb.kind == "inst" or tb.sort is None or tb.sort.head in ("Type", "Sort") or tb.hyp is not None:
            return False
        if p.binder.sort is None or not _unify_sort(p.binder.sort, tb.sort, m):
            return False
        saved = dict(m.bound)
        pname = p.binder.name or ""
        m.bound[pname] = tb
        m.names[pname] = tb.name or ""
        ok = _match(p.body, t.body, mv, var_sorts, m)
        m.bound = saved
        return ok
    return False


def match_rule(rule: NormRule | KRule, src: Expr, t: Expr) -> _M | None:
    kr = rule.rule if isinstance(rule, NormRule) else rule
    m = _M(alpha=None)
    if not _match(src, t, frozenset(kr.var_sorts), kr.var_sorts, m):
        return None
    if set(m.terms) | set(m.lams) != set(kr.var_sorts):
        return None
    return m


def _binder_names_of(p: Expr) -> list[str]:
    out = []
    stack = [p]
    while stack:
        n = stack.pop()
        if isinstance(n, Quant | Lam) and n.binder.name:
            out.append(n.binder.name)
        stack.extend(_kids(n))
    return out


# --------------------------------------------------------------------------------------
# α-invariant ordering keys
# --------------------------------------------------------------------------------------


def order_key(e: Expr, levels: dict[str, int]) -> str:
    """A key that ignores bound-variable names: variables bound above (``levels``) or inside
    ``e`` are written by binder position."""
    parts: list[str] = []

    def go(n: Expr, lv: dict[str, int], depth: int) -> None:
        if isinstance(n, Var):
            parts.append(f"#{lv[n.name]}" if n.name in lv else f"v:{n.name}")
            parts.append(f":{n.sort}")
            return
        if isinstance(n, Quant | Lam):
            tag = n.q if isinstance(n, Quant) else "λ"
            parts.append(f"({tag} {n.binder.sort} ")
            nlv = dict(lv)
            if n.binder.name:
                nlv[n.binder.name] = depth
            go(n.body, nlv, depth + 1)
            parts.append(")")
            return
        if isinstance(n, Num):
            parts.append(f"n:{n.value}:{n.sort}")
            return
        if isinstance(n, Const):
            parts.append(f"c:{n.name}")
            return
        if isinstance(n, BoolLit):
            parts.append(f"b:{n.value}")
            return
        tag = n.op if isinstance(n, BinOp | UnOp) else type(n).__name__
        parts.append(f"({tag}:{n.sort} ")
        for k in _kids(n):
            go(k, lv, depth)
            parts.append(" ")
        parts.append(")")

    go(e, levels, len(levels))
    return "".join(parts)


def _is_numeral(e: Expr) -> bool:
    """A canonical literal: ``n`` or ``-n`` with ``n ≠ 0``."""
    return isinstance(e, Num) or (isinstance(e, UnOp) and e.op == "-" and isinstance(e.arg, Num) and e.arg.value != "0")


def _is_ground_arith(e: Expr) -> bool:
    if e.sort.head not in ("Nat", "Int", "Rat", "Real") or e.sort.is_var:
        return False
    if isinstance(e, Num):
        return e.value.isdigit()
    if isinstance(e, UnOp) and e.op == "-":
        return e.sort.head != "Nat" and _is_ground_arith(e.arg)
    if isinstance(e, BinOp) and e.op in ("+", "-", "*"):
        return e.lhs.sort == e.sort and e.rhs.sort == e.sort and _is_ground_arith(e.lhs) and _is_ground_arith(e.rhs)
    if isinstance(e, BinOp) and e.op == "^":
        return (
            _is_ground_arith(e.lhs)
            and isinstance(e.rhs, Num)
            and e.rhs.value.isdigit()
            and int(e.rhs.value) <= 16
            and e.lhs.sort == e.sort
        )
    return False


# --------------------------------------------------------------------------------------
# Normalisation with recorded steps
# --------------------------------------------------------------------------------------


@dataclass
class _Rec:
    """A step with the subterm it replaced (so that it can be reversed)."""

    step: RStep
    before: Expr
    src_names: dict[str, str]


def _prefixed(recs: Sequence[_Rec], prefix: Sequence[int]) -> list[_Rec]:
    if not prefix:
        return list(recs)
    return [_Rec(r.step.at(prefix), r.before, r.src_names) for r in recs]


class Normalizer:
    """Rewrites terms to normal form, recording every step (paths relative to the term)."""

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self.spent = 0
        self._normal: dict[int, Expr] = {}  # id -> node known to be in normal form (kept alive)
        # (id(term), id(levels)) -> (term, levels, key): AC sorting asks for the key of the
        # same subterm at every level of a chain; the objects are kept alive with the key
        self._keys: dict[tuple[int, int], tuple[Expr, dict[str, int], str]] = {}
        # (id(node), id(levels)) of the inner nodes of a chain just sorted by `_order`: each
        # is itself a sorted chain of the same elements (its `_order` is None), so sorting it
        # again — flattening it at every level of a long chain — is skipped
        self._sorted: dict[tuple[int, int], tuple[Expr, dict[str, int]]] = {}

    def _key(self, e: Expr, levels: dict[str, int]) -> str:
        hit = self._keys.get((id(e), id(levels)))
        if hit is not None and hit[0] is e and hit[1] is levels:
            return hit[2]
        k = order_key(e, levels)
        self._keys[(id(e), id(levels))] = (e, levels, k)
        return k

    def _tick(self, n: int = 1) -> None:
        self.spent += n
        if self.spent > self.budget:
            raise BudgetExceeded

    def normalize(self, e: Expr, levels: dict[str, int]) -> tuple[Expr, list[_Rec]]:
        """Fold composite patterns top-down (``a < b ∨ a = b`` ⇝ ``a ≤ b``) so that no
        inner rewrite hides them, then normalise innermost to a fixpoint."""
        recs: list[_Rec] = []
        bare = strip_ascriptions(e)
        if bare is not e:
            recs.append(_Rec(RStep(kind="alpha", after=bare), e, {}))
            e = bare
        folded, more = self.fold(e)
        out, rest = self.nf(folded, levels)
        return out, recs + more + rest

    def fold(self, e: Expr) -> tuple[Expr, list[_Rec]]:
        recs: list[_Rec] = []
        for _ in range(1000):
            self._tick()
            fired = self._rewrite_pair(e)
            if fired is None:
                break
            self._push(recs, fired)
            e = fired[0]
        kids = _kids(e)
        if not kids:
            return e, recs
        new_kids = []
        changed = False
        for i, k in enumerate(kids):
            nk, r = self.fold(k)
            if r:
                recs.extend(_prefixed(r, (i,)))
                changed = True
            new_kids.append(nk)
        return (_rebuild(e, new_kids) if changed else e), recs

    def nf(self, e: Expr, levels: dict[str, int]) -> tuple[Expr, list[_Rec]]:
        if id(e) in self._normal:
            return e, []
        recs: list[_Rec] = []
        # outermost first: a composite pattern (``¬ (a < b)``, ``a < b ∨ a = b``) is folded
        # before its parts are normalised away, then innermost to a fixpoint
        while isinstance(e, UnOp) and e.op == "¬":  # negations are pushed before their arguments change
            self._tick()
            fired = self._rewrite_root(e)
            if fired is None:
                break
            self._push(recs, fired)
            e = fired[0]
        for _ in range(10_000):
            self._tick()
            kids = _kids(e)
            if kids:
                new_kids = []
                changed = False
                inner = levels
                if isinstance(e, Quant | Lam) and e.binder.name:
                    inner = {**levels, e.binder.name: len(levels)}
                for i, k in enumerate(kids):
                    nk, r = self.nf(k, inner)
                    if r:
                        recs.extend(_prefixed(r, (i,)))
                    if nk is not k:
                        changed = True
                    new_kids.append(nk)
                if changed:
                    e = _rebuild(e, new_kids)
            # associative-commutative / symmetric ordering
            ordered = self._order(e, levels)
            if ordered is not None:
                recs.append(_Rec(RStep(kind="ac", after=ordered), e, {}))
                e = ordered
                continue  # regrouped operator nodes may enable rules
            if _is_ground_arith(e) and not _is_numeral(e):
                from certibench.verify.kernel import _ground_value, numeral

                try:
                    val = numeral(_ground_value(e), e.sort)
                except KernelError:
                    val = None
                if val is not None and val != e:
                    recs.append(_Rec(RStep(kind="eval", after=val), e, {}))
                    e = val
                    continue
            fired = self._rewrite_pair(e) or self._rewrite_root(e) or self._cancel_numerals(e)
            if fired is None:
                self._normal[id(e)] = e
                return e, recs
            self._push(recs, fired)
            e = fired[0]
        raise BudgetExceeded

    @staticmethod
    def _push(recs: list[_Rec], fired: tuple[Expr, Any]) -> None:
        rec = fired[1]
        if isinstance(rec, list):
            recs.extend(rec)
        else:
            recs.append(rec)

    def _cancel_numerals(self, e: Expr) -> tuple[Expr, list[_Rec]] | None:
        """``x + k ≤ m`` ⇝ ``x ≤ m - k`` (also ``<``, ``=``, numerals on either side, and
        ``x + k₁ ≤ y + k₂``): the numeral is split by an ``eval`` step (regrouped by an
        ``ac`` step when needed), then the cancellation rule applies.  On ℕ only when the
        split numeral is at least the one cancelled."""
        if not (isinstance(e, BinOp) and e.op in ("≤", "<", "=")):
            return None
        s = e.lhs.sort
        if s.is_var or s.head not in ("Nat", "Int", "Rat", "Real") or e.rhs.sort != s:
            return None
        from fractions import Fraction

        from certibench.verify.kernel import _ground_value, numeral

        def split(x: Expr) -> tuple[Expr | None, Fraction] | None:
            if isinstance(x, BinOp) and x.op == "+" and x.sort == s and _is_numeral(x.rhs):
                return x.lhs, _ground_value(x.rhs)
            if _is_numeral(x) or (isinstance(x, Num) and x.value == "0"):
                return None, _ground_value(x)
            return None

        try:
            ls, rs = split(e.lhs), split(e.rhs)
        except KernelError:
            return None
        if ls is None or rs is None or (ls[0] is None and rs[0] is None):
            return None
        (la, lk), (ra, rk) = ls, rs
        k = min(lk, rk) if (la is not None and ra is not None) else (lk if la is not None else rk)
        if k <= 0:
            return None
        if s.head == "Nat" and (lk < k or rk < k):
            return None
        recs: list[_Rec] = []
        cur = e
        sides: list[Expr] = []
        for idx, (base, val, side) in enumerate(((la, lk, e.lhs), (ra, rk, e.rhs))):
            rest = val - k
            kn = numeral(k, s)
            if base is None:  # a bare numeral m  ⇝  (m - k) + k
                new_side = BinOp("+", numeral(rest, s), kn, s)
                recs.append(_Rec(RStep(kind="eval", path=(idx,), after=new_side), side, {}))
            elif rest == 0:
                new_side = side
            else:  # x + m  ⇝  x + ((m - k) + k)  ⇝  (x + (m - k)) + k
                inner = BinOp("+", numeral(rest, s), kn, s)
                mid = BinOp("+", base, inner, s)
                recs.append(_Rec(RStep(kind="eval", path=(idx, 1), after=inner), side.rhs, {}))  # type: ignore[union-attr]
                new_side = BinOp("+", BinOp("+", base, numeral(rest, s), s), kn, s)
                recs.append(_Rec(RStep(kind="ac", path=(idx,), after=new_side), mid, {}))
            sides.append(new_side)
        cur = BinOp(e.op, sides[0], sides[1], e.sort)
        name = {"≤": "add_le_add_iff_right_rule", "<": "add_lt_add_iff_right_rule", "=": "add_eq_add_iff_right_rule"}[e.op]
        kr = kernel_rules().get((name, s.head))
        if kr is None:
            return None
        fired = self._apply_at_root(NormRule(kr, "lr", 0, kr.lhs, kr.rhs, frozenset(kr.var_sorts)), cur)
        if fired is None:
            return None
        recs.append(fired[1])
        return fired[0], recs

    def _rewrite_pair(self, e: Expr) -> tuple[Expr, _Rec] | list[_Rec] | None:
        """A rule whose source is ``X ∨ Y`` (or ``∧``) applied to two operands anywhere in a
        flattened chain: an AC step brings them together first."""
        if not (isinstance(e, BinOp) and e.op in AC_ALWAYS and e.sort == PROP):
            return None
        rules = [r for r in _rule_index().get(_head_key(e), ()) if _is_pair_rule(r)]
        if not rules:
            return None
        from certibench.verify.kernel import flatten

        elems = flatten(e, e.op, PROP)
        for i in range(len(elems)):
            for j in range(len(elems)):
                if i == j:
                    continue
                pair = BinOp(e.op, elems[i], elems[j], PROP)
                rest = [x for k, x in enumerate(elems) if k not in (i, j)]
                grouped = BinOp(e.op, pair, _build(rest, e.op, PROP, True), PROP) if rest else pair
                for rule in rules:
                    self._tick()
                    fired = self._apply_at_root(rule, pair)
                    if fired is None:
                        continue
                    new_pair, rec = fired
                    out: list[_Rec] = []
                    if grouped != e:
                        out.append(_Rec(RStep(kind="ac", after=grouped), e, {}))
                    path = [0] if rest else []
                    out.append(_Rec(dc_replace(rec.step, path=tuple(path)), rec.before, rec.src_names))
                    new = BinOp(e.op, new_pair, grouped.rhs, PROP) if rest else new_pair  # type: ignore[union-attr]
                    return new, out
        return None

    def _rewrite_root(self, e: Expr) -> tuple[Expr, _Rec] | None:
        for rule in _rule_index().get(_head_key(e), ()):
            if _is_pair_rule(rule):
                continue
            self._tick()
            fired = self._apply_at_root(rule, e)
            if fired is not None:
                return fired
        return None

    def _apply_at_root(self, rule: NormRule, e: Expr) -> tuple[Expr, _Rec] | None:
        if True:
            m = match_rule(rule, rule.src, e)
            if m is None:
                return None
            kr = rule.rule
            step = RStep(
                kind="rule",
                rule=kr.name,
                dir=rule.dir,
                sort=kr.sort,
                alpha=m.alpha if (kr.sort == "*" and m.alpha is not None) else None,
                terms=tuple(sorted(m.terms.items())),
                lams=tuple(sorted(m.lams.items())),
                lemma=kr.lemma,
            )
            try:
                new = apply_step(e, step)
            except KernelError:
                return None  # a side condition the matcher did not see: not an instance
            dst_binders = _binder_names_of(rule.dst)
            new_names = _names_in_result(rule.dst, new)
            step = dc_replace(step, names=tuple(sorted((k, v) for k, v in new_names.items() if k in dst_binders)))
            src_names = {k: v for k, v in m.names.items() if v}
            return new, _Rec(step, e, src_names)

    def _order(self, e: Expr, levels: dict[str, int]) -> Expr | None:
        if not isinstance(e, BinOp):
            return None
        hit = self._sorted.get((id(e), id(levels)))
        if hit is not None and hit[0] is e and hit[1] is levels:
            return None
        op = e.op
        if op in SYMMETRIC:
            if op == "=" and _has_unknown(e.lhs.sort):
                return None
            kl = (1 if _is_numeral(e.lhs) else 0, self._key(e.lhs, levels))
            kr = (1 if _is_numeral(e.rhs) else 0, self._key(e.rhs, levels))
            if kr < kl:
                return BinOp(op, e.rhs, e.lhs, e.sort)
            return None
        if op in AC_ALWAYS:
            sort = PROP
            right = True
        elif op in AC_NUMERIC and e.sort.head in COMMUTATIVE_CARRIERS and not e.sort.is_var:
            sort = e.sort
            right = False
        else:
            return None
        from certibench.verify.kernel import flatten

        elems = flatten(e, op, sort)
        if op == "*":
            keyed = sorted(elems, key=lambda x: (0 if _is_numeral(x) else 1, self._key(x, levels)))
        elif op == "+":
            keyed = sorted(elems, key=lambda x: (1 if _is_numeral(x) else 0, self._key(x, levels)))
        else:
            keyed = sorted(elems, key=lambda x: self._key(x, levels))
        out = _build(keyed, op, sort, right)
        if out == e:
            return None
        node: Expr = out
        while isinstance(node, BinOp) and node.op == op and node.sort == sort:  # the inner chain nodes
            node = node.rhs if right else node.lhs
            if isinstance(node, BinOp) and node.op == op and node.sort == sort:
                self._sorted[(id(node), id(levels))] = (node, levels)
        return out


def strip_ascriptions(e: Expr) -> Expr:
    """``e`` without type ascriptions that do not change a sort (``(3 : ℕ)`` ⇝ ``3``)."""
    if isinstance(e, Ascribe) and e.expr.sort == e.sort:
        return strip_ascriptions(e.expr)
    kids = _kids(e)
    if not kids:
        return e
    new = [strip_ascriptions(k) for k in kids]
    if all(a is b for a, b in zip(new, kids, strict=True)):
        return e
    return _rebuild(e, new)


def _side_key(e: Expr, levels: dict[str, int]) -> tuple[int, str]:
    return (1 if _is_numeral(e) else 0, order_key(e, levels))


def _build(elems: Sequence[Expr], op: str, sort: Sort, right: bool) -> Expr:
    if right:
        out = elems[-1]
        for x in reversed(elems[:-1]):
            out = BinOp(op, x, out, sort)
        return out
    out = elems[0]
    for x in elems[1:]:
        out = BinOp(op, out, x, sort)
    return out


def _names_in_result(pattern: Expr, result: Expr) -> dict[str, str]:
    """Pattern binder name -> the name the kernel gave it in ``result`` (walking both in
    parallel while the shapes agree)."""
    out: dict[str, str] = {}
    stack = [(pattern, result)]
    while stack:
        p, r = stack.pop()
        if isinstance(p, Quant | Lam) and isinstance(r, Quant | Lam):
            if p.binder.name and r.binder.name:
                out[p.binder.name] = r.binder.name
            stack.append((p.body, r.body))
            continue
        if type(p) is not type(r) or isinstance(p, Var | App) and isinstance(getattr(p, "fn", None), Var):
            continue
        kp, kr = _kids(p), _kids(r)
        if len(kp) == len(kr):
            stack.extend(zip(kp, kr, strict=True))
    return out


# --------------------------------------------------------------------------------------
# Reversal and congruence
# --------------------------------------------------------------------------------------


def _reverse(rec: _Rec) -> RStep:
    s = rec.step
    if s.kind == "rule":
        return dc_replace(s, dir="rl" if s.dir == "lr" else "lr", names=tuple(sorted(rec.src_names.items())))
    return dc_replace(s, after=rec.before)


def _same_head(x: Expr, y: Expr) -> bool:
    if type(x) is not type(y):
        return False
    if isinstance(x, BinOp | UnOp):
        return x.op == y.op and x.sort == y.sort  # type: ignore[union-attr]
    if isinstance(x, App):
        return len(x.args) == len(y.args) and x.sort == y.sort  # type: ignore[union-attr]
    if isinstance(x, Quant):
        assert isinstance(y, Quant)
        return x.q == y.q and x.binder.sort == y.binder.sort and (x.binder.kind == "inst") == (y.binder.kind == "inst")
    if isinstance(x, Lam):
        assert isinstance(y, Lam)
        return x.binder.sort == y.binder.sort and x.sort == y.sort
    if isinstance(x, Ascribe):
        return x.sort == y.sort
    return False


def _head_fields_equal(x: Expr, y: Expr) -> bool:
    """Everything of two same-head nodes except their children is equal (binder names
    included), so equal children make equal nodes."""
    if isinstance(x, Quant | Lam):
        return x.binder == y.binder and x.sort == y.sort  # type: ignore[union-attr]
    return True  # BinOp/UnOp/App/Ascribe: _same_head compared op and sort; fn is a child


def _rename_bound(y: Quant | Lam, new: str) -> Expr | None:
    """``y`` with its binder renamed to ``new`` (``None`` if that would capture)."""
    from certibench.verify.kernel import subst_var

    old = y.binder.name
    if old == new:
        return y
    if new in _free_names(y.body):
        return None
    body = subst_var(y.body, old or "", Var(new, y.binder.sort or Sort("?"))) if old else y.body
    b = Binder(new, y.binder.sort, y.binder.hyp, y.binder.kind)
    return Quant(y.q, b, body, y.sort) if isinstance(y, Quant) else Lam(b, body, y.sort)


class Search:
    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.norm = Normalizer(budget)

    def equate(self, x: Expr, y: Expr, levels: dict[str, int]) -> list[RStep] | None:
        """Steps turning ``x`` into (an α-variant of) ``y``, paths relative to ``x``."""
        return self._equate(x, y, levels)[0]

    def _equate(self, x: Expr, y: Expr, levels: dict[str, int]) -> tuple[list[RStep] | None, bool]:
        """:meth:`equate` and whether ``x == y`` exactly.  Where the heads agree the search
        descends first and only compares whole terms where the heads differ, so equal spines
        are walked once (linear, not quadratic, in the depth of a statement)."""
        if x is y:
            return [], True
        if _same_head(x, y):
            yy: Expr | None = y
            inner = levels
            if isinstance(x, Quant | Lam):
                yy = _rename_bound(y, x.binder.name or "")  # type: ignore[arg-type]
                if x.binder.name:
                    inner = {**levels, x.binder.name: len(levels)}
            if yy is not None:
                steps: list[RStep] = []
                ok = True
                only_alpha = True
                exact = yy is y and _head_fields_equal(x, y)
                for i, (cx, cy) in enumerate(zip(_kids(x), _kids(yy), strict=True)):
                    sub, sub_exact = self._equate(cx, cy, inner)
                    if sub is None:
                        ok = False
                        break
                    exact = exact and sub_exact
                    only_alpha = only_alpha and all(r.kind == "alpha" for r in sub)
                    steps.extend(r.at((i,)) for r in sub)
                if ok:
                    if exact:
                        return [], True
                    if only_alpha and alpha_eq(x, y):
                        return [RStep(kind="alpha", after=y)], False
                    return steps, False
        elif alpha_eq(x, y):
            return ([], True) if x == y else ([RStep(kind="alpha", after=y)], False)
        return self._by_normal_forms(x, y, levels), False

    def _by_normal_forms(self, x: Expr, y: Expr, levels: dict[str, int]) -> list[RStep] | None:
        nx, rx = self.norm.normalize(x, levels)
        ny, ry = self.norm.normalize(y, levels)
        if not alpha_eq(nx, ny):
            return None
        steps = [r.step for r in rx]
        if nx != ny:
            steps.append(RStep(kind="alpha", after=ny))
        steps.extend(_reverse(r) for r in reversed(ry))
        return steps


@dataclass
class ChainOutcome:
    found: bool
    steps: list[Step]
    reason: str
    spent: int = 0
    normal_forms: tuple[str, str] | None = None

    def as_json(self) -> list[dict[str, Any]]:
        return [s.model_dump(mode="json", exclude_defaults=True) for s in self.steps]


def find_chain(canonical: Declaration, paraphrase: Declaration, *, budget: int = DEFAULT_BUDGET) -> ChainOutcome:
    """Search a chain from ``canonical`` to ``paraphrase``; the chain is replayed by the
    kernel before it is returned as found."""
    if context_key(canonical) != context_key(paraphrase):
        return ChainOutcome(False, [], "the type/instance contexts differ (no rule relates different typeclass "
                            "assumptions or type parameters)")
    a, b = statement_prop(canonical), statement_prop(paraphrase)
    s = Search(budget)
    try:
        steps = s.equate(a, b, {})
    except BudgetExceeded:
        return ChainOutcome(False, [], f"rewrite search budget exhausted ({budget} rule attempts)", s.norm.spent)
    if steps is None:
        from certibench.logic.render_lean import render_lean

        na = _safe(lambda: render_lean(s.norm.normalize(a, {})[0]))
        nb = _safe(lambda: render_lean(s.norm.normalize(b, {})[0]))
        return ChainOutcome(False, [], "no rewrite chain: the normal forms differ", s.norm.spent, (na, nb))
    raw = _shortcut(a, steps)
    steps_out = [r.to_step() for r in raw]
    res = replay(canonical, paraphrase, steps_out)
    if not res.ok:  # a search bug: never report it as a certificate
        return ChainOutcome(False, [], f"internal: the kernel rejected the found chain ({res.reason})", s.norm.spent)
    return ChainOutcome(True, steps_out, f"rewrite chain of {len(steps_out)} steps, replayed by the kernel", s.norm.spent)


def _shortcut(start: Expr, steps: list[RStep]) -> list[RStep]:
    """Drop every detour: when the chain returns to a proposition it already visited (a
    rewrite undone by the other side's reversed steps), the steps in between go."""
    from certibench.verify.kernel import apply_unchecked

    path: list[Expr] = [start]
    index: dict[Expr, int] = {start: 0}
    kept: list[RStep] = []
    cur = start
    for step in steps:
        cur = apply_unchecked(cur, step)
        at = index.get(cur)
        if at is not None:
            for t in path[at + 1 :]:
                index.pop(t, None)
            del path[at + 1 :]
            del kept[at:]
        else:
            index[cur] = len(path)
            path.append(cur)
            kept.append(step)
    return kept


def annotate_chain(canonical: Declaration, steps: Sequence[Step | dict[str, Any]]) -> list[Step]:
    """The chain with human-readable ``before ⇝ after`` notes (for display and proofs)."""
    raw = [RStep.of(s if isinstance(s, Step) else Step.model_validate(s)) for s in steps]
    return [r.to_step() for r in _annotate(statement_prop(canonical), raw)]


def _annotate(start: Expr, steps: list[RStep]) -> list[RStep]:
    """Human-readable ``before ⇝ after`` notes (Lean text of the rewritten subterm)."""
    from certibench.logic.render_lean import render_lean
    from certibench.verify.kernel import subterm

    out = []
    cur = start
    for step in steps:
        nxt = apply_step(cur, step)
        try:
            note = f"{render_lean(subterm(cur, step.path))} ⇝ {render_lean(subterm(nxt, step.path))}"
        except Exception:  # a display string only
            note = None
        out.append(dc_replace(step, note=note) if note and len(note) < 400 else step)
        cur = nxt
    return out


def _safe(fn: Any) -> str:
    try:
        return str(fn())
    except Exception as exc:  # rendering is for the reason text only
        return f"<{type(exc).__name__}>"


__all__ = ["ChainOutcome", "DEFAULT_BUDGET", "Normalizer", "annotate_chain", "find_chain", "normal_rules", "order_key"]
