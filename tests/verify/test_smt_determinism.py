"""The SMT backend's verdict and evidence depend on the pair and the options only.

The same pairs are checked in this process (before and after unrelated solver work), in a
fresh interpreter, in parallel worker processes (other batches, other order) and while
another process burns CPU: identical verdicts and byte-identical evidence every time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from tests.helpers import REPO

PAIRS = [
    ("theorem t (p : ℕ) (h : p.Prime) : 2 ≤ p", "theorem t (p : ℕ) (h : p.Prime) : p ≥ 2"),  # certified
    ("theorem t (p q : ℕ → Prop) : ∀ x, p x ∨ q x", "theorem t (p q : ℕ → Prop) : (∀ x, p x) ∨ (∀ x, q x)"),  # refuted
    ("theorem t : Nat.Prime 7", "theorem t : Nat.Prime 7 ∧ ∀ x y : ℝ, x^2 + y^2 ≥ 2*x*y"),  # vacuous
    ("theorem t (a b : ℕ) : Nat.Coprime a b", "theorem t (a b : ℕ) : Nat.gcd a b = 1"),  # unknown
    ("theorem t (x : ℕ) : x < 5", "theorem t (x : ℕ) : x < 6"),  # refuted
    ("theorem t (P : ℕ → ℕ → Prop) : ∀ a b : ℕ, P a b → a % b = 0", "theorem t (P : ℕ → ℕ → Prop) : ∀ a b : ℕ, P a b → b ∣ a"),
    ("theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a", "theorem t {G : Type*} [Group G] (a b : G) : b * a = a * b"),
    ("theorem t (x : ℝ) (h : x ≠ 0) : x ^ 2 > 0", "theorem t (x : ℝ) (h : x ≠ 0) : x * x > 0"),
]


def run_pairs(pairs: list[tuple[str, str]]) -> list[str]:
    """``verdict`` + canonical JSON of the evidence for each pair (module-level: workers)."""
    from certibench.logic.parser import parse_declaration
    from certibench.verify.backends.z3 import check_pair

    out = []
    for a, b in pairs:
        o = check_pair(parse_declaration(a), parse_declaration(b), cvc5=False)
        out.append(o.verdict + "\n" + json.dumps(o.evidence, sort_keys=True, ensure_ascii=False))
    return out


def _unrelated_solver_work() -> None:
    import z3

    xs = [z3.Int(f"x{i}") for i in range(200)]
    s = z3.Solver()
    s.add(z3.Sum(xs) == 17, *[x >= 0 for x in xs], z3.Distinct(*xs[:20]))
    s.check()
    z3.simplify(z3.And(*[x * x >= 0 for x in xs]))


@pytest.fixture(scope="module")
def baseline() -> list[str]:
    return run_pairs(PAIRS)


def test_verdicts_cover_every_kind(baseline: list[str]) -> None:
    verdicts = {b.split("\n", 1)[0] for b in baseline}
    assert verdicts == {"certified", "refuted", "vacuous", "unknown"}


def test_same_process_after_unrelated_solver_work(baseline: list[str]) -> None:
    _unrelated_solver_work()
    assert run_pairs(PAIRS) == baseline
    # another order (other pairs checked before each one) changes nothing either
    assert run_pairs(PAIRS[::-1]) == baseline[::-1]


def test_fresh_interpreter(baseline: list[str]) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO / "python") + os.pathsep + str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    code = "import json; from tests.verify.test_smt_determinism import PAIRS, run_pairs; print(json.dumps(run_pairs(PAIRS)))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600, check=True)
    assert json.loads(proc.stdout) == baseline


def test_parallel_workers_other_batches(baseline: list[str]) -> None:
    batches = [PAIRS[0::2], PAIRS[1::2][::-1]]
    with ProcessPoolExecutor(max_workers=2) as pool:
        even, odd = pool.map(run_pairs, batches)
    assert even == baseline[0::2]
    assert odd == baseline[1::2][::-1]


def test_under_cpu_load(baseline: list[str]) -> None:
    burner = subprocess.Popen([sys.executable, "-c", "import time\nt=time.time()\nwhile time.time()-t<60: sum(range(10**5))"])
    try:
        time.sleep(0.2)
        assert run_pairs(PAIRS) == baseline
    finally:
        burner.kill()
        burner.wait()


def test_evidence_records_the_budget_and_no_timings(baseline: list[str]) -> None:
    from certibench.verify.backends.z3 import DEFAULT_RLIMIT

    ev = json.loads(baseline[0].split("\n", 1)[1])
    assert ev["budget"]["rlimit"] == DEFAULT_RLIMIT and "resource units" in ev["budget"]["unit"]
    text = json.dumps(ev)
    assert "seconds" not in text and "timings" not in text
    assert all(q["rlimit_used"] is not None and q["rlimit_used"] <= DEFAULT_RLIMIT for q in ev["queries"])


def test_a_tiny_budget_gives_unknown_never_another_decision() -> None:
    from certibench.logic.parser import parse_declaration
    from certibench.verify.backends.z3 import check_pair

    a, b = PAIRS[7]
    o = check_pair(parse_declaration(a), parse_declaration(b), rlimit=50, cvc5=False)
    assert o.verdict == "unknown", o.reason
    assert "resource limit of 50 units" in json.dumps(o.evidence["queries"])


def test_a_variable_exponent_on_the_reals_is_decided_within_the_budget() -> None:
    """Adversary round 30: with the ℕ-power recursion equations on ℝ, Z3's nonlinear real
    arithmetic ran 291 s on this pair having used a quarter of its rlimit, so the wall clock
    decided (another machine could answer otherwise).  The power stays uninterpreted on ℝ:
    the answer comes from the budget, the same everywhere."""
    from certibench.logic.parser import parse_declaration
    from certibench.verify.backends.z3 import check_pair

    a = parse_declaration("theorem t (a : ℝ) (b c : ℕ) : a ^ (b + c) = 1")
    b = parse_declaration("theorem t (a : ℝ) (b c : ℕ) : a ^ b * a ^ c = 1")
    first = check_pair(a, b, cvc5=False)
    assert first.verdict != "certified"
    text = json.dumps(first.evidence, ensure_ascii=False) + first.reason
    assert "wall-clock" not in text, text[:500]
    again = check_pair(a, b, cvc5=False)
    assert (again.verdict, json.dumps(again.evidence, sort_keys=True)) == (first.verdict, json.dumps(first.evidence, sort_keys=True))


def test_a_high_degree_real_polynomial_is_declined_by_count_not_by_clock() -> None:
    """Adversary round 32: `x^5 - x*y^3 + y^7 = 3` over ℝ ran 90 s per Z3 query having
    counted a third of its rlimit (a verdict decided by the wall clock).  Real powers above 4
    are declined by the encoding (a fixed count): the answer comes within the budget."""
    from certibench.logic.parser import parse_declaration
    from certibench.verify.backends.z3 import check_pair

    a = parse_declaration("theorem t (x y : ℝ) (h : x^5 - x*y^3 + y^7 = 3) : x * y ≤ 5")
    b = parse_declaration("theorem t (x y : ℝ) (h : x^5 - x*y^3 + y^7 = 3) : x * y < 5")
    out = check_pair(a, b, cvc5=False)
    assert out.verdict != "certified"
    assert "wall-clock" not in json.dumps(out.evidence, ensure_ascii=False) + out.reason



def test_cvc5_does_not_cross_check_nonlinear_real_queries() -> None:
    """Adversary round 33: cvc5's cross-check of a 6-line nonlinear real script ran 165 s,
    past its own time and resource limits.  Such queries keep Z3's answer (within its
    rlimit); linear ones are still cross-checked."""
    from certibench.verify.backends.z3 import _nonlinear_real

    nl = ("(declare-fun p (Real Real) Real)(declare-fun x () Real)(declare-fun y () Real)"
          "(assert (not (= (= 2.0 (* (p x y) (p x y))) (= 2.0 (p x (* 2.0 y))))))(check-sat)")
    assert _nonlinear_real(nl)
    assert not _nonlinear_real("(declare-fun x () Real)(declare-fun y () Real)(assert (> (+ x (* 2.0 y)) 1.0))(check-sat)")
    assert not _nonlinear_real("(declare-fun x () Int)(declare-fun y () Int)(assert (> (* x y) 1))(check-sat)")
