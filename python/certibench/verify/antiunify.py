"""Non-vacuity abstraction of a statement pair (see ../shared/DESIGN.md, soundness).

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
    App,
    Ascribe,
    Binder,
    BinOp,
    BoolLit,
    Const,
    Expr,
    Num,
    Quant,
    Sort,
    UnOp,
    Var,
    canonical_key,
    children,
    fun_sort,
    map_children,
    subst,
    walk,
)

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
