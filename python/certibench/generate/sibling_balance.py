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

This is adversarial filtering in the sense of SWAG/HellaSwag, with a distribution-level
objective instead of a per-item classifier score.  It does not touch truth: every
candidate is a certified-FALSE mutant with its counterexample.  The release audit then
measures what is left with its own cross-validated classifier (which the selection never
sees: it has no folds, no weights, no TF-IDF).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Selection:
    """``choice[key]`` is the index of the chosen candidate; ``divergence`` is ``D`` before
    (every statement at its first candidate) and after the descent."""

    choice: dict[str, int]
    divergence_before: float
    divergence_after: float
    rounds: int
    changed: int  # statements whose choice is not their first candidate


def _term(f: int, t: int) -> float:
    return (f - t) * (f - t) / (f + t + 1)


def select_siblings(
    true_texts: Mapping[str, str],
    candidates: Mapping[str, Sequence[str]],
    *,
    max_rounds: int = 12,
) -> Selection:
    """Choose one candidate English text per key (keys of ``candidates`` with at least one
    candidate, in the mapping's order) minimising the surface divergence to ``true_texts``
    of the same keys (see the module docstring)."""
    keys = [k for k, c in candidates.items() if c]
    cand_feats = {k: [surface_features(t) for t in candidates[k]] for k in keys}
    true_count: dict[str, int] = {}
    for k in keys:
        for f in surface_features(true_texts[k]):
            true_count[f] = true_count.get(f, 0) + 1
    false_count: dict[str, int] = {}
    choice = {k: 0 for k in keys}
    for k in keys:
        for f in cand_feats[k][0]:
            false_count[f] = false_count.get(f, 0) + 1

    def divergence() -> float:
        feats = sorted(set(true_count) | set(false_count))
        return sum(_term(false_count.get(f, 0), true_count.get(f, 0)) for f in feats)

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
                    delta += _term(n + 1, t) - _term(n, t)
                for f in sorted(cur - fj):
                    n, t = false_count[f], true_count.get(f, 0)
                    delta += _term(n - 1, t) - _term(n, t)
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
