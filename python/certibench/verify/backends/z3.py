"""Z3 backend: ``A ↔ B`` under the non-vacuity abstraction, with a vacuity check.

Decision rule (the same one :func:`certibench.verify.certificate.recheck` replays):

1. ``assumptions ∧ ¬(A' ↔ B')`` — *unsat* means the abstract pair is equivalent;
   *sat* gives a counter-interpretation (``refuted``, or ``unknown`` when the encoding is
   incomplete, e.g. ℚ as ℝ); *unknown*/timeout gives ``unknown``.
2. After an equivalence proof, ``assumptions ∧ ¬A'`` and ``assumptions ∧ ¬B'`` — if both are
   *unsat* each side is provable on its own from what the check assumes: ``vacuous``.  If
   either is *sat* the proof is about meaning: ``certified``.  Otherwise ``unknown``.

``assumptions`` are the translator's side conditions (ℕ non-negativity, defining equations
of encoded functions) plus the instantiated definitional axioms of the family.  Every
query is saved as a self-contained SMT-LIB2 script in the certificate.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from certibench.logic.ast import Expr
from certibench.verify.antiunify import Abstraction, abstract_pair, sort_text, unfold_definitions
from certibench.verify.certificate import TWO_SIDED_MARKERS, AxiomRecord, SolverCheck, verdict_from_answers

BACKEND = "z3"
_MIN_QUERY_SECONDS = 0.05
_MAX_MODEL_ENTRIES = 40


@dataclass
class Z3Outcome:
    verdict: str
    reason: str
    abstraction: Abstraction | None = None
    checks: list[SolverCheck] = field(default_factory=list)
    counterexample: dict[str, str] | None = None
    incomplete_reasons: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    solver_version: str = ""
    abstracted_lean: dict[str, str] = field(default_factory=dict)
    axioms: list[AxiomRecord] = field(default_factory=list)

    @property
    def answers(self) -> dict[str, str]:
        return {c.purpose: c.answer for c in self.checks}

    @property
    def nonvacuous(self) -> bool:
        """Z3 found a model of ``¬A'`` and a model of ``A'``: the abstract lhs neither holds nor
        fails on its own (it is contingent), so an equivalence says something about meaning."""
        a = self.answers
        return a.get("vacuity_lhs") == "sat" and a.get("satisfiable_lhs") == "sat"


def z3_version() -> str:
    import z3

    return z3.get_version_string()


def make_can_translate() -> Any:
    """``expr -> bool``: does the Z3 translator accept this (sub)formula?"""
    from certibench.logic.render_z3 import TranslationError, Z3Translator

    def can_translate(e: Expr) -> bool:
        try:
            Z3Translator().translate(e)
        except TranslationError:
            return False
        except Exception:  # z3.Z3Exception (sort clash), ValueError, RecursionError …
            return False
        return True

    return can_translate


def _render(e: Expr) -> str:
    try:
        from certibench.logic.render_lean import render_lean
    except ImportError:  # renderer not installed: keep the canonical AST text
        from certibench.logic.ast import canonical_key

        return canonical_key(e)
    try:
        return render_lean(e)
    except Exception as exc:  # rendering is informative only
        return f"<unrenderable: {exc}>"


def _model_dict(model: Any, abstraction: Abstraction) -> dict[str, str]:
    out: dict[str, str] = {}
    for i, d in enumerate(sorted(model.decls(), key=lambda d: d.name())):
        if i >= _MAX_MODEL_ENTRIES:
            out["…"] = f"{len(model.decls()) - _MAX_MODEL_ENTRIES} more"
            break
        name = d.name()
        label = name
        base = name.split("@")[0]
        if base in abstraction.symbols:
            label = f"{name} ({abstraction.symbols[base]}, uninterpreted)"
        elif base in abstraction.atoms:
            label = f"{name} (atom: {_render(abstraction.atoms[base])})"
        try:
            val = str(model[d])
        except Exception as exc:  # pragma: no cover - defensive
            val = f"<{exc}>"
        out[label] = val if len(val) <= 400 else val[:400] + "…"
    return out


def check_pair(
    lhs: Expr,
    rhs: Expr,
    *,
    axioms: Sequence[Any] = (),
    timeout: float = 10.0,
    abstraction: Abstraction | None = None,
) -> Z3Outcome:
    """Check the closed propositions ``lhs`` and ``rhs`` (see the module docstring).

    Two abstractions, strongest first: (1) theorem-specific symbols *and* the
    propositional atoms the two sides share become uninterpreted (the anti-unified pair:
    what the sides have in common cannot make either side true); (2) only the
    theorem-specific symbols.  A proof or a vacuity verdict at (1) stands, since (2) only
    adds information.  A counterexample at (1) may be an artefact of the stronger
    abstraction, so (2) decides refutations and anything (1) left open."""
    t0 = time.perf_counter()
    can = make_can_translate()
    if abstraction is not None:
        return _check_abstraction(abstraction, timeout, t0)
    strong = abstract_pair(lhs, rhs, axioms=axioms, can_translate=can, share_atoms=True)
    if strong.shared_atoms:
        first = _check_abstraction(strong, timeout * 0.5, t0)
        if first.verdict in ("certified", "vacuous", "error"):
            first.abstracted_lean["abstraction"] = "theorem-specific symbols and shared atoms uninterpreted"
            return first
    weak = abstract_pair(lhs, rhs, axioms=axioms, can_translate=can)
    out = _check_abstraction(weak, max(_MIN_QUERY_SECONDS, timeout - (time.perf_counter() - t0)), t0)
    out.abstracted_lean["abstraction"] = "theorem-specific symbols uninterpreted"
    return out


def _strip_common_forall(a: Expr, b: Expr) -> tuple[Expr, Expr] | None:
    """Strip the leading ``∀`` binders the two sides share (same sorts, in order), each pair
    of bound variables replaced by one fresh free variable.  ``∀x̄ (A ↔ B)`` implies
    ``(∀x̄ A) ↔ (∀x̄ B)``, and a model of ``¬A(c̄)`` is a countermodel of ``∀x̄ A``, so both
    the equivalence and the vacuity verdicts transfer."""
    from certibench.logic.ast import PROP, Quant, Var, subst

    # Common leading type/instance binders stay in place (the translator reads them as an
    # uninterpreted sort / an assumed instance); element binders below them are stripped.
    wrappers = []
    while (
        isinstance(a, Quant)
        and isinstance(b, Quant)
        and a.q == b.q == "∀"
        and a.binder == b.binder
        and (a.binder.kind == "inst" or (a.binder.sort is not None and a.binder.sort.head in ("Type", "Sort")))
    ):
        wrappers.append(a.binder)
        a, b = a.body, b.body
    k = 0
    while (
        isinstance(a, Quant)
        and isinstance(b, Quant)
        and a.q == "∀"
        and b.q == "∀"
        and a.binder.sort is not None
        and a.binder.sort == b.binder.sort
        and a.binder.sort.head not in ("Type", "Sort", "?")
        and a.binder.name
        and b.binder.name
    ):
        fresh = Var(f"cb_x{k}", a.binder.sort)
        a, b = subst(a.body, {a.binder.name: fresh}), subst(b.body, {b.binder.name: fresh})
        k += 1
    if not k:
        return None
    for w in reversed(wrappers):
        a, b = Quant("∀", w, a, PROP), Quant("∀", w, b, PROP)
    return a, b




def _quantifies_over_types(e: Expr) -> bool:
    from certibench.logic.ast import Quant, walk

    for n in walk(e):
        if isinstance(n, Quant) and (
            n.binder.kind == "inst" or (n.binder.sort is not None and (n.binder.sort.head in ("Type", "Sort") or n.binder.sort.is_var))
        ):
            return True
        s = getattr(n, "sort", None)
        if s is not None and s.is_var:
            return True
    return False


def proofs_unsound(reasons: Sequence[str]) -> list[str]:
    """The incompleteness reasons that also invalidate proofs (ℚ read as ℝ, Finset read as
    Set: a domain change).  Abstractions that only add models (uninterpreted symbols and
    sorts, typeclass operations without axioms) keep proofs valid; they only make a
    counterexample untrustworthy."""
    return [r for r in reasons if any(t in r for t in TWO_SIDED_MARKERS)]


def _check_abstraction(ab: Abstraction, timeout: float, t0: float) -> Z3Outcome:
    t_abs = time.perf_counter() - t0
    deadline = time.perf_counter() + timeout
    # Definitional axioms are unfolded when they all have the plain shape ∀ xs, f xs ↔ body:
    # exact (see antiunify.unfold_definitions) and free of quantified axioms for the solver.
    lhs_q, rhs_q, ax_q = ab.lhs, ab.rhs, list(ab.axioms)
    unfolded = False
    if ab.axioms:
        ul, ur = unfold_definitions(ab.lhs, ab.axioms), unfold_definitions(ab.rhs, ab.axioms)
        if ul is not None and ur is not None:
            lhs_q, rhs_q, ax_q, unfolded = ul, ur, [], True
    stripped = _strip_common_forall(lhs_q, rhs_q)
    if stripped is not None:
        budget = max(_MIN_QUERY_SECONDS, (deadline - time.perf_counter()) * 0.5)
        out = _solve(ab, stripped[0], stripped[1], ax_q, time.perf_counter() + budget, t0, t_abs, unfolded)
        if out.verdict in ("certified", "vacuous", "error"):
            out.abstracted_lean["checked"] = "pointwise: the common ∀ prefix became fresh constants"
            return out
    out = _solve(ab, lhs_q, rhs_q, ax_q, deadline, t0, t_abs, unfolded)
    out.abstracted_lean["checked"] = "whole statements"
    return out


def _solve(
    ab: Abstraction, lhs_q: Expr, rhs_q: Expr, ax_q: list[Any], deadline: float, t0: float, t_abs: float, unfolded: bool
) -> Z3Outcome:
    import z3

    from certibench.logic.render_z3 import TranslationError, Z3Translator

    version = z3_version()
    abstracted_lean = {"lhs": _render(ab.lhs), "rhs": _render(ab.rhs)}
    for name, srt in sorted(ab.symbol_sorts.items()):
        abstracted_lean[f"symbol {name}"] = f"{sort_text(srt)}  -- {ab.symbols[name]}"
    for name, srt in sorted(ab.atom_sorts.items()):
        abstracted_lean[f"atom {name}"] = f"{sort_text(srt)}  -- {_render(ab.atoms[name])}"
    if unfolded:
        abstracted_lean["unfolded lhs"] = _render(lhs_q)
        abstracted_lean["unfolded rhs"] = _render(rhs_q)
    ax_records = [AxiomRecord(**{k: v for k, v in a.record().items() if k != "sort"}) for a in ab.axioms]
    base = Z3Outcome("unknown", "", ab, solver_version=version, abstracted_lean=abstracted_lean, axioms=ax_records)
    base.timings["abstract"] = t_abs
    budget = max(0.0, deadline - time.perf_counter())
    tr = Z3Translator()
    try:
        za = tr.translate(lhs_q)
        zb = tr.translate(rhs_q)
        zax = [tr.translate(a.prop) for a in ax_q]
    except TranslationError as exc:
        base.reason = f"outside Z3's language after abstraction: {exc}"
        return base
    except z3.Z3Exception as exc:
        base.reason = f"Z3 rejected the translation: {exc}"
        return base
    if not (z3.is_bool(za) and z3.is_bool(zb)):
        base.verdict = "error"
        base.reason = "both statements must be propositions"
        return base
    side = tr.axioms
    incomplete = tr.incomplete_reasons
    base.incomplete_reasons = incomplete
    assumptions = [*side, *zax]

    queries = [
        ("equivalence", "unsat", z3.Not(za == zb)),
        ("vacuity_lhs", "sat", z3.Not(za)),
        ("vacuity_rhs", "sat", z3.Not(zb)),
        ("satisfiable_lhs", "sat", za),
    ]
    models: dict[str, Any] = {}
    notes: list[str] = []

    def run(purpose: str, expect: str, goal: Any) -> SolverCheck:
        remaining = max(_MIN_QUERY_SECONDS, deadline - time.perf_counter())
        s = z3.Solver()
        s.set("timeout", int(remaining * 1000))
        s.add(*assumptions)
        s.add(goal)
        q0 = time.perf_counter()
        res = s.check()
        dt = time.perf_counter() - q0
        answer = str(res)
        if res == z3.sat:
            models[purpose] = s.model()
        elif res == z3.unknown:
            reason = s.reason_unknown()
            if reason:
                notes.append(f"{purpose}: {reason}")
        script = tr.to_smt2([*zax, goal])
        base.timings[purpose] = base.timings.get(purpose, 0.0) + dt
        return SolverCheck(purpose=purpose, expect=expect, smt2=script, answer=answer, seconds=dt)  # type: ignore[arg-type]

    eq = run(*queries[0])
    base.checks.append(eq)
    if eq.answer == "unsat":
        base.checks.append(run(*queries[1]))
        if base.checks[-1].answer == "sat":
            # not provable on its own; it must not be refutable on its own either
            base.checks.append(run(*queries[3]))
        else:
            base.checks.append(run(*queries[2]))
    elif eq.answer == "unknown" and deadline - time.perf_counter() > _MIN_QUERY_SECONDS:
        # for the Lean backend: is the abstract lhs provable on its own?
        base.checks.append(run(*queries[1]))
    verdict = verdict_from_answers(base.answers)
    base.timings["total"] = time.perf_counter() - t0
    unsound_proofs = proofs_unsound(incomplete)

    if verdict == "refuted":
        model = models["equivalence"]
        base.counterexample = _model_dict(model, ab)
        try:
            base.counterexample["⟦canonical⟧"] = str(model.evaluate(za, model_completion=True))
            base.counterexample["⟦paraphrase⟧"] = str(model.evaluate(zb, model_completion=True))
        except z3.Z3Exception:  # pragma: no cover - evaluation is informative only
            pass
        if ab.opaque_atoms or ab.shared_atoms:
            base.reason = (
                "a counter-interpretation exists only with subterms abstracted as atoms ("
                + ", ".join(_render(ab.atoms[a]) for a in (*ab.opaque_atoms, *ab.shared_atoms))[:300]
                + "); not a genuine counterexample"
            )
            return base
        if incomplete:
            base.reason = "a counterexample exists only for an incomplete encoding (" + "; ".join(incomplete) + ")"
            return base
        if _quantifies_over_types(ab.lhs) or _quantifies_over_types(ab.rhs):
            base.incomplete_reasons = [*incomplete, "type variables are read as one uninterpreted type"]
            base.reason = (
                "a counterexample exists at one uninterpreted type; the statements quantify over all types, "
                "so this does not refute their equivalence"
            )
            return base
        base.verdict = "refuted"
        abstract_syms = sorted(set(ab.symbols.values()))
        base.reason = "not equivalent: the solver found a counter-interpretation"
        if abstract_syms:
            base.reason += " with theorem-specific symbols uninterpreted (" + ", ".join(abstract_syms) + ")"
        return base
    if verdict in ("certified", "vacuous") and unsound_proofs:
        base.reason = f"{verdict} only for an encoding that changes a quantifier domain (" + "; ".join(unsound_proofs) + ")"
        return base
    base.verdict = verdict
    if verdict == "certified":
        base.reason = "A ↔ B proved with theorem-specific symbols abstracted; neither side holds or fails on its own"
        if ab.shared_atoms:
            base.reason += " (shared atoms abstracted too)"
        if ab.axioms:
            base.reason += " (assuming " + ", ".join(a.name for a in ab.axioms) + ")"
        if incomplete:
            base.reason += "; proof valid for every interpretation of: " + "; ".join(incomplete)
    elif verdict == "vacuous":
        if base.answers.get("satisfiable_lhs") == "unsat":
            base.reason = (
                "each side is refutable on its own from what the check assumes (both are false): "
                "the equivalence certifies nothing"
            )
        else:
            base.reason = "each side is provable on its own from what the check assumes: the equivalence certifies nothing"
    else:
        what = "equivalence" if eq.answer != "unsat" else "non-vacuity"
        base.reason = f"Z3 could not decide the {what} within {budget:.3g}s"
        if notes:
            base.reason += " (" + "; ".join(notes)[:300] + ")"
    return base
