"""Lean-statement parser and elaborator: constructs, precedences, sorts, errors."""

from __future__ import annotations

import pytest

from certibench.logic.ast import (
    INT,
    NAT,
    PROP,
    REAL,
    TYPE,
    UNKNOWN,
    App,
    Ascribe,
    Binder,
    BinOp,
    BoolLit,
    Const,
    Lam,
    Num,
    Quant,
    Sort,
    UnOp,
    Var,
    fun_sort,
    set_of,
    type_var,
)
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration, parse_expr, parse_prop, parse_sort, tokenize
from certibench.logic.render_lean import render_lean
from certibench.logic.symbols import SYMBOLS, lookup


def shape(e: object) -> str:
    """Fully parenthesised structure (no sorts) for precedence tests."""
    if isinstance(e, BinOp):
        return f"({shape(e.lhs)} {e.op} {shape(e.rhs)})"
    if isinstance(e, UnOp):
        return f"({e.op} {shape(e.arg)})"
    if isinstance(e, Var | Const):
        return e.name
    if isinstance(e, Num):
        return e.value
    if isinstance(e, BoolLit):
        return str(e.value)
    if isinstance(e, App):
        return "[" + " ".join([shape(e.fn), *[shape(a) for a in e.args]]) + "]"
    if isinstance(e, Quant):
        return f"({e.q}{e.binder.name}. {shape(e.body)})"
    if isinstance(e, Lam):
        return f"(λ{e.binder.name}. {shape(e.body)})"
    if isinstance(e, Ascribe):
        return f"({shape(e.expr)} : {e.sort})"
    raise AssertionError(e)


# --------------------------------------------------------------------------------------
# precedences (Lean 4 core / Mathlib)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a → b → c", "(a → (b → c))"),
        ("a ∧ b ∨ c", "((a ∧ b) ∨ c)"),
        ("a ∨ b ∧ c", "(a ∨ (b ∧ c))"),
        ("a ∧ b ∧ c", "(a ∧ (b ∧ c))"),
        ("a ↔ b → c", "(a ↔ (b → c))"),
        ("a → b ↔ c", "((a → b) ↔ c)"),
        ("¬a = b", "(¬ (a = b))"),
        ("¬a ∧ b", "((¬ a) ∧ b)"),
        ("-x ^ 2", "(- (x ^ 2))"),
        ("-a * b", "((- a) * b)"),
        ("m * -1", "(m * (- 1))"),
        ("a - b - c", "((a - b) - c)"),
        ("a ^ b ^ c", "(a ^ (b ^ c))"),
        ("a + b * c % d", "(a + ((b * c) % d))"),
        ("x ∣ y + 1", "(x ∣ (y + 1))"),
        ("2 * n !", "(2 * (! n))"),
        ("(n + 1)! = n ! * (n + 1)", "((! (n + 1)) = ((! n) * (n + 1)))"),
        ("a⁻¹⁻¹ = a", "((⁻¹ (⁻¹ a)) = a)"),
        ("s ∩ t ∪ u = sᶜ \\ t", "(((s ∩ t) ∪ u) = ((ᶜ s) \\ t))"),
        ("a /\\ b -> c <-> d", "(((a ∧ b) → c) ↔ d)"),
        ("x <= y ∧ y >= z ∧ x != z", "((x ≤ y) ∧ ((y ≥ z) ∧ (x ≠ z)))"),
        ("f x y + g z", "([f x y] + [g z])"),
        ("f (x + 1) = 2", "([f (x + 1)] = 2)"),
        ("a :: l ++ m", "((a :: l) ++ m)"),
    ],
)
def test_precedence(text: str, expected: str) -> None:
    assert shape(parse_expr(text)) == expected


def test_chained_relation_is_an_error() -> None:
    with pytest.raises(ParseError) as ei:
        parse_expr("a < b < c")
    assert ei.value.construct == "chained relation"


# --------------------------------------------------------------------------------------
# binders and quantifiers
# --------------------------------------------------------------------------------------


def test_several_names_per_binder_and_bounded_forms() -> None:
    e = parse_prop("∀ x y : ℕ, x + y = y + x")
    assert isinstance(e, Quant) and e.binder == Binder("x", NAT)
    assert isinstance(e.body, Quant) and e.body.binder == Binder("y", NAT)
    e = parse_prop("∀ ε > 0, ∃ δ > 0, δ < ε")
    assert shape(e) == "(∀ε. ((ε > 0) → (∃δ. ((δ > 0) ∧ (δ < ε)))))"
    # no other information: ℕ, as Lean's default numeral instance
    assert e.binder.sort == NAT
    e = parse_prop("∃ x ∈ S, x > 2")
    assert shape(e) == "(∃x. ((x ∈ S) ∧ (x > 2)))"
    e = parse_prop("∃ x y, x + y = (3 : ℤ)")
    assert isinstance(e, Quant) and e.binder.sort == INT and e.body.binder.sort == INT
    e = parse_prop("∃! x : ℕ, x = 0")
    assert isinstance(e, Quant) and e.q == "∃!"


def test_binder_sort_inferred_from_use() -> None:
    d = parse_declaration("theorem t (f : ℝ → ℝ) (h₀ : ∀ x > 0, ∀ y > 0, f (x * y) = f x / y) : f 1 = 1")
    hyp = d.binders[1].hyp
    assert isinstance(hyp, Quant) and hyp.binder.sort == REAL
    assert isinstance(hyp.body, BinOp) and hyp.body.lhs == BinOp(">", Var("x", REAL), Num("0", REAL), PROP)


def test_bracket_kinds_type_variables_and_instances() -> None:
    e = parse_prop("∀ {G : Type u_1} [inst : Group G] ⦃a : G⦄ (b : G), a * b = b")
    assert isinstance(e, Quant) and e.binder == Binder("G", TYPE, None, "implicit")
    inst = e.body
    assert isinstance(inst, Quant) and inst.binder == Binder("inst", Sort("Group", (type_var("G"),)), None, "inst")
    a = inst.body
    assert isinstance(a, Quant) and a.binder == Binder("a", type_var("G"), None, "strict")
    rel = a.body.body
    assert rel == BinOp(
        "=", BinOp("*", Var("a", type_var("G")), Var("b", type_var("G")), type_var("G")), Var("b", type_var("G")), PROP
    )


def test_declaration_header_binders_and_proof_ignored() -> None:
    text = (
        "@[simp] theorem foo {G : Type*} [Group G] (a b : G) -- a comment\n"
        "    (h₀ : a * b = 1) /- block /- nested -/ -/ : a⁻¹ = b := by\n  simp [h₀]"
    )
    d = parse_declaration(text)
    assert d.kind == "theorem" and d.name == "foo"
    assert [b.name for b in d.binders] == ["G", None, "a", "b", "h₀"]
    assert d.binders[1].kind == "inst" and d.binders[1].sort == Sort("Group", (type_var("G"),))
    assert d.binders[4].hyp is not None and d.binders[4].sort is None
    assert [b.name for b in d.type_vars] == ["G"]
    closed = d.as_prop()
    assert shape(closed) == "(∀a. (∀b. (((a * b) = 1) → ((⁻¹ a) = b))))"
    assert parse_prop(text) == closed


def test_lemma_example_and_bare_proposition() -> None:
    assert parse_declaration("lemma l (n : ℕ) : n ≤ n").kind == "lemma"
    ex = parse_declaration("example (n : ℕ) : 0 ≤ n := le_refl _")
    assert ex.kind == "example" and ex.name is None
    bare = parse_declaration("∀ n : ℕ, 0 ≤ n")
    assert bare.kind is None and bare.name is None and bare.binders == ()


# --------------------------------------------------------------------------------------
# sorts, numerals, coercions
# --------------------------------------------------------------------------------------


def test_numerals_default_to_nat_and_unify_with_operands() -> None:
    assert parse_expr("2 + 2 = 4").lhs.sort == NAT
    e = parse_expr("x + 1 > 0", {"x": REAL})
    assert e == BinOp(">", BinOp("+", Var("x", REAL), Num("1", REAL), REAL), Num("0", REAL), PROP)
    e = parse_expr("(2 : ℝ) ^ 3 = 8")
    assert e.lhs == BinOp("^", Ascribe(Num("2", REAL), REAL), Num("3", NAT), REAL)
    assert e.rhs == Num("8", REAL)


def test_coercions_follow_binop_elaboration() -> None:
    # (n : ℝ) on a natural number is a coercion ↑n; other ℕ leaves of the tree are coerced too
    e = parse_expr("(n : ℝ) + m = 1", {"n": NAT, "m": NAT})
    assert e.lhs == BinOp("+", UnOp("↑", Var("n", NAT), REAL), UnOp("↑", Var("m", NAT), REAL), REAL)
    # the expected sort propagates into the tree: (n + 1 : ℝ) is ↑n + 1
    e = parse_expr("(n + 1 : ℝ) = x", {"n": NAT, "x": REAL})
    assert e.lhs == Ascribe(BinOp("+", UnOp("↑", Var("n", NAT), REAL), Num("1", REAL), REAL), REAL)
    # ↑x takes its target from the tree
    e = parse_expr("↑x - ↑y = (14238 : ℤ)", {"x": NAT, "y": NAT})
    assert e.lhs == BinOp("-", UnOp("↑", Var("x", NAT), INT), UnOp("↑", Var("y", NAT), INT), INT)
    # function arguments receive the parameter sort
    e = parse_expr("Real.sqrt (n + 1) = 2", {"n": NAT})
    assert e.lhs.args[0] == BinOp("+", UnOp("↑", Var("n", NAT), REAL), Num("1", REAL), REAL)


def test_sorts_of_types() -> None:
    assert parse_sort("ℕ") == NAT and parse_sort("Nat") == NAT and parse_sort("Int") == INT
    assert parse_sort("ℕ → ℝ → Prop") == fun_sort((NAT, REAL), PROP)
    assert parse_sort("Set ℕ") == set_of(NAT)
    assert parse_sort("Finset (Set ℤ)") == Sort("Finset", (set_of(INT),))
    assert parse_sort("List α") == Sort("List", (type_var("α"),))
    fin = parse_sort("Fin n")
    assert fin.head == "Fin" and fin.params == (Var("n"),)
    d = parse_declaration("theorem t {R : Type*} [CommRing R] (p : R[X]) : p = p")
    assert d.binders[2].sort == Sort("Polynomial", (type_var("R"),))


def test_dot_notation_and_known_symbols() -> None:
    e = parse_prop("∀ {p : ℕ}, p.Prime → 2 ≤ p")
    prime = e.body.lhs
    assert prime == App(Const("Nat.Prime", fun_sort((NAT,), PROP)), (Var("p", NAT),), PROP, dot=True)
    assert prime.dot
    assert prime == parse_expr("Nat.Prime p", {"p": NAT})  # `dot` is presentation only
    e = parse_prop("∀ (α : Type) (a : α) (l : List α), (a :: l).length = l.length + 1")
    length = e.body.body.body.lhs
    assert isinstance(length, App) and length.fn.name == "List.length" and length.sort == NAT
    e = parse_expr("s.card = 3", {"s": Sort("Finset", (NAT,))})
    assert e.lhs.fn == Const("Finset.card", fun_sort((Sort("Finset", (NAT,)),), NAT))
    assert parse_expr("Real.pi > 3").lhs == Const("Real.pi", REAL)
    assert parse_expr("π > 3").lhs == Const("Real.pi", REAL)
    assert parse_expr("√2 > 1").lhs == App(Const("Real.sqrt", fun_sort((REAL,), REAL)), (Num("2", REAL),), REAL)


def test_unknown_constants_are_opaque_never_guessed() -> None:
    e = parse_prop("∀ n : ℕ, Foo n 2 → Bar (n : ℤ)")
    foo = e.body.lhs
    # no sort is inferred from use: the symbol, its result and its numeral argument are unknown
    assert foo.fn == Const("Foo", UNKNOWN) and foo.sort == UNKNOWN
    assert foo.args == (Var("n", NAT), Num("2", UNKNOWN))
    bar = e.body.rhs
    assert bar.fn == Const("Bar", UNKNOWN)
    assert bar.args == (UnOp("↑", Var("n", NAT), INT),)  # the ascription is the user's, kept
    assert "Foo" not in SYMBOLS and lookup("Nat.gcd") is not None
    g = parse_expr("Nat.gcd m n = 1", {"m": NAT, "n": NAT})
    assert g.lhs.fn.sort == fun_sort((NAT, NAT), NAT)


def test_sets_finsets_and_big_operators() -> None:
    e = parse_prop("∀ {α : Type u_1} (s : Set α), s ∩ ∅ = ∅")
    rel = e.body.body
    s_alpha = set_of(type_var("α"))
    assert rel.lhs == BinOp("∩", Var("s", s_alpha), Const("∅", s_alpha), s_alpha)
    assert rel.rhs == Const("∅", s_alpha)
    e = parse_expr("∑ i in Finset.range n, (2 * i + 1) = n ^ 2", {"n": NAT})
    total = e.lhs
    assert isinstance(total, App) and total.fn.name == "Finset.sum" and total.sort == NAT
    lam = total.args[1]
    assert isinstance(lam, Lam) and lam.binder == Binder("i", NAT)
    assert parse_expr("∑ i ∈ Finset.range n, (2 * i + 1) = n ^ 2", {"n": NAT}) == e
    e = parse_expr("(∑ k in Finset.range n, (1 : ℝ) / (k + 1)) = n", {"n": NAT})
    assert e.lhs.sort == REAL and e.rhs == UnOp("↑", Var("n", NAT), REAL)
    b = parse_expr("{x : ℕ | x > 2} ⊆ Set.univ")
    assert b.lhs.fn.name == "setOf" and b.lhs.sort == set_of(NAT) and b.rhs.sort == set_of(NAT)
    sep = parse_expr("{x ∈ S | x > 2} = {x | x ∈ S ∧ x > 2}", {"S": set_of(INT)})
    assert sep.lhs == sep.rhs and sep.lhs.sort == set_of(INT)
    card = parse_expr("Finset.card (Finset.filter (fun n => 6 ∣ n) (Finset.range 60)) = 10")
    filt = card.lhs.args[0]
    assert filt.args[0].binder.sort == NAT  # the lambda's binder took the element sort
    lit = parse_expr("({1, 2} : Finset ℕ).card = 2")
    assert lit.lhs.fn.name == "Finset.card"


def test_other_notations() -> None:
    assert parse_expr("|x| = x", {"x": INT}).lhs == UnOp("abs", Var("x", INT), INT)
    assert parse_expr("||(a)|| = |a|", {"a": REAL}).lhs == UnOp("abs", UnOp("abs", Var("a", REAL), REAL), REAL)
    assert parse_expr("x ≡ 2 [MOD 5]").fn.name == "Nat.ModEq"
    assert parse_expr("x ≡ 2 [ZMOD 5]").fn.name == "Int.ModEq"
    assert parse_expr("⌊x⌋ = 2", {"x": REAL}).lhs.fn.name == "Int.floor"
    assert parse_expr("if x > 0 then x else -x", {"x": INT}).fn.name == "ite"
    assert parse_expr("(x, y) = (1, 2)", {"x": NAT, "y": NAT}).rhs.sort == Sort("Prod", (NAT, NAT))
    assert parse_expr("True ∧ ¬False") == BinOp("∧", BoolLit(True), UnOp("¬", BoolLit(False), PROP), PROP)
    assert parse_expr("f ⁻¹' {0} = ∅", {"f": fun_sort((REAL,), REAL)}).lhs.fn.name == "Set.preimage"
    smul = parse_expr("2 • v = v + v", {"v": INT})
    assert smul.lhs == App(Const("HSMul.hSMul", fun_sort((NAT, INT), INT)), (Num("2", NAT), Var("v", INT)), INT)
    assert render_lean(smul) == "2 • v = v + v"
    assert render_lean(parse_expr("a ⊓ (b ⊔ c) = ⊥")) == "a ⊓ (b ⊔ c) = ⊥"
    assert parse_expr("‖x‖ = ‖y‖").lhs.fn.name == "norm"


def test_names_subscripts_guillemets_primes() -> None:
    d = parse_declaration("theorem «my thm» (x₁ x' : ℕ) (h₀ : x₁ = x') : x' = x₁")
    assert d.name == "my thm" and [b.name for b in d.binders] == ["x₁", "x'", "h₀"]
    assert parse_expr("«x y» + 1 = 2").lhs.lhs.name == "x y"


# --------------------------------------------------------------------------------------
# errors
# --------------------------------------------------------------------------------------


def test_parse_error_has_position_caret_and_construct() -> None:
    with pytest.raises(ParseError) as ei:
        parse_declaration("theorem t (x : ℕ) :\n  x + ) = 2")
    err = ei.value
    assert (err.line, err.col) == (2, 7)
    assert err.excerpt == "  x + ) = 2\n      ^"
    assert "line 2, column 7" in str(err)
    with pytest.raises(ParseError) as ei:
        parse_prop("∀ p : ℕ × ℕ, ⟨p.1, p.2⟩ = p")
    assert ei.value.construct == "anonymous constructor ⟨…⟩"
    with pytest.raises(ParseError) as ei:
        parse_prop("∀ s t : Set ℕ, s ∆ t = t ∆ s")
    assert ei.value.construct == "symmetric difference ∆"
    with pytest.raises(ParseError) as ei:
        parse_prop("∫ x in (0 : ℝ)..1, x = 1 / 2")
    assert ei.value.construct == "integral ∫"
    with pytest.raises(ParseError) as ei:
        parse_prop("∀ s : ℕ → Set ℕ, ⋃ i, s i = Set.univ")
    assert ei.value.construct == "indexed union ⋃"
    with pytest.raises(ParseError) as ei:
        parse_prop("∀ n : ℕ, n = _")
    assert ei.value.construct == "placeholder _"


def test_cdot_functions_become_lambdas() -> None:
    e = parse_expr("List.Pairwise (· ≠ ·) [a, b]")
    lam = e.args[0]
    assert isinstance(lam, Lam) and isinstance(lam.body, Lam)
    assert shape(lam) == "(λ_c1. (λ_c2. (_c1 ≠ _c2)))"
    f = parse_expr("Finset.filter (· ∣ 12) (Finset.range 13) = s")
    assert f.lhs.args[0].binder == Binder("_c1", NAT)


@pytest.mark.parametrize(
    "bad",
    ["", "theorem", "theorem t :", "∀ x,", "(a + b", "a +", "x +* y", "theorem : P", "λ x, x", "{x | }", "|x", "∑ , x"],
)
def test_malformed_inputs_raise_parse_error(bad: str) -> None:
    with pytest.raises(ParseError):
        parse_declaration(bad)


def test_unterminated_comment_and_bad_character() -> None:
    with pytest.raises(ParseError) as ei:
        parse_prop("1 = 1 /- never closed")
    assert ei.value.construct == "unterminated comment"
    with pytest.raises(ParseError) as ei:
        parse_prop("1 = 1 ⨁ 2")
    assert ei.value.col == 7


def test_comment_only_input_is_an_empty_statement() -> None:
    with pytest.raises(ParseError) as ei:
        parse_declaration("-- FALSE: converse of Nat.Prime.two_le. Counterexample: 4")
    assert ei.value.construct == "empty statement"


def test_tokenizer_keeps_positions() -> None:
    toks = tokenize("∀ n : ℕ, n.Prime → n ≥ 2")
    assert [t.text for t in toks[:-1]] == ["∀", "n", ":", "ℕ", ",", "n.Prime", "→", "n", "≥", "2"]
    assert toks[5].pos == 9 and toks[-1].kind == "eof"


def test_rendering_is_lean_text() -> None:
    d = parse_declaration("theorem t (a b : ℝ) (h : 0 < a ∧ 0 < b) : a / b > 0 := by positivity")
    assert render_lean(d) == "theorem t (a b : ℝ) (h : 0 < a ∧ 0 < b) : a / b > 0"
    e = parse_prop("∀ n : ℕ, ∀ m > n, (n : ℝ) < m")
    assert render_lean(e) == "∀ n m : ℕ, m > n → (n : ℝ) < (m : ℝ)"
    assert render_lean(parse_expr("(-a) ^ 2 = a ^ 2", {"a": INT})) == "(-a) ^ 2 = a ^ 2"
    assert render_lean(parse_expr("¬(a ∧ b)")) == "¬(a ∧ b)"
    assert render_lean(parse_expr("(∀ x : ℕ, x = x) ∧ True")) == "(∀ x : ℕ, x = x) ∧ True"
    assert render_lean(parse_expr("True ∧ ∀ x : ℕ, x = x")) == "True ∧ ∀ x : ℕ, x = x"


def test_connectives_between_non_propositions_are_rejected() -> None:
    """`a → b` with `a b : ℕ` is ill-typed in Lean: it must not become an implication that
    the paraphrase families could then rewrite."""
    with pytest.raises(ParseError, match="non-proposition"):
        parse_declaration("theorem t (a b : ℕ) (h : a → b) : True")
    with pytest.raises(ParseError, match="non-proposition"):
        parse_prop("∀ x y : ℝ, x ∧ y")
    # function *types* in binders stay fine
    assert parse_prop("∀ f : ℕ → ℕ, f 0 = f 0") is not None


def test_identifiers_are_leans() -> None:
    """Adversary round 30: any Unicode letter was an identifier character, so a Cyrillic
    `а` next to a Latin `a` made two variables, and `Kᗮ` (Mathlib's orthogonal complement)
    read as a new name `Kᗮ`.  Lean 4 takes ASCII letters, its letter-like blocks (Greek but
    λ Π Σ, Coptic, ℕ-like symbols, script/double-struck/fraktur) and its subscripts."""
    from certibench.logic.errors import ParseError
    from certibench.logic.parser import parse_declaration

    for bad in ("theorem t (а : ℕ) : а = а", "theorem t (é : ℕ) : é = é", "theorem t (K : ℕ) : Kᗮ = K",
                "theorem t (x : ℕ) : xᵁ = x"):
        with pytest.raises(ParseError, match="unexpected character"):
            parse_declaration(bad)
    for good in ("theorem t (xₗ x₁ xᵢ : ℕ) : xₗ + x₁ = x₁ + xₗ", "theorem t (ε δ : ℝ) (𝕜 : ℕ) : ε + δ = δ + ε",
                 "theorem t (ϕ : ℝ) : ϕ = ϕ"):
        parse_declaration(good)


def test_mathlib_type_notations_are_one_token() -> None:
    """Adversary round 30: `(x : ℝ≥0)` was split into `ℝ ≥ 0` and read as a hypothesis."""
    from certibench.logic.parser import parse_declaration

    d = parse_declaration("theorem t (x : ℝ≥0) (y : ℝ≥0∞) (n : ℕ+) : (x : ℝ) ≥ 0")
    assert [b.sort.head for b in d.binders] == ["NNReal", "ENNReal", "PNat"]
    assert parse_declaration("theorem t (x : ℝ) (h : x ≥0) : x = x").binders[1].hyp is not None


def test_bundled_map_arrows_are_refused_not_misread() -> None:
    """Adversary round 34: `(f : ℕ →o ℕ)` was read as `ℕ → o ℕ` with `o` auto-bound."""
    from certibench.logic.errors import ParseError
    from certibench.logic.parser import parse_declaration

    for arrow in ("→o", "→+*", "→ₗ[ℕ]", "→*", "→₀"):
        with pytest.raises(ParseError, match="bundled map arrow"):
            parse_declaration(f"theorem t (f : ℕ {arrow} ℕ) : f = f")
    assert parse_declaration("theorem t (f : ℕ→ℕ) (p q : Prop) : f 0 = f 0 ∧ (p → q → p)").binders[0].sort.is_fun
