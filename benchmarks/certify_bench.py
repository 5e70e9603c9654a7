"""Certifier throughput on real T1 pairs: ``--jobs N`` isolated workers vs the same checks
sequentially in this process.

Pairs: each FormInv v3_103 canonical statement (../shared/data) rewritten by every
applicable T1 rule (F4 notation, F6 order, F7 unfolding, F8 equivalents) of the family
library; the paraphrase is the rewritten formula rendered back to Lean text.  Every pair
goes through the full path (parse both texts, abstraction, Z3 equivalence + vacuity
queries, SMT-LIB2 scripts for the certificate).

    python benchmarks/certify_bench.py [--jobs 2] [--limit 300] [--timeout 10] [--data DIR]

Prints pairs/s for both runs, their ratio, median and p99 seconds per check, and the
verdict counts (target: >= 50 T1 pairs/s with --jobs 2 on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from certibench.schema import Item


def t1_pairs(data: Path, limit: int) -> list[Item]:
    from certibench.families.registry import get_family
    from certibench.families.rules import candidate_rewrites
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_lean import render_lean

    rows = [json.loads(line) for line in (data / "forminv" / "forminv_v3_103.jsonl").open(encoding="utf-8")]
    canon = [r for r in rows if r["family"] == "canonical"]
    items: list[Item] = []
    n_pairs = 0
    for r in canon:
        prop = parse_declaration(r["lean4_statement"]).as_prop()
        items.append(Item(id=r["id"], theorem_id=r["theorem_id"], family="canonical", lean4_statement=r["lean4_statement"]))
        for fid in ("F4", "F6", "F7", "F8"):
            for k, app in enumerate(candidate_rewrites(get_family(fid), prop)[:3]):
                items.append(
                    Item(
                        id=f"{r['theorem_id']}_{fid}_{k}_{app.rule.name}",
                        theorem_id=r["theorem_id"],
                        family=fid,
                        lean4_statement=render_lean(app.result),
                    )
                )
                n_pairs += 1
                if n_pairs >= limit:
                    return items
    return items


def per_check_seconds(rows: list) -> list[float]:
    return [float(r.certificate.get("timings", {}).get("total", 0.0)) for r in rows]


def p99(xs: list[float]) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(round(0.99 * (len(ys) - 1))))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=300, help="maximum number of T1 pairs")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--backends", default="z3,sympy")
    ap.add_argument("--no-cvc5", action="store_true", help="skip the cvc5 replay of decisive Z3 certificates")
    ap.add_argument("--data", type=Path, default=Path(os.environ.get("CERTIBENCH_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data")))
    args = ap.parse_args(argv)
    if not (args.data / "forminv" / "forminv_v3_103.jsonl").exists():
        print(f"reference data not found under {args.data}; set --data or CERTIBENCH_SHARED_DATA", file=sys.stderr)
        return 2
    from certibench.verify.certifier import certify_items, summarize

    backends = tuple(b for b in args.backends.split(",") if b)
    items = t1_pairs(args.data, args.limit)
    n = sum(1 for it in items if not it.is_canonical)
    print(
        f"{n} T1 pairs from {sum(1 for it in items if it.is_canonical)} FormInv canonical statements; "
        f"backends={backends}; cvc5 replay={'off' if args.no_cvc5 else 'on'}; cores={os.cpu_count()}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )

    # warm-up (imports, solver start-up) outside the timed region, in this process
    cvc5 = not args.no_cvc5
    certify_items(items[:4], jobs=0, timeout=args.timeout, backends=backends, cvc5_recheck=cvc5)

    t0 = time.perf_counter()
    seq = certify_items(items, jobs=0, timeout=args.timeout, backends=backends, cvc5_recheck=cvc5)
    t_seq = time.perf_counter() - t0

    t0 = time.perf_counter()
    par = certify_items(items, jobs=args.jobs, timeout=args.timeout, backends=backends, cvc5_recheck=cvc5)
    t_par = time.perf_counter() - t0

    for label, rows, secs in (("sequential, 1 process", seq, t_seq), (f"pool --jobs {args.jobs}", par, t_par)):
        xs = per_check_seconds(rows)
        print(
            f"{label:>22}: {n / secs:7.1f} pairs/s  ({secs:6.2f} s total)  "
            f"per check median {statistics.median(xs) * 1000:6.1f} ms  p99 {p99(xs) * 1000:7.1f} ms"
        )
    print(f"{'speed-up':>22}: {t_seq / t_par:.2f}x (pool vs sequential)")
    same = sum(1 for a, b in zip(seq, par, strict=True) if a.verdict == b.verdict)
    print(f"{'verdicts agree':>22}: {same}/{n}")
    counts = {k: v for k, v in summarize(par).items() if v}
    print(f"{'verdicts':>22}: {counts}")
    fam = Counter((r.family, r.verdict) for r in par)
    print(f"{'by family':>22}: {dict(sorted(fam.items()))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
