"""certibench.metrics.pvalues (the report's scipy-free statistics) against scipy itself:
statistics exactly, tail probabilities to ~1e-13 relative (1e-10 for huge binomials)."""

from __future__ import annotations

import math
import subprocess
import sys
import warnings

import numpy as np
import pytest
import scipy.sparse as sparse
import scipy.special as special
import scipy.stats as sst
from hypothesis import given, settings
from hypothesis import strategies as st

from certibench.metrics import pvalues as pv
from certibench.metrics.invariance import GroupSum


def close(ours: float, ref: float, rel: float) -> bool:
    if math.isnan(ref):
        return math.isnan(ours)
    if abs(ref) < 1e-250:  # scipy and we underflow at slightly different places
        return abs(ours) < 1e-240
    return ours == pytest.approx(ref, rel=rel)


@settings(max_examples=300, deadline=None)
@given(st.floats(0, 2000, allow_nan=False), st.integers(1, 40))
def test_chi2_sf(x: float, df: int) -> None:
    ref = float(sst.chi2.sf(x, df))
    assert close(pv.chi2_sf(x, df), ref, 1e-12), (x, df, pv.chi2_sf(x, df), ref)


def test_chi2_sf_edges() -> None:
    assert pv.chi2_sf(0.0, 3) == 1.0 and pv.chi2_sf(math.inf, 3) == 0.0 and math.isnan(pv.chi2_sf(math.nan, 2))
    assert pv.chi2_sf(5000.0, 2) == float(sst.chi2.sf(5000.0, 2)) == 0.0
    with pytest.raises(ValueError):
        pv.chi2_sf(1.0, 0)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 1200), st.data())
def test_binom_cdf_half(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(-1, n + 1))
    ref = float(sst.binom.cdf(k, n, 0.5))
    assert close(pv.binom_cdf(k, n, 0.5), ref, 1e-12), (k, n)


@pytest.mark.parametrize("n", [1001, 2500, 20_000, 100_000])
def test_binom_cdf_large_n_sums_saddle_point_terms(n: int) -> None:
    for k in (0, 3, n // 10, n // 2 - 50, n // 2, n // 2 + 7, n - 1):
        ref = float(sst.binom.cdf(k, n, 0.5))
        if ref > 1e-300:
            assert close(pv.binom_cdf(k, n, 0.5), ref, 1e-11), (k, n)


@settings(max_examples=300, deadline=None)
@given(st.floats(0.05, 3000), st.floats(0.05, 3000), st.floats(0, 1))
def test_betainc(a: float, b: float, x: float) -> None:
    ref = float(special.betainc(a, b, x))
    if ref > 1e-290:
        assert close(pv.betainc(a, b, x), ref, 1e-9), (a, b, x)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 60), st.integers(0, 10_000), st.booleans(), st.booleans())
def test_kendalltau_equals_scipy(n: int, seed: int, xties: bool, yties: bool) -> None:
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 4, n).astype(float) if xties else rng.random(n)
    y = rng.integers(0, 4, n).astype(float) if yties else rng.random(n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = sst.kendalltau(x, y)
    tau, p = pv.kendalltau(x, y)
    if math.isnan(ref.statistic):
        assert math.isnan(tau) and math.isnan(p)
        return
    assert tau == ref.statistic  # same integer counts, same float operations
    assert close(p, float(ref.pvalue), 1e-12)


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 80), st.integers(0, 10_000))
def test_pearson_pvalue_equals_scipy(n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.random(n)
    y = 0.3 * x + rng.random(n) * rng.uniform(0.01, 2)
    assert close(pv.pearson_pvalue(x, y), float(sst.pearsonr(x, y).pvalue), 1e-10)


def test_norm_functions() -> None:
    for q in (0.5, 0.9, 0.95, 0.975, 0.995, 1e-10):
        assert pv.norm_ppf(q) == pytest.approx(float(sst.norm.ppf(q)), rel=1e-15)
    for z in (-40.0, -8.0, -1.0, -0.3, 0.0, 0.3, 1.0, 8.0):
        assert pv.ndtr(z) == pytest.approx(float(special.ndtr(z)), rel=1e-14)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 30), st.integers(1, 200), st.integers(1, 6), st.integers(0, 10_000))
def test_group_sum_is_the_sparse_product_bit_for_bit(n_groups: int, n_items: int, m: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    groups = rng.integers(-1, n_groups, n_items)
    x = rng.random((n_items, m)) / 3
    keep = groups >= 0
    s = sparse.csr_matrix(
        (np.ones(int(keep.sum())), (groups[keep], np.flatnonzero(keep))), shape=(n_groups, n_items)
    )
    assert np.array_equal(GroupSum(groups, n_groups) @ x, np.asarray(s @ x))
    assert np.array_equal(GroupSum(groups, n_groups) @ x[:, 0], np.asarray(s @ x[:, 0]))


def test_the_report_path_imports_neither_scipy_nor_pandas() -> None:
    """`certibench report` (JSON/terminal output) runs on numpy + pyarrow alone."""
    code = (
        "import sys\n"
        "import certibench.cli.main\n"
        "from certibench.report.json_report import report_from_table\n"
        "from certibench.metrics.table import load_table, read_responses\n"
        "from certibench.metrics import audit, invariance, stats, reader\n"
        "heavy = sorted(m for m in ('scipy', 'pandas', 'matplotlib', 'networkx', 'openai', 'sympy', 'z3') if m in sys.modules)\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def _null_as_it_was(table, n_perm: int, seed: int, cell_budget: int) -> np.ndarray:  # type: ignore[no-untyped-def]
    """The permutation null written plainly (boolean-mask column writes, one S @ X per
    permutation, one shuffle call per permutation and model): the vectorised code must
    draw and add exactly the same numbers."""
    from certibench.metrics.invariance import class_matrix
    from certibench.metrics.stats import null_theorem_count

    rng = np.random.default_rng(seed)
    n_sub = null_theorem_count(table, n_perm, cell_budget)
    ans = ~np.isnan(table.p)
    p0 = np.where(ans, table.p, 0.0)
    out = np.empty((n_perm, table.n_models))

    def ig_mean(sums: np.ndarray, n_items: np.ndarray) -> np.ndarray:
        has = n_items > 0
        n_th = has.sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            pbar = np.where(has, sums / np.maximum(n_items, 1), 0.0)
        ig = np.sqrt(np.clip(pbar * (1 - pbar), 0, None))
        return np.where(n_th > 0, ig.sum(axis=0) / np.maximum(n_th, 1), np.nan)

    if n_sub >= table.n_theorems:
        S = class_matrix(table)
        n_items = S @ ans.astype(np.float64)
        for r in range(n_perm):
            if ans.all():
                perm = rng.permuted(p0, axis=0)
            else:
                perm = np.zeros_like(p0)
                for m in range(table.n_models):
                    idx = np.flatnonzero(ans[:, m])
                    perm[idx, m] = rng.permutation(p0[idx, m])
            out[r] = ig_mean(S @ perm, n_items)
        return out
    chosen = np.sort(rng.choice(table.n_theorems, n_sub, replace=False))
    pos = np.full(table.n_theorems, -1, dtype=np.int64)
    pos[chosen] = np.arange(n_sub)
    sub_items = np.flatnonzero(pos[table.theorem_codes] >= 0)
    S = GroupSum(pos[table.theorem_codes[sub_items]], n_sub)
    a_sub = ans[sub_items]
    n_items = S @ a_sub.astype(np.float64)
    pools = [p0[ans[:, m], m] for m in range(table.n_models)]
    groups = pos[table.theorem_codes[sub_items]]
    for m in range(table.n_models):
        # the subset sampler (since the 1e7 work): per model, the value counts of every
        # permutation's sample without replacement, then each permutation's shuffle in
        # turn, laid over the answered subset items grouped by theorem
        rows_m = np.flatnonzero(a_sub[:, m])
        rows_m = rows_m[np.argsort(groups[rows_m], kind="stable")]
        values, counts = np.unique(pools[m], return_counts=True)
        drawn = None
        if rows_m.size:
            drawn = rng.multivariate_hypergeometric(counts, rows_m.size, size=n_perm, method="marginals")
        for r in range(n_perm):
            vals = np.zeros(a_sub.shape)
            if drawn is not None:
                sample = np.repeat(values, drawn[r])
                rng.shuffle(sample)
                vals[rows_m, m] = sample
            out[r, m] = ig_mean(S @ vals, n_items)[m]
    return out


@pytest.mark.parametrize("samples", [1, 3])
@pytest.mark.parametrize("budget", [50_000_000, 3_000])
@pytest.mark.parametrize("gaps", [False, True])
def test_permutation_null_is_unchanged_bit_for_bit(samples: int, budget: int, gaps: bool) -> None:
    from certibench.metrics.stats import permutation_null_mean_ig
    from certibench.metrics.table import build_table
    from certibench.schema import Item

    rng = np.random.default_rng(samples * 7 + budget % 11 + gaps)
    items = [Item(id=f"t{t}_{k}", theorem_id=f"t{t}", family="canonical" if k == 0 else f"F{k}") for t in range(300) for k in range(5)]
    resp = []
    for m in range(6):
        for it in items:
            if gaps and rng.random() < 0.1:
                continue  # unanswered items: the partial branch
            for s in range(samples):
                resp.append({"item_id": it.id, "model": f"m{m}", "sample": s, "correct": bool(rng.random() < 0.3 + 0.1 * m)})
    table = build_table(items, resp)
    got = permutation_null_mean_ig(table, n_perm=30, seed=5, cell_budget=budget)
    want = _null_as_it_was(table, 30, 5, budget)
    assert np.array_equal(got, want, equal_nan=True)
