"""`certibench score wemath|processbench` end to end on the reference data."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.metrics.wemath import load_concept_tree, score_predictions
from tests.helpers import shared_file

runner = CliRunner()

FOUR_D_KEYS = {"IK", "IG", "CM", "RM", "S_IK", "S_IG", "S_CM", "S_RM", "score"}


def _invoke(*args: str) -> Any:
    return runner.invoke(app, ["score", *args])


@pytest.fixture(scope="module")
def testmini() -> list[dict[str, Any]]:
    return json.loads(shared_file("wemath/testmini.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def nodes() -> Path:
    return shared_file("wemath/knowledge_structure_nodes.json")


def _wemath_rows(testmini: list[dict[str, Any]], seed: int = 0) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for r in testmini:
        right = rng.random() < 0.6
        letter = r["answer"] if right else rng.choice([c for c in "ABCD" if c != r["answer"]])
        fmt = rng.choice(["Answer: {}", "The answer is {}.", "Answer: ({})", "**{}**"])
        out.append({**r, "response": fmt.format(letter)})
    return out


def _jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def test_help() -> None:
    res = runner.invoke(app, ["score", "--help"])
    assert res.exit_code == 0 and "wemath" in res.output and "processbench" in res.output
    res = runner.invoke(app, ["score", "wemath", "--help"])
    assert res.exit_code == 0 and "--strict" in res.output and "--nodes" in res.output


def test_wemath_json_matches_library(tmp_path: Path, testmini: list[dict[str, Any]], nodes: Path) -> None:
    rows = _wemath_rows(testmini)
    pred = _jsonl(tmp_path / "pred.jsonl", rows)
    out = tmp_path / "out.json"
    res = _invoke("wemath", str(pred), "--json", str(out), "--nodes", str(nodes))
    assert res.exit_code == 0, res.output
    assert "IK" in res.output and "Second-level" in res.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert FOUR_D_KEYS <= set(data["strict"]) and FOUR_D_KEYS <= set(data["loose"])
    assert FOUR_D_KEYS <= set(data["robust"]["strict"])
    want = score_predictions(rows, tree=load_concept_tree(nodes))
    o, r = want["official"], want["robust"]
    for k in ("IK", "IG", "CM", "RM", "S_IK", "S_RM", "score"):
        assert data["strict"][k] == getattr(o.strict, k)
        assert data["loose"][k] == getattr(o.loose, k)
        assert data["robust"]["strict"][k] == getattr(r.strict, k)
    assert (data["S1"], data["S2"], data["S3"]) == (o.S1, o.S2, o.S3)
    assert len(data["concepts"]) == 67 and len(data["areas"]) == 12
    for v in [data["S1"], data["S2"], data["S3"], *data["areas"].values(), data["strict"]["score"]]:
        assert 0.0 <= v <= 1.0  # fractions, not percentages
    assert data["groups"] == {"total": 525, "complete": 525, "incomplete": []}
    # the robust reader understands "The answer is B." and "(B)"; the official one does not
    assert data["robust"]["S1"] > data["S1"]


def test_wemath_accepts_the_official_json_array(tmp_path: Path, testmini: list[dict[str, Any]]) -> None:
    rows = _wemath_rows(testmini, 1)
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps(rows), encoding="utf-8")
    out = tmp_path / "o.json"
    res = _invoke("wemath", str(pred), "--json", str(out))
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["strict"]["score"] == score_predictions(rows)["official"].strict.score
    assert data["areas"] == {}  # no --nodes: per-concept only


def test_wemath_bad_rows_skip_with_warning_or_stop_with_strict(tmp_path: Path, testmini: list[dict[str, Any]]) -> None:
    keep = {f"2steps_{i}" for i in range(1, 11)}  # ten complete 2-step groups = 30 rows
    rows: list[Any] = [r for r in _wemath_rows(testmini) if r["ID"] in keep]
    assert len(rows) == 30
    del rows[4]["response"]  # line 5
    rows[6]["key"] = "2steps_7"  # line 7: not a valid key
    rows.append(dict(rows[0]))  # line 31: duplicate
    rows.insert(10, "{not json")  # line 11
    pred = _jsonl(tmp_path / "bad.jsonl", rows)
    out = tmp_path / "o.json"
    res = _invoke("wemath", str(pred), "--json", str(out))
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["input"]["skipped"] == 4 and data["input"]["records"] == 32
    errs = data["input"]["errors"]
    assert f"{pred}:5: field 'response'" in errs[0]
    assert f"{pred}:7: field 'key'" in errs[1]
    assert f"{pred}:11:" in errs[2] and "invalid JSON" in errs[2]
    assert f"{pred}:32: field 'key'" in errs[3] and "duplicate" in errs[3]
    assert "skipped 4 bad record(s)" in res.output
    # the groups that lost a row are reported as incomplete, not dropped
    inc = {g["group"] for g in data["groups"]["incomplete"]}
    assert {rows[4]["ID"], rows[6]["ID"]} <= inc and data["strict"]["N"] == data["groups"]["total"]
    res = _invoke("wemath", str(pred), "--strict")
    assert res.exit_code == 1
    assert f"{pred}:5: field 'response'" in res.output


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    res = _invoke("wemath", str(tmp_path / "missing.jsonl"))
    assert res.exit_code == 2 and "cannot read" in res.output
    bad = tmp_path / "bin.jsonl"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    assert _invoke("processbench", str(bad)).exit_code == 2


def _pb_items() -> list[dict[str, Any]]:
    rows = []
    for s in ("gsm8k", "math"):
        for r in json.loads(shared_file(f"processbench/{s}.json").read_text(encoding="utf-8")):
            rows.append({"id": r["id"], "subset": s, "label": r["label"], "n": len(r["steps"])})
    return rows


def test_processbench_official_and_robust(tmp_path: Path) -> None:
    rng = random.Random(3)
    lines = []
    for r in _pb_items():
        lab = r["label"]
        choice = rng.random()
        if choice < 0.5:
            resp = f"... \\boxed{{{lab}}}"
        elif choice < 0.7:
            resp = f"\\boxed{{\\text{{{lab}}}}}"  # only the robust reader gets this
        else:
            resp = f"\\boxed{{{rng.randint(-1, 3)}}}"
        lines.append({"id": r["id"], "subset": r["subset"], "label": lab, "response": resp})
    pred = _jsonl(tmp_path / "pb.jsonl", lines)
    out = tmp_path / "o.json"
    res = _invoke("processbench", str(pred), "--json", str(out))
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data["subsets"]) == {"gsm8k", "math"}
    for s in data["subsets"].values():
        assert {"error_acc", "correct_acc", "f1"} <= set(s) and 0 <= s["f1"] <= 1
    assert data["average_f1"] == pytest.approx(sum(s["f1"] for s in data["subsets"].values()) / 2)
    assert data["robust"]["average_f1"] > data["average_f1"]
    assert "average" in res.output


def test_processbench_predictions_votes_duplicates_and_prm(tmp_path: Path) -> None:
    allrows = _pb_items()
    items = [r for r in allrows if r["label"] >= 0][:20] + [r for r in allrows if r["label"] == -1][:20]
    # plain integer predictions (all perfect) -> F1 = 1
    pred = _jsonl(tmp_path / "p.jsonl", [{"id": r["id"], "subset": r["subset"], "label": r["label"], "prediction": r["label"]} for r in items])
    out = tmp_path / "o.json"
    assert _invoke("processbench", str(pred), "--json", str(out)).exit_code == 0
    assert json.loads(out.read_text())["average_f1"] == 1.0
    # three samples per id: two right, one wrong -> voting gives the right answer
    lines = []
    for r in items:
        for k in (r["label"], 99, r["label"]):
            lines.append({"id": r["id"], "subset": r["subset"], "label": r["label"], "response": f"\\boxed{{{k}}}"})
    pred = _jsonl(tmp_path / "v.jsonl", lines)
    res = _invoke("processbench", str(pred), "--json", str(out))
    data = json.loads(out.read_text())
    assert res.exit_code == 0 and data["input"]["skipped"] == 80 and "duplicate id" in data["input"]["errors"][0]
    res = _invoke("processbench", str(pred), "--vote", "--json", str(out))
    data = json.loads(out.read_text())
    assert res.exit_code == 0 and data["input"]["skipped"] == 0 and data["average_f1"] == 1.0
    # missing label / nothing to score -> named errors
    bad = _jsonl(tmp_path / "b.jsonl", [{"id": "gsm8k-0", "subset": "gsm8k", "response": "\\boxed{1}"}, {"id": "gsm8k-1", "label": 0}])
    res = _invoke("processbench", str(bad), "--strict")
    assert res.exit_code == 1 and f"{bad}:1: field 'label'" in res.output
    # PRM mode: per-step scores, threshold chosen on gsm8k
    prm = []
    for r in items:
        scores = [0.9] * r["n"]
        if r["label"] >= 0:
            scores[r["label"]] = 0.1
        prm.append({"id": r["id"], "subset": r["subset"], "label": r["label"], "step_scores": scores})
    pred = _jsonl(tmp_path / "prm.jsonl", prm)
    res = _invoke("processbench", str(pred), "--json", str(out))
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["prm"]["threshold_subset"] == "gsm8k" and data["average_f1"] == 1.0
    assert 0.1 < data["prm"]["threshold"] <= 0.9


def test_processbench_stats_command(tmp_path: Path) -> None:
    src = shared_file("processbench/gsm8k.json").parent
    out = tmp_path / "stats.json"
    res = _invoke("processbench-stats", str(src), "--json", str(out))
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["all"]["n"] == 3400 and data["gsm8k"]["n_error"] == 207
    rows = json.loads((src / "omnimath.json").read_text(encoding="utf-8"))
    fac = [r for r in rows if r["final_answer_correct"]]
    assert data["omnimath"]["share_final_correct_with_process_error"] == pytest.approx(
        sum(r["label"] != -1 for r in fac) / len(fac)
    )
    assert "259/500 (51.8%)" in res.output  # omnimath: process errors behind correct answers
    assert _invoke("processbench-stats", str(tmp_path / "nope.json")).exit_code == 2
