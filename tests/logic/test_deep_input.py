"""Size is not an error (issue 8, item 6): deep and long statements parse, elaborate,
render to Lean and round-trip, with no RecursionError and no depth limit.  Timings are
measured in ``benchmarks/deep_input_bench.py``, never asserted here."""

from __future__ import annotations

import sys
import threading

import pytest

from certibench.logic.ast import INT, NAT, PROP, BinOp, Quant, alpha_equivalent, fun_sort, statement_key
from certibench.logic.deep import deep_call, in_deep_call
from certibench.logic.parser import parse_declaration, parse_expr
from certibench.logic.render_lean import render_lean

NESTED = "theorem t (x : ℕ) : " + "(" * 200 + "x + 1" + ")" * 200 + " > 0"
CONJUNCTS = "theorem t (x : ℕ) : " + " ∧ ".join(f"x + {i} > {i}" for i in range(2000))
BINDERS = "theorem t " + " ".join(f"(x{i} : ℕ)" for i in range(5000)) + " : x0 + x4999 ≥ 0"
FORALL_BINDERS = "theorem t : ∀ " + " ".join(f"x{i}" for i in range(5000)) + " : ℕ, x0 + x4999 ≥ 0"


@pytest.mark.parametrize("text", [NESTED, CONJUNCTS, BINDERS, FORALL_BINDERS], ids=["nested", "conj", "binders", "forall"])
def test_large_statements_parse_and_round_trip(text: str) -> None:
    d = parse_declaration(text)
    back = parse_declaration(render_lean(d))
    assert deep_call(lambda: back == d)  # == on a 5,000-deep AST recurses too
    assert statement_key(back) == statement_key(d) and alpha_equivalent(back, d)


def test_shapes_of_the_large_statements() -> None:
    d = parse_declaration(CONJUNCTS)
    n = 0
    cur = d.prop
    while isinstance(cur, BinOp) and cur.op == "∧":
        n += 1
        cur = cur.rhs
    assert n == 1999
    d = parse_declaration(BINDERS)
    assert len(d.binders) == 5000 and all(b.sort == NAT for b in d.binders)
    q = parse_declaration(FORALL_BINDERS).prop
    depth = 0
    while isinstance(q, Quant):
        depth += 1
        q = q.body
    assert depth == 5000 and q.sort == PROP


@pytest.mark.parametrize(
    ("text", "env"),
    [
        ("(" * 300 + "x" + ")" * 300 + " = x", {"x": NAT}),
        ("¬" * 300 + "p", {"p": PROP}),
        ("-(" * 300 + "x" + ")" * 300 + " = x", {"x": INT}),
        ("x" + " ^ x" * 300 + " = x", {"x": NAT}),
        ("f (" * 300 + "x" + ")" * 300 + " = x", {"x": NAT, "f": fun_sort((NAT,), NAT)}),
    ],
    ids=["parens", "not", "neg", "pow", "app"],
)
def test_deep_nesting_of_every_kind(text: str, env: dict) -> None:
    e = parse_expr(text, env)
    assert e.sort == PROP
    assert deep_call(lambda: parse_expr(render_lean(e), env) == e)


def test_deep_call_is_reentrant_and_restores_the_limit() -> None:
    before = sys.getrecursionlimit()

    def inner() -> bool:
        return in_deep_call() and deep_call(lambda: in_deep_call())

    assert deep_call(inner) is True
    assert not in_deep_call()
    assert sys.getrecursionlimit() == before


def test_deep_call_propagates_exceptions_and_works_from_threads() -> None:
    with pytest.raises(ZeroDivisionError):
        deep_call(lambda: 1 / 0)
    results: list[int] = []

    def work(k: int) -> None:
        results.append(deep_call(lambda: len(render_lean(parse_declaration(CONJUNCTS))) + k - k))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and len(set(results)) == 1
