"""Certifier throughput on real T1 pairs, per kind of evidence.

Pairs: canonical statements (FormInv v3_103 from ../shared/data when present, else the
bundled corpus) each rewritten by one or two applicable T1 rules (F4 notation, F6 order,
F7 unfolding, F8 equivalents); the paraphrase is the rewritten formula rendered back to
Lean text.  Every pair goes through the whole certifier (parse both texts, shortcuts,
backends, certificate).  Four runs in this one process, same pairs:

* rewrite certificates only (``--backends rewrite``), sequential and ``--jobs N``;
* SMT only (``--backends smt``), sequential and ``--jobs N``.

    python benchmarks/certify_bench.py [--jobs 2] [--limit 300] [--data DIR]

Prints pairs/s, the ``--jobs`` speed-up, median and p99 seconds per pair and the verdict
counts (target: ≥ 100 T1 pairs/s with rewrite certificates at --jobs 2 on 2 cores, p99 per
pair ≤ 1 s).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from certibench.schema import Item


def _statements(data: Path) -> list[tuple[str, str]]:
    f = data / "forminv" / "forminv_v3_103.jsonl"
    if f.exists():
        rows = [json.loads(line) for line in f.open(encoding="utf-8")]
        return [(r["theorem_id"], r["lean4_statement"]) for r in rows if r["family"] == "canonical"]
    from certibench.corpus.bundled import load_bundled

    return [(s.name, s.statement) for s in load_bundled()]


def t1_items(data: Path, limit: int, seed: int = 0) -> list[Item]:
    from certibench.families.apply import closed_declaration
    from certibench.families.registry import get_family
    from certibench.families.rules import candidate_rewrites
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_lean import render_lean

    rng = random.Random(seed)
    fams = [get_family(f) for f in ("F4", "F6", "F7", "F8")]
    items: list[Item] = []
    n = 0
    for tid, text in _statements(data):
        try:
            decl = parse_declaration(text)
        except Exception:
            continue
        items.append(Item(id=f"{tid}__canonical", theorem_id=tid, family="canonical", lean4_statement=text))
        for k in range(4):
            prop = decl.as_prop()
            used = []
            for _ in range(rng.randint(1, 2)):
                cands = [c for f in fams for c in candidate_rewrites(f, prop)]
                if not cands:
                    break
                app = rng.choice(cands)
                prop = app.result
                used.append(app.rule.name)
            if not used:
                break
            para = render_lean(closed_declaration(decl, prop, "p"))
            items.append(Item(id=f"{tid}__{k}_{'+'.join(used)}", theorem_id=tid, family="F8", lean4_statement=para))
            n += 1
            if n >= limit:
                return items
    return items


def p99(xs: list[float]) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(round(0.99 * (len(ys) - 1))))]


def run(items: list[Item], backends: tuple[str, ...], jobs: int) -> tuple[float, list, Counter]:
    from certibench.verify.certifier import certify_items

    t0 = time.perf_counter()
    rows = certify_items(items, jobs=jobs, backends=backends)
    dt = time.perf_counter() - t0
    return dt, rows, Counter(r.verdict for r in rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=300, help="number of T1 pairs")
    ap.add_argument("--data", type=Path, default=Path(os.environ.get("CERTIBENCH_SHARED_DATA",
                                                                        Path(__file__).resolve().parents[2] / "shared" / "data")))
    args = ap.parse_args(argv)
    items = t1_items(args.data, args.limit)
    n = sum(1 for it in items if not it.is_canonical)
    print(f"{n} T1 pairs from {sum(1 for it in items if it.is_canonical)} statements; {os.cpu_count()} CPUs; "
          f"load average {os.getloadavg()[0]:.2f}")
    # warm the caches (rule compilation) once, as a user's process would on its first pair
    run(items[:2], ("rewrite",), 0)
    results = {}
    for label, backends in (("rewrite", ("rewrite",)), ("smt", ("smt",))):
        for jobs in (0, args.jobs):
            dt, rows, verdicts = run(items, backends, jobs)
            per = [float(r.certificate.get("timings", {}).get("total", 0.0)) for r in rows]
            results[(label, jobs)] = n / dt
            what = "sequential" if jobs == 0 else f"--jobs {jobs}"
            print(f"{label:8} {what:11} {n / dt:8.1f} pairs/s   median {statistics.median(per) * 1000:7.1f} ms   "
                  f"p99 {p99(per) * 1000:8.1f} ms   {dict(verdicts)}")
        print(f"{label:8} speed-up --jobs {args.jobs} / sequential: {results[(label, args.jobs)] / results[(label, 0)]:.2f}x")
    print(f"rewrite / smt throughput at --jobs {args.jobs}: {results[('rewrite', args.jobs)] / results[('smt', args.jobs)]:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
