"""Kill a real `certibench run` subprocess mid-run (SIGKILL and SIGINT), run the same
command again, and check that every (item, model, sample) is answered exactly once and
that only the missing requests were asked."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.helpers import TESTS

N_ITEMS = 240


@pytest.fixture()
def stub_proc() -> Iterator[str]:
    """The loopback server as a separate process, 50 ms per request: a full run takes
    several seconds even on an idle machine, so the kill always lands mid-run."""
    p = subprocess.Popen(
        [sys.executable, str(TESTS / "openai_stub_server.py"), "--delay", "0.05"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        assert line.startswith("LISTENING "), line
        yield line.split()[1]
    finally:
        p.terminate()
        p.wait(10)


def _items(path: Path) -> Path:
    with path.open("w") as fh:
        for k in range(N_ITEMS):
            fh.write(json.dumps({"id": f"q{k}", "nl_question": f"{k} + 0 = {k}.", "ground_truth": "TRUE"}) + "\n")
    return path


def _cmd(items: Path, url: str, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "certibench.cli.main", "run", "--items", str(items), "-m", "openai:a", "-m", "openai:b",
            "--base-url", url, "-c", "3", "--no-report", "-q", *extra]


def _lines(p: Path) -> int:
    return p.read_bytes().count(b"\n") if p.exists() else 0


def _kill_midway(cmd: list[str], responses: Path | None, cwd: Path, sig: int) -> None:
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    try:
        while time.time() < deadline:
            rf = responses or next(iter(sorted((cwd / "runs").glob("*/responses.jsonl"))), None)
            if rf is not None and _lines(rf) >= 30:
                break
            if proc.poll() is not None:
                pytest.fail(f"run ended before it could be killed: {proc.stderr.read().decode() if proc.stderr else ''}")
            time.sleep(0.02)
        assert proc.poll() is None, "the run finished before the signal could be sent"
        proc.send_signal(sig)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode != 0


def _check_exactly_once(responses: Path) -> None:
    rows = [json.loads(x) for x in responses.read_text().splitlines() if x.strip()]
    keys = Counter((r["item_id"], r["model"], r["sample"]) for r in rows)
    assert len(keys) == 2 * N_ITEMS, len(keys)
    assert set(keys.values()) == {1}
    assert not any(r.get("error") for r in rows)


def _server_requests(url: str) -> int:
    return int(httpx.get(url.replace("/v1", "/_stats")).json()["requests"])


def test_sigkill_then_same_command_resumes_exactly_once(tmp_path: Path, stub_proc: str) -> None:
    items = _items(tmp_path / "items.jsonl")
    out = tmp_path / "run"
    cmd = _cmd(items, stub_proc, ["--out", str(out), "--no-cache"])
    _kill_midway(cmd, out / "responses.jsonl", tmp_path, signal.SIGKILL)
    done_before = _lines(out / "responses.jsonl")
    assert 0 < done_before < 2 * N_ITEMS
    asked_before = _server_requests(stub_proc)
    r = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    _check_exactly_once(out / "responses.jsonl")
    asked_after = _server_requests(stub_proc)
    # the second run asked only what was missing (requests cut off by the kill are re-asked, at most 2 × 3 in flight)
    assert asked_after - asked_before <= 2 * N_ITEMS - done_before + 6
    assert asked_after - asked_before >= 2 * N_ITEMS - done_before
    meta = json.loads((out / "run.json").read_text())
    assert meta["status"] == "complete" and meta["counts"]["openai:a"]["responses"] == N_ITEMS


def test_sigint_then_same_command_without_out_resumes(tmp_path: Path, stub_proc: str) -> None:
    items = _items(tmp_path / "items.jsonl")
    cmd = _cmd(items, stub_proc, [])
    _kill_midway(cmd, None, tmp_path, signal.SIGINT)
    (run_dir,) = list((tmp_path / "runs").iterdir())
    meta = json.loads((run_dir / "run.json").read_text())
    assert meta["status"] == "interrupted"
    done_before = _lines(run_dir / "responses.jsonl")
    r = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert [p.name for p in (tmp_path / "runs").iterdir()] == [run_dir.name]  # same directory, not a new one
    assert "resuming" in r.stderr and str(done_before) in r.stderr
    _check_exactly_once(run_dir / "responses.jsonl")
    assert os.path.exists(run_dir / "cache.sqlite")


def test_a_different_limit_never_adopts_an_unfinished_run(tmp_path: Path, stub_proc: str) -> None:
    """`certibench run --limit N` is a different command from `certibench run`: it starts its
    own directory instead of adopting (and marking complete) the unfinished full run."""
    items = _items(tmp_path / "items.jsonl")
    _kill_midway(_cmd(items, stub_proc, []), None, tmp_path, signal.SIGINT)
    (full_dir,) = list((tmp_path / "runs").iterdir())
    done_before = _lines(full_dir / "responses.jsonl")
    time.sleep(1.1)  # run directories are named by the second
    r = subprocess.run(_cmd(items, stub_proc, ["--limit", "5"]), cwd=tmp_path, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    dirs = sorted(p.name for p in (tmp_path / "runs").iterdir())
    assert len(dirs) == 2 and full_dir.name in dirs
    assert _lines(full_dir / "responses.jsonl") == done_before
    assert json.loads((full_dir / "run.json").read_text())["status"] == "interrupted"
    (small_dir,) = [tmp_path / "runs" / d for d in dirs if d != full_dir.name]
    assert _lines(small_dir / "responses.jsonl") == 2 * 5
