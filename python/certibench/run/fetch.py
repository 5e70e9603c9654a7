"""Asking: one model's requests with ``max_connections`` concurrent workers, retries of
transient failures (``Retry-After``, rpm limit), the response cache, and replayed answers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
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
    return OpenAIAdapter(spec, base_url=base_url, timeout=opts.timeout)


async def fetch_all(
    spec: ModelSpec,
    units: list[Unit],
    opts: RunOptions,
    on_result: Callable[[Unit, FetchResult], None],
    *,
    base_url: str | None = None,
    cache: ResponseCache | None = None,
) -> None:
    """Ask every unit of one model with ``max_connections`` concurrent workers."""
    if not units:
        return
    if spec.kind == "replay":
        rep = ReplayAdapter(spec)
        for u in units:
            on_result(u, rep.lookup(u))
        return
    adapter = make_adapter(spec, opts, base_url)
    policy = RetryPolicy(max_retries=opts.max_retries, base_delay=opts.backoff)
    limiter = RateLimiter(opts.rpm)
    gate = PauseGate()
    it = iter(units)
    hits = cache.existing([u.key for u in units]) if cache is not None else set()

    async def worker() -> None:
        for u in it:
            if cache is not None and u.key in hits:
                hit = cache.get(u.key)
                if hit is not None:
                    on_result(u, FetchResult(Completion.from_cache(hit), None, 0, 0.0, cached=True))
                    continue
            on_result(u, await fetch_with_retries(adapter, u, policy, limiter, gate, base_url))

    try:
        await asyncio.gather(*(worker() for _ in range(min(opts.max_connections, len(units)))))
    finally:
        await adapter.aclose()
