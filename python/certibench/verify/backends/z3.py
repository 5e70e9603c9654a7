"""The SMT backend: is a paraphrase equivalent to its canonical statement, by Z3 (and cvc5)?

One entry point, :func:`check_pair`, with a verdict that depends on the pair and the
options only, never on the machine, its load, the process history or ``-j``:

* **Budget.**  Every solver query runs on its SMT-LIB2 *text* in a fresh ``z3.Context``
  with fixed seeds and a resource limit ``rlimit`` (Z3 resource units: a deterministic
  count of the solver's internal work — roughly a million units per second of solving on
  a 2020s laptop core; the same count on every machine).  Answers therefore depend only on
  the script text, which is stored in the evidence and replayed by :func:`recheck`.  A
  wall-clock limit exists only as a safety net: when it fires first, the answer is
  ``unknown`` with that reason — never a different decision.
* **Abstraction** (:mod:`certibench.verify.antiunify`).  The statements' variables become
  shared free constants (matched by name, else by position, types with their parameters
  equal); every library symbol becomes an uninterpreted symbol; subformulas with types the
  elaborator could not determine or symbols outside the table become opaque atoms (matched
  by syntax only).  The instance/type context must be identical, else ``unknown``.
* **Decision.**  Two levels, strongest first: (1) symbols *and* the atomic subformulas the
  two sides share abstracted; (2) symbols only.  At a level, ``¬(A ↔ B)`` unsat proves the
  equivalence for every interpretation of the fresh names (hence for the real one).  It
  counts as meaning-level evidence only if it is **non-vacuous at the finest level**: the
  whole of ``A`` and every *differing part* (a Prop-valued subformula of either side with
  no α-equal counterpart on the other) is neither provable nor refutable on its own under
  the same abstraction.  Otherwise ``vacuous``.
* **Refutation.**  ``refuted`` only with a :class:`~certibench.verify.counterexample.
  Counterexample`: values of the statement's variables (finite tables with a default for
  function-typed ones) under which the exact Lean-semantics evaluator
  (:mod:`certibench.logic.concrete`) gives the two sides different truth values.  A
  counter-*interpretation* of uninterpreted symbols is never enough; without a confirmed
  counterexample the verdict is ``unknown``, naming the symbols the evaluator lacked.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal

import z3
from pydantic import BaseModel, Field

from certibench.logic.ast import PROP, BinOp, Declaration, Expr, Sort, Var, to_data
from certibench.logic.render_z3 import TranslationError, Z3Translator, smt_name
from certibench.verify.antiunify import (
    PairError,
    PreparedPair,
    SmtAbstraction,
    StatementVar,
    abstract_prepared,
    alpha_key,
    display_name,
    pair_key,
    prepare_pair,
    sort_label_text,
)
from certibench.verify.certificate import TWO_SIDED_MARKERS
from certibench.verify.counterexample import (
    Counterexample,
    blocking_clause,
    candidate_from_model,
    confirm,
    search,
)

BACKEND = "smt"

#: Default resource limit of one solver query, in Z3 resource units (``rlimit``).
DEFAULT_RLIMIT = 2_000_000
#: cvc5 counts resources in its own, larger units: about 10^5 per second of solving.
CVC5_RLIMIT_RATIO = 20
#: Safety-net wall-clock limit of one query, seconds (never decides; fires ⇒ ``unknown``).
DEFAULT_WALL_CLOCK = 60.0
#: At most this many differing parts are checked for non-vacuity (more ⇒ ``unknown``).
MAX_PARTS = 48
RLIMIT_UNIT = (
    "Z3 resource units (rlimit): a deterministic count of solver work, the same on every machine; "
    "about 10^6 units per second of solving on one core"
)
Verdict = Literal["certified", "refuted", "vacuous", "unknown", "error"]


# --------------------------------------------------------------------------------------
# Running solvers
# --------------------------------------------------------------------------------------


class SolverRun(BaseModel):
    """One solver run on one script."""

    solver: str
    answer: str  # sat | unsat | unknown | error
    reason: str = ""
    rlimit_used: int | None = None


@functools.lru_cache(maxsize=1)
def z3_version() -> str:
    return z3.get_version_string()


@functools.lru_cache(maxsize=1)
def cvc5_version() -> str | None:
    try:
        import cvc5
    except ImportError:
        return None
    return str(getattr(cvc5, "__version__", "installed"))


def cvc5_available() -> bool:
    return cvc5_version() is not None


def _z3_solver(ctx: z3.Context, rlimit: int, wall_clock: float) -> z3.Solver:
    s = z3.Solver(ctx=ctx)
    s.set("rlimit", int(rlimit))
    s.set("timeout", max(1, int(wall_clock * 1000)))
    s.set("random_seed", 0)
    s.set("smt.random_seed", 0)
    return s


def _rlimit_used(s: z3.Solver) -> int | None:
    st = s.statistics()
    for k in st.keys():
        if k == "rlimit count":
            return int(st.get_key_value(k))
    return None


def _classify_unknown(s: z3.Solver, rlimit: int, used: int | None) -> str:
    why = s.reason_unknown()
    if used is not None and used >= rlimit:
        return f"resource limit of {rlimit} units reached"
    if "timeout" in why or "canceled" in why:
        return f"wall-clock safety net reached ({why}); the resource budget was not exhausted"
    return why or "incomplete"


def run_z3(script: str, *, rlimit: int = DEFAULT_RLIMIT, wall_clock: float = DEFAULT_WALL_CLOCK) -> SolverRun:
    """Z3's answer on an SMT-LIB2 script, in a fresh context with fixed seeds and ``rlimit``."""
    ctx = z3.Context()
    s = _z3_solver(ctx, rlimit, wall_clock)
    try:
        s.from_string(script)
    except z3.Z3Exception as exc:
        return SolverRun(solver="z3", answer="error", reason=f"malformed script: {exc}")
    r = s.check()
    used = _rlimit_used(s)
    if r == z3.unknown:
        return SolverRun(solver="z3", answer="unknown", reason=_classify_unknown(s, rlimit, used), rlimit_used=used)
    return SolverRun(solver="z3", answer=str(r), rlimit_used=used)


def run_cvc5(script: str, *, rlimit: int = DEFAULT_RLIMIT, wall_clock: float = DEFAULT_WALL_CLOCK) -> SolverRun:
    """cvc5's answer on a script (``(set-logic ALL)`` added when absent), with cvc5's own
    deterministic resource limit and the wall-clock safety net."""
    import cvc5

    if "(set-logic" not in script:
        script = "(set-logic ALL)\n" + script
    if "(check-sat)" not in script:
        script += "\n(check-sat)\n"
    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("rlimit-per", str(int(rlimit)))
    solver.setOption("tlimit-per", str(max(1, int(wall_clock * 1000))))
    solver.setOption("seed", "0")
    sm = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(solver, sm)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, script, "certificate")
    answer = "unknown"
    try:
        while True:
            cmd = parser.nextCommand()
            if cmd.isNull():
                break
            out = str(cmd.invoke(solver, sm)).strip()
            if out in ("sat", "unsat", "unknown"):
                answer = out
    except RuntimeError as exc:
        return SolverRun(solver="cvc5", answer="error", reason=str(exc)[:300])
    return SolverRun(solver="cvc5", answer=answer)


# --------------------------------------------------------------------------------------
# Evidence
# --------------------------------------------------------------------------------------


class QueryRecord(BaseModel):
    """One solver query of the evidence."""

    purpose: str  # equivalence | provable | refutable
    level: str  # shared | symbols
    part: str | None = Field(default=None, description="the subformula checked (Lean text), for provable/refutable")
    side: str | None = None
    expect: str = Field(description="the answer that supports a certificate")
    smt2: str
    answer: str
    reason: str = ""
    rlimit_used: int | None = None
    portable: bool = True
    cvc5: str | None = None


class SmtOutcome(BaseModel):
    """The SMT backend's answer on one pair."""

    verdict: Verdict
    reason: str
    evidence: dict[str, Any] = Field(default_factory=dict, description="JSON data: byte-identical for the same pair and options")
    counterexample: Counterexample | None = None
    timings: dict[str, float] = Field(default_factory=dict, description="seconds (not part of the evidence)")

    @property
    def nonvacuous(self) -> bool:
        """The canonical statement, with only library symbols abstracted (no atoms), is
        neither provable nor refutable on its own (for goals handed to Lean)."""
        abstractions = self.evidence.get("abstractions") or []
        if any(a.get("opaque_atoms") for a in abstractions):
            return False
        qs = [q for q in self.evidence.get("queries", []) if q["level"] == "symbols" and q.get("part") == "whole canonical statement"]
        return {q["purpose"]: q["answer"] for q in qs} == {"provable": "sat", "refutable": "sat"}


def declaration_of(text: str | None, ast: Expr | None) -> Declaration:
    """The declaration to check: parsed from its text when there is one (so instance and
    type binders are kept), else the bare proposition."""
    if text is not None and text.strip():
        from certibench.logic.parser import parse_declaration

        return parse_declaration(text)
    if ast is None:
        raise PairError("no statement")
    return ast if isinstance(ast, Declaration) else Declaration(None, None, (), ast)


def _readable(e: Expr) -> Expr:
    """For display only: bound variables get back their written names."""
    from certibench.logic.ast import Binder, Lam, Quant, map_children
    from certibench.verify.antiunify import is_internal

    def orig(name: str | None) -> str | None:
        if name is None or not is_internal(name) or not name[1:].startswith("b:"):
            return name
        return name.split("·", 1)[1].replace("·", ".") if "·" in name else name

    def go(n: Expr) -> Expr:
        if isinstance(n, Var):
            return Var(orig(n.name) or n.name, n.sort)
        if isinstance(n, (Quant, Lam)):
            b = n.binder
            nb = Binder(orig(b.name), b.sort, b.hyp, b.kind)
            body = go(n.body)
            return Quant(n.q, nb, body, n.sort) if isinstance(n, Quant) else Lam(nb, body, n.sort)
        return map_children(n, go)

    return go(e)


def _lean(e: Expr) -> str:
    from certibench.logic.render_lean import render_lean

    try:
        text = render_lean(_readable(e))
    except Exception as exc:  # informative only
        return f"<unrenderable: {type(exc).__name__}>"
    return _clean_internal(text)


def _render(e: Expr) -> str:
    """Lean text of an AST (internal names made readable); used by other backends."""
    return _lean(e)


def make_can_translate() -> Callable[[Expr], bool]:
    """``expr -> bool``: does the Z3 translator accept this (sub)formula?  (For the legacy
    :func:`~certibench.verify.antiunify.abstract_pair` used by the Lean batch.)"""

    def can_translate(e: Expr) -> bool:
        try:
            Z3Translator().translate(e)
        except Exception:  # TranslationError, z3.Z3Exception (sort clash), RecursionError …
            return False
        return True

    return can_translate


def _clean_internal(text: str) -> str:
    """Readable internal names in rendered text (``«\\0sym:1·Nat·Prime»`` → ``⟨sym 1 Nat.Prime⟩``)."""
    return re.sub("«(\x00[^»]*)»", lambda m: display_name(m.group(1)), text)


def _decl_data(d: Declaration) -> Any:
    return to_data(d)


def _abstraction_record(ab: SmtAbstraction, prep: PreparedPair) -> dict[str, Any]:
    return {
        "level": ab.level,
        "lhs": _lean(ab.lhs),
        "rhs": _lean(ab.rhs),
        "symbols": {display_name(k): v for k, v in sorted(ab.symbols.items())},
        "shared_atoms": {display_name(k): _lean(v) for k, v in sorted(ab.shared.items())},
        "opaque_atoms": {display_name(k): _lean(v) for k, v in sorted(prep.opaque.items())},
        "unfolded_definitions": ab.unfolded,
        "uninterpreted_sorts": ab.opaque_sorts,
        "assumed_axioms": [_lean(x) for x in ab.axioms],
    }


# --------------------------------------------------------------------------------------
# Translation of one abstraction into scripts
# --------------------------------------------------------------------------------------


class _Scripts:
    """Every script of one level, from one translator in one fresh context."""

    def __init__(self, ab: SmtAbstraction, axioms: Sequence[Expr]) -> None:
        self.ctx = z3.Context()
        self.tr = Z3Translator(ctx=self.ctx)
        self.za = self.tr.translate(ab.lhs)
        self.zb = self.tr.translate(ab.rhs)
        self.zax = [self.tr.translate(a) for a in axioms]
        # the parts are checked only within the limit (translating them costs time)
        self.parts = [self.tr.translate(p.expr) for p in ab.parts] if len(ab.parts) <= MAX_PARTS else []
        for z in (self.za, self.zb, *self.zax, *self.parts):
            if not (isinstance(z, z3.ExprRef) and z.sort().kind() == z3.Z3_BOOL_SORT):
                raise TranslationError("a side that is not a proposition")

    def script(self, goal: z3.BoolRef) -> str:
        return self.tr.to_smt2([*self.zax, goal])


# --------------------------------------------------------------------------------------
# check_pair
# --------------------------------------------------------------------------------------


class _Run:
    def __init__(self, rlimit: int, wall_clock: float, cvc5: bool) -> None:
        self.rlimit = rlimit
        self.cvc5_rlimit = max(1, rlimit // CVC5_RLIMIT_RATIO)
        self.wall_clock = wall_clock
        self.cvc5 = cvc5 and cvc5_available()
        self.queries: list[QueryRecord] = []
        self.t0 = time.perf_counter()

    def ask(self, purpose: str, level: str, expect: str, script: str, portable: bool, part: str | None = None, side: str | None = None) -> QueryRecord:
        r = run_z3(script, rlimit=self.rlimit, wall_clock=self.wall_clock)
        q = QueryRecord(
            purpose=purpose, level=level, part=part, side=side, expect=expect, smt2=script,
            answer=r.answer, reason=r.reason, rlimit_used=r.rlimit_used, portable=portable,
        )
        if self.cvc5 and portable and r.answer in ("sat", "unsat") and not _nonlinear_real(script):
            c = run_cvc5(script, rlimit=self.cvc5_rlimit, wall_clock=self.wall_clock)
            q.cvc5 = c.answer if c.answer != "error" else "error"
        self.queries.append(q)
        return q


def _nonlinear_real(script: str, budget: int = 20_000) -> bool:
    """Does the script multiply two non-constant real terms?  cvc5's nonlinear real
    arithmetic ran 165 s past its own time and resource limits on a 6-line such script
    (adversary round 33: ``(x ^ y) ^ 2`` with ``^`` uninterpreted), so the cvc5 cross-check is
    not run there (Z3's answer, within its rlimit, stands).  A script too large to scan
    within ``budget`` nodes counts as nonlinear."""
    try:
        ctx = z3.Context()
        forms = z3.parse_smt2_string(script, ctx=ctx)
    except z3.Z3Exception:
        return True
    seen: set[int] = set()
    stack = list(forms)
    while stack:
        e = stack.pop()
        key = e.get_id()
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > budget:
            return True
        if z3.is_app(e):
            if z3.is_mul(e) and z3.is_real(e):
                if sum(1 for a in e.children() if not z3.is_rational_value(a) and not z3.is_int_value(a)) >= 2:
                    return True
            if z3.is_app_of(e, z3.Z3_OP_POWER) and z3.is_real(e):
                return True
            stack.extend(e.children())
        elif z3.is_quantifier(e):
            stack.append(e.body())
    return False


def _disagreement(queries: Sequence[QueryRecord]) -> QueryRecord | None:
    for q in queries:
        if q.cvc5 in ("sat", "unsat") and q.answer in ("sat", "unsat") and q.cvc5 != q.answer:
            return q
    return None


def _offered_axioms(axioms: Sequence[Any], prep: PreparedPair) -> tuple[list[Expr], list[dict[str, Any]]]:
    """Closed propositions assumed by every query: ``Expr`` values as given; registry
    definitional axioms instantiated where their symbols occur (as before)."""
    from certibench.logic.ast import EXPR_TYPES

    exprs: list[Expr] = []
    records: list[dict[str, Any]] = []
    registry = [a for a in axioms if not isinstance(a, EXPR_TYPES)]
    for a in axioms:
        if isinstance(a, EXPR_TYPES):
            exprs.append(a)
            records.append({"name": "given", "statement": _lean(a)})
    if registry:
        from certibench.logic.parser import parse_prop
        from certibench.verify.antiunify import instantiate_axioms

        both = BinOp("∧", prep.lhs, prep.rhs, PROP)
        inst, _notes = instantiate_axioms(registry, both, parse_prop)
        for name, mathlib, text, _symbols, _head, prop in inst:
            exprs.append(prop)
            records.append({"name": name, "mathlib_lemma": mathlib, "statement": text})
    return exprs, records


def _with_deep_stack(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run ``fn`` normally; if the statements are nested too deeply for Python's default
    recursion limit, run it again under :func:`certibench.logic.deep.deep_call` (a large
    stack; the process-wide recursion limit raised and restored by its one counter, so two
    overlapping deep runs cannot leave the limit raised).  The result does not depend on
    which path ran."""
    from certibench.logic.deep import deep_call, in_deep_call

    if in_deep_call():
        return fn(*args, **kwargs)
    try:
        return fn(*args, **kwargs)
    except RecursionError:
        pass
    return deep_call(fn, *args, **kwargs)


def check_pair(
    a: Declaration | Expr,
    b: Declaration | Expr,
    *,
    rlimit: int = DEFAULT_RLIMIT,
    cvc5: bool = True,
    axioms: Sequence[Any] = (),
    wall_clock: float = DEFAULT_WALL_CLOCK,
) -> SmtOutcome:
    """Check that paraphrase ``b`` means what ``a`` means (see the module docstring).

    ``a``/``b``: declarations (a bare proposition is read as a declaration without
    binders).  ``rlimit``: Z3 resource units per query (:data:`RLIMIT_UNIT`).  ``cvc5``:
    replay every decisive query through cvc5 where installed; a contrary decisive answer
    makes the verdict ``unknown``.  ``axioms``: closed propositions (or registry
    definitional axioms) assumed by every query, recorded in the evidence.  Never raises
    for bad input: ``error`` with the reason."""
    try:
        return _with_deep_stack(_check_pair, a, b, rlimit=rlimit, cvc5=cvc5, axioms=axioms, wall_clock=wall_clock)
    except RecursionError:
        return SmtOutcome(verdict="unknown", reason="a statement nested too deeply for the SMT translation")


def _check_pair(
    a: Declaration | Expr,
    b: Declaration | Expr,
    *,
    rlimit: int,
    cvc5: bool,
    axioms: Sequence[Any],
    wall_clock: float,
) -> SmtOutcome:
    t0 = time.perf_counter()
    run = _Run(rlimit, wall_clock, cvc5)
    evidence: dict[str, Any] = {
        "backend": BACKEND,
        "solver": {"name": "z3", "version": z3_version(), "cvc5": cvc5_version() if run.cvc5 else None},
        "budget": {
            "rlimit": int(rlimit),
            "unit": RLIMIT_UNIT,
            "cvc5_rlimit": int(run.cvc5_rlimit),
            "wall_clock_safety_net_s": float(wall_clock),
        },
    }

    def done(verdict: Verdict, reason: str, cex: Counterexample | None = None) -> SmtOutcome:
        evidence["queries"] = [q.model_dump(mode="json") for q in run.queries]
        evidence["verdict"] = verdict
        evidence["reason"] = reason
        if cex is not None:
            evidence["counterexample"] = cex.model_dump(mode="json")
        return SmtOutcome(verdict=verdict, reason=reason, evidence=evidence, counterexample=cex,
                          timings={"total": time.perf_counter() - t0})

    try:
        da = a if isinstance(a, Declaration) else Declaration(None, None, (), a)
        db = b if isinstance(b, Declaration) else Declaration(None, None, (), b)
        evidence["statements"] = {"lhs": _decl_data(da), "rhs": _decl_data(db)}
        prep = prepare_pair(da, db)
    except PairError as exc:
        return done("error", str(exc))
    except (TypeError, ValueError) as exc:
        return done("error", f"malformed statement: {exc}")
    evidence["variables"] = [
        {"name": v.name, "rhs_name": v.rhs_name, "sort": sort_label_text(v.sort)} for v in prep.variables
    ]
    evidence["matching"] = prep.matching
    evidence["quantified_unmatched"] = prep.unmatched
    evidence["context"] = {
        "types": [[display_name(c), la, rb] for c, la, rb in prep.type_vars],
        "instances": prep.instances,
    }
    if prep.context_difference:
        return done("unknown", f"the instance/type context differs: {prep.context_difference}")
    if alpha_key(prep.lhs_exact) == alpha_key(prep.rhs_exact):
        return done("certified", "the two statements are the same formula up to the names of bound variables")
    try:
        ax_exprs, ax_records = _offered_axioms(axioms, prep)
    except Exception as exc:  # a malformed offered axiom is reported, never assumed
        return done("error", f"an offered axiom does not parse: {exc}")
    evidence["axioms"] = ax_records
    evidence["abstractions"] = []
    undecided: list[str] = []
    proved = False
    for share in (True, False):
        try:
            ab = abstract_prepared(prep, share_atoms=share, axioms=ax_exprs)
        except PairError as exc:
            undecided.append(f"{'shared' if share else 'symbols'}: {exc}")
            continue
        if share and not ab.shared:
            continue  # nothing shared: the same as the next level
        rec = _abstraction_record(ab, prep)
        evidence["abstractions"].append(rec)
        try:
            sc = _Scripts(ab, ab.axioms)
        except TranslationError as exc:
            undecided.append(f"{ab.level}: outside the solver's language ({exc})")
            continue
        except z3.Z3Exception as exc:
            undecided.append(f"{ab.level}: the translation failed ({type(exc).__name__}: {exc})")
            continue
        portable = sc.tr.portable_smt2
        widened = [r for r in sc.tr.incomplete_reasons if any(m in r for m in TWO_SIDED_MARKERS)]
        if widened:
            # ℚ read as ℝ, Finset as an arbitrary set: a quantifier over them ranges over
            # more values than in Lean (∃ y : ℚ, y * y = 2 holds over ℝ), and so do the
            # non-vacuity checks — a proof here is not a proof about the statements (an
            # adversary's finding); the counterexample search below still runs exactly
            undecided.append(f"{ab.level}: {'; '.join(dict.fromkeys(widened))}: no proof is valid under that encoding")
            evidence.setdefault("incomplete_reasons", list(dict.fromkeys(widened)))
            continue
        eq = run.ask("equivalence", ab.level, "unsat", sc.script(z3.Not(sc.za == sc.zb)), portable)
        if eq.answer == "unsat":
            proved = True
            verdict, reason = _nonvacuity(run, sc, ab, portable)
            if verdict is not None:
                bad = _disagreement(run.queries)
                if bad is not None:
                    return done("unknown", f"Z3 and cvc5 disagree on the {bad.purpose} query ({bad.answer} vs {bad.cvc5})")
                return done(verdict, reason)  # type: ignore[arg-type]
            undecided.append(f"{ab.level}: {reason}")
            break  # a weaker abstraction cannot decide what this one left open
        if eq.answer == "unknown":
            undecided.append(f"{ab.level}: the equivalence query was not decided ({eq.reason})")
        # sat: not equivalent at this level; the next level (or a counterexample) decides
    if proved:
        return done("unknown", "; ".join(undecided))
    # no proof: look for a concrete counterexample
    res = search(
        prep.lhs_exact, prep.rhs_exact, prep.lhs, prep.rhs, prep.variables, rlimit=rlimit,
        run_model=functools.partial(_run_for_candidates, wall_clock=wall_clock),
    )
    evidence["counterexample_search"] = {
        "script": res.script, "answer": res.answer, "rlimit_used": res.rlimit_used,
        "candidates": res.candidates, "obstacles": res.obstacles, "symbols_without_meaning": res.symbols,
    }
    if res.counterexample is not None:
        cex = res.counterexample
        vals = ", ".join(f"{v.name} = {v.text}" for v in cex.values)
        where = f"at {vals} " if vals else ""
        if prep.partial:
            return done("unknown", (f"the statements differ {where}with their common header variables matched by "
                                    "name, but they declare different variables: no refutation stands unless every "
                                    "matching of them is ruled out"))
        return done(
            "refuted",
            f"not equivalent: {where}the canonical statement is {cex.lhs} and the paraphrase is {cex.rhs} "
            "(re-checked by exact evaluation)",
            cex,
        )
    why = "; ".join(undecided) if undecided else "not provably equivalent (a counter-interpretation of the abstracted symbols exists)"
    why += "; no counterexample confirmed by exact evaluation"
    if res.symbols:
        why += " (it would need the meaning of " + ", ".join(res.symbols) + ")"
    elif res.obstacles:
        why += " (" + "; ".join(res.obstacles[:3]) + ")"
    return done("unknown", why)


def _nonvacuity(run: _Run, sc: _Scripts, ab: SmtAbstraction, portable: bool) -> tuple[str | None, str]:
    """After an equivalence proof: the whole lhs and every differing part must be neither
    provable nor refutable on its own.  ``(verdict, reason)``; verdict ``None`` = undecided."""
    if len(ab.parts) > MAX_PARTS:
        return None, f"{len(ab.parts)} differing parts: too many to check non-vacuity (limit {MAX_PARTS})"
    checks: list[tuple[str, str | None, z3.BoolRef]] = [("whole canonical statement", "lhs", sc.za)]
    lhs_key = pair_key(ab.lhs)
    rhs_key = pair_key(ab.rhs)
    for p, z in zip(ab.parts, sc.parts, strict=True):
        if p.key in (lhs_key, rhs_key):
            continue  # the whole sides: A is checked, and B ≡ A has been proved
        checks.append((_lean(p.expr), p.side, z))
    for label, side, z in checks:
        prov = run.ask("provable", ab.level, "sat", sc.script(z3.Not(z)), portable, label, side)
        if prov.answer == "unsat":
            what = "each side" if label == "whole canonical statement" else f"the {_side_word(side)} part `{label}`"
            return "vacuous", (
                f"{what} is provable on its own under the abstraction ({_level_word(ab.level)}): "
                "the equivalence does not show that the statements mean the same"
            )
        ref = run.ask("refutable", ab.level, "sat", sc.script(z), portable, label, side)
        if ref.answer == "unsat":
            what = "each side" if label == "whole canonical statement" else f"the {_side_word(side)} part `{label}`"
            return "vacuous", (
                f"{what} is refutable on its own under the abstraction ({_level_word(ab.level)}): "
                "the equivalence does not show that the statements mean the same"
            )
        if prov.answer != "sat" or ref.answer != "sat":
            why = prov.reason if prov.answer != "sat" else ref.reason
            return None, f"non-vacuity of `{label}` was not decided ({why})"
    n = len(checks) - 1
    parts = f" nor any of the {n} other differing subformula(s)" if n else ""
    return "certified", (
        f"A ↔ B proved with {_level_word(ab.level)}; neither the canonical statement{parts} "
        "is provable or refutable on its own"
    )


def _side_word(side: str | None) -> str:
    return {"lhs": "canonical", "rhs": "paraphrase"}.get(side or "", "")


def _level_word(level: str) -> str:
    return "library symbols and shared subformulas uninterpreted" if level == "shared" else "library symbols uninterpreted"


# --------------------------------------------------------------------------------------
# Counterexample candidates from Z3
# --------------------------------------------------------------------------------------


def _run_for_candidates(
    goal: Expr,
    variables: Sequence[StatementVar],
    rlimit: int,
    check: Callable[[dict[str, Any]], bool],
    tries: int,
    *,
    wall_clock: float = DEFAULT_WALL_CLOCK,
) -> dict[str, Any]:
    """Translate ``goal`` (library symbols interpreted), run it in a fresh context and hand
    each model's values to ``check`` until one is confirmed (at most ``tries`` models, each
    blocked before the next query)."""

    ctx0 = z3.Context()
    tr = Z3Translator(ctx=ctx0)
    for v in variables:  # declare every statement variable, even one the goal does not use
        if not v.sort.is_fun:
            try:
                tr.translate(BinOp("=", Var(v.name, v.sort), Var(v.name, v.sort), PROP))
            except TranslationError:
                pass
    f = tr.translate(goal)
    script = tr.to_smt2([f])
    names = {v.name: smt_name("v", v.name) for v in variables}
    ctx = z3.Context()
    s = _z3_solver(ctx, rlimit, wall_clock)
    info: dict[str, Any] = {"script": script}
    try:
        s.from_string(script)
    except z3.Z3Exception as exc:
        info["error"] = f"the candidate script does not parse: {exc}"
        return info
    for _ in range(max(1, tries)):
        r = s.check()
        info["answer"], info["rlimit_used"] = str(r), _rlimit_used(s)
        if r != z3.sat:
            if r == z3.unknown:
                info["answer_reason"] = _classify_unknown(s, rlimit, info["rlimit_used"])
            break
        env = candidate_from_model(s.model(), variables, names, ctx)
        if env is None:
            break
        if check(env):
            break
        block = blocking_clause(variables, names, env, ctx)
        if block is None:
            break
        s.add(block)
    return info


# --------------------------------------------------------------------------------------
# One statement: values making it false
# --------------------------------------------------------------------------------------


def find_false_instance(
    decl: Declaration | Expr, *, rlimit: int = DEFAULT_RLIMIT, wall_clock: float = DEFAULT_WALL_CLOCK
) -> Counterexample | None:
    """Values of the statement's variables under which its body (hypotheses → conclusion)
    is false, confirmed by exact evaluation; ``None`` when none is found."""
    try:
        return _with_deep_stack(_find_false_instance, decl, rlimit=rlimit, wall_clock=wall_clock)
    except RecursionError:
        return None


def _find_false_instance(decl: Declaration | Expr, *, rlimit: int, wall_clock: float) -> Counterexample | None:
    d = decl if isinstance(decl, Declaration) else Declaration(None, None, (), decl)
    try:
        prep = prepare_pair(d, d)
    except (PairError, TypeError, ValueError):
        return None
    if prep.context_difference:
        return None
    res = search(
        prep.lhs_exact, None, prep.lhs, None, prep.variables, rlimit=rlimit,
        run_model=functools.partial(_run_for_candidates, wall_clock=wall_clock),
    )
    return res.counterexample


# --------------------------------------------------------------------------------------
# A statement labelled TRUE that is false
# --------------------------------------------------------------------------------------

#: Z3's budget for values refuting a statement about to be released (or re-checked) as
#: TRUE.  The resource limit decides (the same answer on any machine and load); the wall
#: clock is only a safety net far above what the limit allows (≈ 11 s at most on miniF2F and
#: the bundled corpus on these cores).
GUARD_RLIMIT = 300_000
GUARD_WALL_CLOCK = 300.0


#: The sorts the guard's Z3 search runs on: integer arithmetic with uninterpreted functions,
#: where Z3 counts its resource limit.  On real arithmetic (nlsat) and the rest it can run
#: on without counting (minutes on miniF2F's ``imo_1962_p4``), and then only the wall clock
#: would stop it: the answer would depend on the machine.
_GUARD_HEADS = frozenset({"Nat", "Int", "Prop", "Bool"})


#: The sorts :func:`solver_disproof` runs on: never empty, encoded without range facts that
#: could themselves be unsatisfiable (``Fin 0``), real arithmetic only when linear.
_DISPROOF_HEADS = frozenset({"Nat", "Int", "Real", "Prop", "Bool"})


def _guard_sorts(s: Sort, heads: frozenset[str] = _GUARD_HEADS) -> bool:
    if s.is_fun:
        return all(_guard_sorts(a, heads) for a in s.args)
    return not s.is_var and s.head in heads and not s.params and not s.args


def solver_refutation(decl: Any) -> Counterexample | None:
    """Values under which ``decl`` (a statement claimed TRUE) is false: Z3 proposes them
    with the library arithmetic interpreted, exact evaluation confirms them
    (:func:`certibench.verify.backends.z3.find_false_instance`).  Unlike the bounded
    enumeration it reaches large values (``5000 < n → n ≠ 5003``, ``100000 < n →
    Nat.Prime n``).  Run only on statements over ℕ, ℤ, truth values and functions between
    them (see ``_GUARD_HEADS``), so that the same input gives the same answer on any
    machine.  ``None`` when nothing is confirmed, when the statement is outside that
    fragment, or on any failure."""
    from certibench.logic.ast import _walk_sorts

    try:
        prop = decl.as_prop() if hasattr(decl, "as_prop") else decl
        if not all(_guard_sorts(x) for x in _walk_sorts(prop)):
            return None
        return find_false_instance(decl, rlimit=GUARD_RLIMIT, wall_clock=GUARD_WALL_CLOCK)
    except Exception:  # a translation or solver failure refutes nothing
        return None


def solver_disproof(decl: Any) -> str | None:
    """A proof that ``decl`` (a statement claimed TRUE) is false when no values can be shown:
    Z3 answers ``unsat`` for its body - the hypotheses and the conclusion, with the
    statement's variables free - with library symbols uninterpreted (so every reading Lean
    could give them is covered) and the fixed resource limit ``GUARD_RLIMIT``.  Then no
    values of the variables make it true: ``∃ n : ℕ, n + 1 < n`` or ``∀ m, ∃ n, n + m < n``,
    which exact evaluation cannot decide (an unbounded ∃), are refuted (adversary round 38
    released both as TRUE).  Statements over ℕ, ℤ, ℝ and truth values; never under an
    encoding that widens a type (ℚ read as ℝ: an ∃ true over ℝ is not true over ℚ, and a ∀
    false over ℝ is not false over ℚ), except a quantifier-free body, whose unsatisfiability
    over ℝ is unsatisfiability over ℚ.  Nonlinear real arithmetic (where Z3 may run without
    counting its limit) is first made linear by :func:`_linearized`: ``∃ x : ℝ, x * x < 0`` and
    ``∃ x y : ℝ, x ^ 2 + y ^ 2 < 0`` are refuted (adversary round 41).  ``None`` when not
    proved or on any failure; else the reason."""
    from certibench.logic.ast import Quant, _walk_sorts, walk

    try:
        d = decl if isinstance(decl, Declaration) else Declaration(None, None, (), decl)
        if not any(isinstance(n, Quant) for n in walk(d.prop)):
            return None  # quantifier-free: a false body has values (found by solver_refutation)
        sorts = list(_walk_sorts(d.as_prop()))
        if not all(_guard_sorts(x, _DISPROOF_HEADS | {"Rat"}) for x in sorts):
            return None  # a type that may be empty (Fin 0, a type variable) or is encoded with range facts
        guard = all(_guard_sorts(x) for x in sorts)
        flat = _linearized(d)
    except Exception:  # a statement the transformation cannot take disproves nothing
        return None
    for cand, qf in ((d, False), (flat, True)):
        if cand is None:
            continue
        if _unsat_body(cand, guard, quantifier_free=qf):
            how = ("; shown on a linear over-approximation of its body: nonlinear terms as unknowns, squares "
                   "non-negative, Mathlib's bounds on factorials and powers") if qf else ""
            return ("Z3 proves that no values of its variables make it true (its body is unsatisfiable with the "
                    f"library symbols uninterpreted{how})")
    return None


def _unsat_body(d: Declaration, guard: bool, *, quantifier_free: bool) -> bool:
    """Does Z3 answer ``unsat`` for the body of ``d`` (variables free) within ``GUARD_RLIMIT``?"""
    try:
        prep = prepare_pair(d, d)
        if prep.context_difference:
            return False
        ab = abstract_prepared(prep, share_atoms=False, axioms=[])
        sc = _Scripts(ab, ab.axioms)
        widened = [r for r in sc.tr.incomplete_reasons if any(m in r for m in TWO_SIDED_MARKERS)]
        if widened and not (quantifier_free and all(r.startswith("ℚ is encoded as ℝ") for r in widened)):
            return False
        script = sc.script(sc.za)
        if not guard and _nonlinear_real(script):
            return False  # nlsat may run without counting its limit: the answer would be the clock's
        run = run_z3(script, rlimit=GUARD_RLIMIT, wall_clock=GUARD_WALL_CLOCK)
    except Exception:  # a translation or solver failure disproves nothing
        return False
    return run.answer == "unsat"


def _linearized(d: Declaration) -> Declaration | None:
    """An over-approximation of ``d``'s body without nonlinear real arithmetic, or None.

    The leading ``∀``/``∃`` of the closed statement become free variables (the body with them
    free is unsatisfiable only if the statement is false: it then fails for every value of
    every one of them, the ∃ ones included); the rest must be quantifier-free.  Each product
    or power of non-constant terms, and each quotient by one, is replaced by a fresh variable
    of its type, with ``0 ≤ v`` when it is a square (``x * x``) or an even power (``x ^ 2``).
    Every model of the body gives one of the result (each fresh variable takes its term's
    value), so the result unsatisfiable means the body is.  ``None`` when nothing is
    nonlinear, or the body keeps a quantifier or a binder."""
    from certibench.logic.ast import (
        Ascribe,
        Binder,
        BinOp,
        Lam,
        Num,
        Quant,
        UnOp,
        alpha_key,
        fresh_name,
        names_in,
        subst,
        transform_bottom_up,
        walk,
    )

    body = d.as_prop()
    taken = set(names_in(body))
    binders: list[Binder] = []
    while True:
        if isinstance(body, Quant) and body.q in ("∀", "∃") and body.binder.sort is not None and body.binder.name:
            name = fresh_name(body.binder.name, taken)
            taken.add(name)
            binders.append(Binder(name, body.binder.sort))
            body = subst(body.body, {body.binder.name: Var(name, body.binder.sort)})
        elif isinstance(body, BinOp) and body.op == "→" and isinstance(body.rhs, Quant) and body.rhs.q == "∀":
            q = body.rhs  # h → ∀ x, P  is  ∀ x, h → P  (x is not free in h after renaming)
            if q.binder.name is None or q.binder.sort is None:
                return None
            name = fresh_name(q.binder.name, taken)
            taken.add(name)
            binders.append(Binder(name, q.binder.sort))
            body = BinOp("→", body.lhs, subst(q.body, {q.binder.name: Var(name, q.binder.sort)}), PROP)
        else:
            break
    if any(isinstance(n, (Quant, Lam)) for n in walk(body)):
        return None
    fresh: dict[str, Var] = {}
    facts: list[Expr] = []

    def constant(e: Expr) -> bool:
        while isinstance(e, (Ascribe, UnOp)) and (not isinstance(e, UnOp) or e.op == "-"):
            e = e.expr if isinstance(e, Ascribe) else e.arg
        return isinstance(e, Num)

    def flatten(e: Expr) -> Expr:
        if not isinstance(e, BinOp) or e.sort is None or e.sort.head not in ("Real", "Rat", "Int", "Nat"):
            return e
        square = False
        if e.op == "*" and not constant(e.lhs) and not constant(e.rhs):
            square = alpha_key(e.lhs) == alpha_key(e.rhs)
        elif e.op == "^" and isinstance(e.rhs, Num) and e.rhs.value.isdigit() and int(e.rhs.value) >= 2 and not constant(e.lhs):
            square = int(e.rhs.value) % 2 == 0
        elif e.op == "/" and not constant(e.rhs):
            pass
        else:
            return e
        key = alpha_key(e)
        if key not in fresh:
            name = fresh_name("nl", taken)
            taken.add(name)
            fresh[key] = Var(name, e.sort)
            binders.append(Binder(name, e.sort))
            if square:
                facts.append(BinOp("≤", Num("0", e.sort), fresh[key], PROP))
        return fresh[key]

    lemmas = _library_facts(body)
    flat = transform_bottom_up(body, flatten)
    if not fresh and not lemmas:
        return None
    for f in reversed(facts + lemmas):
        flat = BinOp("∧", f, flat, PROP)
    return Declaration(None, None, tuple(binders), flat)


def _library_facts(body: Expr) -> list[Expr]:
    """Mathlib facts about the body's factorials and powers of a numeral base, as
    propositions about those very terms (the solver leaves the functions uninterpreted):
    ``1 ≤ n !`` and ``n ≤ n !`` (``Nat.factorial_pos``, ``Nat.self_le_factorial``), ``n < b ^ n``
    and ``1 ≤ b ^ n`` on ℕ for a numeral ``b ≥ 2`` (``Nat.lt_pow_self``, ``Nat.one_le_pow``).
    True facts only narrow what the solver may assume about the terms, so an ``unsat`` stays
    a proof: ``∃ n : ℕ, n ! < n`` and ``∃ n : ℕ, 2 ^ n < n`` are refuted (adversaries 42/44
    released them TRUE from files whose instances the loader missed)."""
    from certibench.logic.ast import App, BinOp, Const, Num, UnOp, alpha_key, walk

    out: list[Expr] = []
    seen: set[str] = set()
    for n in walk(body):
        if n.sort is None or n.sort.head != "Nat" or n.sort.is_var:
            continue
        arg: Expr | None = None
        if isinstance(n, UnOp) and n.op == "!":
            arg = n.arg
        elif isinstance(n, App) and isinstance(n.fn, Const) and n.fn.name == "Nat.factorial" and len(n.args) == 1:
            arg = n.args[0]
        key = alpha_key(n)
        if key in seen:
            continue
        one = Num("1", n.sort)
        if arg is not None:
            seen.add(key)
            out += [BinOp("≤", one, n, PROP), BinOp("≤", arg, n, PROP)]
        elif (isinstance(n, BinOp) and n.op == "^" and isinstance(n.lhs, Num) and n.lhs.value.isdigit()
              and int(n.lhs.value) >= 2):
            seen.add(key)
            out += [BinOp("≤", one, n, PROP), BinOp("<", n.rhs, n, PROP)]
    return out


# --------------------------------------------------------------------------------------
# Re-checking stored evidence
# --------------------------------------------------------------------------------------


class RecheckResult(BaseModel):
    """What a replay of stored SMT evidence found."""

    ok: bool = Field(description="every stored answer and the counterexample still hold")
    verdict: str = Field(description="the verdict the replayed answers support")
    recorded_verdict: str | None = None
    problems: list[str] = Field(default_factory=list, description="what no longer holds")
    solvers: dict[str, str] = Field(default_factory=dict, description="solver name -> version")
    solver_verdicts: dict[str, str] = Field(default_factory=dict, description="the verdict each solver's answers support")


def _verdict_from_queries(queries: Sequence[dict[str, Any]], recorded: str | None, has_cex: bool) -> str:
    """The decision rule of :func:`check_pair` applied to replayed answers."""
    if recorded == "error":
        return "error"
    if any(q.get("cvc5") in ("sat", "unsat") and q.get("answer") in ("sat", "unsat") and q["cvc5"] != q["answer"] for q in queries):
        return "unknown"  # the solvers disagree
    by_level: dict[str, list[dict[str, Any]]] = {}
    for q in queries:
        by_level.setdefault(q["level"], []).append(q)
    for _level, qs in by_level.items():
        eq = [q for q in qs if q["purpose"] == "equivalence"]
        if not eq or eq[0]["answer"] != "unsat":
            continue
        for q in qs:
            if q["purpose"] in ("provable", "refutable") and q["answer"] == "unsat":
                return "vacuous"
        if all(q["answer"] == "sat" for q in qs if q["purpose"] in ("provable", "refutable")) and any(
            q["purpose"] in ("provable", "refutable") for q in qs
        ):
            return "certified"
        return "unknown"
    if has_cex:
        return "refuted"
    if recorded == "certified" and not queries:
        return "certified"  # α-equivalent statements: nothing to replay
    return "unknown"


def recheck(evidence: dict[str, Any], *, cvc5: bool = True, wall_clock: float = DEFAULT_WALL_CLOCK) -> RecheckResult:
    """Replay stored SMT evidence: every script through Z3 (fresh context, the recorded
    rlimit) and, where installed and portable, cvc5; the counterexample by exact
    evaluation of the stored statements.  Reports every answer that changed."""
    from certibench.logic.ast import from_data

    problems: list[str] = []
    recorded = evidence.get("verdict")
    try:
        rlimit = int(evidence.get("budget", {}).get("rlimit", DEFAULT_RLIMIT))
        cvc5_rlimit = int(evidence.get("budget", {}).get("cvc5_rlimit", max(1, rlimit // CVC5_RLIMIT_RATIO)))
    except (TypeError, ValueError):
        return RecheckResult(ok=False, verdict="error", recorded_verdict=recorded, problems=["malformed budget"])
    replayed: list[dict[str, Any]] = []
    replayed_cvc5: list[dict[str, Any]] = []
    use_cvc5 = cvc5 and cvc5_available()
    solvers = {"z3": z3_version()}
    if use_cvc5:
        solvers["cvc5"] = cvc5_version() or ""
    for i, q in enumerate(evidence.get("queries", []) or []):
        if not isinstance(q, dict) or not isinstance(q.get("smt2"), str):
            problems.append(f"query {i} is malformed")
            continue
        r = run_z3(q["smt2"], rlimit=rlimit, wall_clock=wall_clock)
        if r.answer != q.get("answer"):
            problems.append(f"query {i} ({q.get('purpose')} {q.get('part') or ''}): z3 now says {r.answer}, recorded {q.get('answer')} {r.reason}".strip())
        c_answer = "unknown"
        if use_cvc5 and q.get("portable", True):
            c = run_cvc5(q["smt2"], rlimit=cvc5_rlimit, wall_clock=wall_clock)
            c_answer = c.answer
            if c.answer in ("sat", "unsat") and r.answer in ("sat", "unsat") and c.answer != r.answer:
                problems.append(f"query {i} ({q.get('purpose')}): cvc5 says {c.answer}, z3 {r.answer}")
        replayed.append({**q, "answer": r.answer, "cvc5": None})
        replayed_cvc5.append({**q, "answer": c_answer, "cvc5": None})
    cex = evidence.get("counterexample")
    if cex is not None:
        try:
            stm = evidence["statements"]
            prep = prepare_pair(from_data(stm["lhs"]), from_data(stm["rhs"]))
            ok, why = confirm(cex, prep)
        except Exception as exc:  # malformed stored statements
            ok, why = False, f"the stored statements cannot be read: {type(exc).__name__}: {exc}"
        if not ok:
            problems.append(f"counterexample: {why}")
    cex_ok = cex is not None and not any(p.startswith("counterexample") for p in problems)
    verdict = _verdict_from_queries(replayed, recorded, cex_ok)
    if any(p.startswith("query") and "cvc5 says" in p for p in problems) and verdict in ("certified", "vacuous"):
        verdict = "unknown"  # the solvers disagree
    if recorded is not None and verdict != recorded:
        problems.append(f"the replayed answers support {verdict}, the evidence records {recorded}")
    per_solver = {"z3": _verdict_from_queries(replayed, recorded, cex_ok)}
    if use_cvc5:
        per_solver["cvc5"] = _verdict_from_queries(replayed_cvc5, recorded, cex_ok) if replayed_cvc5 or cex_ok else per_solver["z3"]
    return RecheckResult(
        ok=not problems, verdict=verdict, recorded_verdict=recorded, problems=problems, solvers=solvers, solver_verdicts=per_solver
    )


__all__ = [
    "BACKEND",
    "CVC5_RLIMIT_RATIO",
    "declaration_of",
    "DEFAULT_RLIMIT",
    "DEFAULT_WALL_CLOCK",
    "RLIMIT_UNIT",
    "QueryRecord",
    "RecheckResult",
    "SmtOutcome",
    "SolverRun",
    "check_pair",
    "cvc5_available",
    "find_false_instance",
    "solver_refutation",
    "recheck",
    "run_cvc5",
    "run_z3",
    "z3_version",
]
