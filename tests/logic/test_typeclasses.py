"""The Mathlib typeclass hierarchy used for side conditions and elaboration."""

from __future__ import annotations

import pytest

from certibench.logic.ast import COMPLEX, INT, NAT, RAT, REAL, Num, Sort, fun_sort, set_of, type_var
from certibench.logic.typeclasses import (
    HIERARCHY,
    KNOWN_CLASSES,
    ancestors,
    class_holds,
    class_status,
    coercion_status,
    implies,
    numeral_status,
)

G = type_var("G")
R = type_var("R")


def _ctx(*classes: str, carrier: Sort = G) -> list[Sort]:
    return [Sort(c, (carrier,)) for c in classes]


@pytest.mark.parametrize("cls", ["Group", "CommMagma", "Monoid", "CommMonoid", "Mul", "One", "Inv", "DivisionMonoid"])
def test_commgroup_gives_its_ancestors(cls: str) -> None:
    assert class_holds(G, cls, _ctx("CommGroup"))


@pytest.mark.parametrize("cls", ["CommGroup", "CommMagma", "Add", "Ring", "LinearOrder"])
def test_group_does_not_give_more(cls: str) -> None:
    assert not class_holds(G, cls, _ctx("Group"))
    # the statement declared G and assumed only a group: Lean's instance search fails
    assert class_status(G, cls, _ctx("Group"), closed={"G"}) is False
    # G bound elsewhere (a `variable` line) may have more instances: cannot tell
    assert class_status(G, cls, _ctx("Group")) is None


@pytest.mark.parametrize(
    ("have", "need"),
    [
        ("Field", "CommRing"), ("Field", "Ring"), ("Field", "DivisionRing"), ("Field", "Semiring"),
        ("Field", "NatCast"), ("Field", "IsDomain"), ("CommRing", "CommSemiring"), ("Ring", "AddCommGroup"),
        ("LinearOrderedField", "LinearOrder"), ("LinearOrderedField", "Field"), ("LinearOrderedField", "PartialOrder"),
        ("LinearOrder", "PartialOrder"), ("PartialOrder", "Preorder"), ("LinearOrder", "Lattice"),
        ("NormedField", "Norm"), ("MetricSpace", "Dist"), ("RCLike", "NontriviallyNormedField"),
    ],
)  # fmt: skip
def test_hierarchy_implications(have: str, need: str) -> None:
    assert implies(have, need)
    assert class_holds(R, need, _ctx(have, carrier=R))


@pytest.mark.parametrize(("have", "need"), [("Ring", "Field"), ("Preorder", "LinearOrder"), ("Ring", "CommRing"),
                                            ("PartialOrder", "Lattice"), ("Semiring", "Ring")])
def test_no_reverse_implications(have: str, need: str) -> None:
    assert not implies(have, need)


def test_unknown_classes_imply_only_themselves() -> None:
    assert ancestors("MyFancyClass") == frozenset({"MyFancyClass"})
    assert class_holds(G, "MyFancyClass", _ctx("MyFancyClass"))
    assert not class_holds(G, "Mul", _ctx("MyFancyClass"))
    # an unknown assumption might give anything: never "certainly not"
    assert class_status(G, "Mul", _ctx("MyFancyClass"), closed=True) is None


def test_concrete_numeric_types() -> None:
    assert class_holds(NAT, "CommSemiring") and class_holds(NAT, "LinearOrder")
    assert class_status(NAT, "Neg") is False and class_status(NAT, "AddGroup") is False
    assert class_status(NAT, "Ring") is False and class_holds(NAT, "Sub")
    assert class_holds(INT, "CommRing") and class_holds(INT, "LinearOrder")
    assert class_status(INT, "Field") is False
    for s in (RAT, REAL):
        assert class_holds(s, "Field") and class_holds(s, "LinearOrder") and class_holds(s, "LinearOrderedField")
    assert class_holds(COMPLEX, "Field")
    assert not class_holds(COMPLEX, "LinearOrder") and class_status(COMPLEX, "LinearOrder") is False
    assert class_status(COMPLEX, "PartialOrder") is None  # scoped instance (ComplexOrder)
    for s in (NAT, INT, RAT, REAL, COMPLEX):
        assert class_holds(s, "Nonempty")


def test_parametrised_types() -> None:
    assert class_holds(Sort("Polynomial", (INT,)), "CommRing")
    assert class_holds(Sort("Polynomial", (R,)), "Semiring", _ctx("Field", carrier=R))
    assert class_holds(Sort("Fin", (), False, (Num("3", NAT),)), "CommRing")
    assert class_holds(Sort("ZMod", (), False, (Num("6", NAT),)), "CommRing")
    f = fun_sort((NAT,), REAL)
    assert class_holds(f, "Ring") and class_status(f, "LinearOrder") is False
    assert class_status(set_of(NAT), "LinearOrder") is False and class_holds(set_of(NAT), "Lattice")


def test_coercions() -> None:
    tower = [NAT, INT, RAT, REAL, COMPLEX]
    for i, a in enumerate(tower):
        for j, b in enumerate(tower):
            assert coercion_status(a, b) is (i <= j)
    assert coercion_status(NAT, R, _ctx("Ring", carrier=R)) is True
    assert coercion_status(NAT, G, _ctx("Group"), closed=True) is False
    assert coercion_status(Sort("Finset", (NAT,)), set_of(NAT)) is True
    assert coercion_status(set_of(NAT), Sort("Finset", (NAT,))) is False
    assert coercion_status(INT, fun_sort((NAT,), INT)) is False  # deliberate: see the module doc
    assert coercion_status(fun_sort((NAT,), INT), INT) is False
    assert coercion_status(Sort("Angle"), REAL) is None


def test_numerals() -> None:
    assert numeral_status(NAT, "3") and numeral_status(REAL, "0.5")
    assert numeral_status(set_of(NAT), "3") is False
    assert numeral_status(set_of(NAT), "0") is None  # pointwise `0 : Set α` is a scoped instance
    assert numeral_status(G, "1", _ctx("Group"), closed=True) is True
    assert numeral_status(G, "2", _ctx("Group"), closed=True) is False
    assert numeral_status(Sort("PNat"), "0") is False and numeral_status(Sort("PNat"), "1") is True
    assert numeral_status(Sort("Fin", (), False, (Num("3", NAT),)), "7") is True


def test_hierarchy_is_closed_and_acyclic() -> None:
    for cls, parents in HIERARCHY.items():
        for p in parents:
            assert p in KNOWN_CLASSES, (cls, p)
        assert cls not in {a for p in parents for a in ancestors(p)}, cls  # no cycles


def test_decidability_is_never_certainly_absent() -> None:
    # `open Classical` gives every type decidable equality: never a type error
    assert class_status(G, "DecidableEq", _ctx("Group"), closed=True) is None
    assert class_status(G, "Mul", _ctx("AddGroup"), closed=True) is False


def test_more_tabled_coercions() -> None:
    lst, ms = Sort("List", (NAT,)), Sort("Multiset", (NAT,))
    assert coercion_status(lst, ms) is True
    assert coercion_status(Sort("Finset", (NAT,)), ms) is None  # not tabled: cannot tell
    assert coercion_status(Sort("Prop"), Sort("Bool")) is True
