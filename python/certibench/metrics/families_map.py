"""Family naming for the metric layer.

Items may name their paraphrase family by name (FormInv: ``syntactic``, ``quantifier``, ...)
or by id (``F1``..``F8``).  The metric layer keys everything by *name*; ids and names come
from the family specs (``families/*.toml``, through
:func:`certibench.families.specfiles.family_index`, which reads only their ids and names),
once, on first use.  Families outside the specs (e.g. MathCheck's
``problem_understanding`` or any new family) are kept verbatim: they are first-class, never
dropped or merged.

``FAMILY_IDS`` (F-id -> name), ``FAMILY_NAMES_TO_IDS`` (name -> F-id) and ``KNOWN_FAMILIES``
(names in F-id order) are computed from the specs when first read.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from certibench.families.specfiles import family_index

CANONICAL = "canonical"

if TYPE_CHECKING:  # pragma: no cover
    FAMILY_IDS: dict[str, str]
    FAMILY_NAMES_TO_IDS: dict[str, str]
    KNOWN_FAMILIES: tuple[str, ...]

__all__ = ["CANONICAL", "FAMILY_IDS", "FAMILY_NAMES_TO_IDS", "KNOWN_FAMILIES", "family_name", "family_sort_key"]


@cache
def _ids() -> dict[str, str]:
    """F-id (upper case) -> family name (lower case), in the specs' F-id order."""
    return {fid.upper(): name.lower() for fid, name in family_index()}


@cache
def _names_to_ids() -> dict[str, str]:
    return {v: k for k, v in _ids().items()}


def __getattr__(name: str) -> Any:
    if name == "FAMILY_IDS":
        return dict(_ids())
    if name == "FAMILY_NAMES_TO_IDS":
        return dict(_names_to_ids())
    if name == "KNOWN_FAMILIES":
        return tuple(_ids().values())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    ids = _ids()
    up = s.upper()
    if up in ids:
        return ids[up]
    if low in _names_to_ids():
        return low
    return s


def family_sort_key(name: str) -> tuple[int, int, str]:
    """Sort canonical first, then the spec families in F-id order, then any other family
    alphabetically."""
    if name == CANONICAL:
        return (0, 0, "")
    fid = _names_to_ids().get(name)
    if fid is not None:
        return (1, list(_ids()).index(fid), fid)
    return (2, 0, name)
