"""Typed elaboration of parsed Lean statements: raw tree → typed AST, or a positioned error.

The parser's raw tree (:mod:`certibench.logic.pratt`) has unresolved identifiers and no
sorts.  Elaboration gives every node its Lean type, the way Lean's elaborator does it, on
the fragment certibench supports:

* **Signatures.**  A known symbol (:mod:`certibench.logic.symbols`) is applied through its
  signature: implicit type (and term) parameters become metavariables solved by
  unification, explicit arguments are checked against their parameter types (with Lean's
  coercions ℕ ↪ ℤ ↪ ℚ ↪ ℝ ↪ ℂ, ``NatCast R``, ``Finset α → Set α`` …), typeclass
  requirements are checked against the statement's instance binders and Mathlib's
  instances for concrete types (:mod:`certibench.logic.typeclasses`), partial application
  gives a function sort, too many arguments is an error.
* **binop%.**  Arithmetic trees (``+ - * / %``, unary ``-``, the base of ``^``) and relations
  (``= ≠ < ≤ > ≥ ∣``) are elaborated like Lean's ``binop%``/``binrel%``: leaves first,
  the maximal type among them (and the expected type) becomes the carrier, leaves of a
  smaller type get a coercion ``UnOp("↑", leaf, carrier)``, numerals and untyped binders
  take the carrier; two leaf types with no coercion either way are an error.
* **Metavariables.**  Untyped binders (``∀ x > 0, …``), numerals and implicit arguments are
  metavariables; numerals left unconstrained default to ℕ at Lean's synchronisation
  points (after each header binder and at the end), as Lean's default instance does.
* **Sorts carry their parameters**: ``Fin 2`` and ``Fin 3``, ``ZMod 2`` and ``ZMod 3`` are
  different sorts; numerals and operations at such a sort keep it.
* **Errors** are :class:`~certibench.logic.errors.ParseError` with line, column and a caret
  excerpt: a function compared with a number, a known predicate applied to the wrong sort
  or arity, a connective on non-propositions, a relation between two types with no
  coercion, membership with a mismatched element type, a numeral at a type with no
  numerals (``(s : Set ℕ) = 3``), an operation or symbol whose typeclass the type
  certainly lacks (``-n`` on ℕ, ``x < y`` on ℂ).

The opacity contract (what consumers of the AST must respect)
--------------------------------------------------------------
**Nothing is guessed.**  A name outside the symbol table is *opaque*:
``App(Const(name, UNKNOWN), args, UNKNOWN)`` — its arguments are elaborated *without* an
expected sort, and its result sort is never inferred, neither from a neighbouring term
(``Foo.bar n - n`` is not ℕ subtraction) nor from an ascription (``(Foo.bar n : ℝ)`` is an
``Ascribe`` of sort ℝ around an opaque ``Foo.bar n``: in Lean that may hide a coercion).
An arithmetic tree or relation with a leaf of unknown sort gets no carrier and no
coercions: its operator nodes and its numerals stay ``UNKNOWN`` (a relation over it is
still a ``Prop``); a binder whose type only such an opaque context could determine stays
``UNKNOWN`` too.  Consumers (SMT translation, English rendering, rewrite rules) must treat
every ``UNKNOWN``-sorted subterm as opaque: matched only by syntactic identity, never
interpreted, never assumed numeric.  An ``UNKNOWN``-sorted argument in a typed position
may stand for a value Lean coerces there.

Elaboration is a deterministic function of the raw tree, so ``render_lean`` only has to
reproduce the raw tree (plus binder types) for ``parse(render_lean(ast)) == ast``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from certibench.logic.ast import (
    NAT,
    NUMERIC_HEADS,
    OPS_LOGIC,
    OPS_REL,
    PROP,
    TYPE,
    UNKNOWN,
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
    fun_sort,
    set_of,
    type_var,
)
from certibench.logic.deep import deep_call
from certibench.logic.errors import ParseError
from certibench.logic.raw import Positions, RawField, RawHole, RawType
from certibench.logic.signatures import Signature
from certibench.logic.symbols import (
    BASE_TYPES,
    DOT_NAMESPACE,
    SORT_LEAN,
    SYMBOLS,
    TYPE_CONSTRUCTORS,
    Symbol,
    lookup,
)
from certibench.logic.typeclasses import (
    KNOWN_CLASSES,
    ancestors,
    class_status,
    coercion_status,
    numeral_status,
)

__all__ = [
    "ARITH_TREE_OPS",
    "elaborate",
    "elaborate_declaration",
    "elaborate_expr",
    "elaborate_prop",
    "show_sort",
]

ARITH_TREE_OPS = frozenset({"+", "-", "*", "/", "%"})
SET_OPS = frozenset({"∩", "∪", "\\"})
TREE_RELS = frozenset({"=", "≠", "<", "≤", ">", "≥", "∣"})
#: Typeclass each operator needs on its carrier.
_OP_CLASS = {"+": "Add", "-": "Sub", "*": "Mul", "/": "Div", "%": "Mod", "neg": "Neg", "<": "LT", ">": "LT",
             "≤": "LE", "≥": "LE", "∣": "Dvd", "⁻¹": "Inv", "ᶜ": "HasCompl", "∩": "Inf", "∪": "Sup"}
#: Sort heads whose elements are their first type argument (``x ∈ s``).
_MEMBER_HEADS = frozenset({"Set", "Finset", "List", "Multiset", "Subgroup", "AddSubgroup", "Submonoid", "Ideal"})
#: Sorts that certainly have no membership relation.
_NO_MEMBERSHIP = frozenset({"Nat", "Int", "Rat", "Real", "Complex", "Prop", "Fun", "Bool", "Fin", "ZMod",
                            "Polynomial", "NNReal", "PNat", "Matrix"})
_PROD_FIELDS = {"1": "fst", "2": "snd"}
#: Classes whose instances carry what the parser interprets: a local instance of a class
#: implying one of these, on a type that has a library instance, changes the meaning.
_INTERPRETED_DATA = frozenset({
    "Add", "Mul", "Zero", "One", "Neg", "Sub", "Inv", "Div", "Mod", "Dvd", "LE", "LT", "Max", "Min", "Sup", "Inf",
    "NatCast", "IntCast", "RatCast", "NNRatCast", "OfScientific", "HasCompl", "Top", "Bot", "SDiff", "SupSet",
    "InfSet", "Ord", "Dist", "Norm", "Star", "Singleton", "Inhabited", "TopologicalSpace", "FloorSemiring",
})
#: Lean's operation and notation classes outside the hierarchy (heterogeneous operators,
#: numerals, membership, set notation): a local of one of these types on concrete types is
#: an instance of what the statement's symbols mean, whatever its brackets.
_OPERATION_CLASSES = frozenset({
    "HAdd", "HSub", "HMul", "HDiv", "HMod", "HPow", "Pow", "NatPow", "HomogeneousPow", "SMul", "HSMul", "VAdd",
    "HVAdd", "OfNat", "Membership", "HasSubset", "HasSSubset", "Union", "Inter", "EmptyCollection", "Insert",
    "HAnd", "HOr", "HXor", "AndOp", "OrOp", "Xor", "HAppend", "Append", "Abs", "Coe", "CoeTail", "CoeHead",
    "CoeOut", "CoeHTCT", "CoeFun", "CoeSort", "CoeDep", "LinearOrder", "NormedField", "Lattice",
    "CoeT", "CoeTC", "CoeOTC", "CoeHTC", "IsROrC", "MulAction", "AddAction", "DistribMulAction", "NNNorm", "EDist",
    "Inner", "InvolutiveStar",
})
#: Classes outside the hierarchy that carry only propositions or a unique value: a local
#: instance of one cannot change what an operation means.
_PROP_OR_UNIQUE_CLASSES = frozenset({
    "Fact", "NeZero", "Fintype", "Finite", "Infinite", "Countable", "Nonempty", "Nontrivial", "Subsingleton",
    "Unique", "Decidable", "DecidableEq", "DecidablePred", "DecidableRel", "CharZero", "CharP", "ExpChar",
    "IsDomain", "NoZeroDivisors", "IsAlgClosed", "Invertible",
})

#: Sorts that certainly have no coercion to a function type.
_NO_COE_FUN = frozenset({"Nat", "Int", "Rat", "Real", "Complex", "Prop", "Bool", "Set", "Finset", "List",
                         "Multiset", "Fin", "ZMod", "NNReal", "PNat", "Type"})


# --------------------------------------------------------------------------------------
# Sorts with metavariables
# --------------------------------------------------------------------------------------


def _is_meta(s: Sort) -> bool:
    return s.is_var and s.head[0] == "?"  # (UNKNOWN, "?", is not a variable)


def _is_tmeta(e: Expr) -> bool:
    return isinstance(e, Var) and e.name.startswith("?t")


def show_sort(s: Sort) -> str:
    """Lean-like text of a sort, for error messages."""
    if s.is_unknown or _is_meta(s):
        return "?"
    if s.head in SORT_LEAN and not s.args and not s.params:
        return SORT_LEAN[s.head]
    if s.is_fun:
        return " → ".join(_paren_sort(a) for a in s.args)
    parts = [s.head] + [_paren_sort(a) for a in s.args] + [_show_term(p) for p in s.params]
    return " ".join(parts)


def _paren_sort(s: Sort) -> str:
    t = show_sort(s)
    return f"({t})" if " " in t else t


def _show_term(e: Expr) -> str:
    if isinstance(e, Num):
        return e.value
    if isinstance(e, Var):
        return e.name
    return "(…)"


@dataclass
class _Entry:
    name: str
    sort: Sort
    is_type: bool = False


@dataclass
class _Leaf:
    expr: Expr
    kind: str  # "term" | "num" | "coe"


class _Elab:
    """One elaboration run (a declaration, a proposition or a term)."""

    def __init__(
        self,
        text: str,
        positions: Positions | None,
        env: Mapping[str, Sort] | None = None,
        pi_is_variable: bool = False,
    ) -> None:
        self.text = text
        #: `π` is `Real.pi` (Mathlib's notation under `open Real`) unless this run reads it
        #: as an ordinary name bound outside the statement (Lean's other interpretation)
        self.pi_is_variable = pi_is_variable
        self.positions = positions or Positions()
        self.env = dict(env or {})
        self.sub: dict[str, Sort] = {}
        self.tsub: dict[str, Expr] = {}
        self.numeral: set[str] = set()
        self.tainted: set[str] = set()
        self.counter = 0
        self.scope: list[_Entry] = []
        self.free: dict[str, Sort] = {}
        self.ctx: list[Sort] = []
        self.closed: set[str] = set()
        self.checks: list[tuple[Any, ...]] = []
        #: (element type, collection type, position) of `{a, b}` literals (Insert/Singleton):
        #: once the collection is known to be `Set X`/`Finset X`/…, the elements are `X`
        self.elem_constraints: list[tuple[Sort, Sort, int]] = []
        self.cur = 0

    # -- errors and positions -----------------------------------------------------------------
    def err(self, msg: str, construct: str | None = None, pos: int | None = None, kind: str | None = None) -> ParseError:
        """An error at ``pos`` (default: the innermost node being elaborated)."""
        if not self.text:
            return ParseError(msg, 1, 1, "", construct, kind)
        return ParseError.at(self.text, self.cur if pos is None else pos, msg, construct, kind)

    def type_err(self, msg: str, what: str, pos: int | None = None) -> ParseError:
        """An ill-typed statement (``what`` classifies the type error)."""
        return self.err(msg, what, pos, "type")

    def at(self, node: object) -> int:
        p = self.positions.get(node)
        return self.cur if p is None else p

    # -- metavariables ------------------------------------------------------------------------
    def fresh(self, numeral: bool = False) -> Sort:
        self.counter += 1
        s = Sort(f"?{self.counter}", is_var=True)
        if numeral:
            self.numeral.add(s.head)
        return s

    def fresh_term(self, sort: Sort) -> Var:
        self.counter += 1
        return Var(f"?t{self.counter}", sort)

    def resolve(self, s: Sort) -> Sort:
        sub = self.sub
        while s.is_var and s.head in sub:  # only metavariables are keys of ``sub``
            s = sub[s.head]
        return s

    def zonk(self, s: Sort, final: bool = False) -> Sort:
        if not s.is_var and not s.args and not s.params:
            return s
        s = self.resolve(s)
        if _is_meta(s):
            return UNKNOWN if final else s
        if not s.args and not s.params:
            return s
        args = tuple(self.zonk(a, final) for a in s.args)
        params = tuple(self.zonk_term(p, final) for p in s.params)
        if final and any(_is_tmeta(p) for p in params):
            return UNKNOWN
        return Sort(s.head, args, s.is_var, params)

    def zonk_term(self, e: Expr, final: bool = False) -> Expr:
        while _is_tmeta(e) and e.name in self.tsub:  # type: ignore[union-attr]
            e = self.tsub[e.name]  # type: ignore[union-attr]
        return self.zonk_expr(e, final)

    def metas_in(self, s: Sort) -> list[str]:
        s = self.resolve(s)
        if _is_meta(s):
            return [s.head]
        out: list[str] = []
        for a in s.args:
            out.extend(self.metas_in(a))
        return out

    def taint(self, s: Sort) -> None:
        for m in self.metas_in(s):
            self.tainted.add(m)

    def has_unknown(self, s: Sort) -> bool:
        """An unknown part: ``UNKNOWN``, or a metavariable frozen as unknowable (tainted)."""
        s = self.resolve(s)
        if s.is_unknown or (s.is_var and s.head in self.tainted):
            return True
        return any(self.has_unknown(a) for a in s.args)

    def known(self, s: Sort) -> bool:
        """Fully determined: no metavariable and no unknown part."""
        s = self.resolve(s)
        if s.is_unknown or _is_meta(s):
            return False
        return all(self.known(a) for a in s.args)

    # -- unification ---------------------------------------------------------------------------
    def unify(self, a: Sort, b: Sort) -> bool:
        trail: list[tuple[str, str]] = []
        if self._unify(a, b, trail):
            return True
        self._undo(trail)
        return False

    def unifiable(self, a: Sort, b: Sort) -> bool:
        """Would ``a`` and ``b`` unify?  (No metavariable is assigned.)"""
        trail: list[tuple[str, str]] = []
        ok = self._unify(a, b, trail)
        self._undo(trail)
        return ok

    def _undo(self, trail: list[tuple[str, str]]) -> None:
        for kind, name in reversed(trail):
            if kind == "sort":
                del self.sub[name]
            elif kind == "term":
                del self.tsub[name]
            elif kind == "numeral":
                self.numeral.discard(name)
            elif kind == "taint":
                self.tainted.discard(name)

    def _flag(self, kind: str, name: str, trail: list[tuple[str, str]]) -> None:
        target = self.numeral if kind == "numeral" else self.tainted
        if name not in target:
            target.add(name)
            trail.append((kind, name))

    def _occurs(self, m: str, s: Sort) -> bool:
        return m in self.metas_in(s)

    def _bind(self, m: Sort, s: Sort, trail: list[tuple[str, str]]) -> bool:
        if s.is_unknown:
            self._flag("taint", m.head, trail)
            return True
        if m.head in self.tainted:
            # an unknowable type (only an opaque signature could fix it) is never solved by
            # a later, typed context: that context may coerce instead
            for inner in self.metas_in(s):
                self._flag("taint", inner, trail)
            return True
        if self._occurs(m.head, s):
            return False
        self.sub[m.head] = s
        trail.append(("sort", m.head))
        for flag in ("numeral", "taint"):
            if m.head in (self.numeral if flag == "numeral" else self.tainted):
                for inner in self.metas_in(s):
                    self._flag(flag, inner, trail)
        return True

    def _unify(self, a: Sort, b: Sort, trail: list[tuple[str, str]]) -> bool:
        a = self.resolve(a)
        b = self.resolve(b)
        if a == b:
            return True
        if _is_meta(a) and not (_is_meta(b) and a.head in self.tainted and b.head not in self.tainted):
            return self._bind(a, b, trail)
        if _is_meta(b):
            return self._bind(b, a, trail)
        if a.is_unknown or b.is_unknown:
            for m in self.metas_in(b if a.is_unknown else a):
                self._flag("taint", m, trail)
            return True
        if a.head != b.head or a.is_var != b.is_var or len(a.args) != len(b.args) or len(a.params) != len(b.params):
            return False
        for x, y in zip(a.args, b.args, strict=True):
            if not self._unify(x, y, trail):
                return False
        for p, q in zip(a.params, b.params, strict=True):
            if not self._unify_term(p, q, trail):
                return False
        return True

    def _unify_term(self, p: Expr, q: Expr, trail: list[tuple[str, str]]) -> bool:
        p = self.zonk_term(p)
        q = self.zonk_term(q)
        if _is_tmeta(p):
            self.tsub[p.name] = q  # type: ignore[union-attr]
            trail.append(("term", p.name))  # type: ignore[union-attr]
            return True
        if _is_tmeta(q):
            self.tsub[q.name] = p  # type: ignore[union-attr]
            trail.append(("term", q.name))  # type: ignore[union-attr]
            return True
        if isinstance(p, Num) and isinstance(q, Num):
            return p.value == q.value
        if isinstance(p, (Num, Var)) and isinstance(q, (Num, Var)):
            return isinstance(p, Var) and isinstance(q, Var) and p.name == q.name
        return True  # compound parameters: definitional equality is beyond this checker

    # -- zonking expressions -------------------------------------------------------------------
    def zonk_expr(self, e: Expr, final: bool = False) -> Expr:
        z = self.zonk
        if isinstance(e, Var):
            return Var(e.name, z(e.sort, final))
        if isinstance(e, (Const, Num)):
            return replace(e, sort=z(e.sort, final))
        if isinstance(e, BoolLit):
            return e
        if isinstance(e, TypeE):
            return TypeE(z(e.value, final), e.sort)
        if isinstance(e, App):
            return App(self.zonk_expr(e.fn, final), tuple(self.zonk_expr(a, final) for a in e.args),
                       z(e.sort, final), e.dot)
        if isinstance(e, BinOp):
            return BinOp(e.op, self.zonk_expr(e.lhs, final), self.zonk_expr(e.rhs, final), z(e.sort, final))
        if isinstance(e, UnOp):
            arg = self.zonk_expr(e.arg, final)
            srt = z(e.sort, final)
            if e.op == "↑" and final and not srt.is_unknown and arg.sort == srt:
                return arg  # a coercion to the type the value already has is no coercion
            return UnOp(e.op, arg, srt)
        if isinstance(e, Ascribe):
            return Ascribe(self.zonk_expr(e.expr, final), z(e.sort, final))
        if isinstance(e, (Quant, Lam)):
            b = e.binder
            nb = Binder(b.name, z(b.sort, final) if b.sort is not None else None,
                        self.zonk_expr(b.hyp, final) if b.hyp is not None else None, b.kind)
            body = self.zonk_expr(e.body, final)
            if isinstance(e, Quant):
                return Quant(e.q, nb, body, PROP)
            return Lam(nb, body, z(e.sort, final))
        return e

    # -- defaulting (Lean's default instances at synchronisation points) -----------------------
    def solve_elements(self) -> None:
        for elem, coll, pos in self.elem_constraints:
            c = self.resolve(coll)
            if c.head in _MEMBER_HEADS and c.args and not c.is_var and not self.unify(elem, c.args[0]):
                if not self.has_unknown(elem) and coercion_status(
                    self.zonk(elem), self.zonk(c.args[0]), self.ctx_now(), self.closed
                ) is not None:
                    raise self.type_err(f"elements of type {show_sort(self.zonk(elem))} in a literal of type "
                                        f"{show_sort(self.zonk(c))}", "type mismatch", pos)

    def default_numerals(self) -> None:
        self.solve_elements()
        for m in sorted(self.numeral, key=lambda x: int(x[1:])):
            if m in self.sub or m in self.tainted:
                continue
            self.sub[m] = NAT

    # -- scope ---------------------------------------------------------------------------------
    def find(self, name: str) -> _Entry | None:
        for e in reversed(self.scope):
            if e.name == name:
                return e
        return None

    def bound_as_type(self, name: str) -> bool:
        ent = self.find(name)
        return ent is not None and ent.is_type

    # -- sorts ----------------------------------------------------------------------------------
    def elab_sort(self, s: Sort) -> Sort:
        if s.is_unknown:
            return self.fresh()  # `_` as a type: to be determined by unification
        if s.head == "Type" and not s.is_var:
            return TYPE
        if not s.args and not s.params:
            return s
        ctor = TYPE_CONSTRUCTORS.get(s.head) if not s.is_var else None
        args = tuple(self.elab_sort(a) for a in s.args)
        params: list[Expr] = []
        kinds = [k for k in ctor.kinds if k is not None] if ctor is not None else []
        for i, p in enumerate(s.params):
            want = kinds[i] if i < len(kinds) else None
            el = self.synth(p, want)
            if want is not None:
                el = self.ensure(el, want, "a type parameter", self.at(p))
            params.append(el)
        out = Sort(s.head, args, s.is_var, tuple(params))
        if ctor is not None:
            self.checks.append(("ctor", self.cur, ctor, out))
        return out

    # -- entry points -----------------------------------------------------------------------------
    def elab_prop(self, e: object) -> Expr:
        pos = self.at(e)
        if _data_class_app(e):  # `LT ℕ ∧ a < b`: a structure of operations is no proposition
            raise self.type_err(f"{e.fn.name} … is a class of operations, not a proposition",  # type: ignore[attr-defined]
                                "non-proposition where a proposition is expected", pos)
        out = self.synth(e, PROP)
        s = self.resolve(out.sort)
        if _is_meta(s):
            self.unify(s, PROP)
            return out
        if s.is_prop or s.is_unknown or s.head == "Bool" or (s.head == "Type" and not s.is_var):
            return out  # (a Type-valued term under `→`/`∀` is a Lean pi type)
        raise self.type_err(
            f"expected a proposition here, but this is a non-proposition of type {show_sort(self.zonk(s))}",
            "non-proposition where a proposition is expected",
            pos,
        )

    def check(self, e: object, expected: Sort, what: str = "this term") -> Expr:
        """Elaborate ``e`` against ``expected`` (unify, else coerce, else error)."""
        if self.resolve(expected).is_prop:
            return self.elab_prop(e)
        pos = self.at(e)
        return self.ensure(self.synth(e, expected), expected, what, pos)

    def ensure(self, e: Expr, expected: Sort, what: str, pos: int) -> Expr:
        es = self.resolve(e.sort)
        xs = self.resolve(expected)
        if self.unify(es, xs):
            return e
        if self.has_unknown(es) or self.has_unknown(xs):
            self.taint(es)
            self.taint(xs)
            return e
        # (metavariables left in a sort look like type variables of an open context here)
        st = coercion_status(self.zonk(es), self.zonk(xs), self.ctx_now(), self.closed)
        if st is False:
            raise self.type_err(f"type mismatch: {what} has type {show_sort(self.zonk(es))} but "
                                f"{show_sort(self.zonk(xs))} is expected (no coercion)", "type mismatch", pos)
        # True, or None (a coercion Lean must have found, since the types differ): ↑
        return UnOp("↑", e, xs)

    def ctx_now(self) -> list[Sort]:
        return [self.zonk(c, final=True) for c in self.ctx]

    # -- synthesis ---------------------------------------------------------------------------------
    def synth(self, e: object, expected: Sort | None) -> Expr:
        saved = self.cur
        p = self.positions.get(e)
        if p is not None:
            self.cur = p
        try:
            return self._synth(e, expected)
        finally:
            self.cur = saved

    def _synth(self, e: object, expected: Sort | None) -> Expr:
        if isinstance(e, Num):
            m = self.fresh(numeral=True)
            if expected is not None and not self.resolve(expected).is_prop:
                self.unify(m, expected)  # with UNKNOWN: marks the numeral's type unknowable
            self.checks.append(("num", self.cur, e.value, m))
            return Num(e.value, m)
        if isinstance(e, BoolLit):
            return BoolLit(e.value, PROP)
        if isinstance(e, Var):
            return self.synth_ident(e.name, expected)
        if isinstance(e, Const):  # a global the parser's notation names: no local captures it
            return self.synth_global(e.name, expected)
        if isinstance(e, TypeE):
            return TypeE(self.elab_sort(e.value), e.sort)
        if isinstance(e, RawType):
            raise self.err("a universe (Type/Sort) cannot be used as a term here", "type used as a term")
        if isinstance(e, RawHole):
            raise self.err("a placeholder `_` cannot be used as a term in a statement", "placeholder _")
        if isinstance(e, RawField):
            return self.synth_app(e, (), expected)
        if isinstance(e, App):
            return self.synth_app(e.fn, e.args, expected, dot=e.dot)
        if isinstance(e, BinOp):
            return self.synth_binop(e, expected)
        if isinstance(e, UnOp):
            return self.synth_unop(e, expected)
        if isinstance(e, Ascribe):
            return self.synth_ascribe(e)
        if isinstance(e, Quant):
            return self.synth_quant(e)
        if isinstance(e, Lam):
            return self.synth_lam(e, expected)
        raise self.err(f"cannot elaborate node {type(e).__name__}")

    # -- identifiers -------------------------------------------------------------------------------
    def synth_ident(self, name: str, expected: Sort | None) -> Expr:
        ent = self.find(name)
        if ent is not None:
            return Var(name, TYPE if ent.is_type else ent.sort)
        if name in self.env:
            return Var(name, self.env[name])
        if "." in name:
            first, rest = name.split(".", 1)
            if self.find(first) is not None or first in self.env:
                return self.synth_app(_dotted(first, rest), (), expected)
        if name == "π" and self.pi_is_variable:
            return Var(name, UNKNOWN)
        sym = lookup(name)
        if sym is not None:
            return self.apply_symbol(sym, None, (), expected, False)
        if name.endswith("!") and len(name) > 1:
            stem = name.rstrip("!")
            if self.find(stem) is not None or stem in self.env:
                return UnOp("!", self.check(Var(stem), NAT, f"the argument of {stem}!"), NAT)
        if _is_free_var_name(name):
            # a free variable (its type comes from outside the statement, e.g. a `variable`
            # line): unknown unless the caller's ``env`` gives it — never inferred
            return Var(name, UNKNOWN)
        return Const(name, UNKNOWN)  # opaque: its type is never guessed

    def synth_global(self, name: str, expected: Sort | None) -> Expr:
        """The global constant ``name`` (a symbol of the table, else opaque), never a local."""
        sym = lookup(name)
        if sym is not None:
            return self.apply_symbol(sym, None, (), expected, False)
        return Const(name, UNKNOWN)

    # -- applications --------------------------------------------------------------------------------
    def synth_app(self, fn: object, args: tuple[Any, ...], expected: Sort | None, dot: bool = False) -> Expr:
        while isinstance(fn, App):
            args = fn.args + args
            dot = dot or fn.dot
            fn = fn.fn
        head_pos = self.at(fn)
        if isinstance(fn, RawField):
            receiver = self.synth(fn.expr, None)
            return self.apply_field(receiver, fn.name, args, expected, head_pos)
        if isinstance(fn, Const):  # notation's global (`‖x‖`, `{x | p}`, `if`, `∑`): never a local
            sym = lookup(fn.name)
            if sym is not None:
                return self.apply_symbol(sym, None, args, expected, dot)
            return self.opaque_app(Const(fn.name, UNKNOWN), args, dot)
        if isinstance(fn, Var):
            name = fn.name
            ent = self.find(name)
            if ent is not None or name in self.env:
                head = self.synth_ident(name, None)
                return self.apply_value(head, args, expected, dot)
            if "." in name:
                first, rest = name.split(".", 1)
                if self.find(first) is not None or first in self.env:
                    parts = rest.split(".")
                    receiver: Expr = self.synth_ident(first, None)
                    for part in parts[:-1]:
                        receiver = self.apply_field(receiver, part, (), None, head_pos)
                    return self.apply_field(receiver, parts[-1], args, expected, head_pos)
            sym = lookup(name) if not (name == "π" and self.pi_is_variable) else None
            if sym is not None:
                return self.apply_symbol(sym, None, args, expected, dot)
            if _is_free_var_name(name):
                return self.opaque_app(Var(name, UNKNOWN), args, dot)
            return self.opaque_app(Const(name, UNKNOWN), args, dot)
        if isinstance(fn, Lam):
            raise self.err("applying a lambda directly (a β-redex) is not supported", "β-redex (fun x => …) a")
        head = self.synth(fn, None)
        return self.apply_value(head, args, expected, dot)

    def opaque_app(self, head: Expr, args: tuple[Any, ...], dot: bool) -> Expr:
        """An application whose head has no known type: arguments without expected sorts,
        their metavariables marked unknowable, result ``UNKNOWN``."""
        out: list[Expr] = []
        for a in args:
            # the parameter type exists but is unknown: UNKNOWN (not None) as the expected
            # sort keeps trees, numerals and binders in the argument from choosing a type
            el = self.synth(a, UNKNOWN)
            self.taint(el.sort)
            out.append(el)
        return App(head, tuple(out), UNKNOWN, dot)

    def apply_field(self, receiver: Expr, field: str, args: tuple[Any, ...], expected: Sort | None,
                    pos: int) -> Expr:
        s = self.resolve(receiver.sort)
        ns: str | None = None
        if s.is_fun:
            ns = "Function"
        elif not s.is_var and not s.is_unknown:
            ns = DOT_NAMESPACE.get(s.head)
        if ns == "Prod":
            field = _PROD_FIELDS.get(field, field)
        full = f"{ns}.{field}" if ns is not None else "?." + field
        sym = lookup(full) if ns is not None else None
        if sym is None:
            # an unknown field (or a receiver whose type has no namespace): opaque
            self.taint(s)
            rest = self.opaque_app(Const(full, UNKNOWN), args, True)
            return App(Const(full, UNKNOWN), (receiver, *rest.args), UNKNOWN, True)
        return self.apply_symbol(sym, receiver, args, expected, True)

    def instantiate(self, sig: Signature) -> tuple[list[tuple[str, str | None, Sort]], Sort, Sort]:
        """Fresh metavariables for the schematic parameters: (params, result, explicit sort)."""
        types: dict[str, Sort] = {}
        terms: dict[str, Expr] = {}
        for p in sig.params:
            if p.name is None or p.kind == "explicit":
                continue
            if p.is_type:
                types[p.name] = self.fresh()
            elif p.kind == "implicit":
                terms[p.name] = self.fresh_term(p.sort)
        for p in sig.params:
            if p.kind == "explicit" and p.name is not None and p.is_type:
                types[p.name] = self.fresh()

        def inst(s: Sort) -> Sort:
            if s.is_var and s.head in types:
                return types[s.head]
            if not s.args and not s.params:
                return s
            return Sort(s.head, tuple(inst(a) for a in s.args), s.is_var,
                        tuple(terms.get(x.name, x) if isinstance(x, Var) else x for x in s.params))

        params: list[tuple[str, str | None, Sort]] = []
        for p in sig.params:
            if p.kind == "explicit" and p.is_type:
                params.append((p.kind, p.name, types[p.name] if p.name is not None else self.fresh()))
            else:
                params.append((p.kind, p.name, inst(p.sort)))
        return params, inst(sig.result), inst(sig.sort)

    def apply_symbol(self, sym: Symbol, receiver: Expr | None, args: tuple[Any, ...], expected: Sort | None,
                     dot: bool) -> Expr:
        sig = sym.signature
        assert sig is not None
        pos = self.cur
        params, result, fsort = self.instantiate(sig)
        explicit = [(name, s, orig) for (kind, name, s), orig in zip(params, sig.params, strict=True)
                    if kind == "explicit"]
        raw_args: list[Any] = list(args)
        pre: Expr | None = None
        if receiver is not None:
            k = 0
            rs = self.resolve(receiver.sort)
            for i, (_, s, orig) in enumerate(explicit):
                ps = self.resolve(s)
                if not orig.is_type and (ps.head == rs.head or (ps.is_fun and rs.is_fun)):
                    k = i
                    break
            raw_args.insert(k, _PRE)
            pre = receiver
        n = len(raw_args)
        for kind, _, s in params:
            if kind == "inst":
                self.checks.append(("class", pos, s, sym.name))
                if s.head in ("Insert", "Singleton") and len(s.args) == 2:
                    self.elem_constraints.append((s.args[0], s.args[1], pos))
        if expected is not None and n <= len(explicit):
            rest = [s for _, s, _ in explicit[n:]]
            res_pat = fun_sort(tuple(rest), result) if rest else result
            if not self.resolve(expected).is_prop or self.resolve(res_pat).is_prop:
                self.unify(res_pat, expected)
        out: list[Expr | None] = [None] * n
        order = [i for i in range(n) if not isinstance(raw_args[i], Lam)] + [
            i for i in range(n) if isinstance(raw_args[i], Lam)
        ]
        extra: list[int] = []
        for i in order:
            a = raw_args[i]
            if i >= len(explicit):
                extra.append(i)
                continue
            _, s, orig = explicit[i]
            if a is _PRE:
                assert pre is not None
                out[i] = self.ensure(pre, s, f"the receiver of .{sym.name.rsplit('.', 1)[-1]}", pos)
                continue
            if orig.is_type:
                t = self.type_arg(a, sym.name)
                if isinstance(t, TypeE):
                    self.unify(s, t.value)
                out[i] = t
                continue
            out[i] = self.check(a, s, f"argument {i + 1} of {sym.name}")
        used = min(n, len(explicit))
        done = tuple(x for x in out[:used] if x is not None)
        rest_sorts = [s for _, s, _ in explicit[used:]]
        res = fun_sort(tuple(rest_sorts), result) if rest_sorts else result
        app: Expr
        if not explicit:
            app = Const(sym.name, result)  # a constant (Real.pi, Set.univ, ∅)
        elif not done:
            app = Const(sym.name, fsort)  # an unapplied function symbol, as a value
        else:
            app = App(Const(sym.name, fsort), done, res, dot)
        if not extra:
            return app
        return self.apply_more(app, [raw_args[i] for i in extra], sym.name, dot)

    def type_arg(self, a: Any, fname: str) -> Expr:
        """An explicit type argument; a term there (``Nonempty s`` for a set ``s``, which
        Lean coerces to a type) is kept as an opaque term."""
        if isinstance(a, TypeE):
            return TypeE(self.elab_sort(a.value), a.sort)
        s = self.expr_to_sort(a)
        if s is None:
            el = self.synth(a, None)
            self.taint(el.sort)
            return el
        return TypeE(self.elab_sort(s))

    def expr_to_sort(self, a: Any) -> Sort | None:
        if isinstance(a, RawType):
            return TYPE
        if isinstance(a, Var):
            if a.name in BASE_TYPES:
                return BASE_TYPES[a.name]
            if self.bound_as_type(a.name):
                return type_var(a.name)
            if self.find(a.name) is not None or a.name in self.env:
                return None
            if a.name in TYPE_CONSTRUCTORS or _greekish(a.name):
                return Sort(a.name, is_var=_greekish(a.name) and a.name not in TYPE_CONSTRUCTORS)
            return None
        if isinstance(a, App):
            head, args = _spine(a)
            if isinstance(head, Var) and head.name in TYPE_CONSTRUCTORS:
                kinds = TYPE_CONSTRUCTORS[head.name].kinds
                sargs: list[Sort] = []
                params: list[Expr] = []
                for k, x in enumerate(args):
                    if k < len(kinds) and kinds[k] is not None:
                        params.append(x)
                    else:
                        s = self.expr_to_sort(x)
                        if s is None:
                            return None
                        sargs.append(s)
                return Sort(head.name, tuple(sargs), False, tuple(params))
            return None
        if isinstance(a, BinOp) and a.op in ("→", "×"):
            x = self.expr_to_sort(a.lhs)
            y = self.expr_to_sort(a.rhs)
            if x is None or y is None:
                return None
            return fun_sort((x,), y) if a.op == "→" else Sort("Prod", (x, y))
        return None

    def apply_value(self, head: Expr, args: tuple[Any, ...], expected: Sort | None, dot: bool) -> Expr:
        """``head args`` for a head whose value has a sort (a variable, a parenthesised term)."""
        if not args:
            return head
        return self.apply_more(head, list(args), getattr(head, "name", "this function"), dot)

    def apply_more(self, head: Expr, args: list[Any], fname: str, dot: bool) -> Expr:
        fs = self.resolve(head.sort)
        if fs.is_unknown or self.has_unknown(fs) and not fs.is_fun:
            return self.opaque_app(head, tuple(args), dot)
        if _is_meta(fs):
            doms = [self.fresh() for _ in args]
            res = self.fresh()
            self.unify(fs, fun_sort(tuple(doms), res))
            fs = self.resolve(head.sort)
        if not fs.is_fun and (fs.is_var or fs.head not in _NO_COE_FUN):
            # a type variable or untabled type may coerce to a function (`FunLike F α β`)
            return self.opaque_app(head, tuple(args), dot)
        if not fs.is_fun:
            raise self.type_err(
                f"{fname} has type {show_sort(self.zonk(fs))}, which is not a function: it cannot be applied "
                f"to {len(args)} argument(s)",
                "too many arguments",
            )
        doms = list(fs.args[:-1])
        res_s = fs.args[-1]
        k = min(len(args), len(doms))
        out: list[Expr | None] = [None] * k
        order = [i for i in range(k) if not isinstance(args[i], Lam)] + [i for i in range(k) if isinstance(args[i], Lam)]
        for i in order:
            out[i] = self.check(args[i], doms[i], f"argument {i + 1} of {fname}")
        rest = doms[k:]
        res = fun_sort(tuple(rest), res_s) if rest else res_s
        new_args = tuple(x for x in out if x is not None)
        if isinstance(head, App):  # keep the spine flat: `f a b`, not `(f a) b`
            app = App(head.fn, (*head.args, *new_args), res, dot or head.dot)
        else:
            app = App(head, new_args, res, dot)
        if len(args) > k:
            return self.apply_more(app, args[k:], fname, dot)
        return app

    # -- operators ------------------------------------------------------------------------------------
    def synth_binop(self, e: BinOp, expected: Sort | None) -> Expr:
        op = e.op
        if op in OPS_LOGIC:
            if op == "→":  # `LT ℕ → …`, `∀ (inst : LT ℕ), …`: a local instance for what follows
                self.refuse_class_hypothesis(e.lhs)
            return BinOp(op, self.elab_prop(e.lhs), self.elab_prop(e.rhs), PROP)
        if op in TREE_RELS:
            return self.tree(e, None, rel=True)
        if op in ARITH_TREE_OPS or op == "^":
            return self.tree(e, expected, rel=False)
        if op in ("∈", "∉"):
            return self.membership(e)
        if op in ("⊆", "⊂"):
            lhs = self.synth(e.lhs, None)
            rhs = self.check(e.rhs, lhs.sort, f"the right side of {op}")
            self.require_container(lhs.sort, op)
            return BinOp(op, lhs, rhs, PROP)
        if op in SET_OPS:
            if expected is not None and not self.resolve(expected).is_prop:
                lhs = self.check(e.lhs, expected, f"the left side of {op}")
            else:
                lhs = self.synth(e.lhs, None)
            rhs = self.check(e.rhs, lhs.sort, f"the right side of {op}")
            self.require_container(lhs.sort, op)
            return BinOp(op, lhs, rhs, lhs.sort)
        if op == "::":
            rhs = self.synth(e.rhs, expected)
            rs = self.resolve(rhs.sort)
            if _is_meta(rs):
                elem = self.fresh()
                self.unify(rs, Sort("List", (elem,)))
                rs = self.resolve(rhs.sort)
            if rs.head != "List" or not rs.args:
                if rs.is_unknown:
                    lhs = self.synth(e.lhs, None)
                    self.taint(lhs.sort)
                    return BinOp(op, lhs, rhs, UNKNOWN)
                raise self.type_err(f"x :: l needs a list l, got {show_sort(self.zonk(rs))}", "type mismatch")
            lhs = self.check(e.lhs, rs.args[0], "the head of the list")
            return BinOp(op, lhs, rhs, rs)
        if op == "++":
            lhs = self.synth(e.lhs, expected)
            rhs = self.check(e.rhs, lhs.sort, "the right side of ++")
            return BinOp(op, lhs, rhs, lhs.sort)
        if op == "×":
            raise self.err("a product type cannot be used as a term", "product type × as a term")
        raise self.err(f"unsupported operator {op!r}", f"operator {op}")

    def require_container(self, s: Sort, op: str) -> None:
        r = self.resolve(s)
        if r.head in ("Nat", "Int", "Rat", "Real", "Complex", "Fun") and not r.is_var:
            raise self.type_err(f"{op} needs sets, got {show_sort(self.zonk(r))}", "type mismatch")

    def membership(self, e: BinOp) -> Expr:
        rhs = self.synth(e.rhs, None)
        rs = self.resolve(rhs.sort)
        if rs.head in _MEMBER_HEADS and rs.args and not rs.is_var:
            lhs = self.check(e.lhs, rs.args[0], f"the element in {e.op}")
            return BinOp(e.op, lhs, rhs, PROP)
        if rs.head in _NO_MEMBERSHIP and not rs.is_var and not rs.is_unknown:
            raise self.type_err(f"x {e.op} s needs a set-like s; here s has type {show_sort(self.zonk(rs))}",
                           "membership in a non-set", self.at(e.rhs))
        lhs = self.synth(e.lhs, None)
        self.taint(lhs.sort)
        return BinOp(e.op, lhs, rhs, PROP)

    # binop% -------------------------------------------------------------------------------------------
    def collect(self, e: Any, leaves: list[_Leaf], ops: list[tuple[str, int]]) -> Any:
        if isinstance(e, BinOp) and e.op in ARITH_TREE_OPS:
            ops.append((e.op, self.at(e)))
            return (e.op, self.collect(e.lhs, leaves, ops), self.collect(e.rhs, leaves, ops), self.at(e))
        if isinstance(e, BinOp) and e.op == "^":
            base = self.collect(e.lhs, leaves, ops)
            expo = self.synth(e.rhs, None)
            return ("^", base, expo, self.at(e))
        if isinstance(e, UnOp) and e.op == "-":
            ops.append(("neg", self.at(e)))
            return ("neg", self.collect(e.arg, leaves, ops), None, self.at(e))
        if isinstance(e, UnOp) and e.op == "↑":
            leaves.append(_Leaf(self.synth(e.arg, None), "coe"))
            return len(leaves) - 1
        if isinstance(e, Num):
            leaves.append(_Leaf(self.synth(e, None), "num"))
            return len(leaves) - 1
        leaves.append(_Leaf(self.synth(e, None), "term"))
        return len(leaves) - 1

    def tree(self, e: BinOp, expected: Sort | None, rel: bool) -> Expr:
        leaves: list[_Leaf] = []
        ops: list[tuple[str, int]] = []
        pos = self.at(e)
        if rel:
            shapes = [self.collect(e.lhs, leaves, ops), self.collect(e.rhs, leaves, ops)]
        else:
            shapes = [self.collect(e, leaves, ops)]
        carrier = self.carrier(leaves, expected, pos)
        if carrier is None:  # opaque
            for lf in leaves:
                self.taint(lf.expr.sort)
            built = [self.rebuild(s, leaves, UNKNOWN, opaque=True) for s in shapes]
        else:
            for lf in leaves:
                self.place(lf, carrier)
            for op, opos in ops:
                self.checks.append(("op", opos, op, carrier))
            for expo, ppos in _powers(shapes):
                self.checks.append(("pow", ppos, carrier, expo.sort, expo))
            if rel and e.op in _OP_CLASS:
                self.checks.append(("op", pos, e.op, carrier))
            built = [self.rebuild(s, leaves, carrier, opaque=False) for s in shapes]
        if rel:
            return BinOp(e.op, built[0], built[1], PROP)
        return built[0]

    def carrier(self, leaves: list[_Leaf], expected: Sort | None, pos: int) -> Sort | None:
        """The binop% carrier of a tree (``None``: opaque, no carrier).  An expected sort
        that is ``UNKNOWN`` (an argument of an opaque function) makes the tree opaque: the
        expected type takes part in Lean's choice of the carrier."""
        if expected is not None and self.resolve(expected).is_unknown:
            return None
        for lf in leaves:
            if lf.kind != "num" and self.has_unknown(lf.expr.sort):
                return None
        best: Sort | None = None
        if expected is not None:
            xs = self.resolve(expected)
            if not _is_meta(xs) and not xs.is_prop and not self.has_unknown(xs):
                best = xs
        for lf in leaves:
            if lf.kind != "term":
                continue
            t = self.resolve(lf.expr.sort)
            if _is_meta(t):
                continue
            if best is None:
                best = t
                continue
            if self.unifiable(best, t):
                continue
            c1 = coercion_status(self.zonk(t), self.zonk(best), self.ctx_now(), self.closed)
            if c1 is True:
                continue
            c2 = coercion_status(self.zonk(best), self.zonk(t), self.ctx_now(), self.closed)
            if c2 is True:
                best = t
                continue
            if c1 is None or c2 is None:
                return None
            raise self.type_err(
                f"no coercion between {show_sort(self.zonk(best))} and {show_sort(self.zonk(t))}: "
                "these cannot be combined or compared",
                "type mismatch",
                pos,
            )
        if best is None:
            best = self.fresh()
        return best

    def place(self, lf: _Leaf, carrier: Sort) -> None:
        e = lf.expr
        if lf.kind == "coe":
            if self.unifiable(e.sort, carrier) and not self.known(e.sort):
                self.unify(e.sort, carrier)
            else:
                self.checks.append(("coe", self.cur, e.sort, carrier))
            lf.expr = UnOp("↑", e, carrier)
            return
        t = self.resolve(e.sort)
        if self.unify(t, carrier):
            return
        lf.expr = UnOp("↑", e, carrier)  # carrier() established that this coercion exists

    def rebuild(self, shape: Any, leaves: list[_Leaf], carrier: Sort, opaque: bool) -> Expr:
        if isinstance(shape, int):
            lf = leaves[shape].expr
            if opaque and leaves[shape].kind == "coe":
                return UnOp("↑", lf, UNKNOWN)
            return lf
        tag, a, b, _ = shape
        if tag == "neg":
            return UnOp("-", self.rebuild(a, leaves, carrier, opaque), carrier)
        if tag == "^":
            return BinOp("^", self.rebuild(a, leaves, carrier, opaque), b, carrier)
        return BinOp(tag, self.rebuild(a, leaves, carrier, opaque), self.rebuild(b, leaves, carrier, opaque), carrier)

    def synth_unop(self, e: UnOp, expected: Sort | None) -> Expr:
        op = e.op
        if op == "¬":
            return UnOp("¬", self.elab_prop(e.arg), PROP)
        if op == "-":
            return self.tree(e, expected, rel=False)  # type: ignore[arg-type]
        if op == "!":
            return UnOp("!", self.check(e.arg, NAT, "the argument of !"), NAT)
        if op == "↑":
            inner = self.synth(e.arg, None)
            xs = self.resolve(expected) if expected is not None else None
            if xs is None or xs.is_prop or _is_meta(xs):
                return UnOp("↑", inner, UNKNOWN if xs is None or xs.is_prop else xs)
            if self.unifiable(inner.sort, xs) and not self.known(inner.sort):
                self.unify(inner.sort, xs)
            else:
                self.checks.append(("coe", self.cur, inner.sort, xs))
            return UnOp("↑", inner, xs)
        if op in ("abs", "⁻¹", "ᶜ"):
            want = expected if expected is not None and not self.resolve(expected).is_prop else None
            a = self.synth(e.arg, want)
            if want is not None:
                a = self.ensure(a, want, f"the argument of {op}", self.at(e.arg))
            if self.has_unknown(a.sort):
                return UnOp(op, a, UNKNOWN)
            if op == "abs":
                self.checks.append(("class", self.cur, Sort("Lattice", (a.sort,)), "|·|"))
                self.checks.append(("class", self.cur, Sort("AddGroup", (a.sort,)), "|·|"))
            else:
                self.checks.append(("op", self.cur, op, a.sort))
            return UnOp(op, a, a.sort)
        raise self.err(f"unsupported unary operator {op!r}", f"operator {op}")

    def synth_ascribe(self, e: Ascribe) -> Expr:
        target = self.elab_sort(e.sort)
        inner_raw = e.expr
        el = self.check(inner_raw, target, "the ascribed term")
        if isinstance(el, UnOp) and el.op == "↑":
            is_tree = (isinstance(inner_raw, BinOp) and inner_raw.op in ARITH_TREE_OPS | {"^"}) or (
                isinstance(inner_raw, UnOp) and inner_raw.op == "-"
            )
            if not is_tree:
                return el
        return Ascribe(el, target)

    # -- binders ------------------------------------------------------------------------------------------
    def bind(self, b: Binder, hint: Sort | None = None) -> tuple[Binder, _Entry]:
        if b.kind == "inst":
            cls = self.elab_class(b.sort) if b.sort is not None else UNKNOWN
            self.refuse_local_instance(cls, known_only=False, pos=self.at(b))
            return Binder(b.name, cls, None, "inst"), _Entry(b.name or "_", cls)
        if b.sort is not None:
            s = self.elab_sort(b.sort)
            # in Lean 4 every local of a class type is a local instance, whatever its brackets
            self.refuse_local_instance(s, known_only=True, pos=self.at(b))
            is_type = s.head == "Type" and not s.is_var
            if is_type and b.name:
                self.closed.add(b.name)
            return Binder(b.name, s, None, b.kind), _Entry(b.name or "_", s, is_type)
        m = self.fresh()
        if hint is not None:
            self.unify(m, hint)
        return Binder(b.name, m, None, b.kind), _Entry(b.name or "_", m)

    def refuse_local_instance(self, cls: Sort, known_only: bool, pos: int | None = None) -> None:
        """Refuse a local instance that may replace the library's meaning of what the
        statement says.  A local of a class type is an instance in Lean 4 and is tried before
        the library's: with ``[inst : LT ℕ]`` (or ``(inst : LT ℕ)``) the ``<`` of ``a < b`` on
        ℕ is ``inst``'s arbitrary relation, not ℕ's order, so reading it as ℕ's order (and
        rewriting with ``Nat.lt_iff_add_one_le``) would be wrong.  Refused: a class whose
        instances carry interpreted data (operations, orders, numerals, casts, norms, …) on a
        type that is not a type variable; with ``known_only=False`` (``[…]`` binders) also a
        class this checker does not know, when none of its type arguments is a type variable
        (``[Foo ℕ]`` may extend ``LT ℕ``; ``[Module ℝ E]`` is kept).  Classes that carry only
        propositions or a unique value (``[Fact p]``, ``[NeZero n]``, ``[Fintype α]``,
        ``[DecidableEq α]`` …) are kept."""
        if cls.is_fun and cls.args:  # (inst : (α : Type) → LT α) as a sort: its result decides
            res = cls.args[-1]
            if _class_name(res.head) in KNOWN_CLASSES or _class_name(res.head) in _OPERATION_CLASSES:
                raise self.err(
                    f"a local instance of a function type ending in {_class_name(res.head)} would take the place of "
                    "the library's instance (Lean finds it by unification): not supported",
                    "local instance of a library class", pos)
            return
        if cls.is_var or cls.is_unknown or _is_meta(cls) or not cls.args:
            return
        head = _class_name(cls.head)
        on_vars = [self.resolve(a).is_var or _is_meta(self.resolve(a)) for a in cls.args]
        if head in KNOWN_CLASSES or head in _OPERATION_CLASSES:
            if not _operation_class(head) or all(on_vars):
                return
        elif head in _PROP_OR_UNIQUE_CLASSES or any(on_vars):
            return
        elif known_only and not _class_like(cls.head):
            if cls.head in TYPE_CONSTRUCTORS or _known_structure(cls.head) or _is_proposition_name(cls.head):
                return
            raise self.err(
                f"unknown type {show_sort(self.zonk(cls))}: if {cls.head} is a class (a Mathlib class or one "
                "declared elsewhere), a local of this type is an instance that takes the place of the library's "
                "for what the statement says (Lean tries local instances first), and this checker cannot tell: "
                "not supported",
                "unknown type constructor on a concrete type",
                pos,
            )
        raise self.err(
            f"a local instance {show_sort(self.zonk(cls))} would take the place of the library's instance "
            "for what the statement says (Lean tries local instances first): not supported",
            "local instance of a library class",
            pos,
        )

    def refuse_class_hypothesis(self, hyp: Any) -> None:
        """``(inst : OfNat ℕ 3)`` reads like a hypothesis about an unknown predicate, but a
        class name makes it a local instance: refused like one (see
        :meth:`refuse_local_instance`) unless every argument is a type variable."""
        pi = False
        while True:  # (inst : ∀ α : Type, LT α), (inst : (α : Type) → LT α): a local instance too,
            # found by unification for every type - ℕ included
            if isinstance(hyp, Quant) and hyp.q == "∀":
                hyp, pi = hyp.body, True
            elif isinstance(hyp, BinOp) and hyp.op == "→":
                hyp, pi = hyp.rhs, True
            else:
                break
        hyp = _unascribed(hyp)  # `(LT : Type → Type) ℕ`, `Foo (ℕ : Type) 3`: ascriptions change no class
        if isinstance(hyp, (Var, Const)):
            hyp = App(hyp, (), UNKNOWN)
        if not (isinstance(hyp, App) and isinstance(hyp.fn, (Var, Const))):
            return
        name = _class_name(hyp.fn.name)
        if not _operation_class(hyp.fn.name):
            if self.unknown_type_predicate(hyp):
                raise self.err(
                    f"{hyp.fn.name} applied to a type: an unknown constant of a type may be a class (a local of a "
                    "class type is an instance, whatever the case of its name), whose instance would take the place "
                    "of the library's for what the statement says: not supported",
                    "unknown predicate of a concrete type",
                )
            return
        scope_types = {e.name for e in self.scope if getattr(e, "is_type", False)}
        if not pi and all(isinstance(a, (Var, Const)) and a.name in scope_types for a in hyp.args):
            return
        raise self.err(
            f"a local instance {name} … would take the place of the library's instance for what the statement "
            "says (Lean tries local instances first): not supported",
            "local instance of a library class",
        )

    def unknown_type_predicate(self, hyp: App) -> bool:
        """``foo ℕ``, ``myPred (Set ℕ)``: a constant neither the table, the scope nor the class
        tables know, applied to a concrete type (``(h : foo ℕ)`` may be a local instance of
        ``class foo (α) extends LT α``; only the capitalised form was refused as a binder type)."""
        name = hyp.fn.name
        if self.find(name) is not None or name in self.env or lookup(name) is not None:
            return False
        short = _class_name(name)
        if short in KNOWN_CLASSES or short in _PROP_OR_UNIQUE_CLASSES or _is_proposition_name(name):
            return False
        return any(_concrete_type_arg(a) for a in hyp.args)

    def elab_class(self, s: Sort) -> Sort:
        """An instance binder's class application; ``[Fact P]`` elaborates ``P`` as a
        proposition; other term parameters (``[NeZero n]``) as terms."""
        args = tuple(self.elab_sort(a) for a in s.args)
        if s.head == "Fact":
            params = tuple(self.elab_prop(p) for p in s.params)
        else:
            params = tuple(self.synth(p, None) for p in s.params)
        out = Sort(s.head, args, s.is_var, params)
        self.ctx.append(out)
        return out

    def synth_quant(self, e: Quant) -> Expr:
        b, ent = self.bind(e.binder)
        self.scope.append(ent)
        try:
            body = self.elab_prop(e.body)
        finally:
            self.scope.pop()
        return Quant(e.q, b, body, PROP)

    def synth_lam(self, e: Lam, expected: Sort | None) -> Expr:
        xs = self.resolve(expected) if expected is not None else None
        hint = xs.args[0] if xs is not None and xs.is_fun else None
        b, ent = self.bind(e.binder, hint)
        opaque = xs is not None and xs.is_unknown
        if opaque:
            # a function passed to an opaque symbol: its binder and body types are unknown
            self.taint(ent.sort)
        self.scope.append(ent)
        try:
            res_hint: Sort | None = None
            if xs is not None and xs.is_fun:
                res_hint = fun_sort(xs.args[1:-1], xs.args[-1]) if len(xs.args) > 2 else xs.args[-1]
            if opaque:
                body = self.synth(e.body, UNKNOWN)
                self.taint(body.sort)
            elif res_hint is not None and self.resolve(res_hint).is_prop:
                body = self.elab_prop(e.body)
            elif res_hint is not None and not _is_meta(self.resolve(res_hint)):
                body = self.check(e.body, res_hint, "the body of fun")
            else:
                body = self.synth(e.body, None)
                if res_hint is not None:
                    self.unify(res_hint, body.sort)
        finally:
            self.scope.pop()
        return Lam(b, body, fun_sort((ent.sort,), body.sort))

    # -- deferred checks ------------------------------------------------------------------------------------
    def run_checks(self) -> None:
        ctx = self.ctx_now()
        for chk in self.checks:
            kind, pos = chk[0], chk[1]
            if kind == "num":
                value, s = chk[2], self.zonk(chk[3], final=True)
                if not s.is_unknown and numeral_status(s, value, ctx, self.closed) is False:
                    inst = f"OfScientific {show_sort(s)}" if "." in value else f"OfNat {show_sort(s)} {value}"
                    raise self.type_err(f"the numeral {value} cannot denote an element of {show_sort(s)} "
                                        f"(no {inst} instance)", "numeral at a non-numeric type", pos)
            elif kind == "op":
                op, s = chk[2], self.zonk(chk[3], final=True)
                cls = _OP_CLASS.get(op)
                if cls and not self.has_unknown(s) and class_status(s, cls, ctx, self.closed) is False:
                    shown = "unary -" if op == "neg" else op
                    raise self.type_err(f"{shown} is not defined on {show_sort(s)} (no {cls} instance)",
                                   "operation on a type without it", pos)
            elif kind == "class":
                cls_sort, what = self.zonk(chk[2], final=True), chk[3]
                if cls_sort.params or any(self.has_unknown(a) for a in cls_sort.args) or not cls_sort.args:
                    continue
                carrier = cls_sort.args if len(cls_sort.args) > 1 else cls_sort.args[0]
                if class_status(carrier, cls_sort.head, ctx, self.closed) is False:
                    raise self.type_err(f"{what} needs an instance {cls_sort.head} "
                                   f"{' '.join(_paren_sort(a) for a in cls_sort.args)}, which this type does not have",
                                   "missing typeclass instance", pos)
            elif kind == "pow":
                base, ex = self.zonk(chk[2], final=True), self.zonk(chk[3], final=True)
                expo = chk[4]
                if isinstance(expo, Num) and "." in expo.value and not ex.is_var and ex.head in ("Nat", "Int"):
                    raise self.type_err(f"the exponent {expo.value} would be a natural number (Lean's default for an "
                                        "exponent), which has no decimal literals: write it with a type, e.g. "
                                        f"({expo.value} : ℝ)", "power with an exponent type the base does not have", pos)
                why = _no_power(base, ex, ctx, self.closed)
                if why is not None:
                    raise self.type_err(f"no power {show_sort(base)} ^ {show_sort(ex)} exists ({why})",
                                        "power with an exponent type the base does not have", pos)
            elif kind == "coe":
                src, dst = self.zonk(chk[2], final=True), self.zonk(chk[3], final=True)
                if not src.is_unknown and not dst.is_unknown and src != dst:
                    if coercion_status(src, dst, ctx, self.closed) is False:
                        raise self.type_err(f"no coercion from {show_sort(src)} to {show_sort(dst)}", "type mismatch", pos)
            elif kind == "ctor":
                ctor, s = chk[2], self.zonk(chk[3], final=True)
                type_params = [nm for nm, k in zip(ctor.names, ctor.kinds, strict=True) if k is None]
                if len(type_params) != len(s.args):
                    continue
                for inst in ctor.instances:
                    # the constructor's own requirement (`Polynomial R` needs `Semiring R`)
                    if len(inst.args) != 1 or inst.args[0].head not in type_params:
                        continue
                    carrier = s.args[type_params.index(inst.args[0].head)]
                    if not self.has_unknown(carrier) and class_status(carrier, inst.head, ctx, self.closed) is False:
                        raise self.type_err(f"{ctor.name} {_paren_sort(carrier)} needs an instance {inst.head} "
                                       f"{_paren_sort(carrier)}", "missing typeclass instance", pos)


def _class_name(name: str) -> str:
    """A class name as the tables know it: its last component (``_root_.LT``, ``Std.LT``,
    ``Order.Frame`` are ``LT``, ``LT``, ``Frame``; a namespaced name that is not Lean's is
    an error in Lean anyway)."""
    return name.rsplit(".", 1)[-1]


#: Class names outside the hierarchy by the shape of their name: Mathlib's algebraic and order
#: classes (``HeytingAlgebra``, ``CompleteDistribLattice``, ``IdemSemiring``,
#: ``LinearOrderedCommMonoidWithZero``, ``Order.Frame`` …) carry an order or operations, and a
#: local of one on ℕ replaces ℕ's (adversary round 33 certified ``a < b`` vs ``a + 1 ≤ b``
#: under ``(inst : HeytingAlgebra ℕ)``).  Type constructors with such names are excepted.
_CLASS_LIKE = re.compile(r"(Algebra|Lattice|Monoid|Group|Ring|Semiring|Field|Semifield|Frame|Coframe|WithZero|"
                         r"WithOne|WithTop|WithBot|Preorder|Order|Domain|Module|Space|Magma|Semigroup|Sup|Inf|"
                         r"Top|Bot|Class|Action)$")
#: Type constructors (and propositional classes) whose names have those shapes: variables of
#: these types, or these hypotheses, change no operation on ℕ, ℤ, ℚ, ℝ (adversary round 34
#: found `DihedralGroup 4`, `FractionRing ℤ`, `NumberField ℚ` … refused).
_TYPE_CONSTRUCTORS_LIKE_CLASSES = frozenset({
    "FreeGroup", "FreeMonoid", "FreeAbelianGroup", "FreeAddGroup", "FreeAddMonoid", "FreeAlgebra", "FreeRing",
    "FreeCommRing", "FreeMagma", "FreeSemigroup", "FreeLattice", "TensorAlgebra", "CliffordAlgebra",
    "ExteriorAlgebra", "MonoidAlgebra", "AddMonoidAlgebra", "GroupRing", "EuclideanSpace", "PiLp", "WithLp",
    "OrderDual", "Lex", "Additive", "Multiplicative", "ConjAct", "Order", "SimpleGraph", "WithTop", "WithBot",
    "DihedralGroup", "QuaternionGroup", "AlternatingGroup", "SpecialLinearGroup", "GeneralLinearGroup",
    "FractionRing", "CyclotomicField", "GaloisField", "SplittingField", "QuaternionAlgebra", "IntermediateField",
    "AlgebraicClosure", "SeparableClosure", "FunctionField", "NumberField", "PerfectField", "BorelSpace",
    "CompactSpace", "LocalRing", "ValuationRing", "DedekindDomain", "PrincipalIdealRing", "Sylow",
    "ProjectiveSpace", "ProjectiveLinearGroup", "UnitaryGroup", "OrthogonalGroup", "SymmetricGroup",
    "CliffordGroup", "Subgroup", "AddSubgroup", "Subring", "Subfield", "Subsemiring", "Submonoid",
    "AddSubmonoid", "Subalgebra", "StarSubalgebra", "Subspace", "Submodule", "Subsemigroup", "Sublattice",
})


#: Mathlib structures (not classes) that take a type argument, beside the type constructors
#: the checker interprets (``TYPE_CONSTRUCTORS``): a variable of one of these types on a
#: concrete type (``(G : SimpleGraph ℕ)``) is an ordinary variable.  Any other unknown
#: constructor applied to a concrete type is refused in a binder: it could be a class
#: (``(x : Foo ℕ)`` with ``class Foo (α) extends LT α``) whose local instance changes ``<``
#: on ℕ, and by its name alone the checker cannot tell.
_KNOWN_STRUCTURES = frozenset({
    "SimpleGraph", "Digraph", "Quiver", "Sym", "Sym2", "Cycle", "Vector", "Mathlib.Vector", "List.Vector", "Array",
    "Stream'", "Part", "Subtype", "Quotient", "Setoid", "Prod", "Sum", "PSum", "Sigma", "Units", "Equiv",
    "Function.Embedding", "Finpartition", "Composition", "Nat.Partition", "YoungDiagram", "Ultrafilter",
    "MeasureTheory.Measure", "Measure", "MeasureTheory.ProbabilityMeasure", "ProbabilityMeasure", "Filter.Germ",
    "Finsupp", "DFinsupp", "Interval", "NonemptyInterval", "Box", "Seq", "Stream'.Seq", "Computation",
    "Language", "RegularExpression", "Module.End", "Function.End", "Matrix.GeneralLinearGroup", "PowerSeries",
    "LaurentSeries", "HahnSeries", "RatFunc", "AlgebraicClosure", "Con", "AddCon", "RingCon", "Finmap",
    "Ordnode", "Tree", "Nat.Primes", "Fin2", "Bitvec", "BitVec", "Ordinal", "Cardinal", "Game", "PGame",
})


def _known_structure(name: str) -> bool:
    return name in _KNOWN_STRUCTURES or name in _TYPE_CONSTRUCTORS_LIKE_CLASSES  # by full name: `Foo.Box` is not `Box`


def _is_proposition_name(name: str) -> bool:
    """``IsDomain``, ``IsEmpty``, ``IsDedekindDomain``: Mathlib's ``Is…`` names are
    propositions (a local instance of one is a proof, and changes no operation)."""
    short = _class_name(name)
    return short.startswith("Is") and short[2:3].isupper()


def _class_like(name: str) -> bool:
    short = _class_name(name)
    if _is_proposition_name(short):
        return False
    return bool(_CLASS_LIKE.search(short)) and short not in _TYPE_CONSTRUCTORS_LIKE_CLASSES


def _operation_class(name: str) -> bool:
    """Does the class ``name`` carry what the parser interprets (operations, orders,
    numerals, casts …)?  A known class by its ancestors, Lean's operation classes, and other
    names by their shape (:func:`_class_like`); propositional classes (``Nonempty``,
    ``Fact``, ``IsDomain``) do not."""
    short = _class_name(name)
    if short in KNOWN_CLASSES:
        return bool(ancestors(short) & _INTERPRETED_DATA)
    return short in _OPERATION_CLASSES or _class_like(name)


def _unascribed(e: object) -> object:
    """Raw ``e`` without type ascriptions on it, its head and its arguments."""
    while isinstance(e, Ascribe):
        e = e.expr
    if isinstance(e, App):
        return App(_unascribed(e.fn), tuple(_unascribed(a) for a in e.args), e.sort, e.dot)  # type: ignore[arg-type]
    return e


def _concrete_type_arg(a: object) -> bool:
    """Is raw ``a`` a concrete type (``ℕ``, ``Set ℕ``, ``Fin 3``, ``ℕ → ℕ``)?"""
    if isinstance(a, (Var, Const)):
        return a.name in BASE_TYPES
    if isinstance(a, App) and isinstance(a.fn, (Var, Const)):
        return a.fn.name in TYPE_CONSTRUCTORS
    if isinstance(a, BinOp) and a.op == "→":
        return _concrete_type_arg(a.lhs) or _concrete_type_arg(a.rhs)
    return isinstance(a, TypeE)


def _data_class_app(e: object) -> bool:
    """Is raw ``e`` a class of operations applied to arguments (``LT ℕ``, ``HAdd ℕ ℕ ℕ``,
    ``HeytingAlgebra ℕ``)?"""
    return isinstance(e, App) and isinstance(e.fn, (Var, Const)) and _operation_class(e.fn.name)


def _powers(shapes: list[Any]) -> list[tuple[Expr, int]]:
    """The exponents (and positions) of the ``^`` nodes of binop% shapes."""
    out: list[tuple[Expr, int]] = []
    stack = list(shapes)
    while stack:
        sh = stack.pop()
        if isinstance(sh, tuple):
            tag, a, b, pos = sh
            if tag == "^":
                out.append((b, pos))
                stack.append(a)
            else:
                stack.extend(x for x in (a, b) if x is not None)
    return out


#: Bases with a real-exponent power in Mathlib (``Real.rpow``, ``NNReal.rpow``,
#: ``ENNReal.rpow``); a complex exponent only on ℂ (``Complex.cpow``), which has no real one.
_RPOW_BASES = frozenset({"Real", "NNReal", "ENNReal"})


def _no_power(base: Sort, ex: Sort, ctx: list[Sort], closed: Any) -> str | None:
    """Why Mathlib has no ``HPow base ex`` (None: it has one, or this cannot tell).  ℕ
    exponents are ``Monoid.npow``; ℤ needs a ``DivInvMonoid`` (``zpow``: none on ℕ or ℤ);
    ℝ exists on ℝ, ℝ≥0 and ℝ≥0∞; ℂ on ℂ; no ℚ, ``Fin n`` or ``ZMod n`` exponent exists on the
    number types."""
    if base.is_unknown or ex.is_unknown or base.is_var or ex.is_var or _is_meta(base) or _is_meta(ex):
        return None
    numeric_base = base.head in NUMERIC_HEADS or base.head in _RPOW_BASES
    if ex.head == "Nat" and not ex.params:
        return None
    if ex.head in ("Fin", "ZMod") and (numeric_base or base.head in ("Fin", "ZMod")):
        return f"Mathlib has no power with an exponent in {show_sort(ex)}"
    if ex.head == "Int" and not ex.params:
        if class_status(base, "DivInvMonoid", ctx, closed) is False:
            return f"an integer exponent needs a group or a field; {show_sort(base)} is neither"
        return None
    if not numeric_base:
        return None
    if ex.head == "Real":
        return None if base.head in _RPOW_BASES else f"real exponents exist on ℝ, ℝ≥0 and ℝ≥0∞, not on {show_sort(base)}"
    if ex.head == "Complex":
        return None if base.head == "Complex" else f"complex exponents exist on ℂ only, not on {show_sort(base)}"
    if ex.head == "Rat":
        return f"Mathlib has no rational exponent on {show_sort(base)}"
    return None


class _Pre:
    """Marks the slot of a dot-notation receiver among the raw arguments."""


_PRE = _Pre()


def _greekish(name: str) -> bool:
    if not name or "." in name:
        return False
    head, rest = name[0], name[1:]
    if not all(ch.isdigit() or ch in "₀₁₂₃₄₅₆₇₈₉" or ch == "'" for ch in rest):
        return False
    o = ord(head)
    return (0x3B1 <= o <= 0x3C9 and head != "λ") or ("A" <= head <= "Z")


def _spine(term: Any) -> tuple[Any, tuple[Any, ...]]:
    args: tuple[Any, ...] = ()
    while isinstance(term, App):
        args = term.args + args
        term = term.fn
    return term, args


def _dotted(first: str, rest: str) -> RawField:
    e: object = Var(first)
    for part in rest.split("."):
        e = RawField(e, part)  # type: ignore[arg-type]
    return e  # type: ignore[return-value]


def _is_free_var_name(name: str) -> bool:
    """Lower-case plain names (``x``, ``n₁``, ``f'``) are free variables when unbound."""
    return "." not in name and (name[:1].islower() or name[:1] == "_") and name not in SYMBOLS


# --------------------------------------------------------------------------------------
# Public entry points (run them under certibench.logic.deep.deep_call for deep input)
# --------------------------------------------------------------------------------------


def _finish(el: _Elab, result: Any, zonk: Callable[[Any], Any]) -> Any:
    el.default_numerals()
    out = zonk(result)
    el.run_checks()
    return out


def elaborate_expr(raw: Expr, env: Mapping[str, Sort] | None = None, text: str = "",
                   positions: Positions | None = None, pi_is_variable: bool = False) -> Expr:
    """Elaborate a raw (or already elaborated) term; free names get sorts from ``env``, else
    they are of unknown type."""
    el = _Elab(text, positions, env, pi_is_variable)
    e = el.synth(raw, None)
    return _finish(el, e, lambda x: el.zonk_expr(x, final=True))  # type: ignore[no-any-return]


def elaborate_prop(raw: Expr, env: Mapping[str, Sort] | None = None, text: str = "",
                   positions: Positions | None = None) -> Expr:
    """Elaborate a proposition (expected sort ``Prop``)."""
    el = _Elab(text, positions, env)
    e = el.elab_prop(raw)
    return _finish(el, e, lambda x: el.zonk_expr(x, final=True))  # type: ignore[no-any-return]


def elaborate_declaration(raw: Declaration, text: str = "", positions: Positions | None = None,
                          pi_is_variable: bool = False) -> Declaration:
    """Elaborate a raw declaration: binders in order (Lean's defaulting after each), then
    the statement; instance binders form the typeclass context of every check."""
    el = _Elab(text, positions, None, pi_is_variable)
    # type variables declared in the statement: only their context is complete
    for b in raw.binders:
        if b.kind != "inst" and b.sort is not None and b.sort.head == "Type" and not b.sort.is_var and b.name:
            el.closed.add(b.name)
    binders: list[Binder] = []
    for b in raw.binders:
        saved = el.cur
        p = el.positions.get(b)
        if p is not None:
            el.cur = p
        if b.kind == "inst":
            nb, ent = el.bind(b)
            binders.append(nb)
            if b.name:
                el.scope.append(ent)
        elif b.hyp is not None:
            el.refuse_class_hypothesis(b.hyp)
            h = el.elab_prop(b.hyp)
            binders.append(Binder(b.name, None, h, b.kind))
            if b.name:
                el.scope.append(_Entry(b.name, UNKNOWN))
        else:
            nb, ent = el.bind(b)
            el.scope.append(ent)
            binders.append(nb)
        el.default_numerals()
        el.cur = saved
    prop = el.elab_prop(raw.prop)
    el.default_numerals()
    final = [
        Binder(b.name, el.zonk(b.sort, final=True) if b.sort is not None else None,
               el.zonk_expr(b.hyp, final=True) if b.hyp is not None else None, b.kind)
        for b in binders
    ]
    decl = Declaration(raw.kind, raw.name, tuple(final), el.zonk_expr(prop, final=True))
    el.run_checks()
    return decl


def elaborate(e: Expr, env: Mapping[str, Sort] | None = None) -> Expr:
    """Re-elaborate an AST built by hand or by a transform: recomputes every sort from the
    binder sorts and ascriptions (node sorts already present are ignored), so the result is
    exactly what ``parse`` would give for its Lean rendering.  Runs under ``deep_call``."""
    return deep_call(_elaborate, e, env)


def _elaborate(e: Expr, env: Mapping[str, Sort] | None) -> Expr:
    return elaborate_prop(_strip(e), env) if _looks_prop(e) else elaborate_expr(_strip(e), env)


def _looks_prop(e: Expr) -> bool:
    return e.sort.is_prop or isinstance(e, Quant) or (isinstance(e, BinOp) and (e.op in OPS_REL or e.op in OPS_LOGIC))


def _strip(e: Expr) -> Expr:
    """Forget elaborated sorts (keep binder sorts and ascriptions); turn resolved constants
    back into identifiers."""
    if isinstance(e, Num):
        return Num(e.value)
    if isinstance(e, Var):
        return Var(e.name)
    if isinstance(e, Const):
        return Var(e.name)
    if isinstance(e, (BoolLit, TypeE)):
        return e
    if isinstance(e, App):
        return App(_strip(e.fn), tuple(_strip(a) for a in e.args), UNKNOWN, e.dot)
    if isinstance(e, BinOp):
        return BinOp(e.op, _strip(e.lhs), _strip(e.rhs))
    if isinstance(e, UnOp):
        if e.op == "↑" and not e.sort.is_unknown:
            return Ascribe(UnOp("↑", _strip(e.arg)), e.sort)
        return UnOp(e.op, _strip(e.arg))
    if isinstance(e, Ascribe):
        return Ascribe(_strip(e.expr), e.sort)
    if isinstance(e, (Quant, Lam)):
        b = e.binder
        s = None if b.sort is None or b.sort.is_unknown else b.sort
        if isinstance(e, Quant):
            return Quant(e.q, Binder(b.name, s, None, b.kind), _strip(e.body))
        return Lam(Binder(b.name, s, None, b.kind), _strip(e.body))
    return e


# keep the historical helper available for callers of the old module
def join_sorts(a: Sort | None, b: Sort | None) -> Sort | None:
    """The larger of two numeric sorts (ℕ < ℤ < ℚ < ℝ < ℂ); otherwise the known one."""
    if a is None or a.is_unknown:
        return b
    if b is None or b.is_unknown:
        return a
    if a.is_numeric and b.is_numeric:
        order = ("Nat", "Int", "Rat", "Real", "Complex")
        return a if order.index(a.head) >= order.index(b.head) else b
    return a


__all__ += ["join_sorts", "set_of", "fact_of"]
