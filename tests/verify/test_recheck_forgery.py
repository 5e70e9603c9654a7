"""`certibench recheck` trusts nothing a certificate says about itself: forged certificates
(evidence moved onto other statements, a verdict its evidence cannot support, a
"counterexample" between identical statements) fail the re-check; genuine ones pass."""

from __future__ import annotations

import copy
import json

import pytest

from certibench.verify.certifier import certify_pair
from certibench.verify.recheck import recheck_certificate


def _cert(a: str, b: str) -> dict:
    res = certify_pair(a, b, tier="T1")
    return json.loads(res.certificate.model_dump_json())


@pytest.fixture(scope="module")
def smt_cert() -> dict:
    c = _cert("theorem t (x y : ℝ) : max x y = x", "theorem t (x y : ℝ) : y ≤ x")
    assert c["verdict"] == "certified" and c.get("smt"), c["verdict"]
    return c


@pytest.fixture(scope="module")
def chain_cert() -> dict:
    c = _cert("theorem t (a b : ℕ) : a < b", "theorem t (a b : ℕ) : a + 1 ≤ b")
    assert c["verdict"] == "certified" and c.get("chain")
    return c


def test_genuine_certificates_recheck(smt_cert: dict, chain_cert: dict) -> None:
    assert recheck_certificate("smt", smt_cert).status == "ok"
    assert recheck_certificate("chain", chain_cert).status == "ok"
    ref = _cert("theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : a + b = b + a + 1")
    assert ref["verdict"] == "refuted"
    assert recheck_certificate("ref", ref).status == "ok"


def test_smt_evidence_moved_onto_other_statements_fails(smt_cert: dict) -> None:
    forged = copy.deepcopy(smt_cert)
    forged["canonical_lean"] = "theorem t (x y : ℝ) : x < y"
    forged["paraphrase_lean"] = "theorem t (x y : ℝ) : y < x"
    out = recheck_certificate("A", forged)
    assert out.status == "failed" and "derived again" in out.reason


def test_a_verdict_its_evidence_cannot_support_fails(chain_cert: dict) -> None:
    forged = copy.deepcopy(chain_cert)
    forged["verdict"] = "refuted"
    assert recheck_certificate("C", forged).status == "failed"
    ident = {"version": 2, "verdict": "refuted", "evidence": "identical", "backend": "identical",
             "canonical_lean": "theorem t (a : ℕ) : a = a", "paraphrase_lean": "theorem t (a : ℕ) : a = a"}
    assert recheck_certificate("D", ident).status == "failed"
    bare = {"version": 2, "verdict": "certified", "evidence": "none",
            "canonical_lean": "theorem t (a : ℕ) : a = a", "paraphrase_lean": "theorem t (a : ℕ) : a = 0"}
    assert recheck_certificate("F", bare).status == "failed"


def test_a_counterexample_must_tell_the_statements_apart() -> None:
    same = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "smt",
            "canonical_lean": "theorem t (a b : ℕ) : a ≤ b", "paraphrase_lean": "theorem t (a b : ℕ) : a ≤ b",
            "counterexample": {"a": 1, "b": 0}}
    out = recheck_certificate("B", same)
    assert out.status == "failed" and "same formula" in out.reason
    both_false = {**same, "canonical_lean": "theorem t (a b : ℕ) : a + 1 ≤ b"}
    out = recheck_certificate("B2", both_false)
    assert out.status == "failed" and "other statement fails" in out.reason
