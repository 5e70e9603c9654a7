"""Parser throughput on the real statement corpora (miniF2F + FormInv), and on large inputs.

Prints absolute times and ratios against a baseline measured in the same process: the
tokenizer alone (the cheapest pass over the same text).  The large inputs of issue 8 (200
nested parentheses, 2,000 conjuncts, 5,000 binders) are timed for parse + elaborate,
render, re-parse and the statement key, each against tokenizing the same text.  Run:
``python benchmarks/bench_parser.py [--repeat N] [--skip-corpus]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from certibench.logic.ast import statement_key
from certibench.logic.deep import deep_call
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration, tokenize
from certibench.logic.pratt import parse_raw_declaration
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


LARGE = {
    "200 nested parentheses": "theorem t (x : ℕ) : " + "(" * 200 + "x + 1" + ")" * 200 + " > 0",
    "2,000 conjuncts": "theorem t (x : ℕ) : " + " ∧ ".join(f"x + {i} > {i}" for i in range(2000)),
    "5,000 binders": "theorem t " + " ".join(f"(x{i} : ℕ)" for i in range(5000)) + " : x0 + x4999 ≥ 0",
}


def large_inputs(repeat: int) -> None:
    print(f"\nlarge inputs, best of {repeat} (× = ratio to tokenizing the same text)")
    print(f"{'input':<24}{'chars':>7}{'parse s':>9}{'×':>7}{'render s':>10}{'re-parse s':>12}{'key s':>8}  round-trip")
    for name, text in LARGE.items():
        base = timed(tokenize, [text], repeat)
        t_parse = timed(parse_declaration, [text], repeat)
        d = parse_declaration(text)
        t_render = timed(render_lean, [d], repeat)
        r = render_lean(d)
        t_back = timed(parse_declaration, [r], repeat)
        t_key = timed(statement_key, [d], repeat)
        ok = deep_call(lambda: parse_declaration(r) == d)  # noqa: B023 - evaluated immediately
        print(f"{name:<24}{len(text):>7}{t_parse:>9.3f}{t_parse / base:>7.0f}{t_render:>10.3f}{t_back:>12.3f}"
              f"{t_key:>8.3f}  {ok}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-corpus", action="store_true", help="only the large inputs")
    args = ap.parse_args()
    large_inputs(args.repeat)
    if args.skip_corpus:
        return 0
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
