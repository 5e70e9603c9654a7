"""Parser coverage of real Lean sources, counted on CLOSED statements (``certibench parse DIR``).

A theorem counts as parsed only when its closed statement (context binders added by
:mod:`certibench.corpus.lean_source`) parses *and* elaborates with
:func:`certibench.logic.parser.parse_declaration`, *and* the result has no free term or type
variable left: a statement that only parses because a variable it uses went missing (the
elaborator infers sorts for unknown lower-case names) is a failure, reported as such.

Failures are counted by construct: the parser's ``ParseError.construct`` when it names
one, the loader's reason when the loader could not close the statement, or the parser's
message with names elided (``unknown identifier '…'``).
"""

from __future__ import annotations

import dataclasses
import os
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pydantic import Field

from certibench.corpus.lean_source import SOURCE_KINDS, LeanDeclaration, SectionVars, load_lean_source
from certibench.logic.ast import Declaration, Quant, Sort, free_vars
from certibench.logic.coverage import CoverageReport, Failure
from certibench.logic.errors import ParseError

__all__ = ["LeanCoverageReport", "check_closed", "measure_declarations", "measure_lean"]


class LeanCoverageReport(CoverageReport):
    """:class:`~certibench.logic.coverage.CoverageReport` (same keys) plus per-file figures."""

    files: dict[str, dict[str, int]] = Field(default_factory=dict)
    loader_skipped: int = 0
    open_statements: int = 0

    def constructs(self) -> Counter[str]:
        return Counter(f.unsupported or "other" for f in self.failed)

    def to_json(self) -> dict[str, Any]:
        """The JSONL report's keys, plus ``constructs`` (failures counted by construct),
        ``files`` (per file: total, parsed), ``loader_skipped`` and ``open_statements``."""
        data = super().to_json()
        data["constructs"] = dict(self.constructs().most_common())
        data["files"] = self.files
        data["loader_skipped"] = self.loader_skipped
        data["open_statements"] = self.open_statements
        return data


def _sorts(obj: Any, out: list[Sort]) -> None:
    """Every :class:`Sort` reachable from an AST node (fields walked generically)."""
    if isinstance(obj, Sort):
        out.append(obj)
        for a in obj.args:
            _sorts(a, out)
        for p in obj.params:
            _sorts(p, out)
        return
    if isinstance(obj, tuple | list):
        for x in obj:
            _sorts(x, out)
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            _sorts(getattr(obj, f.name), out)


def _type_binders(obj: Any, out: set[str]) -> None:
    if isinstance(obj, Quant) and obj.binder.name and obj.binder.sort is not None and obj.binder.sort.head == "Type":
        out.add(obj.binder.name)
    if isinstance(obj, tuple | list):
        for x in obj:
            _type_binders(x, out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type) and not isinstance(obj, Sort):
        for f in dataclasses.fields(obj):
            _type_binders(getattr(obj, f.name), out)


def check_closed(decl: Declaration) -> list[str]:
    """Names left free in an elaborated declaration: term variables no binder binds, and
    type variables (``α`` in ``(a : α)``) no ``{α : Type*}`` binder declares."""
    names = {b.name for b in decl.binders if b.name}  # hypothesis names are bound too (`(h : a ∉ s)`)
    free = sorted({v.name for v in free_vars(decl.as_prop())} - names)
    bound_types = {b.name for b in decl.binders if b.name and b.sort is not None and b.sort.head == "Type"}
    _type_binders(decl.prop, bound_types)
    sorts: list[Sort] = []
    _sorts(decl, sorts)
    tvars = sorted(
        {s.head for s in sorts if s.is_var and not s.head.startswith(("_", "?")) and s.head not in bound_types}
    )
    return free + [t for t in tvars if t not in free]


def _open_construct(left: list[str]) -> str:
    if any(_SUPERSCRIPT.search(n) for n in left):
        return "superscript notation (ᵐᵒᵖ, ᵒᵈ, …) read as part of a name"
    if any(_AUTO_NAME.match(n) for n in left):
        return "free variable (missing context, or an auto-bound implicit)"
    return "unknown lower-case constant (read as a variable)"


_SUPERSCRIPT = re.compile("[\u1d2c-\u1d61\u1d9b-\u1dbf\u02b0-\u02ff]")
_AUTO_NAME = re.compile(r"^[a-zA-Zα-κμ-ωΑ-Ω][0-9₀-₉']*$")
_QUOTED = re.compile(r"'[^']*'|`[^`]*`|\"[^\"]*\"|«[^»]*»")


def _reason_key(exc: ParseError) -> str:
    if exc.construct:
        return f"type error: {exc.construct}" if getattr(exc, "kind", None) == "type" else exc.construct
    msg = exc.msg.split("\n", 1)[0]
    msg = _QUOTED.sub("…", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg[:90]


def measure_declarations(
    decls: Iterable[LeanDeclaration],
    *,
    label: str = "",
    progress: Callable[[int, int], None] | None = None,
) -> LeanCoverageReport:
    """Coverage over the theorem/lemma declarations among ``decls`` (aliases and additive
    twins are derived statements and not counted)."""
    from certibench.logic.parser import parse_declaration  # noqa: PLC0415 - heavy, only when measuring

    todo = [d for d in decls if d.kind in SOURCE_KINDS]
    report = LeanCoverageReport(file=label, field=None, distinct=False, total=len(todo), parsed=0)
    per_file: dict[str, Counter[str]] = {}
    t0 = time.perf_counter()
    for k, d in enumerate(todo):
        if progress is not None:
            progress(k, len(todo))
        fc = per_file.setdefault(d.file, Counter())
        fc["total"] += 1
        where = f"{d.file}:{d.line}"
        if d.skipped_reason and not d.unproved:  # (whether a proof is trusted is not a parser question)
            report.loader_skipped += 1
            key = "loader: " + _loader_key(d.skipped_reason)
            report.failed.append(Failure(id=d.id, error=f"{where}: {d.skipped_reason}", unsupported=key, line=d.line))
            continue
        try:
            decl = parse_declaration(d.statement)
        except ParseError as exc:
            report.failed.append(
                Failure(id=d.id, error=f"{where}: {exc.short}", unsupported=_reason_key(exc), line=d.line,
                        kind=getattr(exc, "kind", None))  # fmt: skip
            )
            continue
        left = check_closed(decl)
        if left:
            report.open_statements += 1
            report.failed.append(
                Failure(id=d.id, error=f"{where}: not closed: {', '.join(left)} free after elaboration",
                        unsupported=_open_construct(left), line=d.line)
            )  # fmt: skip
            continue
        report.parsed += 1
        fc["parsed"] += 1
    report.seconds = round(time.perf_counter() - t0, 4)
    report.files = {f: {"total": c["total"], "parsed": c["parsed"]} for f, c in sorted(per_file.items())}
    if progress is not None:
        progress(len(todo), len(todo))
    return report


def _loader_key(reason: str) -> str:
    first = reason.split(";", 1)[0]
    if first.startswith("uses local notation"):
        return "local notation"
    if first.startswith("context ambiguous"):
        return "section variable used only in the proof"
    if first.startswith("binders not understood"):
        return "binders not understood"
    if first.startswith("omitted section variable"):
        return "omitted variable referenced"
    return _QUOTED.sub("…", first)[:60]


def measure_lean(
    path: str | os.PathLike[str],
    *,
    section_vars: SectionVars = "lean4",
    auto_implicit: bool | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> LeanCoverageReport:
    """Load ``path`` (a ``.lean`` file or a directory) and measure its coverage."""
    imp = load_lean_source(path, section_vars=section_vars, auto_implicit=auto_implicit)
    return measure_declarations(imp.declarations, label=str(Path(path)), progress=progress)
