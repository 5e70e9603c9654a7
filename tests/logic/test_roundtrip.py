"""Round trip ``parse(render_lean(ast)) == ast``.

What is compared: full structural equality of the elaborated AST (``==`` on the frozen
dataclasses: every node, operator, name, binder kind and *sort*; only App's presentation
flag ``dot`` is excluded by the AST itself).

* Corpus: every statement the parser accepts in the FormInv and miniF2F files.
* Generated: hypothesis builds random well-sorted propositions as *raw* trees (binder sorts,
  ascriptions and coercions where a user would write them, no node sorts), closes them with
  ∀-binders, and elaborates them with ``certibench.logic.elaborate.elaborate`` — i.e. the ASTs
  are exactly the ones elaboration produces.  For each such ``a``:
  ``parse_prop(render_lean(a)) == a`` and ``elaborate(a) == a`` (idempotence).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certibench.logic.ast import (
    INT,
    NAT,
    PROP,
    RAT,
    REAL,
    App,
    Ascribe,
    Binder,
    BinOp,
    BoolLit,
    Declaration,
    Expr,
    Lam,
    Num,
    Quant,
    Sort,
    UnOp,
    Var,
    canonical_key,
    from_data,
    fun_sort,
    set_of,
    to_data,
)
from certibench.logic.elaborate import elaborate
from certibench.logic.parser import parse_declaration, parse_prop
from certibench.logic.render_lean import render_lean
from tests.helpers import shared_file

NUMERIC = [NAT, INT, RAT, REAL]
SETN = set_of(NAT)
FNR = fun_sort((NAT,), REAL)

# variable pool: name -> sort (closed over by ∀ at the end)
POOL: dict[Sort, list[str]] = {
    NAT: ["n", "m", "k"],
    INT: ["a", "b"],
    RAT: ["q"],
    REAL: ["x", "y"],
    SETN: ["S", "T"],
    FNR: ["f"],
}


def _var(name: str) -> Var:
    return Var(name)


@st.composite
def num_term(draw: st.DrawFn, sort: Sort, depth: int) -> Expr:
    """A raw term of numeric ``sort``."""
    choices = ["var", "num"]
    if depth > 0:
        choices += ["bin", "bin", "pow", "app", "ascribe", "maxmin"]
        if sort != NAT:  # ℕ has no negation and no |·| (no AddGroup ℕ): Lean rejects them
            choices += ["neg", "abs"]
        if sort == NAT:
            choices += ["fact", "gcd", "sum"]
        if sort == REAL:
            choices += ["sqrt", "fapp"]
        if sort != NAT:
            choices += ["coe"]
    kind = draw(st.sampled_from(choices))
    sub = depth - 1
    if kind == "var":
        return _var(draw(st.sampled_from(POOL[sort])))
    if kind == "num":
        return Num(str(draw(st.integers(0, 50))))
    if kind == "bin":
        op = draw(st.sampled_from(["+", "-", "*", "/", "%"]))
        return BinOp(op, draw(num_term(sort, sub)), draw(num_term(sort, sub)))
    if kind == "neg":
        # ascribed: a numerals-only operand would default to ℕ, where Lean has no negation
        return UnOp("-", Ascribe(draw(num_term(sort, sub)), sort))
    if kind == "pow":
        return BinOp("^", draw(num_term(sort, sub)), Num(str(draw(st.integers(0, 4)))))
    if kind == "abs":
        return UnOp("abs", Ascribe(draw(num_term(sort, sub)), sort))
    if kind == "app":
        fn = draw(st.sampled_from(["max", "min"]))
        return App(Var(fn), (draw(num_term(sort, sub)), draw(num_term(sort, sub))))
    if kind == "maxmin":
        return App(Var("max"), (_var(draw(st.sampled_from(POOL[sort]))), Num("1")))
    if kind == "ascribe":
        return Ascribe(draw(num_term(sort, sub)), sort)
    if kind == "fact":
        return UnOp("!", draw(num_term(NAT, sub)))
    if kind == "gcd":
        return App(Var("Nat.gcd"), (draw(num_term(NAT, sub)), draw(num_term(NAT, sub))))
    if kind == "sum":
        body = BinOp("*", Var("i"), draw(num_term(NAT, sub)))
        return App(Var("Finset.sum"), (App(Var("Finset.range"), (draw(num_term(NAT, sub)),)), Lam(Binder("i", None), body)))
    if kind == "sqrt":
        return App(Var("Real.sqrt"), (draw(num_term(REAL, sub)),))
    if kind == "fapp":
        return App(Var("f"), (draw(num_term(NAT, sub)),))
    # coercion of a lower numeric sort, as a user writes it: (e : σ)
    lower = [s for s in NUMERIC if NUMERIC.index(s) < NUMERIC.index(sort)]
    src = draw(st.sampled_from(lower))
    return Ascribe(_var(draw(st.sampled_from(POOL[src]))), sort)


@st.composite
def prop(draw: st.DrawFn, depth: int) -> Expr:
    choices = ["rel", "rel", "bool", "pred", "mem"]
    if depth > 0:
        choices += ["and", "or", "imp", "iff", "not", "forall", "exists", "rel", "bounded"]
    kind = draw(st.sampled_from(choices))
    sub = depth - 1
    if kind == "rel":
        s = draw(st.sampled_from(NUMERIC))
        op = draw(st.sampled_from(["=", "≠", "<", "≤", ">", "≥"] + (["∣"] if s in (NAT, INT) else [])))
        return BinOp(op, draw(num_term(s, max(sub, 0) + 1)), draw(num_term(s, max(sub, 0))))
    if kind == "bool":
        return BoolLit(draw(st.booleans()))
    if kind == "pred":
        fn = draw(st.sampled_from(["Nat.Prime", "Even", "Odd"]))
        return App(Var(fn), (draw(num_term(NAT, 1)),))
    if kind == "mem":
        if draw(st.booleans()):
            return BinOp(draw(st.sampled_from(["∈", "∉"])), draw(num_term(NAT, 1)), _var(draw(st.sampled_from(POOL[SETN]))))
        return BinOp("⊆", BinOp(draw(st.sampled_from(["∩", "∪"])), Var("S"), Var("T")), Var("S"))
    if kind in ("and", "or", "imp", "iff"):
        op = {"and": "∧", "or": "∨", "imp": "→", "iff": "↔"}[kind]
        return BinOp(op, draw(prop(sub)), draw(prop(sub)))
    if kind == "not":
        return UnOp("¬", draw(prop(sub)))
    if kind == "bounded":
        # ∀ v > 0, P  (binder without a type: its sort is inferred)
        q = draw(st.sampled_from(["∀", "∃"]))
        v = draw(st.sampled_from(["u", "v", "w"]))
        guard = BinOp(">", Var(v), Num("0"))
        body = draw(prop(sub))
        return Quant(q, Binder(v, None), BinOp("→" if q == "∀" else "∧", guard, body))
    q = "∀" if kind == "forall" else draw(st.sampled_from(["∃", "∃!"]))
    s = draw(st.sampled_from(NUMERIC))
    name = draw(st.sampled_from(POOL[s]))
    kind_b = draw(st.sampled_from(["explicit", "implicit"])) if q == "∀" else "explicit"
    return Quant(q, Binder(name, s, None, kind_b), draw(prop(sub)))


def close(e: Expr) -> Expr:
    """Bind every pool variable with ∀ (outermost), as a theorem's binders would."""
    for s, names in POOL.items():
        for n in names:
            e = Quant("∀", Binder(n, s), e)
    return e


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(prop(3))
def test_generated_asts_round_trip(raw: Expr) -> None:
    a = elaborate(close(raw))
    text = render_lean(a)
    back = parse_prop(text)
    assert back == a, text
    assert elaborate(a) == a
    # the canonical serialisation is stable and invertible
    assert from_data(to_data(a)) == a
    assert canonical_key(from_data(json.loads(canonical_key(a)))) == canonical_key(a)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(prop(2))
def test_generated_declarations_round_trip(raw: Expr) -> None:
    a = elaborate(close(raw))
    # peel the ∀ prefix into header binders
    binders: list[Binder] = []
    body = a
    while isinstance(body, Quant) and body.q == "∀" and len(binders) < 6:
        binders.append(body.binder)
        body = body.body
    d = parse_declaration(render_lean(a))
    assert d.prop == a and d.kind is None
    decl = Declaration("theorem", "gen", tuple(binders), body)
    again = parse_declaration(render_lean(decl))
    assert again == decl
    assert again.as_prop() == a


def _corpus(rel: str, field: str) -> list[tuple[str, str]]:
    path = shared_file(rel)
    seen: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            seen.setdefault(rec[field], rec.get("id") or rec.get("name"))
    return [(i, s) for s, i in seen.items()]


@pytest.mark.parametrize(
    ("rel", "field"),
    [
        ("forminv/forminv_v3_103.jsonl", "lean4_statement"),
        ("lean-statements/minif2f.jsonl", "formal_statement"),
        ("forminv/forminv_ntp100_paraphrases.jsonl", "lean4_statement"),
    ],
)
def test_every_parsed_corpus_statement_round_trips(rel: str, field: str) -> None:
    from certibench.logic.errors import ParseError

    checked = 0
    bad: list[str] = []
    for ident, text in _corpus(rel, field):
        try:
            d = parse_declaration(text)
        except ParseError:
            continue
        checked += 1
        rendered = render_lean(d)
        if parse_declaration(rendered) != d:
            bad.append(f"{ident}: {rendered}")
        prop_ = d.as_prop()
        if parse_prop(render_lean(prop_)) != prop_:
            bad.append(f"{ident} (closed): {render_lean(prop_)}")
    assert checked > 40
    assert not bad, "\n".join(bad[:10])


def test_bundled_lean_corpus_parses_and_round_trips() -> None:
    from certibench.corpus.bundled import load_bundled

    stmts = load_bundled()
    assert stmts, "the bundled Lean corpus is empty"
    bad: list[str] = []
    for s in stmts:
        d = parse_declaration(s.statement)  # every bundled statement must parse
        if parse_declaration(render_lean(d)) != d:
            bad.append(f"{s.name}: {render_lean(d)}")
    assert len(stmts) >= 150
    assert not bad, "\n".join(bad[:10])


def test_hand_built_ast_is_normalised_by_elaborate() -> None:
    # a transform may build a tree without sorts: elaborate() gives the parse-normal form
    raw = Quant("∀", Binder("x", REAL), BinOp("≤", Num("0"), BinOp("^", Var("x"), Num("2"))))
    a = elaborate(raw)
    assert a == parse_prop("∀ x : ℝ, 0 ≤ x ^ 2")
    assert a.body.lhs == Num("0", REAL) and a.body.rhs.rhs == Num("2", NAT)
    assert a.body.sort == PROP
