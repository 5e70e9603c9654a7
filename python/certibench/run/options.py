"""What a run is asked to do (:class:`RunOptions`), how it can fail to start
(:class:`RunError`) and what it returns (:class:`RunResult`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from certibench.schema import Item, ProtocolName, Response


class RunOptions(BaseModel):
    """Everything `certibench run` needs (the CLI is a thin layer over this)."""

    model_config = ConfigDict(extra="forbid")

    items_path: Path | None = None  # None = the bundled certified release
    models: list[str] = Field(default_factory=lambda: ["local"])
    out: Path | None = None
    protocol: ProtocolName | None = None
    base_url: str | None = None
    temperature: float | None = None
    max_tokens: int | None = Field(None, gt=0)
    top_p: float | None = None
    samples: int = Field(1, ge=1)
    seed: int | None = None
    max_connections: int = Field(8, ge=1)
    rpm: float | None = Field(None, gt=0)
    timeout: float = Field(120.0, gt=0)
    max_retries: int = Field(5, ge=0)
    backoff: float = Field(0.5, gt=0)
    kca: bool = False
    cards: Path | None = None
    limit: int | None = Field(None, ge=1)
    quick: bool = False  # ask a deterministic sample of whole theorem classes (run.defaults.quick_sample)
    images: bool = False
    local_threads: int | None = Field(None, ge=1)  # llama.cpp threads for local models (default: half the cores, <= 4)
    local_workers: int | None = Field(None, ge=1)  # independent llama.cpp servers per local model (default: cores / threads, <= 4)
    constrained: bool = False  # grammar-constrained decoding where the backend supports it (local GGUF)
    cache_path: Path | None = None  # None = RUN_DIR/cache.sqlite
    use_cache: bool = True
    executor: Literal["local", "ray"] = "local"
    ray_address: str | None = None
    ray_shards: int | None = Field(None, ge=1)
    retry_errors: bool = False
    progress: bool = True
    report: bool = True
    # release audit whose artifact baseline the report shows (default: audit.json beside the items)
    audit: Path | None = None
    #: OpenAI-compatible endpoint: "chat" (/chat/completions) or "completions" (/completions, base models)
    api: Literal["chat", "completions"] = "chat"
    #: ask openai: models through the provider's batch API (/v1/files + /v1/batches) instead
    batch: bool = False
    batch_poll: float = Field(30.0, gt=0)  # seconds between batch status checks
    batch_window: str = "24h"  # completion_window sent with the batch
    #: also write RUN_DIR/responses.parquet (all responses, columnar) at the end of the run
    parquet: bool = False


class RunError(RuntimeError):
    """A run cannot start (bad input, unknown spec, missing extra); one-line message."""


@dataclass
class RunResult:
    run_dir: Path
    summary: dict[str, dict[str, Any]]
    asked: int
    skipped_done: int
    item_errors: list[str] = field(default_factory=list)
    report_paths: list[Path] = field(default_factory=list)
    report_note: str | None = None
    status: str = "complete"


#: ``reporter(items, responses, run_dir) -> paths written`` — see :func:`certibench.run.engine.run`.
Reporter = Callable[[list[Item], list[Response], Path], Sequence[Path]]
