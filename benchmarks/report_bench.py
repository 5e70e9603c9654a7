"""Whole-process benchmark of `certibench report` on the files users have (JSONL, Parquet).

For each size a synthetic benchmark is written to disk once (``--data-dir``, reused
afterwards): an items file (``{"id", "theorem_id", "family", "tier", "nl_question",
"ground_truth"}``, 8 forms per theorem: canonical + 7 paraphrase families) and the
responses as JSONL lines ``{"item_id", "model", "raw", "parsed", "correct"}`` and as
Parquet.  Sizes (models x theorems x 8 forms):

* 1e5 = 20 x 625 x 8, 1e6 = 50 x 2,500 x 8, 1e7 = 50 x 25,000 x 8.

Timed, as a user runs it: ``python -m certibench.cli.main report --items I --responses R
--json out.json`` as a subprocess with default options (1000 bootstrap resamples, 200
permutations), start-up and imports included; wall time and the child's peak RSS
(``wait4``).  Bytecode is cached in a temporary ``PYTHONPYCACHEPREFIX`` (as an installed
package has its ``.pyc``) and one untimed run warms the page cache.

Baselines, in this process on the same files: FormInv's ``compute_ig`` + ``aggregate_ig``
(github.com/forminv/forminv, ``forminv/metrics/__init__.py``) re-implemented here, in two
ways:

* **strict** (the one the 10x target is checked against): the files are read with one
  ``json.loads`` per line into slotted 3-field objects, predictions are grouped by model,
  the paraphrases by theorem once, and for every (theorem, model) ``compute_ig`` builds
  the set of the theorem's paraphrase ids and scans the model's *whole* prediction list
  for them (last answer per paraphrase wins), then mean / ``np.std`` (= IG) /
  all-correct; ``aggregate_ig`` gives mean/std/max IG, mean accuracy, SCR and the shares
  of IG > 0.10 / 0.20 per model.
* **as FormInv's driver runs it** (``scripts/run_eval_v3.py``): the same two functions,
  with what the driver feeds them: ``ModelPrediction`` / ``Paraphrase`` dataclasses with
  FormInv's fields (``forminv/schemas.py``), and for every (theorem, model) the driver's
  list comprehension over *all* paraphrases to find the theorem's ones.  (The driver
  also leaves the canonical form out of IG; here it stays in, so both baselines compute
  the report's numbers.)  This is the cost the issue's "FormInv in-process" figure
  measured.

Both baselines' accuracy/SCR/Mean-IG are checked against the report's
(``theorem_accuracy``, ``scr``, ``mean_ig``).

Targets: 1e5 >= 10x the baseline; 1e7 < 30 s from JSONL and < 15 s from Parquet with peak
RSS < 4 GB; growth 1e5 -> 1e6 -> 1e7 about linear.  Ratios matter more than seconds on a
shared machine.

    python benchmarks/report_bench.py                  # 1e5,1e6,1e7 (writes ~1.3 GB once)
    python benchmarks/report_bench.py --sizes 1e5 --repeats 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ("canonical", "syntactic", "quantifier", "passive", "notation", "order", "unpack", "equivalent")
SHAPES = {100_000: (20, 625), 1_000_000: (50, 2_500), 10_000_000: (50, 25_000)}
HEAVY = ("pydantic", "scipy", "pandas", "matplotlib", "polars", "networkx", "sympy", "z3", "openai", "httpx")


# ----------------------------------------------------------------------------- data
def shape_of(n: int) -> tuple[int, int]:
    if n in SHAPES:
        return SHAPES[n]
    models = 20 if n <= 100_000 else 50
    return models, max(1, n // (models * len(FAMILIES)))


def write_data(d: Path, n: int, seed: int = 0) -> dict[str, Path]:
    """items.jsonl, responses.jsonl, responses.parquet for size n (reused when present)."""
    models, theorems = shape_of(n)
    d.mkdir(parents=True, exist_ok=True)
    tag = f"{models}x{theorems}x{len(FAMILIES)}"
    paths = {k: d / f"{k}-{tag}.{ext}" for k, ext in (("items", "jsonl"), ("responses", "jsonl"), ("parquet", "parquet"))}
    done = d / f"done-{tag}"
    if done.exists() and all(p.exists() for p in paths.values()):
        return paths
    t0 = time.perf_counter()
    with paths["items"].open("w") as fh:
        for t in range(theorems):
            for f in FAMILIES:
                fh.write(
                    json.dumps({"id": f"thm_{t:06d}_{f}", "theorem_id": f"thm_{t:06d}", "family": f,
                                "tier": f"tier{1 + t % 3}", "nl_question": f"Claim {t} ({f}) - TRUE or FALSE?",
                                "ground_truth": "TRUE"}) + "\n"
                )
    rng = np.random.default_rng(seed)
    n_items = theorems * len(FAMILIES)
    ids = [f"thm_{t:06d}_{f}" for t in range(theorems) for f in FAMILIES]
    skill = np.linspace(-0.5, 2.0, models)
    diff = np.repeat(rng.normal(0, 1, theorems), len(FAMILIES))
    frag = np.tile(np.linspace(0, 0.8, len(FAMILIES)), theorems)
    import pyarrow as pa
    import pyarrow.parquet as pq

    pw = None
    with paths["responses"].open("w") as fh:
        for m in range(models):
            name = f"model-{m:02d}"
            ok = rng.random(n_items) < 1 / (1 + np.exp(-(skill[m] - diff - frag)))
            ans = np.where(ok, "TRUE", "FALSE")
            fh.write("".join(
                f'{{"item_id": "{i}", "model": "{name}", "raw": "{a}", "parsed": "{a}", "correct": {"true" if c else "false"}}}\n'
                for i, a, c in zip(ids, ans.tolist(), ok.tolist(), strict=True)
            ))
            tbl = pa.table({"item_id": ids, "model": [name] * n_items, "raw": ans.tolist(), "parsed": ans.tolist(),
                            "correct": ok.tolist()})
            if pw is None:
                pw = pq.ParquetWriter(paths["parquet"], tbl.schema)
            pw.write_table(tbl)
    assert pw is not None
    pw.close()
    done.write_text("ok")
    print(f"  wrote {tag} ({models * n_items:,} responses) in {time.perf_counter() - t0:.1f}s", flush=True)
    return paths


# ----------------------------------------------------------------------------- baseline
class Para:
    __slots__ = ("paraphrase_id", "theorem_id")

    def __init__(self, pid: str, tid: str) -> None:
        self.paraphrase_id, self.theorem_id = pid, tid


class Pred:
    __slots__ = ("correct", "model", "paraphrase_id")

    def __init__(self, pid: str, model: str, correct: Any) -> None:
        self.paraphrase_id, self.model, self.correct = pid, model, correct


def compute_ig(theorem_id: str, model: str, predictions: list[Pred], paraphrases: list[Para]) -> dict[str, Any]:
    """FormInv's algorithm: the theorem's paraphrase ids, then a scan of the whole list."""
    para_ids = {p.paraphrase_id for p in paraphrases if p.theorem_id == theorem_id}
    preds = [p for p in predictions if p.paraphrase_id in para_ids]
    acc_by_para: dict[str, float] = {}
    for pred in preds:
        if pred.correct is not None:
            acc_by_para[pred.paraphrase_id] = float(pred.correct)
    acc = list(acc_by_para.values())
    if not acc:
        return {"mean_accuracy": 0.0, "std_accuracy": 0.0, "all_correct": False, "n": 0}
    return {"mean_accuracy": float(np.mean(acc)), "std_accuracy": float(np.std(acc)),
            "all_correct": all(a == 1.0 for a in acc), "n": len(acc)}


def aggregate_ig(results: list[dict[str, Any]]) -> dict[str, Any]:
    ig = [r["std_accuracy"] for r in results]
    return {
        "mean_ig": float(np.mean(ig)),
        "std_ig": float(np.std(ig)),
        "max_ig": float(np.max(ig)),
        "mean_accuracy": float(np.mean([r["mean_accuracy"] for r in results])),
        "scr": float(np.mean([r["all_correct"] for r in results])),
        "pct_high_ig_10": float(np.mean([x > 0.10 for x in ig])),
        "pct_high_ig_20": float(np.mean([x > 0.20 for x in ig])),
    }


def baseline(items: Path, responses: Path) -> tuple[float, float, dict[str, dict[str, Any]]]:
    t0 = time.perf_counter()
    c0 = time.process_time()
    paras: list[Para] = []
    with items.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            paras.append(Para(d["id"], d.get("theorem_id") or d["id"]))
    by_model: dict[str, list[Pred]] = {}
    with responses.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            by_model.setdefault(d["model"], []).append(Pred(d["item_id"], d["model"], d.get("correct")))
    by_theorem: dict[str, list[Para]] = {}
    for p in paras:
        by_theorem.setdefault(p.theorem_id, []).append(p)
    out = {m: aggregate_ig([compute_ig(t, m, preds, ps) for t, ps in by_theorem.items()]) for m, preds in by_model.items()}
    return time.perf_counter() - t0, time.process_time() - c0, out


@dataclass
class FIParaphrase:  # forminv/schemas.py: Paraphrase
    paraphrase_id: str
    theorem_id: str
    level: str
    nl_question: str
    ground_truth: bool
    lean4_equivalent: str | None = None
    equivalence_verified: bool = False
    verification_method: str = "human"


@dataclass
class FIPrediction:  # forminv/schemas.py: ModelPrediction
    pred_id: str
    paraphrase_id: str
    theorem_id: str
    model: str
    provider: str
    raw_response: str
    parsed_label: bool | None
    outcome: str
    correct: bool | None
    latency_s: float


def baseline_driver(items: Path, responses: Path) -> tuple[float, float, dict[str, dict[str, Any]]]:
    """FormInv's functions fed the way its driver (scripts/run_eval_v3.py) feeds them."""
    t0 = time.perf_counter()
    c0 = time.process_time()
    paraphrases: list[FIParaphrase] = []
    theorem_of: dict[str, str] = {}
    with items.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            tid = d.get("theorem_id") or d["id"]
            theorem_of[d["id"]] = tid
            paraphrases.append(FIParaphrase(d["id"], tid, "surface", d.get("nl_question", ""),
                                            d.get("ground_truth") == "TRUE"))
    all_predictions: dict[str, list[FIPrediction]] = {}
    with responses.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            parsed = d.get("parsed")
            all_predictions.setdefault(d["model"], []).append(FIPrediction(
                f"{d['item_id']}__{d['model']}", d["item_id"], theorem_of.get(d["item_id"], ""), d["model"], "",
                d.get("raw") or "", parsed == "TRUE" if parsed else None, parsed or "INVALID", d.get("correct"), 0.0))
    theorem_ids = sorted({p.theorem_id for p in paraphrases})
    out = {}
    for model, preds in all_predictions.items():
        results = []
        for tid in theorem_ids:
            thm_paras = [p for p in paraphrases if p.theorem_id == tid]
            results.append(compute_ig(tid, model, preds, thm_paras))  # type: ignore[arg-type]
        out[model] = aggregate_ig(results)
    return time.perf_counter() - t0, time.process_time() - c0, out


# ----------------------------------------------------------------------------- certibench
def run_report(items: Path, responses: Path, out: Path, env: dict[str, str], importtime: bool = False) -> tuple[float, float, str, float]:
    """Wall seconds, peak RSS (MB), stderr text and CPU seconds (user + system) of one
    `certibench report` process."""
    cmd = [sys.executable, *(["-X", "importtime"] if importtime else []), "-m", "certibench.cli.main", "report",
           "--items", str(items), "--responses", str(responses), "--json", str(out)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"certibench report failed ({proc.returncode}):\n{err[-2000:]}")
    return wall, ru.ru_maxrss / 1024.0, err, ru.ru_utime + ru.ru_stime


STAGES_SCRIPT = """
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
out = {}
def lap(name, _s=[t0, c0]):
    t, c = time.perf_counter(), time.process_time()
    out[name] = [round(t - _s[0], 4), round(c - _s[1], 4)]
    _s[0], _s[1] = t, c
import certibench.cli.main, certibench.cli.report
from certibench.report.json_report import report_from_table
from certibench.metrics.table import build_table, load_items, read_responses
lap("imports")
items, _ = load_items(sys.argv[1]); lap("read items")
cols, _ = read_responses(sys.argv[2]); lap("read responses")
table = build_table(items, cols); lap("build table")
rep = report_from_table(table, progress=lambda name: lap("stage before " + name))
lap("stage correlations (permutation null) + rest")
json.dumps(rep, indent=2); lap("json")
print(json.dumps(out))
"""


def stage_breakdown(items: Path, responses: Path, env: dict[str, str]) -> dict[str, list[float]]:
    """Wall and CPU seconds of each step of a report, in a fresh interpreter."""
    r = subprocess.run([sys.executable, "-c", STAGES_SCRIPT, str(items), str(responses)], env=env,
                       capture_output=True, text=True, check=True)
    raw = json.loads(r.stdout.strip().splitlines()[-1])
    names = {"stage before audit": "table -> audit start", "stage before invariance": "audit",
             "stage before tests": "invariance metrics", "stage before bootstrap": "Cochran Q / McNemar",
             "stage before correlations": "bootstrap (1000)"}
    return {names.get(k, k): v for k, v in raw.items()}


#: what any `certibench report` process must import (interpreter, numpy, pyarrow's JSON
#: reader, typer + rich, the report command): the start-up floor of every run
FLOOR_SCRIPT = "import numpy, pyarrow.json, typer, rich.progress, certibench.cli.report"


def startup_floor(env: dict[str, str], repeats: int, script: str = FLOOR_SCRIPT) -> float:
    """Median wall seconds of a process that only runs ``script`` (by default: imports
    what a report needs)."""
    walls = []
    for _ in range(repeats + 1):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", script], env=env, check=True)
        walls.append(time.perf_counter() - t0)
    return statistics.median(walls[1:])


def heavy_imports(importtime_err: str) -> list[str]:
    mods = set()
    for line in importtime_err.splitlines():
        if line.startswith("import time:"):
            name = line.rsplit("|", 1)[-1].strip()
            mods.add(name.split(".")[0])
    return sorted(m for m in HEAVY if m in mods)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1e5,1e6,1e7")
    ap.add_argument("--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "certibench-report-bench")
    ap.add_argument("--repeats", type=int, default=3, help="timed runs per size and format (median)")
    ap.add_argument("--baseline-max", type=float, default=1e5, help="largest size for the FormInv baseline")
    a = ap.parse_args(argv)
    sizes = [int(float(s)) for s in a.sizes.split(",") if s.strip()]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cache = tempfile.mkdtemp(prefix="certibench-pyc-")
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "python"), env.get("PYTHONPATH", "")) if p)
    print(f"certibench report, whole process; python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    bare = startup_floor(env, a.repeats, "pass")
    np_floor = startup_floor(env, a.repeats, "import numpy")
    floor = startup_floor(env, a.repeats)
    print(f"start-up floor: python -c pass {bare:.2f}s, python -c 'import numpy' {np_floor:.2f}s, "
          f"python -c '{FLOOR_SCRIPT}' {floor:.2f}s", flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as td:
        out = Path(td) / "report.json"
        for n in sizes:
            paths = write_data(a.data_dir, n)
            res: dict[str, Any] = {"n": n, "shape": shape_of(n), "load_before": round(os.getloadavg()[0], 2)}
            if n <= a.baseline_max:
                res["baseline"], res["baseline_cpu"], base_out = baseline(paths["items"], paths["responses"])
                res["driver"], res["driver_cpu"], driver_out = baseline_driver(paths["items"], paths["responses"])
                assert driver_out == base_out  # the same algorithm, fed differently
            for fmt, rp in (("jsonl", paths["responses"]), ("parquet", paths["parquet"])):
                run_report(paths["items"], rp, out, env)  # warm: bytecode, page cache
                walls, rss, cpus = [], [], []
                for _ in range(a.repeats):
                    w, m, _, cpu = run_report(paths["items"], rp, out, env)
                    walls.append(w)
                    rss.append(m)
                    cpus.append(cpu)
                res[fmt] = statistics.median(walls)
                res[f"{fmt}_cpu"] = statistics.median(cpus)
                res[f"{fmt}_rss"] = max(rss)
                res[f"{fmt}_report"] = out.read_text()
            rep_j, rep_p = (json.loads(res[k]) for k in ("jsonl_report", "parquet_report"))
            res["load_after"] = round(os.getloadavg()[0], 2)
            res["same_report"] = rep_j == rep_p
            if "baseline" in res:  # the baseline's numbers are the report's
                for m, v in base_out.items():
                    r = rep_j["models"][m]
                    assert abs(v["scr"] - r["scr"]) < 1e-9 and abs(v["mean_ig"] - r["mean_ig"]) < 1e-9
                    assert abs(v["mean_accuracy"] - r["theorem_accuracy"]) < 1e-9
            _, _, err, _ = run_report(paths["items"], paths["responses"], out, env, importtime=True)
            res["heavy"] = heavy_imports(err)
            res["stages"] = stage_breakdown(paths["items"], paths["responses"], env)
            print("  where the time goes (wall s / CPU s): " + "; ".join(
                f"{k} {v[0]:.2f}/{v[1]:.2f}" for k, v in res["stages"].items()), flush=True)
            rows.append(res)
            base = f"{res['baseline']:.2f}" if "baseline" in res else "-"
            ratio = f"{res['baseline'] / res['jsonl']:.1f}x" if "baseline" in res else "-"
            if "baseline" in res:
                ratio += f" (CPU time: {res['baseline_cpu']:.2f}s vs {res['jsonl_cpu']:.2f}s = {res['baseline_cpu'] / res['jsonl_cpu']:.1f}x)"
                ratio += (f"; as FormInv's driver runs it {res['driver']:.2f}s -> {res['driver'] / res['jsonl']:.1f}x "
                          f"(Parquet {res['driver'] / res['parquet']:.1f}x)")
            print(f"{n:>10,} {res['shape'][0]}x{res['shape'][1]}x8: report JSONL {res['jsonl']:.2f}s "
                  f"(peak {res['jsonl_rss']:.0f} MB), Parquet {res['parquet']:.2f}s (peak {res['parquet_rss']:.0f} MB); "
                  f"FormInv baseline {base}s -> {ratio}; same report from both files: {res['same_report']}; "
                  f"heavy imports: {', '.join(res['heavy']) or 'none'}; load {res['load_before']} -> {res['load_after']}",
                  flush=True)
    print()
    print(f"{'responses':>12} {'JSONL s':>8} {'Parquet s':>10} {'peak MB':>8} {'FormInv s':>10} {'speed-up':>9} {'growth':>18}")
    prev = None
    for r in rows:
        growth = "-"
        if prev is not None:
            g = r["n"] / prev["n"]
            growth = f"x{g:.0f}: {r['jsonl'] / prev['jsonl']:.1f} / {r['parquet'] / prev['parquet']:.1f}"
        base = f"{r['baseline']:.2f}" if "baseline" in r else "-"
        speed = f"{r['baseline'] / r['jsonl']:.1f}x" if "baseline" in r else "-"
        print(f"{r['n']:>12,} {r['jsonl']:>8.2f} {r['parquet']:>10.2f} {max(r['jsonl_rss'], r['parquet_rss']):>8.0f} "
              f"{base:>10} {speed:>9} {growth:>18}")
        prev = r
    checks = []
    for r in rows:
        if "baseline" in r and r["n"] == 100_000:
            checks.append(f"1e5 speed-up >= 10x: {r['baseline'] / r['jsonl']:.1f}x ({'met' if r['baseline'] / r['jsonl'] >= 10 else 'NOT met'}; "
                          f"Parquet {r['baseline'] / r['parquet']:.1f}x; a process doing nothing but the start-up floor would be "
                          f"{r['baseline'] / floor:.1f}x, one that only imports numpy {r['baseline'] / np_floor:.1f}x)")
            checks.append(f"1e5 speed-up against FormInv as its driver runs it (not the target's baseline): "
                          f"{r['driver'] / r['jsonl']:.1f}x (Parquet {r['driver'] / r['parquet']:.1f}x)")
        if r["n"] >= 10_000_000:
            checks.append(f"1e7 JSONL < 30 s: {r['jsonl']:.1f}s ({'met' if r['jsonl'] < 30 else 'NOT met'})")
            checks.append(f"1e7 Parquet < 15 s: {r['parquet']:.1f}s ({'met' if r['parquet'] < 15 else 'NOT met'})")
            rss = max(r["jsonl_rss"], r["parquet_rss"])
            checks.append(f"1e7 peak RSS < 4 GB: {rss / 1024:.2f} GB ({'met' if rss < 4096 else 'NOT met'})")
    for c in checks:
        print("target:", c)
    print(json.dumps({"startup_floor": floor, "python_floor": bare, "numpy_floor": np_floor, "rows": [{k: v for k, v in r.items() if not k.endswith("_report")} for r in rows]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
