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

#: Version of the certificate format (``version`` in every certificate).  2: evidence kinds
#: (rewrite chains replayed by the kernel, SMT with finest-level non-vacuity, concrete
#: counterexamples), deterministic budgets.
FORMAT_VERSION = 2

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

    version: int = FORMAT_VERSION
    verdict: str
    backend: str
    evidence: str | None = Field(
        default=None, description="rewrite_chain | smt | sympy | lean | template | review | identical | counterexample"
    )
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
    counterexample: Any | None = None
    chain: list[dict[str, Any]] | None = Field(default=None, description="rewrite chain steps (kernel format)")
    kernel: dict[str, Any] | None = None
    rewrite_search: dict[str, Any] | None = None
    budget: dict[str, Any] | None = None
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


def fill_certificate(cert: Certificate, ev: dict[str, Any], verdict: str, counterexample: Any = None) -> None:
    """Record the SMT backend's evidence in ``cert``: the full evidence in ``cert.smt``; the
    equivalence and whole-statement vacuity queries also as ``checks`` (``vacuity_lhs``:
    ``¬A`` satisfiable; ``satisfiable_lhs``: ``A`` satisfiable); the counterexample,
    abstraction, symbols and axioms in the summary fields."""
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
    cert.counterexample = counterexample
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
            if agree and verdict in DECISIVE and verdict != "refuted":
                cert.recheck["cvc5"] = verdict
