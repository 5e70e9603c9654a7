"""Choosing FALSE siblings so that the English of a release carries no truth-value tell.

A FALSE sibling is one edit away from its TRUE statement, so its English is the TRUE
English with a few n-grams removed and a few added.  Whatever the edit adds, summed over
the release, is what a surface classifier can learn: if most siblings shift a constant,
"+ 2" and "3" become FALSE words; if most swap the operands of ``≤``, "at most 0" does.
One edit per statement chosen independently ("the first refutable mutant") piles these
tells up; choosing the least suspicious mutant per statement under a classifier trained
on the current choice only moves the pile elsewhere (measured: it oscillates between
0.58 and 0.72 accuracy).

What is chosen here instead is the *whole set* of siblings, so that the surface
distribution of the FALSE English matches the TRUE English: every text is reduced to the
set of its surface features (lower-cased word 1-2-grams with symbols and digits as words,
and character 3-5-grams — the features of the release audit's classifier), ``F[f]`` and
``T[f]`` count the FALSE and TRUE texts that have feature ``f``, and the selection
minimises the chi-square-like divergence

    D = Σ_f (F[f] − T[f])² / (F[f] + T[f] + 1)

by coordinate descent: statements are visited in input order and each takes the candidate
(a refutable mutant whose English reads back to its formula) that lowers ``D`` most, ties
to the earlier candidate (the preference order of :mod:`.false_siblings`), until a sweep
changes nothing (at most ``max_rounds`` sweeps).  ``D`` never increases, so the descent
terminates; every number in it is an integer count or a Python float computed in a fixed
order, so the choice is the same on any machine and for any ``-j``.

Word and character n-grams do not see *how often* a variable occurs, and a one-edit
mutation changes exactly that: replacing one occurrence of ``b`` by ``a`` in
``a + b = b + a`` leaves ``b`` used once and ``a`` three times, and a classifier on
occurrence counts (plus length and connective counts) separated TRUE from FALSE at 0.69
when only n-grams were balanced.  So every text also carries *shape* features computed
from its formula (:func:`shape_features`: the smallest and largest number of occurrences
of a quantified variable, how many variables occur once and how many three times or
more, the number of variables, hypotheses, connectives, negations (``¬``, ``≠``),
numerals, relations, strict relations, relations whose sides differ in kind (``a + b``
vs ``a * b``) and existential quantifiers, the size of the largest numeral, how many
conventions the English states ("where division by 0 gives 0") and a length bucket), counted and matched in ``D`` like the n-grams, each term weighted by ``shape_weight``
(16: there are a dozen shape features against thousands of n-grams; measured on the
bundled corpus, that classifier falls from 0.62 at weight 1 to 0.54 at 16 while the
n-gram probes stay within 0.05 of chance).

This is adversarial filtering in the sense of SWAG/HellaSwag, with a distribution-level
objective instead of a per-item classifier score.  It does not touch truth: every
candidate is a certified-FALSE mutant with its counterexample.  The release audit then
measures what is left with its own cross-validated classifier (which the selection never
sees: it has no folds, no weights, no TF-IDF).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from certibench.logic.ast import BinOp, Expr, Num, Quant, UnOp, Var, peel, strip_ascriptions, walk

#: words, digits and single symbols as tokens (the release audit's token pattern)
_TOKEN = re.compile(r"(?u)\w+|[^\w\s]")


def surface_features(text: str) -> frozenset[str]:
    """The set of surface features of ``text``: ``w:`` word 1- and 2-grams (lower case)
    and ``c:`` character 3- to 5-grams (across spaces, case kept)."""
    words = [w.lower() for w in _TOKEN.findall(text)]
    feats = {f"w:{w}" for w in words}
    feats.update(f"w:{a} {b}" for a, b in zip(words, words[1:], strict=False))
    for n in (3, 4, 5):
        feats.update(f"c:{text[i:i + n]}" for i in range(len(text) - n + 1))
    return frozenset(feats)


def shape_features(prop: Expr, text: str) -> frozenset[str]:
    """``s:`` features of the shape of a statement (see the module docstring), bucketed so
    that statements of similar shape share them."""
    peeled = peel(prop)
    names = {n for n, _ in peeled.vars}
    nodes = list(walk(prop))
    occ = Counter(v.name for v in nodes if isinstance(v, Var) and v.name in names)
    counts = [occ.get(n, 0) for n in sorted(names)]
    connectives = sum(1 for e in walk(peeled.concl) if isinstance(e, BinOp) and e.op in ("∧", "∨", "↔"))
    negations = sum(1 for e in nodes
                    if (isinstance(e, UnOp) and e.op == "¬") or (isinstance(e, BinOp) and e.op in ("≠", "∉")))
    numerals = [int(e.value) for e in nodes if isinstance(e, Num) and e.value.isdigit()]
    rels = [e for e in nodes if isinstance(e, BinOp) and e.op in _RELATIONS]
    strict = sum(1 for e in rels if e.op in ("<", ">"))
    mixed = sum(1 for e in rels if _kind(e.lhs) != _kind(e.rhs))
    exists = sum(1 for e in nodes if isinstance(e, Quant) and e.q in ("∃", "∃!"))
    conventions = text.split(", where ", 1)[1].count(" and ") + 1 if ", where " in text else 0
    feats = {
        f"s:vars={min(len(counts), 5)}",
        f"s:hyps={min(len(peeled.hyps), 3)}",
        f"s:connectives={min(connectives, 3)}",
        f"s:negations={min(negations, 2)}",
        f"s:words={min(len(text.split()) // 5, 12)}",
        f"s:numerals={min(len(numerals), 4)}",
        f"s:relations={min(len(rels), 4)}",
        f"s:strict={min(strict, 3)}",
        f"s:mixed_sides={min(mixed, 3)}",
        f"s:exists={min(exists, 2)}",
        f"s:conventions={min(conventions, 2)}",
        f"s:largest={bisect_left(_LARGEST, max(numerals, default=-1))}",
    }
    if counts:
        feats |= {
            f"s:min_occ={min(min(counts), 4)}",
            f"s:max_occ={min(max(counts), 6)}",
            f"s:once={min(sum(1 for c in counts if c == 1), 3)}",
            f"s:thrice={min(sum(1 for c in counts if c >= 3), 3)}",
        }
    return frozenset(feats)


_RELATIONS = frozenset({"=", "≠", "≤", "<", "≥", ">", "∣", "∈", "∉", "⊆", "⊂"})
#: upper ends of the buckets of the largest numeral (above the last: one more bucket)
_LARGEST = (-1, 0, 1, 2, 4, 9, 99)


def _kind(e: Expr) -> str:
    """What a relation side is at its top: an operator, a function, a variable, a number."""
    e = strip_ascriptions(e)
    if isinstance(e, BinOp):
        return e.op
    if isinstance(e, UnOp):
        return e.op
    return type(e).__name__


@dataclass(frozen=True)
class Selection:
    """``choice[key]`` is the index of the chosen candidate; ``divergence`` is ``D`` before
    (every statement at its first candidate) and after the descent."""

    choice: dict[str, int]
    divergence_before: float
    divergence_after: float
    rounds: int
    changed: int  # statements whose choice is not their first candidate


#: a text to balance: its English, or its English with the shape features of its formula
Text = str | tuple[str, frozenset[str]]


def _features(text: Text) -> frozenset[str]:
    if isinstance(text, str):
        return surface_features(text)
    return surface_features(text[0]) | text[1]


def select_siblings(
    true_texts: Mapping[str, Text],
    candidates: Mapping[str, Sequence[Text]],
    *,
    max_rounds: int = 12,
    shape_weight: float = 16.0,
) -> Selection:
    """Choose one candidate per key (keys of ``candidates`` with at least one candidate, in
    the mapping's order) minimising the divergence of its features from those of
    ``true_texts`` of the same keys (see the module docstring).  A text is its English or
    ``(english, shape features)``; the terms of ``s:`` features are weighted by
    ``shape_weight``."""
    keys = [k for k, c in candidates.items() if c]
    cand_feats = {k: [_features(t) for t in candidates[k]] for k in keys}
    true_count: dict[str, int] = {}
    for k in keys:
        for f in _features(true_texts[k]):
            true_count[f] = true_count.get(f, 0) + 1

    def _term(f: str, n: int, t: int) -> float:
        w = shape_weight if f.startswith("s:") else 1.0
        return w * (n - t) * (n - t) / (n + t + 1)
    false_count: dict[str, int] = {}
    choice = {k: 0 for k in keys}
    for k in keys:
        for f in cand_feats[k][0]:
            false_count[f] = false_count.get(f, 0) + 1

    def divergence() -> float:
        feats = sorted(set(true_count) | set(false_count))
        return sum(_term(f, false_count.get(f, 0), true_count.get(f, 0)) for f in feats)

    before = divergence()
    rounds = 0
    for rounds in range(1, max_rounds + 1):  # noqa: B007 (reported)
        moved = 0
        for k in keys:
            feats = cand_feats[k]
            if len(feats) < 2:
                continue
            cur = feats[choice[k]]
            # the change of D if this statement moved from `cur` to candidate j: only the
            # features in their symmetric difference change their count (by ±1)
            best, best_delta = choice[k], 0.0
            for j, fj in enumerate(feats):
                if j == choice[k]:
                    continue
                delta = 0.0
                for f in sorted(fj - cur):
                    n, t = false_count.get(f, 0), true_count.get(f, 0)
                    delta += _term(f, n + 1, t) - _term(f, n, t)
                for f in sorted(cur - fj):
                    n, t = false_count[f], true_count.get(f, 0)
                    delta += _term(f, n - 1, t) - _term(f, n, t)
                # strictly better only (no cycling); among equals the earlier candidate
                if delta < best_delta:
                    best, best_delta = j, delta
            if best != choice[k]:
                for f in cur:
                    false_count[f] -= 1
                for f in feats[best]:
                    false_count[f] = false_count.get(f, 0) + 1
                choice[k] = best
                moved += 1
        if not moved:
            break
    return Selection(choice, before, divergence(), rounds, sum(1 for k in keys if choice[k] != 0))
