"""A small Mathlib typeclass hierarchy: which classes a type provably has.

Used by the elaborator (does ``a * b`` make sense on ``G``?  is there a coercion from ℕ to
``R``?  may ``3`` denote an element of ``Set ℕ``?) and by the certifier's rewrite rules for
their side conditions ("this rule needs ``LinearOrder α``").

Three answers, never a guess:

* :func:`class_holds` — ``True`` only when the instance is *derivable*: from an instance
  assumption of the statement (``[Field R]`` gives ``Ring R``, ``LinearOrder R`` … when
  ``[LinearOrderedField R]``), or from the instances Mathlib provides for a concrete type
  (ℕ is a ``CommSemiring`` and a ``LinearOrder``; ℂ is a ``Field``).
* :func:`class_status` — ``True`` (derivable), ``False`` (Lean's instance search certainly
  fails: a concrete type known not to have it — ℕ has no ``Neg``, ℂ no ``LinearOrder`` —
  or a type variable declared in the statement whose every assumption is a class of this
  hierarchy and none implies it), ``None`` (cannot tell: an unknown class, a type whose
  instances are not tabled, a scoped instance such as ℂ's order under ``ComplexOrder``, or
  a type variable whose assumptions may come from outside the statement).
* :func:`coercion_status` / :func:`numeral_status` build on it for Lean's coercions
  (ℕ ↪ ℤ ↪ ℚ ↪ ℝ ↪ ℂ, ``NatCast R``, ``Finset α → Set α`` …) and numerals (``OfNat``).

A class this module does not know implies only itself (an assumption ``[Foo G]`` gives
``Foo G`` and nothing else, and makes every other question about ``G`` undecidable here).
The hierarchy follows Mathlib 4 (``extends`` plus the instances that connect the classic
bundled classes, e.g. ``LinearOrder → Lattice``, ``Field → EuclideanDomain``); the mixin
spelling of ordered rings (``[IsStrictOrderedRing R]``) is known but implies only its own
mixin ancestors.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import cache

from certibench.logic.ast import NUMERIC_HEADS, App, Const, Expr, Num, Sort

__all__ = [
    "HIERARCHY",
    "KNOWN_CLASSES",
    "ancestors",
    "class_holds",
    "class_status",
    "coercion_status",
    "implies",
    "numeral_status",
]

# --------------------------------------------------------------------------------------
# The hierarchy: class -> direct parents (Mathlib `extends` and connecting instances)
# --------------------------------------------------------------------------------------

_H: dict[str, tuple[str, ...]] = {
    # notation classes (leaves)
    **{c: () for c in (
        "Add", "Mul", "Zero", "One", "Neg", "Sub", "Inv", "Div", "Mod", "Dvd", "LE", "LT", "Max", "Min",
        "NatCast", "IntCast", "RatCast", "NNRatCast", "OfScientific", "HasCompl", "Top", "Bot", "SDiff",
        "SupSet", "InfSet", "Ord", "Nontrivial", "Nonempty", "Inhabited", "Fintype", "Finite", "Infinite",
        "DecidableEq", "Countable", "CharZero", "NoZeroDivisors", "IsCancelMulZero", "Dist", "Norm",
        "TopologicalSpace", "DenselyOrdered", "NoMaxOrder", "NoMinOrder", "LocallyFiniteOrder",
        "Archimedean", "FloorSemiring", "OrderedSub", "Star", "Unique", "Subsingleton", "IsOrderedRing",
        "IsOrderedAddMonoid", "IsOrderedCancelAddMonoid", "WellFoundedLT",
    )},
    "Sup": ("Max",),
    "Inf": ("Min",),
    "Singleton": (),
    # multiplicative monoids and groups
    "Semigroup": ("Mul",),
    "CommMagma": ("Mul",),
    "CommSemigroup": ("Semigroup", "CommMagma"),
    "MulOneClass": ("One", "Mul"),
    "Monoid": ("Semigroup", "MulOneClass"),
    "CommMonoid": ("Monoid", "CommSemigroup"),
    "LeftCancelMonoid": ("Monoid",),
    "RightCancelMonoid": ("Monoid",),
    "CancelMonoid": ("LeftCancelMonoid", "RightCancelMonoid"),
    "CancelCommMonoid": ("CommMonoid", "LeftCancelMonoid", "CancelMonoid"),
    "InvolutiveInv": ("Inv",),
    "DivInvMonoid": ("Monoid", "Inv", "Div"),
    "DivisionMonoid": ("DivInvMonoid", "InvolutiveInv"),
    "DivisionCommMonoid": ("DivisionMonoid", "CommMonoid"),
    "Group": ("DivInvMonoid", "DivisionMonoid", "CancelMonoid"),
    "CommGroup": ("Group", "CommMonoid", "DivisionCommMonoid", "CancelCommMonoid"),
    # additive monoids and groups
    "AddSemigroup": ("Add",),
    "AddCommMagma": ("Add",),
    "AddCommSemigroup": ("AddSemigroup", "AddCommMagma"),
    "AddZeroClass": ("Zero", "Add"),
    "AddMonoid": ("AddSemigroup", "AddZeroClass"),
    "AddCommMonoid": ("AddMonoid", "AddCommSemigroup"),
    "AddLeftCancelMonoid": ("AddMonoid",),
    "AddRightCancelMonoid": ("AddMonoid",),
    "AddCancelMonoid": ("AddLeftCancelMonoid", "AddRightCancelMonoid"),
    "AddCancelCommMonoid": ("AddCommMonoid", "AddLeftCancelMonoid", "AddCancelMonoid"),
    "InvolutiveNeg": ("Neg",),
    "SubNegMonoid": ("AddMonoid", "Neg", "Sub"),
    "SubtractionMonoid": ("SubNegMonoid", "InvolutiveNeg"),
    "SubtractionCommMonoid": ("SubtractionMonoid", "AddCommMonoid"),
    "AddGroup": ("SubNegMonoid", "SubtractionMonoid", "AddCancelMonoid"),
    "AddCommGroup": ("AddGroup", "AddCommMonoid", "SubtractionCommMonoid", "AddCancelCommMonoid"),
    "AddMonoidWithOne": ("NatCast", "AddMonoid", "One"),
    "AddCommMonoidWithOne": ("AddMonoidWithOne", "AddCommMonoid"),
    "AddGroupWithOne": ("IntCast", "AddMonoidWithOne", "AddGroup"),
    "AddCommGroupWithOne": ("AddCommGroup", "AddGroupWithOne", "AddCommMonoidWithOne"),
    # with zero
    "MulZeroClass": ("Mul", "Zero"),
    "MulZeroOneClass": ("MulOneClass", "MulZeroClass"),
    "SemigroupWithZero": ("Semigroup", "MulZeroClass"),
    "MonoidWithZero": ("Monoid", "MulZeroOneClass", "SemigroupWithZero"),
    "CommMonoidWithZero": ("CommMonoid", "MonoidWithZero"),
    "CancelMonoidWithZero": ("MonoidWithZero", "IsCancelMulZero"),
    "CancelCommMonoidWithZero": ("CommMonoidWithZero", "CancelMonoidWithZero"),
    "GroupWithZero": ("MonoidWithZero", "DivInvMonoid", "Nontrivial", "CancelMonoidWithZero",
                      "DivisionMonoid", "NoZeroDivisors"),
    "CommGroupWithZero": ("GroupWithZero", "CommMonoidWithZero", "CancelCommMonoidWithZero",
                          "DivisionCommMonoid"),
    "IsDomain": ("IsCancelMulZero", "Nontrivial", "NoZeroDivisors"),
    # semirings, rings, fields
    "Distrib": ("Mul", "Add"),
    "HasDistribNeg": ("InvolutiveNeg", "Mul"),
    "NonUnitalNonAssocSemiring": ("AddCommMonoid", "Distrib", "MulZeroClass"),
    "NonUnitalSemiring": ("NonUnitalNonAssocSemiring", "SemigroupWithZero"),
    "NonAssocSemiring": ("NonUnitalNonAssocSemiring", "MulZeroOneClass", "AddCommMonoidWithOne"),
    "Semiring": ("NonUnitalSemiring", "NonAssocSemiring", "MonoidWithZero"),
    "CommSemiring": ("Semiring", "CommMonoid", "CommMonoidWithZero"),
    "NonUnitalNonAssocRing": ("AddCommGroup", "NonUnitalNonAssocSemiring", "HasDistribNeg"),
    "NonUnitalRing": ("NonUnitalNonAssocRing", "NonUnitalSemiring"),
    "NonAssocRing": ("NonUnitalNonAssocRing", "NonAssocSemiring", "AddCommGroupWithOne"),
    "Ring": ("Semiring", "AddCommGroup", "AddGroupWithOne", "NonAssocRing", "NonUnitalRing"),
    "CommRing": ("Ring", "CommMonoid", "CommSemiring"),
    "DivisionSemiring": ("Semiring", "GroupWithZero", "NNRatCast"),
    "Semifield": ("CommSemiring", "DivisionSemiring", "CommGroupWithZero"),
    "DivisionRing": ("Ring", "DivInvMonoid", "Nontrivial", "NNRatCast", "RatCast", "DivisionSemiring",
                     "OfScientific", "IsDomain"),
    "Field": ("CommRing", "DivisionRing", "Semifield", "EuclideanDomain"),
    "EuclideanDomain": ("CommRing", "Nontrivial", "Div", "Mod", "IsDomain"),
    "GCDMonoid": ("CancelCommMonoidWithZero",),
    "NormalizedGCDMonoid": ("GCDMonoid",),
    "UniqueFactorizationMonoid": ("CancelCommMonoidWithZero",),
    # order
    "Preorder": ("LE", "LT"),
    "PartialOrder": ("Preorder",),
    "SemilatticeSup": ("Sup", "PartialOrder"),
    "SemilatticeInf": ("Inf", "PartialOrder"),
    "Lattice": ("SemilatticeSup", "SemilatticeInf"),
    "DistribLattice": ("Lattice",),
    "LinearOrder": ("PartialOrder", "Min", "Max", "Ord", "DistribLattice"),
    "OrderBot": ("LE", "Bot"),
    "OrderTop": ("LE", "Top"),
    "BoundedOrder": ("OrderBot", "OrderTop"),
    "BooleanAlgebra": ("DistribLattice", "HasCompl", "SDiff", "BoundedOrder"),
    "CompleteLattice": ("Lattice", "SupSet", "InfSet", "BoundedOrder"),
    "CompleteBooleanAlgebra": ("CompleteLattice", "BooleanAlgebra"),
    "ConditionallyCompleteLattice": ("Lattice", "SupSet", "InfSet"),
    "ConditionallyCompleteLinearOrder": ("ConditionallyCompleteLattice", "LinearOrder"),
    "ConditionallyCompleteLinearOrderBot": ("ConditionallyCompleteLinearOrder", "OrderBot"),
    "CompleteLinearOrder": ("CompleteLattice", "LinearOrder", "ConditionallyCompleteLinearOrderBot"),
    # ordered algebra (bundled classes)
    "OrderedAddCommMonoid": ("AddCommMonoid", "PartialOrder", "IsOrderedAddMonoid"),
    "OrderedCancelAddCommMonoid": ("OrderedAddCommMonoid", "AddCancelCommMonoid", "IsOrderedCancelAddMonoid"),
    "OrderedAddCommGroup": ("AddCommGroup", "PartialOrder", "OrderedCancelAddCommMonoid"),
    "LinearOrderedAddCommMonoid": ("OrderedAddCommMonoid", "LinearOrder"),
    "LinearOrderedCancelAddCommMonoid": ("OrderedCancelAddCommMonoid", "LinearOrderedAddCommMonoid"),
    "LinearOrderedAddCommGroup": ("OrderedAddCommGroup", "LinearOrder", "LinearOrderedCancelAddCommMonoid"),
    "OrderedCommMonoid": ("CommMonoid", "PartialOrder"),
    "OrderedCommGroup": ("CommGroup", "PartialOrder", "OrderedCommMonoid"),
    "LinearOrderedCommMonoid": ("OrderedCommMonoid", "LinearOrder"),
    "LinearOrderedCommGroup": ("OrderedCommGroup", "LinearOrder", "LinearOrderedCommMonoid"),
    "CanonicallyOrderedAddCommMonoid": ("OrderedAddCommMonoid", "OrderBot"),
    "OrderedSemiring": ("Semiring", "OrderedAddCommMonoid", "IsOrderedRing"),
    "OrderedCommSemiring": ("OrderedSemiring", "CommSemiring"),
    "CanonicallyOrderedCommSemiring": ("CanonicallyOrderedAddCommMonoid", "CommSemiring",
                                       "OrderedCommSemiring"),
    "StrictOrderedSemiring": ("Semiring", "OrderedCancelAddCommMonoid", "Nontrivial", "OrderedSemiring",
                              "IsStrictOrderedRing", "CharZero"),
    "StrictOrderedCommSemiring": ("StrictOrderedSemiring", "CommSemiring", "OrderedCommSemiring"),
    "OrderedRing": ("Ring", "OrderedAddCommGroup", "OrderedSemiring"),
    "OrderedCommRing": ("OrderedRing", "CommRing", "OrderedCommSemiring"),
    "StrictOrderedRing": ("Ring", "OrderedAddCommGroup", "Nontrivial", "StrictOrderedSemiring", "OrderedRing"),
    "StrictOrderedCommRing": ("StrictOrderedRing", "CommRing", "StrictOrderedCommSemiring", "OrderedCommRing"),
    "LinearOrderedSemiring": ("StrictOrderedSemiring", "LinearOrderedAddCommMonoid",
                              "LinearOrderedCancelAddCommMonoid"),
    "LinearOrderedCommSemiring": ("StrictOrderedCommSemiring", "LinearOrderedSemiring"),
    "LinearOrderedRing": ("StrictOrderedRing", "LinearOrder", "LinearOrderedSemiring",
                          "LinearOrderedAddCommGroup", "IsDomain"),
    "LinearOrderedCommRing": ("LinearOrderedRing", "CommMonoid", "StrictOrderedCommRing",
                              "LinearOrderedCommSemiring"),
    "LinearOrderedSemifield": ("LinearOrderedCommSemiring", "Semifield"),
    "LinearOrderedField": ("LinearOrderedCommRing", "Field", "LinearOrderedSemifield", "DenselyOrdered"),
    "IsStrictOrderedRing": ("IsOrderedRing",),
    "FloorRing": ("FloorSemiring",),
    # topology, metric, norm
    "UniformSpace": ("TopologicalSpace",),
    "T2Space": (),
    "CompleteSpace": (),
    "OrderTopology": (),
    "PseudoMetricSpace": ("UniformSpace", "Dist"),
    "MetricSpace": ("PseudoMetricSpace", "T2Space"),
    "ProperSpace": ("CompleteSpace",),
    "SeminormedAddGroup": ("Norm", "AddGroup", "PseudoMetricSpace"),
    "SeminormedAddCommGroup": ("Norm", "AddCommGroup", "PseudoMetricSpace", "SeminormedAddGroup"),
    "NormedAddGroup": ("Norm", "AddGroup", "MetricSpace", "SeminormedAddGroup"),
    "NormedAddCommGroup": ("Norm", "AddCommGroup", "MetricSpace", "SeminormedAddCommGroup", "NormedAddGroup"),
    "NormedRing": ("Norm", "Ring", "MetricSpace", "NormedAddCommGroup"),
    "NormedCommRing": ("NormedRing", "CommRing"),
    "NormedDivisionRing": ("Norm", "DivisionRing", "MetricSpace", "NormedRing"),
    "NormedField": ("Norm", "Field", "MetricSpace", "NormedDivisionRing", "NormedCommRing"),
    "NontriviallyNormedField": ("NormedField",),
    "DenselyNormedField": ("NormedField", "NontriviallyNormedField"),
    "NormedLinearOrderedField": ("LinearOrderedField", "Norm", "MetricSpace", "NormedField"),
    "StarRing": ("Star",),
    "RCLike": ("DenselyNormedField", "StarRing", "CharZero", "CompleteSpace", "ProperSpace"),
}
_H = {k: tuple(v) for k, v in _H.items()}

#: Class → direct parents.  Read-only view of the table above.
HIERARCHY: dict[str, tuple[str, ...]] = dict(_H)
KNOWN_CLASSES: frozenset[str] = frozenset(_H)


@cache
def ancestors(cls: str) -> frozenset[str]:
    """``cls`` and every class it implies (reflexive, transitive).  Unknown: ``{cls}``."""
    out = {cls}
    stack = [cls]
    while stack:
        for p in _H.get(stack.pop(), ()):
            if p not in out:
                out.add(p)
                stack.append(p)
    return frozenset(out)


def implies(have: str, need: str) -> bool:
    """Does an instance of ``have`` give an instance of ``need`` (on the same type)?"""
    return need in ancestors(have)


# --------------------------------------------------------------------------------------
# Concrete types: the instances Mathlib provides (generators) and the ones it lacks
# --------------------------------------------------------------------------------------

_ALWAYS = ("DecidableEq", "Nonempty", "Inhabited")

#: head -> (classes derivable, classes certainly absent).  Absent classes are *minimal*:
#: every class implying one of them is absent too (``Ring ℕ`` is absent because ``Neg ℕ``
#: is).  A class in neither closure is "unknown" for that type.
_CONCRETE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "Nat": (
        ("LinearOrderedCommSemiring", "CanonicallyOrderedCommSemiring", "CancelCommMonoidWithZero", "CharZero",
         "NoZeroDivisors", "Sub", "OrderedSub", "Div", "Mod", "Dvd", "FloorSemiring", "Archimedean",
         "LocallyFiniteOrder", "OrderBot", "NoMaxOrder", "Infinite", "Countable", "MetricSpace",
         "NormalizedGCDMonoid", "UniqueFactorizationMonoid", "WellFoundedLT", "ConditionallyCompleteLinearOrderBot",
         *_ALWAYS),
        ("Neg", "Inv", "IntCast", "RatCast", "Norm", "DenselyOrdered", "NoMinOrder", "Top", "Finite"),
    ),
    "Int": (
        ("LinearOrderedCommRing", "IsDomain", "CharZero", "Div", "Mod", "Dvd", "FloorRing", "Archimedean",
         "LocallyFiniteOrder", "EuclideanDomain", "NormalizedGCDMonoid", "UniqueFactorizationMonoid",
         "NormedCommRing", "NoMaxOrder", "NoMinOrder", "Infinite", "Countable",
         "ConditionallyCompleteLinearOrder", *_ALWAYS),
        ("Inv", "RatCast", "NNRatCast", "DenselyOrdered", "Bot", "Top", "Finite"),
    ),
    "Rat": (
        ("LinearOrderedField", "CharZero", "FloorRing", "Archimedean", "DenselyOrdered", "NormedField",
         "NoMaxOrder", "NoMinOrder", "Infinite", "Countable", *_ALWAYS),
        ("Bot", "Top", "Finite", "ConditionallyCompleteLattice"),
    ),
    "Real": (
        ("LinearOrderedField", "NormedLinearOrderedField", "ConditionallyCompleteLinearOrder", "FloorRing",
         "Archimedean", "DenselyOrdered", "CharZero", "RCLike", "DenselyNormedField", "CompleteSpace",
         "ProperSpace", "OrderTopology", "NoMaxOrder", "NoMinOrder", "Infinite", "IsStrictOrderedRing",
         *_ALWAYS),
        ("Bot", "Top", "Finite", "Countable"),
    ),
    "Complex": (
        ("Field", "CharZero", "RCLike", "DenselyNormedField", "CompleteSpace", "ProperSpace", "Infinite",
         *_ALWAYS),
        ("LinearOrder", "FloorSemiring", "Lattice", "Finite", "Countable"),
    ),
    "Prop": (
        ("CompleteBooleanAlgebra", "DistribLattice", "LinearOrder", "Fintype", "Nontrivial", *_ALWAYS),
        ("Add", "Mul", "Zero", "One", "Neg", "Inv", "NatCast", "Norm", "Dist"),
    ),
    "Bool": (
        ("BooleanAlgebra", "LinearOrder", "Fintype", "Nontrivial", *_ALWAYS),
        ("NatCast", "Neg", "Inv", "Norm", "Dist"),
    ),
    "NNReal": (
        ("LinearOrderedSemifield", "CanonicallyOrderedCommSemiring", "ConditionallyCompleteLinearOrderBot",
         "FloorSemiring", "Archimedean", "Sub", "OrderedSub", "CharZero", "DenselyOrdered", "MetricSpace",
         "Infinite", *_ALWAYS),
        ("Neg", "IntCast", "Finite"),
    ),
    "ENNReal": (
        ("CompleteLinearOrder", "CanonicallyOrderedCommSemiring", "Sub", "Inv", "DivInvMonoid", "CharZero",
         "Nontrivial", "Infinite", *_ALWAYS),
        ("Neg", "IntCast", "Finite"),
    ),
    "PNat": (
        ("LinearOrder", "Add", "Mul", "One", "CommMonoid", "AddCommSemigroup", "Sub", "Dvd", "Infinite",
         "Countable", *_ALWAYS),
        ("Zero", "Neg", "Inv", "NatCast"),
    ),
    "Set": (
        ("CompleteBooleanAlgebra",),
        ("LinearOrder", "NatCast", "Norm", "Dist"),
    ),
    "Finset": (
        ("PartialOrder", "OrderBot"),
        ("LinearOrder", "NatCast", "Norm", "Dist"),
    ),
    "List": ((), ("Add", "Mul", "Zero", "One", "Neg", "Inv", "NatCast", "Norm", "Dist")),
    "Multiset": (("OrderedCancelAddCommMonoid",), ("Mul", "One", "Neg", "Inv", "NatCast", "Norm", "Dist")),
}

#: Classes a function type ``α → β`` has exactly when ``β`` has them (Mathlib's ``Pi``
#: instances); a function type is never a linear order.
_POINTWISE: frozenset[str] = frozenset(
    c
    for c in _H
    if c not in ("LinearOrder", "Ord", "Nontrivial", "Nonempty", "Inhabited", "DecidableEq", "Fintype",
                 "Finite", "Infinite", "Countable", "Dist", "Norm", "TopologicalSpace", "CharZero", "IsDomain",
                 "NoZeroDivisors", "DenselyOrdered", "NoMaxOrder", "NoMinOrder", "LocallyFiniteOrder",
                 "Archimedean", "FloorSemiring", "FloorRing", "OrderedSub", "Unique", "Subsingleton",
                 "WellFoundedLT", "IsCancelMulZero")
    and not any(a in ancestors(c) for a in ("Inv", "Div", "Mod", "Dvd", "LinearOrder", "Norm", "Dist",
                                             "TopologicalSpace", "Nontrivial", "IsDomain", "CharZero",
                                             "FloorSemiring", "Archimedean", "DenselyOrdered"))
)


@cache
def _closure(classes: tuple[str, ...]) -> frozenset[str]:
    out: set[str] = set()
    for c in classes:
        out |= ancestors(c)
    return frozenset(out)


def _absent(cls: str, negatives: Iterable[str]) -> bool:
    anc = ancestors(cls)
    return any(n in anc for n in negatives)


# --------------------------------------------------------------------------------------
# Queries
# --------------------------------------------------------------------------------------

Carrier = Sort | Sequence[Sort]


def _args(carrier: Carrier) -> tuple[Sort, ...]:
    return (carrier,) if isinstance(carrier, Sort) else tuple(carrier)


def _nat_literal(e: Expr) -> int | None:
    if isinstance(e, Num) and e.value.isdigit():
        return int(e.value)
    return None


def _mentions(s: Sort, target: Sort) -> bool:
    if s == target:
        return True
    return any(_mentions(a, target) for a in s.args)


def class_status(
    carrier: Carrier,
    cls: str,
    context_instances: Iterable[Sort] = (),
    closed: Collection[str] | bool = False,
) -> bool | None:
    """``True``: ``cls carrier`` is derivable; ``False``: it certainly is not (Lean's instance
    search fails); ``None``: undecidable here.

    ``context_instances`` are the statement's instance assumptions (class applications such
    as ``Sort("Field", (R,))``).  ``closed`` names the type variables whose whole context is
    ``context_instances`` (declared in the statement itself; ``True``: all of them): only
    for those can a missing class be ``False``."""
    args = _args(carrier)
    ctx = list(context_instances)
    # 1. an assumption of the statement
    for inst in ctx:
        if inst.args == args and cls in ancestors(inst.head):
            return True
    st = _status(args, cls, ctx, closed)
    if st is False and cls in _CLASSICAL:
        return None  # `open Classical` (common in Mathlib) provides it for every type
    return st


#: Decidability classes: never "certainly absent" — classical instances may be in scope.
_CLASSICAL = frozenset({"DecidableEq", "Decidable", "DecidablePred", "DecidableRel"})


def _status(
    args: tuple[Sort, ...], cls: str, ctx: list[Sort], closed: Collection[str] | bool
) -> bool | None:
    if len(args) != 1:
        return None
    c = args[0]
    if c.is_unknown or c.head.startswith("?"):
        return None
    # 2. a type variable
    if c.is_var:
        if cls not in _H or not _var_context_complete(c, ctx, closed):
            return None
        for inst in ctx:
            if any(_mentions(a, c) for a in inst.args) and (len(inst.args) != 1 or inst.args[0] != c):
                return None  # a multi-parameter class on c (``Module R c``): cannot tell
        return False
    # 3. a function type: pointwise instances of the codomain
    if c.is_fun:
        if cls in _POINTWISE:
            return class_status(c.args[-1], cls, ctx, closed)
        if "LinearOrder" in ancestors(cls):
            return False
        return None
    # 4. type constructors with parameter-dependent instances
    if c.head == "Polynomial" and len(c.args) == 1:
        return _polynomial_status(c.args[0], cls, ctx, closed)
    if c.head == "Fin" and len(c.params) == 1:
        return _fin_status(c.params[0], cls)
    if c.head == "ZMod" and len(c.params) == 1:
        return _zmod_status(c.params[0], cls, ctx)
    # 5. concrete types
    table = _CONCRETE.get(c.head)
    if table is None:
        return None
    pos, neg = table
    if cls in _closure(pos):
        return True
    if cls in _H and _absent(cls, neg):
        return False
    return None


def _polynomial_status(r: Sort, cls: str, ctx: list[Sort], closed: Collection[str] | bool) -> bool | None:
    for base in ("CommRing", "Ring", "CommSemiring", "Semiring"):
        if class_status(r, base, ctx, closed) is True:
            if cls in ancestors(base) or cls in ("Nontrivial", *_ALWAYS) and class_status(r, cls, ctx, closed):
                return True
            break
    if cls in _H and _absent(cls, ("Inv", "LinearOrder", "Norm", "Dist")):
        return False
    return None


def _fin_status(n: Expr, cls: str) -> bool | None:
    k = _nat_literal(n)
    base: tuple[str, ...] = ("LinearOrder", "Fintype", "LocallyFiniteOrder", "Add", "Mul", "Sub", "Mod", "Div",
                             "DecidableEq")
    if k is not None and k >= 1:
        base = (*base, "CommRing", "OrderBot", "OrderTop", "Nonempty", "Inhabited")
    if cls in _closure(base):
        return True
    if k == 0 and cls in ("Nonempty", "Inhabited", "Zero", "One", "NatCast"):
        return False
    return None


def _zmod_status(n: Expr, cls: str, ctx: list[Sort]) -> bool | None:
    k = _nat_literal(n)
    base: tuple[str, ...] = ("CommRing", "DecidableEq", "Nonempty", "Inhabited")
    if k == 0:
        base = (*base, "CharZero")
    if k is not None and k >= 1:
        base = (*base, "Fintype")
    for inst in ctx:
        if inst.head == "Fact" and len(inst.params) == 1 and _is_prime_of(inst.params[0], n):
            base = (*base, "Field")
    if cls in _closure(base):
        return True
    return None


def _is_prime_of(p: Expr, n: Expr) -> bool:
    """Is ``p`` the proposition ``Nat.Prime n``?"""
    return isinstance(p, App) and isinstance(p.fn, Const) and p.fn.name == "Nat.Prime" and p.args == (n,)


def class_holds(carrier: Carrier, cls: str, context_instances: Iterable[Sort] = ()) -> bool:
    """Is ``cls carrier`` derivable from the instance assumptions ``context_instances`` and
    the instances Mathlib provides for concrete types?  (``False`` also when unknown.)"""
    return class_status(carrier, cls, context_instances) is True


# --------------------------------------------------------------------------------------
# Coercions and numerals
# --------------------------------------------------------------------------------------

_NUM_RANK = {h: i for i, h in enumerate(NUMERIC_HEADS)}
_CAST_CLASS = {"Nat": "NatCast", "Int": "IntCast", "Rat": "RatCast"}
#: Concrete coercions beyond the numeric tower (source head, target head).
_EXTRA_COE = {("PNat", "Nat"), ("NNReal", "Real"), ("NNReal", "ENNReal"), ("Real", "EReal"), ("Prop", "Bool"),
              ("Bool", "Prop")}
#: Heads whose coercions are all tabled here (no others exist in Mathlib).
_CLOSED_HEADS = frozenset({*NUMERIC_HEADS, "Prop", "Set", "Finset", "List", "Multiset", "Fun", "Bool"})


def _fully_known(s: Sort) -> bool:
    if s.is_unknown or s.head.startswith("?"):
        return False
    return all(_fully_known(a) for a in s.args)


def _var_context_complete(v: Sort, ctx: list[Sort], closed: Collection[str] | bool) -> bool:
    """Is everything Lean could know about type variable ``v`` in ``ctx``, in known classes?"""
    if not (closed is True or (not isinstance(closed, bool) and v.head in closed)):
        return False
    return all(inst.head in _H for inst in ctx if any(_mentions(a, v) for a in inst.args))


def coercion_status(
    src: Sort, dst: Sort, context_instances: Iterable[Sort] = (), closed: Collection[str] | bool = False
) -> bool | None:
    """Is there a coercion ``↑ : src → dst`` Lean would insert?  ``True``/``False``/``None``
    (cannot tell) as for :func:`class_status`.

    One deliberate departure from Lean: a number is never coerced to a *function* type.
    Mathlib's ``Pi.instNatCast``/``Pi.instIntCast`` would read ``(f * g).coeff = a`` (with
    ``a : ℤ``) as an equation between ``coeff`` and the constant function ``fun _ => a`` —
    in a statement that is a formalisation slip, so it is refused as a type error
    (numerals such as ``f = 0`` stay allowed: they are ``OfNat``, not a coercion)."""
    if src == dst:
        return True
    if src.is_unknown or dst.is_unknown:
        return None
    ctx = list(context_instances)

    def closed_side(x: Sort) -> bool:
        """No coercion can come out of / go into ``x`` beyond the tabled ones."""
        if x.is_var:
            return _var_context_complete(x, ctx, closed)
        return x.head in _CLOSED_HEADS or x.head == "PNat"

    if src.is_fun or dst.is_fun:
        if src.is_fun and dst.is_fun:
            return False  # Lean has no coercion between function types
        return False if closed_side(dst if src.is_fun else src) else None
    if src.is_numeric and dst.is_numeric:
        return _NUM_RANK[src.head] < _NUM_RANK[dst.head]
    if (src.head, dst.head) in _EXTRA_COE and not src.args and not dst.args:
        return True
    if src.head == "PNat" and dst.is_numeric:
        return True
    if src.head == "Fin" and dst.head == "Nat" and not dst.is_var:
        return True
    if (src.head, dst.head) in (("Finset", "Set"), ("List", "Multiset")) and not src.is_var and not dst.is_var:
        if src.args == dst.args:
            return True
        return None if not (_fully_known(src) and _fully_known(dst)) else False
    if "Multiset" in (src.head, dst.head) and not (src.is_var or dst.is_var):
        return None  # (Finset ↔ Multiset coercions are not tabled)
    cast = _CAST_CLASS.get(src.head) if src.is_numeric else None
    if cast is not None:
        st = class_status(dst, cast, ctx, closed)
        if st is False and not dst.is_var and dst.head not in _CLOSED_HEADS:
            return None  # other coercions into an untabled type may exist
        return st
    for v in (src, dst):
        if v.is_var and not _var_context_complete(v, ctx, closed):
            return None
    return False if closed_side(src) and closed_side(dst) else None


#: Types without decimal literals (no ``OfScientific`` instance).
_NO_SCIENTIFIC = frozenset({"Nat", "Int", "PNat", "Fin", "ZMod", "ENat"})


def numeral_status(
    carrier: Sort, value: str, context_instances: Iterable[Sort] = (), closed: Collection[str] | bool = False
) -> bool | None:
    """Can the numeral ``value`` (decimal digits, maybe with a point) denote an element of
    ``carrier`` (``OfNat``/``OfScientific``)?"""
    if not _fully_known(carrier):
        return None
    if "." in value and not carrier.is_var and carrier.head in _NO_SCIENTIFIC:
        # `(3.0 : ℕ)`: no `OfScientific` instance (Mathlib's comes from `NNRatCast`, a division
        # semiring's; core's is Float's): a type error in Lean (adversary round 43 certified
        # `x = 3.0` against `x = 3` on ℕ)
        return False
    if carrier.is_numeric:
        return True
    if carrier.head == "PNat" and not carrier.is_var:
        return int(value) != 0
    if carrier.head == "Fin" and len(carrier.params) == 1 and not carrier.is_var:
        k = _nat_literal(carrier.params[0])
        return None if k is None else k >= 1
    if "." in value:
        return class_status(carrier, "OfScientific", context_instances, closed)
    n = int(value)
    cls = "Zero" if n == 0 else "One" if n == 1 else "NatCast"
    st = class_status(carrier, cls, context_instances, closed)
    if n >= 2 and st is False and class_status(carrier, "AddMonoidWithOne", context_instances, closed) is None:
        return None
    return st
