"""Verdicts depend on the pair and the options only: not on the family label (beyond the
tier it implies), the batch a pair shares a worker with, ``--jobs``, or the machine's load.
``generate`` output is byte-identical for ``--jobs 1`` and ``--jobs 2``."""

from __future__ import annotations

import multiprocessing as mp
import os
import time
from pathlib import Path

from certibench.schema import Item
from certibench.verify.certifier import certify_items, certify_pair

from .adversarial_pairs import CASES

PAIRS = [c for c in CASES if c.cls in ("determinism", "vacuity", "legit", "legit-broken", "mathlib-equiv")][:40]


def _items() -> list[Item]:
    out = []
    for k, c in enumerate(PAIRS):
        out.append(Item(id=f"p{k}__canonical", theorem_id=f"p{k}", family="canonical", lean4_statement=c.a))
        out.append(Item(id=f"p{k}__F8", theorem_id=f"p{k}", family="F8", lean4_statement=c.b))
    return out


def _verdicts(rows) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    return [(r.id, r.verdict, r.reason) for r in rows]


def _burn(stop: float) -> None:
    x = 0
    while time.time() < stop:
        x += 1


def test_same_verdict_for_any_family_label() -> None:
    for c in PAIRS[:15]:
        got = {certify_pair(c.a, c.b, family=f).verdict for f in ("F4", "F6", "F7", "F8")}
        assert len(got) == 1, (c.a, c.b, got)


def test_same_verdicts_for_any_jobs_and_under_load() -> None:
    items = _items()
    seq = _verdicts(certify_items(items, jobs=0))
    par = _verdicts(certify_items(items, jobs=2))
    assert seq == par
    # a machine loaded by other processes gives the same decisions
    ctx = mp.get_context("fork")
    burners = [ctx.Process(target=_burn, args=(time.time() + 60,)) for _ in range(max(2, os.cpu_count() or 2))]
    for b in burners:
        b.start()
    try:
        loaded = _verdicts(certify_items(list(reversed(items)), jobs=2))
    finally:
        for b in burners:
            b.kill()
            b.join()
    assert sorted(loaded) == sorted(seq)


def test_generate_output_is_byte_identical_for_any_jobs(tmp_path: Path) -> None:
    from certibench.corpus.bundled import load_bundled
    from certibench.generate.pipeline import SourceStatement, generate_items, write_items

    sts = load_bundled()[:12]
    srcs = [SourceStatement(theorem_id=s.name, statement=s.statement, source="bundled") for s in sts]
    outs = []
    for jobs in (1, 2):
        res = generate_items(srcs, seed=7, false_siblings=True, jobs=jobs)
        p = tmp_path / f"items{jobs}.jsonl"
        write_items(p, res)
        outs.append(p.read_bytes())
    assert outs[0] == outs[1]
    assert outs[0].count(b"\n") > 0
