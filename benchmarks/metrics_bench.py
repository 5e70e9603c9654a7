"""Metric-layer benchmark: synthetic response tables of 10^5, 10^6, 10^7 responses.

Layout: M models x T theorems x (canonical + 8 families), one sample per (item, model);
T = N / (9 M).  For each size it prints wall time of

* ``read``    - parsing + validating a responses JSONL file with the columnar reader
  (``read_responses``, pyarrow in bulk) and, in brackets, with the per-line reference
  reader (up to ``--read-max`` responses, since the file is written first),
* ``--readers`` - the measurement behind choosing pyarrow over polars: both bulk JSON
  parsers on the same file with the same five-field schema (polars only if installed),
* ``build``   - joining the coded columns with the items into the table (``build_table``),
* ``core``    - accuracy / SCR / Mean-IG / RMS-IG / CIR / family failure (``invariance_metrics``),
* ``report``  - the full invariance report (audit, Cochran Q, McNemar, Kendall tau,
  1000 bootstrap resamples, permutation null, correlations: ``report_from_table``),
* ``loop``    - a straightforward per-theorem Python loop (dict of (item, model) -> correct,
  computing accuracy / SCR / Mean-IG), in the same process, and the ratio loop / core,
* ``agg pd/np`` - the same (item, model) aggregation with a pandas ``groupby`` and with the
  numpy ``bincount`` the table uses (the measurement behind choosing numpy),

and the process peak RSS.  Target: full report over 10^7 responses < 30 s on 2 cores.

    python benchmarks/metrics_bench.py                       # 1e5,1e6,1e7
    python benchmarks/metrics_bench.py --sizes 1e5,1e6 --loop-max 1e6 --models 20
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from typing import Any

import numpy as np

from certibench.metrics.families_map import CANONICAL, KNOWN_FAMILIES
from certibench.metrics.invariance import invariance_metrics, per_theorem_loop
from certibench.metrics.table import ResponseColumns, build_table
from certibench.report.json_report import report_from_table
from certibench.schema import Item

FAMILIES = (CANONICAL, *KNOWN_FAMILIES)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # Linux: KiB


def synth(n: int, n_models: int, seed: int = 0) -> tuple[list[Item], ResponseColumns, np.ndarray]:
    n_th = max(1, n // (n_models * len(FAMILIES)))
    items = [Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f) for t in range(n_th) for f in FAMILIES]
    ids = [it.id for it in items]
    rng = np.random.default_rng(seed)
    # models differ in skill; theorems in difficulty; families in fragility
    skill = np.linspace(-0.5, 2.0, n_models)
    diff = rng.normal(0, 1, n_th)
    frag = np.linspace(0, 0.8, len(FAMILIES))
    logit = skill[None, :] - diff.repeat(len(FAMILIES))[:, None] - np.tile(frag, n_th)[:, None]
    correct = rng.random(logit.shape) < 1 / (1 + np.exp(-logit))  # I x M
    # columns as the JSONL reader delivers them: integer codes into id vocabularies
    n_items = len(ids)
    cols = ResponseColumns.from_codes(
        np.tile(np.arange(n_items), n_models),
        ids,
        np.repeat(np.arange(n_models), n_items),
        [f"model{m:02d}" for m in range(n_models)],
        correct.T.ravel(),
        file="<synthetic>",
    )
    return items, cols, correct


def read_jsonl_time(cols: ResponseColumns, path: str) -> tuple[float, float]:
    """Write the responses as JSONL, then time `read_responses` (validation included) with
    the columnar reader and with the per-line reference; both must give the same columns."""
    import json

    from certibench.metrics.table import read_responses

    with open(path, "w", encoding="utf-8") as fh:
        for k in range(len(cols)):
            fh.write(
                json.dumps(
                    {
                        "item_id": cols.item_of(k),
                        "model": cols.model_of(k),
                        "correct": bool(cols.correct[k]),
                        "sample": 0,
                    }
                )
                + "\n"
            )
    read_responses(path, reader="columnar")  # first call: pyarrow's lazy imports stay out of the timing
    t0 = time.perf_counter()
    got, errs = read_responses(path, reader="columnar")
    dt = time.perf_counter() - t0
    assert len(got) == len(cols) and not errs
    t0 = time.perf_counter()
    ref, ref_errs = read_responses(path, reader="lines")
    dt_lines = time.perf_counter() - t0
    assert not ref_errs and ref.item_vocab == got.item_vocab and np.array_equal(ref.item_code, got.item_code)
    return dt, dt_lines


def compare_parsers(path: str) -> dict[str, float]:
    """pyarrow.json vs polars.read_ndjson on one file, the reader's schema (seconds)."""
    out: dict[str, float] = {}
    import pyarrow as pa
    import pyarrow.json as pj

    sch = pa.schema([("item_id", pa.string()), ("model", pa.string()), ("correct", pa.bool_()),
                     ("sample", pa.int64()), ("error", pa.string())])
    opts = pj.ParseOptions(explicit_schema=sch, unexpected_field_behavior="ignore")
    pj.read_json(path, parse_options=opts)
    t0 = time.perf_counter()
    t = pj.read_json(path, parse_options=opts)
    t.column("item_id").dictionary_encode()
    out["pyarrow"] = time.perf_counter() - t0
    try:
        import polars as pl
    except ImportError:
        return out
    psch = {"item_id": pl.String, "model": pl.String, "correct": pl.Boolean, "sample": pl.Int64, "error": pl.String}
    pl.read_ndjson(path, schema=psch)
    t0 = time.perf_counter()
    df = pl.read_ndjson(path, schema=psch)
    df["item_id"].cast(pl.Categorical)
    out["polars"] = time.perf_counter() - t0
    return out


def pandas_vs_numpy_aggregate(cols: ResponseColumns) -> tuple[float, float]:
    """The same (item, model) -> (mean correct, count) aggregation: pandas groupby vs numpy bincount."""
    import pandas as pd

    t0 = time.perf_counter()
    df = pd.DataFrame({"item": cols.item_code, "model": cols.model_code, "correct": cols.correct})
    g = df.groupby(["item", "model"], sort=False)["correct"].agg(["mean", "size"])
    t_pd = time.perf_counter() - t0
    assert len(g) == len(cols)
    t0 = time.perf_counter()
    n_m = len(cols.model_vocab)
    cell = cols.item_code * n_m + cols.model_code
    size = len(cols.item_vocab) * n_m
    cnt = np.bincount(cell, minlength=size)
    mean = np.bincount(cell, weights=cols.correct, minlength=size) / np.maximum(cnt, 1)
    t_np = time.perf_counter() - t0
    assert int(cnt.sum()) == len(cols) and mean.shape == (size,)
    return t_pd, t_np


def run(
    n: int, n_models: int, loop_max: int, n_boot: int, n_perm: int, do_pandas: bool, read_max: int,
    readers: bool = False,
) -> dict[str, Any]:
    items, cols, correct = synth(n, n_models)
    n_resp = len(cols)
    read = read_lines = None
    parsers: dict[str, float] = {}
    if n_resp <= read_max:
        import os
        import tempfile

        fd, path = tempfile.mkstemp(suffix=".jsonl")
        os.close(fd)
        try:
            read, read_lines = read_jsonl_time(cols, path)
            if readers:
                parsers = compare_parsers(path)
        finally:
            os.unlink(path)
    t0 = time.perf_counter()
    table = build_table(items, cols)
    t_build = time.perf_counter() - t0
    assert table.n_responses == n_resp and not table.warnings
    t0 = time.perf_counter()
    core = invariance_metrics(table)
    t_core = time.perf_counter() - t0
    t0 = time.perf_counter()
    rep = report_from_table(table, n_boot=n_boot, n_perm=n_perm)
    t_report = time.perf_counter() - t0
    out = {
        "n": n_resp,
        "items": table.n_items,
        "theorems": table.n_theorems,
        "build": t_build,
        "core": t_core,
        "report": t_report,
        "read": read,
        "read_lines": read_lines,
        "parsers": parsers,
        "n_perm_used": rep["correlations"]["accuracy_vs_mean_ig"]
        .get("permutation_null", {})
        .get("n_perm", 0),
    }
    if do_pandas:
        out["pandas"], out["numpy_agg"] = pandas_vs_numpy_aggregate(cols)
    if n_resp <= loop_max:
        t0 = time.perf_counter()
        lookup = {}
        for m in range(n_models):
            name = f"model{m:02d}"
            for k, it in enumerate(items):
                lookup[(it.id, name)] = bool(correct[k, m])
        ref = per_theorem_loop([it.class_id for it in items], [it.id for it in items], lookup)
        out["loop"] = time.perf_counter() - t0
        for name, v in ref.items():  # the two implementations must agree
            for k in ("accuracy", "scr", "mean_ig"):
                assert abs(v[k] - core[name][k]) < 1e-9, (name, k, v[k], core[name][k])
    del table, cols, items, correct, rep
    gc.collect()
    out["peak_rss_mb"] = peak_rss_mb()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1e5,1e6,1e7", help="comma-separated response counts")
    ap.add_argument("--models", type=int, default=20)
    ap.add_argument("--loop-max", type=float, default=1e6, help="largest size for the Python-loop baseline")
    ap.add_argument("--n-boot", type=int, default=1000)
    ap.add_argument("--n-perm", type=int, default=200)
    ap.add_argument("--no-pandas", action="store_true", help="skip the pandas groupby comparison")
    ap.add_argument("--read-max", type=float, default=1e6, help="largest size for the JSONL read timing")
    ap.add_argument("--readers", action="store_true", help="also time pyarrow vs polars bulk JSON parsing")
    a = ap.parse_args(argv)
    sizes = [int(float(s)) for s in a.sizes.split(",") if s.strip()]
    print(
        f"metrics benchmark: {a.models} models x 9 forms, n_boot={a.n_boot}, n_perm={a.n_perm}; python {sys.version.split()[0]}"
    )
    hdr = (
        f"{'responses':>10} {'theorems':>9} {'read s (lines)':>15} {'build s':>8} {'core s':>7} {'report s':>9} {'loop s':>8} "
        f"{'loop/core':>9} {'agg pd/np s':>12} {'peak MB':>8}"
    )
    print(hdr)
    # warm-up: imports and first-call costs stay out of the timings
    w_items, w_cols, _ = synth(2000, 4)
    report_from_table(build_table(w_items, w_cols), n_boot=10, n_perm=5)
    prev = None
    for n in sizes:
        r = run(n, a.models, int(a.loop_max), a.n_boot, a.n_perm, not a.no_pandas, int(a.read_max), a.readers)
        loop = r.get("loop")
        ratio = f"{loop / r['core']:.0f}x" if loop else "-"
        loop_s = f"{loop:.2f}" if loop else "-"
        pandas_s = f"{r['pandas']:.2f}/{r['numpy_agg']:.2f}" if "pandas" in r else "-"
        read_s = f"{r['read']:.2f} ({r['read_lines']:.2f})" if r["read"] is not None else "-"
        print(
            f"{r['n']:>10} {r['theorems']:>9} {read_s:>15} {r['build']:>8.2f} {r['core']:>7.3f} {r['report']:>9.2f} "
            f"{loop_s:>8} {ratio:>9} {pandas_s:>12} {r['peak_rss_mb']:>8.0f}",
            flush=True,
        )
        if r["parsers"]:
            print(f"{'':>10} bulk JSON parse: " + ", ".join(f"{k} {v:.2f}s" for k, v in r["parsers"].items()))
        if prev is not None:
            g = r["n"] / prev["n"]
            print(
                f"{'':>10} growth x{g:.0f}: build x{r['build'] / prev['build']:.1f}, report x{r['report'] / prev['report']:.1f}"
                f" (permutations used: {r['n_perm_used']})"
            )
        prev = r
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
