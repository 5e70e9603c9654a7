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
    return RunOptions(items_path=items, models=[f"replay:{replay}"], out=out, progress=False, report=False,
                      **kw)  # type: ignore[arg-type]  # fmt: skip


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
