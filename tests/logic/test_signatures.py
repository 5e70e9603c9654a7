"""The data-driven symbol table: every signature parses, is well-formed and types its uses."""

from __future__ import annotations

import pytest

from certibench.logic.ast import INT, NAT, PROP, REAL, TYPE, Sort, TypeE, fun_sort, set_of
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration, parse_expr
from certibench.logic.signatures import is_schematic, parse_signature_line, parse_type_constructors
from certibench.logic.signatures_data import (
    INTERPRETED,
    SIGNATURES_TEXT,
    TYPE_CONSTRUCTORS_TEXT,
    declared_names,
)
from certibench.logic.symbols import SYMBOLS, TYPE_CONSTRUCTORS, lookup
from certibench.logic.typeclasses import KNOWN_CLASSES

_BASE_HEADS = {"Nat", "Int", "Rat", "Real", "Complex", "Prop", "Type", "Fun", "Prod", "NNReal", "ENat", "PNat",
               "Bool", "ENNReal", "EReal"}


def _heads(s: Sort) -> set[str]:
    out = set() if s.is_var else {s.head}
    for a in s.args:
        out |= _heads(a)
    return out


def test_every_declared_name_is_in_the_table() -> None:
    names = declared_names(SIGNATURES_TEXT)
    assert len(names) >= 200 and len(set(names)) == len(names)
    for n in names:
        assert n in SYMBOLS, n
    assert INTERPRETED <= set(SYMBOLS)
    assert set(declared_names(TYPE_CONSTRUCTORS_TEXT)) == set(TYPE_CONSTRUCTORS)


@pytest.mark.parametrize("name", sorted(SYMBOLS))
def test_signature_is_well_formed(name: str) -> None:
    sym = SYMBOLS[name]
    sig = sym.signature
    assert sig is not None and sig.name == name and sig.doc
    bound = {p.name for p in sig.params if p.name}
    for p in sig.params:
        for h in _heads(p.sort):
            if p.kind == "inst":
                assert h in KNOWN_CLASSES or h in ("Decidable", "DecidablePred", "SMul", "Singleton", "Insert",
                                                   "EmptyCollection", "Fact"), (name, h)
            else:
                assert h in _BASE_HEADS or h in TYPE_CONSTRUCTORS, (name, h)
    for h in _heads(sig.result):
        assert h in _BASE_HEADS or h in TYPE_CONSTRUCTORS, (name, h)
    # schematic variables are exactly the bound type parameters
    def vars_of(s: Sort) -> set[str]:
        out = {s.head} if s.is_var else set()
        for a in s.args:
            out |= vars_of(a)
        return out

    used = vars_of(sig.result).union(*(vars_of(p.sort) for p in sig.params))
    assert used <= bound, (name, used - bound)
    assert all(is_schematic(Sort(v, is_var=True)) for v in used)


@pytest.mark.parametrize(
    ("line", "explicit", "result"),
    [
        ("Finset.card : {α : Type*} → Finset α → ℕ", 1, NAT),
        ("dist : {α : Type*} → [Dist α] → α → α → ℝ", 2, REAL),
        ("Int.fdiv : ℤ → ℤ → ℤ", 2, INT),
        ("Set.Nonempty : {α : Type*} → Set α → Prop", 1, PROP),
    ],
)
def test_signature_parser(line: str, explicit: int, result: Sort) -> None:
    sig = parse_signature_line(line)
    assert len(sig.explicit) == explicit and sig.result == result


def test_signature_parser_rejects_malformed_lines() -> None:
    for bad in ["Foo ℕ → ℕ", "Foo : (ℕ → ℕ", "Foo : {α : Type*} → Set β → ℕ extra ]"]:
        with pytest.raises(ParseError):
            parse_signature_line(bad)


def test_type_constructors_know_their_parameters() -> None:
    tc = parse_type_constructors(TYPE_CONSTRUCTORS_TEXT)
    assert tc["Fin"].kinds == (NAT,) and tc["ZMod"].kinds == (NAT,)
    assert tc["Matrix"].kinds == (None, None, None) and tc["Set"].kinds == (None,)
    assert tc["Polynomial"].instances == (Sort("Semiring", (Sort("_R", is_var=True),)),)


def test_uses_are_typed_by_the_signatures() -> None:
    e = parse_expr("Finset.card s + 1 = 3", {"s": Sort("Finset", (INT,))})
    assert e.lhs.lhs.sort == NAT and e.lhs.lhs.fn.sort == fun_sort((Sort("Finset", (INT,)),), NAT)
    e = parse_expr("s.Nonempty ∧ t.Nonempty", {"s": set_of(REAL), "t": Sort("Finset", (NAT,))})
    assert e.lhs.fn.name == "Set.Nonempty" and e.rhs.fn.name == "Finset.Nonempty"
    e = parse_expr("a ≡ b [MOD n] ∧ Nat.Coprime a n", {"a": NAT, "b": NAT, "n": NAT})
    assert e.lhs.fn.name == "Nat.ModEq" and e.rhs.sort == PROP
    e = parse_expr("p.eval 2 = p.coeff 0 ∧ p.roots.card ≤ p.natDegree", {"p": Sort("Polynomial", (INT,))})
    assert e.lhs.lhs.sort == INT and e.lhs.lhs.args[0] == e.lhs.lhs.args[0]
    assert e.rhs.lhs.fn.name == "Multiset.card" and e.rhs.rhs.sort == NAT
    d = parse_declaration("theorem t (f : ℝ → ℝ) (hf : Function.Injective f) : Differentiable ℝ f")
    diff = d.prop
    assert diff.args[0] == TypeE(REAL, TYPE) and diff.sort == PROP
    assert lookup("Real.goldenRatio").sort == REAL and lookup("Int.tmod").arity == 2


def test_symbol_requirements_are_checked() -> None:
    with pytest.raises(ParseError, match="FloorRing|LinearOrder"):
        parse_declaration("theorem t (z : ℂ) : Int.floor z = 0")
    with pytest.raises(ParseError, match="Semiring"):
        parse_declaration("theorem t (p : Polynomial (Set ℕ)) : p = p")
    # a type variable of an open context (no binder for it here) is never refused
    parse_declaration("theorem t (x : α) : Int.floor x = 0")
