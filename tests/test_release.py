"""The bundled release (python/certibench/data/release/items.jsonl + proofs/): a sample of
its certificates is re-checked from scratch — T1 pairs re-certified from their Lean texts,
saved SMT-LIB2 scripts re-run through Z3, FALSE siblings refuted by their counterexamples."""

from __future__ import annotations

import hashlib
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from certibench.generate.false_siblings import peel
from certibench.logic.concrete import concrete_value
from certibench.logic.parser import parse_declaration

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "python" / "certibench" / "data" / "release" / "items.jsonl"
PROOFS = REPO / "proofs"


@pytest.fixture(scope="module")
def release() -> list[dict]:
    if not RELEASE.exists():
        pytest.skip(f"{RELEASE} not generated (see README: certibench generate --corpus bundled ...)")
    return [json.loads(line) for line in RELEASE.read_text(encoding="utf-8").splitlines()]


def _sample(rows: list[dict], n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    return rng.sample(rows, min(n, len(rows)))


def test_release_shape(release: list[dict]) -> None:
    ids = [r["id"] for r in release]
    assert len(ids) == len(set(ids))
    canon = [r for r in release if r["family"] == "canonical" and r["ground_truth"] == "TRUE"]
    assert len(canon) >= 150
    fams = {r["family"] for r in release}
    assert fams >= {"canonical", "syntactic", "quantifier", "passive", "notation", "variation", "order", "unpack",
                    "equivalent"}
    by_tid = {r["theorem_id"] for r in canon}
    for r in release:
        if r["family"] != "canonical":
            assert r["theorem_id"] in by_tid
        assert r["nl_question"] and r["lean4_statement"]
        if r["family"] != "canonical" or r["ground_truth"] == "FALSE":
            v = r["certificate"]["verdict"]
            # the release carries only items that meet their tier's evidence (T3: review pending)
            expected = {"T1": "certified", "T2": "certified", "T3": "needs_review"}.get(r.get("tier"), "refuted")
            assert v == expected, (r["id"], v)


def test_sample_of_t1_pairs_recertifies_from_the_texts(release: list[dict]) -> None:
    from certibench.verify.certifier import certify_pair

    canon = {r["theorem_id"]: r for r in release if r["family"] == "canonical"}
    t1 = [r for r in release if r.get("tier") == "T1"]
    for r in _sample(t1, 12, seed=1):
        axioms = [a for step in r["provenance"]["rule_trace"] for a in step["axioms"]]
        res = certify_pair(canon[r["theorem_id"]]["lean4_statement"], r["lean4_statement"], family=r["family"],
                           axioms=axioms, backends=("z3", "sympy"), timeout=10.0)
        assert res.verdict == "certified", (r["id"], res.reason)


def test_sample_of_saved_smt2_scripts_replay_in_z3() -> None:
    import z3

    scripts = sorted((PROOFS / "certificates").glob("*.smt2")) if PROOFS.is_dir() else []
    if not scripts:
        pytest.skip("proofs/ has no SMT-LIB2 scripts (regenerate the release)")
    for path in _sample([{"p": p} for p in scripts], 12, seed=2):
        s = z3.Solver()
        s.set("timeout", 10000)
        s.from_string(path["p"].read_text(encoding="utf-8"))
        # every saved equivalence script asserts the negated equivalence: unsat = proved
        assert s.check() == z3.unsat, path["p"].name


def test_sample_of_false_siblings_is_refuted(release: list[dict]) -> None:
    sibs = [r for r in release if r["ground_truth"] == "FALSE"]
    assert len(sibs) >= 50
    for r in _sample(sibs, 25, seed=3):
        prop = parse_declaration(r["lean4_statement"]).as_prop()
        p = peel(prop)
        env = {k: (Fraction(v) if isinstance(v, str) else v) for k, v in r["certificate"]["counterexample"].items()}
        assert all(concrete_value(h, env) for h in p.hyps), r["id"]
        assert concrete_value(p.concl, env) is False, r["id"]


def test_manifest_digests_match_certificate_files() -> None:
    manifest_path = PROOFS / "MANIFEST.json"
    if not manifest_path.exists():
        pytest.skip("proofs/MANIFEST.json absent (regenerate the release)")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    digests = manifest["certificates"]
    assert sum(manifest["verdicts"].values()) == len(digests)
    for item_id in _sample([{"i": k} for k in digests], 40, seed=4):
        text = (PROOFS / "certificates" / f"{item_id['i']}.json").read_bytes()
        assert hashlib.sha256(text).hexdigest() == digests[item_id["i"]]
