"""Family weights: the No-Free-Benchmark solver and the regime selector.

**No-Free-Benchmark.**  Given a target ranking of models (best first), find weights
lambda on the simplex over paraphrase families under which the weighted failure rate
``sum_f lambda_f * fail[m, f]`` realises that ranking *strictly*.  A linear programme
(scipy ``linprog``/HiGHS) maximises the smallest gap ``delta`` between consecutive models:

    max delta  s.t.  sum_f lambda_f (fail[a,f] - fail[b,f]) + delta <= 0   (a ranked above b)
                     sum_f lambda_f = 1,  lambda >= 0.

The ranking is realisable iff ``delta* > 0``.  Otherwise an irreducible infeasible subset of
the ordering constraints is found by a deletion filter and reported - usually the
conflicting *pair* (e.g. "A above B" needs weight on families where A beats B, "B above C"
on families where B beats C, and no mix does both), or a single constraint that no weights
can satisfy (A fails at least as often as B in every family).

**Selector.**  Rank models by expected failure under regime weights over families, with
bootstrap CIs (resampling theorems).  A family the regime weighs but the model was never
asked is an explicit gap: that model gets no number (never one borrowed from another unit).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy import sparse
from scipy.optimize import linprog

from certibench.metrics.families_map import KNOWN_FAMILIES, family_name
from certibench.metrics.invariance import _f, family_failure_matrix
from certibench.metrics.stats import _boot_weights, _one_blas_thread, percentile_ci
from certibench.metrics.table import ResponseTable

TOL = 1e-9


def _max_margin(diff: np.ndarray) -> tuple[float, np.ndarray | None]:
    """Solve the LP for constraint rows ``diff`` (C x F); return (delta*, lambda)."""
    c_count, n_f = diff.shape
    cost = np.zeros(n_f + 1)
    cost[-1] = -1.0
    a_ub = np.hstack([diff, np.ones((c_count, 1))]) if c_count else None
    b_ub = np.zeros(c_count) if c_count else None
    a_eq = np.hstack([np.ones((1, n_f)), np.zeros((1, 1))])
    bounds = [(0.0, 1.0)] * n_f + [(-2.0, 2.0)]
    res = linprog(cost, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if res.status != 0:  # pragma: no cover - the LP is always feasible (delta can go to -2)
        return -np.inf, None
    return float(-res.fun), np.asarray(res.x[:n_f])


def solve_weights(table: ResponseTable, target: list[str]) -> dict[str, Any]:
    """No-Free-Benchmark LP for ``target`` (model names, best first)."""
    unknown = [m for m in target if m not in table.models]
    if unknown:
        raise ValueError(
            f"unknown model(s) in target: {', '.join(unknown)} (known: {', '.join(table.models)})"
        )
    if len(set(target)) != len(target):
        raise ValueError("target ranking lists a model twice")
    if len(target) < 2:
        raise ValueError("target ranking needs at least two models")
    fams, fail, n = family_failure_matrix(table)
    midx = [table.models.index(m) for m in target]
    covered = [k for k in range(len(fams)) if all(n[k, j] > 0 for j in midx)]
    excluded = [fams[k] for k in range(len(fams)) if k not in covered]
    use = [fams[k] for k in covered]
    if not use:
        return {
            "feasible": False,
            "target": target,
            "families": [],
            "excluded_families": excluded,
            "weights": None,
            "margin": None,
            "conflict": None,
            "reason": "no paraphrase family was answered by every target model",
        }
    R = fail[np.ix_(covered, midx)].T  # (n_target x F)
    pairs = [(target[i], target[i + 1]) for i in range(len(target) - 1)]
    diff = np.vstack([R[i] - R[i + 1] for i in range(len(target) - 1)])
    delta, lam = _max_margin(diff)
    out: dict[str, Any] = {
        "target": target,
        "families": use,
        "excluded_families": excluded,
        "failure_rates": {m: {f: _f(R[i, k]) for k, f in enumerate(use)} for i, m in enumerate(target)},
    }
    if delta > TOL and lam is not None:
        wf = lam @ R.T
        out.update(
            feasible=True,
            weights={f: float(round(lam[k], 12)) for k, f in enumerate(use)},
            margin=delta,
            weighted_failure={m: float(wf[i]) for i, m in enumerate(target)},
            conflict=None,
        )
        return out
    # infeasible: deletion filter -> irreducible infeasible subset of ordering constraints
    keep = list(range(len(pairs)))
    for c in list(keep):
        trial = [x for x in keep if x != c]
        if trial and _max_margin(diff[trial])[0] <= TOL:
            keep = trial
    conflict = []
    for c in keep:
        a, b = pairs[c]
        favour = [use[k] for k in range(len(use)) if diff[c, k] < 0]
        conflict.append({"above": a, "below": b, "families_where_above_fails_less": favour})
    if len(keep) == 1:
        a, b = pairs[keep[0]]
        reason = f"{a} cannot rank above {b} under any weights: it fails at least as often in every family"
    else:
        desc = "; ".join(
            f"{c['above']} > {c['below']} needs weight on {c['families_where_above_fails_less'] or 'nothing'}"
            for c in conflict
        )
        reason = f"these {len(keep)} ordering constraints cannot hold together: {desc}"
    out.update(
        feasible=False,
        weights=None,
        margin=delta if np.isfinite(delta) else None,
        weighted_failure=None,
        conflict=conflict,
        reason=reason,
    )
    if delta > -TOL and lam is not None:
        out["ties_only"] = True
        out["reason"] += " (only realisable with ties, margin 0)"
    return out


def normalise_regime(regime: dict[str, float]) -> dict[str, float]:
    """Map family ids to names, drop zero weights, check non-negativity; normalise to sum 1."""
    w: dict[str, float] = {}
    for k, v in regime.items():
        if v < 0 or not np.isfinite(v):
            raise ValueError(f"regime weight for {k!r} must be a non-negative number, got {v}")
        if v > 0:
            name = family_name(k)
            w[name] = w.get(name, 0.0) + float(v)
    total = sum(w.values())
    if total <= 0:
        raise ValueError("regime weights sum to zero")
    return {k: v / total for k, v in w.items()}


def _theorem_family_sums(table: ResponseTable, fams: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(T x F x M) sums of p and answered counts per theorem and family."""
    F, T = len(fams), table.n_theorems
    pos = np.full(len(table.families), -1, dtype=np.int64)
    for k, f in enumerate(fams):
        if f in table.families:
            pos[table.families.index(f)] = k
    fp = pos[table.family_codes]
    sel = np.flatnonzero(fp >= 0)
    rows = table.theorem_codes[sel] * F + fp[sel]
    A = sparse.csr_matrix((np.ones(sel.size), (rows, sel)), shape=(T * F, table.n_items))
    ans = ~np.isnan(table.p)
    s = np.asarray(A @ np.where(ans, table.p, 0.0)).reshape(T, F, table.n_models)
    n = np.asarray(A @ ans.astype(np.float64)).reshape(T, F, table.n_models)
    return s, n


def select(
    table: ResponseTable, regime: dict[str, float], *, n_boot: int = 1000, seed: int = 0, level: float = 0.95
) -> dict[str, Any]:
    """Rank models by expected failure ``sum_f w_f fail[m, f]`` with bootstrap CIs."""
    w = normalise_regime(regime)
    fams = sorted(w)
    unknown = [f for f in fams if f not in table.families and f not in KNOWN_FAMILIES]
    if unknown:
        # a known family missing from the data is an explicit gap; a name that is neither an
        # F1–F8 family nor present in the items is a typo in the regime
        raise ValueError(f"unknown family {unknown[0]!r} in the regime (present: {', '.join(sorted(table.families))})")
    wv = np.asarray([w[f] for f in fams])
    s, n = _theorem_family_sums(table, fams)
    tot_s, tot_n = s.sum(axis=0), n.sum(axis=0)  # F x M
    gaps = {m: [fams[k] for k in range(len(fams)) if tot_n[k, j] == 0] for j, m in enumerate(table.models)}
    with np.errstate(invalid="ignore", divide="ignore"):
        fail = 1.0 - tot_s / tot_n
    ef = np.where(tot_n.min(axis=0) > 0, wv @ np.nan_to_num(fail), np.nan)
    lo = hi = np.full(table.n_models, np.nan)
    p_best = np.zeros(table.n_models)
    if n_boot > 0 and table.n_theorems > 0:
        rng = np.random.default_rng(seed)
        reps = []
        done = 0
        T = table.n_theorems
        sf = np.ascontiguousarray(s.reshape(T, -1).astype(np.float32).T)  # float32, transposed GEMM
        nf = np.ascontiguousarray(n.reshape(T, -1).astype(np.float32).T)  # (see stats.bootstrap_samples)
        with _one_blas_thread():  # the same digits on any core count (see stats.bootstrap_samples)
            while done < n_boot:
                b = min(64, n_boot - done)
                W = _boot_weights(rng, T, b)
                bs = (sf @ W.T).T.astype(np.float64).reshape(b, len(fams), table.n_models)
                bn = (nf @ W.T).T.astype(np.float64).reshape(b, len(fams), table.n_models)
                with np.errstate(invalid="ignore", divide="ignore"):
                    bf = 1.0 - bs / bn
                reps.append(np.einsum("f,bfm->bm", wv, bf))  # NaN where a resample lost a family
                done += b
        R = np.vstack(reps)
        R[:, ~np.isfinite(ef)] = np.nan
        lo, hi = percentile_ci(R, level)
        okrow = np.isfinite(R[:, np.isfinite(ef)]).all(axis=1) if np.isfinite(ef).any() else np.zeros(0, bool)
        if okrow.any():
            sub = np.where(np.isfinite(ef), R, np.inf)[okrow]
            best = np.argmin(sub, axis=1)
            p_best = np.bincount(best, minlength=table.n_models) / okrow.sum()
    rows = []
    for j, m in enumerate(table.models):
        rows.append(
            {
                "model": m,
                "expected_failure": _f(ef[j]),
                "ci": [_f(lo[j]), _f(hi[j])],
                "p_best": _f(p_best[j]) if np.isfinite(ef[j]) else None,
                "gaps": gaps[m],
                "family_failure_rates": {f: _f(fail[k, j]) for k, f in enumerate(fams) if tot_n[k, j] > 0},
            }
        )
    rows.sort(key=lambda r: (r["expected_failure"] is None, r["expected_failure"] or 0.0, r["model"]))
    rank = 0
    for pos, r in enumerate(rows, start=1):
        if r["expected_failure"] is not None:
            rank = pos
            r["rank"] = rank
        else:
            r["rank"] = None
    absent = [f for f in fams if f not in table.families]
    return {
        "regime": w,
        "families_absent_from_data": absent,
        "ranking": rows,
        "n_boot": n_boot,
        "level": level,
    }


__all__ = ["normalise_regime", "select", "solve_weights"]
