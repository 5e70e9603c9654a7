"""Renderer throughput (Z3, SymPy, English) on the real statement corpora.

Statements are parsed once; each renderer is then timed over the parsed ASTs.  Ratios are
against a baseline measured in the same process: ``canonical_key`` (one full traversal of
each AST, the cheapest pass over the same trees).  Also reports how often each renderer
accepts a statement, and the Z3 solve time for the FormInv statements.  Run:
``python benchmarks/render_bench.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from certibench.logic.ast import Declaration, canonical_key
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration
from certibench.logic.render_english import EnglishUnsupported, render_english
from certibench.logic.render_sympy import SympyUnsupported, to_sympy
from certibench.logic.render_z3 import TranslationError, Z3Translator, check_valid

DATA = Path(os.environ.get("CERTIBENCH_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
SOURCES = (("lean-statements/minif2f.jsonl", "formal_statement"), ("forminv/forminv_v3_103.jsonl", "lean4_statement"))


def load() -> dict[str, list[Declaration]]:
    out: dict[str, list[Declaration]] = {}
    for rel, field in SOURCES:
        p = DATA / rel
        if not p.exists():
            continue
        seen: dict[str, None] = {}
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.strip():
                seen.setdefault(json.loads(line)[field], None)
        decls = []
        for text in seen:
            try:
                decls.append(parse_declaration(text))
            except ParseError:
                pass
        out[rel] = decls
    return out


def z3_translate(d: Declaration) -> Any:
    return Z3Translator().translate(d)


def timed(fn: Callable[[Declaration], Any], items: list[Declaration], errors: tuple[type, ...], repeat: int) -> tuple[float, int]:
    best = float("inf")
    ok = 0
    for _ in range(repeat):
        ok = 0
        t0 = time.perf_counter()
        for d in items:
            try:
                fn(d)
                ok += 1
            except errors:
                pass
        best = min(best, time.perf_counter() - t0)
    return best, ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--solve-timeout-ms", type=int, default=2000)
    args = ap.parse_args()
    corpora = load()
    if not corpora:
        raise SystemExit(f"no reference data under {DATA}")
    for name, decls in corpora.items():
        n = len(decls)
        base, _ = timed(canonical_key, decls, (), args.repeat)
        print(f"\n{name}: {n} parsed statements; baseline canonical_key {base * 1e3:.1f} ms total")
        for label, fn, errs in (
            ("z3 translate", z3_translate, (TranslationError,)),
            ("english", render_english, (EnglishUnsupported,)),
            ("sympy", to_sympy, (SympyUnsupported,)),
        ):
            t, ok = timed(fn, decls, errs, args.repeat)
            print(
                f"  {label:13s} {t * 1e3:8.1f} ms  {t / n * 1e6:8.1f} µs/stmt  ×{t / base:6.1f} baseline  "
                f"accepted {ok}/{n} ({100 * ok / n:.1f} %)"
            )
    inv = corpora.get("forminv/forminv_v3_103.jsonl")
    if inv:
        times: list[float] = []
        verdicts: dict[str, int] = {}
        for d in inv:
            t = Z3Translator()
            try:
                f = t.translate(d)
            except TranslationError:
                continue
            t0 = time.perf_counter()
            v, _ = check_valid(f, t.axioms, args.solve_timeout_ms)
            times.append(time.perf_counter() - t0)
            verdicts[v] = verdicts.get(v, 0) + 1
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"\nZ3 validity of FormInv canonical statements alone: {verdicts}; "
            f"median {statistics.median(times) * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms"
        )


if __name__ == "__main__":
    main()
