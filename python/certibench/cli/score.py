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
the command (exit 1).  An unreadable file exits with status 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer

if TYPE_CHECKING:  # pragma: no cover
    from pydantic import BaseModel
    from rich.console import Console

    from certibench.io import RecordError

M = TypeVar("M", bound="BaseModel")

score_app = typer.Typer(
    help=(
        "Score model predictions with a benchmark's official metric (robust extraction reported beside it).\n\n"
        "Rates are fractions in [0, 1]."
    ),
    no_args_is_help=True,
)

EXIT_BAD_RECORD = 1
EXIT_UNREADABLE = 2
MAX_SHOWN_ERRORS = 10


def register(app: typer.Typer) -> None:
    app.add_typer(score_app, name="score")


# ---------------------------------------------------------------------------------------
# shared helpers
# ---------------------------------------------------------------------------------------


def _consoles() -> tuple[Console, Console]:
    from rich.console import Console

    return Console(), Console(stderr=True)


def _validated(path: Path, model: type[M]) -> Iterator[tuple[int, M | RecordError]]:
    """Each record of a JSONL / JSON-array file validated against ``model``: the model, or
    a RecordError naming file, line (record number for a JSON array) and field."""
    from pydantic import ValidationError

    from certibench.corpus.rows import bad_row, numbered_file_rows
    from certibench.io import RecordError

    for lineno, obj in numbered_file_rows(path):
        bad = bad_row(str(path), lineno, obj)
        if bad is not None:
            yield lineno, bad
            continue
        try:
            yield lineno, model.model_validate(obj)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first.get("loc", ())) or None
            yield lineno, RecordError(str(path), lineno, field, first.get("msg", "invalid value"))


def _report_errors(err: Console, path: Path, errors: list[RecordError], total: int) -> None:
    if not errors:
        return
    err.print(
        f"[yellow]warning:[/] skipped {len(errors)} bad record(s) of {total} in {path} (use --strict to stop at the first):",
        highlight=False,
        soft_wrap=True,
    )
    for e in errors[:MAX_SHOWN_ERRORS]:
        err.print(f"  {e}", markup=False, highlight=False, soft_wrap=True)
    if len(errors) > MAX_SHOWN_ERRORS:
        err.print(f"  … and {len(errors) - MAX_SHOWN_ERRORS} more")


def _fail_unreadable(err: Console, exc: Exception) -> typer.Exit:
    err.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
    return typer.Exit(EXIT_UNREADABLE)


def _write_json(path: Path | None, payload: dict[str, Any], out: Console) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    out.print(f"wrote {path}")


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}"


# ---------------------------------------------------------------------------------------
# We-Math
# ---------------------------------------------------------------------------------------


def _wemath_records(path: Path, strict: bool) -> tuple[list[dict[str, Any]], list[RecordError], int]:
    from certibench.corpus.wemath import parse_key
    from certibench.io import RecordError, RecordValidationError

    from .score_models import WeMathPrediction

    good: list[dict[str, Any]] = []
    errors: list[RecordError] = []
    seen: dict[tuple[str, int], int] = {}
    total = 0
    for lineno, rec in _validated(path, WeMathPrediction):
        total += 1
        e = rec if isinstance(rec, RecordError) else None
        if isinstance(rec, WeMathPrediction):
            dup = (rec.ID, parse_key(rec.key).step)
            if dup in seen:
                e = RecordError(str(path), lineno, "key", f"duplicate row for ID {rec.ID!r} key {rec.key!r} (first at line {seen[dup]})")
            else:
                seen[dup] = lineno
                good.append({"ID": rec.ID, "key": rec.key, "answer": rec.answer, "response": rec.response, "knowledge concept": rec.knowledge_concept})
        if e is not None:
            if strict:
                raise RecordValidationError(e)
            errors.append(e)
    return good, errors, total


def _wemath_payload(res: Any) -> dict[str, Any]:
    d = res.model_dump(mode="json")
    keep = ("IK", "IG", "CM", "RM", "S_IK", "S_IG", "S_CM", "S_RM", "score", "N", "incomplete", "alpha", "beta")
    return {
        "strict": {k: d["strict"][k] for k in keep},
        "loose": {k: d["loose"][k] for k in keep},
        "S1": d["S1"],
        "S2": d["S2"],
        "S3": d["S3"],
        "S_by_steps": d["S_by_steps"],
        "concepts": d["concepts"],
        "areas": d["areas"],
        "rollup": d["rollup"],
        "unmapped_concepts": d["unmapped_concepts"],
        "steps": d["steps"],
        "groups": {"total": d["groups"], "complete": d["complete_groups"], "incomplete": d["incomplete"]},
        "rows": d["rows"],
        "unanswered": d["unanswered"],
    }


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
    from certibench.io import InputFileError, RecordValidationError
    from certibench.metrics.wemath import load_concept_tree, score_predictions

    out, err = _consoles()
    try:
        rows, errors, total = _wemath_records(pred, strict)
    except InputFileError as exc:
        raise _fail_unreadable(err, exc) from exc
    except RecordValidationError as exc:
        err.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_BAD_RECORD) from exc
    _report_errors(err, pred, errors, total)
    if not rows:
        err.print(f"[red]error:[/] {pred}: no usable prediction rows")
        raise typer.Exit(EXIT_BAD_RECORD)
    tree = None
    if nodes is not None:
        try:
            tree = load_concept_tree(nodes)
        except Exception as exc:  # the tree loader reports its own file errors
            raise _fail_unreadable(err, exc) from exc
    res = score_predictions(rows, tree=tree, alpha=alpha, beta=beta)
    payload = _wemath_payload(res["official"])
    payload["robust"] = _wemath_payload(res["robust"])
    payload["input"] = {"file": str(pred), "records": total, "skipped": len(errors), "errors": [str(e) for e in errors]}
    _wemath_tables(out, res)
    if res["official"].incomplete:
        err.print(
            f"[yellow]warning:[/] {len(res['official'].incomplete)} incomplete group(s) (counted in N, in no class): "
            + ", ".join(g.group for g in res["official"].incomplete[:10])
        )
    _write_json(json_out, payload, out)


def _wemath_tables(out: Console, res: dict[str, Any]) -> None:
    from rich.table import Table

    t = Table(title="We-Math four-dimensional metrics (official extraction | robust)")
    t.add_column("metric")
    for c in ("strict", "loose", "strict (robust)", "loose (robust)"):
        t.add_column(c, justify="right")
    o, r = res["official"], res["robust"]
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


def _pb_records(path: Path, strict: bool, vote: bool) -> tuple[list[Any], list[RecordError], int]:
    from certibench.io import RecordError, RecordValidationError

    from .score_models import ProcessBenchPrediction

    good: dict[str, ProcessBenchPrediction] = {}
    first_line: dict[str, int] = {}
    errors: list[RecordError] = []
    total = 0
    for lineno, rec in _validated(path, ProcessBenchPrediction):
        total += 1
        e = rec if isinstance(rec, RecordError) else None
        if isinstance(rec, ProcessBenchPrediction):
            prev = good.get(rec.id)
            if prev is None:
                good[rec.id] = rec
                first_line[rec.id] = lineno
            elif not vote:
                e = RecordError(str(path), lineno, "id", f"duplicate id {rec.id!r} (first at line {first_line[rec.id]}; use --vote to majority-vote samples)")
            elif prev.label != rec.label or prev.subset != rec.subset:
                e = RecordError(str(path), lineno, "label", f"id {rec.id!r} repeats with a different label/subset than line {first_line[rec.id]}")
            else:
                prev.merge(rec)
        if e is not None:
            if strict:
                raise RecordValidationError(e)
            errors.append(e)
    return list(good.values()), errors, total


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
    from certibench.io import InputFileError, RecordValidationError
    from certibench.metrics.processbench import prm_evaluate, score_predictions

    out, err = _consoles()
    try:
        recs, errors, total = _pb_records(pred, strict, vote)
    except InputFileError as exc:
        raise _fail_unreadable(err, exc) from exc
    except RecordValidationError as exc:
        err.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_BAD_RECORD) from exc
    _report_errors(err, pred, errors, total)
    if not recs:
        err.print(f"[red]error:[/] {pred}: no usable prediction lines")
        raise typer.Exit(EXIT_BAD_RECORD)
    prm_rows = [r for r in recs if r.step_scores is not None]
    ans_rows = [r for r in recs if r.has_answer()]
    payload: dict[str, Any] = {}
    official = robust = None
    if ans_rows:
        official = score_predictions((r.subset_name, r.label, r.official()) for r in ans_rows)
        robust = score_predictions((r.subset_name, r.label, r.robust()) for r in ans_rows)
        payload = _pb_payload(official)
        payload["robust"] = _pb_payload(robust)
    prm = None
    if prm_rows:
        try:
            prm = prm_evaluate([(r.subset_name, r.label, r.step_scores) for r in prm_rows], threshold_subset=prm_subset, threshold=threshold)
        except ValueError as exc:
            err.print(f"[red]error:[/] {pred}: {exc}")
            raise typer.Exit(EXIT_BAD_RECORD) from exc
        payload["prm"] = prm.model_dump(mode="json")
        if official is None:
            payload.update(_pb_payload(prm.scores))
    payload["input"] = {"file": str(pred), "records": total, "items": len(recs), "skipped": len(errors), "errors": [str(e) for e in errors]}
    _pb_tables(out, official, robust, prm)
    _write_json(json_out, payload, out)


def _pb_payload(score: Any) -> dict[str, Any]:
    d = score.model_dump(mode="json")
    return {"subsets": d["subsets"], "average_f1": d["average_f1"], "subsets_in_average": d["subsets_in_average"]}


def _pb_tables(out: Console, official: Any, robust: Any, prm: Any) -> None:
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

    out, err = _consoles()
    try:
        items, errors = load_processbench(source)
    except (InputFileError, ImportError, RuntimeError) as exc:
        raise _fail_unreadable(err, exc) from exc
    _report_errors(err, Path(source), errors, len(items) + len(errors))
    if not items:
        err.print(f"[red]error:[/] {source}: no usable ProcessBench records")
        raise typer.Exit(EXIT_BAD_RECORD)
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
    _write_json(json_out, {k: v.model_dump(mode="json") for k, v in stats.items()}, out)
