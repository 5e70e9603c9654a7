"""Parser coverage: how many Lean statements the parser reads, and why the others fail.

One implementation serves every caller: :func:`coverage_of` over ``(id, line, text)``
entries, :func:`measure` over a JSONL file (``certibench parse``), and the corpus layer's
``certibench corpus stats`` over its statement rows.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, Field

from certibench.io import RecordError, iter_jsonl
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration
from certibench.logic.render_lean import render_lean

#: Fields tried, in order, when no field is named.
DEFAULT_FIELDS: tuple[str, ...] = ("lean4_statement", "formal_statement", "statement")


class Failure(BaseModel):
    id: str
    error: str
    unsupported: str | None = None  # the construct named by the ParseError, when known
    line: int | None = None  # line of the record in the input file
    kind: str | None = None  # "syntax" | "unsupported" | "type" (an ill-typed statement)


class CoverageReport(BaseModel):
    """``{"total", "parsed", "failed": [{"id", "error"}]}`` plus context."""

    file: str
    field: str | None
    distinct: bool
    total: int
    parsed: int
    roundtrip: bool = False  # was parse(render_lean(ast)) == ast checked?
    roundtrip_checked: int = 0
    roundtrip_ok: int = 0
    seconds: float = 0.0
    failed: list[Failure] = Field(default_factory=list)

    @property
    def coverage(self) -> float:
        return self.parsed / self.total if self.total else 0.0

    def constructs(self) -> Counter[str]:
        return Counter(
            (f"type error: {f.unsupported}" if f.kind == "type" and f.unsupported else f.unsupported)
            or _short_reason(f.error)
            for f in self.failed
        )

    def to_json(self) -> dict[str, Any]:
        """``{"total", "parsed", "failed": [{"id", "error", ...}], "file", "field", "distinct",
        "coverage", "seconds"}`` (plus ``roundtrip_checked``/``roundtrip_ok`` when checked)."""
        data: dict[str, Any] = {
            "total": self.total,
            "parsed": self.parsed,
            "failed": [f.model_dump(exclude_none=True) for f in self.failed],
            "file": self.file,
            "field": self.field,
            "distinct": self.distinct,
            "coverage": round(self.coverage, 4),
            "seconds": self.seconds,
        }
        if self.roundtrip:
            data["roundtrip_checked"] = self.roundtrip_checked
            data["roundtrip_ok"] = self.roundtrip_ok
        return data


class Entry(NamedTuple):
    """One statement to parse: its id, its line in the input (if any), its text, or the
    reason there is no text (an unreadable record)."""

    id: str
    line: int | None
    text: str | None
    error: str | None = None


def _short_reason(err: str) -> str:
    head = err.split("\n", 1)[0]
    if ": " in head:
        head = head.split(": ", 1)[1]
    return head[:80]


def _record_id(rec: dict, lineno: int) -> str:
    for k in ("id", "name", "full_name", "theorem_id"):
        v = rec.get(k)
        if isinstance(v, str | int) and str(v):
            return str(v)
    return f"line {lineno}"


def coverage_of(
    entries: Iterable[Entry],
    *,
    file: str = "",
    field: str | None = None,
    distinct: bool = True,
    roundtrip: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> CoverageReport:
    """Parse every entry's text.  With ``distinct`` a text (up to whitespace) counts once,
    under the id of its first entry; an entry without text is a counted failure.  A
    :class:`ParseError` is a failure naming the unsupported construct; any other exception
    is a failure naming its type (one bad statement never stops the report)."""
    todo: list[Entry] = []
    seen: set[str] = set()
    for e in entries:
        if distinct and e.text is not None:
            key = " ".join(e.text.split())
            if key in seen:
                continue
            seen.add(key)
        todo.append(e)
    t0 = time.perf_counter()
    report = CoverageReport(file=file, field=field, distinct=distinct, total=len(todo), parsed=0, roundtrip=roundtrip)
    for k, e in enumerate(todo):
        if progress is not None:
            progress(k, len(todo))
        if e.text is None:
            report.failed.append(Failure(id=e.id, error=e.error or "no statement", line=e.line))
            continue
        try:
            decl = parse_declaration(e.text)
        except ParseError as exc:
            report.failed.append(
                Failure(id=e.id, error=exc.short, unsupported=exc.construct, line=e.line, kind=exc.kind)
            )
            continue
        except Exception as exc:  # noqa: BLE001 - a report: every failure is counted, none is fatal
            first = str(exc).splitlines()[0] if str(exc) else ""
            report.failed.append(Failure(id=e.id, error=f"{type(exc).__name__}: {first}".rstrip(": "), line=e.line))
            continue
        report.parsed += 1
        if roundtrip:
            report.roundtrip_checked += 1
            try:
                if parse_declaration(render_lean(decl)) == decl:
                    report.roundtrip_ok += 1
            except ParseError:
                pass
    report.seconds = round(time.perf_counter() - t0, 4)
    return report


def measure(
    path: str | Path,
    field: str | None = None,
    *,
    distinct: bool = True,
    roundtrip: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> CoverageReport:
    """Parse every statement of a JSONL file.  Raises ``InputFileError`` when the file
    itself is unreadable; a bad record (invalid JSON, missing field) is a counted failure."""
    p = Path(path)
    entries: list[Entry] = []
    used_field: str | None = field
    for lineno, rec in iter_jsonl(p):
        if isinstance(rec, RecordError):
            entries.append(Entry(f"line {lineno}", lineno, None, f"{p}:{lineno}: {rec.message}"))
            continue
        if not isinstance(rec, dict):
            entries.append(Entry(f"line {lineno}", lineno, None, f"{p}:{lineno}: record is not a JSON object"))
            continue
        rid = _record_id(rec, lineno)
        fname = field
        if fname is None:
            fname = next((f for f in DEFAULT_FIELDS if f in rec), None)
            used_field = used_field or fname
        text = rec.get(fname) if fname else None
        if not isinstance(text, str):
            what = "missing" if text is None else f"not a string ({type(text).__name__})"
            entries.append(Entry(rid, lineno, None, f"{p}:{lineno}: field {fname or '/'.join(DEFAULT_FIELDS)!r} {what}"))
            continue
        entries.append(Entry(rid, lineno, text))
    return coverage_of(entries, file=str(p), field=used_field, distinct=distinct, roundtrip=roundtrip, progress=progress)
