"""The non-vacuity abstraction and a truth-table property test of the whole Z3 path."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def _prop(text: str):
    from certibench.logic.parser import parse_prop

    return parse_prop(text)


def test_constants_become_fresh_uninterpreted_symbols_per_signature() -> None:
    from certibench.verify.antiunify import abstract_pair

    ab = abstract_pair(_prop("∀ n : ℕ, Even n ∧ Nat.Prime n"), _prop("∀ m : ℤ, Even m"))
    # Even at ℕ and Even at ℤ are different symbols; Nat.Prime is abstracted too
    assert sorted(ab.symbols.values()) == ["Even", "Even", "Nat.Prime"]
    assert len(set(ab.symbols)) == 3
    assert all(name.startswith("u_") for name in ab.symbols)


def test_structural_constants_keep_their_meaning() -> None:
    from certibench.verify.antiunify import abstract_pair

    ab = abstract_pair(_prop("∀ a b : ℕ, max a b = max b a"), _prop("∀ a b : ℕ, max b a = max a b"))
    assert ab.symbols == {}


def test_shared_atoms_are_keyed_by_binder_position() -> None:
    from certibench.verify.antiunify import abstract_pair

    a = _prop("∀ k m n : ℕ, k ∣ m → k ∣ n → k ∣ m + n")
    b = _prop("∀ k m n : ℕ, m % k = 0 → k ∣ n → k ∣ m + n")
    ab = abstract_pair(a, b, share_atoms=True)
    shared = {name: ab.atoms[name] for name in ab.shared_atoms}
    # `k ∣ n` and `k ∣ m + n` occur on both sides; `k ∣ m` only on the left: it stays visible
    assert len(shared) == 2
    from certibench.logic.render_lean import render_lean

    assert sorted(render_lean(e) for e in shared.values()) == ["k ∣ m + n", "k ∣ n"]
    assert "∣ m →" in render_lean(ab.lhs) or "k ∣ m" in render_lean(ab.lhs)


def test_disagreements_match_binders_up_to_renaming() -> None:
    from certibench.logic.render_lean import render_lean
    from certibench.verify.antiunify import alpha_equal, disagreements

    a = _prop("∀ x : ℝ, P ((x - 1) ^ 2)")
    b = _prop("∀ y : ℝ, P (y ^ 2 - 2 * y + 1)")
    (pair,) = disagreements(a, b)
    assert render_lean(pair[0]).startswith("(") and "^ 2 - 2 *" in render_lean(pair[1])
    assert alpha_equal(_prop("∀ x : ℕ, P x"), _prop("∀ z : ℕ, P z"))
    assert not alpha_equal(_prop("∀ x : ℕ, P x"), _prop("∀ z : ℤ, P z"))


def test_definitions_unfold_without_capture() -> None:
    from certibench.logic.render_lean import render_lean
    from certibench.verify.antiunify import abstract_pair, unfold_definitions

    axiom = {"name": "even_def", "statement": "∀ n : ℕ, Even n ↔ ∃ r : ℕ, n = r + r", "symbols": ["Even"], "sorts": ["Nat"], "mathlib": "Even"}
    ab = abstract_pair(_prop("∀ r : ℕ, Even (r + 1)"), _prop("∀ r : ℕ, ∃ s : ℕ, r + 1 = s + s"), axioms=[axiom])
    assert [a.name for a in ab.axioms] == ["even_def"]
    out = render_lean(unfold_definitions(ab.lhs, ab.axioms))
    # the definition's bound `r` was renamed, so it does not capture the outer `r`
    assert out.startswith("∀ r : ℕ, ∃ r_d1 : ℕ, r + 1 = r_d1 + r_d1"), out


# --------------------------------------------------------------------------------------
# Property: on propositional shapes over uninterpreted predicates the verdict is exact.
# --------------------------------------------------------------------------------------

ATOMS = ("P n", "Q n", "R n")


def _formulas(depth: int) -> st.SearchStrategy[tuple[str, object]]:
    leaf = st.sampled_from([(a, i) for i, a in enumerate(ATOMS)])
    if depth == 0:
        return leaf
    sub = _formulas(depth - 1)
    return st.one_of(
        leaf,
        sub.map(lambda f: (f"¬({f[0]})", ("not", f[1]))),
        st.tuples(st.sampled_from(["∧", "∨", "→", "↔"]), sub, sub).map(
            lambda t: (f"({t[1][0]}) {t[0]} ({t[2][0]})", (t[0], t[1][1], t[2][1]))
        ),
    )


def _subtrees(tree: object) -> list[object]:
    if isinstance(tree, int):
        return [tree]
    assert isinstance(tree, tuple)
    return [tree, *[x for child in tree[1:] for x in _subtrees(child)]]


def _a_differing_part_is_constant(f: object, g: object) -> bool:
    envs = list(itertools.product([False, True], repeat=len(ATOMS)))
    sf, sg = _subtrees(f), _subtrees(g)
    differing = [t for t in sf if t not in sg] + [t for t in sg if t not in sf]
    return any(len({_eval(t, e) for e in envs}) == 1 for t in differing)


def _eval(tree: object, env: tuple[bool, ...]) -> bool:
    if isinstance(tree, int):
        return env[tree]
    assert isinstance(tree, tuple)
    if tree[0] == "not":
        return not _eval(tree[1], env)
    op, a, b = tree
    x, y = _eval(a, env), _eval(b, env)
    return {"∧": x and y, "∨": x or y, "→": (not x) or y, "↔": x == y}[op]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_formulas(3), _formulas(3))
def test_truth_table_agrees_with_the_verdict(f: tuple[str, object], g: tuple[str, object]) -> None:
    """P, Q, R are variables of the statement: a non-equivalent pair is refuted with finite
    tables for them (re-checked by exact evaluation); an equivalent pair is certified, or
    vacuous when it is a tautology."""
    from certibench.verify.backends.z3 import recheck
    from certibench.verify.certifier import certify_pair

    envs = list(itertools.product([False, True], repeat=len(ATOMS)))
    equivalent = all(_eval(f[1], e) == _eval(g[1], e) for e in envs)
    tautology = all(_eval(f[1], e) for e in envs)
    contradiction = not any(_eval(f[1], e) for e in envs)
    head = "theorem t (P Q R : ℕ → Prop) : ∀ n : ℕ, "
    lhs, rhs = head + f[0], head + g[0]
    res = certify_pair(lhs, rhs, family="F8", backends=("z3",), timeout=5.0, cvc5_recheck=False)
    from certibench.verify.certifier import parse_statement, trivial_statement

    trivial = [trivial_statement(parse_statement(x)) for x in (lhs, rhs)]
    if lhs == rhs:  # the same statement with no English attached: certified as identical
        assert (res.verdict, res.backend) == ("certified", "identical")
    elif trivial[0] != trivial[1]:
        # one side true by reflexivity alone (`P n → P n`): two statements, not a paraphrase
        assert res.verdict == "vacuous", (lhs, rhs, res.reason)
    elif not equivalent:
        assert res.verdict == "refuted", (lhs, rhs, res.reason)
        assert recheck(res.certificate.smt, cvc5=False).ok
    elif tautology or contradiction or _a_differing_part_is_constant(f[1], g[1]):
        # finest-level non-vacuity: a subformula of one side with no counterpart on the
        # other that is true (or false) for every P, Q, R makes the proof vacuous
        assert res.verdict in ("vacuous", "certified"), (lhs, rhs, res.reason)
    else:
        assert res.verdict == "certified", (lhs, rhs, res.reason)
    if res.backend == "identical":  # only for the same formula up to bound names
        from certibench.logic.parser import parse_declaration
        from certibench.verify.antiunify import alpha_equal

        assert alpha_equal(parse_declaration(lhs).as_prop(), parse_declaration(rhs).as_prop())
