"""Plumbing shared by the importers: read a local JSON/JSONL file or a Hugging Face
dataset into located records, convert each record independently, and collect one
:class:`~certibench.io.RecordError` (file, line, field, message) per bad record so that
a malformed record never sinks the rest of the file."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from certibench.corpus.hf import load_hf_rows, resolve_source, source_label
from certibench.io import InputFileError, RecordError, RecordValidationError, iter_jsonl
from certibench.schema import Item

__all__ = ["FieldError", "Located", "convert_records", "read_source"]


class FieldError(ValueError):
    """A record-level problem in one named field."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# (location, record-or-error): location is the JSONL line, or the 1-based record index of
# a JSON array / Hugging Face dataset.
Located = tuple[int, Any]


def read_json_file(path: Path) -> tuple[Any | None, Iterator[Located] | None]:
    """Return ``(document, None)`` for a whole-JSON file or ``(None, records)`` for JSONL."""
    try:
        with path.open("r", encoding="utf-8") as fh:
            head = fh.read(4096).lstrip()
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: not UTF-8 text: {exc}") from exc
    if head.startswith("["):
        try:
            return json.loads(path.read_text(encoding="utf-8")), None
        except json.JSONDecodeError as exc:
            raise InputFileError(f"{path}:{exc.lineno}: invalid JSON array: {exc.msg}") from exc
    if head.startswith("{"):
        # A JSON document that is one object (possibly pretty-printed), or JSONL.
        try:
            return json.loads(path.read_text(encoding="utf-8")), None
        except json.JSONDecodeError:
            pass
    return None, iter_jsonl(path)


def read_source(
    source: str | os.PathLike[str],
    *,
    split: str | None = None,
    config: str | None = None,
    data_files: Any = None,
) -> tuple[str, Any | None, Iterator[Located] | None]:
    """Resolve ``source`` (local path or HF name) to ``(label, document, records)``.

    Exactly one of ``document`` (a parsed whole-JSON file, or the list of HF rows) and
    ``records`` (located JSONL records) is set.
    """
    kind, where = resolve_source(source)
    if kind == "hf":
        name = str(where)
        rows = load_hf_rows(name, split=split, config=config, data_files=data_files)
        return source_label(name, split, config), rows, None
    path = Path(where)
    if path.is_dir():
        raise InputFileError(f"{path}: is a directory; give one JSON/JSONL file")
    doc, recs = read_json_file(path)
    return str(path), doc, recs


def enumerate_list(rows: Iterable[Any]) -> Iterator[Located]:
    return ((i, r) for i, r in enumerate(rows, start=1))


def convert_records(
    label: str,
    records: Iterable[Located],
    convert: Callable[[dict[str, Any], int], Item | list[Item]],
    *,
    strict: bool = False,
    required: Iterable[str] = (),
) -> tuple[list[Item], list[RecordError]]:
    """Apply ``convert`` to every record; bad records become ``RecordError``s.

    Also reports duplicate item ids (the later record is dropped, the first kept).
    """
    items: list[Item] = []
    errors: list[RecordError] = []
    seen: dict[str, int] = {}
    req = tuple(required)
    for loc, obj in records:
        err: RecordError | None = None
        produced: list[Item] = []
        if isinstance(obj, RecordError):
            err = obj
        elif not isinstance(obj, dict):
            err = RecordError(label, loc, None, f"expected a JSON object, got {type(obj).__name__}")
        else:
            missing = [f for f in req if obj.get(f) in (None, "")]
            if missing:
                err = RecordError(label, loc, missing[0], "required field is missing or empty")
            else:
                try:
                    out = convert(obj, loc)
                    produced = out if isinstance(out, list) else [out]
                except FieldError as exc:
                    err = RecordError(label, loc, exc.field, exc.message)
                except ValidationError as exc:
                    e = exc.errors()[0] if exc.errors() else {}
                    field = ".".join(str(p) for p in e.get("loc", ())) or None
                    err = RecordError(label, loc, field, e.get("msg", str(exc)))
        if err is None:
            for it in produced:
                if it.id in seen:
                    err = RecordError(label, loc, "id", f"duplicate id {it.id!r} (first seen at record {seen[it.id]})")
                    break
            else:
                for it in produced:
                    seen[it.id] = loc
                items.extend(produced)
        if err is not None:
            if strict:
                raise RecordValidationError(err)
            errors.append(err)
    return items, errors
