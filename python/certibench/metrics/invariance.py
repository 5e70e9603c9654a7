"""FormInv invariance metrics over a :class:`~certibench.metrics.table.ResponseTable`.

Definitions (per model; a *class* is a theorem's canonical item plus its paraphrases):

* ``accuracy`` - mean over the model's answered items of ``p`` (the per-item mean of
  ``correct`` over samples).  ``theorem_accuracy`` is FormInv's ``mean_accuracy``: the mean
  over classes of the per-class mean.
* ``IG`` of a class = ``sqrt(p(1-p))`` with ``p`` the mean of the item ``p`` over the class
  *including* the canonical item (for one sample per item this is ``np.std`` of the 0/1
  outcomes, FormInv's definition).  ``mean_ig``, ``rms_ig`` = sqrt(mean IG^2),
  ``share_ig_gt_010`` = share of classes with IG > 0.10.
* ``SCR`` - share of classes whose every answered item is correct.  With several samples
  an item counts as correct when a strict majority of its samples is correct (a tie is
  wrong); ``accuracy`` and IG use the per-sample mean instead.
* ``CIR`` - among classes whose canonical item is correct (majority) and that have at
  least one *audit-clean* answered paraphrase, the share with at least one wrong clean
  paraphrase.  Clean = not flagged by the unanimity audit (pass ``exclude``).
  ``cir_all`` is the same without removing flagged paraphrases.
* ``family_failure_rates`` - per paraphrase family, 1 - mean ``p`` over its answered items
  (canonical accuracy is reported as ``canonical_accuracy``).  Every family present is a
  key, F1-F8 or not.
* Responses with ``error`` set count as wrong; ``n_errors``/``error_rate`` report them.

Everything is vectorised: class sums are one ``bincount`` (:class:`GroupSum`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from certibench.metrics.table import ResponseTable

IG_HIGH = 0.10


@dataclass
class TheoremStats:
    """Per-class (T) x model (M) sufficient statistics; everything else derives from them."""

    n_items: np.ndarray  # answered items
    sum_p: np.ndarray  # sum of item p
    n_wrong: np.ndarray  # answered items with majority wrong
    ig: np.ndarray  # sqrt(pbar(1-pbar)); 0 where n_items == 0
    canon_ok: np.ndarray  # bool: canonical answered and all canonical items majority-correct
    cir_den: np.ndarray  # bool: canon_ok and >= 1 clean paraphrase answered
    cir_num: np.ndarray  # bool: cir_den and >= 1 clean paraphrase wrong
    cir_den_all: np.ndarray
    cir_num_all: np.ndarray

    @property
    def has(self) -> np.ndarray:
        return self.n_items > 0

    @property
    def consistent(self) -> np.ndarray:
        return (self.n_items > 0) & (self.n_wrong == 0)


class GroupSum:
    """The G x I 0/1 membership matrix of items in groups, applied as ``S @ X``.

    ``S @ X`` (X of shape (I,) or (I, M)) sums the rows of X per group with one
    ``bincount``: each group's rows are added one after the other in item order, the same
    additions in the same order as a CSR sparse product (so the sums are bit-identical)
    without importing scipy.  Items with group ``-1`` belong to no group."""

    def __init__(self, groups: np.ndarray, n_groups: int) -> None:
        self.groups = np.asarray(groups, dtype=np.int64)
        self.n_groups = int(n_groups)
        self._keep = None if not (self.groups < 0).any() else np.flatnonzero(self.groups >= 0)
        self.shape = (self.n_groups, int(self.groups.shape[0]))
        self._keys: dict[int, np.ndarray] = {}
        #: every group a run of ``_run`` consecutive items, in group order (items sorted by
        #: theorem, as generated files are): sums without a key per cell
        self._run = 0
        size, g = self.groups.size, self.groups
        if self.n_groups and size % self.n_groups == 0 and self._keep is None:
            run = size // self.n_groups
            if run and np.array_equal(g[::run], np.arange(self.n_groups)) and (
                run == 1 or not np.any(g.reshape(self.n_groups, run) != g[::run, None])
            ):
                self._run = run

    def __matmul__(self, x: np.ndarray) -> np.ndarray:
        if isinstance(x, np.ndarray) and x.dtype == np.bool_:
            return self._count(x)
        x = np.asarray(x, dtype=np.float64)
        if self._run:
            # the run's rows added one after the other onto 0.0: bincount's additions, in
            # bincount's order (0 + a + b + ...), so the sums are the same bits
            runs = x.reshape(self.n_groups, self._run, *x.shape[1:])
            acc = np.add(runs[:, 0], 0.0)
            for j in range(1, self._run):
                acc += runs[:, j]
            return acc
        g = self.groups
        if self._keep is not None:
            g, x = g[self._keep], x[self._keep]
        if x.ndim == 1:
            return np.bincount(g, weights=x, minlength=self.n_groups)
        m = x.shape[1]
        key = self._keys.get(m)
        if key is None:  # one key per width: a permutation loop applies S @ X hundreds of times
            key = self._keys[m] = (g[:, None] * m + np.arange(m)).ravel()
        return np.bincount(key, weights=x.ravel(), minlength=self.n_groups * m).reshape(self.n_groups, m)


    def _count(self, x: np.ndarray) -> np.ndarray:
        """``S @ x`` for a boolean ``x``: the true cells per group, counted (no float copy
        of x).  A float sum of 0/1 values is an exact integer in any order, so these are
        the very numbers ``S @ x.astype(float)`` gives."""
        if self._run:
            runs = x.reshape(self.n_groups, self._run, *x.shape[1:])
            return np.count_nonzero(runs, axis=1).astype(np.float64)
        g = self.groups
        if self._keep is not None:
            g, x = g[self._keep], x[self._keep]
        if x.ndim == 1:
            return np.bincount(g[x], minlength=self.n_groups).astype(np.float64)
        m = x.shape[1]
        key = self._keys.get(m)
        if key is None:
            key = self._keys[m] = (g[:, None] * m + np.arange(m)).ravel()
        return np.bincount(key[x.ravel()], minlength=self.n_groups * m).reshape(self.n_groups, m).astype(np.float64)


def class_matrix(table: ResponseTable) -> GroupSum:
    """T x I indicator of class membership (``S @ X`` = per-class sums of X)."""
    return GroupSum(table.theorem_codes, table.n_theorems)


def theorem_stats(
    table: ResponseTable, exclude: np.ndarray | None = None, base: TheoremStats | None = None
) -> TheoremStats:
    """Per-class statistics; ``exclude`` (bool, I) marks flagged paraphrases for CIR.

    ``base`` - ``theorem_stats(table)`` already computed - supplies every statistic that
    does not depend on ``exclude`` (the same arrays), so only the clean-paraphrase sums
    are computed again."""
    S = class_matrix(table)
    ans = ~np.isnan(table.p)
    wrong = ans & (table.maj == 0.0)
    if base is not None:
        if exclude is None or not exclude.any():
            return base
        clean = ~table.is_canonical[:, None] & ~exclude[:, None]
        pw = np.asarray(S @ (wrong & clean))
        cir_den = base.canon_ok & (np.asarray(S @ (ans & clean)) > 0)
        return TheoremStats(
            n_items=base.n_items,
            sum_p=base.sum_p,
            n_wrong=base.n_wrong,
            ig=base.ig,
            canon_ok=base.canon_ok,
            cir_den=cir_den,
            cir_num=cir_den & (pw > 0),
            cir_den_all=base.cir_den_all,
            cir_num_all=base.cir_num_all,
        )
    p0 = np.where(ans, table.p, 0.0)
    n_items = np.asarray(S @ ans)
    sum_p = np.asarray(S @ p0)
    n_wrong = np.asarray(S @ wrong)
    with np.errstate(invalid="ignore", divide="ignore"):
        pbar = np.where(n_items > 0, sum_p / np.maximum(n_items, 1), 0.0)
    ig = np.sqrt(np.clip(pbar * (1.0 - pbar), 0.0, None))

    canon = table.is_canonical[:, None]
    para = ~canon
    c_ans = np.asarray(S @ (ans & canon))
    c_wrong = np.asarray(S @ (wrong & canon))
    canon_ok = (c_ans > 0) & (c_wrong == 0)
    pa_all = np.asarray(S @ (ans & para))
    pw_all = np.asarray(S @ (wrong & para))
    if exclude is not None and exclude.any():
        clean = para & ~exclude[:, None]
        pa = np.asarray(S @ (ans & clean))
        pw = np.asarray(S @ (wrong & clean))
    else:
        pa, pw = pa_all, pw_all
    cir_den = canon_ok & (pa > 0)
    cir_den_all = canon_ok & (pa_all > 0)
    return TheoremStats(
        n_items=n_items,
        sum_p=sum_p,
        n_wrong=n_wrong,
        ig=ig,
        canon_ok=canon_ok,
        cir_den=cir_den,
        cir_num=cir_den & (pw > 0),
        cir_den_all=cir_den_all,
        cir_num_all=cir_den_all & (pw_all > 0),
    )


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    out = np.full(np.broadcast(num, den).shape, np.nan)
    np.divide(num, den, out=out, where=den > 0)
    return out


def summary_arrays(ts: TheoremStats) -> dict[str, np.ndarray]:
    """Per-model headline metrics as arrays of length M (NaN = undefined)."""
    has = ts.has
    n_th = has.sum(axis=0)
    acc = _ratio(ts.sum_p.sum(axis=0), ts.n_items.sum(axis=0))
    with np.errstate(invalid="ignore", divide="ignore"):
        th_acc_each = np.where(has, ts.sum_p / np.maximum(ts.n_items, 1), 0.0)
    return {
        "accuracy": acc,
        "theorem_accuracy": _ratio(th_acc_each.sum(axis=0), n_th),
        "scr": _ratio(ts.consistent.sum(axis=0), n_th),
        "mean_ig": _ratio(np.where(has, ts.ig, 0.0).sum(axis=0), n_th),
        "rms_ig": np.sqrt(_ratio(np.where(has, ts.ig**2, 0.0).sum(axis=0), n_th)),
        "share_ig_gt_010": _ratio((has & (ts.ig > IG_HIGH)).sum(axis=0), n_th),
        "cir": _ratio(ts.cir_num.sum(axis=0), ts.cir_den.sum(axis=0)),
        "cir_all": _ratio(ts.cir_num_all.sum(axis=0), ts.cir_den_all.sum(axis=0)),
        "n_theorems": n_th.astype(np.int64),
        "n_cir_theorems": ts.cir_den.sum(axis=0).astype(np.int64),
    }


def family_failure_matrix(table: ResponseTable) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(families, failure rate F x M, answered counts F x M) over *paraphrase* families.

    A model that answered no item of a family has NaN there (an explicit gap).
    """
    fams = table.paraphrase_families
    codes = [table.families.index(f) for f in fams]
    if not fams:
        return [], np.zeros((0, table.n_models)), np.zeros((0, table.n_models))
    code_pos = np.full(len(table.families), -1, dtype=np.int64)
    code_pos[codes] = np.arange(len(codes))
    pos = code_pos[table.family_codes]
    F = GroupSum(pos, len(fams))
    ans = ~np.isnan(table.p)
    n = np.asarray(F @ ans)
    s = np.asarray(F @ np.where(ans, table.p, 0.0))
    return fams, 1.0 - _ratio(s, n), n


def canonical_accuracy(table: ResponseTable) -> np.ndarray:
    ans = ~np.isnan(table.p) & table.is_canonical[:, None]
    return _ratio(np.where(ans, table.p, 0.0).sum(axis=0), ans.sum(axis=0))


def _f(x: Any) -> float | None:
    """JSON-safe float: NaN/inf -> None."""
    if x is None:
        return None
    v = float(x)
    return v if np.isfinite(v) else None


def invariance_metrics(
    table: ResponseTable, exclude: np.ndarray | None = None, ts: TheoremStats | None = None
) -> dict[str, dict[str, Any]]:
    """Headline invariance metrics per model (JSON-ready; undefined values are ``None``).

    ``ts`` may pass precomputed :func:`theorem_stats` for the same ``exclude``.
    """
    ts = ts if ts is not None else theorem_stats(table, exclude)
    s = summary_arrays(ts)
    fams, fail, fam_n = family_failure_matrix(table)
    can = canonical_accuracy(table)
    ans = ~np.isnan(table.p)
    n_err = table.n_errors.sum(axis=0)
    n_samp = table.n_samples.sum(axis=0)
    n_unp = (
        table.n_unparsed.sum(axis=0)
        if table.n_unparsed is not None
        else np.zeros(table.n_models, dtype=np.int64)
    )
    out: dict[str, dict[str, Any]] = {}
    for m, name in enumerate(table.models):
        out[name] = {
            "accuracy": _f(s["accuracy"][m]),
            "theorem_accuracy": _f(s["theorem_accuracy"][m]),
            "canonical_accuracy": _f(can[m]),
            "scr": _f(s["scr"][m]),
            "mean_ig": _f(s["mean_ig"][m]),
            "rms_ig": _f(s["rms_ig"][m]),
            "share_ig_gt_010": _f(s["share_ig_gt_010"][m]),
            "cir": _f(s["cir"][m]),
            "cir_all": _f(s["cir_all"][m]),
            "family_failure_rates": {f: _f(fail[k, m]) for k, f in enumerate(fams) if fam_n[k, m] > 0},
            "family_counts": {f: int(fam_n[k, m]) for k, f in enumerate(fams) if fam_n[k, m] > 0},
            "n_items": int(ans[:, m].sum()),
            "n_theorems": int(s["n_theorems"][m]),
            "n_cir_theorems": int(s["n_cir_theorems"][m]),
            "n_responses": int(n_samp[m]),
            "n_errors": int(n_err[m]),
            "n_unparsed": int(n_unp[m]),
            "error_rate": _f(n_err[m] / n_samp[m]) if n_samp[m] else None,
        }
    return out


def split_by(table: ResponseTable, field: str) -> dict[str, ResponseTable]:
    """Split the table by an item field (``domain``, ``tier``, ``source``, ``family``, ...).

    Each group keeps only its items; a class that spans several values is split with them.
    """
    vals = table.item_field(field)
    groups: dict[str, ResponseTable] = {}
    for v in sorted(set(vals.tolist())):
        groups[str(v)] = table.subset(vals == v)
    return groups


def invariance_by(
    table: ResponseTable, field: str, exclude: np.ndarray | None = None
) -> dict[str, dict[str, dict[str, Any]]]:
    """:func:`invariance_metrics` per value of an item field."""
    vals = table.item_field(field)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for v in sorted(set(vals.tolist())):
        mask = vals == v
        sub = table.subset(mask)
        out[str(v)] = invariance_metrics(sub, exclude[mask] if exclude is not None else None)
    return out


def rank_models(values: dict[str, float | None], *, higher_is_better: bool = True) -> list[dict[str, Any]]:
    """Rank models by a value (None last); ties share the best rank ("1224" ranking)."""
    known = [(m, v) for m, v in values.items() if v is not None]
    unknown = sorted(m for m, v in values.items() if v is None)
    known.sort(key=lambda mv: ((-mv[1]) if higher_is_better else mv[1], mv[0]))
    out: list[dict[str, Any]] = []
    prev: float | None = None
    rank = 0
    for pos, (m, v) in enumerate(known, start=1):
        if prev is None or v != prev:
            rank = pos
            prev = v
        out.append({"model": m, "value": v, "rank": rank})
    for m in unknown:
        out.append({"model": m, "value": None, "rank": None})
    return out


def per_theorem_loop(
    theorem_ids: Sequence[str], item_ids: Sequence[str], responses: dict[tuple[str, str], bool]
) -> dict[str, dict[str, float]]:
    """Straightforward per-theorem Python reference (benchmarks and cross-checks only).

    ``responses`` maps (item_id, model) -> correct (one sample).  Returns per model
    accuracy, SCR and Mean-IG computed with plain loops.
    """
    classes: dict[str, list[str]] = {}
    for t, i in zip(theorem_ids, item_ids, strict=True):
        classes.setdefault(t, []).append(i)
    models = sorted({m for (_, m) in responses})
    out: dict[str, dict[str, float]] = {}
    for m in models:
        n_ok = n_all = 0
        igs: list[float] = []
        cons = 0
        n_th = 0
        for members in classes.values():
            outs = [responses[(i, m)] for i in members if (i, m) in responses]
            if not outs:
                continue
            n_th += 1
            pbar = sum(outs) / len(outs)
            igs.append((pbar * (1 - pbar)) ** 0.5)
            cons += all(outs)
            n_ok += sum(outs)
            n_all += len(outs)
        out[m] = {"accuracy": n_ok / n_all, "scr": cons / n_th, "mean_ig": sum(igs) / len(igs)}
    return out
