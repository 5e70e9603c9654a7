"""Benchmark: the model client of `certibench run`, against an instant loopback server.

The OpenAI-compatible stub (tests/openai_stub_server.py) runs in its own process and
answers at once, so what is measured is the client side.  Two parts, side by side in one
run (ratios matter more than seconds on a shared machine):

1. **Client throughput** (in this process, ``--requests`` = 10,000 chat completions at
   ``--concurrency`` = 64): requests/s of

   * ``certibench``: :class:`certibench.run.adapters.OpenAIAdapter` (the lean keep-alive
     client of :mod:`certibench.run.httpclient`, pool = 64 connections, orjson);
   * ``aiohttp``: an ``aiohttp.ClientSession`` with a 64-connection pool (if installed);
   * ``httpx``: an ``httpx.AsyncClient`` with a 64-connection pool;
   * ``openai SDK``: ``AsyncOpenAI.chat.completions.create`` (httpx underneath).

   Target: certibench >= 500 requests/s.

2. **Whole process** (``--process-requests`` = 1,000 TRUE/FALSE items, 64 connections):
   wall time of each command as a user runs it, start-up and imports included, one after
   the other in alternating order, median of ``--repeats``:

   * ``certibench run --items I -m openai:stub --base-url URL -c 64 --out DIR`` (default
     options: it also scores, caches, writes run.json and the report - report.json and the
     report.html with its inline SVG charts); the same with ``--no-report`` shows the share of the
     report;
   * a bare ``AsyncOpenAI`` loop script (64 workers, nothing but the requests);
   * ``inspect eval`` of the same 1,000 questions with ``--max-connections 64`` (from
     ``--inspect``, a Python environment with inspect_ai; skipped with the reason if absent).

   Targets: certibench >= 3x faster than the AsyncOpenAI loop and >= 5x faster than inspect_ai.

    python benchmarks/run_bench.py [--requests 10000] [--process-requests 1000] [--repeats 3]
        [--inspect /path/to/venv/bin/python]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STUB = ROOT / "tests" / "openai_stub_server.py"
SYSTEM = "You are evaluating mathematical statements. Answer TRUE or FALSE."


def start_stub() -> tuple[subprocess.Popen[str], str]:
    p = subprocess.Popen([sys.executable, str(STUB), "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None
    line = p.stdout.readline()
    if not line.startswith("LISTENING "):
        p.kill()
        raise RuntimeError(f"stub server did not start: {line!r}")
    return p, line.split()[1]


def questions(n: int, tag: str) -> list[str]:
    return [f"[{tag}] For every natural number n, n + {k} >= {k}. TRUE or FALSE?" for k in range(n)]


def chats(n: int, tag: str) -> list[list[dict[str, str]]]:
    return [[{"role": "system", "content": SYSTEM}, {"role": "user", "content": q}] for q in questions(n, tag)]


# ----------------------------------------------------------------------------- part 1
async def _drive(n_workers: int, items: list[Any], call: Any) -> int:
    it = iter(items)
    done = 0

    async def worker() -> None:
        nonlocal done
        for x in it:
            await call(x)
            done += 1

    await asyncio.gather(*(worker() for _ in range(n_workers)))
    return done


async def bench_certibench(url: str, msgs: list[Any], c: int) -> float:
    from certibench.run.adapters import OpenAIAdapter
    from certibench.run.specs import parse_model_spec

    a = OpenAIAdapter(parse_model_spec("openai:stub", base_url=url), max_connections=c, timeout=60)
    params = {"temperature": 0.0, "max_tokens": 16}
    out: list[str] = []

    async def call(m: Any) -> None:
        out.append((await a.complete(m, params)).text)

    t0 = time.perf_counter()
    await _drive(c, msgs, call)
    dt = time.perf_counter() - t0
    await a.aclose()
    assert len(out) == len(msgs) and set(out) <= {"TRUE", "FALSE"}
    return dt


async def bench_aiohttp(url: str, msgs: list[Any], c: int) -> float:
    import aiohttp

    conn = aiohttp.TCPConnector(limit=c)
    out: list[str] = []
    async with aiohttp.ClientSession(connector=conn) as s:

        async def call(m: Any) -> None:
            async with s.post(url + "/chat/completions", json={"model": "stub", "messages": m, "temperature": 0.0, "max_tokens": 16}) as r:
                out.append((await r.json())["choices"][0]["message"]["content"])

        t0 = time.perf_counter()
        await _drive(c, msgs, call)
        dt = time.perf_counter() - t0
    assert len(out) == len(msgs)
    return dt


async def bench_httpx(url: str, msgs: list[Any], c: int) -> float:
    import httpx

    out: list[str] = []
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=c, max_keepalive_connections=c), timeout=60) as s:

        async def call(m: Any) -> None:
            r = await s.post(url + "/chat/completions", json={"model": "stub", "messages": m, "temperature": 0.0, "max_tokens": 16})
            out.append(r.json()["choices"][0]["message"]["content"])

        t0 = time.perf_counter()
        await _drive(c, msgs, call)
        dt = time.perf_counter() - t0
    assert len(out) == len(msgs)
    return dt


async def bench_sdk(url: str, msgs: list[Any], c: int) -> float:
    from openai import AsyncOpenAI

    client = AsyncOpenAI(base_url=url, api_key="bench", max_retries=0)
    out: list[str] = []

    async def call(m: Any) -> None:
        r = await client.chat.completions.create(model="stub", messages=m, temperature=0.0, max_tokens=16)
        out.append(r.choices[0].message.content or "")

    t0 = time.perf_counter()
    await _drive(c, msgs, call)
    dt = time.perf_counter() - t0
    await client.close()
    assert len(out) == len(msgs)
    return dt


CLIENTS = {"certibench": bench_certibench, "aiohttp": bench_aiohttp, "httpx": bench_httpx, "openai SDK": bench_sdk}


def part1(url: str, n: int, c: int, sdk_max: int) -> dict[str, float]:
    rates: dict[str, float] = {}
    for name, fn in CLIENTS.items():
        try:
            if name == "aiohttp":
                import aiohttp  # noqa: F401
        except ImportError:
            print(f"  {name}: not installed (pip install aiohttp to compare)", flush=True)
            continue
        k = min(n, sdk_max) if name in ("openai SDK", "httpx") else n
        asyncio.run(fn(url, chats(min(200, k), f"warm-{name}"), c))
        dt = asyncio.run(fn(url, chats(k, f"p1-{name}"), c))
        rates[name] = k / dt
        print(f"  {name:<12} {k:>6} requests at c={c}: {rates[name]:8.0f} requests/s ({dt:.2f}s)", flush=True)
    return rates


# ----------------------------------------------------------------------------- part 2
BARE_SDK = textwrap.dedent(
    """
    import asyncio, json, sys
    from openai import AsyncOpenAI

    async def main(url, path, c):
        qs = [json.loads(x)["nl_question"] for x in open(path)]
        client = AsyncOpenAI(base_url=url, api_key="bench", max_retries=0)
        it, out = iter(qs), []
        async def worker():
            for q in it:
                r = await client.chat.completions.create(model="stub", temperature=0.0, max_tokens=16, messages=[
                    {"role": "system", "content": SYSTEM}, {"role": "user", "content": q}])
                out.append(r.choices[0].message.content)
        await asyncio.gather(*(worker() for _ in range(c)))
        await client.close()
        assert len(out) == len(qs)

    SYSTEM = sys.argv[4]
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
    """
)

INSPECT_TASK = textwrap.dedent(
    """
    import json, os
    from inspect_ai import Task, task
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.scorer import match
    from inspect_ai.solver import generate, system_message

    @task
    def truefalse():
        rows = [json.loads(x) for x in open(os.environ["BENCH_ITEMS"])]
        ds = MemoryDataset([Sample(id=r["id"], input=r["nl_question"], target=r["ground_truth"]) for r in rows])
        return Task(dataset=ds, solver=[system_message(os.environ["BENCH_SYSTEM"]), generate()], scorer=match())
    """
)


def timed(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:4])} ... failed ({r.returncode}):\n{r.stderr[-3000:]}")
    return dt


def find_inspect(arg: str | None) -> tuple[str | None, str]:
    cands = [arg] if arg else [sys.executable, "/tmp/inspect-venv/bin/python"]
    for py in cands:
        if py and Path(py).exists():
            r = subprocess.run([py, "-c", "import inspect_ai, openai; print(inspect_ai.__version__)"], capture_output=True, text=True)
            if r.returncode == 0:
                return py, r.stdout.strip()
    return None, "inspect_ai not importable (pip install inspect-ai, or pass --inspect PYTHON of an env that has it)"


def part2(url: str, n: int, c: int, repeats: int, inspect_py: str | None, tmp: Path) -> dict[str, list[float]]:
    items = tmp / "items.jsonl"
    with items.open("w") as fh:
        for k, q in enumerate(questions(n, "p2")):
            fh.write(json.dumps({"id": f"q{k}", "nl_question": q.removesuffix(" TRUE or FALSE?"), "ground_truth": "TRUE"}) + "\n")
    env = dict(os.environ, OPENAI_API_KEY="bench", PYTHONPATH=os.pathsep.join(
        p for p in (str(ROOT / "python"), os.environ.get("PYTHONPATH", "")) if p))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pyc")  # as installed packages have their .pyc
    bare = tmp / "bare_sdk.py"
    bare.write_text(BARE_SDK)
    task = tmp / "inspect_task.py"
    task.write_text(INSPECT_TASK)
    ienv = dict(env, BENCH_ITEMS=str(items), BENCH_SYSTEM=SYSTEM, INSPECT_LOG_DIR=str(tmp / "ilogs"))
    ienv.pop("PYTHONPATH", None)

    def certibench(k: int, extra: tuple[str, ...] = ()) -> float:
        out = tmp / f"run{k}{''.join(extra)}"
        shutil.rmtree(out, ignore_errors=True)
        dt = timed([sys.executable, "-m", "certibench.cli.main", "run", "--items", str(items), "-m", "openai:stub",
                    "--base-url", url, "-c", str(c), "--out", str(out), *extra], env)
        # every item asked and answered over the network (the cache lives in the run dir)
        rows = [json.loads(x) for x in (out / "responses.jsonl").read_text().splitlines() if x.strip()]
        assert len(rows) == n and not any(r.get("error") for r in rows), (len(rows), n)
        assert not any((r.get("meta") or {}).get("cached") for r in rows)
        return dt

    def sdk(k: int) -> float:
        return timed([sys.executable, str(bare), url, str(items), str(c), SYSTEM], env)

    def inspect(k: int) -> float:
        assert inspect_py is not None
        return timed([inspect_py, "-m", "inspect_ai", "eval", task.name, "--model", "openai/stub", "--model-base-url", url,
                      "--max-connections", str(c), "--display", "none", "--log-dir", str(tmp / f"ilogs{k}"), "--no-score-display"],
                     ienv, cwd=tmp)

    runners = {"certibench run": certibench, "certibench --no-report": lambda k: certibench(k, ("--no-report",)),
               "AsyncOpenAI loop": sdk}
    if inspect_py:
        runners["inspect_ai"] = inspect
    times: dict[str, list[float]] = {k: [] for k in runners}
    for fn in runners.values():  # warm-up: bytecode caches, page cache
        fn(-1)
    for rep in range(repeats):
        order = list(runners.items())
        if rep % 2:
            order.reverse()
        for name, fn in order:
            times[name].append(fn(rep))
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=10_000, help="part 1: requests per client")
    ap.add_argument("--sdk-requests", type=int, default=2_000, help="part 1: requests for the slow clients (httpx, SDK)")
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--process-requests", type=int, default=1_000, help="part 2: items per whole-process run")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--inspect", default=None, help="python executable of an environment with inspect_ai")
    ap.add_argument("--skip", default="", help="comma list: part1, part2")
    a = ap.parse_args(argv)
    skip = {s.strip() for s in a.skip.split(",") if s.strip()}
    proc, url = start_stub()
    print(f"loopback stub {url}; python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}", flush=True)
    result: dict[str, Any] = {}
    try:
        if "part1" not in skip:
            print(f"part 1: client throughput at {a.concurrency} connections", flush=True)
            rates = part1(url, a.requests, a.concurrency, a.sdk_requests)
            result["rates"] = rates
            if "certibench" in rates:
                others = ", ".join(f"{rates['certibench'] / v:.1f}x {k}" for k, v in rates.items() if k != "certibench")
                print(f"  certibench vs: {others}")
                print(f"target: >= 500 requests/s client-side: {rates['certibench']:.0f} "
                      f"({'met' if rates['certibench'] >= 500 else 'NOT met'})", flush=True)
        if "part2" not in skip:
            inspect_py, why = find_inspect(a.inspect)
            print(f"part 2: whole process, {a.process_requests} items, {a.concurrency} connections, "
                  f"median of {a.repeats}; inspect_ai: {why if inspect_py is None else why + ' at ' + inspect_py}", flush=True)
            with tempfile.TemporaryDirectory() as td:
                times = part2(url, a.process_requests, a.concurrency, a.repeats, inspect_py, Path(td))
            med = {k: statistics.median(v) for k, v in times.items()}
            result["process_s"] = med
            for k, v in med.items():
                print(f"  {k:<18} {v:7.2f}s  (runs: {', '.join(f'{x:.2f}' for x in times[k])})")
            cb = med["certibench run"]
            nr = med["certibench --no-report"]
            r_sdk = med["AsyncOpenAI loop"] / cb
            print(f"target: >= 3x faster than the AsyncOpenAI loop: {r_sdk:.1f}x ({'met' if r_sdk >= 3 else 'NOT met'}); "
                  f"without the report {med['AsyncOpenAI loop'] / nr:.1f}x")
            if "inspect_ai" in med:
                r_insp = med["inspect_ai"] / cb
                print(f"target: >= 5x faster than inspect_ai: {r_insp:.1f}x ({'met' if r_insp >= 5 else 'NOT met'}); "
                      f"without the report {med['inspect_ai'] / nr:.1f}x")
            else:
                print(f"target: >= 5x faster than inspect_ai: not measured ({why})")
    finally:
        proc.terminate()
        proc.wait(10)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
