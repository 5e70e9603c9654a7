"""An isolating process pool: one task at a time per worker, hard per-task deadline.

``concurrent.futures.ProcessPoolExecutor`` marks the *whole* pool broken when one worker
dies (a solver segfault, an out-of-memory kill), losing every pending task.  Here the parent
hands each worker one task at a time and watches both its pipe and its process sentinel:
a worker that dies or overruns the hard deadline is killed and replaced, and only *its*
task gets the ``on_failure`` result.  Workers are not daemonic, so a task may itself fork
(the SymPy backend does).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def _worker(fn: Callable[[Any], Any], conn: Connection) -> None:
    while True:
        try:
            msg = conn.recv()
        except (EOFError, KeyboardInterrupt):
            return
        if msg is None:
            return
        index, task = msg
        try:
            result = ("ok", fn(task))
        except BaseException as exc:  # noqa: BLE001 - reported per task
            result = ("exc", f"{type(exc).__name__}: {exc}")
        try:
            conn.send((index, result))
        except (BrokenPipeError, EOFError):
            return


class _Slot:
    def __init__(self, ctx: Any, fn: Callable[[Any], Any]) -> None:
        self.parent, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker, args=(fn, child), daemon=False)
        self.proc.start()
        child.close()
        self.index: int | None = None
        self.deadline = 0.0

    def stop(self, kill: bool = False) -> None:
        if kill:
            if self.proc.is_alive():
                self.proc.kill()
        else:
            try:
                self.parent.send(None)
            except (BrokenPipeError, OSError):
                pass
        self.proc.join(2.0)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(2.0)
        self.parent.close()


def run_isolated(
    tasks: Sequence[T],
    fn: Callable[[T], R],
    *,
    jobs: int,
    hard_timeout: float,
    on_failure: Callable[[T, str], R],
    progress: Callable[[int, R], None] | None = None,
) -> list[R]:
    """Run ``fn`` over ``tasks`` in ``jobs`` isolated worker processes (``jobs <= 0``: in
    this process, sequentially, without isolation).  Results keep the task order; a task
    whose worker crashed, raised, or passed ``hard_timeout`` seconds gets
    ``on_failure(task, message)``."""
    results: list[Any] = [None] * len(tasks)
    if jobs <= 0:
        for i, t in enumerate(tasks):
            try:
                results[i] = fn(t)
            except Exception as exc:  # noqa: BLE001 - one task, one failure
                results[i] = on_failure(t, f"{type(exc).__name__}: {exc}")
            if progress:
                progress(i, results[i])
        return results
    method = "fork" if "fork" in mp.get_all_start_methods() and os.name == "posix" else "spawn"
    ctx = mp.get_context(method)
    n = max(1, min(jobs, len(tasks)))
    slots = [_Slot(ctx, fn) for _ in range(n)]
    pending = list(range(len(tasks)))
    pending.reverse()
    done = 0

    def assign(slot: _Slot) -> None:
        if not pending:
            slot.index = None
            return
        i = pending.pop()
        slot.index = i
        slot.deadline = time.monotonic() + hard_timeout
        slot.parent.send((i, tasks[i]))

    def finish(i: int, value: Any) -> None:
        nonlocal done
        results[i] = value
        done += 1
        if progress:
            progress(i, value)

    try:
        for s in slots:
            assign(s)
        while done < len(tasks):
            busy = [s for s in slots if s.index is not None]
            if not busy:  # pragma: no cover - defensive
                break
            now = time.monotonic()
            wait_for = max(0.0, min(s.deadline for s in busy) - now)
            handles: list[Any] = [s.parent for s in busy] + [s.proc.sentinel for s in busy]
            ready = set(wait(handles, timeout=wait_for))
            for k, s in enumerate(slots):
                if s.index is None:
                    continue
                i = s.index
                if s.parent in ready or s.parent.poll():
                    try:
                        idx, (status, value) = s.parent.recv()
                    except (EOFError, OSError):
                        code = s.proc.exitcode
                        s.stop(kill=True)
                        finish(i, on_failure(tasks[i], f"worker process died (exit code {code})"))
                        slots[k] = s = _Slot(ctx, fn)
                        assign(s)
                        continue
                    finish(idx, value if status == "ok" else on_failure(tasks[idx], value))
                    assign(s)
                elif s.proc.sentinel in ready or not s.proc.is_alive():
                    s.proc.join(0.1)
                    code = s.proc.exitcode
                    s.stop(kill=True)
                    finish(i, on_failure(tasks[i], f"worker process died (exit code {code})"))
                    slots[k] = s = _Slot(ctx, fn)
                    assign(s)
                elif time.monotonic() >= s.deadline:
                    s.stop(kill=True)
                    finish(i, on_failure(tasks[i], f"hard timeout: no answer within {hard_timeout:g}s (worker killed)"))
                    slots[k] = s = _Slot(ctx, fn)
                    assign(s)
    finally:
        for s in slots:
            s.stop(kill=s.index is not None)
    return results
