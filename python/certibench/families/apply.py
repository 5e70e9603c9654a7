"""Apply one family to one statement: a new formula (T1) or a new wording of the same
formula (T2/T3), with the rule trace or template record — or the reason it does not apply.

Certification is not done here (that is the verify layer's job); ``certibench generate``
certifies each candidate and releases only those that meet their tier's evidence.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from certibench.families.registry import get_family
from certibench.families.rules import RuleApplication, candidate_rewrites, stable_rng
from certibench.logic.ast import Declaration


class FamilyResult(BaseModel):
    family: str
    tier: str
    applicable: bool
    reason: str = ""
    lean4_statement: str | None = None
    nl_question: str | None = None
    rule_trace: list[dict[str, Any]] = []
    template: dict[str, Any] | None = None


def closed_declaration(decl: Declaration, prop: Any, name: str | None) -> Declaration:
    """A declaration for a rewritten closed proposition, keeping the original header's type
    variables and instance binders."""
    keep = tuple(b for b in decl.binders if b.kind == "inst" or (b.sort is not None and b.sort.head == "Type"))
    return Declaration(decl.kind or "theorem", name, keep, prop)


def rewrite_candidates(decl: Declaration, family: str, seed: int, key: str) -> list[RuleApplication]:
    """The family's single-step rewrites of the statement whose English differs from the
    canonical sentence, in a seeded order."""
    from certibench.logic.render_english import render_english

    fam = get_family(family)
    base = render_english(decl)
    cands = candidate_rewrites(fam, decl.as_prop())
    stable_rng(seed, fam.id, key).shuffle(cands)
    out = []
    for app in cands:
        try:
            if render_english(app.result) != base:
                out.append(app)
        except Exception:  # a rendering gap only removes that candidate
            continue
    return out


def family_applies(decl: Declaration, family: str) -> bool:
    """Whether ``family`` applies to ``decl``: the denominator of the per-family coverage
    (statements with a released item of the family / statements the family applies to).

    T1: some rule of the family rewrites the formula into one whose English differs from the
    canonical sentence (when the statement has no English at all, any rewrite counts: the
    family applies, the statement just cannot be rendered).  T2/T3: a construct the family
    rewords occurs in the statement.  Seed-independent (the seed only orders candidates)."""
    from certibench.families.wording import wording_variant
    from certibench.logic.render_english import EnglishUnsupported

    fam = get_family(family)
    if fam.is_formal:
        try:
            return bool(rewrite_candidates(decl, fam.id, 0, ""))
        except EnglishUnsupported:
            return bool(candidate_rewrites(fam, decl.as_prop()))
    try:
        return wording_variant(decl, fam.id, stable_rng(0, fam.id)) is not None
    except EnglishUnsupported:
        return True  # the construct is there; the statement has no English to reword


def apply_family(decl: Declaration, family: str, *, seed: int = 0, key: str = "") -> FamilyResult:
    """The first candidate of ``family`` for ``decl`` (see the module docstring)."""
    from certibench.families.wording import canonical_question, wording_variant
    from certibench.logic.render_lean import render_lean

    fam = get_family(family)
    if fam.is_formal:
        cands = rewrite_candidates(decl, fam.id, seed, key)
        if not cands:
            return FamilyResult(family=fam.name, tier=fam.tier, applicable=False,
                                reason="no rule of this family applies to the statement (or none changes its reading)")
        app = cands[0]
        new = closed_declaration(decl, app.result, decl.name)
        return FamilyResult(family=fam.name, tier=fam.tier, applicable=True, lean4_statement=render_lean(new),
                            nl_question=canonical_question(new), rule_trace=[app.trace()])
    var = wording_variant(decl, fam.id, stable_rng(seed, fam.id, key))
    if var is None:
        return FamilyResult(family=fam.name, tier=fam.tier, applicable=False,
                            reason="no construct this family rewords occurs in the statement")
    return FamilyResult(family=fam.name, tier=fam.tier, applicable=True, lean4_statement=render_lean(decl),
                        nl_question=var.question,
                        template={"family": fam.id, "id": "+".join(var.templates), "vetted": fam.tier == "T2"})
