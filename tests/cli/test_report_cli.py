"""`certibench report | audit | weights` end to end on the real FormInv items with generated
responses, plus the library entry points `build_report` / `write_html`."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from certibench.cli.report import register
from certibench.metrics.invariance import invariance_metrics
from certibench.metrics.table import build_table
from tests._metrics_synth import (
    family_rate_items,
    forminv_items,
    random_responses,
    rate_responses,
    write_jsonl,
)
from tests.helpers import shared_file

ACCS = {f"m{k}": 0.5 + 0.05 * k for k in range(9)}


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list]:
    items_p = shared_file("forminv/forminv_v3_103.jsonl")
    items = forminv_items(items_p)
    resp = random_responses(items, ACCS, seed=1)
    d = tmp_path_factory.mktemp("rep")
    return items_p, write_jsonl(d / "responses.jsonl", resp), resp


def test_report_json_shape_and_html(inputs, tmp_path: Path) -> None:
    items_p, resp_p, resp = inputs
    out, html = tmp_path / "r.json", tmp_path / "r.html"
    res = CliRunner().invoke(
        _app(),
        [
            "report",
            "--items",
            str(items_p),
            "--responses",
            str(resp_p),
            "--json",
            str(out),
            "--html",
            str(html),
            "--n-boot",
            "200",
            "--n-perm",
            "50",
            "--by",
            "tier",
        ],
    )
    assert res.exit_code == 0, res.output
    rep = json.loads(out.read_text())
    assert set(rep) >= {"models", "audit", "rank_stability", "correlations", "by", "meta"}
    assert set(rep["models"]) == set(ACCS)
    ref = invariance_metrics(build_table(forminv_items(items_p), resp))
    for m, v in rep["models"].items():
        assert set(v) >= {
            "accuracy",
            "scr",
            "mean_ig",
            "rms_ig",
            "cir",
            "family_failure_rates",
            "cochran_q",
            "ci",
        }
        assert set(v["cochran_q"]) >= {"q", "df", "p"}
        assert v["accuracy"] == pytest.approx(ref[m]["accuracy"]) and v["scr"] == pytest.approx(ref[m]["scr"])
        assert set(v["ci"]) >= {"accuracy", "scr", "mean_ig", "cir"}
        assert len(v["family_failure_rates"]) == 8
        assert v["cochran_q"]["n_theorems"] == 5 and v["cochran_q"]["df"] == 8  # all 9 forms: 5 theorems
        assert v["cochran_q_core"]["n_theorems"] == 103 and v["cochran_q_core"]["df"] == 5
    assert rep["audit"]["min_models"] == 6 and rep["audit"]["rule"] == "joint"
    assert len(rep["rank_stability"]["pairs"]) == 28
    assert set(rep["by"]["groups"]) == {"T1", "T2", "T3"}
    t3 = rep["by"]["groups"]["T3"]
    assert t3["n_theorems"] == 5 and set(t3["models"]["m0"]) >= {"accuracy", "scr", "cochran_q", "ci"}
    page = html.read_text()
    assert page.count("<svg") == 4
    # one inline script (the item explorer) and its inline data; nothing loaded from elsewhere
    assert "<script src" not in page and "<link" not in page and "@import" not in page
    assert page.count("<script>") == 1 and page.count("<script id='explorer-data'") == 1
    # no resource is fetched at view time: the only URLs are SVG/XLink namespace names
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", page))
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls
    assert not re.search(r"(?:href|src)=[\"'](?!#|data:)", page) and "url(http" not in page
    assert "m8" in page and "Failure rate by model and paraphrase family" in page


def test_report_from_run_dir(inputs, tmp_path: Path) -> None:
    items_p, resp_p, _ = inputs
    run = tmp_path / "run1"
    run.mkdir()
    (run / "responses.jsonl").write_text(resp_p.read_text())
    (run / "run.json").write_text(json.dumps({"items_path": str(items_p)}))
    out = tmp_path / "r.json"
    res = CliRunner().invoke(
        _app(), ["report", "--run", str(run), "--json", str(out), "--n-boot", "50", "--n-perm", "10"]
    )
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text())["meta"]["n_items"] == 760
    (run / "run.json").write_text("{}")
    res = CliRunner().invoke(_app(), ["report", "--run", str(run)])
    assert res.exit_code == 2 and "items_path" in res.output


def test_audit_command(inputs, tmp_path: Path) -> None:
    items_p, resp_p, resp = inputs
    out = tmp_path / "a.json"
    res = CliRunner().invoke(
        _app(),
        [
            "audit",
            "--items",
            str(items_p),
            "--responses",
            str(resp_p),
            "--min-models",
            "3",
            "--rule",
            "marginal",
            "--json",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    a = json.loads(out.read_text())
    assert set(a) >= {"flagged", "rankings_with", "rankings_without"}
    assert a["rule"] == "marginal" and a["min_models"] == 3
    # independent recount of the marginal rule for every flagged item
    items = forminv_items(items_p)
    canon = {it.class_id: it.id for it in items if it.family == "canonical"}
    ok = {(r["item_id"], r["model"]): r["correct"] for r in resp}
    expected = []
    for it in items:
        if it.family == "canonical":
            continue
        c = canon[it.class_id]
        n_c = sum(ok[(c, m)] for m in ACCS)
        n_w = sum(not ok[(it.id, m)] for m in ACCS)
        if n_c >= 3 and n_w >= 3:
            expected.append(it.id)
    assert a["flagged"] == expected and len(expected) > 0
    res = CliRunner().invoke(
        _app(), ["audit", "--items", str(items_p), "--responses", str(resp_p), "--rule", "nope"]
    )
    assert res.exit_code == 2


def test_weights_command(tmp_path: Path) -> None:
    fams = ["syntactic", "order"]
    rates = {
        "A": {"syntactic": 0.1, "order": 0.6},
        "B": {"syntactic": 0.5, "order": 0.2},
        "C": {"syntactic": 0.6, "order": 0.7},
    }
    items_p = tmp_path / "i.jsonl"
    write_jsonl(items_p, [it.model_dump(exclude_none=True) for it in family_rate_items(20, fams)])
    resp_p = write_jsonl(tmp_path / "r.jsonl", rate_responses(20, rates))
    out = tmp_path / "w.json"
    base = ["weights", "--items", str(items_p), "--responses", str(resp_p), "--json", str(out)]
    res = CliRunner().invoke(_app(), [*base, "--target", "B,A"])
    assert res.exit_code == 0, res.output
    sol = json.loads(out.read_text())
    assert sol["feasible"] and sol["weights"]["order"] > 0.5
    res = CliRunner().invoke(_app(), [*base, "--target", "C,A"])
    assert res.exit_code == 0 and "infeasible" in res.output
    sol = json.loads(out.read_text())
    assert not sol["feasible"] and sol["conflict"][0]["above"] == "C"
    res = CliRunner().invoke(_app(), [*base, "--regime", "F1=1,F6=3", "--n-boot", "100"])
    assert res.exit_code == 0, res.output
    sel = json.loads(out.read_text())
    assert [r["model"] for r in sel["ranking"]] == ["B", "A", "C"]
    res = CliRunner().invoke(_app(), [*base, "--target", "A,Z"])
    assert res.exit_code == 2 and "unknown model" in res.output


def test_bad_input_exit_codes(inputs, tmp_path: Path) -> None:
    items_p, resp_p, _ = inputs
    res = CliRunner().invoke(
        _app(), ["report", "--items", str(items_p), "--responses", str(tmp_path / "missing.jsonl")]
    )
    assert res.exit_code == 2 and "cannot read" in res.output
    bad = tmp_path / "bad.jsonl"
    lines = resp_p.read_text().splitlines()
    lines.insert(3, '{"item_id": "ghost", "model": "m0", "correct": true}')
    bad.write_text("\n".join(lines) + "\n")
    res = CliRunner().invoke(_app(), ["report", "--items", str(items_p), "--responses", str(bad), "--strict"])
    assert res.exit_code == 1 and f"{bad}:4: field 'item_id'" in res.output.replace("\n", "")
    out = tmp_path / "r.json"
    res = CliRunner().invoke(
        _app(),
        [
            "report",
            "--items",
            str(items_p),
            "--responses",
            str(bad),
            "--json",
            str(out),
            "--n-boot",
            "0",
            "--n-perm",
            "0",
        ],
    )
    assert res.exit_code == 0 and "1 bad record(s) skipped" in res.output
    meta = json.loads(out.read_text())["meta"]
    assert meta["n_warnings"] == 1 and "unknown item id 'ghost'" in meta["warnings"][0]
    res = CliRunner().invoke(_app(), ["report", "--items", str(items_p)])
    assert res.exit_code == 2
    res = CliRunner().invoke(
        _app(), ["report", "--items", str(items_p), "--responses", str(resp_p), "--by", "no_such_field"]
    )
    assert res.exit_code == 2 and "no_such_field" in res.output


def test_library_entry_points(inputs, tmp_path: Path) -> None:
    from certibench.report import build_report, write_html
    from certibench.schema import Response

    items_p, _, resp = inputs
    items = forminv_items(items_p)
    rep = build_report(
        items, [Response.model_validate(r) for r in resp], by="domain", min_models=5, rule="marginal"
    )
    assert rep["audit"]["min_models"] == 5 and rep["audit"]["rule"] == "marginal"
    assert "algebra" in rep["by"]["groups"]
    json.dumps(rep, allow_nan=False)
    p = write_html(rep, tmp_path / "sub" / "report.html")
    assert Path(p).read_text().startswith("<!DOCTYPE html>")


def test_mathcheck_items_report_by_variant(tmp_path: Path) -> None:
    """MathCheck's FormInv conversion (no tier, no domain; `variant` field) works unchanged."""
    items_p = shared_file("forminv/mathcheck_formInv_full_129.jsonl")
    items = forminv_items(items_p)
    resp = random_responses(items, {"x": 0.7, "y": 0.9, "z": 0.5}, seed=6)
    resp_p = write_jsonl(tmp_path / "r.jsonl", resp)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(
        _app(),
        [
            "report",
            "--items",
            str(items_p),
            "--responses",
            str(resp_p),
            "--json",
            str(out),
            "--by",
            "variant",
            "--n-boot",
            "100",
            "--n-perm",
            "20",
        ],
    )
    assert res.exit_code == 0, res.output
    rep = json.loads(out.read_text())
    assert rep["meta"]["n_theorems"] == 129 and rep["meta"]["families"] == ["variation"]
    assert set(rep["by"]["groups"]) == {"seed_question", "problem_understanding_question"}
    ref = invariance_metrics(build_table(items, resp))
    for m in ("x", "y", "z"):
        v = rep["models"][m]
        # k = 2 forms: Cochran's Q is not the test; McNemar canonical vs variation is
        assert v["cochran_q"]["q"] is None and v["mcnemar"]["variation"]["n_theorems"] == 129
        assert v["family_failure_rates"]["variation"] == pytest.approx(
            ref[m]["family_failure_rates"]["variation"]
        )
        seed_acc = rep["by"]["groups"]["seed_question"]["models"][m]["accuracy"]
        assert seed_acc == pytest.approx(ref[m]["canonical_accuracy"])


def test_report_reads_a_real_run_directory(tmp_path: Path) -> None:
    """`certibench run` (against the loopback OpenAI-compatible stub) writes report.json and
    report.html through build_report/write_html; `certibench report --run` agrees with it."""
    stub_mod = importlib.import_module("tests.openai_stub_server")
    from certibench.cli.main import app

    lines = shared_file("forminv/forminv_v3_103.jsonl").read_text().splitlines()[:22]  # 3 theorems
    items_p = tmp_path / "items.jsonl"
    items_p.write_text("\n".join(lines) + "\n")
    run = tmp_path / "run"
    with stub_mod.StubServer() as srv:
        r = CliRunner().invoke(
            app,
            [
                "run",
                "--items",
                str(items_p),
                "-m",
                "openai:alpha",
                "-m",
                "openai:beta",
                "--base-url",
                srv.base_url,
                "--out",
                str(run),
                "-q",
            ],
        )
    assert r.exit_code == 0, r.output
    assert (run / "report.json").exists() and (run / "report.html").exists()
    from_run = json.loads((run / "report.json").read_text())
    out = tmp_path / "again.json"
    r = CliRunner().invoke(_app(), ["report", "--run", str(run), "--json", str(out)])
    assert r.exit_code == 0, r.output
    again = json.loads(out.read_text())
    assert set(again["models"]) == {"openai:alpha", "openai:beta"} and again["meta"]["n_items"] == 22
    for m in again["models"]:
        for k in ("accuracy", "scr", "mean_ig", "cir"):
            assert again["models"][m][k] == from_run["models"][m][k]
    n_resp = len((run / "responses.jsonl").read_text().splitlines())
    assert again["meta"]["n_responses"] == n_resp == 44


def test_a_wemath_run_reports_the_four_dimensional_scores(tmp_path: Path) -> None:
    """`certibench run` on We-Math items (replayed answers) reports IK/IG/CM/RM, not the
    FormInv invariance table; the numbers equal `metrics.wemath.score_responses`."""
    from certibench.cli.main import app
    from certibench.corpus.wemath import load_wemath
    from certibench.io import write_jsonl
    from certibench.metrics.wemath import score_responses
    from certibench.schema import Response
    from tests.helpers import shared_file

    items, errors = load_wemath(shared_file("wemath/testmini.json"))
    assert not errors
    items = items[:60]
    write_jsonl(tmp_path / "wm.jsonl", items)
    rows = [Response(item_id=it.id, model="m1", raw=f"<Answer>: {it.ground_truth if k % 3 else 'A'}")
            for k, it in enumerate(items)]
    write_jsonl(tmp_path / "resp.jsonl", rows)
    res = CliRunner().invoke(app, ["run", "--items", str(tmp_path / "wm.jsonl"), "-m", f"replay:{tmp_path / 'resp.jsonl'}",
                                   "--out", str(tmp_path / "run"), "-q"])
    assert res.exit_code == 0, res.output
    report = json.loads((tmp_path / "run" / "report.json").read_text())
    assert "wemath" in report and "models" not in report
    got = report["wemath"]["m1"]["official"]["strict"]
    from certibench.run.rundir import read_responses

    recorded, _ = read_responses(tmp_path / "run" / "responses.jsonl")
    expected = score_responses(items, [Response.model_validate(r) for r in recorded])["m1"]["official"].strict
    assert got == expected.model_dump(mode="json")


def test_a_pipe_is_read_once_and_named_as_given(inputs, tmp_path: Path) -> None:
    """Adversary round 6: the report reads its responses more than once (table, HTML
    explorer); from a pipe the explorer found nothing left.  A pipe is spooled once; its
    warnings still name the path the user gave."""
    import os
    import subprocess
    import sys

    items_p, resp_p, _ = inputs
    recs = [dict(json.loads(x), raw=f"answer number {k}") for k, x in enumerate(resp_p.read_bytes().splitlines()[:200])]
    data = b"".join(json.dumps(r).encode() + b"\n" for r in recs) + b'{"item_id": "nope", "model": "m1", "correct": true}\n'
    fifo = tmp_path / "responses.fifo"
    os.mkfifo(fifo)
    out, html = tmp_path / "r.json", tmp_path / "r.html"
    writer = subprocess.Popen([sys.executable, "-c", f"open({str(fifo)!r}, 'wb').write({data!r})"])
    try:
        res = CliRunner().invoke(_app(), ["report", "--items", str(items_p), "--responses", str(fifo), "--json", str(out),
                                          "--html", str(html), "--n-boot", "20", "--n-perm", "5"])
    finally:
        writer.wait(timeout=30)
    assert res.exit_code == 0, res.output
    rep = json.loads(out.read_text())
    assert any(str(fifo) in w and "unknown item id" in w for w in rep["meta"]["warnings"]), rep["meta"]["warnings"]
    assert not any("certibench-" in w for w in rep["meta"]["warnings"])
    page = html.read_text(encoding="utf-8")
    assert recs[0]["item_id"] in page and "answer number 0" in page  # the explorer has the answers


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes")
def test_sigterm_while_a_pipe_is_copied_leaves_no_temporary_copy(inputs, tmp_path: Path) -> None:
    """`kill` of a report that is still copying `--responses <(...)`: the process ends with
    143 and its temporary copy is gone (SIGTERM's default action skipped the at-exit removal)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    items_p, resp_p, _ = inputs
    fifo = tmp_path / "responses.fifo"
    os.mkfifo(fifo)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    env = {**os.environ, "TMPDIR": str(tmpdir)}
    proc = subprocess.Popen([sys.executable, "-m", "certibench.cli.main", "report", "--items", str(items_p),
                             "--responses", str(fifo), "--json", str(tmp_path / "r.json")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with open(fifo, "wb") as w:  # a writer that has sent part of the stream and is still open
        w.write(resp_p.read_bytes()[:5000])
        w.flush()
        deadline = time.monotonic() + 60
        while not list(tmpdir.glob("certibench-*")) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert list(tmpdir.glob("certibench-*")), "the copy did not start"
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(timeout=60)
    assert rc == 143, proc.stderr.read() if proc.stderr else ""
    assert list(tmpdir.iterdir()) == []
