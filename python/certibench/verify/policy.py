"""Tier policy: which evidence a release needs (see ``docs/soundness.md``).

* **T1** (F4 notation, F6 order, F7 unfolding, F8 equivalents): a *formal* backend
  (``rewrite`` — a kernel-replayed rule chain —, ``smt``, ``sympy`` or ``lean``) must have
  certified the pair (or the two statements are the same formula and carry no English).
* **T2** (F1 syntax, F2 quantifier words, F3 passive): the template guarantee (same
  formula + a template of the project's registry that reproduces the English) or formal
  evidence.
* **T3** (F5 connective variation, and any item of unknown family without a tier): a
  recorded human review approving *this* text pair.
* A deliberate false sibling (``ground_truth`` FALSE produced as a mutation) meets its
  evidence when it is ``refuted``.
"""

from __future__ import annotations

from typing import Any

FORMAL_BACKENDS: frozenset[str] = frozenset({"rewrite", "smt", "sympy", "lean"})
TIER_BACKENDS: dict[str, frozenset[str]] = {
    "T1": FORMAL_BACKENDS | {"identical"},
    "T2": FORMAL_BACKENDS | {"template", "identical"},
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
        "T1": "a formal certificate (a rewrite chain, SMT, SymPy or Lean)",
        "T2": "a template of the project's registry that reproduces the English, or a formal certificate",
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
