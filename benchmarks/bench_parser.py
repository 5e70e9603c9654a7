"""Parser throughput on the real statement corpora (miniF2F + FormInv).

Prints absolute times and ratios against a baseline measured in the same process: the
tokenizer alone (the cheapest pass over the same text).  Run:
``python benchmarks/bench_parser.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration, parse_raw_declaration, tokenize
from certibench.logic.render_lean import render_lean

DATA = Path(os.environ.get("CERTIBENCH_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


def load() -> list[str]:
    out: dict[str, None] = {}
    for rel, field in (("lean-statements/minif2f.jsonl", "formal_statement"), ("forminv/forminv_v3_103.jsonl", "lean4_statement")):
        p = DATA / rel
        if not p.exists():
            continue
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.setdefault(json.loads(line)[field], None)
    return list(out)


def timed(fn, items, repeat: int) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for x in items:
            try:
                fn(x)
            except ParseError:
                pass
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    stmts = load()
    if not stmts:
        print(f"no reference data under {DATA}; set CERTIBENCH_SHARED_DATA", file=sys.stderr)
        return 2
    decls = []
    for s in stmts:
        try:
            decls.append(parse_declaration(s))
        except ParseError:
            pass
    rendered = [render_lean(d) for d in decls]
    base = timed(tokenize, stmts, args.repeat)
    rows = [
        ("tokenize (baseline)", base, len(stmts)),
        ("parse raw tree", timed(parse_raw_declaration, stmts, args.repeat), len(stmts)),
        ("parse + elaborate", timed(parse_declaration, stmts, args.repeat), len(stmts)),
        ("render_lean", timed(render_lean, decls, args.repeat), len(decls)),
        ("re-parse rendered", timed(parse_declaration, rendered, args.repeat), len(rendered)),
    ]
    print(f"{len(stmts)} distinct statements ({len(decls)} parsed), best of {args.repeat}")
    print(f"{'step':<22}{'total s':>10}{'µs/stmt':>10}{'× baseline':>12}")
    for name, t, n in rows:
        print(f"{name:<22}{t:>10.3f}{1e6 * t / max(n, 1):>10.0f}{t / base:>12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
