"""``--executor ray``: shard the pending requests (whole items stay together) across Ray
workers; each worker runs the same async client (:func:`certibench.run.fetch.fetch_all`)
against its endpoint and returns raw completions; the driver parses, scores, caches and
appends them to the one run directory as shards finish (so a killed Ray run resumes too).

API keys are not shipped to workers: each worker reads its own environment.
Ray is an optional extra: ``pip install 'certibench[ray]'``.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from certibench.parallel import PIP_RAY, RayUnavailable, cluster_cpus, import_ray, init_ray
from certibench.run.adapters import Completion, LocalModelServer
from certibench.run.cache import ResponseCache
from certibench.run.fetch import FetchResult, fetch_all
from certibench.run.options import RunOptions
from certibench.run.plan import Unit
from certibench.run.protocols import get_protocol
from certibench.run.specs import ModelSpec
from certibench.schema import Item

__all__ = ["PIP_RAY", "RayUnavailable", "import_ray", "run_on_ray", "shard_units"]


def shard_units(units: list[Unit], n_shards: int) -> list[list[Unit]]:
    """Split requests into ``n_shards`` groups, keeping all requests of an item together."""
    by_item: dict[str, list[Unit]] = defaultdict(list)
    for u in units:
        by_item[u.item.id].append(u)
    groups = list(by_item.values())
    n = max(1, min(n_shards, len(groups)))
    shards: list[list[Unit]] = [[] for _ in range(n)]
    for i, g in enumerate(groups):
        shards[i * n // len(groups)].extend(g)
    return [s for s in shards if s]


def _shard_worker(spec_json: str, opts_json: str, reqs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Runs inside a Ray worker: ask one shard, return raw completions (no parsing)."""
    spec = ModelSpec.model_validate_json(spec_json)
    opts = RunOptions.model_validate_json(opts_json)
    proto = get_protocol("truefalse")  # placeholder: workers do not parse
    units = [
        Unit(Item(id=r["item_id"]), proto, spec, r["sample"], r["messages"], r["params"], r["key"]) for r in reqs
    ]
    out: dict[int, dict[str, Any]] = {}
    index = {id(u): i for i, u in enumerate(units)}

    def on_result(u: Unit, fr: FetchResult) -> None:
        out[index[id(u)]] = {
            "completion": fr.completion.to_cache() if fr.completion else None,
            "error": fr.error,
            "attempts": fr.attempts,
            "latency_s": fr.latency_s,
        }

    server = None
    base_url = spec.base_url
    if spec.kind == "local":
        server = LocalModelServer(spec.path or "", n_parallel=max(1, min(opts.max_connections, 4)), n_threads=opts.local_threads or 1)
        base_url = server.start()
    try:
        asyncio.run(fetch_all(spec, units, opts, on_result, base_url=base_url, cache=None))
    finally:
        if server is not None:
            server.stop()
    return [out[i] for i in range(len(units))]


def run_on_ray(
    pending_by_model: dict[str, list[Unit]],
    specs: list[ModelSpec],
    opts: RunOptions,
    on_result: Callable[[Unit, FetchResult], None],
    cache: ResponseCache | None,
) -> None:
    ray = init_ray(opts.ray_address)
    remote = ray.remote(_shard_worker)
    n_workers = cluster_cpus(ray)
    opts_json = opts.model_copy(update={"progress": False}).model_dump_json()
    inflight: dict[Any, list[Unit]] = {}
    for spec in specs:
        units = pending_by_model.get(spec.label, [])
        if cache is not None:  # cached answers never leave the driver
            todo = []
            hits = cache.existing([u.key for u in units])
            for u in units:
                hit = cache.get(u.key) if u.key in hits else None
                if hit is not None:
                    on_result(u, FetchResult(Completion.from_cache(hit), None, 0, 0.0, cached=True))
                else:
                    todo.append(u)
            units = todo
        if not units:
            continue
        # a local GGUF is loaded once per shard: one shard per worker; remote APIs: finer shards
        n_shards = opts.ray_shards or (n_workers if spec.kind == "local" else n_workers * 4)
        for shard in shard_units(units, n_shards):
            reqs = [
                {"item_id": u.item.id, "sample": u.sample, "messages": u.messages, "params": u.params, "key": u.key}
                for u in shard
            ]
            ref = remote.remote(spec.model_dump_json(), opts_json, reqs)
            inflight[ref] = shard
    while inflight:
        done, _ = ray.wait(list(inflight), num_returns=1)
        for ref in done:
            shard = inflight.pop(ref)
            for u, r in zip(shard, ray.get(ref), strict=True):
                comp = Completion.from_cache(r["completion"]) if r["completion"] else None
                on_result(u, FetchResult(comp, r["error"], r["attempts"], r["latency_s"]))
