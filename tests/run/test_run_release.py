"""Versioned releases in the run layer: run.json records the item file's digest and the
release version of the release.json beside it; resuming a run whose item file changed is
refused (both digests named, a new --out suggested).  Real runs on the replay adapter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.run.engine import Runner, run
from certibench.run.options import RunOptions
from certibench.run.release import file_digest, release_identity
from certibench.run.rundir import RunDirMismatch, read_responses
from tests.helpers import cli_output


def _release(d: Path, n: int = 6, *, version: str = "0.2.0+seed0", digest: str | None = None) -> Path:
    """A release directory: items.jsonl (n items, TRUE/FALSE alternating) and release.json."""
    d.mkdir(parents=True, exist_ok=True)
    items = d / "items.jsonl"
    items.write_text(
        "".join(
            json.dumps({"id": f"q{k}", "theorem_id": f"t{k // 2}" + ("__false" if k % 2 else ""),
                        "nl_question": f"{k} + 0 equals {k} — TRUE or FALSE?",
                        "ground_truth": "FALSE" if k % 2 else "TRUE", "protocol": "truefalse"}) + "\n"  # fmt: skip
            for k in range(n)
        ),
        encoding="utf-8",
    )
    meta = {"release_version": version, "certificate_format": 2, "items_file": "items.jsonl",
            "digest": digest or file_digest(items)}  # fmt: skip
    (d / "release.json").write_text(json.dumps(meta), encoding="utf-8")
    return items


def _answers(path: Path, n: int = 12) -> Path:
    """A responses file for the replay adapter: model m1 answers TRUE to everything."""
    path.write_text(
        "".join(json.dumps({"item_id": f"q{k}", "model": "m1", "raw": "TRUE"}) + "\n" for k in range(n)),
        encoding="utf-8",
    )
    return path


def _opts(items: Path, replay: Path, out: Path | None, **kw: object) -> RunOptions:
    base: dict[str, object] = {"items_path": items, "models": [f"replay:{replay}"], "out": out, "progress": False,
                               "report": False}  # fmt: skip
    return RunOptions(**{**base, **kw})  # type: ignore[arg-type]


def test_run_json_records_the_release(tmp_path: Path) -> None:
    items = _release(tmp_path / "rel")
    res = run(_opts(items, _answers(tmp_path / "ans.jsonl"), tmp_path / "run"))
    meta = json.loads((res.run_dir / "run.json").read_text())
    assert meta["release"]["digest"] == file_digest(items) == "sha256:" + meta["items_sha256"]
    assert meta["release"]["release_version"] == "0.2.0+seed0"
    assert meta["release"]["certificate_format"] == 2
    assert meta["release"]["release_json"] == str(tmp_path / "rel" / "release.json")
    assert len(read_responses(res.run_dir / "responses.jsonl")[0]) == 6


def test_a_release_json_of_other_bytes_gives_no_version(tmp_path: Path) -> None:
    items = _release(tmp_path / "rel", digest="sha256:" + "0" * 64)
    runner = Runner(_opts(items, _answers(tmp_path / "ans.jsonl"), tmp_path / "run"))
    runner.prepare()
    assert runner.release["release_version"] is None
    assert runner.release["digest"] == file_digest(items)
    assert any("field 'digest'" in w and "sha256:0000" in w for w in runner.warnings)
    # a release.json describing another file of the directory says nothing about this one
    other = tmp_path / "rel" / "other.jsonl"
    other.write_bytes(items.read_bytes())
    ident = release_identity(other)
    assert ident["release_json"] is None and ident["release_version"] is None and not ident["warnings"]


def test_resuming_on_changed_items_is_refused(tmp_path: Path) -> None:
    items = _release(tmp_path / "rel", n=4)
    ans = _answers(tmp_path / "ans.jsonl")
    out = tmp_path / "run"
    run(_opts(items, ans, out, limit=2))  # an unfinished-looking run of the first 2 items
    old = file_digest(items)
    _release(tmp_path / "rel", n=6, version="0.3.0")  # the release is regenerated in place
    new = file_digest(items)
    assert old != new
    with pytest.raises(RunDirMismatch) as exc:
        Runner(_opts(items, ans, out)).prepare()
    msg = str(exc.value)
    assert old in msg and new in msg and "(release 0.2.0+seed0)" in msg and "(release 0.3.0)" in msg
    assert "start a new run directory" in msg and "--out" in msg
    # nothing in the old run directory was touched
    assert len(read_responses(out / "responses.jsonl")[0]) == 2
    # the same refusal from the command line: exit 2, one clear line
    r = CliRunner().invoke(app, ["run", "--items", str(items), "-m", f"replay:{ans}", "--out", str(out), "-q", "--no-report"])
    assert r.exit_code == 2
    assert old in cli_output(r) and new in cli_output(r)
    # a new run directory works
    res = run(_opts(items, ans, tmp_path / "run2"))
    assert len(read_responses(res.run_dir / "responses.jsonl")[0]) == 6


def test_same_command_after_a_change_starts_a_new_run_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    items = _release(tmp_path / "rel", n=4)
    ans = _answers(tmp_path / "ans.jsonl")
    first = Runner(_opts(items, ans, None))
    first.prepare()
    first.run_dir.mkdir(parents=True)
    first._write_run_json("interrupted")  # an unfinished run of this command
    _release(tmp_path / "rel", n=6)
    again = Runner(_opts(items, ans, None))
    again.prepare()
    assert again.run_dir != first.run_dir and not again.resumed_auto
    assert any(w.startswith("not resuming:") and str(first.run_dir) in w for w in again.warnings)
    # unchanged items: the same command resumes it, no warning
    _release(tmp_path / "rel", n=4)
    same = Runner(_opts(items, ans, None))
    same.prepare()
    assert same.run_dir == first.run_dir and same.resumed_auto
    assert not any(w.startswith("not resuming:") for w in same.warnings)


# --------------------------------------------------------------------------- reports: release and baselines
def _audit(items: Path, out: Path) -> dict:
    """A real release audit of ``items`` written to ``out`` (its targets are not met: exit 1)."""
    r = CliRunner().invoke(app, ["release", "audit", str(items), "--json", str(out), "--n-boot", "50",
                                 "--no-round-trip", "-q"])  # fmt: skip
    assert r.exit_code == 1, cli_output(r)
    return json.loads(out.read_text(encoding="utf-8"))


def test_run_report_records_the_release_and_shows_both_baselines(tmp_path: Path) -> None:
    from certibench.report import write_run_report

    items = _release(tmp_path / "rel", n=12)
    audit = _audit(items, tmp_path / "rel" / "audit.json")  # beside the items: found by itself
    assert audit["release"]["digest"] == file_digest(items)
    res = run(_opts(items, _answers(tmp_path / "ans.jsonl"), tmp_path / "run", report=True), reporter=write_run_report)
    rep = json.loads((res.run_dir / "report.json").read_text(encoding="utf-8"))
    assert rep["release"]["digest"] == file_digest(items) and rep["release"]["release_version"] == "0.2.0+seed0"
    assert rep["release"]["notes"] == []
    art = rep["artifact_baseline"]
    assert art["accuracy"] == audit["artifact_baseline"]["accuracy"] and art["ci"] == audit["artifact_baseline"]["ci"]
    assert art["source"] == str(tmp_path / "rel" / "audit.json")
    # m1 always answers TRUE: its accuracy is the majority-class baseline (6 TRUE of 12)
    m1 = rep["models"]["m1"]
    assert m1["accuracy"] == pytest.approx(0.5) and m1["baseline_majority"]["accuracy"] == pytest.approx(0.5)
    page = (res.run_dir / "report.html").read_text(encoding="utf-8")
    assert file_digest(items) in page and "0.2.0+seed0" in page and "artifact baseline" in page


def test_an_audit_of_other_items_is_not_shown(tmp_path: Path) -> None:
    from certibench.report import write_run_report

    items = _release(tmp_path / "rel", n=12)
    _audit(items, tmp_path / "rel" / "audit.json")
    _release(tmp_path / "rel", n=10)  # regenerated: the audit beside it is stale
    ans = _answers(tmp_path / "ans.jsonl")
    res = run(_opts(items, ans, tmp_path / "run", report=True), reporter=write_run_report)
    rep = json.loads((res.run_dir / "report.json").read_text(encoding="utf-8"))
    assert rep["artifact_baseline"] is None
    assert any("audit.json is of sha256:" in n and "not used" in n for n in rep["release"]["notes"])
    # given explicitly, a stale audit stops the run before anything is asked
    r = CliRunner().invoke(app, ["run", "--items", str(items), "-m", f"replay:{ans}", "--out", str(tmp_path / "run2"),
                                 "--audit", str(tmp_path / "rel" / "audit.json"), "-q"])  # fmt: skip
    assert r.exit_code == 2
    assert "field 'release.digest'" in cli_output(r) and file_digest(items) in cli_output(r)
    assert not (tmp_path / "run2" / "responses.jsonl").exists()


def test_report_command_finds_the_audit_and_refuses_changed_items(tmp_path: Path) -> None:
    items = _release(tmp_path / "rel", n=12)
    audit = _audit(items, tmp_path / "rel" / "audit.json")
    res = run(_opts(items, _answers(tmp_path / "ans.jsonl"), tmp_path / "run"))
    js = tmp_path / "r.json"
    r = CliRunner().invoke(app, ["report", "--run", str(res.run_dir), "--json", str(js), "--n-boot", "0", "--n-perm", "0"])
    assert r.exit_code == 0, cli_output(r)
    rep = json.loads(js.read_text(encoding="utf-8"))
    assert rep["artifact_baseline"]["accuracy"] == audit["artifact_baseline"]["accuracy"]
    assert rep["release"]["digest"] == file_digest(items) and file_digest(items) in cli_output(r)
    old = file_digest(items)
    _release(tmp_path / "rel", n=10)
    r = CliRunner().invoke(app, ["report", "--run", str(res.run_dir), "--n-boot", "0", "--n-perm", "0"])
    assert r.exit_code == 2
    text = " ".join(cli_output(r).split())
    assert old in text and file_digest(items) in text and "pass --items" in text


def test_run_command_prints_the_artifact_baseline(tmp_path: Path) -> None:
    items = _release(tmp_path / "rel", n=12)
    audit = _audit(items, tmp_path / "audit-elsewhere.json")
    ans = _answers(tmp_path / "ans.jsonl")
    r = CliRunner().invoke(app, ["run", "--items", str(items), "-m", f"replay:{ans}", "--out", str(tmp_path / "run"),
                                 "--audit", str(tmp_path / "audit-elsewhere.json"), "-q"], env={"COLUMNS": "120"})  # fmt: skip
    assert r.exit_code == 0, cli_output(r)
    acc = audit["artifact_baseline"]["accuracy"]
    assert f"artifact baseline: {acc:.1%}" in cli_output(r)
    meta = json.loads((tmp_path / "run" / "run.json").read_text(encoding="utf-8"))
    assert meta["parameters"]["audit"] == str((tmp_path / "audit-elsewhere.json").resolve())
    rep = json.loads((tmp_path / "run" / "report.json").read_text(encoding="utf-8"))
    assert rep["artifact_baseline"]["source"] == str((tmp_path / "audit-elsewhere.json").resolve())


def test_run_report_survives_an_audit_file_that_went_away(tmp_path: Path) -> None:
    from certibench.io import load_items, load_responses
    from certibench.report import write_run_report

    items = _release(tmp_path / "rel", n=12)
    audit_p = tmp_path / "a.json"
    _audit(items, audit_p)
    res = run(_opts(items, _answers(tmp_path / "ans.jsonl"), tmp_path / "run", audit=audit_p))
    audit_p.unlink()  # the report is rebuilt after the audit file was removed
    its, _ = load_items(items)
    resp, _ = load_responses(res.run_dir / "responses.jsonl")
    write_run_report(its, resp, res.run_dir)
    rep = json.loads((res.run_dir / "report.json").read_text(encoding="utf-8"))
    assert rep["artifact_baseline"] is None and rep["release"]["digest"] == file_digest(items)
    assert any(str(audit_p) in n and "no artifact baseline" in n for n in rep["release"]["notes"])
