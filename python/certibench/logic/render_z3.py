"""Translate the typed formula AST into Z3 with **Lean 4 / Mathlib semantics**.

This is the foundation of the certifier, so the translation is conservative: every
construct is either encoded faithfully, encoded as an *over-approximation* that is still
sound for proving (an uninterpreted symbol, recorded in :attr:`Z3Translator.abstracted`
and, for symbols whose real meaning we drop, in :attr:`Z3Translator.incomplete_reasons`),
or rejected with :class:`TranslationError` naming the construct.

Semantics (Lean's, not Python's or SMT-LIB's):

* ``ℕ`` is Z3 ``Int`` plus non-negativity: free ℕ variables and ℕ-valued uninterpreted
  functions/constants get axioms (``x ≥ 0``, ``∀ xs, f xs ≥ 0``) in :attr:`axioms`; bound
  ones are guarded (``∀ n : ℕ, P`` ⇝ ``∀ n, n ≥ 0 → P``; ``∃`` ⇝ ``n ≥ 0 ∧ P``).
* ℕ subtraction truncates: ``a - b = if a ≥ b then a - b else 0``.
* ``/`` and ``%`` on ℕ and ℤ are Lean's ``Nat.div``/``Nat.mod`` and ``Int.ediv``/``Int.emod``
  (core Lean's ``instance : Div Int := ⟨Int.ediv⟩``): Euclidean, so ``-7 / 3 = -3``,
  ``-7 % 3 = 2``, ``7 / -2 = -3``; with ``x / 0 = 0`` and ``x % 0 = x``.  SMT-LIB ``div``/``mod``
  are Euclidean too; division by zero is made explicit with an ``If``.
* ``/`` on ℚ/ℝ with ``x / 0 = 0``; ``x⁻¹ = if x = 0 then 0 else 1 / x``.
* ``^`` with a numeral exponent is expanded into products (``x ^ 0 = 1``); negative numeral
  exponents (``zpow``) on fields are ``(x ^ n)⁻¹``; a variable ℕ exponent on ℕ/ℤ is an
  uninterpreted ``pow`` function with its recursive definition as axioms (on ℚ/ℝ it stays
  uninterpreted: with those axioms Z3's nonlinear real arithmetic ran for minutes without
  counting its resource limit).
* ``|x|``, ``max``/``min`` (Mathlib's ``max_def``: ``if a ≤ b then b else a``), ``a ∣ b``
  (``∃ c, b = a * c``: on ℕ/ℤ ``if a = 0 then b = 0 else b % a = 0``; on a field
  ``a ≠ 0 ∨ b = 0``), ``Even``/``Odd`` via ``% 2``, ``n !`` computed on numerals and an
  uninterpreted function defined by its recursion equations otherwise, ``Real.sqrt`` an
  uninterpreted function with its full defining axioms, casts ``↑``/``(e : T)`` ℕ→ℤ→ℚ→ℝ.
* ``ℚ`` is encoded as Z3 ``Real``.  That is sound for *proving* a universally quantified
  equivalence only if it holds over ℝ, and a counterexample may use irrational values, so
  any use of ℚ adds an entry to :attr:`incomplete_reasons`; the certifier must then report
  ``unknown`` instead of ``refuted``.
* Generic type variables (``{G : Type*} [Group G]``) and other opaque types become Z3
  uninterpreted sorts; their arithmetic (``+ * - ⁻¹ 0 1``) and order (``<``/``≤``; ``>``/``≥``
  are flipped, ``≠`` is ``¬ =``) are uninterpreted symbols per sort.  Typeclass axioms are
  *not* assumed, so a proof is valid in every instance but a counterexample may not be a
  real structure (recorded in :attr:`incomplete_reasons`).
* Generic types may be *empty* in Lean but Z3 sorts never are, so every uninterpreted
  sort ``α`` comes with a predicate ``Dom@α``: quantifiers over ``α`` are relativised to
  it, and free variables / uninterpreted function values of type ``α`` satisfy it.  A
  leading ``∀ {α : Type*}`` makes ``α`` a free sort; an instance binder ``[inst : C α]``
  becomes an uninterpreted proposition ``inst!C_α`` assumed by the body (so ``[Group G]``
  and ``[CommGroup G]`` statements are not conflated).  Both are accepted only in positive
  positions (elsewhere: :class:`TranslationError`).
* ``fun x => e`` is a Z3 λ-term (array); ``{x | p x}`` and ``Finset.filter`` are sets;
  big operators (``Finset.sum``/``prod``) stay uninterpreted functions of their set and
  λ-term, so α-equivalent sums are equal.
* ``Set α`` is a Z3 array ``α → Bool`` (variables) and set expressions are translated
  pointwise through membership (``∈ ∉ ⊆ ⊂ ∩ ∪ \\ ᶜ ∅ Set.univ``, set equality by
  extensionality), so the SMT-LIB text uses only core array ``select``.  ``Finset α`` is
  encoded the same way (finiteness is lost: recorded as incomplete).
* Any name in ``uninterpreted`` is always an uninterpreted symbol, even if known (the
  certifier abstracts theorem-specific symbols this way); operator symbols may be named
  too (``"∣" "%" "/" "^" "abs" "!" "⁻¹"``).  ``interpret`` (when given) restricts which known
  symbols get their built-in meaning.

Nothing here reads raw text: only AST nodes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import z3

from certibench.logic.ast import (
    INT,
    NAT,
    OPS_ARITH,
    OPS_LOGIC,
    OPS_REL,
    PROP,
    RAT,
    REAL,
    UNKNOWN,
    App,
    Ascribe,
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
    children,
    walk,
)

__all__ = [
    "KNOWN_SYMBOLS",
    "TranslationError",
    "Z3Result",
    "Z3Translator",
    "check_valid",
    "to_z3",
]


class TranslationError(ValueError):
    """A construct the Z3 translation cannot encode soundly.  ``construct`` names it."""

    def __init__(self, construct: str, detail: str = "") -> None:
        self.construct = construct
        msg = f"cannot translate {construct} to Z3"
        if detail:
            msg += f": {detail}"
        super().__init__(msg)


@dataclass(frozen=True)
class Z3Result:
    """Result of :func:`to_z3`: the formula, the side-condition axioms it needs and an
    SMT-LIB2 *validity* script (axioms plus the negated formula: ``unsat`` ⇔ the formula
    holds in every model of the axioms)."""

    formula: z3.ExprRef
    axioms: list[z3.BoolRef]
    smt2: str
    incomplete_reasons: list[str] = field(default_factory=list)
    free_vars: dict[str, z3.ExprRef] = field(default_factory=dict)
    #: ``False`` when the script uses λ-terms (z3-only; see ``Z3Translator.portable_smt2``)
    portable_smt2: bool = True


# Order of the numeric coercion lattice ℕ → ℤ → ℚ → ℝ.
_NUM_RANK = {"Nat": 0, "Int": 1, "Rat": 2, "Real": 3}
_INT_LIKE = ("Nat", "Int")
_FIELD_LIKE = ("Rat", "Real")
_SET_HEADS = ("Set", "Finset")

#: Known symbols with a built-in meaning (``App(Const(name), …)``); everything else is an
#: uninterpreted function.  Operators can also be named in ``uninterpreted``.
KNOWN_SYMBOLS: frozenset[str] = frozenset(
    {
        "abs", "max", "min", "Max.max", "Min.min", "Even", "Odd", "Nat.Prime",
        "Nat.factorial", "Nat.gcd", "Nat.lcm", "Nat.choose", "Nat.succ", "Nat.pred",
        "Int.natAbs", "Int.toNat", "Nat.cast", "Int.cast", "Rat.cast", "Int.ofNat",
        "NNReal.toReal", "Real.sqrt", "Real.pi", "Set.univ", "∅", "EmptyCollection.emptyCollection",
        "Set.compl", "Set.inter", "Set.union", "Set.diff", "HasCompl.compl", "Singleton.singleton",
        "singleton", "Set.singleton", "Finset.singleton", "Insert.insert", "insert", "Set.insert",
        "Dvd.dvd", "True", "False", "Nat.Coprime", "Nat.ModEq", "Int.ModEq", "Int.emod", "Int.ediv",
        "Int.gcd", "id", "ite", "Set.Icc", "Set.Ico", "Set.Ioc", "Set.Ioo", "Set.Ici", "Set.Ioi", "Set.Iic",
        "Set.Iio", "Finset.range", "Finset.Icc", "Finset.Ico", "Finset.Ioc", "Finset.Ioo", "setOf",
        "Finset.filter",
    }
)  # fmt: skip
_OPERATOR_SYMBOLS = frozenset({"∣", "%", "/", "^", "abs", "!", "⁻¹"})

_ALIASES = {"Max.max": "max", "Min.min": "min", "Nat.factorial": "!", "Dvd.dvd": "∣"}

#: Marker that starts every *internal* name (atoms, abstracted symbols, fresh constants) a
#: caller puts into an AST.  Parsed input never contains it (callers reject such input), so
#: internal and user names live in disjoint SMT namespaces by construction.
INTERNAL_MARK = "\x00"

_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.'")


def encode_name(name: str) -> str:
    """An injective ASCII encoding of any name into SMT-LIB quoted-symbol characters:
    ``[A-Za-z0-9.']`` stay, ``_`` becomes ``__``, every other character ``_uXXXX_``."""
    out = []
    for c in name:
        if c in _PLAIN:
            out.append(c)
        elif c == "_":
            out.append("__")
        else:
            out.append(f"_u{ord(c):x}_")
    return "".join(out)


def smt_name(kind: str, name: str) -> str:
    """The SMT symbol of a name in namespace ``kind``: ``v`` free statement variables,
    ``b`` bound variables, ``c`` named constants, ``o`` typeclass operations of a sort, ``s``
    sorts; internal names (starting with :data:`INTERNAL_MARK`) always get ``i``.  Printed
    as ``|v:x|``, ``|i:atom_3|`` …: user and internal names can never collide."""
    if name.startswith(INTERNAL_MARK):
        return "i:" + encode_name(name[len(INTERNAL_MARK):])
    return f"{kind}:{encode_name(name)}"


def _param_text(p: Expr) -> str:
    if isinstance(p, Num):
        return p.value
    if isinstance(p, Var):
        return "v:" + p.name
    from certibench.logic.ast import canonical_key

    return canonical_key(p)


def _sort_label(s: Sort) -> str:
    """An injective text label of a sort *with its parameters* (``Fin 2`` ≠ ``Fin 3``,
    ``Matrix (Fin 1) (Fin 1) ℝ`` ≠ ``Matrix (Fin 2) (Fin 2) ℝ``; a type variable ``G`` ≠ a type
    constructor named ``G``)."""
    head = ("'" + s.head) if s.is_var else s.head
    if not s.args and not s.params:
        return head
    inner = ", ".join([_sort_label(a) for a in s.args] + ["#" + _param_text(p) for p in s.params])
    return f"{head}({inner})"


def modulus_of(s: Sort) -> int | None:
    """``n`` for ``Fin n``/``ZMod n`` with a numeral ``n ≥ 1``: arithmetic wraps around mod ``n``."""
    if s.head not in ("Fin", "ZMod") or s.is_var or s.args or len(s.params) != 1:
        return None
    p = s.params[0]
    if isinstance(p, Num) and p.value.isdigit() and int(p.value) >= 1:
        return int(p.value)
    return None


def _is_zmod0(s: Sort) -> bool:
    return s.head == "ZMod" and not s.is_var and len(s.params) == 1 and isinstance(s.params[0], Num) and s.params[0].value == "0"


def _is_fin0(s: Sort) -> bool:
    return s.head == "Fin" and not s.is_var and len(s.params) == 1 and isinstance(s.params[0], Num) and s.params[0].value == "0"


_LET_NAME = re.compile(r"([$?][A-Za-z]+|\b[a-z]!)(\d+)\b")


def normalize_smt2(text: str) -> str:
    """Z3 names let-bound subterms after internal AST ids (``$x123``, ``?x45``, ``a!7``),
    which depend on what the process built before.  Renumber them in order of first
    appearance so that the same formula always prints the same script."""
    seen: dict[str, str] = {}

    def sub(m: re.Match[str]) -> str:
        key = m.group(0)
        if key not in seen:
            seen[key] = f"{m.group(1)}{len(seen) + 1}"
        return seen[key]

    return _LET_NAME.sub(sub, text)


def _known(s: Sort | None) -> bool:
    """A usable sort: known and not a schematic variable of the symbol table (``_a``)."""
    if s is None or s.is_unknown:
        return False
    if s.is_var and s.head.startswith("_"):
        return False
    return not any(not _known(a) for a in s.args)


def _only_pointwise(name: str, body: Expr) -> bool:
    """Whether every occurrence of the variable ``name`` in ``body`` is applied (``f a``) or
    tested for membership (``a ∈ s``): the only uses that read an array at the indices the
    body supplies (values of Lean's type), never the array as a whole (``=``, ``∅``, ``⊆``,
    set operations)."""
    from certibench.logic.ast import App, Ascribe, BinOp, Lam, Quant, Var, children, names_in

    stack: list[Expr] = [body]
    while stack:
        e = stack.pop()
        if isinstance(e, Var) and e.name == name:
            return False
        if isinstance(e, (Quant, Lam)) and e.binder.sort is not None and name in names_in(e.binder.sort):
            return False  # a type that mentions the variable (∀ x : ↥s, …)
        if isinstance(e, Ascribe) and name in names_in(e.sort):
            return False
        if isinstance(e, (Quant, Lam)) and e.binder.name == name:
            continue  # shadowed: another variable of the same name
        if isinstance(e, App) and isinstance(e.fn, Var) and e.fn.name == name:
            stack.extend(e.args)
            continue
        if isinstance(e, BinOp) and e.op in ("∈", "∉") and isinstance(e.rhs, Var) and e.rhs.name == name:
            stack.append(e.lhs)
            continue
        stack.extend(children(e))
    return True


def _elem_sort(s: Sort) -> Sort:
    if s.head in _SET_HEADS and s.args:
        return s.args[0]
    raise TranslationError(f"set of unknown element type ({s})")


def _numeral_value(e: Expr) -> Fraction | None:
    """The value of a literal numeral (``Num``, ``-Num``, ascribed/coerced numerals)."""
    if isinstance(e, Num):
        try:
            if len(e.value) > 400:
                return None
            return Fraction(e.value)
        except (ValueError, ZeroDivisionError):
            return None
    if isinstance(e, UnOp) and e.op == "-":
        v = _numeral_value(e.arg)
        return -v if v is not None else None
    if isinstance(e, UnOp) and e.op == "↑":
        return _numeral_value(e.arg)
    if isinstance(e, Ascribe):
        return _numeral_value(e.expr)
    return None


def _int_numeral(e: Expr) -> int | None:
    v = _numeral_value(e)
    if v is None or v.denominator != 1:
        return None
    return int(v)


def _select(arr: z3.ExprRef, args: Iterable[z3.ExprRef]) -> z3.ExprRef:
    """Curried application of an array-encoded function."""
    out = arr
    for a in args:
        out = z3.Select(out, a)
    return out


def _exact_pow(base: Fraction, n: int) -> Fraction | None:
    """``base ^ n`` with Lean's conventions (``0 ^ 0 = 1``; on a field ``0 ^ (-k) = 0``),
    or ``None`` when the result would be too large to write down."""
    bits = max(abs(base.numerator), abs(base.denominator), 2).bit_length()
    if abs(n) * bits > 12_000:  # stays well under Python's 4300-digit int→str limit
        return None
    if n >= 0:
        return base**n
    if base == 0:
        return Fraction(0)
    return Fraction(1) / base ** (-n)


def _is_prime(n: int) -> bool | None:
    if n < 2:
        return False
    if n > 10**12:
        return None
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


class _SetVal:
    """A set-valued term, translated pointwise: ``member(x)`` is ``x ∈ S``."""

    __slots__ = ("elem", "member", "array", "guard", "lean_elem")

    def __init__(
        self,
        elem: z3.SortRef,
        member: Callable[[z3.ExprRef], z3.BoolRef],
        array: z3.ExprRef | None = None,
        guard: Callable[[z3.ExprRef], z3.BoolRef] | None = None,
        lean_elem: Sort | None = None,
    ) -> None:
        self.elem = elem
        self.member = member
        self.array = array
        #: the element type's guard (``e ≥ 0`` for ℕ, ``Dom(e)`` for a possibly-empty
        #: uninterpreted type): quantification over elements is relativised to it, so
        #: array values outside the real type never matter
        self.guard = guard
        #: the Lean element type, when known (types the binders of λs ranging over the set)
        self.lean_elem = lean_elem


@dataclass
class _Bound:
    value: Any  # z3 expr, _SetVal or (array for function variables)
    sort: Sort


_MAX_POW_EXPANSION = 12  # beyond it Z3 can spend minutes outside its rlimit (nonlinear expansion)
#: On ℚ/ℝ (Z3's nlsat) the limit is lower: `x^5 - x*y^3 + y^7 = 3` ran 90 s per query having
#: counted a third of its rlimit, so the wall clock decided (adversary round 32)
_MAX_REAL_POW_EXPANSION = 4
_MAX_FACTORIAL = 300


class Z3Translator:
    """Translate AST nodes to Z3 with a shared symbol table.

    Two formulas translated by the same translator share free variables (by name and
    sort), uninterpreted functions and sorts, so ``t.translate(a) == t.translate(b)``
    compares like with like.  Side conditions accumulate in :attr:`axioms`.
    """

    def __init__(
        self,
        uninterpreted: Collection[str] = (),
        interpret: Collection[str] | None = None,
        *,
        ctx: z3.Context | None = None,
    ) -> None:
        #: the Z3 context every term lives in (a fresh one per pair makes the printed
        #: scripts independent of what the process did before)
        self.ctx: z3.Context = ctx if ctx is not None else z3.main_ctx()
        self.uninterpreted: frozenset[str] = frozenset(uninterpreted)
        self.interpret: frozenset[str] | None = None if interpret is None else frozenset(interpret)
        self._axioms: list[z3.BoolRef] = []
        self._axiom_keys: set[str] = set()
        self._free: dict[tuple[str, Sort], Any] = {}
        self._free_by_name: dict[str, z3.ExprRef] = {}
        self._free_znames: set[str] = set()
        self._funcs: dict[tuple[str, tuple[str, ...], str], z3.FuncDeclRef] = {}
        self._func_names: set[str] = set()
        self._sorts: dict[str, z3.SortRef] = {}
        self._reasons: list[str] = []
        self._abstracted: list[str] = []
        self._fresh = 0
        self._doms: dict[str, z3.FuncDeclRef] = {}
        self._pol: bool | None = True
        self._uses_lambda = False
        self._bound_count = 0
        self._lean_sorts: dict[str, Sort] = {}

    # ------------------------------------------------------------------ public API

    @property
    def axioms(self) -> list[z3.BoolRef]:
        """Side conditions the translations so far rely on (non-negativity of ℕ symbols,
        defining equations of encoded functions)."""
        return list(self._axioms)

    @property
    def free_vars(self) -> dict[str, z3.ExprRef]:
        """Free variables met so far, by Lean name (sort-mangled when a name was reused at
        another sort)."""
        return dict(self._free_by_name)

    @property
    def incomplete_reasons(self) -> list[str]:
        """Why a Z3 counterexample might not be a real Lean counterexample (ℚ as ℝ,
        abstracted known functions, typeclass axioms not assumed, …).  Empty means the
        encoding is exact for the symbols it interprets."""
        return list(self._reasons)

    @property
    def portable_smt2(self) -> bool:
        """``False`` once a translation needed a λ-term (a set or function value passed to
        an uninterpreted symbol): z3 reads ``(lambda …)`` as an array, cvc5 as a function,
        so such scripts are re-checked by z3 only."""
        return not self._uses_lambda

    @property
    def abstracted(self) -> list[str]:
        """Names of every uninterpreted function/constant/sort symbol introduced."""
        return list(self._abstracted)

    def translate(self, x: Expr | Declaration) -> z3.ExprRef:
        """Translate a proposition (``BoolRef``) or a term (``ExprRef``)."""
        expr = _declaration_prop(x) if isinstance(x, Declaration) else x
        _refuse_unknown_sorts(expr, _is_prop_expr(expr))
        try:
            if _is_prop_expr(expr):
                return self._at(True, expr, {})
            out = self._term(expr, {}, None)
            if isinstance(out, _SetVal):
                return self._materialize(out)
            return out
        except z3.Z3Exception as exc:  # ill-sorted input the checks above did not catch
            raise TranslationError("an ill-typed term", str(exc)) from exc
        except RecursionError as exc:
            raise TranslationError("a term nested too deeply") from exc

    def z3_sort(self, s: Sort) -> z3.SortRef:
        """The Z3 sort encoding Lean sort ``s``."""
        h = s.head
        if s.is_var:
            return self._opaque_sort(s)
        if h in _INT_LIKE or modulus_of(s) is not None or _is_zmod0(s):
            return z3.IntSort(self.ctx)
        if h in _FIELD_LIKE:
            if h == "Rat":
                self._note("ℚ is encoded as ℝ (a counterexample may use irrational values)")
            return z3.RealSort(self.ctx)
        if h == "Prop":
            return z3.BoolSort(self.ctx)
        if h in _SET_HEADS:
            if h == "Finset":
                self._note("Finset is encoded as an arbitrary set (finiteness is not assumed)")
            return z3.ArraySort(self.z3_sort(_elem_sort(s)), z3.BoolSort(self.ctx))
        if h == "Fun":
            if len(s.args) < 2:
                raise TranslationError("function type", str(s))
            doms = [self.z3_sort(a) for a in s.args[:-1]]
            # curried, like Lean: ``α → β → γ`` is an array of arrays (so a nested λ-term
            # has the same sort as a function variable)
            out = self.z3_sort(s.args[-1])
            for d in reversed(doms):
                out = z3.ArraySort(d, out)
            return out
        if h == "?":
            raise TranslationError("a term of unknown type")
        if h in ("Type", "Sort"):
            raise TranslationError("quantification over types")
        return self._opaque_sort(s)

    def to_smt2(self, assertions: Iterable[z3.BoolRef]) -> str:
        """A complete SMT-LIB2 script: logic, declarations, the axioms, ``assertions`` and
        ``(check-sat)``."""
        s = z3.Solver(ctx=self.ctx)
        for a in self._axioms:
            s.add(a)
        for a in assertions:
            s.add(a)
        body = s.to_smt2()
        return normalize_smt2("(set-logic ALL)\n" + body)

    # ------------------------------------------------------------------ bookkeeping

    def _note(self, reason: str) -> None:
        if reason not in self._reasons:
            self._reasons.append(reason)

    def _add_axiom(self, key: str, ax: z3.BoolRef) -> None:
        if key not in self._axiom_keys:
            self._axiom_keys.add(key)
            self._axioms.append(ax)

    def _opaque_sort(self, s: Sort) -> z3.SortRef:
        label = smt_name("s", _sort_label(s))
        if label not in self._sorts:
            self._sorts[label] = z3.DeclareSort(label, self.ctx)
            self._lean_sorts[label] = s
            self._abstracted.append(label)
            if not s.is_var:
                self._note(f"type {_sort_label(s)} is an uninterpreted sort")
        return self._sorts[label]

    def _fresh_const(self, prefix: str, sort: z3.SortRef) -> z3.ExprRef:
        self._fresh += 1
        return z3.Const(f"i:{encode_name(prefix)}!{self._fresh}", sort)

    def _bound_const(self, name: str, sort: z3.SortRef) -> z3.ExprRef:
        """A bound variable's Z3 constant: ``|b:x.3|`` (numbered, so nested binders of the
        same name never shadow each other in the printed script)."""
        self._bound_count += 1
        if name.startswith(INTERNAL_MARK):
            return z3.Const(f"{smt_name('b', name)}.{self._bound_count}", sort)
        return z3.Const(f"b:{encode_name(name)}.{self._bound_count}", sort)

    def _is_uf(self, name: str) -> bool:
        """Should the known symbol ``name`` be abstracted?"""
        canon = _ALIASES.get(name, name)
        if name in self.uninterpreted or canon in self.uninterpreted:
            return True
        if self.interpret is not None and name not in self.interpret and canon not in self.interpret:
            return True
        return False

    def _func(
        self, name: str, doms: list[z3.SortRef], rng: z3.SortRef, lean_rng: Sort | None, ns: str = "o"
    ) -> z3.FuncDeclRef:
        """An uninterpreted function ``name`` in namespace ``ns`` (``c`` named constants, ``v``
        free function variables, ``o`` operations of a sort; internal names get ``i``)."""
        key = (ns + ":" + name, tuple(str(d) for d in doms), str(rng))
        f = self._funcs.get(key)
        if f is not None:
            return f
        base = smt_name(ns, name)
        zname = base
        i = 2
        while zname in self._func_names:
            zname = f"{base}@{i}"
            i += 1
        self._func_names.add(zname)
        f = z3.Function(zname, *doms, rng)
        self._funcs[key] = f
        self._abstracted.append(name)
        if lean_rng is None and isinstance(rng, z3.SortRef) and rng.kind() == z3.Z3_UNINTERPRETED_SORT:
            lean_rng = self._lean_sorts.get(rng.name())
        g = self._elem_guard(lean_rng) if lean_rng is not None else None
        if g is not None:
            if doms:
                xs = [z3.Const(f"i:x{i}", d) for i, d in enumerate(doms)]
                self._add_axiom(f"range:{zname}", z3.ForAll(xs, g(f(*xs))))
            else:
                self._add_axiom(f"range:{zname}", g(f()))
        return f

    # ------------------------------------------------------------------ sorts of subterms

    def _eff(self, e: Expr, hint: Sort | None) -> Sort | None:
        """The Lean sort of ``e`` (its elaborated sort, else the context's hint)."""
        s = e.sort
        if isinstance(e, BinOp) and e.op in OPS_REL | OPS_LOGIC:
            return PROP
        if _known(s):
            return s
        if isinstance(e, BinOp) and e.op in OPS_ARITH:
            j = _join(self._eff(e.lhs, None), self._eff(e.rhs, None) if e.op != "^" else None)
            if j is not None:
                return j
        if isinstance(e, UnOp) and e.op in ("-", "abs", "!", "⁻¹"):
            inner = self._eff(e.arg, None)
            if inner is not None:
                return NAT if e.op == "!" else inner
        return hint

    def _carrier(self, a: Expr, b: Expr, hint: Sort | None = None) -> Sort:
        s = _join(self._eff(a, None), self._eff(b, None))
        if s is None:
            s = hint
        if s is None:
            # never guessed (no ℕ default): a numeral's type comes from its context only
            raise TranslationError("a relation between terms of unknown type")
        return s

    # ------------------------------------------------------------------ propositions

    def _at(self, pol: bool | None, e: Expr, env: dict[str, _Bound]) -> z3.BoolRef:
        """Translate the proposition ``e`` at polarity ``pol`` (True: positive, False:
        negative, None: both)."""
        saved = self._pol
        self._pol = pol
        try:
            return self._prop(e, env)
        finally:
            self._pol = saved

    def _prop(self, e: Expr, env: dict[str, _Bound]) -> z3.BoolRef:
        if isinstance(e, BoolLit):
            return z3.BoolVal(e.value, self.ctx)
        pol = self._pol
        if isinstance(e, UnOp) and e.op == "¬":
            return z3.Not(self._at(None if pol is None else not pol, e.arg, env))
        if isinstance(e, BinOp) and e.op in OPS_LOGIC:
            if e.op == "→":
                a = self._at(None if pol is None else not pol, e.lhs, env)
                b = self._prop(e.rhs, env)
            elif e.op == "↔":
                a, b = self._at(None, e.lhs, env), self._at(None, e.rhs, env)
            else:
                a, b = self._prop(e.lhs, env), self._prop(e.rhs, env)
            if e.op == "∧":
                return z3.And(a, b)
            if e.op == "∨":
                return z3.Or(a, b)
            if e.op == "→":
                return z3.Implies(a, b)
            return a == b
        if isinstance(e, BinOp) and e.op in OPS_REL:
            return self._relation(e, env)
        if isinstance(e, Quant):
            return self._quant(e, env)
        if isinstance(e, Ascribe):
            return self._prop(e.expr, env)
        out = self._term(e, env, PROP)
        if isinstance(out, _SetVal) or not _is_bool_sorted(out):
            raise TranslationError("a non-proposition used as a proposition", _describe(e))
        return out

    def _quant(self, e: Quant, env: dict[str, _Bound]) -> z3.BoolRef:
        name = e.binder.name or "_"
        lean_sort = e.binder.sort
        if e.binder.kind == "inst" or (lean_sort is not None and lean_sort.head in ("Type", "Sort")):
            return self._type_quant(e, env)
        if lean_sort is None or lean_sort.is_unknown:
            lean_sort = _infer_binder_sort(name, e.body)
        if lean_sort is None:
            raise TranslationError(f"binder {name} of unknown type")
        if lean_sort.head in ("Type", "Sort"):
            raise TranslationError("quantification over types", f"binder {name}")
        zs = self.z3_sort(lean_sort)
        if self._wider_arrays(lean_sort) and (e.q == "∃!" or not _only_pointwise(name, e.body)):
            # (∃! compares the witness with every other value as a whole array)
            # a Set ℕ is an array over every integer, a function ℕ → β one over every
            # integer argument: a bound quantifier then also ranges over arrays that differ
            # only outside Lean's type (∃ s : Set ℕ, s ≠ ∅ ∧ ∀ n, n ∉ s holds there), so no
            # proof is valid under this encoding (the "encoded as" marker, as for ℚ) —
            # unless the body only applies the variable / tests membership in it, at values
            # of Lean's type, where the extra values are never seen
            self._note(f"a bound quantifier over {_sort_label(lean_sort)} is encoded as one over arrays "
                       "whose values outside Lean's type are free")
        x = self._bound_const(name, zs)

        def body_with(var: z3.ExprRef) -> z3.BoolRef:
            inner = dict(env)
            inner[name] = _Bound(self._wrap_var(var, lean_sort), lean_sort)
            return self._prop(e.body, inner)

        guard = self._sort_guard(x, lean_sort)
        body = body_with(x)
        if e.q == "∀":
            return z3.ForAll([x], z3.Implies(guard, body) if guard is not None else body)
        if e.q == "∃":
            return z3.Exists([x], z3.And(guard, body) if guard is not None else body)
        if e.q == "∃!":
            y = self._bound_const(name + "'", zs)
            gy = self._sort_guard(y, lean_sort)
            by = body_with(y)
            uniq = z3.ForAll([y], z3.Implies(z3.And(gy, by) if gy is not None else by, y == x))
            core = z3.And(body, uniq)
            return z3.Exists([x], z3.And(guard, core) if guard is not None else core)
        raise TranslationError(f"quantifier {e.q}")

    def _type_quant(self, e: Quant, env: dict[str, _Bound]) -> z3.BoolRef:
        """``∀ {α : Type*}`` and ``∀ [inst : C α]`` in a positive position.

        The type becomes an uninterpreted sort named after the binder (possibly empty: its
        values are relativised to ``Dom@α``), so proving the body for it proves it for every
        type.  An instance binder becomes an uninterpreted proposition ``inst!C@α`` assumed
        by the body (``inst → body``): two statements over different classes are not
        conflated, and the class's operations stay uninterpreted (no typeclass axioms)."""
        b = e.binder
        what = "instance binder" if b.kind == "inst" else "quantification over types"
        if e.q != "∀" or self._pol is not True:
            raise TranslationError(what, f"{e.q} {b.name or ''} in a non-positive position")
        body = self._prop(e.body, env)
        if b.kind == "inst" and b.sort is not None:
            self._note("typeclass axioms are not assumed (class operations are uninterpreted)")
            inst = z3.Bool("i:" + encode_name(f"inst!{_sort_label(b.sort)}"), self.ctx)
            return z3.Implies(inst, body)
        return body

    def _sort_guard(self, x: z3.ExprRef, s: Sort) -> z3.BoolRef | None:
        """What membership of ``x`` in the Lean type ``s`` adds to the Z3 sort: ``x ≥ 0`` for
        ℕ, ``Dom(x)`` for an uninterpreted type (Lean types may be empty, Z3 sorts may not),
        range conditions for function values."""
        g = self._elem_guard(s)
        if g is not None:
            return g(x)
        if s.is_fun and s.args:
            rg = self._elem_guard(s.args[-1])
            if rg is not None:
                doms = [self.z3_sort(a) for a in s.args[:-1]]
                xs = [self._bound_const(f"{INTERNAL_MARK}arg{i}", d) for i, d in enumerate(doms)]
                return z3.ForAll(xs, rg(_select(x, xs)))
        return None

    def _wider_arrays(self, s: Sort) -> bool:
        """Whether the Z3 array encoding ``s`` holds values Lean's ``s`` does not have: a set
        or function type (at any depth) whose index type is narrower than its Z3 sort."""
        if s.is_var:
            return False
        if s.head in _SET_HEADS and s.args:
            e = _elem_sort(s)
            return self._elem_guard(e) is not None or self._wider_arrays(e)
        if s.is_fun and len(s.args) >= 2:
            return any(self._elem_guard(a) is not None or self._wider_arrays(a) for a in s.args[:-1]) or self._wider_arrays(s.args[-1])
        return False

    def _elem_guard(self, s: Sort) -> Callable[[z3.ExprRef], z3.BoolRef] | None:
        if s.head == "Nat" and not s.is_var:
            return lambda v: v >= 0
        m = modulus_of(s)
        if m is not None:
            return lambda v, m=m: z3.And(v >= 0, v < m)
        if _is_fin0(s):
            return lambda v: z3.BoolVal(False, self.ctx)
        if s.head.startswith(INTERNAL_MARK + "U:"):
            return None  # a non-empty uninterpreted sort (values only passed to symbols)
        if self._is_opaque(s):
            dom = self._dom(self.z3_sort(s))
            return lambda v, d=dom: d(v)
        return None

    def _is_opaque(self, s: Sort) -> bool:
        if s.is_var:
            return True
        if modulus_of(s) is not None or _is_zmod0(s):
            return False
        return s.head not in _NUM_RANK and s.head not in ("Prop", "Fun", "?", "Type", "Sort") and s.head not in _SET_HEADS

    def _dom(self, zs: z3.SortRef) -> z3.FuncDeclRef:
        name = f"Dom@{zs}"
        f = self._doms.get(name)
        if f is None:
            f = z3.Function("i:" + encode_name(name), zs, z3.BoolSort(self.ctx))
            self._doms[name] = f
        return f

    def _wrap_var(self, x: z3.ExprRef, s: Sort) -> Any:
        if s.head in _SET_HEADS and not s.is_var:
            guard = self._elem_guard(_elem_sort(s))
            return _SetVal(x.sort().domain(), lambda el, arr=x: z3.Select(arr, el), x, guard, _elem_sort(s))
        return x

    def _relation(self, e: BinOp, env: dict[str, _Bound]) -> z3.BoolRef:
        op = e.op
        if op in ("∈", "∉"):
            r = self._membership(e.lhs, e.rhs, env)
            return z3.Not(r) if op == "∉" else r
        if op in ("⊆", "⊂"):
            s = self._set(e.lhs, env, self._eff(e.rhs, None))
            t = self._set(e.rhs, env, self._eff(e.lhs, None))
            sub = self._subset(s, t)
            if op == "⊂":
                return z3.And(sub, z3.Not(self._subset(t, s)))
            return sub
        if op == "∣":
            return self._dvd(e, env)
        carrier = self._carrier(e.lhs, e.rhs)
        if carrier.is_prop:
            a, b = self._prop(e.lhs, env), self._prop(e.rhs, env)
            if op == "=":
                return a == b
            if op == "≠":
                return a != b
            raise TranslationError(f"order relation {op} on propositions")
        if carrier.head in _SET_HEADS and not carrier.is_var:
            s, t = self._set(e.lhs, env, carrier), self._set(e.rhs, env, carrier)
            eq = z3.And(self._subset(s, t), self._subset(t, s))
            if op == "=":
                return eq
            if op == "≠":
                return z3.Not(eq)
            raise TranslationError(f"order relation {op} on sets (use ⊆/⊂)")
        if carrier.is_fun:
            raise TranslationError(f"relation {op} between functions")
        a = self._num_term(e.lhs, env, carrier)
        b = self._num_term(e.rhs, env, carrier)
        if op == "=":
            return a == b
        if op == "≠":
            return a != b
        if (carrier.is_numeric and carrier.head != "Complex") or (carrier.head == "Fin" and modulus_of(carrier)):
            return {"<": a < b, "≤": a <= b, ">": a > b, "≥": a >= b}[op]
        # Order on an uninterpreted sort: uninterpreted predicates, > / ≥ flipped.
        zs = a.sort()
        label = _sort_label(carrier)
        if op in ("<", ">"):
            lt = self._func(f"LT.lt@{label}", [zs, zs], z3.BoolSort(self.ctx), None)
            return lt(a, b) if op == "<" else lt(b, a)
        le = self._func(f"LE.le@{label}", [zs, zs], z3.BoolSort(self.ctx), None)
        return le(a, b) if op == "≤" else le(b, a)

    def _dvd(self, e: BinOp, env: dict[str, _Bound]) -> z3.BoolRef:
        carrier = self._carrier(e.lhs, e.rhs)
        a = self._num_term(e.lhs, env, carrier)
        b = self._num_term(e.rhs, env, carrier)
        if self._is_uf("∣") or not carrier.is_numeric or carrier.head == "Complex":
            if carrier.is_numeric and carrier.head != "Complex":
                self._note("divisibility ∣ is uninterpreted")
            f = self._func(f"Dvd.dvd@{_sort_label(carrier)}", [a.sort(), a.sort()], z3.BoolSort(self.ctx), None)
            return f(a, b)
        if carrier.head in _INT_LIKE:
            return z3.If(a == 0, b == 0, b % a == 0)
        # in a field, a ∣ b ⇔ ∃ c, b = a * c ⇔ a ≠ 0 ∨ b = 0
        return z3.Or(a != 0, b == 0)

    def _membership(self, el: Expr, coll: Expr, env: dict[str, _Bound]) -> z3.BoolRef:
        cs = self._eff(coll, None)
        if cs is not None and cs.head in _SET_HEADS and not cs.is_var:
            s = self._set(coll, env, cs)
            x = self._coerce(self._term(el, env, _elem_sort(cs)), self._eff(el, _elem_sort(cs)), _elem_sort(cs))
            return s.member(x)
        if cs is None:
            raise TranslationError("membership in a collection of unknown type", _describe(coll))
        # lists, multisets, opaque collections: an uninterpreted membership predicate
        x = self._term(el, env, None)
        c = self._term(coll, env, cs)
        if isinstance(x, _SetVal) or isinstance(c, _SetVal):
            raise TranslationError("membership of a set in a collection")
        f = self._func(f"Membership.mem@{_sort_label(cs)}", [x.sort(), c.sort()], z3.BoolSort(self.ctx), None)
        return f(x, c)

    def _subset(self, s: _SetVal, t: _SetVal) -> z3.BoolRef:
        x = self._fresh_const("e", s.elem)
        body = z3.Implies(s.member(x), t.member(x))
        g = s.guard or t.guard
        if g is not None:
            body = z3.Implies(g(x), body)
        return z3.ForAll([x], body)

    # ------------------------------------------------------------------ sets

    def _set(self, e: Expr, env: dict[str, _Bound], hint: Sort | None) -> _SetVal:
        out = self._term(e, env, hint)
        if isinstance(out, _SetVal):
            return out
        if z3.is_array(out) and out.sort().range() == z3.BoolSort(self.ctx):
            return _SetVal(out.sort().domain(), lambda el, arr=out: z3.Select(arr, el), out)
        raise TranslationError("a non-set used as a set", _describe(e))

    def _materialize(self, s: _SetVal) -> z3.ExprRef:
        if s.array is not None:
            return s.array
        x = self._fresh_const("e", s.elem)
        body = s.member(x)
        if s.guard is not None:  # values outside the element type are fixed to False
            body = z3.And(s.guard(x), body)
        self._uses_lambda = True
        return z3.Lambda([x], body)

    def _set_sort_of(self, e: Expr, hint: Sort | None) -> Sort:
        s = self._eff(e, hint)
        if s is None or s.head not in _SET_HEADS or s.is_var:
            raise TranslationError("a set of unknown element type", _describe(e))
        return s

    # ------------------------------------------------------------------ terms

    def _num_term(self, e: Expr, env: dict[str, _Bound], carrier: Sort) -> z3.ExprRef:
        out = self._term(e, env, carrier)
        if isinstance(out, _SetVal):
            raise TranslationError("a set used as a number", _describe(e))
        return self._coerce(out, self._eff(e, carrier), carrier)

    def _coerce(self, z: Any, src: Sort | None, dst: Sort) -> z3.ExprRef:
        if isinstance(z, _SetVal):
            return self._materialize(z)
        if src is not None and _is_zmod0(src):
            src = INT
        if _is_zmod0(dst):
            dst = INT
        md = modulus_of(dst)
        ms = modulus_of(src) if src is not None else None
        if md is not None or ms is not None:
            if src == dst:
                return z
            if md is not None and ms is None and src is not None and src.head in _INT_LIKE and not src.is_var:
                return z % md  # ℕ/ℤ → Fin n / ZMod n: reduce mod n
            if ms is not None and md is None and dst.head in _NUM_RANK and not dst.is_var:
                return z3.ToReal(z) if dst.head in _FIELD_LIKE else z  # the value 0 … n-1
            raise TranslationError(f"coercion from {_sort_label(src) if src else '?'} to {_sort_label(dst)}")
        if src is not None and src.head in _NUM_RANK and dst.head in _NUM_RANK and not src.is_var:
            if _NUM_RANK[src.head] > _NUM_RANK[dst.head]:
                # Lean has no implicit ℤ → ℕ or ℝ → ℤ coercion; silently reusing the Z3 value
                # would drop ℕ's non-negativity, so refuse.
                raise TranslationError(f"coercion from {src.head} to {dst.head}")
        target = self.z3_sort(dst) if dst.head != "?" else None
        if target is None or z.sort() == target:
            return z
        if z3.is_int(z) and target == z3.RealSort(self.ctx):
            return z3.ToReal(z)
        if src is not None and self._is_opaque(src) and dst.head in _NUM_RANK:
            # opaque → numeric (``((x : ℝ≥0) : ℝ)``, ``((n : ℕ+) : ℤ)``): an uninterpreted cast
            self._note(f"the cast from {_sort_label(src)} to {dst.head} is uninterpreted")
            f = self._func(f"cast@{_sort_label(src)}@{dst.head}", [z.sort()], target, None)
            return f(z)
        if src is not None and src.head in _NUM_RANK and dst.head not in _NUM_RANK:
            # numeric → opaque type (e.g. ``((n : ℕ) : R)``): an uninterpreted cast
            f = self._func(f"cast@{src.head}@{_sort_label(dst)}", [z.sort()], target, None)
            return f(z)
        raise TranslationError(f"coercion from {z.sort()} to {target}", f"sort {src} to {dst}")

    def _term(self, e: Expr, env: dict[str, _Bound], hint: Sort | None) -> Any:
        if isinstance(e, Num):
            return self._numeral(e, self._eff(e, hint))
        if isinstance(e, BoolLit):
            return z3.BoolVal(e.value, self.ctx)
        if isinstance(e, Var):
            return self._var(e, env, hint)
        if isinstance(e, Const):
            return self._const(e, hint)
        if isinstance(e, Ascribe):
            inner_hint = e.sort if _known(e.sort) else hint
            src = self._eff(e.expr, inner_hint)
            z = self._term(e.expr, env, inner_hint)
            if isinstance(z, _SetVal) or inner_hint is None:
                return z
            return self._coerce(z, src, inner_hint)
        if isinstance(e, UnOp):
            return self._unop(e, env, hint)
        if isinstance(e, BinOp):
            if e.op in OPS_REL or e.op in OPS_LOGIC:
                return self._at(None, e, env)
            if e.op in OPS_ARITH:
                return self._arith(e, env, hint)
            if e.op in ("∩", "∪", "\\"):
                return self._setop(e, env, hint)
            return self._uf_binop(e, env, hint)
        if isinstance(e, App):
            return self._app(e, env, hint)
        if isinstance(e, Lam):
            return self._lam(e, env, hint)
        if isinstance(e, Quant):
            return self._at(None, e, env)
        raise TranslationError(f"node {type(e).__name__}")

    def _lam_parts(self, e: Lam, hint: Sort | None) -> tuple[Sort, z3.ExprRef]:
        fs = e.sort if _known(e.sort) and e.sort.is_fun else hint
        bs = e.binder.sort if _known(e.binder.sort) else None
        if bs is None and fs is not None and fs.is_fun and fs.args and _known(fs.args[0]):
            bs = fs.args[0]
        if bs is None:
            bs = _infer_binder_sort(e.binder.name or "_", e.body)
        if bs is None:
            raise TranslationError(f"λ-binder {e.binder.name} of unknown type")
        return bs, self._bound_const(e.binder.name or "_", self.z3_sort(bs))

    def _lam_body(self, e: Lam, env: dict[str, _Bound], bs: Sort, x: z3.ExprRef, hint: Sort | None) -> Any:
        inner = dict(env)
        inner[e.binder.name or "_"] = _Bound(self._wrap_var(x, bs), bs)
        if _is_prop_expr(e.body):
            return self._at(None, e.body, inner)
        fs = e.sort if _known(e.sort) and e.sort.is_fun else hint
        rs = fs.args[-1] if fs is not None and fs.is_fun and len(fs.args) == 2 and _known(fs.args[-1]) else None
        out = self._term(e.body, inner, rs)
        if isinstance(out, _SetVal):
            return self._materialize(out)
        if rs is not None:
            out = self._coerce(out, self._eff(e.body, rs), rs)
        return out

    def _lam(self, e: Lam, env: dict[str, _Bound], hint: Sort | None) -> z3.ExprRef:
        """``fun x => body`` as a Z3 array (λ-term).  On a guarded binder type (ℕ, an
        uninterpreted type) the values outside the type are fixed to a default, so two
        λ-terms that agree on the type are equal arrays."""
        bs, x = self._lam_parts(e, hint)
        body = self._lam_body(e, env, bs, x, hint)
        g = self._sort_guard(x, bs)
        if g is not None and (_is_bool_sorted(body) or z3.is_arith(body)):
            default = z3.BoolVal(False, self.ctx) if _is_bool_sorted(body) else (z3.IntVal(0, self.ctx) if z3.is_int(body) else z3.RealVal(0, self.ctx))
            body = z3.If(g, body, default)
        self._uses_lambda = True
        return z3.Lambda([x], body)

    def _uf_binop(self, e: BinOp, env: dict[str, _Bound], hint: Sort | None) -> Any:
        """Any other binary operator (``++``, ``::``, ``•``, …): an uninterpreted function
        named after the operator and its argument/result types."""
        rs = e.sort if _known(e.sort) else hint
        if rs is None:
            raise TranslationError(f"operator {e.op} with a result of unknown type")
        args = []
        for c in (e.lhs, e.rhs):
            cs = self._eff(c, rs if e.op != "::" or c is e.rhs else None)
            z = self._term(c, env, cs)
            if isinstance(z, _SetVal):
                z = self._materialize(z)
            args.append(z)
        zr = self.z3_sort(rs)
        label = "@".join([e.op, *(str(a.sort()) for a in args), str(zr)])
        f = self._func(f"op{label}", [a.sort() for a in args], zr, rs)
        out = f(*args)
        return self._wrap_var(out, rs) if rs.head in _SET_HEADS and not rs.is_var else out

    def _numeral(self, e: Num, s: Sort | None) -> z3.ExprRef:
        v = _numeral_value(e)
        if v is None:
            raise TranslationError(f"numeral {e.value!r}")
        if s is None:
            raise TranslationError(f"numeral {e.value} of unknown type")
        m = modulus_of(s)
        if m is not None:
            if v.denominator != 1 or v < 0:
                raise TranslationError(f"numeral {e.value} at type {_sort_label(s)}")
            return z3.IntVal(int(v) % m, self.ctx)  # OfNat on Fin n / ZMod n wraps around
        if _is_zmod0(s):
            s = INT
        if s.head in _INT_LIKE and not s.is_var:
            if v.denominator != 1:
                raise TranslationError(f"non-integer numeral {e.value} at type {s.head}")
            if s.head == "Nat" and v < 0:
                raise TranslationError(f"negative numeral {e.value} at type ℕ")
            return z3.IntVal(int(v), self.ctx)
        if s.head in _FIELD_LIKE and not s.is_var:
            self.z3_sort(s)  # notes ℚ
            return z3.RealVal(f"{v.numerator}/{v.denominator}", self.ctx) if v.denominator != 1 else z3.RealVal(int(v), self.ctx)
        if s.is_prop or s.head in _SET_HEADS or s.is_fun:
            raise TranslationError(f"numeral {e.value} at type {s.head}")
        # numeral in an uninterpreted sort: 0 and 1 (and others) are uninterpreted constants
        zs = self.z3_sort(s)
        name = {"0": "Zero.zero", "1": "One.one"}.get(str(v), f"OfNat.ofNat_{v}")
        self._note(f"numeral {v} at type {_sort_label(s)} is an uninterpreted constant")
        return self._func(f"{name}@{_sort_label(s)}", [], zs, None)()

    def _var(self, e: Var, env: dict[str, _Bound], hint: Sort | None) -> Any:
        b = env.get(e.name)
        if b is not None:
            return b.value
        if not _known(e.sort):
            # a variable's type is never taken from its context
            raise TranslationError(f"free variable {e.name} of unknown type")
        s = e.sort
        if s.is_fun:
            raise TranslationError(f"function variable {e.name} used as a value")
        key = (e.name, s)
        if key in self._free:
            return self._free[key]
        zs = self.z3_sort(s)
        zname = smt_name("v", e.name)
        label = e.name
        if zname in self._free_znames:
            # the same name at another type: a different variable ('@' never occurs in an
            # encoded name, so this cannot meet another user name)
            zname = f"{zname}@{encode_name(_sort_label(s))}"
            label = f"{e.name}@{_sort_label(s)}"
        x = z3.Const(zname, zs)
        self._free_znames.add(zname)
        self._free_by_name[label] = x
        g = self._elem_guard(s)
        if g is not None:
            guard = g(x)
            if z3.is_false(z3.simplify(guard)):
                # a variable of an empty type (Fin 0): asserting it has a value makes every
                # query unsatisfiable, and a false side read as "provable" (adversary round 29)
                raise TranslationError(f"{e.name} has an empty type ({_sort_label(s)}): no value exists")
            self._add_axiom(f"type-var:{zname}", guard)
        val = self._wrap_var(x, s)
        self._free[key] = val
        return val

    def _const(self, e: Const, hint: Sort | None) -> Any:
        name = e.name
        s = e.sort if _known(e.sort) else hint
        if name in ("True", "False") and not self._is_uf(name):
            return z3.BoolVal(name == "True", self.ctx)
        if name in ("Set.univ", "∅", "EmptyCollection.emptyCollection") and name not in self.uninterpreted:
            if s is None or s.head not in _SET_HEADS:
                raise TranslationError(f"{name} of unknown type")
            elem = self.z3_sort(_elem_sort(s))
            self.z3_sort(s)
            full = name == "Set.univ"
            return _SetVal(elem, lambda _x: z3.BoolVal(full, self.ctx), None, self._elem_guard(_elem_sort(s)), _elem_sort(s))
        if name == "Real.pi" and not self._is_uf(name):
            pi = self._func("Real.pi", [], z3.RealSort(self.ctx), None, ns="c")()
            self._add_axiom("pi-bounds", z3.And(pi > z3.RealVal("314159/100000", self.ctx), pi < z3.RealVal("314160/100000", self.ctx)))
            self._note("Real.pi is only known to lie in (3.14159, 3.14160)")
            return pi
        if not _known(e.sort):
            raise TranslationError(f"constant {name} of unknown type")
        s = e.sort
        if s.is_fun:
            raise TranslationError(f"function {name} used without arguments")
        zs = self.z3_sort(s)
        c = self._func(name, [], zs, s, ns="c")()
        return self._wrap_var(c, s) if s.head in _SET_HEADS else c

    # ------------------------------------------------------------------ unary / binary

    def _unop(self, e: UnOp, env: dict[str, _Bound], hint: Sort | None) -> Any:
        op = e.op
        if op == "¬":
            return z3.Not(self._prop(e.arg, env))
        if op == "ᶜ":
            s = self._set(e.arg, env, e.sort if _known(e.sort) else hint)
            return _SetVal(s.elem, lambda x, m=s.member: z3.Not(m(x)), None, s.guard, s.lean_elem)
        if op == "↑":
            dst = e.sort if _known(e.sort) else hint
            src = self._eff(e.arg, None)
            z = self._term(e.arg, env, src if src is not None else dst)
            if dst is None:
                return z
            return self._coerce(z, src, dst)
        s = self._eff(e, hint)
        if op == "!":
            arg_sort = self._eff(e.arg, NAT) or NAT
            if arg_sort.head != "Nat":
                raise TranslationError(f"factorial of a {arg_sort.head}")
            return self._factorial(e.arg, env)
        if s is None:
            raise TranslationError(f"operand of {op} of unknown type", _describe(e))
        if _is_zmod0(s):
            s = INT
        x = self._num_term(e.arg, env, s)
        m = modulus_of(s)
        if m is not None and op == "-":
            return (-x) % m
        if op == "-":
            if s.head == "Nat" and not s.is_var:
                raise TranslationError("unary minus on ℕ")
            if s.is_numeric and s.head != "Complex":
                return -x
            return self._func(f"Neg.neg@{_sort_label(s)}", [x.sort()], x.sort(), None)(x)
        if op == "abs":
            if self._is_uf("abs") or not s.is_numeric or s.head == "Complex":
                self._note_if_known(s, "abs")
                return self._func(f"abs@{_sort_label(s)}", [x.sort()], x.sort(), s)(x)
            return z3.If(x >= 0, x, -x)
        if op == "⁻¹":
            if s.head in _INT_LIKE and not s.is_var:
                raise TranslationError(f"⁻¹ on {s.head}")
            if self._is_uf("⁻¹") or not s.is_numeric or s.head == "Complex":
                self._note_if_known(s, "⁻¹")
                return self._func(f"Inv.inv@{_sort_label(s)}", [x.sort()], x.sort(), None)(x)
            return z3.If(x == 0, z3.RealVal(0, self.ctx), 1 / x)
        raise TranslationError(f"unary operator {op}")

    def _note_if_known(self, s: Sort, what: str) -> None:
        if s.is_numeric:
            self._note(f"{what} on {s.head} is uninterpreted")
        else:
            self._note(f"{what} on {_sort_label(s)} is uninterpreted (no typeclass axioms)")

    def _factorial(self, arg: Expr, env: dict[str, _Bound]) -> z3.ExprRef:
        n = _int_numeral(arg)
        if n is not None and 0 <= n <= _MAX_FACTORIAL and not self._is_uf("!"):
            return z3.IntVal(math.factorial(n), self.ctx)
        x = self._num_term(arg, env, NAT)
        f = self._func("Nat.factorial", [z3.IntSort(self.ctx)], z3.IntSort(self.ctx), NAT, ns="c")
        if not self._is_uf("!"):
            k = z3.Int("i:k", self.ctx)
            self._add_axiom("fact0", f(0) == 1)
            self._add_axiom("factS", z3.ForAll([k], z3.Implies(k >= 0, f(k + 1) == (k + 1) * f(k))))
            self._add_axiom("factpos", z3.ForAll([k], f(k) >= 1))
        return f(x)

    def _arith(self, e: BinOp, env: dict[str, _Bound], hint: Sort | None) -> z3.ExprRef:
        op = e.op
        s = self._eff(e, hint)
        if s is None:
            raise TranslationError(f"arithmetic {op} on terms of unknown type", _describe(e))
        if s.is_prop or (s.head in _SET_HEADS and not s.is_var):
            raise TranslationError(f"arithmetic {op} at type {s.head}")
        if _is_zmod0(s):
            s = INT  # ZMod 0 is ℤ
        m = modulus_of(s)
        if op == "^":
            p = self._pow(e, env, s)
            return p % m if m is not None else p
        a = self._num_term(e.lhs, env, s)
        b = self._num_term(e.rhs, env, s)
        if m is not None:
            # Fin n / ZMod n: values 0 … n-1, ring operations wrap around (Fin.add, ZMod's ring)
            if op in ("+", "-", "*"):
                r = a + b if op == "+" else (a - b if op == "-" else a * b)
                return r % m
            if s.head == "Fin":  # Fin.div / Fin.mod act on values (x / 0 = 0, x % 0 = x)
                return z3.If(b == 0, z3.IntVal(0, self.ctx), a / b) if op == "/" else z3.If(b == 0, a, a % b)
            names = {"/": "HDiv.hDiv", "%": "HMod.hMod"}
            self._note(f"{op} on {_sort_label(s)} is uninterpreted")
            return self._func(f"{names[op]}@{_sort_label(s)}", [a.sort(), a.sort()], a.sort(), s)(a, b)
        numeric = s.is_numeric and s.head != "Complex"
        if not numeric:
            names = {"+": "HAdd.hAdd", "-": "HSub.hSub", "*": "HMul.hMul", "/": "HDiv.hDiv", "%": "HMod.hMod"}
            self._note(f"arithmetic on {_sort_label(s)} is uninterpreted (no typeclass axioms)")
            return self._func(f"{names[op]}@{_sort_label(s)}", [a.sort(), a.sort()], a.sort(), None)(a, b)
        if op in ("/", "%") and self._is_uf(op):
            self._note(f"{op} is uninterpreted")
            return self._func(f"{op}@{s.head}", [a.sort(), a.sort()], a.sort(), s)(a, b)
        h = s.head
        if op == "+":
            return a + b
        if op == "*":
            return a * b
        if op == "-":
            if h == "Nat":
                return z3.If(a >= b, a - b, 0)
            return a - b
        if op == "/":
            if h in _INT_LIKE:
                return z3.If(b == 0, z3.IntVal(0, self.ctx), a / b)
            return z3.If(b == 0, z3.RealVal(0, self.ctx), a / b)
        if op == "%":
            if h in _INT_LIKE:
                return z3.If(b == 0, a, a % b)
            # ℚ/ℝ have no `%` in Mathlib
            raise TranslationError(f"% on {h}")
        raise TranslationError(f"operator {op}")

    def _pow(self, e: BinOp, env: dict[str, _Bound], s: Sort) -> z3.ExprRef:
        n = _int_numeral(e.rhs)
        numeric = (s.is_numeric and s.head != "Complex") or modulus_of(s) is not None
        if modulus_of(s) is not None and (n is None or n < 0 or n > _MAX_POW_EXPANSION):
            raise TranslationError(f"a power in {_sort_label(s)} with a non-numeral exponent")
        bv = _numeral_value(e.lhs)
        if numeric and n is not None and bv is not None and not self._is_uf("^"):
            exact = _exact_pow(bv, n)
            if exact is not None and (s.head in _FIELD_LIKE or exact.denominator == 1):
                if s.head in _FIELD_LIKE:
                    self.z3_sort(s)
                    return z3.RealVal(f"{exact.numerator}/{exact.denominator}", self.ctx)
                return z3.IntVal(int(exact), self.ctx)
        base = self._num_term(e.lhs, env, s)
        limit = _MAX_REAL_POW_EXPANSION if s.head in _FIELD_LIKE else _MAX_POW_EXPANSION
        if n is not None and not self._is_uf("^") and abs(n) <= limit:
            if n < 0:
                if not numeric:
                    inv = self._func(f"Inv.inv@{_sort_label(s)}", [base.sort(), base.sort()][:1], base.sort(), None)
                    self._note(f"⁻¹ on {_sort_label(s)} is uninterpreted (no typeclass axioms)")
                    return inv(self._power(base, -n, s))
                if s.head not in _FIELD_LIKE:
                    raise TranslationError(f"negative exponent on {s.head}")
                p = self._power(base, -n, s)
                return z3.If(p == 0, z3.RealVal(0, self.ctx), 1 / p)
            return self._power(base, n, s)
        if n is not None and not self._is_uf("^") and numeric:
            # a numeral exponent beyond the expansion limit: Z3's nonlinear search on the
            # recursion equations is not bounded by its rlimit, so the SMT backend declines
            raise TranslationError(f"power with exponent {n} (above {limit}, beyond the SMT encoding)")
        # a non-numeral exponent: an uninterpreted power with its recursion equations
        es = self._eff(e.rhs, NAT) or NAT
        if es.head != "Nat" or not numeric:
            self._note(f"power with exponent of type {es.head} is uninterpreted")
        ez = self._num_term(e.rhs, env, es)
        f = self._func(f"HPow.hPow@{_sort_label(s)}@{es.head}", [base.sort(), ez.sort()], base.sort(), s)
        if es.head == "Nat" and numeric and not self._is_uf("^") and s.head not in _FIELD_LIKE:
            # (on ℚ/ℝ the recursion equations send Z3 into nonlinear real arithmetic that does
            # not count its rlimit - minutes, decided by the wall clock: there ^ stays
            # uninterpreted, so the query is an abstraction, decided within the budget)
            x = z3.Const("i:x", base.sort())
            k = z3.Int("i:k", self.ctx)
            one = z3.IntVal(1, self.ctx) if z3.is_int(base) else z3.RealVal(1, self.ctx)
            self._add_axiom(f"pow0:{f.name()}", z3.ForAll([x], f(x, 0) == one))
            # only for bases of the type's values: on ℕ an axiom for every Int x would force
            # pow(-1, 1) = -1 against the range axiom pow(_, _) ≥ 0 - an inconsistent query
            # in which every side is "provable"
            guard = self._elem_guard(s)
            pre = z3.And(guard(x), k >= 0) if guard is not None else k >= 0
            self._add_axiom(
                f"powS:{f.name()}",
                z3.ForAll([x, k], z3.Implies(pre, f(x, k + 1) == f(x, k) * x)),
            )
        else:
            self._note("^ is uninterpreted")
        return f(base, ez)

    def _power(self, base: z3.ExprRef, n: int, s: Sort) -> z3.ExprRef:
        numeric = (s.is_numeric and s.head != "Complex") or modulus_of(s) is not None
        if numeric:
            if n == 0:
                return z3.IntVal(1, self.ctx) if z3.is_int(base) else z3.RealVal(1, self.ctx)
            out = base
            for _ in range(n - 1):
                out = out * base
            return out
        # Monoid.npow: x^0 = 1, x^(n+1) = x^n * x (Mathlib's `pow_succ`)
        one = self._func(f"One.one@{_sort_label(s)}", [], base.sort(), None)()
        mul = self._func(f"HMul.hMul@{_sort_label(s)}", [base.sort(), base.sort()], base.sort(), None)
        self._note(f"arithmetic on {_sort_label(s)} is uninterpreted (no typeclass axioms)")
        if n == 0:
            return one
        out = base
        for _ in range(n - 1):
            out = mul(out, base)
        return out

    def _setop(self, e: BinOp, env: dict[str, _Bound], hint: Sort | None) -> _SetVal:
        s = self._set_sort_of(e, hint)
        a = self._set(e.lhs, env, s)
        b = self._set(e.rhs, env, s)
        ma, mb = a.member, b.member
        nat = a.guard or b.guard
        le = a.lean_elem or b.lean_elem
        if e.op == "∩":
            return _SetVal(a.elem, lambda x: z3.And(ma(x), mb(x)), None, nat, le)
        if e.op == "∪":
            return _SetVal(a.elem, lambda x: z3.Or(ma(x), mb(x)), None, nat, le)
        return _SetVal(a.elem, lambda x: z3.And(ma(x), z3.Not(mb(x))), None, nat, le)

    # ------------------------------------------------------------------ applications

    def _app(self, e: App, env: dict[str, _Bound], hint: Sort | None) -> Any:
        fn, args = e.fn, e.args
        while isinstance(fn, App):  # curried application f a b
            args = fn.args + args
            fn = fn.fn
        if isinstance(fn, Var):
            return self._var_app(fn, args, e, env, hint)
        if not isinstance(fn, Const):
            raise TranslationError("application of a non-symbol", _describe(fn))
        name = fn.name
        if name in KNOWN_SYMBOLS and not self._is_uf(name):
            out = self._known_app(name, args, e, env, hint)
            if out is not None:
                return out
        elif name in KNOWN_SYMBOLS or _is_mathlib_symbol(name):
            self._note(f"{name} is uninterpreted")
        return self._uf_app(name, fn.sort, args, e, env, hint)

    def _arg_sorts(self, fn_sort: Sort, n: int) -> tuple[list[Sort | None], Sort | None]:
        if fn_sort.is_fun and len(fn_sort.args) == n + 1:
            return list(fn_sort.args[:-1]), fn_sort.args[-1]
        if fn_sort.is_fun and len(fn_sort.args) > n + 1:
            raise TranslationError("partial application", f"{n} argument(s) to a function of type {fn_sort}")
        return [None] * n, None

    def _uf_app(
        self,
        name: str,
        fn_sort: Sort,
        args: tuple[Expr, ...],
        e: App,
        env: dict[str, _Bound],
        hint: Sort | None,
        ns: str = "c",
    ) -> Any:
        dom_sorts, rng = self._arg_sorts(fn_sort, len(args))
        zargs: list[z3.ExprRef] = []
        doms: list[z3.SortRef] = []
        last_elem: Sort | None = None
        for a, ds in zip(args, dom_sorts, strict=True):
            ds = ds if _known(ds) else self._eff(a, None)
            if ds is None and isinstance(a, Lam) and last_elem is not None:
                # ``Finset.sum s (fun i => …)``: the λ ranges over the elements of ``s``
                ds = Sort("Fun", (last_elem, UNKNOWN))
            z = self._term(a, env, ds)
            if isinstance(z, _SetVal):
                last_elem = z.lean_elem or last_elem
                z = self._materialize(z)
            elif ds is not None and _known(ds):
                z = self._coerce(z, self._eff(a, ds), ds)
            zargs.append(z)
            doms.append(z.sort())
        if not _known(rng):
            rng = e.sort if _known(e.sort) else hint
        if rng is None:
            raise TranslationError(f"result type of {name}")
        zr = self.z3_sort(rng)
        f = self._func(name, doms, zr, rng, ns=ns)
        out = f(*zargs)
        return self._wrap_var(out, rng) if rng.head in _SET_HEADS and not rng.is_var else out

    def _var_app(
        self, fn: Var, args: tuple[Expr, ...], e: App, env: dict[str, _Bound], hint: Sort | None
    ) -> Any:
        b = env.get(fn.name)
        if b is not None:
            arr = b.value
            if not z3.is_array(arr):
                raise TranslationError(f"application of non-function {fn.name}")
            dom_sorts, rng = self._arg_sorts(b.sort, len(args))
            zargs = [
                self._coerce(self._term(a, env, ds), self._eff(a, ds), ds) if ds is not None else self._term(a, env, None)
                for a, ds in zip(args, dom_sorts, strict=True)
            ]
            out = _select(arr, zargs)
            return self._wrap_var(out, rng) if rng is not None and rng.head in _SET_HEADS else out
        # a free function variable: an uninterpreted function shared by name
        return self._uf_app(fn.name, fn.sort, args, e, env, hint, ns="v")

    def _known_app(
        self, name: str, args: tuple[Expr, ...], e: App, env: dict[str, _Bound], hint: Sort | None
    ) -> Any | None:
        """Built-in meaning of a known symbol, or ``None`` to fall back to an uninterpreted
        function (e.g. ``Nat.Prime x`` for a non-numeral ``x``)."""
        n = len(args)
        canon = _ALIASES.get(name, name)
        res_sort = e.sort if _known(e.sort) else hint
        if canon in ("max", "min") and n == 2:
            s = self._carrier(args[0], args[1], res_sort)
            a, b = self._num_term(args[0], env, s), self._num_term(args[1], env, s)
            if s.is_numeric and s.head != "Complex":
                le = a <= b
            else:
                le = self._func(f"LE.le@{_sort_label(s)}", [a.sort(), a.sort()], z3.BoolSort(self.ctx), None)(a, b)
                self._note(f"order on {_sort_label(s)} is uninterpreted (no typeclass axioms)")
            return z3.If(le, b, a) if canon == "max" else z3.If(le, a, b)
        if canon == "abs" and n == 1:
            return self._unop(UnOp("abs", args[0], e.sort), env, hint)
        if canon == "!" and n == 1:
            return self._factorial(args[0], env)
        if canon == "∣" and n == 2:
            return self._dvd(BinOp("∣", args[0], args[1], PROP), env)
        if canon in ("Even", "Odd") and n == 1:
            s = self._eff(args[0], None)
            if s is None or s.head not in _INT_LIKE or s.is_var:
                return None
            x = self._num_term(args[0], env, s)
            return x % 2 == (0 if canon == "Even" else 1)
        if canon == "Nat.Prime" and n == 1:
            v = _int_numeral(args[0])
            if v is not None and v >= 0:
                p = _is_prime(v)
                if p is not None:
                    return z3.BoolVal(p, self.ctx)
            self._note("Nat.Prime is uninterpreted")
            return None
        if canon == "id" and n == 1:
            return self._term(args[0], env, res_sort)
        if canon == "ite" and n == 3:
            c = self._at(None, args[0], env)
            s = self._carrier(args[1], args[2], res_sort)
            if s.is_prop:
                return z3.If(c, self._at(None, args[1], env), self._at(None, args[2], env))
            return z3.If(c, self._num_term(args[1], env, s), self._num_term(args[2], env, s))
        if canon in ("Int.emod", "Int.ediv") and n == 2:
            op = "%" if canon == "Int.emod" else "/"
            return self._arith(BinOp(op, args[0], args[1], INT), env, INT)
        if canon in ("Nat.ModEq", "Int.ModEq") and n == 3:
            # Nat.ModEq n a b := a % n = b % n (and likewise on ℤ)
            s = NAT if canon == "Nat.ModEq" else INT
            m, a, b = args
            return self._prop(BinOp("=", BinOp("%", a, m, s), BinOp("%", b, m, s), PROP), env)
        if canon == "Nat.Coprime" and n == 2:
            a, b = _int_numeral(args[0]), _int_numeral(args[1])
            if a is not None and b is not None and a >= 0 and b >= 0:
                return z3.BoolVal(math.gcd(a, b) == 1, self.ctx)
            self._note("Nat.Coprime is uninterpreted")
            return None
        if canon in _INTERVALS and n == len(_INTERVALS[canon][1]):
            kind, bounds = _INTERVALS[canon]
            s = res_sort if res_sort is not None and res_sort.head in _SET_HEADS else None
            es = _elem_sort(s) if s is not None else _join(self._eff(args[0], None), self._eff(args[-1], None))
            if es is None:
                return None
            if canon == "Finset.range":
                es = NAT
            if not es.is_numeric or es.head == "Complex":
                return None
            self.z3_sort(Sort(kind, (es,)))
            zb = [self._num_term(a, env, es) for a in args]
            return _SetVal(
                self.z3_sort(es),
                lambda y: z3.And(*[_bound_check(y, op, v) for op, v in zip(bounds, zb, strict=True)]),
                None,
                self._elem_guard(es),
                es,
            )
        if canon in ("Nat.gcd", "Nat.lcm", "Nat.choose", "Int.gcd") and n == 2:
            a, b = _int_numeral(args[0]), _int_numeral(args[1])
            if a is not None and b is not None and a >= 0 and b >= 0 and max(a, b) <= 10**6:
                if canon in ("Nat.gcd", "Int.gcd"):
                    return z3.IntVal(math.gcd(a, b), self.ctx)
                if canon == "Nat.lcm":
                    return z3.IntVal(math.lcm(a, b), self.ctx)
                if a <= 1000:
                    return z3.IntVal(math.comb(a, b), self.ctx)
            self._note(f"{canon} is uninterpreted")
            return None
        if canon == "Nat.succ" and n == 1:
            return self._num_term(args[0], env, NAT) + 1
        if canon == "Nat.pred" and n == 1:
            x = self._num_term(args[0], env, NAT)
            return z3.If(x >= 1, x - 1, 0)
        if canon == "Int.natAbs" and n == 1:
            x = self._num_term(args[0], env, INT)
            return z3.If(x >= 0, x, -x)
        if canon == "Int.toNat" and n == 1:
            x = self._num_term(args[0], env, INT)
            return z3.If(x >= 0, x, 0)
        if canon in ("Nat.cast", "Int.cast", "Rat.cast", "Int.ofNat") and n == 1:
            dst = INT if canon == "Int.ofNat" else res_sort
            if dst is None:
                return None
            src = self._eff(args[0], {"Nat.cast": NAT, "Int.cast": INT, "Rat.cast": RAT, "Int.ofNat": NAT}[canon])
            return self._coerce(self._term(args[0], env, src), src, dst)
        if canon == "Real.sqrt" and n == 1:
            x = self._num_term(args[0], env, REAL)
            f = self._func("Real.sqrt", [z3.RealSort(self.ctx)], z3.RealSort(self.ctx), None, ns="c")
            y = z3.Real("i:y", self.ctx)
            self._add_axiom(
                "sqrt-def",
                z3.ForAll(
                    [y],
                    z3.And(
                        z3.Implies(y >= 0, z3.And(f(y) >= 0, f(y) * f(y) == y)),
                        z3.Implies(y < 0, f(y) == 0),
                    ),
                ),
            )
            return f(x)
        if canon == "setOf" and n == 1 and isinstance(args[0], Lam):
            lam = args[0]
            bs, _x = self._lam_parts(lam, None)
            env0 = env

            def member(y: z3.ExprRef, lam: Lam = lam, bs: Sort = bs) -> z3.BoolRef:
                inner = dict(env0)
                inner[lam.binder.name or "_"] = _Bound(self._wrap_var(y, bs), bs)
                return self._at(None, lam.body, inner)

            self.z3_sort(bs)
            return _SetVal(self.z3_sort(bs), member, None, self._elem_guard(bs), bs)
        if canon == "Finset.filter" and n == 2 and isinstance(args[0], Lam):
            lam = args[0]
            bs, _x = self._lam_parts(lam, None)
            base = self._set(args[1], env, res_sort)
            env0 = env

            def fmember(y: z3.ExprRef, lam: Lam = lam, bs: Sort = bs, base: _SetVal = base) -> z3.BoolRef:
                inner = dict(env0)
                inner[lam.binder.name or "_"] = _Bound(self._wrap_var(y, bs), bs)
                return z3.And(base.member(y), self._at(None, lam.body, inner))

            return _SetVal(base.elem, fmember, None, base.guard, base.lean_elem)
        if canon in ("Set.compl", "HasCompl.compl") and n == 1:
            return self._unop(UnOp("ᶜ", args[0], e.sort), env, hint)
        if canon in ("Set.inter", "Set.union", "Set.diff") and n == 2:
            op = {"Set.inter": "∩", "Set.union": "∪", "Set.diff": "\\"}[canon]
            return self._setop(BinOp(op, args[0], args[1], e.sort), env, hint)
        if canon in ("Singleton.singleton", "singleton", "Set.singleton", "Finset.singleton") and n == 1:
            s = res_sort
            if s is None or s.head not in _SET_HEADS:
                return None
            es = _elem_sort(s)
            self.z3_sort(s)
            x = self._coerce(self._term(args[0], env, es), self._eff(args[0], es), es)
            return _SetVal(self.z3_sort(es), lambda y: y == x, None, self._elem_guard(es), es)
        if canon in ("Insert.insert", "insert", "Set.insert") and n == 2:
            s = res_sort or self._eff(args[1], None)
            if s is None or s.head not in _SET_HEADS:
                return None
            es = _elem_sort(s)
            x = self._coerce(self._term(args[0], env, es), self._eff(args[0], es), es)
            rest = self._set(args[1], env, s)
            return _SetVal(rest.elem, lambda y, m=rest.member: z3.Or(y == x, m(y)), None, rest.guard, rest.lean_elem)
        return None


# ------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------


#: Interval constructors: (container, relation of the element to each argument).
_INTERVALS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Set.Icc": ("Set", ("≥", "≤")), "Set.Ico": ("Set", ("≥", "<")), "Set.Ioc": ("Set", (">", "≤")),
    "Set.Ioo": ("Set", (">", "<")), "Set.Ici": ("Set", ("≥",)), "Set.Ioi": ("Set", (">",)),
    "Set.Iic": ("Set", ("≤",)), "Set.Iio": ("Set", ("<",)), "Finset.range": ("Finset", ("<",)),
    "Finset.Icc": ("Finset", ("≥", "≤")), "Finset.Ico": ("Finset", ("≥", "<")),
    "Finset.Ioc": ("Finset", (">", "≤")), "Finset.Ioo": ("Finset", (">", "<")),
}  # fmt: skip


def _bound_check(y: z3.ExprRef, op: str, v: z3.ExprRef) -> z3.BoolRef:
    if z3.is_int(y) and z3.is_real(v):
        y = z3.ToReal(y)
    if z3.is_real(y) and z3.is_int(v):
        v = z3.ToReal(v)
    return {"≥": y >= v, "≤": y <= v, ">": y > v, "<": y < v}[op]


def _refuse_unknown_sorts(e: Expr, prop_pos: bool) -> None:
    """The elaborator's opacity contract: a subterm of ``UNKNOWN`` sort (an opaque symbol's
    result, a tree over it, a free variable of unknown type) must never get a guessed Z3
    sort.  An opaque application in a proposition position is a propositional atom; any
    other ``UNKNOWN``-sorted term makes the statement untranslatable here."""
    stack: list[tuple[Expr, bool]] = [(e, prop_pos)]
    while stack:
        node, pos = stack.pop()
        if isinstance(node, Quant):
            if node.binder.sort is not None and node.binder.sort.is_unknown:
                raise TranslationError("a binder of unknown type", node.binder.name or "_")
            stack.append((node.body, True))
            continue
        if isinstance(node, BinOp) and node.op in OPS_LOGIC:
            stack.extend(((node.lhs, True), (node.rhs, True)))
            continue
        if isinstance(node, UnOp) and node.op == "¬":
            stack.append((node.arg, True))
            continue
        if isinstance(node, Lam):
            if node.binder.sort is None or node.binder.sort.is_unknown:
                raise TranslationError("a binder of unknown type", node.binder.name or "_")
            body_prop = node.sort.is_unknown or (node.sort.is_fun and node.sort.args[-1].is_prop)
            stack.append((node.body, body_prop))
            continue
        if isinstance(node, BinOp) and node.op in OPS_REL and (node.lhs.sort.is_unknown or node.rhs.sort.is_unknown):
            if not (node.op in ("∈", "∉") and not node.rhs.sort.is_unknown):
                raise TranslationError("a relation between terms of unknown type", _describe(node))
        if node.sort.is_unknown and not (pos and isinstance(node, (App, Var, Const))):
            raise TranslationError("a subterm of unknown type (opaque symbol)", _describe(node))
        if isinstance(node, App):
            stack.extend((a, False) for a in node.args)
            continue
        stack.extend((c, False) for c in children(node))


def _is_bool_sorted(x: Any) -> bool:
    """Boolean-sorted Z3 term (``z3.is_bool`` also accepts λ-terms with a Bool range)."""
    return isinstance(x, z3.ExprRef) and x.sort().kind() == z3.Z3_BOOL_SORT


def _is_mathlib_symbol(name: str) -> bool:
    """Is ``name`` in the project's table of known Mathlib symbols (then abstracting it loses
    its real meaning, which :attr:`Z3Translator.incomplete_reasons` records)?"""
    try:
        from certibench.logic.symbols import lookup
    except ImportError:  # pragma: no cover - the table ships with the package
        return "." in name
    return lookup(name) is not None


def _declaration_prop(d: Declaration) -> Expr:
    """Like ``Declaration.as_prop`` but keeping type and instance binders as quantifiers
    (the translator turns them into uninterpreted sorts and instance assumptions)."""
    body = d.prop
    for b in reversed(d.binders):
        if b.hyp is not None:
            body = BinOp("→", b.hyp, body, PROP)
        elif b.kind == "inst" or b.sort is not None:
            body = Quant("∀", b, body, PROP)
    return body


def _join(a: Sort | None, b: Sort | None) -> Sort | None:
    if a is None or a.is_unknown:
        return b if (b is not None and not b.is_unknown) else None
    if b is None or b.is_unknown:
        return a
    if a.head in _NUM_RANK and b.head in _NUM_RANK and not a.is_var and not b.is_var:
        return a if _NUM_RANK[a.head] >= _NUM_RANK[b.head] else b
    return a


def _is_prop_expr(e: Expr) -> bool:
    if isinstance(e, (Quant, BoolLit)):
        return True
    if isinstance(e, BinOp) and (e.op in OPS_REL or e.op in OPS_LOGIC):
        return True
    if isinstance(e, UnOp) and e.op == "¬":
        return True
    return e.sort.is_prop


def _infer_binder_sort(name: str, body: Expr) -> Sort | None:
    for node in walk(body):
        if isinstance(node, Quant) and node.binder.name == name:
            continue
        if isinstance(node, Var) and node.name == name and _known(node.sort):
            return node.sort
    return None


def _describe(e: Expr) -> str:
    """A short human description of a node for error messages (no reprs)."""
    if isinstance(e, Var):
        return f"variable {e.name}"
    if isinstance(e, Const):
        return f"symbol {e.name}"
    if isinstance(e, Num):
        return f"numeral {e.value}"
    if isinstance(e, App):
        return f"application of {_describe(e.fn)}"
    if isinstance(e, BinOp):
        return f"operator {e.op}"
    if isinstance(e, UnOp):
        return f"operator {e.op}"
    return type(e).__name__


def to_z3(
    x: Expr | Declaration,
    uninterpreted: Collection[str] = (),
    interpret: Collection[str] | None = None,
) -> Z3Result:
    """Translate one statement.  ``smt2`` is a validity script (axioms + ``¬ formula``):
    ``unsat`` means the statement holds."""
    t = Z3Translator(uninterpreted, interpret)
    f = t.translate(x)
    goal = z3.Not(f) if _is_bool_sorted(f) else None
    smt2 = t.to_smt2([goal] if goal is not None else [])
    return Z3Result(f, t.axioms, smt2, t.incomplete_reasons, t.free_vars, t.portable_smt2)


def check_valid(
    formula: z3.BoolRef, axioms: Iterable[z3.BoolRef] = (), timeout_ms: int = 5000
) -> tuple[str, z3.ModelRef | None]:
    """``("valid", None)`` when ``axioms ⊢ formula``; ``("invalid", model)`` with a
    countermodel; ``("unknown", None)`` on timeout or incompleteness."""
    s = z3.Solver(ctx=formula.ctx)
    s.set("timeout", int(timeout_ms))
    for a in axioms:
        s.add(a)
    s.add(z3.Not(formula))
    r = s.check()
    if r == z3.unsat:
        return "valid", None
    if r == z3.sat:
        return "invalid", s.model()
    return "unknown", None
