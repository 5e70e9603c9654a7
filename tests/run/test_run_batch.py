"""`certibench run --batch` against the loopback stub's Files + Batches API: the same
responses as a live run, errors worded as live ones, lost lines asked again on a rerun, an
interrupted run collecting its submitted batch instead of paying twice, and `--parquet`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from certibench.run import batch as batch_mod
from certibench.run.engine import RunError, Runner, run
from certibench.run.rundir import read_responses
from tests.openai_stub_server import StubServer
from tests.run.runs import opts, write_items

SCORED = ("item_id", "model", "sample", "raw", "parsed", "correct", "parsed_robust", "correct_robust", "error",
          "temperature", "max_tokens", "seed", "protocol", "request_hash")


@pytest.fixture()
def stub() -> Iterator[StubServer]:
    with StubServer() as srv:
        yield srv


def scored(run_dir: Path) -> list[dict[str, Any]]:
    rows, bad = read_responses(run_dir / "responses.jsonl")
    assert not bad
    return sorted(({k: r.get(k) for k in SCORED} for r in rows), key=lambda r: (r["item_id"], r["sample"]))


def test_batch_run_equals_a_live_run(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 30)
    live = run(opts(tmp_path, items, stub.base_url, out=tmp_path / "live", samples=2, seed=1, temperature=0.7))
    n_live = stub.stats.requests
    stub.batch_polls = 3
    res = run(opts(tmp_path, items, stub.base_url, out=tmp_path / "batch", samples=2, seed=1, temperature=0.7,
                   batch=True, batch_poll=0.01))
    assert res.status == "complete" and res.asked == 60
    assert scored(res.run_dir) == scored(live.run_dir)
    assert stub.stats.requests - n_live == 60 and len(stub.batches) == 1  # every answer came from the batch
    (b,) = stub.batches.values()
    assert b["status"] == "completed" and b["_polls"] == 3 and b["endpoint"] == "/v1/chat/completions"
    rows, _ = read_responses(res.run_dir / "responses.jsonl")
    assert {r["meta"]["batch"] for r in rows} == {b["id"]}
    meta = json.loads((res.run_dir / "run.json").read_text())
    (rec,) = meta["batches"]["openai:stub"]
    assert rec["id"] == b["id"] and rec["ingested"] and rec["answered"] == 60 and rec["status"] == "completed"
    # the request file on disk: one line per request, the body a live request sends
    lines = [json.loads(x) for x in (res.run_dir / rec["input_file"]).read_text().splitlines()]
    assert len(lines) == 60 and len({x["custom_id"] for x in lines}) == 60
    assert all(x["method"] == "POST" and x["url"] == "/v1/chat/completions" for x in lines)
    assert lines[0]["body"]["model"] == "stub" and lines[0]["body"]["messages"][0]["role"] == "system"


def test_batch_errors_are_recorded_like_live_errors(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 9)
    stub.inject("500", count=2, match="n + 4 >= 4")
    stub.inject("500", count=1, match="n + 7 >= 7")
    res = run(opts(tmp_path, items, stub.base_url, batch=True, batch_poll=0.01))
    rows = {r["item_id"]: r for r in read_responses(res.run_dir / "responses.jsonl")[0]}
    assert len(rows) == 9
    assert rows["t4"]["error"] == "HTTP 500: Error code: 500 - internal error"
    assert rows["t7"]["error"] == "HTTP 500: Error code: 500 - internal error"
    assert res.summary["openai:stub"]["errors"] == 2


def test_lost_lines_fail_the_run_and_a_rerun_asks_only_them(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 12)
    stub.inject("drop", count=1, match="n + 3 >= 3")
    stub.inject("drop", count=1, match="n + 10 >= 10")
    with pytest.raises(RunError, match="2 of 12 requests got no result"):
        run(opts(tmp_path, items, stub.base_url, batch=True, batch_poll=0.01))
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert meta["status"] == "failed"
    assert len(read_responses(tmp_path / "run" / "responses.jsonl")[0]) == 10
    res = run(opts(tmp_path, items, stub.base_url, batch=True, batch_poll=0.01))
    assert res.status == "complete" and res.asked == 2 and len(stub.batches) == 2
    second = stub.batches["batch_2"]
    assert second["request_counts"]["total"] == 2
    ids = sorted(r["item_id"] for r in read_responses(tmp_path / "run" / "responses.jsonl")[0])
    assert ids == sorted(f"t{k}" for k in range(12))


def test_an_expired_batch_is_named_and_asked_again(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 5)
    stub.batch_fail = "expired"
    with pytest.raises(RunError, match="batch batch_1 ended expired"):
        run(opts(tmp_path, items, stub.base_url, batch=True, batch_poll=0.01))
    stub.batch_fail = None
    res = run(opts(tmp_path, items, stub.base_url, batch=True, batch_poll=0.01))
    assert res.status == "complete" and res.asked == 5


def test_an_interrupted_run_collects_its_submitted_batch(tmp_path: Path, stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed while the provider works: the batch id is in run.json, so the rerun polls and
    ingests that batch; nothing is uploaded or submitted twice."""
    items = write_items(tmp_path / "items.jsonl", 8)
    real = batch_mod._collect

    async def interrupted(*a: Any, **k: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(batch_mod, "_collect", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run(opts(tmp_path, items, stub.base_url, batch=True, batch_poll=0.01))
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert meta["status"] == "interrupted"
    (rec,) = meta["batches"]["openai:stub"]
    assert rec["ingested"] is False and rec["requests"] == 8
    n_files = len(stub.files)
    monkeypatch.setattr(batch_mod, "_collect", real)
    res = run(opts(tmp_path, items, stub.base_url, batch=True, batch_poll=0.01))
    assert res.status == "complete" and res.asked == 8
    assert len(stub.batches) == 1  # the same batch, collected
    assert len(stub.files) == n_files + 1  # only its output file is new: no second upload
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert meta["batches"]["openai:stub"][0]["ingested"] is True


def test_batch_on_the_completions_api_and_cache_hits(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 6)
    shared_cache = tmp_path / "cache.sqlite"
    first = run(opts(tmp_path, items, stub.base_url, api="completions", batch=True, batch_poll=0.01, cache_path=shared_cache))
    assert stub.batches["batch_1"]["endpoint"] == "/v1/completions"
    assert all("prompt" in b and "messages" not in b for b in stub.stats.bodies)
    # a second run directory sharing the cache: every answer from the cache, no new batch
    again = run(opts(tmp_path, items, stub.base_url, api="completions", batch=True, batch_poll=0.01,
                     cache_path=shared_cache, out=tmp_path / "again"))
    assert len(stub.batches) == 1 and again.summary["openai:stub"]["cached"] == 6
    assert scored(again.run_dir) == scored(first.run_dir)


def test_batch_is_for_openai_specs_only(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 4)
    live = run(opts(tmp_path, items, stub.base_url, out=tmp_path / "live"))
    r = Runner(opts(tmp_path, items, stub.base_url, models=[f"replay:{live.run_dir / 'responses.jsonl'}"], batch=True))
    r.prepare()
    assert any(w.startswith("--batch: replay:") and "is not an openai: model" in w for w in r.warnings)
    assert r.execute().status == "complete" and not stub.batches
    with pytest.raises(RunError, match="--executor ray"):
        Runner(opts(tmp_path, items, stub.base_url, batch=True, executor="ray", out=tmp_path / "ray")).prepare()


def test_cli_batch_and_parquet_then_report_from_parquet(tmp_path: Path, stub: StubServer) -> None:
    from certibench.cli.main import app
    from tests.helpers import cli_output

    items = write_items(tmp_path / "items.jsonl", 18)
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", "--items", str(items), "-m", "openai:alpha", "-m", "openai:beta",
                                   "--base-url", stub.base_url, "--out", str(out), "--batch", "--batch-poll", "0.01",
                                   "--parquet", "-q"])
    assert res.exit_code == 0, cli_output(res)
    assert (out / "responses.parquet").exists() and len(stub.batches) == 2
    reports = {}
    for name in ("responses.jsonl", "responses.parquet"):
        rep = tmp_path / f"{name}.json"
        r = CliRunner().invoke(app, ["report", "--items", str(items), "--responses", str(out / name), "--json", str(rep),
                                     "--n-boot", "50", "--n-perm", "10"])
        assert r.exit_code == 0, cli_output(r)
        reports[name] = rep.read_text()
    assert reports["responses.jsonl"] == reports["responses.parquet"]
    assert json.loads(reports["responses.parquet"])["meta"]["n_responses"] == 36
    bad = CliRunner().invoke(app, ["run", "--items", str(items), "-m", "openai:alpha", "--base-url", stub.base_url,
                                   "--out", str(tmp_path / "x"), "--api", "nope", "-q"])
    assert bad.exit_code == 2 and "api" in cli_output(bad)
