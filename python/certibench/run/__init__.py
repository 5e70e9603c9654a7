"""certibench.run — ask models every item, parse, score, and keep a resumable run directory.

Public surface::

    from certibench.run import RunOptions, run, Runner, parse_model_spec, get_protocol

Layers: :mod:`.specs` (``--model`` strings), :mod:`.protocols` (prompts + parsers),
:mod:`.adapters` (OpenAI-compatible / Anthropic / in-process GGUF), :mod:`.limits`
(retries, Retry-After, rpm), :mod:`.cache` (SQLite), :mod:`.rundir` (responses.jsonl,
run.json), :mod:`.engine` (planning and the asyncio executor), :mod:`.ray_exec` (Ray).
Submodules are imported on first use so ``import certibench.run`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from certibench.run.engine import RunError, Runner, RunOptions, RunResult, run
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
    "RunError": "engine",
    "RunOptions": "engine",
    "RunResult": "engine",
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
    import importlib

    return getattr(importlib.import_module(f"certibench.run.{mod}"), name)
