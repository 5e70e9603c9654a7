"""Tier policy: which evidence a release needs (see ../shared/DESIGN.md, soundness).

* **T1** (F4 notation, F6 order, F7 unfolding, F8 equivalents): a *formal* backend
  (``z3`` or ``lean``) must have certified the pair.
* **T2** (F1 syntax, F2 quantifier words, F3 passive): the template guarantee (same
  formula + a vetted template recorded in provenance/certificate) or a CAS/formal
  certificate (``sympy``, ``z3``, ``lean``).
* **T3** (F5 connective variation, and any item of unknown family without a tier): a
  recorded human review approving *this* text pair.
* A deliberate false sibling (``ground_truth`` FALSE produced as a mutation) meets its
  evidence when it is ``refuted``.
"""

from __future__ import annotations

from typing import Any

FORMAL_BACKENDS: frozenset[str] = frozenset({"z3", "lean"})
TIER_BACKENDS: dict[str, frozenset[str]] = {
    "T1": FORMAL_BACKENDS,
    "T2": frozenset({"template", "sympy", "z3", "lean"}),
    "T3": frozenset({"review"}),
}
FALSE_SIBLING_FAMILIES: frozenset[str] = frozenset({"false_sibling", "false-sibling", "false_control", "mutation"})


def _get(obj: Any, key: str) -> Any:
    if obj is None:
        return None
    if isinstance(obj, dict):
        return obj.get(key)
    return getattr(obj, key, None)


def is_false_sibling(item: Any) -> bool:
    """Items generated as one-edit mutations with ``ground_truth`` FALSE."""
    fam = str(_get(item, "family") or "").lower()
    prov = _get(item, "provenance") or {}
    kind = str(prov.get("kind", "") if isinstance(prov, dict) else "").lower()
    return fam in FALSE_SIBLING_FAMILIES or kind in FALSE_SIBLING_FAMILIES


def required_evidence(tier: str | None) -> str:
    t = tier or "T3"
    return {
        "T1": "a formal certificate (z3 or lean)",
        "T2": "a template guarantee or a CAS/formal certificate",
        "T3": "a recorded human review approving this text pair",
    }.get(t, "a recorded human review approving this text pair")


def meets_tier(item: Any, result: Any) -> bool:
    """Does ``result`` (a ``CertResult``/``ItemVerdict`` or dict with ``verdict``,
    ``backend`` and ``tier``) carry the evidence the item's tier requires?"""
    verdict = _get(result, "verdict")
    backend = _get(result, "backend")
    if is_false_sibling(item):
        return verdict == "refuted"
    if verdict != "certified":
        return False
    tier = _get(result, "tier") or _get(item, "tier") or "T3"
    return backend in TIER_BACKENDS.get(tier, TIER_BACKENDS["T3"])
