"""Certified-FALSE siblings: a one-edit mutation of a true statement together with a
concrete counterexample that refutes it.

Edits, in order of preference (on its own, the first tier that yields a refutable mutant
wins and the seeded order decides within a tier; a balanced release chooses among all
refutable mutants with :mod:`.sibling_balance`, ties going to the preferred one):

1. edits that bring no new word or symbol into the English — the operands of an
   asymmetric relation or operation swapped (``a ≤ b`` ⇝ ``b ≤ a``, ``a ∣ b`` ⇝ ``b ∣ a``,
   ``a - b`` ⇝ ``b - a``), two occurrences of different variables of the same type
   exchanged (``a * (b + c)`` ⇝ ``b * (a + c)``: every variable keeps its number of
   occurrences), a variable replaced by another of the same type, a numeral replaced by
   another numeral of the statement, strictness flipped (``≤`` ⇄ ``<``);
2. a hypothesis dropped, an existential turned universal, an operation replaced by its
   partner (``+`` ⇄ ``*``, ``+`` ⇄ ``-`` outside ℕ, ``∩`` ⇄ ``∪``, max ⇄ min, gcd ⇄ lcm:
   the one edit an identity such as ``a + b = b + a`` has besides negating it);
3. a numeric constant shifted by one (a new number in the English);
4. ``=`` ⇄ ``≠`` (it adds "not" to the English: a word a classifier learns to read as FALSE).

No edit may make the statement *degenerate* where it was not: a connective, relation or
operation with the same operand twice (``p is prime and p is prime``, ``m! < m!``,
``a - a``, ``a + a``), or a function applied to the same argument twice (``Nat.Coprime p p``) — such
forms read as the product of an edit, not as mathematics; nor may it create an identity
element (``n + 1`` ⇝ ``n * 1``, ``1 / a`` ⇝ ``a / 1``) (:func:`odd_forms`).

A release audit measures what is left (``certibench release audit``: an n-gram classifier
that predicts the truth value from the English alone).  A mutant is kept only when
exact ground evaluation (:mod:`certibench.logic.concrete`) finds an assignment of its
universally quantified variables under which every hypothesis holds and the conclusion
fails — and under which the *original* statement still evaluates to true where it can be
evaluated (a guard against evaluator disagreement with a Mathlib theorem).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from certibench.families.rules import Path, positions, replace_at, stable_rng
from certibench.logic.ast import PROP, BinOp, Expr, Num, Peeled, Quant, peel, walk
from certibench.logic.ast import strip_ascriptions as _strip
from certibench.logic.concrete import NotConcrete, Value, concrete_value, refuting_assignments

_REL_FLIP = {"≤": "<", "<": "≤", "≥": ">", ">": "≥", "=": "≠", "≠": "="}
#: relations and operations whose operands can be swapped to change the meaning
_SWAP = frozenset({"≤", "<", "≥", ">", "∣", "⊆", "⊂", "-", "/", "%", "^"})
#: mutation kind -> preference tier (lower first)
_TIER = {"swapped_operands": 0, "swapped_variables": 0, "variable": 0, "constant_reused": 0, "strictness": 0,
         "dropped_hypothesis": 1, "swapped_quantifier": 1, "operation": 1, "constant": 2, "relation": 3}
#: operation -> its partners (``-`` only where subtraction is not truncated)
_OP_PARTNER = {"+": ("*", "-"), "*": ("+",), "-": ("+",), "∩": ("∪",), "∪": ("∩",)}
_FUN_PARTNER = {"max": "min", "min": "max", "Max.max": "Min.min", "Min.min": "Max.max",
                "Nat.gcd": "Nat.lcm", "Nat.lcm": "Nat.gcd", "Int.gcd": "Int.lcm", "Int.lcm": "Int.gcd",
                "gcd": "lcm", "lcm": "gcd"}
_MAX_ASSIGNMENTS = 4000
_MAX_MUTANTS = 60
#: at most this many variable exchanges per statement (there are quadratically many)
_MAX_SWAPS = 12
#: connectives, relations and operations for which the same operand twice is degenerate
_DEGENERATE_OPS = frozenset({"∧", "∨", "↔", "→", "=", "≠", "≤", "<", "≥", ">", "∣", "⊆", "⊂",
                             "-", "/", "%", "+", "*", "^", "∩", "∪", "\\"})


@dataclass(frozen=True)
class Mutation:
    kind: str  # a key of _TIER
    path: Path
    before: str
    after: str
    prop: Expr


@dataclass(frozen=True)
class FalseSibling:
    mutation: Mutation
    counterexample: dict[str, Value]

    def counterexample_json(self) -> dict[str, Any]:
        """The values as JSON data (:func:`certibench.logic.concrete.value_to_json`: numbers,
        fractions, finite tables and sets) — the form ``certibench recheck`` re-evaluates."""
        from certibench.logic.concrete import value_to_json

        return {k: value_to_json(v) for k, v in self.counterexample.items()}

    def counterexample_text(self) -> dict[str, str]:
        from certibench.logic.concrete import value_text

        return {k: value_text(v) for k, v in self.counterexample.items()}


def _rebuild_without_hyp(prop: Expr, index: int) -> Expr:
    """Remove the ``index``-th top-level hypothesis of the ∀/→ prefix."""
    count = -1

    def go(e: Expr) -> Expr:
        nonlocal count
        if isinstance(e, Quant) and e.q == "∀":
            return Quant(e.q, e.binder, go(e.body), e.sort)
        if isinstance(e, BinOp) and e.op == "→":
            count += 1
            if count == index:
                return e.rhs
            return BinOp("→", e.lhs, go(e.rhs), e.sort)
        return e

    return go(prop)


def _parent(prop: Expr, path: Path) -> tuple[Expr | None, int]:
    if not path:
        return None, -1
    from certibench.logic.ast import children

    node = prop
    for i in path[:-1]:
        node = children(node)[i]
    return node, path[-1]


def _tell(prop: Expr, path: Path, new_value: int) -> bool:
    """Would the constant ``new_value`` at ``path`` read as an artefact of editing — an
    identity element (``x ^ 1``, ``x ^ 0``, ``x * 1``, ``x + 0``, ``x - 0``, ``x / 1``), a
    ``-0``, or a literal that makes the statement degenerate?  A FALSE item must read as
    naturally as a TRUE one."""
    from certibench.logic.ast import UnOp

    parent, idx = _parent(prop, path)
    if isinstance(parent, UnOp) and parent.op == "-" and new_value == 0:
        return True
    if isinstance(parent, BinOp):
        op = parent.op
        if op == "^" and idx == 1 and new_value in (0, 1):
            return True
        if op == "*" and new_value in (0, 1):
            return True
        if op in ("+", "-") and new_value == 0:
            return True
        if op in ("/", "%", "∣") and new_value in (0, 1):
            return True
    return False


def _chain(e: Expr, op: str) -> list[Expr]:
    if isinstance(e, BinOp) and e.op == op:
        return _chain(e.lhs, op) + _chain(e.rhs, op)
    return [_strip(e)]


def odd_forms(prop: Expr) -> Counter[str]:
    """The places of ``prop`` that read like the product of an edit, as a multiset of their
    Lean text:

    * the same operand twice: a connective, relation or operation of
      :data:`_DEGENERATE_OPS` with equal sides (``X ∧ X``, ``m! < m!``, ``a - a``,
      ``a + a``), an item repeated in a list of ``∧``/``∨``, a hypothesis repeated further
      down its chain of ``→`` (or equal to the conclusion), a function applied to two
      equal arguments (``Nat.Coprime p p``);
    * an identity element: ``x * 1``, ``1 * x``, ``x + 0``, ``0 + x``, ``x - 0``,
      ``x / 1``, ``x ^ 1``, ``x ^ 0``.

    True theorems have such places (``a * a ≥ 0``, ``n * 1 = n``); an edit may not *create*
    one — not even by turning one into another (``a / 2 + a / 2`` ⇝ ``a / 2 - a / 2``,
    ``a ≤ a`` ⇝ ``a < a``, ``n + 1`` ⇝ ``n * 1``)."""
    from certibench.logic.ast import App
    from certibench.logic.render_lean import render_lean

    out: Counter[str] = Counter()
    for sub in walk(prop):
        if isinstance(sub, BinOp) and sub.op in _DEGENERATE_OPS:
            lhs, rhs = _strip(sub.lhs), _strip(sub.rhs)
            if sub.op in ("∧", "∨"):
                items = Counter(render_lean(i) for i in _chain(sub, sub.op))
                out.update({f"{sub.op} {k}": n - 1 for k, n in items.items() if n > 1})
            elif sub.op == "→":
                # a hypothesis repeated later in the chain ("if p is prime and p is prime
                # then …", under inner ∀ too) or equal to the conclusion
                rest = sub.rhs
                while True:
                    rest = _strip(rest)
                    if isinstance(rest, Quant):
                        rest = rest.body
                    elif isinstance(rest, BinOp) and rest.op == "→":
                        if _strip(rest.lhs) == lhs:
                            out[f"→ {render_lean(lhs)}"] += 1
                        rest = rest.rhs
                    else:
                        if rest == lhs:
                            out[f"→ {render_lean(lhs)}"] += 1
                        break
            elif lhs == rhs:
                out[render_lean(sub)] += 1
            elif _identity(sub.op, lhs, rhs):
                out[render_lean(sub)] += 1
        elif isinstance(sub, App) and len(sub.args) >= 2:
            args = [_strip(a) for a in sub.args]
            if len({repr(a) for a in args}) < len(args):
                out[render_lean(sub)] += 1
    return out


def _identity(op: str, lhs: Expr, rhs: Expr) -> bool:
    def num(e: Expr, v: str) -> bool:
        return isinstance(e, Num) and e.value == v

    return ((op == "*" and (num(lhs, "1") or num(rhs, "1"))) or (op == "+" and (num(lhs, "0") or num(rhs, "0")))
            or (op == "-" and num(rhs, "0")) or (op == "/" and num(rhs, "1"))
            or (op == "^" and (num(rhs, "1") or num(rhs, "0"))))


def degenerate_count(prop: Expr) -> int:
    """How many places of :func:`odd_forms` ``prop`` has."""
    return sum(odd_forms(prop).values())


def _creates_odd_form(before: Counter[str], mutant: Expr) -> bool:
    return bool(odd_forms(mutant) - before)


def mutations(prop: Expr) -> list[Mutation]:
    """One-edit mutations that read naturally (see :func:`_tell`); double negations are
    never produced (relations are flipped, not negated).  The preference tier of each is
    ``_TIER[m.kind]``."""
    from certibench.logic.ast import App, Const, Var
    from certibench.logic.render_lean import render_lean

    out: list[Mutation] = []
    peeled = peel(prop)
    prefix = dict(peeled.vars)
    uses = Counter(v.name for _, v in positions(prop) if isinstance(v, Var))
    numerals = sorted({int(n.value) for _, n in positions(prop) if isinstance(n, Num) and n.value.isdigit()})

    odd = odd_forms(prop)

    def add(kind: str, path: Path, sub: Expr, new: Expr) -> None:
        mutant = replace_at(prop, path, new)
        if not _creates_odd_form(odd, mutant):
            out.append(Mutation(kind, path, render_lean(sub), render_lean(new), mutant))

    for path, sub in positions(prop):
        if isinstance(sub, Num) and "." not in sub.value and sub.value.isdigit():
            v = int(sub.value)
            for nv in numerals:
                if nv != v and not _tell(prop, path, nv):
                    add("constant_reused", path, sub, replace(sub, value=str(nv)))
            for nv in (v + 1, v - 1):
                if nv < 0 or nv in numerals or _tell(prop, path, nv):
                    continue
                add("constant", path, sub, replace(sub, value=str(nv)))
        elif isinstance(sub, Var) and sub.name in prefix and uses[sub.name] > 1:
            # (a variable's only occurrence is never replaced: the statement would
            # quantify over a variable it no longer mentions — a tell)
            for other, sort in prefix.items():
                if other != sub.name and sort == sub.sort:
                    add("variable", path, sub, replace(sub, name=other))  # (`a - a`: an odd form)
        elif isinstance(sub, BinOp):
            if sub.op in _SWAP and sub.lhs.sort == sub.rhs.sort and sub.lhs != sub.rhs:
                add("swapped_operands", path, sub, replace(sub, lhs=sub.rhs, rhs=sub.lhs))
            if sub.op in _REL_FLIP and sub.sort == PROP:
                kind = "relation" if sub.op in ("=", "≠") else "strictness"
                add(kind, path, sub, replace(sub, op=_REL_FLIP[sub.op]))
        elif isinstance(sub, Quant) and sub.q == "∃":
            add("swapped_quantifier", path, sub, replace(sub, q="∀"))
        if isinstance(sub, BinOp) and sub.op in _OP_PARTNER:
            for op in _OP_PARTNER[sub.op]:
                if op == "-" and (sub.sort.is_var or sub.sort.head not in ("Int", "Rat", "Real", "Complex")):
                    continue  # ℕ subtraction truncates: a new convention in the English is a tell
                add("operation", path, sub, replace(sub, op=op))
        if isinstance(sub, App) and isinstance(sub.fn, Const) and sub.fn.name in _FUN_PARTNER:
            add("operation", path, sub, replace(sub, fn=replace(sub.fn, name=_FUN_PARTNER[sub.fn.name])))
    occurrences = [(path, v) for path, v in positions(prop)
                   if isinstance(v, Var) and v.name in prefix and prefix[v.name] == v.sort]
    for i, (p1, v1) in enumerate(occurrences):
        for p2, v2 in occurrences[i + 1:]:
            if v1.name == v2.name or v1.sort != v2.sort or p1 == p2[:len(p1)] or p2 == p1[:len(p2)]:
                continue
            mutant = replace_at(replace_at(prop, p1, v2), p2, v1)
            if not _creates_odd_form(odd, mutant):
                out.append(Mutation("swapped_variables", p1, f"{v1.name} … {v2.name}", f"{v2.name} … {v1.name}",
                                    mutant))
    for i, h in enumerate(peeled.hyps):
        mutant = _rebuild_without_hyp(prop, i)
        if not _creates_odd_form(odd, mutant):
            out.append(Mutation("dropped_hypothesis", (), render_lean(h), "", mutant))
    return out


def _holds(p: Peeled, env: dict[str, Value]) -> bool:
    """Hypotheses → conclusion at ``env`` (raises NotConcrete when undecidable)."""
    for h in p.hyps:
        if not concrete_value(h, env):
            return True
    return bool(concrete_value(p.concl, env))


def find_counterexample(prop: Expr, original: Expr | None = None) -> dict[str, Value] | None:
    """Smallest assignment refuting ``prop`` by exact ground evaluation, or ``None``."""
    orig = peel(original) if original is not None else None
    for env in refuting_assignments(prop, limit=_MAX_ASSIGNMENTS):
        if orig is not None:
            try:
                if not _holds(orig, {k: v for k, v in env.items()}):
                    # the original theorem would be false here: our evaluation disagrees
                    # with Mathlib, so nothing found at this point may be trusted
                    return None
            except (NotConcrete, ZeroDivisionError, OverflowError, ValueError):
                pass
        return env
    return None


def ordered_mutations(prop: Expr, seed: int, key: str) -> list[Mutation]:
    """The mutations of ``prop`` in preference order — by tier, the seeded order within a
    tier — at most ``_MAX_MUTANTS``, edits that change nothing left out.  Indices into this
    list name a sibling (``false_sibling(..., choice=i)``)."""
    cands = mutations(prop)
    rng = stable_rng(seed, "false", key)
    rng.shuffle(cands)
    cands.sort(key=lambda m: _TIER[m.kind])  # stable: the seeded order within a tier
    out: list[Mutation] = []
    seen = {repr(prop)}
    swaps = 0
    for m in cands:
        if len(out) == _MAX_MUTANTS:
            break
        if m.kind == "swapped_variables":
            if swaps == _MAX_SWAPS:
                continue
            swaps += 1
        r = repr(m.prop)
        if r not in seen:  # an edit that changes nothing, or one that another edit already made
            seen.add(r)
            out.append(m)
    return out


def refutable_siblings(prop: Expr, seed: int, key: str) -> list[tuple[int, FalseSibling]]:
    """Every mutation of :func:`ordered_mutations` that a concrete counterexample refutes,
    with its index there (the candidates a balanced release chooses among)."""
    out = []
    for i, m in enumerate(ordered_mutations(prop, seed, key)):
        ce = find_counterexample(m.prop, original=prop)
        if ce is not None:
            out.append((i, FalseSibling(m, ce)))
    return out


def false_sibling(prop: Expr, seed: int, key: str, choice: int | None = None) -> FalseSibling | None:
    """A deterministic (seeded) one-edit falsification of ``prop`` with its counterexample:
    the first refutable mutation in preference order, or (``choice``) the mutation at that
    index of :func:`ordered_mutations` — ``None`` when it is not refutable."""
    cands = ordered_mutations(prop, seed, key)
    if choice is not None:
        if not 0 <= choice < len(cands):
            return None
        ce = find_counterexample(cands[choice].prop, original=prop)
        return None if ce is None else FalseSibling(cands[choice], ce)
    for m in cands:
        ce = find_counterexample(m.prop, original=prop)
        if ce is not None:
            return FalseSibling(m, ce)
    return None
