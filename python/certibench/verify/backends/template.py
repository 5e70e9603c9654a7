"""Template backend (T2): the paraphrase keeps the canonical formula and its English comes
from a vetted template of the item's family.

Contract (written by ``certibench generate``): the item's ``provenance`` — or its
``certificate`` — holds ``"template": {"family": "F3" | "passive", "id": "<template id>",
"vetted": true, …}``.  The guarantee holds only when, in addition, the two statements are
the same formula (the certifier checks that on the parsed AST, never on the record's say-so).
"""

from __future__ import annotations

from typing import Any

BACKEND = "template"


def _family_matches(recorded: str | None, family: str | None) -> bool:
    if not recorded or not family:
        return False
    if recorded.strip().lower() == family.strip().lower():
        return True
    try:
        from certibench.families.registry import get_family

        return get_family(recorded).id == get_family(family).id
    except Exception:  # unknown family names never match by alias
        return False


def template_record(
    provenance: dict[str, Any] | None, certificate: dict[str, Any] | None, family: str | None
) -> dict[str, Any] | None:
    """The vetted-template record for ``family`` in an item's provenance/certificate, if any."""
    for source in (provenance, certificate):
        if not isinstance(source, dict):
            continue
        rec = source.get("template")
        if not isinstance(rec, dict):
            continue
        if rec.get("vetted") is not True or not rec.get("id"):
            continue
        if not _family_matches(rec.get("family"), family):
            continue
        return dict(rec)
    return None
