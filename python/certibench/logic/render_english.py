"""Render statements of the typed AST as canonical, readable English.

Every construct is rendered from a *template held in data* (:data:`TEMPLATES`,
:data:`RELATIONS`, :data:`SORT_NOUNS`, :data:`PREDICATES`, :data:`FUNCTIONS`), so the
paraphrase-family layer can vary the wording without touching code: an
:class:`EnglishStyle` picks one variant per construct (quantifier wording, relation wording
including passive/converse voice for ``∣ ∈ ⊆``, connective variant, sort nouns).  All
variants of a construct state the same formula; they are the vetted templates of the T2
families (F1 syntactic, F2 quantifier, F3 passive).

Terms may stay inline notation (``n^2 + 1``), but relations, quantifiers and connectives
are always words.  Known predicates and functions read as phrases ("p is prime", "the
greatest common divisor of a and b"); unknown symbols read generically ("f(x)", "P holds
of x").  :class:`EnglishUnsupported` is raised only when no meaningful sentence exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

from certibench.logic.ast import (
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
)

__all__ = [
    "CONSTRUCTS",
    "FUNCTIONS",
    "PREDICATES",
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


class EnglishUnsupported(ValueError):
    """No meaningful English rendering exists for a construct (named in the message)."""

    def __init__(self, construct: str) -> None:
        self.construct = construct
        super().__init__(f"no English rendering for {construct}")


# --------------------------------------------------------------------------------------
# Templates (data).  Placeholders: {a} {b} clauses or terms; {noun} singular sort noun with
# article ({art}); {nouns} plural; {v} one variable; {vs} several variables joined;
# {every_each} "every <noun> a and every <noun> b".
# --------------------------------------------------------------------------------------

TEMPLATES: dict[str, dict[str, dict[str, str]]] = {
    "forall": {
        "for_every": {"one": "for every {noun} {v}", "many": "for {every_each}", "bare": "for every {v}"},
        "for_all": {"one": "for all {nouns} {v}", "many": "for all {nouns} {vs}", "bare": "for all {v}"},
        "for_any": {"one": "for any {noun} {v}", "many": "for any {nouns} {vs}", "bare": "for any {v}"},
        "for_each": {"one": "for each {noun} {v}", "many": "for each choice of {nouns} {vs}", "bare": "for each {v}"},
    },
    "exists": {
        "there_exists": {
            "one": "there exists {art} {noun} {v} such that {a}",
            "many": "there exist {nouns} {vs} such that {a}",
            "bare": "there exists {v} such that {a}",
        },
        "there_is": {
            "one": "there is {art} {noun} {v} such that {a}",
            "many": "there are {nouns} {vs} such that {a}",
            "bare": "there is some {v} such that {a}",
        },
        "for_some": {
            "one": "for some {noun} {v}, {a}",
            "many": "for some {nouns} {vs}, {a}",
            "bare": "for some {v}, {a}",
        },
    },
    "exists_unique": {
        "unique": {"one": "there exists a unique {noun} {v} such that {a}", "bare": "there exists a unique {v} such that {a}"},
        "exactly_one": {"one": "there is exactly one {noun} {v} such that {a}", "bare": "there is exactly one {v} such that {a}"},
    },
    "not_exists": {
        "there_is_no": {
            "one": "there is no {noun} {v} such that {a}",
            "many": "there are no {nouns} {vs} such that {a}",
            "bare": "there is no {v} such that {a}",
        },
        "no_such": {
            "one": "no {noun} {v} satisfies that {a}",
            "many": "no {nouns} {vs} satisfy that {a}",
            "bare": "no {v} satisfies that {a}",
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

#: Relations: variant → (positive, negative) templates over {a} (lhs) and {b} (rhs).
#: Passive / converse voices swap the roles in the *sentence*, never in the formula.
RELATIONS: dict[str, dict[str, tuple[str, str]]] = {
    "=": {
        "equals": ("{a} equals {b}", "{a} does not equal {b}"),
        "is_equal_to": ("{a} is equal to {b}", "{a} is not equal to {b}"),
    },
    "≠": {
        "is_not_equal_to": ("{a} is not equal to {b}", "{a} is equal to {b}"),
        "differs_from": ("{a} is different from {b}", "{a} is not different from {b}"),
        "does_not_equal": ("{a} does not equal {b}", "{a} equals {b}"),
    },
    "≤": {
        "at_most": ("{a} is at most {b}", "{a} is not at most {b}"),
        "less_or_equal": ("{a} is less than or equal to {b}", "{a} is not less than or equal to {b}"),
        "no_greater": ("{a} is no greater than {b}", "{a} is greater than {b}"),
    },
    "≥": {
        "at_least": ("{a} is at least {b}", "{a} is not at least {b}"),
        "greater_or_equal": ("{a} is greater than or equal to {b}", "{a} is not greater than or equal to {b}"),
        "no_less": ("{a} is no less than {b}", "{a} is less than {b}"),
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
        "not_element_of": ("{a} is not an element of {b}", "{a} is an element of {b}"),
        "does_not_belong": ("{a} does not belong to {b}", "{a} belongs to {b}"),
        "does_not_contain": ("{b} does not contain {a}", "{b} contains {a}"),
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

#: Known predicates: name → (positive, negative) templates over {0}, {1}, … (arguments).
PREDICATES: dict[str, tuple[str, str]] = {
    "Nat.Prime": ("{0} is prime", "{0} is not prime"),
    "Prime": ("{0} is prime", "{0} is not prime"),
    "Even": ("{0} is even", "{0} is not even"),
    "Odd": ("{0} is odd", "{0} is not odd"),
    "Nat.Coprime": ("{0} and {1} are coprime", "{0} and {1} are not coprime"),
    "Nat.ModEq": ("{1} is congruent to {2} modulo {0}", "{1} is not congruent to {2} modulo {0}"),
    "Int.ModEq": ("{1} is congruent to {2} modulo {0}", "{1} is not congruent to {2} modulo {0}"),
    "Irrational": ("{0} is irrational", "{0} is not irrational"),
    "IsOpen": ("{0} is open", "{0} is not open"),
    "IsClosed": ("{0} is closed", "{0} is not closed"),
    "IsCompact": ("{0} is compact", "{0} is not compact"),
    "Set.Finite": ("{0} is finite", "{0} is not finite"),
    "Set.Infinite": ("{0} is infinite", "{0} is not infinite"),
    "Set.Nonempty": ("{0} is nonempty", "{0} is empty"),
    "Finset.Nonempty": ("{0} is nonempty", "{0} is empty"),
    "Function.Injective": ("{0} is injective", "{0} is not injective"),
    "Function.Surjective": ("{0} is surjective", "{0} is not surjective"),
    "Function.Bijective": ("{0} is bijective", "{0} is not bijective"),
    "Squarefree": ("{0} is squarefree", "{0} is not squarefree"),
    "IsSquare": ("{0} is a perfect square", "{0} is not a perfect square"),
    "Continuous": ("{0} is continuous", "{0} is not continuous"),
    "Monotone": ("{0} is monotone", "{0} is not monotone"),
    "StrictMono": ("{0} is strictly increasing", "{0} is not strictly increasing"),
}

#: Known functions: name → (phrase at the top of a relation side, compact inline notation).
FUNCTIONS: dict[str, tuple[str, str]] = {
    "Nat.gcd": ("the greatest common divisor of {0} and {1}", "gcd({0}, {1})"),
    "Int.gcd": ("the greatest common divisor of {0} and {1}", "gcd({0}, {1})"),
    "Nat.lcm": ("the least common multiple of {0} and {1}", "lcm({0}, {1})"),
    "Int.lcm": ("the least common multiple of {0} and {1}", "lcm({0}, {1})"),
    "Real.sqrt": ("the square root of {0}", "√{0}"),
    "Nat.sqrt": ("the integer square root of {0}", "isqrt({0})"),
    "Finset.card": ("the number of elements of {0}", "#{0}"),
    "Set.ncard": ("the number of elements of {0}", "#{0}"),
    "abs": ("the absolute value of {0}", "|{0}|"),
    "Int.natAbs": ("the absolute value of {0}", "|{0}|"),
    "max": ("the maximum of {0} and {1}", "max({0}, {1})"),
    "min": ("the minimum of {0} and {1}", "min({0}, {1})"),
    "Nat.factorial": ("the factorial of {0}", "{0}!"),
    "Nat.choose": ("{0} choose {1}", "C({0}, {1})"),
    "Nat.succ": ("the successor of {0}", "succ({0})"),
    "Nat.pred": ("the predecessor of {0}", "pred({0})"),
    "Nat.totient": ("Euler's totient of {0}", "φ({0})"),
    "Real.exp": ("the exponential of {0}", "exp({0})"),
    "Real.log": ("the natural logarithm of {0}", "log({0})"),
    "Real.logb": ("the logarithm of {1} to base {0}", "log_{0}({1})"),
    "Real.sin": ("the sine of {0}", "sin({0})"),
    "Real.cos": ("the cosine of {0}", "cos({0})"),
    "Real.tan": ("the tangent of {0}", "tan({0})"),
    "Int.floor": ("the floor of {0}", "⌊{0}⌋"),
    "Int.ceil": ("the ceiling of {0}", "⌈{0}⌉"),
    "Int.toNat": ("the natural number max({0}, 0)", "max({0}, 0)"),
    "List.length": ("the length of {0}", "length({0})"),
    "List.sum": ("the sum of the entries of {0}", "sum({0})"),
    "Polynomial.degree": ("the degree of {0}", "deg({0})"),
    "Polynomial.natDegree": ("the degree of {0}", "natDegree({0})"),
    "Finset.range": ("the set of natural numbers less than {0}", "range({0})"),
    "Set.Icc": ("the closed interval from {0} to {1}", "[{0}, {1}]"),
    "Set.Ioo": ("the open interval from {0} to {1}", "({0}, {1})"),
    "Set.Ico": ("the interval [{0}, {1})", "[{0}, {1})"),
    "Set.Ioc": ("the interval ({0}, {1}]", "({0}, {1}]"),
    "Finset.Icc": ("the set of values from {0} to {1}", "[{0}, {1}]"),
    "Complex.abs": ("the modulus of {0}", "|{0}|"),
    "Complex.re": ("the real part of {0}", "re({0})"),
    "Complex.im": ("the imaginary part of {0}", "im({0})"),
}

#: Known constants: name → (phrase, inline notation).
CONSTANTS: dict[str, tuple[str, str]] = {
    "Real.pi": ("π", "π"),
    "Set.univ": ("the set of all elements", "univ"),
    "∅": ("the empty set", "∅"),
    "EmptyCollection.emptyCollection": ("the empty set", "∅"),
    "Finset.univ": ("the set of all elements", "univ"),
    "List.nil": ("the empty list", "[]"),
    "Complex.I": ("the imaginary unit i", "i"),
    "True": ("true", "True"),
    "False": ("false", "False"),
}

#: Typeclasses read as structure nouns ("In every group G, …").
CLASS_NOUNS: dict[str, str] = {
    "Group": "group",
    "AddGroup": "additive group",
    "CommGroup": "commutative group",
    "AddCommGroup": "additive commutative group",
    "Monoid": "monoid",
    "CommMonoid": "commutative monoid",
    "AddCommMonoid": "additive commutative monoid",
    "Ring": "ring",
    "CommRing": "commutative ring",
    "Field": "field",
    "Preorder": "preorder",
    "PartialOrder": "partial order",
    "LinearOrder": "linear order",
    "TopologicalSpace": "topological space",
    "MetricSpace": "metric space",
    "Semigroup": "semigroup",
    "AddSemigroup": "additive semigroup",
    "AddMonoid": "additive monoid",
    "Semiring": "semiring",
    "CommSemiring": "commutative semiring",
    "DivisionRing": "division ring",
    "GroupWithZero": "group with zero",
    "LeftCancelMonoid": "left-cancellative monoid",
    "AddZeroClass": "type with addition and zero",
    "MulOneClass": "type with multiplication and one",
    "MulZeroClass": "type with multiplication and zero",
    "NoZeroDivisors": "type without zero divisors",
    "OrderedAddCommGroup": "ordered additive commutative group",
    "OrderedSemiring": "ordered semiring",
    "StrictOrderedSemiring": "strictly ordered semiring",
    "LinearOrderedSemiring": "linearly ordered semiring",
    "LinearOrderedRing": "linearly ordered ring",
    "LinearOrderedField": "linearly ordered field",
    "LinearOrderedAddCommGroup": "linearly ordered additive commutative group",
    "NonUnitalNonAssocRing": "non-unital non-associative ring",
    "Lattice": "lattice",
    "DecidableEq": "type with decidable equality",
    "Fintype": "finite type",
    "Nontrivial": "nontrivial type",
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
#: the right (``2 ≤ n`` ⇝ "n is at least 2", the same formula); ``as_written``: never flip.
ORIENTATION: dict[str, dict[str, str]] = {"orientation": {"natural": "natural", "as_written": "as_written"}}

_TABLES = {"TEMPLATES": TEMPLATES, "RELATIONS": RELATIONS, "SORT_NOUNS": SORT_NOUNS, "ORIENTATION": ORIENTATION}
_REL_FIELD = {"=": "eq", "≠": "ne", "≤": "le", "≥": "ge", "<": "lt", ">": "gt", "∣": "dvd", "∈": "mem", "∉": "not_mem", "⊆": "subset", "⊂": "ssubset"}  # fmt: skip
_CONVERSE = {"≤": "≥", "≥": "≤", "<": ">", ">": "<", "=": "=", "≠": "≠"}


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
    nat_noun: str = "natural_number"
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
_PREC = {"+": 65, "-": 65, "*": 70, "/": 70, "%": 70, "^": 75, "∩": 70, "∪": 65, "\\": 70, "++": 65, "::": 67, "•": 73, "∘": 90}  # fmt: skip
_INLINE_OP = {"+": "+", "-": "-", "*": "*", "/": "/", "%": "mod", "^": "^", "∩": "∩", "∪": "∪", "\\": "\\", "++": "++", "::": "::", "•": "•", "∘": "∘"}  # fmt: skip


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _join_names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


class _Renderer:
    def __init__(self, style: EnglishStyle) -> None:
        self.s = style

    # ---------------------------------------------------------------- sorts

    def noun(self, s: Sort | None) -> tuple[str, str, str] | None:
        """(singular, plural, suffix) for a sort — the variable goes between the noun and
        the suffix: "element a of G", "set s of natural numbers" — or ``None`` when the sort
        is unknown."""
        if s is None or s.is_unknown:
            return None
        field = {"Nat": "nat_noun", "Int": "int_noun", "Rat": "rat_noun", "Real": "real_noun"}.get(s.head)
        if field is not None and not s.is_var:
            sing, plur = SORT_NOUNS[s.head][getattr(self.s, field)]
            return sing, plur, ""
        if s.head in SORT_NOUNS and not s.is_var:
            sing, plur = next(iter(SORT_NOUNS[s.head].values()))
            return sing, plur, ""
        if s.is_var:
            return "element", "elements", f" of {s.head}"
        if s.head in ("Set", "Finset", "List", "Multiset") and s.args:
            kind = {"Set": "set", "Finset": "finite set", "List": "list", "Multiset": "multiset"}[s.head]
            return kind, kind + "s", f" of {self.plural(s.args[0])}"
        if s.is_fun and len(s.args) >= 2:
            res = s.args[-1]
            dom_txt = " and ".join(self.plural(a) for a in s.args[:-1])
            if res.is_prop:
                return "predicate", "predicates", f" on {dom_txt}"
            return "function", "functions", f" from {dom_txt} to {self.plural(res)}"
        if s.head == "Polynomial" and s.args:
            return "polynomial", "polynomials", f" over {self.sort_text(s.args[0])}"
        if s.head in ("Type", "Sort"):
            return "type", "types", ""
        return "element", "elements", f" of {self.sort_text(s)}"

    def plural(self, s: Sort) -> str:
        n = self.noun(s)
        if n is None:
            return "values"
        return n[1] + n[2]

    def sort_text(self, s: Sort) -> str:
        base = {"Nat": "ℕ", "Int": "ℤ", "Rat": "ℚ", "Real": "ℝ", "Complex": "ℂ"}
        if s.head in base and not s.is_var:
            return base[s.head]
        parts = [s.head] + [self.sort_text(a) for a in s.args] + [self.term(p, False) for p in s.params]
        return " ".join(parts) if len(parts) == 1 else "(" + " ".join(parts) + ")"

    # ---------------------------------------------------------------- propositions

    def prop(self, e: Expr) -> str:
        if isinstance(e, Quant):
            return self.quant(e)
        if isinstance(e, UnOp) and e.op == "¬":
            return self.negation(e.arg)
        if isinstance(e, BinOp) and e.op in _LOGIC:
            return self.connective(e)
        if isinstance(e, BinOp) and e.op in _REL_FIELD:
            return self.relation(e, positive=True)
        if isinstance(e, BoolLit):
            return "the statement True holds" if e.value else "the statement False holds"
        if isinstance(e, Ascribe):
            return self.prop(e.expr)
        if isinstance(e, App):
            return self.pred_app(e, positive=True)
        if isinstance(e, Var):
            return f"{e.name} holds"
        if isinstance(e, Const):
            if e.name in ("True", "False"):
                return self.prop(BoolLit(e.name == "True"))
            return f"{e.name} holds"
        raise EnglishUnsupported(f"a {type(e).__name__} node in proposition position")

    def negation(self, a: Expr) -> str:
        if isinstance(a, BinOp) and a.op in _REL_FIELD:
            return self.relation(a, positive=False)
        if isinstance(a, App):
            out = self.pred_app(a, positive=False, fallback_none=True)
            if out is not None:
                return out
        if isinstance(a, Quant) and a.q == "∃":
            return self.quant(a, negated=True)
        return TEMPLATES["not"][self.s.not_]["one"].format(a=self.prop(a))

    def relation(self, e: BinOp, positive: bool) -> str:
        op, lhs, rhs = e.op, e.lhs, e.rhs
        if (
            self.s.orientation == "natural"
            and op in _CONVERSE
            and _is_numeral(lhs)
            and not _is_numeral(rhs)
        ):
            op, lhs, rhs = _CONVERSE[op], rhs, lhs
        field = _REL_FIELD[op]
        pos, neg = RELATIONS[op][getattr(self.s, field)]
        tmpl = pos if positive else neg
        return tmpl.format(a=self.term(lhs, True), b=self.term(rhs, True))

    def pred_app(self, e: App, positive: bool, fallback_none: bool = False) -> str | None:
        fn, args = _flatten_app(e)
        if isinstance(fn, Const) and fn.name in PREDICATES:
            pos, neg = PREDICATES[fn.name]
            need = max(int(i) for i in re.findall(r"\{(\d)\}", pos)) + 1
            if len(args) == need:
                vals = [self.term(a, True) for a in args]
                return (pos if positive else neg).format(*vals)
        if isinstance(fn, Const) and fn.name in ("Dvd.dvd",) and len(args) == 2:
            return self.relation(BinOp("∣", args[0], args[1]), positive)
        if not positive:
            if fallback_none:
                return None
            return TEMPLATES["not"][self.s.not_]["one"].format(a=self.pred_app(e, True))
        name = _fn_name(fn, self)
        if not args:
            return f"{name} holds"
        vals = [self.term(a, False) for a in args]
        if len(vals) == 1:
            return f"{name} holds of {vals[0]}"
        return f"{name} holds of ({', '.join(vals)})"

    def connective(self, e: BinOp) -> str:
        op = e.op
        if op == "→":
            hyps: list[Expr] = []
            concl: Expr = e
            while isinstance(concl, BinOp) and concl.op == "→":
                hyps.append(concl.lhs)
                concl = concl.rhs
            hyp_txt = " and ".join(self.operand(h, "∧") for h in hyps) if len(hyps) > 1 else self.operand(hyps[0], "→")
            tmpl = TEMPLATES["implies"][self.s.implies]["two"]
            return tmpl.format(a=hyp_txt, b=self.operand(concl, "→r"))
        key = {"∧": ("and", self.s.and_), "∨": ("or", self.s.or_), "↔": ("iff", self.s.iff)}[op]
        tmpl = TEMPLATES[key[0]][key[1]]["two"]
        return tmpl.format(a=self.operand(e.lhs, op), b=self.operand(e.rhs, op))

    def operand(self, e: Expr, parent: str) -> str:
        """A connective operand; nested connectives of another kind are disambiguated."""
        txt = self.prop(e)
        if isinstance(e, BinOp) and e.op in _LOGIC:
            if parent == "→r" and e.op == "→":
                return txt
            if e.op == parent and parent in ("∧", "∨"):
                return txt
            if e.op == "∧" and self.s.and_ == "and":
                return TEMPLATES["and"]["both_and"]["two"].format(a=self.operand(e.lhs, "∧"), b=self.operand(e.rhs, "∧"))
            if e.op == "∨" and self.s.or_ == "or":
                return TEMPLATES["or"]["either_or"]["two"].format(a=self.operand(e.lhs, "∨"), b=self.operand(e.rhs, "∨"))
            if e.op in ("∧", "∨") and parent in ("→", "→r"):
                return txt
            return f"({txt})"
        if isinstance(e, Quant) and parent not in ("→r",):
            return f"({txt})"
        return txt

    def type_quant(self, e: Quant) -> str:
        """``∀ {α : Type*} [inst : Group α], body`` ⇝ "in every group α, body"."""
        types: list[str] = []
        classes: dict[str, list[str]] = {}
        loose: list[str] = []
        body: Expr = e
        while isinstance(body, Quant) and body.q == "∀" and _is_type_or_inst(body.binder):
            b = body.binder
            if b.kind == "inst" and b.sort is not None:
                tv = b.sort.args[0].head if b.sort.args else None
                noun = CLASS_NOUNS.get(b.sort.head, _split_camel(b.sort.head))
                if tv is not None and tv in types:
                    classes.setdefault(tv, []).append(noun)
                else:
                    loose.append(f"{tv or 'the type'} is {_article(noun)} {noun}")
            elif b.name:
                types.append(b.name)
            body = body.body
        parts = []
        for tv in types:
            cls = classes.get(tv)
            if cls:
                extra = f" that is also {_article(cls[1])} {_join_names(cls[1:])}" if len(cls) > 1 else ""
                parts.append(f"in every {cls[0]} {tv}{extra}")
            else:
                parts.append(f"for every type {tv}")
        head = ", ".join(parts)
        if loose:
            head = (head + ", " if head else "") + "whenever " + " and ".join(loose)
        return f"{head}, {self.prop(body)}"

    def quant(self, e: Quant, negated: bool = False) -> str:
        if e.q == "∀" and _is_type_or_inst(e.binder) and not negated:
            return self.type_quant(e)
        # group consecutive binders of the same quantifier and sort
        names = [e.binder.name or "_"]
        sort = e.binder.sort
        body: Expr = e.body
        if e.q != "∃!":
            while (
                isinstance(body, Quant)
                and body.q == e.q
                and body.binder.sort == sort
                and body.binder.name not in names
            ):
                names.append(body.binder.name or "_")
                body = body.body
        noun = self.noun(sort)
        if noun is None:
            form = "bare"
        else:
            form = "one" if len(names) == 1 else "many"
        suffix = noun[2] if noun else ""
        if form == "bare" and len(names) > 1:
            v_txt = _join_names(names)
        else:
            v_txt = names[0] + suffix
        fmt = {
            "noun": noun[0] if noun else "",
            "nouns": noun[1] if noun else "",
            "art": _article(noun[0]) if noun else "",
            "v": v_txt,
            "vs": _join_names(names) + suffix,
            "every_each": _join_names([f"every {noun[0] if noun else ''} {n}{suffix}" for n in names]),
        }
        if negated:
            tmpl = TEMPLATES["not_exists"][self.s.not_exists][form]
            return tmpl.format(a=self.prop(body), **fmt)
        if e.q == "∀":
            head = TEMPLATES["forall"][self.s.forall][form].format(**fmt)
            return f"{head}, {self.prop(body)}"
        if e.q == "∃":
            return TEMPLATES["exists"][self.s.exists][form].format(a=self.prop(body), **fmt)
        if e.q == "∃!":
            form = "one" if noun else "bare"
            return TEMPLATES["exists_unique"][self.s.exists_unique][form].format(a=self.prop(body), **fmt)
        raise EnglishUnsupported(f"quantifier {e.q}")

    # ---------------------------------------------------------------- terms

    def term(self, e: Expr, top: bool) -> str:
        """A term: a phrase at the top of a relation side (``top``), else inline notation."""
        if isinstance(e, Var):
            return e.name
        if isinstance(e, Num):
            return e.value
        if isinstance(e, BoolLit):
            return "True" if e.value else "False"
        if isinstance(e, Const):
            if e.name in CONSTANTS:
                phrase, inline = CONSTANTS[e.name]
                return phrase if top else inline
            return e.name
        if isinstance(e, Ascribe):
            return self.term(e.expr, top)
        if isinstance(e, UnOp):
            return self.unop(e, top)
        if isinstance(e, BinOp):
            if e.op in _PREC:
                return self.binop(e, top)
            if e.op in _LOGIC or e.op in _REL_FIELD:
                return f"(the statement that {self.prop(e)})"
            raise EnglishUnsupported(f"operator {e.op}")
        if isinstance(e, App):
            return self.fun_app(e, top)
        if isinstance(e, Quant):
            return f"(the statement that {self.prop(e)})"
        if isinstance(e, Lam):
            return f"the function sending {e.binder.name} to {self.term(e.body, False)}"
        raise EnglishUnsupported(f"a {type(e).__name__} node in term position")

    def atom(self, e: Expr, prec: int) -> str:
        """Inline notation of ``e`` parenthesised when it binds looser than ``prec``."""
        txt = self.term(e, False)
        if _prec(e) < prec:
            return f"({txt})"
        return txt

    def binop(self, e: BinOp, top: bool) -> str:
        op = e.op
        if top and op in ("∩", "∪", "\\"):
            a, b = self.term(e.lhs, False), self.term(e.rhs, False)
            return {"∩": "the intersection of {a} and {b}", "∪": "the union of {a} and {b}", "\\": "the set difference of {a} and {b}"}[op].format(a=a, b=b)  # noqa: E501
        p = _PREC[op]
        if op == "^":
            left = self.atom(e.lhs, p + 1)
            right = self.atom(e.rhs, p)
            return f"{left}^{right}"
        left = self.atom(e.lhs, p)
        right = self.atom(e.rhs, p + 1)
        return f"{left} {_INLINE_OP[op]} {right}"

    def unop(self, e: UnOp, top: bool) -> str:
        op = e.op
        if op == "↑":
            return self.term(e.arg, top)
        if op == "abs":
            return f"|{self.term(e.arg, False)}|"
        if op == "-":
            inner = self.atom(e.arg, 75)
            return f"-({inner})" if inner.startswith("-") else f"-{inner}"
        if op == "!":
            return f"{self.atom(e.arg, 1024)}!"
        if op == "⁻¹":
            return f"{self.atom(e.arg, 1024)}⁻¹"
        if op == "ᶜ":
            if top:
                return f"the complement of {self.term(e.arg, False)}"
            return f"{self.atom(e.arg, 1024)}ᶜ"
        if op == "¬":
            return f"(the statement that {self.negation(e.arg)})"
        raise EnglishUnsupported(f"unary operator {op}")

    def phrase_arg(self, a: Expr) -> str:
        """An argument inside a worded phrase: constants by name ("the empty set"),
        sums/products parenthesised so "the degree of (p + q)" stays unambiguous."""
        if isinstance(a, Const) and a.name in CONSTANTS:
            return CONSTANTS[a.name][0]
        if isinstance(a, Ascribe):
            return self.phrase_arg(a.expr)
        txt = self.term(a, False)
        return f"({txt})" if _prec(a) < 75 else txt

    def binder_phrase(self, lam: Lam) -> str:
        noun = self.noun(lam.binder.sort)
        if noun is None:
            return lam.binder.name or "x"
        return f"{noun[1]} {lam.binder.name}{noun[2]}"

    def lam_body(self, lam: Lam) -> str:
        b = lam.body
        if isinstance(b, (Quant, BoolLit)) or (isinstance(b, BinOp) and (b.op in _LOGIC or b.op in _REL_FIELD)) or (
            isinstance(b, UnOp) and b.op == "¬"
        ) or b.sort.is_prop:
            return self.prop(b)
        return self.term(b, False)

    def fun_app(self, e: App, top: bool) -> str:
        fn, args = _flatten_app(e)
        name = fn.name if isinstance(fn, Const) else None
        if name == "setOf" and len(args) == 1 and isinstance(args[0], Lam):
            return f"the set of {self.binder_phrase(args[0])} such that {self.lam_body(args[0])}"
        if name in ("Finset.sum", "Finset.prod") and len(args) == 2 and isinstance(args[1], Lam):
            what = "sum" if name == "Finset.sum" else "product"
            lam = args[1]
            return f"the {what} of {self.lam_body(lam)} over {lam.binder.name} in {self.term(args[0], False)}"
        if name == "Finset.filter" and len(args) == 2 and isinstance(args[0], Lam):
            lam = args[0]
            return f"the elements {lam.binder.name} of {self.term(args[1], False)} such that {self.lam_body(lam)}"
        if isinstance(fn, Const) and fn.name in FUNCTIONS:
            phrase, inline = FUNCTIONS[fn.name]
            need = max(int(i) for i in re.findall(r"\{(\d)\}", phrase)) + 1
            if len(args) == need:
                if top:
                    return phrase.format(*[self.phrase_arg(a) for a in args])
                return inline.format(*[self.term(a, False) if _prec(a) >= 1024 or inline.startswith(("|", "⌊", "⌈")) or "(" in inline else self.atom(a, 1024) for a in args])  # noqa: E501
        if isinstance(fn, Const) and fn.name in PREDICATES:
            return f"(the statement that {self.pred_app(e, True)})"
        if isinstance(fn, Const) and fn.name in ("Singleton.singleton", "singleton", "Set.singleton") and len(args) == 1:
            return f"{{{self.term(args[0], False)}}}"
        if isinstance(fn, Const) and fn.name in ("Nat.cast", "Int.cast", "Rat.cast", "Int.ofNat", "id") and len(args) == 1:
            return self.term(args[0], top)
        name = _fn_name(fn, self)
        if not args:
            return name
        return f"{name}({', '.join(self.term(a, False) for a in args)})"


def _is_type_or_inst(b: Binder) -> bool:
    return b.kind == "inst" or (b.sort is not None and b.sort.head in ("Type", "Sort"))


def _fn_name(fn: Expr, r: _Renderer) -> str:
    if isinstance(fn, Const) and fn.name.startswith("?."):
        # dot notation whose receiver's type the elaborator could not resolve: there is no
        # honest English name for it
        raise EnglishUnsupported(f"field notation .{fn.name[2:]} on an expression of unknown type")
    if isinstance(fn, (Const, Var)):
        return fn.name
    raise EnglishUnsupported("application of a compound expression")


def _flatten_app(e: App) -> tuple[Expr, tuple[Expr, ...]]:
    fn, args = e.fn, e.args
    while isinstance(fn, App):
        args = fn.args + args
        fn = fn.fn
    return fn, args


def _is_numeral(e: Expr) -> bool:
    if isinstance(e, Num):
        return True
    if isinstance(e, (Ascribe,)):
        return _is_numeral(e.expr)
    if isinstance(e, UnOp) and e.op in ("-", "↑"):
        return _is_numeral(e.arg)
    return False


def _prec(e: Expr) -> int:
    if isinstance(e, BinOp) and e.op in _PREC:
        return _PREC[e.op]
    if isinstance(e, UnOp) and e.op == "-":
        return 75
    if isinstance(e, (UnOp,)) and e.op == "↑":
        return _prec(e.arg)
    if isinstance(e, Ascribe):
        return _prec(e.expr)
    if isinstance(e, Num) and e.value.startswith("-"):
        return 75
    return 1024


def _sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        raise EnglishUnsupported("an empty statement")
    first = text.split(" ", 1)[0]
    if first in _SENTENCE_WORDS:  # never capitalise a variable or a function name
        text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


#: Words our templates can start a sentence with (only these are capitalised: ``b`` and
#: ``B`` are different variables).
_SENTENCE_WORDS: frozenset[str] = frozenset(
    {"for", "there", "if", "it", "in", "no", "either", "both", "the", "whenever", "some", "not"}
)


def _declaration_prefix(d: Declaration, r: _Renderer) -> tuple[str, set[str]]:
    """``In every group G, `` for type variables with instance classes (and ``For every type
    α, `` without); returns the prefix and the type-variable names it introduced."""
    parts: list[str] = []
    introduced: set[str] = set()
    classes: dict[str, list[str]] = {}
    for b in d.instances:
        s = b.sort
        if s is not None and s.args and s.args[0].is_var:
            classes.setdefault(s.args[0].head, []).append(s.head)
    for b in d.type_vars:
        if not b.name:
            continue
        cls = classes.get(b.name, [])
        introduced.add(b.name)
        if cls:
            nouns = [CLASS_NOUNS.get(c, _split_camel(c)) for c in cls]
            noun = nouns[-1] if len(nouns) == 1 else f"{nouns[0]} that is also {_join_names(nouns[1:])}"
            parts.append(f"in every {noun} {b.name}")
        else:
            parts.append(f"for every type {b.name}")
    return (", ".join(parts) + ", ") if parts else "", introduced


def _split_camel(name: str) -> str:
    words = re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", name.split(".")[-1])
    return " ".join(w.lower() for w in words) or name


def render_english(x: Expr | Declaration, style: EnglishStyle | None = None) -> str:
    """One English sentence for a statement (a proposition or a declaration header)."""
    r = _Renderer(style or default_style())
    if isinstance(x, Declaration):
        prefix, _ = _declaration_prefix(x, r)
        body = r.prop(x.as_prop())
        return _sentence(prefix + body)
    if not isinstance(x, (Var, Const, Num, BoolLit, App, BinOp, UnOp, Ascribe, Quant)):
        raise EnglishUnsupported(f"a {type(x).__name__} value")
    return _sentence(r.prop(x))


def render_term(e: Expr, style: EnglishStyle | None = None) -> str:
    """English/inline rendering of a term (``the greatest common divisor of a and b``)."""
    return _Renderer(style or default_style()).term(e, True)

