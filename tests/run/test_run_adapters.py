"""Adapters, retries, Retry-After, timeouts, rate and concurrency limits — against a real
OpenAI-compatible HTTP server on 127.0.0.1 (tests/openai_stub_server.py)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from certibench.run.adapters import EndpointUnreachable, OpenAIAdapter, check_reachable, parse_retry_after
from certibench.run.fetch import FetchResult, fetch_all, fetch_with_retries
from certibench.run.limits import PauseGate, RateLimiter, RetryPolicy
from certibench.run.options import RunOptions
from certibench.run.plan import Unit, plan_units
from certibench.run.specs import ModelSpec, ModelSpecError, parse_model_spec
from certibench.schema import Item
from tests.openai_stub_server import StubServer


@pytest.fixture()
def stub() -> Iterator[StubServer]:
    with StubServer() as srv:
        yield srv


def _items(n: int) -> list[Item]:
    return [Item(id=f"i{k}", nl_question=f"Statement number {k} holds.", ground_truth="TRUE") for k in range(n)]


def _units(base_url: str, n: int = 1, model: str = "stub", **opt: object) -> tuple[list[Unit], RunOptions, ModelSpec]:
    opts = RunOptions(items_path=None, models=[f"openai:{model}"], base_url=base_url, **opt)  # type: ignore[arg-type]
    spec = parse_model_spec(f"openai:{model}", base_url=base_url)
    units, problems = plan_units(_items(n), [spec], opts, None, None)
    assert not problems
    return units, opts, spec


def _fetch(adapter: OpenAIAdapter, unit: Unit, policy: RetryPolicy, rpm: float | None = None) -> FetchResult:
    async def go() -> FetchResult:
        try:
            return await fetch_with_retries(adapter, unit, policy, RateLimiter(rpm), PauseGate(), adapter.base_url)
        finally:
            await adapter.aclose()

    return asyncio.run(go())


def test_spec_parsing_and_base_url_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://env-host/v1")
    monkeypatch.setenv("CERTIBENCH_MY_MODEL_BASE_URL", "http://per-model/v1/")
    assert parse_model_spec("openai:gpt-4o").base_url == "http://env-host/v1"
    assert parse_model_spec("openai:my-model").base_url == "http://per-model/v1"
    assert parse_model_spec("openai:gpt-4o", base_url="http://cli/v1").base_url == "http://cli/v1"
    assert parse_model_spec("anthropic:claude-x").kind == "anthropic"
    # credentials in a URL never reach run.json / responses (endpoint identity is redacted)
    spec = parse_model_spec("openai:m", base_url="https://bob:sk-123@gw.example.com:8443/v1?key=abc")
    assert spec.endpoint == "https://gw.example.com:8443/v1"
    for bad in ("gpt-4o", "foo:bar", "openai:", "local:/nonexistent.gguf", "replay:/nonexistent.jsonl"):
        with pytest.raises(ModelSpecError):
            parse_model_spec(bad)


def test_roundtrip_records_request_body(stub: StubServer) -> None:
    units, opts, spec = _units(stub.base_url, seed=11)
    r = _fetch(OpenAIAdapter(spec, timeout=5), units[0], RetryPolicy(max_retries=0))
    assert r.error is None and r.completion is not None
    assert r.completion.text in ("TRUE", "FALSE") and r.attempts == 1
    body = stub.stats.bodies[-1]
    assert body["model"] == "stub" and body["max_tokens"] == 16 and body["temperature"] == 0.0 and body["seed"] == 11
    assert body["messages"] == units[0].messages


def test_429_honours_retry_after(stub: StubServer) -> None:
    units, _, spec = _units(stub.base_url)
    stub.inject("429", count=2, retry_after=0.3)
    t0 = time.perf_counter()
    r = _fetch(OpenAIAdapter(spec, timeout=5), units[0], RetryPolicy(max_retries=3, base_delay=0.001))
    elapsed = time.perf_counter() - t0
    assert r.error is None and r.attempts == 3
    assert elapsed >= 0.6  # two waits of Retry-After: 0.3, not the 1 ms backoff
    assert stub.stats.faults == {"429": 2}


@pytest.mark.parametrize("kind", ["500", "malformed", "drop"])
def test_transient_faults_are_retried(stub: StubServer, kind: str) -> None:
    units, _, spec = _units(stub.base_url)
    stub.inject(kind, count=2)
    r = _fetch(OpenAIAdapter(spec, timeout=5), units[0], RetryPolicy(max_retries=3, base_delay=0.01))
    assert r.error is None and r.attempts == 3, r.error
    assert stub.stats.faults[kind] == 2


def test_persistent_failure_becomes_error_not_infinite_retry(stub: StubServer) -> None:
    units, _, spec = _units(stub.base_url, model="fault-500")
    r = _fetch(OpenAIAdapter(spec, timeout=5), units[0], RetryPolicy(max_retries=2, base_delay=0.01))
    assert r.completion is None and r.attempts == 3
    assert r.error is not None and "HTTP 500" in r.error and "gave up after 3 attempts" in r.error


def test_timeout_is_retried_then_recorded(stub: StubServer) -> None:
    units, _, spec = _units(stub.base_url)
    stub.inject("slow", count=2, delay=2.0)
    t0 = time.perf_counter()
    r = _fetch(OpenAIAdapter(spec, timeout=0.3), units[0], RetryPolicy(max_retries=1, base_delay=0.01))
    assert r.completion is None and r.error is not None and r.error.startswith("timeout")
    assert time.perf_counter() - t0 < 3.5  # two 0.3 s timeouts, not two 2 s waits


def test_client_errors_are_not_retried(stub: StubServer) -> None:
    units, _, _ = _units(stub.base_url)
    spec = parse_model_spec("openai:stub", base_url=stub.base_url.replace("/v1", "/nowhere"))
    r = _fetch(OpenAIAdapter(spec, timeout=5), units[0], RetryPolicy(max_retries=5, base_delay=0.01))
    assert r.attempts == 1 and r.error is not None and "HTTP 404" in r.error


def test_max_connections_bounds_concurrency(stub: StubServer) -> None:
    stub.delay = 0.03
    units, opts, spec = _units(stub.base_url, n=40, max_connections=5)
    got: list[FetchResult] = []
    asyncio.run(fetch_all(spec, units, opts, lambda u, fr: got.append(fr), base_url=stub.base_url))
    assert len(got) == 40 and all(fr.error is None for fr in got)
    assert 2 <= stub.stats.peak_in_flight <= 5


def test_several_servers_of_one_model_share_one_queue(stub: StubServer) -> None:
    """``base_urls`` (the local model's per-core servers): every unit answered exactly once,
    both servers used, and a slow server answers fewer (one queue, no fixed split)."""
    with StubServer() as slow:
        slow.delay = 0.2
        stub.delay = 0.01
        units, opts, spec = _units(stub.base_url, n=40, max_connections=4)
        got: list[tuple[str, FetchResult]] = []
        asyncio.run(fetch_all(spec, units, opts, lambda u, fr: got.append((u.item.id, fr)), base_urls=[stub.base_url, slow.base_url]))
        assert sorted(i for i, _ in got) == sorted(u.item.id for u in units)
        assert all(fr.error is None for _, fr in got)
        assert stub.stats.requests + slow.stats.requests == 40
        assert slow.stats.requests >= 1 and stub.stats.requests > slow.stats.requests


def test_local_workers_and_slots_follow_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    from certibench.run import adapters as ad

    for cores, threads, workers in [(1, 1, 1), (2, 1, 2), (4, 2, 2), (8, 4, 2), (16, 4, 4), (64, 4, 4)]:
        monkeypatch.setattr(ad, "usable_cores", lambda c=cores: c)
        assert ad.default_local_threads() == threads, cores
        assert ad.default_local_workers() == workers, cores
    monkeypatch.setattr(ad, "usable_cores", lambda: 2)
    assert ad.default_local_workers(threads=2) == 1  # --local-threads 2 on 2 cores: one server
    # connections shared out, at most 4 slots a server, at least 1
    assert [ad.local_slots(c, 2) for c in (1, 2, 3, 8, 20)] == [1, 1, 2, 4, 4]
    assert ad.local_slots(8, 1) == 4


def test_rpm_limit_spaces_requests(stub: StubServer) -> None:
    units, opts, spec = _units(stub.base_url, n=6, max_connections=6, rpm=600)  # one per 0.1 s
    got: list[FetchResult] = []
    t0 = time.perf_counter()
    wall0 = time.time()
    asyncio.run(fetch_all(spec, units, opts, lambda u, fr: got.append(fr), base_url=stub.base_url))
    assert time.perf_counter() - t0 >= 0.45
    # request k cannot reach the server before its slot k * 0.1 s (lateness under load is allowed)
    ts = sorted(stub.stats.timestamps)
    assert len(ts) == 6 and all(t - wall0 >= 0.1 * k - 0.01 for k, t in enumerate(ts))


def test_retry_policy_backoff_and_retry_after_cap() -> None:
    p = RetryPolicy(base_delay=1.0, max_delay=4.0, max_retry_after=10.0)
    assert 0.5 <= p.delay(1) <= 1.0
    assert 2.0 <= p.delay(3) <= 4.0
    assert 2.0 <= p.delay(10) <= 4.0  # capped
    assert p.delay(1, retry_after=3.0) == 3.0
    assert p.delay(1, retry_after=1e6) == 10.0
    assert parse_retry_after("2") == 2.0 and parse_retry_after(None) is None and parse_retry_after("soon") is None


def test_unreachable_endpoint_names_the_url() -> None:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens here now
    url = f"http://127.0.0.1:{port}/v1"
    with pytest.raises(EndpointUnreachable, match=f"endpoint unreachable: {url}"):
        check_reachable(url, timeout=1)


@pytest.mark.skipif(importlib.util.find_spec("anthropic") is None, reason="anthropic SDK not installed (pip install 'certibench[anthropic]')")
def test_anthropic_adapter_against_the_messages_api(stub: StubServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from certibench.run.engine import run

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-secret")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", stub.base_url.removesuffix("/v1"))
    spec = parse_model_spec("anthropic:claude-test")
    assert spec.base_url == stub.base_url.removesuffix("/v1")
    items = tmp_path / "items.jsonl"
    items.write_text("".join(f'{{"id": "a{k}", "nl_question": "Claim {k}.", "ground_truth": "TRUE"}}\n' for k in range(4)))
    stub.inject("429", count=1, retry_after=0.05)
    res = run(RunOptions(items_path=items, models=["anthropic:claude-test"], out=tmp_path / "r", progress=False, report=False))
    rows = [json.loads(x) for x in (res.run_dir / "responses.jsonl").read_text().splitlines()]
    assert len(rows) == 4 and all(r["raw"] in ("TRUE", "FALSE") and r["parsed"] == r["raw"] for r in rows)
    body = stub.stats.bodies[-1]
    assert body["system"].startswith("You are evaluating mathematical statements.") and body["max_tokens"] == 16
    assert body["temperature"] == 0.0
    assert [m["role"] for m in body["messages"]] == ["user"]
    assert stub.stats.faults == {"429": 1} and res.summary["anthropic:claude-test"]["errors"] == 0
    assert all(b"sk-ant-test-secret" not in f.read_bytes() for f in res.run_dir.rglob("*") if f.is_file())
