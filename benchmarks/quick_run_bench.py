"""Benchmark: the quick default run (`certibench run`, bundled local model) - wall time and
rate, against the bare local model answering the same requests in this process.

* **command**: ``certibench run --out DIR -q`` as a subprocess, exactly what a newcomer
  types (interpreter start, imports, loading the GGUF, the quick sample, the report); wall
  time from start to exit, and requests/s over that wall time.
* **bare**: the same GGUF served by ``xllamacpp`` in this process (same threads and
  parallel slots as the command), the same chat messages and sampling parameters sent from
  ``AsyncOpenAI`` with the command's concurrency; wall time of the requests alone.

Printed: both wall times and rates, the ratio of the rates (the toolkit's share of the
model's own speed), the projected time of ``certibench run --all`` at the command's rate,
and the load average (the machine may be shared: run it twice and report both).

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

from openai import AsyncOpenAI

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

from certibench.run.adapters import LocalModelServer, default_local_threads  # noqa: E402
from certibench.run.defaults import local_model_path  # noqa: E402
from certibench.run.engine import Runner  # noqa: E402
from certibench.run.options import RunOptions  # noqa: E402


def command_run(out: Path) -> tuple[float, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "certibench.cli.main", "run", "--out", str(out), "-q"],
        capture_output=True, text=True, env=env, cwd=out.parent, check=False,
    )
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"certibench run failed ({proc.returncode}):\n{proc.stderr}")
    n = sum(1 for line in (out / "responses.jsonl").read_text().splitlines() if line.strip())
    return wall, n


async def _ask(base_url: str, units: list, conc: int) -> None:
    client = AsyncOpenAI(base_url=base_url, api_key="none", max_retries=0, timeout=300)
    queue = list(units)

    async def worker() -> None:
        while queue:
            u = queue.pop()
            p = {k: v for k, v in u.params.items() if k in ("temperature", "max_tokens", "top_p", "seed")}
            await client.chat.completions.create(model=u.spec.name, messages=u.messages, **p)

    await asyncio.gather(*(worker() for _ in range(conc)))
    await client.close()


def bare_run() -> tuple[float, int, int]:
    opts = RunOptions(quick=True, progress=False, report=False, use_cache=False)
    runner = Runner(opts)
    runner.prepare(create=False)
    conc = max(1, min(opts.max_connections, 4))  # what the engine gives the local server
    srv = LocalModelServer(str(local_model_path()), n_parallel=conc, n_threads=opts.local_threads)
    base = srv.start()
    try:
        t0 = time.perf_counter()
        asyncio.run(_ask(base, runner.units, conc))
        wall = time.perf_counter() - t0
    finally:
        srv.stop()
    return wall, len(runner.units), runner.sample.n_source_items if runner.sample else len(runner.items)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=1)
    args = ap.parse_args()
    print(f"cores {os.cpu_count()}, llama.cpp threads {default_local_threads()}, load average {os.getloadavg()}")
    for rep in range(args.repeats):
        with tempfile.TemporaryDirectory() as d:
            cw, n = command_run(Path(d) / "quick")
        bw, nb, n_all = bare_run()
        print(
            json.dumps(
                {
                    "repeat": rep,
                    "command_wall_s": round(cw, 1),
                    "command_requests": n,
                    "command_req_per_s": round(n / cw, 2),
                    "bare_wall_s": round(bw, 1),
                    "bare_requests": nb,
                    "bare_req_per_s": round(nb / bw, 2),
                    "rate_ratio_command_over_bare": round((n / cw) / (nb / bw), 2),
                    "all_items": n_all,
                    "projected_all_min_at_command_rate": round(n_all / (n / cw) / 60, 1),
                    "load_average_after": [round(x, 2) for x in os.getloadavg()],
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
