"""T1 rewrite rules: declarative schemas ``lhs ⇝ rhs`` compiled to AST patterns.

A rule is compiled once per sort it is declared for (``α`` instantiated to ℕ, ℤ, ℚ, ℝ, or
kept as a generic sort variable for ``*``).  Matching is first-order on the AST with two
extensions: sort unification for the schema's sort variable ``α``, and higher-order
*pattern* variables applied to bound variables (``P x`` under ``∀ x``), which bind to the
matched body abstracted over that bound variable (Miller patterns — enough for the
quantifier-duality schemas).

Every rule is proved sound once by :func:`prove_rule` (Z3, pattern variables
uninterpreted, only the definitional axioms the rule names assumed).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from certibench.families.registry import DefAxiom, FamilySpec, RuleSpec, get_axiom
from certibench.logic.ast import (
    INT,
    NAT,
    PROP,
    RAT,
    REAL,
    UNKNOWN,
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
    bound_names,
    free_vars,
    fun_sort,
    map_children,
    set_of,
    subst,
    type_var,
)

ALPHA = type_var("α")
SORT_BY_NAME: dict[str, Sort] = {"Nat": NAT, "Int": INT, "Rat": RAT, "Real": REAL, "Complex": Sort("Complex")}
LEAN_SORT_TEXT: dict[str, str] = {"Nat": "ℕ", "Int": "ℤ", "Rat": "ℚ", "Real": "ℝ", "Complex": "ℂ"}


class RuleCompileError(ValueError):
    """A rule's lhs/rhs could not be parsed or does not fit its declared variables."""


def parse_schema_sort(text: str, alpha: Sort) -> Sort:
    """The tiny sort language of rule specs: ``α``, ``Prop``, ``Set α``, ``Finset α``,
    ``α → Prop``, ``ℕ ℤ ℚ ℝ ℂ`` (or ``Nat`` …)."""
    t = text.strip()
    if "→" in t:
        parts = [parse_schema_sort(p, alpha) for p in t.split("→")]
        return fun_sort(parts[:-1], parts[-1])
    if t == "α":
        return alpha
    if t == "Prop":
        return PROP
    if t.startswith("Set "):
        return set_of(parse_schema_sort(t[4:], alpha))
    if t.startswith("Finset "):
        return Sort("Finset", (parse_schema_sort(t[7:], alpha),))
    for name, lean in LEAN_SORT_TEXT.items():
        if t in (name, lean):
            return SORT_BY_NAME[name]
    raise RuleCompileError(f"unsupported schema sort {text!r}")


def parse_rule_sides(lhs: str, rhs: str, env: dict[str, Sort]) -> tuple[Expr, Expr]:
    """Both sides of a schema, elaborated as propositions when they are (an ``↔`` rule),
    else as terms (an ``=`` rule)."""
    from certibench.logic.elaborate import elaborate_expr, elaborate_prop
    from certibench.logic.errors import ParseError
    from certibench.logic.pratt import parse_raw_expr

    (raw_l, pos_l), (raw_r, pos_r) = parse_raw_expr(lhs), parse_raw_expr(rhs)
    try:
        out = elaborate_prop(raw_l, env, lhs, pos_l), elaborate_prop(raw_r, env, rhs, pos_r)
        if out[0].sort == PROP and out[1].sort == PROP:
            return out
    except ParseError:
        pass
    return elaborate_expr(raw_l, env, lhs, pos_l), elaborate_expr(raw_r, env, rhs, pos_r)


@dataclass(frozen=True)
class CompiledRule:
    spec: RuleSpec
    sort_name: str  # "Nat" ... or "*"
    lhs: Expr
    rhs: Expr
    metavars: frozenset[str]
    alpha: Sort

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def lemma(self) -> str:
        return self.spec.lemma_for(self.sort_name)


def compile_rule(spec: RuleSpec) -> list[CompiledRule]:
    out = []
    for sort_name in spec.sorts:
        alpha = ALPHA if sort_name == "*" else SORT_BY_NAME.get(sort_name)
        if alpha is None:
            raise RuleCompileError(f"rule {spec.name}: unknown sort {sort_name!r}")
        env = {v: parse_schema_sort(s, alpha) for v, s in spec.vars.items()}
        lhs_text, rhs_text = spec.lhs, spec.rhs
        if sort_name != "*":
            lhs_text = lhs_text.replace("α", LEAN_SORT_TEXT[sort_name])
            rhs_text = rhs_text.replace("α", LEAN_SORT_TEXT[sort_name])
        try:
            lhs, rhs = parse_rule_sides(lhs_text, rhs_text, env)
        except Exception as exc:
            raise RuleCompileError(f"rule {spec.name} [{sort_name}]: {exc}") from exc
        out.append(CompiledRule(spec, sort_name, lhs, rhs, frozenset(spec.vars), alpha))
    return out


_COMPILED: dict[tuple[str, str], tuple[CompiledRule, ...]] = {}


def compiled_rules(family: FamilySpec) -> tuple[CompiledRule, ...]:
    """The family's rules compiled for each declared sort (cached per spec file)."""
    key = (family.id, family.source)
    if key not in _COMPILED:
        rules: list[CompiledRule] = []
        for spec in family.rules:
            rules.extend(compile_rule(spec))
        _COMPILED[key] = tuple(rules)
    return _COMPILED[key]


# --------------------------------------------------------------------------------------
# Matching
# --------------------------------------------------------------------------------------


@dataclass
class _Match:
    terms: dict[str, Expr]
    lambdas: dict[str, tuple[tuple[str, ...], Expr]]
    sorts: dict[str, Sort]
    bound: dict[str, Binder]  # pattern binder name -> term binder (in scope)
    binder_names: dict[str, str]  # every pattern binder matched -> the term's binder name


def _unify_sort(ps: Sort, ts: Sort, m: _Match) -> bool:
    if ps.is_var:
        got = m.sorts.get(ps.head)
        if got is None:
            m.sorts[ps.head] = ts
            return True
        return got == ts
    if ts.is_unknown:
        return False
    if ps.head != ts.head or len(ps.args) != len(ts.args) or ps.params != ts.params:
        return False
    return all(_unify_sort(a, b, m) for a, b in zip(ps.args, ts.args, strict=True))


def _term_bound_names(m: _Match) -> set[str]:
    return {b.name for b in m.bound.values() if b.name}


def _match(p: Expr, t: Expr, metavars: frozenset[str], m: _Match) -> bool:
    # Higher-order pattern variable applied to pattern-bound variables: P x
    if isinstance(p, App) and isinstance(p.fn, Var) and p.fn.name in metavars:
        params = []
        for a in p.args:
            if not (isinstance(a, Var) and a.name in m.bound):
                return False
            params.append(m.bound[a.name].name or "")
        lam = (tuple(params), t)
        prev = m.lambdas.get(p.fn.name)
        if prev is not None:
            return prev == lam
        m.lambdas[p.fn.name] = lam
        return True
    if isinstance(p, Var) and p.name in metavars:
        if not _unify_sort(p.sort, t.sort, m) and not (p.sort == PROP and t.sort.is_unknown):
            return False
        # a first-order pattern variable may not capture a variable bound inside the match
        captured = _term_bound_names(m)
        if captured and any(v.name in captured for v in free_vars(t)):
            return False
        prev = m.terms.get(p.name)
        if prev is not None:
            return prev == t
        m.terms[p.name] = t
        return True
    if type(p) is not type(t):
        return False
    if isinstance(p, Var):
        b = m.bound.get(p.name)
        return b is not None and isinstance(t, Var) and t.name == b.name
    if isinstance(p, Num):
        return p.value == t.value and _unify_sort(p.sort, t.sort, m)
    if isinstance(p, BoolLit):
        return p.value == t.value
    if isinstance(p, Const):
        return p.name == t.name
    if isinstance(p, BinOp):
        return p.op == t.op and _match(p.lhs, t.lhs, metavars, m) and _match(p.rhs, t.rhs, metavars, m) and (
            p.sort == PROP or _unify_sort(p.sort, t.sort, m)
        )
    if isinstance(p, UnOp):
        return p.op == t.op and _match(p.arg, t.arg, metavars, m) and (p.sort == PROP or _unify_sort(p.sort, t.sort, m))
    if isinstance(p, App):
        return (
            len(p.args) == len(t.args)
            and _match(p.fn, t.fn, metavars, m)
            and all(_match(a, b, metavars, m) for a, b in zip(p.args, t.args, strict=True))
        )
    if isinstance(p, Ascribe):
        return _unify_sort(p.sort, t.sort, m) and _match(p.expr, t.expr, metavars, m)
    if isinstance(p, Quant):
        assert isinstance(t, Quant)
        if p.q != t.q or p.binder.sort is None or t.binder.sort is None:
            return False
        # type and instance binders (`∀ {α : Type*}`, `[Group G]`) are not objects a
        # quantifier-duality schema speaks about
        if t.binder.kind == "inst" or t.binder.sort.head in ("Type", "Sort"):
            return False
        if not _unify_sort(p.binder.sort, t.binder.sort, m):
            return False
        saved = dict(m.bound)
        m.bound[p.binder.name or ""] = t.binder
        if p.binder.name and t.binder.name:
            m.binder_names[p.binder.name] = t.binder.name
        ok = _match(p.body, t.body, metavars, m)
        m.bound = saved
        return ok
    return False


def _sort_subst(s: Sort, sorts: dict[str, Sort]) -> Sort:
    if s.is_var and s.head in sorts:
        return sorts[s.head]
    if not s.args:
        return s
    return replace(s, args=tuple(_sort_subst(a, sorts) for a in s.args))


def _instantiate(p: Expr, m: _Match, metavars: frozenset[str], names: dict[str, str], taken: set[str]) -> Expr:
    """Build the rhs: substitute matched terms, lambdas and the sort variable."""
    if isinstance(p, App) and isinstance(p.fn, Var) and p.fn.name in metavars:
        params, body = m.lambdas[p.fn.name]
        actual = [_instantiate(a, m, metavars, names, taken) for a in p.args]
        return subst(body, {x: a for x, a in zip(params, actual, strict=True) if x})
    if isinstance(p, Var):
        if p.name in metavars:
            return m.terms[p.name]
        return Var(names.get(p.name, p.name), _sort_subst(p.sort, m.sorts))
    if isinstance(p, Quant):
        b = p.binder
        name = b.name or "x"
        if name not in names:
            # reuse the term's binder name when the lhs bound it; else a fresh name
            new = m.binder_names.get(name)
            if new is None:
                from certibench.logic.ast import fresh_name

                new = fresh_name(name, taken)
                taken.add(new)
            names = {**names, name: new}
        nb = Binder(names[name], _sort_subst(b.sort, m.sorts) if b.sort else None, None, b.kind)
        return Quant(p.q, nb, _instantiate(p.body, m, metavars, names, taken), p.sort)
    rebuilt = map_children(p, lambda c: _instantiate(c, m, metavars, names, taken))
    sort = getattr(rebuilt, "sort", UNKNOWN)
    if isinstance(rebuilt, (Var, Const, Num, App, BinOp, UnOp, Ascribe)):
        rebuilt = replace(rebuilt, sort=_sort_subst(sort, m.sorts))
    return rebuilt


def try_rewrite(rule: CompiledRule, term: Expr, context_names: set[str]) -> Expr | None:
    """Rewrite ``term`` (the whole subterm) with ``rule`` or return ``None``."""
    m = _Match({}, {}, {}, {}, {})
    if not _match(rule.lhs, term, rule.metavars, m):
        return None
    taken = set(context_names) | {v.name for v in free_vars(term)} | set(bound_names(term))
    return _instantiate(rule.rhs, m, rule.metavars, {}, taken)


# --------------------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------------------

Path = tuple[int, ...]


def positions(e: Expr, path: Path = ()) -> Iterator[tuple[Path, Expr]]:
    """Every subterm with its path (child indices as in ``ast.children``)."""
    from certibench.logic.ast import children

    yield path, e
    for i, c in enumerate(children(e)):
        yield from positions(c, (*path, i))


def replace_at(e: Expr, path: Path, new: Expr) -> Expr:
    if not path:
        return new
    from certibench.logic.ast import children

    kids = list(children(e))
    kids[path[0]] = replace_at(kids[path[0]], path[1:], new)
    it = iter(kids)
    return map_children(e, lambda _c: next(it))


@dataclass(frozen=True)
class RuleApplication:
    rule: CompiledRule
    path: Path
    before: Expr
    after: Expr
    result: Expr

    def trace(self) -> dict[str, object]:
        from certibench.logic.render_lean import render_lean

        return {
            "rule": self.rule.name,
            "family": self.rule.spec.family,
            "sort": self.rule.sort_name,
            "path": list(self.path),
            "before": render_lean(self.before),
            "after": render_lean(self.after),
            "mathlib": self.rule.lemma,
            "axioms": list(self.rule.spec.axioms),
        }


def candidate_rewrites(family: FamilySpec, prop: Expr) -> list[RuleApplication]:
    """All single-step rewrites of ``prop`` by the family's rules, in a stable order
    (rule order in the spec, then pre-order position)."""
    names = set(bound_names(prop)) | {v.name for v in free_vars(prop)}
    out: list[RuleApplication] = []
    subterms = list(positions(prop))
    for rule in compiled_rules(family):
        for path, sub in subterms:
            new = try_rewrite(rule, sub, names)
            if new is not None and new != sub:
                out.append(RuleApplication(rule, path, sub, new, replace_at(prop, path, new)))
    return out


def stable_rng(seed: int, *keys: str) -> random.Random:
    h = hashlib.sha256("\x1f".join([str(seed), *keys]).encode()).digest()
    return random.Random(int.from_bytes(h[:8], "big"))


def choose_rewrite(family: FamilySpec, prop: Expr, seed: int, key: str) -> RuleApplication | None:
    cands = candidate_rewrites(family, prop)
    if not cands:
        return None
    return stable_rng(seed, family.id, key).choice(cands)


# --------------------------------------------------------------------------------------
# Soundness of the schemas (Z3, pattern variables uninterpreted)
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleProof:
    rule: str
    sort: str
    status: str  # "proved" | "failed" | "unknown"
    detail: str
    smt2: str


def axiom_prop(ax: DefAxiom, sort_name: str) -> Expr:
    from certibench.logic.parser import parse_prop

    text = ax.statement if sort_name == "*" else ax.statement.replace("α", LEAN_SORT_TEXT[sort_name])
    return parse_prop(text)


def _metavars_as_consts(e: Expr, metavars: frozenset[str]) -> Expr:
    """Higher-order pattern variables become uninterpreted function constants."""
    if isinstance(e, App) and isinstance(e.fn, Var) and e.fn.name in metavars:
        return App(Const(e.fn.name, e.fn.sort), tuple(_metavars_as_consts(a, metavars) for a in e.args), e.sort)
    return map_children(e, lambda c: _metavars_as_consts(c, metavars))


def prove_rule(rule: CompiledRule, timeout_ms: int = 5000) -> RuleProof:
    """Prove ``lhs ↔ rhs`` (or ``lhs = rhs``) with every pattern variable uninterpreted and
    only the rule's named definitional axioms assumed."""
    import z3

    from certibench.logic.render_z3 import Z3Translator

    lhs = _metavars_as_consts(rule.lhs, rule.metavars)
    rhs = _metavars_as_consts(rule.rhs, rule.metavars)
    goal = BinOp("↔", lhs, rhs, PROP) if lhs.sort == PROP else BinOp("=", lhs, rhs, PROP)
    axioms = [get_axiom(a) for a in rule.spec.axioms]
    uninterpreted = {s for a in axioms for s in a.symbols}
    tr = Z3Translator(uninterpreted=uninterpreted)
    hyps = [tr.translate(axiom_prop(a, rule.sort_name)) for a in axioms]
    g = tr.translate(goal)
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    assertions = [*tr.axioms, *hyps, z3.Not(g)]
    s.add(*assertions)
    res = s.check()
    smt2 = tr.to_smt2(assertions)
    if res == z3.unsat:
        if not hyps:
            return RuleProof(rule.name, rule.sort_name, "proved", "unsat", smt2)
        # The assumptions must not be contradictory (else everything follows).  Each
        # definitional axiom defines a fresh symbol by an `↔`, a conservative extension, so
        # it is consistent by construction; a quick solver check guards against spec typos.
        s2 = z3.Solver()
        s2.set("timeout", 1000)
        s2.add(*tr.axioms, *hyps)
        if s2.check() == z3.unsat:
            return RuleProof(rule.name, rule.sort_name, "failed", "assumptions are inconsistent", smt2)
        return RuleProof(rule.name, rule.sort_name, "proved", "unsat (definitional axioms assumed)", smt2)
    if res == z3.sat:
        return RuleProof(rule.name, rule.sort_name, "failed", f"counterexample: {s.model()}", smt2)
    return RuleProof(rule.name, rule.sort_name, "unknown", s.reason_unknown(), smt2)
