"""Lean backend: one ``.lean`` file per batch of generalized ``↔`` goals.

Each goal states the *abstracted* pair (see :mod:`certibench.verify.antiunify`): the
theorem-specific symbols and atoms are explicit variables of the theorem, the definitional
axioms explicit hypotheses, so a proof is about meaning, never about the truth of either
side.  Goals are closed by the tactic ladder ``certibench_equiv`` (``lean/Certibench/
Tactics.lean``).  The whole batch is checked by one ``lake env lean --json FILE`` (one
Mathlib import for the batch).  (``lean-interact`` is not wired in: it is not installed
here, and one ``lake env lean`` per batch already pays the Mathlib import once.)

A goal counts as proved only when its lines carry no error, no ``sorry`` warning, and
``#print axioms`` lists nothing beyond ``propext``, ``Classical.choice`` and ``Quot.sound``.
Goals whose text mentions ``sorry``/``admit`` are rejected before Lean runs.  Without a
toolchain every goal is ``unavailable``.

Lean's ``--json`` output is one serialized message per line: ``{"fileName", "pos":
{"line", "column"}, "endPos", "severity": "information"|"warning"|"error", "caption",
"data", …}`` (``Lean.SerialMessage``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from certibench.logic.ast import Sort, walk
from certibench.verify.antiunify import Abstraction, sort_text

BACKEND = "lean"
ALLOWED_AXIOMS: frozenset[str] = frozenset({"propext", "Classical.choice", "Quot.sound"})
TACTIC = "certibench_equiv"
HEADER = "import Mathlib\nimport Certibench.Tactics\n\nset_option maxHeartbeats 400000\n\nopen Certibench\n"
_FORBIDDEN = re.compile(r"\b(sorry|admit|sorryAx)\b")
_AXIOMS_RE = re.compile(r"'([^']+)' depends on axioms: \[(.*?)\]", re.S)
_NO_AXIOMS_RE = re.compile(r"'([^']+)' does not depend on any axioms")


@dataclass
class LeanGoal:
    """One generalized goal of a batch."""

    key: str  # caller's id (item id)
    name: str  # Lean theorem name
    statement: str  # Lean text of the theorem header (without proof)
    nonvacuous: bool  # the abstract lhs is not provable on its own (Z3 found a model of ¬A')
    first_line: int = 0
    last_line: int = 0


@dataclass
class LeanGoalResult:
    key: str
    verdict: str
    reason: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    axioms: list[str] | None = None


def lean_available(project: Path | None = None) -> bool:
    return shutil.which("lake") is not None and shutil.which("lean") is not None


def project_root() -> Path:
    """The Lean package root (the directory holding ``lakefile.lean``)."""
    env = os.environ.get("CERTIBENCH_LEAN_PROJECT")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for cand in here.parents:
        if (cand / "lakefile.lean").exists():
            return cand
    return Path.cwd()


def _ident(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def _type_vars(ab: Abstraction) -> list[str]:
    names: set[str] = set()

    def sorts_of(s: Sort) -> None:
        if s.is_var:
            names.add(s.head)
        for a in s.args:
            sorts_of(a)

    for e in (ab.lhs, ab.rhs, *(a.prop for a in ab.axioms)):
        for n in walk(e):
            s = getattr(n, "sort", None)
            if isinstance(s, Sort):
                sorts_of(s)
            b = getattr(n, "binder", None)
            if b is not None and b.sort is not None:
                sorts_of(b.sort)
    for s in (*ab.symbol_sorts.values(), *ab.atom_sorts.values()):
        sorts_of(s)
    bound = {
        n.binder.name
        for e in (ab.lhs, ab.rhs)
        for n in walk(e)
        if getattr(n, "binder", None) is not None and n.binder.sort is not None and n.binder.sort.head in ("Type", "Sort")
    }
    return sorted(n for n in names if not n.startswith("_") and n not in bound)


def goal_statement(ab: Abstraction, name: str) -> str:
    """``theorem NAME {α : Type*} (u_f : ℕ → ℕ) (ax : …) : (A') ↔ (B')`` (no proof)."""
    from certibench.logic.render_lean import render_lean

    parts = [f"theorem {name}"]
    for tv in _type_vars(ab):
        parts.append(f"{{{tv} : Type*}}")
    for sym, srt in sorted(ab.symbol_sorts.items()):
        parts.append(f"({sym} : {sort_text(srt)})")
    for atom, srt in sorted(ab.atom_sorts.items()):
        parts.append(f"({atom} : {sort_text(srt)})")
    for i, ax in enumerate(ab.axioms):
        parts.append(f"(ax{i}_{_ident(ax.name)} : {render_lean(ax.prop)})")
    head = "\n    ".join(parts)
    return f"{head} :\n    ({render_lean(ab.lhs)}) ↔ ({render_lean(ab.rhs)})"


def write_batch(goals: Sequence[LeanGoal], path: Path) -> str:
    """Write the batch file; records each goal's line range.  Returns the text."""
    lines = HEADER.splitlines()
    lines.append("")
    for g in goals:
        g.first_line = len(lines) + 1
        lines.extend(g.statement.splitlines())
        lines[-1] += " := by"
        lines.append(f"  {TACTIC}")
        lines.append("")
        lines.append(f"#print axioms {g.name}")
        g.last_line = len(lines)
        lines.append("")
    text = "\n".join(lines) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def parse_messages(stdout: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Lean ``--json`` messages (one JSON object per line); non-JSON lines are returned apart."""
    msgs: list[dict[str, Any]] = []
    other: list[str] = []
    for line in stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            other.append(line)
            continue
        if isinstance(obj, dict) and "severity" in obj:
            msgs.append(obj)
        else:
            other.append(line)
    return msgs, other


def judge(goals: Sequence[LeanGoal], messages: Sequence[dict[str, Any]]) -> list[LeanGoalResult]:
    """Per-goal verdicts from the batch's messages (see the module docstring)."""
    out: list[LeanGoalResult] = []
    for g in goals:
        mine = [m for m in messages if g.first_line <= int((m.get("pos") or {}).get("line", -1)) <= g.last_line]
        errors = [m for m in mine if m.get("severity") == "error"]
        sorry = [m for m in mine if "sorry" in str(m.get("data", ""))]
        axioms: list[str] | None = None
        for m in mine:
            data = str(m.get("data", ""))
            hit = _AXIOMS_RE.search(data)
            if hit and hit.group(1).split(".")[-1] == g.name.split(".")[-1]:
                axioms = [a.strip() for a in hit.group(2).replace("\n", " ").split(",") if a.strip()]
            elif _NO_AXIOMS_RE.search(data):
                axioms = []
        if errors:
            first = str(errors[0].get("data", "")).strip().splitlines()
            out.append(LeanGoalResult(g.key, "unknown", "Lean did not close the goal: " + (first[0] if first else "error"), mine))
            continue
        if sorry:
            out.append(LeanGoalResult(g.key, "unknown", "rejected: the proof uses sorry", mine))
            continue
        if axioms is None:
            out.append(LeanGoalResult(g.key, "unknown", "no `#print axioms` report for the goal", mine))
            continue
        extra = sorted(set(axioms) - ALLOWED_AXIOMS)
        if extra:
            out.append(LeanGoalResult(g.key, "unknown", f"rejected: depends on extra axioms {extra}", mine, axioms))
            continue
        if not g.nonvacuous:
            out.append(
                LeanGoalResult(g.key, "unknown", "Lean proved the generalized ↔ but non-vacuity is undetermined", mine, axioms)
            )
            continue
        out.append(LeanGoalResult(g.key, "certified", "Lean proved the generalized ↔ goal (axioms: " + ", ".join(axioms or ["none"]) + ")", mine, axioms))
    return out


def run_batch(
    goals: Sequence[LeanGoal],
    *,
    path: Path,
    timeout: float = 600.0,
    project: Path | None = None,
) -> list[LeanGoalResult]:
    """Write and check one batch.  Without a toolchain every goal is ``unavailable``."""
    ok_goals: list[LeanGoal] = []
    results: dict[str, LeanGoalResult] = {}
    for g in goals:
        if _FORBIDDEN.search(g.statement):
            results[g.key] = LeanGoalResult(g.key, "error", "goal text mentions sorry/admit; refused")
        else:
            ok_goals.append(g)
    if ok_goals:
        write_batch(ok_goals, path)
    if not ok_goals:
        return [results[g.key] for g in goals]
    if not lean_available():
        for g in ok_goals:
            results[g.key] = LeanGoalResult(g.key, "unavailable", "no Lean 4 toolchain (lake/lean not on PATH)")
        return [results[g.key] for g in goals]
    root = project or project_root()
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(
            ["lake", "env", "lean", "--json", str(path.resolve())],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        for g in ok_goals:
            results[g.key] = LeanGoalResult(g.key, "unknown", f"Lean batch timed out after {timeout:g}s")
        return [results[g.key] for g in goals]
    except OSError as exc:
        for g in ok_goals:
            results[g.key] = LeanGoalResult(g.key, "unavailable", f"cannot run lake: {exc}")
        return [results[g.key] for g in goals]
    msgs, other = parse_messages(proc.stdout)
    if not msgs and proc.returncode != 0:
        tail = (proc.stderr or "\n".join(other))[-400:]
        for g in ok_goals:
            results[g.key] = LeanGoalResult(g.key, "unknown", f"Lean failed (exit {proc.returncode}): {tail}")
        return [results[g.key] for g in goals]
    header_errors = [m for m in msgs if m.get("severity") == "error" and int((m.get("pos") or {}).get("line", 0)) < (ok_goals[0].first_line)]
    if header_errors:
        reason = "batch header failed: " + str(header_errors[0].get("data", ""))[:300]
        for g in ok_goals:
            results[g.key] = LeanGoalResult(g.key, "unknown", reason, header_errors)
        return [results[g.key] for g in goals]
    for r in judge(ok_goals, msgs):
        results[r.key] = r
    _ = time.perf_counter() - t0
    return [results[g.key] for g in goals]


# --------------------------------------------------------------------------------------
# Batches of pending goals (the certifier collects them; one Lean process checks them)
# --------------------------------------------------------------------------------------


def lean_goal_for(pair: Any, cert: Any = None) -> dict[str, Any] | None:
    """The Lean check for a pair.

    * With a rewrite chain: the chain exported as a Lean proof (re-checking the chain in
      Lean; truth-agnostic, so non-vacuous by construction).
    * Without one: the *generalized* goal — theorem-specific symbols as variables of the
      theorem (:func:`certibench.verify.antiunify.abstract_pair`), so that a proof is about
      meaning — closed by the ``certibench_equiv`` tactic ladder.  It counts as non-vacuous
      only when the SMT backend found the abstract canonical statement contingent (neither
      provable nor refutable on its own); otherwise a Lean proof certifies nothing.  A Lean
      proof of ``A ↔ B`` from the full theory is never asked for: that is truth, not meaning.
    """
    proof = chain_lean(cert) if cert is not None else None
    if proof and not proof.lstrip().startswith("--"):
        return {"key": pair.key, "name": f"cb_chain_{pair.key}", "statement": proof, "nonvacuous": True}
    try:
        from certibench.verify.antiunify import abstract_pair

        ab = abstract_pair(pair.canonical.as_prop(), pair.paraphrase.as_prop(), axioms=list(pair.extra.get("axioms") or ()))
        name = "cb_goal_" + "".join(c if c.isalnum() else "_" for c in pair.key)[:80]
        text = goal_statement(ab, name)
    except Exception as exc:  # a construct the Lean renderer cannot state: no goal, never faked
        return {"key": pair.key, "name": "cb_goal", "statement": None, "error": f"{type(exc).__name__}: {exc}",
                "nonvacuous": False}
    return {"key": pair.key, "name": name, "statement": text, "nonvacuous": _smt_contingent(cert)}


def _smt_contingent(cert: Any) -> bool:
    ev = getattr(cert, "smt", None) if cert is not None else None
    if not isinstance(ev, dict):
        return False
    if any(a.get("opaque_atoms") for a in ev.get("abstractions") or []):
        return False
    qs = [q for q in ev.get("queries", []) if q.get("level") == "symbols" and q.get("part") == "whole canonical statement"]
    return {q["purpose"]: q["answer"] for q in qs} == {"provable": "sat", "refutable": "sat"}


def chain_lean(cert: Any, name: str | None = None) -> str | None:
    """The certificate's rewrite chain exported as a Lean proof (``None`` without a chain)."""
    from certibench.logic.parser import parse_declaration
    from certibench.verify.certificate import Certificate
    from certibench.verify.kernel import Step
    from certibench.verify.lean_export import chain_to_lean

    c = cert if isinstance(cert, Certificate) else Certificate.model_validate(cert)
    if not c.chain or not c.canonical_lean or not c.paraphrase_lean:
        return None
    try:
        a, b = parse_declaration(c.canonical_lean), parse_declaration(c.paraphrase_lean)
        return chain_to_lean(a, b, [Step.model_validate(s) for s in c.chain], name or "cb_chain")
    except Exception as exc:  # the export is a convenience; the kernel replay is the check
        return f"-- no Lean export: {type(exc).__name__}: {exc}\n"


def run_lean_goals(goals: Sequence[dict[str, Any]], *, lean_dir: Path | None = None, timeout: float = 900.0) -> list[dict[str, Any]]:
    """Check pending Lean goals in one batch file; one result dict per goal."""
    import tempfile

    results: dict[str, dict[str, Any]] = {}
    batch: list[LeanGoal] = []
    used: set[str] = set()
    for g in goals:
        if not g.get("statement"):
            results[g["key"]] = {"verdict": "unknown", "reason": f"no Lean goal: {g.get('error', 'unrenderable')}"}
            continue
        name = g["name"]
        i = 2
        while name in used:
            name = f"{g['name']}_{i}"
            i += 1
        used.add(name)
        stmt = g["statement"].replace(f"theorem {g['name']}", f"theorem {name}", 1)
        batch.append(LeanGoal(key=g["key"], name=name, statement=stmt, nonvacuous=bool(g.get("nonvacuous"))))
    if batch and lean_dir is None and not lean_available():
        for g in batch:
            results[g.key] = {"verdict": "unavailable", "reason": "no Lean 4 toolchain (lake/lean not on PATH)"}
        batch = []
    if batch:
        if lean_dir is None:
            lean_dir = Path(tempfile.mkdtemp(prefix="certibench-lean-"))
        path = Path(lean_dir) / "certibench_batch.lean"
        for r, g in zip(run_batch(batch, path=path, timeout=timeout), batch, strict=True):
            results[r.key] = {
                "verdict": r.verdict, "reason": r.reason, "file": str(path), "theorem": g.name,
                "lines": [g.first_line, g.last_line], "axioms": r.axioms, "messages": r.messages[:5],
            }
    return [results[g["key"]] for g in goals]
