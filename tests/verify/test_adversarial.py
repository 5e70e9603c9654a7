"""The labelled adversarial suite (``adversarial_pairs.py``) through the whole certifier:
0 false certifications, 0 refutations of equivalent pairs, malformed input → ``error``,
every refutation with a concrete counterexample."""

from __future__ import annotations

import pytest

from certibench.verify.certifier import certify_pair

from .adversarial_pairs import CASES


@pytest.mark.parametrize("case", CASES, ids=[f"{c.cls}-{i}" for i, c in enumerate(CASES)])
def test_adversarial_pair(case) -> None:  # type: ignore[no-untyped-def]
    res = certify_pair(case.a, case.b, tier="T1")
    detail = f"{case.cls}: {case.a!r} vs {case.b!r} -> {res.verdict}: {res.reason[:300]}"
    if case.label == "bad":
        assert res.verdict == "error", detail
        return
    assert res.verdict != "error", detail
    if case.label == "diff":
        assert res.verdict != "certified", detail
    else:
        assert res.verdict != "refuted", detail
        if case.must:
            assert res.verdict == "certified", detail
    if res.verdict == "refuted":
        assert res.certificate.counterexample, detail
