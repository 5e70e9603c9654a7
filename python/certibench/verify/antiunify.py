"""Non-vacuity abstraction of a statement pair (docs/soundness.md §1).

Any two *true* theorems are equivalent in the full theory, so a paraphrase check must not
see what the theorem-specific symbols mean.  :func:`abstract_pair` rewrites both sides of
a pair *consistently*:

* every named constant (``Nat.Prime``, ``Real.sqrt``, ``Even`` …) becomes an uninterpreted
  symbol with a fresh, solver-safe name (``u_Nat_Prime``); one fresh name per (name,
  argument sorts), so overloaded uses stay apart.  Only coercions (``Nat.cast`` …) keep
  their meaning;
* a definitional axiom (``∀ n : ℕ, Even n ↔ ∃ r, n = r + r``) is added — over the same
  uninterpreted symbol — only when its symbols occur in the pair and it is offered (the
  family's axioms, or the ones the caller names);
* a subterm the backend cannot translate (a ``Finset`` sum, a set-builder) is replaced by a
  fresh *atom*: an uninterpreted function of the variables it mentions, shared by both
  sides when the subterms are identical up to the names of those variables (anti-unification
  of the common parts).

Soundness: the abstract pair is an instance-preserving generalisation of the original — if
``A' ↔ B'`` holds for *every* interpretation of the fresh symbols, it holds for the real one,
which gives ``A ↔ B``.  The converse does not hold (abstraction only loses proofs), which
is why a failed abstract check is ``unknown``/``refuted``-under-abstraction and never a claim
about the truth of either side.

:func:`disagreements` is the classic anti-unification (least general generalisation) of two
terms: the maximal pairs of differing subterms, used by the SymPy backend.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from certibench.logic.ast import (
    PROP,
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
    UnOp,
    Var,
    canonical_key,
    children,
    free_var_names,
    fun_sort,
    map_children,
    subst,
    walk,
)
from certibench.logic.render_z3 import INTERNAL_MARK, KNOWN_SYMBOLS, TranslationError, Z3Translator

#: Named constants that keep their meaning: coercions, generic arithmetic helpers and set
#: structure are notation, not theorem content.  Everything else named is theorem-specific.
STRUCTURAL_CONSTANTS: frozenset[str] = frozenset(
    {
        "Nat.cast", "Int.cast", "Rat.cast", "Int.ofNat", "NNReal.toReal",
        "abs", "max", "min", "Max.max", "Min.min", "Nat.succ", "Nat.pred", "Int.natAbs", "Int.toNat",
        "∅", "EmptyCollection.emptyCollection", "Set.univ", "Set.compl", "Set.inter", "Set.union", "Set.diff",
        "HasCompl.compl", "Singleton.singleton", "singleton", "Set.singleton", "Finset.singleton",
        "Insert.insert", "insert", "Set.insert", "True", "False",
    }
)  # fmt: skip

#: Operator spellings an axiom's ``symbols`` may use for a binary operator (``∣`` …).
OP_SYMBOL_NAMES: dict[str, str] = {"∣": "Dvd.dvd", "%": "HMod.hMod", "/": "HDiv.hDiv", "^": "HPow.hPow"}

_SORT_TEXT = {"Nat": "ℕ", "Int": "ℤ", "Rat": "ℚ", "Real": "ℝ", "Complex": "ℂ", "Prop": "Prop"}


def safe_ident(name: str, prefix: str = "u_") -> str:
    """A solver- and Lean-safe identifier for a constant name (``Nat.Prime`` → ``u_Nat_Prime``)."""
    body = re.sub(r"[^A-Za-z0-9_]", "_", name).strip("_") or "sym"
    return prefix + body


def sort_text(s: Sort) -> str:
    """Lean text of a sort (used in certificates and the Lean batch)."""
    if s.is_fun:
        parts = [sort_text(a) for a in s.args]
        return " → ".join(f"({p})" if "→" in p else p for p in parts)
    if s.head in _SORT_TEXT and not s.args:
        return _SORT_TEXT[s.head]
    if not s.args:
        return s.head
    inner = " ".join(f"({sort_text(a)})" if (a.args or a.is_fun) else sort_text(a) for a in s.args)
    return f"{s.head} {inner}"


def _arg_sorts(e: App) -> tuple[Sort, ...]:
    return tuple(a.sort for a in e.args)


def _op_names(e: Expr) -> set[str]:
    out: set[str] = set()
    for n in walk(e):
        if isinstance(n, Const):
            out.add(n.name)
        elif isinstance(n, BinOp) and n.op in OP_SYMBOL_NAMES:
            out.add(n.op)
            out.add(OP_SYMBOL_NAMES[n.op])
    return out


def symbol_sorts(e: Expr, name: str) -> set[str]:
    """Sort heads at which constant ``name`` is applied (its first argument's sort)."""
    heads: set[str] = set()
    for n in walk(e):
        if isinstance(n, App) and isinstance(n.fn, Const) and n.fn.name == name and n.args:
            heads.add(n.args[0].sort.head)
        elif isinstance(n, BinOp) and (n.op == name or OP_SYMBOL_NAMES.get(n.op) == name):
            heads.add(n.lhs.sort.head)
    return heads


@dataclass
class AxiomInstance:
    """A definitional axiom instantiated at one sort, as assumed by a check."""

    name: str
    mathlib: str | None
    statement: str
    symbols: tuple[str, ...]
    sort: str
    prop: Expr  # abstracted (over the pair's fresh symbol names)
    original: Expr

    def record(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "mathlib_lemma": self.mathlib,
            "statement": self.statement,
            "symbols": list(self.symbols),
            "sort": self.sort,
        }


@dataclass
class Abstraction:
    """The two abstracted sides plus everything the check assumes."""

    lhs: Expr
    rhs: Expr
    symbols: dict[str, str] = field(default_factory=dict)  # fresh name -> original name
    symbol_sorts: dict[str, Sort] = field(default_factory=dict)  # fresh name -> its function sort
    atoms: dict[str, Expr] = field(default_factory=dict)  # fresh atom name -> original subterm
    atom_sorts: dict[str, Sort] = field(default_factory=dict)
    axioms: list[AxiomInstance] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    shared_atoms: list[str] = field(default_factory=list)  # atoms abstracting common subformulas
    opaque_atoms: list[str] = field(default_factory=list)  # atoms abstracting untranslatable subterms

    @property
    def uninterpreted(self) -> tuple[str, ...]:
        return tuple(sorted({*self.symbols, *self.atoms}))


# --------------------------------------------------------------------------------------
# Renaming theorem-specific constants
# --------------------------------------------------------------------------------------


class _Renamer:
    def __init__(self, keep: frozenset[str]) -> None:
        self.keep = keep
        self.by_sig: dict[tuple[str, str], str] = {}
        self.symbols: dict[str, str] = {}
        self.sorts: dict[str, Sort] = {}
        self.taken: set[str] = set()

    def fresh(self, name: str, sig: tuple[Sort, ...], result: Sort) -> str:
        key = (name, canonical_key(sig) if sig else "")
        got = self.by_sig.get(key)
        if got is not None:
            return got
        base = safe_ident(name)
        new = base
        i = 2
        while new in self.taken:
            new = f"{base}_{i}"
            i += 1
        self.taken.add(new)
        self.by_sig[key] = new
        self.symbols[new] = name
        self.sorts[new] = fun_sort(sig, result) if sig else result
        return new

    def __call__(self, e: Expr) -> Expr:
        if isinstance(e, App) and isinstance(e.fn, Const) and e.fn.name not in self.keep:
            args = tuple(self(a) for a in e.args)
            sig = _arg_sorts(e)
            new = self.fresh(e.fn.name, sig, e.sort)
            return App(Const(new, fun_sort(sig, e.sort)), args, e.sort)
        if isinstance(e, Const) and e.name not in self.keep:
            return Const(self.fresh(e.name, (), e.sort), e.sort)
        return map_children(e, self)


def _rename_ops(e: Expr, ops: frozenset[str], ren: _Renamer) -> Expr:
    """Binary operators that an offered axiom defines become uninterpreted functions."""
    if not ops:
        return e

    def go(n: Expr) -> Expr:
        n2 = map_children(n, go)
        if isinstance(n2, BinOp) and n2.op in ops:
            sig = (n2.lhs.sort, n2.rhs.sort)
            new = ren.fresh(OP_SYMBOL_NAMES.get(n2.op, n2.op), sig, n2.sort)
            return App(Const(new, fun_sort(sig, n2.sort)), (n2.lhs, n2.rhs), n2.sort)
        return n2

    return go(e)


# --------------------------------------------------------------------------------------
# Opaque subterms -> shared atoms
# --------------------------------------------------------------------------------------


def _ordered_free_vars(e: Expr) -> list[Var]:
    seen: dict[str, Var] = {}

    def go(n: Expr, bound: frozenset[str]) -> None:
        if isinstance(n, Var):
            if n.name not in bound and n.name not in seen:
                seen[n.name] = n
        elif isinstance(n, Quant):
            go(n.body, bound | {n.binder.name} if n.binder.name else bound)
        else:
            for c in children(n):
                go(c, bound)

    go(e, frozenset())
    return list(seen.values())


def _abstractable_sort(s: Sort) -> bool:
    return (s.is_prop or s.is_numeric or s.is_var) and not s.is_unknown


class _Atomizer:
    def __init__(self, can_translate: Callable[[Expr], bool], taken: set[str], prefix: str = "atom") -> None:
        self.can_translate = can_translate
        self.prefix = prefix
        self.by_key: dict[str, str] = {}
        self.atoms: dict[str, Expr] = {}
        self.sorts: dict[str, Sort] = {}
        self.taken = taken

    def atom(self, e: Expr) -> Expr:
        fvs = _ordered_free_vars(e)
        placeholders = {v.name: Var(f"#{i}", v.sort) for i, v in enumerate(fvs)}
        key = canonical_key(subst(e, placeholders))
        name = self.by_key.get(key)
        sig = tuple(v.sort for v in fvs)
        if name is None:
            name = f"{self.prefix}_{len(self.by_key) + 1}"
            while name in self.taken:
                name += "_"
            self.taken.add(name)
            self.by_key[key] = name
            self.atoms[name] = e
            self.sorts[name] = fun_sort(sig, e.sort) if sig else e.sort
        if not fvs:
            return Var(name, e.sort)
        return App(Const(name, fun_sort(sig, e.sort)), tuple(fvs), e.sort)

    def __call__(self, e: Expr) -> Expr:
        if self.can_translate(e):
            return e
        if not isinstance(e, (Var, Num, BoolLit, Const)):
            rebuilt = map_children(e, self)
            if rebuilt is not e and self.can_translate(rebuilt):
                return rebuilt
        else:
            rebuilt = e
        if not isinstance(e, Var) and _abstractable_sort(e.sort):
            return self.atom(e)
        return rebuilt


# --------------------------------------------------------------------------------------
# Axioms
# --------------------------------------------------------------------------------------


def _axiom_fields(ax: Any) -> tuple[str, str | None, str, tuple[str, ...], tuple[str, ...]]:
    """(name, mathlib lemma, statement, symbols, sorts) of a registry ``DefAxiom`` or a dict."""
    get = ax.get if isinstance(ax, dict) else lambda k, d=None: getattr(ax, k, d)
    name = get("name")
    mathlib = get("mathlib_lemma") or get("mathlib")
    statement = get("statement")
    symbols = tuple(get("symbols") or ())
    sorts = tuple(get("sorts") or ("*",))
    if not name or not statement:
        raise ValueError(f"axiom needs a name and a statement: {ax!r}")
    return name, mathlib, statement, symbols, sorts


def instantiate_axioms(
    axioms: Iterable[Any],
    used: Expr,
    parse_prop: Callable[[str], Expr],
) -> tuple[list[tuple[str, str | None, str, tuple[str, ...], str, Expr]], list[str]]:
    """Axioms whose symbols occur in ``used``, instantiated at the sorts where they occur.

    Returns ``([(name, lemma, statement_text, symbols, sort, prop)], notes)``."""
    names = _op_names(used)
    out = []
    notes: list[str] = []
    seen: set[tuple[str, str]] = set()
    for ax in axioms:
        name, mathlib, statement, symbols, sorts = _axiom_fields(ax)
        hit = [s for s in symbols if s in names]
        if not hit:
            continue
        heads: set[str] = set()
        for s in hit:
            heads |= symbol_sorts(used, s)
        for head in sorted(heads):
            if "*" not in sorts and head not in sorts:
                notes.append(f"axiom {name} not offered at sort {head}")
                continue
            if (name, head) in seen:
                continue
            seen.add((name, head))
            text = statement
            if "α" in text:
                if head not in _SORT_TEXT or head == "Prop":
                    notes.append(f"axiom {name}: cannot instantiate α at sort {head}")
                    continue
                text = text.replace("α", _SORT_TEXT[head])
            try:
                prop = parse_prop(text)
            except Exception as exc:  # a malformed axiom is reported, never assumed
                notes.append(f"axiom {name} at {head} does not parse: {exc}")
                continue
            out.append((name, mathlib, text, symbols, head, prop))
    return out, notes


# --------------------------------------------------------------------------------------
# The abstraction
# --------------------------------------------------------------------------------------


_CONNECTIVES = frozenset({"∧", "∨", "→", "↔"})


def _is_prop_atom(e: Expr) -> bool:
    """A propositional atom: a relation or predicate application (not a connective,
    negation, quantifier or literal)."""
    if isinstance(e, (Quant, BoolLit)):
        return False
    if isinstance(e, BinOp):
        return e.op not in _CONNECTIVES
    if isinstance(e, UnOp):
        return e.op != "¬" and e.sort.is_prop
    return e.sort.is_prop and not isinstance(e, Var)


def _headed_by(key: str, names: set[str]) -> bool:
    """Is the atom behind ``key`` an application of one of ``names``?"""
    data = json.loads(key)
    return data.get("t") == "App" and data.get("fn", {}).get("name") in names


def _level_key(atom: Expr, levels: dict[str, int]) -> str:
    """Key of an atom with each bound variable named by the *depth of its binder* (de Bruijn
    levels): atoms of two statements with the same binder prefix compare by position, so
    ``k ∣ m`` and ``k ∣ n`` stay different atoms."""
    mapping = {}
    for v in _ordered_free_vars(atom):
        if v.name in levels:
            mapping[v.name] = Var(f"#L{levels[v.name]}", v.sort)
    return canonical_key(subst(atom, mapping))


def _walk_atoms(e: Expr, visit: Callable[[Expr, dict[str, int]], Expr | None]) -> Expr:
    """Rebuild ``e`` applying ``visit(atom, levels)`` to each propositional atom (``None``:
    keep it)."""

    def go(n: Expr, levels: dict[str, int]) -> Expr:
        if _is_prop_atom(n):
            out = visit(n, levels)
            return n if out is None else out
        if isinstance(n, Quant):
            inner = dict(levels)
            if n.binder.name:
                inner[n.binder.name] = len(levels)
            body = go(n.body, inner)
            return n if body is n.body else Quant(n.q, n.binder, body, n.sort)
        return map_children(n, lambda c: go(c, levels))

    return go(e, {})


def _atom_keys(e: Expr) -> set[str]:
    keys: set[str] = set()

    def visit(atom: Expr, levels: dict[str, int]) -> None:
        keys.add(_level_key(atom, levels))
        return None

    _walk_atoms(e, visit)
    return keys


def _replace_shared(e: Expr, shared: set[str], atomizer: _Atomizer) -> Expr:
    def visit(atom: Expr, levels: dict[str, int]) -> Expr | None:
        return atomizer.atom(atom) if _level_key(atom, levels) in shared else None

    return _walk_atoms(e, visit)


def abstract_pair(
    lhs: Expr,
    rhs: Expr,
    *,
    axioms: Sequence[Any] = (),
    can_translate: Callable[[Expr], bool] | None = None,
    parse_prop: Callable[[str], Expr] | None = None,
    keep: Iterable[str] = STRUCTURAL_CONSTANTS,
    share_atoms: bool = False,
) -> Abstraction:
    """Abstract a pair consistently (see the module docstring).

    ``axioms`` are the *offered* definitional axioms (registry ``DefAxiom``s or dicts with
    name/statement/symbols/sorts/mathlib); only those whose symbols occur are assumed.
    ``can_translate`` says whether the backend accepts a (sub)formula; without it no atoms
    are introduced.  ``parse_prop`` parses axiom statements (defaults to the project parser).
    """
    both = BinOp("∧", lhs, rhs, PROP)
    notes: list[str] = []
    inst: list[tuple[str, str | None, str, tuple[str, ...], str, Expr]] = []
    if axioms:
        if parse_prop is None:
            from certibench.logic.parser import parse_prop as _pp

            parse_prop = _pp
        inst, notes = instantiate_axioms(axioms, both, parse_prop)
    op_syms = frozenset(
        op for (_n, _m, _t, symbols, _s, _p) in inst for op, nm in OP_SYMBOL_NAMES.items() if op in symbols or nm in symbols
    )
    ren = _Renamer(frozenset(keep))
    a = ren(_rename_ops(lhs, op_syms, ren))
    b = ren(_rename_ops(rhs, op_syms, ren))
    ax_inst: list[AxiomInstance] = []
    for name, mathlib, text, symbols, head, prop in inst:
        ax_inst.append(AxiomInstance(name, mathlib, text, symbols, head, ren(_rename_ops(prop, op_syms, ren)), prop))
    out = Abstraction(a, b, dict(ren.symbols), dict(ren.sorts), axioms=ax_inst, notes=notes)
    shared_atomizer = _Atomizer(lambda _e: True, set(ren.taken), prefix="shared")
    if share_atoms:
        # atoms headed by a symbol that is already uninterpreted gain nothing from sharing
        fresh_syms = set(ren.symbols)
        shared = {k for k in _atom_keys(a) & _atom_keys(b) if not _headed_by(k, fresh_syms)}
        # an atom mentioning a symbol an axiom defines must stay visible to that axiom
        defined = {s for ax in ax_inst for s in ax.symbols}
        if shared:
            a, b = _replace_shared(a, shared, shared_atomizer), _replace_shared(b, shared, shared_atomizer)
            for name, orig in list(shared_atomizer.atoms.items()):
                if _op_names(orig) & defined:
                    out.notes.append(f"shared atom {name} mentions a defined symbol")
            out.lhs, out.rhs = a, b
            out.atoms = dict(shared_atomizer.atoms)
            out.atom_sorts = dict(shared_atomizer.sorts)
            out.shared_atoms = sorted(shared_atomizer.atoms)
    if can_translate is not None:
        atomizer = _Atomizer(can_translate, set(ren.taken) | set(shared_atomizer.atoms))
        out.lhs = atomizer(a)
        out.rhs = atomizer(b)
        kept = []
        for ax in ax_inst:
            if can_translate(ax.prop):
                kept.append(ax)
            else:
                out.notes.append(f"axiom {ax.name} at {ax.sort} is outside the backend's language; not assumed")
        out.axioms = kept
        out.atoms = {**out.atoms, **atomizer.atoms}
        out.atom_sorts = {**out.atom_sorts, **atomizer.sorts}
        out.opaque_atoms = sorted(atomizer.atoms)
    return out


# --------------------------------------------------------------------------------------
# Anti-unification proper: the disagreement set
# --------------------------------------------------------------------------------------


def _same_head(a: Expr, b: Expr) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, BinOp):
        return a.op == b.op  # type: ignore[union-attr]
    if isinstance(a, UnOp):
        return a.op == b.op  # type: ignore[union-attr]
    if isinstance(a, App):
        return len(a.args) == len(b.args)  # type: ignore[union-attr]
    if isinstance(a, Quant):
        return (
            a.q == b.q  # type: ignore[union-attr]
            and a.binder.sort == b.binder.sort  # type: ignore[union-attr]
            and a.binder.kind == b.binder.kind  # type: ignore[union-attr]
        )
    if isinstance(a, Ascribe):
        return a.sort == b.sort
    return a == b


def disagreements(a: Expr, b: Expr) -> list[tuple[Expr, Expr]]:
    """Maximal differing subterm pairs of ``a`` and ``b`` (binders matched up to renaming:
    ``b``'s bound names are renamed to ``a``'s).  Empty list ⇔ alpha-equivalent."""
    out: list[tuple[Expr, Expr]] = []
    counter = [0]

    def go(x: Expr, y: Expr) -> None:
        if x == y:
            return
        if not _same_head(x, y) or isinstance(x, (Var, Const, Num, BoolLit)):
            out.append((x, y))
            return
        if isinstance(x, Quant) and isinstance(y, Quant):
            xb, yb = x.body, y.body
            if x.binder.name != y.binder.name and x.binder.name and y.binder.name:
                # rename both binders to one fresh name (no capture on either side)
                counter[0] += 1
                fresh = Var(f"#b{counter[0]}", x.binder.sort or PROP)
                xb = subst(x.body, {x.binder.name: fresh})
                yb = subst(y.body, {y.binder.name: fresh})
            go(xb, yb)
            return
        for c1, c2 in zip(children(x), children(y), strict=True):
            go(c1, c2)

    go(a, b)
    return out


def alpha_equal(a: Expr, b: Expr) -> bool:
    return not disagreements(a, b)


def binder_of(name: str, sort: Sort) -> Binder:
    return Binder(name, sort, None, "explicit")


# --------------------------------------------------------------------------------------
# Unfolding definitional axioms
# --------------------------------------------------------------------------------------


def _definition(prop: Expr) -> tuple[str, tuple[str, ...], Expr] | None:
    """``∀ x₁ … xₙ, f x₁ … xₙ ↔ body`` (or ``= body``) with distinct binders, ``f`` absent
    from ``body``: returns ``(f, (x₁…xₙ), body)``; ``None`` for any other shape."""
    binders: list[str] = []
    e = prop
    while isinstance(e, Quant) and e.q == "∀" and e.binder.name:
        binders.append(e.binder.name)
        e = e.body
    if not (isinstance(e, BinOp) and e.op in ("↔", "=")):
        return None
    head, body = e.lhs, e.rhs
    if not (isinstance(head, App) and isinstance(head.fn, Const)):
        return None
    params = []
    for a in head.args:
        if not isinstance(a, Var) or a.name not in binders or a.name in params:
            return None
        params.append(a.name)
    if set(params) != set(binders):
        return None
    f = head.fn.name
    if any(isinstance(n, Const) and n.name == f for n in walk(body)):
        return None
    return f, tuple(params), body


def _rename_binders(e: Expr, counter: list[int]) -> Expr:
    """Give every binder in ``e`` a fresh unique name (so substitution cannot capture)."""
    if isinstance(e, Quant) and e.binder.name:
        counter[0] += 1
        new = f"{e.binder.name}_d{counter[0]}"
        nb = Binder(new, e.binder.sort, e.binder.hyp, e.binder.kind)
        body = subst(e.body, {e.binder.name: Var(new, e.binder.sort or PROP)})
        return Quant(e.q, nb, _rename_binders(body, counter), e.sort)
    return map_children(e, lambda c: _rename_binders(c, counter))


def unfold_definitions(e: Expr, axioms: Sequence[AxiomInstance]) -> Expr | None:
    """``e`` with every defined symbol replaced by its definition, or ``None`` when some
    axiom is not a plain definition.

    Exact for definitional axioms: with ``f := λ xs, body`` the axiom holds, so a model of
    the unfolded formula is a model of the original plus the axiom, and a proof of the
    unfolded formula is a proof from the axiom.  Further axioms on an already-defined
    symbol are true statements about it (Mathlib lemmas), so they hold in that model too."""
    defs: dict[str, tuple[tuple[str, ...], Expr]] = {}
    for ax in axioms:
        d = _definition(ax.prop)
        if d is None:
            if not any(isinstance(n, Const) and n.name in defs for n in walk(ax.prop)):
                return None
            continue
        defs.setdefault(d[0], (d[1], d[2]))
    if not defs:
        return e
    counter = [0]

    def go(n: Expr) -> Expr:
        n2 = map_children(n, go)
        if isinstance(n2, App) and isinstance(n2.fn, Const) and n2.fn.name in defs:
            params, body = defs[n2.fn.name]
            if len(params) != len(n2.args):
                return n2
            fresh = _rename_binders(body, counter)
            return go(subst(fresh, dict(zip(params, n2.args, strict=True))))
        return n2

    return go(e)


# ======================================================================================
# The SMT pair abstraction (statement variables, context, opaque atoms, differing parts)
# ======================================================================================
#
# ``prepare_pair`` turns two declarations into two *bodies* over shared statement
# variables; ``abstract_prepared`` abstracts them for the solver at one of two levels.
# Every name it introduces starts with ``INTERNAL_MARK`` (a character no parsed name can
# contain — ``check_internal_names`` rejects input that does), and the SMT translator puts
# such names in their own namespace (``|i:…|``), so an internal name can never capture or
# be captured by a user name.  Bound variables are renamed to fresh internal names before
# any substitution, so no substitution here can capture.



class PairError(ValueError):
    """The pair cannot be checked at all (malformed input); the backend reports ``error``."""


def internal(kind: str, text: str) -> str:
    """An internal name: never equal to any name a parsed statement can contain."""
    return f"{INTERNAL_MARK}{kind}:{text}"


def is_internal(name: str | None) -> bool:
    return bool(name) and name.startswith(INTERNAL_MARK)  # type: ignore[union-attr]


def display_name(name: str) -> str:
    """Readable text of a (possibly internal) name for certificates: ``⟨atom 3⟩``."""
    if not is_internal(name):
        return name
    kind, _, text = name[len(INTERNAL_MARK):].partition(":")
    return f"⟨{kind} {text.replace('·', ' ', 1).replace('·', '.')}⟩"


def _sort_names(s: Sort) -> Iterable[str]:
    if s.head:
        yield s.head
    for a in s.args:
        yield from _sort_names(a)
    for p in s.params:
        for n in walk(p):
            if isinstance(n, (Var, Const)):
                yield n.name


def check_internal_names(d: Declaration | Expr) -> None:
    """Reject input that contains the internal-name marker anywhere (names of variables,
    constants, binders, sorts): internal names are reserved for the abstraction."""
    exprs: list[Expr] = []
    sorts: list[Sort] = []
    names: list[str | None] = []
    if isinstance(d, Declaration):
        exprs.append(d.prop)
        for b in d.binders:
            names.append(b.name)
            if b.sort is not None:
                sorts.append(b.sort)
            if b.hyp is not None:
                exprs.append(b.hyp)
    else:
        exprs.append(d)
    for e in exprs:
        for n in walk(e):
            s = getattr(n, "sort", None)
            if s is not None:
                sorts.append(s)
            if isinstance(n, (Var, Const)):
                names.append(n.name)
            elif isinstance(n, (Quant, Lam)):
                names.append(n.binder.name)
                if n.binder.sort is not None:
                    sorts.append(n.binder.sort)
    for s in sorts:
        names.extend(_sort_names(s))
    for nm in names:
        if nm and INTERNAL_MARK in nm:
            raise PairError(f"a name contains the reserved character U+0000: {nm!r}")


# --------------------------------------------------------------------------------------
# Renaming (capture-free: every binder gets a fresh internal name)
# --------------------------------------------------------------------------------------


class _Renamer2:
    """Rename free variables (``vars``), type variables (``types``) and give every binder a
    fresh internal name.  Sorts are rewritten everywhere, parameters included."""

    def __init__(self, counter: list[int], kind: str = "b") -> None:
        self.counter = counter
        self.kind = kind  # namespace of the fresh binder names (distinct per renaming pass)

    def sort(self, s: Sort | None, tmap: dict[str, str], vmap: dict[str, Expr]) -> Sort | None:
        if s is None:
            return None
        head = tmap.get(s.head, s.head) if s.is_var else s.head
        args = tuple(self.sort(a, tmap, vmap) for a in s.args)  # type: ignore[misc]
        params = tuple(self.expr(p, tmap, vmap) for p in s.params)
        if head == s.head and args == s.args and params == s.params:
            return s
        return Sort(head, args, s.is_var, params)

    def binder(self, b: Binder, tmap: dict[str, str], vmap: dict[str, Expr]) -> tuple[Binder, dict[str, Expr]]:
        sort = self.sort(b.sort, tmap, vmap)
        if not b.name:
            return Binder(b.name, sort, b.hyp, b.kind), vmap
        self.counter[0] += 1
        new = internal(self.kind, f"{self.counter[0]}·{b.name}".replace(".", "·"))
        inner = dict(vmap)
        inner[b.name] = Var(new, sort if sort is not None else UNKNOWN)
        return Binder(new, sort, b.hyp, "explicit"), inner

    def expr(self, e: Expr, tmap: dict[str, str], vmap: dict[str, Expr]) -> Expr:
        if isinstance(e, Var):
            got = vmap.get(e.name)
            if got is not None:
                return Var(got.name, self.sort(e.sort, tmap, vmap)) if isinstance(got, Var) else got  # type: ignore[arg-type]
            return Var(e.name, self.sort(e.sort, tmap, vmap))  # type: ignore[arg-type]
        if isinstance(e, (Quant, Lam)):
            nb, inner = self.binder(e.binder, tmap, vmap)
            body = self.expr(e.body, tmap, inner)
            if isinstance(e, Quant):
                return Quant(e.q, nb, body, self.sort(e.sort, tmap, vmap))  # type: ignore[arg-type]
            return Lam(nb, body, self.sort(e.sort, tmap, vmap))  # type: ignore[arg-type]
        out = map_children(e, lambda c: self.expr(c, tmap, vmap))
        s = getattr(out, "sort", None)
        if s is not None:
            ns = self.sort(s, tmap, vmap)
            if ns is not s:
                from dataclasses import replace as _replace

                out = _replace(out, sort=ns)
        return out


# --------------------------------------------------------------------------------------
# One side: statement variables, hypotheses, context
# --------------------------------------------------------------------------------------


@dataclass
class _Side:
    vars: list[tuple[str, Sort]]  # statement variables in order (original names)
    hyps: list[Expr]  # hypotheses, in order, as written (over the original names)
    concl: Expr
    types: list[str]  # type variables in order
    insts: list[Sort]  # instance binders' classes
    order: list[tuple[str, Any]]  # ("var", i) / ("hyp", i) in header order (hyp/var interleaving)
    n_header: int = 0  # the first ``n_header`` variables are the header's binders


def _is_type_binder(b: Binder) -> bool:
    return b.sort is not None and b.sort.head in ("Type", "Sort") and not b.sort.is_var and b.hyp is None


def _side(d: Declaration) -> _Side:
    """Statement variables, hypotheses and context of one declaration.

    The header is read as the proposition it stands for (variable binders ``∀``, hypothesis
    binders ``→``; type and instance binders form the context), then the leading ``∀`` prefix
    is hoisted — through ``→`` consequents too (``(H → ∀ y, P) ⇔ ∀ y, (H → P)``).  A variable
    that shadows an earlier one gets a fresh internal name first, so the hypotheses keep
    referring to the variable they were written about."""
    types: list[str] = []
    insts: list[Sort] = []
    body = d.prop
    for b in reversed(d.binders):
        if b.kind == "inst":
            if b.sort is None:
                raise PairError("an instance binder without a class")
            insts.insert(0, b.sort)
        elif b.hyp is not None:
            body = BinOp("→", b.hyp, body, PROP)
        elif _is_type_binder(b):
            if b.name:
                types.insert(0, b.name)
        elif b.sort is not None and b.name:
            body = Quant("∀", Binder(b.name, b.sort, None, "explicit"), body, PROP)
        elif b.sort is None:
            raise PairError(f"binder {b.name} has neither a type nor a hypothesis")
        # an anonymous variable binder (``(_ : ℕ)``) binds nothing usable
    n_header = sum(1 for b in d.binders if b.kind != "inst" and b.hyp is None and not _is_type_binder(b) and b.sort is not None and b.name)
    vs: list[tuple[str, Sort]] = []
    hs: list[Expr] = []
    order: list[tuple[str, Any]] = []
    taken: set[str] = set()
    e = body
    while True:
        if isinstance(e, Quant) and e.q == "∀" and e.binder.kind == "inst":
            if e.binder.sort is None:
                raise PairError("an instance binder without a class")
            insts.append(e.binder.sort)
            e = e.body
        elif isinstance(e, Quant) and e.q == "∀" and _is_type_binder(e.binder):
            if e.binder.name:
                types.append(e.binder.name)
            e = e.body
        elif (
            isinstance(e, Quant)
            and e.q == "∀"
            and e.binder.name
            and e.binder.sort is not None
            and not e.binder.sort.is_unknown
        ):
            name, inner = e.binder.name, e.body
            if name in taken:
                fresh = internal("sv", f"{len(vs)}·{name}")
                inner = subst(inner, {name: Var(fresh, e.binder.sort)})  # fresh: nothing can capture it
                name = fresh
            taken.add(name)
            order.append(("var", len(vs)))
            vs.append((name, e.binder.sort))
            e = inner
        elif isinstance(e, BinOp) and e.op == "→" and _leads_to_forall(e.rhs):
            order.append(("hyp", len(hs)))
            hs.append(e.lhs)
            e = e.rhs
        else:
            break
    return _Side(vs, hs, e, types, insts, order, n_header)


def _leads_to_forall(e: Expr) -> bool:
    while isinstance(e, BinOp) and e.op == "→":
        e = e.rhs
    return isinstance(e, Quant) and e.q == "∀"


# --------------------------------------------------------------------------------------
# The prepared pair
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatementVar:
    """One variable of the statement, shared by both sides (``name`` in the encoding; the
    names it has on each side)."""

    name: str
    sort: Sort
    lhs_name: str
    rhs_name: str


@dataclass
class PreparedPair:
    """Two bodies over the same free statement variables, every binder renamed to a fresh
    internal name.  ``lhs_exact``/``rhs_exact`` are the statements as written (for exact
    evaluation); ``lhs``/``rhs`` have every subformula the solver cannot be trusted with
    (unknown types, symbols outside the table, untranslatable constructs) replaced by an
    opaque atom matched by syntactic identity only."""

    lhs: Expr
    rhs: Expr
    lhs_exact: Expr
    rhs_exact: Expr
    variables: list[StatementVar]
    matching: str
    type_vars: list[tuple[str, str, str]] = field(default_factory=list)
    instances: list[str] = field(default_factory=list)
    context_difference: str | None = None
    unmatched: list[str] = field(default_factory=list)
    opaque: dict[str, Expr] = field(default_factory=dict)  # atom name -> original subformula
    opaque_sorts: dict[str, Sort] = field(default_factory=dict)
    opaque_reasons: dict[str, str] = field(default_factory=dict)
    unknown_symbols: list[str] = field(default_factory=list)
    #: only some header variables are matched (by name): a counterexample there is not a
    #: refutation, as other matchings of the remaining variables are not ruled out
    partial: bool = False


def _match_names(a: list[str], b: list[str]) -> dict[int, int] | None:
    """Name-based matching of two lists (``None`` when the names are not unique on a side)."""
    if len(set(a)) != len(a) or len(set(b)) != len(b):
        return None
    pos = {n: i for i, n in enumerate(b)}
    return {i: pos[n] for i, n in enumerate(a) if n in pos}


def _common_header_names(sa: _Side, sb: _Side) -> set[str]:
    """Names each header declares exactly once (as a statement variable) on both sides."""
    na = [n for n, _ in sa.vars[: sa.n_header]]
    nb = [n for n, _ in sb.vars[: sb.n_header]]
    all_a, all_b = [n for n, _ in sa.vars], [n for n, _ in sb.vars]
    return {n for n in set(na) & set(nb) if all_a.count(n) == 1 and all_b.count(n) == 1}


def _sort_var_names(s: Sort) -> set[str]:
    """Names of the term variables a sort mentions (``ZMod p``: p)."""
    out: set[str] = set()
    for a in s.args:
        out |= _sort_var_names(a)
    for prm in s.params:
        out |= set(free_var_names(prm))
    return out


def _inst_text(s: Sort) -> str:
    return "[" + _sort_text_full(s) + "]"


def _sort_text_full(s: Sort) -> str:
    """Lean-like text of a sort including its parameters (``Fin 2``, ``ZMod p``)."""
    if s.is_fun:
        parts = [_sort_text_full(a) for a in s.args]
        return " → ".join(f"({p})" if "→" in p else p for p in parts)
    if s.head in _SORT_TEXT and not s.args and not s.params:
        return _SORT_TEXT[s.head]
    items = [_sort_text_full(a) for a in s.args]
    for p in s.params:
        if isinstance(p, Num):
            items.append(p.value)
        elif isinstance(p, Var):
            items.append(display_name(p.name))
        else:
            try:
                from certibench.logic.render_lean import render_lean

                items.append(render_lean(p))
            except Exception:  # informative only
                items.append("…")
    if not items:
        return display_name(s.head)
    inner = " ".join(f"({x})" if " " in x and not x.startswith("(") else x for x in items)
    return f"{display_name(s.head)} {inner}"


def sort_label_text(s: Sort) -> str:
    return _sort_text_full(s)


def prepare_pair(a: Declaration, b: Declaration) -> PreparedPair:
    """Match the two statements' variables and contexts and rename everything capture-free.

    Statement variables are the header's variable binders plus the leading ``∀`` prefix of
    the proposition.  They are matched by name when both sides use the same (unique)
    names, else by position; a pair of matched variables must have the same type (with
    its parameters).  Unmatched variables stay universally quantified in front of their
    side.  Type binders are matched the same way; instance binders are compared as a
    multiset of classes after renaming: a difference is reported in
    ``context_difference`` (the SMT check then says ``unknown``)."""
    for d in (a, b):
        if not isinstance(d, Declaration):
            raise PairError(f"expected a Declaration, got {type(d).__name__}")
        check_internal_names(d)
    sa, sb = _side(a), _side(b)
    counter = [0]
    ren = _Renamer2(counter)

    # type variables: by name when the names agree, else by position
    tm = _match_names(sa.types, sb.types)
    if tm is None or len(tm) != len(sa.types) or len(sa.types) != len(sb.types):
        tm = {i: i for i in range(min(len(sa.types), len(sb.types)))}
    tmap_a: dict[str, str] = {}
    tmap_b: dict[str, str] = {}
    type_vars: list[tuple[str, str, str]] = []
    for i, j in sorted(tm.items()):
        canon = internal("T", str(len(type_vars)))
        tmap_a[sa.types[i]] = canon
        tmap_b[sb.types[j]] = canon
        type_vars.append((canon, sa.types[i], sb.types[j]))
    diff: list[str] = []
    for i, n in enumerate(sa.types):
        if n not in tmap_a:
            tmap_a[n] = internal("TL", str(i))
            diff.append(f"type variable {n} only in the canonical statement")
    for j, n in enumerate(sb.types):
        if n not in tmap_b:
            tmap_b[n] = internal("TR", str(j))
            diff.append(f"type variable {n} only in the paraphrase")

    # statement variables, matched only as a whole block (same names, else same positions;
    # equal types after renaming — types may mention earlier variables, ``a : ZMod p``):
    # first the header's variables together with the leading ∀ prefix, else the header's
    # variables alone (the prefixes then stay quantified).  Whatever is not matched stays
    # universally quantified in front of its side; a pair declaring different variables is
    # compared as two closed propositions (comparing them pointwise could call equivalent
    # theorems different: ``∀ n, f n ≤ f (n+1)`` vs ``∀ n m, n ≤ m → f n ≤ f m``).
    variables: list[StatementVar] = []
    vmap_a: dict[str, Expr] = {}
    vmap_b: dict[str, Expr] = {}
    pairs: dict[int, int] = {}

    def match_block(ia: list[int], ib: list[int]) -> str | None:
        if len(ia) != len(ib):
            return None
        na, nb = [sa.vars[i][0] for i in ia], [sb.vars[j][0] for j in ib]
        if len(set(na)) == len(na) and sorted(na) == sorted(nb):
            how, cand = "by name", [(i, ib[nb.index(sa.vars[i][0])]) for i in ia]
        else:
            how, cand = "by position", list(zip(ia, ib, strict=True))
        va, vb = dict(vmap_a), dict(vmap_b)
        new: list[tuple[int, int, StatementVar]] = []
        for i, j in cand:
            s_a = ren.sort(sa.vars[i][1], tmap_a, va)
            s_b = ren.sort(sb.vars[j][1], tmap_b, vb)
            if s_a is None or s_a != s_b:
                return None
            var = Var(sa.vars[i][0], s_a)
            va[sa.vars[i][0]] = var
            vb[sb.vars[j][0]] = var
            new.append((i, j, StatementVar(sa.vars[i][0], s_a, sa.vars[i][0], sb.vars[j][0])))
        vmap_a.update(va)
        vmap_b.update(vb)
        for i, j, sv in new:
            pairs[i] = j
            variables.append(sv)
        return how

    all_a, all_b = list(range(len(sa.vars))), list(range(len(sb.vars)))
    partial = False
    how = match_block(all_a, all_b)
    if how is not None:
        matching = f"all statement variables (header and leading ∀ prefix) {how}" if all_a else "no variables"
    else:
        how = match_block(list(range(sa.n_header)), list(range(sb.n_header)))
        if how is None:
            # the header variables both statements declare under one name and one type are
            # the same parameter: compared pointwise, never quantified inside each side
            # (``(f) (b) (h : b = 7) : ∀ a, f a = 0`` against ``(f) : ∀ a, a = 7 → f a = 0``
            # was certified as two closed propositions, both false for every reading of
            # the abstracted ``b = 7``, although at f = {0 ↦ 1} one holds and one fails)
            names = _common_header_names(sa, sb)
            if names:
                pos_b = {n: j for j, (n, _) in enumerate(sb.vars[: sb.n_header])}
                for i, (n, srt) in enumerate(sa.vars[: sa.n_header]):
                    if n in names and _sort_var_names(srt) <= set(vmap_a) and _sort_var_names(sb.vars[pos_b[n]][1]) <= set(vmap_b):
                        match_block([i], [pos_b[n]])
            if pairs:
                partial = True
                shared = ", ".join(sa.vars[i][0] for i in sorted(pairs))
                matching = (f"header variables {shared} by name (declared by both with one type); the other "
                            "variables differ and stay quantified")
            else:
                matching = "none: the statements declare different variables and are compared as closed propositions"
        else:
            matching = f"header variables {how}; the leading ∀ prefixes differ and stay quantified"

    # instances (compared after renaming types and variables)
    ia = sorted(canonical_key(ren.sort(s, tmap_a, vmap_a)) for s in sa.insts)
    ib = sorted(canonical_key(ren.sort(s, tmap_b, vmap_b)) for s in sb.insts)
    instances = [_inst_text(s) for s in sa.insts]
    if ia != ib:
        only_a = [_inst_text(s) for s in sa.insts if canonical_key(ren.sort(s, tmap_a, vmap_a)) not in ib]
        only_b = [_inst_text(s) for s in sb.insts if canonical_key(ren.sort(s, tmap_b, vmap_b)) not in ia]
        diff.append(
            "instance assumptions differ: "
            + (" ".join(only_a) or "none")
            + " (canonical) vs "
            + (" ".join(only_b) or "none")
            + " (paraphrase)"
        )

    def body(side: _Side, tmap: dict[str, str], vmap: dict[str, Expr], shared: set[int]) -> tuple[Expr, list[str]]:
        """hyps → concl over the shared variables; unshared variables quantified in front."""
        unmatched: list[str] = []
        inner = dict(vmap)
        front: list[Binder] = []
        for k, (n, s) in enumerate(side.vars):
            if k in shared:
                continue
            counter[0] += 1
            new = internal("b", f"{counter[0]}·{n}".replace(".", "·"))
            ns = ren.sort(s, tmap, inner)
            inner[n] = Var(new, ns)  # type: ignore[arg-type]
            front.append(Binder(new, ns, None, "explicit"))
            unmatched.append(n)
        e = ren.expr(side.concl, tmap, inner)
        for h in reversed(side.hyps):
            e = BinOp("→", ren.expr(h, tmap, inner), e, PROP)
        for bnd in reversed(front):
            e = Quant("∀", bnd, e, PROP)
        return e, unmatched

    shared_a = set(pairs)
    shared_b = set(pairs.values())
    lhs, ua = body(sa, tmap_a, vmap_a, shared_a)
    rhs, ub = body(sb, tmap_b, vmap_b, shared_b)
    prep = PreparedPair(
        lhs=lhs,
        rhs=rhs,
        lhs_exact=lhs,
        rhs_exact=rhs,
        variables=variables,
        matching=matching,
        partial=partial,
        type_vars=type_vars,
        instances=instances,
        context_difference="; ".join(diff) if diff else None,
        unmatched=[f"{n} (canonical)" for n in ua] + [f"{n} (paraphrase)" for n in ub],
    )
    _atomize_opaque(prep)
    return prep


# --------------------------------------------------------------------------------------
# Opaque atoms: what the solver must not interpret
# --------------------------------------------------------------------------------------

_ALWAYS_KNOWN = frozenset({"True", "False"})


def known_symbol(name: str) -> bool:
    """A symbol of the project's table (its type is known, never guessed)."""
    if is_internal(name) or name in _ALWAYS_KNOWN or name in KNOWN_SYMBOLS:
        return True
    try:
        from certibench.logic.symbols import lookup
    except ImportError:  # pragma: no cover - the table ships with the package
        return False
    return lookup(name) is not None


def _sort_is_known(s: Sort | None) -> bool:
    if s is None or s.is_unknown:
        return False
    if s.is_var and s.head.startswith("_"):
        return False
    return all(_sort_is_known(a) for a in s.args)


def _uncurry(n: App) -> tuple[Expr, tuple[Expr, ...]]:
    fn, args = n.fn, n.args
    while isinstance(fn, App):
        args = fn.args + args
        fn = fn.fn
    return fn, args


def _untrusted(e: Expr) -> str | None:
    """Why ``e`` contains a subterm whose type the solver must not rely on (``None``: none):
    a symbol outside the table, a term or binder of unknown type.  Numerals take their
    type from their context; λ-binders may too (the translator checks)."""
    stack: list[Expr] = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, Num):
            continue
        if isinstance(n, Const):
            if not known_symbol(n.name):
                return f"{n.name} is not a known symbol (its type is not known)"
            continue
        if isinstance(n, App):
            fn, args = _uncurry(n)
            if isinstance(fn, Const):
                if not known_symbol(fn.name):
                    return f"{fn.name} is not a known symbol (its type is not known)"
            else:
                stack.append(fn)
            stack.extend(args)
            if not _sort_is_known(n.sort):
                return "a term of unknown type"
            continue
        if isinstance(n, Lam):
            stack.append(n.body)
            continue
        if isinstance(n, Quant):
            if n.binder.kind == "inst" or not _sort_is_known(n.binder.sort):
                return "a quantifier over an unknown type"
            stack.append(n.body)
            continue
        is_prop_op = (isinstance(n, BinOp) and (n.op in OPS_LOGIC_ALL or n.op in _RELS)) or (
            isinstance(n, UnOp) and n.op == "¬"
        )
        if not is_prop_op and not _sort_is_known(getattr(n, "sort", None)):
            return "a term of unknown type"
        stack.extend(children(n))
    return None


OPS_LOGIC_ALL = frozenset({"∧", "∨", "→", "↔"})
_RELS = frozenset({"=", "≠", "<", "≤", ">", "≥", "∣", "∈", "∉", "⊆", "⊂"})


def _free_vars_in_order(e: Expr) -> list[Var]:
    seen: dict[str, Var] = {}

    def go(n: Expr, bound: frozenset[str]) -> None:
        if isinstance(n, Var):
            if n.name not in bound and n.name not in seen:
                seen[n.name] = n
        elif isinstance(n, (Quant, Lam)):
            go(n.body, bound | {n.binder.name} if n.binder.name else bound)
        else:
            for c in children(n):
                go(c, bound)
        for s in (getattr(n, "sort", None),):
            if s is not None and s.params:
                for p in s.params:
                    go(p, bound)

    go(e, frozenset())
    return list(seen.values())


def _debruijn(e: Expr, levels: dict[str, int]) -> Expr:
    """``e`` with every variable bound in scope (``levels``) or inside it renamed to its
    binder's de Bruijn level and binder kinds normalised: α-equal terms become equal."""

    def go(n: Expr, lv: dict[str, int]) -> Expr:
        if isinstance(n, Var):
            if n.name in lv:
                return Var(f"#L{lv[n.name]}", n.sort)
            return n
        if isinstance(n, (Quant, Lam)):
            inner = dict(lv)
            name = n.binder.name
            new_name = f"#L{len(lv)}"
            if name:
                inner[name] = len(lv)
            nb = Binder(new_name if name else None, n.binder.sort, None, "explicit")
            body = go(n.body, inner)
            return Quant(n.q, nb, body, n.sort) if isinstance(n, Quant) else Lam(nb, body, n.sort)
        return map_children(n, lambda c: go(c, lv))

    return go(e, levels)


def alpha_key(e: Expr, levels: dict[str, int] | None = None) -> str:
    """A key equal for α-equal terms (bound variables by binder depth)."""
    return canonical_key(_debruijn(e, levels or {}))


class _AtomTable:
    """Atoms keyed by syntax (free variables as positional placeholders)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.by_key: dict[str, str] = {}
        self.atoms: dict[str, Expr] = {}
        self.sorts: dict[str, Sort] = {}

    def atom(self, e: Expr, levels: dict[str, int], result: Sort = PROP) -> Expr:
        """An atom standing for ``e``: a function of the *bound* variables in scope that
        ``e`` mentions (in order of first occurrence); statement variables and constants
        stay part of the key, so two subformulas share an atom only when they are the same
        text up to the names of bound variables."""
        db = _debruijn(e, levels)
        inv = {f"#L{lvl}": name for name, lvl in levels.items()}
        fvs = [v for v in _free_vars_in_order(db) if v.name in inv]
        args = [Var(inv[v.name], v.sort) for v in fvs]
        placeholders = {v.name: Var(f"#A{i}", v.sort) for i, v in enumerate(fvs)}
        key = canonical_key(subst(db, placeholders))
        name = self.by_key.get(key)
        sig = tuple(v.sort for v in args)
        if name is None:
            name = internal(self.kind, str(len(self.by_key) + 1))
            self.by_key[key] = name
            self.atoms[name] = e
            self.sorts[name] = fun_sort(sig, result) if sig else result
        if not args:
            return Const(name, result)
        return App(Const(name, fun_sort(sig, result)), tuple(args), result)


def _can_translate(e: Expr, ctx: Any = None) -> str | None:
    import z3

    try:
        Z3Translator(ctx=ctx).translate(e)
    except TranslationError as exc:
        return str(exc)
    except (z3.Z3Exception, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _atomize_opaque(prep: PreparedPair) -> None:
    """Replace every atomic subformula the solver must not interpret by an opaque atom."""
    import z3

    ctx = z3.Context()  # scratch translations never touch the caller's context
    table = _AtomTable("opaque")
    unknown: set[str] = set()
    reasons: dict[str, str] = {}

    def atomic(n: Expr, levels: dict[str, int]) -> Expr:
        # a predicate outside the symbol table, applied to arguments of known types, in a
        # Prop position: an uninterpreted predicate over those argument types (its result
        # type is Prop by position, not guessed)
        head = n.fn if isinstance(n, App) else None
        while isinstance(head, App):
            head = head.fn
        if isinstance(n, App) and isinstance(head, Const) and not known_symbol(head.name):
            unknown.add(head.name)
            args = n.args
            fn = n.fn
            while isinstance(fn, App):
                args = fn.args + args
                fn = fn.fn
            if all(_untrusted(x) is None and _sort_is_known(x.sort) and not isinstance(x, Num) for x in args):
                retyped = App(Const(head.name, fun_sort(tuple(x.sort for x in args), PROP)), args, PROP)
                if _can_translate(retyped, ctx) is None:
                    return retyped
        if isinstance(n, Const) and not known_symbol(n.name):
            unknown.add(n.name)
            return Const(n.name, PROP)
        why = _untrusted(n)
        if why is None:
            why = _can_translate(n, ctx)
            if why is not None:
                why = f"outside the solver's language ({why})"
        if why is None:
            return n
        for m in walk(n):
            if isinstance(m, Const) and not known_symbol(m.name):
                unknown.add(m.name)
        out = table.atom(n, levels)
        name = out.fn.name if isinstance(out, App) else out.name  # type: ignore[union-attr]
        reasons.setdefault(name, why)
        return out

    def go(n: Expr, levels: dict[str, int]) -> Expr:
        if isinstance(n, BoolLit):
            return n
        if isinstance(n, UnOp) and n.op == "¬":
            return UnOp("¬", go(n.arg, levels), PROP)
        if isinstance(n, BinOp) and n.op in OPS_LOGIC_ALL:
            return BinOp(n.op, go(n.lhs, levels), go(n.rhs, levels), PROP)
        if isinstance(n, Quant) and n.binder.kind != "inst" and _sort_is_known(n.binder.sort) and n.binder.sort.head not in ("Type", "Sort"):  # type: ignore[union-attr]
            inner = dict(levels)
            if n.binder.name:
                inner[n.binder.name] = len(levels)
            return Quant(n.q, n.binder, go(n.body, inner), PROP)
        if isinstance(n, Ascribe) and n.sort.is_prop:
            return go(n.expr, levels)
        return atomic(n, levels)

    prep.lhs = go(prep.lhs, {})
    prep.rhs = go(prep.rhs, {})
    prep.opaque = dict(table.atoms)
    prep.opaque_sorts = dict(table.sorts)
    prep.opaque_reasons = reasons
    prep.unknown_symbols = sorted(unknown)


# --------------------------------------------------------------------------------------
# Abstraction for the solver
# --------------------------------------------------------------------------------------


@dataclass
class DifferingPart:
    """A Prop-valued subformula of one side with no α-equal counterpart on the other."""

    side: str  # lhs | rhs
    expr: Expr  # over the statement variables and the (internal) bound variables in scope
    key: str
    scope: list[tuple[str, Sort]]  # bound variables in scope (free in ``expr``)


@dataclass
class SmtAbstraction:
    level: str  # "shared" (symbols + shared atoms abstracted) | "symbols"
    lhs: Expr
    rhs: Expr
    symbols: dict[str, str] = field(default_factory=dict)  # internal name -> library symbol
    symbol_sorts: dict[str, Sort] = field(default_factory=dict)
    shared: dict[str, Expr] = field(default_factory=dict)  # internal name -> common subformula
    shared_sorts: dict[str, Sort] = field(default_factory=dict)
    parts: list[DifferingPart] = field(default_factory=list)
    axioms: list[Expr] = field(default_factory=list)  # assumed (abstracted), when not unfolded
    unfolded: list[str] = field(default_factory=list)  # symbols replaced by their definitions
    opaque_sorts: dict[str, str] = field(default_factory=dict)  # uninterpreted sort -> the type it stands for


def _abstract_symbols(e: Expr, ren: dict[tuple[str, str], str], syms: dict[str, str], sorts: dict[str, Sort], keep: frozenset[str]) -> Expr:
    def fresh(name: str, sig: tuple[Sort, ...], result: Sort) -> str:
        key = (name, canonical_key((*sig, result)))
        got = ren.get(key)
        if got is None:
            got = internal("sym", f"{len(ren) + 1}·{name}".replace(".", "·"))
            ren[key] = got
            syms[got] = name
            sorts[got] = fun_sort(sig, result) if sig else result
        return got

    def go(n: Expr) -> Expr:
        if isinstance(n, App):
            fn, args = n.fn, n.args
            while isinstance(fn, App):
                args = fn.args + args
                fn = fn.fn
            if isinstance(fn, Const) and fn.name not in keep and not is_internal(fn.name):
                new_args = tuple(go(a) for a in args)
                sig = tuple(a.sort for a in args)
                new = fresh(fn.name, sig, n.sort)
                return App(Const(new, fun_sort(sig, n.sort)), new_args, n.sort)
        if isinstance(n, Const) and n.name not in keep and not is_internal(n.name):
            return Const(fresh(n.name, (), n.sort), n.sort)
        return map_children(n, go)

    return go(e)


def _prop_nodes(e: Expr) -> list[tuple[Expr, dict[str, int], list[tuple[str, Sort]]]]:
    """Every Prop-valued node reached through the propositional structure (with the binder
    levels and the bound variables in scope)."""
    out: list[tuple[Expr, dict[str, int], list[tuple[str, Sort]]]] = []
    stack: list[tuple[Expr, dict[str, int], list[tuple[str, Sort]]]] = [(e, {}, [])]
    while stack:
        n, lv, scope = stack.pop()
        out.append((n, lv, scope))
        if isinstance(n, UnOp) and n.op == "¬":
            stack.append((n.arg, lv, scope))
        elif isinstance(n, BinOp) and n.op in OPS_LOGIC_ALL:
            stack.append((n.rhs, lv, scope))
            stack.append((n.lhs, lv, scope))
        elif isinstance(n, Quant) and n.binder.name and n.binder.sort is not None:
            inner = dict(lv)
            inner[n.binder.name] = len(lv)
            stack.append((n.body, inner, [*scope, (n.binder.name, n.binder.sort)]))
    return out


def _atomic_prop(n: Expr) -> bool:
    if isinstance(n, (Quant, BoolLit)):
        return False
    if isinstance(n, BinOp):
        return n.op not in OPS_LOGIC_ALL
    if isinstance(n, UnOp):
        return n.op != "¬"
    return True


def _head_name(n: Expr) -> str | None:
    fn = n.fn if isinstance(n, App) else n
    while isinstance(fn, App):
        fn = fn.fn
    return fn.name if isinstance(fn, Const) else None


def abstract_prepared(
    prep: PreparedPair,
    *,
    share_atoms: bool,
    keep: Iterable[str] = STRUCTURAL_CONSTANTS,
    axioms: Sequence[Expr] = (),
) -> SmtAbstraction:
    """Abstract a prepared pair for the solver.

    Every named constant outside ``keep`` becomes an internal uninterpreted symbol (one per
    name and signature); with ``share_atoms`` every atomic subformula occurring on both
    sides (α-equal, bound variables by binder depth) becomes one internal atom too.  Both
    are generalisations: a proof for every interpretation of the fresh names is a proof
    for the real one.  ``parts`` lists the differing Prop-valued subformulas (see
    :class:`DifferingPart`)."""
    keep_f = frozenset(keep)
    ren: dict[tuple[str, str], str] = {}
    syms: dict[str, str] = {}
    ssorts: dict[str, Sort] = {}
    a = _abstract_symbols(prep.lhs, ren, syms, ssorts, keep_f)
    b = _abstract_symbols(prep.rhs, ren, syms, ssorts, keep_f)
    ax = [_abstract_symbols(x, ren, syms, ssorts, keep_f) for x in axioms]
    out = SmtAbstraction("shared" if share_atoms else "symbols", a, b, syms, ssorts)
    if ax:
        defs = _definitions(ax)
        if defs is not None:
            counter = [0]
            a, b = _unfold(a, defs, counter), _unfold(b, defs, counter)
            out.unfolded = sorted(syms[n] for n in defs if n in syms)
        else:
            out.axioms = ax
    if share_atoms:
        keys_a = {alpha_key(n, lv) for n, lv, _s in _prop_nodes(a) if _atomic_prop(n)}
        keys_b = {alpha_key(n, lv) for n, lv, _s in _prop_nodes(b) if _atomic_prop(n)}
        common = keys_a & keys_b
        table = _AtomTable("shared")

        def share(n: Expr, lv: dict[str, int]) -> Expr:
            if isinstance(n, UnOp) and n.op == "¬":
                return UnOp("¬", share(n.arg, lv), PROP)
            if isinstance(n, BinOp) and n.op in OPS_LOGIC_ALL:
                return BinOp(n.op, share(n.lhs, lv), share(n.rhs, lv), PROP)
            if isinstance(n, Quant) and n.binder.name and n.binder.sort is not None:
                inner = dict(lv)
                inner[n.binder.name] = len(lv)
                return Quant(n.q, n.binder, share(n.body, inner), PROP)
            if _atomic_prop(n) and alpha_key(n, lv) in common:
                head = _head_name(n)
                if isinstance(n, (App, Const)) and (head is None or is_internal(head)):
                    return n  # already an uninterpreted application: sharing adds nothing
                return table.atom(n, lv)
            return n

        out.lhs, out.rhs = share(a, {}), share(b, {})
        out.shared, out.shared_sorts = dict(table.atoms), dict(table.sorts)
    out.lhs, out.rhs, out.opaque_sorts = _opaque_passive_sorts(out.lhs, out.rhs, out.axioms)
    out.parts = differing_parts(out.lhs, out.rhs)
    return out


def nonempty_opaque(label: str) -> Sort:
    """An uninterpreted, *non-empty* sort standing for a Lean type whose values are only
    passed around (see :func:`_opaque_passive_sorts`)."""
    return Sort(internal("U", label), is_var=False)


def _infinite_type(s: Sort) -> bool:
    """Is the Lean type ``s`` known to be infinite?  (The passive-sort encoding needs it: a
    model over a fresh sort may have any countable number of elements.)"""
    if s.is_var or s.is_unknown:
        return False
    if s.head in ("Nat", "Int", "Rat", "Real", "Complex") and not s.args and not s.params:
        return True
    if s.head in ("Set", "Finset") and len(s.args) == 1:
        return _infinite_type(s.args[0])
    if s.is_fun and len(s.args) >= 2:
        doms, cod = s.args[:-1], s.args[-1]
        if _infinite_type(cod):
            return True
        two_values = cod.is_prop or cod.head == "Bool" or _infinite_type(cod)
        return two_values and any(_infinite_type(d) for d in doms)
    return False


def _opaque_passive_sorts(a: Expr, b: Expr, axioms: Sequence[Expr]) -> tuple[Expr, Expr, dict[str, str]]:
    """Make set- and function-typed sorts uninterpreted where nothing looks inside them.

    If every term of a set or function type ``S`` in the pair is a variable occurring only
    as an argument of fresh (internal) symbols, the formula depends on those variables
    only through the symbols, so it is equisatisfiable with the same formula over a fresh
    non-empty uninterpreted sort: a model over the sort lifts to one over ``S`` through any
    surjection onto the (countable) model domain, and a model over ``S`` is one over the
    sort.  Z3 decides quantified formulas over uninterpreted sorts far better than over
    arrays, so the non-vacuity queries of such pairs get answers."""
    if axioms:
        return a, b, {}  # assumed axioms would need the same change; keep the exact sorts
    candidates: dict[str, Sort] = {}
    bad: set[str] = set()

    def consider(s: Sort | None) -> str | None:
        if s is None or s.is_var or not (s.is_fun or s.head in ("Set", "Finset")) or not _infinite_type(s):
            return None
        k = canonical_key(s)
        candidates.setdefault(k, s)
        return k

    def go(n: Expr, as_arg: bool) -> None:
        s = getattr(n, "sort", None)
        k = consider(s)
        if k is not None and not (isinstance(n, Var) and as_arg):
            bad.add(k)
        if isinstance(n, (Quant, Lam)):
            consider(n.binder.sort)
            go(n.body, False)
            return
        if isinstance(n, App):
            fn, args = n.fn, n.args
            while isinstance(fn, App):
                args = fn.args + args
                fn = fn.fn
            internal_head = isinstance(fn, Const) and is_internal(fn.name)
            if not internal_head:
                go(fn, False)
            for x in args:
                go(x, internal_head)
            return
        for c in children(n):
            go(c, False)

    for e in (a, b, *axioms):
        go(e, False)
    # a sort mentioned inside another sort (``Set ℕ`` in ``Set ℕ → Prop``) must keep its
    # meaning there
    for k, srt in candidates.items():
        for k2, other in candidates.items():
            if k2 != k and canonical_key(srt) in canonical_key(other):
                bad.add(k)
    keep = {k: srt for k, srt in candidates.items() if k not in bad}
    if not keep:
        return a, b, {}
    mapping = {k: nonempty_opaque(_sort_text_full(srt)) for k, srt in keep.items()}

    def sort_map(srt: Sort | None) -> Sort | None:
        if srt is None:
            return None
        k = canonical_key(srt)
        if k in mapping:
            return mapping[k]
        if srt.args or srt.params:
            return Sort(srt.head, tuple(sort_map(x) for x in srt.args), srt.is_var, srt.params)  # type: ignore[misc]
        return srt

    def rw(n: Expr) -> Expr:
        from dataclasses import replace as _replace

        if isinstance(n, (Quant, Lam)):
            b_ = n.binder
            nb = Binder(b_.name, sort_map(b_.sort), b_.hyp, b_.kind)
            body = rw(n.body)
            return Quant(n.q, nb, body, n.sort) if isinstance(n, Quant) else Lam(nb, body, sort_map(n.sort))  # type: ignore[arg-type]
        out = map_children(n, rw)
        srt = getattr(out, "sort", None)
        ns = sort_map(srt)
        if ns is not srt:
            out = _replace(out, sort=ns)
        if isinstance(out, App) and isinstance(out.fn, Const):
            out = App(Const(out.fn.name, sort_map(out.fn.sort)), out.args, out.sort)  # type: ignore[arg-type]
        return out

    return rw(a), rw(b), {display_name(v.head): _sort_text_full(candidates[k]) for k, v in mapping.items()}


@dataclass
class _PropNode:
    node: Expr
    levels: dict[str, int]
    scope: list[tuple[str, Sort]]
    kids: list[int] = field(default_factory=list)
    key: str = ""
    shared_syms: frozenset[str] = frozenset()


def _prop_tree(e: Expr) -> list[_PropNode]:
    """The Prop-valued positions of ``e`` (pre-order, children by index) with an α-key each,
    computed bottom-up in one pass (linear in the size of the formula)."""
    import hashlib

    recs: list[_PropNode] = []
    stack: list[tuple[Expr, dict[str, int], list[tuple[str, Sort]], int]] = [(e, {}, [], -1)]
    while stack:
        n, lv, scope, parent = stack.pop()
        idx = len(recs)
        recs.append(_PropNode(n, lv, scope))
        if parent >= 0:
            recs[parent].kids.append(idx)
        if isinstance(n, UnOp) and n.op == "¬":
            stack.append((n.arg, lv, scope, idx))
        elif isinstance(n, BinOp) and n.op in OPS_LOGIC_ALL:
            stack.append((n.rhs, lv, scope, idx))
            stack.append((n.lhs, lv, scope, idx))
        elif isinstance(n, Quant) and n.binder.name and n.binder.sort is not None:
            inner = dict(lv)
            inner[n.binder.name] = len(lv)
            stack.append((n.body, inner, [*scope, (n.binder.name, n.binder.sort)], idx))
    for r in reversed(recs):
        # children were pushed right-first, so they were appended in order lhs, rhs
        kids = [recs[k] for k in r.kids]
        n = r.node
        if not kids:
            text = "A" + alpha_key(n, r.levels)
            sym = _shared_atom_symbol(n)
            r.shared_syms = frozenset({sym}) if sym else frozenset()
        elif isinstance(n, Quant):
            text = "Q" + n.q + canonical_key(n.binder.sort) + kids[0].key
        else:
            op = n.op if isinstance(n, (BinOp, UnOp)) else "?"
            text = "C" + op + "|".join(k.key for k in kids)
        if kids:
            r.shared_syms = frozenset().union(*(k.shared_syms for k in kids))
        r.key = hashlib.sha256(text.encode()).hexdigest()
    return recs


def differing_parts(a: Expr, b: Expr) -> list[DifferingPart]:
    """The Prop-valued subformulas (through ¬ ∧ ∨ → ↔ and quantifier bodies, atomic ones
    included) of either side that have no α-equal counterpart on the other side.

    A connective one of whose operands is a shared atom not occurring in the other operand
    is omitted when that other operand is itself listed: with an independent atom,
    ``s ∧ d``, ``s ∨ d``, ``s → d``, ``d → s``, ``s ↔ d`` and ``¬d`` are provable/refutable on their
    own only if ``d`` is."""
    trees = {"lhs": _prop_tree(a), "rhs": _prop_tree(b)}
    keys = {side: {r.key for r in recs} for side, recs in trees.items()}
    out: list[DifferingPart] = []
    seen: set[str] = set()
    for side, other in (("lhs", "rhs"), ("rhs", "lhs")):
        recs = trees[side]
        differing = keys[side] - keys[other]
        for r in recs:
            if r.key not in differing or r.key in seen:
                continue
            if _implied_by_operand(r, recs, differing):
                continue
            seen.add(r.key)
            out.append(DifferingPart(side, r.node, r.key, r.scope))
    return out


def _shared_atom_symbol(n: Expr) -> str | None:
    head = _head_name(n)
    if head is not None and head.startswith(INTERNAL_MARK + "shared:"):
        return head
    return None


def _implied_by_operand(r: _PropNode, recs: list[_PropNode], differing: set[str]) -> bool:
    kids = [recs[k] for k in r.kids]
    n = r.node
    if isinstance(n, UnOp) and n.op == "¬":
        return kids[0].key in differing
    if isinstance(n, BinOp) and n.op in OPS_LOGIC_ALL and len(kids) == 2:
        for s_, d in ((kids[0], kids[1]), (kids[1], kids[0])):
            sym = _shared_atom_symbol(s_.node)
            if sym is None or sym in d.shared_syms:
                continue
            if d.key in differing:
                return True
    return False


def pair_key(e: Expr) -> str:
    """The α-key of a whole side as :func:`differing_parts` computes it."""
    return _prop_tree(e)[0].key


__all__ = [
    "STRUCTURAL_CONSTANTS",
    "Abstraction",
    "AxiomInstance",
    "DifferingPart",
    "PairError",
    "PreparedPair",
    "SmtAbstraction",
    "StatementVar",
    "abstract_pair",
    "abstract_prepared",
    "alpha_equal",
    "alpha_key",
    "check_internal_names",
    "differing_parts",
    "disagreements",
    "display_name",
    "instantiate_axioms",
    "internal",
    "is_internal",
    "known_symbol",
    "prepare_pair",
    "sort_label_text",
    "sort_text",
    "unfold_definitions",
]


# --------------------------------------------------------------------------------------
# Unfolding definitional axioms (capture-free)
# --------------------------------------------------------------------------------------


def _definitions(axioms: Sequence[Expr]) -> dict[str, tuple[tuple[str, ...], Expr]] | None:
    """``{f: (params, body)}`` when every axiom is a plain definition ``∀ xs, f xs ↔ body``
    (or ``= body``) — or a further statement about an already-defined symbol, which then
    holds for the definition too (a Mathlib lemma) — else ``None``."""
    defs: dict[str, tuple[tuple[str, ...], Expr]] = {}
    pending: list[Expr] = []
    for a in axioms:
        d = _definition(a)
        if d is None:
            pending.append(a)
            continue
        defs.setdefault(d[0], (d[1], d[2]))
    for a in pending:
        if not any(isinstance(n, Const) and n.name in defs for n in walk(a)):
            return None
    return defs or None


def _unfold(e: Expr, defs: dict[str, tuple[tuple[str, ...], Expr]], counter: list[int], depth: int = 0) -> Expr:
    """Replace every application of a defined symbol by its definition; every binder of
    the definition gets a fresh internal name first, so the arguments cannot be captured."""
    if depth > 20:
        raise PairError("definitions unfold too deeply")
    ren = _Renamer2(counter, kind="d")

    def go(n: Expr) -> Expr:
        n2 = map_children(n, go)
        if isinstance(n2, App) and isinstance(n2.fn, Const) and n2.fn.name in defs:
            params, body = defs[n2.fn.name]
            if len(params) == len(n2.args):
                fresh = ren.expr(body, {}, {})
                inst = ren.expr(fresh, {}, dict(zip(params, n2.args, strict=True)))
                return _unfold(inst, defs, counter, depth + 1)
        return n2

    return go(e)
