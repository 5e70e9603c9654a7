"""The T2 template registry: claims are checked against the project's own templates and
re-rendering, never trusted."""

from __future__ import annotations

import random

import pytest

from certibench.corpus.bundled import load_bundled
from certibench.families.wording import (
    FAMILY_CONSTRUCTS,
    REGISTRY,
    TemplateError,
    canonical_question,
    parse_template_id,
    render_with_template,
    template_check,
    wording_variant,
)
from certibench.logic.english import english_round_trip
from certibench.logic.parser import parse_declaration
from certibench.logic.render_english import EnglishUnsupported, style_variants

DVD = parse_declaration("theorem t (a b : ℕ) (h : a ∣ b) : a ∣ b * 2")


def test_registry_covers_the_families() -> None:
    frames = {t.variant for t in REGISTRY.values() if t.construct == "frame"}
    assert frames == {"canonical", "true_or_false", "is_it_true", "decide"}
    for fam, constructs in FAMILY_CONSTRUCTS.items():
        ids = {t.id for t in REGISTRY.values() if t.family == fam}
        assert ids, fam
        assert {t.construct for t in REGISTRY.values() if t.family == fam} <= set(constructs)
    assert "F2:forall=for_all" in REGISTRY and "F3:dvd=divisible_by" in REGISTRY
    assert "F3:dvd=divisor_of" not in REGISTRY  # an active synonym is not a passive converse
    assert all(t.tier == "T3" for t in REGISTRY.values() if t.family == "F5")
    assert all(t.vetted for t in REGISTRY.values() if t.family in ("F1", "F2", "F3"))
    assert len(REGISTRY) == len({t.id for t in REGISTRY.values()})


def test_render_with_template_is_deterministic() -> None:
    tid = "F3:dvd=divisible_by+frame=canonical"
    q = render_with_template(tid, DVD)
    assert q == render_with_template(tid, DVD)
    assert q == "For every nonnegative integer a and every nonnegative integer b, if b is divisible by a then b * 2 is " \
                "divisible by a — TRUE or FALSE?"
    assert render_with_template("frame=canonical", DVD) == canonical_question(DVD)
    assert render_with_template("frame=is_it_true", DVD).startswith("Is it true that for every nonnegative integer a")


@pytest.mark.parametrize(
    "bad",
    ["my-own-template", "", "F2:forall=for_all", "F2:forall=for_all+F3:dvd=divisible_by+frame=canonical",
     "F2:forall=for_all+F2:forall=for_any+frame=canonical", "F3:dvd=divisible_by+frame=is_it_true",
     "frame=canonical+frame=decide", "F9:x=y+frame=canonical"],
)
def test_parse_template_id_refuses(bad: str) -> None:
    with pytest.raises(TemplateError):
        parse_template_id(bad)


def test_template_check_refuses_claims_that_are_not_the_registry() -> None:
    q = canonical_question(DVD)
    ok, why = template_check({"vetted": True, "id": "my-own-template"}, DVD, q)
    assert not ok and "not in the project's registry" in why
    assert not template_check({"vetted": True}, DVD, q)[0]
    assert not template_check("frame=canonical", DVD, q)[0]  # not an object
    assert not template_check({"id": "frame=canonical"}, DVD, "")[0]
    assert not template_check({"id": "frame=canonical"}, DVD, None)[0]


def test_template_check_requires_exact_reproduction() -> None:
    tid = "F3:dvd=divisible_by+frame=canonical"
    q = render_with_template(tid, DVD)
    assert template_check({"id": tid, "family": "F3", "vetted": False}, DVD, q) == (
        True, f"re-rendering the formula with registered template(s) {tid!r} reproduces the item's English")
    # a registered id with English it did not produce
    ok, why = template_check({"id": tid}, DVD, canonical_question(DVD))
    assert not ok and "not the item's English" in why
    # the same English claimed for another formula
    other = parse_declaration("theorem t (a b : ℕ) (h : a ∣ b) : a ∣ b * 3")
    assert not template_check({"id": tid}, other, q)[0]
    # a family label that contradicts the templates
    assert not template_check({"id": tid, "family": "F2"}, DVD, q)[0]
    # one character off
    assert not template_check({"id": tid}, DVD, q.replace("divisible", "divisble"))[0]


def test_t3_templates_are_not_vetted() -> None:
    decl = parse_declaration("theorem t (n : ℕ) (h : 2 ≤ n) : 1 ≤ n")
    tid = "F5:implies=whenever+frame=canonical"
    q = render_with_template(tid, decl)
    ok, why = template_check({"id": tid, "vetted": True}, decl, q)
    assert not ok and "T3" in why
    assert template_check({"id": tid}, decl, q, require_vetted=False)[0]


def test_unrenderable_formula_is_refused() -> None:
    decl = parse_declaration("theorem t (x : ℤ) : Int.sign x * x = |x|")
    ok, why = template_check({"id": "frame=canonical"}, decl, "whatever — TRUE or FALSE?")
    assert not ok and "no English" in why
    with pytest.raises(EnglishUnsupported):
        render_with_template("frame=canonical", decl)


def test_wording_variants_are_registered_and_reproducible() -> None:
    stmts = load_bundled()
    rng = random.Random(7)
    checked = 0
    for s in rng.sample(stmts, 25):
        decl = parse_declaration(s.statement)
        for fam in FAMILY_CONSTRUCTS:
            var = wording_variant(decl, fam, random.Random(s.name + fam))
            if var is None:
                continue
            assert all(t in REGISTRY for t in var.templates)
            ok, why = template_check({"id": var.template_id}, decl, var.question, require_vetted=False)
            assert ok, why
            checked += 1
    assert checked >= 40


# Constructs the bundled corpus lacks (¬∃, ∃!, ⊂, ∉ …), so that every template is exercised.
SUPPLEMENT = [
    "theorem t : ¬ ∃ n : ℕ, n + 1 = 0",
    "theorem t : ¬ ∃ a b : ℕ, a + b + 1 = 0",
    "theorem t : ∃! n : ℕ, n + 2 = 5",
    "theorem t (s t : Set ℕ) (h : s ⊂ t) : s ⊆ t",
    "theorem t (x : ℕ) (s : Set ℕ) (h : x ∉ s) : ¬ (x ∈ s)",
    "theorem t (q : ℚ) : 0 ≤ q ^ 2",
    "theorem t (a b : ℕ) (h : a ≠ b) : b ≠ a",
    "theorem t (a b : ℕ) (h : a > b) : a ≥ b",
]


@pytest.mark.slow
@pytest.mark.parametrize("tid", sorted(t for t in REGISTRY if t != "frame=canonical"))
def test_every_registered_template_round_trips(tid: str) -> None:
    """Every registered wording reads back (independent grammar) as the formula, on the
    corpus statements whose English it changes."""
    t = REGISTRY[tid]
    claim = tid if t.construct == "frame" else f"{tid}+frame=canonical"
    base_style_claim = "frame=canonical"
    used = 0
    for stmt in [s.statement for s in load_bundled()] + SUPPLEMENT:
        decl = parse_declaration(stmt)
        try:
            q = render_with_template(claim, decl)
        except EnglishUnsupported:
            continue
        if t.construct != "frame" and q == render_with_template(base_style_claim, decl):
            continue
        rt = english_round_trip(decl, q)
        assert rt.ok, (stmt, q, rt.reason)
        used += 1
        if used >= 3:
            break
    if t.construct != "frame":
        assert t.variant in style_variants(t.construct)
    assert used >= 1, tid
