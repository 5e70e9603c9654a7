"""Family naming for the metric layer.

Items may name their paraphrase family by name (FormInv: ``syntactic``, ``quantifier``, ...)
or by id (``F1``..``F8``).  The metric layer keys everything by *name*; ids are mapped with
:data:`FAMILY_IDS`.  Families outside F1-F8 (e.g. MathCheck's ``problem_understanding`` or
any new family) are kept verbatim: they are first-class, never dropped or merged.
"""

from __future__ import annotations

CANONICAL = "canonical"

#: F-id -> family name (the FormInv families).
FAMILY_IDS: dict[str, str] = {
    "F1": "syntactic",
    "F2": "quantifier",
    "F3": "passive",
    "F4": "notation",
    "F5": "variation",
    "F6": "order",
    "F7": "unpack",
    "F8": "equivalent",
}

#: family name -> F-id (inverse of :data:`FAMILY_IDS`).
FAMILY_NAMES_TO_IDS: dict[str, str] = {v: k for k, v in FAMILY_IDS.items()}

#: The canonical display order of the known families.
KNOWN_FAMILIES: tuple[str, ...] = tuple(FAMILY_IDS.values())


def family_name(value: str | None) -> str:
    """Normalise a family label: ``F3``/``f3``/``passive``/``Passive`` -> ``passive``.

    ``None``/empty and any spelling of ``canonical`` map to :data:`CANONICAL`.  Unknown
    families are returned stripped (case preserved only when not a known name), so new
    families survive untouched.
    """
    if value is None:
        return CANONICAL
    s = str(value).strip()
    if not s:
        return CANONICAL
    low = s.lower()
    if low == CANONICAL:
        return CANONICAL
    up = s.upper()
    if up in FAMILY_IDS:
        return FAMILY_IDS[up]
    if low in FAMILY_NAMES_TO_IDS:
        return low
    return s


def family_sort_key(name: str) -> tuple[int, str]:
    """Sort canonical first, then F1..F8 in order, then any other family alphabetically."""
    if name == CANONICAL:
        return (0, "")
    if name in FAMILY_NAMES_TO_IDS:
        return (1, FAMILY_NAMES_TO_IDS[name])
    return (2, name)
