"""Certify / generate on Ray: the contract of :func:`certibench.verify.pool.run_isolated`,
with the work spread over a Ray cluster.

``run_on_ray(tasks, fn, jobs=…, hard_timeout=…, on_failure=…, progress=…)`` returns the
same list, in the same order, as the local pool: tasks travel in chunks of many statements
each; inside a Ray worker a chunk runs through :func:`run_isolated` itself (one task at a
time in an isolated process with the same hard deadline and the same ``on_failure``
messages — ``jobs=0`` runs the chunk in the worker process without isolation), so a
crashing solver costs one statement, never a chunk; chunks are kept in flight in a
bounded window and their results handed to ``progress`` in input order as they arrive.
Output is byte for byte that of the local pool (results depend only on the task).

:func:`select_executor` picks the executor for ``--executor local|ray``; ``certify_items``
and ``generate_items`` take it as ``executor=``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from certibench.parallel import RayUnavailable, cluster_cpus, import_ray, init_ray
from certibench.verify.pool import run_isolated

__all__ = ["EXECUTORS", "Executor", "RayUnavailable", "run_on_ray", "select_executor"]

T = TypeVar("T")
R = TypeVar("R")

EXECUTORS: tuple[str, ...] = ("local", "ray")


class Executor(Protocol):
    """``run_isolated``'s signature: tasks in, results out in the same order."""

    def __call__(
        self,
        tasks: Sequence[Any],
        fn: Callable[[Any], Any],
        *,
        jobs: int,
        hard_timeout: float,
        on_failure: Callable[[Any, str], Any],
        progress: Callable[[int, Any], None] | None = None,
    ) -> list[Any]: ...


def _run_chunk(
    chunk: list[Any], fn: Callable[[Any], Any], on_failure: Callable[[Any, str], Any], jobs: int, hard_timeout: float
) -> list[Any]:
    """Runs inside a Ray worker: one chunk through the local isolating pool."""
    return run_isolated(chunk, fn, jobs=1 if jobs > 0 else 0, hard_timeout=hard_timeout, on_failure=on_failure)


def run_on_ray(
    tasks: Sequence[T],
    fn: Callable[[T], R],
    *,
    jobs: int,
    hard_timeout: float,
    on_failure: Callable[[T, str], R],
    progress: Callable[[int, R], None] | None = None,
    address: str | None = None,
    chunk_size: int | None = None,
    max_inflight: int | None = None,
) -> list[R]:
    """:func:`run_isolated` on Ray (see the module doc).  ``chunk_size`` statements per Ray
    task (default: about four tasks per cluster CPU); at most ``max_inflight`` chunks are
    submitted ahead of the first unfinished one (default: twice the CPUs)."""
    n = len(tasks)
    if n == 0:
        return []
    ray = init_ray(address)
    cpus = cluster_cpus(ray)
    size = chunk_size or max(1, math.ceil(n / (cpus * 4)))
    starts = list(range(0, n, size))
    window = max_inflight or max(2, cpus * 2)
    remote = ray.remote(_run_chunk)
    fn_ref = ray.put(fn)
    fail_ref = ray.put(on_failure)
    results: list[Any] = [None] * n
    inflight: dict[Any, int] = {}  # object ref -> chunk number
    finished: dict[int, list[Any]] = {}
    next_submit = 0
    next_deliver = 0
    try:
        while next_deliver < len(starts):
            while next_submit < len(starts) and next_submit - next_deliver < window:
                s = starts[next_submit]
                chunk = list(tasks[s : s + size])
                inflight[remote.remote(chunk, fn_ref, fail_ref, jobs, hard_timeout)] = next_submit
                next_submit += 1
            done, _ = ray.wait(list(inflight), num_returns=1)
            for ref in done:
                k = inflight.pop(ref)
                try:
                    finished[k] = ray.get(ref)
                except Exception as exc:  # noqa: BLE001 - a lost worker costs its chunk's tasks, reported per task
                    s = starts[k]
                    msg = f"Ray task failed: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
                    finished[k] = [on_failure(t, msg) for t in tasks[s : s + size]]
            while next_deliver in finished:
                s = starts[next_deliver]
                for j, r in enumerate(finished.pop(next_deliver)):
                    results[s + j] = r
                    if progress is not None:
                        progress(s + j, r)
                next_deliver += 1
    finally:
        for ref in inflight:
            ray.cancel(ref, force=True)
    return results


def select_executor(
    name: str = "local", *, ray_address: str | None = None, chunk_size: int | None = None
) -> Executor:
    """The executor for ``--executor NAME``: ``local`` (:func:`run_isolated`, this machine's
    processes) or ``ray`` (:func:`run_on_ray`; ``ray_address`` joins a cluster, default a
    local Ray).  Raises :class:`RayUnavailable` when Ray is asked for but not installed,
    ``ValueError`` for an unknown name."""
    if name == "local":
        return run_isolated
    if name == "ray":
        import_ray()
        return functools.partial(run_on_ray, address=ray_address, chunk_size=chunk_size)
    raise ValueError(f"unknown executor {name!r} (choose from {', '.join(EXECUTORS)})")
