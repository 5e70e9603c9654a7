"""certify_pair: identical formulas, templates, reviews, malformed input, policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from certibench.logic.parser import parse_declaration
from certibench.schema import Item
from certibench.verify.certifier import certify_pair
from certibench.verify.policy import meets_tier
from certibench.verify.review import ReviewLedger, pair_hash

STMT = "theorem Nat.Prime.two_le : ∀ {p : ℕ}, p.Prime → 2 ≤ p"


def _items(family: str = "notation", para_stmt: str = STMT, **extra: object) -> tuple[Item, Item]:
    can = Item(id="t_canonical", theorem_id="t", family="canonical", lean4_statement=STMT, nl_question="Every prime is at least 2 — TRUE or FALSE?")
    para = Item(id="t_para", theorem_id="t", family=family, lean4_statement=para_stmt, nl_question="Is each prime ≥ 2?", **extra)
    return can, para


def test_identical_statement_t1_needs_review_not_certified() -> None:
    can, para = _items("notation")
    res = certify_pair(can, para)
    assert res.tier == "T1"
    assert res.verdict == "needs_review"
    assert "not tied to any formula" in res.reason
    assert not meets_tier(para, res)


def test_alpha_equivalent_statement_is_treated_as_identical() -> None:
    can, para = _items("order", para_stmt="theorem x : ∀ {q : ℕ}, Nat.Prime q → 2 ≤ q")
    res = certify_pair(can, para)
    assert res.verdict == "needs_review"


def test_identical_statement_with_a_registry_template_is_certified_by_template() -> None:
    from certibench.families.wording import render_with_template

    tid = "F2:forall=for_each+frame=canonical"
    english = render_with_template(tid, parse_declaration(STMT))
    prov = {"template": {"family": "F2", "id": tid, "vetted": True}}
    can, para = _items("quantifier", provenance=prov)
    para = para.model_copy(update={"nl_question": english})
    res = certify_pair(can, para)
    assert (res.verdict, res.backend, res.tier) == ("certified", "template", "T2")
    assert res.certificate.template is not None
    assert meets_tier(para, res)
    # a claim is re-checked, never believed: an id outside the registry, a vetted flag the
    # item gives itself, English the template does not reproduce
    for bad, text in (({"family": "F2", "id": "my-own-template", "vetted": True}, english),
                      ({"family": "F2", "id": tid, "vetted": True}, english.replace("each", "every")),
                      ({"family": "F2", "id": tid, "vetted": False}, "Is each prime ≥ 2?")):
        can, para = _items("quantifier", provenance={"template": bad})
        para = para.model_copy(update={"nl_question": text})
        assert certify_pair(can, para).verdict == "needs_review"


def test_identical_statements_without_english_are_certified_as_identical() -> None:
    res = certify_pair(STMT, STMT.replace("p", "q"), family="F4")
    assert (res.verdict, res.backend) == ("certified", "identical")
    # empty, whitespace-only and non-string statements are errors, never silently dropped
    for bad in ("", "   ", None):
        a = Item(id="a", theorem_id="t", family="canonical", lean4_statement=STMT)
        b = {"id": "b", "theorem_id": "t", "family": "order", "lean4_statement": bad if bad is not None else 5}
        assert certify_pair(a, b).verdict == "error"
    # identical text is still parsed: nonsense is not "identical"
    assert certify_pair("theorem t : (1 + ", "theorem t : (1 + ").verdict == "error"


def test_t1_rewrite_certified_meets_tier() -> None:
    can, para = _items("order", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2")
    res = certify_pair(can, para)
    assert (res.verdict, res.backend) == ("certified", "rewrite")
    assert res.certificate.chain and res.certificate.evidence == "rewrite_chain"
    assert meets_tier(para, res)
    assert res.certificate.canonical_lean == STMT
    # SMT alone certifies it too (second evidence)
    res = certify_pair(can, para, backends=("z3",))
    assert (res.verdict, res.backend) == ("certified", "smt")
    assert res.certificate.smt


def test_malformed_statement_is_an_error_with_message() -> None:
    can, para = _items("order", para_stmt="theorem broken : ∀ p : ℕ, (p.Prime → ")
    res = certify_pair(can, para)
    assert res.verdict == "error"
    assert "does not parse" in res.reason
    missing = Item(id="m", theorem_id="t", family="order", nl_question="Is every prime at least two?")
    res = certify_pair(can, missing)
    assert res.verdict == "needs_review" and "no lean4_statement on the paraphrase side" in res.reason


def test_t3_needs_review_then_ledger_decides(tmp_path: Path) -> None:
    ledger = ReviewLedger(tmp_path / "ledger.jsonl")
    can, para = _items("variation", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2")
    res = certify_pair(can, para, ledger=ledger, backends=("z3",))
    assert res.tier == "T3"
    assert res.verdict == "needs_review"
    assert "smt certified the formulas" in res.reason
    h = pair_hash(can, para)
    ledger.record(reviewer="ada", item_id=para.id, pair=h, decision="approve", comment="same meaning")
    res = certify_pair(can, para, ledger=ledger, backends=("z3",))
    assert (res.verdict, res.backend) == ("certified", "review")
    assert res.certificate.review and res.certificate.review["reviewer"] == "ada"
    assert meets_tier(para, res)
    # a later rejection wins
    ledger.record(reviewer="bob", item_id=para.id, pair=h, decision="reject", comment="drops a case")
    res = certify_pair(can, para, ledger=ledger, backends=("z3",))
    # a rejection is not a counterexample: the pair is not released, but not "refuted"
    assert (res.verdict, res.backend) == ("unknown", "review") and "rejected" in res.reason
    # the decision was for this text pair; an edited paraphrase is not covered
    can2, para2 = _items("variation", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p > 1")
    res = certify_pair(can2, para2, ledger=ledger, backends=("z3",))
    assert res.verdict == "needs_review"


def test_review_never_overrides_a_formal_refutation(tmp_path: Path) -> None:
    ledger = ReviewLedger(tmp_path / "ledger.jsonl")
    can, para = _items("variation", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p > 2")
    ledger.record(reviewer="ada", item_id=para.id, pair=pair_hash(can, para), decision="approve")
    res = certify_pair(can, para, ledger=ledger, backends=("z3",))
    assert res.verdict == "refuted"
    assert res.backend == "smt"
    assert res.certificate.counterexample  # p = 2


def test_unknown_family_uses_item_tier_or_t3() -> None:
    can, para = _items("problem_understanding", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2")
    assert certify_pair(can, para, backends=("z3",)).tier == "T3"
    can, para = _items("problem_understanding", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2", tier="tier2")
    res = certify_pair(can, para, backends=("z3",))
    assert res.tier == "T2"
    assert res.verdict == "certified"


@pytest.mark.parametrize("backends", [("z3",), ("z3", "sympy"), ("z3", "sympy", "lean")])
def test_verdict_is_one_of_the_contract(backends: tuple[str, ...]) -> None:
    from certibench.schema import VERDICTS

    can, para = _items("order", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 3")
    res = certify_pair(can, para, backends=backends)
    assert res.verdict in VERDICTS
    assert res.verdict == "refuted"


def test_recorded_rejection_applies_even_to_a_formally_certified_pair(tmp_path: Path) -> None:
    ledger = ReviewLedger(tmp_path / "ledger.jsonl")
    can, para = _items("order", para_stmt="theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2")
    assert certify_pair(can, para, ledger=ledger, backends=("z3",)).verdict == "certified"
    ledger.record(reviewer="ada", item_id=para.id, pair=pair_hash(can, para), decision="approve")
    assert certify_pair(can, para, ledger=ledger, backends=("z3",)).backend == "smt"  # approval adds nothing
    ledger.record(reviewer="bob", item_id=para.id, pair=pair_hash(can, para), decision="reject", comment="English says p > 2")
    res = certify_pair(can, para, ledger=ledger, backends=("z3",))
    assert (res.verdict, res.backend) == ("unknown", "review")
    assert "English says p > 2" in res.reason
    assert not meets_tier(para, res)


@pytest.mark.parametrize("text", ["hello world", "theorem t : x = 1", "theorem t (a : ℕ) : a + b = b + a"])
def test_a_statement_must_be_closed_even_when_both_sides_say_the_same(text: str) -> None:
    """Identical texts are parsed like any other: an identifier no binder introduces is an
    error in Lean with Mathlib's settings, never a certified 'same formula'."""
    for fam in ("F1", "F6", None):
        res = certify_pair(text, text, family=fam)
        assert res.verdict == "error" and "unknown identifier" in res.reason, (fam, res.verdict, res.reason)


def test_a_second_declaration_after_the_proof_is_an_error_not_dropped() -> None:
    two = "theorem t (a : ℕ) : a < 5 := by\n  sorry\n\ntheorem u (a : ℕ) : a > 5 := by sorry"
    res = certify_pair(two, "theorem t (a : ℕ) : a < 5", tier="T1")
    assert res.verdict == "error" and "more than one declaration" in res.reason
    one = "@[simp] theorem t (a : ℕ) : a < a + 1 := by\n  omega"
    assert certify_pair(one, "theorem t (a : ℕ) : a < a + 1", tier="T1").verdict == "certified"
