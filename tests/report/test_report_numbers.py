"""Numbers the report must get right: the share of the accuracy-Mean-IG correlation explained
by the permutation null (a share, in [0, 1], beside both correlations), the unanimity audit
below a panel of 3 models (it does not run), and the baselines beside each accuracy (the
majority class; the artifact baseline of a release audit via `--audit`)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.io import InputFileError
from certibench.metrics.audit import MIN_PANEL, audit, flag_items
from certibench.metrics.invariance import summary_arrays, theorem_stats
from certibench.metrics.stats import correlations, majority_baseline, null_share
from certibench.metrics.table import build_table
from certibench.report import build_report
from certibench.report.baselines import load_release_audit
from certibench.report.html import render_html
from certibench.schema import Item
from tests._metrics_synth import family_rate_items, forminv_items, random_responses, write_jsonl

# ----------------------------------------------------------------------------- share explained


@pytest.mark.parametrize(
    ("r_obs", "r_null", "share"),
    [
        (-0.8, -0.4, 0.5),  # same sign, null weaker: the ratio
        (0.6, 0.6, 1.0),
        (-0.3, -0.76, 1.0),  # the null is stronger than what was observed: all explained, not 2.53
        (0.3, 0.76, 1.0),
        (0.5, -0.5, 0.0),  # opposite signs: the null's mechanism explains none of it
        (-0.5, 0.2, 0.0),
        (0.4, 0.0, 0.0),
        (1e-12, 0.9, 1.0),
    ],
)
def test_null_share_is_a_share(r_obs: float, r_null: float, share: float) -> None:
    got, reading = null_share(r_obs, r_null)
    assert got == pytest.approx(share) and 0.0 <= got <= 1.0 and reading


@pytest.mark.parametrize(("r_obs", "r_null"), [(0.0, 0.5), (0.0, 0.0), (None, 0.3), (0.3, None), (math.nan, 0.1)])
def test_null_share_is_undefined_without_a_correlation(r_obs: float | None, r_null: float | None) -> None:
    got, reading = null_share(r_obs, r_null)
    assert got is None and reading


def _structured(n_models: int, seed: int = 0) -> tuple[list[Item], list[dict]]:
    """All-or-nothing theorem errors: Mean-IG is 0 for every model whatever its accuracy, so
    the observed accuracy-Mean-IG correlation is undefined or weak while the shuffled null
    (errors spread over classes) is strongly negative above 50 % accuracy."""
    fams = ("canonical", "syntactic", "order", "unpack")
    items = [Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f, ground_truth="TRUE") for t in range(60) for f in fams]
    rng = np.random.default_rng(seed)
    resp = []
    for k in range(n_models):
        wrong_theorems = set(rng.choice(60, size=5 + 4 * k, replace=False).tolist())
        for t in range(60):
            for f in fams:
                # one paraphrase wrong on a few theorems gives each model a small, different Mean-IG
                ok = t not in wrong_theorems and not (f == "order" and t < k)
                resp.append({"item_id": f"t{t}_{f}", "model": f"m{k}", "correct": ok})
    return items, resp


def test_share_stays_a_share_when_the_null_is_stronger_than_the_observation() -> None:
    items, resp = _structured(6)
    t = build_table(items, resp)
    ts = theorem_stats(t)
    c = correlations(t, summary_arrays(ts), None, n_perm=60, seed=0)["accuracy_vs_mean_ig"]
    pn = c["permutation_null"]
    assert pn["r_observed"] == c["r"]
    # the old ratio exceeded 1 here; the share does not, and both correlations stay reported
    assert abs(pn["r_mean"]) > abs(c["r"]) and (pn["r_mean"] > 0) == (c["r"] > 0)
    assert pn["r_mean"] / c["r"] > 1
    assert pn["share_explained"] == 1.0 and "stronger" in pn["reading"]
    assert pn["r_excess"] == pytest.approx(c["r"] - pn["r_mean"])


def test_share_with_opposite_signs_is_zero() -> None:
    """Accuracy below 50 %: IG = sqrt(p(1-p)) rises with accuracy, so the structure-free null
    correlation is positive; theorem structure makes the observed one negative."""
    fams = ("canonical", "syntactic", "order")
    items = [Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f) for t in range(90) for f in fams]
    resp = []
    for k, acc in enumerate((0.10, 0.20, 0.30, 0.40)):
        n_right = round(acc * 90)
        for t in range(90):
            for j, f in enumerate(fams):
                # the more accurate models answer whole theorems right (IG 0), the weaker ones mix forms
                ok = t < n_right if k >= 2 else ((t + j) % 90) < n_right
                resp.append({"item_id": f"t{t}_{f}", "model": f"m{k}", "correct": ok})
    t = build_table(items, resp)
    ts = theorem_stats(t)
    c = correlations(t, summary_arrays(ts), None, n_perm=60, seed=1)["accuracy_vs_mean_ig"]
    pn = c["permutation_null"]
    assert c["r"] < 0 < pn["r_mean"]
    assert pn["share_explained"] == 0.0 and "opposite" in pn["reading"]


@pytest.mark.parametrize("n_models", [1, 2])
def test_tiny_panels_report_no_correlation_and_no_share(n_models: int) -> None:
    items, resp = _structured(n_models)
    rep = build_report(items, resp, n_boot=20, n_perm=20)
    c = rep["correlations"]["accuracy_vs_mean_ig"]
    assert c["r"] is None and "permutation_null" not in c
    assert "need at least 3 models" in render_html(rep)


def test_three_models_is_the_smallest_panel_with_a_share() -> None:
    items, resp = _structured(3)
    rep = build_report(items, resp, n_boot=20, n_perm=40)
    pn = rep["correlations"]["accuracy_vs_mean_ig"]["permutation_null"]
    assert pn["share_explained"] is None or 0.0 <= pn["share_explained"] <= 1.0
    json.dumps(rep, allow_nan=False)


def test_mathcheck_share_is_bounded(shared_data: Path) -> None:
    """The report that showed 2.533: MathCheck's FormInv items; now every reported share is
    in [0, 1] and the two correlations sit beside it."""
    items = forminv_items(shared_data / "forminv" / "mathcheck_formInv_full_129.jsonl")
    for seed in range(6):
        resp = random_responses(items, {"x": 0.7, "y": 0.9, "z": 0.5, "w": 0.8}, seed=seed)
        pn = build_report(items, resp, n_boot=0, n_perm=40)["correlations"]["accuracy_vs_mean_ig"].get("permutation_null")
        if pn is None:
            continue
        assert pn["share_explained"] is None or 0.0 <= pn["share_explained"] <= 1.0
        assert {"r_observed", "r_mean", "r_ci", "r_excess", "reading", "p_value"} <= set(pn)


# ----------------------------------------------------------------------------- audit panel


def _panel(n_models: int) -> tuple[list[Item], list[dict]]:
    """Paraphrase t0_syntactic is wrong for every model that gets its canonical right."""
    items = family_rate_items(10, ["syntactic", "order"])
    resp = []
    for k in range(n_models):
        for it in items:
            resp.append({"item_id": it.id, "model": f"m{k}", "correct": it.id != "t0_syntactic", "parsed": "TRUE"})
    return items, resp


@pytest.mark.parametrize("n_models", [1, 2])
def test_an_audit_of_fewer_than_three_models_flags_nothing(n_models: int) -> None:
    items, resp = _panel(n_models)
    t = build_table(items, resp)
    for k in range(1, n_models + 1):  # whatever K is asked for
        mask, info = flag_items(t, min_models=k)
        assert not mask.any() and info["ran"] is False and str(MIN_PANEL) in info["reason"]
        a = audit(t, min_models=k)
        assert a["ran"] is False and a["n_flagged"] == 0 and a["flagged"] == []
        assert a["rankings_with"] is None and a["rankings_without"] is None
    rep = build_report(items, resp, n_boot=0, n_perm=0)
    assert rep["audit"]["ran"] is False
    # nothing flagged, so CIR keeps every paraphrase
    for v in rep["models"].values():
        assert v["cir"] == v["cir_all"]
    page = render_html(rep)
    assert "The audit did not run" in page and "Ranking by SCR" not in page


def test_three_models_run_the_audit() -> None:
    items, resp = _panel(3)
    a = audit(build_table(items, resp))
    assert a["ran"] is True and a["flagged"] == ["t0_syntactic"]
    assert a["rankings_with"] and a["rankings_without"]


def test_cli_says_the_audit_needs_more_models(tmp_path: Path) -> None:
    items, resp = _panel(1)
    ip = write_jsonl(tmp_path / "i.jsonl", [it.model_dump(exclude_none=True) for it in items])
    rp = write_jsonl(tmp_path / "r.jsonl", resp)
    r = CliRunner().invoke(app, ["report", "--items", str(ip), "--responses", str(rp), "--n-boot", "0", "--n-perm", "0"])
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "audit: not run" in out and "at least 3 models" in out and "flagged" not in out.split("audit: not run")[1][:40]
    r = CliRunner().invoke(app, ["audit", "--items", str(ip), "--responses", str(rp)])
    assert r.exit_code == 0 and "audit not run" in r.output and "ranking" not in r.output


# ----------------------------------------------------------------------------- baselines


def test_majority_baseline_counts_the_items_each_model_answered() -> None:
    items = [Item(id=f"i{k}", theorem_id=f"t{k}", ground_truth="TRUE" if k < 7 else "FALSE") for k in range(10)]
    items.append(Item(id="nolabel", theorem_id="tx"))
    resp = [{"item_id": it.id, "model": "all", "correct": True} for it in items]
    # 'some' answered only i5..i9: 2 TRUE, 3 FALSE
    resp += [{"item_id": f"i{k}", "model": "some", "correct": False} for k in range(5, 10)]
    b = majority_baseline(build_table(items, resp))
    assert b["all"] == {"accuracy": 0.7, "label": "TRUE", "n_items": 10}
    assert b["some"] == {"accuracy": 0.6, "label": "FALSE", "n_items": 5}
    # a tie picks the label that sorts first; no labels at all -> undefined
    tie = [Item(id="a", ground_truth="TRUE"), Item(id="b", ground_truth="FALSE")]
    assert majority_baseline(build_table(tie, [{"item_id": x, "model": "m", "correct": True} for x in "ab"]))["m"]["label"] == "FALSE"
    bare = [Item(id="a"), Item(id="b")]
    assert majority_baseline(build_table(bare, [{"item_id": "a", "model": "m", "correct": True}]))["m"] == {
        "accuracy": None, "label": None, "n_items": 0
    }


def test_baselines_in_json_html_and_terminal(tmp_path: Path) -> None:
    items = family_rate_items(12, ["syntactic", "order"])
    rows = [dict(it.model_dump(exclude_none=True), ground_truth="FALSE" if it.theorem_id in ("t1", "t2", "t3") else "TRUE") for it in items]
    ip = write_jsonl(tmp_path / "items.jsonl", rows)
    rp = write_jsonl(tmp_path / "resp.jsonl", random_responses(items, {"a": 0.9, "b": 0.6, "c": 0.75}, seed=2))
    audit_p = tmp_path / "audit.json"
    audit_p.write_text(json.dumps({"artifact_baseline": {"accuracy": 0.61, "ci": [0.55, 0.66]}, "other": 1}))
    js, page = tmp_path / "r.json", tmp_path / "r.html"
    r = CliRunner(env={"COLUMNS": "100"}).invoke(
        app, ["report", "--items", str(ip), "--responses", str(rp), "--json", str(js), "--html", str(page),
              "--audit", str(audit_p), "--n-boot", "0", "--n-perm", "0"],
    )
    assert r.exit_code == 0, r.output
    rep = json.loads(js.read_text())
    assert rep["artifact_baseline"] == {"accuracy": 0.61, "ci": [0.55, 0.66], "source": str(audit_p)}
    expect = 27 / 36  # 9 of 12 theorems TRUE, 3 items each
    for v in rep["models"].values():
        assert v["baseline_majority"] == {"accuracy": pytest.approx(expect), "label": "TRUE", "n_items": 36}
    out = r.output
    assert f"{expect:.3f}" in out and "0.610" in out and "majority" in out and "artifact" in out
    text = page.read_text()
    assert "majority-class baseline" in text and "artifact baseline" in text and "0.610" in text and f"{expect:.3f}" in text
    # without --audit the slot is there and empty
    r = CliRunner().invoke(app, ["report", "--items", str(ip), "--responses", str(rp), "--json", str(js), "--n-boot", "0", "--n-perm", "0"])
    assert r.exit_code == 0 and json.loads(js.read_text())["artifact_baseline"] is None


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "invalid JSON"),
        ("{}", "field 'artifact_baseline'"),
        ('{"artifact_baseline": {"accuracy": 1.5}}', "field 'artifact_baseline.accuracy'"),
        ('{"artifact_baseline": {"accuracy": 0.5, "ci": [0.6, 0.7]}}', "outside its ci"),
        ('{"artifact_baseline": {"accuracy": 0.5, "ci": [0.6]}}', "field 'artifact_baseline.ci"),
    ],
)
def test_a_bad_release_audit_names_file_and_field(tmp_path: Path, content: str, message: str) -> None:
    p = tmp_path / "audit.json"
    p.write_text(content)
    with pytest.raises(InputFileError, match=message) as err:
        load_release_audit(p)
    assert str(p) in str(err.value)
    items, resp = _panel(1)
    ip = write_jsonl(tmp_path / "i.jsonl", [it.model_dump(exclude_none=True) for it in items])
    rp = write_jsonl(tmp_path / "r.jsonl", resp)
    r = CliRunner().invoke(app, ["report", "--items", str(ip), "--responses", str(rp), "--audit", str(p)])
    assert r.exit_code == 2 and message in " ".join(r.output.split())


def test_items_without_responses_are_left_out_of_the_report() -> None:
    items = family_rate_items(6, ["syntactic"])
    resp = [{"item_id": it.id, "model": "m", "correct": True} for it in items if it.theorem_id in ("t0", "t1")]
    rep = build_report(items, resp, n_boot=0, n_perm=0)
    assert rep["meta"]["n_items"] == 4 and rep["meta"]["n_theorems"] == 2
    assert rep["meta"]["n_items_without_responses"] == 8
    assert "8 items of the item file had no response" in render_html(rep)
