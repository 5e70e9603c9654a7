"""We-Math importer: testmini rows -> :class:`certibench.schema.Item` step chains.

We-Math (Qiao et al., 2024) decomposes each *composite* (multi-step) problem into the
one-step sub-problems it needs.  A testmini row carries:

* ``ID`` — the composite problem key (``"2steps_17"``), shared by the composite problem
  and all its sub-problems;
* ``key`` — the row's role inside that group: ``"<k>steps_<i>"`` for sub-problem ``i``
  (1-based) of a ``k``-step problem, ``"<k>steps_multi"`` for the composite question;
* ``answer`` (a letter A–H), ``option``, ``question``, ``knowledge concept`` (one concept
  for a sub-problem; ``"A;B[;C]"`` for the composite), ``image_path``.

Step-chain semantics in the item table (documented contract for the metric layer):

* ``group`` = the composite problem key (``ID``).
* ``n_steps`` (extra field) = ``k``, the number of one-step sub-problems of the group.
* ``step_index`` (extra field) = ``i`` (1..k) for a one-step sub-problem and ``0`` for the
  composite multi-step question.
* On the composite item, ``steps`` lists the item ids of its sub-problems in order
  (the chain); sub-problems have ``steps = None``.
* ``id`` = ``"<ID>/<i>"`` or ``"<ID>/multi"``; ``wemath_key`` keeps the original ``key``.
* ``ground_truth`` = the answer letter; ``choices`` = the option string;
  ``concepts`` = the knowledge concept(s); ``nl_question`` = the question text.

Sources: a local JSON array / JSONL file (the released ``testmini.json``), or a Hugging
Face dataset name (``We-Math/We-Math``, split ``testmini``) loaded lazily through
``datasets`` — the loader never downloads anything on its own; ``datasets`` does, from
its cache or the hub, only when the caller names a hub dataset.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from certibench.corpus.hf import load_hf_rows, resolve_source, source_label
from certibench.corpus.rows import bad_row, numbered_file_rows
from certibench.io import RecordError
from certibench.schema import Item

__all__ = [
    "HF_DATASET",
    "WeMathKey",
    "items_from_rows",
    "load_wemath",
    "parse_key",
]

HF_DATASET = "We-Math/We-Math"
SOURCE = "wemath"

_KEY_RE = re.compile(r"^\s*(\d+)\s*steps?_(\d+|multi)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class WeMathKey:
    """A parsed ``key``: ``n_steps`` sub-problems; ``step`` 1..k, or 0 for the composite."""

    n_steps: int
    step: int

    @property
    def is_multi(self) -> bool:
        return self.step == 0

    @property
    def suffix(self) -> str:
        return "multi" if self.step == 0 else str(self.step)


def parse_key(key: str) -> WeMathKey:
    """``"3steps_2"`` -> ``WeMathKey(3, 2)``; ``"2steps_multi"`` -> ``WeMathKey(2, 0)``.

    Raises ``ValueError`` for anything else (a step beyond ``k``, ``k < 1``)."""
    m = _KEY_RE.match(str(key))
    if not m:
        raise ValueError(f"not a We-Math key {key!r} (expected '<k>steps_<i>' or '<k>steps_multi')")
    k = int(m.group(1))
    step = 0 if m.group(2).lower() == "multi" else int(m.group(2))
    if k < 1 or step > k or (step == 0 and m.group(2).lower() != "multi"):
        raise ValueError(f"inconsistent We-Math key {key!r}: step must be 1..{k} or 'multi'")
    return WeMathKey(k, step)


def _concepts(value: Any) -> list[str] | None:
    if value is None:
        return None
    parts = [p.strip() for p in str(value).split(";")]
    parts = [p for p in parts if p]
    return parts or None


_REQUIRED = ("ID", "key", "answer", "question")


def items_from_rows(rows: Iterable[Mapping[str, Any]], *, file: str = "<rows>", source: str = SOURCE) -> tuple[list[Item], list[RecordError]]:
    """Convert We-Math rows to items.  Bad rows become :class:`RecordError` (file, row
    number, field) and are skipped; duplicates of ``(ID, key)`` are errors too."""
    return _convert(enumerate(rows, start=1), file=file, source=source)


def _convert(numbered: Iterable[tuple[int, Any]], *, file: str, source: str = SOURCE) -> tuple[list[Item], list[RecordError]]:
    out: list[Item] = []
    errors: list[RecordError] = []
    seen: dict[tuple[str, str], int] = {}
    members: dict[str, dict[int, str]] = {}
    n_of_group: dict[str, int] = {}
    for lineno, row in numbered:
        bad = bad_row(file, lineno, row)
        if bad is not None:
            errors.append(bad)
            continue
        missing = [f for f in _REQUIRED if row.get(f) in (None, "")]
        if missing:
            errors.append(RecordError(file, lineno, missing[0], "required field is missing or empty"))
            continue
        try:
            wk = parse_key(str(row["key"]))
        except ValueError as exc:
            errors.append(RecordError(file, lineno, "key", str(exc)))
            continue
        group = str(row["ID"])
        if n_of_group.setdefault(group, wk.n_steps) != wk.n_steps:
            errors.append(RecordError(file, lineno, "key", f"group {group!r} mixes {n_of_group[group]}-step and {wk.n_steps}-step keys"))
            continue
        dup = (group, wk.suffix)
        if dup in seen:
            errors.append(RecordError(file, lineno, "key", f"duplicate row for group {group!r} key {row['key']!r} (first at {seen[dup]})"))
            continue
        seen[dup] = lineno
        item_id = f"{group}/{wk.suffix}"
        image = row.get("image_path")
        item = Item(
            id=item_id,
            family="canonical",
            protocol="wemath",
            source=source,
            nl_question=str(row["question"]),
            ground_truth=str(row["answer"]).strip(),
            choices=None if row.get("option") is None else str(row["option"]),
            concepts=_concepts(row.get("knowledge concept")),
            image_path=image if isinstance(image, str) else None,
            group=group,
            provenance={
                "dataset": "We-Math",
                "split": row.get("split"),
                "question_number": row.get("question number"),
                "row": lineno,
                "file": file,
            },
            step_index=wk.step,
            n_steps=wk.n_steps,
            wemath_key=str(row["key"]),
            knowledge_concept_description=row.get("knowledge concept description"),
        )
        out.append(item)
        members.setdefault(group, {})[wk.step] = item_id
    # Composite items carry their chain of sub-problem ids (only the ones present).
    for item in out:
        if getattr(item, "step_index", None) == 0 and item.group is not None:
            subs = members.get(item.group, {})
            item.steps = [subs[i] for i in sorted(s for s in subs if s > 0)]
    return out, errors


def load_wemath(source: str | Path, *, split: str = "testmini", data_files: Any = None) -> tuple[list[Item], list[RecordError]]:
    """Load We-Math as items from a local JSON array / JSONL file, or from a Hugging Face
    dataset (``We-Math/We-Math`` or ``hf:name``, split ``testmini``; see
    :func:`certibench.corpus.hf.resolve_source`).  A hub dataset's decoded image column is
    not a path and becomes ``image_path = None``."""
    kind, where = resolve_source(source)
    if kind == "path":
        return _convert(numbered_file_rows(Path(where)), file=str(where))
    rows = load_hf_rows(str(where), split=split, data_files=data_files)
    return _convert(enumerate(rows, start=1), file=source_label(str(where), split))
