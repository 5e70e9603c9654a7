"""Known Mathlib symbols with their signatures (read from :mod:`.signatures_data`).

Every symbol the elaborator accepts has a :class:`~certibench.logic.signatures.Signature`:
implicit type (and term) parameters, typeclass requirements, explicit parameters and a
result type.  ``Symbol.sort`` is the schematic function sort of the explicit parameters
(type variables named ``_α`` are instantiated afresh at every use); ``interpreted`` tells
renderers whether they implement the symbol's meaning (else: uninterpreted function).

Names are full Mathlib 4 names (``Nat.Prime``, ``Finset.card``); :data:`ALIASES` maps the
notations the parser produces (``π``, ``√``, ``insert``) to them.  :data:`DOT_NAMESPACE`
maps a receiver's sort head to the namespace searched by dot notation (``p.Prime`` with
``p : ℕ`` is ``Nat.Prime p``).  A name that is not here is *opaque* to the elaborator:
its type is never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from certibench.logic.ast import Sort
from certibench.logic.signatures import (
    BASE_TYPES,
    Signature,
    TypeConstructor,
    is_schematic,
    parse_signatures,
    parse_type_constructors,
    schematic_name,
)
from certibench.logic.signatures_data import INTERPRETED, SIGNATURES_TEXT, TYPE_CONSTRUCTORS_TEXT

__all__ = [
    "ALIASES",
    "BASE_TYPES",
    "DOT_NAMESPACE",
    "NUMERIC_RANK",
    "SORT_LEAN",
    "SYMBOLS",
    "TYPE_CONSTRUCTORS",
    "Symbol",
    "is_schematic",
    "lookup",
    "schematic",
]


def schematic(name: str) -> Sort:
    """A schematic type variable of the table (instantiated per use)."""
    return Sort(schematic_name(name), is_var=True)


@dataclass(frozen=True, slots=True)
class Symbol:
    """One known constant: its full ``signature`` and, for the renderers, the schematic sort
    of its explicit parameters.  ``kind`` is ``function``, ``predicate`` (result Prop) or
    ``constant`` (no explicit arguments)."""

    name: str
    sort: Sort
    doc: str
    interpreted: bool = False
    signature: Signature | None = None

    @property
    def arity(self) -> int:
        return len(self.sort.args) - 1 if self.sort.is_fun else 0

    @property
    def kind(self) -> str:
        if not self.sort.is_fun:
            return "constant"
        return "predicate" if self.sort.args[-1].is_prop else "function"

    @property
    def arg_sorts(self) -> tuple[Sort, ...]:
        return self.sort.args[:-1] if self.sort.is_fun else ()

    @property
    def result_sort(self) -> Sort:
        return self.sort.args[-1] if self.sort.is_fun else self.sort


_EXTRA = """
∅ : {α : Type*} → [EmptyCollection α] → α  -- the empty set / finset
⊤ : {α : Type*} → [Top α] → α  -- the top element
⊥ : {α : Type*} → [Bot α] → α  -- the bottom element
"""

#: Type constructors (``Set``, ``Fin``, ``Matrix`` …) by name.
TYPE_CONSTRUCTORS: dict[str, TypeConstructor] = parse_type_constructors(TYPE_CONSTRUCTORS_TEXT)

_SIGNATURES: dict[str, Signature] = parse_signatures(SIGNATURES_TEXT + _EXTRA, TYPE_CONSTRUCTORS)

SYMBOLS: dict[str, Symbol] = {
    name: Symbol(name, sig.sort, sig.doc, name in INTERPRETED, sig) for name, sig in _SIGNATURES.items()
}

#: Notations and short spellings the parser produces → full names.
ALIASES: dict[str, str] = {
    "π": "Real.pi",
    "√": "Real.sqrt",
    "Real.√": "Real.sqrt",
    "Nat.Prime.Prime": "Nat.Prime",
    "insert": "Insert.insert",
    "singleton": "Singleton.singleton",
    "𝓝": "nhds",
}

#: Sort head of a receiver → namespace searched by dot notation.
DOT_NAMESPACE: dict[str, str] = {
    "Nat": "Nat",
    "Int": "Int",
    "Rat": "Rat",
    "Real": "Real",
    "Complex": "Complex",
    "Set": "Set",
    "Finset": "Finset",
    "List": "List",
    "Multiset": "Multiset",
    "Polynomial": "Polynomial",
    "Fun": "Function",
    "Prod": "Prod",
    "Matrix": "Matrix",
    "Fin": "Fin",
    "ZMod": "ZMod",
    "NNReal": "NNReal",
}

#: Rendering of base sorts in Lean.
SORT_LEAN: dict[str, str] = {
    "Nat": "ℕ",
    "Int": "ℤ",
    "Rat": "ℚ",
    "Real": "ℝ",
    "Complex": "ℂ",
    "Prop": "Prop",
}

#: Numeric tower used for Lean's ``binop%`` coercion insertion (ℕ ↪ ℤ ↪ ℚ ↪ ℝ ↪ ℂ).
NUMERIC_RANK: dict[str, int] = {"Nat": 0, "Int": 1, "Rat": 2, "Real": 3, "Complex": 4}


def lookup(name: str) -> Symbol | None:
    """The known symbol named ``name`` (full name or alias), or ``None``."""
    return SYMBOLS.get(ALIASES.get(name, name))
