"""Statistics for the invariance layer (numpy only, see :mod:`.pvalues`; cross-checked against
statsmodels and scipy in tests).

* :func:`cochrans_q` / :func:`mcnemar` - the same numbers as ``statsmodels.stats.
  contingency_tables.cochrans_q`` / ``mcnemar`` on the same tables.
* :func:`cochran_per_model` - per model, the k forms of a theorem (canonical + each
  paraphrase family present; only theorems having *every* compared form answered), with
  Bonferroni correction across models; :func:`mcnemar_per_family` - canonical vs each
  family (k = 2), Bonferroni across all (model, family) tests.
* :func:`rank_stability` - Kendall tau-b between the model rankings of every family pair.
* :func:`bootstrap` - percentile CIs resampling theorems (classes) for accuracy, SCR,
  Mean-IG and CIR.
* :func:`correlations` - across models: accuracy vs Mean-IG (with a permutation null
  that keeps each model's outcomes but shuffles them over items, so the correlation that
  IG = sqrt(p(1-p)) produces on its own is measured beside the observed one; see
  :func:`null_share`), and accuracy vs SCR.

Binary outcomes per item use the majority over samples (see :mod:`.table`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from certibench.metrics.invariance import (
    GroupSum,
    TheoremStats,
    _f,
    class_matrix,
    family_failure_matrix,
    theorem_stats,
)
from certibench.metrics.pvalues import binom_cdf, chi2_sf, kendalltau, norm_ppf, pearson_pvalue
from certibench.metrics.table import ResponseTable


@dataclass(frozen=True)
class TestResult:
    statistic: float
    pvalue: float
    df: int | None
    n: int


def cochrans_q(x: np.ndarray) -> TestResult:
    """Cochran's Q for an (N subjects x k forms) 0/1 table; df = k - 1, p from chi^2."""
    x = np.asarray(x, dtype=np.float64)
    if x.ndim != 2:
        raise ValueError(f"cochrans_q needs a 2-D table, got shape {x.shape}")
    n, k = x.shape
    rows = x.sum(axis=1)
    cols = x.sum(axis=0)
    total = rows.sum()
    den = k * total - np.sum(rows**2)
    num = (k - 1) * (k * np.sum(cols**2) - total**2)
    with np.errstate(invalid="ignore", divide="ignore"):
        q = float(num / den) if den != 0 else float("nan")
    p = float(chi2_sf(q, k - 1)) if np.isfinite(q) else float("nan")
    return TestResult(q, p, k - 1, n)


def mcnemar(table: np.ndarray, *, exact: bool = True, correction: bool = True) -> TestResult:
    """McNemar's test on a 2x2 table (statsmodels' conventions: exact binomial by default)."""
    t = np.asarray(table, dtype=np.float64)
    if t.shape != (2, 2):
        raise ValueError(f"mcnemar needs a 2x2 table, got shape {t.shape}")
    b, c = t[0, 1], t[1, 0]
    n = int(t.sum())
    if exact:
        stat = float(min(b, c))
        p = float(min(1.0, 2.0 * binom_cdf(stat, int(b + c), 0.5)))
        return TestResult(stat, p, None, n)
    if b + c == 0:
        return TestResult(float("nan"), float("nan"), 1, n)
    stat = float((abs(b - c) - int(correction)) ** 2 / (b + c))
    return TestResult(stat, float(chi2_sf(stat, 1)), 1, n)


def bonferroni(
    pvalues: list[float | None], alpha: float = 0.05
) -> tuple[list[float | None], list[bool | None]]:
    """Bonferroni-adjusted p-values (min(1, p*m), m = number of defined tests) and decisions."""
    m = sum(1 for p in pvalues if p is not None and np.isfinite(p))
    adj: list[float | None] = []
    rej: list[bool | None] = []
    for p in pvalues:
        if p is None or not np.isfinite(p):
            adj.append(None)
            rej.append(None)
        else:
            a = min(1.0, p * m)
            adj.append(a)
            rej.append(bool(p <= alpha / m))  # statsmodels multipletests('bonferroni') rule
    return adj, rej


def _first_items(table: ResponseTable, forms: list[str]) -> np.ndarray:
    """(T x k) index of the first item (file order) of each form in each theorem, -1 if none."""
    fi = np.full((table.n_theorems, len(forms)), -1, dtype=np.int64)
    for j, f in enumerate(forms):
        if f not in table.families:
            continue
        idx = np.flatnonzero(table.family_codes == table.families.index(f))
        th = table.theorem_codes[idx]
        fi[th[::-1], j] = idx[::-1]  # reversed assignment: the earliest item wins
    return fi


def form_values(table: ResponseTable, forms: list[str]) -> np.ndarray:
    """(T x k x M) majority outcome of each form's first item per theorem (NaN = absent/unanswered)."""
    fi = _first_items(table, forms)
    vals = table.maj[np.maximum(fi, 0)]  # T x k x M
    vals[fi < 0] = np.nan
    return vals


def form_matrix(table: ResponseTable, model: int, forms: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(N theorems x k forms) majority outcomes for one model, only theorems with every form
    answered, plus those theorems' indices.  A theorem's form is its first item of that family
    (file order); if the model did not answer that item the theorem lacks the form."""
    val = form_values(table, forms)[:, :, model]
    full = ~np.isnan(val).any(axis=1)
    return val[full], np.flatnonzero(full)


def cochran_per_model(
    table: ResponseTable, forms: list[str] | None = None, alpha: float = 0.05
) -> dict[str, dict[str, Any]]:
    """Cochran's Q per model over ``forms`` (default: canonical + every paraphrase family)."""
    fams = ["canonical", *table.paraphrase_families] if forms is None else forms
    res: dict[str, dict[str, Any]] = {}
    allv = form_values(table, fams)  # T x k x M
    # every model at once: theorems without every form answered add nothing (their rows
    # are zeroed); the sums are of 0/1 values, so exact, and Q is cochrans_q's to the bit
    full = ~np.isnan(allv).any(axis=1)  # T x M
    x = np.where(full[:, None, :], allv, 0.0)
    k = len(fams)
    rows = x.sum(axis=1)  # T x M
    cols = x.sum(axis=0)  # k x M
    total = rows.sum(axis=0)
    den = k * total - (rows**2).sum(axis=0)
    num = (k - 1) * (k * (cols**2).sum(axis=0) - total**2)
    n_full = full.sum(axis=0)
    for m, name in enumerate(table.models):
        if len(fams) < 3:
            r = {
                "q": None,
                "df": len(fams) - 1,
                "p": None,
                "n_theorems": int(n_full[m]),
                "forms": fams,
                "note": "Cochran's Q needs k > 2 forms; see mcnemar for k = 2",
            }
        elif n_full[m] == 0:
            r = {
                "q": None,
                "df": len(fams) - 1,
                "p": None,
                "n_theorems": 0,
                "forms": fams,
                "note": "no theorem has every compared form answered",
            }
        else:
            q = float(num[m] / den[m]) if den[m] != 0 else float("nan")
            pv = float(chi2_sf(q, k - 1)) if np.isfinite(q) else float("nan")
            r = {"q": _f(q), "df": k - 1, "p": _f(pv), "n_theorems": int(n_full[m]), "forms": fams}
        res[name] = r
    adj, rej = bonferroni([r["p"] for r in res.values()], alpha)
    for r, a, s in zip(res.values(), adj, rej, strict=True):
        r["p_bonferroni"] = a
        r["significant"] = s
    return res


def mcnemar_per_family(
    table: ResponseTable, alpha: float = 0.05, exact: bool = True
) -> dict[str, dict[str, dict[str, Any]]]:
    """Canonical vs each family (k = 2) per model; Bonferroni across all tests run.

    The 2x2 table is rows = canonical (correct, wrong) x cols = paraphrase (correct, wrong).
    """
    fams = table.paraphrase_families
    allv = form_values(table, ["canonical", *fams])  # T x (1+F) x M
    canon, para = allv[:, :1, :], allv[:, 1:, :]
    # the 2x2 tables of every (family, model) at once: F x M counts
    c1, c0, p1, p0 = canon == 1, canon == 0, para == 1, para == 0  # NaN (absent) is neither
    n11, n10 = (c1 & p1).sum(axis=0), (c1 & p0).sum(axis=0)
    n01, n00 = (c0 & p1).sum(axis=0), (c0 & p0).sum(axis=0)
    both = (~np.isnan(canon) & ~np.isnan(para)).any(axis=0)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    flat: list[dict[str, Any]] = []
    for m, name in enumerate(table.models):
        out[name] = {}
        for j, fam in enumerate(fams):
            if not both[j, m]:
                continue
            tab = np.array([[n11[j, m], n10[j, m]], [n01[j, m], n00[j, m]]])
            t = mcnemar(tab, exact=exact)
            r = {
                "statistic": _f(t.statistic),
                "p": _f(t.pvalue),
                "n_theorems": t.n,
                "canon_only": int(tab[0, 1]),
                "para_only": int(tab[1, 0]),
            }
            out[name][fam] = r
            flat.append(r)
    adj, rej = bonferroni([r["p"] for r in flat], alpha)
    for r, a, s in zip(flat, adj, rej, strict=True):
        r["p_bonferroni"] = a
        r["significant"] = s
    return out


def rank_stability(table: ResponseTable) -> dict[str, Any]:
    """Kendall tau-b between per-family model rankings (failure rate) for every family pair."""
    fams, fail, n = family_failure_matrix(table)
    pairs: dict[str, dict[str, Any]] = {}
    taus: list[float] = []
    for i in range(len(fams)):
        for j in range(i + 1, len(fams)):
            ok = (n[i] > 0) & (n[j] > 0)
            key = f"{fams[i]}|{fams[j]}"
            if ok.sum() < 2:
                pairs[key] = {"tau": None, "p": None, "n_models": int(ok.sum())}
                continue
            a, b = fail[i, ok], fail[j, ok]
            if np.ptp(a) == 0 or np.ptp(b) == 0:
                pairs[key] = {"tau": None, "p": None, "n_models": int(ok.sum()), "note": "constant ranking"}
                continue
            tau, p = kendalltau(a, b)
            pairs[key] = {"tau": _f(tau), "p": _f(p), "n_models": int(ok.sum())}
            if np.isfinite(tau):
                taus.append(float(tau))
    reversals = sorted(
        (k for k, v in pairs.items() if v["tau"] is not None and v["tau"] < 0), key=lambda k: pairs[k]["tau"]
    )
    return {
        "families": fams,
        "pairs": pairs,
        "mean_tau": _f(np.mean(taus)) if taus else None,
        "min_tau": _f(min(taus)) if taus else None,
        "reversals": reversals,
    }


# ---------------------------------------------------------------- baselines


def majority_baseline(table: ResponseTable) -> dict[str, dict[str, Any]]:
    """Per model, the accuracy of always answering the most frequent ``ground_truth`` label
    among the items that model answered (items without a ground truth are left out):
    ``{model: {"accuracy", "label", "n_items"}}`` (``accuracy``/``label`` null when no
    answered item has a ground truth).  Ties between labels pick the label that sorts first."""
    try:
        gt = table.item_field("ground_truth")
    except KeyError:  # no item carries a ground truth
        gt = np.full(table.n_items, "(none)", dtype=object)
    labelled = gt != "(none)"
    labels = sorted(set(gt[labelled].tolist()))
    index = {lab: k for k, lab in enumerate(labels)}
    codes = np.fromiter((index[v] for v in gt[labelled]), dtype=np.int64, count=int(labelled.sum()))
    ans = ~np.isnan(table.p[labelled])
    out: dict[str, dict[str, Any]] = {}
    for m, name in enumerate(table.models):
        counts = np.bincount(codes[ans[:, m]], minlength=len(labels))
        n = int(counts.sum())
        if n == 0:
            out[name] = {"accuracy": None, "label": None, "n_items": 0}
            continue
        best = int(np.argmax(counts))  # first maximum = the label sorting first
        out[name] = {"accuracy": float(counts[best] / n), "label": str(labels[best]), "n_items": n}
    return out


# ---------------------------------------------------------------- bootstrap


BOOT_METRICS = ("accuracy", "scr", "mean_ig", "cir")


def _boot_weights(rng: np.random.Generator, n_th: int, b: int) -> np.ndarray:
    """(b x T) multiplicities of a with-replacement resample of the T theorems."""
    draws = rng.integers(0, n_th, size=(b, n_th))
    offs = (np.arange(b, dtype=np.int64) * n_th)[:, None]
    return np.bincount((draws + offs).ravel(), minlength=b * n_th).reshape(b, n_th).astype(np.float32)


def bootstrap_samples(
    ts: TheoremStats, n_boot: int = 1000, seed: int = 0, chunk: int = 64
) -> dict[str, np.ndarray]:
    """Bootstrap replicates (n_boot x M) of accuracy, SCR, Mean-IG and CIR, resampling theorems."""
    T, M = ts.n_items.shape
    rng = np.random.default_rng(seed)
    has = ts.has.astype(np.float64)
    cols = {
        "acc_num": ts.sum_p,
        "acc_den": ts.n_items,
        "scr_num": ts.consistent.astype(np.float64),
        "has": has,
        "ig": np.where(ts.has, ts.ig, 0.0),
        "cir_num": ts.cir_num.astype(np.float64),
        "cir_den": ts.cir_den.astype(np.float64),
    }
    # float32 GEMM: ~10x faster than float64 here; integer counts stay exact below 2^24 and the
    # fractional sums (p, IG) carry ~1e-7 relative error - far below any CI width.
    stacked = np.concatenate([cols[k] for k in cols], axis=1).astype(np.float32)  # T x (7M)
    stacked_t = np.ascontiguousarray(stacked.T)
    out = {k: np.empty((n_boot, M)) for k in BOOT_METRICS}
    if T == 0:
        for k in out:
            out[k].fill(np.nan)
        return out
    done = 0
    with _one_blas_thread():
        while done < n_boot:
            b = min(chunk, n_boot - done)
            W = _boot_weights(rng, T, b)
            # (X^T W^T)^T: the same product, but OpenBLAS runs it far better than W @ X for
            # a short-and-wide W (10-30x faster measured on a loaded 2-core machine)
            agg = (stacked_t @ W.T).T.astype(np.float64).reshape(b, len(cols), M)
            an, ad, sn, h, ig, cn, cd = (agg[:, i, :] for i in range(len(cols)))
            with np.errstate(invalid="ignore", divide="ignore"):
                out["accuracy"][done : done + b] = np.where(ad > 0, an / ad, np.nan)
                out["scr"][done : done + b] = np.where(h > 0, sn / h, np.nan)
                out["mean_ig"][done : done + b] = np.where(h > 0, ig / h, np.nan)
                out["cir"][done : done + b] = np.where(cd > 0, cn / cd, np.nan)
            done += b
    return out


def _one_blas_thread() -> Any:
    """BLAS limited to one thread: OpenBLAS splits a float32 product differently with 1
    and with 2+ threads, and the fractional sums (p, IG) then round differently - the
    same seed gave other CI digits on a 1-core machine than on a 2-core one.  One thread
    is also faster here: the products are small, and a second thread spinning for work
    on 2 shared cores cost 0.13 s instead of 0.02 s at 10^5 responses."""
    from threadpoolctl import threadpool_limits

    return threadpool_limits(1, user_api="blas")


def percentile_ci(samples: np.ndarray, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    a = (1 - level) / 2
    if not np.isnan(samples).any():  # nanquantile = quantile column by column: one vectorised call
        lo, hi = np.quantile(samples, [a, 1 - a], axis=0)
        return lo, hi
    with np.errstate(invalid="ignore"), _quiet():
        lo = np.nanquantile(samples, a, axis=0)
        hi = np.nanquantile(samples, 1 - a, axis=0)
    return lo, hi


class _quiet:
    def __enter__(self) -> None:
        import warnings

        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore", RuntimeWarning)

    def __exit__(self, *a: object) -> None:
        self._w.__exit__(*a)


def bootstrap(
    table: ResponseTable,
    *,
    exclude: np.ndarray | None = None,
    n_boot: int = 1000,
    seed: int = 0,
    level: float = 0.95,
    ts: TheoremStats | None = None,
) -> tuple[dict[str, dict[str, Any]], dict[str, np.ndarray]]:
    """Per-model percentile CIs ``{model: {metric: [lo, hi]}}`` plus the raw replicates."""
    ts = ts if ts is not None else theorem_stats(table, exclude)
    reps = bootstrap_samples(ts, n_boot=n_boot, seed=seed)
    cis: dict[str, dict[str, Any]] = {m: {} for m in table.models}
    for k, arr in reps.items():
        lo, hi = percentile_ci(arr, level)
        for j, m in enumerate(table.models):
            cis[m][k] = [_f(lo[j]), _f(hi[j])]
    for m in table.models:
        cis[m]["level"] = level
        cis[m]["n_boot"] = n_boot
    return cis, reps


# ---------------------------------------------------------------- correlations


def pearson_fisher(x: np.ndarray, y: np.ndarray, level: float = 0.95) -> dict[str, Any]:
    """Pearson r with a Fisher-z CI (needs n >= 4 for the CI) and its two-sided p-value."""
    ok = np.isfinite(x) & np.isfinite(y)
    x, y = x[ok], y[ok]
    n = int(x.size)
    if n < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return {"r": None, "ci": [None, None], "p": None, "n_models": n}
    r = float(np.corrcoef(x, y)[0, 1])
    p = float(pearson_pvalue(x, y))
    if n >= 4 and abs(r) < 1:
        z = math.atanh(r)
        h = norm_ppf(1 - (1 - level) / 2) / math.sqrt(n - 3)
        ci = [math.tanh(z - h), math.tanh(z + h)]
    else:
        ci = [None, None]
    return {"r": r, "ci": [_f(c) for c in ci], "p": _f(p), "n_models": n}


def _rowwise_corr(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pearson r per row of two (R x M) arrays (NaN-free rows only)."""
    a = a - a.mean(axis=1, keepdims=True)
    b = b - b.mean(axis=1, keepdims=True)
    den = np.sqrt((a**2).sum(axis=1) * (b**2).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return (a * b).sum(axis=1) / den


def null_theorem_count(table: ResponseTable, n_perm: int, cell_budget: int = 50_000_000) -> int:
    """Theorems the permutation null uses: all of them unless ``n_perm`` full shuffles of
    the (items x models) table would exceed ``cell_budget`` sampled cells; then a random
    subset of theorems (at least 200) sized to the budget."""
    cells = max(1, table.n_items * table.n_models)
    if n_perm * cells <= cell_budget:
        return table.n_theorems
    return min(table.n_theorems, max(200, int(table.n_theorems * cell_budget / (n_perm * cells))))


def permutation_null_mean_ig(
    table: ResponseTable, n_perm: int = 200, seed: int = 0, cell_budget: int = 50_000_000
) -> np.ndarray:
    """(n_perm x M) Mean-IG after shuffling each model's item outcomes over its answered items.

    Accuracy is unchanged by the shuffle; only the theorem structure is destroyed, so any
    accuracy-vs-Mean-IG correlation left is the algebraic one from IG = sqrt(p(1-p)).
    On large tables (see :func:`null_theorem_count`) the null Mean-IG is estimated on a
    random subset of theorems whose items receive a uniform sample *without replacement*
    of the model's outcomes - exactly the restriction of a full shuffle to that subset
    (drawn by :func:`subset_draws`, model by model, all permutations at once).
    """
    rng = np.random.default_rng(seed)
    n_sub = null_theorem_count(table, n_perm, cell_budget)
    ans = ~np.isnan(table.p)
    p0 = np.where(ans, table.p, 0.0)
    out = np.empty((n_perm, table.n_models))
    n_models = table.n_models

    def mean_ig(sums: np.ndarray, n_items: np.ndarray, has: np.ndarray, n_th: np.ndarray) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            pbar = np.where(has, sums / np.maximum(n_items, 1), 0.0)
        ig = np.sqrt(np.clip(pbar * (1 - pbar), 0, None))
        return np.where(n_th > 0, ig.sum(axis=0) / np.maximum(n_th, 1), np.nan)

    if n_sub >= table.n_theorems:
        S = class_matrix(table)
        n_items = np.asarray(S @ ans)
        has = n_items > 0
        n_th = has.sum(axis=0)
        full = ans.all()
        idx = [np.flatnonzero(ans[:, m]) for m in range(n_models)]
        perm = np.empty_like(p0)
        # model-major copy: permuting its rows draws exactly what permuting p0's columns
        # draws (the same shuffles in the same order), with contiguous swaps
        p0_t = np.ascontiguousarray(p0.T) if full else p0
        perm_t = np.empty_like(p0_t)
        for r in range(n_perm):
            if full:
                rng.permuted(p0_t, axis=1, out=perm_t)
                perm = perm_t.T
            else:
                perm.fill(0.0)
                for m in range(n_models):
                    perm[idx[m], m] = rng.permutation(p0[idx[m], m])
            out[r] = mean_ig(S @ perm, n_items, has, n_th)
        return out
    chosen = np.sort(rng.choice(table.n_theorems, n_sub, replace=False))
    pos = np.full(table.n_theorems, -1, dtype=np.int64)
    pos[chosen] = np.arange(n_sub)
    sub_items = np.flatnonzero(pos[table.theorem_codes] >= 0)
    groups = pos[table.theorem_codes[sub_items]]
    S = GroupSum(groups, n_sub)
    a_sub = ans[sub_items]
    n_items = np.asarray(S @ a_sub)
    has = n_items > 0
    n_th = has.sum(axis=0)
    p0_t, ans_t = np.ascontiguousarray(p0.T), np.ascontiguousarray(ans.T)  # one pass, not one per model
    pools = [p0_t[m][ans_t[m]] for m in range(n_models)]
    del p0_t, ans_t
    for m in range(n_models):
        # the model's answered subset items, grouped by theorem (item order inside a group):
        # a uniformly shuffled sample laid over them in this order is laid uniformly
        g_m = groups[a_sub[:, m]]
        g_m = g_m[np.argsort(g_m, kind="stable")]
        vals = subset_draws(rng, pools[m], g_m.size, n_perm)  # (n_perm, k): one row per permutation
        sums = np.zeros((n_perm, n_sub))
        if g_m.size:
            sums[:, np.unique(g_m)] = _run_sums(vals, g_m)
        out[:, m] = mean_ig(np.ascontiguousarray(sums.T), n_items[:, m : m + 1], has[:, m : m + 1], n_th[m : m + 1])
    return out


def _run_sums(vals: np.ndarray, g: np.ndarray) -> np.ndarray:
    """Sums of the columns of ``vals`` over the runs of equal values of ``g`` (sorted),
    added one column after the other, ((a + b) + c) + ..., as ``np.bincount`` adds
    (``np.add.reduceat`` would add a + (b + c + ...), another rounding)."""
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    sizes = np.diff(np.r_[starts, g.size])
    if (sizes == sizes[0]).all():  # every theorem with the same number of items: strided adds
        runs = vals.reshape(vals.shape[0], starts.size, int(sizes[0]))
        acc = runs[:, :, 0].copy()
        for j in range(1, int(sizes[0])):
            acc += runs[:, :, j]
        return acc
    vt = np.ascontiguousarray(vals.T)  # row gathers, not column gathers
    acc_t = vt[starts]
    for j in range(1, int(sizes.max())):
        sel = np.flatnonzero(sizes > j)
        acc_t[sel] += vt[starts[sel] + j]
    return acc_t.T


def _value_counts(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(x, return_counts=True)``, without sorting when ``x`` is 0/1."""
    n0, n1 = int(np.count_nonzero(x == 0.0)), int(np.count_nonzero(x == 1.0))
    if n0 + n1 != x.size:
        return np.unique(x, return_counts=True)
    keep = [v for v, c in ((0.0, n0), (1.0, n1)) if c]
    return np.asarray(keep, dtype=np.float64), np.asarray([c for c in (n0, n1) if c], dtype=np.int64)


#: values per block of :func:`subset_draws` (fixed: the draws never depend on the machine)
_DRAW_BLOCK = 1 << 21


def subset_draws(rng: np.random.Generator, pool: np.ndarray, k: int, n_rows: int) -> np.ndarray:
    """``n_rows`` independent uniform samples of ``k`` values drawn *without replacement*
    from ``pool``, each in uniformly random order, as an (n_rows x k) array: the
    distribution of ``rng.choice(pool, k, replace=False)`` called ``n_rows`` times.

    A sample without replacement is determined by how many copies of each distinct value
    it takes - a multivariate hypergeometric draw over the pool's value counts (a 0/1
    pool: one hypergeometric draw) - and its order by a uniform shuffle of those copies.
    That is ``k`` bounded draws per row, where ``choice`` over a large pool touches the
    whole pool per call.  The stream is consumed in a fixed order (all the counts, then
    the rows' shuffles in row order), so a seed gives the same samples on any machine."""
    out = np.zeros((n_rows, k))
    if k == 0 or n_rows == 0:
        return out
    values, counts = _value_counts(pool)
    drawn = rng.multivariate_hypergeometric(counts, k, size=n_rows, method="marginals")  # (n_rows, V)
    # row r: values[0] drawn[r, 0] times, values[1] drawn[r, 1] times, ... (then shuffled)
    ends = np.cumsum(drawn, axis=1).tolist()
    for r in range(n_rows):
        lo = 0
        for v, hi in zip(values.tolist(), ends[r], strict=True):
            if hi > lo:
                out[r, lo:hi] = v
            lo = hi
    step = max(1, _DRAW_BLOCK // k)
    for r0 in range(0, n_rows, step):
        rng.permuted(out[r0 : r0 + step], axis=1, out=out[r0 : r0 + step])
    return out


def null_share(r_obs: float | None, r_null: float | None) -> tuple[float | None, str]:
    """The share of an observed correlation ``r_obs`` that a structure-free null
    correlation ``r_null`` reproduces, in [0, 1], with a one-line reading.

    * same sign, ``|r_null| <= |r_obs|``: ``r_null / r_obs`` (e.g. 0.6 = the algebra of
      IG alone gives 60 % of the observed r; the rest comes from theorem structure);
    * same sign, ``|r_null| > |r_obs|``: 1 - the null alone is *stronger* than what was
      observed, so all of it is explained and theorem structure weakens the correlation
      (reported as such: a ratio above 1 is not a share);
    * opposite signs, or ``r_null == 0``: 0 - none of the observed correlation comes
      from the null's mechanism;
    * ``r_obs`` zero or undefined: ``None`` - there is no correlation to explain.

    The two correlations themselves are always reported beside the share.
    """
    if r_obs is None or r_null is None or not math.isfinite(r_obs) or not math.isfinite(r_null):
        return None, "undefined: a correlation is missing"
    if r_obs == 0:
        return None, "the observed correlation is 0: nothing to explain"
    if r_null == 0 or (r_null > 0) != (r_obs > 0):
        return 0.0, "the null correlation is 0 or of the opposite sign: it explains none of the observed one"
    if abs(r_null) > abs(r_obs):
        return 1.0, (
            "the null alone is stronger than the observed correlation: all of it is explained, "
            "and theorem structure weakens it"
        )
    return r_null / r_obs, "share of the observed correlation that the null reproduces"


def correlations(
    table: ResponseTable,
    summary: dict[str, np.ndarray],
    reps: dict[str, np.ndarray] | None = None,
    *,
    n_perm: int = 200,
    seed: int = 0,
    level: float = 0.95,
    perm_cell_budget: int = 50_000_000,
) -> dict[str, Any]:
    """Across-model correlations: accuracy vs Mean-IG (with permutation null) and vs SCR.

    ``permutation_null`` holds the observed r and the mean null r side by side (the null is
    the correlation the algebra of IG = sqrt(p(1-p)) produces once theorem structure is
    shuffled away), their difference ``r_excess`` (observed - null: what the structure
    adds) and ``share_explained`` = :func:`null_share` (a share in [0, 1], or null when
    there is no correlation to explain).  On large tables the null runs on a theorem
    subset (see :func:`null_theorem_count`).
    """
    acc = summary["accuracy"]
    out: dict[str, Any] = {}
    for name, other in (("accuracy_vs_mean_ig", summary["mean_ig"]), ("accuracy_vs_scr", summary["scr"])):
        res = pearson_fisher(acc, other, level)
        key = "mean_ig" if name.endswith("mean_ig") else "scr"
        if reps is not None and res["r"] is not None:
            ok = np.isfinite(reps["accuracy"]).all(axis=1) & np.isfinite(reps[key]).all(axis=1)
            rb = _rowwise_corr(reps["accuracy"][ok], reps[key][ok])
            rb = rb[np.isfinite(rb)]
            if rb.size:
                a = (1 - level) / 2
                res["ci_bootstrap"] = [float(np.quantile(rb, a)), float(np.quantile(rb, 1 - a))]
        out[name] = res
    r_obs = out["accuracy_vs_mean_ig"]["r"]
    n_perm_used = n_perm
    if r_obs is not None and n_perm_used > 0:
        null_ig = permutation_null_mean_ig(table, n_perm=n_perm_used, seed=seed, cell_budget=perm_cell_budget)
        ok = np.isfinite(acc)
        r_null = _rowwise_corr(np.broadcast_to(acc[ok], (n_perm_used, int(ok.sum()))), null_ig[:, ok])
        r_null = r_null[np.isfinite(r_null)]
        if r_null.size:
            a = (1 - level) / 2
            mean_null = float(np.mean(r_null))
            share, reading = null_share(r_obs, mean_null)
            out["accuracy_vs_mean_ig"]["permutation_null"] = {
                "n_perm": n_perm_used,
                "n_theorems_used": null_theorem_count(table, n_perm_used, perm_cell_budget),
                "r_observed": r_obs,
                "r_mean": mean_null,
                "r_ci": [float(np.quantile(r_null, a)), float(np.quantile(r_null, 1 - a))],
                "r_excess": r_obs - mean_null,
                "share_explained": _f(share),
                "reading": reading,
                "p_value": float((1 + np.sum(np.abs(r_null) >= abs(r_obs))) / (1 + r_null.size)),
            }
    # FormInv's own pairing: its `mean_accuracy` is the mean over theorems of the class mean
    out["theorem_accuracy_vs_mean_ig"] = pearson_fisher(
        summary["theorem_accuracy"], summary["mean_ig"], level
    )
    return out


__all__ = [
    "TestResult",
    "bonferroni",
    "bootstrap",
    "bootstrap_samples",
    "cochran_per_model",
    "cochrans_q",
    "correlations",
    "form_matrix",
    "majority_baseline",
    "mcnemar",
    "mcnemar_per_family",
    "null_share",
    "pearson_fisher",
    "permutation_null_mean_ig",
    "subset_draws",
    "rank_stability",
]
