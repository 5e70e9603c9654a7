"""Benchmark: `certibench run` throughput and overhead against a bare AsyncOpenAI loop.

The loopback OpenAI-compatible server (tests/openai_stub_server.py) runs in a separate
process and answers instantly.  For concurrency 1, 8 and 64 we time, in this process:

* **bare**: ``AsyncOpenAI.chat.completions.create`` from ``c`` worker coroutines — the least
  any client can do;
* **toolkit**: ``Runner.execute()`` of certibench (the same SDK client plus retries/rate
  plumbing, parsing, scoring, the SQLite cache, one flushed JSONL line per response,
  run.json and the closing summary; progress bars off).

Reported: requests/s of both, the throughput ratio (target >= 0.90), and the toolkit's
overhead per request two ways: the wall-time difference (toolkit wall - bare wall) / requests,
and — because wall-time differences on a shared 2-core machine are noisier than the effect —
the toolkit's own work per request timed directly without the network (planning, cache,
Response, parsing, scoring, the JSONL line; CPU time, since other processes share the cores),
each also as a share of the toolkit's wall time
(target < 2 % at concurrency 64).  Runs alternate bare/toolkit; medians of ``--repeats``.

    python benchmarks/run_bench.py [--requests 2000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from openai import AsyncOpenAI

ROOT = Path(__file__).resolve().parents[1]
STUB = ROOT / "tests" / "openai_stub_server.py"


def start_stub() -> tuple[subprocess.Popen[str], str]:
    p = subprocess.Popen([sys.executable, str(STUB), "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None
    line = p.stdout.readline()
    if not line.startswith("LISTENING "):
        p.kill()
        raise RuntimeError(f"stub server did not start: {line!r}")
    return p, line.split()[1]


def server_stats(base_url: str) -> dict[str, float]:
    return httpx.get(base_url.replace("/v1", "/_stats"), timeout=10).json()


def make_items(path: Path, n: int, tag: str) -> None:
    with path.open("w") as fh:
        for k in range(n):
            q = f"[{tag}] For every natural number n, n + {k} >= {k}."
            fh.write(json.dumps({"id": f"b{k}", "nl_question": q, "ground_truth": "TRUE"}) + "\n")


def messages_for(n: int, tag: str) -> list[list[dict[str, str]]]:
    from certibench.run.protocols import TRUEFALSE_SYSTEM, TRUEFALSE_USER

    return [
        [
            {"role": "system", "content": TRUEFALSE_SYSTEM},
            {"role": "user", "content": TRUEFALSE_USER.format(question=f"[{tag}] For every natural number n, n + {k} >= {k}.")},
        ]
        for k in range(n)
    ]


async def bare_loop(base_url: str, msgs: list[list[dict[str, str]]], concurrency: int) -> float:
    """``concurrency`` coroutines pulling from one iterator (cheaper than a semaphore over
    one task per request, so the stricter baseline).

    The timing covers what the toolkit's timed ``execute()`` also does once per run besides
    the requests: building the SDK client (~15-20 ms: httpx loads the CA bundle) and closing
    it.  Timing only the requests here (as this benchmark once did) charged that fixed cost
    to certibench alone — 0.035 ms/request at c=1 (500 requests)."""
    out: list[str] = []
    it = iter(msgs)
    t0 = time.perf_counter()
    client = AsyncOpenAI(base_url=base_url, api_key="bench", max_retries=0)

    async def worker() -> None:
        for m in it:
            r = await client.chat.completions.create(model="stub", messages=m, temperature=0.0, max_tokens=16)  # type: ignore[arg-type]
            out.append(r.choices[0].message.content or "")

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    await client.close()
    wall = time.perf_counter() - t0
    assert len(out) == len(msgs)
    return wall


def timed_bare(base_url: str, n: int, concurrency: int, tag: str) -> float:
    msgs = messages_for(n, tag)
    gc.collect()  # same starting state as the toolkit side (see toolkit_run)
    return asyncio.run(bare_loop(base_url, msgs, concurrency))


def toolkit_run(base_url: str, n: int, concurrency: int, tag: str, tmp: Path) -> tuple[float, float]:
    from certibench.run.engine import Runner
    from certibench.run.options import RunOptions

    items = tmp / f"items-{tag}.jsonl"
    make_items(items, n, tag)
    opts = RunOptions(items_path=items, models=["openai:stub"], base_url=base_url, out=tmp / f"run-{tag}",
                      max_connections=concurrency, progress=False, report=False)
    t0 = time.perf_counter()
    r = Runner(opts)
    r.prepare()
    # Both sides start timing from a collected heap: otherwise the garbage the previous
    # measurement left (the other side's client, responses, run objects) is collected, in
    # one 60-90 ms full collection, inside whichever measurement happens to trigger it.
    gc.collect()
    t1 = time.perf_counter()
    res = r.execute()
    t2 = time.perf_counter()
    assert res.asked == n and res.summary["openai:stub"]["responses"] == n
    return t2 - t1, t1 - t0


def toolkit_own_cpu(run_dir: Path, n: int) -> tuple[float, float]:
    """Seconds per request of certibench's own work beyond the HTTP call, measured without
    the network (noise-free): planning (request + cache key), the cache lookup, building,
    parsing and scoring the Response, the flushed JSONL line and the cache write."""
    from certibench.run.adapters import Completion
    from certibench.run.cache import ResponseCache
    from certibench.run.fetch import FetchResult
    from certibench.run.options import RunOptions
    from certibench.run.plan import load_items, plan_units
    from certibench.run.records import dumps_record, make_record
    from certibench.run.rundir import ResponseWriter
    from certibench.run.specs import parse_model_spec

    items_file = next(run_dir.parent.glob(f"items-{run_dir.name.removeprefix('run-')}.jsonl"))
    items, _ = load_items(items_file)
    opts = RunOptions(items_path=items_file, models=["openai:stub"], base_url="http://127.0.0.1:1/v1")
    spec = parse_model_spec("openai:stub", base_url=opts.base_url)
    fr = FetchResult(Completion("TRUE", "stop", {"prompt_tokens": 40, "completion_tokens": 1, "total_tokens": 41}), None, 1, 0.001)
    out = run_dir.parent / f"own-{run_dir.name}"
    out.mkdir()
    t0 = time.perf_counter()
    c0 = time.process_time()
    units, _ = plan_units(items, [spec], opts, None, None)
    cache = ResponseCache(out / "cache.sqlite")
    writer = ResponseWriter(out / "responses.jsonl")
    hits = cache.existing([u.key for u in units])
    for u in units:
        if u.key in hits:
            continue
        writer.write_line(dumps_record(make_record(u, fr)))
        assert fr.completion is not None
        cache.put(u.key, fr.completion.to_cache())
    cache.close()
    writer.close()
    return (time.process_time() - c0) / n, (time.perf_counter() - t0) / n


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--requests", type=int, default=2000, help="requests per measurement (c=1 uses a quarter)")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    proc, base_url = start_stub()
    rows = []
    try:
        with tempfile.TemporaryDirectory() as td:
            tmp = Path(td)
            # warm-up (imports, connection pool, sqlite)
            asyncio.run(bare_loop(base_url, messages_for(50, "warm"), 8))
            toolkit_run(base_url, 50, 8, "warm", tmp)
            for c in (1, 8, 64):
                n = args.requests // 4 if c == 1 else args.requests
                bare, tk, prep, srv = [], [], [], []
                for rep in range(args.repeats):
                    tag = f"c{c}r{rep}"
                    if rep % 2:  # alternate the order so drift on a shared machine cancels
                        bare.append(timed_bare(base_url, n, c, "bare" + tag))
                    s0 = server_stats(base_url)["server_time_s"]
                    wall, prep_s = toolkit_run(base_url, n, c, "tk" + tag, tmp)
                    srv.append(server_stats(base_url)["server_time_s"] - s0)
                    tk.append(wall)
                    prep.append(prep_s)
                    if not rep % 2:
                        bare.append(timed_bare(base_url, n, c, "bare" + tag))
                b, t = statistics.median(bare), statistics.median(tk)
                own, own_wall = toolkit_own_cpu(tmp / f"run-tkc{c}r0", n)
                rows.append({
                    "concurrency": c,
                    "requests": n,
                    "bare_rps": n / b,
                    "toolkit_rps": n / t,
                    "throughput_ratio": b / t,
                    "overhead_ms_per_request": 1000 * (t - b) / n,
                    "overhead_share_of_wall": (t - b) / t,
                    "server_time_share_of_wall": statistics.median(srv) / t,
                    "prepare_ms_per_request": 1000 * statistics.median(prep) / n,
                    "own_cpu_us_per_request": 1e6 * own,
                    "own_wall_us_per_request": 1e6 * own_wall,
                    "own_cpu_share_of_wall": own * n / t,
                })
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"{'c':>3} {'n':>6} {'bare req/s':>11} {'certibench req/s':>17} {'ratio':>6} {'wall diff/req':>14} "
          f"{'diff %wall':>11} {'own CPU/req':>12} {'own %wall':>10}")
    for r in rows:
        print(f"{r['concurrency']:>3} {r['requests']:>6} {r['bare_rps']:>11.1f} {r['toolkit_rps']:>17.1f} {r['throughput_ratio']:>6.3f} "
              f"{r['overhead_ms_per_request']:>11.3f} ms {100 * r['overhead_share_of_wall']:>10.2f}% "
              f"{r['own_cpu_us_per_request']:>9.1f} us {100 * r['own_cpu_share_of_wall']:>9.2f}%")
    c64 = next(r for r in rows if r["concurrency"] == 64)
    print(f"\ntargets at c=64: overhead < 2 % of wall -> own work {100 * c64['own_cpu_share_of_wall']:.2f} %, "
          f"wall difference {100 * c64['overhead_share_of_wall']:.2f} % "
          f"({'met' if max(c64['own_cpu_share_of_wall'], c64['overhead_share_of_wall']) < 0.02 else 'NOT met'}); "
          f"throughput within 10 % of bare -> ratio {c64['throughput_ratio']:.3f} "
          f"({'met' if c64['throughput_ratio'] >= 0.90 else 'NOT met'})")
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
