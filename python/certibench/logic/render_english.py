"""Render statements of the typed AST as controlled English that states Lean's meaning.

The English is the benchmark item a model reads, so it must mean what the certified Lean
statement means — not the textbook statement it resembles.  Lean's operations are total;
where Lean's value differs from the textbook one the sentence says so, or no sentence is
produced (:class:`EnglishUnsupported`, with a reason :attr:`~EnglishUnsupported.code` the
generator counts):

* ℕ subtraction ``a - b`` is written ``a - b`` only where ``b ≤ a`` holds in context
  (a hypothesis, a numeral, ``a = b + c``…); elsewhere it is ``a ∸ b`` and the sentence
  ends with the convention "∸ is subtraction truncated at 0".
* ℕ division is ``⌊a / b⌋`` (the floor of the real quotient); ℤ division likewise when the
  divisor is known non-negative, else "the Euclidean quotient of a by b".  ``%`` is
  "a mod b" (ℤ with a divisor or a dividend of unknown sign: "the Euclidean remainder of a
  modulo b").
  A divisor not known to be non-zero adds "division by 0 gives 0" / "a number modulo 0
  is the number itself".
* Field division and inverses add "division by 0 gives 0" / "the inverse of 0 is 0" unless
  the divisor is known non-zero; ``x ^ n`` with ``n : ℕ`` adds "0^0 = 1" when base and
  exponent may both be 0; real powers ``x ^ (y : ℝ)`` need a base known positive (else
  refused); ``√x`` and ``log x`` state Lean's values on their junk arguments.
* Casts between ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ ⊂ ℂ are invisible (the value does not change); what changes
  meaning is the operation *inside* the cast, and that is stated as above.  Casts out of
  ``Fin n``/``ZMod n`` or types without numbers are refused.
* ``Fin n`` and ``ZMod n`` are named with their modular arithmetic; typeclass binders are
  stated ("in every commutative ring R"); unknown classes, symbols without an English
  phrase and terms of unknown sort are refused — never printed as raw Lean.

Precedence is made unambiguous: powers of applications are parenthesised ("(√x)^2"),
operands of ``mod`` and phrases inside arithmetic are parenthesised, nested connectives
are marked ("both … and …", "either … or …") or parenthesised.

Every construct is worded from a *template held in data* (:data:`TEMPLATES`,
:data:`RELATIONS`, :data:`SORT_NOUNS`, :data:`PREDICATES`, :data:`FUNCTIONS`), and an
:class:`EnglishStyle` picks one variant per construct; the variants are the project's T2/T3
wording templates (see :mod:`certibench.families.wording`).  Whether the English says what
the formula says is *checked*, not assumed: :mod:`certibench.logic.english` reads it back
with an independent grammar.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace

from certibench.logic.ast import (
    PROP,
    App,
    Ascribe,
    Binder,
    BinOp,
    BoolLit,
    Const,
    Declaration,
    Expr,
    Lam,
    Num,
    Quant,
    Sort,
    UnOp,
    Var,
    bound_names,
    free_var_names,
    free_vars,
    strip_ascriptions,
    walk,
)
from certibench.logic.english.compare import closed_statement, textbook_origin
from certibench.logic.english.facts import Context, numeral_value

__all__ = [
    "CLASS_NOUNS",
    "CONSTANTS",
    "CONSTRUCTS",
    "CONVENTIONS",
    "FUNCTIONS",
    "PREDICATES",
    "REASON_CODES",
    "RELATIONS",
    "SORT_NOUNS",
    "TEMPLATES",
    "EnglishStyle",
    "EnglishUnsupported",
    "default_style",
    "render_english",
    "render_term",
    "style_variants",
]

#: Why no English was produced (the generator counts these).
REASON_CODES: dict[str, str] = {
    "opaque-sort": "a term whose type the elaborator could not determine",
    "free-variable": "a name no binder introduces (its type would be a guess)",
    "unknown-symbol": "a constant or function without an English phrase",
    "unknown-class": "a typeclass without an English noun",
    "instance-without-type": "an instance binder that is not about a type variable",
    "unknown-type": "a type without an English noun",
    "int-division-sign": "ℤ division or remainder by a divisor not known to be non-negative",
    "rpow-domain": "a real power whose base is not known to be positive",
    "junk-value": "a partial function whose Lean junk value the English cannot state",
    "not-textbook": "an operation or predicate whose Lean meaning on this type is not the textbook one",
    "cast": "a cast whose meaning the English cannot state",
    "unsupported-construct": "a construct the English renderer does not word",
    "shadowed-name": "a bound name bound again inside its own scope (the English would read as one variable)",
    "empty": "an empty statement",
}


class EnglishUnsupported(ValueError):
    """No faithful English exists for a construct.  ``code`` is one of
    :data:`REASON_CODES`; ``construct`` names the offending construct."""

    def __init__(self, construct: str, code: str = "unsupported-construct") -> None:
        if code not in REASON_CODES:
            raise ValueError(f"unknown reason code {code!r}")
        self.construct = construct
        self.code = code
        super().__init__(f"no English rendering for {construct} [{code}]")


# --------------------------------------------------------------------------------------
# Templates (data).  Placeholders: {a} {b} clauses or terms; {noun} singular sort noun with
# article ({art}); {nouns} plural; {v} one variable; {vs} several variables joined;
# {every_each} "every <noun> a and every <noun> b".
# --------------------------------------------------------------------------------------

TEMPLATES: dict[str, dict[str, dict[str, str]]] = {
    "forall": {
        "for_every": {"one": "for every {noun} {v}", "many": "for {every_each}"},
        "for_all": {"one": "for all {nouns} {v}", "many": "for all {nouns} {vs}"},
        "for_any": {"one": "for any {noun} {v}", "many": "for any {nouns} {vs}"},
        "for_each": {"one": "for each {noun} {v}", "many": "for each choice of {nouns} {vs}"},
    },
    "exists": {
        "there_exists": {
            "one": "there exists {art} {noun} {v} such that {a}",
            "many": "there exist {nouns} {vs} such that {a}",
        },
        "there_is": {
            "one": "there is {art} {noun} {v} such that {a}",
            "many": "there are {nouns} {vs} such that {a}",
        },
        "for_some": {"one": "for some {noun} {v}, {a}", "many": "for some {nouns} {vs}, {a}"},
    },
    "exists_unique": {
        "unique": {"one": "there exists a unique {noun} {v} such that {a}"},
        "exactly_one": {"one": "there is exactly one {noun} {v} such that {a}"},
    },
    "not_exists": {
        "there_is_no": {
            "one": "there is no {noun} {v} such that {a}",
            "many": "there are no {nouns} {vs} such that {a}",
        },
        "no_such": {
            "one": "no {noun} {v} satisfies that {a}",
            "many": "no {nouns} {vs} satisfy that {a}",
        },
    },
    "implies": {
        "if_then": {"two": "if {a} then {b}"},
        "implies": {"two": "{a} implies that {b}"},
        "whenever": {"two": "{b} whenever {a}"},
    },
    "and": {"and": {"two": "{a} and {b}"}, "both_and": {"two": "both {a} and {b}"}},
    "or": {"or": {"two": "{a} or {b}"}, "either_or": {"two": "either {a} or {b}"}},
    "iff": {
        "if_and_only_if": {"two": "{a} if and only if {b}"},
        "exactly_when": {"two": "{a} exactly when {b}"},
        "precisely_when": {"two": "{a} precisely when {b}"},
    },
    "not": {
        "it_is_not_the_case": {"one": "it is not the case that {a}"},
        "it_is_false_that": {"one": "it is false that {a}"},
    },
}

#: Relations: variant → (positive, negative) templates over {a} (lhs) and {b} (rhs).  A
#: negative of ``None`` means the variant has no faithful negative wording (the negation
#: is then worded "it is not the case that …").  Passive / converse voices swap the roles
#: in the *sentence*, never in the formula.
RELATIONS: dict[str, dict[str, tuple[str, str | None]]] = {
    "=": {
        "equals": ("{a} equals {b}", "{a} does not equal {b}"),
        "is_equal_to": ("{a} is equal to {b}", "{a} is not equal to {b}"),
    },
    "≠": {
        "is_not_equal_to": ("{a} is not equal to {b}", None),
        "differs_from": ("{a} is different from {b}", "{a} is not different from {b}"),
        "does_not_equal": ("{a} does not equal {b}", None),
    },
    "≤": {
        "at_most": ("{a} is at most {b}", "{a} is not at most {b}"),
        "less_or_equal": ("{a} is less than or equal to {b}", "{a} is not less than or equal to {b}"),
        "no_greater": ("{a} is no greater than {b}", None),
    },
    "≥": {
        "at_least": ("{a} is at least {b}", "{a} is not at least {b}"),
        "greater_or_equal": ("{a} is greater than or equal to {b}", "{a} is not greater than or equal to {b}"),
        "no_less": ("{a} is no less than {b}", None),
    },
    "<": {
        "less_than": ("{a} is less than {b}", "{a} is not less than {b}"),
        "smaller_than": ("{a} is smaller than {b}", "{a} is not smaller than {b}"),
        "strictly_less": ("{a} is strictly less than {b}", "{a} is not strictly less than {b}"),
    },
    ">": {
        "greater_than": ("{a} is greater than {b}", "{a} is not greater than {b}"),
        "larger_than": ("{a} is larger than {b}", "{a} is not larger than {b}"),
        "strictly_greater": ("{a} is strictly greater than {b}", "{a} is not strictly greater than {b}"),
    },
    "∣": {
        "divides": ("{a} divides {b}", "{a} does not divide {b}"),
        "divisible_by": ("{b} is divisible by {a}", "{b} is not divisible by {a}"),
        "divisor_of": ("{a} is a divisor of {b}", "{a} is not a divisor of {b}"),
        "multiple_of": ("{b} is a multiple of {a}", "{b} is not a multiple of {a}"),
    },
    "∈": {
        "element_of": ("{a} is an element of {b}", "{a} is not an element of {b}"),
        "belongs_to": ("{a} belongs to {b}", "{a} does not belong to {b}"),
        "contains": ("{b} contains {a}", "{b} does not contain {a}"),
        "is_in": ("{a} is in {b}", "{a} is not in {b}"),
    },
    "∉": {
        "not_element_of": ("{a} is not an element of {b}", None),
        "does_not_belong": ("{a} does not belong to {b}", None),
        "does_not_contain": ("{b} does not contain {a}", None),
    },
    "⊆": {
        "subset_of": ("{a} is a subset of {b}", "{a} is not a subset of {b}"),
        "contained_in": ("{a} is contained in {b}", "{a} is not contained in {b}"),
        "superset_of": ("{b} is a superset of {a}", "{b} is not a superset of {a}"),
        "included_in": ("{a} is included in {b}", "{a} is not included in {b}"),
    },
    "⊂": {
        "proper_subset": ("{a} is a proper subset of {b}", "{a} is not a proper subset of {b}"),
        "strictly_contained": ("{a} is strictly contained in {b}", "{a} is not strictly contained in {b}"),
        "proper_superset": ("{b} is a proper superset of {a}", "{b} is not a proper superset of {a}"),
    },
}

#: Sort nouns: construct → variant → (singular, plural).
SORT_NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    "Nat": {
        "natural_number": ("natural number", "natural numbers"),
        "nonnegative_integer": ("nonnegative integer", "nonnegative integers"),
    },
    "Int": {"integer": ("integer", "integers")},
    "Rat": {"rational_number": ("rational number", "rational numbers"), "rational": ("rational", "rationals")},
    "Real": {"real_number": ("real number", "real numbers"), "real": ("real", "reals")},
    "Complex": {"complex_number": ("complex number", "complex numbers")},
    "Prop": {"proposition": ("proposition", "propositions")},
}

#: The sorts each predicate is worded for (``None``: any) — elsewhere its Lean meaning is
#: not the textbook one (``Even x`` holds for every real ``x``).
_INTEGRAL = ("Nat", "Int")

#: Known predicates: name → (positive, negative or None, sorts of argument 0 or None).
PREDICATES: dict[str, tuple[str, str | None, tuple[str, ...] | None]] = {
    "Nat.Prime": ("{0} is prime", "{0} is not prime", None),
    "Prime": ("{0} is a prime element", "{0} is not a prime element", None),
    "Even": ("{0} is even", "{0} is not even", _INTEGRAL),
    "Odd": ("{0} is odd", "{0} is not odd", _INTEGRAL),
    "Nat.Coprime": ("{0} and {1} are coprime", "{0} and {1} are not coprime", None),
    "Nat.ModEq": ("{1} is congruent to {2} modulo {0}", "{1} is not congruent to {2} modulo {0}", None),
    "Int.ModEq": ("{1} is congruent to {2} modulo {0}", "{1} is not congruent to {2} modulo {0}", None),
    "Irrational": ("{0} is irrational", "{0} is not irrational", None),
    "IsOpen": ("{0} is open", "{0} is not open", None),
    "IsClosed": ("{0} is closed", "{0} is not closed", None),
    "IsCompact": ("{0} is compact", "{0} is not compact", None),
    "Set.Finite": ("{0} is finite", "{0} is not finite", None),
    "Set.Infinite": ("{0} is infinite", "{0} is not infinite", None),
    "Set.Nonempty": ("{0} is nonempty", None, None),
    "Finset.Nonempty": ("{0} is nonempty", None, None),
    "Function.Injective": ("{0} is injective", "{0} is not injective", None),
    "Function.Surjective": ("{0} is surjective", "{0} is not surjective", None),
    "Function.Bijective": ("{0} is bijective", "{0} is not bijective", None),
    "Squarefree": ("{0} is squarefree", "{0} is not squarefree", _INTEGRAL),
    "IsSquare": ("{0} is a perfect square", "{0} is not a perfect square", _INTEGRAL),
    "Continuous": ("{0} is continuous", "{0} is not continuous", None),
    "Monotone": ("{0} is order-preserving", "{0} is not order-preserving", None),
    "StrictMono": ("{0} is strictly increasing", "{0} is not strictly increasing", None),
}

#: Known functions: name → (phrase at the top of a relation side, compact inline notation
#: or ``None`` when there is none: the phrase is then parenthesised inside terms).
FUNCTIONS: dict[str, tuple[str | None, str | None]] = {
    "Nat.gcd": ("the greatest common divisor of {0} and {1}", "gcd({0}, {1})"),
    "Int.gcd": ("the greatest common divisor of {0} and {1}", "gcd({0}, {1})"),
    "Nat.lcm": ("the least common multiple of {0} and {1}", "lcm({0}, {1})"),
    "Int.lcm": ("the least common multiple of {0} and {1}", "lcm({0}, {1})"),
    "max": ("the maximum of {0} and {1}", "max({0}, {1})"),
    "min": ("the minimum of {0} and {1}", "min({0}, {1})"),
    "Real.sqrt": ("the square root of {0}", "√{0}"),
    "Real.exp": ("the exponential of {0}", "exp({0})"),
    "Real.log": ("the natural logarithm of {0}", "ln({0})"),
    "Real.sin": ("the sine of {0}", "sin({0})"),
    "Real.cos": ("the cosine of {0}", "cos({0})"),
    "Real.arctan": ("the arctangent of {0}", "arctan({0})"),
    "Real.sinh": ("the hyperbolic sine of {0}", "sinh({0})"),
    "Real.cosh": ("the hyperbolic cosine of {0}", "cosh({0})"),
    "Real.tanh": ("the hyperbolic tangent of {0}", "tanh({0})"),
    "Nat.factorial": (None, "{0}!"),
    "Nat.choose": (None, "C({0}, {1})"),
    "Nat.succ": ("the successor of {0}", "succ({0})"),
    "Nat.totient": ("Euler's totient of {0}", "φ({0})"),
    "Finset.card": ("the number of elements of {0}", "|{0}|"),
    "abs": (None, "|{0}|"),
    "Int.floor": ("the floor of {0}", "⌊{0}⌋"),
    "Int.ceil": ("the ceiling of {0}", "⌈{0}⌉"),
    "Finset.range": ("the finite set of nonnegative integers below {0}", None),
    "Finset.powerset": ("the power set of {0}", None),
    "Set.powerset": ("the power set of {0}", None),
    "Finset.erase": ("{0} with the element {1} removed", None),
    "Insert.insert": ("{1} with the element {0} added", None),
    "List.length": ("the length of {0}", None),
    "List.sum": ("the sum of the entries of {0}", None),
    "List.reverse": ("the reverse of {0}", None),
    "Polynomial.degree": ("the degree of {0}", "deg({0})"),
    "Complex.abs": ("the modulus of {0}", "|{0}|"),
    "Complex.re": ("the real part of {0}", "re({0})"),
    "Complex.im": ("the imaginary part of {0}", "im({0})"),
    "dist": ("the distance between {0} and {1}", "dist({0}, {1})"),
    "norm": ("the norm of {0}", "‖{0}‖"),
}

#: Interval constructors: name → (finset?, bound wording over {0} {1}).
_INTERVALS: dict[str, tuple[bool, str]] = {
    "Set.Icc": (False, "at least {0} and at most {1}"),
    "Set.Ico": (False, "at least {0} and less than {1}"),
    "Set.Ioc": (False, "greater than {0} and at most {1}"),
    "Set.Ioo": (False, "greater than {0} and less than {1}"),
    "Set.Ici": (False, "at least {0}"),
    "Set.Ioi": (False, "greater than {0}"),
    "Set.Iic": (False, "at most {0}"),
    "Set.Iio": (False, "less than {0}"),
    "Finset.Icc": (True, "at least {0} and at most {1}"),
    "Finset.Ico": (True, "at least {0} and less than {1}"),
    "Finset.Ioc": (True, "greater than {0} and at most {1}"),
    "Finset.Ioo": (True, "greater than {0} and less than {1}"),
}

#: Functions whose Lean junk values the English does not state: refused.
_JUNK: frozenset[str] = frozenset(
    {"Real.tan", "Real.arcsin", "Real.arccos", "Real.logb", "deriv", "Set.ncard", "Nat.pred", "Int.toNat",
     "Int.natAbs", "Nat.floor", "Nat.ceil", "Polynomial.natDegree", "Int.fract", "Nat.log", "Nat.sqrt", "Rat.num",
     "Rat.den", "Real.rpow", "Int.ediv", "Int.emod", "Int.fdiv", "Int.fmod", "Int.tdiv", "Int.tmod"}
)  # fmt: skip

#: Known constants: name → (phrase, inline notation).
CONSTANTS: dict[str, tuple[str, str]] = {
    "Real.pi": ("π", "π"),
    "Complex.I": ("the imaginary unit i", "i"),
}

#: Typeclasses read as structure nouns ("in every group G, …").
CLASS_NOUNS: dict[str, str] = {
    "Group": "group",
    "AddGroup": "additive group",
    "CommGroup": "commutative group",
    "AddCommGroup": "additive commutative group",
    "Monoid": "monoid",
    "AddMonoid": "additive monoid",
    "CommMonoid": "commutative monoid",
    "AddCommMonoid": "additive commutative monoid",
    "Semigroup": "semigroup",
    "AddSemigroup": "additive semigroup",
    "LeftCancelMonoid": "left-cancellative monoid",
    "AddZeroClass": "type with an addition and a zero",
    "MulOneClass": "type with a multiplication and a one",
    "MulZeroClass": "type with a multiplication and a zero",
    "NoZeroDivisors": "type without zero divisors",
    "Ring": "ring",
    "CommRing": "commutative ring",
    "Semiring": "semiring",
    "CommSemiring": "commutative semiring",
    "NonUnitalNonAssocRing": "non-unital non-associative ring",
    "Field": "field",
    "DivisionRing": "division ring",
    "GroupWithZero": "group with zero",
    "Preorder": "preorder",
    "PartialOrder": "partial order",
    "LinearOrder": "linear order",
    "Lattice": "lattice",
    "OrderedAddCommGroup": "ordered additive commutative group",
    "OrderedSemiring": "ordered semiring",
    "StrictOrderedSemiring": "strictly ordered semiring",
    "LinearOrderedSemiring": "linearly ordered semiring",
    "LinearOrderedRing": "linearly ordered ring",
    "LinearOrderedField": "linearly ordered field",
    "LinearOrderedAddCommGroup": "linearly ordered additive commutative group",
    "TopologicalSpace": "topological space",
    "MetricSpace": "metric space",
    "DecidableEq": "type with decidable equality",
    "Fintype": "finite type",
    "Nontrivial": "nontrivial type",
}

#: Classes in which ``/`` and ``⁻¹`` are total with ``x / 0 = 0`` and ``0⁻¹ = 0``.
_FIELD_CLASSES = frozenset({"Field", "DivisionRing", "GroupWithZero", "LinearOrderedField"})
#: Classes whose division is commutative enough for "a / b" to have one reading.
_COMMUTATIVE_DIV_CLASSES = frozenset({"Field", "LinearOrderedField", "CommGroup"})
#: Classes in which ``⁻¹`` is a group inverse (no zero).
_GROUP_CLASSES = frozenset({"Group", "CommGroup"})
#: Classes that provide no 0: in a type with only these, "0^0 = 1" is not worth saying.
_NO_ZERO_CLASSES = frozenset({
    "Group", "CommGroup", "Monoid", "CommMonoid", "Semigroup", "LeftCancelMonoid", "MulOneClass", "AddSemigroup",
    "Preorder", "PartialOrder", "LinearOrder", "Lattice", "TopologicalSpace", "MetricSpace", "DecidableEq",
    "Fintype", "Nontrivial",
})

#: Words of the controlled English: a variable with one of these names would read as the word
#: ("a" is left out: it is the commonest variable name, and the sentences never use it bare
#: where a variable stands).
_ENGLISH_WORDS = frozenset({
    "and", "or", "not", "if", "then", "iff", "only", "for", "every", "all", "any", "some", "each", "there", "exists",
    "exist", "is", "are", "equals", "equal", "the", "an", "of", "such", "that", "no", "at", "most", "least",
    "less", "greater", "than", "divides", "where", "with", "it", "case", "both", "either", "whenever", "to", "in",
    "below", "modulo", "mod", "by", "gives", "element", "number", "set", "function", "sqrt", "true", "false",
})

#: Sentence-level conventions, in the order they are stated.
CONVENTIONS: dict[str, str] = {
    "nat0": "0 is a natural number",  # with the "natural number" noun (textbooks differ)
    "monus": "∸ is subtraction truncated at 0",
    "div0": "division by 0 gives 0",
    "inv0": "the inverse of 0 is 0",
    "mod0": "a number modulo 0 is the number itself",
    "pow00": "0^0 = 1",
    "sqrt_neg": "the square root of a negative number is 0",
    "log0": "the logarithm of 0 is 0",
    "log_neg": "the logarithm of a negative number is the logarithm of its absolute value",
    "deg0": "the zero polynomial has degree −∞",
    # every integer divides 0, so "the greatest" common divisor of 0 and 0 does not exist
    # for a reader who has not met Mathlib's gcd(0, 0) = 0 (an adversary's finding)
    "gcd0": "the greatest common divisor of 0 and 0 is 0",
    "lcm0": "the least common multiple of a number and 0 is 0",
    # Mathlib's φ(0) = 0: a reader who knows φ(n) ≥ 1 for n ≥ 1 only (φ(1) = 1) would take
    # "φ(n) > 0" for every n as true (an adversary's finding)
    "totient0": "Euler's totient of 0 is 0",
    # C(n, k) = 0 for k > n (most texts agree, a few leave it undefined); worded without
    # letters, which read as a claim about the item's own n and k (an adversary's finding)
    "choose0": "a binomial coefficient is 0 when its lower index is greater than its upper index",
    # "48 + 49 * i" names no i (adversary round 37): say what it is
    "imag_i": "i is the imaginary unit",
}

#: Style fields ↔ template constructs.
CONSTRUCTS: dict[str, tuple[str, str]] = {
    # field name: (table, key)
    "forall": ("TEMPLATES", "forall"),
    "exists": ("TEMPLATES", "exists"),
    "exists_unique": ("TEMPLATES", "exists_unique"),
    "not_exists": ("TEMPLATES", "not_exists"),
    "implies": ("TEMPLATES", "implies"),
    "and_": ("TEMPLATES", "and"),
    "or_": ("TEMPLATES", "or"),
    "iff": ("TEMPLATES", "iff"),
    "not_": ("TEMPLATES", "not"),
    "eq": ("RELATIONS", "="),
    "ne": ("RELATIONS", "≠"),
    "le": ("RELATIONS", "≤"),
    "ge": ("RELATIONS", "≥"),
    "lt": ("RELATIONS", "<"),
    "gt": ("RELATIONS", ">"),
    "dvd": ("RELATIONS", "∣"),
    "mem": ("RELATIONS", "∈"),
    "not_mem": ("RELATIONS", "∉"),
    "subset": ("RELATIONS", "⊆"),
    "ssubset": ("RELATIONS", "⊂"),
    "nat_noun": ("SORT_NOUNS", "Nat"),
    "int_noun": ("SORT_NOUNS", "Int"),
    "rat_noun": ("SORT_NOUNS", "Rat"),
    "real_noun": ("SORT_NOUNS", "Real"),
    "orientation": ("ORIENTATION", "orientation"),
}

#: ``natural``: a relation whose left side is a numeral and right side is not is read from
#: the right (``2 ≤ n`` ⇝ "n is at least 2", the same proposition: Lean's ``n ≥ 2`` *is*
#: ``2 ≤ n``); ``as_written``: never flip.
ORIENTATION: dict[str, dict[str, str]] = {"orientation": {"natural": "natural", "as_written": "as_written"}}

_TABLES = {"TEMPLATES": TEMPLATES, "RELATIONS": RELATIONS, "SORT_NOUNS": SORT_NOUNS, "ORIENTATION": ORIENTATION}
_REL_FIELD = {"=": "eq", "≠": "ne", "≤": "le", "≥": "ge", "<": "lt", ">": "gt", "∣": "dvd", "∈": "mem", "∉": "not_mem", "⊆": "subset", "⊂": "ssubset"}  # fmt: skip
#: Converse wordings that are Lean notation for the same proposition (``a ≥ b`` is
#: ``b ≤ a``).  ``=``/``≠`` are not flipped: ``a = b`` and ``b = a`` are different
#: propositions.
_CONVERSE = {"≤": "≥", "≥": "≤", "<": ">", ">": "<"}


def _variants(construct: str) -> list[str]:
    table, key = CONSTRUCTS[construct]
    return list(_TABLES[table][key].keys())


@dataclass(frozen=True)
class EnglishStyle:
    """One wording variant per construct (see :func:`style_variants`)."""

    forall: str = "for_every"
    exists: str = "there_exists"
    exists_unique: str = "unique"
    not_exists: str = "there_is_no"
    implies: str = "if_then"
    and_: str = "and"
    or_: str = "or"
    iff: str = "if_and_only_if"
    not_: str = "it_is_not_the_case"
    eq: str = "equals"
    ne: str = "is_not_equal_to"
    le: str = "at_most"
    ge: str = "at_least"
    lt: str = "less_than"
    gt: str = "greater_than"
    dvd: str = "divides"
    mem: str = "element_of"
    not_mem: str = "not_element_of"
    subset: str = "subset_of"
    ssubset: str = "proper_subset"
    nat_noun: str = "nonnegative_integer"
    int_noun: str = "integer"
    rat_noun: str = "rational_number"
    real_noun: str = "real_number"
    orientation: str = "natural"

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            allowed = _variants(f.name)
            if v not in allowed:
                raise ValueError(f"EnglishStyle.{f.name}: unknown variant {v!r} (choose from {allowed})")

    def with_(self, **changes: str) -> EnglishStyle:
        return replace(self, **changes)


def default_style() -> EnglishStyle:
    return EnglishStyle()


def style_variants(construct: str) -> list[str]:
    """The variant names of a construct (an :class:`EnglishStyle` field name, e.g.
    ``"forall"``, ``"dvd"``, ``"implies"``)."""
    if construct not in CONSTRUCTS:
        raise KeyError(f"unknown construct {construct!r}; known: {sorted(CONSTRUCTS)}")
    return _variants(construct)


# --------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------

_LOGIC = {"∧", "∨", "→", "↔"}

# Textbook precedence of inline notation (higher binds tighter).
ATOM, POSTFIX, POW, NEG, MUL, ADD, SETOP, MOD, PHRASE = 100, 90, 80, 75, 70, 65, 64, 60, 10
_ARITH_PREC = {"+": ADD, "-": ADD, "∸": ADD, "*": MUL, "/": MUL}
_NUM_RANK = {"Nat": 0, "Int": 1, "Rat": 2, "Real": 3, "Complex": 4}


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _join_names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _is_numeral(e: Expr) -> bool:
    return numeral_value(e) is not None


def _num_sort(s: Sort | None) -> bool:
    return s is not None and not s.is_var and s.head in _NUM_RANK


def _flatten_app(e: App) -> tuple[Expr, tuple[Expr, ...]]:
    fn, args = e.fn, e.args
    while isinstance(fn, App):
        args = fn.args + args
        fn = fn.fn
    return fn, args


@dataclass
class _Term:
    """An inline rendering and its textbook precedence."""

    text: str
    prec: int


@dataclass
class _Renderer:
    s: EnglishStyle
    conventions: set[str] = field(default_factory=set)
    classes: dict[str, list[str]] = field(default_factory=dict)  # type var → its classes
    scope: list[str] = field(default_factory=list)  # bound names, innermost last
    #: every name bound anywhere in the statement: a constant said as "π" or "i" next to a
    #: variable named π or i elsewhere in the sentence reads as that variable (adversary round
    #: 37: "(there exists a real number π such that π equals 2) and π is greater than 3")
    bound_anywhere: frozenset[str] = frozenset()
    #: (head, size) of the Fin/ZMod types some variable of the statement has (its noun says
    #: "modulo n"; a numeral of a type no variable has would not)
    bound_sorts: frozenset[tuple[str, str]] = frozenset()
    #: enclosing negations and conditions: "any" there reads as "some" or "no" to many
    #: readers ("it is not the case that for any x, …"), so ∀ is worded "every" inside them
    guarded: int = 0

    @contextmanager
    def guard(self) -> Iterator[None]:
        self.guarded += 1
        try:
            yield
        finally:
            self.guarded -= 1

    # ---------------------------------------------------------------- sorts

    def check_sort(self, s: Sort | None, what: str) -> Sort:
        if s is None or s.is_unknown or any(a.is_unknown for a in s.args):
            raise EnglishUnsupported(f"{what} of undetermined type", "opaque-sort")
        return s

    def noun(self, s: Sort) -> tuple[str, str, str]:
        """(singular, plural, suffix) for a sort — the variable goes between the noun and
        the suffix: "element a of G", "set s of natural numbers"."""
        self.check_sort(s, "a variable")
        field_ = {"Nat": "nat_noun", "Int": "int_noun", "Rat": "rat_noun", "Real": "real_noun"}.get(s.head)
        if field_ is not None and not s.is_var and not s.args:
            variant = getattr(self.s, field_)
            if variant == "natural_number":
                self.conventions.add("nat0")  # "natural number" alone does not say whether 0 is one
            sing, plur = SORT_NOUNS[s.head][variant]
            return sing, plur, ""
        if s.head in ("Complex", "Prop") and not s.is_var:
            sing, plur = next(iter(SORT_NOUNS[s.head].values()))
            return sing, plur, ""
        if s.is_var:
            return "element", "elements", f" of {s.head}"
        if s.head in ("Type", "Sort"):
            return "type", "types", ""
        if s.head in ("Set", "Finset", "List") and len(s.args) == 1:
            kind = {"Set": "set", "Finset": "finite set", "List": "list"}[s.head]
            return kind, kind + "s", f" of {self.plural(s.args[0])}"
        if s.is_fun and len(s.args) >= 2:
            res = s.args[-1]
            if any(a.is_fun for a in s.args):
                # "function from functions from ℕ to ℕ to ℕ" has two readings (adversary round 37)
                raise EnglishUnsupported("a function type with a function argument or result", "unsupported-construct")
            dom_txt = " and ".join(self.plural(a) for a in s.args[:-1])
            if res.is_prop:
                return "predicate", "predicates", f" on {dom_txt}"
            return "function", "functions", f" from {dom_txt} to {self.plural(res)}"
        if s.head == "Polynomial" and len(s.args) == 1:
            return "polynomial", "polynomials", f" over {self.sort_symbol(s.args[0])}"
        if s.head == "ZMod" and len(s.params) == 1 and not s.args:
            return "residue class", "residue classes", f" modulo {self.param(s.params[0])}"
        if s.head == "Fin" and len(s.params) == 1 and not s.args:
            n = self.param(s.params[0])
            return "number", "numbers", f" below {n} (with arithmetic modulo {n})"
        raise EnglishUnsupported(f"the type {s.head}", "unknown-type")

    def fin_numeral(self, value: str, s: Sort) -> None:
        """A numeral of ``Fin n`` or ``ZMod n`` is reduced modulo n in Lean (``(7 : Fin 5) = 2``,
        ``(5 : ZMod 5) = 0``), so "a equals 7" or "a is less than 5" would say something else
        (adversary round 37 released ``¬ a < 5`` on ``Fin 5`` as TRUE, read "a is not less than
        5"; round 41 ``a ≠ 7 → a ≠ 2`` on ``ZMod 5``).  Only numerals below a literal size are
        said as written; any other (a size that is a variable included: ``(1 : Fin (n + 1))`` is
        0 when n = 0) is refused.  So is a numeral of such a type when no variable of the
        statement has it: nothing in the sentence would say the arithmetic is modular ("3 + 4
        equals 2" for ``(3 + 4 : Fin 5) = 2``)."""
        if s.head not in ("Fin", "ZMod") or s.args or len(s.params) != 1:
            return
        size = strip_ascriptions(s.params[0])
        what = f"{s.head} {self.param_text(size)}"
        if (s.head, self.param_text(size)) not in self.bound_sorts:
            raise EnglishUnsupported(f"the numeral {value} of {what}, with no variable of that type to say the "
                                     "arithmetic is modular", "not-textbook")
        if value.isdigit() and isinstance(size, Num) and size.value.isdigit() and int(value) < int(size.value):
            return
        if value == "0":
            return
        raise EnglishUnsupported(f"the numeral {value} of {what}, which Lean reduces modulo the size", "not-textbook")

    def param_text(self, e: Expr) -> str:
        try:
            return self.param(e)
        except EnglishUnsupported:
            return "n"

    def param(self, e: Expr) -> str:
        e = strip_ascriptions(e)
        if isinstance(e, (Num, Var)):
            return e.value if isinstance(e, Num) else e.name
        raise EnglishUnsupported("a compound type parameter", "unknown-type")

    def sort_symbol(self, s: Sort) -> str:
        base = {"Nat": "ℕ", "Int": "ℤ", "Rat": "ℚ", "Real": "ℝ", "Complex": "ℂ"}
        if s.is_var:
            return s.head
        if s.head in base and not s.args:
            return base[s.head]
        raise EnglishUnsupported(f"the type {s.head} as a coefficient ring", "unknown-type")

    def plural(self, s: Sort) -> str:
        n = self.noun(s)
        return n[1] + n[2]

    # ---------------------------------------------------------------- propositions

    def prop(self, e: Expr, ctx: Context) -> str:
        e = strip_ascriptions(e)
        if isinstance(e, Quant):
            return self.quant(e, ctx)
        if isinstance(e, UnOp) and e.op == "¬":
            return self.negation(e.arg, ctx)
        if isinstance(e, BinOp) and e.op in _LOGIC:
            return self.connective(e, ctx)
        if isinstance(e, BinOp) and e.op in _REL_FIELD:
            return self.relation(e, True, ctx)
        if isinstance(e, BoolLit) or (isinstance(e, Const) and e.name in ("True", "False")):
            val = e.value if isinstance(e, BoolLit) else e.name == "True"
            return "the statement True holds" if val else "the statement False holds"
        if isinstance(e, App):
            out = self.pred_app(e, True, ctx)
            assert out is not None
            return out
        if isinstance(e, Var):
            self.check_sort(e.sort, f"the variable {e.name}")
            return f"{e.name} holds"
        raise EnglishUnsupported(f"a {type(e).__name__} node in proposition position")

    def negation(self, a: Expr, ctx: Context) -> str:
        a = strip_ascriptions(a)
        if isinstance(a, BinOp) and a.op in _REL_FIELD:
            out = self.relation(a, False, ctx)
            if out is not None:
                return out
        if isinstance(a, App):
            out = self.pred_app(a, False, ctx)
            if out is not None:
                return out
        if isinstance(a, Quant) and a.q == "∃" and not _is_type_level(a.binder):
            return self.quant(a, ctx, negated=True)
        with self.guard():
            if isinstance(a, BinOp) and a.op in ("∧", "∨", "↔"):
                # "it is not the case that A and B" also reads as (¬A) ∧ B: mark or bracket
                body = self.closed(a, ctx)
            elif _ends_in_implication(a) and self.s.implies != "if_then":
                # "it is not the case that B whenever A" also reads as (¬B) whenever A (also
                # under quantifiers: "it is not the case that for every n, B whenever A")
                body = f"({self.prop(a, ctx)})"
            else:
                body = self.prop(a, ctx)
        return TEMPLATES["not"][self.s.not_]["one"].format(a=body)

    def relation_template(self, e: BinOp, positive: bool) -> tuple[str | None, Expr, Expr]:
        op, lhs, rhs = e.op, e.lhs, e.rhs
        if self.s.orientation == "natural" and op in _CONVERSE and _is_numeral(lhs) and not _is_numeral(rhs):
            op, lhs, rhs = _CONVERSE[op], rhs, lhs
        pos, neg = RELATIONS[op][getattr(self.s, _REL_FIELD[op])]
        return (pos if positive else neg), lhs, rhs

    def relation(self, e: BinOp, positive: bool, ctx: Context) -> str | None:
        if e.op in ("≤", "<", "≥", ">", "∣"):
            self.structured(_value_sort(e.lhs), f"the relation {e.op}")
        if e.op == "∣" and _num_sort(_value_sort(e.lhs)) and _value_sort(e.lhs).head not in ("Nat", "Int"):
            raise EnglishUnsupported(f"divisibility in {_value_sort(e.lhs).head}", "not-textbook")
        tmpl, lhs, rhs = self.relation_template(e, positive)
        if tmpl is None:
            return None
        return tmpl.format(a=self.side(lhs, ctx), b=self.side(rhs, ctx))

    def side(self, e: Expr, ctx: Context) -> str:
        """A relation side (or a predicate argument): a phrase is allowed at the top."""
        t = self.term(e, ctx, top=True)
        return t.text

    def pred_app(self, e: App, positive: bool, ctx: Context) -> str | None:
        fn, args = _flatten_app(e)
        if isinstance(fn, Const) and fn.name in PREDICATES:
            pos, neg, sorts = PREDICATES[fn.name]
            need = max(int(i) for i in re.findall(r"\{(\d)\}", pos)) + 1
            if len(args) != need:
                raise EnglishUnsupported(f"{fn.name} applied to {len(args)} arguments", "unknown-symbol")
            if sorts is not None:
                arg_sort = self.check_sort(_value_sort(args[0]), f"the argument of {fn.name}")
                if arg_sort.is_var or arg_sort.head not in sorts:
                    raise EnglishUnsupported(f"{fn.name} on {arg_sort.head}", "not-textbook")
            if fn.name in _TYPE_DISPATCHED:
                _no_invisible_cast(args, fn.name)
            tmpl = pos if positive else neg
            if tmpl is None:
                return None
            return tmpl.format(*[self.side(a, ctx) for a in args])
        if isinstance(fn, Const) and fn.name == "Dvd.dvd" and len(args) == 2:
            return self.relation(BinOp("∣", args[0], args[1], PROP), positive, ctx)
        if not positive:
            return None
        if isinstance(fn, Var) and fn.name in self.scope:
            self.check_sort(fn.sort, f"the predicate {fn.name}")
            return f"{fn.name}({', '.join(self.term(a, ctx).text for a in args)}) holds"
        raise self.unknown(fn)

    def unknown(self, fn: Expr) -> EnglishUnsupported:
        if isinstance(fn, Const):
            if fn.name.startswith("?."):
                return EnglishUnsupported(f"field notation .{fn.name[2:]} on an expression of unknown type", "opaque-sort")
            if fn.name in _JUNK:
                return EnglishUnsupported(f"the function {fn.name}", "junk-value")
            return EnglishUnsupported(f"the symbol {fn.name}", "unknown-symbol")
        if isinstance(fn, Var):
            return EnglishUnsupported(f"the free name {fn.name}", "unknown-symbol")
        return EnglishUnsupported("application of a compound expression")

    # ---------------------------------------------------------------- connectives

    def connective(self, e: BinOp, ctx: Context) -> str:
        op = e.op
        if op == "→":
            hyps: list[Expr] = []
            concl: Expr = e
            while isinstance(concl, BinOp) and concl.op == "→":
                hyps.append(concl.lhs)
                concl = concl.rhs
            variant = self.s.implies
            if variant == "whenever" and len(hyps) > 1:
                # "C whenever A and B" also reads "(C whenever A) and B", and "C whenever
                # (A and B)" / "both A and B" is another formula (A ∧ B → C): this wording
                # has no unambiguous form for curried hypotheses (adversaries, rounds 8-9)
                raise EnglishUnsupported("several hypotheses after 'whenever'")
            inner = ctx
            hyp_texts = []
            for i, h in enumerate(hyps):
                listed = variant != "implies"  # "if A and B then C", "C whenever A and B"
                with self.guard():
                    hyp_texts.append(self.closed(h, inner, in_list="∧" if listed else None, last=i == len(hyps) - 1,
                                                 mark=variant != "implies"))
                inner = inner.assume(h)
            concl_txt = self.prop(concl, inner)
            if _is_iff(concl) and variant != "whenever":  # ("whenever" closes it below)
                # "if A then B if and only if C" also reads as (A → B) ↔ C
                concl_txt = f"({concl_txt})"
            if variant == "implies":
                # "A implies that B implies that C" also reads as (A → B) → C (an
                # adversary's finding): every consequent that is itself an implication is
                # bracketed, "A implies that (B implies that C)"; a list is marked ("A
                # implies that both C and D": unmarked, (A → C) ∧ D is a reading)
                if isinstance(strip_ascriptions(concl), BinOp) and strip_ascriptions(concl).op in ("∧", "∨"):
                    concl_txt = self.closed(concl, inner)
                out = concl_txt
                for k, h_txt in enumerate(reversed(hyp_texts)):
                    b = out if k == 0 else f"({out})"
                    out = TEMPLATES["implies"]["implies"]["two"].format(a=h_txt, b=b)
                return out
            if variant == "whenever":
                concl_txt = self.closed(concl, inner, concl_txt, mark=False)
            elif isinstance(strip_ascriptions(concl), BinOp) and strip_ascriptions(concl).op in ("∧", "∨"):
                # "if A then C and D" also reads "(if A then C) and D": the list is marked,
                # "if A then both C and D" (an adversary's finding, two released items)
                concl_txt = self.closed(concl, inner)
            tmpl = TEMPLATES["implies"][variant]["two"]
            return tmpl.format(a=" and ".join(hyp_texts), b=concl_txt)
        if op in ("∧", "∨"):
            chain: list[Expr] = [e.lhs]
            rest = e.rhs
            while isinstance(rest, BinOp) and rest.op == op:
                chain.append(rest.lhs)
                rest = rest.rhs
            chain.append(rest)
            texts = []
            inner = ctx
            for i, item in enumerate(chain):
                texts.append(self.list_item(item, op, inner, last=i == len(chain) - 1))
                if op == "∧":
                    inner = inner.assume(item)
            word = " and " if op == "∧" else " or "
            variant = self.s.and_ if op == "∧" else self.s.or_
            marker = {"both_and": "both ", "either_or": "either "}.get(variant, "")
            return marker + word.join(texts).lstrip()
        key = {"↔": ("iff", self.s.iff)}[op]
        tmpl = TEMPLATES[key[0]][key[1]]["two"]
        return tmpl.format(a=self.iff_side(e.lhs, ctx), b=self.iff_side(e.rhs, ctx))

    def is_open(self, e: Expr) -> bool:
        """Constructs that extend to the right as far as possible in the English."""
        e = strip_ascriptions(e)
        if isinstance(e, Quant) or (isinstance(e, BinOp) and e.op == "→"):
            return True
        if isinstance(e, UnOp) and e.op == "¬":
            a = strip_ascriptions(e.arg)
            if isinstance(a, BinOp) and a.op in _REL_FIELD:
                return self.relation_template(a, False)[0] is None
            if isinstance(a, App):
                fn, _ = _flatten_app(a)
                if isinstance(fn, Const) and fn.name in PREDICATES:
                    return PREDICATES[fn.name][1] is None
                if isinstance(fn, Const) and fn.name == "Dvd.dvd":
                    return False
            return True
        return False

    def closed(self, e: Expr, ctx: Context, text: str | None = None, in_list: str | None = None,
               last: bool = True, mark: bool = True) -> str:
        """``e`` as a closed clause: binary connectives marked ("both …", "either …"; in a
        list of the same connective only the last item may be marked, earlier ones are
        parenthesised; with ``mark=False`` always parenthesised), open constructs
        parenthesised."""
        e = strip_ascriptions(e)
        if isinstance(e, BinOp) and e.op in ("∧", "∨"):
            # "both A and B" is closed; "both A and B and C" is not (where does the list
            # end?), and neither is "either A or B and C" (A ∨ (B ∧ C) to many readers), so
            # longer lists — and any and/or item before the last of a list — are
            # parenthesised: "(A or B) and C".  Before "whenever" / "implies that" a marker
            # does not close the list either ("both A and B implies that C" also reads
            # A ∧ (B → C)): there the list is parenthesised (``mark=False``)
            if (in_list is not None and not last) or _chain_length(e) > 2 or not mark:
                return f"({self.prop(e, ctx)})"
            return self.marked(e, ctx, "both " if e.op == "∧" else "either ")
        txt = text if text is not None else self.prop(e, ctx)
        if self.is_open(e) or (isinstance(e, BinOp) and e.op == "↔"):
            return f"({txt})"
        return txt

    def marked(self, e: BinOp, ctx: Context, marker: str) -> str:
        """A conjunction/disjunction as "both … and …" / "either … or …"."""
        saved = self.s
        self.s = replace(self.s, and_="and", or_="or")
        try:
            txt = self.prop(e, ctx)
        finally:
            self.s = saved
        return marker + txt

    def list_item(self, item: Expr, op: str, ctx: Context, last: bool) -> str:
        item = strip_ascriptions(item)
        if isinstance(item, BinOp) and item.op == op:
            return f"({self.prop(item, ctx)})"  # left-nested same connective
        return self.closed(item, ctx, in_list=op, last=last)

    def iff_side(self, e: Expr, ctx: Context) -> str:
        # each side of "if and only if" is a condition: "for any" there reads as "for some";
        # a list there is parenthesised: "both A and B if and only if C" also reads
        # A ∧ (B ↔ C) (an adversary's finding, a released item)
        with self.guard():
            return self.closed(e, ctx, mark=False)

    def quant_body(self, body: Expr, ctx: Context, names: list[str]) -> str:
        """A quantifier's body.  "there is an x such that A if and only if B" also reads
        "(there is an x such that A) if and only if B" when B does not mention x (an
        adversary's finding): such a body is bracketed."""
        b = strip_ascriptions(body)
        bound = set(names)
        if isinstance(b, BinOp) and b.op == "↔" and not (bound & set(free_var_names(b.rhs))):
            return f"({self.prop(b, ctx)})"
        if isinstance(b, BinOp) and b.op in ("∧", "∨"):
            # "there is no x such that A or B" also reads "(there is no x such that A) or B"
            # when B does not mention x (an adversary's finding)
            last = b
            while isinstance(last, BinOp) and last.op == b.op:
                last = strip_ascriptions(last.rhs)
            if not (bound & set(free_var_names(last))):
                return f"({self.prop(b, ctx)})"
        if isinstance(b, BinOp) and b.op == "→" and self.s.implies in ("implies", "whenever"):
            # "for every x, A implies that B" also reads "(for every x, A) implies that B"
            # when B does not mention x, and "there is no x such that B whenever A" reads
            # "(there is no x such that B) whenever A" when A does not (an adversary's
            # findings): the clause the sentence ends in must mention the variable
            hyps, concl = [], b
            while isinstance(concl, BinOp) and concl.op == "→":
                hyps.append(concl.lhs)
                concl = strip_ascriptions(concl.rhs)
            tail = [concl] if self.s.implies == "implies" else hyps
            if not any(bound & set(free_var_names(t)) for t in tail):
                return f"({self.prop(b, ctx)})"
        return self.prop(body, ctx)

    # ---------------------------------------------------------------- quantifiers

    def type_prefix(self, e: Quant, ctx: Context) -> str:
        """``∀ {α : Type*} [inst : Group α], body`` ⇝ "in every group α, body"."""
        types: list[str] = []
        classes: dict[str, list[str]] = {}
        body: Expr = e
        while isinstance(body, Quant) and body.q == "∀" and _is_type_level(body.binder):
            b = body.binder
            if b.kind == "inst":
                s = b.sort
                assert s is not None
                if s.params or len(s.args) != 1 or not s.args[0].is_var:
                    raise EnglishUnsupported(f"the instance [{s.head} …]", "instance-without-type")
                tv = s.args[0].head
                if tv not in types:
                    raise EnglishUnsupported(f"the instance [{s.head} {tv}] on a type bound elsewhere", "instance-without-type")
                if s.head not in CLASS_NOUNS:
                    raise EnglishUnsupported(f"the typeclass {s.head}", "unknown-class")
                classes.setdefault(tv, []).append(s.head)
            else:
                name = b.name or "_"
                if not b.name:
                    raise EnglishUnsupported("an anonymous type binder")
                types.append(name)
                self.scope.append(name)
            body = body.body
        parts = []
        for tv in types:
            cls = classes.get(tv)
            self.classes[tv] = list(cls or [])
            if cls:
                nouns = [CLASS_NOUNS[c] for c in cls]
                extra = ""
                if len(nouns) > 1:
                    extra = " that is also " + _join_names([f"{_article(n)} {n}" for n in nouns[1:]])
                parts.append(f"in every {nouns[0]} {tv}{extra}")
            else:
                parts.append(f"for every type {tv}")
        return ", ".join(parts) + ", " + self.prop(body, ctx)

    def quant(self, e: Quant, ctx: Context, negated: bool = False) -> str:
        if _is_type_level(e.binder):
            if e.q != "∀" or negated:
                raise EnglishUnsupported("a quantifier over types other than ∀")
            return self.type_prefix(e, ctx)
        # group consecutive binders of the same quantifier and sort
        names = [e.binder.name or "_"]
        sort = self.check_sort(e.binder.sort, f"the bound variable {e.binder.name}")
        body: Expr = e.body
        if e.q != "∃!":
            while (
                isinstance(body, Quant)
                and body.q == e.q
                and body.binder.sort == sort
                and body.binder.name not in names
                and not _is_type_level(body.binder)
            ):
                names.append(body.binder.name or "_")
                body = body.body
        if "_" in names:
            raise EnglishUnsupported("an anonymous bound variable")
        clash = [n for n in names if n in self.scope]
        if clash:
            # "for every x, if x > 0 then for every x, x > 0" reads as one x in English
            raise EnglishUnsupported(f"the name {clash[0]} bound again inside its own scope", "shadowed-name")
        sing, plur, suffix = self.noun(sort)
        form = "one" if len(names) == 1 else "many"
        fmt = {
            "noun": sing,
            "nouns": plur,
            "art": _article(sing),
            "v": names[0] + suffix,
            "vs": _join_names(names) + suffix,
            "every_each": _join_names([f"every {sing} {n}{suffix}" for n in names]),
        }
        inner = ctx
        for n in names:
            inner = inner.forget(n)
        self.scope.extend(names)
        try:
            if negated:
                tmpl = TEMPLATES["not_exists"][self.s.not_exists][form]
                with self.guard():
                    return tmpl.format(a=self.quant_body(body, inner, names), **fmt)
            if e.q == "∀":
                variant = "for_every" if self.s.forall == "for_any" and self.guarded else self.s.forall
                head = TEMPLATES["forall"][variant][form].format(**fmt)
                return f"{head}, {self.quant_body(body, inner, names)}"
            if e.q == "∃":
                return TEMPLATES["exists"][self.s.exists][form].format(a=self.quant_body(body, inner, names), **fmt)
            if e.q == "∃!":
                return TEMPLATES["exists_unique"][self.s.exists_unique]["one"].format(
                    a=self.quant_body(body, inner, names), **fmt)
        finally:
            del self.scope[-len(names):]
        raise EnglishUnsupported(f"quantifier {e.q}")

    # ---------------------------------------------------------------- terms

    def term(self, e: Expr, ctx: Context, top: bool = False, under_cast: bool = False) -> _Term:
        """A term: a phrase is allowed at the top of a relation side (``top``), else inline
        notation.  ``under_cast``: the value is cast to a larger number type through
        homomorphic operations only (decides how ℕ subtraction is written)."""
        if isinstance(e, Ascribe):
            return self.term(e.expr, ctx, top, under_cast)
        if isinstance(e, App) and isinstance(e.fn, Const) and e.fn.name == "Nat.succ" and len(e.args) == 1:
            # `Nat.succ n` is `n + 1` by definition: say so, as a reader writes it
            return self.term(BinOp("+", e.args[0], Num("1", e.sort), e.sort), ctx, top, under_cast)
        if isinstance(e, Var):
            self.check_sort(e.sort, f"the variable {e.name}")
            return _Term(e.name, ATOM)
        if isinstance(e, Num):
            s = self.check_sort(e.sort, f"the numeral {e.value}")
            self.structured(s, f"the numeral {e.value}")
            self.fin_numeral(e.value, s)
            return _Term(e.value, ATOM)
        if isinstance(e, Const):
            return self.constant(e, top)
        if isinstance(e, UnOp):
            return self.unop(e, ctx, top, under_cast)
        if isinstance(e, BinOp):
            if e.op in _ARITH_PREC or e.op in ("%", "^"):
                self.check_sort(e.sort, f"the operation {e.op}")
                return self.arith(e, ctx, under_cast, top)
            if e.op in ("∩", "∪", "\\"):
                return self.setop(e, ctx, top)
            if e.op in ("++", "::"):
                return self.listop(e, ctx, top)
            raise EnglishUnsupported(f"the operator {e.op} in a term")
        if isinstance(e, App):
            return self.fun_app(e, ctx, top, under_cast)
        raise EnglishUnsupported(f"a {type(e).__name__} node in term position")

    def inline(self, e: Expr, ctx: Context, prec: int, under_cast: bool = False) -> str:
        t = self.term(e, ctx, top=False, under_cast=under_cast)
        return f"({t.text})" if t.prec < prec else t.text

    def constant(self, e: Const, top: bool, in_setop: bool = False) -> _Term:
        if e.name in CONSTANTS:
            phrase, inline = CONSTANTS[e.name]
            if inline in self.scope or inline in self.bound_anywhere:
                raise EnglishUnsupported(f"the constant {inline} while a variable named {inline} is bound",
                                         "shadowed-name")
            if e.name == "Complex.I" and not (top and phrase != inline):
                self.conventions.add("imag_i")
            return _Term(phrase, PHRASE) if top and phrase != inline else _Term(inline, ATOM)
        if e.name in ("∅", "EmptyCollection.emptyCollection"):
            s = self.check_sort(e.sort, "∅")
            kind = {"Set": "set", "Finset": "finite set"}.get(s.head)
            if kind is None or len(s.args) != 1:
                raise EnglishUnsupported(f"∅ of type {s.head}", "unknown-type")
            if in_setop:
                return _Term("∅", ATOM)
            return _Term(f"the empty {kind} of {self.plural(s.args[0])}", PHRASE)
        if e.name == "List.nil":
            s = self.check_sort(e.sort, "[]")
            if in_setop:
                return _Term("[]", ATOM)
            return _Term(f"the empty list of {self.plural(s.args[0])}", PHRASE)
        if e.name in ("Set.univ", "Finset.univ"):
            s = self.check_sort(e.sort, e.name)
            kind = "set" if e.name == "Set.univ" else "finite set"
            if len(s.args) != 1:
                raise EnglishUnsupported(f"{e.name} of type {s.head}", "unknown-type")
            return _Term(f"the {kind} of all {self.plural(s.args[0])}", PHRASE)
        raise self.unknown(e)

    def structured(self, s: Sort, what: str) -> None:
        """Arithmetic or order on elements of a type variable needs a stated structure."""
        if s.is_var and not self.classes.get(s.head):
            raise EnglishUnsupported(f"{what} on {s.head}, whose structure the statement does not state", "unknown-class")

    def has_zero(self, s: Sort | None) -> bool:
        """The type may have a 0 (numbers, a type variable with a class providing one): "0^0 = 1"
        means nothing in a monoid or group (an adversary's finding).  When unsure: yes."""
        if s is None or not s.is_var:
            return True
        cls = self.classes.get(s.head)
        return not cls or not set(cls) <= _NO_ZERO_CLASSES

    def cast_ok(self, src: Sort, dst: Sort) -> bool:
        if _num_sort(src) and _num_sort(dst):
            return _NUM_RANK[src.head] <= _NUM_RANK[dst.head]
        if _num_sort(src) and src.head != "Complex" and dst.is_var:
            return bool(self.classes.get(dst.head))
        return False

    def unop(self, e: UnOp, ctx: Context, top: bool, under_cast: bool) -> _Term:
        op = e.op
        if op == "↑":
            src = self.check_sort(_value_sort(e.arg), "the argument of a cast")
            dst = self.check_sort(e.sort, "a cast")
            if not self.cast_ok(src, dst):
                raise EnglishUnsupported(f"a cast from {src.head} to {dst.head}", "cast")
            return self.term(e.arg, ctx, top, under_cast=under_cast or src != dst)
        self.check_sort(e.sort, f"the operation {op}")
        if op in ("abs", "-", "⁻¹"):
            self.structured(e.sort, f"the operation {op}")
        if op == "abs":
            if e.sort.head == "Nat" and not e.sort.is_var:
                raise EnglishUnsupported("|·| on ℕ", "not-textbook")
            return _Term(f"|{self.term(e.arg, ctx).text}|", ATOM)
        if op == "-":
            arg = strip_ascriptions(e.arg)
            # -(a^2), not -a^2: a reader who takes -a^2 for (-a)^2 (as spreadsheets do)
            # would judge the statement differently
            inner = self.inline(arg, ctx, POSTFIX, under_cast)
            if inner.startswith("-"):
                inner = f"({inner})"
            return _Term(f"-{inner}", NEG)
        if op == "!":
            return _Term(f"{self.inline(e.arg, ctx, ATOM)}!", POSTFIX)
        if op == "⁻¹":
            self.inverse_side(e.arg, e.sort, ctx)
            return _Term(f"{self.inline(e.arg, ctx, ATOM)}⁻¹", POSTFIX)
        if op == "ᶜ":
            if top:
                return _Term(f"the complement of {self.phrase_arg(e.arg, ctx)}", PHRASE)
            return _Term(f"{self.inline(e.arg, ctx, ATOM)}ᶜ", POSTFIX)
        raise EnglishUnsupported(f"the unary operator {op} in a term")

    def inverse_side(self, arg: Expr, sort: Sort, ctx: Context) -> None:
        """Record the convention ``0⁻¹ = 0`` when ``⁻¹``/``/`` is a field operation whose
        argument may be 0; refuse where the structure is unknown."""
        if _num_sort(sort):
            if sort.head in ("Nat", "Int"):
                raise EnglishUnsupported(f"⁻¹ on {sort.head}", "junk-value")
            if not ctx.nonzero(arg):
                self.conventions.add("inv0")
            return
        if sort.is_var:
            cls = set(self.classes.get(sort.head, ()))
            if cls & _FIELD_CLASSES:
                if not ctx.nonzero(arg):
                    self.conventions.add("inv0")
                return
            if cls & _GROUP_CLASSES:
                return
        raise EnglishUnsupported(f"⁻¹ in {sort.head}", "unknown-class")

    def arith(self, e: BinOp, ctx: Context, under_cast: bool, top: bool = False) -> _Term:
        op, sort = e.op, e.sort
        self.structured(sort, f"the operation {op}")
        homomorphic = op in ("+", "*")
        if op == "^":
            return self.power(e, ctx, under_cast)
        if op in ("%", "/") and sort.head == "Int" and not sort.is_var and (
                not ctx.nonneg(e.rhs) or (op == "%" and not ctx.nonneg(e.lhs))):
            # ℤ's / and % are Euclidean division (0 ≤ remainder < |divisor|): say so; "n mod 2"
            # of a negative n is -1 under the truncated remainder many readers know (C, Java)
            self.divisor_side(e.rhs, sort, ctx, "mod0" if op == "%" else "div0", "division", euclidean=True)
            what = "remainder of {a} modulo {b}" if op == "%" else "quotient of {a} by {b}"
            txt = "the Euclidean " + what.format(a=self.phrase_arg(e.lhs, ctx), b=self.phrase_arg(e.rhs, ctx))
            return _Term(txt, PHRASE) if top else _Term(f"({txt})", ATOM)
        if op == "%":
            self.divisor_side(e.rhs, sort, ctx, "mod0", "remainder")
            a = self.inline(e.lhs, ctx, POSTFIX)
            b = self.inline(e.rhs, ctx, POSTFIX)
            if "mod" in self.bound_anywhere:
                raise EnglishUnsupported("the remainder 'a mod b' while a variable named mod is bound", "shadowed-name")
            return _Term(f"{a} mod {b}", MOD)
        if op == "/":
            if sort.head in ("Nat", "Int") and not sort.is_var:
                self.divisor_side(e.rhs, sort, ctx, "div0", "division")
                a = self.inline(e.lhs, ctx, MUL)
                b = self.inline(e.rhs, ctx, MUL + 1)
                return _Term(f"⌊{a} / {b}⌋", ATOM)
            self.field_division(e, ctx)
            lhs = strip_ascriptions(e.lhs)
            a = self.inline(e.lhs, ctx, MUL + 1 if isinstance(lhs, BinOp) and lhs.op == "/" else MUL)
            b = self.inline(e.rhs, ctx, MUL + 1)
            return _Term(f"{a} / {b}", MUL)
        if op == "-" and sort.head == "Nat" and not sort.is_var:
            if under_cast or not ctx.le(e.rhs, e.lhs):
                self.conventions.add("monus")
                a = self.inline(e.lhs, ctx, ADD)
                b = self.inline(e.rhs, ctx, ADD + 1)
                return _Term(f"{a} ∸ {b}", ADD)
        if op == "-" and not _num_sort(sort) and not sort.is_var:
            raise EnglishUnsupported(f"subtraction in {sort.head}", "unknown-type")
        if op == "-" and _num_sort(sort) and sort.head != "Nat":
            lo, ro = textbook_origin(e.lhs), textbook_origin(e.rhs)
            if lo is not None and ro is not None and lo.head == ro.head == "Nat" and ctx.le(e.rhs, e.lhs):
                # a reader would take "a - b" of natural numbers with b ≤ a for ℕ subtraction
                raise EnglishUnsupported(f"a subtraction of natural numbers carried out in {sort.head}", "cast")
        p = _ARITH_PREC[op]
        keep = under_cast and (homomorphic or op == "-")
        # "a / b * c" is a / (b * c) to many readers: a quotient left of * or / is bracketed
        lhs = strip_ascriptions(e.lhs)
        quotient_left = op in ("*", "/") and isinstance(lhs, BinOp) and lhs.op == "/"
        a = self.inline(e.lhs, ctx, p + 1 if quotient_left else p, keep)
        b = self.inline(e.rhs, ctx, p + 1, keep)
        if op in ("+", "-") and b.startswith("-"):
            b = f"({b})"
        return _Term(f"{a} {op} {b}", p)

    def divisor_side(self, d: Expr, sort: Sort, ctx: Context, conv: str, what: str, euclidean: bool = False) -> None:
        if sort.is_var or sort.head not in ("Nat", "Int"):
            raise EnglishUnsupported(f"integer {what} in {sort.head}", "unknown-type")
        if sort.head == "Int" and not euclidean and not ctx.nonneg(d):
            raise EnglishUnsupported(f"ℤ {what} by a divisor not known to be non-negative", "int-division-sign")
        if not ctx.nonzero(d):
            self.conventions.add(conv)

    def field_division(self, e: BinOp, ctx: Context) -> None:
        sort = e.sort
        if _num_sort(sort):
            if not ctx.nonzero(e.rhs):
                self.conventions.add("div0")
            return
        if sort.is_var:
            cls = set(self.classes.get(sort.head, ()))
            if cls & (_FIELD_CLASSES | _GROUP_CLASSES) and not cls & _COMMUTATIVE_DIV_CLASSES:
                # a / b is a * b⁻¹ in Mathlib; where multiplication need not commute a reader may
                # take b⁻¹ * a (adversary round 37)
                raise EnglishUnsupported(f"division in {sort.head}, whose multiplication need not commute",
                                         "not-textbook")
            if cls & _FIELD_CLASSES:
                if not ctx.nonzero(e.rhs):
                    self.conventions.add("div0")
                return
            if cls & _GROUP_CLASSES:
                return
        raise EnglishUnsupported(f"division in {sort.head}", "unknown-class")

    def power(self, e: BinOp, ctx: Context, under_cast: bool) -> _Term:
        base, ex = e.lhs, e.rhs
        ex_sort = self.check_sort(_value_sort(ex), "an exponent")
        if ex_sort.head == "Nat" and not ex_sort.is_var:
            if not (ctx.nonzero(base) or ctx.pos(ex)) and self.has_zero(e.sort):
                self.conventions.add("pow00")
        elif ex_sort.head == "Int" and not ex_sort.is_var:
            inner = strip_ascriptions(ex)
            if isinstance(inner, UnOp) and inner.op == "↑":
                raise EnglishUnsupported("an integer exponent cast from a natural number", "cast")
            if not ctx.nonneg(ex):
                self.inverse_side(base, e.sort, ctx)
            if not (ctx.nonzero(base) or ctx.pos(ex)) and self.has_zero(e.sort):
                self.conventions.add("pow00")
        elif ex_sort.head == "Real" and not ex_sort.is_var:
            if not (ctx.pos(base) or (ctx.nonneg(base) and ctx.pos(ex))):
                raise EnglishUnsupported("a real power of a base not known to be positive", "rpow-domain")
        else:
            raise EnglishUnsupported(f"a power with exponent in {ex_sort.head}", "unknown-type")
        b = self.term(base, ctx, under_cast=under_cast)
        btxt = b.text if b.prec >= ATOM and not b.text.startswith(("√", "-")) else f"({b.text})"
        x = self.term(ex, ctx)
        xtxt = x.text if x.prec >= ATOM and not x.text.startswith("-") else f"({x.text})"
        return _Term(f"{btxt}^{xtxt}", POW)

    def setop(self, e: BinOp, ctx: Context, top: bool) -> _Term:
        op = e.op
        if top:
            a, b = self.phrase_arg(e.lhs, ctx), self.phrase_arg(e.rhs, ctx)
            words = {"∩": "the intersection of {a} and {b}", "∪": "the union of {a} and {b}",
                     "\\": "the set difference of {a} and {b}"}  # fmt: skip
            return _Term(words[op].format(a=a, b=b), PHRASE)
        left, right = strip_ascriptions(e.lhs), strip_ascriptions(e.rhs)
        lt = self.constant(left, False, True) if isinstance(left, Const) else self.term(left, ctx)
        ltxt = lt.text if lt.prec >= POSTFIX or (isinstance(left, BinOp) and left.op == op and op != "\\") else f"({lt.text})"
        rt = self.constant(right, False, True) if isinstance(right, Const) else self.term(right, ctx)
        rtxt = rt.text if rt.prec >= POSTFIX else f"({rt.text})"
        return _Term(f"{ltxt} {op} {rtxt}", SETOP)

    def listop(self, e: BinOp, ctx: Context, top: bool) -> _Term:
        if e.op == "++":
            txt = f"the concatenation of {self.phrase_arg(e.lhs, ctx)} and {self.phrase_arg(e.rhs, ctx)}"
        else:
            txt = f"the list {self.phrase_arg(e.rhs, ctx)} with {self.phrase_arg(e.lhs, ctx)} prepended"
        return _Term(txt, PHRASE) if top else _Term(f"({txt})", ATOM)

    def phrase_arg(self, a: Expr, ctx: Context) -> str:
        """An argument inside a worded phrase: anything looser than a postfix operation is
        parenthesised ("the square root of (x + 1)")."""
        t = self.term(a, ctx)
        return f"({t.text})" if t.prec < POSTFIX else t.text

    def fun_app(self, e: App, ctx: Context, top: bool, under_cast: bool) -> _Term:
        fn, args = _flatten_app(e)
        self.check_sort(e.sort, "an application")
        name = fn.name if isinstance(fn, Const) else None
        if name in ("Nat.cast", "Int.cast", "Rat.cast", "Int.ofNat") and len(args) == 1:
            return self.unop(UnOp("↑", args[0], e.sort), ctx, top, under_cast)
        if name == "id" and len(args) == 1:
            return self.term(args[0], ctx, top, under_cast)
        if name == "setOf" and len(args) == 1 and isinstance(args[0], Lam):
            lam = args[0]
            txt = f"the set of {self.binder_phrase(lam)} such that {self.lam_prop(lam, ctx)}"
            return _Term(f"({txt})", ATOM)
        if name in ("Finset.sum", "Finset.prod") and len(args) == 2:
            s, lam = args
            if not isinstance(lam, Lam):
                raise EnglishUnsupported(f"{name} of a function that is not a λ")
            what = "sum" if name == "Finset.sum" else "product"
            with self.bound(lam.binder.name):
                body = self.phrase_arg(lam.body, ctx.forget(lam.binder.name))
            txt = f"the {what} of {body} over {lam.binder.name} in {self.phrase_arg(s, ctx)}"
            return _Term(txt, PHRASE) if top else _Term(f"({txt})", ATOM)
        if name == "Finset.filter" and len(args) == 2:
            lam, s = (args[0], args[1]) if isinstance(args[0], Lam) else (args[1], args[0])
            if not isinstance(lam, Lam):
                raise EnglishUnsupported("Finset.filter by a predicate that is not a λ")
            txt = f"the elements {lam.binder.name} of {self.phrase_arg(s, ctx)} such that {self.lam_prop(lam, ctx)}"
            return _Term(f"({txt})", ATOM)
        if name in ("Singleton.singleton", "singleton", "Set.singleton", "Insert.insert"):
            elems = _set_literal(e)
            if elems is not None:
                return _Term("{" + ", ".join(self.term(x, ctx).text for x in elems) + "}", ATOM)
        if name in _INTERVALS and len(args) in (1, 2):
            finset, bounds = _INTERVALS[name]
            s = self.check_sort(e.sort, name)
            kind = "finite set" if finset else "set"
            txt = f"the {kind} of {self.plural(s.args[0])} " + bounds.format(*[self.phrase_arg(a, ctx) for a in args])
            return _Term(txt, PHRASE) if top else _Term(f"({txt})", ATOM)
        if name in PREDICATES:
            raise EnglishUnsupported(f"the predicate {name} used as a term")
        if name is not None and name in FUNCTIONS:
            return self.known_function(name, args, ctx, top)
        if isinstance(fn, Var) and fn.name in self.scope:
            self.check_sort(fn.sort, f"the function {fn.name}")
            return _Term(f"{fn.name}({', '.join(self.term(a, ctx).text for a in args)})", ATOM)
        raise self.unknown(fn)

    def known_function(self, name: str, args: tuple[Expr, ...], ctx: Context, top: bool) -> _Term:
        phrase, inline = FUNCTIONS[name]
        need = max(int(i) for i in re.findall(r"\{(\d)\}", phrase or inline or "")) + 1
        if len(args) != need:
            raise EnglishUnsupported(f"{name} applied to {len(args)} arguments", "unknown-symbol")
        for a in args:
            arg_sort = self.check_sort(_value_sort(a), f"an argument of {name}")
            if name in ("norm", "dist") and not _num_sort(arg_sort):
                raise EnglishUnsupported(f"{name} on {arg_sort.head}", "unknown-class")
            if name in ("max", "min", "abs"):
                self.structured(arg_sort, name)
            if name == "abs" and arg_sort.head == "Nat" and not arg_sort.is_var:
                raise EnglishUnsupported("|·| on ℕ", "not-textbook")
        word = inline.split("(", 1)[0] if inline and "(" in inline else None
        if word and (word in self.scope or word in self.bound_anywhere):
            raise EnglishUnsupported(f"the notation {word}(…) while a variable named {word} is bound", "unsupported-construct")
        if name in _TYPE_DISPATCHED:
            _no_invisible_cast(args, name)
        self.side_conditions(name, args, ctx)
        if phrase is not None and (top or inline is None):
            txt = phrase.format(*[self.phrase_arg(a, ctx) for a in args])
            return _Term(txt, PHRASE) if top else _Term(f"({txt})", ATOM)
        if name == "Real.sqrt":
            return _Term(f"√{self.inline(args[0], ctx, ATOM)}", ATOM)
        if name == "Nat.factorial":
            return _Term(f"{self.inline(args[0], ctx, ATOM)}!", POSTFIX)
        assert inline is not None
        return _Term(inline.format(*[self.term(a, ctx).text for a in args]), ATOM)

    def side_conditions(self, name: str, args: tuple[Expr, ...], ctx: Context) -> None:
        if name == "Real.sqrt" and not ctx.nonneg(args[0]):
            self.conventions.add("sqrt_neg")
        elif name == "Real.log" and not ctx.pos(args[0]):
            self.conventions.add("log0")
            if not ctx.nonneg(args[0]):
                self.conventions.add("log_neg")
        elif name == "Polynomial.degree":
            self.conventions.add("deg0")
        elif name in ("Nat.gcd", "Int.gcd") and not (ctx.nonzero(args[0]) or ctx.nonzero(args[1])):
            self.conventions.add("gcd0")
        elif name in ("Nat.lcm", "Int.lcm") and not (ctx.nonzero(args[0]) and ctx.nonzero(args[1])):
            self.conventions.add("lcm0")
        elif name == "Nat.totient" and not ctx.nonzero(args[0]):
            self.conventions.add("totient0")
        elif name == "Nat.choose" and not ctx.choose_defined(args[0], args[1]):
            self.conventions.add("choose0")

    def binder_phrase(self, lam: Lam) -> str:
        sing, plur, suffix = self.noun(self.check_sort(lam.binder.sort, "a bound variable"))
        return f"{plur} {lam.binder.name}{suffix}"

    def lam_prop(self, lam: Lam, ctx: Context) -> str:
        with self.bound(lam.binder.name):
            return self.prop(lam.body, ctx.forget(lam.binder.name))

    def bound(self, name: str | None) -> _Scope:
        return _Scope(self, name)


class _Scope:
    def __init__(self, r: _Renderer, name: str | None) -> None:
        self.r, self.name = r, name

    def __enter__(self) -> None:
        if self.name:
            self.r.scope.append(self.name)

    def __exit__(self, *exc: object) -> None:
        if self.name:
            self.r.scope.pop()


#: Predicates and functions whose Lean constant depends on the argument's type (``Nat.gcd``
#: vs ``Int.gcd``, ``Nat.Prime`` vs ``Prime``): a cast in the argument changes the formula
#: although the English, which states no cast, cannot show it.
_TYPE_DISPATCHED = frozenset(
    {"Nat.Prime", "Prime", "Even", "Odd", "Squarefree", "IsSquare", "Nat.Coprime", "Nat.ModEq", "Int.ModEq",
     "Nat.gcd", "Int.gcd", "Nat.lcm", "Int.lcm"}
)  # fmt: skip


def _no_invisible_cast(args: tuple[Expr, ...], name: str) -> None:
    for a in args:
        lean, textbook = _value_sort(a), textbook_origin(a)
        if textbook is not None and _num_sort(lean) and _num_sort(textbook) and (
            _NUM_RANK[textbook.head] < _NUM_RANK[lean.head]
        ):
            raise EnglishUnsupported(f"{name} of a value cast from {textbook.head} to {lean.head}", "cast")


def _value_sort(e: Expr) -> Sort:
    return strip_ascriptions(e).sort if not isinstance(e, Ascribe) else e.sort


def _is_iff(e: Expr) -> bool:
    """Does the English of ``e`` end in an unbracketed "if and only if" (an iff, or a
    quantifier whose body does: its clause extends to the right)?"""
    e = strip_ascriptions(e)
    if isinstance(e, Quant):
        return _is_iff(e.body)
    return isinstance(e, BinOp) and e.op == "↔"


def _ends_in_implication(e: Expr) -> bool:
    """Is ``e`` an implication, or a quantifier whose body ends in one (in the "whenever" /
    "implies that" styles its English then ends in a clause a negation in front cannot
    delimit: "it is not the case that for every n, B whenever A")?"""
    e = strip_ascriptions(e)
    while isinstance(e, Quant):
        e = strip_ascriptions(e.body)
    return isinstance(e, BinOp) and e.op == "→"


def _chain_length(e: BinOp) -> int:
    n, rest = 1, e
    while isinstance(rest, BinOp) and rest.op == e.op:
        n, rest = n + 1, rest.rhs
    return n


def _set_literal(e: Expr) -> list[Expr] | None:
    """``insert a (insert b {c})`` ⇝ ``[a, b, c]``; ``None`` if not a literal."""
    e = strip_ascriptions(e)
    if not isinstance(e, App):
        return None
    fn, args = _flatten_app(e)
    if not isinstance(fn, Const):
        return None
    if fn.name in ("Singleton.singleton", "singleton", "Set.singleton") and len(args) == 1:
        return [args[0]]
    if fn.name == "Insert.insert" and len(args) == 2:
        rest = _set_literal(args[1])
        return None if rest is None else [args[0], *rest]
    return None


def _is_type_level(b: Binder) -> bool:
    return b.kind == "inst" or (b.sort is not None and b.sort.head in ("Type", "Sort") and not b.sort.is_var)


def _sentence(text: str, conventions: set[str]) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        raise EnglishUnsupported("an empty statement", "empty")
    if conventions:
        conv = [CONVENTIONS[c] for c in CONVENTIONS if c in conventions]
        text += ", where " + _join_names(conv)
    first = text.split(" ", 1)[0]
    if first in _SENTENCE_WORDS:  # never capitalise a variable or a function name
        text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


#: Words our templates can start a sentence with (only these are capitalised: ``b`` and
#: ``B`` are different variables).
_SENTENCE_WORDS: frozenset[str] = frozenset(
    {"for", "there", "if", "it", "in", "no", "either", "both", "the", "whenever", "some", "not"}
)


def render_english(x: Expr | Declaration, style: EnglishStyle | None = None) -> str:
    """One English sentence for a statement (a proposition or a declaration header), with
    the conventions it relies on stated at the end.  Raises :class:`EnglishUnsupported`
    (with a reason ``code``) when no faithful sentence exists."""
    r = _Renderer(style or default_style())
    if isinstance(x, Declaration):
        declared = {b.name for b in x.type_binders()}
        auto = [t for t in x.type_variables() if t not in declared]
        if auto:
            # an auto-bound type variable: its typeclass assumptions were never stated, so
            # "for every type X" would state a different (often ill-typed) theorem
            raise EnglishUnsupported(f"the undeclared type variable(s) {', '.join(auto)}", "free-variable")
        prop = closed_statement(x)
        free = sorted(v.name for v in free_vars(prop))
        if free:
            raise EnglishUnsupported(f"the unbound name(s) {', '.join(free)}", "free-variable")
    elif isinstance(x, (Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant)):
        prop = x
    else:
        raise EnglishUnsupported(f"a {type(x).__name__} value")
    r.bound_anywhere = bound_names(prop)
    clash = sorted(r.bound_anywhere & _ENGLISH_WORDS)
    if clash:
        # "for every nonnegative integer and and every nonnegative integer or" (adversary round 47)
        raise EnglishUnsupported(f"a variable named {clash[0]!r}, a word of the sentence's own", "shadowed-name")
    r.bound_sorts = frozenset(
        (n.binder.sort.head, r.param_text(strip_ascriptions(n.binder.sort.params[0])))
        for n in walk(prop)
        if isinstance(n, (Quant, Lam)) and n.binder.sort is not None and n.binder.sort.head in ("Fin", "ZMod")
        and len(n.binder.sort.params) == 1
    )
    body = r.prop(prop, Context())
    return _sentence(body, r.conventions)


def render_term(e: Expr, style: EnglishStyle | None = None) -> str:
    """English/inline rendering of a term (``the greatest common divisor of a and b``);
    conventions the term relies on are not stated (use :func:`render_english` for
    sentences)."""
    return _Renderer(style or default_style()).term(e, Context(), top=True).text
