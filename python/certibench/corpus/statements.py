"""One read-only view over every statement source the ``certibench corpus`` commands show.

Sources:

* ``"bundled"`` — the project's own corpus (``certibench.corpus.bundled.load_bundled()``,
  written elsewhere and imported lazily);
* an **item file** (JSONL / JSON array of :class:`~certibench.schema.Item`, e.g. FormInv or
  the output of ``certibench corpus import``);
* a **LeanDojo export** (Benchmark 4 ``.json`` file or directory, or ``corpus trace`` output);
* **Lean sources**: a ``.lean`` file or a directory holding some, each
  theorem closed over its context by :mod:`certibench.corpus.lean_source`.

Each record becomes a :class:`StatementRow` with an ``area``/``subarea``/``topic`` so that
``list``/``stats`` can group them and :meth:`ConceptTree.from_topics` can build their tree.
:func:`corpus_stats`, :func:`find_statement` and :func:`statement_record` are what the
``stats`` and ``show`` commands print.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from certibench.corpus.bundled import load_bundled
from certibench.corpus.leandojo import load_benchmark4
from certibench.io import InputFileError, RecordError, iter_records, load_records
from certibench.logic.coverage import Entry, coverage_of
from certibench.logic.parser import parse_declaration
from certibench.schema import Item

__all__ = [
    "CorpusStats",
    "StatementRow",
    "corpus_stats",
    "find_statement",
    "load_statement_rows",
    "parse_coverage",
    "statement_record",
]


@dataclass
class StatementRow:
    id: str
    kind: str  # "bundled" | "item" | "leandojo" | "lean"
    area: str | None = None
    subarea: str | None = None
    topic: str | None = None
    statement: str | None = None
    nl: str | None = None
    file: str | None = None
    line: int | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def topic_path(self) -> str:
        """``area/subarea/concept`` for the concept tree (missing parts become ``other``)."""
        parts = (self.topic or "").split("/") if self.topic and "/" in (self.topic or "") else []
        if len(parts) >= 2:
            return "/".join(p.strip() or "other" for p in parts)
        return "/".join([self.area or "other", self.subarea or "other", self.topic or self.id])


def _load_bundled() -> tuple[list[StatementRow], list[RecordError], str]:
    rows: list[StatementRow] = []
    for st in load_bundled():
        topic = getattr(st, "topic", None)
        parts = str(topic).split("/") if topic else []
        area = getattr(st, "area", None) or (parts[0] if parts else None)
        subarea = getattr(st, "subarea", None) or (parts[1] if len(parts) >= 2 else None)
        if subarea is None and parts and area and parts[0] != area:
            subarea = parts[0]
        details = {
            k: getattr(st, k)
            for k in ("name", "full_name", "kind", "statement", "proof", "topic", "area", "doc", "file", "line")
            if getattr(st, k, None) not in (None, "")
        }
        rows.append(
            StatementRow(
                id=str(st.name),
                kind="bundled",
                area=area,
                subarea=subarea,
                topic=str(topic) if topic else None,
                statement=getattr(st, "statement", None),
                file=str(getattr(st, "file", "") or "") or None,
                line=getattr(st, "line", None),
                details=details,
            )
        )
    return rows, [], "bundled corpus"


def _peek(path: Path) -> dict[str, Any] | None:
    """First JSON object of a JSONL / JSON-array file (None if there is none); bad lines
    before it are passed over (the loader reports them)."""
    return next((obj for _, obj in iter_records(path) if isinstance(obj, dict)), None)


def _item_rows(path: Path) -> tuple[list[StatementRow], list[RecordError], str]:
    items, errors = load_records(path, Item)
    rows: list[StatementRow] = []
    for it in items:
        extra = it.model_extra or {}
        concept = it.concepts[0] if it.concepts else None
        cparts = concept.split("/") if concept and "/" in concept else []
        area = extra.get("domain") or (cparts[0] if cparts else None) or it.source
        subarea = cparts[1] if len(cparts) > 1 else (it.family if it.family else None)
        rows.append(
            StatementRow(
                id=it.id,
                kind="item",
                area=str(area) if area else None,
                subarea=str(subarea) if subarea else None,
                topic=concept or (str(extra["mathlib_name"]) if extra.get("mathlib_name") else None),
                statement=it.lean4_statement,
                nl=it.nl_question,
                file=str(path),
                details=it.model_dump(mode="json", exclude_none=True),
            )
        )
    return rows, errors, str(path)


def _leandojo_rows(path: Path) -> tuple[list[StatementRow], list[RecordError], str]:
    theorems, errors = load_benchmark4(path)
    rows: list[StatementRow] = []
    for t in theorems:
        parts = Path(t.file_path).with_suffix("").parts
        # Mathlib/Algebra/Group/Basic.lean -> area Algebra, subarea Group
        body = parts[1:] if len(parts) > 1 and parts[0] in ("Mathlib", "Std", "Batteries", "Init") else parts
        area = body[0] if body else None
        subarea = body[1] if len(body) > 2 else None
        rows.append(
            StatementRow(
                id=t.full_name,
                kind="leandojo",
                area=area,
                subarea=subarea,
                topic=t.full_name,
                statement=t.statement,
                file=t.file_path,
                line=t.start[0] if t.start else None,
                details=t.model_dump(mode="json", exclude_none=True, exclude={"traced_tactics"})
                | {"num_tactics": len(t.traced_tactics)},
            )
        )
    return rows, errors, str(path)


def _lean_rows(path: Path) -> tuple[list[StatementRow], list[RecordError], str]:
    from certibench.corpus.lean_source import load_lean_source  # noqa: PLC0415

    imp = load_lean_source(path)
    rows: list[StatementRow] = []
    for d in imp.declarations:
        parts = Path(d.file).with_suffix("").parts
        body = parts[1:] if len(parts) > 1 and parts[0] in ("Mathlib", "Std", "Batteries", "Init") else parts
        rows.append(
            StatementRow(
                id=d.id, kind="lean", area=body[0] if len(body) > 1 else None,
                subarea=body[1] if len(body) > 2 else None, topic=d.full_name,
                statement=None if d.skipped_reason else d.statement, file=d.file, line=d.line,
                details=d.model_dump(mode="json", exclude_none=True, exclude={"proof"}),
            )
        )  # fmt: skip
    return rows, list(imp.errors), str(path)


def _is_lean_source(p: Path) -> bool:
    """A ``.lean`` file, or a directory holding some (LeanDojo exports are JSON only)."""
    if p.is_file():
        return p.suffix == ".lean"
    from certibench.corpus.lean_source import iter_lean_files  # noqa: PLC0415

    return p.is_dir() and bool(iter_lean_files(p))


def load_statement_rows(source: str | os.PathLike[str] = "bundled") -> tuple[list[StatementRow], list[RecordError], str]:
    """Load ``source`` (``"bundled"``, an item file, a LeanDojo export, or Lean sources) as rows.

    Returns ``(rows, record_errors, label)``.  Raises :class:`InputFileError` when the
    path cannot be read or is of no known kind (or the bundled corpus is missing).
    """
    if str(source) == "bundled":
        return _load_bundled()
    p = Path(source)
    if _is_lean_source(p):
        return _lean_rows(p)
    if p.is_dir():
        return _leandojo_rows(p)
    if not p.exists():
        raise InputFileError(f"{p}: no such file (use --source bundled for the project's corpus)")
    first = _peek(p)
    if first is None:
        return [], [], str(p)
    if "full_name" in first and "file_path" in first:
        return _leandojo_rows(p)
    if "id" in first:
        return _item_rows(p)
    raise InputFileError(
        f"{p}: not an item file (records with 'id') nor a LeanDojo export (records with 'full_name', 'file_path')"
    )


def parse_coverage(rows: list[StatementRow], *, distinct: bool = False, label: str = "") -> dict[str, Any]:
    """Parser coverage of the rows' Lean statements (rows without one are not counted), as
    :meth:`certibench.logic.coverage.CoverageReport.to_json`: ``{"total", "parsed",
    "failed": [{"id", "error", ...}], ...}``.  With ``distinct`` each statement text counts
    once (FormInv repeats the canonical statement on every paraphrase item of a theorem).
    Rows read from Lean sources are measured as ``certibench parse DIR`` measures them: a
    theorem counts only as a closed statement (see :mod:`certibench.corpus.lean_coverage`)."""
    if rows and all(r.kind == "lean" for r in rows):
        from certibench.corpus.lean_coverage import measure_declarations  # noqa: PLC0415
        from certibench.corpus.lean_source import LeanDeclaration  # noqa: PLC0415

        decls = [LeanDeclaration.model_validate(r.details) for r in rows]
        return measure_declarations(decls, label=label).to_json()
    entries = (Entry(r.id, r.line, r.statement) for r in rows if r.statement)
    return coverage_of(entries, file=label, distinct=distinct).to_json()


class CorpusStats(BaseModel):
    """What ``certibench corpus stats`` reports (and writes with ``--json``)."""

    source: str
    total: int
    with_statement: int
    areas: dict[str, int]
    subareas: dict[str, int]  # "area/subarea" -> count
    parse_coverage: dict[str, Any]
    parse_coverage_distinct: dict[str, Any]


def corpus_stats(rows: list[StatementRow], label: str) -> CorpusStats:
    """Counts per area and area/subarea, and parse coverage over all and distinct statements."""
    per_area = Counter(r.area or "—" for r in rows)
    per_sub = Counter((r.area or "—", r.subarea or "—") for r in rows)
    return CorpusStats(
        source=label,
        total=len(rows),
        with_statement=sum(1 for r in rows if r.statement),
        areas=dict(sorted(per_area.items())),
        subareas={f"{a}/{s}": n for (a, s), n in sorted(per_sub.items())},
        parse_coverage=parse_coverage(rows, label=label),
        parse_coverage_distinct=parse_coverage(rows, distinct=True, label=label),
    )


def find_statement(rows: list[StatementRow], statement_id: str) -> tuple[StatementRow | None, list[str]]:
    """The row with this id (exact, else a unique case-insensitive match) and, when there is
    none, up to five ids containing it (for a "did you mean")."""
    hit = [r for r in rows if r.id == statement_id]
    if not hit:
        hit = [r for r in rows if r.id.casefold() == statement_id.casefold()]
    if hit:
        return hit[0], []
    return None, [r.id for r in rows if statement_id.casefold() in r.id.casefold()][:5]


def statement_record(r: StatementRow) -> dict[str, Any]:
    """Every field of one row for ``corpus show``, with whether its statement parses."""
    record: dict[str, Any] = {"id": r.id, "kind": r.kind, "area": r.area, "subarea": r.subarea, "topic": r.topic}
    record.update({k: v for k, v in r.details.items() if k not in record})
    if r.file and "file" not in record:
        record["file"] = r.file
    if r.line is not None and "line" not in record:
        record["line"] = r.line
    if r.statement:
        try:
            parse_declaration(r.statement)
            record["parses"] = True
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            record["parses"] = False
            record["parse_error"] = str(exc)
    return record
