"""English throughput on the bundled corpus: rendering, reading back (Earley parse with
explicit ambiguity + textbook typing + elaboration) and the full round trip.

Prints absolute times per sentence and ratios against a baseline measured in the same
process: elaborating the same statements with ``parse_declaration`` (the Lean parser the
reader also calls once per reading).  Reading is uncached here (the reader's per-text
cache is cleared before every pass).  Run: ``python benchmarks/english_bench.py
[--limit N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

from certibench.corpus.bundled import load_bundled
from certibench.logic.english import english_round_trip, read_english
from certibench.logic.english.reader import _parser, _read_cached
from certibench.logic.parser import parse_declaration
from certibench.logic.render_english import EnglishUnsupported, render_english


def timed(fn: Callable[[Any], Any], items: Sequence[Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        _read_cached.cache_clear()
        t0 = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=120, help="statements of the bundled corpus to use")
    ap.add_argument("--repeat", type=int, default=2, help="passes per measurement (best is kept)")
    args = ap.parse_args()
    _parser()  # grammar compilation is a one-off cost, measured separately below
    t0 = time.perf_counter()
    _parser.cache_clear()
    _parser()
    compile_s = time.perf_counter() - t0

    stmts = [s.statement for s in load_bundled()[: args.limit]]
    decls = [parse_declaration(s) for s in stmts]
    pairs = []
    for d in decls:
        try:
            pairs.append((d, render_english(d)))
        except EnglishUnsupported:
            continue
    texts = [t for _, t in pairs]

    base = timed(parse_declaration, stmts, args.repeat)
    render = timed(render_english, [d for d, _ in pairs], args.repeat)
    read = timed(read_english, texts, args.repeat)
    trip = timed(lambda p: english_round_trip(*p), pairs, args.repeat)
    n = len(pairs)
    print(f"grammar compilation: {compile_s:.2f} s (once per process)")
    print(f"{n} sentences (of {len(stmts)} statements); per sentence, best of {args.repeat}:")
    for name, t in (("parse_declaration (baseline)", base), ("render_english", render), ("read_english", read),
                    ("english_round_trip", trip)):  # fmt: skip
        per = t / (len(stmts) if name.startswith("parse") else n)
        print(f"  {name:<30} {per * 1000:8.1f} ms   ratio to baseline {per / (base / len(stmts)):7.1f}x")


if __name__ == "__main__":
    main()
