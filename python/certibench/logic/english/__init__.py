"""Controlled English: reading benchmark questions back into formulas.

The English of an item is what a model reads, so it must say what the certified Lean
formula says.  :func:`english_round_trip` checks that: the sentence is parsed by an
independent controlled-English grammar with *textbook* meanings (``english.lark``,
:mod:`~certibench.logic.english.reader`) and the single formula it denotes is compared with
the item's formula, type and instance binders included
(:mod:`~certibench.logic.english.compare`).  English that drops a Lean-specific meaning —
"m / k" for ℕ division, "a - c" for truncated subtraction, "x^(1/2)" for a ℕ exponent —
reads as a different formula, or as none, and fails.

Public API::

    read_english(text) -> ReadResult              # formula(s), ambiguity, error + position
    english_round_trip(decl, text) -> RoundTrip   # ok iff exactly one reading == decl
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from certibench.logic.ast import Declaration
from certibench.logic.english.compare import first_difference, same_statement
from certibench.logic.english.reader import READ_CODES, ReadResult, read_english

__all__ = ["READ_CODES", "ROUND_TRIP_CODES", "ReadResult", "RoundTrip", "english_check", "english_round_trip", "read_english"]

#: Why a round trip failed (``code`` of :class:`RoundTrip`); the reading codes plus
#: ``ambiguous`` and ``mismatch``.
ROUND_TRIP_CODES: dict[str, str] = {
    **READ_CODES,
    "ambiguous": "the sentence has several readings",
    "mismatch": "the sentence reads as a different formula",
}


@dataclass(frozen=True)
class RoundTrip:
    """The verdict of reading an item's English back.  ``ok`` only when the text has
    exactly one reading and it is the item's formula (normal form of
    :mod:`certibench.logic.english.compare`)."""

    ok: bool
    code: str  # "ok" or one of ROUND_TRIP_CODES
    reason: str
    read_back: str | None  # Lean text of the single reading, when there is one
    read: ReadResult

    def as_dict(self) -> dict[str, Any]:
        """Plain data for a certificate."""
        return {"ok": self.ok, "code": self.code, "reason": self.reason, "read_back": self.read_back,
                "conventions": list(self.read.conventions)}  # fmt: skip


def english_round_trip(decl: Declaration, text: str) -> RoundTrip:
    """Does ``text`` (an ``nl_question``, frame allowed) say exactly what ``decl`` says?"""
    read = read_english(text)
    if read.error is not None and not read.ambiguous:
        return RoundTrip(False, read.code or "syntax", read.error, None, read)
    if read.ambiguous:
        # the reader's own message: it counts readings that need a convention and the
        # unexamined ones, which ``formulas`` does not hold ("1 readings: …" was reported)
        shown = "; ".join(read.lean[:3])
        return RoundTrip(False, "ambiguous", f"{read.error}: {shown}" if shown else str(read.error), None, read)
    formula = read.formula
    assert formula is not None
    if same_statement(decl, formula):
        return RoundTrip(True, "ok", "the English reads as the item's formula", read.lean[0], read)
    diff = first_difference(decl, formula) or "the formulas differ"
    return RoundTrip(False, "mismatch", f"the English reads as a different formula: {diff}", read.lean[0], read)


def english_check(decl: Declaration, text: str) -> tuple[bool, str]:
    """The T2 guarantee as a check: the controlled-English grammar reads ``text`` back to
    exactly one formula, equal to ``decl`` up to bound-variable names.  ``(ok, reason)``; a
    reader failure is a failed check, never a pass (generation and ``recheck`` both use it)."""
    try:
        rt = english_round_trip(decl, text)
    except Exception as exc:  # a reader bug costs this item only
        return False, f"english: reader failed ({type(exc).__name__}: {exc})"
    ok = bool(getattr(rt, "ok", False))
    return ok, ("english: reads back to the certified formula" if ok else f"english: {getattr(rt, 'reason', 'does not read back')}")
