"""Completeness of the rewrite certificates, measured without hand-written cases.

Random statements from the bundled corpus are rewritten by 1–4 random applicable T1 rules
(F4 notation, F6 order, F7 unfolding, F8 equivalents), chosen with a fresh random seed on
every run (printed, so a failure can be replayed with ``CERTIBENCH_COMPLETENESS_SEED``).
Every such pair means the same thing by construction; the certifier must certify at least
90 % of them and refute none."""

from __future__ import annotations

import os
import random

from certibench.corpus.bundled import load_bundled
from certibench.families.apply import closed_declaration
from certibench.families.registry import get_family
from certibench.families.rules import candidate_rewrites
from certibench.logic.parser import parse_declaration
from certibench.logic.render_lean import render_lean
from certibench.verify.certifier import certify_pair

N_PAIRS = 120


def _random_pairs(seed: int, n: int) -> list[tuple[str, str, list[str]]]:
    rng = random.Random(seed)
    families = [get_family(f) for f in ("F4", "F6", "F7", "F8")]
    statements = load_bundled()
    out: list[tuple[str, str, list[str]]] = []
    tries = 0
    while len(out) < n and tries < n * 20:
        tries += 1
        st = rng.choice(statements)
        decl = parse_declaration(st.statement)
        prop = decl.as_prop()
        used: list[str] = []
        for _ in range(rng.randint(1, 4)):
            cands = [c for f in families for c in candidate_rewrites(f, prop)]
            if not cands:
                break
            app = rng.choice(cands)
            prop = app.result
            used.append(app.rule.name)
        if not used:
            continue
        para = render_lean(closed_declaration(decl, prop, "paraphrase"))
        out.append((st.statement, para, used))
    return out


def test_random_rule_chains_are_certified_and_never_refuted() -> None:
    seed = int(os.environ.get("CERTIBENCH_COMPLETENESS_SEED") or random.SystemRandom().randrange(2**32))
    pairs = _random_pairs(seed, N_PAIRS)
    assert len(pairs) >= N_PAIRS // 2, f"seed {seed}: too few applicable rules found"
    verdicts: dict[str, int] = {}
    failures = []
    for canonical, paraphrase, used in pairs:
        res = certify_pair(canonical, paraphrase, family="F8", backends=("rewrite", "smt"))
        verdicts[res.verdict] = verdicts.get(res.verdict, 0) + 1
        if res.verdict != "certified":
            failures.append((used, canonical, paraphrase, res.verdict, res.reason[:200]))
    share = verdicts.get("certified", 0) / len(pairs)
    detail = "\n".join(map(str, failures[:10]))
    assert verdicts.get("refuted", 0) == 0, f"seed {seed}: an equivalent pair was refuted\n{detail}"
    assert share >= 0.90, f"seed {seed}: only {share:.1%} certified ({verdicts})\n{detail}"
