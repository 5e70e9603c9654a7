"""Lean backend: batch file layout, message judging, toolchain handling.

The protocol test replays ``tests/fixtures/certify/lean_messages_HANDWRITTEN.jsonl``:
Lean ``--json`` messages written BY HAND in Lean's documented ``SerialMessage`` format —
not recorded from a Lean run (this machine has no Lean toolchain).  The real-run test is
skipped without ``lake``/``lean``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from certibench.verify.backends.lean import LeanGoal, judge, parse_messages, run_batch, write_batch
from tests.helpers import FIXTURES, requires_lean

FIXTURE = FIXTURES / "certify" / "lean_messages_HANDWRITTEN.jsonl"
STATEMENT = "theorem {name}\n    (u_P : ℕ → Prop) :\n    (∀ n : ℕ, u_P n) ↔ (¬ ∃ n : ℕ, ¬ u_P n)"


def _goals(n: int, nonvacuous: bool = True) -> list[LeanGoal]:
    return [LeanGoal(key=f"k{i}", name=f"cb_g{i}", statement=STATEMENT.format(name=f"cb_g{i}"), nonvacuous=nonvacuous) for i in range(1, n + 1)]


def test_batch_file_layout(tmp_path: Path) -> None:
    goals = _goals(6)
    text = write_batch(goals, tmp_path / "b.lean")
    assert text.startswith("import Mathlib\nimport Certibench.Tactics\n")
    assert [(g.first_line, g.last_line) for g in goals] == [(8, 13), (15, 20), (22, 27), (29, 34), (36, 41), (43, 48)]
    lines = text.splitlines()
    for g in goals:
        assert lines[g.first_line - 1] == f"theorem {g.name}"
        assert lines[g.last_line - 1] == f"#print axioms {g.name}"
        assert "certibench_equiv" in "\n".join(lines[g.first_line - 1 : g.last_line])
    assert "sorry" not in text and "admit" not in text


def test_handwritten_lean_json_is_judged_per_goal() -> None:
    # HAND-WRITTEN fixture (see module docstring): not a recorded Lean run.
    raw = FIXTURE.read_text(encoding="utf-8")
    assert raw.startswith("# HAND-WRITTEN, NOT RECORDED")
    msgs, other = parse_messages(raw)
    assert len(msgs) == 8 and len(other) == 1
    goals = _goals(6)
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        write_batch(goals, Path(d) / "b.lean")
    results = {r.key: r for r in judge(goals, msgs)}
    assert results["k1"].verdict == "certified"
    assert results["k1"].axioms == ["propext", "Classical.choice", "Quot.sound"]
    assert results["k2"].verdict == "unknown" and "did not close" in results["k2"].reason
    assert results["k3"].verdict == "unknown" and "sorry" in results["k3"].reason
    assert results["k4"].verdict == "unknown" and "Certibench.cheat" in results["k4"].reason
    assert results["k5"].verdict == "certified" and results["k5"].axioms == []
    assert results["k6"].verdict == "certified"
    # the same messages with non-vacuity undetermined certify nothing
    vac = {r.key: r.verdict for r in judge(_goals(6, nonvacuous=False), msgs)}
    assert set(vac.values()) == {"unknown"}


def test_goal_without_axioms_report_is_not_certified() -> None:
    goals = _goals(1)
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        write_batch(goals, Path(d) / "b.lean")
    (res,) = judge(goals, [])
    assert res.verdict == "unknown" and "#print axioms" in res.reason


def test_goal_text_with_sorry_is_refused(tmp_path: Path) -> None:
    bad = LeanGoal(key="bad", name="cb_bad", statement="theorem cb_bad : sorry ↔ True", nonvacuous=True)
    (res,) = run_batch([bad], path=tmp_path / "b.lean")
    assert res.verdict == "error" and "sorry" in res.reason


@pytest.mark.skipif(shutil.which("lake") is not None, reason="a Lean toolchain is installed; the unavailable path cannot be observed")
def test_without_toolchain_goals_are_unavailable_and_file_is_written(tmp_path: Path) -> None:
    path = tmp_path / "batch.lean"
    res = run_batch(_goals(2), path=path)
    assert [r.verdict for r in res] == ["unavailable", "unavailable"]
    assert path.exists() and "#print axioms cb_g2" in path.read_text()


def test_certify_pair_with_lean_only_writes_generalized_goal(tmp_path: Path) -> None:
    from certibench.verify.certifier import certify_pair

    res = certify_pair(
        "theorem t : ∀ {p : ℕ}, p.Prime → 2 ≤ p", "theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2",
        backends=("lean",), tier="T1", lean_dir=tmp_path,
    )
    text = (tmp_path / "certibench_batch.lean").read_text()
    assert "(u_Nat_Prime : ℕ → Prop)" in text  # the theorem-specific symbol is a variable
    assert "Nat.Prime" not in text.replace("u_Nat_Prime", "")
    assert res.verdict != "certified" or shutil.which("lake")
    if shutil.which("lake") is None:
        assert res.verdict == "unavailable"


@requires_lean
def test_real_lean_batch_judges_true_and_false_goals(tmp_path: Path) -> None:  # pragma: no cover - needs Lean
    from certibench.logic.parser import parse_prop
    from certibench.verify.antiunify import abstract_pair
    from certibench.verify.backends.lean import ALLOWED_AXIOMS, goal_statement

    good = abstract_pair(parse_prop("∀ n : ℕ, P n → Q n"), parse_prop("∀ n : ℕ, ¬ Q n → ¬ P n"))
    bad = abstract_pair(parse_prop("∀ n : ℕ, P n → Q n"), parse_prop("∀ n : ℕ, Q n → P n"))
    goals = [
        LeanGoal(key="good", name="cb_good", statement=goal_statement(good, "cb_good"), nonvacuous=True),
        LeanGoal(key="bad", name="cb_bad", statement=goal_statement(bad, "cb_bad"), nonvacuous=True),
    ]
    res = {r.key: r for r in run_batch(goals, path=tmp_path / "batch.lean", timeout=900)}
    assert res["good"].verdict == "certified", res["good"].reason
    assert set(res["good"].axioms or []) <= ALLOWED_AXIOMS
    assert res["bad"].verdict == "unknown"
