"""Run deep recursions safely: statements with thousands of binders or conjuncts are
valid Lean, and the recursive algorithms over them need a deep stack."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")

STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 200_000
_local = threading.local()


def deep_call(fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """``fn(*args, **kwargs)`` on a thread with a large stack and a high recursion limit
    (re-entrant: a nested call runs directly)."""
    if getattr(_local, "deep", False):
        return fn(*args, **kwargs)
    box: dict[str, Any] = {}

    def run() -> None:
        _local.deep = True
        try:
            box["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    old_limit = sys.getrecursionlimit()
    old_size = threading.stack_size()
    try:
        sys.setrecursionlimit(max(old_limit, RECURSION_LIMIT))
        threading.stack_size(STACK_BYTES)
        t = threading.Thread(target=run, name="certibench-deep")
        t.start()
    finally:
        threading.stack_size(old_size)
    t.join()
    if "error" in box:
        raise box["error"]
    return box["value"]
