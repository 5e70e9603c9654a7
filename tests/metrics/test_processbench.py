"""ProcessBench: importer, dataset statistics, official scoring, voting and PRM mode.

The oracle is the official computation of QwenLM/ProcessBench ``code/run_eval.py``
(split by label, ``np.mean(match) * 100`` per class, harmonic mean, unweighted average).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from certibench.corpus.processbench import SUBSETS, items_from_rows, load_processbench
from certibench.metrics.processbench import (
    choose_threshold,
    dataset_stats,
    f1_of,
    majority_vote,
    prm_evaluate,
    prm_predict,
    score_predictions,
)
from certibench.run.answers import extract_boxed_official
from tests.helpers import shared_file

# The official scripts' expected sizes (error / correct) per subset.
OFFICIAL_SIZES = {"gsm8k": (207, 193), "math": (594, 406), "olympiadbench": (661, 339), "omnimath": (759, 241)}


@pytest.fixture(scope="module")
def pb_dir() -> Path:
    return shared_file("processbench/gsm8k.json").parent


@pytest.fixture(scope="module")
def items(pb_dir: Path) -> list[Any]:
    its, errors = load_processbench(pb_dir)
    assert errors == []
    return its


def official_scores(res_data: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """run_eval.py's scoring, in percent as printed there."""
    out: dict[str, Any] = {}
    f1s = []
    for config, rows in res_data.items():
        data1 = [e for e in rows if e["label"] != -1]
        data2 = [e for e in rows if e["label"] == -1]
        acc1 = np.mean([e["match"] for e in data1]) * 100
        acc2 = np.mean([e["match"] for e in data2]) * 100
        f1 = 2 * acc1 * acc2 / (acc1 + acc2)
        out[config] = (acc1, acc2, f1)
        f1s.append(f1)
    out["average"] = np.mean(f1s)
    return out


def test_importer_reads_all_subsets(items: list[Any]) -> None:
    assert len(items) == 3400
    by = {s: [i for i in items if i.subset == s] for s in SUBSETS}
    for s, (n_err, n_cor) in OFFICIAL_SIZES.items():
        assert sum(1 for i in by[s] if i.label != -1) == n_err
        assert sum(1 for i in by[s] if i.label == -1) == n_cor
    it = by["gsm8k"][0]
    assert it.id == "gsm8k-0" and it.protocol == "processbench" and it.ground_truth == it.label
    assert it.steps and all(isinstance(s, str) for s in it.steps)
    assert it.generator and isinstance(it.final_answer_correct, bool)


def test_importer_single_file_and_bad_rows(pb_dir: Path) -> None:
    its, errs = load_processbench(pb_dir / "gsm8k.json")
    assert len(its) == 400 and errs == [] and its[0].subset == "gsm8k"
    raw = json.loads((pb_dir / "gsm8k.json").read_text(encoding="utf-8"))[:6]
    raw[1]["label"] = 99  # outside the chain
    raw[2]["steps"] = []
    del raw[3]["problem"]
    raw.append(dict(raw[0]))  # duplicate id
    its, errs = items_from_rows(raw, file="p.json")
    assert [i.id for i in its] == ["gsm8k-0", "gsm8k-4", "gsm8k-5"]
    assert [(e.line, e.field) for e in errs] == [(2, "label"), (3, "steps"), (4, "problem"), (7, "id")]


def test_dataset_statistics(items: list[Any]) -> None:
    st = dataset_stats(items)
    assert set(st) == {*SUBSETS, "all"}
    for s, (n_err, n_cor) in OFFICIAL_SIZES.items():
        assert (st[s].n_error, st[s].n_correct, st[s].n) == (n_err, n_cor, n_err + n_cor)
        # independently recomputed from the items
        sub = [i for i in items if i.subset == s]
        fac = [i for i in sub if i.final_answer_correct]
        want = sum(1 for i in fac if i.label != -1) / len(fac)
        assert st[s].share_final_correct_with_process_error == pytest.approx(want)
        assert sum(st[s].steps_histogram.values()) == len(sub)
        assert sum(st[s].first_error_histogram.values()) == n_err
        assert st[s].steps_mean == pytest.approx(np.mean([len(i.steps) for i in sub]))
    # harder subsets hide more process errors behind correct final answers
    shares = [st[s].share_final_correct_with_process_error for s in SUBSETS]
    assert shares == sorted(shares) and shares[0] < 0.1 < 0.3 < shares[-1]
    assert st["all"].n == 3400


@pytest.mark.parametrize("kind", ["random", "perfect", "all_minus_one", "off_by_one", "noisy"])
def test_scores_equal_official_run_eval(items: list[Any], kind: str) -> None:
    rng = random.Random(5)
    res_data: dict[str, list[dict[str, Any]]] = {}
    triples = []
    for it in items:
        lab = it.label
        if kind == "random":
            text = f"\\boxed{{{rng.randint(-1, 4)}}}"
        elif kind == "perfect":
            text = f"The earliest error: \\boxed{{{lab}}}"
        elif kind == "all_minus_one":
            text = "\\boxed{-1}"
        elif kind == "off_by_one":
            text = f"\\boxed{{{lab + 1}}}"
        else:
            text = rng.choice([f"\\boxed{{{lab}}}", "no box", "\\boxed{\\text{1}}", f"\\boxed{{{lab - 1}}}"])
        pred = extract_boxed_official(text)
        res_data.setdefault(it.subset, []).append({"label": lab, "match": pred == lab})
        triples.append((it.subset, lab, pred))
    ours = score_predictions(triples)
    with np.errstate(invalid="ignore", divide="ignore"):
        ref = official_scores(res_data)
    for s in SUBSETS:
        a1, a2, f1 = ref[s]
        got = ours.subsets[s]
        assert got.error_acc == pytest.approx(a1 / 100)
        assert got.correct_acc == pytest.approx(a2 / 100)
        if np.isnan(f1):  # both accuracies 0: the official divides by zero; we say 0
            assert got.f1 == 0.0
        else:
            assert got.f1 == pytest.approx(f1 / 100)
    if not np.isnan(ref["average"]):
        assert ours.average_f1 == pytest.approx(ref["average"] / 100)
    assert ours.subsets_in_average == list(SUBSETS)
    if kind == "perfect":
        assert ours.average_f1 == 1.0
    if kind in ("all_minus_one", "off_by_one"):
        assert ours.average_f1 == 0.0


def test_f1_never_nan() -> None:
    assert f1_of(0.0, 0.0) == 0.0
    assert f1_of(None, 0.5) is None
    assert f1_of(1.0, 0.5) == pytest.approx(2 / 3)
    only_errors = score_predictions([("x", 0, 0), ("x", 1, 1), ("y", 0, 0), ("y", -1, -1)])
    assert only_errors.subsets["x"].correct_acc is None and only_errors.subsets["x"].f1 is None
    assert only_errors.average_f1 == 1.0 and only_errors.subsets_in_average == ["y"]


def test_majority_vote() -> None:
    assert majority_vote([1, 2, 2, None, None, None]) == 2
    assert majority_vote([3, 1]) == 3
    assert majority_vote([None, None]) is None


def _prm_rows(items: list[Any], seed: int, noise: float) -> list[tuple[str, int, list[float]]]:
    """Synthetic PRM: steps before the first error score high, the error step low, plus noise."""
    rng = np.random.default_rng(seed)
    rows = []
    for it in items:
        n = len(it.steps)
        base = np.full(n, 0.85)
        if it.label >= 0:
            base[it.label :] = 0.3
        scores = np.clip(base + rng.normal(0, noise, n), 0, 1)
        rows.append((it.subset, it.label, scores.tolist()))
    return rows


def test_prm_threshold_chosen_on_gsm8k_and_oracle_bound(items: list[Any]) -> None:
    rows = _prm_rows(items, seed=0, noise=0.15)
    res = prm_evaluate(rows)
    assert res.threshold_subset == "gsm8k"
    # the chosen threshold is optimal on gsm8k over a dense grid
    gsm = [(lab, sc) for s, lab, sc in rows if s == "gsm8k"]
    grid_best = max(
        score_predictions(("g", lab, prm_predict(sc, t)) for lab, sc in gsm).average_f1 or 0.0 for t in np.linspace(0, 1, 401)
    )
    assert res.scores.subsets["gsm8k"].f1 >= grid_best - 1e-12
    # the per-subset oracle is an upper bound on every subset
    for s in SUBSETS:
        assert res.oracle.subsets[s].f1 >= res.scores.subsets[s].f1 - 1e-12
    assert 0.5 < res.scores.average_f1 <= res.oracle.average_f1
    fixed = prm_evaluate(rows, threshold=0.0)  # nothing is below 0 -> every prediction is -1
    assert fixed.scores.average_f1 == 0.0 and all(v.correct_acc == 1.0 for v in fixed.scores.subsets.values())
    with pytest.raises(ValueError, match="threshold subset 'nope'"):
        prm_evaluate(rows, threshold_subset="nope")


def test_prm_predict_and_choose_threshold_exact() -> None:
    assert prm_predict([0.9, 0.4, 0.1], 0.5) == 1
    assert prm_predict([0.9, 0.8], 0.5) == -1
    assert prm_predict([], 0.5) == -1
    chains = [[0.9, 0.2], [0.8, 0.7], [0.6, 0.9]]
    labels = [1, -1, -1]
    t = choose_threshold(chains, labels)
    assert [prm_predict(c, t) for c in chains] == labels


def test_hf_loader_reads_a_local_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pb_dir: Path) -> None:
    pytest.importorskip("datasets", reason="the Hugging Face 'datasets' package is not installed")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")  # local copy only, never the network
    f = tmp_path / "gsm8k.jsonl"
    rows = json.loads((pb_dir / "gsm8k.json").read_text(encoding="utf-8"))[:20]
    f.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    its, errs = load_processbench("hf:json", subsets=["train"], data_files=str(f))
    assert errs == [] and len(its) == 20 and its[0].steps == rows[0]["steps"]


def test_score_responses_votes_per_model(items: list[Any]) -> None:
    from certibench.metrics.processbench import score_responses
    from certibench.schema import Response

    gsm = [i for i in items if i.subset == "gsm8k"]
    responses = []
    for it in gsm:
        # model "a": two of three samples right -> voting makes every item right
        for k, pred in enumerate((it.label, 7, it.label)):
            responses.append(Response(item_id=it.id, model="a", raw=f"\\boxed{{{pred}}}", sample=k))
        # model "b": says -1 always, in a form only the robust reader accepts
        responses.append(Response(item_id=it.id, model="b", raw="\\boxed{\\text{-1}}"))
    res = score_responses(items, responses)
    assert res["a"]["official"].average_f1 == 1.0 and res["a"]["robust"].average_f1 == 1.0
    b_off, b_rob = res["b"]["official"].subsets["gsm8k"], res["b"]["robust"].subsets["gsm8k"]
    assert (b_off.error_acc, b_off.correct_acc, b_off.n_unparsed) == (0.0, 0.0, 400)
    assert (b_rob.error_acc, b_rob.correct_acc, b_rob.f1) == (0.0, 1.0, 0.0)
