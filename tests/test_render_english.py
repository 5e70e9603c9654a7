"""English renderer: exact canonical sentences, every template variant distinct and
grammatical, no raw AST text, corpus coverage through the parser."""

from __future__ import annotations

import json
import re
from dataclasses import fields

import pytest

from certibench.logic.ast import (
    INT,
    NAT,
    PROP,
    RAT,
    REAL,
    App,
    Binder,
    BinOp,
    Const,
    Declaration,
    Lam,
    Num,
    Quant,
    Sort,
    UnOp,
    Var,
    and_,
    app,
    exists,
    forall,
    fun_sort,
    iff,
    implies,
    not_,
    or_,
    rel,
    set_of,
    type_var,
)
from certibench.logic.render_english import (
    _SENTENCE_WORDS,
    CONSTRUCTS,
    EnglishStyle,
    EnglishUnsupported,
    default_style,
    render_english,
    render_term,
    style_variants,
)
from tests.helpers import shared_file

n, m, k, p = Var("n", NAT), Var("m", NAT), Var("k", NAT), Var("p", NAT)
a, b = Var("a", NAT), Var("b", NAT)
x, y = Var("x", REAL), Var("y", REAL)
z = Var("z", INT)
G = type_var("G")
ag, bg = Var("a", G), Var("b", G)
SG = set_of(G)
s_, t_ = Var("s", SG), Var("t", SG)


def N(v: int | str, s: Sort = NAT) -> Num:
    return Num(str(v), s)


def prime(e) -> App:
    return app("Nat.Prime", e, sort=PROP, fn_sort=fun_sort([NAT], PROP))


EXACT = [
    (forall("n", NAT, implies(prime(n), rel("≤", N(2), n))),
     "For every natural number n, if n is prime then n is at least 2."),
    (forall("p", NAT, implies(prime(p), rel("<", N(1), p))),
     "For every natural number p, if p is prime then p is greater than 1."),
    (not_(prime(N(1))), "1 is not prime."),
    (forall("n", NAT, rel("∣", n, n)), "For every natural number n, n divides n."),
    (forall("m", NAT, forall("n", NAT, implies(rel("∣", m, n), implies(rel("∣", n, m), rel("=", m, n))))),
     "For every natural number m and every natural number n, if m divides n and n divides m then m equals n."),
    (forall("n", NAT, iff(rel("∣", N(0), n), rel("=", n, N(0)))),
     "For every natural number n, 0 divides n if and only if n equals 0."),
    (forall("n", NAT, rel("=", BinOp("%", n, n, NAT), N(0))), "For every natural number n, n mod n equals 0."),
    (forall("n", NAT, rel("<", N(0), UnOp("!", n, NAT))), "For every natural number n, n! is greater than 0."),
    (forall("x", REAL, rel("≤", N(0, REAL), app("Real.sqrt", x, sort=REAL))),
     "For every real number x, the square root of x is at least 0."),
    (forall("m", NAT, forall("n", NAT, rel("=", app("Nat.gcd", m, n, sort=NAT), app("Nat.gcd", n, m, sort=NAT)))),
     "For every natural number m and every natural number n, the greatest common divisor of m and n equals "
     "the greatest common divisor of n and m."),
    (not_(exists("n", NAT, rel("=", BinOp("+", BinOp("^", n, N(2), NAT), N(1), NAT), N(0)))),
     "There is no natural number n such that n^2 + 1 equals 0."),
    (exists("z", INT, and_(rel("<", z, Num("0", INT)), rel("=", BinOp("*", z, z, INT), Num("4", INT)))),
     "There exists an integer z such that z is less than 0 and z * z equals 4."),
    (forall("n", NAT, iff(app("Even", n, sort=PROP), rel("=", BinOp("%", n, N(2), NAT), N(0)))),
     "For every natural number n, n is even if and only if n mod 2 equals 0."),
    (forall("x", REAL, rel("=", UnOp("abs", UnOp("abs", x, REAL), REAL), UnOp("abs", x, REAL))),
     "For every real number x, ||x|| equals |x|."),
    (forall("x", REAL, forall("y", REAL, rel("≤", app("abs", BinOp("+", x, y, REAL), sort=REAL),
                                            BinOp("+", UnOp("abs", x, REAL), UnOp("abs", y, REAL), REAL)))),
     "For every real number x and every real number y, the absolute value of (x + y) is at most |x| + |y|."),
    (forall("s", SG, rel("⊆", s_, s_)), "For every set s of elements of G, s is a subset of s."),
    (forall("s", SG, forall("t", SG, rel("=", BinOp("∩", s_, t_, SG), BinOp("∩", t_, s_, SG)))),
     "For every set s of elements of G and every set t of elements of G, the intersection of s and t equals "
     "the intersection of t and s."),
    (forall("n", NAT, or_(app("Even", n, sort=PROP), app("Odd", n, sort=PROP))),
     "For every natural number n, n is even or n is odd."),
    (forall("n", NAT, implies(rel("≠", n, N(0)), rel("<", N(0), n))),
     "For every natural number n, if n is not equal to 0 then n is greater than 0."),
    (forall("n", NAT, implies(App(Const("Foo", fun_sort([NAT], PROP)), (n,), PROP),
                              rel("≤", App(Const("f", fun_sort([NAT], NAT)), (n,), NAT), N(3)))),
     "For every natural number n, if Foo holds of n then f(n) is at most 3."),
    (forall("q", RAT, rel("≤", N(0, RAT), BinOp("^", Var("q", RAT), N(2), RAT))),
     "For every rational number q, q^2 is at least 0."),
    (Quant("∃!", Binder("n", NAT), rel("=", BinOp("+", n, N(2), NAT), N(5))),
     "There exists a unique natural number n such that n + 2 equals 5."),
    (forall("x", REAL, rel("∈", x, app("setOf", Lam(Binder("y", REAL), rel("<", Var("y", REAL), x)), sort=set_of(REAL)))),
     "For every real number x, x is an element of the set of real numbers y such that y is less than x."),
]  # fmt: skip


@pytest.mark.parametrize("expr,sentence", EXACT, ids=[s[:40] for _, s in EXACT])
def test_exact_sentences(expr, sentence: str) -> None:
    assert render_english(expr) == sentence


def test_declaration_with_typeclass() -> None:
    decl = Declaration(
        "theorem",
        "mul_comm",
        (
            Binder("G", Sort("Type"), None, "implicit"),
            Binder(None, Sort("CommMonoid", (G,)), None, "inst"),
            Binder("a", G),
            Binder("b", G),
        ),
        rel("=", BinOp("*", ag, bg, G), BinOp("*", bg, ag, G)),
    )
    assert render_english(decl) == (
        "In every commutative monoid G, for every element a of G and every element b of G, a * b equals b * a."
    )
    hyp = Declaration("theorem", "t", (Binder("n", NAT), Binder("h", None, rel("<", N(0), n))), rel("≠", n, N(0)))
    assert render_english(hyp) == "For every natural number n, if n is greater than 0 then n is not equal to 0."


def test_terms() -> None:
    assert render_term(BinOp("+", BinOp("^", n, N(2), NAT), N(1), NAT)) == "n^2 + 1"
    assert render_term(BinOp("*", BinOp("+", a, b, NAT), BinOp("-", a, b, NAT), NAT)) == "(a + b) * (a - b)"
    assert render_term(BinOp("-", a, BinOp("-", b, n, NAT), NAT)) == "a - (b - n)"
    assert render_term(BinOp("^", BinOp("^", a, b, NAT), n, NAT)) == "(a^b)^n"
    assert render_term(app("Finset.card", Var("s", Sort("Finset", (NAT,))), sort=NAT)) == "the number of elements of s"
    assert render_term(BinOp("+", app("Nat.gcd", a, b, sort=NAT), N(1), NAT)) == "gcd(a, b) + 1"


# ----------------------------------------------------------------------------------------
# Variants: every variant of every construct gives a different, grammatical sentence
# ----------------------------------------------------------------------------------------

SAMPLE_FOR = {
    "forall": forall("n", NAT, rel("≤", N(0), n)),
    "exists": exists("n", NAT, rel("=", n, N(3))),
    "exists_unique": Quant("∃!", Binder("n", NAT), rel("=", n, N(3))),
    "not_exists": not_(exists("n", NAT, rel("<", n, N(0)))),
    "implies": implies(prime(n), rel("≤", N(2), n)),
    "and_": and_(prime(n), rel("≤", N(2), n)),
    "or_": or_(prime(n), rel("≤", N(2), n)),
    "iff": iff(prime(n), rel("≤", N(2), n)),
    "not_": not_(and_(prime(n), rel("≤", N(2), n))),
    "eq": rel("=", a, b),
    "ne": rel("≠", a, b),
    "le": rel("≤", a, b),
    "ge": rel("≥", a, b),
    "lt": rel("<", a, b),
    "gt": rel(">", a, b),
    "dvd": rel("∣", a, b),
    "mem": rel("∈", ag, s_),
    "not_mem": rel("∉", ag, s_),
    "subset": rel("⊆", s_, t_),
    "ssubset": rel("⊂", s_, t_),
    "nat_noun": forall("n", NAT, rel("≤", N(0), n)),
    "int_noun": forall("z", INT, rel("≤", z, z)),
    "rat_noun": forall("q", RAT, rel("≤", Var("q", RAT), Var("q", RAT))),
    "real_noun": forall("x", REAL, rel("≤", x, x)),
    "orientation": rel("≤", N(2), n),
}

_AST_WORDS = re.compile(r"\b(Var|Const|Num|BinOp|UnOp|App|Quant|Binder|Ascribe|Lam|Sort|BoolLit)\(|head=|sort=")
_LOGIC_SYMBOLS = re.compile(r"[∀∃∧∨→↔¬≤≥<>=≠∣∈∉⊆⊂]")


def grammatical(sentence: str) -> bool:
    first = sentence.split(" ", 1)[0].lower()
    return (
        (sentence[:1].isupper() or first not in _SENTENCE_WORDS)
        and sentence.endswith(".")
        and "  " not in sentence
        and "{" not in sentence
        and "}" not in sentence
        and not _AST_WORDS.search(sentence)
        and not _LOGIC_SYMBOLS.search(sentence)
        and " ," not in sentence
        and not re.search(r"\b(a|an|the) (a|an|the)\b", sentence)
    )


def test_every_construct_has_a_sample() -> None:
    assert set(SAMPLE_FOR) == set(CONSTRUCTS) == {f.name for f in fields(EnglishStyle)}


@pytest.mark.parametrize("construct", sorted(CONSTRUCTS))
def test_variants_differ_and_are_grammatical(construct: str) -> None:
    variants = style_variants(construct)
    expr = SAMPLE_FOR[construct]
    outs = [render_english(expr, default_style().with_(**{construct: v})) for v in variants]
    for o in outs:
        assert grammatical(o), o
    assert len(set(outs)) == len(outs), outs


def test_grouped_binders_differ_across_quantifier_variants() -> None:
    expr = forall("a", NAT, forall("b", NAT, rel("≤", a, BinOp("+", a, b, NAT))))
    outs = {render_english(expr, EnglishStyle(forall=v)) for v in style_variants("forall")}
    assert len(outs) == len(style_variants("forall"))
    assert all(grammatical(o) for o in outs)


def test_passive_voices() -> None:
    # variables are never capitalised (b and B are different names)
    assert render_english(rel("∣", a, b), EnglishStyle(dvd="divisible_by")) == "b is divisible by a."
    assert render_english(not_(rel("∣", a, b)), EnglishStyle(dvd="divisible_by")) == "b is not divisible by a."
    assert render_english(rel("⊆", s_, t_), EnglishStyle(subset="superset_of")) == "t is a superset of s."
    assert render_english(rel("∈", ag, s_), EnglishStyle(mem="contains")) == "s contains a."
    assert render_english(rel("=", app("Real.log", x, sort=REAL), x)).startswith("the natural logarithm") is False
    assert render_english(rel("=", app("Real.log", x, sort=REAL), x)) == "The natural logarithm of x equals x."
    assert render_english(rel("≤", N(2), n), EnglishStyle(orientation="as_written")) == "2 is at most n."


def test_style_rejects_unknown_variant() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        EnglishStyle(dvd="splits")
    with pytest.raises(KeyError):
        style_variants("no_such_construct")


def test_unsupported_is_a_clear_error() -> None:
    weird = App(BinOp("+", n, n, NAT), (n,), NAT)
    with pytest.raises(EnglishUnsupported, match="compound expression"):
        render_english(rel("=", weird, N(0)))


# ----------------------------------------------------------------------------------------
# Corpus: every statement the parser accepts gets a clean sentence
# ----------------------------------------------------------------------------------------


def _parse_declaration():
    try:
        from certibench.logic.parser import parse_declaration

        parse_declaration("theorem t : ∀ n : ℕ, 0 ≤ n")
    except ImportError as exc:  # pragma: no cover - another engineer's module
        pytest.skip(f"certibench.logic.parser not usable yet: {exc}")
    return parse_declaration


def _corpus_sentences(path, field: str, limit: int | None = None) -> tuple[int, list[str]]:
    parse_declaration = _parse_declaration()
    from certibench.logic.errors import ParseError

    seen: set[str] = set()
    parsed = 0
    out: list[str] = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            stmt = json.loads(line).get(field)
            if not stmt or stmt in seen:
                continue
            seen.add(stmt)
            if limit is not None and len(seen) > limit:
                break
            try:
                decl = parse_declaration(stmt)
            except ParseError:
                continue
            parsed += 1
            try:
                out.append(render_english(decl))
            except EnglishUnsupported:
                continue  # refused with a reason, never garbage; the callers bound how many
    return parsed, out


def _clean(sentence: str) -> bool:
    first = sentence.split(" ", 1)[0].lower()
    return (
        (sentence[:1].isupper() or first not in _SENTENCE_WORDS)
        and sentence.endswith(".")
        and not _AST_WORDS.search(sentence)
        and not re.search(r"[∀∃∧∨→↔¬≤≥≠∣∈∉⊆⊂]", sentence)
    )


def test_forminv_corpus_renders() -> None:
    parsed, sentences = _corpus_sentences(shared_file("forminv/forminv_v3_103.jsonl"), "lean4_statement")
    assert parsed >= 95
    assert len(sentences) == parsed
    bad = [s for s in sentences if not _clean(s)]
    assert not bad, bad[:5]
    assert "For every natural number p, if p is prime then p is at least 2." in sentences


def test_minif2f_corpus_renders() -> None:
    parsed, sentences = _corpus_sentences(shared_file("lean-statements/minif2f.jsonl"), "formal_statement", limit=150)
    assert parsed >= 120
    assert len(sentences) >= 0.97 * parsed  # a few refusals (unresolved field notation) at most
    bad = [s for s in sentences if not _clean(s)]
    assert not bad, bad[:5]


# ----------------------------------------------------------------------------------------
# Property: random well-sorted propositions always render to a clean sentence
# ----------------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _props() -> st.SearchStrategy:
    terms = st.recursive(
        st.one_of(st.sampled_from([a, b, n]), st.integers(0, 9).map(lambda v: N(v))),
        lambda c: st.one_of(
            st.tuples(st.sampled_from(["+", "-", "*", "/", "%", "^"]), c, c).map(lambda t: BinOp(t[0], t[1], t[2], NAT)),
            c.map(lambda t: UnOp("!", t, NAT)),
            st.tuples(c, c).map(lambda t: app("Nat.gcd", t[0], t[1], sort=NAT)),
        ),
        max_leaves=4,
    )
    atoms = st.one_of(
        st.tuples(st.sampled_from(["=", "≠", "<", "≤", ">", "≥", "∣"]), terms, terms).map(lambda t: rel(t[0], t[1], t[2])),
        terms.map(prime),
        terms.map(lambda t: app("Even", t, sort=PROP)),
    )
    return st.recursive(
        atoms,
        lambda c: st.one_of(
            c.map(not_),
            st.tuples(st.sampled_from(["∧", "∨", "→", "↔"]), c, c).map(lambda t: BinOp(t[0], t[1], t[2], PROP)),
            st.tuples(st.sampled_from(["a", "b", "n"]), c).map(lambda t: forall(t[0], NAT, t[1])),
            st.tuples(st.sampled_from(["a", "b", "n"]), c).map(lambda t: exists(t[0], NAT, t[1])),
        ),
        max_leaves=5,
    )


@settings(max_examples=150, deadline=None)
@given(_props(), st.sampled_from(sorted(CONSTRUCTS)), st.data())
def test_random_props_render_cleanly(prop, construct: str, data) -> None:
    variant = data.draw(st.sampled_from(style_variants(construct)))
    text = render_english(prop, default_style().with_(**{construct: variant}))
    assert grammatical(text), text


def test_unresolved_field_notation_is_refused_not_rendered() -> None:
    """`x.foo` on an expression whose type is unknown has no honest wording: the renderer
    must say so instead of printing a placeholder such as `?.foo`."""
    from certibench.logic.ast import NAT, App, Const, Var
    from certibench.logic.render_english import EnglishUnsupported, render_term

    e = App(Const("?.frobnicate"), (Var("x"),), NAT, dot=True)
    with pytest.raises(EnglishUnsupported, match="frobnicate"):
        render_term(e)
