"""Item generation: T1 rewrites certified by the certifier, T2 templates, T3 review marks,
certified-FALSE siblings with real counterexamples, determinism, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.generate.false_siblings import false_sibling, find_counterexample, mutations, peel
from certibench.generate.pipeline import (
    SourceStatement,
    generate_items,
    generate_statement,
    load_sources,
    write_items,
)
from certibench.logic.concrete import NotConcrete, concrete_value, value_from_json
from certibench.logic.parser import parse_expr, parse_prop
from tests.helpers import requires_lean

CORPUS = """
/-- @topic number_theory/primes/lower_bound -/
theorem t_prime_two_le (p : ℕ) (hp : p.Prime) : 2 ≤ p := hp.two_le

/-- @topic number_theory/parity/even_square -/
theorem t_even_sq (n : ℕ) (h : Even n) : Even (n ^ 2) := by sorry_free_placeholder

/-- @topic order/abs/bound -/
theorem t_abs_le (a b : ℤ) (h : |a| ≤ b) : -b ≤ a := (abs_le.mp h).1

/-- @topic sets/subset/trans -/
theorem t_subset_trans (s t u : Set ℕ) (h₁ : s ⊆ t) (h₂ : t ⊆ u) : s ⊆ u := h₁.trans h₂

/-- @topic broken -/
theorem t_broken (a : ℕ) : a + = 3 := rfl
"""


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    p = tmp_path_factory.mktemp("corpus") / "Small.lean"
    p.write_text(CORPUS, encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def outcomes(corpus_file: Path):
    sources, errors = load_sources(str(corpus_file))
    assert not errors
    return generate_items(sources, seed=7, false_siblings=True, timeout=5.0)


def test_sources_from_lean_file(corpus_file: Path) -> None:
    sources, _ = load_sources(str(corpus_file))
    assert [s.theorem_id for s in sources] == [
        "t_prime_two_le", "t_even_sq", "t_abs_le", "t_subset_trans", "t_broken",
    ]
    assert sources[0].topic == "number_theory/primes/lower_bound"
    assert sources[0].line == 3


def test_malformed_statement_is_reported_and_costs_only_itself(outcomes) -> None:
    by_id = {o.theorem_id: o for o in outcomes}
    assert by_id["t_broken"].error and "parse error" in by_id["t_broken"].error
    assert by_id["t_broken"].items == []
    for tid in ("t_prime_two_le", "t_abs_le", "t_subset_trans"):
        assert by_id[tid].error is None and len(by_id[tid].items) >= 4


def test_t1_items_are_certified_with_rule_trace(outcomes) -> None:
    t1 = [it for o in outcomes for it in o.items if it.get("tier") == "T1"]
    assert len(t1) >= 5
    for it in t1:
        cert = it["certificate"]
        assert cert["verdict"] == "certified", (it["id"], cert.get("reason"))
        trace = it["provenance"]["rule_trace"]
        assert trace and trace[0]["mathlib"]
        assert it["lean4_statement"] != next(
            c["lean4_statement"] for o in outcomes for c in o.items if c["id"] == f"{it['theorem_id']}__canonical"
        )
        # the formal statement of the paraphrase re-parses
        parse_prop(it["lean4_statement"].split(" : ", 1)[1] if it["lean4_statement"].startswith("theorem") else it["lean4_statement"])


def test_t1_item_recertifies_independently(outcomes) -> None:
    """Re-run the certifier on released T1 pairs from the texts alone, TRUE and FALSE
    classes alike (a rewrite chain is truth-agnostic), and replay their chains."""
    from certibench.verify.certifier import certify_pair
    from certibench.verify.recheck import recheck_certificate

    items = {it["id"]: it for o in outcomes for it in o.items}
    t1 = [it for it in items.values() if it.get("tier") == "T1"]
    assert {it["ground_truth"] for it in t1} == {"TRUE", "FALSE"}
    for it in t1:
        canon = items[f"{it['theorem_id']}__canonical"]
        res = certify_pair(canon["lean4_statement"], it["lean4_statement"], family=it["family"])
        assert (res.verdict, res.backend) == ("certified", "rewrite"), (it["id"], res.reason)
        assert recheck_certificate(it["id"], it["certificate"], it).status == "ok"


def test_t2_items_keep_the_formula_and_record_a_vetted_template(outcomes) -> None:
    t2 = [it for o in outcomes for it in o.items if it.get("tier") == "T2"]
    assert {it["family"] for it in t2} >= {"syntactic", "quantifier"}
    for it in t2:
        canon = next(c for o in outcomes for c in o.items if c["id"] == f"{it['theorem_id']}__canonical")
        assert it["lean4_statement"] == canon["lean4_statement"]
        assert it["nl_question"] != canon["nl_question"]
        assert it["provenance"]["template"]["vetted"] is True
        assert it["certificate"]["verdict"] == "certified"
        assert it["certificate"]["backend"] == "template"
        # the English is read back to the certified formula (the T2 guarantee, checked)
        assert it["certificate"]["english"]["round_trip"] is True


def test_passive_voice_on_divisibility_and_subsets(outcomes) -> None:
    passive = {it["theorem_id"]: it for o in outcomes for it in o.items if it["family"] == "passive"}
    assert "t_subset_trans" in passive
    assert "contains" in passive["t_subset_trans"]["nl_question"] or "superset" in passive["t_subset_trans"]["nl_question"]


def test_t3_items_go_to_the_review_queue_not_the_release(outcomes, tmp_path: Path) -> None:
    assert not any(it.get("tier") == "T3" for o in outcomes for it in o.items)
    t3 = [it for o in outcomes for it in o.review_queue]
    assert t3, "expected at least one connective-variation item in the review queue"
    for it in t3:
        assert it["certificate"]["verdict"] == "needs_review"
    # the queue file carries the canonicals, so `certibench review` can show both sides
    n = write_items(tmp_path / "q.jsonl", outcomes, queue=True)
    rows = [json.loads(line) for line in (tmp_path / "q.jsonl").read_text(encoding="utf-8").splitlines()]
    assert n == len(rows) and {r["family"] for r in rows} == {"canonical", "variation"}


def test_false_siblings_are_refuted_by_their_counterexample(outcomes) -> None:
    from certibench.verify.recheck import recheck_certificate

    sibs = [it for o in outcomes for it in o.items if it.get("ground_truth") == "FALSE" and it["family"] == "canonical"]
    assert len(sibs) >= 2
    for it in sibs:
        cert = it["certificate"]
        assert cert["verdict"] == "refuted"
        p = peel(parse_prop(it["lean4_statement"]))
        sorts = dict(p.vars)
        env = {k: value_from_json(v, sorts[k]) for k, v in cert["counterexample"].items()}
        assert all(concrete_value(h, env) for h in p.hyps)
        assert concrete_value(p.concl, env) is False
        assert it["theorem_id"].endswith("__false") and it["provenance"]["sibling_of"]
        assert recheck_certificate(it["id"], cert, it).status == "ok"
    # balanced: every released family has its TRUE and its FALSE item
    released = [it for o in outcomes for it in o.items]
    n_false = sum(1 for it in released if it["ground_truth"] == "FALSE")
    assert n_false * 2 == len(released)


def test_same_seed_byte_identical_and_other_seed_differs(tmp_path: Path, corpus_file: Path) -> None:
    sources, _ = load_sources(str(corpus_file))
    a = write_items(tmp_path / "a.jsonl", generate_items(sources, seed=3, false_siblings=True, timeout=5.0))
    b = write_items(tmp_path / "b.jsonl", generate_items(sources, seed=3, false_siblings=True, timeout=5.0, jobs=2))
    assert a == b
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    write_items(tmp_path / "c.jsonl", generate_items(sources, seed=4, false_siblings=True, timeout=5.0))
    assert (tmp_path / "c.jsonl").read_bytes() != (tmp_path / "a.jsonl").read_bytes()


def test_items_load_as_schema_items(tmp_path: Path, outcomes) -> None:
    from certibench.io import load_records
    from certibench.schema import Item

    write_items(tmp_path / "x.jsonl", outcomes)
    items, errors = load_records(tmp_path / "x.jsonl", Item)
    assert not errors and len(items) == sum(len(o.items) for o in outcomes)
    assert all(it.nl_question.endswith(("TRUE or FALSE?", "?", ".")) for it in items)


def test_cli_generate_with_proofs(tmp_path: Path, corpus_file: Path) -> None:
    out = tmp_path / "items.jsonl"
    res = CliRunner().invoke(
        app, ["generate", "--corpus", str(corpus_file), "--out", str(out), "--proofs", str(tmp_path / "proofs"),
              "--false-siblings", "--jobs", "1", "--families", "F6,order,F8"],
    )
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {r["family"] for r in rows} <= {"canonical", "order", "equivalent"}
    manifest = json.loads((tmp_path / "proofs" / "MANIFEST.json").read_text())
    assert manifest["verdicts"].get("certified", 0) >= 2
    assert len(list((tmp_path / "proofs" / "certificates").glob("*.json"))) == sum(manifest["verdicts"].values())
    lean = (tmp_path / "proofs" / "Chains.lean").read_text(encoding="utf-8")
    t1_certified = [r for r in rows if r.get("tier") == "T1" and r["certificate"]["verdict"] == "certified"]
    assert lean.count("\ntheorem ") == manifest["lean"]["proofs"] == len(t1_certified) >= 1
    assert "sorry" not in lean and "admit" not in lean
    for name in ("release.json", "review_queue.jsonl", "generation_report.json"):
        assert (tmp_path / name).exists()
    meta = json.loads((tmp_path / "release.json").read_text())
    assert meta["digest"].startswith("sha256:") and meta["certificate_format"] == 2
    res = CliRunner().invoke(app, ["recheck", str(tmp_path / "proofs")])
    assert res.exit_code == 0, res.output


def test_cli_generate_errors(tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["generate", "--corpus", str(tmp_path / "nope.lean"), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2
    res = CliRunner().invoke(app, ["generate", "--families", "F9", "--out", str(tmp_path / "o")])
    assert res.exit_code == 2


# -- the pieces ---------------------------------------------------------------------


def test_ground_evaluation_has_lean_semantics() -> None:
    env = {"a": 3, "b": 5}
    nat = {"a": parse_expr("a", {}).sort}
    del nat
    assert concrete_value(parse_prop("(3 : ℕ) - 5 = 0"), {}) is True
    assert concrete_value(parse_prop("(7 : ℕ) / 0 = 0"), {}) is True
    assert concrete_value(parse_prop("(7 : ℕ) % 0 = 7"), {}) is True
    assert concrete_value(parse_prop("(-7 : ℤ) % 3 = 2"), {}) is True
    assert concrete_value(parse_prop("(-7 : ℤ) / 3 = -3"), {}) is True
    assert concrete_value(parse_prop("(7 : ℤ) / -2 = -3"), {}) is True
    assert concrete_value(parse_prop("(1 : ℝ) / 0 = 0"), {}) is True
    assert concrete_value(parse_prop("(0 : ℕ) ∣ 0"), {}) is True
    assert concrete_value(parse_prop("Nat.Prime 97"), {}) is True
    assert concrete_value(parse_prop("Nat.Prime 91"), {}) is False
    assert env == {"a": 3, "b": 5}
    with pytest.raises(NotConcrete):
        concrete_value(parse_prop("∀ n : ℕ, n = n"), {})
    with pytest.raises(NotConcrete):
        concrete_value(parse_prop("Real.sqrt 2 > 1"), {})


def test_mutations_cover_every_edit_kind() -> None:
    kinds = {m.kind for m in mutations(parse_prop("∀ n : ℕ, 0 < n → ∃ m : ℕ, m < n"))}
    assert kinds == {"constant", "swapped_operands", "strictness", "dropped_hypothesis", "swapped_quantifier"}
    kinds = {m.kind for m in mutations(parse_prop("∀ a b : ℕ, a + 2 = b → 3 ≤ b + a"))}
    assert {"variable", "constant_reused", "relation", "swapped_operands", "strictness"} <= kinds
    # a variable's only occurrence is never renamed (the statement would not mention it)
    assert not any(m.kind == "variable" for m in mutations(parse_prop("∀ a b : ℕ, a ≤ a + b")) if m.before == "b")


def test_sibling_prefers_edits_that_add_no_word() -> None:
    """`=` ⇄ `≠` adds "not" to the English and a shifted numeral adds a new number: both are
    tells a classifier reads; an edit of the first tier is taken whenever one is refutable.
    `a + b = b + a` has none that is not degenerate (`a + b = a + a`): it gets an operation
    edit (`a * b = b + a`), still not a negation."""
    first_tier = ("swapped_operands", "swapped_variables", "variable", "constant_reused", "strictness")
    for text, allowed in (("∀ a b : ℕ, a + b = b + a", ("operation",)), ("∀ a b : ℕ, a - b ≤ a", first_tier),
                          ("∀ a b : ℕ, a ≤ a + b", first_tier)):
        sib = false_sibling(parse_prop(text), seed=0, key=text)
        assert sib is not None and sib.mutation.kind in allowed, (text, sib and sib.mutation)


def test_prime_sibling_has_the_smallest_counterexample() -> None:
    prop = parse_prop("∀ p : ℕ, p.Prime → 3 ≤ p")
    assert find_counterexample(prop) == {"p": 2}
    assert find_counterexample(parse_prop("∀ p : ℕ, p.Prime → 2 ≤ p")) is None
    sib = false_sibling(parse_prop("∀ p : ℕ, p.Prime → 2 ≤ p"), seed=0, key="k")
    assert sib is not None and sib.counterexample


def test_no_sibling_without_a_concrete_domain() -> None:
    src = SourceStatement(theorem_id="g", statement="theorem g {α : Type*} [LinearOrder α] (a : α) : a ≤ a", source="t")
    out = generate_statement(src, ["F6"], seed=0, false_siblings=True, balance=False)
    assert out.error is None
    assert "false_sibling" in out.skipped
    assert not any(it.get("ground_truth") == "FALSE" for it in out.items)
    # a balanced release leaves such a statement out, with the reason
    out = generate_statement(src, ["F6"], seed=0, false_siblings=True)
    assert out.items == [] and out.error and "no FALSE sibling" in out.error


@requires_lean
def test_release_lean_batch_checks_with_lean(repo_root: Path) -> None:
    """Where a Lean 4 + Mathlib toolchain exists, the release's generalized goals must check."""
    import subprocess

    proc = subprocess.run(["lake", "env", "lean", "proofs/Release.lean"], cwd=repo_root, capture_output=True,
                          text=True, timeout=3600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    assert "sorryAx" not in proc.stdout


def test_integer_predicates_on_fields_are_not_evaluated_as_parity() -> None:
    """In Lean every real is Even (x = x/2 + x/2): integer parity would be a false counterexample."""
    assert find_counterexample(parse_prop("∀ x : ℝ, Even x")) is None
    assert find_counterexample(parse_prop("∀ x : ℝ, 0 < x → Odd x")) is None
    with pytest.raises(NotConcrete):
        concrete_value(parse_prop("Even (1 : ℝ)"), {})


def test_huge_powers_and_unsampled_domains_are_declined_quickly() -> None:
    import time

    t0 = time.perf_counter()
    assert false_sibling(parse_prop("((((((2:ℕ)^64)^64)^64)^64)^64) = 0 ∨ True"), seed=0, key="k") is None
    assert time.perf_counter() - t0 < 5
    assert find_counterexample(parse_prop("∀ (s : Set ℕ) (x : ℕ), x ∈ s → x ∈ s")) is None


def test_a_statement_that_hits_the_safety_limit_is_reported_and_releases_nothing() -> None:
    """The wall-clock safety net (a runaway worker) costs that statement: no item is
    released half-checked, and the reason is kept for the report."""
    from certibench.generate.pipeline import _failed

    src = SourceStatement(theorem_id="p", statement="theorem p (n : ℕ) (h : 0 < n) : 1 ≤ n", source="t")
    out = _failed((src, ("F1", "F6"), 0, True, True, 10.0, None), "hard timeout after 600 s")
    assert out.items == [] and out.error and out.error.startswith("safety limit")


def test_recorded_command_leaves_out_where_the_work_ran() -> None:
    """release.json and the proofs manifest are byte-identical for any -j or executor, so
    the command they record names what was made, not where it ran."""
    from certibench.generate.release import release_command

    argv = ["generate", "--corpus", "bundled", "-j", "2", "--out", "o.jsonl", "-j2", "--jobs=3", "--executor", "ray",
            "--ray-address=auto", "--seed", "0"]  # fmt: skip
    assert release_command(argv) == "certibench generate --corpus bundled --out o.jsonl --seed 0"
    assert release_command(["generate", "--out", "a b.jsonl"]) == "certibench generate --out 'a b.jsonl'"
