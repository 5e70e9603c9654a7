"""CLI: `certibench run` — ask models every item, parse, score, leave a run directory."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from certibench.run.defaults import QUICK_ITEMS

RUN_HELP = (
    "Ask one or more models every item, parse and score each answer, and leave a run directory "
    "(responses.jsonl, run.json, cache.sqlite, report) that `certibench report` reads.\n\n"
    "With no arguments: a quick run - a fixed sample of about "
    f"{QUICK_ITEMS} items made of whole theorem classes (every paraphrase of each sampled "
    "theorem, TRUE and FALSE ones, from every domain) of the bundled certified release, asked "
    "of the bundled local model (SmolLM2-135M-Instruct via xllamacpp, offline), in a new "
    "directory runs/<timestamp>. Add --all to ask every item of the release.\n\n"
    "Interrupted runs resume: run the same command again (or pass the same --out); only the "
    "missing (item, model, sample) requests are asked.\n\n"
    "Model specs: openai:<model> (any OpenAI-compatible endpoint; --base-url, OPENAI_BASE_URL or "
    "CERTIBENCH_<MODEL>_BASE_URL; key from OPENAI_API_KEY or CERTIBENCH_<MODEL>_API_KEY), "
    "anthropic:<model>, local, local:<path.gguf>, replay:<responses.jsonl>.\n\n"
    "Thousands of items at half price: --batch sends openai: models' requests through the "
    "provider's Batch API and ingests the results into the same run directory."
)


def register(app: typer.Typer) -> None:
    app.command("run", help=RUN_HELP, no_args_is_help=False)(run_command)


def run_command(
    items: Path | None = typer.Option(None, "--items", "-i", help="Item file (JSONL/JSON). Default: the bundled certified release."),
    model: list[str] | None = typer.Option(None, "--model", "-m", help="Model spec (repeatable). Default: local."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Run directory. Default: runs/<timestamp> (or the unfinished run of the same command)."),
    protocol: str | None = typer.Option(None, "--protocol", "-p", help="truefalse | processbench | wemath | answer. Default: from each item."),
    base_url: str | None = typer.Option(None, "--base-url", help="Base URL of an OpenAI-compatible server for openai:<model> specs, e.g. http://host:8000/v1."),
    temperature: float | None = typer.Option(None, "--temperature", "-t", help="Sampling temperature (default: the protocol's, 0 for truefalse)."),
    max_tokens: int | None = typer.Option(None, "--max-tokens", help="Max new tokens (default per protocol: truefalse 16, wemath 512, processbench 1024)."),
    top_p: float | None = typer.Option(None, "--top-p", help="Nucleus sampling top-p."),
    samples: int = typer.Option(1, "--samples", "-n", min=1, help="Samples per item (e.g. 8 for ProcessBench majority voting)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed (sample k uses seed + k); recorded on every response."),
    max_connections: int = typer.Option(8, "--max-connections", "-c", min=1, help="Concurrent requests per model."),
    rpm: float | None = typer.Option(None, "--rpm", help="Requests-per-minute limit per model."),
    timeout: float = typer.Option(120.0, "--timeout", help="Per-request timeout (seconds)."),
    max_retries: int = typer.Option(5, "--max-retries", min=0, help="Retries on 429/5xx/timeouts before recording an error."),
    kca: bool = typer.Option(False, "--kca", help="We-Math knowledge-concept augmentation: prepend the item's concept cards."),
    cards: Path | None = typer.Option(None, "--cards", help="Knowledge cards JSON (We-Math knowledge_cards.json format) for --kca."),
    quick: bool | None = typer.Option(
        None,
        "--quick/--all",
        help=f"--quick: a fixed sample of about {QUICK_ITEMS} items made of whole theorem classes; "
        "--all: every item. Default: --quick for the bundled release, --all for --items FILE or --limit.",
        show_default=False,
    ),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Ask only the first N items (implies --all)."),
    images: bool = typer.Option(False, "--images", help="Send item images (image_path) to multimodal endpoints."),
    local_threads: int | None = typer.Option(None, "--local-threads", min=1, help="CPU threads of each local GGUF server (default: half the cores, at most 4)."),
    local_workers: int | None = typer.Option(
        None, "--local-workers", min=1,
        help="Independent servers of a local GGUF model, sharing one queue of requests (default: the cores divided by --local-threads, at most 4).",
    ),
    constrained: bool = typer.Option(False, "--constrained", help="Grammar-constrained decoding (TRUE|FALSE) where the backend supports it (local GGUF models)."),
    cache: Path | None = typer.Option(None, "--cache", help="SQLite response cache (default: cache.sqlite in the run directory); share one across runs."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Do not read or write the response cache."),
    executor: str = typer.Option("local", "--executor", help="local (asyncio) or ray (shard items across a Ray cluster)."),
    ray_address: str | None = typer.Option(None, "--ray-address", help="Ray cluster address (default: start a local Ray)."),
    retry_errors: bool = typer.Option(False, "--retry-errors", help="On resume, ask again the requests recorded as errors."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would be asked and the request count; ask nothing."),
    no_report: bool = typer.Option(False, "--no-report", help="Do not write the JSON and HTML reports after the run."),
    audit: Path | None = typer.Option(None, "--audit", help="Release audit JSON (certibench release audit --json) whose artifact baseline the report shows beside model accuracy. Default: audit.json beside the items file, when it audits these very items."),
    api: str = typer.Option("chat", "--api", help="OpenAI-compatible API for openai: models: chat (/chat/completions) or completions (/completions, base models; the chat becomes one prompt)."),
    batch: bool = typer.Option(False, "--batch", help="Ask openai: models through the provider's Batch API (/v1/files + /v1/batches; about half price, results within --batch-window). Submitted batches are recorded in run.json: rerun the command to collect them."),
    batch_poll: float = typer.Option(30.0, "--batch-poll", min=0.01, help="Seconds between batch status checks (--batch)."),
    batch_window: str = typer.Option("24h", "--batch-window", help="completion_window sent with the batch (--batch)."),
    parquet: bool = typer.Option(False, "--parquet", help="Also write responses.parquet (a columnar copy of responses.jsonl) into the run directory at the end."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bars."),
) -> None:
    import json

    from pydantic import ValidationError
    from rich.console import Console

    from certibench.io import InputFileError
    from certibench.run.display import Col, fit_table, summary_table
    from certibench.run.engine import RunError, Runner, RunOptions
    from certibench.run.protocols import ProtocolError
    from certibench.run.rundir import RunDirMismatch

    console = Console(stderr=True)
    out_console = Console()

    def fail(msg: str, code: int = 2) -> None:
        console.print(f"[bold red]error:[/bold red] {msg}", highlight=False, soft_wrap=True)
        raise typer.Exit(code)

    if quick and limit is not None:
        fail("--quick takes a fixed sample of whole theorem classes; --limit takes the first N items: give one")
    if quick is None:
        quick = items is None and limit is None
    try:
        opts = RunOptions(
            items_path=items,
            models=list(model) if model else ["local"],
            out=out,
            protocol=protocol,  # type: ignore[arg-type]
            base_url=base_url,
            temperature=temperature,
            max_tokens=max_tokens,
            top_p=top_p,
            samples=samples,
            seed=seed,
            max_connections=max_connections,
            rpm=rpm,
            timeout=timeout,
            max_retries=max_retries,
            kca=kca,
            cards=cards,
            limit=limit,
            quick=quick,
            images=images,
            constrained=constrained,
            local_threads=local_threads,
            local_workers=local_workers,
            cache_path=cache,
            use_cache=not no_cache,
            executor=executor,  # type: ignore[arg-type]
            ray_address=ray_address,
            retry_errors=retry_errors,
            progress=not quiet,
            report=not no_report,
            audit=audit,
            api=api,  # type: ignore[arg-type]
            batch=batch,
            batch_poll=batch_poll,
            batch_window=batch_window,
            parquet=parquet,
        )
    except ValidationError as exc:
        e = exc.errors()[0]
        fail(f"option {'.'.join(str(p) for p in e['loc'])}: {e['msg']}")

    from certibench.report import write_run_report

    runner = Runner(opts, console, reporter=write_run_report)
    try:
        runner.prepare(create=not dry_run)
    except (RunError, InputFileError, RunDirMismatch, ProtocolError) as exc:
        fail(str(exc))
    from certibench.report.baselines import artifact_baseline_for

    try:  # an unusable --audit stops the run before anything is asked
        artifact, audit_notes = artifact_baseline_for(runner.items_path, runner.release["digest"], audit)
    except InputFileError as exc:
        fail(str(exc))
    runner.warnings.extend(audit_notes)
    for w in runner.warnings[:20]:
        console.print(f"[yellow]warning:[/yellow] {w}", highlight=False, soft_wrap=True)
    if len(runner.warnings) > 20:
        console.print(f"[yellow]warning:[/yellow] … and {len(runner.warnings) - 20} more (see run.json)")

    if runner.sample is not None:
        console.print(
            f"quick run: {runner.sample.describe()}. Every item: add --all.", highlight=False, soft_wrap=True
        )
    if dry_run:
        plan = runner.dry_run()
        out_console.print(
            fit_table(
                [Col("model", "left", text=True), Col("requests to ask")],
                [[m, str(plan["by_model"].get(m, 0))] for m in plan["models"]],
                width=out_console.width,
                title=f"dry run — {plan['items']} items from {runner.items_path}",
            )
        )
        out_console.print(
            f"requests: {plan['requests_to_ask']} to ask, {plan['requests_done']} already done, "
            f"{plan['requests_total']} in total; protocols {plan['by_protocol']}; run dir {plan['run_dir']}"
        )
        for name, ex in plan["examples"].items():
            out_console.rule(f"{name}: first request (item {ex['item_id']}, params {ex['params']})")
            for msg in ex["messages"]:
                content = msg["content"] if isinstance(msg["content"], str) else json.dumps(msg["content"])[:500]
                out_console.print(f"{msg['role']}: {content}", highlight=False, markup=False)
        raise typer.Exit(0)

    how = "resuming" if runner.skipped_done or runner.resumed_auto else "run directory"
    console.print(f"{how}: [bold]{runner.run_dir}[/bold]  ({len(runner.pending)} to ask, {runner.skipped_done} done)")
    import signal

    def _term(signum: int, frame: object) -> None:  # SIGTERM: stop like Ctrl-C (run.json says interrupted)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, _term)
    except ValueError:  # not the main thread (embedded use): leave signals alone
        previous = None
    started = time.perf_counter()
    try:
        result = runner.execute()
    except (RunError, InputFileError) as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        console.print(f"\n[yellow]interrupted[/yellow] — responses so far are in {runner.run_dir}; "
                      f"run the same command (or add --out {runner.run_dir}) to resume")
        raise typer.Exit(130) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    elapsed = time.perf_counter() - started
    from certibench.report import majority_baselines
    from certibench.run.rundir import RESPONSES, read_responses

    rows, _ = read_responses(result.run_dir / RESPONSES)
    out_console.print(
        summary_table(
            result.summary,
            title=f"certibench run — {result.run_dir}",
            width=out_console.width,
            baselines=majority_baselines(runner.items, rows),
        )
    )
    if artifact is not None:
        ci = f" (95% CI {artifact['ci'][0]:.1%}-{artifact['ci'][1]:.1%})" if artifact.get("ci") else ""
        out_console.print(
            f"artifact baseline: {artifact['accuracy']:.1%}{ci} - the accuracy of a classifier reading only "
            f"the wording (release audit {artifact['source']})",
            highlight=False,
            soft_wrap=True,
        )
    for m, s in result.summary.items():
        if s["error_messages"]:
            console.print(f"[red]{m}[/red] errors: " + ", ".join(f"{k} ×{v}" for k, v in s["error_messages"].items()), highlight=False)
    rate = f" in {elapsed:.0f} s ({result.asked / elapsed:.2f} requests/s)" if result.asked and elapsed > 0 else ""
    console.print(
        f"asked {result.asked} new requests{rate}; {result.skipped_done} were already done. "
        f"Run directory: {result.run_dir}",
        highlight=False,
        soft_wrap=True,
    )
    if result.report_paths:
        console.print("report: " + ", ".join(str(p) for p in result.report_paths), highlight=False, soft_wrap=True)
    elif result.report_note and opts.report:
        console.print(f"[dim]{result.report_note}[/dim]")
    if runner.sample is not None:
        n_all = runner.sample.n_source_items * len(runner.specs) * opts.samples
        eta = ""
        if result.asked and elapsed > 0:
            eta = f" (about {n_all / (result.asked / elapsed) / 60:.0f} min at this run's rate)"
        console.print(
            f"This was the quick sample ({len(runner.items)} of {runner.sample.n_source_items:,} items). "
            f"Everything: certibench run --all{eta}; a report of any run: certibench report --run RUN_DIR --html report.html",
            highlight=False,
            soft_wrap=True,
        )
