"""Speed of the We-Math and ProcessBench metric layer against straightforward Python loops
run in the same process (ratios, not absolute promises).

    python benchmarks/wemath_processbench_bench.py [--max-groups 1000000]

1. We-Math four-dimensional classification (``four_dimensional``) on synthetic row tables
   of 10^4 .. 10^6 composite problems (k = 2..3 sub-problems each, ~3.6 rows per group),
   against a per-group dict/loop implementation of the same rule.
2. ProcessBench PRM threshold search (``choose_threshold``, exact over every distinct
   score boundary, numpy) against the same search written as nested Python loops.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from certibench.metrics.processbench import _candidates, choose_threshold, f1_of, prm_predict
from certibench.metrics.wemath import four_dimensional


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def synthetic_wemath(n_groups: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    k = rng.integers(2, 4, n_groups)  # 2 or 3 sub-problems
    rows_per = k + 1
    group = np.repeat(np.arange(n_groups), rows_per)
    n_steps = np.repeat(k, rows_per)
    starts = np.repeat(np.cumsum(rows_per) - rows_per, rows_per)
    step = np.arange(group.size) - starts  # 0 = composite, 1..k = sub-problems
    correct = rng.random(group.size) < 0.6
    return pd.DataFrame({"group": group.astype(str), "n_steps": n_steps, "step": step, "correct": correct, "concept": None})


def loop_four_dim(df: pd.DataFrame) -> tuple[int, int, int, int]:
    subs: dict[str, list[bool]] = {}
    multi: dict[str, bool] = {}
    for g, s, c in zip(df["group"].tolist(), df["step"].tolist(), df["correct"].tolist(), strict=True):
        if s == 0:
            multi[g] = c
        else:
            subs.setdefault(g, []).append(c)
    ik = ig = cm = rm = 0
    for g, m in multi.items():
        a = all(subs[g])
        if a and m:
            cm += 1
        elif a:
            ig += 1
        elif m:
            rm += 1
        else:
            ik += 1
    return ik, ig, cm, rm


def loop_choose_threshold(chains: list[list[float]], labels: list[int]) -> float:
    best_t, best_f = 0.5, -2.0
    for t in _candidates(chains):
        hits_e = n_e = hits_c = n_c = 0
        for c, lab in zip(chains, labels, strict=True):
            p = prm_predict(c, t)
            if lab == -1:
                n_c += 1
                hits_c += p == -1
            else:
                n_e += 1
                hits_e += p == lab
        f = f1_of(hits_e / n_e if n_e else None, hits_c / n_c if n_c else None)
        f = -1.0 if f is None else f
        if f > best_f:
            best_t, best_f = t, f
    return best_t


def synthetic_prm(n: int, seed: int = 0) -> tuple[list[list[float]], list[int]]:
    rng = np.random.default_rng(seed)
    chains, labels = [], []
    for _ in range(n):
        k = int(rng.integers(3, 12))
        lab = int(rng.integers(-1, k))
        base = np.full(k, 0.85)
        if lab >= 0:
            base[lab:] = 0.3
        chains.append(np.round(np.clip(base + rng.normal(0, 0.15, k), 0, 1), 3).tolist())
        labels.append(lab)
    return chains, labels


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max-groups", type=int, default=1_000_000)
    args = ap.parse_args()

    print("We-Math four-dimensional classification")
    print(f"{'groups':>10} {'rows':>10} {'library s':>10} {'loop s':>10} {'speed-up':>9}")
    n = 10_000
    while n <= args.max_groups:
        df = synthetic_wemath(n)
        t_lib, (strict, _loose, _inc) = timed(lambda df=df: four_dimensional(df))
        t_loop, counts = timed(lambda df=df: loop_four_dim(df))
        assert counts == (strict.IK, strict.IG, strict.CM, strict.RM), "library and loop disagree"
        print(f"{n:>10} {len(df):>10} {t_lib:>10.3f} {t_loop:>10.3f} {t_loop / t_lib:>8.1f}x")
        n *= 10

    print("\nProcessBench PRM threshold search (exact, every score boundary)")
    print(f"{'chains':>10} {'candidates':>10} {'library s':>10} {'loop s':>10} {'speed-up':>9}")
    for n in (400, 2000):
        chains, labels = synthetic_prm(n)
        t_lib, t1 = timed(lambda c=chains, lab=labels: choose_threshold(c, lab))
        t_loop, t2 = timed(lambda c=chains, lab=labels: loop_choose_threshold(c, lab))
        assert t1 == t2, "library and loop chose different thresholds"
        print(f"{n:>10} {len(_candidates(chains)):>10} {t_lib:>10.3f} {t_loop:>10.3f} {t_loop / t_lib:>8.1f}x")


if __name__ == "__main__":
    main()
