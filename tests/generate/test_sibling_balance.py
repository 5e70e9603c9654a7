"""The balanced choice of FALSE siblings (:mod:`certibench.generate.sibling_balance`).

A release whose FALSE siblings are chosen one statement at a time piles up the words its
edits introduce; the balanced choice must remove such a pile when the candidates allow
it, never increase the divergence it minimises, be deterministic, and on real statements
pick only certified-FALSE mutants."""

from __future__ import annotations

import random

import numpy as np
import pytest

from certibench.generate.false_siblings import false_sibling, ordered_mutations, refutable_siblings
from certibench.generate.pipeline import SiblingOptions, SourceStatement, choose_siblings, sibling_options
from certibench.generate.sibling_balance import select_siblings, surface_features
from certibench.logic.ast import peel
from certibench.logic.concrete import concrete_value
from certibench.logic.parser import parse_declaration
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
                       [(0, "a", ("F1",)), (3, "b", ("F1", "F6", "F7")), (5, "c", ("F4", "F6", "F1")), (9, "d", ())])
    assert o.preferred() == [2]
    o2 = SiblingOptions("t", "q", ("F1",), [(0, "a", ("F1",)), (1, "b", ("F1", "F4"))])
    assert o2.preferred() == [0, 1]  # families the TRUE statement lacks do not count
    assert SiblingOptions("t").preferred() == []
