"""Known Mathlib symbols with their (schematic) sorts.

The elaborator reads this table to give known constants their sorts and to push expected
sorts into arguments; the Z3/SymPy/English renderers read it to decide which symbols they
interpret (``interpreted=True``: the renderer has a fixed meaning for it) and which stay
uninterpreted.  Sorts are *schematic*: type variables whose name starts with ``_``
(``_a``, ``_b``, ``_c``) are instantiated afresh at every use by unification.

Names are full Mathlib names (``Nat.Prime``, ``Finset.card``); ``ALIASES`` maps the short
forms that Mathlib statements use under ``open Real Nat Finset`` (``π``, ``√``, ``sqrt``)
to them.  ``DOT_NAMESPACE`` maps a receiver's sort head to the namespace searched by dot
notation (``p.Prime`` with ``p : ℕ`` is ``Nat.Prime p``).
"""

from __future__ import annotations

from dataclasses import dataclass

from certibench.logic.ast import (
    COMPLEX,
    INT,
    NAT,
    PROP,
    RAT,
    REAL,
    Sort,
    finset_of,
    fun_sort,
    set_of,
)


def schematic(name: str) -> Sort:
    """A schematic type variable of the table (instantiated per use)."""
    return Sort("_" + name, is_var=True)


def is_schematic(s: Sort) -> bool:
    return s.is_var and s.head.startswith("_")


A = schematic("a")
B = schematic("b")
C = schematic("c")


def list_of(elem: Sort) -> Sort:
    return Sort("List", (elem,))


@dataclass(frozen=True, slots=True)
class Symbol:
    """One known constant.  ``sort`` is schematic; ``kind`` is ``function``, ``predicate``
    (result Prop) or ``constant`` (no arguments); ``interpreted`` tells renderers whether the
    symbol has a fixed arithmetic meaning they implement (else: uninterpreted function)."""

    name: str
    sort: Sort
    doc: str
    interpreted: bool = False

    @property
    def arity(self) -> int:
        return len(self.sort.args) - 1 if self.sort.is_fun else 0

    @property
    def kind(self) -> str:
        if not self.sort.is_fun:
            return "constant"
        return "predicate" if self.sort.args[-1].is_prop else "function"

    @property
    def arg_sorts(self) -> tuple[Sort, ...]:
        return self.sort.args[:-1] if self.sort.is_fun else ()

    @property
    def result_sort(self) -> Sort:
        return self.sort.args[-1] if self.sort.is_fun else self.sort


def _f(*sorts: Sort) -> Sort:
    return fun_sort(sorts[:-1], sorts[-1])


_TABLE: list[tuple[str, Sort, str, bool]] = [
    # --- natural numbers ---------------------------------------------------------------
    ("Nat.Prime", _f(NAT, PROP), "p is a prime number", True),
    ("Nat.gcd", _f(NAT, NAT, NAT), "greatest common divisor", True),
    ("Nat.lcm", _f(NAT, NAT, NAT), "least common multiple", True),
    ("Nat.choose", _f(NAT, NAT, NAT), "binomial coefficient n choose k", True),
    ("Nat.factorial", _f(NAT, NAT), "factorial n!", True),
    ("Nat.succ", _f(NAT, NAT), "successor n + 1", True),
    ("Nat.pred", _f(NAT, NAT), "predecessor n - 1 (truncated)", True),
    ("Nat.sqrt", _f(NAT, NAT), "integer square root", False),
    ("Nat.log", _f(NAT, NAT, NAT), "integer logarithm (base, n)", False),
    ("Nat.totient", _f(NAT, NAT), "Euler's totient", False),
    ("Nat.digits", _f(NAT, NAT, list_of(NAT)), "digits of n in base b (least significant first)", False),
    ("Nat.divisors", _f(NAT, finset_of(NAT)), "the finset of divisors of n", False),
    ("Nat.properDivisors", _f(NAT, finset_of(NAT)), "the finset of proper divisors of n", False),
    ("Nat.primeFactors", _f(NAT, finset_of(NAT)), "the finset of prime factors of n", False),
    ("Nat.Coprime", _f(NAT, NAT, PROP), "gcd m n = 1", True),
    ("Nat.ModEq", _f(NAT, NAT, NAT, PROP), "Nat.ModEq n a b: a ≡ b [MOD n]", True),
    ("Nat.floor", _f(A, NAT), "⌊x⌋₊, the natural floor", False),
    ("Nat.ceil", _f(A, NAT), "⌈x⌉₊, the natural ceiling", False),
    ("Nat.cast", _f(NAT, A), "the cast ℕ → α", True),
    # --- integers ------------------------------------------------------------------------
    ("Int.natAbs", _f(INT, NAT), "absolute value as a natural number", True),
    ("Int.toNat", _f(INT, NAT), "max n 0 as a natural number", True),
    ("Int.gcd", _f(INT, INT, NAT), "gcd of two integers", True),
    ("Int.lcm", _f(INT, INT, NAT), "lcm of two integers", False),
    ("Int.emod", _f(INT, INT, INT), "Euclidean remainder (Lean's % on ℤ)", True),
    ("Int.ediv", _f(INT, INT, INT), "Euclidean division (Lean's / on ℤ)", True),
    ("Int.ModEq", _f(INT, INT, INT, PROP), "Int.ModEq n a b: a ≡ b [ZMOD n]", True),
    ("Int.floor", _f(A, INT), "⌊x⌋, the integer floor", False),
    ("Int.ceil", _f(A, INT), "⌈x⌉, the integer ceiling", False),
    ("Int.fract", _f(A, A), "fractional part x - ⌊x⌋", False),
    ("Int.cast", _f(INT, A), "the cast ℤ → α", True),
    # --- rationals -----------------------------------------------------------------------
    ("Rat.num", _f(RAT, INT), "numerator", False),
    ("Rat.den", _f(RAT, NAT), "denominator", False),
    ("Rat.divInt", _f(INT, INT, RAT), "a /. b, the rational a / b", False),
    # --- reals ---------------------------------------------------------------------------
    ("Real.sqrt", _f(REAL, REAL), "square root (0 on negatives)", False),
    ("Real.exp", _f(REAL, REAL), "exponential", False),
    ("Real.log", _f(REAL, REAL), "natural logarithm (log 0 = 0, log |x| on negatives)", False),
    ("Real.logb", _f(REAL, REAL, REAL), "logarithm to base b: Real.logb b x", False),
    ("Real.sin", _f(REAL, REAL), "sine", False),
    ("Real.cos", _f(REAL, REAL), "cosine", False),
    ("Real.tan", _f(REAL, REAL), "tangent", False),
    ("Real.arctan", _f(REAL, REAL), "arctangent", False),
    ("Real.arcsin", _f(REAL, REAL), "arcsine", False),
    ("Real.arccos", _f(REAL, REAL), "arccosine", False),
    ("Real.sinh", _f(REAL, REAL), "hyperbolic sine", False),
    ("Real.cosh", _f(REAL, REAL), "hyperbolic cosine", False),
    ("Real.pi", REAL, "the constant π", False),
    ("Real.rpow", _f(REAL, REAL, REAL), "real power x ^ y", False),
    ("Real.nnabs", _f(REAL, Sort("NNReal")), "|x| as a non-negative real", False),
    # --- complex -------------------------------------------------------------------------
    ("Complex.I", COMPLEX, "the imaginary unit", False),
    ("Complex.abs", _f(COMPLEX, REAL), "complex modulus", False),
    ("Complex.exp", _f(COMPLEX, COMPLEX), "complex exponential", False),
    ("Complex.re", _f(COMPLEX, REAL), "real part", False),
    ("Complex.im", _f(COMPLEX, REAL), "imaginary part", False),
    ("Complex.ofReal", _f(REAL, COMPLEX), "the cast ℝ → ℂ", False),
    # --- generic algebra / order ---------------------------------------------------------
    ("Even", _f(A, PROP), "n is even: ∃ r, n = r + r", True),
    ("Odd", _f(A, PROP), "n is odd: ∃ k, n = 2 * k + 1", True),
    ("Prime", _f(A, PROP), "prime element of a commutative monoid with zero", False),
    ("Irrational", _f(REAL, PROP), "x is irrational", False),
    ("max", _f(A, A, A), "maximum", True),
    ("min", _f(A, A, A), "minimum", True),
    ("abs", _f(A, A), "absolute value |x|", True),
    ("id", _f(A, A), "identity function", True),
    ("ite", _f(PROP, A, A, A), "if c then a else b", True),
    ("Function.Injective", _f(_f(A, B), PROP), "f is injective", False),
    ("Function.Surjective", _f(_f(A, B), PROP), "f is surjective", False),
    ("Function.Bijective", _f(_f(A, B), PROP), "f is bijective", False),
    ("deriv", _f(_f(A, B), A, B), "derivative of f at x", False),
    ("Polynomial.degree", _f(Sort("Polynomial", (A,)), Sort("WithBot", (NAT,))), "degree of a polynomial", False),
    ("Polynomial.natDegree", _f(Sort("Polynomial", (A,)), NAT), "natural degree of a polynomial", False),
    ("Polynomial.eval", _f(A, Sort("Polynomial", (A,)), A), "Polynomial.eval x p: the value p(x)", False),
    ("Polynomial.X", Sort("Polynomial", (A,)), "the polynomial variable X", False),
    ("Polynomial.C", _f(A, Sort("Polynomial", (A,))), "the constant polynomial", False),
    # --- sets, finsets, lists ------------------------------------------------------------
    ("Set.univ", set_of(A), "the set of all elements", True),
    ("Set.Icc", _f(A, A, set_of(A)), "closed interval [a, b]", True),
    ("Set.Ico", _f(A, A, set_of(A)), "interval [a, b)", True),
    ("Set.Ioc", _f(A, A, set_of(A)), "interval (a, b]", True),
    ("Set.Ioo", _f(A, A, set_of(A)), "open interval (a, b)", True),
    ("Set.Ici", _f(A, set_of(A)), "interval [a, ∞)", True),
    ("Set.Ioi", _f(A, set_of(A)), "interval (a, ∞)", True),
    ("Set.Iic", _f(A, set_of(A)), "interval (-∞, b]", True),
    ("Set.Iio", _f(A, set_of(A)), "interval (-∞, b)", True),
    ("Set.preimage", _f(_f(A, B), set_of(B), set_of(A)), "f ⁻¹' s, the preimage", False),
    ("Set.image", _f(_f(A, B), set_of(A), set_of(B)), "f '' s, the image", False),
    ("Prod.mk", _f(A, B, Sort("Prod", (A, B))), "the pair (a, b)", False),
    ("Prod.fst", _f(Sort("Prod", (A, B)), A), "first component", False),
    ("Prod.snd", _f(Sort("Prod", (A, B)), B), "second component", False),
    ("Set.ncard", _f(set_of(A), NAT), "cardinality of a set (0 if infinite)", False),
    ("Set.Finite", _f(set_of(A), PROP), "the set is finite", False),
    ("Set.Infinite", _f(set_of(A), PROP), "the set is infinite", False),
    ("setOf", _f(_f(A, PROP), set_of(A)), "{x | p x}", True),
    ("Finset.card", _f(finset_of(A), NAT), "number of elements of a finset", False),
    ("Finset.erase", _f(finset_of(A), A, finset_of(A)), "s with a removed", False),
    ("Finset.powerset", _f(finset_of(A), finset_of(finset_of(A))), "the finset of all subsets of s", False),
    ("Finset.range", _f(NAT, finset_of(NAT)), "{0, …, n - 1}", True),
    ("Finset.Icc", _f(A, A, finset_of(A)), "finset interval [a, b]", True),
    ("Finset.Ico", _f(A, A, finset_of(A)), "finset interval [a, b)", True),
    ("Finset.Ioc", _f(A, A, finset_of(A)), "finset interval (a, b]", True),
    ("Finset.Ioo", _f(A, A, finset_of(A)), "finset interval (a, b)", True),
    ("Finset.filter", _f(_f(A, PROP), finset_of(A), finset_of(A)), "elements of s satisfying p", False),
    ("Finset.sum", _f(finset_of(A), _f(A, B), B), "∑ x ∈ s, f x", False),
    ("Finset.prod", _f(finset_of(A), _f(A, B), B), "∏ x ∈ s, f x", False),
    ("Finset.univ", finset_of(A), "all elements of a finite type", False),
    ("Finset.image", _f(_f(A, B), finset_of(A), finset_of(B)), "image of a finset", False),
    ("Singleton.singleton", _f(A, C), "{a}", True),
    ("Insert.insert", _f(A, C, C), "insert a s ({a, …})", True),
    ("∅", C, "the empty set / finset", True),
    ("⊤", C, "the top element", False),
    ("⊥", C, "the bottom element", False),
    ("HSMul.hSMul", _f(B, A, A), "scalar multiplication c • x", False),
    ("Inf.inf", _f(A, A, A), "lattice infimum a ⊓ b", False),
    ("Sup.sup", _f(A, A, A), "lattice supremum a ⊔ b", False),
    ("List.length", _f(list_of(A), NAT), "length of a list", False),
    ("List.sum", _f(list_of(A), A), "sum of a list", False),
    ("List.prod", _f(list_of(A), A), "product of a list", False),
    ("List.reverse", _f(list_of(A), list_of(A)), "reversed list", False),
    ("List.nil", list_of(A), "the empty list []", True),
    ("IsOpen", _f(set_of(A), PROP), "the set is open", False),
    ("IsClosed", _f(set_of(A), PROP), "the set is closed", False),
]

SYMBOLS: dict[str, Symbol] = {n: Symbol(n, s, d, i) for n, s, d, i in _TABLE}

#: Short spellings (under Mathlib's usual ``open Real Nat``) and notations → full names.
ALIASES: dict[str, str] = {
    "π": "Real.pi",
    "√": "Real.sqrt",
    "Real.√": "Real.sqrt",
    "Nat.Prime.Prime": "Nat.Prime",
    "insert": "Insert.insert",
    "singleton": "Singleton.singleton",
}

#: Sort head of a receiver → namespace searched by dot notation.
DOT_NAMESPACE: dict[str, str] = {
    "Nat": "Nat",
    "Int": "Int",
    "Rat": "Rat",
    "Real": "Real",
    "Complex": "Complex",
    "Set": "Set",
    "Finset": "Finset",
    "List": "List",
    "Multiset": "Multiset",
    "Polynomial": "Polynomial",
    "Fun": "Function",
    "Prod": "Prod",
}

#: Known type constructors (heads of sorts), for telling a binder's type from a hypothesis.
TYPE_CONSTRUCTORS: frozenset[str] = frozenset(
    {
        "Set",
        "Finset",
        "List",
        "Multiset",
        "Fin",
        "ZMod",
        "Polynomial",
        "Matrix",
        "Option",
        "Prod",
        "WithBot",
        "WithTop",
        "Subgroup",
        "Submonoid",
        "Ideal",
        "MvPolynomial",
        "PowerSeries",
        "EuclideanSpace",
        "Equiv.Perm",
        "Nat.Primes",
    }
)

#: Lean spellings of the base types.
BASE_TYPES: dict[str, Sort] = {
    "ℕ": NAT,
    "Nat": NAT,
    "ℤ": INT,
    "Int": INT,
    "ℚ": RAT,
    "Rat": RAT,
    "ℝ": REAL,
    "Real": REAL,
    "ℂ": COMPLEX,
    "Complex": COMPLEX,
    "Prop": PROP,
    "NNReal": Sort("NNReal"),
    "ℕ+": Sort("PNat"),
    "PNat": Sort("PNat"),
    "Bool": Sort("Bool"),
}

#: Rendering of base sorts in Lean.
SORT_LEAN: dict[str, str] = {
    "Nat": "ℕ",
    "Int": "ℤ",
    "Rat": "ℚ",
    "Real": "ℝ",
    "Complex": "ℂ",
    "Prop": "Prop",
}

#: Numeric tower used for Lean's ``binop%`` coercion insertion (ℕ ↪ ℤ ↪ ℚ ↪ ℝ ↪ ℂ).
NUMERIC_RANK: dict[str, int] = {"Nat": 0, "Int": 1, "Rat": 2, "Real": 3, "Complex": 4}


def lookup(name: str) -> Symbol | None:
    """The known symbol named ``name`` (full name or alias), or ``None``."""
    return SYMBOLS.get(ALIASES.get(name, name))
