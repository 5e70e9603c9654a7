"""``certibench corpus import``: one entry point over the benchmark importers.

Each importer turns a local file (or a Hugging Face dataset, ``hf:owner/name``) into
certibench :class:`~certibench.schema.Item` records and returns the bad records beside
them, each naming file, line and field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from certibench.corpus.forminv import load_forminv
from certibench.corpus.kinds import ImportKind
from certibench.corpus.leandojo import load_benchmark4, theorem_to_item
from certibench.corpus.mathcheck import load_mathcheck
from certibench.corpus.processbench import load_processbench
from certibench.corpus.wemath import load_wemath
from certibench.io import RecordError
from certibench.schema import Item

__all__ = ["ImportKind", "import_items", "import_summary"]


def import_items(
    kind: ImportKind | str, source: str, *, split: str | None = None, config: str | None = None
) -> tuple[list[Item], list[RecordError]]:
    """``(items, bad records)`` of ``source`` read as ``kind``.  ``split`` is the dataset
    split (for ProcessBench: the subset); ``config`` the Hugging Face configuration.

    Raises :class:`~certibench.io.InputFileError` (unreadable file),
    :class:`~certibench.corpus.hf.MissingDependencyError` (``datasets`` not installed) or
    :class:`~certibench.corpus.hf.HFLoadError` (the hub load failed)."""
    kind = ImportKind(kind)
    if kind is ImportKind.forminv:
        return load_forminv(source, split=split, config=config)
    if kind is ImportKind.mathcheck:
        return load_mathcheck(source, split=split, config=config)
    if kind is ImportKind.wemath:
        return load_wemath(source, split=split) if split else load_wemath(source)
    if kind is ImportKind.processbench:
        return load_processbench(source, subsets=[split]) if split else load_processbench(source)
    if kind is ImportKind.lean:
        raise ValueError("Lean sources import as statements, not items: use certibench.corpus.lean_source.load_lean_source")
    theorems, errors = load_benchmark4(source)
    return [theorem_to_item(t) for t in theorems], errors


def import_summary(items: Sequence[Item]) -> tuple[int, dict[str, int]]:
    """``(equivalence classes, items per protocol)`` of imported items."""
    classes = len({i.class_id for i in items})
    protocols = Counter(i.protocol or "—" for i in items)
    return classes, dict(sorted(protocols.items()))
