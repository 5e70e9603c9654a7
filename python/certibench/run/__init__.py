"""certibench.run — ask models every item, parse, score, and keep a resumable run directory.

Public surface::

    from certibench.run import RunOptions, run, Runner, parse_model_spec, get_protocol
    result = run(RunOptions(items_path="items.jsonl", models=["openai:gpt-4o-mini"]))

This package is itself callable: ``certibench.run(opts)`` (and so ``from certibench import
run``) is :func:`certibench.run.engine.run`.  To build ``report.json``/``report.html`` at the
end, pass ``reporter=certibench.report.write_run_report`` (the run layer does not import the
report layer above it; the CLI passes it).

Modules, one job each: :mod:`.options` (what to do), :mod:`.specs` (``--model`` strings),
:mod:`.protocols` (prompts + parsers) and :mod:`.answers` (answer extraction),
:mod:`.plan` (items and requests), :mod:`.adapters` (OpenAI-compatible / Anthropic /
in-process GGUF), :mod:`.limits` (retries, Retry-After, rpm), :mod:`.fetch` (asking),
:mod:`.cache` (SQLite), :mod:`.records` (response records, summaries), :mod:`.rundir`
(responses.jsonl, run.json, resuming), :mod:`.engine` (orchestration), :mod:`.ray_exec` (Ray).
Submodules are imported on first use so ``import certibench.run`` stays cheap.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from certibench.run.engine import Runner, run
    from certibench.run.options import Reporter, RunError, RunOptions, RunResult
    from certibench.run.protocols import get_protocol, infer_protocol
    from certibench.run.specs import ModelSpec, parse_model_spec

__all__ = [
    "ModelSpec",
    "RunError",
    "RunOptions",
    "RunResult",
    "Runner",
    "get_protocol",
    "infer_protocol",
    "parse_model_spec",
    "run",
]

_WHERE = {
    "RunError": "options",
    "RunOptions": "options",
    "RunResult": "options",
    "Runner": "engine",
    "run": "engine",
    "get_protocol": "protocols",
    "infer_protocol": "protocols",
    "ModelSpec": "specs",
    "parse_model_spec": "specs",
}


def __getattr__(name: str) -> Any:
    mod = _WHERE.get(name)
    if mod is None:
        raise AttributeError(f"module 'certibench.run' has no attribute {name!r}")
    return getattr(importlib.import_module(f"certibench.run.{mod}"), name)


class _CallableRunPackage(types.ModuleType):
    """``certibench.run`` the package, callable as ``certibench.run.engine.run``."""

    def __call__(
        self, opts: RunOptions, console: Console | None = None, reporter: Reporter | None = None
    ) -> RunResult:
        from certibench.run.engine import run as _run

        return _run(opts, console, reporter)


sys.modules[__name__].__class__ = _CallableRunPackage
