"""`certibench run` as a library: plan every (item, model, sample) request, skip what the
run directory already holds, ask the rest concurrently (or on Ray), parse, score and
append each response as it arrives.

    from certibench.run import RunOptions, run
    result = run(RunOptions(items_path="items.jsonl", models=["openai:gpt-4o-mini"], out="runs/x"))

The jobs live in their own modules: :mod:`.options` (what to do), :mod:`.plan` (items, specs,
requests), :mod:`.fetch` (asking, retries, cache), :mod:`.records` (response records and
summaries), :mod:`.rundir` (the directory, run.json, resuming), :mod:`.ray_exec` (Ray);
this module only orchestrates them.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from rich.console import Console

from certibench.run import rundir as rd
from certibench.run.adapters import (
    PIP_ANTHROPIC,
    EndpointUnreachable,
    LocalModelServer,
    check_reachable,
    default_local_threads,
    default_local_workers,
    local_slots,
)
from certibench.run.cache import ResponseCache
from certibench.run.defaults import MissingResourceError, QuickSample, quick_sample
from certibench.run.display import RunProgress
from certibench.run.fetch import FetchResult, fetch_all, fetch_all_batch
from certibench.run.options import Reporter, RunError, RunOptions, RunResult
from certibench.run.plan import (
    Unit,
    expand_specs,
    fingerprint,
    load_items,
    plan_units,
    resolve_items_path,
)
from certibench.run.protocols import load_cards
from certibench.run.ray_exec import RayUnavailable, import_ray, run_on_ray
from certibench.run.records import dumps_record, make_record, summarize
from certibench.run.release import file_sha256, items_changed, release_identity, resume_mismatch
from certibench.run.rundir import default_run_dir, find_resumable, utc_now, versions
from certibench.run.specs import ModelSpec
from certibench.schema import Response

__all__ = ["Runner", "run"]


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
        self.release = release_identity(self.items_path, digest=f"sha256:{self.items_sha}")
        self.warnings.extend(self.release["warnings"])
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
        unscored: dict[str, tuple[str, Any]] = {}
        for u in self.units:
            if u.sample == 0 and u.item.id not in unscored:
                try:
                    scoreable = u.protocol.expected(u.item) is not None
                except Exception:  # an unreadable ground truth is one more unscored item
                    scoreable = False
                if not scoreable:
                    unscored[u.item.id] = (u.protocol.name, u.item.ground_truth)
        for iid, (proto, gt) in list(unscored.items())[:20]:
            # asked, recorded, never scored: say so where the item is, not later in the report
            # (adversary round 50: `"ground_truth": "MAYBE"` was blamed on responses.jsonl)
            self.warnings.append(f"{self.items_path}: item {iid}: field 'ground_truth': {gt!r} cannot be scored "
                                 f"under the {proto} protocol; its answers are recorded but not scored")
        if len(unscored) > 20:
            self.warnings.append(f"{self.items_path}: {len(unscored) - 20} more item(s) whose ground_truth cannot be scored")
        if not self.units:
            raise RunError(f"{self.items_path}: no item can be asked ({problems[0] if problems else 'nothing to do'})")
        if o.constrained:
            for spec in self.specs:
                if spec.kind != "local":
                    self.warnings.append(f"--constrained: {spec.label} does not take a grammar; asked unconstrained")
        if o.batch:
            if o.executor == "ray":
                raise RunError("--batch and --executor ray do not go together (the provider runs the batch)")
            for spec in self.specs:
                if spec.kind != "openai":
                    self.warnings.append(f"--batch: {spec.spec} is not an openai: model (no Batch API); asked without one")
        self.fp = fingerprint(self.items_sha, o, cards_sha)
        spec_strings = [s.spec for s in self.specs]
        if o.out is not None:
            self.run_dir = Path(o.out)
            self.resumed_auto = False
        else:
            found = find_resumable(self.runs_root, self.fp, str(self.items_path), spec_strings, o.limit, o.quick)
            self.resumed_auto = found is not None
            self.run_dir = found or default_run_dir(self.runs_root)
            stale = None if found else find_resumable(self.runs_root, None, str(self.items_path), spec_strings, o.limit, o.quick)
            if stale is not None:
                why = items_changed(stale, rd.read_run_json(stale), self.items_path, self.release)
                if why:
                    self.warnings.append(f"not resuming: {why}; starting {self.run_dir}")
        self.meta: dict[str, Any] = {}
        rj = self.run_dir / rd.RUN_JSON
        if rj.exists():
            try:
                self.meta = json.loads(rj.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise RunError(f"{rj}: unreadable run.json ({exc.msg}); use a new --out") from exc
            if self.meta.get("fingerprint") != self.fp:
                why = resume_mismatch(self.run_dir, self.meta, self.items_path, self.release)
                raise rd.RunDirMismatch(
                    why
                    or f"{self.run_dir} holds a run on the same items with different sampling parameters "
                    "(temperature, max tokens, samples, seed, protocol, cards, images or constrained "
                    "decoding; see its run.json); start a new run directory with --out"
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
                "release": {k: v for k, v in self.release.items() if k != "warnings"},
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
                    "audit": str(Path(o.audit).resolve()) if o.audit else None,
                    "images": o.images,
                    "constrained": o.constrained,
                    "max_connections": o.max_connections,
                    "rpm": o.rpm,
                    "timeout_s": o.timeout,
                    "max_retries": o.max_retries,
                    "executor": o.executor,
                    "ray_address": o.ray_address,
                    "api": o.api,
                    "batch": o.batch,
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
        o = self.opts
        self.run_dir.mkdir(parents=True, exist_ok=True)
        pending_by_model: dict[str, list[Unit]] = defaultdict(list)
        for u in self.pending:
            pending_by_model[u.spec.label].append(u)
        # fail fast, before anything is written: missing extras, unreachable endpoints
        if o.executor == "ray":
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
            base_urls: dict[str, list[str]] = {}
            for spec in self.specs:
                units = pending_by_model.get(spec.label, [])
                progress.add(spec.label, len(units), done=sum(1 for u in self.units if u.spec.label == spec.label) - len(units))
                if spec.kind == "local" and units and o.executor == "local":
                    # one llama.cpp server per core (of `threads` threads each), fed from one queue
                    threads = o.local_threads or default_local_threads()
                    workers = min(o.local_workers or default_local_workers(threads), len(units))
                    slots = local_slots(o.max_connections, workers)
                    base_urls[spec.label] = []
                    for _ in range(workers):
                        srv = LocalModelServer(spec.path or "", n_parallel=slots, n_threads=threads)
                        try:
                            base_urls[spec.label].append(srv.start())
                        except MissingResourceError as exc:
                            raise RunError(str(exc)) from exc
                        servers.append(srv)
                else:
                    base_urls[spec.label] = [spec.base_url] if spec.base_url else []
            with progress:
                if o.executor == "ray":
                    run_on_ray(pending_by_model, self.specs, o, on_result, cache)
                else:
                    batches: dict[str, list[dict[str, Any]]] = self.meta.setdefault("batches", {})

                    def save_batches() -> None:
                        rd.write_json_atomic(self.run_dir / rd.RUN_JSON, self.meta)

                    def note(msg: str) -> None:
                        if o.progress:
                            self.console.print(f"[dim]{msg}[/dim]", highlight=False)

                    def _one(spec: ModelSpec) -> Any:
                        units = pending_by_model.get(spec.label, [])
                        if o.batch and spec.kind == "openai":
                            return fetch_all_batch(
                                spec, units, o, on_result, run_dir=self.run_dir,
                                state=batches.setdefault(spec.label, []), save_state=save_batches,
                                base_url=next(iter(base_urls.get(spec.label, [])), None), cache=cache, note=note,
                            )
                        return fetch_all(spec, units, o, on_result, base_urls=base_urls.get(spec.label, []), cache=cache)

                    async def _all() -> None:
                        await asyncio.gather(*(_one(spec) for spec in self.specs))

                    from certibench.run.adapters import AdapterError
                    from certibench.run.batch import BatchError

                    try:
                        asyncio.run(_all())
                    except EndpointUnreachable as exc:
                        raise RunError(str(exc)) from exc
                    except BatchError as exc:
                        raise RunError(str(exc)) from exc
                    except AdapterError as exc:  # the Batch API itself refused (e.g. no such endpoint)
                        raise RunError(f"batch API: {exc}") from exc
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
            if o.parquet:
                try:
                    rd.write_parquet(rows, self.run_dir / rd.RESPONSES_PARQUET)
                except Exception as exc:  # the JSONL is the record; a Parquet copy must not fail the run
                    self.warnings.append(f"--parquet: {rd.RESPONSES_PARQUET} not written: {type(exc).__name__}: {exc}")
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
