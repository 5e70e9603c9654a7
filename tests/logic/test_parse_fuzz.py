"""Fuzzing the parser: random and mutated inputs may only produce an AST or a
ParseError — never another exception or a hang.  (The time bound below is a hang guard
on a shared machine, not a performance claim: throughput is measured in
``benchmarks/bench_parser.py``.  Deep inputs are parsed, not cut off, since size is not an
error, so 2 KB of nesting costs a few thousand Python frames.)"""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certibench.logic.ast import NAT, Declaration, Num, Var
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration, parse_expr
from certibench.logic.render_lean import render_lean
from tests.helpers import SHARED_DATA

ALPHABET = list(
    "()[]{}⦃⦄⟨⟩,:;|‖+-*/%^<>=≠≤≥∣∈∉⊆⊂∩∪\\ᶜ∅¬∧∨→↔∀∃∑∏↑!√π⌊⌋⌈⌉•≡∘×⁻¹·@_'.«» \n\t0123456789xyzfnαGℕℝℤ"
) + ["fun", "=>", "theorem", "∃!", " in ", "if", "then", "else", ":=", "--", "/-", "-/", "Type*", "[MOD", "ℕ+", "⁻¹'"]

SEEDS = [
    "theorem Nat.Prime.two_le : ∀ {p : ℕ}, p.Prime → 2 ≤ p",
    "theorem t (f : ℝ → ℝ) (h₀ : ∀ x > 0, f x = |x - 1|) : (∑ k in Finset.range 5, (k : ℝ)⁻¹) = f 2 := by simp",
    "theorem sq_nonneg : ∀ {α : Type u_1} [inst : LinearOrderedSemiring α] (a : α), 0 ≤ a ^ 2",
    "theorem x (S : Finset ℕ) (h : ∀ n, n ∈ S ↔ n ∣ 12) : S.card = 6 ∧ {x : ℕ | x < 3} ⊆ Set.univ",
]

TIME_LIMIT = 10.0


def _corpus_seeds() -> list[str]:
    out = list(SEEDS)
    p = SHARED_DATA / "lean-statements" / "minif2f.jsonl"
    if p.exists():
        lines = p.read_text(encoding="utf-8").splitlines()
        out += [json.loads(x)["formal_statement"] for x in lines[:120]]
    return out


def _check(text: str) -> None:
    t0 = time.perf_counter()
    try:
        d = parse_declaration(text)
    except ParseError as exc:
        assert exc.line >= 1 and exc.col >= 1
        assert isinstance(exc.short, str)
    else:
        assert isinstance(d, Declaration)
        render_lean(d)  # every accepted statement can be rendered
    elapsed = time.perf_counter() - t0
    assert elapsed < TIME_LIMIT, f"{elapsed:.2f}s on {text[:80]!r}"


def _mutate(rng: random.Random, s: str) -> str:
    chars = list(s)
    for _ in range(rng.randint(1, 6)):
        op = rng.random()
        i = rng.randrange(len(chars) + 1)
        if op < 0.4 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op < 0.8:
            chars.insert(i, rng.choice(ALPHABET))
        else:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[j : j + rng.randint(1, 20)]
    return "".join(chars)


def test_mutated_corpus_statements() -> None:
    rng = random.Random(20261130)
    seeds = _corpus_seeds()
    for _ in range(1500):
        _check(_mutate(rng, rng.choice(seeds)))


def test_random_symbol_soup() -> None:
    rng = random.Random(7)
    for _ in range(800):
        _check("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 300))))


@pytest.mark.parametrize(
    "opener",
    ["(", "|", "¬", "-", "↑", "∀ x, ", "{", "[", "√", "∑ i in s, ", "fun x => ", "{x | ", "⌊", "f ("],
)
def test_deeply_nested_2kb_inputs_are_fast_and_clean(opener: str) -> None:
    text = (opener * (2048 // len(opener)))[:2048]
    _check(text)
    _check(text + "x" + ")" * 1000)


def test_long_flat_2kb_inputs() -> None:
    _check(" + ".join(["x"] * 500)[:2048] + " = 0")
    _check("theorem t : " + " ∧ ".join(["a = b"] * 300)[:2040])
    _check("theorem t : " + " → ".join(["p"] * 600)[:2040])
    _check("-" * 2048)
    _check("¬" * 2048 + "p")
    _check("(" * 1024 + ")" * 1024)
    _check("x" + "⁻¹" * 1000)


def test_deep_nesting_is_not_an_error() -> None:
    # size is not an error: no nesting limit (the parser runs under deep_call)
    e = parse_expr("(" * 1000 + "x" + ")" * 1000 + " = 1", {"x": NAT})
    assert e.lhs == Var("x", NAT) and e.rhs == Num("1", NAT)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_arbitrary_unicode_text(text: str) -> None:
    _check(text)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(ALPHABET), max_size=120).map("".join))
def test_lean_token_sequences(text: str) -> None:
    _check(text)


def test_non_string_input_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        parse_declaration(None)  # type: ignore[arg-type]
