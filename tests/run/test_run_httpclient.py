"""The lean HTTP/1.1 client behind openai: specs, against the real loopback stub server:
keep-alive reuse, chunked and close-delimited answers, a stale pooled connection, pool
bounds, and errors worded exactly as the openai SDK words them."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from certibench.run import adapters
from certibench.run.adapters import OpenAIAdapter, PermanentError, TransientError
from certibench.run.httpclient import ConnectError, HTTPClient, RemoteClosed, multipart, proxy_for
from certibench.run.specs import parse_model_spec
from tests.openai_stub_server import StubServer

MSGS = [{"role": "system", "content": "Answer TRUE or FALSE."}, {"role": "user", "content": "Is 2 prime? TRUE or FALSE"}]
PARAMS = {"temperature": 0.0, "max_tokens": 16, "seed": 3}


@pytest.fixture()
def stub() -> Iterator[StubServer]:
    with StubServer() as srv:
        yield srv


def _adapter(url: str, **kw: Any) -> OpenAIAdapter:
    return OpenAIAdapter(parse_model_spec("openai:stub", base_url=url), **kw)


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


async def _ask(a: OpenAIAdapter, n: int = 1, msgs: list[dict[str, Any]] = MSGS) -> list[Any]:
    try:
        return [await a.complete(msgs, PARAMS) for _ in range(n)]
    finally:
        await a.aclose()


def test_keep_alive_reuses_one_connection(stub: StubServer) -> None:
    out = _run(_ask(_adapter(stub.base_url, timeout=5), n=25))
    assert len(out) == 25 and {c.text for c in out} <= {"TRUE", "FALSE"}
    assert out[0].usage and out[0].usage["total_tokens"] > 0 and out[0].finish_reason == "stop"
    assert out[0].served_model == "stub"
    assert stub.stats.ok == 25 and stub.stats.connections == 1
    body = stub.stats.bodies[-1]
    assert body == {"model": "stub", "messages": MSGS, **PARAMS}
    assert "authorization" not in stub.stats.headers[-1]  # no key configured: none sent


def test_chunked_close_and_stale_connections(stub: StubServer) -> None:
    stub.inject("chunked", count=2)
    stub.inject("close", count=1)
    stub.inject("idle_close", count=1)
    out = _run(_ask(_adapter(stub.base_url, timeout=5), n=6))
    assert len(out) == 6 and len({c.text for c in out}) == 1  # the same question: the same answer
    # connections: 1 until "close", a new one until "idle_close", then the stale one is
    # found dead on reuse and the request is sent once more on a fresh connection
    assert stub.stats.connections == 3 and stub.stats.ok == 6
    assert stub.stats.requests == 6


def test_pool_never_exceeds_max_connections(stub: StubServer) -> None:
    stub.delay = 0.02
    a = _adapter(stub.base_url, timeout=5, max_connections=4)

    async def go() -> list[Any]:
        try:
            return await asyncio.gather(*(a.complete(MSGS, PARAMS) for _ in range(40)))
        finally:
            await a.aclose()

    assert len(_run(go())) == 40
    assert stub.stats.peak_connections <= 4 and stub.stats.peak_in_flight <= 4
    assert stub.stats.connections <= 4


def test_completions_endpoint(stub: StubServer) -> None:
    a = _adapter(stub.base_url, timeout=5, api="completions")
    out = _run(_ask(a, n=1))
    body = stub.stats.bodies[-1]
    assert body["prompt"].startswith("Answer TRUE or FALSE.\n\nIs 2 prime?") and body["prompt"].endswith("Answer:")
    assert "messages" not in body and out[0].text in ("TRUE", "FALSE")


@pytest.mark.parametrize("kind", ["500", "429", "malformed", "drop", "404", "slow"])
def test_errors_are_worded_like_the_sdk(stub: StubServer, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """The same fault through the lean client and through the openai SDK (which the adapter
    uses behind a proxy) gives the same exception class, message, status and Retry-After."""
    url = stub.base_url.replace("/v1", "/nowhere") if kind == "404" else stub.base_url
    got = []
    for sdk in (False, True):
        monkeypatch.setattr(adapters, "proxy_for", (lambda u, env=None: "http://proxy.invalid") if sdk else proxy_for)
        a = _adapter(url, timeout=0.3)
        assert (a._sdk is not None) == sdk
        if kind != "404":
            stub.inject(kind, retry_after=0.25, delay=2.0)
        try:
            _run(_ask(a))
        except (TransientError, PermanentError) as exc:
            got.append((type(exc).__name__, str(exc), exc.status, exc.retry_after))
        else:  # pragma: no cover
            got.append(("no error", kind, None, None))
    assert got[0] == got[1], got
    expected = {
        "500": "HTTP 500: Error code: 500 - internal error",
        "429": "HTTP 429: Error code: 429 - rate limited",
        "404": "HTTP 404: Error code: 404 - no route POST /nowhere/chat/completions",
        "drop": "connection error: Server disconnected without sending a response.",
        "slow": "timeout after 0.3s",
    }
    if kind in expected:
        assert got[0][1] == expected[kind]
    if kind == "429":
        assert got[0][3] == pytest.approx(0.25)
    if kind == "malformed":
        assert got[0][1].startswith("malformed response: Unterminated string")


def test_unreachable_endpoint_is_a_connection_error() -> None:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    with pytest.raises(TransientError, match="^connection error: All connection attempts failed$"):
        _run(_ask(_adapter(f"http://127.0.0.1:{port}/v1", timeout=2)))


def test_api_key_goes_in_the_header_and_nowhere_else(stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CERTIBENCH_STUB_API_KEY", "sk-test-abcdef123456")
    _run(_ask(_adapter(stub.base_url, timeout=5)))
    assert stub.stats.headers[-1]["authorization"] == "Bearer sk-test-abcdef123456"
    stub.inject("500")
    a = _adapter(stub.base_url, timeout=5)
    with pytest.raises(TransientError) as ei:
        _run(_ask(a))
    assert "sk-test" not in str(ei.value) and "sk-test" not in repr(a.__dict__.get("spec"))


def test_proxy_selection_follows_the_environment() -> None:
    env = {"HTTPS_PROXY": "http://p:3128", "NO_PROXY": "internal.example,.corp"}
    assert proxy_for("https://api.openai.com/v1", env) == "http://p:3128"
    assert proxy_for("http://localhost:8000/v1", env) is None  # only https is proxied here
    assert proxy_for("https://internal.example/v1", env) is None
    assert proxy_for("https://gpu.corp/v1", env) is None
    assert proxy_for("http://x/v1", {"ALL_PROXY": "socks5://s"}) == "socks5://s"
    assert proxy_for("http://x/v1", {"NO_PROXY": "*", "ALL_PROXY": "socks5://s"}) is None


def test_raw_client_errors_and_multipart(stub: StubServer) -> None:
    async def go() -> None:
        c = HTTPClient(stub.base_url.replace("/v1", ""), max_connections=2, timeout=5)
        r = await c.request("GET", "/v1/models")
        assert r.status == 200 and json.loads(r.body)["data"][0]["id"] == "stub-model"
        body, ctype = multipart({"purpose": "batch"}, {"file": ("x.jsonl", b'{"a": 1}\n', "application/jsonl")})
        r = await c.request("POST", "/v1/files", body, ctype)
        assert r.status == 200 and json.loads(r.body)["bytes"] == 9
        await c.aclose()
        with pytest.raises(RuntimeError):
            await c.request("GET", "/v1/models")
        dead = HTTPClient("http://127.0.0.1:9/v1", timeout=2)
        with pytest.raises(ConnectError):
            await dead.request("GET", "/models")
        stub.inject("drop")
        c2 = HTTPClient(stub.base_url, timeout=2)
        with pytest.raises(RemoteClosed):
            await c2.request("POST", "/chat/completions", json.dumps({"model": "m", "messages": MSGS}).encode())
        await c2.aclose()

    _run(go())
    with pytest.raises(ValueError, match="scheme"):
        HTTPClient("ftp://x")


def test_timeout_closes_the_connection_and_the_next_request_works(stub: StubServer) -> None:
    a = _adapter(stub.base_url, timeout=0.3)

    async def go() -> tuple[str, Any]:
        stub.inject("slow", delay=1.0)
        try:
            await a.complete(MSGS, PARAMS)
        except TransientError as exc:
            first = str(exc)
        t0 = time.perf_counter()
        ok = await a.complete(MSGS, PARAMS)
        assert time.perf_counter() - t0 < 0.3
        await a.aclose()
        return first, ok

    first, ok = _run(go())
    assert first == "timeout after 0.3s" and ok.text in ("TRUE", "FALSE")
