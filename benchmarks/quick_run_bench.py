"""Benchmark: the quick default run (`certibench run`, bundled local model) - wall time and
rate, before and after spreading the local model over the cores, in one script run.

* **command**: ``certibench run --out DIR -q`` as a subprocess, exactly what a newcomer
  types (interpreter start, imports, loading the GGUF, the quick sample, the report); wall
  time from start to exit, and requests/s over that wall time.  Run twice per repeat:
  ``--local-workers 1`` (one llama.cpp server of one thread: the default before this change)
  and the default (one server per core, sharing one queue); the order alternates between
  repeats so that neither always runs on the quieter machine.
* **bare**: the same GGUF served by ``xllamacpp`` in this process with the same servers,
  threads and slots as the command, the same chat messages and sampling parameters sent
  over HTTP with the command's concurrency; wall time of the requests alone, the servers'
  load time, and llama.cpp's own token counts per request (prompt tokens evaluated, prompt
  tokens reused from the slot's cache, tokens generated): where the time goes.

Printed: one JSON line per configuration and repeat, then the ratio after/before of the
command's rate per repeat, the projected time of ``certibench run --all`` at the command's
rate, and the load average (the machine may be shared: the ratio within one repeat is the
number to trust).

    python benchmarks/quick_run_bench.py [--repeats 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import mean

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

from certibench.run.adapters import (  # noqa: E402
    LocalModelServer,
    default_local_threads,
    default_local_workers,
    local_slots,
    usable_cores,
)
from certibench.run.defaults import local_model_path  # noqa: E402
from certibench.run.engine import Runner  # noqa: E402
from certibench.run.options import RunOptions  # noqa: E402

CONFIGS = {"before": ["--local-workers", "1"], "after": []}


def command_run(out: Path, extra: list[str]) -> tuple[float, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "certibench.cli.main", "run", "--out", str(out), "-q", *extra],
        capture_output=True, text=True, env=env, cwd=out.parent, check=False,
    )
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"certibench run failed ({proc.returncode}):\n{proc.stderr}")
    n = sum(1 for line in (out / "responses.jsonl").read_text().splitlines() if line.strip())
    return wall, n


async def _ask(base_urls: list[str], units: list, conc: int) -> list[dict]:
    queue = list(units)
    timings: list[dict] = []
    async with httpx.AsyncClient(timeout=300) as client:

        async def worker(url: str) -> None:
            while queue:
                u = queue.pop(0)
                p = {k: v for k, v in u.params.items() if k in ("temperature", "max_tokens", "top_p", "seed")}
                r = await client.post(url + "/chat/completions", json={"model": u.spec.name, "messages": u.messages, **p})
                r.raise_for_status()
                timings.append(r.json().get("timings") or {})

        await asyncio.gather(*(worker(base_urls[k % len(base_urls)]) for k in range(conc)))
    return timings


def bare_run(workers: int) -> dict:
    opts = RunOptions(quick=True, progress=False, report=False, use_cache=False)
    runner = Runner(opts)
    runner.prepare(create=False)
    threads = default_local_threads()
    slots = local_slots(opts.max_connections, workers)
    t0 = time.perf_counter()
    servers = [LocalModelServer(str(local_model_path()), n_parallel=slots, n_threads=threads) for _ in range(workers)]
    urls = [s.start() for s in servers]
    load = time.perf_counter() - t0
    try:
        t0 = time.perf_counter()
        timings = asyncio.run(_ask(urls, runner.units, min(opts.max_connections, workers * slots)))
        wall = time.perf_counter() - t0
    finally:
        for s in servers:
            s.stop()

    def avg(key: str) -> float:
        return round(mean(t.get(key, 0) for t in timings), 1)

    n = len(runner.units)
    return {
        "bare_load_s": round(load, 2),
        "bare_wall_s": round(wall, 1),
        "bare_req_per_s": round(n / wall, 2),
        "prompt_tokens_evaluated": avg("prompt_n"),
        "prompt_tokens_cached": avg("cache_n"),
        "tokens_generated": avg("predicted_n"),
        "n_all": runner.sample.n_source_items if runner.sample else len(runner.items),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=1)
    args = ap.parse_args()
    threads = default_local_threads()
    print(
        f"cores {usable_cores()}, llama.cpp threads per server {threads}, "
        f"servers after {default_local_workers(threads)}, load average {os.getloadavg()}",
        flush=True,
    )
    for rep in range(args.repeats):
        order = list(CONFIGS) if rep % 2 == 0 else list(CONFIGS)[::-1]
        rates: dict[str, float] = {}
        for name in order:
            extra = CONFIGS[name]
            with tempfile.TemporaryDirectory() as d:
                cw, n = command_run(Path(d) / "quick", extra)
            rates[name] = n / cw
            workers = int(extra[1]) if extra else default_local_workers(threads)
            bare = bare_run(workers)
            row = {
                "repeat": rep,
                "config": name,
                "servers": workers,
                "command_wall_s": round(cw, 1),
                "command_requests": n,
                "command_req_per_s": round(n / cw, 2),
                **bare,
                "projected_all_min_at_command_rate": round(bare["n_all"] / (n / cw) / 60, 1),
                "load_average_after": [round(x, 2) for x in os.getloadavg()],
            }
            print(json.dumps(row), flush=True)
        print(json.dumps({"repeat": rep, "command_rate_after_over_before": round(rates["after"] / rates["before"], 2)}), flush=True)


if __name__ == "__main__":
    main()
