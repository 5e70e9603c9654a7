"""Run recursive code on deep inputs: ``deep_call(fn, *args, **kwargs)``.

Statements can be deep — 200 nested parentheses, 2,000 conjuncts (a right-nested ``∧``
chain), 5,000 binders (a ∀-telescope) — and the parser, the elaborator, the renderers and
even ``==``/``hash`` on the frozen AST dataclasses recurse once per level.  Rather than cap
the size of a statement (size is not an error), the public entry points run their work in
a worker thread with a large C stack and a high Python recursion limit.

* ``deep_call`` is re-entrant: called from inside a deep call it just calls ``fn``.
* The recursion limit is process-wide in CPython: it is raised while at least one deep call
  runs and restored when the last one returns (a counter under a lock; every raiser in
  certibench goes through it), so code that runs when no deep call is active keeps the
  normal limit and gets a ``RecursionError`` rather than overflowing the 8 MiB main-thread
  stack.  The caller of a deep call waits for it, so in certibench's own processes nothing
  else runs meanwhile.  A program that embeds certibench and, *in another thread*, recurses
  deeply through C (``json.loads`` of input nested 100,000 levels, ``repr`` of a deep
  structure) while a deep call is active is not protected: CPython 3.11 has no per-thread
  limit, and such recursion can overflow that thread's stack.  Measure the depth of
  untrusted JSON before parsing it there (``certibench.io.too_deep``), as certibench's
  readers do.
* Exceptions raised by ``fn`` propagate unchanged (with their traceback) to the caller.
* Worker threads are reused (a small pool), so the per-call overhead is a queue hand-off;
  a forked child process (multiprocessing pools) starts with an empty pool.

The lead's certifier wraps a whole certification in one ``deep_call``.
"""

from __future__ import annotations

import functools
import os
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["deep_call", "deep_retry", "in_deep_call", "DEEP_STACK_BYTES", "DEEP_RECURSION_LIMIT"]

T = TypeVar("T")

#: C stack of a deep worker thread (virtual memory; only touched pages are committed).
DEEP_STACK_BYTES = 512 * 1024 * 1024
#: Python recursion limit while deep work runs (≈ 1 KiB of C stack per Python-level frame
#: that goes through C, e.g. dataclass ``__eq__``/``__hash__``; ample for 512 MiB).
DEEP_RECURSION_LIMIT = 400_000

_local = threading.local()
_limit_lock = threading.Lock()
_active = 0
_saved_limit = 0
_pool_lock = threading.Lock()
_idle: list[_Worker] = []


def _after_fork_in_child() -> None:
    """A forked child inherits the pool's bookkeeping but not its threads: start afresh."""
    global _limit_lock, _pool_lock, _idle, _active
    _limit_lock = threading.Lock()
    _pool_lock = threading.Lock()
    _idle = []
    if _active and not in_deep_call():
        sys.setrecursionlimit(_saved_limit)
    _active = 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def in_deep_call() -> bool:
    """Is the current thread a deep worker (already running under :func:`deep_call`)?"""
    return bool(getattr(_local, "deep", False))


class _Worker:
    """A daemon thread with a large stack that runs one job at a time."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[tuple[Callable[[], Any], queue.SimpleQueue[tuple[bool, Any]]] | None] = (
            queue.SimpleQueue()
        )
        old = threading.stack_size()
        try:
            threading.stack_size(DEEP_STACK_BYTES)
            self.thread = threading.Thread(target=self._loop, name="certibench-deep", daemon=True)
            self.thread.start()
        finally:
            threading.stack_size(old)

    def _loop(self) -> None:
        _local.deep = True
        while True:
            job = self.jobs.get()
            if job is None:
                return
            fn, out = job
            try:
                out.put((True, fn()))
            except BaseException as exc:  # noqa: BLE001 - handed to the caller unchanged
                out.put((False, exc))
            finally:
                del fn, job


def _enter() -> None:
    global _active, _saved_limit
    with _limit_lock:
        if _active == 0:
            _saved_limit = sys.getrecursionlimit()
            if _saved_limit < DEEP_RECURSION_LIMIT:
                sys.setrecursionlimit(DEEP_RECURSION_LIMIT)
        _active += 1


def _leave() -> None:
    global _active
    with _limit_lock:
        _active -= 1
        if _active == 0 and sys.getrecursionlimit() != _saved_limit:
            sys.setrecursionlimit(_saved_limit)


def deep_call(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` run with a large stack and a high recursion limit."""
    if in_deep_call():
        return fn(*args, **kwargs)
    _enter()
    try:
        with _pool_lock:
            worker = _idle.pop() if _idle else None
        if worker is None:
            worker = _Worker()
        out: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        worker.jobs.put((lambda: fn(*args, **kwargs), out))
        ok, value = out.get()
    finally:
        _leave()
    with _pool_lock:
        if len(_idle) < 4:
            _idle.append(worker)
        else:
            worker.jobs.put(None)
    if ok:
        return value  # type: ignore[no-any-return]
    raise value


F = TypeVar("F", bound=Callable[..., Any])


def deep_retry(fn: F) -> F:
    """Decorate a *pure* recursive function: run it in the calling thread (no hand-off
    cost for ordinary input) and, if it hits the recursion limit, run it again under
    :func:`deep_call`.  Only for functions without side effects (a retry must be safe)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if in_deep_call():
            return fn(*args, **kwargs)
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            return deep_call(fn, *args, **kwargs)

    return wrapper  # type: ignore[return-value]
