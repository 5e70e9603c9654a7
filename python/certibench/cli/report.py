"""CLI: `certibench report`, `certibench audit`, `certibench weights` (the invariance layer).

Inputs are an items file plus a responses file, or a run directory (``--run RUN_DIR``
reads ``RUN_DIR/responses.jsonl`` and the items path recorded in ``RUN_DIR/run.json``).
Exit codes: 0 ok, 1 invalid records with ``--strict``, 2 unreadable input or bad usage.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:  # pragma: no cover
    from certibench.metrics.table import ResponseTable

ITEMS_HELP = "Items JSONL (FormInv schema: id, theorem_id, family, ...)."
RESP_HELP = (
    "Responses, JSONL or Parquet (item_id, model, correct, sample, ...), e.g. the responses.jsonl "
    "or responses.parquet of a run."
)
RUN_HELP = (
    "Run directory from `certibench run`: reads responses.jsonl (or responses.parquet when there is "
    "no JSONL) and the items path in run.json."
)
STRICT_HELP = "Stop at the first bad record instead of skipping it with a counted warning."
MIN_HELP = "Audit threshold K: models needed to flag a paraphrase (default ceil(6n/9), i.e. 6 of 9)."
RULE_HELP = "Audit rule: 'joint' (K models each right on canonical AND wrong on paraphrase) or 'marginal'."
RELEASE_AUDIT_HELP = (
    "JSON of a release audit: its artifact baseline (field artifact_baseline, with accuracy and ci) "
    "is shown beside every model's accuracy. Default: audit.json beside the items file, when it "
    "audits these very items (certibench release audit ITEMS --json audit.json)."
)


def _console(stderr: bool = False) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def _fail(msg: str, code: int) -> None:
    _console(stderr=True).print(f"[bold red]error:[/] {msg}", markup=True)
    raise typer.Exit(code)


def resolve_inputs(items: Path | None, responses: Path | None, run: Path | None) -> tuple[Path, Path]:
    """Items and responses paths from explicit options or a run directory."""
    if run is not None:
        if not run.is_dir():
            _fail(f"{run}: not a run directory", 2)
        if responses is None:
            responses = run / "responses.jsonl"
            if not responses.exists() and (run / "responses.parquet").exists():
                responses = run / "responses.parquet"
        if items is None:
            meta = run / "run.json"
            try:
                data = json.loads(meta.read_text(encoding="utf-8"))
            except OSError as exc:
                _fail(f"{meta}: cannot read ({exc.strerror or exc}); pass --items", 2)
            except json.JSONDecodeError as exc:
                _fail(f"{meta}:{exc.lineno}: invalid JSON: {exc.msg}", 2)
            ip = data.get("items_path") if isinstance(data, dict) else None
            if not ip:
                _fail(f"{meta}: field 'items_path' is missing; pass --items", 2)
            cand = Path(ip)
            if not cand.is_absolute() and not cand.exists() and (run / cand).exists():
                cand = run / cand
            items = cand
    if items is None or responses is None:
        _fail("give --items and --responses, or --run RUN_DIR", 2)
    assert items is not None and responses is not None
    if run is not None and items.is_file():
        _check_run_items(run, items)
    return _rereadable(items), _rereadable(responses)


def _rereadable(path: Path) -> Path:
    """``path`` itself for a regular file; for a pipe or a device a temporary copy (see
    :func:`certibench.io.rereadable`): a report reads its inputs more than once (release
    identity, table, explorer), and a pipe yields its bytes only once."""
    import stat

    from certibench.io import InputFileError, rereadable

    try:
        if not stat.S_ISREG(path.stat().st_mode):
            _exit_on_sigterm()  # before the copy starts: a stream can take long to copy
    except OSError:
        pass  # the reader names the problem
    key = str(path)
    if key not in _COPIES:  # one copy per path and process: the report's stages share it
        try:
            _COPIES[key] = rereadable(path)
        except InputFileError as exc:
            _fail(str(exc), 2)
    return _COPIES[key]


_COPIES: dict[str, Path] = {}


def _exit_on_sigterm() -> None:
    """SIGTERM ends the process through SystemExit, so the temporary copies are removed (at
    exit) as they are on Ctrl-C; only where SIGTERM still has its default action."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:

        def _term(signum: int, frame: object) -> None:
            raise SystemExit(128 + signum)

        signal.signal(signal.SIGTERM, _term)


def _named(text: str) -> str:
    """``text`` with spooled copies named as the user named them."""
    from certibench.io import user_path

    return user_path(text)


def _check_run_items(run: Path, items: Path) -> None:
    """Refuse to score a run's answers against an item file other than the one it asked
    (run.json records the digest of its bytes)."""
    from certibench.run.release import items_changed, release_identity
    from certibench.run.rundir import read_run_json

    why = items_changed(run, read_run_json(run), items, release_identity(items))
    if why:
        _fail(f"{why}; its answers belong to the items it asked: pass --items with that file", 2)


def load_cli_table(
    items: Path | None, responses: Path | None, run: Path | None, strict: bool
) -> ResponseTable:
    from certibench.io import InputFileError, RecordValidationError
    from certibench.metrics.table import load_table

    ip, rp = resolve_inputs(items, responses, run)
    try:
        table = load_table(ip, rp, strict=strict)
    except InputFileError as exc:
        _fail(_named(str(exc)), 2)
    except RecordValidationError as exc:
        _fail(f"{_named(str(exc))} (stopped at the first bad record: --strict)", 1)
    from certibench.io import SPOOLED

    if SPOOLED:
        import dataclasses

        table.warnings = [dataclasses.replace(w, file=SPOOLED.get(w.file, w.file)) for w in table.warnings]
    if table.warnings:
        err = _console(stderr=True)
        err.print(f"[yellow]warning:[/] {len(table.warnings)} bad record(s) skipped:", markup=True)
        for w in table.warnings[:10]:
            err.print(f"  {w}", markup=False)
        if len(table.warnings) > 10:
            err.print(
                f"  ... and {len(table.warnings) - 10} more (all listed under meta.warnings in the JSON, first 50)"
            )
    if table.n_models == 0:
        _fail(f"{_named(str(rp))}: no usable responses", 1 if table.warnings else 2)
    return table


def _write_json(obj: dict[str, Any], out: Path | None) -> None:
    if out is None:
        return
    text = json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    if str(out) == "-":
        sys.stdout.write(text)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")


def _n(v: Any) -> str:
    return "-" if v is None else f"{v:.3f}"


def _ci(c: Any) -> str:
    return "" if not c or c[0] is None else f" [{c[0]:.2f},{c[1]:.2f}]"


def invariance_table(rep: dict[str, Any], width: int) -> Any:
    """The terminal summary of a report: accuracy beside its baselines, SCR, Mean-IG, ..."""
    from certibench.run.display import Col, fit_table

    art = rep.get("artifact_baseline")
    cols = [
        Col("model", "left", text=True, min_width=24),
        Col("acc"),
        Col("majority", drop=3, note="majority: accuracy of always giving the most frequent true answer"),
    ]
    if art:
        cols.append(Col("artifact", drop=2, note=f"artifact: release-audit baseline ({art.get('source')})"))
    cols += [Col("SCR"), Col("Mean-IG"), Col("CIR", drop=4), Col("Cochran p", drop=6), Col("errors", drop=5)]
    rows = []
    for m, v in rep["models"].items():
        cq = v["cochran_q"]
        row = [m, _n(v["accuracy"]), _n((v.get("baseline_majority") or {}).get("accuracy"))]
        if art:
            row.append(_n(art.get("accuracy")))
        row += [
            _n(v["scr"]),
            _n(v["mean_ig"]),
            _n(v["cir"]),
            "-" if cq.get("p") is None else f"{cq['p']:.3g}",
            str(v["n_errors"]),
        ]
        rows.append(row)
    meta = rep["meta"]
    return fit_table(
        cols, rows, width=width, title=f"invariance ({meta['n_theorems']} theorems, {meta['n_items']} items)"
    )


def register(app: typer.Typer) -> None:
    @app.command("report")
    def report_cmd(
        items: Path | None = typer.Option(None, "--items", help=ITEMS_HELP),
        responses: Path | None = typer.Option(None, "--responses", help=RESP_HELP),
        run: Path | None = typer.Option(None, "--run", help=RUN_HELP),
        json_out: Path | None = typer.Option(
            None, "--json", help="Write the JSON report here ('-' = stdout)."
        ),
        html_out: Path | None = typer.Option(
            None, "--html", help="Write the self-contained HTML report here."
        ),
        by: str | None = typer.Option(
            None, "--by", help="Also split every metric by this item field (domain, tier, source, ...)."
        ),
        min_models: int | None = typer.Option(None, "--min-models", min=1, help=MIN_HELP),
        rule: str = typer.Option("joint", "--rule", help=RULE_HELP),
        n_boot: int = typer.Option(
            1000, "--n-boot", min=0, help="Bootstrap resamples of theorems for CIs (0 = none)."
        ),
        n_perm: int = typer.Option(
            200, "--n-perm", min=0, help="Permutations for the null of the accuracy vs Mean-IG correlation."
        ),
        seed: int = typer.Option(0, "--seed", help="Random seed (bootstrap, permutations)."),
        strict: bool = typer.Option(False, "--strict", help=STRICT_HELP),
        release_audit: Path | None = typer.Option(None, "--audit", help=RELEASE_AUDIT_HELP),
        explorer: bool = typer.Option(
            True, "--explorer/--no-explorer", help="Item explorer in the HTML report (reads the raw answers)."
        ),
    ) -> None:
        """Invariance report: accuracy beside its baselines, SCR, IG, CIR, family failure,
        Cochran's Q/McNemar, the unanimity audit, CIs; with --html a browsable page."""
        from rich.markup import escape
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        from certibench.io import InputFileError
        from certibench.report.json_report import STAGES, report_from_table

        if rule not in ("joint", "marginal"):
            _fail(f"--rule must be 'joint' or 'marginal', got {rule!r}", 2)
        from certibench.report.baselines import release_and_baseline

        try:  # --audit, or the audit.json beside the items when it audits these bytes
            release, artifact = release_and_baseline(resolve_inputs(items, responses, run)[0], release_audit)
            if isinstance(release.get("items_path"), str):
                release["items_path"] = _named(release["items_path"])
        except InputFileError as exc:
            _fail(str(exc), 2)
        table = load_cli_table(items, responses, run, strict)
        con = _console(stderr=str(json_out) == "-")
        for note in release["notes"]:
            _console(stderr=True).print(f"[yellow]note:[/] {escape(note)}", markup=True, highlight=False, soft_wrap=True)
        if by is not None:
            try:
                table.item_field(by)
            except KeyError as exc:
                _fail(f"--by: {exc.args[0]}", 2)
        if min_models is not None and min_models > table.n_models:
            _fail(f"--min-models {min_models} exceeds the panel of {table.n_models} model(s)", 2)
        stages = [s for s in STAGES if s != "by" or by]
        with Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.completed}/{task.total}"),
            TimeElapsedColumn(),
            console=con,
            transient=True,
        ) as prog:
            task = prog.add_task(f"{table.n_models} models x {table.n_items} items", total=len(stages))
            seen: list[str] = []

            def _step(name: str) -> None:
                if seen:
                    prog.advance(task)
                seen.append(name)
                prog.update(task, description=f"{name} ({table.n_models} models x {table.n_items} items)")

            rep = report_from_table(
                table,
                by=by,
                min_models=min_models,
                rule=rule,
                n_boot=n_boot,
                n_perm=n_perm,
                seed=seed,
                progress=_step,
                artifact_baseline=artifact,
                release=release,
            )
            prog.advance(task)
        _write_json(rep, json_out)
        if html_out is not None:
            from certibench.io import iter_records
            from certibench.report import run_explorer
            from certibench.report.html import write_html

            ex = None
            if explorer:
                _, rp = resolve_inputs(items, responses, run)
                ex = run_explorer(table, (obj for _, obj in iter_records(rp)), rep)
            write_html(rep, html_out, explorer=ex)
        con.print(invariance_table(rep, width=con.width))
        version = f", release {release['release_version']}" if release.get("release_version") else ""
        con.print(f"items: {release['items_path']} ({release['digest']}{version})", markup=False)
        con.print(
            "[dim]95% CIs, RMS-IG, McNemar per family, rank stability and correlations: see --json / --html[/]"
        )
        a = rep["audit"]
        if a.get("ran") is False:
            con.print(f"audit: not run - {a['reason']}")
        else:
            con.print(
                f"audit ({a['rule']}, K={a['min_models']}/{a['n_models']}): {a['n_flagged']} of {a['n_paraphrases']} paraphrases flagged"
            )
        for path in (json_out, html_out):
            if path is not None and str(path) != "-":
                con.print(f"wrote {path}")

    @app.command("audit")
    def audit_cmd(
        items: Path | None = typer.Option(None, "--items", help=ITEMS_HELP),
        responses: Path | None = typer.Option(None, "--responses", help=RESP_HELP),
        run: Path | None = typer.Option(None, "--run", help=RUN_HELP),
        min_models: int | None = typer.Option(None, "--min-models", min=1, help=MIN_HELP),
        rule: str = typer.Option("joint", "--rule", help=RULE_HELP),
        json_out: Path | None = typer.Option(
            None, "--json", help="Write the audit JSON here ('-' = stdout)."
        ),
        strict: bool = typer.Option(False, "--strict", help=STRICT_HELP),
    ) -> None:
        """Cross-model unanimity audit: flag paraphrases many models fail while passing the canonical
        (needs a panel of at least 3 models)."""
        from certibench.metrics.audit import audit
        from certibench.run.display import Col, fit_table

        if rule not in ("joint", "marginal"):
            _fail(f"--rule must be 'joint' or 'marginal', got {rule!r}", 2)
        table = load_cli_table(items, responses, run, strict)
        try:
            res = audit(table, min_models=min_models, rule=rule)
        except ValueError as exc:
            _fail(str(exc), 2)
        _write_json(res, json_out)
        con = _console(stderr=str(json_out) == "-")
        if not res["ran"]:
            con.print(f"audit not run: {res['reason']}; nothing flagged")
            return
        con.print(
            f"rule {res['rule']}, K = {res['min_models']} of {res['n_models']} models: "
            f"{res['n_flagged']} of {res['n_paraphrases']} paraphrases flagged"
        )
        if res["flagged_detail"]:
            con.print(
                fit_table(
                    [
                        Col("item", "left", text=True, min_width=16),
                        Col("family", "left", text=True),
                        Col("canon ok & para wrong"),
                        Col("canon ok", drop=2),
                        Col("para wrong", drop=1),
                    ],
                    [
                        [d["item_id"], d["family"], str(d["n_joint"]), str(d["n_canon_correct"]), str(d["n_para_wrong"])]
                        for d in res["flagged_detail"][:50]
                    ],
                    width=con.width,
                    title="flagged paraphrases",
                )
            )
        wo = {r["model"]: r for r in res["rankings_without"]}
        con.print(
            fit_table(
                [Col("model", "left", text=True), Col("rank with"), Col("SCR with"), Col("rank without"), Col("SCR without")],
                [
                    [r["model"], str(r["rank"]), _n(r["scr"]), str(wo[r["model"]]["rank"]), _n(wo[r["model"]]["scr"])]
                    for r in res["rankings_with"]
                ],
                width=con.width,
                title="ranking by SCR",
            )
        )

    @app.command("weights")
    def weights_cmd(
        target: str | None = typer.Option(
            None, "--target", help="Target ranking, best first: m1,m2,... (No-Free-Benchmark LP)."
        ),
        regime: str | None = typer.Option(
            None, "--regime", help="Selector: family weights, e.g. unpack=0.5,order=0.5 or F7=1,F6=1."
        ),
        items: Path | None = typer.Option(None, "--items", help=ITEMS_HELP),
        responses: Path | None = typer.Option(None, "--responses", help=RESP_HELP),
        run: Path | None = typer.Option(None, "--run", help=RUN_HELP),
        json_out: Path | None = typer.Option(
            None, "--json", help="Write the result JSON here ('-' = stdout)."
        ),
        n_boot: int = typer.Option(
            1000, "--n-boot", min=0, help="Bootstrap resamples for the selector's CIs."
        ),
        seed: int = typer.Option(0, "--seed", help="Random seed for the bootstrap."),
        strict: bool = typer.Option(False, "--strict", help=STRICT_HELP),
    ) -> None:
        """Family weights: realise a target model ranking (LP) or rank models under regime weights."""
        from certibench.metrics.weights import select, solve_weights
        from certibench.run.display import Col, fit_table

        if not target and not regime:
            _fail("give --target m1,m2,... (solver) and/or --regime family=w,... (selector)", 2)
        reg: dict[str, float] = {}
        if regime:
            for part in regime.split(","):
                if not part.strip():
                    continue
                k, sep, v = part.partition("=")
                try:
                    reg[k.strip()] = float(v) if sep else 1.0
                except ValueError:
                    _fail(f"--regime: bad weight in {part!r} (expected family=number)", 2)
        table = load_cli_table(items, responses, run, strict)
        con = _console(stderr=str(json_out) == "-")
        out: dict[str, Any] = {}
        try:
            if target:
                tl = [m.strip() for m in target.split(",") if m.strip()]
                sol = solve_weights(table, tl)
                out = sol
                if sol["feasible"]:
                    con.print(
                        fit_table(
                            [Col("family", "left", text=True), Col("lambda")],
                            [[f, f"{w:.4f}"] for f, w in sol["weights"].items()],
                            width=con.width,
                            title=f"weights realising {' > '.join(tl)} (margin {sol['margin']:.4f})",
                        )
                    )
                else:
                    con.print(f"[bold yellow]infeasible:[/] {sol['reason']}", markup=True)
            if regime:
                sel = select(table, reg, n_boot=n_boot, seed=seed)
                out = {"solver": out, "selector": sel} if target else sel
                con.print(
                    fit_table(
                        [
                            Col("rank"),
                            Col("model", "left", text=True),
                            Col("expected failure"),
                            Col("95% CI", drop=2),
                            Col("P(best)", drop=1),
                            Col("gaps", "left", text=True, drop=3),
                        ],
                        [
                            [
                                str(r["rank"] or "-"),
                                r["model"],
                                _n(r["expected_failure"]),
                                _ci(r["ci"]).strip() or "-",
                                _n(r["p_best"]),
                                ", ".join(r["gaps"]) or "",
                            ]
                            for r in sel["ranking"]
                        ],
                        width=con.width,
                        title="expected failure under regime "
                        + ", ".join(f"{k}={v:.2f}" for k, v in sel["regime"].items()),
                    )
                )
        except ValueError as exc:
            _fail(str(exc), 2)
        _write_json(out, json_out)
