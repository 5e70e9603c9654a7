"""certibench.report layer: the invariance report as JSON and as self-contained HTML.

``build_report(items, responses, *, by=None, min_models=None, rule="joint") -> dict``,
``run_explorer(table, responses, report)`` and ``write_html(report, path, explorer=...)``
are what `certibench run` and `certibench report` call.
"""

from __future__ import annotations

from typing import Any


def build_report(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """See :func:`certibench.report.json_report.build_report` (imported lazily: numpy/scipy)."""
    from certibench.report.json_report import build_report as _build

    return _build(*args, **kwargs)


def write_html(
    report: dict[str, Any], path: Any, title: str = "certibench invariance report", explorer: Any = None
) -> Any:
    """See :func:`certibench.report.html.write_html` (imported lazily)."""
    from certibench.report.html import write_html as _write

    return _write(report, path, title, explorer)


def run_explorer(table: Any, responses: Any, report: dict[str, Any]) -> Any:
    """The item explorer of a report: ``table`` (a ResponseTable with its items),
    ``responses`` (records or Response objects, for the raw answers) and the report's
    audit-flagged items.  See :mod:`certibench.report.explorer`."""
    from certibench.report.explorer import build_explorer, collect_answers

    answers = collect_answers(responses, {str(i) for i in table.item_ids})
    return build_explorer(table, answers, report.get("audit", {}).get("flagged", []), seed=report.get("meta", {}).get("seed", 0))


def write_json(report: dict[str, Any], path: Any) -> Any:
    """See :func:`certibench.report.json_report.write_json`."""
    from certibench.report.json_report import write_json as _write

    return _write(report, path)


def majority_baselines(items: Any, responses: Any) -> dict[str, float | None]:
    """Per model, the majority-class baseline (share of the most frequent ``ground_truth``
    among the items it answered) of a run: :func:`certibench.metrics.stats.majority_baseline`."""
    from certibench.metrics.stats import majority_baseline
    from certibench.metrics.table import build_table

    table = build_table(items, responses)
    return {m: v["accuracy"] for m, v in majority_baseline(table).items()}


def write_run_report(items: Any, responses: Any, run_dir: Any) -> list[Any]:
    """The report of a finished run, by protocol: the FormInv invariance report for
    true/false items (``report.json`` + ``report.html``, the shape of `certibench report`),
    and the We-Math 4-D / ProcessBench first-error scores for items of those protocols
    (under ``"wemath"`` / ``"processbench"`` in ``report.json``).  The report records the
    release of the run (the item file's digest, from ``run.json``) and shows the artifact
    baseline of its release audit (``--audit``, or ``audit.json`` beside the items).
    Returns the paths written."""
    from pathlib import Path

    from certibench.report.baselines import release_and_baseline
    from certibench.run.rundir import read_run_json, write_json_atomic

    run_dir = Path(run_dir)
    meta = read_run_json(run_dir)
    release: dict[str, Any] | None = None
    artifact = None
    if meta.get("items_path"):
        from certibench.io import InputFileError

        audit = (meta.get("parameters") or {}).get("audit")
        try:
            release, artifact = release_and_baseline(meta["items_path"], audit)
        except InputFileError as exc:  # the --audit file changed since the run started
            release, artifact = release_and_baseline(meta["items_path"], None)
            release["notes"].append(f"{exc}; no artifact baseline from it")
    by_protocol: dict[str, list[Any]] = {}
    for it in items:
        by_protocol.setdefault(it.protocol or "truefalse", []).append(it)
    data: dict[str, Any] = {}
    paths: list[Any] = []
    tf = by_protocol.get("truefalse", [])
    table = None
    tf_responses: list[Any] = []
    if tf:
        from certibench.metrics.table import build_table

        ids = {it.id for it in tf}
        tf_responses = [r for r in responses if r.item_id in ids]
        table = build_table(tf, tf_responses)
        data = build_report(table, artifact_baseline=artifact, release=release)
    for proto in ("wemath", "processbench"):
        if proto not in by_protocol:
            continue
        if proto == "wemath":
            from certibench.metrics.wemath import score_responses
        else:
            from certibench.metrics.processbench import score_responses  # type: ignore[assignment]
        scores = score_responses(by_protocol[proto], responses)
        data[proto] = {
            model: {k: (v.model_dump(mode="json") if hasattr(v, "model_dump") else v) for k, v in per.items()}
            for model, per in scores.items()
        }
    if not data:
        return paths
    data.setdefault("release", release)
    write_json_atomic(run_dir / "report.json", data)
    paths.append(run_dir / "report.json")
    if tf:
        write_html(data, run_dir / "report.html", explorer=run_explorer(table, tf_responses, data))
        paths.append(run_dir / "report.html")
    return paths


__all__ = ["build_report", "majority_baselines", "run_explorer", "write_html", "write_json", "write_run_report"]
