"""The invariance report as one JSON-ready dict (the contract `certibench report` writes).

Shape (fractions 0-1, undefined values ``null``)::

    {"models": {name: {"accuracy", "scr", "mean_ig", "rms_ig", "cir", "family_failure_rates",
                       "baseline_majority": {"accuracy", "label", "n_items"},
                       "cochran_q": {"q", "df", "p", ...}, "mcnemar": {family: {...}},
                       "cochran_q_core": {...} (canonical + families present in every theorem),
                       "ci": {"accuracy": [lo, hi], "scr", "mean_ig", "cir"}, ...}},
     "artifact_baseline": null | {"accuracy", "ci": [lo, hi], "source"},
     "release": null | {"digest", "release_version", "certificate_format", "release_json",
                        "recorded_digest", "items_path", "notes"} (which item file, by its bytes),
     "audit": {"ran", "reason", ...}, "rank_stability": {...}, "correlations": {...},
     "ig_histogram": {...}, "meta": {...}, "by": {...} (only with ``by``)}

Only items with at least one response are reported (a run of a sample of a release, or
with ``--limit``, reports the items it asked); ``meta.n_items_without_responses`` counts
the others.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from certibench.metrics.audit import audit_with_mask
from certibench.metrics.invariance import invariance_metrics, summary_arrays, theorem_stats
from certibench.metrics.stats import (
    bootstrap,
    cochran_per_model,
    correlations,
    majority_baseline,
    mcnemar_per_family,
    rank_stability,
)
from certibench.metrics.table import ResponseColumns, ResponseTable, build_table

if TYPE_CHECKING:  # annotations only: `certibench report` never imports pydantic for clean files
    from certibench.schema import Item, Response

REPORT_VERSION = 2
#: the stages ``report_from_table`` reports to its ``progress`` callback, in order
STAGES: tuple[str, ...] = ("audit", "invariance", "tests", "bootstrap", "correlations", "by")
IG_BINS = np.linspace(0.0, 0.5, 21)


def _ig_histogram(table: ResponseTable, ts: Any) -> dict[str, Any]:
    counts = {}
    for m, name in enumerate(table.models):
        v = ts.ig[ts.has[:, m], m]
        counts[name] = np.histogram(np.clip(v, 0, 0.5), bins=IG_BINS)[0].astype(int).tolist()
    return {"bins": [float(b) for b in IG_BINS], "counts": counts}


def core_forms(table: ResponseTable) -> list[str]:
    """Canonical plus the families present in every theorem (Cochran's Q on all theorems)."""
    forms = ["canonical"]
    for f in table.paraphrase_families:
        c = table.families.index(f)
        if np.unique(table.theorem_codes[table.family_codes == c]).size == table.n_theorems:
            forms.append(f)
    return forms


def report_from_table(
    table: ResponseTable,
    *,
    by: str | None = None,
    min_models: int | None = None,
    rule: str = "joint",
    n_boot: int = 1000,
    n_perm: int = 200,
    seed: int = 0,
    alpha: float = 0.05,
    progress: Callable[[str], None] | None = None,
    artifact_baseline: dict[str, Any] | None = None,
    release: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Every invariance number for a built table (see module docstring for the shape).

    ``progress`` is called with the name of each stage as it starts (see :data:`STAGES`).
    ``artifact_baseline`` is the release audit's ``{"accuracy", "ci", "source"}`` (see
    :func:`certibench.report.baselines.load_release_audit`), shown beside each accuracy;
    ``release`` the identity of the item file (:func:`certibench.run.release.release_identity`).
    """
    step = progress or (lambda _name: None)
    answered = table.n_samples.sum(axis=1) > 0
    n_unanswered = int((~answered).sum())
    if n_unanswered:
        full = table
        table = table.subset(answered)
        table.warnings = full.warnings
        table.n_responses = full.n_responses
    step("audit")
    base = theorem_stats(table)
    aud, flagged = audit_with_mask(table, min_models=min_models, rule=rule, ts=base)
    step("invariance")
    ts = theorem_stats(table, flagged, base=base)
    models = invariance_metrics(table, flagged, ts=ts)
    step("tests")
    baselines = majority_baseline(table)
    for m in table.models:
        models[m]["baseline_majority"] = baselines[m]
    cq = cochran_per_model(table, alpha=alpha)
    core = core_forms(table)
    all_forms = ["canonical", *table.paraphrase_families]
    cq_core = (
        cochran_per_model(table, forms=core, alpha=alpha) if len(core) >= 3 and core != all_forms else None
    )
    mc = mcnemar_per_family(table, alpha=alpha)
    step("bootstrap")
    cis, reps = (
        bootstrap(table, exclude=flagged, n_boot=n_boot, seed=seed, ts=ts)
        if n_boot > 0
        else ({m: {} for m in table.models}, None)
    )
    for m in table.models:
        models[m]["cochran_q"] = cq[m]
        if cq_core is not None:
            models[m]["cochran_q_core"] = cq_core[m]
        models[m]["mcnemar"] = mc.get(m, {})
        models[m]["ci"] = cis[m]
    step("correlations")
    summ = summary_arrays(ts)
    corr = correlations(table, summ, reps, n_perm=n_perm, seed=seed)
    warn = table.warnings
    out: dict[str, Any] = {
        "certibench_report": REPORT_VERSION,
        "meta": {
            "n_items": table.n_items,
            "n_items_without_responses": n_unanswered,
            "n_theorems": table.n_theorems,
            "n_models": table.n_models,
            "n_responses": table.n_responses,
            "families": table.paraphrase_families,
            "n_warnings": len(warn),
            "warnings": [str(w) for w in warn[:50]],
            "n_boot": n_boot,
            "n_perm": n_perm,
            "seed": seed,
            "alpha": alpha,
            "conventions": {
                "samples": "accuracy and IG use the per-item mean of `correct` over samples; SCR, CIR, "
                "audit and the tests use a strict majority (a tie counts as wrong)",
                "errors": "responses with `error` set count as wrong; see n_errors / error_rate",
                "cir": "audit-clean paraphrases only (cir_all keeps flagged ones)",
                "baseline_majority": "accuracy of always answering the most frequent ground_truth "
                "label among the items the model answered",
                "share_explained": "share in [0, 1] of the observed accuracy-Mean-IG correlation that "
                "the permutation null reproduces (null_share in certibench.metrics.stats); the two "
                "correlations are reported beside it",
            },
        },
        "models": models,
        "artifact_baseline": artifact_baseline,
        "release": release,
        "audit": aud,
        "rank_stability": rank_stability(table),
        "correlations": corr,
        "ig_histogram": _ig_histogram(table, ts),
    }
    if by:
        step("by")
        groups: dict[str, Any] = {}
        vals = table.item_field(by)
        for v in sorted(set(vals.tolist())):
            mask = vals == v
            sub = table.subset(mask)
            sub_flag = flagged[mask]
            sub_models = invariance_metrics(sub, sub_flag)
            sub_cq = cochran_per_model(sub, alpha=alpha)
            sub_base = majority_baseline(sub)
            for m in sub.models:
                sub_models[m]["baseline_majority"] = sub_base[m]
                sub_models[m]["cochran_q"] = sub_cq[m]
            if n_boot > 0:
                sub_cis, _ = bootstrap(sub, exclude=sub_flag, n_boot=n_boot, seed=seed)
                for m in sub.models:
                    sub_models[m]["ci"] = sub_cis[m]
            groups[str(v)] = {"n_items": sub.n_items, "n_theorems": sub.n_theorems, "models": sub_models}
        out["by"] = {"field": by, "groups": groups}
    return out


def build_report(
    items: Sequence[Item | dict[str, Any]] | ResponseTable,
    responses: ResponseColumns | Iterable[Response | dict[str, Any]] | None = None,
    *,
    by: str | None = None,
    min_models: int | None = None,
    rule: str = "joint",
    n_boot: int = 1000,
    n_perm: int = 200,
    seed: int = 0,
    strict: bool = False,
    artifact_baseline: dict[str, Any] | None = None,
    release: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Build the invariance report from items and responses (or an already built table).

    Bad responses (unknown item id, duplicate (item, model, sample), missing fields) are
    skipped and listed under ``meta.warnings`` (``strict=True`` raises on the first one).
    """
    if isinstance(items, ResponseTable):
        table = items
    else:
        if responses is None:
            raise ValueError("build_report needs responses")
        table = build_table(items, responses, strict=strict)
    return report_from_table(
        table, by=by, min_models=min_models, rule=rule, n_boot=n_boot, n_perm=n_perm, seed=seed,
        artifact_baseline=artifact_baseline, release=release,
    )


def write_json(report: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False) + "\n", encoding="utf-8")
    return p


__all__ = ["build_report", "report_from_table", "write_json"]
