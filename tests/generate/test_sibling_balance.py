"""The balanced choice of FALSE siblings (:mod:`certibench.generate.sibling_balance`).

A release whose FALSE siblings are chosen one statement at a time piles up the words its
edits introduce; the balanced choice must remove such a pile when the candidates allow
it, never increase the divergence it minimises, be deterministic, and on real statements
pick only certified-FALSE mutants."""

from __future__ import annotations

import random
import re
from collections import Counter

import numpy as np
import pytest

from certibench.families.rules import positions
from certibench.generate import false_siblings as fs
from certibench.generate.false_siblings import false_sibling, ordered_mutations, refutable_siblings
from certibench.generate.pipeline import SiblingOptions, SourceStatement, choose_siblings, sibling_options
from certibench.generate.sibling_balance import select_siblings, shape_features, surface_features
from certibench.logic.ast import Var, peel
from certibench.logic.concrete import concrete_value
from certibench.logic.parser import parse_declaration
from certibench.logic.render_lean import render_lean
from certibench.metrics import release_audit as ra


def test_surface_features_are_word_and_char_ngrams() -> None:
    f = surface_features("a + 2 is at most b")
    assert {"w:a", "w:+", "w:2", "w:at most", "w:+ 2", "c:+ 2", "c:at m", "c:a +"} <= f
    assert "w:At" not in surface_features("At most")  # words lower-cased
    assert "c:At " in surface_features("At most")  # characters keep their case
    assert surface_features("") == frozenset()


def _corpus(n: int, seed: int) -> tuple[dict[str, str], dict[str, list[str]]]:
    """TRUE sentences over random variables; each statement's first candidate shifts a
    constant (always bringing "+ 2" in: the tell of a naive choice), the second swaps two
    variables (bringing in nothing new)."""
    rng = random.Random(seed)
    names = "abcdefghkmnpqrstuvwxyz"
    true, cands = {}, {}
    for i in range(n):
        x, y, z = rng.sample(names, 3)
        rel = rng.choice(["is at most", "is less than", "equals", "divides"])
        true[f"t{i}"] = f"For all {x}, {y} and {z}, {x} + 1 {rel} {y} * {z}"
        cands[f"t{i}"] = [f"For all {x}, {y} and {z}, {x} + 2 {rel} {y} * {z}",
                          f"For all {x}, {y} and {z}, {y} + 1 {rel} {x} * {z}"]
    return true, cands


def _probe_accuracy(true: dict[str, str], false: dict[str, str]) -> float:
    keys = sorted(true)
    texts = [true[k] for k in keys] + [false[k] for k in keys]
    labels = ["TRUE"] * len(keys) + ["FALSE"] * len(keys)
    res = ra.artifact_baseline(texts, labels, keys + keys, n_boot=0)
    return float(res["accuracy"])


def test_a_piled_up_tell_is_removed() -> None:
    true, cands = _corpus(120, seed=1)
    naive = {k: c[0] for k, c in cands.items()}
    assert _probe_accuracy(true, naive) > 0.9  # "+ 2" gives every FALSE sentence away
    sel = select_siblings(true, cands)
    chosen = {k: cands[k][sel.choice[k]] for k in cands}
    assert sel.divergence_after < sel.divergence_before
    assert sum("+ 2" in t for t in chosen.values()) < 30  # from 120
    assert _probe_accuracy(true, chosen) <= 0.55


def test_divergence_never_increases_and_choice_is_deterministic() -> None:
    rng = random.Random(5)
    for trial in range(5):
        true, cands = _corpus(60, seed=trial)
        # shuffle the candidate order and add a third, random candidate to some statements
        for k in cands:
            if rng.random() < 0.5:
                cands[k].append(true[k].replace("1", str(rng.randint(3, 9))))
            rng.shuffle(cands[k])
        a = select_siblings(true, cands)
        b = select_siblings(dict(true), {k: list(v) for k, v in cands.items()})
        assert a == b
        assert a.divergence_after <= a.divergence_before
        assert all(0 <= a.choice[k] < len(cands[k]) for k in cands)


def test_ties_keep_the_preferred_candidate_and_single_options_are_kept() -> None:
    true = {"t": "x is at most y"}
    sel = select_siblings(true, {"t": ["y is at most x", "y is at most x"], "u": []})
    assert sel.choice == {"t": 0} and sel.changed == 0  # "u" has no candidate: not chosen for
    one = select_siblings({"t": "x equals y"}, {"t": ["x does not equal y"]})
    assert one.choice == {"t": 0}


STATEMENTS = [
    "theorem a1 (a b : ℕ) (h : a ≤ b) : a + 1 ≤ b + 1",
    "theorem a2 (n : ℕ) : n ^ 2 + n = n * (n + 1)",
    "theorem a3 (x y : ℤ) (h : x < y) : x - y < 0",
    "theorem a4 (m k : ℕ) (h : 0 < k) : m % k < k",
]


def test_real_options_are_certified_false_mutants_with_their_index() -> None:
    srcs = [SourceStatement(theorem_id=s.split()[1], statement=s, source="test") for s in STATEMENTS]
    opts = [sibling_options(s, seed=0, families=("F1", "F4", "F6", "F8")) for s in srcs]
    assert all(o.error is None and o.options for o in opts)
    assert all("F1" in o.families and "F1" in o.options[0][2] for o in opts)  # F1 applies to every statement
    chosen, sel = choose_siblings(opts)
    assert set(chosen) == {s.theorem_id for s in srcs}
    for src, o in zip(srcs, opts, strict=True):
        prop = parse_declaration(src.statement).as_prop()
        refutable = dict(refutable_siblings(prop, 0, src.theorem_id))
        idx, pos, n = chosen[src.theorem_id]
        assert n == len(o.options) and o.options[pos][0] == idx and idx in refutable
        assert pos in o.preferred()  # as many of the TRUE statement's families apply as can
        sib = false_sibling(prop, 0, src.theorem_id, choice=idx)
        assert sib is not None and sib.mutation == ordered_mutations(prop, 0, src.theorem_id)[idx]
        # the counterexample really refutes the mutant: hypotheses hold, conclusion fails
        p = peel(sib.mutation.prop)
        assert all(concrete_value(h, sib.counterexample) for h in p.hyps)
        assert not concrete_value(p.concl, sib.counterexample)
    # an index that names no refutable mutation gives no sibling (never a TRUE one)
    prop = parse_declaration(STATEMENTS[0]).as_prop()
    bad = [i for i in range(len(ordered_mutations(prop, 0, "a1"))) if i not in dict(refutable_siblings(prop, 0, "a1"))]
    assert bad and false_sibling(prop, 0, "a1", choice=bad[0]) is None
    assert false_sibling(prop, 0, "a1", choice=10_000) is None


@pytest.mark.parametrize("n", [0, 1])
def test_degenerate_inputs(n: int) -> None:
    true = {f"t{i}": "x equals y" for i in range(n)}
    sel = select_siblings(true, {k: ["y equals x"] for k in true})
    assert sel.choice == dict.fromkeys(true, 0)
    assert np.isfinite(sel.divergence_before)


def test_preferred_options_keep_the_families_of_the_true_statement() -> None:
    o = SiblingOptions("t", "q", ("F1", "F4", "F6"),
                       [(0, "a", ("F1",), frozenset()), (3, "b", ("F1", "F6", "F7"), frozenset()),
                        (5, "c", ("F4", "F6", "F1"), frozenset()), (9, "d", (), frozenset())])
    assert o.preferred() == [2]
    o2 = SiblingOptions("t", "q", ("F1",), [(0, "a", ("F1",), frozenset()), (1, "b", ("F1", "F4"), frozenset())])
    assert o2.preferred() == [0, 1]  # families the TRUE statement lacks do not count
    assert SiblingOptions("t").preferred() == []


# ----------------------------------------------------------------------------------------
# Degenerate edits and the shape of a statement (found by an adversary on the release:
# "p is prime and p is prime", "m! < m!", and variables used once after an edit)
# ----------------------------------------------------------------------------------------


def _props(stmt: str) -> tuple:
    prop = parse_declaration(stmt).as_prop()
    return prop, ordered_mutations(prop, 0, "t")


@pytest.mark.parametrize("stmt", [
    "theorem t (p q : ℕ) (hp : Nat.Prime p) (hq : Nat.Prime q) (h : p ≠ q) : Nat.Coprime p q",
    "theorem t (m n : ℕ) (h : m < n) : Nat.factorial m < Nat.factorial n",
    "theorem t (a b : ℕ) (h : a * b = 0) : a = 0 ∨ b = 0",
    "theorem t (n : ℕ) : n % 2 = 0 ∨ n % 2 = 1",
    "theorem t (m n : ℕ) (h₁ : m ∣ n) (h₂ : n ∣ m) : m = n",
    "theorem t (a b : ℕ) (h₁ : a ≤ b) (h₂ : b ≤ a) : a = b",
])
def test_no_edit_makes_the_statement_degenerate(stmt: str) -> None:
    prop, muts = _props(stmt)
    assert muts, "the statement has mutations"
    base = fs.degenerate_count(prop)
    for m in muts:
        assert fs.degenerate_count(m.prop) <= base, (m.kind, render_lean(m.prop))
        text = render_lean(m.prop)
        # the concrete forms the adversary found
        assert not re.search(r"Nat\.Coprime (\w) \1\b", text)
        assert not re.search(r"Nat\.factorial (\w) < Nat\.factorial \1\b", text)
        assert not re.search(r"(\w) = 0 ∨ \1 = 0", text)
        assert not re.search(r"(\w) ∣ (\w) → \1 ∣ \2 →", text) and not re.search(r"(\w) ≤ (\w) → \1 ≤ \2 →", text)
        assert "n % 2 = 0 ∨ n % 2 = 0" not in text and "n % 2 = 1 ∨ n % 2 = 1" not in text


def test_degenerate_count_sees_repeats() -> None:
    def count(stmt: str) -> int:
        return fs.degenerate_count(parse_declaration(stmt).as_prop())

    assert count("theorem t (a b : ℕ) : a + b = b + a") == 0
    assert count("theorem t (a : ℕ) : a ≤ a") == 1
    assert count("theorem t (a b : ℕ) : a - a = b - b") == 2
    assert count("theorem t (p : ℕ) : Nat.Prime p ∧ Even p ∧ Nat.Prime p") == 1
    assert count("theorem t (p : ℕ) : Nat.Coprime p p") == 1
    assert count("theorem t (m n : ℕ) (h : m ∣ n) (h' : m ∣ n) : m = n") == 1  # a repeated hypothesis
    assert count("theorem t (m n : ℕ) (h : m ∣ n) : ∀ k : ℕ, m ∣ n → k ≤ k + 2") == 1
    assert count("theorem t (m n : ℕ) (h : m ∣ n) (h' : n ∣ m) : m = n") == 0
    assert count("theorem t (a b : ℕ) : a * b = b * a") == 0
    assert count("theorem t (a b : ℕ) : a * a = b * b") == 2  # squares count (an edit may not create one)


def test_variable_exchange_keeps_every_variables_occurrences() -> None:
    prop, muts = _props("theorem t (a b c : ℕ) : a * (b + c) = a * b + a * c")
    swaps = [m for m in muts if m.kind == "swapped_variables"]
    assert swaps and len(swaps) <= fs._MAX_SWAPS

    def occ(p) -> Counter:
        return Counter(v.name for _, v in positions(p) if isinstance(v, Var))

    for m in swaps:
        assert occ(m.prop) == occ(prop) and m.prop != prop
    refuted = [s for _, s in refutable_siblings(prop, 0, "t") if s.mutation.kind == "swapped_variables"]
    assert refuted, "some exchange is refutable (b * (a + c) = a * b + a * c)"
    for s in refuted:  # and each counterexample really refutes it
        p = peel(s.mutation.prop)
        assert not concrete_value(p.concl, s.counterexample)


def test_shape_features_count_occurrences() -> None:
    true = parse_declaration("theorem t (a b : ℕ) : a + b = b + a").as_prop()
    edited = parse_declaration("theorem t (a b : ℕ) : a + b = a + a").as_prop()
    s_true, s_edit = shape_features(true, "x"), shape_features(edited, "x")
    assert {"s:min_occ=2", "s:max_occ=2", "s:once=0", "s:thrice=0", "s:vars=2"} <= s_true
    assert {"s:min_occ=1", "s:max_occ=3", "s:once=1", "s:thrice=1"} <= s_edit


def test_shape_features_are_balanced_too() -> None:
    """Candidates identical in their words but differing in shape: the choice follows the
    shape of the TRUE statements (with shape_weight 0 it cannot tell them apart)."""
    rng = random.Random(3)
    true, cands = {}, {}
    for i in range(60):
        t = f"statement {i} " + " ".join(rng.sample("abcdefgh", 3))
        true[f"t{i}"] = (t, frozenset({"s:once=0"}))
        cands[f"t{i}"] = [(t + " .", frozenset({"s:once=1"})), (t + " .", frozenset({"s:once=0"}))]
    sel = select_siblings(true, cands)
    assert all(c == 1 for c in sel.choice.values())
    blind = select_siblings(true, cands, shape_weight=0.0)
    assert all(c == 0 for c in blind.choice.values())  # ties go to the first


def test_identities_get_an_operation_edit_not_only_a_negation() -> None:
    """`a + b = b + a` has no refutable edit that adds no "not" except changing an
    operation; ℕ never gets a truncated `-` this way."""
    for stmt, expected in [
        ("theorem t (a b : ℝ) : max a b = max b a", "min"),
        ("theorem t (a b : ℝ) : a + b = b + a", "-"),
        ("theorem t (m n : ℕ) : Nat.gcd m n * Nat.lcm m n = m * n", "+"),
    ]:
        prop = parse_declaration(stmt).as_prop()
        kinds = {s.mutation.kind: s for _, s in refutable_siblings(prop, 0, "t")}
        assert "operation" in kinds, stmt
        s = kinds["operation"]
        assert expected in render_lean(s.mutation.prop)
        p = peel(s.mutation.prop)
        assert not concrete_value(p.concl, s.counterexample)
    nat = parse_declaration("theorem t (a b : ℕ) : a + b = b + a").as_prop()
    assert all("-" not in render_lean(m.prop) for m in ordered_mutations(nat, 0, "t") if m.kind == "operation")


@pytest.mark.parametrize("stmt,odd", [
    ("theorem t (a : ℝ) : a / 2 + a / 2 = a", r"a / 2 - a / 2"),  # x + x turned into x - x
    ("theorem t (a : ℝ) : a ≤ a", r"a < a"),  # a degenerate relation turned into another
    ("theorem t (n : ℕ) : Even n ↔ ¬Even (n + 1)", r"n \* 1"),  # an operation edit landing on 1
    ("theorem t (a : ℝ) (h : a ≠ 0) : 1 / a * a = 1", r"a / 1"),  # swapped operands landing on 1
    ("theorem t (a : ℝ) : a * a ≥ 0", r"a \+ a"),
    ("theorem t (s t : Set ℝ) : s ∩ t ⊆ t", r"t ∩ t"),
])
def test_no_edit_creates_an_odd_form(stmt: str, odd: str) -> None:
    """Found by an adversary on the release: an edit may not turn one odd form into another
    (the count stays the same) nor bring in an identity element."""
    prop = parse_declaration(stmt).as_prop()
    before = fs.odd_forms(prop)
    for m in ordered_mutations(prop, 0, "t"):
        assert not (fs.odd_forms(m.prop) - before), (m.kind, render_lean(m.prop))
        assert not re.search(odd, render_lean(m.prop)), (m.kind, render_lean(m.prop))


def test_odd_forms_are_identity_elements_and_repeats() -> None:
    forms = fs.odd_forms(parse_declaration("theorem t (n : ℕ) : n * 1 + 0 = n ∧ n ≤ n").as_prop())
    assert set(forms) == {"n * 1", "n * 1 + 0", "n ≤ n"}
