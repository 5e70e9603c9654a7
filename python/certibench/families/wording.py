"""English for generated items: the canonical sentence, the T2/T3 wording templates and the
question frames — and the registry that makes a template claim checkable.

T2/T3 families never touch the formula: they choose other wordings of the constructs the
family owns (see the English renderer's :class:`EnglishStyle`).  Every wording the project
uses is a :class:`Template` in :data:`REGISTRY`, with an id:

* ``frame=<id>`` — a question frame (``frame=canonical`` for every family; the other frames
  are F1's syntactic restructurings);
* ``F1:<construct>=<variant>`` — F1's relation wordings, orientation and number nouns;
* ``F2:<construct>=<variant>`` — quantifier wordings;
* ``F3:<construct>=<variant>`` — passive converses of ∣ ∈ ∉ ⊆ ⊂;
* ``F5:<construct>=<variant>`` — connective variants (T3: never vetted, always reviewed).

An item's template claim is the ``+``-joined list of the ids that produced its English
(``"F2:forall=for_all+frame=canonical"``).  :func:`render_with_template` re-renders a formula
with a claim, deterministically; :func:`template_check` accepts a claim only if every id is
in the registry and the re-rendering reproduces the item's English exactly — a claim such as
``{"vetted": true, "id": "my-own-template"}`` is refused whatever it says about itself.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from certibench.logic.ast import Declaration, Expr
from certibench.logic.render_english import (
    CONSTRUCTS,
    RELATIONS,
    SORT_NOUNS,
    TEMPLATES,
    EnglishStyle,
    EnglishUnsupported,
    default_style,
    render_english,
    style_variants,
)

__all__ = [
    "FAMILY_CONSTRUCTS",
    "FRAMES",
    "PASSIVE_VARIANTS",
    "REGISTRY",
    "Template",
    "TemplateError",
    "WordingVariant",
    "canonical_question",
    "frame",
    "parse_template_id",
    "render_with_template",
    "sentence_core",
    "template_check",
    "wording_variant",
]

#: The constructs whose wording each wording-family varies.
FAMILY_CONSTRUCTS: dict[str, tuple[str, ...]] = {
    "F1": ("orientation", "le", "ge", "lt", "gt", "eq", "ne", "nat_noun", "rat_noun", "real_noun"),
    "F2": ("forall", "exists", "exists_unique", "not_exists"),
    "F3": ("dvd", "mem", "not_mem", "subset", "ssubset"),
    "F5": ("implies", "and_", "or_", "iff", "not_"),
}
#: Family tiers: T2 templates are vetted (a template guarantee); T3 ones need review.
FAMILY_TIERS: dict[str, str] = {"F1": "T2", "F2": "T2", "F3": "T2", "F5": "T3"}

#: Passive converses: the F3 family only uses the variants that read the relation from the
#: other side (the rest are active synonyms, which belong to F1).
PASSIVE_VARIANTS: dict[str, tuple[str, ...]] = {
    "dvd": ("divisible_by", "multiple_of"),
    "mem": ("contains",),
    "not_mem": ("does_not_contain",),
    "subset": ("superset_of",),
    "ssubset": ("proper_superset",),
}

#: Question frames (F1 may use any; everything else uses the canonical frame).
FRAMES: dict[str, str] = {
    "canonical": "{S} — TRUE or FALSE?",
    "true_or_false": "True or false: {s}.",
    "is_it_true": "Is it true that {s}?",
    "decide": "Decide whether the following statement holds: {s}.",
}


def sentence_core(text: str) -> str:
    """A rendered sentence without its final full stop."""
    return text[:-1] if text.endswith(".") else text


#: Sentence-initial template words the English renderer capitalises; only these are put in
#: lower case inside a frame (a variable name such as ``Ab`` or ``G`` is never changed).
_TEMPLATE_STARTS = frozenset(
    {"For", "There", "If", "It", "In", "Every", "The", "Either", "No", "Not", "Both", "Each", "All", "Any",
     "Given", "Some", "Whenever", "Exactly", "Precisely"}
)


def frame(text: str, frame_id: str) -> str:
    core = sentence_core(text)
    first = core.split(" ", 1)[0].rstrip(",")
    lower = core[:1].lower() + core[1:] if first in _TEMPLATE_STARTS else core
    return FRAMES[frame_id].format(S=core, s=lower)


def canonical_question(x: Expr | Declaration) -> str:
    return frame(render_english(x, default_style()), "canonical")


# --------------------------------------------------------------------------------------
# The registry
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Template:
    """One wording template of the project."""

    id: str
    family: str | None  # None: a frame usable by every family
    construct: str  # an EnglishStyle field, or "frame"
    variant: str
    tier: str  # "T2" (vetted) or "T3" (needs review)
    wording: str  # the template text, for documentation and review

    @property
    def vetted(self) -> bool:
        return self.tier == "T2"


def _wording(construct: str, variant: str) -> str:
    table, key = CONSTRUCTS[construct]
    if table == "TEMPLATES":
        forms = TEMPLATES[key][variant]
        return " | ".join(forms.values())
    if table == "RELATIONS":
        pos, neg = RELATIONS[key][variant]
        return pos if neg is None else f"{pos} | {neg}"
    if table == "SORT_NOUNS":
        return " / ".join(SORT_NOUNS[key][variant])
    return variant


def _build_registry() -> dict[str, Template]:
    reg: dict[str, Template] = {}
    for fid, text in FRAMES.items():
        reg[f"frame={fid}"] = Template(f"frame={fid}", None, "frame", fid, "T2", text)
    for fam, constructs in FAMILY_CONSTRUCTS.items():
        for construct in constructs:
            default = getattr(default_style(), construct)
            for variant in style_variants(construct):
                if variant == default:
                    continue
                if fam == "F3" and variant not in PASSIVE_VARIANTS.get(construct, ()):
                    continue
                tid = f"{fam}:{construct}={variant}"
                reg[tid] = Template(tid, fam, construct, variant, FAMILY_TIERS[fam], _wording(construct, variant))
    return reg


#: Every wording template of the project, by id.
REGISTRY: dict[str, Template] = _build_registry()


class TemplateError(ValueError):
    """A template claim that is not a combination of registered templates."""


def parse_template_id(template_id: str) -> tuple[str | None, EnglishStyle, str, tuple[Template, ...]]:
    """``(family, style, frame id, templates)`` for a ``+``-joined claim id; raises
    :class:`TemplateError` for ids outside the registry or inconsistent combinations."""
    if not isinstance(template_id, str) or not template_id.strip():
        raise TemplateError("the template id is empty or not a string")
    parts = template_id.split("+")
    templates: list[Template] = []
    for part in parts:
        t = REGISTRY.get(part)
        if t is None:
            raise TemplateError(f"template {part!r} is not in the project's registry")
        templates.append(t)
    frames = [t for t in templates if t.construct == "frame"]
    if len(frames) != 1:
        raise TemplateError(f"a template claim names exactly one frame (found {len(frames)})")
    constructs = [t for t in templates if t.construct != "frame"]
    families = {t.family for t in constructs}
    if len(families) > 1:
        raise TemplateError(f"templates of several families in one claim: {sorted(f for f in families if f)}")
    seen: set[str] = set()
    for t in constructs:
        if t.construct in seen:
            raise TemplateError(f"two templates for the construct {t.construct!r}")
        seen.add(t.construct)
    family = next(iter(families)) if families else None
    if frames[0].variant != "canonical" and family not in (None, "F1"):
        raise TemplateError(f"the frame {frames[0].variant!r} belongs to F1, not {family}")
    style = default_style().with_(**{t.construct: t.variant for t in constructs})
    return family, style, frames[0].variant, tuple(templates)


def render_with_template(template_id: str, decl: Declaration | Expr) -> str:
    """The ``nl_question`` the claimed templates give for ``decl`` (deterministic)."""
    _, style, frame_id, _ = parse_template_id(template_id)
    return frame(render_english(decl, style), frame_id)


def template_check(
    template_claim: Any, decl: Declaration | Expr, nl_question: Any, *, require_vetted: bool = True
) -> tuple[bool, str]:
    """Is ``template_claim`` (an item's ``provenance.template``) a true statement about how
    ``nl_question`` was produced from ``decl``?  Only the claim's ``id`` (and ``family``,
    when given) is read — a ``vetted`` flag in the claim is never trusted; vetting is a
    property of the registered templates (T2).  With ``require_vetted`` (the default) a
    claim naming a T3 template is refused too."""
    if not isinstance(template_claim, dict):
        return False, "the template claim is not an object"
    tid = template_claim.get("id")
    if not isinstance(tid, str):
        return False, "the template claim has no string 'id'"
    if not isinstance(nl_question, str) or not nl_question.strip():
        return False, "the item has no English to check"
    try:
        family, _, _, templates = parse_template_id(tid)
    except TemplateError as exc:
        return False, str(exc)
    claimed_family = template_claim.get("family")
    if claimed_family is not None and family is not None and claimed_family != family:
        return False, f"the claim says family {claimed_family!r} but its templates are {family}'s"
    unvetted = [t.id for t in templates if not t.vetted]
    if require_vetted and unvetted:
        return False, f"template(s) {', '.join(unvetted)} are T3 (not vetted): the item needs review"
    try:
        expected = render_with_template(tid, decl)
    except EnglishUnsupported as exc:
        return False, f"the formula has no English under these templates: {exc}"
    if expected != nl_question:
        return False, f"re-rendering with {tid!r} gives {expected!r}, not the item's English"
    return True, f"re-rendering the formula with registered template(s) {tid!r} reproduces the item's English"


# --------------------------------------------------------------------------------------
# Choosing a variant for an item
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordingVariant:
    question: str
    templates: tuple[str, ...]  # registry ids, e.g. ("F2:forall=for_all", "frame=canonical")
    style: EnglishStyle

    @property
    def template_id(self) -> str:
        return "+".join(self.templates)


def _choices(family_id: str, construct: str) -> list[str]:
    return [t.variant for t in REGISTRY.values() if t.family == family_id and t.construct == construct]


def wording_variant(x: Expr | Declaration, family_id: str, rng: random.Random) -> WordingVariant | None:
    """A different wording of the same formula from the family's registered templates, or
    ``None`` when no construct the family varies occurs in the statement."""
    base = render_english(x, default_style())
    constructs = FAMILY_CONSTRUCTS[family_id]
    singles = [(c, v) for c in constructs for v in _choices(family_id, c)]
    rng.shuffle(singles)
    frames = ["canonical"]
    if family_id == "F1":
        frames = [f for f in FRAMES if f != "canonical"]
        rng.shuffle(frames)
    tried: list[tuple[tuple[str, str], ...]] = [((c, v),) for c, v in singles]
    if family_id == "F1":
        tried = [(), *tried]  # a new frame alone is a syntactic restructuring
    for combo in itertools.chain(tried):
        style = default_style().with_(**dict(combo)) if combo else default_style()
        try:
            text = render_english(x, style)
        except EnglishUnsupported:
            continue
        if combo and text == base:
            continue
        fr = frames[0]
        templates = tuple(f"{family_id}:{c}={v}" for c, v in combo) + (f"frame={fr}",)
        question = render_with_template("+".join(templates), x)
        return WordingVariant(question, templates, style)
    return None
