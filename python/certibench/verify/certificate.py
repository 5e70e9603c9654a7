"""Equivalence certificates: what was checked, how, with which assumptions, and the result.

A :class:`Certificate` is plain pydantic data (JSON-serialisable).  Anyone can replay a
Z3 certificate with :func:`recheck`: it re-runs the saved SMT-LIB2 scripts through Z3
and, when installed, cvc5, and recomputes the verdict with the same rules the backend
used (equivalence script ``unsat`` *and* at least one vacuity script ``sat``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from certibench.schema import VERDICTS

DECISIVE = ("certified", "refuted", "vacuous")

#: Markers of encoding notes that change a quantifier domain or guess a type (ℚ read as ℝ,
#: Finset as Set, numerals defaulted to ℕ): with these, *proofs* are not trustworthy either.
TWO_SIDED_MARKERS: tuple[str, ...] = ("ℚ", "Finset", "encoded as", "defaulted")


class AxiomRecord(BaseModel):
    """A definitional axiom assumed by a check (names the Mathlib lemma that justifies it)."""

    name: str
    mathlib_lemma: str | None = None
    statement: str
    symbols: list[str] = Field(default_factory=list)


class BackendAttempt(BaseModel):
    """One backend's outcome on a pair (every backend tried is recorded, in order)."""

    backend: str
    verdict: str
    reason: str = ""
    seconds: float = 0.0


class SolverCheck(BaseModel):
    """One SMT query of a Z3 certificate: its purpose, its script and the answer."""

    purpose: Literal["equivalence", "vacuity_lhs", "vacuity_rhs", "satisfiable_lhs"]
    expect: str = Field(description="answer that supports the certificate: unsat for equivalence, sat for vacuity")
    smt2: str
    answer: str  # sat | unsat | unknown
    seconds: float = 0.0


class Certificate(BaseModel):
    """The evidence behind one pair's verdict."""

    model_config = ConfigDict(extra="allow")

    version: int = 1
    verdict: str
    backend: str
    reason: str = ""
    family: str | None = None
    tier: str | None = None
    rule_trace: list[str] = Field(default_factory=list)
    axioms: list[AxiomRecord] = Field(default_factory=list)
    canonical_lean: str | None = None
    paraphrase_lean: str | None = None
    abstracted_lean: dict[str, str] = Field(default_factory=dict)
    uninterpreted: list[str] = Field(default_factory=list)
    atoms: dict[str, str] = Field(default_factory=dict)
    checks: list[SolverCheck] = Field(default_factory=list)
    solver: str | None = None
    solver_version: str | None = None
    timings: dict[str, float] = Field(default_factory=dict)
    counterexample: dict[str, str] | None = None
    incomplete_reasons: list[str] = Field(default_factory=list)
    attempts: list[BackendAttempt] = Field(default_factory=list)
    template: dict[str, Any] | None = None
    review: dict[str, Any] | None = None
    sympy: dict[str, Any] | None = None
    lean: dict[str, Any] | None = None
    smt: dict[str, Any] | None = Field(
        default=None, description="the SMT backend's evidence (scripts, abstraction, non-vacuity checks, counterexample)"
    )
    recheck: dict[str, str] = Field(default_factory=dict)

    def model_post_init(self, __context: Any) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {self.verdict!r}")

    @property
    def smt2(self) -> dict[str, str]:
        return {c.purpose: c.smt2 for c in self.checks}


# --------------------------------------------------------------------------------------
# Re-checking
# --------------------------------------------------------------------------------------


def run_smt2_z3(script: str, timeout: float = 10.0, *, rlimit: int | None = None) -> str:
    """Answer of Z3 on an SMT-LIB2 script, in a fresh context with fixed seeds and a resource
    limit (``timeout`` is only the wall-clock safety net)."""
    from certibench.verify.backends.z3 import DEFAULT_RLIMIT, run_z3

    r = run_z3(script, rlimit=rlimit or DEFAULT_RLIMIT, wall_clock=timeout)
    return r.answer if r.answer != "error" else f"error: {r.reason}"


def cvc5_available() -> bool:
    try:
        import cvc5  # noqa: F401
    except ImportError:
        return False
    return True


def run_smt2_cvc5(script: str, timeout: float = 10.0, *, rlimit: int | None = None) -> str:
    """Answer of cvc5 on an SMT-LIB2 script (``(set-logic ALL)`` is added when absent)."""
    from certibench.verify.backends.z3 import CVC5_RLIMIT_RATIO, DEFAULT_RLIMIT, run_cvc5

    r = run_cvc5(script, rlimit=rlimit or DEFAULT_RLIMIT // CVC5_RLIMIT_RATIO, wall_clock=timeout)
    return r.answer if r.answer != "error" else f"error: {r.reason}"


def verdict_from_answers(answers: dict[str, str]) -> str:
    """The Z3-backend decision rule, from the answers of the equivalence/vacuity queries.

    ``equivalence`` sat ⇒ refuted.  With ``equivalence`` unsat, the abstract statement must be
    *contingent* for the equivalence to say anything about meaning:

    * ``¬A'`` unsat and ``¬B'`` unsat (each side provable on its own — ``iff_of_true``) ⇒ vacuous;
    * ``A'`` unsat (each side refutable on its own — ``iff_of_false``) ⇒ vacuous;
    * ``¬A'`` sat and ``A'`` sat ⇒ certified;
    * anything else (a timeout on either query) ⇒ unknown.
    """
    eq = answers.get("equivalence")
    if eq == "sat":
        return "refuted"
    if eq != "unsat":
        return "unknown"
    vl, vr, sl = answers.get("vacuity_lhs"), answers.get("vacuity_rhs"), answers.get("satisfiable_lhs")
    if vl == "unsat" and vr == "unsat":
        return "vacuous"
    if sl == "unsat":
        return "vacuous"
    if vl == "sat" and sl == "sat":
        return "certified"
    return "unknown"


def recheck_detail(cert: Certificate | dict[str, Any], *, timeout: float = 10.0, solvers: tuple[str, ...] = ("z3", "cvc5")) -> dict[str, str]:
    """Per-solver verdicts recomputed from the saved scripts (``{"z3": ..., "cvc5": ...}``).

    A solver that is not installed is omitted.  Certificates whose evidence is not an SMT
    script (template, review, sympy, lean — or no backend) are returned with their recorded
    verdict under ``"record"``.
    """
    c = cert if isinstance(cert, Certificate) else Certificate.model_validate(cert)
    if c.smt is not None:
        from certibench.verify.backends.z3 import recheck as smt_recheck

        r = smt_recheck(c.smt, cvc5="cvc5" in solvers, wall_clock=timeout)
        return {k: v for k, v in r.solver_verdicts.items() if k in solvers}
    if not c.checks or c.backend not in ("z3", "none"):
        return {"record": c.verdict}
    out: dict[str, str] = {}
    for solver in solvers:
        if solver == "cvc5" and not cvc5_available():
            continue
        run = run_smt2_z3 if solver == "z3" else run_smt2_cvc5
        answers: dict[str, str] = {}
        for chk in c.checks:
            answers[chk.purpose] = run(chk.smt2, timeout)
        v = verdict_from_answers(answers)
        if v == "refuted":
            v = "unknown"  # legacy evidence: a counter-interpretation, not a concrete counterexample
        elif v in DECISIVE and any(t in r for r in c.incomplete_reasons for t in TWO_SIDED_MARKERS):
            v = "unknown"  # a domain-changing encoding decides nothing about the original pair
        out[solver] = v
    return out


def recheck(cert: Certificate | dict[str, Any], *, timeout: float = 10.0, solvers: tuple[str, ...] = ("z3", "cvc5")) -> str:
    """Re-run a certificate and return the verdict it supports now.

    Z3's answer decides; cvc5 (when installed) may only *confirm*: if cvc5 reaches a
    different decisive verdict the result is ``unknown`` (the solvers disagree).
    """
    detail = recheck_detail(cert, timeout=timeout, solvers=solvers)
    if "record" in detail:
        return detail["record"]
    z = detail.get("z3", "unknown")
    other = detail.get("cvc5")
    if other is not None and other in DECISIVE and z in DECISIVE and other != z:
        return "unknown"
    return z


# --------------------------------------------------------------------------------------
# The SMT backend's outcome in a certificate
# --------------------------------------------------------------------------------------


def fill_certificate(cert: Certificate, out: Any) -> None:
    """Record an :class:`~certibench.verify.backends.z3.SmtOutcome` in ``cert``: the full
    evidence in ``cert.smt``; the equivalence and whole-statement vacuity queries also as
    ``checks`` (``vacuity_lhs``: ``¬A`` satisfiable; ``satisfiable_lhs``: ``A`` satisfiable);
    the counterexample, abstraction, symbols and axioms in the legacy fields."""
    ev = out.evidence
    cert.smt = ev
    cert.solver, cert.solver_version = "z3", (ev.get("solver") or {}).get("version")
    checks: list[SolverCheck] = []
    for q in ev.get("queries", []):
        purpose = None
        if q["purpose"] == "equivalence" and not any(c.purpose == "equivalence" for c in checks):
            purpose = "equivalence"
        elif q.get("part") == "whole canonical statement" and q["purpose"] == "provable" and not any(c.purpose == "vacuity_lhs" for c in checks):
            purpose = "vacuity_lhs"
        elif q.get("part") == "whole canonical statement" and q["purpose"] == "refutable" and not any(c.purpose == "satisfiable_lhs" for c in checks):
            purpose = "satisfiable_lhs"
        if purpose is not None:
            checks.append(SolverCheck(purpose=purpose, expect=q["expect"], smt2=q["smt2"], answer=q["answer"]))  # type: ignore[arg-type]
    cert.checks = checks
    cert.counterexample = out.counterexample.display() if out.counterexample is not None else None
    abstractions = ev.get("abstractions") or []
    if abstractions:
        last = abstractions[-1]
        cert.abstracted_lean = {"lhs": last["lhs"], "rhs": last["rhs"], "abstraction": last["level"]}
        cert.uninterpreted = [f"{k} := {v}" for k, v in last["symbols"].items()]
        cert.atoms = {**last["opaque_atoms"], **last["shared_atoms"]}
    cert.axioms = [AxiomRecord(name=a["name"], mathlib_lemma=a.get("mathlib_lemma"), statement=a["statement"]) for a in ev.get("axioms", [])]
    cvc5 = (ev.get("solver") or {}).get("cvc5")
    if cvc5:
        answers = [q.get("cvc5") for q in ev.get("queries", []) if q.get("portable", True) and q["answer"] in ("sat", "unsat")]
        if answers and all(a is not None for a in answers):
            agree = all(a == q["answer"] for a, q in zip(answers, [q for q in ev.get("queries", []) if q.get("portable", True) and q["answer"] in ("sat", "unsat")], strict=True))
            if agree and out.verdict in DECISIVE and out.verdict != "refuted":
                cert.recheck["cvc5"] = out.verdict
        for k, v in out.timings.items():
            cert.timings[f"smt_{k}"] = v
