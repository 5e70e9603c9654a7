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
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from certibench.io import InputFileError, RecordError

__all__ = ["BundledUnavailableError", "StatementRow", "load_statement_rows", "parse_coverage", "statement_parser"]


class BundledUnavailableError(RuntimeError):
    """The bundled corpus loader (``certibench.corpus.bundled``) is not available."""


@dataclass
class StatementRow:
    id: str
    kind: str  # "bundled" | "item" | "leandojo"
    area: str | None = None
    subarea: str | None = None
    topic: str | None = None
    statement: str | None = None
    nl: str | None = None
    file: str | None = None
    line: int | None = None
    details: dict[str, Any] = field(default_factory=dict)
    parse: Callable[[], Any] | None = field(default=None, repr=False, compare=False)

    @property
    def topic_path(self) -> str:
        """``area/subarea/concept`` for the concept tree (missing parts become ``other``)."""
        parts = (self.topic or "").split("/") if self.topic and "/" in (self.topic or "") else []
        if len(parts) >= 2:
            return "/".join(p.strip() or "other" for p in parts)
        return "/".join([self.area or "other", self.subarea or "other", self.topic or self.id])


def _load_bundled() -> tuple[list[StatementRow], list[RecordError], str]:
    try:
        from certibench.corpus.bundled import load_bundled  # noqa: PLC0415 - written by another module owner
    except ImportError as exc:
        raise BundledUnavailableError(
            "the bundled corpus loader (certibench.corpus.bundled.load_bundled) is not available in this installation"
        ) from exc
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
                parse=getattr(st, "parse", None),
            )
        )
    return rows, [], "bundled corpus"


def _peek(path: Path) -> dict[str, Any] | None:
    """First JSON object of a JSONL / JSON-array file (None if there is none)."""
    try:
        with path.open("r", encoding="utf-8") as fh:
            head = fh.read(1 << 16).lstrip()
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: not UTF-8 text: {exc}") from exc
    if head.startswith("["):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise InputFileError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
        return next((d for d in data if isinstance(d, dict)), None)
    for line in head.splitlines():
        if line.strip():
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict):
                return obj
    return None


def _item_rows(path: Path) -> tuple[list[StatementRow], list[RecordError], str]:
    from certibench.io import load_records  # noqa: PLC0415
    from certibench.schema import Item  # noqa: PLC0415

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
    from certibench.corpus.leandojo import load_benchmark4  # noqa: PLC0415

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
    from certibench.corpus.lean_coverage import parse_closed  # noqa: PLC0415
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
                parse=None if d.skipped_reason else (lambda st=d.statement: parse_closed(st)),
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
    path cannot be read or is of no known kind, :class:`BundledUnavailableError` when the
    bundled loader is missing.
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


def statement_parser() -> Callable[[str], Any] | None:
    """The project's Lean-statement parser, when the logic layer provides one."""
    try:
        from certibench.logic import parser as mod  # noqa: PLC0415
    except ImportError:
        return None
    for name in ("parse_declaration", "parse_statement", "parse"):
        fn = getattr(mod, name, None)
        if callable(fn):
            return fn
    return None


def parse_coverage(rows: list[StatementRow], *, distinct: bool = False) -> dict[str, Any] | None:
    """``{"total", "parsed", "failed": [{"id", "error"}]}`` over rows with a statement.

    Bundled rows use their own ``.parse()``; other rows use :func:`statement_parser`.
    With ``distinct`` each statement text counts once (FormInv repeats the canonical
    statement on every paraphrase item of a theorem); the first row's id stands for it.
    Returns ``None`` when no parser is available (none found, or it fails to import).
    """
    parser = statement_parser()
    total = parsed = 0
    failed: list[dict[str, str]] = []
    any_parser = False
    seen: set[str] = set()
    for r in rows:
        if distinct:
            key = " ".join((r.statement or "").split())
            if not key or key in seen:
                continue
            seen.add(key)
        if r.parse is not None:
            fn: Callable[[], Any] | None = r.parse
        elif parser is not None and r.statement:
            stmt = r.statement

            def fn(stmt: str = stmt) -> Any:
                return parser(stmt)
        else:
            fn = None
        if fn is None:
            continue
        any_parser = True
        total += 1
        try:
            fn()
            parsed += 1
        except ImportError:
            # The parser (or a module it needs) is not installed: no coverage to report,
            # rather than counting every statement as a parse failure.
            return None
        except Exception as exc:  # noqa: BLE001 - a report: every failure is counted, none is fatal
            failed.append({"id": r.id, "error": str(exc).splitlines()[0] if str(exc) else type(exc).__name__})
    if not any_parser:
        return None
    return {"total": total, "parsed": parsed, "failed": failed}
