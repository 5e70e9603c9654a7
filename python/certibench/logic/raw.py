"""Raw (unelaborated) parse trees: the nodes only the parser produces, and source positions.

The Pratt parser (:mod:`certibench.logic.pratt`) builds trees of the ordinary AST classes
with unresolved identifiers (``Var(name)``) and unknown sorts, plus the three raw-only
nodes below, which the elaborator (:mod:`certibench.logic.elaborate`) resolves away.

Positions live in a side table keyed by node *identity* (:class:`Positions`): the frozen
AST dataclasses compare by value, so two occurrences of ``x`` are equal but are distinct
objects with distinct source offsets.  The table keeps a reference to every node it
records, so identities stay valid for as long as the table lives.
"""

from __future__ import annotations

from dataclasses import dataclass

from certibench.logic.ast import Expr

__all__ = ["Positions", "RawField", "RawHole", "RawType"]


@dataclass(frozen=True, slots=True)
class RawField:
    """``e.name`` / ``e.1`` written on an arbitrary expression; the elaborator resolves it
    to ``App(Const("Ns.name"), (e,), dot=True)`` from the sort of ``e``."""

    expr: Expr
    name: str
    pos: int = 0


@dataclass(frozen=True, slots=True)
class RawHole:
    """``_`` — allowed in type positions (an unknown sort), rejected as a term."""


@dataclass(frozen=True, slots=True)
class RawType:
    """``Type``/``Type*``/``Type u``/``Sort*`` in term position (a universe)."""


class Positions:
    """Source offsets of raw nodes, keyed by node identity."""

    __slots__ = ("_table",)

    def __init__(self) -> None:
        self._table: dict[int, tuple[object, int]] = {}

    def note(self, node: object, pos: int) -> None:
        """Record ``pos`` for ``node`` (the first record wins: the outermost start)."""
        key = id(node)
        if key not in self._table:
            self._table[key] = (node, pos)

    def get(self, node: object) -> int | None:
        got = self._table.get(id(node))
        if got is None or got[0] is not node:
            return None
        return got[1]

    def __len__(self) -> int:
        return len(self._table)
