"""Read controlled English back into a formula, with textbook meanings.

Pipeline: strip the question frame → parse with the Earley grammar ``english.lark``
(explicit ambiguity) → expand every reading into a small intermediate form → give each
reading its *textbook* meaning as a Lean statement (:class:`_Semantics`) → elaborate that
statement with :func:`certibench.logic.parser.parse_declaration` → keep the distinct
formulas.

The textbook meaning is chosen as follows, so that English which drops a Lean-specific
meaning reads as a different formula (or as no formula at all):

* ``a - b`` is subtraction in the integers (or the larger number system of the context);
  it is ℕ subtraction only where both sides are natural numbers *and* ``b ≤ a`` holds in
  context (then the two agree).  ``a ∸ b`` is ℕ truncated subtraction and requires the
  convention "∸ is subtraction truncated at 0" in the sentence.
* ``a / b`` is division in a field (ℝ unless the context is another field).  ``⌊a / b⌋``
  of integers is integer division (ℕ when both are natural numbers); of reals it is
  ``Int.floor``.  ``a mod b`` is ``%`` on ℕ or ℤ (ℤ only with a divisor known
  non-negative).
* ``x^n`` is a monoid power for a natural exponent, an integer power for an integer
  exponent and a real power (``Real.rpow``) for any other exponent — ``x^(1/2)`` is a
  square root.
* Partial operations are only read where they are defined in context (a divisor known
  non-zero, ``√`` of a term known non-negative, ``log`` of a term known positive, a real
  power of a positive base) or where the sentence states Lean's convention for the
  undefined case ("division by 0 gives 0", …).  Otherwise the sentence has no textbook
  meaning and reading fails with code ``partial``.
* ``|s|`` of a finite set is its cardinality, of a number its absolute value; "t contains
  s" is ``s ⊆ t`` when ``s`` is a set of the same type, else ``s ∈ t``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from certibench.logic.ast import (
    COMPLEX,
    INT,
    NAT,
    PROP,
    RAT,
    REAL,
    TYPE,
    App,
    BinOp,
    Const,
    Declaration,
    Expr,
    Num,
    Sort,
    UnOp,
    Var,
    canonical_key,
)
from certibench.logic.english.compare import normal_form
from certibench.logic.english.facts import Context
from certibench.logic.errors import ParseError
from certibench.logic.parser import parse_declaration

__all__ = ["FRAMES", "ReadError", "ReadResult", "read_english"]

# --------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------

#: Error codes of :class:`ReadResult` (and of round trips).
READ_CODES: dict[str, str] = {
    "empty": "no statement text",
    "syntax": "the sentence is not in the controlled English grammar",
    "type": "the sentence is ill-typed under its textbook reading (unknown name, mismatched kinds)",
    "partial": "the textbook reading is undefined (division by a possibly-zero term, …) and no convention is stated",
    "internal": "the reading could not be elaborated as Lean",
    "too-long": "longer than the reader accepts (2000 characters) or nested too deeply",
}


@dataclass(frozen=True)
class ReadResult:
    """What a sentence says.  ``formulas`` are the distinct readings (after the comparison
    normal form); exactly one means the sentence is unambiguous."""

    text: str
    statement: str
    formulas: tuple[Declaration, ...] = ()
    lean: tuple[str, ...] = ()
    ambiguous: bool = False
    error: str | None = None
    code: str | None = None
    position: int | None = None
    conventions: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return len(self.formulas) == 1 and self.error is None

    @property
    def formula(self) -> Declaration | None:
        return self.formulas[0] if len(self.formulas) == 1 else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "statement": self.statement,
            "lean": list(self.lean),
            "ambiguous": self.ambiguous,
            "error": self.error,
            "code": self.code,
            "position": self.position,
            "conventions": list(self.conventions),
        }


class ReadError(Exception):
    """A reading has no textbook meaning (``code`` from :data:`READ_CODES`)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


# --------------------------------------------------------------------------------------
# Frames and the parser
# --------------------------------------------------------------------------------------

#: Question frames: (pattern, group holding the statement).
FRAMES: tuple[re.Pattern[str], ...] = (
    re.compile(r"^(?P<s>.*?)\s*[—–-]{1,2}\s*TRUE or FALSE\?\s*$", re.S),
    re.compile(r"^True or false:\s*(?P<s>.*?)\s*$", re.S),
    re.compile(r"^Is it true that\s+(?P<s>.*?)\s*\?\s*$", re.S),
    re.compile(r"^Decide whether the following statement holds:\s*(?P<s>.*?)\s*$", re.S),
)

#: Capitalised sentence-initial words that are keywords of the grammar.
_SENTENCE_KEYWORDS = frozenset(
    {"For", "There", "If", "It", "In", "No", "Either", "Both", "The", "Some", "Not"}
)


def _strip_frame(text: str) -> tuple[str, int]:
    """The statement inside a question frame and its offset in ``text``."""
    core, offset = text, 0
    for pat in FRAMES:
        m = pat.match(text)
        if m:
            core, offset = m.group("s"), m.start("s")
            break
    stripped = core.rstrip()
    while stripped.endswith((".", "?")):
        stripped = stripped[:-1].rstrip()
    lead = len(stripped) - len(stripped.lstrip())
    stripped = stripped.lstrip()
    offset += lead
    first = stripped.split(" ", 1)[0]
    if first in _SENTENCE_KEYWORDS:
        stripped = stripped[0].lower() + stripped[1:]
    return stripped, offset


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = resources.files("certibench.logic.english").joinpath("english.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="earley", lexer="basic", ambiguity="explicit", start="start")


# --------------------------------------------------------------------------------------
# Intermediate form
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tm:
    """A term as read (untyped)."""

    op: str
    args: tuple[Any, ...] = ()
    text: str = ""
    data: Any = None


@dataclass(frozen=True)
class Pr:
    """A proposition as read (untyped)."""

    op: str
    args: tuple[Any, ...] = ()
    text: str = ""
    data: Any = None


_FIELD = Sort("Field?")  # "some field": a quotient of integers; ℝ unless the context fixes one
_SETLIKE = "SetLike?"  # a set literal / ∅ whose Set-vs-Finset type comes from the context
_RANK = {"Nat": 0, "Int": 1, "Field?": 1.5, "Rat": 2, "Real": 3, "Complex": 4}

_CLASSES: dict[str, str] = {
    "cls_group": "Group", "cls_addgroup": "AddGroup", "cls_commgroup": "CommGroup",
    "cls_addcommgroup": "AddCommGroup", "cls_monoid": "Monoid", "cls_addmonoid": "AddMonoid",
    "cls_commmonoid": "CommMonoid", "cls_addcommmonoid": "AddCommMonoid", "cls_semigroup": "Semigroup",
    "cls_addsemigroup": "AddSemigroup", "cls_leftcancelmonoid": "LeftCancelMonoid",
    "cls_addzeroclass": "AddZeroClass", "cls_muloneclass": "MulOneClass", "cls_mulzeroclass": "MulZeroClass",
    "cls_nozerodivisors": "NoZeroDivisors", "cls_ring": "Ring", "cls_commring": "CommRing",
    "cls_semiring": "Semiring", "cls_commsemiring": "CommSemiring",
    "cls_nonunitalnonassocring": "NonUnitalNonAssocRing", "cls_field": "Field",
    "cls_divisionring": "DivisionRing", "cls_groupwithzero": "GroupWithZero", "cls_preorder": "Preorder",
    "cls_partialorder": "PartialOrder", "cls_linearorder": "LinearOrder", "cls_lattice": "Lattice",
    "cls_orderedaddcommgroup": "OrderedAddCommGroup", "cls_orderedsemiring": "OrderedSemiring",
    "cls_strictorderedsemiring": "StrictOrderedSemiring", "cls_linearorderedsemiring": "LinearOrderedSemiring",
    "cls_linearorderedring": "LinearOrderedRing", "cls_linearorderedfield": "LinearOrderedField",
    "cls_linearorderedaddcommgroup": "LinearOrderedAddCommGroup", "cls_topologicalspace": "TopologicalSpace",
    "cls_metricspace": "MetricSpace", "cls_decidableeq": "DecidableEq", "cls_fintype": "Fintype",
    "cls_nontrivial": "Nontrivial",
}  # fmt: skip
_FIELDS = frozenset({"Field", "DivisionRing", "GroupWithZero", "LinearOrderedField"})
_GROUPS = frozenset({"Group", "CommGroup"})
#: Structures without a 0 (a type with only these has no "0^0" to speak of).
_NO_ZERO = frozenset({
    "Group", "CommGroup", "Monoid", "CommMonoid", "Semigroup", "LeftCancelMonoid", "MulOneClass", "AddSemigroup",
    "Preorder", "PartialOrder", "LinearOrder", "Lattice", "TopologicalSpace", "MetricSpace", "DecidableEq",
    "Fintype", "Nontrivial",
})

_NOUN_SORTS = {"n_nat": NAT, "n_natw": NAT, "n_int": INT, "n_rat": RAT, "n_real": REAL, "n_complex": COMPLEX, "n_prop": PROP}

_REL = {
    "r_eq": ("=", False, False), "r_ne": ("≠", False, False), "r_not_ne": ("≠", True, False),
    "r_le": ("≤", False, False), "r_not_le": ("≤", True, False), "r_ge": ("≥", False, False),
    "r_not_ge": ("≥", True, False), "r_lt": ("<", False, False), "r_not_lt": ("<", True, False),
    "r_gt": (">", False, False), "r_not_gt": (">", True, False), "r_dvd": ("∣", False, False),
    "r_not_dvd": ("∣", True, False), "r_dvd_by": ("∣", False, True), "r_not_dvd_by": ("∣", True, True),
    "r_mem": ("∈", False, False), "r_not_mem": ("∈", True, False), "r_contains": ("∋", False, False),
    "r_not_contains": ("∋", True, False), "r_subset": ("⊆", False, False), "r_not_subset": ("⊆", True, False),
    "r_superset": ("⊆", False, True), "r_not_superset": ("⊆", True, True), "r_ssubset": ("⊂", False, False),
    "r_not_ssubset": ("⊂", True, False), "r_ssuperset": ("⊂", False, True), "r_not_ssuperset": ("⊂", True, True),
}  # fmt: skip

_PHRASE_FUNS = {
    "ph_sqrt": "sqrt", "ph_exp": "exp", "ph_log": "log", "ph_log_nobase": "log_nobase", "ph_sin": "sin", "ph_cos": "cos", "ph_arctan": "arctan",
    "ph_sinh": "sinh", "ph_cosh": "cosh", "ph_tanh": "tanh", "ph_gcd": "gcd", "ph_lcm": "lcm", "ph_max": "max",
    "ph_min": "min", "ph_abs": "abs", "ph_card": "card", "ph_succ": "succ", "ph_totient": "totient", "ph_floor": "floor", "ph_ceil": "ceil",
    "ph_compl": "compl", "ph_inter": "inter", "ph_union": "union", "ph_sdiff": "sdiff", "ph_powerset": "powerset",
    "ph_length": "length", "ph_listsum": "listsum", "ph_reverse": "reverse", "ph_degree": "deg",
    "ph_cabs": "cabs", "ph_re": "re", "ph_im": "im", "ph_dist": "dist", "ph_norm": "norm",
    "ph_append": "append", "ph_erase": "erase", "ph_insert": "insert", "ph_ediv": "ediv", "ph_emod": "emod",
}  # fmt: skip

_CONVENTION_NUMBERS = {
    "conv_nat0": ("0",), "conv_monus": ("0",), "conv_div0": ("0", "0"), "conv_inv0": ("0", "0"), "conv_mod0": ("0",),
    "conv_pow00": ("0", "0", "1"), "conv_sqrt_neg": ("0",), "conv_log0": ("0", "0"),
    "conv_log_neg": (), "conv_deg0": (), "conv_gcd0": ("0", "0", "0"), "conv_lcm0": ("0", "0"),
    "conv_totient0": ("0", "0"), "conv_choose0": ("0",), "conv_imag_i": (),
}  # fmt: skip


def _tokens(children: Sequence[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token)]


def _values(children: Sequence[Any]) -> list[Any]:
    return [c for c in children if not isinstance(c, Token)]


def _build(rule: str, ch: list[Any]) -> Any:  # noqa: C901 - one table-like dispatch
    """The intermediate form of one parse-tree node from its children's forms."""
    vals = [v for v in _values(ch) if v != "article"]
    toks = _tokens(ch)
    if rule == "start":
        return ("start", vals[0], vals[1] if len(vals) > 1 else ())
    if rule == "conventions":
        return vals[0]
    if rule == "conv_list":
        return tuple(vals)
    if rule == "conv_imag_i" and vals != ["i"]:
        raise ReadError("type", f"'{vals[0]} is the imaginary unit' (the imaginary unit is i)")
    if rule in _CONVENTION_NUMBERS:
        nums = [t for t in ch if isinstance(t, Token) and t.type == "NUMBER"]
        if tuple(str(n) for n in nums) != _CONVENTION_NUMBERS[rule]:
            raise ReadError("type", f"a convention with unexpected numbers: {' '.join(map(str, nums))}")
        return rule[len("conv_"):]
    # ---- propositions
    if rule in ("forall_one", "forall_any"):
        return Pr("forall", (vals[1],), data=vals[0])
    if rule == "forall_many":
        binders = tuple(itertools.chain.from_iterable(vals[:-1]))
        return Pr("forall", (vals[-1],), data=binders)
    if rule in ("forall_plural", "forall_any_plural"):
        return Pr("forall", (vals[1],), data=vals[0])
    if rule == "forall_structure":
        return Pr("forall", (vals[1],), data=(vals[0],))
    if rule in ("exists_one", "exists_plural"):
        return Pr("exists", (vals[1],), data=vals[0])
    if rule == "unique_prop":
        return Pr("unique", (vals[1],), data=vals[0])
    if rule in ("not_exists_one", "not_exists_plural"):
        return Pr("not", (Pr("exists", (vals[1],), data=vals[0]),))
    if rule == "if_then" or rule == "implies_that":
        return Pr("if", (vals[0], vals[1]))
    if rule == "whenever":
        return Pr("if", (vals[1], vals[0]))
    if rule == "not_prop":
        return Pr("not", (vals[0],))
    if rule in ("conj", "both_and"):
        return Pr("and", tuple(vals), data=rule == "both_and")
    if rule in ("disj", "either_or"):
        return Pr("or", tuple(vals), data=rule == "either_or")
    if rule == "iff_prop":
        parts = [v for v in vals if v != "iff_word"]
        return Pr("iff", tuple(parts))
    if rule == "paren":
        inner = vals[0]
        if isinstance(inner, Pr) and inner.op in ("and", "or"):
            return Pr(inner.op, inner.args, inner.text, True)  # a bracketed list is marked
        return inner
    if rule == "iff_word":
        return "iff_word"
    if rule == "holds_var":
        return Pr("holds", (), text=vals[0])
    if rule == "holds_app":
        return Pr("holds", tuple(vals[1:]), text=vals[0])
    if rule == "holds_true":
        return Pr("true")
    if rule == "holds_false":
        return Pr("false")
    if rule in _REL:
        return rule
    if rule.startswith("tail_"):
        return (rule[len("tail_"):], *vals)
    if rule == "relation":
        a, (kind, *rest) = vals
        if kind == "rel":
            rel, b = rest
            op, neg, swap = _REL[rel]
            if swap:
                a, b = b, a
            p = Pr("rel", (a, b), text=op)
        else:
            what, _, polarity = kind.rpartition("_")
            neg = polarity == "neg"
            if what == "pred":
                p = Pr("pred", (a,), text=rest[0])
            elif what == "coprime":
                p = Pr("pred", (a, rest[0]), text="coprime")
            else:
                p = Pr("pred", (rest[1], a, rest[0]), text="congruent")
        return Pr("not", (p,)) if neg else p
    if rule.startswith("op_"):
        return rule
    if rule == "binop":
        a, op, b = vals
        return Tm(op[len("op_"):], (a, b))
    if rule == "wide_den":
        den = vals[0]
        for v in vals[1:]:
            den = Tm("mul", (den, v))
        return den
    if rule == "div_wide":
        return Tm("div", (vals[0], vals[1]))
    if rule.startswith("adj_"):
        return rule[len("adj_"):]
    # ---- binders and sorts
    if rule == "var":
        return str(ch[0]) if ch else "a"
    if rule == "var_list":
        return tuple(vals)
    if rule in _NOUN_SORTS:
        return _NOUN_SORTS[rule]
    if rule == "c_var":
        return Sort(vals[0], is_var=True)
    if rule == "param":
        if toks:
            return Num(toks[0], NAT)
        return Var(vals[0], NAT)
    if rule in _CLASSES:
        return _CLASSES[rule]
    if rule.startswith("b_"):
        return _binders(rule, vals)
    if rule.startswith("s_"):
        return _sort_pl(rule, vals)
    if rule == "sort_list":
        return tuple(vals)
    if rule == "article":
        return "article"
    # ---- terms
    if rule == "num":
        return Tm("num", text=toks[0])
    if rule == "var_ref":
        return Tm("var", text=vals[0])
    if rule in ("add", "sub", "monus", "mul", "div", "mod", "pow", "union", "inter", "sdiff"):
        return Tm(rule, tuple(vals))
    if rule == "mod_low":
        return Tm("mod", tuple(vals))
    if rule in ("neg", "fact", "inv", "compl", "bars", "norm", "floor", "ceil", "sqrt"):
        return Tm(rule, tuple(vals))
    if rule == "call":
        return Tm("call", tuple(vals[1:]), text=vals[0])
    if rule == "set_lit":
        return Tm("setlit", tuple(vals))
    if rule == "empty":
        return Tm("empty")
    if rule == "nil":
        return Tm("nil", data=vals[0] if vals else None)
    if rule in _PHRASE_FUNS:
        return Tm("fn", tuple(vals), text=_PHRASE_FUNS[rule])
    if rule == "ph_imag_unit":
        if vals[0] != "i":
            raise ReadError("type", f"'the imaginary unit {vals[0]}'")
        return Tm("const", text="Complex.I")
    if rule in ("ph_empty_set", "ph_empty_finset"):
        return Tm("typed_empty", data=Sort("Set" if rule == "ph_empty_set" else "Finset", (vals[0],)))
    if rule in ("ph_univ_set", "ph_univ_finset"):
        return Tm("univ", data=Sort("Set" if rule == "ph_univ_set" else "Finset", (vals[0],)))
    if rule in ("ph_range", "ph_range_natw"):
        return Tm("fn", (vals[0],), text="range")
    if rule in ("ph_interval_set", "ph_interval_finset"):
        kind, bounds = vals[1]
        head = "Set" if rule == "ph_interval_set" else "Finset"
        return Tm("interval", tuple(bounds), text=f"{head}.{kind}", data=vals[0])
    if rule.startswith("bd_"):
        return (rule[3:].capitalize(), tuple(vals))  # bd_icc → Icc (Set.Icc / Finset.Icc)
    if rule in ("ph_bigsum", "ph_bigprod"):
        body, var, s = vals
        return Tm("bigop", (body, s), text="Finset.sum" if rule == "ph_bigsum" else "Finset.prod", data=var)
    if rule == "ph_cons":
        return Tm("fn", (vals[1], vals[0]), text="cons")
    if rule == "ph_setof":
        return Tm("setof", (vals[1],), data=vals[0])
    if rule == "ph_filter":
        var, s, p = vals
        return Tm("filter", (s, p), data=var)
    raise ReadError("internal", f"no reading for grammar rule {rule!r}")


def _binders(rule: str, vals: list[Any]) -> tuple[Any, ...]:
    """``(name, Sort)`` pairs (or a structure binder) for a binder phrase."""
    if rule == "b_structure":
        classes = [v for v in vals if isinstance(v, str) and v != "article" and v in _CLASSES.values()]
        names = [v for v in vals if isinstance(v, str) and v not in classes and v != "article"]
        # structure var ("that is also" article structure …)*: the var is the first name
        # after the first class
        return ("struct", names[0], tuple(classes))
    if rule == "b_simple":
        sort, vs = vals[0], vals[1]
        return tuple((v, sort) for v in _as_names(vs))
    vs = _as_names(vals[0])
    if rule == "b_elem":
        sort = Sort(vals[1], is_var=True)
    elif rule == "b_type":
        sort = TYPE
    elif rule == "b_set":
        sort = Sort("Set", (vals[1],))
    elif rule == "b_finset":
        sort = Sort("Finset", (vals[1],))
    elif rule == "b_list":
        sort = Sort("List", (vals[1],))
    elif rule == "b_fun":
        sort = Sort("Fun", (*vals[1], vals[2]))
    elif rule == "b_pred":
        sort = Sort("Fun", (*vals[1], PROP))
    elif rule == "b_poly":
        sort = Sort("Polynomial", (vals[1],))
    elif rule == "b_zmod":
        sort = Sort("ZMod", (), False, (vals[1],))
    elif rule == "b_fin":
        if canonical_key(vals[1]) != canonical_key(vals[2]):
            raise ReadError("type", "Fin with two different moduli")
        sort = Sort("Fin", (), False, (vals[1],))
    else:
        raise ReadError("internal", f"binder rule {rule}")
    return tuple((v, sort) for v in vs)


def _as_names(v: Any) -> tuple[str, ...]:
    return v if isinstance(v, tuple) else (v,)


def _sort_pl(rule: str, vals: list[Any]) -> Sort:
    if rule == "s_simple":
        return vals[0]
    if rule == "s_elem":
        return Sort(vals[0], is_var=True)
    if rule == "s_set":
        return Sort("Set", (vals[0],))
    if rule == "s_finset":
        return Sort("Finset", (vals[0],))
    if rule == "s_list":
        return Sort("List", (vals[0],))
    if rule == "s_fun":
        return Sort("Fun", (*vals[0], vals[1]))
    if rule == "s_pred":
        return Sort("Fun", (*vals[0], PROP))
    if rule == "s_poly":
        return Sort("Polynomial", (vals[0],))
    if rule == "s_zmod":
        return Sort("ZMod", (), False, (vals[0],))
    if rule == "s_fin":
        return Sort("Fin", (), False, (vals[0],))
    if rule == "s_type":
        return TYPE
    raise ReadError("internal", f"sort rule {rule}")


_MAX_READINGS = 48  # per forest node; a node with more readings marks the forest truncated
#: Longest statement the reader accepts (released sentences are a few hundred characters).
MAX_CHARS = 2000


def _readings(tree: Any, memo: dict[Any, Any]) -> list[Any]:
    """Every reading of a (possibly ambiguous) parse forest, deduplicated.  At most
    ``_MAX_READINGS`` per node are kept; when more exist ``memo["truncated"]`` is set, and
    the caller must not conclude that the sentence is unambiguous."""
    key = id(tree)
    if key in memo:
        return memo[key]
    table = memo.setdefault("intern", {})
    if isinstance(tree, Token):
        out: list[Any] = [tree]
    elif tree.data == "_ambig":
        out = []
        seen: set[Any] = set()
        errors: list[ReadError] = []
        for child in tree.children:
            try:
                alts = _readings(child, memo)
            except ReadError as exc:
                errors.append(exc)
                continue
            for a in alts:
                k = _key(a)
                if k not in seen:
                    seen.add(k)
                    out.append(a)
        if not out and errors:
            raise errors[0]
        if len(out) > _MAX_READINGS:
            memo["truncated"] = True
            out = out[:_MAX_READINGS]
    else:
        child_alts = [_readings(c, memo) for c in tree.children]
        out = []
        seen = set()
        n_combos = 1
        for alts in child_alts:
            n_combos *= len(alts)
        if n_combos > _MAX_READINGS * 4:
            memo["truncated"] = True
        for combo in itertools.islice(itertools.product(*child_alts), _MAX_READINGS * 4):
            v = _intern(_build(str(tree.data), list(combo)), table)
            k = _key(v)
            if k not in seen:
                seen.add(k)
                out.append(v)
            if len(out) >= _MAX_READINGS:
                memo["truncated"] = True
                break
    memo[key] = out
    return out


def _key(v: Any) -> Any:
    """A cheap identity key: interned IR nodes by identity, containers element-wise."""
    if isinstance(v, (Tm, Pr)):
        return id(v)
    if isinstance(v, tuple):
        return tuple(_key(x) for x in v)
    if isinstance(v, Token):
        return (v.type, str(v))
    try:
        hash(v)
        return v
    except TypeError:
        return repr(v)


def _intern(v: Any, table: dict[Any, Any]) -> Any:
    """Hash-consing: structurally equal IR nodes (built from interned children) become the
    same object, so readings are deduplicated by identity instead of deep hashing."""
    if not isinstance(v, (Tm, Pr)):
        return v
    k = (type(v), v.op, _key(v.args), v.text, _key(v.data))
    return table.setdefault(k, v)


# --------------------------------------------------------------------------------------
# Textbook semantics: typing, side conditions, Lean text
# --------------------------------------------------------------------------------------


def _is_num(s: Sort) -> bool:
    return not s.is_var and not s.args and not s.params and s.head in _RANK


def _resolve(s: Sort) -> Sort:
    if s.head == "Field?":
        return REAL
    if s.args or s.params:
        return Sort(s.head, tuple(_resolve(a) for a in s.args), s.is_var, s.params)
    return s


def _value_sort(s: Sort) -> Sort:
    """The sort facts see: a field quotient of integers is a rational value."""
    return RAT if s.head == "Field?" else s


def _lean_sort(s: Sort) -> str:
    s = _resolve(s)
    base = {"Nat": "ℕ", "Int": "ℤ", "Rat": "ℚ", "Real": "ℝ", "Complex": "ℂ", "Prop": "Prop", "Type": "Type*"}
    if s.is_var:
        return s.head
    if s.head in base and not s.args:
        return base[s.head]
    if s.head == "Fun":
        return "(" + " → ".join(_lean_sort(a) for a in s.args) + ")"
    if s.head in ("Set", "Finset", "List", "Polynomial") and len(s.args) == 1:
        return f"({s.head} {_lean_sort(s.args[0])})"
    if s.head in ("ZMod", "Fin") and len(s.params) == 1:
        p = s.params[0]
        return f"({s.head} {p.value if isinstance(p, Num) else p.name})"  # type: ignore[union-attr]
    if s.head == "WithBot" and s.args:
        return f"(WithBot {_lean_sort(s.args[0])})"
    raise ReadError("type", f"no Lean type for {s.head}")


def _describe(s: Sort) -> str:
    try:
        return _lean_sort(s)
    except ReadError:
        return s.head


@dataclass
class TT:
    """A typed term: its natural sort, how to print it at a target sort, and its value as an
    AST expression (for the side-condition facts)."""

    sort: Sort
    emit: Callable[[Sort], str]
    value: Expr
    homo: bool = False


def _cast(text: str, own: Sort, target: Sort) -> str:
    own_r, target_r = _resolve(own), _resolve(target)
    if own_r == target_r:
        return text
    return f"(({text} : {_lean_sort(own_r)}) : {_lean_sort(target_r)})"


def _own(sort: Sort, text_at_own: Callable[[], str], value: Expr) -> TT:
    """A term computed in its own sort and cast when used in a larger one."""
    return TT(sort, lambda t: _cast(text_at_own(), sort, t), value)


@dataclass
class _Semantics:
    conventions: frozenset[str]
    env: dict[str, Sort] = field(default_factory=dict)
    classes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)

    # ------------------------------------------------------------------ helpers

    def need(self, ok: bool, conv: str, what: str) -> None:
        """A partial operation: defined in context, or made total by a stated convention."""
        if ok:
            return
        if conv in self.conventions:
            self.used.add(conv)
            return
        raise ReadError("partial", f"{what} (and the sentence states no convention for it)")

    def join(self, a: Sort, b: Sort) -> Sort:
        if a == b or b.is_unknown:
            return a
        if a.is_unknown:
            return b
        if a.head == "WithBot" and b == NAT:
            return a
        if b.head == "WithBot" and a == NAT:
            return b
        if _is_num(a) and _is_num(b):
            return a if _RANK[a.head] >= _RANK[b.head] else b
        if a.is_var and _is_num(b) and b.head != "Complex":
            return a
        if b.is_var and _is_num(a) and a.head != "Complex":
            return b
        if a.head in ("ZMod", "Fin") and _is_num(b) and b.head == "Nat":
            return a
        if b.head in ("ZMod", "Fin") and _is_num(a) and a.head == "Nat":
            return b
        if a.head == _SETLIKE or b.head == _SETLIKE:
            return self.join_setlike(a, b)
        if a.head == b.head and len(a.args) == len(b.args) == 1:
            return Sort(a.head, (self.join(a.args[0], b.args[0]),))
        raise ReadError("type", f"cannot combine a {_describe(a)} with a {_describe(b)}")

    def join_setlike(self, a: Sort, b: Sort) -> Sort:
        if a.head == _SETLIKE and b.head == _SETLIKE:
            ea, eb = a.args[0], b.args[0]
            return Sort(_SETLIKE, (eb if ea.is_unknown else ea if eb.is_unknown else self.join(ea, eb),))
        if b.head == _SETLIKE:
            a, b = b, a
        if b.head not in ("Set", "Finset"):
            raise ReadError("type", f"a set literal where a {_describe(b)} is expected")
        if not a.args[0].is_unknown:
            self.join(a.args[0], b.args[0])
        return b

    def field_like(self, s: Sort) -> bool:
        if _is_num(s):
            return s.head != "Nat" and s.head != "Int"
        return s.is_var and bool(set(self.classes.get(s.head, ())) & _FIELDS)

    def group_like(self, s: Sort) -> bool:
        return s.is_var and bool(set(self.classes.get(s.head, ())) & _GROUPS)

    def has_zero(self, s: Sort) -> bool:
        """Elements of ``s`` may be 0: anything but a type whose stated structures provide none."""
        if not s.is_var:
            return True
        cls = self.classes.get(s.head)
        return not cls or not set(cls) <= _NO_ZERO

    # ------------------------------------------------------------------ terms

    def term(self, t: Tm, ctx: Context) -> TT:  # noqa: C901 - one dispatch over term forms
        op = t.op
        if op == "num":
            sort = NAT if re.fullmatch(r"\d+", t.text) else _FIELD
            text = t.text
            return TT(sort, lambda d: f"({text} : {_lean_sort(d)})", Num(text, _value_sort(sort)))
        if op == "var":
            return self.var(t.text)
        if op == "const":
            return _own(COMPLEX, lambda: "Complex.I", Const("Complex.I", COMPLEX))
        if op in ("add", "mul"):
            a, b = self.term(t.args[0], ctx), self.term(t.args[1], ctx)
            sort = self.join(a.sort, b.sort)
            self.arith_ok(sort, op)
            sym = "+" if op == "add" else "*"
            return self.homo(sym, a, b, sort)
        if op == "sub":
            a, b = self.term(t.args[0], ctx), self.term(t.args[1], ctx)
            sort = self.join(a.sort, b.sort)
            self.arith_ok(sort, op)
            if sort.head == "Nat" and not sort.is_var and not ctx.le(b.value, a.value):
                sort = INT  # textbook subtraction of natural numbers is an integer
            return self.homo("-", a, b, sort)
        if op == "monus":
            a, b = self.term(t.args[0], ctx), self.term(t.args[1], ctx)
            if a.sort != NAT or b.sort != NAT:
                raise ReadError("type", "∸ between numbers that are not natural numbers")
            if "monus" not in self.conventions:
                raise ReadError("partial", "∸ is used without its definition")
            self.used.add("monus")
            return _own(NAT, lambda: f"({a.emit(NAT)} - {b.emit(NAT)})", BinOp("-", a.value, b.value, NAT))
        if op == "div":
            return self.division(t, ctx)
        if op == "mod":
            return self.modulo(t, ctx)
        if op == "pow":
            return self.power(t, ctx)
        if op == "neg":
            a = self.term(t.args[0], ctx)
            sort = self.join(a.sort, INT) if _is_num(a.sort) else a.sort
            self.arith_ok(sort, "neg")
            return TT(sort, lambda d: f"(-{a.emit(d)})", UnOp("-", a.value, _value_sort(sort)), homo=True)
        if op == "fact":
            a = self.term(t.args[0], ctx)
            if a.sort != NAT:
                raise ReadError("type", f"the factorial of a {_describe(a.sort)} (only natural numbers have factorials)")
            return _own(NAT, lambda: f"(({a.emit(NAT)})!)", UnOp("!", a.value, NAT))
        if op == "inv":
            a = self.term(t.args[0], ctx)
            if _is_num(a.sort) or self.field_like(a.sort):
                sort = self.join(a.sort, _FIELD) if _is_num(a.sort) else a.sort
                self.need(ctx.nonzero(a.value), "inv0", "the inverse of a term that may be 0")
                return TT(sort, lambda d: f"({a.emit(d)})⁻¹", UnOp("⁻¹", a.value, _value_sort(sort)), homo=True)
            if self.group_like(a.sort):
                return _own(a.sort, lambda: f"({a.emit(a.sort)})⁻¹", UnOp("⁻¹", a.value, a.sort))
            raise ReadError("type", f"the inverse of a {_describe(a.sort)}")
        if op == "compl":
            a = self.term(t.args[0], ctx)
            self.set_sort(a.sort, "a complement")
            return TT(a.sort, lambda d: f"({a.emit(d)})ᶜ", UnOp("ᶜ", a.value, a.sort), homo=True)
        if op == "bars":
            return self.bars(t.args[0], ctx)
        if op in ("floor", "ceil"):
            return self.floor(t, ctx)
        if op == "sqrt":
            return self.function("sqrt", t.args, ctx)
        if op == "norm":
            return self.function("norm", t.args, ctx)
        if op == "call":
            return self.call(t, ctx)
        if op == "fn":
            return self.function(t.text, t.args, ctx)
        if op in ("union", "inter", "sdiff"):
            a, b = self.term(t.args[0], ctx), self.term(t.args[1], ctx)
            sort = self.join(a.sort, b.sort)
            self.set_sort(sort, "a set operation")
            sym = {"union": "∪", "inter": "∩", "sdiff": "\\"}[op]
            return TT(sort, lambda d: f"({a.emit(d)} {sym} {b.emit(d)})", BinOp(sym, a.value, b.value, sort), homo=True)
        if op == "setlit":
            elems = [self.term(x, ctx) for x in t.args]
            es = elems[0].sort
            for e in elems[1:]:
                es = self.join(es, e.sort)
            sort = Sort(_SETLIKE, (es,))

            def emit_lit(d: Sort, elems: list[TT] = elems) -> str:
                target = self.concrete_set(d, sort)
                inner = ", ".join(x.emit(target.args[0]) for x in elems)
                return f"({{{inner}}} : {_lean_sort(target)})"

            return TT(sort, emit_lit, App(Const("setlit"), tuple(x.value for x in elems), sort), homo=True)
        if op == "empty":
            sort = Sort(_SETLIKE, (Sort("?"),))
            return TT(sort, lambda d: f"(∅ : {_lean_sort(self.concrete_set(d, sort))})", Const("∅", sort), homo=True)
        if op == "typed_empty":
            sort = t.data
            self.check_sort(sort)
            return _own(sort, lambda: f"(∅ : {_lean_sort(sort)})", Const("∅", sort))
        if op == "univ":
            sort = t.data
            self.check_sort(sort)
            name = "Set.univ" if sort.head == "Set" else "Finset.univ"
            return _own(sort, lambda: f"({name} : {_lean_sort(sort)})", Const(name, sort))
        if op == "nil":
            if t.data is not None:
                typed = Sort("List", (t.data,))
                self.check_sort(typed)
                return _own(typed, lambda: f"([] : {_lean_sort(typed)})", Const("List.nil", typed))
            sort = Sort("List", (Sort("?"),))
            return TT(sort, lambda d: f"([] : {_lean_sort(d)})", Const("List.nil", sort), homo=True)
        if op == "interval":
            if ".Old" in (t.text or ""):
                raise ReadError("partial", "'from a to b' / 'strictly between a and b' does not say which bound is "
                                           "the lower one (between 5 and 2?): write 'at least a and at most b', "
                                           "'greater than a and less than b'")
            return self.interval(t, ctx)
        if op == "bigop":
            return self.bigop(t, ctx)
        if op == "setof":
            return self.setof(t, ctx)
        if op == "filter":
            return self.filter(t, ctx)
        raise ReadError("internal", f"term form {op}")

    def var(self, name: str) -> TT:
        if name in self.env:
            sort = self.env[name]
            if sort == TYPE:
                raise ReadError("type", f"the type {name} used as a value")
            return TT(sort, lambda d: name if _resolve(d) == sort else f"({name} : {_lean_sort(d)})", Var(name, sort))
        if name == "π":
            return _own(REAL, lambda: "Real.pi", Const("Real.pi", REAL))
        if name == "i":
            if "imag_i" not in self.conventions:  # "48 + 49 * i" must say what i is
                raise ReadError("type", "the name i is not bound, and the sentence does not say it is the imaginary unit")
            return _own(COMPLEX, lambda: "Complex.I", Const("Complex.I", COMPLEX))
        raise ReadError("type", f"the name {name} is not bound")

    def homo(self, sym: str, a: TT, b: TT, sort: Sort) -> TT:
        value = BinOp(sym, a.value, b.value, _value_sort(sort))
        if _is_num(sort) or sort.head == "Field?":
            return TT(sort, lambda d: f"({a.emit(self.at_least(d, sort))} {sym} {b.emit(self.at_least(d, sort))})", value, True)
        return TT(sort, lambda d: _cast(f"({a.emit(sort)} {sym} {b.emit(sort)})", sort, d), value, True)

    def at_least(self, d: Sort, sort: Sort) -> Sort:
        """The domain of a homomorphic operation used at target ``d``."""
        if _is_num(d) and _is_num(sort) and _RANK[d.head] >= _RANK[sort.head]:
            return d
        if d.head == "Field?" and _is_num(sort) and _RANK[sort.head] <= 1.5:
            return d
        return sort if not (d.is_var or d.head in ("ZMod", "Fin")) else d

    def arith_ok(self, sort: Sort, what: str) -> None:
        if _is_num(sort) or sort.head == "Field?" or sort.is_var or sort.head in ("ZMod", "Fin", "Polynomial", "WithBot"):
            return
        raise ReadError("type", f"arithmetic ({what}) on a {_describe(sort)}")

    def set_sort(self, s: Sort, what: str) -> None:
        if s.head not in ("Set", "Finset", _SETLIKE):
            raise ReadError("type", f"{what} of a {_describe(s)}")

    def check_sort(self, s: Sort) -> None:
        for a in s.args:
            self.check_sort(a)
        if s.is_var and self.env.get(s.head) != TYPE:
            raise ReadError("type", f"{s.head} is not a type in scope")
        for p in s.params:
            if isinstance(p, Var) and self.env.get(p.name) != NAT:
                raise ReadError("type", f"{p.name} is not a natural number in scope")

    def concrete_set(self, d: Sort, sort: Sort) -> Sort:
        if d.head in ("Set", "Finset") and len(d.args) == 1:
            return d
        if sort.args and not sort.args[0].is_unknown:
            return Sort("Set", (sort.args[0],))
        raise ReadError("type", "the empty set without a type")

    def division(self, t: Tm, ctx: Context) -> TT:
        a, b = self.term(t.args[0], ctx), self.term(t.args[1], ctx)
        sort = self.join(a.sort, b.sort)
        if _is_num(sort) or sort.head == "Field?":
            sort = self.join(sort, _FIELD)
            self.need(ctx.nonzero(b.value), "div0", "division by a term that may be 0")
            value = BinOp("/", a.value, b.value, _value_sort(sort))
            tt = TT(sort, lambda d: f"({a.emit(self.at_least(d, sort))} / {b.emit(self.at_least(d, sort))})", value, True)
            tt.quotient = (a, b)  # type: ignore[attr-defined]
            return tt
        if self.field_like(sort):
            self.need(ctx.nonzero(b.value), "div0", "division by a term that may be 0")
        elif not self.group_like(sort):
            raise ReadError("type", f"division of {_describe(sort)} values")
        return _own(sort, lambda: f"({a.emit(sort)} / {b.emit(sort)})", BinOp("/", a.value, b.value, sort))

    def floor(self, t: Tm, ctx: Context) -> TT:
        inner = t.args[0]
        if t.op == "floor" and isinstance(inner, Tm) and inner.op == "div":
            a, b = self.term(inner.args[0], ctx), self.term(inner.args[1], ctx)
            if a.sort in (NAT, INT) and b.sort in (NAT, INT):
                sort = NAT if a.sort == b.sort == NAT else INT
                if sort == NAT or ctx.nonneg(b.value):
                    self.need(ctx.nonzero(b.value), "div0", "division by a term that may be 0")
                    return _own(sort, lambda: f"({a.emit(sort)} / {b.emit(sort)})", BinOp("/", a.value, b.value, sort))
        x = self.term(inner, ctx)
        if not _is_num(x.sort) and x.sort.head != "Field?":
            raise ReadError("type", f"the floor of a {_describe(x.sort)}")
        if x.sort.head == "Complex":
            raise ReadError("type", "the floor of a complex number")
        name = "Int.floor" if t.op == "floor" else "Int.ceil"
        at = _resolve(x.sort) if _RANK[x.sort.head] >= 1 else INT
        return _own(INT, lambda: f"({name} {x.emit(at)})", App(Const(name), (x.value,), INT))

    def modulo(self, t: Tm, ctx: Context) -> TT:
        a, b = self.term(t.args[0], ctx), self.term(t.args[1], ctx)
        if a.sort not in (NAT, INT) or b.sort not in (NAT, INT):
            raise ReadError("type", "mod between numbers that are not integers")
        sort = NAT if a.sort == b.sort == NAT else INT
        if sort == INT and not ctx.nonneg(b.value):
            raise ReadError("partial", "an integer modulo a number that may be negative")
        if sort == INT and not ctx.nonneg(a.value):
            # -1 mod 2 is 1 (Euclidean, Lean) or -1 (truncated): the sentence must say which
            raise ReadError("partial", "mod of an integer that may be negative (say 'the Euclidean remainder')")
        self.need(ctx.nonzero(b.value), "mod0", "a remainder modulo a term that may be 0")
        return _own(sort, lambda: f"({a.emit(sort)} % {b.emit(sort)})", BinOp("%", a.value, b.value, sort))

    def power(self, t: Tm, ctx: Context) -> TT:
        base, ex = self.term(t.args[0], ctx), self.term(t.args[1], ctx)
        bs = base.sort
        value = BinOp("^", base.value, ex.value, _value_sort(bs))
        if ex.sort == NAT:
            self.arith_ok(bs, "a power")
            self.need(ctx.nonzero(base.value) or ctx.pos(ex.value) or not self.has_zero(bs), "pow00", "0^0 may occur")
            if _is_num(bs) or bs.head == "Field?":
                return TT(bs, lambda d: f"({base.emit(self.at_least(d, bs))} ^ {ex.emit(NAT)})", value, True)
            return _own(bs, lambda: f"({base.emit(bs)} ^ {ex.emit(NAT)})", value)
        if ex.sort == INT:
            sort = self.join(bs, _FIELD) if _is_num(bs) else bs
            if not (self.field_like(sort) or sort.head == "Field?" or self.group_like(sort)):
                raise ReadError("type", f"an integer power of a {_describe(bs)}")
            if not self.group_like(sort) and not ctx.nonzero(base.value):
                self.need(ctx.nonneg(ex.value), "inv0", "a negative power of a term that may be 0")
                self.need(ctx.pos(ex.value) or not self.has_zero(sort), "pow00", "0^0 may occur")
            value = BinOp("^", base.value, ex.value, _value_sort(sort))
            if _is_num(sort) or sort.head == "Field?":
                return TT(sort, lambda d: f"({base.emit(self.at_least(d, sort))} ^ {ex.emit(INT)})", value, True)
            return _own(sort, lambda: f"({base.emit(sort)} ^ {ex.emit(INT)})", value)
        if _is_num(ex.sort) or ex.sort.head == "Field?":
            if not (_is_num(bs) or bs.head == "Field?") or bs.head == "Complex" or ex.sort.head == "Complex":
                raise ReadError("type", f"a real power of a {_describe(bs)}")
            if not (ctx.pos(base.value) or (ctx.nonneg(base.value) and ctx.pos(ex.value))):
                raise ReadError("partial", "a real power of a base that may be negative or zero")
            return _own(REAL, lambda: f"({base.emit(REAL)} ^ {ex.emit(REAL)})", BinOp("^", base.value, ex.value, REAL))
        raise ReadError("type", f"an exponent that is a {_describe(ex.sort)}")

    def bars(self, x_tm: Tm, ctx: Context) -> TT:
        x = self.term(x_tm, ctx)
        x = self.as_finset(x)
        if x.sort.head == "Finset":
            return _own(NAT, lambda: f"(Finset.card {x.emit(x.sort)})", App(Const("Finset.card"), (x.value,), NAT))
        if x.sort.head == "Complex":
            return _own(REAL, lambda: f"(Complex.abs {x.emit(COMPLEX)})", App(Const("Complex.abs"), (x.value,), REAL))
        if _is_num(x.sort) or x.sort.head == "Field?":
            sort = self.join(x.sort, INT)
            return TT(sort, lambda d: f"|{x.emit(self.at_least(d, sort))}|", UnOp("abs", x.value, _value_sort(sort)), True)
        if x.sort.is_var:
            return _own(x.sort, lambda: f"|{x.emit(x.sort)}|", UnOp("abs", x.value, x.sort))
        raise ReadError("type", f"|…| of a {_describe(x.sort)}")

    def as_finset(self, x: TT) -> TT:
        """A set literal whose cardinality is taken is a finite set."""
        if x.sort.head == _SETLIKE and not x.sort.args[0].is_unknown:
            fs = Sort("Finset", x.sort.args)
            return TT(fs, lambda d: x.emit(fs), x.value, x.homo)
        return x

    def call(self, t: Tm, ctx: Context) -> TT:
        name = t.text
        if name in self.env:
            fs = self.env[name]
            if not fs.is_fun or len(fs.args) - 1 != len(t.args):
                raise ReadError("type", f"{name} applied to {len(t.args)} arguments")
            args = [self.term(a, ctx) for a in t.args]
            for a, s in zip(args, fs.args[:-1], strict=True):
                self.join(a.sort, s)
            res = fs.args[-1]
            if res == PROP:
                raise ReadError("type", f"the predicate {name} used as a value")
            return _own(
                res,
                lambda: "(" + " ".join([name, *(a.emit(s) for a, s in zip(args, fs.args, strict=False))]) + ")",
                App(Var(name, fs), tuple(a.value for a in args), res),
            )
        known = {"gcd": "gcd", "lcm": "lcm", "max": "max", "min": "min", "exp": "exp", "ln": "log",
                 "log": "log_nobase", "sin": "sin",
                 "cos": "cos", "arctan": "arctan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "C": "choose",
                 "succ": "succ", "φ": "totient", "length": "length", "deg": "deg", "re": "re", "im": "im",
                 "dist": "dist"}  # fmt: skip
        if name not in known:
            raise ReadError("type", f"the function {name} is not known")
        return self.function(known[name], t.args, ctx)

    def function(self, fn: str, arg_tms: Sequence[Tm], ctx: Context) -> TT:  # noqa: C901
        if fn == "log_nobase":
            raise ReadError("partial", "'log' / 'the logarithm of' does not name its base (e or 10?): "
                                       "write 'ln' or 'the natural logarithm of'")
        args = [self.term(a, ctx) for a in arg_tms]

        def arity(n: int) -> None:
            if len(args) != n:
                raise ReadError("type", f"{fn} applied to {len(args)} arguments")

        real1 = {"sqrt": "Real.sqrt", "exp": "Real.exp", "log": "Real.log", "sin": "Real.sin", "cos": "Real.cos",
                 "arctan": "Real.arctan", "sinh": "Real.sinh", "cosh": "Real.cosh", "tanh": "Real.tanh"}  # fmt: skip
        if fn in real1:
            arity(1)
            (x,) = args
            if not (_is_num(x.sort) or x.sort.head == "Field?") or x.sort.head == "Complex":
                raise ReadError("type", f"{fn} of a {_describe(x.sort)}")
            if fn == "sqrt":
                self.need(ctx.nonneg(x.value), "sqrt_neg", "the square root of a term that may be negative")
            if fn == "log" and not ctx.pos(x.value):
                self.need(False, "log0", "the logarithm of a term that may be 0")
                if not ctx.nonneg(x.value):
                    self.need(False, "log_neg", "the logarithm of a term that may be negative")
            name = real1[fn]
            return _own(REAL, lambda: f"({name} {x.emit(REAL)})", App(Const(name), (x.value,), REAL))
        if fn in ("gcd", "lcm"):
            arity(2)
            a, b = args
            s = self.join(a.sort, b.sort)
            if s not in (NAT, INT):
                raise ReadError("type", f"{fn} of {_describe(s)} values")
            if fn == "gcd":
                self.need(ctx.nonzero(a.value) or ctx.nonzero(b.value), "gcd0",
                          "the greatest common divisor of two terms that may both be 0")
            else:
                self.need(ctx.nonzero(a.value) and ctx.nonzero(b.value), "lcm0",
                          "the least common multiple of a term that may be 0")
            name = ("Nat." if s == NAT else "Int.") + fn
            return _own(NAT, lambda: f"({name} {a.emit(s)} {b.emit(s)})", App(Const(name), (a.value, b.value), NAT))
        if fn in ("max", "min"):
            arity(2)
            a, b = args
            s = self.join(a.sort, b.sort)
            value = App(Const(fn), (a.value, b.value), _value_sort(s))
            if _is_num(s) or s.head == "Field?":
                return TT(s, lambda d: f"({fn} {a.emit(self.at_least(d, s))} {b.emit(self.at_least(d, s))})", value, True)
            return _own(s, lambda: f"({fn} {a.emit(s)} {b.emit(s)})", value)
        if fn == "abs":
            arity(1)
            return self.bars(arg_tms[0], ctx)
        if fn == "card":
            arity(1)
            s = self.as_finset(args[0])
            if s.sort.head != "Finset":
                raise ReadError("type", f"the number of elements of a {_describe(s.sort)}")
            return _own(NAT, lambda: f"(Finset.card {s.emit(s.sort)})", App(Const("Finset.card"), (s.value,), NAT))
        nat1 = {"succ": "Nat.succ", "totient": "Nat.totient", "range": "Finset.range"}
        if fn in nat1:
            arity(1)
            (n,) = args
            if n.sort != NAT:
                raise ReadError("type", f"{fn} of a {_describe(n.sort)}")
            if fn == "totient":
                self.need(ctx.nonzero(n.value), "totient0", "Euler's totient of a term that may be 0")
            name = nat1[fn]
            res = Sort("Finset", (NAT,)) if fn == "range" else NAT
            return _own(res, lambda: f"({name} {n.emit(NAT)})", App(Const(name), (n.value,), res))
        if fn == "choose":
            arity(2)
            n, k = args
            if n.sort != NAT or k.sort != NAT:
                raise ReadError("type", "C(n, k) of numbers that are not natural numbers")
            self.need(ctx.choose_defined(n.value, k.value), "choose0", "C(n, k) with a k that may be greater than n")
            return _own(NAT, lambda: f"(Nat.choose {n.emit(NAT)} {k.emit(NAT)})", App(Const("Nat.choose"), (n.value, k.value), NAT))
        if fn in ("ediv", "emod"):
            arity(2)
            a, b = args
            if a.sort not in (NAT, INT) or b.sort not in (NAT, INT):
                raise ReadError("type", "Euclidean division of numbers that are not integers")
            if fn == "ediv":
                self.need(ctx.nonzero(b.value), "div0", "division by a term that may be 0")
            else:
                self.need(ctx.nonzero(b.value), "mod0", "a remainder modulo a term that may be 0")
            sym = "/" if fn == "ediv" else "%"
            return _own(INT, lambda: f"({a.emit(INT)} {sym} {b.emit(INT)})", BinOp(sym, a.value, b.value, INT))
        if fn in ("floor", "ceil"):
            arity(1)
            return self.floor(Tm(fn, tuple(arg_tms)), ctx)
        if fn == "compl":
            arity(1)
            return self.term(Tm("compl", tuple(arg_tms)), ctx)
        if fn in ("inter", "union", "sdiff"):
            arity(2)
            return self.term(Tm(fn, tuple(arg_tms)), ctx)
        if fn == "powerset":
            arity(1)
            (s,) = args
            if s.sort.head not in ("Set", "Finset"):
                raise ReadError("type", "the power set of something that is not a set")
            name = f"{s.sort.head}.powerset"
            res = Sort(s.sort.head, (s.sort,))
            return _own(res, lambda: f"({name} {s.emit(s.sort)})", App(Const(name), (s.value,), res))
        if fn in ("length", "listsum", "reverse"):
            arity(1)
            (lst,) = args
            if lst.sort.head != "List":
                raise ReadError("type", f"{fn} of a {_describe(lst.sort)}")
            name = {"length": "List.length", "listsum": "List.sum", "reverse": "List.reverse"}[fn]
            res = NAT if fn == "length" else lst.sort.args[0] if fn == "listsum" else lst.sort
            return _own(res, lambda: f"({name} {lst.emit(lst.sort)})", App(Const(name), (lst.value,), res))
        if fn in ("append", "cons"):
            arity(2)
            a, b = args
            if fn == "append":
                s = self.join(a.sort, b.sort)
                if s.head != "List":
                    raise ReadError("type", "concatenation of things that are not lists")
                return _own(s, lambda: f"({a.emit(s)} ++ {b.emit(s)})", BinOp("++", a.value, b.value, s))
            if b.sort.head != "List":
                raise ReadError("type", "prepending to something that is not a list")
            lst = b.sort if not b.sort.args[0].is_unknown else Sort("List", (a.sort,))
            return _own(lst, lambda: f"({a.emit(lst.args[0])} :: {b.emit(lst)})", BinOp("::", a.value, b.value, lst))
        if fn == "deg":
            arity(1)
            (p,) = args
            if p.sort.head != "Polynomial":
                raise ReadError("type", "the degree of something that is not a polynomial")
            self.need(False, "deg0", "the degree of a polynomial that may be 0")
            res = Sort("WithBot", (NAT,))
            return _own(res, lambda: f"(Polynomial.degree {p.emit(p.sort)})", App(Const("Polynomial.degree"), (p.value,), res))
        if fn in ("re", "im", "cabs"):
            arity(1)
            (z,) = args
            if not (_is_num(z.sort) or z.sort.head == "Field?"):
                raise ReadError("type", f"{fn} of a {_describe(z.sort)}")
            name = {"re": "Complex.re", "im": "Complex.im", "cabs": "Complex.abs"}[fn]
            return _own(REAL, lambda: f"({name} {z.emit(COMPLEX)})", App(Const(name), (z.value,), REAL))
        if fn == "dist":
            arity(2)
            a, b = args
            s = self.join(a.sort, b.sort)
            if not (_is_num(s) or s.head == "Field?") or s.head == "Complex":
                raise ReadError("type", f"the distance between {_describe(s)} values")
            return _own(REAL, lambda: f"(dist {a.emit(REAL)} {b.emit(REAL)})", App(Const("dist"), (a.value, b.value), REAL))
        if fn == "norm":
            arity(1)
            (x,) = args
            if not _is_num(x.sort) and x.sort.head != "Field?":
                raise ReadError("type", f"the norm of a {_describe(x.sort)}")
            at = _resolve(self.join(x.sort, REAL))
            return _own(REAL, lambda: f"‖{x.emit(at)}‖", App(Const("norm"), (x.value,), REAL))
        if fn in ("erase", "insert"):
            arity(2)
            s, a = args
            if s.sort.head not in ("Finset", "Set") or (fn == "erase" and s.sort.head != "Finset"):
                raise ReadError("type", f"{fn} on a {_describe(s.sort)}")
            el = s.sort.args[0]
            self.join(a.sort, el)
            if fn == "erase":
                return _own(s.sort, lambda: f"(Finset.erase {s.emit(s.sort)} {a.emit(el)})",
                            App(Const("Finset.erase"), (s.value, a.value), s.sort))
            return _own(s.sort, lambda: f"(Insert.insert {a.emit(el)} {s.emit(s.sort)})",
                        App(Const("Insert.insert"), (a.value, s.value), s.sort))
        raise ReadError("type", f"the function {fn} is not known")

    def interval(self, t: Tm, ctx: Context) -> TT:
        el = t.data
        self.check_sort(el)
        name = t.text
        head = name.split(".")[0]
        bounds = [self.term(b, ctx) for b in t.args]
        for b in bounds:
            self.join(b.sort, el)
        res = Sort(head, (el,))
        text = " ".join(b.emit(el) for b in bounds)
        return _own(res, lambda: f"({name} {text})", App(Const(name), tuple(b.value for b in bounds), res))

    def bind(self, name: str, sort: Sort) -> dict[str, Sort]:
        saved = dict(self.env)
        self.env[name] = sort
        return saved

    def bigop(self, t: Tm, ctx: Context) -> TT:
        body_tm, s_tm = t.args
        var = t.data
        s = self.term(s_tm, ctx)
        if s.sort.head != "Finset":
            raise ReadError("type", f"a sum over a {_describe(s.sort)}")
        el = s.sort.args[0]
        saved = self.bind(var, el)
        try:
            body = self.term(body_tm, ctx.forget(var))
        finally:
            self.env = saved
        res = body.sort if not body.sort.head == "Field?" else REAL
        name = t.text
        return _own(res, lambda: f"({name} {s.emit(s.sort)} (fun ({var} : {_lean_sort(el)}) => {body.emit(res)}))",
                    App(Const(name), (s.value,), res))

    def setof(self, t: Tm, ctx: Context) -> TT:
        binders = t.data
        if len(binders) != 1 or binders[0] == "struct":
            raise ReadError("type", "a set of several variables")
        (name, sort), = binders
        self.check_sort(sort)
        saved = self.bind(name, sort)
        try:
            body = self.prop(t.args[0], ctx.forget(name))
        finally:
            self.env = saved
        res = Sort("Set", (sort,))
        return _own(res, lambda: f"{{{name} : {_lean_sort(sort)} | {body}}}", App(Const("setOf"), (), res))

    def filter(self, t: Tm, ctx: Context) -> TT:
        s_tm, p_pr = t.args
        var = t.data
        s = self.term(s_tm, ctx)
        if s.sort.head != "Finset":
            raise ReadError("type", f"the elements of a {_describe(s.sort)} such that …")
        el = s.sort.args[0]
        saved = self.bind(var, el)
        try:
            body = self.prop(p_pr, ctx.forget(var))
        finally:
            self.env = saved
        return _own(s.sort, lambda: f"(Finset.filter (fun ({var} : {_lean_sort(el)}) => {body}) {s.emit(s.sort)})",
                    App(Const("Finset.filter"), (s.value,), s.sort))

    # ------------------------------------------------------------------ propositions

    def prop(self, p: Pr, ctx: Context) -> str:
        return self.clause(p, ctx)[0]

    def clause(self, p: Pr, ctx: Context) -> tuple[str, Expr | None]:
        """Lean text of a clause and the hypothesis it contributes to the context of the
        clauses after it (``None``: nothing usable)."""
        if p.op == "rel":
            text, value = self.relation(p, ctx)
            return text, value if p.text in ("=", "≠", "≤", "<", "≥", ">") else None
        if p.op == "and":
            parts = []
            facts: list[Expr] = []
            inner = ctx
            for item in p.args:
                txt, fact = self.clause(item, inner)
                parts.append(f"({txt})")
                if fact is not None:
                    facts.append(fact)
                    inner = inner.assume(fact)
            combined: Expr | None = None
            for f in facts:
                combined = f if combined is None else BinOp("∧", combined, f, PROP)
            return _right_nest(parts, "∧"), combined
        return self.other_prop(p, ctx), None

    def other_prop(self, p: Pr, ctx: Context) -> str:
        op = p.op
        if op == "pred":
            return self.predicate(p, ctx)
        if op == "holds":
            return self.holds(p, ctx)
        if op == "true":
            return "True"
        if op == "false":
            return "False"
        if op == "not":
            return f"¬ ({self.prop(p.args[0], ctx)})"
        if op == "or":
            return _right_nest([f"({self.prop(item, ctx)})" for item in p.args], "∨")
        if op == "iff":
            a, b = p.args
            return f"({self.prop(a, ctx)}) ↔ ({self.prop(b, ctx)})"
        if op == "if":
            hyp, concl = p.args
            hyps = list(hyp.args) if hyp.op == "and" and not hyp.data else [hyp]
            parts = []
            inner = ctx
            for h in hyps:
                txt, fact = self.clause(h, inner)
                parts.append(f"({txt})")
                if fact is not None:
                    inner = inner.assume(fact)
            parts.append(f"({self.prop(concl, inner)})")
            return _right_nest(parts, "→")
        if op in ("forall", "exists", "unique"):
            return self.quantified(p, ctx)
        raise ReadError("internal", f"proposition form {op}")

    def relation(self, p: Pr, ctx: Context) -> tuple[str, Expr]:
        op = p.text
        a, b = self.term(p.args[0], ctx), self.term(p.args[1], ctx)
        if op in ("∈", "∋"):
            if op == "∋":
                a, b = b, a  # "t contains s": s ∈ t, or s ⊆ t for a set s of the same type
                if b.sort.head in ("Set", "Finset", _SETLIKE) and a.sort.head in ("Set", "Finset", _SETLIKE):
                    try:
                        sort = self.join(a.sort, b.sort)
                        return self.emit_rel("⊆", a, b, sort)
                    except ReadError:
                        pass
            if b.sort.head not in ("Set", "Finset", _SETLIKE):
                raise ReadError("type", f"membership in a {_describe(b.sort)}")
            el = b.sort.args[0]
            el = a.sort if el.is_unknown else self.join(a.sort, el)
            set_sort = b.sort if b.sort.head != _SETLIKE else Sort("Set", (el,))
            text = f"({a.emit(el)} ∈ {b.emit(set_sort)})"
            return text, BinOp("∈", a.value, b.value, PROP)
        sort = self.join(a.sort, b.sort)
        if op in ("⊆", "⊂"):
            self.set_sort(sort, "inclusion")
        if op in ("≤", "<", "≥", ">") and (sort.head == "Complex" or sort.head in ("Set", "Finset", _SETLIKE)):
            raise ReadError("type", f"an order comparison of {_describe(sort)} values")
        if op == "∣":
            if sort.head not in ("Nat", "Int") and not sort.is_var:
                raise ReadError("type", f"divisibility among {_describe(sort)} values")
        return self.emit_rel(op, a, b, sort)

    def emit_rel(self, op: str, a: TT, b: TT, sort: Sort) -> tuple[str, Expr]:
        if sort.head == _SETLIKE:
            if sort.args[0].is_unknown:
                raise ReadError("type", "the empty set without a type")
            sort = Sort("Set", sort.args)
        d = _resolve(sort)
        return f"({a.emit(d)} {op} {b.emit(d)})", BinOp(op, a.value, b.value, PROP)

    def predicate(self, p: Pr, ctx: Context) -> str:  # noqa: C901
        name = p.text
        args = [self.term(a, ctx) for a in p.args]
        x = args[0]
        s = x.sort
        if name == "prime":
            if s == NAT:
                return f"(Nat.Prime {x.emit(NAT)})"
            if s == INT:
                return f"(Prime {x.emit(INT)})"
            raise ReadError("type", f"'prime' said of a {_describe(s)}")
        if name == "prime_element":
            return f"(Prime {x.emit(s)})"
        if name in ("even", "odd", "squarefree", "square"):
            if s not in (NAT, INT):
                raise ReadError("type", f"'{name}' said of a {_describe(s)} (a property of integers)")
            lean = {"even": "Even", "odd": "Odd", "squarefree": "Squarefree", "square": "IsSquare"}[name]
            return f"({lean} {x.emit(s)})"
        if name == "irrational":
            if not (_is_num(s) or s.head == "Field?") or s.head == "Complex":
                raise ReadError("type", f"'irrational' said of a {_describe(s)}")
            return f"(Irrational {x.emit(REAL)})"
        if name in ("open", "closed", "compact", "finite", "infinite", "nonempty"):
            if s.head not in ("Set", "Finset"):
                raise ReadError("type", f"'{name}' said of a {_describe(s)}")
            if name == "nonempty":
                return f"({s.head}.Nonempty {x.emit(s)})"
            if s.head != "Set":
                raise ReadError("type", f"'{name}' said of a finite set")
            lean = {"open": "IsOpen", "closed": "IsClosed", "compact": "IsCompact", "finite": "Set.Finite",
                    "infinite": "Set.Infinite"}[name]  # fmt: skip
            return f"({lean} {x.emit(s)})"
        if name in ("injective", "surjective", "bijective", "continuous", "monotone", "strictmono"):
            if not s.is_fun:
                raise ReadError("type", f"'{name}' said of a {_describe(s)}")
            lean = {"injective": "Function.Injective", "surjective": "Function.Surjective",
                    "bijective": "Function.Bijective", "continuous": "Continuous", "monotone": "Monotone",
                    "strictmono": "StrictMono"}[name]  # fmt: skip
            return f"({lean} {x.emit(s)})"
        if name == "coprime":
            y = args[1]
            if x.sort != NAT or y.sort != NAT:
                raise ReadError("type", "'coprime' said of numbers that are not natural numbers")
            return f"(Nat.Coprime {x.emit(NAT)} {y.emit(NAT)})"
        if name == "congruent":
            n, a, b = args
            sort = self.join(self.join(n.sort, a.sort), b.sort)
            if sort not in (NAT, INT):
                raise ReadError("type", f"congruence of {_describe(sort)} values")
            lean = "Nat.ModEq" if sort == NAT else "Int.ModEq"
            return f"({lean} {n.emit(sort)} {a.emit(sort)} {b.emit(sort)})"
        raise ReadError("internal", f"predicate {name}")

    def holds(self, p: Pr, ctx: Context) -> str:
        name = p.text
        if name not in self.env:
            raise ReadError("type", f"the name {name} is not bound")
        s = self.env[name]
        if not p.args:
            if s != PROP:
                raise ReadError("type", f"{name} is not a proposition")
            return name
        if not s.is_fun or s.args[-1] != PROP or len(s.args) - 1 != len(p.args):
            raise ReadError("type", f"{name} is not a predicate of {len(p.args)} arguments")
        args = [self.term(a, ctx) for a in p.args]
        for a, srt in zip(args, s.args, strict=False):
            self.join(a.sort, srt)
        return "(" + " ".join([name, *(a.emit(srt) for a, srt in zip(args, s.args, strict=False))]) + ")"

    def quantified(self, p: Pr, ctx: Context) -> str:
        binders = p.data
        saved_env, saved_classes = dict(self.env), dict(self.classes)
        heads: list[str] = []
        inner = ctx
        try:
            if p.op == "unique" and len(binders) != 1:
                raise ReadError("type", "'exactly one' with several variables")
            for b in binders:
                if b[0] == "struct":
                    _, name, classes = b
                    self.env[name] = TYPE
                    self.classes[name] = tuple(classes)
                    heads.append(f"∀ {{{name} : Type*}}")
                    heads.extend(f"∀ [{c} {name}]" for c in classes)
                    inner = inner.forget(name)
                    continue
                name, sort = b
                if sort == TYPE:
                    if p.op != "forall":
                        raise ReadError("type", "an existential over types")
                    self.env[name] = TYPE
                    self.classes[name] = ()
                    heads.append(f"∀ {{{name} : Type*}}")
                    inner = inner.forget(name)
                    continue
                self.check_sort(sort)
                q = {"forall": "∀", "exists": "∃", "unique": "∃!"}[p.op]
                heads.append(f"{q} ({name} : {_lean_sort(sort)})")
                self.env[name] = sort
                inner = inner.forget(name)
            body = self.prop(p.args[0], inner)
        finally:
            self.env, self.classes = saved_env, saved_classes
        return "".join(f"{h}, " for h in heads) + f"({body})"


def _right_nest(parts: list[str], op: str) -> str:
    """``A op B op C`` for a right-associative connective (each part is parenthesised), so
    long lists do not nest."""
    return f" {op} ".join(parts)


# --------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------


def read_english(text: str) -> ReadResult:
    """Read an ``nl_question`` (question frame allowed) into formula(s).  Results are
    immutable and cached per text (reading is deterministic)."""
    if not isinstance(text, str) or not text.strip():
        return ReadResult(str(text), "", error="empty statement", code="empty")
    return _read_cached(text)


@lru_cache(maxsize=4096)
def _read_cached(text: str) -> ReadResult:
    statement, offset = _strip_frame(text.strip())
    lead = len(text) - len(text.lstrip())
    offset += lead
    if not statement:
        return ReadResult(text, "", error="empty statement", code="empty")
    if len(statement) > MAX_CHARS:
        return ReadResult(text, statement, error=f"the sentence has {len(statement)} characters (limit {MAX_CHARS})",
                          code="too-long")
    try:
        tree = _parser().parse(statement)
    except UnexpectedInput as exc:
        pos = getattr(exc, "pos_in_stream", None)
        col = pos if isinstance(pos, int) else None
        where = f" at character {offset + col}" if col is not None else ""
        near = statement[col: col + 20] if col is not None else ""
        msg = f"not in the controlled English grammar{where}" + (f" (near {near!r})" if near else "")
        return ReadResult(text, statement, error=msg, code="syntax", position=None if col is None else offset + col)
    if _guarded_any(tree):
        return ReadResult(text, statement, ambiguous=True, code="ambiguous",
                          error="ambiguous: 'for any' inside a negation or a condition reads as 'for every' and "
                                "as 'for some' (write 'for every')")
    memo: dict[Any, Any] = {}
    # "natural number(s)" leaves open whether 0 is one; the reading needs the convention
    natural_word = any(st.data in ("n_natw", "ph_range_natw") for st in tree.iter_subtrees())
    try:
        readings = _readings(tree, memo)
    except ReadError as exc:
        return ReadResult(text, statement, error=str(exc), code=exc.code)
    except RecursionError:
        return ReadResult(text, statement, error="the sentence is nested too deeply", code="too-long")
    lean_texts: list[str] = []
    formulas: list[Declaration] = []
    keys: list[str] = []
    errors: list[ReadError] = []
    partial = 0  # readings that exist but are undefined under the textbook reading
    conventions: set[str] = set()
    for _, prop, convs in readings:
        if len(formulas) + partial >= 2:
            break  # ambiguous: two readings are enough to say so
        sem = _Semantics(frozenset(convs))
        if natural_word and "nat0" not in convs:
            errors.append(ReadError("partial", "'natural number' does not say whether 0 is one: write 'nonnegative "
                                               "integer' or state ', where 0 is a natural number'"))
            partial += 1
            continue
        try:
            body = sem.prop(prop, Context())
        except ReadError as exc:
            errors.append(exc)
            partial += exc.code == "partial"
            continue
        lean = f"theorem english_statement : {body}"
        try:
            decl = parse_declaration(lean)
        except ParseError as exc:
            code = "type" if getattr(exc, "kind", None) == "type" else "internal"
            errors.append(ReadError(code, f"the reading does not elaborate as Lean: {exc}"))
            continue
        key = canonical_key(normal_form(decl))
        if key in keys:
            continue
        keys.append(key)
        lean_texts.append(lean)
        formulas.append(decl)
        conventions |= set(convs)
    n_readings = len(formulas) + partial
    if memo.get("truncated") and n_readings < 2:
        # some readings were not examined: one surviving reading proves nothing
        return ReadResult(text, statement, formulas=tuple(formulas), lean=tuple(lean_texts), ambiguous=True,
                          error="ambiguous: too many readings to examine them all", code="ambiguous",
                          conventions=tuple(sorted(conventions)))
    if n_readings > 1:
        undefined = f" ({partial} of them undefined without a convention)" if partial else ""
        return ReadResult(
            text, statement, formulas=tuple(formulas), lean=tuple(lean_texts), ambiguous=True,
            error=f"ambiguous: at least {n_readings} readings{undefined}", code="ambiguous",
            conventions=tuple(sorted(conventions)),
        )
    if not formulas:
        err = _best_error(errors)
        return ReadResult(text, statement, error=str(err), code=err.code)
    return ReadResult(text, statement, formulas=tuple(formulas), lean=tuple(lean_texts),
                      conventions=tuple(sorted(conventions)))


#: where "any" is read as "some" or "no" by many readers: under a negation, in a condition
_GUARDS = {"not_prop": (0,), "not_exists_one": (1,), "not_exists_plural": (1,), "if_then": (0,),
           "implies_that": (0,), "whenever": (1,), "iff_prop": (0, 2)}  # both sides of "if and only if"


def _guarded_any(tree: Any) -> bool:
    """Does "for any" occur inside a negation or a condition ("it is not the case that for
    any x, …", "if for any x, … then …")?"""
    for st in tree.iter_subtrees():
        idx = _GUARDS.get(st.data)
        if idx is None:
            continue
        kids = [c for c in st.children if not isinstance(c, Token)]
        for i in idx:
            if i >= len(kids) or isinstance(kids[i], Token):
                continue
            inner = [kids[i]]
            if st.data == "iff_prop" and i == 0:
                # "for any x, for any y, A if and only if B" read as "(for any x, for any y,
                # A) iff B": the leading quantifiers open the sentence there, where "any" is
                # "every"; past them, "for any" is inside a condition
                inner = []
                side = kids[i]
                while not isinstance(side, Token) and side.data in _QUANTIFIER_RULES:
                    parts = [c for c in side.children if not isinstance(c, Token)]
                    inner.extend(parts[:-1])
                    side = parts[-1]
                inner.append(side)
            if any(t.data in _ANY for c in inner if not isinstance(c, Token) for t in c.iter_subtrees()):
                return True
    return False


_ANY = ("forall_any", "forall_any_plural")
_QUANTIFIER_RULES = frozenset({"forall_one", "forall_many", "forall_plural", "forall_any", "forall_any_plural",
                               "forall_structure", "exists_one", "exists_plural", "unique_prop"})


def _best_error(errors: list[ReadError]) -> ReadError:
    order = {"partial": 0, "type": 1, "internal": 2}
    if not errors:
        return ReadError("internal", "no reading")
    return sorted(errors, key=lambda e: order.get(e.code, 3))[0]
