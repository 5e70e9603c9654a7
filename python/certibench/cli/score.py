"""`certibench score` — score prediction files of the seed benchmarks.

* ``certibench score wemath PRED`` — PRED is We-Math testmini rows (JSON array or JSONL)
  with a ``response`` field per row.
* ``certibench score processbench PRED`` — PRED lines ``{id, subset, label, prediction |
  response}`` (``response`` may be a list of samples -> majority vote; ``step_scores``
  turns on PRM mode).

Top-level numbers use the benchmark's *official* answer extraction so they compare with
published tables; the robust extractor's numbers sit beside them under ``"robust"``.
All rates are fractions in [0, 1], never percentages.

Bad records (missing fields, duplicates, bad keys) are reported with file, line and field;
by default they are skipped with a counted warning, with ``--strict`` the first one stops
the command (exit 1).  An unreadable file exits with status 2.  Reading, validation,
de-duplication and voting live in :mod:`certibench.metrics.predictions`; this module only
prints.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from certibench.cli._common import EXIT_PROBLEMS, EXIT_USAGE, consoles, fail, report_record_errors, write_json

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from certibench.metrics.predictions import PredictionFile
    from certibench.metrics.processbench import PRMResult, ProcessBenchScore
    from certibench.metrics.wemath import WeMathScore

T = TypeVar("T")

score_app = typer.Typer(
    help=(
        "Score model predictions with a benchmark's official metric (robust extraction reported beside it).\n\n"
        "Rates are fractions in [0, 1]."
    ),
    no_args_is_help=True,
)


def register(app: typer.Typer) -> None:
    app.add_typer(score_app, name="score")


def _read(err: Console, reader: Callable[..., PredictionFile[T]], pred: Path, **kw: bool) -> PredictionFile[T]:
    """Read a prediction file: unreadable -> exit 2, a bad record under ``--strict`` or
    nothing usable -> exit 1; skipped bad records are listed as a warning."""
    from certibench.io import InputFileError, RecordValidationError

    try:
        pf = reader(pred, **kw)
    except InputFileError as exc:
        fail(err, exc, EXIT_USAGE)
    except RecordValidationError as exc:
        fail(err, exc, EXIT_PROBLEMS)
    report_record_errors(err, str(pred), pf.errors, pf.total)
    if not pf.records:
        fail(err, f"{pred}: no usable prediction records", EXIT_PROBLEMS)
    return pf


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}"


@score_app.command("wemath")
def wemath_cmd(
    pred: Path = typer.Argument(..., help="We-Math testmini rows plus a 'response' field (JSON array or JSONL)."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the full result as JSON here."),
    nodes: Path | None = typer.Option(
        None,
        "--nodes",
        envvar="CERTIBENCH_WEMATH_NODES",
        help="We-Math knowledge_structure_nodes.json: enables the 12 second-level area accuracies.",
    ),
    alpha: float = typer.Option(0.0, help="Weight of IK in the score (We-Math: 0)."),
    beta: float = typer.Option(0.5, help="Weight of IG in the score (We-Math: 0.5)."),
    strict: bool = typer.Option(False, "--strict", help="Stop at the first bad record instead of skipping it."),
) -> None:
    """We-Math four-dimensional metrics (IK, IG, CM, RM; strict and loose), S1–S3 and concept accuracy."""
    from certibench.metrics.predictions import read_wemath_predictions, score_wemath_file
    from certibench.metrics.wemath import load_concept_tree

    out, err = consoles()
    pf = _read(err, read_wemath_predictions, pred, strict=strict)
    tree = None
    if nodes is not None:
        try:
            tree = load_concept_tree(nodes)
        except Exception as exc:  # the tree loader reports its own file errors
            fail(err, exc, EXIT_USAGE)
    res = score_wemath_file(pf, tree=tree, alpha=alpha, beta=beta)
    _wemath_tables(out, res.official, res.robust)
    if res.official.incomplete:
        err.print(
            f"[yellow]warning:[/] {len(res.official.incomplete)} incomplete group(s) (counted in N, in no class): "
            + ", ".join(g.group for g in res.official.incomplete[:10])
        )
    write_json(json_out, res.payload, out)


def _wemath_tables(out: Console, o: WeMathScore, r: WeMathScore) -> None:
    from rich.table import Table

    t = Table(title="We-Math four-dimensional metrics (official extraction | robust)")
    t.add_column("metric")
    for c in ("strict", "loose", "strict (robust)", "loose (robust)"):
        t.add_column(c, justify="right")
    for name in ("IK", "IG", "CM", "RM"):
        cells = []
        for fd in (o.strict, o.loose, r.strict, r.loose):
            cnt = getattr(fd, name)
            frac = getattr(fd, f"S_{name}")
            cells.append(f"{cnt} ({_pct(frac)}%)")
        t.add_row(name, *cells)
    t.add_row("score", *[f"{_pct(fd.score)}%" for fd in (o.strict, o.loose, r.strict, r.loose)])
    out.print(t)
    a = Table(title="Accuracy")
    a.add_column("")
    a.add_column("official", justify="right")
    a.add_column("robust", justify="right")
    for k in ("S1", "S2", "S3"):
        a.add_row(k, _pct(getattr(o, k)), _pct(getattr(r, k)))
    a.add_row("unanswered rows", str(o.unanswered), str(r.unanswered))
    a.add_row("groups (complete/total)", f"{o.complete_groups}/{o.groups}", f"{r.complete_groups}/{r.groups}")
    if o.steps.pearson_r is not None:
        a.add_row("r(steps, correct)", f"{o.steps.pearson_r:+.3f}", "—" if r.steps.pearson_r is None else f"{r.steps.pearson_r:+.3f}")
    out.print(a)
    if o.areas:
        c = Table(title="Second-level knowledge areas (unweighted mean of concepts)")
        c.add_column("area")
        c.add_column("official", justify="right")
        c.add_column("robust", justify="right")
        for area, v in o.areas.items():
            c.add_row(area, _pct(v), _pct(r.areas.get(area)))
        out.print(c)


# ---------------------------------------------------------------------------------------
# ProcessBench
# ---------------------------------------------------------------------------------------


@score_app.command("processbench")
def processbench_cmd(
    pred: Path = typer.Argument(..., help="JSONL lines {id, subset, label, prediction | response} (response may be a list of samples)."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the full result as JSON here."),
    vote: bool = typer.Option(False, "--vote", help="Lines repeating an id are samples of one item: majority-vote them."),
    prm_subset: str = typer.Option("gsm8k", "--prm-subset", help="PRM mode (lines with step_scores): subset that picks the threshold."),
    threshold: float | None = typer.Option(None, "--threshold", help="PRM mode: use this threshold instead of choosing one."),
    strict: bool = typer.Option(False, "--strict", help="Stop at the first bad record instead of skipping it."),
) -> None:
    """ProcessBench earliest-error identification: per-subset error/correct accuracy and F1."""
    from certibench.metrics.predictions import read_processbench_predictions, score_processbench_file

    out, err = consoles()
    pf = _read(err, read_processbench_predictions, pred, strict=strict, vote=vote)
    try:
        res = score_processbench_file(pf, prm_subset=prm_subset, threshold=threshold)
    except ValueError as exc:
        fail(err, f"{pred}: {exc}", EXIT_PROBLEMS)
    _pb_tables(out, res.official, res.robust, res.prm)
    write_json(json_out, res.payload, out)


def _pb_tables(
    out: Console, official: ProcessBenchScore | None, robust: ProcessBenchScore | None, prm: PRMResult | None
) -> None:
    from rich.table import Table

    def table(title: str, score: Any, other: Any = None) -> Table:
        t = Table(title=title)
        t.add_column("subset")
        for c in ("error acc", "correct acc", "F1", "n err/cor", "unparsed"):
            t.add_column(c, justify="right")
        if other is not None:
            t.add_column("F1 (robust)", justify="right")
        for name, s in score.subsets.items():
            row = [name, _pct(s.error_acc), _pct(s.correct_acc), _pct(s.f1), f"{s.n_error}/{s.n_correct}", str(s.n_unparsed)]
            if other is not None:
                row.append(_pct(other.subsets[name].f1))
            t.add_row(*row)
        avg = ["average", "", "", _pct(score.average_f1), "", ""]
        if other is not None:
            avg.append(_pct(other.average_f1))
        t.add_row(*avg, style="bold")
        return t

    if official is not None:
        out.print(table("ProcessBench (official \\boxed{} parser)", official, robust))
    if prm is not None:
        out.print(table(f"ProcessBench PRM mode (threshold {prm.threshold:.4g} chosen on {prm.threshold_subset})", prm.scores))
        out.print(table("PRM per-subset oracle threshold (upper bound)", prm.oracle))


@score_app.command("processbench-stats")
def processbench_stats_cmd(
    source: str = typer.Argument(..., help="ProcessBench data: a <subset>.json file, a directory of them, or a dataset name (Qwen/ProcessBench)."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the statistics as JSON here."),
) -> None:
    """ProcessBench dataset statistics: process errors behind correct answers, step counts, first-error position."""
    from rich.table import Table

    from certibench.corpus.processbench import load_processbench
    from certibench.io import InputFileError
    from certibench.metrics.processbench import dataset_stats

    out, err = consoles()
    try:
        items, errors = load_processbench(source)
    except (InputFileError, ImportError, RuntimeError) as exc:
        fail(err, exc, EXIT_USAGE)
    report_record_errors(err, source, errors, len(items) + len(errors), strict_hint=False)
    if not items:
        fail(err, f"{source}: no usable ProcessBench records", EXIT_PROBLEMS)
    stats = dataset_stats(items)
    t = Table(
        title="ProcessBench step chains",
        caption="PE|ok: final-answer-correct solutions that still contain a process error; 1st err: mean index (relative position)",
    )
    t.add_column("subset", no_wrap=True)
    for c in ("n", "err/cor", "PE|ok", "steps (min–max)", "1st err"):
        t.add_column(c, justify="right", no_wrap=True)
    for name, s in stats.items():
        share = s.share_final_correct_with_process_error
        t.add_row(
            name,
            str(s.n),
            f"{s.n_error}/{s.n_correct}",
            f"{s.final_correct_with_process_error}/{s.final_answer_correct} ({_pct(share)}%)",
            f"{s.steps_mean:.2f} ({s.steps_min}–{s.steps_max})" if s.steps_mean is not None else "—",
            "—" if s.first_error_mean is None else f"{s.first_error_mean:.2f} ({_pct(s.first_error_relative_mean)}%)",
            style="bold" if name == "all" else None,
        )
    out.print(t)
    write_json(json_out, {k: v.model_dump(mode="json") for k, v in stats.items()}, out)
