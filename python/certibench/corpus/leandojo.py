"""LeanDojo loaders: trace a Lean repository (needs ``lean_dojo`` + a Lean toolchain +
network), or read LeanDojo Benchmark 4 JSON exports (offline).

Tracing uses LeanDojo's public API: ``LeanGitRepo(url, commit)``, ``trace(repo)`` ->
``TracedRepo``, ``TracedRepo.get_traced_theorems()`` -> ``TracedTheorem`` with
``theorem.full_name``, ``theorem.file_path``, ``start``/``end`` (``Pos``),
``get_theorem_statement()`` and ``get_traced_tactics()``.  As in LeanDojo itself, data
extraction only reads; nothing here interacts with a proof (that is ``Dojo``'s job).

Benchmark 4 exports (``leandojo_benchmark_4/<strategy>/<split>.json``) are JSON arrays of

.. code-block:: json

    {"url": ..., "commit": ..., "file_path": ..., "full_name": ...,
     "start": [line, col], "end": [line, col],
     "traced_tactics": [{"tactic": ..., "annotated_tactic": [text, [provenance...]],
                         "state_before": ..., "state_after": ...}]}

Some exports also carry ``theorem_statement`` (or ``statement``).  When neither is
present the statement is rebuilt from the first tactic's ``state_before`` (hypotheses
become binders, the ``⊢`` goal the conclusion) and marked
``statement_source="state_before"``.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from certibench.corpus.hf import MissingDependencyError
from certibench.io import InputFileError, RecordError, RecordValidationError, iter_records
from certibench.schema import Item

__all__ = [
    "LeanDojoTactic",
    "LeanDojoTheorem",
    "LeanUnavailableError",
    "TraceError",
    "load_benchmark4",
    "missing_for_trace",
    "statement_from_state",
    "theorem_to_item",
    "theorems_to_items",
    "trace_repo",
]

PIP_COMMAND = "pip install lean-dojo"


class LeanUnavailableError(RuntimeError):
    """Tracing cannot run here: ``lean_dojo`` or the Lean toolchain is missing."""


class TraceError(RuntimeError):
    """LeanDojo was available but tracing failed (no network, bad URL or commit, build error)."""


class LeanDojoTactic(BaseModel):
    model_config = ConfigDict(extra="allow")

    tactic: str
    annotated_tactic: Any = None
    state_before: str | None = None
    state_after: str | None = None


class LeanDojoTheorem(BaseModel):
    """One theorem record of a LeanDojo trace / Benchmark 4 export."""

    model_config = ConfigDict(extra="allow")

    full_name: str
    file_path: str
    start: tuple[int, int] | None = None
    end: tuple[int, int] | None = None
    url: str | None = None
    commit: str | None = None
    traced_tactics: list[LeanDojoTactic] = Field(default_factory=list)
    statement: str | None = None
    statement_source: str | None = None
    split: str | None = None

    @field_validator("full_name", "file_path")
    @classmethod
    def _nonempty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must be a non-empty string")
        return v

    @field_validator("start", "end", mode="before")
    @classmethod
    def _pos(cls, v: Any) -> Any:
        if v is None:
            return None
        if isinstance(v, str):  # LeanDojo's Pos prints as "Pos(line_nb=3, column_nb=0)" or "3:0"
            nums = re.findall(r"\d+", v)
            if len(nums) == 2:
                return (int(nums[0]), int(nums[1]))
        return v


# --------------------------------------------------------------------------- statements
_DAGGER_RE = re.compile(r"✝[⁰¹²³⁴⁵⁶⁷⁸⁹]*$")
_HYP_RE = re.compile(r"^(?P<names>[^\s:⊢][^:⊢]*?)\s:\s(?P<type>.+)$", re.DOTALL)


def statement_from_state(full_name: str, state: str) -> str | None:
    """Rebuild ``theorem <name> <binders> : <goal>`` from a single-goal tactic state.

    Returns ``None`` for states with several goals (``case`` tags) or no ``⊢``.  Names
    made inaccessible by Lean (``x✝``) get a fresh accessible name (``x``, or ``x_1`` when
    ``x`` is taken), renamed in every later type and the goal; ``inst✝ : C α`` becomes ``[C α]``.
    """
    if state.count("⊢") != 1:
        return None
    lines = state.splitlines()
    if any(ln.startswith("case ") for ln in lines):
        return None
    # Join continuation lines (the pretty printer indents them).
    entries: list[str] = []
    for ln in lines:
        if ln[:1].isspace() and entries:
            entries[-1] += " " + ln.strip()
        elif ln.strip():
            entries.append(ln.strip())
    hyps: list[tuple[list[str], str]] = []
    goal: str | None = None
    for e in entries:
        if e.startswith("⊢"):
            goal = e[1:].strip()
            continue
        if goal is not None:
            return None
        m = _HYP_RE.match(e)
        if not m:
            return None
        hyps.append((m.group("names").split(), " ".join(m.group("type").split())))
    if not goal:
        return None
    # Inaccessible names (x✝, h✝¹) get fresh accessible names, renamed everywhere after.
    taken = {n for names, _ in hyps for n in names if not _DAGGER_RE.search(n)}
    renames: dict[str, str] = {}
    for names, _ in hyps:
        for n in names:
            if _DAGGER_RE.search(n) and not n.startswith("inst") and n not in renames:
                base = _DAGGER_RE.sub("", n) or "x"
                fresh, k = base, 0
                while fresh in taken:
                    k += 1
                    fresh = f"{base}_{k}"
                taken.add(fresh)
                renames[n] = fresh

    def rename(text: str) -> str:
        for old, new in renames.items():
            text = re.sub(rf"(?<![\w.']){re.escape(old)}(?![\w'⁰¹²³⁴⁵⁶⁷⁸⁹])", new, text)
        return text

    binders: list[str] = []
    for names, typ in hyps:
        typ = rename(typ)
        if all(n.startswith("inst") and _DAGGER_RE.search(n) for n in names):
            binders.extend(f"[{typ}]" for _ in names)
        else:
            binders.append(f"({' '.join(renames.get(n, n) for n in names)} : {typ})")
    head = " ".join([f"theorem {full_name}", *binders])
    return f"{head} : {rename(goal)}"


def _clean_statement(s: str) -> str:
    s = s.strip()
    return re.sub(r"\s*:=\s*$", "", s).strip()


def _complete(thm: LeanDojoTheorem) -> LeanDojoTheorem:
    if thm.statement:
        thm.statement = _clean_statement(thm.statement)
        thm.statement_source = thm.statement_source or "export"
        return thm
    first = next((t.state_before for t in thm.traced_tactics if t.state_before), None)
    if first:
        rebuilt = statement_from_state(thm.full_name, first)
        if rebuilt:
            thm.statement = rebuilt
            thm.statement_source = "state_before"
    return thm


# --------------------------------------------------------------------------- reader
def _record_to_theorem(obj: dict[str, Any]) -> LeanDojoTheorem:
    data = dict(obj)
    for key in ("theorem_statement", "statement", "formal_statement"):
        if data.get(key) and not data.get("statement"):
            data["statement"] = data[key]
    if data.get("statement"):
        data.setdefault("statement_source", "export")
    return _complete(LeanDojoTheorem.model_validate(data))


def _iter_file(path: Path) -> Iterator[tuple[int, Any]]:
    return iter_records(path)


def _benchmark_files(root: Path) -> list[tuple[Path, str | None]]:
    """``(file, split)`` pairs: one file, or every ``<strategy>/<split>.json`` under a directory."""
    if root.is_file():
        return [(root, None)]
    if not root.is_dir():
        raise InputFileError(f"{root}: no such file or directory")
    files = sorted(p for p in root.rglob("*.json") if p.is_file())
    if not files:
        raise InputFileError(f"{root}: no LeanDojo *.json export files found")
    out = []
    for p in files:
        rel = p.relative_to(root).with_suffix("")
        out.append((p, "/".join(rel.parts)))
    return out


def load_benchmark4(
    source: str | os.PathLike[str],
    *,
    strict: bool = False,
) -> tuple[list[LeanDojoTheorem], list[RecordError]]:
    """Read a LeanDojo Benchmark 4 export: one ``.json``/``.jsonl`` file or its directory.

    Bad records are reported as ``RecordError(file, record, field, message)`` and skipped
    (``strict=True`` raises the first).  Works offline; nothing is downloaded.
    """
    root = Path(source)
    theorems: list[LeanDojoTheorem] = []
    errors: list[RecordError] = []
    for path, split in _benchmark_files(root):
        if path.name in ("corpus.json", "metadata.json", "traced_files.json"):
            continue  # premise corpus / metadata, not theorem records
        for loc, obj in _iter_file(path):
            err: RecordError | None = None
            if isinstance(obj, RecordError):
                err = obj
            elif not isinstance(obj, dict):
                err = RecordError(str(path), loc, None, f"expected a JSON object, got {type(obj).__name__}")
            else:
                try:
                    thm = _record_to_theorem(obj)
                    if split and thm.split is None:
                        thm.split = split
                    theorems.append(thm)
                except ValidationError as exc:
                    e = exc.errors()[0]
                    field = ".".join(str(p) for p in e.get("loc", ())) or None
                    err = RecordError(str(path), loc, field, e.get("msg", "invalid value"))
            if err is not None:
                if strict:
                    raise RecordValidationError(err)
                errors.append(err)
    return theorems, errors


def theorem_to_item(thm: LeanDojoTheorem) -> Item:
    """A traced Mathlib theorem as a canonical TRUE item (``nl_question`` left empty:
    the English comes from the renderer / generator layer)."""
    prov: dict[str, Any] = {
        "importer": "leandojo",
        "url": thm.url,
        "commit": thm.commit,
        "file_path": thm.file_path,
        "start": list(thm.start) if thm.start else None,
        "end": list(thm.end) if thm.end else None,
        "statement_source": thm.statement_source,
        "num_tactics": len(thm.traced_tactics),
    }
    if thm.split:
        prov["split"] = thm.split
    return Item(
        id=f"leandojo:{thm.full_name}",
        theorem_id=thm.full_name,
        family="canonical",
        lean4_statement=thm.statement,
        ground_truth="TRUE",
        protocol="truefalse",
        source="leandojo",
        provenance={k: v for k, v in prov.items() if v is not None},
        mathlib_name=thm.full_name,
    )


# --------------------------------------------------------------------------- tracing
def missing_for_trace() -> list[str]:
    """What tracing needs and this machine lacks (empty when it can be attempted)."""
    missing: list[str] = []
    try:
        import lean_dojo  # noqa: F401, PLC0415
    except ImportError:
        missing.append(f"the lean_dojo package is not installed ({PIP_COMMAND})")
    if shutil.which("lake") is None or (shutil.which("lean") is None and shutil.which("elan") is None):
        missing.append("no Lean 4 toolchain (`lake` and `lean`/`elan`) is on PATH")
    return missing


def trace_repo(
    url: str,
    commit: str,
    *,
    build_deps: bool = False,
    with_tactics: bool = False,
    include_dependencies: bool = False,
) -> list[LeanDojoTheorem]:
    """Trace ``url`` at ``commit`` with LeanDojo and return its theorem statements.

    Needs ``lean_dojo``, a Lean 4 toolchain and network access to clone the repository
    (LeanDojo caches traced repos under ``~/.cache/lean_dojo``).  When something is
    missing, raises :class:`LeanUnavailableError` with one sentence naming it; a failure
    during cloning/building raises :class:`TraceError`.  Theorems from dependencies
    (e.g. Lean core when tracing Mathlib) are dropped unless ``include_dependencies``.
    """
    missing = missing_for_trace()
    if missing:
        raise LeanUnavailableError(f"Cannot trace {url} at {commit}: " + " and ".join(missing) + ".")
    try:
        from lean_dojo import LeanGitRepo, trace  # noqa: PLC0415
    except ImportError as exc:  # pragma: no cover - checked above
        raise MissingDependencyError(f"Cannot trace {url}: {PIP_COMMAND}") from exc
    try:
        repo = LeanGitRepo(url, commit)
        traced = trace(repo, build_deps=build_deps)
        raw = traced.get_traced_theorems()
    except Exception as exc:  # noqa: BLE001 - LeanDojo raises assorted errors
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise TraceError(
            f"Tracing {url} at {commit} failed (no network, unknown commit, or build error?): {first}"
        ) from exc
    out: list[LeanDojoTheorem] = []
    for thm in raw:
        # As LeanDojo's own exporter does: a theorem of a dependency has a different repo.
        if not include_dependencies and getattr(thm, "repo", None) is not None and thm.repo != traced.repo:
            continue
        out.append(_from_traced(thm, with_tactics=with_tactics))
    return out


def _from_traced(thm: Any, *, with_tactics: bool) -> LeanDojoTheorem:
    """Convert a LeanDojo ``TracedTheorem`` (public attributes only) into our record."""
    statement: str | None = None
    try:
        statement = thm.get_theorem_statement()
    except Exception:  # noqa: BLE001 - some term-mode proofs have no locatable proof node
        statement = None
    tactics: list[dict[str, Any]] = []
    if with_tactics:
        for t in thm.get_traced_tactics():
            tactics.append(
                {
                    "tactic": t.tactic,
                    "annotated_tactic": t.get_annotated_tactic(),
                    "state_before": t.state_before,
                    "state_after": t.state_after,
                }
            )
    source = "lean_dojo" if statement else None
    if statement is None and not tactics:
        # No locatable statement: rebuild it from the first tactic state (tactic proofs only).
        try:
            first = next(iter(thm.get_traced_tactics()), None)
        except Exception:  # noqa: BLE001 - term-mode proofs have no traced tactics
            first = None
        if first is not None and first.state_before:
            statement = statement_from_state(thm.theorem.full_name, first.state_before)
            source = "state_before" if statement else None
    return _complete(
        LeanDojoTheorem(
            full_name=thm.theorem.full_name,
            file_path=str(thm.theorem.file_path),
            start=tuple(thm.start),
            end=tuple(thm.end),
            url=thm.repo.url,
            commit=thm.repo.commit,
            statement=statement,
            statement_source=source,
            traced_tactics=[LeanDojoTactic.model_validate(t) for t in tactics],
        )
    )


def theorems_to_items(theorems: Iterable[LeanDojoTheorem]) -> list[Item]:
    return [theorem_to_item(t) for t in theorems]
