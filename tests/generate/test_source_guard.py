"""The second guard on TRUE statements: before a source statement is released as TRUE, the
exact counterexample search that refutes FALSE siblings is run on the statement itself, then
Z3 (a fixed resource limit; its values count only when exact evaluation confirms them); a
statement either refutes is not released (whatever its source claims), with a counted reason.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.generate.pipeline import (
    REFUTED_REASON,
    SourceStatement,
    generate_statement,
    sibling_options,
    source_refutation,
)
from certibench.logic.parser import parse_declaration

FAKE = "theorem fake_add (a b : ℕ) : a + b = a * b"
GOOD = "theorem good_add (a b : ℕ) : a + b = b + a"


def src(statement: str) -> SourceStatement:
    name = statement.split()[1]
    return SourceStatement(theorem_id=name, statement=statement, source="test", proof="by omega")


@pytest.mark.parametrize(
    ("statement", "expect"),
    [
        (FAKE, "a = 0, b = 1"),
        ("theorem fake_lt (n : ℕ) : n < n + 0", "n = 0"),
        ("theorem fake_sub (a b : ℕ) (h : b ≤ a) : a - b + b = b", "a = 1, b = 0"),
        ("theorem fake_div (a : ℚ) : a / a = 1", "a = 0"),
        # beyond the bounded enumeration: Z3 proposes, exact evaluation confirms
        ("theorem fake_big (n : ℕ) : 5000 < n → n ≠ 5003", "n = 5003"),
        ("theorem fake_prime (n : ℕ) (h : 100000 < n) : Nat.Prime n", "n = 100001"),
    ],
)
def test_guard_refutes_a_false_statement_with_its_counterexample(statement: str, expect: str) -> None:
    why = source_refutation(parse_declaration(statement))
    assert why == f"{REFUTED_REASON}; counterexample: {expect}"


@pytest.mark.parametrize(
    "statement",
    [
        GOOD,
        "theorem t_sub (a b : ℕ) (h : b ≤ a) : a - b + b = a",
        "theorem t_div (a : ℚ) (h : a ≠ 0) : a / a = 1",
        "theorem t_prime_two_le (p : ℕ) (hp : p.Prime) : 2 ≤ p",
        "theorem t_big (n : ℕ) : 5000 < n → n ≠ 4999",
        "theorem t_quad (n : ℕ) : n ^ 2 + n + 41 ≠ 1681 * 1681",
        # nothing to enumerate: the guard decides nothing and lets it through
        "theorem t_subset_trans (s t u : Set ℕ) (h₁ : s ⊆ t) (h₂ : t ⊆ u) : s ⊆ u",
        # true with an unbounded ∃ / ∀∃: the disproof finds its body satisfiable
        "theorem t_ex (a : ℕ) : ∃ n : ℕ, a < n",
        "theorem t_ex_sq : ∃ n : ℕ, n * n = 4",
        "theorem t_all_ex : ∀ m : ℤ, ∃ n : ℤ, n + m < n + 1",
        "theorem t_ex_real : ∃ x : ℝ, 2 * x + 1 = 0",
        # an empty type makes it true: Fin 0 is never disproved
        "theorem t_fin0 (x : Fin 0) : False",
    ],
)
def test_guard_passes_true_statements(statement: str) -> None:
    assert source_refutation(parse_declaration(statement)) is None


@pytest.mark.parametrize(
    "statement",
    [
        # adversary round 38: released TRUE (the unbounded ∃ defeats exact evaluation)
        "theorem fake_ex : ∃ n : ℕ, n + 1 < n",
        "theorem fake_all_ex : ∀ m : ℕ, ∃ n : ℕ, n + m < n",
        "theorem fake_ex_real : ∃ x : ℝ, x + 1 < x",
        "theorem fake_prime_ex : ∃ n : ℕ, Nat.Prime n ∧ n + 1 < n",
        "theorem fake_ex_param (a : ℕ) : ∃ n : ℕ, n + a < n",
    ],
)
def test_guard_disproves_a_false_unbounded_existential(statement: str) -> None:
    why = source_refutation(parse_declaration(statement))
    assert why is not None and why.startswith(REFUTED_REASON) and "Z3 proves that no values" in why


@pytest.mark.parametrize(
    "statement",
    [
        "theorem q_sqrt2 : ∃ q : ℚ, q * q = 2",  # false, but only over ℚ: ℚ is read as ℝ, no proof
        "theorem r_all_sq : ∀ x : ℝ, ∃ y : ℝ, y * y = x",  # false at x = -1: an inner ∃ is not linearized
        # true: never disproved
        "theorem r_sqrt2 : ∃ x : ℝ, x * x = 2",
        "theorem r_cube : ∃ x : ℝ, x ^ 3 < 0",
        "theorem r_golden : ∃ x : ℝ, x * x = x + 1",
        "theorem r_prod : ∃ x y : ℝ, x * y < 0",
    ],
)
def test_disproof_declines_what_it_cannot_prove(statement: str) -> None:
    from certibench.verify.backends.z3 import solver_disproof

    assert solver_disproof(parse_declaration(statement)) is None


@pytest.mark.parametrize(
    "statement",
    [
        # adversary round 41: released TRUE (nonlinear real arithmetic was declined)
        "theorem r_sq : ∃ x : ℝ, x * x < 0",
        "theorem r_sq1 : ∃ x : ℝ, x ^ 2 + 1 = 0",
        "theorem r_sq2 : ∃ x y : ℝ, x ^ 2 + y ^ 2 < 0",
        "theorem r_param (a : ℝ) : ∃ x : ℝ, x * x + a * a < 0",
        "theorem q_sq : ∃ q : ℚ, q * q < 0",  # quantifier-free once linearized: no ℝ solution, no ℚ one
    ],
)
def test_disproof_linearizes_nonlinear_real_arithmetic(statement: str) -> None:
    why = source_refutation(parse_declaration(statement))
    assert why is not None and "linear over-approximation" in why, why


@pytest.mark.parametrize(
    ("statement", "false"),
    [
        # adversaries 42/44 released these TRUE (their files' instances were missed, and the
        # guard could not refute them): Mathlib's facts about factorials and powers decide them
        ("theorem f1 : ∃ n : ℕ, n ! < n", True),
        ("theorem f2 : ∃ n : ℕ, Nat.factorial n + 1 = n", True),
        ("theorem f3 : ∃ n : ℕ, 2 ^ n < n", True),
        ("theorem f4 : ∃ n : ℕ, 3 ^ n ≤ n", True),
        # true: never disproved
        ("theorem t1 : ∃ n : ℕ, n ! = n", False),
        ("theorem t2 : ∃ n : ℕ, 2 ^ n = n + 1", False),
        ("theorem t3 : ∃ n : ℕ, n < n ! ∧ 5 < n", False),
    ],
)
def test_disproof_uses_mathlib_facts_about_factorials_and_powers(statement: str, false: bool) -> None:
    from certibench.verify.backends.z3 import solver_disproof

    assert (solver_disproof(parse_declaration(statement)) is not None) is false



def test_a_refuted_source_statement_is_not_released() -> None:
    for balance in (True, False):
        out = generate_statement(src(FAKE), ["F1", "F4"], seed=5, false_siblings=True, balance=balance)
        assert out.items == [] and out.review_queue == []
        assert out.error == f"{REFUTED_REASON}; counterexample: a = 0, b = 1"
    good = generate_statement(src(GOOD), ["F1"], seed=5, false_siblings=True, balance=False)
    assert good.error is None
    assert [it["ground_truth"] for it in good.items if it["family"] == "canonical"] == ["TRUE", "FALSE"]


def test_a_refuted_statement_takes_no_part_in_the_sibling_choice() -> None:
    opts = sibling_options(src(FAKE), seed=5)
    assert opts.options == [] and opts.error is not None and opts.error.startswith(REFUTED_REASON)


def test_generate_cli_drops_it_and_counts_the_reason(tmp_path: Path) -> None:
    lean = tmp_path / "Fake.lean"
    big = "theorem fake_big (n : ℕ) (h : 100000 < n) : Nat.Prime n"  # false only beyond the bounded search
    lean.write_text(f"{FAKE} := by\n  omega\n\n{GOOD} := by\n  omega\n\n{big} := by\n  simp\n", encoding="utf-8")
    out = tmp_path / "out" / "items.jsonl"
    res = CliRunner().invoke(
        app,
        ["generate", "--corpus", str(lean), "--false-siblings", "--no-balance", "-j", "0",
         "--out", str(out), "--seed", "5", "--families", "F1"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    items = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert items and {it["theorem_id"] for it in items} == {"good_add", "good_add__false"}
    report = json.loads((out.parent / "generation_report.json").read_text(encoding="utf-8"))
    assert report["statements_not_released"] == {REFUTED_REASON: 2}
    assert report["statements_released"] == 1


def test_the_guard_refutes_no_true_statement_of_the_bundled_release() -> None:
    """It costs the shipped release nothing: every TRUE canonical statement passes."""
    from tests.helpers import REPO

    release = REPO / "python" / "certibench" / "data" / "release" / "items.jsonl"
    rows = [json.loads(line) for line in release.read_text(encoding="utf-8").splitlines()]
    true = sorted({r["lean4_statement"] for r in rows if r["family"] == "canonical" and r["ground_truth"] == "TRUE"})
    assert len(true) > 200
    refuted = [(s, why) for s in true if (why := source_refutation(parse_declaration(s))) is not None]
    assert refuted == []


def test_the_solver_search_runs_only_where_its_resource_limit_decides() -> None:
    """Z3 counts its resource limit on integer arithmetic; on real arithmetic (nlsat) it can
    run for minutes without counting, and only the wall clock would stop it (a verdict that
    depends on the machine): there the solver search is not run, only the bounded one."""
    from certibench.verify.backends.z3 import solver_refutation

    assert solver_refutation(parse_declaration("theorem t (x : ℝ) (h : 100 < x) : x ^ 2 ≠ 20164")) is None
    assert source_refutation(parse_declaration("theorem fake_real (x : ℝ) (h : 100 < x) : x ^ 2 ≠ 20164")) is None
    ce = solver_refutation(parse_declaration("theorem t (a b : ℤ) (h : a * b = 123456) (h2 : 1000 < a) : b ≠ 96"))
    assert ce is not None and {v.name: v.text for v in ce.values}["b"] == "96"


def test_a_misformalised_minif2f_statement_is_refuted() -> None:
    """Real data: miniF2F's aime_1994_p3 states its recurrence for one x only, so it is false
    (x = 0 and f = 0 except f 19 = 94); the guard finds that."""
    from tests.helpers import shared_file

    path = shared_file("lean-statements/minif2f.jsonl")
    rows = {r.get("name") or r.get("id"): r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}
    stmt = rows["aime_1994_p3"]["formal_statement"].split(":=")[0]
    why = source_refutation(parse_declaration(stmt))
    assert why is not None and why.startswith(REFUTED_REASON) and "x = 0" in why and "19 ↦ 94" in why, why
    # the body of ∑/∏ is parsed at precedence 67 (Mathlib): `∏ k in range 6, 2 * k + 1` is
    # (∏ 2k) + 1 = 1, so mathd_numbertheory_343's "% 10 = 5" is false; induction_sum_odd's
    # `(∑ k in range n, 2 * k) + 1 = n ^ 2` fails at n = 0
    stmt = rows["mathd_numbertheory_343"]["formal_statement"].split(":=")[0]
    assert source_refutation(parse_declaration(stmt)) == (
        f"{REFUTED_REASON}; the statement has no variables and evaluates to False"), stmt
    stmt = rows["induction_sum_odd"]["formal_statement"].split(":=")[0]
    assert source_refutation(parse_declaration(stmt)) == f"{REFUTED_REASON}; counterexample: n = 0", stmt
    fixed = "theorem t : (∏ k in Finset.range 6, (2 * k + 1)) % 10 = 5"
    assert source_refutation(parse_declaration(fixed)) is None



def test_an_item_file_corpus_needs_trust_labels_and_honours_false_labels(tmp_path: Path) -> None:
    """Adversary round 45: statements of a JSONL item file were released TRUE without a proof,
    and an explicit "ground_truth": "FALSE" was ignored."""
    rows = [
        {"id": "ok1", "theorem_id": "ok1", "family": "canonical", "ground_truth": "TRUE",
         "lean4_statement": "theorem ok1 (a b : ℕ) (h : a < b) : a + 1 ≤ b"},
        {"id": "hid3", "theorem_id": "hid3", "family": "canonical", "ground_truth": "FALSE",
         "lean4_statement": "theorem hid3 (x : ℝ) (h : x ^ 3 = 2) : x < 1.2599"},
        {"id": "nolabel", "theorem_id": "nolabel", "family": "canonical",
         "lean4_statement": "theorem nolabel (n : ℕ) : n + 0 = n"},
    ]
    f = tmp_path / "in.jsonl"
    f.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "rel" / "items.jsonl"
    res = CliRunner().invoke(app, ["generate", "--corpus", str(f), "--out", str(out), "-j", "0", "--families", "notation"])
    assert res.exit_code == 2 and "--trust-labels" in res.output and not out.exists(), res.output
    res = CliRunner().invoke(app, ["generate", "--corpus", str(f), "--out", str(out), "-j", "0", "--families", "notation",
                                   "--trust-labels"])
    assert res.exit_code == 0, res.output
    assert "hid3: labelled FALSE in the input" in res.output.replace("\n", " ")
    items = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    canon = {it["theorem_id"]: it for it in items if it["family"] == "canonical"}
    assert set(canon) == {"ok1", "nolabel"}
    for it in canon.values():
        assert it["provenance"]["label_trusted"] is True
        assert "no proof was read" in it["certificate"]["reason"]
    from certibench.verify.recheck import recheck_path

    rows_out = {r.id: r for r in recheck_path(out)}
    assert rows_out["ok1__canonical"].status == "not-checkable"
    assert "input file's label" in rows_out["ok1__canonical"].reason
