"""LeanDojo loaders: the offline Benchmark 4 reader (on a fixture written in LeanDojo's
export schema: url, commit, file_path, full_name, start, end, traced_tactics) and the
trace entry point's behaviour where lean_dojo / a Lean toolchain is missing."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from certibench.corpus.leandojo import (
    LeanUnavailableError,
    load_benchmark4,
    missing_for_trace,
    statement_from_state,
    theorem_to_item,
    trace_repo,
)
from certibench.io import InputFileError, RecordValidationError
from tests.helpers import FIXTURES

FIXTURE = FIXTURES / "leandojo_benchmark4_sample.json"
MATHLIB = "https://github.com/leanprover-community/mathlib4"


def test_reader_on_fixture() -> None:
    theorems, errors = load_benchmark4(FIXTURE)
    assert errors == []
    raw = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert [t.full_name for t in theorems] == [r["full_name"] for r in raw]
    first = theorems[0]
    assert first.file_path == "Mathlib/Algebra/Group/Basic.lean"
    assert first.start == (1048, 1) and first.end == (1050, 37)
    assert first.commit == raw[0]["commit"] and first.url == MATHLIB
    tac = first.traced_tactics[0]
    assert tac.tactic.startswith("rw [") and tac.annotated_tactic[1][0]["full_name"] == "inv_eq_of_mul_eq_one_right"
    assert tac.state_after.endswith("⊢ a * b * (b⁻¹ * a⁻¹) = 1")


def test_statements_from_export_or_rebuilt_from_state() -> None:
    theorems = {t.full_name: t for t in load_benchmark4(FIXTURE)[0]}
    # Exported statement: the trailing ":=" is dropped.
    t = theorems["Nat.add_sub_cancel_left'"]
    assert t.statement == "theorem Nat.add_sub_cancel_left' {m n : ℕ} (h : m ≤ n) : m + (n - m) = n"
    assert t.statement_source == "export"
    # Rebuilt from the first state: instance hypotheses become [C α].
    t = theorems["mul_inv_rev"]
    assert t.statement == "theorem mul_inv_rev (α : Type u_1) [DivisionMonoid α] (a b : α) : (a * b)⁻¹ = b⁻¹ * a⁻¹"
    assert t.statement_source == "state_before"
    # Multi-line hypothesis and inst✝¹ are handled.
    t = theorems["le_of_forall_le_of_dense'"]
    assert t.statement == (
        "theorem le_of_forall_le_of_dense' (α : Type u_1) [LinearOrder α] [DenselyOrdered α] (a₁ a₂ : α) "
        "(h : ∀ (a : α), a₁ < a → a₂ ≤ a) : a₂ ≤ a₁"
    )
    # A first state with several goals cannot be turned into one statement.
    t = theorems["Nat.even_or_odd'"]
    assert t.statement is None and t.statement_source is None


def test_statement_from_state_edge_cases() -> None:
    assert statement_from_state("foo", "⊢ True") == "theorem foo : True"
    assert statement_from_state("foo", "x✝ : ℕ\n⊢ x✝ = x✝") == "theorem foo (x : ℕ) : x = x"
    # Fresh names avoid clashes; x✝¹ and x✝ are different variables.
    assert statement_from_state("foo", "x : ℤ\nx✝¹ x✝ : ℕ\nh : x✝¹ < x✝\n⊢ x✝ ≠ x✝¹") == (
        "theorem foo (x : ℤ) (x_1 x_2 : ℕ) (h : x_1 < x_2) : x_2 ≠ x_1"
    )
    assert statement_from_state("foo", "no goals") is None
    assert statement_from_state("foo", "a : ℕ\n⊢ a = a\na : ℕ\n⊢ a = a") is None
    assert statement_from_state("foo", "garbage line\n⊢ p") is None


def test_theorem_to_item() -> None:
    thm = load_benchmark4(FIXTURE)[0][0]
    item = theorem_to_item(thm)
    assert item.id == "leandojo:mul_inv_rev" and item.theorem_id == "mul_inv_rev"
    assert item.lean4_statement == thm.statement and item.ground_truth == "TRUE"
    assert item.source == "leandojo" and item.protocol == "truefalse"
    assert item.provenance["file_path"] == thm.file_path and item.provenance["start"] == [1048, 1]
    assert item.provenance["statement_source"] == "state_before"


def test_reader_directory_layout_and_bad_records(tmp_path: Path) -> None:
    raw = json.loads(FIXTURE.read_text(encoding="utf-8"))
    root = tmp_path / "leandojo_benchmark_4"
    (root / "random").mkdir(parents=True)
    (root / "random" / "train.json").write_text(json.dumps(raw[:3]), encoding="utf-8")
    bad = [raw[3], {"file_path": "X.lean", "start": [1, 1]}, "oops", {**raw[0], "full_name": "  "}]
    (root / "random" / "test.json").write_text(json.dumps(bad), encoding="utf-8")
    (root / "corpus.json").write_text("[]", encoding="utf-8")  # premise corpus, skipped
    theorems, errors = load_benchmark4(root)
    assert len(theorems) == 4
    assert {t.split for t in theorems} == {"random/train", "random/test"}
    test_file = str(root / "random" / "test.json")
    assert [(e.file, e.line, e.field) for e in errors] == [
        (test_file, 2, "full_name"),
        (test_file, 3, None),
        (test_file, 4, "full_name"),
    ]
    with pytest.raises(RecordValidationError, match=r"test.json:2: field 'full_name'"):
        load_benchmark4(root, strict=True)


def test_reader_unreadable_inputs(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="no such file"):
        load_benchmark4(tmp_path / "absent")
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputFileError, match="no LeanDojo"):
        load_benchmark4(tmp_path / "empty")
    broken = tmp_path / "b.json"
    broken.write_text('[{"full_name": ', encoding="utf-8")
    with pytest.raises(InputFileError, match="invalid JSON"):
        load_benchmark4(broken)


def test_trace_says_what_is_missing() -> None:
    missing = missing_for_trace()
    has_dojo = importlib.util.find_spec("lean_dojo") is not None
    has_lean = shutil.which("lake") is not None and (shutil.which("lean") or shutil.which("elan"))
    if has_dojo and has_lean:
        pytest.skip("lean_dojo and a Lean toolchain are installed: tracing would really run (needs network)")
    with pytest.raises(LeanUnavailableError) as info:
        trace_repo(MATHLIB, "29dcec074de168ac2bf835a77ef68bbe069194c5")
    msg = str(info.value)
    assert msg.count(".") >= 1 and "\n" not in msg  # one sentence
    assert MATHLIB in msg
    if not has_dojo:
        assert "lean_dojo package is not installed (pip install lean-dojo)" in msg
    if not has_lean:
        assert "no Lean 4 toolchain" in msg
    assert len(missing) == (not has_dojo) + (not has_lean)


def test_conversion_of_traced_theorem_objects() -> None:
    """`_from_traced` reads exactly LeanDojo's public TracedTheorem/TracedTactic surface
    (theorem.full_name, theorem.file_path, start, end, repo.url/commit,
    get_theorem_statement(), get_traced_tactics() -> tactic/state_before/state_after/
    get_annotated_tactic()).  Checked here on plain stand-in objects with that surface —
    this is NOT a Lean trace (that needs lean_dojo + Lean and is never faked)."""
    from types import SimpleNamespace

    from certibench.corpus.leandojo import _from_traced

    tac = SimpleNamespace(
        tactic="omega",
        state_before="m n : ℕ\nh : m ≤ n\n⊢ m + (n - m) = n",
        state_after="no goals",
        get_annotated_tactic=lambda: ("omega", []),
    )
    thm = SimpleNamespace(
        theorem=SimpleNamespace(full_name="Nat.add_sub_cancel_left'", file_path=Path("Mathlib/Data/Nat/Defs.lean")),
        start=(410, 1),
        end=(411, 34),
        repo=SimpleNamespace(url=MATHLIB, commit="29dcec074de168ac2bf835a77ef68bbe069194c5"),
        get_theorem_statement=lambda: "theorem Nat.add_sub_cancel_left' {m n : ℕ} (h : m ≤ n) : m + (n - m) = n :=",
        get_traced_tactics=lambda: [tac],
    )
    out = _from_traced(thm, with_tactics=True)
    assert out.statement == "theorem Nat.add_sub_cancel_left' {m n : ℕ} (h : m ≤ n) : m + (n - m) = n"
    assert out.statement_source == "lean_dojo" and out.file_path == "Mathlib/Data/Nat/Defs.lean"
    assert out.traced_tactics[0].annotated_tactic == ("omega", []) and out.start == (410, 1)

    def no_proof_node() -> str:
        raise AssertionError("term-mode proof without a locatable proof node")

    bare = SimpleNamespace(**{**vars(thm), "get_theorem_statement": no_proof_node})
    out = _from_traced(bare, with_tactics=True)
    # Falls back to the first tactic state.
    assert out.statement == "theorem Nat.add_sub_cancel_left' (m n : ℕ) (h : m ≤ n) : m + (n - m) = n"
    assert out.statement_source == "state_before"
    slim = _from_traced(bare, with_tactics=False)
    assert slim.statement == out.statement and slim.traced_tactics == []
