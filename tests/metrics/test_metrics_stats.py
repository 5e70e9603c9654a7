"""Statistics: Cochran's Q / McNemar equal statsmodels; Bonferroni; Kendall tau; bootstrap;
correlations with CIs and the permutation null."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
import statsmodels.stats.contingency_tables as sm_ct
import statsmodels.stats.multitest as sm_mt
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sst

from certibench.metrics.families_map import CANONICAL, KNOWN_FAMILIES
from certibench.metrics.invariance import (
    invariance_metrics,
    per_theorem_loop,
    summary_arrays,
    theorem_stats,
)
from certibench.metrics.stats import (
    _boot_weights,
    bonferroni,
    bootstrap,
    bootstrap_samples,
    cochran_per_model,
    cochrans_q,
    correlations,
    form_matrix,
    mcnemar,
    mcnemar_per_family,
    pearson_fisher,
    rank_stability,
)
from certibench.metrics.table import build_table
from certibench.schema import Item
from tests._metrics_synth import forminv_items, random_responses
from tests.helpers import digests_under_blas_threads, shared_file


def _sm_cochran(x: np.ndarray):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return sm_ct.cochrans_q(x)


@pytest.fixture(scope="module")
def v3_items() -> list[Item]:
    return forminv_items(shared_file("forminv/forminv_v3_103.jsonl"))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.integers(3, 9), st.integers(0, 10_000))
def test_cochrans_q_equals_statsmodels(n: int, k: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = (rng.random((n, k)) < rng.uniform(0.2, 0.8, size=k)).astype(int)
    ours = cochrans_q(x)
    ref = _sm_cochran(x)
    if not np.isfinite(ref.statistic):
        assert not np.isfinite(ours.statistic)
        return
    assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12, abs=1e-12)
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10, abs=1e-15)
    assert ours.df == ref.df


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 30), min_size=4, max_size=4))
def test_mcnemar_equals_statsmodels(cells: list[int]) -> None:
    tab = np.array(cells).reshape(2, 2)
    for exact in (True, False):
        for corr in (True, False):
            ref = sm_ct.mcnemar(tab, exact=exact, correction=corr)
            ours = mcnemar(tab, exact=exact, correction=corr)
            if np.isfinite(ref.statistic):
                assert ours.statistic == pytest.approx(float(ref.statistic))
                assert ours.pvalue == pytest.approx(float(ref.pvalue), rel=1e-10, abs=1e-15)
            else:
                assert not np.isfinite(ours.statistic)


def test_bonferroni_equals_multipletests() -> None:
    p = [0.001, 0.02, 0.2, 0.0125, None, 0.9]
    adj, rej = bonferroni(p, alpha=0.05)
    vals = [x for x in p if x is not None]
    r_rej, r_adj, _, _ = sm_mt.multipletests(vals, alpha=0.05, method="bonferroni")
    assert [a for a in adj if a is not None] == pytest.approx(list(r_adj))
    assert [b for b in rej if b is not None] == list(r_rej)
    assert adj[4] is None and rej[4] is None


def _pivot(items: list[Item], resp: list[dict], model: str, forms: list[str]) -> np.ndarray:
    """Independent construction of the theorem x form table with pandas."""
    fam = {it.id: (it.class_id, it.family) for it in items}
    df = pd.DataFrame(
        [
            {"t": fam[r["item_id"]][0], "f": fam[r["item_id"]][1], "y": int(r["correct"])}
            for r in resp
            if r["model"] == model
        ]
    )
    pv = df.pivot_table(index="t", columns="f", values="y", aggfunc="first")
    return pv[forms].dropna().to_numpy()


def test_cochran_per_model_on_real_items_equals_statsmodels(v3_items: list[Item]) -> None:
    resp = random_responses(v3_items, {"a": 0.5, "b": 0.75, "c": 0.9}, seed=11)
    t = build_table(v3_items, resp)
    res = cochran_per_model(t)
    forms = [CANONICAL, *KNOWN_FAMILIES]
    for m in ("a", "b", "c"):
        x = _pivot(v3_items, resp, m, forms)
        assert res[m]["n_theorems"] == x.shape[0] == 5  # only 5 theorems carry all 9 forms
        ref = _sm_cochran(x)
        assert res[m]["df"] == 8
        if np.isfinite(ref.statistic):
            assert res[m]["q"] == pytest.approx(ref.statistic)
            assert res[m]["p"] == pytest.approx(ref.pvalue)
    # a core subset of forms present in every theorem -> all 103 theorems
    core = ["canonical", "syntactic", "quantifier", "notation", "unpack", "equivalent"]
    res2 = cochran_per_model(t, forms=core)
    for m in ("a", "b", "c"):
        x = _pivot(v3_items, resp, m, core)
        assert x.shape[0] == 103 and res2[m]["n_theorems"] == 103
        ref = _sm_cochran(x)
        assert res2[m]["q"] == pytest.approx(ref.statistic) and res2[m]["p"] == pytest.approx(ref.pvalue)
        assert res2[m]["p_bonferroni"] == pytest.approx(min(1.0, 3 * ref.pvalue))


def test_mcnemar_per_family_on_real_items_equals_statsmodels(v3_items: list[Item]) -> None:
    resp = random_responses(v3_items, {"a": 0.6, "b": 0.8}, seed=4)
    t = build_table(v3_items, resp)
    res = mcnemar_per_family(t)
    n_tests = sum(len(v) for v in res.values())
    assert n_tests == 2 * 8
    for m in ("a", "b"):
        for fam in ("passive", "order", "unpack"):
            x = _pivot(v3_items, resp, m, ["canonical", fam])
            c, p = x[:, 0], x[:, 1]
            tab = np.array(
                [
                    [np.sum((c == 1) & (p == 1)), np.sum((c == 1) & (p == 0))],
                    [np.sum((c == 0) & (p == 1)), np.sum((c == 0) & (p == 0))],
                ]
            )
            ref = sm_ct.mcnemar(tab, exact=True)
            assert res[m][fam]["p"] == pytest.approx(float(ref.pvalue))
            assert res[m][fam]["n_theorems"] == x.shape[0]
            assert res[m][fam]["p_bonferroni"] == pytest.approx(min(1.0, float(ref.pvalue) * n_tests))


def test_form_matrix_takes_first_item_of_a_repeated_form() -> None:
    items = [
        Item(id="c", theorem_id="T", family="canonical"),
        Item(id="s1", theorem_id="T", family="syntactic"),
        Item(id="s2", theorem_id="T", family="syntactic"),
    ]
    resp = [
        {"item_id": "c", "model": "m", "correct": True},
        {"item_id": "s1", "model": "m", "correct": False},
        {"item_id": "s2", "model": "m", "correct": True},
    ]
    t = build_table(items, resp)
    x, th = form_matrix(t, 0, ["canonical", "syntactic"])
    assert [t.theorems[i] for i in th] == ["T"] and x.tolist() == [[1.0, 0.0]]


def test_rank_stability_kendall() -> None:
    from tests._metrics_synth import family_rate_items, rate_responses

    rates = {
        "A": {"syntactic": 0.1, "order": 0.5, "unpack": 0.1},
        "B": {"syntactic": 0.2, "order": 0.4, "unpack": 0.3},
        "C": {"syntactic": 0.3, "order": 0.3, "unpack": 0.2},
        "D": {"syntactic": 0.4, "order": 0.2, "unpack": 0.4},
    }
    t = build_table(family_rate_items(10, ["syntactic", "order", "unpack"]), rate_responses(10, rates))
    rs = rank_stability(t)
    assert rs["pairs"]["syntactic|order"]["tau"] == pytest.approx(-1.0)
    tau_su = sst.kendalltau([0.1, 0.2, 0.3, 0.4], [0.1, 0.3, 0.2, 0.4]).statistic
    assert rs["pairs"]["syntactic|unpack"]["tau"] == pytest.approx(tau_su)  # one swapped pair: 4/6
    assert tau_su == pytest.approx(4 / 6)
    assert rs["reversals"][0] == "syntactic|order"
    assert rs["mean_tau"] == pytest.approx(np.mean([v["tau"] for v in rs["pairs"].values()]))


def test_bootstrap_matches_explicit_resampling_loop(v3_items: list[Item]) -> None:
    resp = random_responses(v3_items, {"a": 0.55, "b": 0.85}, seed=2)
    t = build_table(v3_items, resp)
    ts = theorem_stats(t)
    reps = bootstrap_samples(ts, n_boot=40, seed=7, chunk=16)
    # redo the same draws by hand: expand the multiplicities into an explicit theorem list
    rng = np.random.default_rng(7)
    W = np.vstack([_boot_weights(rng, t.n_theorems, b) for b in (16, 16, 8)])
    by_th: dict[str, list[str]] = {}
    for it in v3_items:
        by_th.setdefault(it.class_id, []).append(it.id)
    lookup = {(r["item_id"], r["model"]): r["correct"] for r in resp}
    for b in (0, 17, 39):
        th_ids, it_ids = [], []
        for ti, mult in enumerate(W[b].astype(int)):
            for rep in range(mult):
                for iid in by_th[t.theorems[ti]]:
                    th_ids.append(f"{t.theorems[ti]}#{rep}")
                    it_ids.append(f"{iid}#{rep}")
        ref = per_theorem_loop(
            th_ids,
            it_ids,
            {
                (f"{i}#{r}", m): lookup[(i, m)]
                for i in t.item_ids
                for m in ("a", "b")
                for r in range(int(W[b].max()))
            },
        )
        for j, m in enumerate(t.models):
            for k in ("accuracy", "scr", "mean_ig"):
                assert reps[k][b, j] == pytest.approx(ref[m][k], rel=1e-5)


def test_bootstrap_cis_bracket_and_degenerate(v3_items: list[Item]) -> None:
    resp = random_responses(v3_items, {"a": 0.6, "oracle": 1.0}, seed=8)
    t = build_table(v3_items, resp)
    cis, _ = bootstrap(t, n_boot=300, seed=0)
    point = invariance_metrics(t)
    for k in ("accuracy", "scr", "mean_ig", "cir"):
        lo, hi = cis["a"][k]
        assert lo <= point["a"][k] <= hi and lo < hi
    assert cis["oracle"]["accuracy"] == [1.0, 1.0] and cis["oracle"]["mean_ig"] == [0.0, 0.0]
    # same seed -> same numbers
    assert bootstrap(t, n_boot=300, seed=0)[0] == cis


def test_pearson_fisher_interval() -> None:
    x = np.array([0.5, 0.6, 0.7, 0.8, 0.9, 0.95])
    y = np.array([0.48, 0.47, 0.45, 0.38, 0.3, 0.2])
    res = pearson_fisher(x, y)
    r = sst.pearsonr(x, y)
    assert res["r"] == pytest.approx(r.statistic) and res["p"] == pytest.approx(r.pvalue)
    z, h = math.atanh(res["r"]), 1.959963984540054 / math.sqrt(len(x) - 3)
    assert res["ci"] == pytest.approx([math.tanh(z - h), math.tanh(z + h)])
    # scipy's own Fisher CI agrees
    assert res["ci"] == pytest.approx(list(r.confidence_interval(0.95)))
    assert pearson_fisher(x[:2], y[:2])["r"] is None


def test_permutation_null_explains_structure_free_correlation(v3_items: list[Item]) -> None:
    accs = {f"m{k}": 0.5 + 0.05 * k for k in range(9)}
    t = build_table(v3_items, random_responses(v3_items, accs, seed=1))
    ts = theorem_stats(t)
    _, reps = bootstrap(t, n_boot=200, seed=0, ts=ts)
    c = correlations(t, summary_arrays(ts), reps, n_perm=100, seed=0)
    r = c["accuracy_vs_mean_ig"]
    assert r["r"] < -0.8  # IG = sqrt(p(1-p)) is decreasing in p above 0.5
    null = r["permutation_null"]
    # outcomes are i.i.d. per item, so shuffling loses nothing: the null explains ~all of r
    assert 0.85 < null["share_explained"] < 1.15 and null["p_value"] > 0.05
    lo, hi = r["ci_bootstrap"]
    assert lo <= r["r"] <= hi
    assert c["accuracy_vs_scr"]["r"] > 0.5
    pm = invariance_metrics(t)
    ref = sst.pearsonr([pm[m]["theorem_accuracy"] for m in t.models], [pm[m]["mean_ig"] for m in t.models])
    assert c["theorem_accuracy_vs_mean_ig"]["r"] == pytest.approx(ref.statistic)


def test_permutation_null_destroys_theorem_structure() -> None:
    """All-or-nothing errors (whole theorems wrong) give IG = 0; shuffling the same outcomes
    over items keeps accuracy but spreads errors across classes, so the null IG is large."""
    from certibench.metrics.stats import permutation_null_mean_ig

    fams = ("canonical", "syntactic", "order", "unpack")
    items = [Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f) for t in range(60) for f in fams]
    resp = [
        {"item_id": f"t{t}_{f}", "model": f"m{k}", "correct": t >= 6 * (k + 1)}
        for k in range(4)
        for t in range(60)
        for f in fams
    ]
    t = build_table(items, resp)
    obs = invariance_metrics(t)
    null = permutation_null_mean_ig(t, n_perm=30, seed=0)
    for k in range(4):
        acc = 1 - 6 * (k + 1) / 60
        assert obs[f"m{k}"]["accuracy"] == pytest.approx(acc) and obs[f"m{k}"]["mean_ig"] == 0.0
        # expected IG of a class of 4 i.i.d.-ish outcomes at accuracy acc (hypergeometric ~ binomial)
        expect = sum(
            math.comb(4, j) * acc**j * (1 - acc) ** (4 - j) * math.sqrt(j / 4 * (1 - j / 4)) for j in range(5)
        )
        assert null[:, k].mean() == pytest.approx(expect, rel=0.15)


def test_permutation_null_theorem_subsample_agrees_with_full() -> None:
    from certibench.metrics.stats import null_theorem_count, permutation_null_mean_ig

    fams = ("canonical", "syntactic", "order")
    items = [Item(id=f"t{k}_{f}", theorem_id=f"t{k}", family=f) for k in range(2000) for f in fams]
    t = build_table(items, random_responses(items, {"a": 0.6, "b": 0.9}, seed=13))
    budget = 100 * 6000 * 2 // 5  # a fifth of 100 full shuffles of 6000 items x 2 models
    assert null_theorem_count(t, 100, budget) == 400
    assert null_theorem_count(t, 100, 10**12) == 2000
    sub = permutation_null_mean_ig(t, n_perm=100, seed=2, cell_budget=budget)
    full = permutation_null_mean_ig(t, n_perm=100, seed=3)
    assert sub.mean(axis=0) == pytest.approx(full.mean(axis=0), rel=0.03)
    # both agree with the closed form for classes of 3 (binomial approximation)
    for j, m in enumerate(t.models):
        acc = invariance_metrics(t)[m]["accuracy"]
        expect = sum(
            math.comb(3, x) * acc**x * (1 - acc) ** (3 - x) * math.sqrt(x / 3 * (1 - x / 3)) for x in range(4)
        )
        assert full[:, j].mean() == pytest.approx(expect, rel=0.03)


def test_percentile_ci_without_nan_is_nanquantile_bit_for_bit() -> None:
    """The vectorised quantile taken when no replicate is NaN gives the very numbers of the
    column-by-column nanquantile (the report's CIs do not change by a bit)."""
    from certibench.metrics.stats import percentile_ci

    rng = np.random.default_rng(7)
    for shape in [(1000, 20), (999, 3), (57, 50)]:
        x = rng.random(shape) * rng.integers(1, 9, size=shape) / 8
        for level in (0.95, 0.9, 0.5):
            a = (1 - level) / 2
            lo, hi = percentile_ci(x, level)
            assert np.array_equal(lo, np.nanquantile(x, a, axis=0))
            assert np.array_equal(hi, np.nanquantile(x, 1 - a, axis=0))
        x[3, 1] = np.nan  # a NaN: the nan-aware path, which skips it
        lo, _ = percentile_ci(x, 0.95)
        assert lo[1] == np.nanquantile(x[:, 1], (1 - 0.95) / 2) and np.isfinite(lo).all()


_BOOT_DIGEST = """
import hashlib, sys
import numpy as np
from certibench.metrics.invariance import TheoremStats
from certibench.metrics.stats import bootstrap_samples
rng = np.random.default_rng(7)
T, M = 625, 20
n_items = np.full((T, M), 8.0)
sum_p = np.round(rng.random((T, M)) * 8 * 3) / 3  # means over 3 samples: fractional sums
pbar = sum_p / n_items
wrong = rng.integers(0, 9, size=(T, M)).astype(float)
canon = rng.random((T, M)) < 0.7
ts = TheoremStats(n_items=n_items, sum_p=sum_p, n_wrong=wrong, ig=np.sqrt(pbar * (1 - pbar)), canon_ok=canon,
                  cir_den=canon, cir_num=canon & (wrong > 0), cir_den_all=canon, cir_num_all=canon & (wrong > 0))
reps = bootstrap_samples(ts, n_boot=256, seed=3)
print(hashlib.sha256(b"".join(reps[k].tobytes() for k in sorted(reps))).hexdigest())
"""


def test_bootstrap_replicates_do_not_depend_on_blas_threads() -> None:
    """OpenBLAS splits the float32 bootstrap product differently with one thread and with
    several, and fractional sums then round differently: the replicates (so the CI digits)
    must not depend on how many cores the machine has."""
    digests = digests_under_blas_threads(_BOOT_DIGEST)
    assert len(digests) == 1, digests


def test_subset_draws_are_ordered_samples_without_replacement() -> None:
    """Each row of subset_draws has the distribution of rng.choice(pool, k, replace=False):
    the frequency of every ordered value sequence matches its exact probability, counted
    over all ordered index draws of the pool."""
    import itertools
    from collections import Counter

    from certibench.metrics.stats import subset_draws

    pool = np.array([0.0, 0.0, 1.0, 1.0, 1.0, 0.5, 1 / 3])
    k, n = 3, 60_000
    exact = Counter(tuple(pool[list(ix)]) for ix in itertools.permutations(range(pool.size), k))
    total = sum(exact.values())
    got = Counter(map(tuple, subset_draws(np.random.default_rng(11), pool, k, n).tolist()))
    assert set(got) <= set(exact)
    for seq, ways in exact.items():
        p = ways / total
        assert abs(got[seq] / n - p) < 5 * math.sqrt(p * (1 - p) / n), seq
    # a 0/1 pool (one hypergeometric draw per row): the ones per row are hypergeometric
    pool01 = (np.arange(40) < 15).astype(float)
    rows = subset_draws(np.random.default_rng(12), pool01, 10, 20_000)
    ones = rows.sum(axis=1)
    pmf = [math.comb(15, j) * math.comb(25, 10 - j) / math.comb(40, 10) for j in range(11)]
    for j in range(11):
        assert abs(np.mean(ones == j) - pmf[j]) < 5 * math.sqrt(pmf[j] * (1 - pmf[j]) / 20_000) + 1e-12
    # and every position is equally likely to hold a one (the order is uniform)
    assert np.allclose(rows.mean(axis=0), 15 / 40, atol=0.02)
    assert subset_draws(np.random.default_rng(0), pool01, 0, 5).shape == (5, 0)


def _cochran_mcnemar_one_by_one(table, alpha: float = 0.05):  # type: ignore[no-untyped-def]
    """Cochran's Q and McNemar as first written: one model (and family) at a time through
    cochrans_q / mcnemar on the rows each model has."""
    from certibench.metrics.stats import bonferroni, cochrans_q, form_values, mcnemar

    fams = ["canonical", *table.paraphrase_families]
    allv = form_values(table, fams)
    cq = {}
    for m, name in enumerate(table.models):
        val = allv[:, :, m]
        x = val[~np.isnan(val).any(axis=1)]
        t = cochrans_q(x) if x.shape[0] else None
        cq[name] = (None if t is None else (t.statistic, t.pvalue, t.n))
    mc = {}
    for m, name in enumerate(table.models):
        for j, fam in enumerate(fams[1:], start=1):
            c, p = allv[:, 0, m], allv[:, j, m]
            both = ~np.isnan(c) & ~np.isnan(p)
            if not both.any():
                continue
            c, p = c[both], p[both]
            tab = np.array([[np.sum((c == 1) & (p == 1)), np.sum((c == 1) & (p == 0))],
                            [np.sum((c == 0) & (p == 1)), np.sum((c == 0) & (p == 0))]])
            t = mcnemar(tab)
            mc[(name, fam)] = (t.statistic, t.pvalue, t.n, int(tab[0, 1]), int(tab[1, 0]))
    adj, _ = bonferroni([v[1] for v in mc.values()], alpha)
    return cq, mc, dict(zip(mc, adj, strict=True))


@pytest.mark.parametrize("gaps", [0.0, 0.15, 0.6])
def test_cochran_and_mcnemar_for_all_models_at_once_equal_one_by_one(gaps: float) -> None:
    """The vectorised Cochran's Q / McNemar give the one-model-at-a-time numbers to the bit
    (missing answers included: each model keeps only its own complete theorems)."""
    fams = ("canonical", "syntactic", "order", "unpack", "notation")
    items = [Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f) for t in range(400) for f in fams]
    rng = np.random.default_rng(int(gaps * 100))
    resp = [r for r in random_responses(items, {f"m{k}": 0.3 + 0.12 * k for k in range(6)}, seed=5) if rng.random() >= gaps]
    resp += [{"item_id": "t0_canonical", "model": "lonely", "correct": True}]  # a model with no complete theorem
    t = build_table(items, resp)
    cq, mc, mc_adj = _cochran_mcnemar_one_by_one(t)
    got_cq, got_mc = cochran_per_model(t), mcnemar_per_family(t)
    for name, want in cq.items():
        g = got_cq[name]
        if want is None:
            assert g["q"] is None and g["n_theorems"] == 0
        else:
            assert (g["q"], g["p"], g["n_theorems"]) == (want[0], want[1], want[2])
    flat = {(m, f): r for m, d in got_mc.items() for f, r in d.items()}
    assert set(flat) == set(mc)
    for key, (stat, p, n, co, po) in mc.items():
        r = flat[key]
        assert (r["statistic"], r["p"], r["n_theorems"], r["canon_only"], r["para_only"]) == (stat, p, n, co, po)
        assert r["p_bonferroni"] == mc_adj[key]
