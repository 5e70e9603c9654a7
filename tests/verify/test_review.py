"""The append-only review ledger and `certibench review` (driven non-interactively)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.verify.review import ReviewDecision, ReviewLedger, pair_hash


def test_ledger_is_append_only_and_latest_decision_wins(tmp_path: Path) -> None:
    path = tmp_path / "ledger.jsonl"
    led = ReviewLedger(path)
    h = pair_hash("theorem a : True", "theorem b : True")
    led.record(reviewer="ada", item_id="i1", pair=h, decision="approve", comment="ok")
    first = path.read_text()
    led.record(reviewer="bob", item_id="i1", pair=h, decision="reject", comment="no")
    assert path.read_text().startswith(first)  # nothing rewritten
    assert len(path.read_text().splitlines()) == 2
    got = led.latest("i1", h)
    assert got is not None and (got.reviewer, got.decision) == ("bob", "reject")
    assert got.time.endswith("Z")
    # a decision for another text pair does not apply
    other = pair_hash("theorem a : True", "theorem c : True")
    assert led.latest("i1", other) is None
    assert [d.reviewer for d in led.superseded_pairs("i1", other)] == ["bob"]
    assert led.latest("i2", h) is None


def test_pair_hash_covers_english_and_formal_text() -> None:
    a = {"nl_question": "Is every prime ≥ 2?", "lean4_statement": "theorem t : True"}
    b = {"nl_question": "Is every prime at least 2?", "lean4_statement": "theorem t : True"}
    assert pair_hash(a, b) != pair_hash(a, {**b, "nl_question": "Is every prime > 1?"})
    assert pair_hash(a, b) != pair_hash(b, a)
    assert pair_hash(a, b) == pair_hash(dict(a), dict(b))


def test_ledger_reports_bad_lines_and_keeps_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "ledger.jsonl"
    good = ReviewDecision(reviewer="ada", time="2026-01-01T00:00:00Z", item_id="x", pair_hash="0" * 64, decision="approve")
    path.write_text(
        "{broken\n"
        + json.dumps({"reviewer": "eve", "time": "2026-01-01T00:00:00", "item_id": "x", "pair_hash": "0" * 64, "decision": "approve"}) + "\n"
        + json.dumps({"reviewer": "eve", "time": "2026-01-01T00:00:00Z", "item_id": "x", "pair_hash": "0" * 64, "decision": "maybe"}) + "\n"
        + good.model_dump_json() + "\n"
    )
    led = ReviewLedger(path)
    assert [d.reviewer for d in led.decisions()] == ["ada"]
    assert len(led.errors) == 3
    assert led.errors[0].startswith(f"{path}:1:")
    assert "field 'time'" in led.errors[1] and "field 'decision'" in led.errors[2]


def _items(tmp_path: Path) -> Path:
    rows = [
        {"id": "t_canonical", "theorem_id": "t", "family": "canonical", "nl_question": "Every prime is at least 2.",
         "lean4_statement": "theorem t : ∀ {p : ℕ}, p.Prime → 2 ≤ p"},
        {"id": "t_var", "theorem_id": "t", "family": "variation", "nl_question": "No prime is below 2.",
         "lean4_statement": "theorem t : ∀ {p : ℕ}, p.Prime → 2 ≤ p"},
        {"id": "t_order", "theorem_id": "t", "family": "order", "nl_question": "Every prime p has p ≥ 2.",
         "lean4_statement": "theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2"},
        {"id": "t_syn", "theorem_id": "t", "family": "syntactic", "nl_question": "A prime is always at least 2.",
         "lean4_statement": "theorem t : ∀ {p : ℕ}, p.Prime → 2 ≤ p"},
    ]
    p = tmp_path / "items.jsonl"
    p.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return p


def test_review_cli_records_decisions_that_certify_honours(tmp_path: Path) -> None:
    from certibench.cli.main import app
    from certibench.io import load_records
    from certibench.schema import Item
    from certibench.verify.certifier import certify_items

    items_path = _items(tmp_path)
    ledger = tmp_path / "ledger.jsonl"
    runner = CliRunner()
    # Two items need review (t_var: T3; t_syn: identical formula); t_order is certified.
    res = runner.invoke(
        app, ["review", str(items_path), "--ledger", str(ledger), "--reviewer", "ada"],
        input="a\nsame meaning\nr\nloses 'always'\n",
    )
    assert res.exit_code == 0, res.output
    assert "2 item(s) to review" in res.output
    assert "recorded: 1 approved, 1 rejected, 0 skipped" in res.output
    decisions = ReviewLedger(ledger).decisions()
    assert [(d.item_id, d.decision, d.reviewer) for d in decisions] == [("t_var", "approve", "ada"), ("t_syn", "reject", "ada")]
    assert decisions[0].comment == "same meaning"
    items, _ = load_records(items_path, Item)
    rows = {r.id: r for r in certify_items(items, jobs=0, timeout=5.0, backends=("z3",), ledger=ledger)}
    assert (rows["t_var"].verdict, rows["t_var"].backend, rows["t_var"].meets_tier) == ("certified", "review", True)
    # a rejection is not a counterexample: the item is not released ("unknown", rejected)
    assert (rows["t_syn"].verdict, rows["t_syn"].backend) == ("unknown", "review") and "rejected" in rows["t_syn"].reason
    assert rows["t_order"].verdict == "certified"
    # already-decided items are not asked again; --all asks again; quit stops at once
    res = runner.invoke(app, ["review", str(items_path), "--ledger", str(ledger), "--reviewer", "ada"], input="q\n")
    assert "0 item(s) to review" in res.output
    res = runner.invoke(app, ["review", str(items_path), "--ledger", str(ledger), "--reviewer", "bob", "--all"], input="s\nq\n")
    assert res.exit_code == 0
    assert "recorded: 0 approved, 0 rejected, 1 skipped" in res.output
    assert len(ReviewLedger(ledger).decisions()) == 2


@pytest.mark.parametrize("missing", ["nope.jsonl"])
def test_review_cli_unreadable_file_exits_2(tmp_path: Path, missing: str) -> None:
    from certibench.cli.main import app

    res = CliRunner().invoke(app, ["review", str(tmp_path / missing), "--ledger", str(tmp_path / "l.jsonl"), "--reviewer", "x"])
    assert res.exit_code == 2


def test_review_cli_takes_verdicts_from_certify_json(tmp_path: Path) -> None:
    from certibench.cli.main import app

    items_path = _items(tmp_path)
    out = tmp_path / "certify.json"
    runner = CliRunner()
    res = runner.invoke(app, ["certify", str(items_path), "--json", str(out), "--jobs", "1", "--backends", "z3", "-q"])
    assert res.exit_code == 1  # two items still need a review
    ledger = tmp_path / "ledger.jsonl"
    res = runner.invoke(
        app, ["review", str(items_path), "--ledger", str(ledger), "--reviewer", "cy", "--results", str(out), "--limit", "1"],
        input="a\nok\n",
    )
    assert res.exit_code == 0, res.output
    assert "1 item(s) to review" in res.output
    (d,) = ReviewLedger(ledger).decisions()
    assert (d.reviewer, d.decision, d.comment) == ("cy", "approve", "ok")
