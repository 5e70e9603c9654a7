"""Concrete counterexamples: values for a statement's own variables, confirmed exactly.

A pair is refuted only by a :class:`Counterexample` — values for the shared statement
variables (numbers, truth values, finite tables with a default for function-typed
variables, finite-exception sets) under which :func:`certibench.logic.concrete.evaluate`
computes *different* truth values for the two sides.  Z3 (with the library arithmetic
interpreted, nothing abstracted) proposes candidate values; only the exact evaluation
decides.  When the solver's candidates do not confirm, a deterministic enumeration of
small values is tried.  Anything not confirmed is no counterexample; the symbols the
evaluator could not interpret are reported so the caller can say why.

:func:`find_false_instance` does the same for one statement: values making its body
(hypotheses → conclusion) false — used for FALSE siblings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, Field

from certibench.logic.ast import PROP, BinOp, Expr, Sort, UnOp
from certibench.logic.concrete import (
    FSet,
    NotConcrete,
    Table,
    assignments,
    evaluate,
    finite_universe,
    modulus,
    normalize,
    value_from_json,
    value_text,
    value_to_json,
)
from certibench.verify.antiunify import PreparedPair, StatementVar, sort_label_text

#: Assignments tried by the enumeration fallback (deterministic order, small values first).
ENUMERATION_LIMIT = 3000
#: Evaluation steps allowed per side and assignment.
EVAL_BUDGET = 50_000
#: Solver candidates tried (each one blocked before asking for the next).
Z3_CANDIDATES = 3


class CexValue(BaseModel):
    """The value of one statement variable."""

    name: str = Field(description="the variable's name in the canonical statement")
    rhs_name: str | None = Field(default=None, description="its name in the paraphrase (when different)")
    sort: str = Field(description="its Lean type")
    value: Any = Field(description="JSON form (numbers, 'p/q', booleans, {'table','default'}, {'set','default'})")
    text: str = Field(description="human-readable value")


class Counterexample(BaseModel):
    """Values for the statement's variables and the truth value each side takes there."""

    values: list[CexValue] = Field(default_factory=list)
    lhs: bool | None = Field(default=None, description="truth value of the canonical side")
    rhs: bool | None = Field(default=None, description="truth value of the paraphrase (None for a single statement)")
    found_by: str = Field(default="", description="z3 model | enumeration")

    def display(self) -> dict[str, str]:
        out = {v.name + (f" (paraphrase: {v.rhs_name})" if v.rhs_name and v.rhs_name != v.name else ""): v.text for v in self.values}
        if self.lhs is not None:
            out["⟦canonical⟧"] = str(self.lhs)
        if self.rhs is not None:
            out["⟦paraphrase⟧"] = str(self.rhs)
        return out


def concretizable(s: Sort) -> bool:
    """Can a counterexample give a value of type ``s``?"""
    if s.is_var:
        return False
    if s.is_prop or s.head in ("Nat", "Int", "Rat", "Real", "Bool"):
        return True
    if modulus(s) is not None or _enumerable(s):
        return True
    if s.head == "ZMod" and s.params and getattr(s.params[0], "value", None) == "0":
        return True
    if s.is_fun:
        return all(concretizable(a) and not a.is_fun for a in s.args)
    if s.head in ("Set", "Finset") and len(s.args) == 1:
        return concretizable(s.args[0]) and not s.args[0].is_fun
    return False


# --------------------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------------------


class _Outcome:
    def __init__(self) -> None:
        self.symbols: set[str] = set()
        self.obstacles: list[str] = []

    def note(self, exc: NotConcrete) -> None:
        self.symbols.update(exc.symbols)
        if exc.reason not in self.obstacles and len(self.obstacles) < 8:
            self.obstacles.append(exc.reason)


def _truth(e: Expr, env: dict[str, Any], out: _Outcome) -> bool | None:
    try:
        v = evaluate(e, env, budget=EVAL_BUDGET)
    except NotConcrete as exc:
        out.note(exc)
        return None
    return v if isinstance(v, bool) else None


def _valid_value(v: Any, s: Sort) -> bool:
    if isinstance(v, FSet) and s.head == "Finset" and v.default:
        return False  # not a finite set
    return True


def _make_cex(variables: Sequence[StatementVar], env: dict[str, Any], lhs: bool | None, rhs: bool | None, how: str) -> Counterexample:
    vals = [
        CexValue(
            name=v.name,
            rhs_name=v.rhs_name if v.rhs_name != v.name else None,
            sort=sort_label_text(v.sort),
            value=value_to_json(env[v.name]),
            text=value_text(env[v.name]),
        )
        for v in variables
    ]
    return Counterexample(values=vals, lhs=lhs, rhs=rhs, found_by=how)


# --------------------------------------------------------------------------------------
# Z3 candidates
# --------------------------------------------------------------------------------------


def _z3_scalar(v: Any) -> Any:
    import z3

    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_rational_value(v):
        return Fraction(v.numerator_as_long(), v.denominator_as_long())
    return None


def _z3_table(model: Any, f: Any, nargs: int) -> tuple[dict[tuple[Any, ...], Any], Any] | None:
    import z3

    interp = model[f]
    if interp is None:
        return {}, None
    if isinstance(interp, z3.FuncInterp):
        entries: dict[tuple[Any, ...], Any] = {}
        for i in range(interp.num_entries()):
            ent = interp.entry(i)
            args = tuple(_z3_scalar(ent.arg_value(k)) for k in range(ent.num_args()))
            val = _z3_scalar(ent.value())
            if val is None or any(a is None for a in args) or len(args) != nargs:
                return None
            entries.setdefault(args, val)
        default = _z3_scalar(interp.else_value()) if interp.else_value() is not None else None
        return entries, default
    return None


def _z3_array(v: Any) -> tuple[dict[Any, Any], Any] | None:
    """Entries and default of a one-dimensional Z3 array value (K / store / as-array)."""
    import z3

    entries: dict[Any, Any] = {}
    while True:
        if z3.is_store(v):
            k, val = _z3_scalar(v.arg(1)), _z3_scalar(v.arg(2))
            if k is None or val is None:
                return None
            entries.setdefault(k, val)
            v = v.arg(0)
            continue
        if z3.is_K(v):
            d = _z3_scalar(v.arg(0))
            return (entries, d) if d is not None else None
        # an as-array or λ value has no table form here: no candidate from this model
        return None


def candidate_from_model(model: Any, variables: Sequence[StatementVar], names: dict[str, str], ctx: Any) -> dict[str, Any] | None:
    """Values for the statement variables from a Z3 model (``None`` when some value is not
    a finite, exact object: an irrational number, a function not given by a table …)."""
    import z3

    decls = {d.name(): d for d in model.decls()}
    env: dict[str, Any] = {}
    for v in variables:
        zn = names[v.name]
        s = v.sort
        d = decls.get(zn)
        try:
            if s.is_fun:
                if d is None:
                    env[v.name] = _default_value(s)
                    continue
                got = _z3_table(model, d, len(s.args) - 1)
                if got is None:
                    return None
                entries, default = got
                doms, cod = s.args[:-1], s.args[-1]
                if default is None:
                    default = _first_value(cod)
                rows = {tuple(_fit(a, ds) for a, ds in zip(k, doms, strict=True)): _fit(x, cod) for k, x in entries.items()}
                if any(x is None for k in rows for x in k) or any(x is None for x in rows.values()):
                    return None
                env[v.name] = normalize(Table.make({k: x for k, x in rows.items()}, _fit(default, cod)), s)
                continue
            if d is None:
                env[v.name] = _default_value(s)
                continue
            val = model.evaluate(d() if d.arity() == 0 else d, model_completion=True)  # Z3 model evaluation, not Python eval
            if s.head in ("Set", "Finset"):
                arr = _z3_array(val)
                if arr is None:
                    return None
                entries, default = arr
                el = s.args[0]
                members = {k for k, x in entries.items() if bool(x) != bool(default) and _fit(k, el) is not None}
                members = {_fit(k, el) for k in members}
                try:
                    uni = finite_universe(el)
                except NotConcrete:
                    return None  # elements of a type of unknown size: no exact value
                if uni is not None:
                    inside = {x for x in uni if (x in members) != bool(default)}
                    env[v.name] = FSet(False, frozenset(inside))
                else:
                    env[v.name] = FSet(bool(default), frozenset(members))
                if not _valid_value(env[v.name], s):
                    return None
                continue
            x = _fit(_z3_scalar(val), s)
            if x is None:
                return None
            env[v.name] = x
        except (z3.Z3Exception, ValueError, TypeError, NotConcrete):
            return None
    return env


def _fit(x: Any, s: Sort) -> Any:
    """``x`` as a value of ``s`` (``None`` when it is not one)."""
    if x is None:
        return None
    try:
        return value_from_json(value_to_json(x), s)
    except (ValueError, TypeError):
        return None


def _enumerable(s: Sort) -> bool:
    """Whether every value of ``s`` can be listed (a finite type small enough)."""
    try:
        return finite_universe(s) is not None
    except NotConcrete:
        return False


def _first_value(s: Sort) -> Any:
    try:
        uni = finite_universe(s)
    except NotConcrete:
        uni = None
    if uni:
        return uni[0]
    if s.head in ("Rat", "Real"):
        return Fraction(0)
    return 0


def _default_value(s: Sort) -> Any:
    if s.is_fun:
        return Table.make({}, _first_value(s.args[-1]))
    if s.head in ("Set", "Finset"):
        return FSet(False, frozenset())
    return _first_value(s)


def blocking_clause(variables: Sequence[StatementVar], names: dict[str, str], env: dict[str, Any], ctx: Any) -> Any:
    """A clause excluding the scalar part of ``env`` (functions and sets are not blocked)."""
    import z3

    lits = []
    for v in variables:
        x = env.get(v.name)
        s = v.sort
        if isinstance(x, bool):
            c = z3.Bool(names[v.name], ctx)
            lits.append(c != z3.BoolVal(x, ctx))
        elif isinstance(x, (int, Fraction)) and not s.is_fun and s.head not in ("Set", "Finset"):
            if s.head in ("Rat", "Real"):
                c = z3.Real(names[v.name], ctx)
                lits.append(c != z3.RealVal(f"{Fraction(x).numerator}/{Fraction(x).denominator}", ctx))
            else:
                c = z3.Int(names[v.name], ctx)
                lits.append(c != z3.IntVal(int(x), ctx))
    return z3.Or(*lits) if lits else None


# --------------------------------------------------------------------------------------
# Search
# --------------------------------------------------------------------------------------


class SearchResult(BaseModel):
    counterexample: Counterexample | None = None
    #: library symbols (or unknown constants) the exact evaluation needed and does not interpret
    symbols: list[str] = Field(default_factory=list)
    obstacles: list[str] = Field(default_factory=list)
    candidates: int = 0
    script: str | None = Field(default=None, description="the SMT-LIB2 script that proposed candidates")
    answer: str | None = None
    rlimit_used: int | None = None


def _differ(prep_l: Expr, prep_r: Expr | None, env: dict[str, Any], out: _Outcome) -> tuple[bool, bool | None, bool | None]:
    lv = _truth(prep_l, env, out)
    if prep_r is None:
        return lv is False, lv, None
    if lv is None:
        return False, None, None
    rv = _truth(prep_r, env, out)
    return (rv is not None and rv != lv), lv, rv


def search(
    lhs_exact: Expr,
    rhs_exact: Expr | None,
    solver_lhs: Expr,
    solver_rhs: Expr | None,
    variables: Sequence[StatementVar],
    *,
    rlimit: int,
    run_model: Callable[..., Any],
) -> SearchResult:
    """Find values of ``variables`` under which the exact sides differ (or, with
    ``rhs_exact=None``, under which ``lhs_exact`` is false).

    ``solver_lhs``/``solver_rhs`` are the same sides as the solver may read them (opaque
    atoms in place of what it must not interpret); ``run_model(script, names, variables,
    rlimit, check)`` runs a script in a fresh context and calls ``check(env)`` on each
    candidate (see :mod:`certibench.verify.backends.z3`)."""
    out = _Outcome()
    res = SearchResult()
    bad = [v for v in variables if not concretizable(v.sort)]
    if bad:
        res.obstacles = [
            "no concrete values exist for the type of " + ", ".join(f"{v.name} : {sort_label_text(v.sort)}" for v in bad)
            + " (a generic or opaque type)"
        ]
        return res
    found: list[Counterexample] = []

    def check(env: dict[str, Any]) -> bool:
        res.candidates += 1
        if not all(_valid_value(env[v.name], v.sort) for v in variables):
            return False
        ok, lv, rv = _differ(lhs_exact, rhs_exact, env, out)
        if ok:
            found.append(_make_cex(variables, env, lv, rv, "z3 model"))
        return ok

    # 1. candidates from Z3, library arithmetic interpreted
    goal = UnOp("¬", BinOp("↔", solver_lhs, solver_rhs, PROP), PROP) if solver_rhs is not None else UnOp("¬", solver_lhs, PROP)
    try:
        info = run_model(goal, variables, rlimit, check, Z3_CANDIDATES)
        res.script, res.answer, res.rlimit_used = info.get("script"), info.get("answer"), info.get("rlimit_used")
        if info.get("error"):
            out.obstacles.append(info["error"])
    except Exception as exc:  # a translation gap: the enumeration below still runs
        out.obstacles.append(f"solver candidates unavailable: {type(exc).__name__}: {exc}")
    # 2. small values, in a fixed order
    if not found:
        try:
            envs = assignments([(v.name, v.sort) for v in variables], limit=ENUMERATION_LIMIT)
            for env in envs:
                res.candidates += 1
                ok, lv, rv = _differ(lhs_exact, rhs_exact, env, out)
                if ok:
                    found.append(_make_cex(variables, env, lv, rv, "enumeration"))
                    break
                if not variables:
                    break
        except NotConcrete as exc:
            out.note(exc)
    res.counterexample = found[0] if found else None
    res.symbols = sorted(out.symbols)
    res.obstacles = out.obstacles
    return res


def confirm(cex: Counterexample | dict[str, Any], prep: PreparedPair, *, single: bool = False) -> tuple[bool, str]:
    """Re-evaluate a stored counterexample exactly against a prepared pair: ``(holds, why)``."""
    c = cex if isinstance(cex, Counterexample) else Counterexample.model_validate(cex)
    by_name = {v.name: v for v in prep.variables}
    env: dict[str, Any] = {}
    for cv in c.values:
        var = by_name.get(cv.name)
        if var is None:
            return False, f"the counterexample gives a value to {cv.name}, which is not a variable of the statement"
        try:
            env[cv.name] = value_from_json(cv.value, var.sort)
        except ValueError as exc:
            return False, f"the value of {cv.name} is not a value of its type: {exc}"
    missing = [v.name for v in prep.variables if v.name not in env]
    if missing:
        return False, "no value for " + ", ".join(missing)
    out = _Outcome()
    ok, lv, rv = _differ(prep.lhs_exact, None if single else prep.rhs_exact, env, out)
    if lv != c.lhs or (not single and rv != c.rhs):
        return False, f"exact evaluation now gives canonical={lv}, paraphrase={rv} (recorded {c.lhs}, {c.rhs})" + (
            f"; not evaluable: {'; '.join(out.obstacles)}" if out.obstacles else ""
        )
    if not ok:
        return False, "the two sides do not differ at these values"
    return True, "re-evaluated exactly: the sides differ"


__all__ = [
    "CexValue",
    "Counterexample",
    "SearchResult",
    "blocking_clause",
    "candidate_from_model",
    "concretizable",
    "confirm",
        "search",
]
