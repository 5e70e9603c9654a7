"""Scale: ≥ 5,000 real Lean statements through parse → generate → certify, on the local
process pool and on Ray, and how the time grows from 500 to 5,000 statements.

The statements are the shared Mathlib sample (``../shared/data/mathlib``, 18 files) plus
the bundled corpus, replicated with renamed theorems (each replica wrapped in
``namespace CbRepK``) until there are enough; they are read by the real-source loader
(:mod:`certibench.corpus.lean_source`), so each is a closed statement with its context.

Stages, per size N and executor:

* parse — load the replicated sources and parse + elaborate the first N closed statements
  (in this process; the same for both executors);
* generate — :func:`certibench.generate.pipeline.generate_items` on the N sources;
* certify — :func:`certibench.verify.certifier.certify_items` on the generated items.

Both executors get the same worker budget (``--jobs`` processes locally; a local Ray with
``--jobs`` CPUs, or ``--ray-address``).  Ray start-up is timed once, apart.  The generated
JSONL of the two executors is compared byte for byte at every size.  Rates are absolute
(statements/s) and as ratios measured in this same run (Ray / local; time(N) / time(500)
against N / 500 — linear growth gives equal ratios).  The figures depend on the machine's
load: on a shared machine, read the ratios, not the absolute rates.

Run: ``python benchmarks/scale_bench.py [--sizes 500,1000,2500,5000] [--jobs 2]
[--families syntactic,quantifier,notation] [--json OUT]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from certibench.corpus.bundled import bundled_lean_root, corpus_files
from certibench.generate.pipeline import SourceStatement, generate_items, load_sources, write_items
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration
from certibench.parallel import init_ray
from certibench.schema import Item
from certibench.verify.certifier import certify_items
from certibench.verify.ray_pool import select_executor


def _shared_data() -> Path:
    """``$CERTIBENCH_SHARED_DATA``, else the first ``shared/data`` beside a parent folder
    (the checkout's sibling ``../shared/data``, also from a git worktree)."""
    env = os.environ.get("CERTIBENCH_SHARED_DATA")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "shared" / "data").is_dir():
            return parent / "shared" / "data"
    return here.parents[2] / "shared" / "data"


DATA = _shared_data()


def build_corpus(root: Path, want: int) -> int:
    """Replicas of the Mathlib sample + bundled corpus under ``root`` until ≥ ``want``
    theorems; returns the number of replicas."""
    sources: list[tuple[str, str]] = []
    mathlib = DATA / "mathlib"
    if mathlib.is_dir():
        for f in sorted(mathlib.rglob("*.lean")):
            sources.append((f.relative_to(mathlib).as_posix(), f.read_text(encoding="utf-8")))
    for f in corpus_files(bundled_lean_root()):
        sources.append((f"Certibench/{f.name}", f.read_text(encoding="utf-8")))
    per_replica = sum(t.count("\ntheorem ") + t.count("\nlemma ") + t.count("] theorem ") for _, t in sources)
    replicas = max(1, -(-want * 5 // 4 // max(1, per_replica)))  # a margin for statements that do not parse
    for k in range(replicas):
        for rel, text in sources:
            lines = text.splitlines()
            # keep `module`/`import` headers first (as Lean requires), wrap the rest
            head = [ln for ln in lines if ln.startswith(("import ", "public import ", "module"))]
            body = [ln for ln in lines if ln not in head]
            out = root / f"rep{k}" / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text("\n".join([*head, f"namespace CbRep{k}", *body, f"end CbRep{k}", ""]), encoding="utf-8")
    return replicas


def parse_stage(sources: list[SourceStatement]) -> tuple[float, int]:
    t0 = time.perf_counter()
    ok = 0
    for s in sources:
        try:
            parse_declaration(s.statement)
            ok += 1
        except ParseError:
            pass
    return time.perf_counter() - t0, ok


def run_one(
    sources: list[SourceStatement], executor_name: str, args: argparse.Namespace, workdir: Path
) -> dict[str, Any]:
    executor = select_executor(executor_name, ray_address=args.ray_address)
    fams = [f for f in args.families.split(",") if f]
    t0 = time.perf_counter()
    outcomes = generate_items(sources, fams, seed=0, timeout=args.timeout, jobs=args.jobs, executor=executor)
    t_gen = time.perf_counter() - t0
    out = workdir / f"items_{executor_name}_{len(sources)}.jsonl"
    n_items = write_items(out, outcomes)
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    items = [Item.model_validate(it) for o in outcomes for it in o.items]
    t1 = time.perf_counter()
    rows = certify_items(
        items, jobs=args.jobs, timeout=args.timeout, backends=("z3",), cvc5_recheck=False, executor=executor
    )
    t_cert = time.perf_counter() - t1
    return {
        "executor": executor_name,
        "statements": len(sources),
        "items": n_items,
        "pairs": len(rows),
        "certified": sum(1 for r in rows if r.verdict == "certified"),
        "generate_s": round(t_gen, 2),
        "certify_s": round(t_cert, 2),
        "generate_stmt_per_s": round(len(sources) / t_gen, 2),
        "certify_pairs_per_s": round(len(rows) / t_cert, 2) if t_cert else None,
        "end_to_end_stmt_per_s": round(len(sources) / (t_gen + t_cert), 2),
        "items_sha256": digest,
    }


def _diff(a: Path, b: Path) -> list[dict[str, Any]]:
    """Which items differ between two runs, and in which fields (solver timeouts under load
    can turn a certified rewrite into an undecided one in either run)."""
    la, lb = a.read_text(encoding="utf-8").splitlines(), b.read_text(encoding="utf-8").splitlines()
    out: list[dict[str, Any]] = []
    if len(la) != len(lb):
        ids_a = {json.loads(x)["id"] for x in la}
        ids_b = {json.loads(x)["id"] for x in lb}
        for side, ids in (("only_local", ids_a - ids_b), ("only_ray", ids_b - ids_a)):
            for i in sorted(ids):
                out.append({"id": i, "theorem_id": i.split("__", 1)[0], "fields": [side]})
        return out
    for x, y in zip(la, lb, strict=True):
        if x != y:
            dx, dy = json.loads(x), json.loads(y)
            out.append({"id": dx.get("id"), "theorem_id": dx.get("theorem_id"),
                        "fields": sorted(k for k in dx if dx[k] != dy.get(k))})  # fmt: skip
    return out


def _recheck(sources: list[SourceStatement], tids: set[str], args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """Generate the statements whose items differed again on both executors with a generous
    solver timeout: equal bytes show the difference came from a timeout under load, not
    from the executor."""
    srcs = [s for s in sources if s.theorem_id in tids]
    fams = [f for f in args.families.split(",") if f]
    digests = {}
    for ex in ("local", "ray"):
        out = generate_items(srcs, fams, seed=0, timeout=args.recheck_timeout, jobs=args.jobs,
                             executor=select_executor(ex, ray_address=args.ray_address))  # fmt: skip
        path = tmp / f"recheck_{ex}.jsonl"
        write_items(path, out)
        digests[ex] = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"statements": len(srcs), "timeout_s": args.recheck_timeout, "identical": digests["local"] == digests["ray"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="500,1000,2500,5000")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes locally / CPUs of the local Ray")
    ap.add_argument("--families", default="syntactic,quantifier,notation")
    ap.add_argument("--timeout", type=float, default=5.0, help="per-check solver timeout (s)")
    ap.add_argument("--executors", default="local,ray")
    ap.add_argument("--recheck-timeout", type=float, default=60.0,
                    help="solver timeout for re-generating the statements whose items differ between executors")
    ap.add_argument("--ray-address", default=None)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    executors = [e for e in args.executors.split(",") if e]
    report: dict[str, Any] = {"sizes": sizes, "jobs": args.jobs, "families": args.families, "runs": []}
    tmp = Path(tempfile.mkdtemp(prefix="cb_scale_"))
    try:
        t0 = time.perf_counter()
        replicas = build_corpus(tmp / "src", max(sizes))
        all_sources, errors = load_sources(str(tmp / "src"))
        t_load = time.perf_counter() - t0
        report["corpus"] = {
            "replicas": replicas, "closed_statements": len(all_sources), "not_closed": len(errors),
            "load_s": round(t_load, 2), "mathlib_sample": (DATA / "mathlib").is_dir(),
        }  # fmt: skip
        print(f"corpus: {replicas} replica(s), {len(all_sources)} closed statements "
              f"({len(errors)} not closed) loaded in {t_load:.1f}s", flush=True)  # fmt: skip
        # statements that parse (generate would only report the others)
        parsed: list[SourceStatement] = []
        for s in all_sources:
            try:
                parse_declaration(s.statement)
                parsed.append(s)
            except ParseError:
                continue
        if len(parsed) < max(sizes):
            print(f"only {len(parsed)} parseable statements; sizes capped", file=sys.stderr)
            sizes = [n for n in sizes if n <= len(parsed)] or [len(parsed)]
        if "ray" in executors:
            t = time.perf_counter()
            init_ray(args.ray_address, num_cpus=None if args.ray_address else args.jobs)
            generate_items(parsed[:4], ["syntactic"], jobs=1, executor=select_executor("ray"))  # warm the workers
            report["ray_startup_s"] = round(time.perf_counter() - t, 2)
            print(f"ray start-up (once): {report['ray_startup_s']}s", flush=True)
        for n in sizes:
            srcs = parsed[:n]
            tp, ok = parse_stage(all_sources[: n])
            report["runs"].append({"stage": "parse", "statements": n, "seconds": round(tp, 3),
                                   "stmt_per_s": round(n / tp, 1), "parsed": ok})  # fmt: skip
            print(f"N={n}: parse {tp:.2f}s ({n / tp:.0f} stmt/s, {ok} parsed)", flush=True)
            for ex in executors:
                r = run_one(srcs, ex, args, tmp)
                report["runs"].append({"stage": "generate+certify", **r})
                print(f"N={n} {ex:5}: generate {r['generate_s']}s ({r['generate_stmt_per_s']} stmt/s), "
                      f"certify {r['certify_s']}s ({r['pairs']} pairs, {r['certified']} certified), "
                      f"end-to-end {r['end_to_end_stmt_per_s']} stmt/s, sha {r['items_sha256'][:12]}", flush=True)  # fmt: skip
        # ratios in this run
        runs = [r for r in report["runs"] if r["stage"] == "generate+certify"]
        summary: list[dict[str, Any]] = []
        for ex in executors:
            mine = sorted((r for r in runs if r["executor"] == ex), key=lambda r: r["statements"])
            base = mine[0]
            for r in mine:
                tot = r["generate_s"] + r["certify_s"]
                btot = base["generate_s"] + base["certify_s"]
                summary.append({"executor": ex, "statements": r["statements"],
                                "size_ratio": round(r["statements"] / base["statements"], 2),
                                "time_ratio": round(tot / btot, 2)})  # fmt: skip
        report["growth"] = summary
        if {"local", "ray"} <= set(executors):
            same = []
            for n in sizes:
                a = next(r for r in runs if r["executor"] == "local" and r["statements"] == n)
                b = next(r for r in runs if r["executor"] == "ray" and r["statements"] == n)
                entry = {"statements": n, "identical_items": a["items_sha256"] == b["items_sha256"],
                         "ray_over_local_time": round((b["generate_s"] + b["certify_s"]) /
                                                      (a["generate_s"] + a["certify_s"]), 2)}  # fmt: skip
                if not entry["identical_items"]:
                    diffs = _diff(tmp / f"items_local_{n}.jsonl", tmp / f"items_ray_{n}.jsonl")
                    entry["differences"] = diffs[:20]
                    entry["differing_items"] = len(diffs)
                    entry["recheck"] = _recheck(parsed[:n], {d["theorem_id"] for d in diffs}, args, tmp)
                same.append(entry)
            report["local_vs_ray"] = same
        print("\ngrowth (time ratio vs size ratio; linear = equal):")
        for g in summary:
            print(f"  {g['executor']:5} N={g['statements']:5}: size ×{g['size_ratio']:<5} time ×{g['time_ratio']}")
        for s in report.get("local_vs_ray", []):
            print(f"  N={s['statements']}: identical items local vs ray: {s['identical_items']}; "
                  f"ray/local time {s['ray_over_local_time']}")
            if "recheck" in s:
                rc = s["recheck"]
                print(f"    {s['differing_items']} item(s) differ; their {rc['statements']} statement(s) re-generated "
                      f"with a {rc['timeout_s']:g}s solver timeout: identical on both executors: {rc['identical']}")
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
