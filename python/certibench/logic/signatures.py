"""Reading Lean-like signatures (``Finset.card : {α : Type*} → Finset α → ℕ``).

A small recursive-descent parser over :func:`certibench.logic.tokens.tokenize` for the
signature texts of :mod:`certibench.logic.signatures_data` (nothing is evaluated).  The
grammar is the fragment of Lean's pi types the table uses::

    signature := (binder "→")* type
    binder    := "{" names ":" type "}" | "(" names ":" type ")" | "[" class-application "]"
    type      := product ("→" type)?          product := application ("×" product)?
    application := atom atom*                 atom := name | numeral | "(" type ")"
                 | "Type" "*"? | "Sort" "*"? | "Prop"

Bound type parameters become *schematic* type variables (``Sort("_α", is_var=True)``) and
bound term parameters schematic variables (``Var("_n", ℕ)``): the elaborator instantiates
them afresh at every use.  Anonymous arguments before the last arrow are the explicit
parameters; the last type is the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from certibench.logic.ast import NAT, PROP, TYPE, Expr, Num, Sort, Var, fun_sort
from certibench.logic.errors import ParseError
from certibench.logic.tokens import Token, tokenize

__all__ = [
    "BASE_TYPES",
    "Param",
    "Signature",
    "TypeConstructor",
    "is_schematic",
    "parse_signature_line",
    "parse_signatures",
    "parse_type_constructors",
    "schematic_name",
]

ParamKind = Literal["explicit", "implicit", "inst"]

#: Lean spellings of the base types.
BASE_TYPES: dict[str, Sort] = {
    "ℕ": NAT,
    "Nat": NAT,
    "ℤ": Sort("Int"),
    "Int": Sort("Int"),
    "ℚ": Sort("Rat"),
    "Rat": Sort("Rat"),
    "ℝ": Sort("Real"),
    "Real": Sort("Real"),
    "ℂ": Sort("Complex"),
    "Complex": Sort("Complex"),
    "Prop": PROP,
    "NNReal": Sort("NNReal"),
    "ENNReal": Sort("ENNReal"),
    "EReal": Sort("EReal"),
    "ℕ+": Sort("PNat"),
    "ℝ≥0": Sort("NNReal"),
    "ℝ≥0∞": Sort("ENNReal"),
    "PNat": Sort("PNat"),
    "Bool": Sort("Bool"),
    "ENat": Sort("ENat"),
}


def schematic_name(name: str) -> str:
    return "_" + name


def is_schematic(s: Sort) -> bool:
    """A schematic type variable of the table (instantiated per use)."""
    return s.is_var and s.head.startswith("_")


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter.  ``sort`` is its type (``TYPE`` for a type parameter) or, for an
    instance parameter, the class application (``Sort("Dist", (α,))``).  ``name`` is the
    schematic name (``_α``) of a named parameter."""

    name: str | None
    kind: ParamKind
    sort: Sort

    @property
    def is_type(self) -> bool:
        return self.kind != "inst" and self.sort.head == "Type" and not self.sort.is_var


@dataclass(frozen=True, slots=True)
class Signature:
    name: str
    params: tuple[Param, ...]
    result: Sort
    doc: str = ""

    @property
    def explicit(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.kind == "explicit")

    @property
    def instances(self) -> tuple[Sort, ...]:
        return tuple(p.sort for p in self.params if p.kind == "inst")

    @property
    def sort(self) -> Sort:
        """The schematic function sort of the explicit parameters (type parameters
        included as ``Type``) → result."""
        return fun_sort(tuple(p.sort for p in self.explicit), self.result)


@dataclass(frozen=True, slots=True)
class TypeConstructor:
    """A type constructor: for each explicit parameter, ``None`` when it is a type
    argument, else the sort of the term parameter (``Fin : ℕ → Type``)."""

    name: str
    kinds: tuple[Sort | None, ...]
    instances: tuple[Sort, ...]
    doc: str = ""
    #: schematic names of the explicit parameters (``None`` when anonymous)
    names: tuple[str | None, ...] = ()


class _SigParser:
    def __init__(self, text: str, name: str, constructors: dict[str, TypeConstructor]) -> None:
        self.text = text
        self.name = name
        self.toks = tokenize(text)
        self.i = 0
        self.types: dict[str, str] = {}  # bound type parameter -> schematic name
        self.terms: dict[str, Var] = {}  # bound term parameter -> schematic variable
        self.constructors = constructors

    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def fail(self, msg: str) -> ParseError:
        return ParseError.at(self.text, self.tok.pos, f"signature of {self.name}: {msg}")

    def at(self, *texts: str) -> bool:
        return self.tok.kind != "eof" and self.tok.text in texts

    def expect(self, text: str) -> None:
        if not self.at(text):
            raise self.fail(f"expected {text!r}, found {self.tok.text or 'end'!r}")
        self.i += 1

    # -- signature ------------------------------------------------------------------------
    def signature(self) -> tuple[tuple[Param, ...], Sort]:
        params: list[Param] = []
        while True:
            if self.at("{", "[") or (self.at("(") and self._named_binder_ahead()):
                params.extend(self.binder())
                self.expect("→")
                continue
            part = self.product()
            if self.at("→"):
                self.i += 1
                params.append(Param(None, "explicit", part))
                continue
            if self.tok.kind != "eof":
                raise self.fail(f"unexpected {self.tok.text!r}")
            return tuple(params), part

    def _named_binder_ahead(self) -> bool:
        j = self.i + 1
        while self.toks[j].kind == "ident":
            j += 1
        return j > self.i + 1 and self.toks[j].text == ":"

    def binder(self) -> list[Param]:
        o = self.tok.text
        self.i += 1
        if o == "[":
            cls = self.application()
            self.expect("]")
            return [Param(None, "inst", cls)]
        close = "}" if o == "{" else ")"
        names: list[str] = []
        while self.tok.kind == "ident":
            names.append(self.tok.text)
            self.i += 1
        self.expect(":")
        srt = self.type_()
        self.expect(close)
        kind: ParamKind = "implicit" if o == "{" else "explicit"
        out: list[Param] = []
        for n in names:
            sn = schematic_name(n)
            if srt.head == "Type" and not srt.is_var:
                self.types[n] = sn
            else:
                self.terms[n] = Var(sn, srt)
            out.append(Param(sn, kind, srt))
        return out

    # -- types ----------------------------------------------------------------------------
    def arrow_parts(self) -> list[Sort]:
        parts = [self.product()]
        while self.at("→"):
            self.i += 1
            parts.append(self.product())
        return parts

    def type_(self) -> Sort:
        parts = self.arrow_parts()
        return fun_sort(tuple(parts[:-1]), parts[-1]) if len(parts) > 1 else parts[0]

    def product(self) -> Sort:
        left = self.application()
        if self.at("×"):
            self.i += 1
            return Sort("Prod", (left, self.product()))
        return left

    def application(self) -> Sort:
        t = self.tok
        if t.kind == "ident" and t.text not in BASE_TYPES and t.text not in self.types and t.text not in self.terms:
            head = t.text
            self.i += 1
            args: list[Sort] = []
            params: list[Expr] = []
            ctor = self.constructors.get(head)
            k = 0
            while self._atom_start():
                term = self._term_atom() if self._term_ahead(ctor, k) else None
                if term is not None:
                    params.append(term)
                else:
                    args.append(self.atom())
                k += 1
            return Sort(head, tuple(args), False, tuple(params))
        return self.atom()

    def _atom_start(self) -> bool:
        t = self.tok
        return t.kind in ("ident", "num") or (t.kind == "sym" and t.text == "(") or (t.kind == "kw" and t.text in ("Type", "Sort"))

    def _term_ahead(self, ctor: TypeConstructor | None, k: int) -> bool:
        t = self.tok
        if t.kind == "num" or (t.kind == "ident" and t.text in self.terms):
            return True
        return ctor is not None and k < len(ctor.kinds) and ctor.kinds[k] is not None and t.kind != "sym"

    def _term_atom(self) -> Expr:
        t = self.tok
        self.i += 1
        if t.kind == "num":
            return Num(t.text, NAT)
        v = self.terms.get(t.text)
        if v is None:
            raise self.fail(f"unknown term parameter {t.text!r}")
        return v

    def atom(self) -> Sort:
        t = self.tok
        if t.kind == "kw" and t.text in ("Type", "Sort"):
            self.i += 1
            if self.at("*"):
                self.i += 1
            return TYPE
        if t.kind == "sym" and t.text == "(":
            self.i += 1
            s = self.type_()
            self.expect(")")
            return s
        if t.kind == "ident":
            self.i += 1
            if t.text in BASE_TYPES:
                return BASE_TYPES[t.text]
            if t.text in self.types:
                return Sort(self.types[t.text], is_var=True)
            if t.text in self.terms:
                raise self.fail(f"term parameter {t.text!r} used as a type")
            return Sort(t.text)
        raise self.fail(f"unexpected {t.text or 'end'!r} in a type")


def _split_doc(line: str) -> tuple[str, str]:
    body, _, doc = line.partition("  -- ")
    return body.strip(), doc.strip()


def parse_signature_line(line: str, constructors: dict[str, TypeConstructor] | None = None) -> Signature:
    """``Name : type  -- doc`` → :class:`Signature` (raises ``ParseError``)."""
    body, doc = _split_doc(line)
    name, sep, ty = body.partition(" : ")
    if not sep:
        raise ParseError(f"signature line without ' : ': {line!r}")
    p = _SigParser(ty, name.strip(), constructors or {})
    params, result = p.signature()
    return Signature(name.strip(), params, result, doc)


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("--")]


def parse_type_constructors(text: str) -> dict[str, TypeConstructor]:
    out: dict[str, TypeConstructor] = {}
    for line in _lines(text):
        sig = parse_signature_line(line)
        if not (sig.result.head == "Type" and not sig.result.is_var):
            raise ParseError(f"type constructor {sig.name} does not return a universe")
        kinds = tuple(None if p.is_type else p.sort for p in sig.explicit)
        names = tuple(p.name for p in sig.explicit)
        out[sig.name] = TypeConstructor(sig.name, kinds, sig.instances, sig.doc, names)
    return out


def parse_signatures(text: str, constructors: dict[str, TypeConstructor]) -> dict[str, Signature]:
    out: dict[str, Signature] = {}
    for line in _lines(text):
        sig = parse_signature_line(line, constructors)
        if sig.name in out:
            raise ParseError(f"symbol {sig.name} declared twice")
        out[sig.name] = sig
    return out
