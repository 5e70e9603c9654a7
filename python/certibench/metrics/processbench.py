"""ProcessBench metrics: dataset statistics from step chains, per-subset error/correct
accuracy and F1, majority voting, and PRM (per-step score) evaluation.

Official protocol (QwenLM/ProcessBench ``code/run_eval.py``): per subset,

* ``error_acc``   = share of erroneous solutions (``label ≥ 0``) whose predicted index
  equals the label exactly;
* ``correct_acc`` = share of fully correct solutions (``label = -1``) predicted ``-1``;
* ``f1``          = their harmonic mean;  the headline number is the *unweighted* mean
  of the subset F1s.

Departures, all on undefined values only: F1 is ``0.0`` when both accuracies are 0 (the
official script divides by zero), and an accuracy over an empty class is ``None`` (the
official ``np.mean([])`` is NaN) — then that subset's F1 is ``None`` and it is left out
of the average, which says so in ``subsets_in_average``.  Nothing is ever NaN.

A prediction of ``None`` (no parsable answer) never equals a label, i.e. it is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from certibench.schema import Item, Response

__all__ = [
    "DatasetStats",
    "PRMResult",
    "ProcessBenchScore",
    "SubsetScore",
    "choose_threshold",
    "dataset_stats",
    "f1_of",
    "majority_vote",
    "prm_evaluate",
    "prm_predict",
    "score_predictions",
    "score_responses",
]


# ---------------------------------------------------------------------------------------
# scoring predictions
# ---------------------------------------------------------------------------------------


class SubsetScore(BaseModel):
    error_acc: float | None
    correct_acc: float | None
    f1: float | None
    n_error: int
    n_correct: int
    n_unparsed: int = 0


class ProcessBenchScore(BaseModel):
    subsets: dict[str, SubsetScore]
    average_f1: float | None
    subsets_in_average: list[str]


def f1_of(error_acc: float | None, correct_acc: float | None) -> float | None:
    """Harmonic mean; 0.0 when both are 0; None when either is undefined."""
    if error_acc is None or correct_acc is None:
        return None
    s = error_acc + correct_acc
    return 0.0 if s == 0 else 2 * error_acc * correct_acc / s


def score_predictions(rows: Iterable[tuple[str, int, int | None]]) -> ProcessBenchScore:
    """Score ``(subset, label, prediction)`` triples (prediction ``None`` = unparsed).

    Subsets are reported in order of first appearance."""
    err: dict[str, list[int]] = {}
    cor: dict[str, list[int]] = {}
    unparsed: Counter[str] = Counter()
    order: list[str] = []
    for subset, label, pred in rows:
        if subset not in err:
            err[subset], cor[subset] = [0, 0], [0, 0]
            order.append(subset)
        if pred is None:
            unparsed[subset] += 1
        hit = pred is not None and int(pred) == int(label)
        bucket = cor[subset] if int(label) == -1 else err[subset]
        bucket[0] += int(hit)
        bucket[1] += 1
    subsets: dict[str, SubsetScore] = {}
    for s in order:
        ea = err[s][0] / err[s][1] if err[s][1] else None
        ca = cor[s][0] / cor[s][1] if cor[s][1] else None
        subsets[s] = SubsetScore(
            error_acc=ea, correct_acc=ca, f1=f1_of(ea, ca), n_error=err[s][1], n_correct=cor[s][1], n_unparsed=unparsed[s]
        )
    used = [s for s in order if subsets[s].f1 is not None]
    avg = sum(subsets[s].f1 for s in used) / len(used) if used else None  # type: ignore[misc]
    return ProcessBenchScore(subsets=subsets, average_f1=avg, subsets_in_average=used)


def majority_vote(preds: Sequence[int | None]) -> int | None:
    """Most common non-``None`` prediction; ties go to the one seen first (as the official
    ``Counter.most_common``); ``None`` when no sample has an answer.  For the official
    string-level vote over raw texts use :func:`certibench.run.answers.majority_vote_official`."""
    got = [p for p in preds if p is not None]
    if not got:
        return None
    return Counter(got).most_common(1)[0][0]


# ---------------------------------------------------------------------------------------
# dataset statistics
# ---------------------------------------------------------------------------------------


class DatasetStats(BaseModel):
    n: int
    n_error: int
    n_correct: int
    final_answer_correct: int = Field(description="solutions whose final answer is correct")
    final_correct_with_process_error: int
    share_final_correct_with_process_error: float | None = Field(
        description="among final-answer-correct solutions, the share that still contain a process error"
    )
    steps_min: int | None
    steps_max: int | None
    steps_mean: float | None
    steps_median: float | None
    steps_histogram: dict[str, int]
    first_error_histogram: dict[str, int] = Field(description="earliest-error index -> count (erroneous solutions)")
    first_error_mean: float | None
    first_error_relative_mean: float | None = Field(description="mean of label / number of steps over erroneous solutions")


def _stats(chains: list[tuple[int, int, bool | None]]) -> DatasetStats:
    import numpy as np

    n = len(chains)
    nsteps = np.array([c[0] for c in chains], dtype=float)
    labels = np.array([c[1] for c in chains], dtype=int)
    fac = [c for c in chains if c[2] is True]
    fac_err = sum(1 for c in fac if c[1] != -1)
    errs = labels[labels >= 0]
    err_steps = nsteps[labels >= 0]
    return DatasetStats(
        n=n,
        n_error=int((labels >= 0).sum()),
        n_correct=int((labels == -1).sum()),
        final_answer_correct=len(fac),
        final_correct_with_process_error=fac_err,
        share_final_correct_with_process_error=fac_err / len(fac) if fac else None,
        steps_min=int(nsteps.min()) if n else None,
        steps_max=int(nsteps.max()) if n else None,
        steps_mean=float(nsteps.mean()) if n else None,
        steps_median=float(np.median(nsteps)) if n else None,
        steps_histogram={str(k): v for k, v in sorted(Counter(int(x) for x in nsteps).items())},
        first_error_histogram={str(k): v for k, v in sorted(Counter(int(x) for x in errs).items())},
        first_error_mean=float(errs.mean()) if errs.size else None,
        first_error_relative_mean=float((errs / err_steps).mean()) if errs.size else None,
    )


def dataset_stats(items: Iterable[Item | Mapping[str, Any]]) -> dict[str, DatasetStats]:
    """Statistics per subset and ``"all"`` from ProcessBench items or raw rows."""
    by: dict[str, list[tuple[int, int, bool | None]]] = {}
    for it in items:
        if isinstance(it, Mapping):
            steps, label, fac = it["steps"], it["label"], it.get("final_answer_correct")
            subset = it.get("subset") or str(it["id"]).rsplit("-", 1)[0]
        else:
            steps, label, fac = it.steps or [], it.label, getattr(it, "final_answer_correct", None)
            subset = getattr(it, "subset", None) or str(it.id).rsplit("-", 1)[0]
        if label is None:
            raise ValueError(f"item {it!r} has no label")
        by.setdefault(str(subset), []).append((len(steps), int(label), fac))
    out = {s: _stats(c) for s, c in by.items()}
    out["all"] = _stats([c for cs in by.values() for c in cs])
    return out


# ---------------------------------------------------------------------------------------
# PRM mode
# ---------------------------------------------------------------------------------------


def prm_predict(step_scores: Sequence[float], threshold: float) -> int:
    """Earliest step whose score is below ``threshold``; -1 when none is."""
    for i, s in enumerate(step_scores):
        if s < threshold:
            return i
    return -1


class PRMResult(BaseModel):
    threshold: float
    threshold_subset: str
    scores: ProcessBenchScore
    oracle_thresholds: dict[str, float]
    oracle: ProcessBenchScore = Field(description="per-subset best threshold: an upper bound, not a fair score")


def _prefix_min_matrix(chains: Sequence[Sequence[float]]) -> np.ndarray:
    import numpy as np

    width = max((len(c) for c in chains), default=0)
    m = np.full((len(chains), max(width, 1)), np.inf)
    for i, c in enumerate(chains):
        if len(c):
            m[i, : len(c)] = np.minimum.accumulate(np.asarray(c, dtype=float))
    return m


def _predict_all(pm: np.ndarray, t: float) -> np.ndarray:
    import numpy as np

    below = pm < t
    first = below.argmax(axis=1)
    return np.where(below.any(axis=1), first, -1)


def _candidates(chains: Sequence[Sequence[float]]) -> list[float]:
    import numpy as np

    vals = np.unique(np.concatenate([np.asarray(c, dtype=float) for c in chains if len(c)] or [np.array([0.5])]))
    mids = (vals[:-1] + vals[1:]) / 2
    return [float(vals[0])] + [float(x) for x in mids] + [float(np.nextafter(vals[-1], np.inf))]


def _f1_at(pm: np.ndarray, labels: np.ndarray, t: float) -> float:
    pred = _predict_all(pm, t)
    hit = pred == labels
    e = labels >= 0
    ea = float(hit[e].mean()) if e.any() else None
    ca = float(hit[~e].mean()) if (~e).any() else None
    f = f1_of(ea, ca)
    return -1.0 if f is None else f


def choose_threshold(step_scores: Sequence[Sequence[float]], labels: Sequence[int]) -> float:
    """The threshold maximising F1 on these solutions (ties: the smallest threshold).

    Candidates are every distinct score boundary (midpoints between consecutive
    distinct scores and the two ends), so the optimum is exact, not a grid search."""
    import numpy as np

    pm = _prefix_min_matrix(step_scores)
    lab = np.asarray(labels, dtype=int)
    best_t, best_f = 0.5, -2.0
    for t in _candidates(step_scores):
        f = _f1_at(pm, lab, t)
        if f > best_f:
            best_t, best_f = t, f
    return best_t


def prm_evaluate(
    rows: Sequence[tuple[str, int, Sequence[float]]],
    *,
    threshold_subset: str = "gsm8k",
    threshold: float | None = None,
) -> PRMResult:
    """PRM evaluation of ``(subset, label, step_scores)`` rows.

    The threshold is chosen on ``threshold_subset`` (unless given) and applied to every
    subset; the per-subset oracle threshold is reported beside it as an upper bound."""
    subsets: dict[str, tuple[list[Sequence[float]], list[int]]] = {}
    for subset, label, scores in rows:
        s = subsets.setdefault(subset, ([], []))
        s[0].append(list(scores))
        s[1].append(int(label))
    if threshold is None:
        if threshold_subset not in subsets:
            raise ValueError(f"threshold subset {threshold_subset!r} not present (have: {', '.join(subsets)})")
        threshold = choose_threshold(*subsets[threshold_subset])
    fixed = score_predictions(
        (name, lab, prm_predict(sc, threshold)) for name, (chains, labs) in subsets.items() for sc, lab in zip(chains, labs, strict=True)
    )
    oracle_t = {name: choose_threshold(chains, labs) for name, (chains, labs) in subsets.items()}
    oracle = score_predictions(
        (name, lab, prm_predict(sc, oracle_t[name]))
        for name, (chains, labs) in subsets.items()
        for sc, lab in zip(chains, labs, strict=True)
    )
    return PRMResult(threshold=threshold, threshold_subset=threshold_subset, scores=fixed, oracle_thresholds=oracle_t, oracle=oracle)


def score_responses(items: Sequence[Item], responses: Sequence[Response]) -> dict[str, dict[str, ProcessBenchScore]]:
    """Run-layer output -> ``{model: {"official": score, "robust": score}}``.

    Several samples of one (item, model) are majority-voted: the official vote is taken
    over the raw ``\\boxed{}`` strings (as upstream) when raw texts are present, else over
    ``parsed``; the robust vote over ``parsed_robust`` (or the robust reader on ``raw``).
    Responses to items that are not ProcessBench items are ignored."""
    from certibench.run.answers import extract_processbench_robust, majority_vote_official

    by_item = {it.id: it for it in items if it.label is not None and it.steps}
    grouped: dict[str, dict[str, list[Response]]] = {}
    for r in responses:
        if r.item_id in by_item:
            grouped.setdefault(r.model, {}).setdefault(r.item_id, []).append(r)
    out: dict[str, dict[str, ProcessBenchScore]] = {}
    for model, per_item in sorted(grouped.items()):
        off: list[tuple[str, int, int | None]] = []
        rob: list[tuple[str, int, int | None]] = []
        for item_id, rs in per_item.items():
            it = by_item[item_id]
            subset = str(getattr(it, "subset", None) or item_id.rsplit("-", 1)[0])
            rs = sorted(rs, key=lambda x: x.sample)
            if all(r.raw is not None for r in rs):
                o = majority_vote_official([r.raw for r in rs])
            else:
                o = majority_vote([_as_int(r.parsed) for r in rs])
            robust_preds = [
                _as_int(r.parsed_robust) if r.parsed_robust is not None or r.raw is None else extract_processbench_robust(r.raw)
                for r in rs
            ]
            off.append((subset, int(it.label), o))  # type: ignore[arg-type]
            rob.append((subset, int(it.label), majority_vote(robust_preds)))  # type: ignore[arg-type]
        out[model] = {"official": score_predictions(off), "robust": score_predictions(rob)}
    return out


def _as_int(v: Any) -> int | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return None
