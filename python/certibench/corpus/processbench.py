"""ProcessBench importer: solutions as step chains -> :class:`certibench.schema.Item`.

A ProcessBench record (Zheng et al., 2024) is one generated solution to a competition
problem, split into paragraphs: ``id`` (``"gsm8k-0"``), ``generator``, ``problem``,
``steps`` (list of paragraphs), ``final_answer_correct`` and ``label`` — the 0-based index
of the *earliest* erroneous paragraph, ``-1`` when every paragraph is correct.

Item mapping: ``id`` unchanged; ``protocol="processbench"``; ``nl_question`` = problem;
``steps`` = the paragraphs; ``label`` = earliest-error index; ``ground_truth`` = the same
index (the answer a critic must give); ``subset`` (extra field) = the subset name
(``gsm8k``, ``math``, ``olympiadbench``, ``omnimath`` — from the file name, the HF split,
or the ``id`` prefix); ``generator`` and ``final_answer_correct`` kept as extra fields.

Sources: a local JSON array / JSONL file, a directory of ``<subset>.json`` files, or the
Hugging Face dataset ``Qwen/ProcessBench`` (one split per subset) loaded lazily through
``datasets``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from certibench.corpus.hf import load_hf_rows, resolve_source, source_label
from certibench.corpus.rows import bad_row, numbered_file_rows
from certibench.io import InputFileError, RecordError
from certibench.schema import Item

__all__ = ["HF_DATASET", "SUBSETS", "items_from_rows", "load_processbench", "subset_of"]

HF_DATASET = "Qwen/ProcessBench"
SUBSETS: tuple[str, ...] = ("gsm8k", "math", "olympiadbench", "omnimath")


def subset_of(record_id: str, default: str | None = None) -> str | None:
    """The subset named by an id prefix (``"olympiadbench-12"`` -> ``"olympiadbench"``)."""
    head = str(record_id).rsplit("-", 1)[0]
    return head if head and head != str(record_id) else default


def items_from_rows(
    rows: Iterable[Mapping[str, Any]], *, subset: str | None = None, file: str = "<rows>"
) -> tuple[list[Item], list[RecordError]]:
    """Convert ProcessBench rows to items; bad rows become :class:`RecordError`s."""
    return _convert(enumerate(rows, start=1), subset=subset, file=file)


def _convert(numbered: Iterable[tuple[int, Any]], *, subset: str | None, file: str) -> tuple[list[Item], list[RecordError]]:
    out: list[Item] = []
    errors: list[RecordError] = []
    seen: dict[str, int] = {}
    for lineno, row in numbered:
        bad = bad_row(file, lineno, row)
        if bad is not None:
            errors.append(bad)
            continue
        missing = [f for f in ("id", "problem", "steps", "label") if row.get(f) is None or row.get(f) == ""]
        if missing:
            errors.append(RecordError(file, lineno, missing[0], "required field is missing or empty"))
            continue
        steps = row["steps"]
        if not isinstance(steps, list) or not steps or not all(isinstance(s, str) for s in steps):
            errors.append(RecordError(file, lineno, "steps", "expected a non-empty list of strings"))
            continue
        label = row["label"]
        if isinstance(label, bool) or not isinstance(label, int):
            errors.append(RecordError(file, lineno, "label", f"expected an integer, got {label!r}"))
            continue
        if label < -1 or label >= len(steps):
            errors.append(RecordError(file, lineno, "label", f"earliest-error index {label} outside -1..{len(steps) - 1}"))
            continue
        rid = str(row["id"])
        if rid in seen:
            errors.append(RecordError(file, lineno, "id", f"duplicate id {rid!r} (first at {seen[rid]})"))
            continue
        seen[rid] = lineno
        sub = row.get("subset") or subset or subset_of(rid)
        fac = row.get("final_answer_correct")
        out.append(
            Item(
                id=rid,
                family="canonical",
                protocol="processbench",
                source=f"processbench/{sub}" if sub else "processbench",
                nl_question=str(row["problem"]),
                ground_truth=label,
                steps=list(steps),
                label=label,
                provenance={"dataset": "ProcessBench", "file": file, "row": lineno},
                subset=sub,
                generator=row.get("generator"),
                final_answer_correct=None if fac is None else bool(fac),
            )
        )
    return out, errors


def load_processbench(
    source: str | Path,
    *,
    subsets: Sequence[str] | None = None,
    data_files: Any = None,
) -> tuple[list[Item], list[RecordError]]:
    """Load ProcessBench from a file, a directory of ``<subset>.json`` files, or a Hugging
    Face dataset (``Qwen/ProcessBench`` or ``hf:name``; one split per subset).

    ``subsets`` restricts a directory or hub load (default: the four published subsets
    present).  For a single file the subset comes from the file stem when it is a known
    subset name, else from each id's prefix.
    """
    kind, where = resolve_source(source)
    items: list[Item] = []
    errors: list[RecordError] = []
    if kind == "hf":
        for s in subsets or SUBSETS:
            rows = load_hf_rows(str(where), split=s, data_files=data_files)
            its, errs = _convert(enumerate(rows, start=1), subset=s, file=source_label(str(where), s))
            items += its
            errors += errs
        return items, errors
    p = Path(where)
    if p.is_dir():
        names = list(subsets) if subsets else [s for s in SUBSETS if (p / f"{s}.json").exists()]
        if not names:
            raise InputFileError(f"{p}: no ProcessBench subset files ({', '.join(s + '.json' for s in SUBSETS)})")
        for s in names:
            f = p / f"{s}.json"
            its, errs = _convert(numbered_file_rows(f), subset=s, file=str(f))
            items += its
            errors += errs
        return items, errors
    stem_subset = p.stem if p.stem in SUBSETS else None
    return _convert(numbered_file_rows(p), subset=stem_subset, file=str(p))
