"""Asking: one model's requests with ``max_connections`` concurrent workers, retries of
transient failures (``Retry-After``, rpm limit), the response cache, and replayed answers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from certibench.run import rundir as rd
from certibench.run.adapters import (
    AnthropicAdapter,
    Completion,
    OpenAIAdapter,
    PermanentError,
    TransientError,
    check_reachable,
)
from certibench.run.cache import ResponseCache
from certibench.run.limits import PauseGate, RateLimiter, RetryPolicy
from certibench.run.options import RunOptions
from certibench.run.plan import Unit
from certibench.run.specs import ModelSpec


@dataclass
class FetchResult:
    completion: Completion | None
    error: str | None
    attempts: int
    latency_s: float
    cached: bool = False
    batch: str | None = None  # the provider batch that answered (``--batch``)


async def fetch_with_retries(
    adapter: Any,
    unit: Unit,
    policy: RetryPolicy,
    limiter: RateLimiter,
    gate: PauseGate,
    base_url: str | None = None,
) -> FetchResult:
    """Ask once, retrying transient failures; a request that keeps failing becomes an error."""
    attempts = 0
    t0 = time.perf_counter()
    while True:
        if gate.until:
            await gate.wait()
        if limiter.interval:
            await limiter.acquire()
        attempts += 1
        try:
            c = await adapter.complete(unit.messages, unit.params)
            return FetchResult(c, None, attempts, time.perf_counter() - t0)
        except PermanentError as exc:
            return FetchResult(None, str(exc), attempts, time.perf_counter() - t0)
        except TransientError as exc:
            if attempts > policy.max_retries:
                if base_url and exc.status is None and str(exc).startswith("connection error"):
                    check_reachable(base_url)  # raises EndpointUnreachable when the server is gone
                return FetchResult(None, f"{exc} (gave up after {attempts} attempts)", attempts, time.perf_counter() - t0)
            d = policy.delay(attempts, exc.retry_after)
            if exc.retry_after is not None:
                gate.pause(d)
            await asyncio.sleep(d)


class ReplayAdapter:
    """Answers from a recorded responses file (no model is called)."""

    def __init__(self, spec: ModelSpec) -> None:
        rows, _ = rd.read_responses(Path(spec.path or ""))
        self.raw: dict[tuple[str, int], str] = {}
        for r in rows:
            if r.get("model") == spec.name and not r.get("error") and r.get("raw") is not None:
                self.raw[(str(r["item_id"]), int(r.get("sample", 0)))] = str(r["raw"])

    def lookup(self, unit: Unit) -> FetchResult:
        raw = self.raw.get((unit.item.id, unit.sample))
        if raw is None:
            return FetchResult(None, f"not in replay file {unit.spec.path}", 0, 0.0)
        return FetchResult(Completion(raw, "replay"), None, 0, 0.0)


def make_adapter(spec: ModelSpec, opts: RunOptions, base_url: str | None = None) -> Any:
    if spec.kind == "anthropic":
        return AnthropicAdapter(spec, timeout=opts.timeout)
    api = opts.api if spec.kind == "openai" else "chat"  # the local llama.cpp server: chat
    return OpenAIAdapter(spec, base_url=base_url, timeout=opts.timeout, max_connections=opts.max_connections, api=api)


async def fetch_all(
    spec: ModelSpec,
    units: list[Unit],
    opts: RunOptions,
    on_result: Callable[[Unit, FetchResult], None],
    *,
    base_url: str | None = None,
    base_urls: Sequence[str] = (),
    cache: ResponseCache | None = None,
) -> None:
    """Ask every unit of one model with ``max_connections`` concurrent workers.

    ``base_urls`` (several servers of the same model, e.g. local llama.cpp workers) overrides
    ``base_url``: the workers take turns over the servers and draw from one queue of units, so
    a server that answers faster simply answers more."""
    if not units:
        return
    if spec.kind == "replay":
        rep = ReplayAdapter(spec)
        for u in units:
            on_result(u, rep.lookup(u))
        return
    urls: list[str | None] = list(base_urls) or [base_url]
    adapters = [make_adapter(spec, opts, url) for url in urls]
    policy = RetryPolicy(max_retries=opts.max_retries, base_delay=opts.backoff)
    limiter = RateLimiter(opts.rpm)
    gate = PauseGate()
    it = iter(units)
    hits = cache.existing([u.key for u in units]) if cache is not None else set()

    async def worker(k: int) -> None:
        adapter, url = adapters[k % len(adapters)], urls[k % len(urls)]
        for u in it:
            if cache is not None and u.key in hits:
                hit = cache.get(u.key)
                if hit is not None:
                    on_result(u, FetchResult(Completion.from_cache(hit), None, 0, 0.0, cached=True))
                    continue
            on_result(u, await fetch_with_retries(adapter, u, policy, limiter, gate, url))

    try:
        await asyncio.gather(*(worker(k) for k in range(min(opts.max_connections, len(units)))))
    finally:
        for adapter in adapters:
            await adapter.aclose()


async def fetch_all_batch(
    spec: ModelSpec,
    units: list[Unit],
    opts: RunOptions,
    on_result: Callable[[Unit, FetchResult], None],
    *,
    run_dir: Path,
    state: list[dict[str, Any]],
    save_state: Callable[[], None],
    base_url: str | None = None,
    cache: ResponseCache | None = None,
    note: Callable[[str], None] = lambda _m: None,
) -> None:
    """``--batch``: cached answers first, the rest through the provider's Batch API
    (:mod:`certibench.run.batch`)."""
    from certibench.run.batch import fetch_batch

    if not units:
        return
    rest = units
    if cache is not None:
        hits = cache.existing([u.key for u in units])
        rest = []
        for u in units:
            hit = cache.get(u.key) if u.key in hits else None
            if hit is not None:
                on_result(u, FetchResult(Completion.from_cache(hit), None, 0, 0.0, cached=True))
            else:
                rest.append(u)
    adapter = make_adapter(spec, opts, base_url)
    if not rest and not any(not r.get("ingested") for r in state):
        await adapter.aclose()
        return
    await fetch_batch(
        adapter,
        rest,
        label=spec.label,
        run_dir=run_dir,
        state=state,
        save_state=save_state,
        on_result=on_result,
        make_result=lambda c, err, bid: FetchResult(c, err, 1, 0.0, batch=bid),
        poll=opts.batch_poll,
        window=opts.batch_window,
        note=note,
    )
