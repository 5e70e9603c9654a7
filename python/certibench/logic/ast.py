"""The typed formula AST shared by every layer.

Design
------
* Nodes are frozen, slotted dataclasses: hashable, cheap, comparable by value.
* Every expression carries its elaborated ``sort``: its Lean type, parameters included
  (``Fin 2`` ≠ ``Fin 3``), or ``UNKNOWN`` where only an opaque symbol could tell (see the
  opacity contract in :mod:`certibench.logic.elaborate`: consumers treat ``UNKNOWN``-sorted
  subterms as opaque, matched only by syntactic identity).  Propositions have sort
  ``PROP``; a relation ``a ≤ b`` is a ``BinOp`` of sort ``PROP`` whose operands carry the
  carrier sort (ℕ, ℤ, ℝ, a type variable, …).
* Quantifiers bind exactly one variable (``∀ x y : ℕ, P`` is two nested ``Quant`` nodes);
  bounded forms are desugared by the parser (``∀ x > 0, P`` ⇝ ``∀ x, x > 0 → P``,
  ``∃ x > 0, P`` ⇝ ``∃ x, x > 0 ∧ P``).
* Operators are canonical Unicode strings (``OPS_*`` below).  Named functions and
  predicates — known or not — are ``App(Const(name), args)``; a known one's ``Const`` has
  the instantiated sort of its explicit parameters, an unknown one's is ``UNKNOWN``.
  A type written as an explicit argument (``Differentiable ℝ f``) is a ``TypeE``.
* ``to_data``/``from_data`` give a stable canonical serialisation (plain JSON data);
  ``canonical_key`` is its compact JSON text.  ``statement_key``/``alpha_equivalent``/
  ``context_key`` compare whole statements (typeclass context included) up to renaming.
* ``subst`` is capture-avoiding; ``fresh_name`` avoids every name in scope.  The pure
  recursive helpers retry under :func:`certibench.logic.deep.deep_call` on deep input.

The AST never holds raw source text to be evaluated: it is the only thing renderers read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, Union

from certibench.logic.deep import deep_call, deep_retry

# --------------------------------------------------------------------------------------
# Sorts
# --------------------------------------------------------------------------------------

#: Base sort heads (ASCII tags; renderers map them to ℕ ℤ ℚ ℝ ℂ).
NUMERIC_HEADS: tuple[str, ...] = ("Nat", "Int", "Rat", "Real", "Complex")


@dataclass(frozen=True, slots=True)
class Sort:
    """A Lean type, as far as certibench needs to know it.

    ``head`` is one of ``Nat Int Rat Real Complex Prop Type`` , a container
    ``Set Finset List Multiset``, ``Fun`` (``args = (arg1, …, result)``, curried arrows
    flattened), ``?`` (unknown), or any other name: a type variable when ``is_var``, else an
    opaque type constructor or typeclass (``Group``, ``Polynomial``, ``Fin``).  ``params``
    holds term parameters of dependent types (``Fin n``, ``ZMod p``).
    """

    head: str
    args: tuple[Sort, ...] = ()
    is_var: bool = False
    params: tuple[Expr, ...] = ()

    @property
    def is_numeric(self) -> bool:
        return self.head in NUMERIC_HEADS and not self.is_var

    @property
    def is_prop(self) -> bool:
        return self.head == "Prop"

    @property
    def is_unknown(self) -> bool:
        return self.head == "?"

    @property
    def is_fun(self) -> bool:
        return self.head == "Fun"

    def __str__(self) -> str:  # debugging aid only; use the Lean renderer for output
        if not self.args and not self.params:
            return self.head
        inner = " ".join([str(a) for a in self.args] + [repr(p) for p in self.params])
        return f"({self.head} {inner})"


NAT = Sort("Nat")
INT = Sort("Int")
RAT = Sort("Rat")
REAL = Sort("Real")
COMPLEX = Sort("Complex")
PROP = Sort("Prop")
TYPE = Sort("Type")
UNKNOWN = Sort("?")


def set_of(elem: Sort) -> Sort:
    return Sort("Set", (elem,))


def finset_of(elem: Sort) -> Sort:
    return Sort("Finset", (elem,))


def fun_sort(args: tuple[Sort, ...] | list[Sort], result: Sort) -> Sort:
    """``a₁ → … → aₙ → result`` (flattened when ``result`` is itself a function sort)."""
    args = tuple(args)
    if result.is_fun:
        return Sort("Fun", args + result.args)
    return Sort("Fun", args + (result,)) if args else result


def type_var(name: str) -> Sort:
    return Sort(name, is_var=True)


# --------------------------------------------------------------------------------------
# Expressions
# --------------------------------------------------------------------------------------

#: Arithmetic and set-valued binary operators.
OPS_ARITH: frozenset[str] = frozenset({"+", "-", "*", "/", "%", "^"})
OPS_SET: frozenset[str] = frozenset({"∩", "∪", "\\"})
#: Relations (result sort Prop).
OPS_REL: frozenset[str] = frozenset({"=", "≠", "<", "≤", ">", "≥", "∣", "∈", "∉", "⊆", "⊂"})
#: Propositional connectives.
OPS_LOGIC: frozenset[str] = frozenset({"∧", "∨", "→", "↔"})
#: Unary operators: logical not, negation, absolute value, factorial, inverse, complement,
#: coercion (``↑x`` / ``(x : ℤ)`` written on a variable of another sort).
OPS_UNARY: frozenset[str] = frozenset({"¬", "-", "abs", "!", "⁻¹", "ᶜ", "↑"})
#: List operators (uninterpreted by the arithmetic renderers): cons and append.
#: (Added compatibly by the parser owner.)
OPS_LIST: frozenset[str] = frozenset({"::", "++"})

QuantKind = Literal["∀", "∃", "∃!"]
BinderKind = Literal["explicit", "implicit", "strict", "inst"]


@dataclass(frozen=True, slots=True)
class Var:
    """A variable occurrence (bound by a binder, or free)."""

    name: str
    sort: Sort = UNKNOWN


@dataclass(frozen=True, slots=True)
class Const:
    """A named global constant or function symbol (``Nat.Prime``, ``Real.sqrt``, ``Real.pi``,
    ``Set.univ``, ``∅``).  ``sort`` is its full type (a ``Fun`` sort for functions)."""

    name: str
    sort: Sort = UNKNOWN


@dataclass(frozen=True, slots=True)
class Num:
    """A numeral exactly as written in decimal: ``"2"``, ``"0.5"`` (never evaluated)."""

    value: str
    sort: Sort = UNKNOWN


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    sort: Sort = PROP


@dataclass(frozen=True, slots=True)
class App:
    """Application ``fn a₁ … aₙ``.  ``dot`` records that it was written in dot notation
    (``p.Prime``, ``s.card``); it is presentation only and ignored by ``==``/hash."""

    fn: Expr
    args: tuple[Expr, ...]
    sort: Sort = UNKNOWN
    dot: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str
    lhs: Expr
    rhs: Expr
    sort: Sort = UNKNOWN


@dataclass(frozen=True, slots=True)
class UnOp:
    op: str
    arg: Expr
    sort: Sort = UNKNOWN


@dataclass(frozen=True, slots=True)
class Ascribe:
    """A type ascription ``(e : T)`` as written; ``sort`` is ``T``."""

    expr: Expr
    sort: Sort


@dataclass(frozen=True, slots=True)
class Binder:
    """One bound name.  ``sort`` for a variable binder; ``hyp`` for a hypothesis binder
    ``(h : 0 < a)`` (declaration headers only); instance binders ``[Group G]`` have
    ``kind="inst"``, the class as ``sort`` and usually no name."""

    name: str | None
    sort: Sort | None = None
    hyp: Expr | None = None
    kind: BinderKind = "explicit"


@dataclass(frozen=True, slots=True)
class Quant:
    """``∀ x : σ, body`` / ``∃ x : σ, body`` / ``∃! x : σ, body`` (one binder)."""

    q: QuantKind
    binder: Binder
    body: Expr
    sort: Sort = PROP


@dataclass(frozen=True, slots=True)
class Lam:
    """``fun x : σ => body`` (one binder), used for the bodies of big operators
    (``∑ i ∈ s, f i`` is ``App(Const("Finset.sum"), (s, Lam(i, f i)))``), ``Finset.filter``
    predicates and set-builder notation (``{x | p x}`` is ``App(Const("setOf"), (Lam,))``).
    ``sort`` is the function sort ``σ → τ``.  (Added compatibly by the parser owner.)"""

    binder: Binder
    body: Expr
    sort: Sort = UNKNOWN


@dataclass(frozen=True, slots=True)
class TypeE:
    """A type written as an explicit argument: ``ℝ`` in ``Differentiable ℝ f``, ``Fin n``
    in ``Nonempty (Fin n)``.  ``value`` is the type; ``sort`` (its type) is a universe."""

    value: Sort
    sort: Sort = TYPE


Expr = Union[Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant, Lam, TypeE]
EXPR_TYPES: tuple[type, ...] = (Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant, Lam, TypeE)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A parsed declaration header ``theorem name binders : prop`` (or a bare proposition:
    ``kind=None``, ``name=None``, no binders).  The proof after ``:=`` is not kept.

    The binders form a telescope, in order: type binders ``{G : Type*}`` (``sort`` is
    ``TYPE``), instance binders ``[CommGroup G]`` (``kind="inst"``, the class application as
    ``sort``), variable binders ``(a b : G)`` and hypothesis binders ``(h : 0 < a)``.
    ``[Fact P]`` is an instance binder whose class is ``Fact`` with the proposition ``P`` as
    its only parameter; Mathlib's ``fact_iff`` makes it the hypothesis ``P``.

    The *statement* is the whole telescope plus ``prop``: :meth:`as_prop` is its logical
    part (type and instance binders live in the context), :meth:`instance_assumptions` its
    typeclass context; :func:`statement_key` / :func:`alpha_equivalent` compare both."""

    kind: str | None
    name: str | None
    binders: tuple[Binder, ...]
    prop: Expr

    def as_prop(self) -> Expr:
        """The closed proposition: variable binders become ``∀``, hypothesis binders and
        ``[Fact P]`` binders ``P → …``; type binders and the other instance binders are the
        context (see :meth:`instance_assumptions`), not part of this formula."""
        body = self.prop
        for b in reversed(self.binders):
            fact = fact_of(b)
            if fact is not None:
                body = BinOp("→", fact, body, PROP)
            elif b.kind == "inst":
                continue
            elif b.hyp is not None:
                body = BinOp("→", b.hyp, body, PROP)
            elif b.sort is not None and b.sort.head != "Type":
                body = Quant("∀", Binder(b.name, b.sort, None, b.kind), body, PROP)
        return body

    @property
    def type_vars(self) -> tuple[Binder, ...]:
        """The declared type binders (``{G : Type*}``), in order."""
        return tuple(b for b in self.binders if b.sort is not None and b.sort.head == "Type" and b.kind != "inst")

    @property
    def instances(self) -> tuple[Binder, ...]:
        """Every instance binder as written (``[Fact P]`` included)."""
        return tuple(b for b in self.binders if b.kind == "inst")

    def type_binders(self) -> tuple[Binder, ...]:
        """The declared type binders of the header and of the leading ``∀`` of ``prop``."""
        return tuple(b for b in _telescope(self)[0] if _is_type_binder(b))

    def type_variables(self) -> tuple[str, ...]:
        """Every type variable of the statement — declared ones and auto-bound ones
        (``(a : α)`` without ``{α : Type*}``) — in order of first appearance."""
        return tuple(_type_var_order(self))

    def instance_binders(self) -> tuple[Binder, ...]:
        """The typeclass assumptions (instance binders other than ``[Fact P]``), of the
        header and of the leading ``∀`` binders of ``prop``."""
        return tuple(b for b in _telescope(self)[0] if b.kind == "inst" and fact_of(b) is None)

    def fact_hypotheses(self) -> tuple[Expr, ...]:
        """The propositions ``P`` of the ``[Fact P]`` binders (header and leading ``∀``)."""
        return tuple(p for p in (fact_of(b) for b in _telescope(self)[0]) if p is not None)

    def instance_assumptions(self) -> tuple[Sort, ...]:
        """The typeclass context as a normalised multiset: the class applications of
        :meth:`instance_binders` with type variables renamed ``#T0, #T1, …`` by first
        appearance (:meth:`type_variables`) and bound term variables by binder position,
        sorted by :func:`canonical_key`.  Two statements have the same context iff these
        tuples are equal (instance binder names and order do not matter)."""
        return _normal_form(self).instances


def fact_of(b: Binder) -> Expr | None:
    """``P`` when ``b`` is the instance binder ``[Fact P]``, else ``None``."""
    s = b.sort
    if b.kind == "inst" and s is not None and s.head == "Fact" and not s.args and len(s.params) == 1:
        return s.params[0]
    return None


# --------------------------------------------------------------------------------------
# Generic traversal
# --------------------------------------------------------------------------------------


def children(e: Expr) -> tuple[Expr, ...]:
    """Direct sub-expressions, left to right."""
    if isinstance(e, App):
        return (e.fn, *e.args)
    if isinstance(e, BinOp):
        return (e.lhs, e.rhs)
    if isinstance(e, UnOp):
        return (e.arg,)
    if isinstance(e, Ascribe):
        return (e.expr,)
    if isinstance(e, (Quant, Lam)):
        return (e.body,)
    return ()


def map_children(e: Expr, f: Callable[[Expr], Expr]) -> Expr:
    """Rebuild ``e`` with ``f`` applied to each direct child (identity-preserving)."""
    if isinstance(e, App):
        fn = f(e.fn)
        args = tuple(f(a) for a in e.args)
        if fn is e.fn and all(a is b for a, b in zip(args, e.args, strict=True)):
            return e
        return App(fn, args, e.sort, e.dot)
    if isinstance(e, BinOp):
        lhs, rhs = f(e.lhs), f(e.rhs)
        return e if (lhs is e.lhs and rhs is e.rhs) else BinOp(e.op, lhs, rhs, e.sort)
    if isinstance(e, UnOp):
        a = f(e.arg)
        return e if a is e.arg else UnOp(e.op, a, e.sort)
    if isinstance(e, Ascribe):
        a = f(e.expr)
        return e if a is e.expr else Ascribe(a, e.sort)
    if isinstance(e, Quant):
        b = f(e.body)
        return e if b is e.body else Quant(e.q, e.binder, b, e.sort)
    if isinstance(e, Lam):
        b = f(e.body)
        return e if b is e.body else Lam(e.binder, b, e.sort)
    return e


def walk(e: Expr) -> Iterator[Expr]:
    """Pre-order traversal of every sub-expression (including ``e``)."""
    stack = [e]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))


def strip_ascriptions(e: Expr) -> Expr:
    """``e`` without the type ascriptions around it (``((x : ℝ) : ℝ)`` is ``x``)."""
    while isinstance(e, Ascribe):
        e = e.expr
    return e


def transform_bottom_up(e: Expr, f: Callable[[Expr], Expr]) -> Expr:
    """Apply ``f`` to every node, children first."""
    return f(map_children(e, lambda c: transform_bottom_up(c, f)))


def sort_exprs(s: Sort) -> Iterator[Expr]:
    """The term parameters of ``s`` and of its argument sorts (``n`` in ``Fin n → ℝ``)."""
    stack = [s]
    while stack:
        cur = stack.pop()
        yield from cur.params
        stack.extend(cur.args)


def _has_params(s: Sort) -> bool:
    if s.params:
        return True
    return any(_has_params(a) for a in s.args)


def free_vars(e: Expr) -> frozenset[Var]:
    """Free variable occurrences (as ``Var`` nodes with their sorts), including variables
    that occur in the parameters of sorts (``n`` in ``∀ x : Fin n, …``).  Iterative and
    linear in the size of ``e`` (bound names are counted, not copied per binder)."""
    out: set[Var] = set()
    bound: dict[str, int] = {}
    # stack items: an expression to visit, or ("unbind", name) to leave a binder's scope
    stack: list[Any] = [e]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            tag, name = item
            bound[name] = bound.get(name, 0) + (1 if tag == "bind" else -1)
            continue
        node = item
        s = node.sort
        if s.params or s.args:
            stack.extend(sort_exprs(s))
        if isinstance(node, TypeE):
            stack.extend(sort_exprs(node.value))
        if isinstance(node, Var):
            if not bound.get(node.name):
                out.add(node)
        elif isinstance(node, (Quant, Lam)):
            b = node.binder
            if b.sort is not None and (b.sort.params or b.sort.args):
                stack.extend(sort_exprs(b.sort))  # the binder's type is outside its scope
            if b.name:
                # LIFO: bind, then the whole body, then unbind
                stack.append(("unbind", b.name))
                stack.append(node.body)
                stack.append(("bind", b.name))
            else:
                stack.append(node.body)
        else:
            stack.extend(children(node))
    return frozenset(out)


def free_var_names(e: Expr) -> frozenset[str]:
    return frozenset(v.name for v in free_vars(e))


def constants(e: Expr) -> frozenset[Const]:
    return frozenset(n for n in walk(e) if isinstance(n, Const))


def _sort_names(s: Sort, out: set[str]) -> None:
    stack = [s]
    while stack:
        cur = stack.pop()
        if cur.is_var:
            out.add(cur.head)
        stack.extend(cur.args)
        for p in cur.params:
            out |= names_in(p)


def names_in(*items: Expr | Sort | Declaration | None) -> set[str]:
    """Every name that occurs in ``items``: variables (free or bound), binder names,
    constants and type variables.  A fresh name must avoid all of them
    (:func:`fresh_name`), whatever the role the name plays where it occurs."""
    out: set[str] = set()
    for it in items:
        if it is None:
            continue
        if isinstance(it, Sort):
            _sort_names(it, out)
            continue
        if isinstance(it, Declaration):
            for b in it.binders:
                if b.name:
                    out.add(b.name)
                if b.sort is not None:
                    _sort_names(b.sort, out)
                if b.hyp is not None:
                    out |= names_in(b.hyp)
            out |= names_in(it.prop)
            continue
        for node in walk(it):
            if isinstance(node, (Var, Const)):
                out.add(node.name)
            elif isinstance(node, (Quant, Lam)):
                if node.binder.name:
                    out.add(node.binder.name)
                if node.binder.sort is not None:
                    _sort_names(node.binder.sort, out)
            elif isinstance(node, TypeE):
                _sort_names(node.value, out)
            s = node.sort
            if s.is_var or s.args or s.params:
                _sort_names(s, out)
    return out


@deep_retry
def subst_sort(s: Sort, mapping: Mapping[str, Expr]) -> Sort:
    """``s`` with the free variables of its term parameters replaced (``Fin n`` ⇝ ``Fin 3``)."""
    if not mapping or not _has_params(s):
        return s
    return Sort(
        s.head,
        tuple(subst_sort(a, mapping) for a in s.args),
        s.is_var,
        tuple(subst(p, mapping) for p in s.params),
    )


@deep_retry
def subst(e: Expr, mapping: Mapping[str, Expr]) -> Expr:
    """Capture-avoiding substitution of the free variables named in ``mapping``.

    A binder that would capture a free variable of a substituted value is renamed to a
    name that occurs nowhere in ``e`` nor in the values (:func:`fresh_name`); a binder that
    shadows a key stops the substitution of that key below it.  Variables in the term
    parameters of sorts (``Fin n``) are substituted too."""
    if not mapping:
        return e
    value_fvs: set[str] = set()
    for v in mapping.values():
        value_fvs |= free_var_names(v)
    taken = names_in(e, *mapping.values()) | set(mapping)
    return _subst(e, dict(mapping), frozenset(value_fvs), taken)


def _subst(e: Expr, m: dict[str, Expr], vfv: frozenset[str], taken: set[str]) -> Expr:
    if isinstance(e, Var):
        got = m.get(e.name)
        if got is not None:
            return got
        s2 = subst_sort(e.sort, m)
        return e if s2 is e.sort else Var(e.name, s2)
    if isinstance(e, TypeE):
        v2 = subst_sort(e.value, m)
        return e if v2 is e.value else TypeE(v2, e.sort)
    if isinstance(e, (Quant, Lam)):
        b = e.binder
        inner = m
        if b.name in m:
            inner = {k: v for k, v in m.items() if k != b.name}
        bsort = subst_sort(b.sort, m) if b.sort is not None else None
        body = e.body
        name = b.name
        if inner and name is not None and name in vfv:
            # only rename when a substituted key actually occurs free below the binder
            body_fv = free_var_names(body)
            if any(k in body_fv for k in inner):
                new = fresh_name(name, taken)
                taken.add(new)
                body = _subst(body, {name: Var(new, bsort if bsort is not None else UNKNOWN)}, frozenset({new}), taken)
                name = new
        body = _subst(body, inner, vfv, taken) if inner else body
        nb = b if (name == b.name and bsort is b.sort) else Binder(name, bsort, b.hyp, b.kind)
        srt = subst_sort(e.sort, m)
        if isinstance(e, Quant):
            if nb is b and body is e.body and srt is e.sort:
                return e
            return Quant(e.q, nb, body, srt)
        if nb is b and body is e.body and srt is e.sort:
            return e
        return Lam(nb, body, srt)
    out = map_children(e, lambda c: _subst(c, m, vfv, taken))
    s2 = subst_sort(out.sort, m)
    return out if s2 is out.sort else replace(out, sort=s2)


def bound_names(e: Expr) -> frozenset[str]:
    return frozenset(n.binder.name for n in walk(e) if isinstance(n, (Quant, Lam)) and n.binder.name)


def fresh_name(base: str, taken: set[str] | frozenset[str] | Iterable[str] = frozenset(), *avoid: Expr) -> str:
    """``base`` or ``base1``, ``base2``… — the first that is not in ``taken`` and occurs
    nowhere in the expressions ``avoid`` (free, bound or constant names:
    :func:`names_in`).  Callers pass every name in scope; internal prefixes are not
    "reserved", so a user variable called ``cb_x0`` or ``shared_1`` is simply avoided."""
    used = set(taken)
    if avoid:
        used |= names_in(*avoid)
    if base not in used:
        return base
    i = 1
    while f"{base}{i}" in used:
        i += 1
    return f"{base}{i}"


def size(e: Expr) -> int:
    return sum(1 for _ in walk(e))


# --------------------------------------------------------------------------------------
# Canonical serialisation
# --------------------------------------------------------------------------------------

_NODE_TYPES: dict[str, type] = {
    t.__name__: t
    for t in (Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant, Lam, TypeE, Binder, Declaration, Sort)
}
_SKIP_FIELDS = {"dot"}  # presentation-only


_FIELD_PLANS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _plan(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """Per class: (field name, default, omit-when-default) — defaults are constants, so
    omitting them keeps the serialisation compact and stable."""
    plan = _FIELD_PLANS.get(cls)
    if plan is None:
        out = []
        for f in fields(cls):
            if f.name in _SKIP_FIELDS:
                continue
            d = f.default
            omit = d is not None and not callable(d) and f.name != "sort" and isinstance(d, (bool, str, tuple))
            out.append((f.name, d, omit))
        plan = _FIELD_PLANS[cls] = tuple(out)
    return plan


@deep_retry
def to_data(obj: Any) -> Any:
    """Plain JSON data for a node, sort or binder (stable field order, tag first)."""
    return _to_data(obj, {})


def _to_data(obj: Any, memo: dict[Sort, Any]) -> Any:
    if obj is None or isinstance(obj, (str, int, bool)):
        return obj
    if isinstance(obj, tuple):
        return [_to_data(x, memo) for x in obj]
    if isinstance(obj, Sort):
        got = memo.get(obj)
        if got is not None:
            return got
    cls = type(obj)
    t = cls.__name__
    if t not in _NODE_TYPES:
        raise TypeError(f"not an AST value: {obj!r}")
    out: dict[str, Any] = {"t": t}
    for name, default, omit in _plan(cls):
        v = getattr(obj, name)
        if omit and v == default:
            continue
        out[name] = _to_data(v, memo)
    if cls is Sort:
        memo[obj] = out
    return out


@deep_retry
def from_data(data: Any) -> Any:
    """Inverse of :func:`to_data`."""
    if data is None or isinstance(data, (str, int, bool)):
        return data
    if isinstance(data, list):
        return tuple(from_data(x) for x in data)
    if not isinstance(data, dict) or "t" not in data:
        raise ValueError(f"malformed AST data: {data!r}")
    cls = _NODE_TYPES.get(data["t"])
    if cls is None:
        raise ValueError(f"unknown AST node tag {data['t']!r}")
    kwargs = {k: from_data(v) for k, v in data.items() if k != "t"}
    return cls(**kwargs)


@deep_retry
def canonical_key(obj: Any) -> str:
    """Compact canonical JSON text of a node: equal ASTs ⇔ equal keys."""
    return json.dumps(to_data(obj), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


# --------------------------------------------------------------------------------------
# α-normal form: statement keys and α-equivalence
# --------------------------------------------------------------------------------------

#: Prefixes of the canonical names of the α-normal form.  ``#`` cannot occur in a Lean
#: identifier, so canonical names never collide with user names.
_BOUND_PREFIX = "#b"
_TYPE_PREFIX = "#T"


def _walk_sorts(e: Expr) -> Iterator[Sort]:
    """Sorts in ``e`` in pre-order (binder sorts before the body's node sorts)."""
    for node in walk(e):
        if isinstance(node, (Quant, Lam)) and node.binder.sort is not None:
            yield node.binder.sort
        elif isinstance(node, TypeE):
            yield node.value
        yield node.sort


def _sort_vars_in_order(s: Sort, out: dict[str, None]) -> None:
    if s.is_var:
        out.setdefault(s.head)
    for a in s.args:
        _sort_vars_in_order(a, out)
    for p in s.params:
        for t in _walk_sorts(p):
            _sort_vars_in_order(t, out)


def _telescope(d: Declaration) -> tuple[list[Binder], Expr]:
    """The header binders followed by the leading ``∀`` binders of ``prop`` (``theorem t :
    ∀ {G : Type*} [Group G] (a : G), …`` states the same as ``theorem t {G : Type*}
    [Group G] (a : G) : …``), and the rest of ``prop``."""
    binders = list(d.binders)
    body = d.prop
    while isinstance(body, Quant) and body.q == "∀":
        binders.append(body.binder)
        body = body.body
    return binders, body


def _is_type_binder(b: Binder) -> bool:
    return b.kind != "inst" and b.hyp is None and b.sort is not None and b.sort.head == "Type" and not b.sort.is_var


def _type_var_order(d: Declaration) -> list[str]:
    """Type variables by first appearance: term binders, hypotheses and ``prop`` first,
    then instance binders, then declared-but-unused type binders (declaration order)."""
    seen: dict[str, None] = {}
    binders, body = _telescope(d)
    declared = [b.name for b in binders if _is_type_binder(b) and b.name]
    for b in binders:
        fact = fact_of(b)
        if b.kind == "inst" and fact is None:
            continue
        if fact is not None:
            for t in _walk_sorts(fact):
                _sort_vars_in_order(t, seen)
        elif b.hyp is not None:
            for t in _walk_sorts(b.hyp):
                _sort_vars_in_order(t, seen)
        elif b.sort is not None and not _is_type_binder(b):
            _sort_vars_in_order(b.sort, seen)
    for t in _walk_sorts(body):
        _sort_vars_in_order(t, seen)
    for b in binders:
        if b.kind == "inst" and fact_of(b) is None and b.sort is not None:
            _sort_vars_in_order(b.sort, seen)
    for name in declared:
        seen.setdefault(name)
    return list(seen)


class _AlphaRenamer:
    """Renames bound variables ``#b0, #b1, …`` (pre-order binder position) and type
    variables ``#T0, #T1, …`` (given order); free variables and constants keep their names."""

    def __init__(self, type_order: list[str]) -> None:
        self.ty = {name: f"{_TYPE_PREFIX}{i}" for i, name in enumerate(type_order)}
        self.env: dict[str, str] = {}
        self.counter = 0
        self.cache: dict[Sort, Sort] = {}

    def bind(self, name: str | None) -> tuple[str, str | None, bool]:
        new = f"{_BOUND_PREFIX}{self.counter}"
        self.counter += 1
        key = name if name is not None else ""
        had = key in self.env
        old = self.env.get(key)
        self.env[key] = new
        return key, old, had

    def unbind(self, key: str, old: str | None, had: bool) -> None:
        if had:
            self.env[key] = old  # type: ignore[assignment]
        else:
            del self.env[key]

    def sort(self, s: Sort) -> Sort:
        got = self.cache.get(s)
        if got is not None:
            return got
        out = Sort(
            self.ty.get(s.head, s.head) if s.is_var else s.head,
            tuple(self.sort(a) for a in s.args),
            s.is_var,
            tuple(self.expr(p) for p in s.params),
        )
        if not _has_params(s):
            self.cache[s] = out
        return out

    def expr(self, e: Expr) -> Expr:
        if isinstance(e, Var):
            return Var(self.env.get(e.name, e.name), self.sort(e.sort))
        if isinstance(e, TypeE):
            return TypeE(self.sort(e.value), self.sort(e.sort))
        if isinstance(e, (Quant, Lam)):
            b = e.binder
            bs = self.sort(b.sort) if b.sort is not None else None
            key, old, had = self.bind(b.name)
            new = self.env[key]
            try:
                body = self.expr(e.body)
            finally:
                self.unbind(key, old, had)
            nb = Binder(new, bs, None, "explicit")
            if isinstance(e, Quant):
                return Quant(e.q, nb, body, self.sort(e.sort))
            return Lam(nb, body, self.sort(e.sort))
        srt = self.sort(e.sort)
        if isinstance(e, BinOp):
            return BinOp(e.op, self.expr(e.lhs), self.expr(e.rhs), srt)
        if isinstance(e, App):
            return App(self.expr(e.fn), tuple(self.expr(a) for a in e.args), srt, e.dot)
        if isinstance(e, UnOp):
            return UnOp(e.op, self.expr(e.arg), srt)
        if isinstance(e, Ascribe):
            return Ascribe(self.expr(e.expr), srt)
        if isinstance(e, Const):
            return Const(e.name, srt)
        if isinstance(e, Num):
            return Num(e.value, srt)
        return e


@dataclass(frozen=True, slots=True)
class NormalForm:
    """A statement up to α-equivalence: the number of type variables, the typeclass
    context (sorted multiset of class applications) and the closed proposition, all with
    canonical names."""

    type_vars: int
    instances: tuple[Sort, ...]
    prop: Expr


def _normal_form(d: Declaration) -> NormalForm:
    order = _type_var_order(d)
    r = _AlphaRenamer(order)
    items: list[tuple[str, Any]] = []
    instances: list[Sort] = []
    undo: list[tuple[str, str | None, bool]] = []
    binders, prop = _telescope(d)
    for b in binders:
        fact = fact_of(b)
        if fact is not None:
            items.append(("hyp", r.expr(fact)))
        elif b.kind == "inst":
            if b.sort is not None:
                instances.append(r.sort(b.sort))
        elif b.hyp is not None:
            items.append(("hyp", r.expr(b.hyp)))
        elif b.sort is not None and not _is_type_binder(b):
            bs = r.sort(b.sort)
            key, old, had = r.bind(b.name)
            undo.append((key, old, had))
            items.append(("var", Binder(r.env[key], bs, None, "explicit")))
    body = r.expr(prop)
    for key, old, had in reversed(undo):
        r.unbind(key, old, had)
    for tag, x in reversed(items):
        body = BinOp("→", x, body, PROP) if tag == "hyp" else Quant("∀", x, body, PROP)
    instances.sort(key=canonical_key)
    return NormalForm(len(order), tuple(instances), body)


def _deep(fn: Callable[..., Any], *args: Any) -> Any:
    return deep_call(fn, *args)


def normal_form(d: Declaration) -> NormalForm:
    """The α-normal form of a declaration (bound and type variable names canonical)."""
    return _deep(_normal_form, d)


def _context_data(nf: NormalForm) -> dict[str, Any]:
    return {"types": nf.type_vars, "instances": [to_data(s) for s in nf.instances]}


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def statement_key(d: Declaration) -> str:
    """A stable text key of the statement up to α-equivalence: bound variable names, type
    variable names, binder kinds, hypothesis names, instance-binder order and the
    declaration's name do not matter; the typeclass context, every sort (with its
    parameters) and the structure of the proposition do.  A header binder ``(x : ℕ)`` and a
    leading ``∀ x : ℕ,`` give the same key (they are the same statement)."""

    def go() -> str:
        nf = _normal_form(d)
        return _dumps({**_context_data(nf), "prop": to_data(nf.prop)})

    return _deep(go)


def context_key(d: Declaration) -> str:
    """Key of the typeclass context alone (number of type variables + normalised
    instance multiset)."""
    return _deep(lambda: _dumps(_context_data(_normal_form(d))))


def alpha_equivalent(a: Declaration, b: Declaration) -> bool:
    """Same statement up to the renaming of bound and type variables (see
    :func:`statement_key`)."""
    return statement_key(a) == statement_key(b)


def alpha_key(e: Expr) -> str:
    """α-invariant key of an expression (free variables and constants keep their names;
    type variables are renamed by first appearance)."""

    def go() -> str:
        order: dict[str, None] = {}
        for t in _walk_sorts(e):
            _sort_vars_in_order(t, order)
        return _dumps(to_data(_AlphaRenamer(list(order)).expr(e)))

    return _deep(go)


def with_sort(e: Expr, sort: Sort) -> Expr:
    """``e`` with its top-level sort replaced."""
    return replace(e, sort=sort)


# Convenience constructors used by transforms and tests -------------------------------------


def and_(a: Expr, b: Expr) -> BinOp:
    return BinOp("∧", a, b, PROP)


def or_(a: Expr, b: Expr) -> BinOp:
    return BinOp("∨", a, b, PROP)


def implies(a: Expr, b: Expr) -> BinOp:
    return BinOp("→", a, b, PROP)


def iff(a: Expr, b: Expr) -> BinOp:
    return BinOp("↔", a, b, PROP)


def not_(a: Expr) -> UnOp:
    return UnOp("¬", a, PROP)


def rel(op: str, a: Expr, b: Expr) -> BinOp:
    if op not in OPS_REL:
        raise ValueError(f"not a relation: {op!r}")
    return BinOp(op, a, b, PROP)


def forall(name: str, sort: Sort, body: Expr, kind: BinderKind = "explicit") -> Quant:
    return Quant("∀", Binder(name, sort, None, kind), body, PROP)


def exists(name: str, sort: Sort, body: Expr) -> Quant:
    return Quant("∃", Binder(name, sort, None, "explicit"), body, PROP)


def app(name: str, *args: Expr, sort: Sort = UNKNOWN, fn_sort: Sort = UNKNOWN) -> App:
    return App(Const(name, fn_sort), tuple(args), sort)


# --------------------------------------------------------------------------------------
# The ∀/→ prefix of a statement
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Peeled:
    vars: list[tuple[str, Sort]]
    hyps: list[Expr]
    concl: Expr


def peel(prop: Expr) -> Peeled:
    """``∀ x, H₁ → ∀ y, H₂ → C`` ⇒ vars [x, y], hyps [H₁, H₂], conclusion C."""
    vs: list[tuple[str, Sort]] = []
    hs: list[Expr] = []
    e = prop
    while True:
        if isinstance(e, Quant) and e.q == "∀" and e.binder.name and e.binder.sort is not None:
            vs.append((e.binder.name, e.binder.sort))
            e = e.body
        elif isinstance(e, BinOp) and e.op == "→":
            hs.append(e.lhs)
            e = e.rhs
        else:
            return Peeled(vs, hs, e)
