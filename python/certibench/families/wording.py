"""English for generated items: the canonical sentence, the T2/T3 wording variants and the
question frames.

T2/T3 families never touch the formula: they choose other vetted wordings of the
constructs the family owns (see the English renderer's ``EnglishStyle``).  Each variant is
recorded as a template id (``F3:dvd=divisible_by``) so the certificate says exactly which
vetted templates produced the text.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from certibench.logic.ast import Declaration, Expr
from certibench.logic.render_english import EnglishStyle, default_style, render_english, style_variants

#: The constructs whose wording each wording-family varies.
FAMILY_CONSTRUCTS: dict[str, tuple[str, ...]] = {
    "F1": ("orientation", "le", "ge", "lt", "gt", "eq", "ne", "nat_noun", "rat_noun", "real_noun"),
    "F2": ("forall", "exists", "exists_unique", "not_exists"),
    "F3": ("dvd", "mem", "not_mem", "subset", "ssubset"),
    "F5": ("implies", "and_", "or_", "iff", "not_"),
}
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


@dataclass(frozen=True)
class WordingVariant:
    question: str
    templates: tuple[str, ...]  # e.g. ("F2:forall=for_all", "frame=canonical")
    style: EnglishStyle


def _choices(family_id: str, construct: str) -> list[str]:
    default = getattr(default_style(), construct)
    opts = [v for v in style_variants(construct) if v != default]
    if family_id == "F3":
        opts = [v for v in opts if v in PASSIVE_VARIANTS.get(construct, ())]
    return opts


def wording_variant(x: Expr | Declaration, family_id: str, rng: random.Random) -> WordingVariant | None:
    """A different wording of the same formula from the family's vetted templates, or
    ``None`` when no construct the family varies occurs in the statement."""
    base = render_english(x, default_style())
    constructs = FAMILY_CONSTRUCTS[family_id]
    options = [(c, _choices(family_id, c)) for c in constructs]
    options = [(c, o) for c, o in options if o]
    # try single-construct changes in a seeded order, then pairs; keep the first that
    # changes the text (i.e. the construct occurs in the statement)
    singles = [(c, v) for c, opts in options for v in opts]
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
        text = render_english(x, style)
        if combo and text == base:
            continue
        fr = frames[0]
        q = frame(text, fr)
        templates = tuple(f"{family_id}:{c}={v}" for c, v in combo) + (f"frame={fr}",)
        return WordingVariant(q, templates, style)
    return None
