"""Parser coverage over a JSONL file of Lean statements (``certibench parse``)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

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
    items: list[tuple[str, int, str | None, str | None]] = []  # id, line, text, error
    seen: set[str] = set()
    used_field: str | None = field
    for lineno, rec in iter_jsonl(p):
        if isinstance(rec, RecordError):
            items.append((f"line {lineno}", lineno, None, f"{p}:{lineno}: {rec.message}"))
            continue
        if not isinstance(rec, dict):
            items.append((f"line {lineno}", lineno, None, f"{p}:{lineno}: record is not a JSON object"))
            continue
        rid = _record_id(rec, lineno)
        fname = field
        if fname is None:
            fname = next((f for f in DEFAULT_FIELDS if f in rec), None)
            used_field = used_field or fname
        text = rec.get(fname) if fname else None
        if not isinstance(text, str):
            what = "missing" if text is None else f"not a string ({type(text).__name__})"
            items.append((rid, lineno, None, f"{p}:{lineno}: field {fname or '/'.join(DEFAULT_FIELDS)!r} {what}"))
            continue
        if distinct:
            if text in seen:
                continue
            seen.add(text)
        items.append((rid, lineno, text, None))
    t0 = time.perf_counter()
    report = CoverageReport(file=str(p), field=used_field, distinct=distinct, total=len(items), parsed=0)
    for k, (rid, lineno, text, err) in enumerate(items):
        if progress is not None:
            progress(k, len(items))
        if err is not None or text is None:
            report.failed.append(Failure(id=rid, error=err or "no statement", line=lineno))
            continue
        try:
            decl = parse_declaration(text)
        except ParseError as exc:
            report.failed.append(
                Failure(id=rid, error=exc.short, unsupported=exc.construct, line=lineno, kind=exc.kind)
            )
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
