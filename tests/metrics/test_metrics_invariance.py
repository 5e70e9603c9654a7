"""Invariance metrics, the response table, the unanimity audit and family weights."""

from __future__ import annotations

import math

import numpy as np
import pytest

from certibench.io import RecordValidationError
from certibench.metrics.audit import audit, default_min_models, flag_items
from certibench.metrics.families_map import KNOWN_FAMILIES, family_name
from certibench.metrics.invariance import invariance_by, invariance_metrics, per_theorem_loop, split_by
from certibench.metrics.table import build_table, load_table
from certibench.metrics.weights import select, solve_weights
from certibench.schema import Item
from tests._metrics_synth import family_rate_items, forminv_items, random_responses, rate_responses
from tests.helpers import REPO, digests_under_blas_threads, shared_file


@pytest.fixture(scope="module")
def v3_items() -> list[Item]:
    return forminv_items(shared_file("forminv/forminv_v3_103.jsonl"))


def _items(spec: list[tuple[str, str, str]]) -> list[Item]:
    return [Item(id=i, theorem_id=t, family=f) for i, t, f in spec]


# ------------------------------------------------------------------ table


def test_perfect_model_on_real_items(v3_items: list[Item]) -> None:
    resp = [{"item_id": it.id, "model": "oracle", "correct": True} for it in v3_items]
    t = build_table(v3_items, resp)
    assert t.n_items == 760 and t.n_theorems == 103 and t.models == ["oracle"]
    m = invariance_metrics(t)["oracle"]
    assert m["accuracy"] == 1.0 and m["scr"] == 1.0
    assert m["mean_ig"] == 0.0 and m["rms_ig"] == 0.0 and m["share_ig_gt_010"] == 0.0
    assert m["cir"] == 0.0  # canonical right everywhere, no paraphrase wrong
    assert set(m["family_failure_rates"]) == set(KNOWN_FAMILIES)
    assert all(v == 0.0 for v in m["family_failure_rates"].values())
    assert m["family_counts"]["variation"] == 26 and m["family_counts"]["order"] == 24


def test_hand_computed_small_case() -> None:
    items = _items(
        [
            ("a0", "A", "canonical"),
            ("a1", "A", "F1"),
            ("a2", "A", "quantifier"),
            ("b0", "B", "canonical"),
            ("b1", "B", "syntactic"),
        ]
    )
    resp = [
        {"item_id": "a0", "model": "m", "correct": True},
        {"item_id": "a1", "model": "m", "correct": False},
        {"item_id": "a2", "model": "m", "correct": True},
        {"item_id": "b0", "model": "m", "correct": False},
        {"item_id": "b1", "model": "m", "correct": True},
    ]
    m = invariance_metrics(build_table(items, resp))["m"]
    ig_a, ig_b = math.sqrt(2 / 3 * 1 / 3), 0.5
    assert m["accuracy"] == pytest.approx(3 / 5)
    assert m["theorem_accuracy"] == pytest.approx((2 / 3 + 1 / 2) / 2)
    assert m["mean_ig"] == pytest.approx((ig_a + ig_b) / 2)
    assert m["rms_ig"] == pytest.approx(math.sqrt((ig_a**2 + ig_b**2) / 2))
    assert m["share_ig_gt_010"] == 1.0
    assert m["scr"] == 0.0
    # CIR: only A has a correct canonical, and A has a wrong paraphrase -> 1/1
    assert m["cir"] == 1.0 and m["n_cir_theorems"] == 1
    # F1 maps to syntactic: 1 wrong of 2
    assert m["family_failure_rates"] == {"syntactic": 0.5, "quantifier": 0.0}
    assert m["canonical_accuracy"] == 0.5


def test_samples_mean_for_accuracy_majority_for_scr_and_errors() -> None:
    items = _items([("c", "T", "canonical"), ("p", "T", "passive")])
    resp = [
        # canonical: 2 of 3 samples right -> p = 2/3, majority right
        {"item_id": "c", "model": "m", "correct": True, "sample": 0},
        {"item_id": "c", "model": "m", "correct": True, "sample": 1},
        {"item_id": "c", "model": "m", "correct": False, "sample": 2},
        # paraphrase: 1 of 2 right -> p = 1/2, a tie is wrong; sample 1 errored (counts wrong)
        {"item_id": "p", "model": "m", "correct": True, "sample": 0},
        {"item_id": "p", "model": "m", "correct": True, "sample": 1, "error": "timeout"},
        # a repeated (item, model, sample) with sample > 0 is skipped and reported
        {"item_id": "c", "model": "m", "correct": False, "sample": 2},
    ]
    t = build_table(items, resp)
    assert len(t.warnings) == 1 and t.warnings[0].line == 6 and t.warnings[0].field == "sample"
    m = invariance_metrics(t)["m"]
    assert m["accuracy"] == pytest.approx((2 / 3 + 1 / 2) / 2)
    pbar = (2 / 3 + 1 / 2) / 2
    assert m["mean_ig"] == pytest.approx(math.sqrt(pbar * (1 - pbar)))
    assert m["scr"] == 0.0 and m["cir"] == 1.0
    assert m["n_errors"] == 1 and m["n_responses"] == 5 and m["error_rate"] == pytest.approx(0.2)


def test_validation_messages_and_strict(tmp_path) -> None:
    items_p = tmp_path / "items.jsonl"
    items_p.write_text(
        '{"id": "x", "theorem_id": "T", "family": "canonical"}\n{"id": "y", "theorem_id": "T", "family": "F2"}\n'
    )
    resp_p = tmp_path / "r.jsonl"
    resp_p.write_text(
        '{"item_id": "x", "model": "m", "correct": true}\n'
        '{"item_id": "zz", "model": "m", "correct": true}\n'
        '{"item_id": "x", "model": "m", "correct": false}\n'
        '{"item_id": "y", "model": "m"}\n'
        '{"item_id": "y", "correct": true}\n'
        '{"item_id": "y", "model": "m", "correct": "yes"}\n'
        "{oops\n"
        '{"item_id": "y", "model": "m", "correct": false, "sample": 0}\n'
    )
    t = load_table(items_p, resp_p)
    msgs = [str(w) for w in t.warnings]
    assert len(msgs) == 6
    assert msgs[0].startswith(f"{resp_p}:2: field 'item_id'") and "unknown item id 'zz'" in msgs[0]
    assert msgs[1].startswith(f"{resp_p}:3: field 'sample'") and "first seen at line 1" in msgs[1]
    assert msgs[2].startswith(f"{resp_p}:4: field 'correct'")
    assert msgs[3].startswith(f"{resp_p}:5: field 'model'")
    assert msgs[4].startswith(f"{resp_p}:6: field 'correct'")
    assert msgs[5].startswith(f"{resp_p}:7:") and "invalid JSON" in msgs[5]
    # the good rows survive: x right (first kept), y wrong
    m = invariance_metrics(t)["m"]
    assert m["accuracy"] == 0.5 and m["family_failure_rates"] == {"quantifier": 1.0}
    with pytest.raises(RecordValidationError, match=r":2: field 'item_id'"):
        load_table(items_p, resp_p, strict=True)


def test_matches_plain_python_loop_on_real_items(v3_items: list[Item]) -> None:
    resp = random_responses(v3_items, {"a": 0.4, "b": 0.7, "c": 0.95}, seed=3)
    got = invariance_metrics(build_table(v3_items, resp))
    ref = per_theorem_loop(
        [it.class_id for it in v3_items],
        [it.id for it in v3_items],
        {(r["item_id"], r["model"]): r["correct"] for r in resp},
    )
    for m in ("a", "b", "c"):
        for k in ("accuracy", "scr", "mean_ig"):
            assert got[m][k] == pytest.approx(ref[m][k], abs=1e-12)


def test_family_ids_and_new_families_are_first_class() -> None:
    assert (
        family_name("F5") == "variation"
        and family_name("f8") == "equivalent"
        and family_name(None) == "canonical"
    )
    assert family_name("problem_understanding") == "problem_understanding"
    items = _items([("c", "T", "canonical"), ("u", "T", "problem_understanding"), ("v", "T", "F5")])
    resp = [
        {"item_id": "c", "model": "m", "correct": True},
        {"item_id": "u", "model": "m", "correct": False},
        {"item_id": "v", "model": "m", "correct": True},
    ]
    t = build_table(items, resp)
    assert t.paraphrase_families == ["variation", "problem_understanding"]
    assert invariance_metrics(t)["m"]["family_failure_rates"] == {
        "variation": 0.0,
        "problem_understanding": 1.0,
    }


def test_split_by_domain_matches_subsets(v3_items: list[Item]) -> None:
    resp = random_responses(v3_items, {"a": 0.6, "b": 0.8}, seed=5)
    t = build_table(v3_items, resp)
    groups = split_by(t, "domain")
    assert sum(g.n_items for g in groups.values()) == 760
    by = invariance_by(t, "domain")
    assert set(by) == {it.model_extra["domain"] for it in v3_items}
    alg_items = [it for it in v3_items if it.model_extra["domain"] == "algebra"]
    alone = invariance_metrics(
        build_table(alg_items, [r for r in resp if r["item_id"] in {i.id for i in alg_items}])
    )
    for k in ("accuracy", "scr", "mean_ig", "cir"):
        assert by["algebra"]["a"][k] == pytest.approx(alone["a"][k])
    # tier is normalised by the schema (tier1 -> T1)
    assert set(invariance_by(t, "tier")) == {"T1", "T2", "T3"}
    with pytest.raises(KeyError):
        t.item_field("no_such_field")


# ------------------------------------------------------------------ audit


def test_default_k_scales_with_panel() -> None:
    assert [default_min_models(n) for n in (1, 3, 9, 10, 20)] == [1, 2, 6, 7, 14]


def _audit_case() -> tuple[list[Item], list[dict]]:
    """3 models.  Paraphrase p1: 2 models right-on-canonical & wrong-on-p1 (joint 2).
    Paraphrase p2: models A,B right on canonical T2; C wrong on canonical; p2 wrong for A? no:
    p2 wrong for C (and B), so marginal counts: canon ok 2, para wrong 2, joint only 1."""
    items = _items(
        [
            ("c1", "T1", "canonical"),
            ("p1", "T1", "syntactic"),
            ("c2", "T2", "canonical"),
            ("p2", "T2", "syntactic"),
            ("q2", "T2", "order"),
            ("lone", "T3", "notation"),
        ]
    )
    rows = {
        "A": {"c1": 1, "p1": 0, "c2": 1, "p2": 1, "q2": 1, "lone": 0},
        "B": {"c1": 1, "p1": 0, "c2": 1, "p2": 0, "q2": 1, "lone": 0},
        "C": {"c1": 0, "p1": 0, "c2": 0, "p2": 0, "q2": 0, "lone": 0},
    }
    resp = [{"item_id": i, "model": m, "correct": bool(v)} for m, r in rows.items() for i, v in r.items()]
    return items, resp


def test_audit_joint_vs_marginal() -> None:
    items, resp = _audit_case()
    t = build_table(items, resp)
    joint = audit(t, min_models=2, rule="joint")
    marg = audit(t, min_models=2, rule="marginal")
    assert joint["flagged"] == ["p1"]
    assert marg["flagged"] == ["p1", "p2"]
    assert joint["n_unauditable"] == 1  # 'lone' has no canonical item
    d = {x["item_id"]: x for x in marg["flagged_detail"]}
    assert (d["p2"]["n_joint"], d["p2"]["n_canon_correct"], d["p2"]["n_para_wrong"]) == (1, 2, 2)
    assert default_min_models(3) == 2 and audit(t)["min_models"] == 2
    # rankings by SCR with and without the flagged p1: A gains T1 once p1 is removed
    w = {r["model"]: r["scr"] for r in joint["rankings_with"]}
    wo = {r["model"]: r["scr"] for r in joint["rankings_without"]}
    assert w == {"A": 1 / 3, "B": 0.0, "C": 0.0}
    assert wo == {"A": 2 / 3, "B": 1 / 3, "C": 0.0}
    with pytest.raises(ValueError):
        audit(t, rule="both")


def test_cir_uses_audit_clean_paraphrases_only() -> None:
    items, resp = _audit_case()
    t = build_table(items, resp)
    flagged, _ = flag_items(t, min_models=2, rule="joint")
    m = invariance_metrics(t, flagged)
    # A: T1 canonical ok, its only paraphrase p1 is flagged -> T1 leaves CIR; T2 all right -> CIR 0
    assert m["A"]["cir"] == 0.0 and m["A"]["cir_all"] == 0.5
    # B: T2 p2 wrong (clean) -> 1 of 1
    assert m["B"]["cir"] == 1.0


def test_theorem_stats_from_a_base_equal_a_fresh_computation() -> None:
    """The report computes the exclude-free statistics once (audit) and only the clean-
    paraphrase sums again: every array equals a fresh ``theorem_stats(table, exclude)``."""
    from dataclasses import fields

    from certibench.metrics.invariance import theorem_stats

    items, resp = _audit_case()
    t = build_table(items, resp)
    base = theorem_stats(t)
    for rule in ("joint", "marginal"):
        flagged, _ = flag_items(t, min_models=2, rule=rule)
        assert flagged.any()
        got, want = theorem_stats(t, flagged, base=base), theorem_stats(t, flagged)
        for f in fields(want):
            assert np.array_equal(getattr(got, f.name), getattr(want, f.name)), (rule, f.name)
        assert not np.array_equal(got.cir_den, base.cir_den)  # the exclusion changed something
    assert theorem_stats(t, np.zeros(t.n_items, bool), base=base) is base


# ------------------------------------------------------------------ weights


def test_lp_finds_weights_realising_target() -> None:
    fams = ["syntactic", "order"]
    rates = {
        "A": {"syntactic": 0.1, "order": 0.6},
        "B": {"syntactic": 0.5, "order": 0.2},
        "C": {"syntactic": 0.4, "order": 0.4},
    }
    t = build_table(family_rate_items(20, fams), rate_responses(20, rates))
    for target in (["A", "C", "B"], ["B", "C", "A"]):
        sol = solve_weights(t, target)
        assert sol["feasible"] and sol["margin"] > 0
        lam = sol["weights"]
        assert sum(lam.values()) == pytest.approx(1.0) and min(lam.values()) >= -1e-12
        wf = [sum(lam[f] * rates[m][f] for f in fams) for m in target]
        assert wf[0] < wf[1] < wf[2]
        assert [sol["weighted_failure"][m] for m in target] == pytest.approx(wf)


def test_lp_reports_dominated_single_and_conflicting_pair() -> None:
    fams = ["syntactic", "order"]
    rates = {
        "A": {"syntactic": 0.1, "order": 0.9},
        "B": {"syntactic": 0.5, "order": 0.5},
        "C": {"syntactic": 0.1, "order": 0.9},
        "D": {"syntactic": 0.6, "order": 0.6},
    }
    t = build_table(family_rate_items(10, fams), rate_responses(10, rates))
    dom = solve_weights(t, ["D", "B"])
    assert not dom["feasible"] and len(dom["conflict"]) == 1
    assert dom["conflict"][0]["above"] == "D" and "every family" in dom["reason"]
    pair = solve_weights(t, ["A", "B", "C"])  # A>B needs syntactic weight, B>C needs order weight
    assert not pair["feasible"]
    assert [(c["above"], c["below"]) for c in pair["conflict"]] == [("A", "B"), ("B", "C")]
    assert pair["conflict"][0]["families_where_above_fails_less"] == ["syntactic"]
    assert pair["conflict"][1]["families_where_above_fails_less"] == ["order"]
    with pytest.raises(ValueError, match="unknown model"):
        solve_weights(t, ["A", "Z"])


def test_selector_ranks_and_reports_gaps() -> None:
    fams = ["syntactic", "order"]
    rates = {"A": {"syntactic": 0.1, "order": 0.6}, "B": {"syntactic": 0.5, "order": 0.2}}
    items = family_rate_items(20, fams)
    resp = rate_responses(20, rates) + [
        {"item_id": f"t{t}_canonical", "model": "G", "correct": True} for t in range(20)
    ]
    resp += [{"item_id": f"t{t}_syntactic", "model": "G", "correct": True} for t in range(20)]
    t = build_table(items, resp)
    sel = select(t, {"F1": 1, "order": 3}, n_boot=300, seed=1)
    assert sel["regime"] == {"syntactic": 0.25, "order": 0.75}
    rows = {r["model"]: r for r in sel["ranking"]}
    assert rows["B"]["expected_failure"] == pytest.approx(0.25 * 0.5 + 0.75 * 0.2)
    assert rows["A"]["expected_failure"] == pytest.approx(0.25 * 0.1 + 0.75 * 0.6)
    assert [r["model"] for r in sel["ranking"]] == ["B", "A", "G"]
    assert (
        rows["G"]["expected_failure"] is None and rows["G"]["gaps"] == ["order"] and rows["G"]["rank"] is None
    )
    for m in ("A", "B"):
        lo, hi = rows[m]["ci"]
        assert lo <= rows[m]["expected_failure"] <= hi
    assert rows["B"]["p_best"] > 0.95
    assert select(t, {"unpack": 1}, n_boot=0)["families_absent_from_data"] == ["unpack"]
    with pytest.raises(ValueError):
        select(t, {"order": -1})


def test_table_is_columnar_and_consistent(v3_items: list[Item]) -> None:
    resp = random_responses(v3_items, {"a": 0.5}, seed=9)
    t = build_table(v3_items, resp)
    assert t.p.shape == (760, 1) and t.maj.dtype == np.float64
    assert np.array_equal(t.p[:, 0], np.asarray([float(r["correct"]) for r in resp]))


def test_family_names_come_from_the_family_specs(tmp_path, monkeypatch) -> None:
    """The metric layer's F-id table is read from families/*.toml, not written down twice:
    a spec directory with a ninth family is picked up, and the real one gives F1-F8."""
    import shutil

    from certibench.families.registry import all_families, families_dir
    from certibench.metrics import families_map as fm

    assert fm.FAMILY_IDS == {s.id: s.name for s in all_families()}
    assert fm.KNOWN_FAMILIES[:2] == ("syntactic", "quantifier") and len(fm.KNOWN_FAMILIES) == 8
    specs = tmp_path / "families"
    shutil.copytree(families_dir(), specs)
    (specs / "F9_scramble.toml").write_text(
        'id = "F9"\nname = "scramble"\ntier = "T3"\ntitle = "t"\ndescription = "d"\n', encoding="utf-8"
    )
    monkeypatch.setenv("CERTIBENCH_FAMILIES_DIR", str(specs))
    fm._ids.cache_clear()
    fm._names_to_ids.cache_clear()
    try:
        assert fm.FAMILY_IDS["F9"] == "scramble" and fm.family_name("f9") == "scramble"
        assert sorted(["scramble", "zeta", "canonical", "order"], key=fm.family_sort_key) == [
            "canonical", "order", "scramble", "zeta"]
    finally:
        monkeypatch.delenv("CERTIBENCH_FAMILIES_DIR")
        fm._ids.cache_clear()
        fm._names_to_ids.cache_clear()
    assert "F9" not in fm.FAMILY_IDS


def test_duplicate_item_ids_name_their_lines(tmp_path) -> None:
    from certibench.io import load_items

    p = tmp_path / "items.jsonl"
    p.write_text(
        '{"id": "a", "theorem_id": "T"}\n'
        "\n"
        '{"id": "", "theorem_id": "T"}\n'
        '{"id": "b", "theorem_id": "T", "family": "F1"}\n'
        '{"id": "a", "theorem_id": "U"}\n'
    )
    items, errs = load_items(p)
    assert [it.id for it in items] == ["a", "b"] and items[0].theorem_id == "T"
    msgs = [str(e) for e in errs]
    assert msgs[0].startswith(f"{p}:3: field 'id'")
    assert msgs[1].startswith(f"{p}:5: field 'id': duplicate item id 'a' (first at line 1")
    with pytest.raises(RecordValidationError, match=":3: field 'id'"):
        load_items(p, strict=True)


def test_audit_ignores_unparsed_answers_but_metrics_count_them_wrong() -> None:
    items = _items([("c", "T", "canonical"), ("p", "T", "syntactic")])
    resp = [{"item_id": "c", "model": m, "correct": True, "parsed": "TRUE"} for m in ("A", "B", "C")]
    resp += [
        {"item_id": "p", "model": "A", "correct": False, "parsed": "FALSE"},
        {"item_id": "p", "model": "B", "correct": False, "parsed": None},  # unparseable reply
        {"item_id": "p", "model": "C", "correct": False, "error": "HTTP 500"},  # transport error
    ]
    t = build_table(items, resp)
    assert audit(t, min_models=1)["flagged"] == ["p"]
    a2 = audit(t, min_models=2, rule="marginal")
    assert a2["flagged"] == [] and a2["flagged_detail"] == []
    m = invariance_metrics(t)
    assert m["B"]["family_failure_rates"]["syntactic"] == 1.0 and m["B"]["n_unparsed"] == 1
    assert m["C"]["n_errors"] == 1 and m["C"]["n_unparsed"] == 1 and m["A"]["n_unparsed"] == 0
    # a file without any `parsed` key treats every answer as parsed
    t2 = build_table(items, [{k: v for k, v in r.items() if k != "parsed"} for r in resp if "error" not in r])
    assert audit(t2, min_models=2)["flagged"] == ["p"]


def test_benchmark_script_runs_small(capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/metrics_bench.py at toy size: it cross-checks the vectorised metrics against
    its per-theorem Python loop (an assertion inside the script) and prints one row per size."""
    import importlib.util

    path = REPO / "benchmarks" / "metrics_bench.py"
    spec = importlib.util.spec_from_file_location("metrics_bench", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert (
        mod.main(
            ["--sizes", "3600,7200", "--models", "4", "--n-boot", "20", "--n-perm", "5", "--read-max", "4000"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "responses" in out and "growth x2" in out


def test_equivalence_graph_of_real_items(v3_items: list[Item]) -> None:
    t = build_table(v3_items, [{"item_id": v3_items[0].id, "model": "m", "correct": True}])
    g = t.equivalence_graph()
    theorems = [n for n, d in g.nodes(data=True) if d["kind"] == "theorem"]
    assert len(theorems) == 103 and g.number_of_edges() == 760
    sizes = sorted(g.out_degree(n) for n in theorems)
    assert sizes[0] == 6 and sizes[-1] == 9
    fams = {g.nodes[c]["family"] for c in g.successors(("theorem", "thm_0000_nat_prime_two_le"))}
    assert "canonical" in fams and "syntactic" in fams


def test_audit_k_larger_than_the_panel_and_unknown_regime_family_are_errors() -> None:
    from certibench.metrics.audit import audit
    from certibench.metrics.weights import select

    items = family_rate_items(6, ["order", "unpack"])
    table = build_table(items, rate_responses(6, {"m1": {"order": 0.5, "unpack": 0.0}, "m2": {"order": 0.0, "unpack": 0.5}}))
    with pytest.raises(ValueError, match="exceeds the panel"):
        audit(table, min_models=table.n_models + 1)
    with pytest.raises(ValueError, match="unknown family 'bogus'"):
        select(table, {"F7": 1.0, "bogus": 1.0}, n_boot=0)
    assert select(table, {"F7": 1.0, "order": 1.0}, n_boot=0)["ranking"]


@pytest.mark.parametrize(("n_groups", "run", "width"), [(625, 8, 20), (7, 3, 1), (50, 1, 4), (40, 5, 0), (9, 4, None)])
def test_group_sums_of_runs_are_bincount_bit_for_bit(n_groups: int, run: int, width: int | None) -> None:
    """Items sorted by theorem in equal runs (generated files) are summed run by run, not
    with a key per cell: the additions are bincount's (0 + a + b + ...), so the bits are."""
    from certibench.metrics.invariance import GroupSum

    rng = np.random.default_rng(n_groups * run)
    groups = np.repeat(np.arange(n_groups), run)
    fast, ref = GroupSum(groups, n_groups), GroupSum(groups, n_groups)
    assert fast._run == run
    ref._run = 0  # the bincount path
    shape = (groups.size,) if width is None else (groups.size, width)
    for x in (rng.random(shape) / 3, (rng.random(shape) < 0.5) * 1.0, np.where(rng.random(shape) < 0.1, -0.0, rng.random(shape) * 1e-17 + 1 / 7)):
        if x.size:
            x[tuple(rng.integers(0, s) for s in shape)] = np.nan
        a, b = fast @ x, ref @ x
        assert a.shape == b.shape == (n_groups, *shape[1:])
        assert np.array_equal(a, b, equal_nan=True) and np.array_equal(np.signbit(a), np.signbit(b))
    flags = rng.random(shape) < 0.4  # boolean cells are counted, not summed as floats: same numbers
    for s in (fast, ref):
        got = s @ flags
        assert got.dtype == np.float64 and np.array_equal(got, ref @ flags.astype(np.float64))


def test_group_sums_fall_back_to_bincount_off_runs() -> None:
    from certibench.metrics.invariance import GroupSum

    swapped = np.repeat(np.arange(10), 3)
    swapped[2], swapped[3] = swapped[3], swapped[2]  # one item out of its theorem's run
    uneven = np.r_[np.repeat(np.arange(4), 2), [4, 4, 4]]
    outside = np.r_[np.repeat(np.arange(5), 2), -1]  # an item in no group
    for g, n in ((swapped, 10), (uneven, 5), (outside, 5)):
        s = GroupSum(g, n)
        assert s._run == 0
        x = np.arange(g.size, dtype=np.float64)
        want = np.zeros(n)
        for i, k in enumerate(g):
            if k >= 0:
                want[k] += x[i]
        assert np.array_equal(s @ x, want)
        flags = (np.arange(g.size) % 3) == 1
        assert np.array_equal(s @ flags, s @ flags.astype(np.float64))
        assert np.array_equal(s @ np.c_[flags, ~flags], s @ np.c_[flags, ~flags].astype(np.float64))


_SELECT_DIGEST = """
import hashlib, json
import numpy as np
from certibench.metrics.table import build_table
from certibench.metrics.weights import select
from certibench.schema import Item
fams = ("canonical", "syntactic", "order", "unpack", "notation")
items = [Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f) for t in range(600) for f in fams]
rng = np.random.default_rng(4)
resp = [{"item_id": it.id, "model": f"m{m}", "sample": s, "correct": bool(rng.random() < 0.3 + 0.03 * m)}
        for m in range(20) for it in items for s in range(3)]
sel = select(build_table(items, resp), {"order": 1, "unpack": 2, "notation": 0.5}, n_boot=256, seed=2)
print(hashlib.sha256(json.dumps(sel, sort_keys=True).encode()).hexdigest())
"""


def test_selector_bootstrap_does_not_depend_on_blas_threads() -> None:
    """The selector's float32 bootstrap product runs on one BLAS thread: the CIs are the
    same digits whatever the core count (OpenBLAS splits the product per thread count)."""
    digests = digests_under_blas_threads(_SELECT_DIGEST)
    assert len(digests) == 1, digests
