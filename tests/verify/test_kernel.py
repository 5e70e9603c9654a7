"""The kernel replays rewrite chains and rejects every forged step.

Each attack takes a genuine chain found by the search (or builds one by hand) and alters it
the way an adversary would: a rule applied where it is not an instance, at the wrong
carrier, with a pattern variable of the wrong sort, with binder names that capture, an AC
step that drops an operand or uses a non-commutative operator, a wrong numeral, a renaming
that is not one, a chain that stops short, statements whose contexts differ."""

from __future__ import annotations

import pytest

from certibench.logic.ast import BinOp, Num, Var, to_data
from certibench.logic.parser import parse_declaration
from certibench.verify.kernel import Step, replay, statement_prop
from certibench.verify.rewrite import find_chain


def P(text: str):  # noqa: N802 - a parser shorthand
    return parse_declaration(text)


def chain(a: str, b: str) -> list[Step]:
    out = find_chain(P(a), P(b))
    assert out.found, out.reason
    return out.steps


def test_genuine_chains_replay() -> None:
    for a, b in [
        ("theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * x"),
        ("theorem t (a b : ℕ) : a ≤ b", "theorem t (a b : ℕ) : b ≥ a"),
        ("theorem t (n : ℕ) : n ∣ 0", "theorem t (n : ℕ) : ∃ c, 0 = n * c"),
        ("theorem t (P Q : Prop) : P → Q", "theorem t (P Q : Prop) : ¬ Q → ¬ P"),
        ("theorem t (f : ℕ → ℕ) : ∀ x, f x > 0", "theorem t (f : ℕ → ℕ) : ¬ ∃ x, ¬ (f x > 0)"),
    ]:
        steps = chain(a, b)
        assert replay(P(a), P(b), steps).ok
        # the chain is data: it survives a JSON round trip
        assert replay(P(a), P(b), [s.model_dump(mode="json") for s in steps]).ok


def test_rule_applied_where_it_is_not_an_instance() -> None:
    a, b = "theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * x"
    steps = chain(a, b)
    forged = [steps[0].model_copy(update={"path": [0]})]  # the step is now aimed at the binder body's lhs
    res = replay(P(a), P(b), forged)
    assert not res.ok


def test_claimed_rule_that_does_not_hold_is_rejected() -> None:
    # x ^ 2 = x * 2 is not a library rule; try to pass sq_as_mul off for it
    a, b = "theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * 2"
    steps = chain("theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * x")
    res = replay(P(a), P(b), steps)
    assert not res.ok and "does not end at the paraphrase" in res.reason


def test_wrong_carrier_is_rejected() -> None:
    # not_le_as_lt on ℂ is not an instance (ℂ is not linearly ordered) and lt_as_succ_le on ℝ is
    # false (0.5 < 1 but not 1.5 ≤ 1): claim the ℕ instance on a real statement
    a = "theorem t (x y : ℝ) : x < y"
    b = "theorem t (x y : ℝ) : x + 1 ≤ y"
    x, y = Var("x", P(a).binders[0].sort), Var("y", P(a).binders[0].sort)  # type: ignore[arg-type]
    for sort in ("Nat", "Int", "Real", "*"):
        step = Step(kind="rule", rule="lt_as_succ_le", sort=sort, path=[0, 0], terms={"a": to_data(x), "b": to_data(y)})
        assert not replay(P(a), P(b), [step]).ok


def test_pattern_variable_of_the_wrong_sort_is_rejected() -> None:
    a = "theorem t (x : ℕ) : x ^ 2 = x ^ 2"
    b = "theorem t (x : ℕ) : x * x = x ^ 2"
    good = chain(a, b)
    assert replay(P(a), P(b), good).ok
    bad = good[0].model_copy(update={"sort": "Real"})  # the ℝ instance of sq_as_mul on an ℕ term
    assert not replay(P(a), P(b), [bad, *good[1:]]).ok


def test_requested_binder_names_that_capture_are_rejected() -> None:
    # dvd_unfold introduces ∃ c; naming that binder `n` would capture the statement's n
    a, b = "theorem t (n m : ℕ) : n ∣ m", "theorem t (n m : ℕ) : ∃ c, m = n * c"
    steps = chain(a, b)
    rule_steps = [s for s in steps if s.kind == "rule"]
    assert rule_steps
    forged = [s.model_copy(update={"names": {"c": "n"}}) if s.rule == "dvd_unfold" else s for s in steps]
    assert not replay(P(a), P(b), forged).ok


def test_ac_step_that_drops_an_operand_is_rejected() -> None:
    a = "theorem t (P Q R : Prop) : P ∧ Q ∧ R"
    b = "theorem t (P Q R : Prop) : P ∧ Q"
    prop = statement_prop(P(a))
    # path to the body under the three ∀: 0,0,0
    body = prop.body.body.body  # type: ignore[union-attr]
    drop = BinOp("∧", body.lhs, body.rhs.lhs, body.sort)  # type: ignore[union-attr]
    step = Step(kind="ac", path=[0, 0, 0], after=to_data(drop))
    assert not replay(P(a), P(b), [step]).ok


def test_ac_step_on_a_non_commutative_operator_is_rejected() -> None:
    a = "theorem t (a b : ℕ) : a - b = 0"
    b = "theorem t (a b : ℕ) : b - a = 0"
    body = statement_prop(P(a)).body.body  # type: ignore[union-attr]
    swapped = BinOp("-", body.lhs.rhs, body.lhs.lhs, body.lhs.sort)  # type: ignore[union-attr]
    step = Step(kind="ac", path=[0, 0, 0], after=to_data(swapped))
    assert not replay(P(a), P(b), [step]).ok
    # → is not commutative either
    a2, b2 = "theorem t (P Q : Prop) : P → Q", "theorem t (P Q : Prop) : Q → P"
    body2 = statement_prop(P(a2)).body.body  # type: ignore[union-attr]
    step2 = Step(kind="ac", path=[0, 0], after=to_data(BinOp("→", body2.rhs, body2.lhs, body2.sort)))  # type: ignore[union-attr]
    assert not replay(P(a2), P(b2), [step2]).ok


def test_eval_step_uses_lean_semantics() -> None:
    a = "theorem t : (3 : ℕ) - 5 = 0"
    ok_b = "theorem t : (0 : ℕ) = 0"
    lhs_sort = statement_prop(P(a)).lhs.sort  # type: ignore[union-attr]
    good = Step(kind="eval", path=[0], after=to_data(Num("0", lhs_sort)))
    assert replay(P(a), P(ok_b), [good]).ok
    # claiming the ℤ-style value is rejected (ℕ subtraction truncates)
    bad_b = "theorem t : (2 : ℕ) = 0"
    bad = Step(kind="eval", path=[0], after=to_data(Num("2", lhs_sort)))
    assert not replay(P(a), P(bad_b), [bad]).ok


def test_alpha_step_must_be_a_renaming() -> None:
    a = "theorem t : ∀ x : ℕ, x = x"
    b = "theorem t : ∀ y : ℕ, y = 0"
    step = Step(kind="alpha", path=[], after=to_data(statement_prop(P(b))))
    assert not replay(P(a), P(b), [step]).ok
    c = "theorem t : ∀ y : ℕ, y = y"
    assert replay(P(a), P(c), [Step(kind="alpha", path=[], after=to_data(statement_prop(P(c))))]).ok


def test_contexts_must_agree() -> None:
    a = "theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a"
    b = "theorem t {G : Type*} [Group G] (a b : G) : a * b = b * a"
    assert not replay(P(a), P(b), []).ok
    assert not find_chain(P(a), P(b)).found


def test_unknown_rule_and_malformed_steps_fail_cleanly() -> None:
    a, b = "theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * x"
    assert not replay(P(a), P(b), [{"kind": "rule", "rule": "no_such_rule", "sort": "Real"}]).ok
    assert not replay(P(a), P(b), [{"kind": "rule", "rule": "sq_as_mul", "sort": "Real", "terms": {"x": {"t": "Nope"}}}]).ok
    assert not replay(P(a), P(b), [{"kind": "teleport"}]).ok
    assert not replay(P(a), P(b), [{"kind": "ac", "path": [9, 9, 9], "after": None}]).ok


def test_truth_cannot_stand_in_for_a_chain() -> None:
    # two true statements with no rule between them: no chain, whatever their truth
    assert not find_chain(P("theorem t (a b : ℕ) : a + b = b + a"), P("theorem t (a b : ℕ) : a * b = b * a")).found
    assert not find_chain(P("theorem t : Nat.Prime 7"), P("theorem t : Nat.Prime 7 ∧ ∀ x y : ℝ, x^2 + y^2 ≥ 2*x*y")).found


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("theorem t (p : ℕ) : Nat.Prime p", "theorem t (p : ℕ) : Prime p"),
        ("theorem t (a b : ℕ) : Nat.Coprime a b", "theorem t (a b : ℕ) : Nat.gcd a b = 1"),
        ("theorem t (a b : ℕ) : a ≡ b [MOD 3]", "theorem t (a b : ℕ) : a % 3 = b % 3"),
        ("theorem t (x : ℝ) : x ∈ Set.Icc 0 1", "theorem t (x : ℝ) : 0 ≤ x ∧ x ≤ 1"),
        ("theorem t (C A : Set ℕ) : C ∩ A ≠ ∅", "theorem t (C A : Set ℕ) : (C ∩ A).Nonempty"),
        ("theorem t (n : ℕ) : n ∣ 0", "theorem t (n : ℕ) : ∃ c, 0 = n * c"),
        ("theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * x"),
        ("theorem t (a b : ℝ) : a ≤ b", "theorem t (a b : ℝ) : b ≥ a"),
    ],
)
def test_definitional_equivalents_get_replayable_chains(a: str, b: str) -> None:
    out = find_chain(P(a), P(b))
    assert out.found, out.reason
    assert replay(P(a), P(b), out.steps).ok
    # and the chain is not reversible into nonsense: it does not reach a different target
    assert not replay(P(a), P("theorem t : False"), out.steps).ok


# --- adversary round 12: types inside terms and types that mention variables -------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a type argument (a TypeE node) was never compared: Fin 3 and Fin 4 were "the same"
        ("theorem t : Fintype.card (Fin 3) = 3", "theorem t : Fintype.card (Fin 4) = 3"),
        ("theorem t : Nonempty (Fin 2)", "theorem t : Nonempty (Fin 0)"),
        # a type that names a variable names its binder: reordered, `Fin n` is another type
        ("theorem t (n m : ℕ) (x : Fin n) : (x : ℕ) < n", "theorem t (m n : ℕ) (x : Fin n) : (x : ℕ) < m"),
        ("theorem t (n m : ℕ) (s : Finset (Fin n)) : s.card ≤ n", "theorem t (m n : ℕ) (s : Finset (Fin n)) : s.card ≤ m"),
        ("theorem t (n m : ℕ) (a : ZMod n) : a.val < n", "theorem t (m n : ℕ) (a : ZMod n) : a.val < m"),
        # an instance that mentions a variable: [NeZero n] about the first or the second
        ("theorem t (n m : ℕ) [NeZero n] : m < n", "theorem t (m n : ℕ) [NeZero n] : m < n"),
    ],
)
def test_types_are_compared_by_what_they_mean(a: str, b: str) -> None:
    from certibench.verify.certifier import certify_pair, same_statement
    from certibench.verify.kernel import alpha_eq

    assert not same_statement(P(a), P(b))
    assert not alpha_eq(statement_prop(P(a)), statement_prop(P(b))) or "NeZero" in a
    assert not replay(P(a), P(b), []).ok  # the empty chain
    assert certify_pair(a, b, tier="T1").verdict != "certified"


def test_renamed_dependent_types_stay_equal() -> None:
    """α-renaming keeps a dependent type pointing at its own binder; binders listed in
    another order with the names kept are still certified (matched by name)."""
    from certibench.verify.certifier import certify_pair, same_statement

    swapped = ("theorem t (n m : ℕ) (a : ZMod n) : a = a + 0 * m", "theorem t (m n : ℕ) (a : ZMod n) : a = a + 0 * m")
    assert certify_pair(*swapped, tier="T1").verdict in ("certified", "vacuous")

    a = "theorem t (n m : ℕ) (x : Fin n) : (x : ℕ) < n + m"
    for b in ("theorem t (k j : ℕ) (y : Fin k) : (y : ℕ) < k + j", "theorem t (n m : ℕ) (x : Fin n) : (x : ℕ) < n + m"):
        assert same_statement(P(a), P(b))
        assert replay(P(a), P(b), []).ok


def test_the_kernel_does_not_substitute_into_types() -> None:
    from certibench.verify.kernel import KernelError, subst_var

    e = statement_prop(P("theorem t (n : ℕ) (x : Fin n) : (x : ℕ) < n"))
    body = e.body  # ∀ x : Fin n, …, with n free
    with pytest.raises(KernelError, match="dependent type"):
        subst_var(body, "n", Num("3", body.binder.sort.params[0].sort))
