"""The typed formula AST shared by every layer.

Design
------
* Nodes are frozen, slotted dataclasses: hashable, cheap, comparable by value.
* Every expression carries its elaborated ``sort`` (``UNKNOWN`` when elaboration could
  not decide).  Propositions have sort ``PROP``; a relation ``a ≤ b`` is a ``BinOp`` of
  sort ``PROP`` whose operands carry the carrier sort (ℕ, ℤ, ℝ, a type variable, …).
* Quantifiers bind exactly one variable (``∀ x y : ℕ, P`` is two nested ``Quant`` nodes);
  bounded forms are desugared by the parser (``∀ x > 0, P`` ⇝ ``∀ x, x > 0 → P``,
  ``∃ x > 0, P`` ⇝ ``∃ x, x > 0 ∧ P``).
* Operators are canonical Unicode strings (``OPS_*`` below).  Named functions and
  predicates — known or not — are ``App(Const(name), args)``; an unknown name is simply an
  uninterpreted symbol whose sort was inferred.
* ``to_data``/``from_data`` give a stable canonical serialisation (plain JSON data);
  ``canonical_key`` is its compact JSON text.

The AST never holds raw source text to be evaluated: it is the only thing renderers read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, Union

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


Expr = Union[Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant, Lam]
EXPR_TYPES: tuple[type, ...] = (Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant, Lam)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A parsed declaration header ``theorem name binders : prop`` (or a bare proposition:
    ``kind=None``, ``name=None``, no binders).  The proof after ``:=`` is not kept."""

    kind: str | None
    name: str | None
    binders: tuple[Binder, ...]
    prop: Expr

    def as_prop(self) -> Expr:
        """The closed proposition: variable binders become ``∀``, hypothesis binders ``→``,
        instance binders are dropped (their constraint lives on the type variable)."""
        body = self.prop
        for b in reversed(self.binders):
            if b.kind == "inst":
                continue
            if b.hyp is not None:
                body = BinOp("→", b.hyp, body, PROP)
            elif b.sort is not None and b.sort.head != "Type":
                body = Quant("∀", Binder(b.name, b.sort, None, b.kind), body, PROP)
        return body

    @property
    def type_vars(self) -> tuple[Binder, ...]:
        return tuple(b for b in self.binders if b.sort is not None and b.sort.head == "Type")

    @property
    def instances(self) -> tuple[Binder, ...]:
        return tuple(b for b in self.binders if b.kind == "inst")


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


def transform_bottom_up(e: Expr, f: Callable[[Expr], Expr]) -> Expr:
    """Apply ``f`` to every node, children first."""
    return f(map_children(e, lambda c: transform_bottom_up(c, f)))


def free_vars(e: Expr) -> frozenset[Var]:
    """Free variable occurrences (as ``Var`` nodes with their sorts)."""
    out: set[Var] = set()

    def go(node: Expr, bound: frozenset[str]) -> None:
        if isinstance(node, Var):
            if node.name not in bound:
                out.add(node)
        elif isinstance(node, (Quant, Lam)):
            go(node.body, bound | {node.binder.name} if node.binder.name else bound)
        else:
            for c in children(node):
                go(c, bound)

    go(e, frozenset())
    return frozenset(out)


def constants(e: Expr) -> frozenset[Const]:
    return frozenset(n for n in walk(e) if isinstance(n, Const))


def subst(e: Expr, mapping: Mapping[str, Expr]) -> Expr:
    """Capture-avoiding enough for our use: replaces free ``Var`` occurrences by name; a
    binder shadowing a name stops substitution below it.  (Renaming on capture is done by
    callers that introduce new binders; see ``fresh_name``.)"""
    if not mapping:
        return e
    if isinstance(e, Var):
        return mapping.get(e.name, e)
    if isinstance(e, Quant):
        name = e.binder.name
        if name in mapping:
            inner = {k: v for k, v in mapping.items() if k != name}
            return Quant(e.q, e.binder, subst(e.body, inner), e.sort)
        return Quant(e.q, e.binder, subst(e.body, mapping), e.sort)
    if isinstance(e, Lam):
        name = e.binder.name
        inner = {k: v for k, v in mapping.items() if k != name} if name in mapping else mapping
        return Lam(e.binder, subst(e.body, inner), e.sort)
    return map_children(e, lambda c: subst(c, mapping))


def bound_names(e: Expr) -> frozenset[str]:
    return frozenset(n.binder.name for n in walk(e) if isinstance(n, (Quant, Lam)) and n.binder.name)


def fresh_name(base: str, taken: set[str] | frozenset[str]) -> str:
    if base not in taken:
        return base
    i = 1
    while f"{base}{i}" in taken:
        i += 1
    return f"{base}{i}"


def size(e: Expr) -> int:
    return sum(1 for _ in walk(e))


# --------------------------------------------------------------------------------------
# Canonical serialisation
# --------------------------------------------------------------------------------------

_NODE_TYPES: dict[str, type] = {
    t.__name__: t
    for t in (Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant, Lam, Binder, Declaration, Sort)
}
_SKIP_FIELDS = {"dot"}  # presentation-only


def to_data(obj: Any) -> Any:
    """Plain JSON data for a node, sort or binder (stable field order, tag first)."""
    if obj is None or isinstance(obj, (str, int, bool)):
        return obj
    if isinstance(obj, tuple):
        return [to_data(x) for x in obj]
    t = type(obj).__name__
    if t not in _NODE_TYPES:
        raise TypeError(f"not an AST value: {obj!r}")
    out: dict[str, Any] = {"t": t}
    for f in fields(obj):
        if f.name in _SKIP_FIELDS:
            continue
        v = getattr(obj, f.name)
        if f.default is not None and not callable(f.default) and v == f.default and f.name != "sort":
            # omit defaults for compactness (kept stable: default values are constants)
            if isinstance(v, (bool, str, tuple)):
                continue
        out[f.name] = to_data(v)
    return out


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


def canonical_key(obj: Any) -> str:
    """Compact canonical JSON text of a node: equal ASTs ⇔ equal keys."""
    return json.dumps(to_data(obj), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


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
