"""The source formats ``certibench corpus import`` reads (kept apart from the importers so
that the command line can name them without importing them)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ImportKind"]


class ImportKind(StrEnum):
    """The source formats ``corpus import`` reads."""

    forminv = "forminv"
    mathcheck = "mathcheck"
    wemath = "wemath"
    processbench = "processbench"
    leandojo = "leandojo"
    lean = "lean"  # real .lean sources: statements (certibench.corpus.lean_source), not items
