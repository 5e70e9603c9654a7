"""Numbered records from a local JSON array / JSONL file for the benchmark importers and
`certibench score` (bad lines come back as :class:`RecordError`, never fatal).  Hugging
Face sources go through :mod:`certibench.corpus.hf`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from certibench.io import RecordError

__all__ = ["bad_row", "numbered_file_rows"]


def numbered_file_rows(path: Path) -> Iterator[tuple[int, Any | RecordError]]:
    """``(line or record number, object | RecordError)`` for a JSONL or JSON-array file
    (the format is decided by ``certibench.io``).  Unreadable file -> InputFileError."""
    from certibench.io import iter_records

    yield from iter_records(path)


def bad_row(file: str, lineno: int, obj: Any) -> RecordError | None:
    """The error for a row that is not a JSON object (or already an error), else None."""
    if isinstance(obj, RecordError):
        return obj
    if not isinstance(obj, dict):
        return RecordError(file, lineno, None, f"expected a JSON object, got {type(obj).__name__}")
    return None
