"""SMT evidence: JSON, replay (``recheck``) and what it reports when something no longer
holds; counterexamples for one statement (``find_false_instance``); the solver runner's
budget and safety net."""

from __future__ import annotations

import copy
import json

import pytest

from certibench.verify.backends.z3 import check_pair, find_false_instance, recheck, run_z3


def _d(text: str):
    from certibench.logic.parser import parse_declaration

    return parse_declaration(text)


@pytest.fixture(scope="module")
def refuted() -> dict:
    out = check_pair(_d("theorem t (p q : ℕ → Prop) : ∀ x, p x ∨ q x"), _d("theorem t (p q : ℕ → Prop) : (∀ x, p x) ∨ (∀ x, q x)"), cvc5=False)
    assert out.verdict == "refuted"
    return json.loads(json.dumps(out.evidence))  # through JSON, as stored


@pytest.fixture(scope="module")
def certified() -> dict:
    out = check_pair(_d("theorem t (P Q : ℕ → Prop) : ∀ n : ℕ, P n → Q n"), _d("theorem t (P Q : ℕ → Prop) : ∀ n : ℕ, ¬ Q n → ¬ P n"), cvc5=False)
    assert out.verdict == "certified"
    return json.loads(json.dumps(out.evidence))


def test_counterexample_is_a_pair_of_finite_tables(refuted: dict) -> None:
    cex = refuted["counterexample"]
    values = {v["name"]: v["value"] for v in cex["values"]}
    assert set(values) == {"p", "q"}
    for v in values.values():
        assert set(v) == {"table", "default"}
    assert cex["lhs"] is True and cex["rhs"] is False


def test_replay_of_untouched_evidence_holds(refuted: dict, certified: dict) -> None:
    for ev, verdict in ((refuted, "refuted"), (certified, "certified")):
        r = recheck(ev, cvc5=False)
        assert r.ok, r.problems
        assert r.verdict == verdict and r.solver_verdicts["z3"] == verdict


def test_replay_reports_a_tampered_counterexample(refuted: dict) -> None:
    ev = copy.deepcopy(refuted)
    for v in ev["counterexample"]["values"]:
        v["value"] = {"table": [], "default": True}  # p = q = λ _, True: the sides agree
    r = recheck(ev, cvc5=False)
    assert not r.ok
    assert any("counterexample" in p for p in r.problems)
    ev = copy.deepcopy(refuted)
    ev["counterexample"]["values"][0]["value"] = 7  # not a function value
    assert any("not a value of its type" in p for p in recheck(ev, cvc5=False).problems)


def test_replay_reports_a_changed_answer_or_script(certified: dict) -> None:
    ev = copy.deepcopy(certified)
    ev["queries"][0]["answer"] = "sat"
    r = recheck(ev, cvc5=False)
    assert not r.ok and any("z3 now says unsat, recorded sat" in p for p in r.problems)
    ev = copy.deepcopy(certified)
    q = ev["queries"][0]
    # drop every assertion: the script no longer states the equivalence query
    q["smt2"] = q["smt2"].split("(assert", 1)[0] + "(check-sat)\n"
    r = recheck(ev, cvc5=False)
    assert not r.ok
    ev = copy.deepcopy(certified)
    ev["queries"][1]["smt2"] = "(this is not smt-lib"
    assert not recheck(ev, cvc5=False).ok


def test_replay_through_cvc5_where_installed(certified: dict) -> None:
    pytest.importorskip("cvc5")
    r = recheck(certified, cvc5=True)
    assert r.ok, r.problems
    assert r.solver_verdicts.get("cvc5") == "certified"


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("theorem t (n : ℕ) (h : n > 2) : n ^ 2 > 10", {"n": 3}),
        ("theorem t (x : ℤ) : x / 2 * 2 = x", None),  # some odd x; checked below
        ("theorem t (a b : ℕ) : a - b + b = a", None),
    ],
)
def test_find_false_instance(text: str, expect: dict | None) -> None:
    from certibench.logic.concrete import evaluate, value_from_json

    cex = find_false_instance(_d(text))
    assert cex is not None and cex.lhs is False and cex.rhs is None
    values = {v.name: v.value for v in cex.values}
    if expect is not None:
        assert values == expect
    d = _d(text)
    sorts = {b.name: b.sort for b in d.binders if b.sort is not None}
    env = {k: value_from_json(v, sorts[k]) for k, v in values.items()}
    body = d.prop
    for b in reversed(d.binders):
        if b.hyp is not None:
            from certibench.logic.ast import PROP, BinOp

            body = BinOp("→", b.hyp, body, PROP)
    assert evaluate(body, env) is False


def test_find_false_instance_gives_tables_and_refuses_what_it_cannot_evaluate() -> None:
    cex = find_false_instance(_d("theorem t (p : ℕ → Prop) : ∀ x, p x"))
    assert cex is not None and cex.lhs is False
    table = cex.values[0].value
    assert set(table) == {"table", "default"}
    assert table["default"] is False or any(row[1] is False for row in table["table"])
    assert find_false_instance(_d("theorem t (n : ℕ) : n + 0 = n")) is None  # true
    assert find_false_instance(_d("theorem t (x : ℝ) : Real.tanh x < 1")) is None  # no meaning for tanh
    assert find_false_instance(_d("theorem t {G : Type*} [Group G] (a : G) : a * a = a")) is None  # no concrete group


def test_wall_clock_is_only_a_safety_net() -> None:
    script = (
        "(declare-fun x () Int)(declare-fun y () Int)(declare-fun z () Int)"
        "(assert (> x 0))(assert (> y 0))(assert (> z 0))(assert (= (+ (* x x x) (* y y y)) (* z z z)))(check-sat)"
    )
    r = run_z3(script, rlimit=10**9, wall_clock=0.2)
    assert r.answer == "unknown" and "safety net" in r.reason
    r = run_z3(script, rlimit=20_000, wall_clock=60)
    assert r.answer == "unknown" and "resource limit of 20000 units" in r.reason
