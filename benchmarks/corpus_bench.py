"""Speed of the corpus layer against plain baselines run in the same process (ratios).

    python benchmarks/corpus_bench.py [--copies 100] [--leaves 100000]

1. FormInv import (``load_forminv``: parse, convert, validate, duplicate check, provenance)
   on forminv_v3_103.jsonl replicated ``--copies`` times (ids made unique), against
   (a) bare ``json.loads`` per line and (b) ``json.loads`` + ``Item.model_validate``.
2. MathCheck import of gsm_checklist.json against ``json.load`` + ``Item.model_validate``.
3. LeanDojo Benchmark 4 reading (``load_benchmark4``, statements rebuilt from states) on the
   fixture replicated, against ``json.load`` + ``LeanDojoTheorem.model_validate``.
4. ``ConceptTree.rollup`` over a synthetic 4-level tree with ``--leaves`` leaves against a
   dict-of-parents loop computing the same per-ancestor means.

Needs ../shared/data (or CERTIBENCH_SHARED_DATA) for 1–2; prints what it skips.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("CERTIBENCH_SHARED_DATA", REPO.parent / "shared" / "data"))


def timed(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def row(name: str, ours: float, base: float, n: int, base_name: str) -> None:
    print(f"  {name:<34} {n:>9,} recs  ours {ours * 1e3:9.1f} ms  {base_name} {base * 1e3:9.1f} ms  ratio {ours / base:6.2f}x")


def bench_forminv(copies: int, tmp: Path) -> None:
    from certibench.corpus.forminv import load_forminv
    from certibench.schema import Item

    src = DATA / "forminv" / "forminv_v3_103.jsonl"
    if not src.exists():
        print(f"  skip FormInv: {src} absent")
        return
    lines = [json.loads(x) for x in src.read_text(encoding="utf-8").splitlines() if x.strip()]
    big = tmp / "forminv_big.jsonl"
    with big.open("w", encoding="utf-8") as fh:
        for c in range(copies):
            for rec in lines:
                fh.write(json.dumps({**rec, "id": f"{rec['id']}#{c}"}, ensure_ascii=False) + "\n")
    n = len(lines) * copies

    def bare() -> int:
        with big.open(encoding="utf-8") as fh:
            return sum(1 for line in fh if json.loads(line))

    def validated() -> int:
        with big.open(encoding="utf-8") as fh:
            return len([Item.model_validate(json.loads(line)) for line in fh])

    t_ours, (items, errors) = timed(lambda: load_forminv(big), repeat=2)
    assert len(items) == n and not errors
    t_bare, _ = timed(bare, repeat=2)
    t_val, _ = timed(validated, repeat=2)
    row("FormInv import", t_ours, t_bare, n, "json.loads")
    row("FormInv import", t_ours, t_val, n, "json+Item")


def bench_mathcheck() -> None:
    from certibench.corpus.mathcheck import load_mathcheck
    from certibench.schema import Item

    src = DATA / "mathcheck" / "gsm_checklist.json"
    if not src.exists():
        print(f"  skip MathCheck: {src} absent")
        return

    def baseline() -> int:
        raw = json.loads(src.read_text(encoding="utf-8"))
        return len([Item.model_validate({**r, "id": r["id"], "nl_question": r["question"]}) for r in raw])

    t_ours, (items, _) = timed(lambda: load_mathcheck(src))
    t_base, n = timed(baseline)
    row("MathCheck import", t_ours, t_base, n, "json+Item")


def bench_leandojo(copies: int, tmp: Path) -> None:
    from certibench.corpus.leandojo import LeanDojoTheorem, load_benchmark4

    fixture = REPO / "tests" / "fixtures" / "leandojo_benchmark4_sample.json"
    raw = json.loads(fixture.read_text(encoding="utf-8"))
    big = tmp / "ld_big.json"
    recs = [{**r, "full_name": f"{r['full_name']}_{c}"} for c in range(copies * 25) for r in raw]
    big.write_text(json.dumps(recs, ensure_ascii=False), encoding="utf-8")

    def baseline() -> int:
        return len([LeanDojoTheorem.model_validate(r) for r in json.loads(big.read_text(encoding="utf-8"))])

    t_ours, (theorems, _) = timed(lambda: load_benchmark4(big))
    t_base, n = timed(baseline)
    row("LeanDojo Benchmark 4 read", t_ours, t_base, n, "json+model")


def bench_rollup(n_leaves: int) -> None:
    from certibench.corpus.concepts import ConceptTree

    rng = random.Random(0)
    topics = [f"a{i % 7}/s{i % 53}/c{i % 997}/leaf{i}" for i in range(n_leaves)]
    t_build, tree = timed(lambda: ConceptTree.from_topics(topics), repeat=1)
    leaves = tree.leaves()
    values = {leaf: rng.random() for leaf in leaves}

    parent = {n: tree.parent(n) for n in tree.graph}
    level = {n: tree.graph.nodes[n]["level"] for n in tree.graph}

    def baseline() -> dict[str, float]:
        sums: dict[str, float] = {}
        cnt: dict[str, int] = {}
        for leaf, v in values.items():
            a = leaf
            while level[a] > 2:
                a = parent[a]
            sums[a] = sums.get(a, 0.0) + v
            cnt[a] = cnt.get(a, 0) + 1
        return {a: sums[a] / cnt[a] for a in sums}

    t_ours, ours = timed(lambda: tree.rollup(values, 2))
    t_base, base = timed(baseline)
    assert ours.keys() == base.keys() and all(abs(ours[k] - base[k]) < 1e-9 for k in ours)
    import networkx as nx

    def plain_build() -> nx.DiGraph:
        g = nx.DiGraph()
        for t in topics:
            parts = t.split("/")
            g.add_edges_from(("/".join(parts[:i]) or "(root)", "/".join(parts[: i + 1])) for i in range(len(parts)))
        return g

    t_plain, _ = timed(plain_build, repeat=1)
    row("ConceptTree.from_topics (build)", t_build, t_plain, n_leaves, "nx edges")
    row("ConceptTree.rollup (level 2)", t_ours, t_base, len(values), "dict loop")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--copies", type=int, default=100, help="replicate FormInv v3_103 this many times (default 100 = 76,000 items)")
    ap.add_argument("--leaves", type=int, default=100_000, help="leaves of the synthetic concept tree")
    args = ap.parse_args()
    print(f"corpus layer benchmarks (reference data: {DATA})")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        bench_forminv(args.copies, tmp)
        bench_mathcheck()
        bench_leandojo(args.copies, tmp)
    bench_rollup(args.leaves)


if __name__ == "__main__":
    main()
