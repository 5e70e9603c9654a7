"""Pratt parser for Lean 4 (Mathlib) statements: text → *raw* tree + source positions.

The raw tree uses the ordinary AST classes with unresolved identifiers (``Var(name)``) and
unknown sorts; what notation expands to (``‖x‖`` → ``norm x``, ``{x | p}`` → ``setOf``,
``if … then … else`` → ``ite``, ``∑``, ``∘`` …) is a ``Const``, which no local can capture
(Lean's notations are hygienic: ``‖x‖`` is ``Norm.norm x`` whatever ``norm`` is bound), plus the raw-only nodes of :mod:`certibench.logic.raw`; the elaborator
(:mod:`certibench.logic.elaborate`) resolves and types it.  Precedences follow Lean 4 core
and Mathlib (``↔`` 20, ``→`` 25 right, ``∨`` 30 right, ``∧`` 35 right, ``¬`` max with
argument at 40, relations 50 non-associative, ``+ - ∪ ++`` 65 left, ``::`` 67 right,
``* / % ∩ \\`` 70 left, prefix ``-`` 75, ``^`` 75 right, ``∘`` 90, big operators 67,
postfix ``⁻¹ ᶜ !`` and field access tighter than application).  Nothing is ever evaluated.

There is no nesting or size limit besides :data:`MAX_INPUT` characters: the parser recurses
once per nesting level, so the public entry points (:mod:`certibench.logic.parser`) run it
under :func:`certibench.logic.deep.deep_call`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from certibench.logic.ast import (
    PROP,
    TYPE,
    UNKNOWN,
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
    fun_sort,
    type_var,
)
from certibench.logic.errors import ParseError
from certibench.logic.raw import Positions, RawField, RawHole, RawType
from certibench.logic.symbols import BASE_TYPES, TYPE_CONSTRUCTORS, lookup
from certibench.logic.tokens import SUBSCRIPTS, Token, tokenize

__all__ = [
    "BINDER_PRED_OPS",
    "INFIX",
    "MAX_INPUT",
    "NOTATION_FUNS",
    "Parser",
    "REL_OPS",
    "parse_raw_declaration",
    "parse_raw_expr",
    "parse_raw_sort",
    "plain_name",
]

#: ``⌊x⌋``/``⌊x⌋₊`` and ``⌈x⌉``/``⌈x⌉₊``: opening token -> (closing, ℕ-closing, function)
_FLOOR_CEIL = {"⌊": ("⌋", "⌋₊", "floor"), "⌈": ("⌉", "⌉₊", "ceil")}
MAX_INPUT = 2_000_000  #: characters (a guard against feeding a whole file by mistake)
_SUBSCRIPTS = SUBSCRIPTS
_NO_NEST = nullcontext()

# token -> (precedence, associativity, canonical op)
INFIX: dict[str, tuple[int, str, str]] = {
    "↔": (20, "none", "↔"),
    "<->": (20, "none", "↔"),
    "→": (25, "right", "→"),
    "->": (25, "right", "→"),
    "∨": (30, "right", "∨"),
    "\\/": (30, "right", "∨"),
    "∧": (35, "right", "∧"),
    "/\\": (35, "right", "∧"),
    "×": (35, "right", "×"),
    "=": (50, "none", "="),
    "≠": (50, "none", "≠"),
    "!=": (50, "none", "≠"),
    "<": (50, "none", "<"),
    ">": (50, "none", ">"),
    "≤": (50, "none", "≤"),
    "<=": (50, "none", "≤"),
    "≥": (50, "none", "≥"),
    ">=": (50, "none", "≥"),
    "∣": (50, "none", "∣"),
    "∈": (50, "none", "∈"),
    "∉": (50, "none", "∉"),
    "⊆": (50, "none", "⊆"),
    "⊂": (50, "none", "⊂"),
    "⊇": (50, "none", "⊇"),
    "⊃": (50, "none", "⊃"),
    "≡": (50, "none", "≡"),
    "+": (65, "left", "+"),
    "-": (65, "left", "-"),
    "∪": (65, "left", "∪"),
    "++": (65, "left", "++"),
    "::": (67, "right", "::"),
    "*": (70, "left", "*"),
    "/": (70, "left", "/"),
    "%": (70, "left", "%"),
    "∩": (70, "left", "∩"),
    "\\": (70, "left", "\\"),
    "/.": (70, "left", "/."),
    "^": (75, "right", "^"),
    "∘": (90, "right", "∘"),
    "⁻¹'": (80, "left", "⁻¹'"),
    "•": (73, "right", "•"),
    "⊓": (69, "left", "⊓"),
    "⊔": (68, "left", "⊔"),
    "''": (80, "left", "''"),
    "<|": (10, "right", "<|"),
    "$": (10, "right", "<|"),
}

#: Infix notations that stand for a named binary function (rendered back as the notation).
NOTATION_FUNS: dict[str, str] = {"•": "HSMul.hSMul", "⊓": "Inf.inf", "⊔": "Sup.sup"}

UNSUPPORTED_INFIX: dict[str, str] = {
    "∆": "symmetric difference ∆",
    "≃": "equivalence ≃",
    "≅": "isomorphism ≅",
    "|>": "pipeline |>",
    "&&": "boolean and &&",
    "<;>": "tactic combinator <;>",
}

UNSUPPORTED_LEADING: dict[str, str] = {
    "⟨": "anonymous constructor ⟨…⟩",
    "·": "cdot function (· …)",
    "@": "explicit application @f",
    "∫": "integral ∫",
    "⋂": "indexed intersection ⋂",
    "⋃": "indexed union ⋃",
    "∞": "infinity ∞",
    "∂": "derivative notation ∂",
    "Π": "dependent product Π",
    "Σ": "dependent sum Σ",
    "#": "cardinality notation #",
    "have": "have-expression",
    "show": "show-expression",
    "let": "let-expression",
    "match": "match-expression",
    "by": "tactic block `by` inside a statement",
    "do": "do-notation",
    "calc": "calc block",
    "?": "metavariable ?x",
    "_": "placeholder _",
    "ℵ": "cardinal ℵ",
}

REL_OPS = frozenset({"=", "≠", "<", ">", "≤", "≥", "∣", "∈", "∉", "⊆", "⊂", "⊇", "⊃"})
BINDER_PRED_OPS = frozenset({">", "<", "≥", "≤", "≠", "∈", "∉", "⊆", "⊂", "⊇", "⊃", ">=", "<="})

#: Capitalised heads that are predicates, never type constructors.
_PROP_HEADS = frozenset(
    {"Even", "Odd", "Prime", "Irrational", "IsOpen", "IsClosed", "Nonempty", "Fintype", "Finite", "Infinite",
     "Function.Injective", "Function.Surjective", "Function.Bijective", "Monotone", "StrictMono", "Antitone",
     "StrictAnti", "Continuous", "Differentiable", "Squarefree", "IsSquare", "Decidable", "DecidableEq"}
)

MAX = 1024
ARG_START_SYMS = frozenset({"(", "{", "[", "↑", "∅", "⊤", "⊥", "π", "⌊", "⌈", "‖", "¬", "⟨", "·", "@", "_"})


def _greekish_tyvar(name: str) -> bool:
    """Auto-bound implicit type variable names: a Greek letter or one capital letter,
    optionally followed by digits/subscripts/primes (``α``, ``G``, ``M₀``, ``β'``)."""
    if not name or "." in name:
        return False
    head = name[0]
    rest = name[1:]
    if not all(ch.isdigit() or ch in _SUBSCRIPTS or ch == "'" for ch in rest):
        return False
    o = ord(head)
    return (0x3B1 <= o <= 0x3C9 and head != "λ") or ("A" <= head <= "Z") or (0x1D400 <= o <= 0x1D7FF)


# --------------------------------------------------------------------------------------
# Parser
# --------------------------------------------------------------------------------------


class Parser:
    """One parse of one text.  ``positions`` maps every raw node built to its source offset."""

    def __init__(self, text: str) -> None:
        if len(text) > MAX_INPUT:
            raise ParseError(f"input too long ({len(text)} characters > {MAX_INPUT})", 1, 1, "", "oversized input")
        self.text = text
        self.toks = tokenize(text)
        self.positions = Positions()
        #: identifiers of the source: generated names (``·`` placeholders) avoid them
        self.source_names = frozenset(plain_name(t.text) for t in self.toks if t.kind == "ident")
        self.i = 0
        self._builders: dict[int, bool] | None = None
        self.abs_depth = 0
        self.norm_depth = 0
        self.cdots: list[list[str]] = []  # names of `·` placeholders per open parenthesis
        # scopes: name -> "type" | "term"
        self.scopes: list[dict[str, str]] = [{}]

    # -- token helpers -------------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        j = min(self.i + k, len(self.toks) - 1)
        return self.toks[j]

    def advance(self) -> Token:
        t = self.toks[self.i]
        if self.i < len(self.toks) - 1:
            self.i += 1
        return t

    def at(self, text: str, kind: str | None = None) -> bool:
        t = self.tok
        return t.text == text and t.kind != "eof" and (kind is None or t.kind == kind)

    def at_sym(self, *texts: str) -> bool:
        return self.tok.kind == "sym" and self.tok.text in texts

    def at_kw(self, *texts: str) -> bool:
        return self.tok.kind == "kw" and self.tok.text in texts

    def expect_sym(self, text: str, what: str | None = None) -> Token:
        if not self.at_sym(text):
            self.fail(f"expected {text!r}{' ' + what if what else ''}, found {self._desc(self.tok)}")
        return self.advance()

    def _desc(self, t: Token) -> str:
        return "end of input" if t.kind == "eof" else repr(t.text)

    def fail(self, msg: str, construct: str | None = None, pos: int | None = None) -> None:
        raise ParseError.at(self.text, self.tok.pos if pos is None else pos, msg, construct)

    def nest(self) -> AbstractContextManager[None]:
        """Nesting is unbounded (size is not an error); kept as the hook where a limit was."""
        return _NO_NEST

    def note(self, node: object, pos: int) -> None:
        self.positions.note(node, pos)

    @contextmanager
    def scope(self, names: Mapping[str, str]) -> Iterator[None]:
        self.scopes.append(dict(names))
        try:
            yield
        finally:
            self.scopes.pop()

    def lookup(self, name: str) -> str | None:
        for s in reversed(self.scopes):
            if name in s:
                return s[name]
        return None

    def bind(self, name: str | None, kind: str) -> None:
        if name:
            self.scopes[-1][name] = kind

    # -- declarations --------------------------------------------------------------------
    def _reject_empty(self) -> None:
        if self.tok.kind == "eof":
            self.fail("empty statement: no Lean text (only whitespace or comments)", "empty statement")

    def parse_declaration(self) -> Declaration:
        self._reject_empty()
        self._skip_preamble()
        if self.at_kw("theorem", "lemma", "example"):
            kind = self.advance().text
            name: str | None = None
            if kind != "example":
                if self.tok.kind != "ident":
                    self.fail(f"expected a declaration name after {kind!r}, found {self._desc(self.tok)}")
                name = plain_name(self.advance().text)
            self.scopes.append({})
            binders: list[Binder] = []
            while not self.at_sym(":"):
                if self.tok.kind == "eof" or self.at_sym(":="):
                    self.fail("expected ':' and the statement after the declaration binders")
                if not self.at_sym("(", "{", "⦃", "[") and not (self.at_sym("{") and self.peek().text == "{"):
                    self.fail(
                        f"expected a binder '(x : T)', '{{x : T}}', '⦃x : T⦄' or '[C α]', found {self._desc(self.tok)}"
                    )
                binders.extend(self._bracketed_binder(decl=True))
            self.advance()  # ':'
            prop = self.parse_expr(0)
            self.scopes.pop()
            self._expect_end()
            return Declaration(kind, name, tuple(binders), prop)
        if self.at_kw("def", "abbrev", "instance"):
            self.fail(f"{self.tok.text!r} declarations are not statements", f"{self.tok.text} declaration")
        prop = self.parse_expr(0)
        self._expect_end()
        return Declaration(None, None, (), prop)

    def _skip_preamble(self) -> None:
        while True:
            if self.at_sym("@") and self.peek().text == "[":
                self.advance()
                self._skip_balanced("[", "]")
                continue
            if self.tok.kind == "ident" and self.tok.text in (
                "protected",
                "private",
                "nonrec",
                "noncomputable",
                "unsafe",
                "partial",
            ):
                self.advance()
                continue
            if self.at_kw("open"):
                # `open A B in theorem …`
                self.advance()
                while self.tok.kind == "ident":
                    self.advance()
                if self.at_kw("in"):
                    self.advance()
                continue
            return

    def _skip_balanced(self, open_: str, close: str) -> None:
        depth = 0
        while self.tok.kind != "eof":
            t = self.advance()
            if t.text == open_:
                depth += 1
            elif t.text == close:
                depth -= 1
                if depth == 0:
                    return
        self.fail(f"unbalanced {open_!r}")

    def _expect_end(self) -> None:
        if self.tok.kind == "eof" or self.at_sym(":="):
            return
        if self.at_kw("where"):
            return
        if self.at_kw("by"):
            return
        if self.at_sym("|"):
            self.fail("pattern-matching definitions are not statements", "equation compiler `|` after a statement")
        t = self.tok
        if t.kind == "sym" and t.text in UNSUPPORTED_INFIX:
            self.fail(f"unsupported operator {t.text!r}", UNSUPPORTED_INFIX[t.text])
        self.fail(f"unexpected {self._desc(t)} after the statement")

    # -- binders -------------------------------------------------------------------------
    def _bracketed_binder(self, decl: bool) -> list[Binder]:
        """``(x y : T)`` ``{x : T}`` ``⦃x : T⦄`` ``[inst : C α]`` ``[C α]`` → binders.
        Hypothesis binders ``(h : P)`` get ``hyp=P``."""
        open_tok = self.advance()
        o = open_tok.text
        close = {"(": ")", "{": "}", "⦃": "⦄", "[": "]"}[o]
        kind = {"(": "explicit", "{": "implicit", "⦃": "strict", "[": "inst"}[o]
        with self.nest():
            if o == "[":
                name: str | None = None
                if self.tok.kind == "ident" and self.peek().text == ":" and self.peek().kind == "sym":
                    name = self._binder_ident(self.advance())
                    self.advance()
                term = self.parse_expr(0)
                self.expect_sym("]", "closing the instance binder")
                cls = self._class_sort(term, open_tok.pos)
                return [Binder(name, cls, None, "inst")]
            names: list[str] = []
            while self._at_binder_name():
                t = self.advance()
                names.append(self._binder_ident(t))
            if not names:
                self.fail(f"expected a binder name, found {self._desc(self.tok)}")
            if self.at_sym(close):
                self.advance()
                for nm in names:
                    self.bind(nm, "term")
                return [Binder(nm, None, None, kind) for nm in names]
            self.expect_sym(":", "in the binder")
            term = self.parse_expr(0)
            if self.at_sym(":="):
                self.fail("binder default values are not supported", "optional parameter (x : T := v)")
            self.expect_sym(close, "closing the binder")
        srt = self.to_sort(term)
        if srt is None:
            # hypothesis binder (its name is only kept in declaration headers, so only
            # there does it shadow anything)
            if decl:
                for nm in names:
                    self.bind(nm, "term")
            return [Binder(nm, None, term, kind) for nm in names]
        for nm in names:
            self.bind(nm, "type" if srt.head == "Type" else "term")
        return [Binder(nm, srt, None, kind) for nm in names]

    def _binder_ident(self, tok: Token) -> str:
        """A binder's name, refused where Lean reads it otherwise than we would: ``True`` /
        ``False`` (a local of that name shadows Lean's constant, and the parser reads the
        constant), and dotted names (Lean 4 binder names are atomic; ``(Nat.succ : ℕ → ℕ)`` is
        an error there)."""
        name = plain_name(tok.text)
        if "." not in name and not _quoted_name_ok(name):
            self.fail(f"invalid binder name {tok.text!r}: a quoted name shaped like the checker's own", "quoted binder name",
                      tok.pos)
        if name in BASE_TYPES:  # `(«Nat» : Type)`: the local would shadow Lean's Nat (ℕ stays global)
            self.fail(f"a variable named {name} would shadow Lean's {name}: not supported", "binder named like a type",
                      tok.pos)
        if name in ("True", "False"):
            self.fail(f"a variable named {name} would shadow Lean's {name}: not supported", "binder named True/False",
                      tok.pos)
        if "." in name:
            self.fail(f"invalid binder name {name!r}: Lean 4 binder names are atomic", "dotted binder name", tok.pos)
        return name

    def _at_binder_name(self) -> bool:
        t = self.tok
        if t.kind == "ident":
            return t.text not in BASE_TYPES
        return self.at_sym("_")

    def _class_sort(self, term: Expr, pos: int) -> Sort:
        head, args = _spine(term)
        if not isinstance(head, Var):
            self.fail("expected a typeclass application in the instance binder", "instance binder", pos)
        sargs: list[Sort] = []
        params: list[Expr] = []
        for a in args:
            s = self.to_sort(a) if isinstance(a, Var | App | BinOp | RawType | RawHole) else None
            if s is not None and not (isinstance(a, Var) and self.lookup(a.name) == "term"):
                sargs.append(s)
            else:
                params.append(a)
        return Sort(head.name, tuple(sargs), False, tuple(params))

    def to_sort(self, term: Expr | RawType | RawField) -> Sort | None:
        """Read a parsed term as a type, or ``None`` when it is a proposition.  Ascriptions to
        a universe are seen through (``(LT ℕ : Type)`` is ``LT ℕ``, ``(LT : Type → Type) ℕ``
        too: adversary round 39 hid a local instance so)."""
        term = _strip_universe_ascriptions(term)  # type: ignore[assignment]
        if isinstance(term, RawType):
            return TYPE
        if isinstance(term, RawHole):
            return UNKNOWN
        if isinstance(term, Var):
            name = term.name
            if name in BASE_TYPES:
                return BASE_TYPES[name]
            bound = self.lookup(name)
            if bound == "type":
                return type_var(name)
            if bound == "term":
                return None
            if _greekish_tyvar(name):
                return type_var(name)
            if name in TYPE_CONSTRUCTORS:
                return Sort(name)
            first, _, _rest = name.partition(".")
            last = name.rsplit(".", 1)[-1]
            if (
                last[:1].isupper()
                and name not in _PROP_HEADS
                and name not in ("True", "False")
                and lookup(name) is None
                and not (_rest and self.lookup(first) is not None)
            ):
                return Sort(name)  # an unknown (opaque) type: `Angle`, `Real.Angle`, `NNReal`
            return None
        if isinstance(term, App):
            head, args = _spine(term)
            if (isinstance(head, Const) and head.name in TYPE_CONSTRUCTORS) or (
                isinstance(head, Var) and head.name in TYPE_CONSTRUCTORS and self.lookup(head.name) is None
            ):  # (a Const: notation's global, `ℝ[X]`, never a local named Polynomial)
                kinds = TYPE_CONSTRUCTORS[head.name].kinds
                sargs: list[Sort] = []
                params: list[Expr] = []
                for k, a in enumerate(args):
                    if len(args) == len(kinds) and kinds[k] is not None:
                        params.append(a)  # a term parameter (`Fin n`): elaborated later
                        continue
                    s = self.to_sort(a)
                    if s is not None and not isinstance(a, Num):
                        sargs.append(s)
                    else:
                        params.append(a)
                return Sort(head.name, tuple(sargs), False, tuple(params))
            if (
                isinstance(head, Var)
                and head.name.rsplit(".", 1)[-1][:1].isupper()
                and lookup(head.name) is None
                and self.lookup(head.name) is None
                and head.name not in _PROP_HEADS
                and all(isinstance(a, Var | App | BinOp | RawType | RawHole) and self._is_type_term(a) for a in args)
            ):
                # an unknown type constructor applied to types: `Equiv ℝ ℝ`, `Matrix m n ℝ`
                return Sort(head.name, tuple(self.to_sort(a) for a in args))  # type: ignore[misc]
            return None
        if isinstance(term, BinOp):
            if term.op == "→":
                a = self.to_sort(term.lhs)
                b = self.to_sort(term.rhs)
                if a is not None and b is not None:
                    return fun_sort((a,), b)
                return None
            if term.op == "×":
                a = self.to_sort(term.lhs)
                b = self.to_sort(term.rhs)
                if a is not None and b is not None:
                    return Sort("Prod", (a, b))
            return None
        return None

    def _is_type_term(self, a: object) -> bool:
        if isinstance(a, Var) and self.lookup(a.name) == "term":
            return False
        return self.to_sort(a) is not None  # type: ignore[arg-type]

    def _opt_type(self, what: str = "binder type") -> Sort | None:
        """An optional ``: T`` annotation (``None`` when absent)."""
        if not self.at_sym(":"):
            return None
        self.advance()
        tpos = self.tok.pos
        return self._sort_of(self.parse_expr(0), tpos, what)

    def _sort_of(self, term: Expr, pos: int, what: str = "type") -> Sort:
        s = self.to_sort(term)
        if s is None:
            self.fail(f"expected a {what}, found a proposition or term", "non-type in type position", pos)
        return s  # type: ignore[return-value]

    def _quant_binders(self, allow_pred: bool) -> list[tuple[Binder, Expr | None, str | None]]:
        """Binders of ``∀``/``∃``/``fun``/big operators up to (not including) ``,``/``=>``.

        Returns (binder, bound-predicate rhs, bound-predicate op) triples; a hypothesis
        binder comes back as a binder with ``hyp`` set."""
        out: list[tuple[Binder, Expr | None, str | None]] = []
        while True:
            if self.at_sym("(", "{", "⦃", "["):
                if self.at_sym("(") and self.peek().kind == "sym" and self.peek().text == "⟨":
                    self.fail("pattern binders are not supported", "anonymous-constructor pattern binder")
                for b in self._bracketed_binder(decl=False):
                    out.append((b, None, None))
                continue
            if self.at_sym("⟨"):
                self.fail("pattern binders are not supported", "anonymous-constructor pattern binder")
            if self._at_binder_name():
                names = []
                while self._at_binder_name():
                    names.append(self._binder_ident(self.advance()))
                srt: Sort | None = self._opt_type()
                for nm in names:
                    self.bind(nm, "type" if srt is not None and srt.head == "Type" else "term")
                if allow_pred and self.tok.kind == "sym" and self.tok.text in BINDER_PRED_OPS:
                    op = INFIX[self.advance().text][2]
                    rhs = self.parse_expr(51)
                    for nm in names:
                        out.append((Binder(nm, srt, None, "explicit"), rhs, op))
                    return out
                for nm in names:
                    out.append((Binder(nm, srt, None, "explicit"), None, None))
                if srt is not None:
                    return out
                continue
            return out

    # -- expressions ---------------------------------------------------------------------
    def parse_expr(self, min_prec: int) -> Expr:
        with self.nest():
            start = self.tok.pos
            left, lprec = self.parse_leading(min_prec)
            self.note(left, start)
            while True:
                t = self.tok
                if t.kind != "sym":
                    break
                if t.text == "|" or t.text == "‖":
                    break
                if t.text in UNSUPPORTED_INFIX:
                    self.fail(f"unsupported operator {t.text!r}", UNSUPPORTED_INFIX[t.text])
                spec = INFIX.get(t.text)
                if spec is None:
                    break
                prec, assoc, op = spec
                if prec < min_prec:
                    break
                lhs_need = prec + 1 if assoc == "right" else prec
                if assoc == "none":
                    lhs_need = prec + 1
                if lprec < lhs_need:
                    if assoc == "none" and lprec == prec:
                        self.fail(
                            f"{op!r} is not associative: chained relations like 'a {op} b {op} c' need parentheses",
                            "chained relation",
                        )
                    break
                self.advance()
                rhs_prec = prec if assoc == "right" else prec + 1
                if op == "≡":
                    rhs = self.parse_expr(51)
                    left = self._modeq(left, rhs, t.pos)
                    self.note(left, t.pos)
                    lprec = prec
                    continue
                rhs = self.parse_expr(rhs_prec)
                left = self._mk_infix(op, left, rhs, t.pos)
                self.note(left, t.pos)
                lprec = prec
            return left

    def _modeq(self, a: Expr, b: Expr, pos: int) -> Expr:
        if self.at_sym("[MOD"):
            fn = "Nat.ModEq"
        elif self.at_sym("[ZMOD"):
            fn = "Int.ModEq"
        else:
            self.fail("expected '[MOD n]' or '[ZMOD n]' after 'a ≡ b'", "≡ without [MOD n]/[ZMOD n]")
        self.advance()
        n = self.parse_expr(0)
        self.expect_sym("]", "closing [MOD n]")
        return App(Const(fn), (n, a, b))

    def _mk_infix(self, op: str, a: Expr, b: Expr, pos: int) -> Expr:
        if op == "⊇":
            return BinOp("⊆", b, a)
        if op == "⊃":
            return BinOp("⊂", b, a)
        if op == "/.":
            return App(Const("Rat.divInt"), (a, b))
        if op == "∘":
            return App(Const("Function.comp"), (a, b))
        if op in NOTATION_FUNS:
            return App(Const(NOTATION_FUNS[op]), (a, b))
        if op == "⁻¹'":
            return App(Const("Set.preimage"), (a, b))
        if op == "''":
            return App(Const("Set.image"), (a, b))
        if op == "<|":
            if isinstance(a, App):
                return App(a.fn, a.args + (b,), a.sort, a.dot)
            return App(a, (b,))
        return BinOp(op, a, b)

    def parse_leading(self, min_prec: int) -> tuple[Expr, int]:
        """A leading term and its precedence."""
        t = self.tok
        if t.kind == "sym":
            s = t.text
            if s == "¬":
                self.advance()
                return UnOp("¬", self.parse_expr(40)), MAX
            if s == "-":
                self.advance()
                return UnOp("-", self.parse_expr(75)), 75
            if s == "√":
                self.advance()
                return App(Const("Real.sqrt"), (self.parse_expr(100),)), 100
            if s in ("∀", "∃", "∃!"):
                return self._quantifier(), 0
            if s in ("∑", "∏"):
                return self._bigop(), 67
            if s == "!" and not t.space_before:
                self.fail("boolean negation '!' is not supported", "boolean not !b")
        if t.kind == "kw":
            if t.text in ("fun", "λ"):
                return self._lambda(), MAX - 2
            if t.text == "if":
                return self._ite(), 0
        return self.parse_app(), MAX

    def _can_start_arg(self) -> bool:
        t = self.tok
        if t.kind in ("ident", "num"):
            return True
        if t.kind == "kw":
            return t.text in ("fun", "λ", "Type", "Sort")
        if t.kind == "sym":
            if t.text == "|":
                # Mathlib's `|a|` needs no space after the opening bar; inside an absolute
                # value a bar written right after a term closes it
                nxt = self.peek()
                return not nxt.space_before and nxt.kind != "eof" and (self.abs_depth == 0 or t.space_before)
            if t.text == "‖":
                nxt = self.peek()
                return not nxt.space_before and nxt.kind != "eof" and (self.norm_depth == 0 or t.space_before)
            if t.text == "[" and not t.space_before:
                # `R[X]`-style postfix is handled elsewhere; `f[i]` indexing unsupported
                return False
            return t.text in ARG_START_SYMS
        return False

    def parse_app(self) -> Expr:
        start = self.tok.pos
        fn = self.parse_arg()
        args: list[Expr] = []
        while self._can_start_arg():
            if self.tok.kind == "kw" and self.tok.text in ("fun", "λ"):
                args.append(self._lambda())
                break
            args.append(self.parse_arg())
        if not args:
            return fn
        if isinstance(fn, Num):
            self.fail("a numeral cannot be applied to arguments", "numeral application")
        out = App(fn, tuple(args))
        self.note(out, start)
        return out

    def parse_arg(self) -> Expr:
        """An atom followed by its postfix operators (field access, ⁻¹, ᶜ, !, [X])."""
        with self.nest():
            e = self.parse_atom()
            while True:
                t = self.tok
                if t.kind != "sym":
                    break
                if t.text == "⁻¹":
                    self.advance()
                    e = UnOp("⁻¹", e)
                elif t.text == "ᶜ":
                    self.advance()
                    e = UnOp("ᶜ", e)
                elif t.text == "!" :
                    self.advance()
                    e = UnOp("!", e)
                elif t.text == "." and not t.space_before:
                    self.advance()
                    nt = self.tok
                    if nt.space_before or nt.kind not in ("ident", "num"):
                        self.fail("expected a field name after '.'", "field access")
                    self.advance()
                    for part in nt.text.split("."):
                        e = RawField(e, part, nt.pos)  # type: ignore[assignment]
                elif t.text == "[" and not t.space_before and self.peek().text == "X" and self.peek(2).text == "]":
                    self.advance()
                    self.advance()
                    self.advance()
                    e = App(Const("Polynomial"), (e,))
                else:
                    break
                self.note(e, t.pos)
            return e

    def parse_atom(self) -> Expr:
        start = self.tok.pos
        e = self._atom()
        self.note(e, start)
        return e

    def _atom(self) -> Expr:
        t = self.tok
        if t.kind == "num":
            self.advance()
            if not self.tok.space_before and self.tok.kind == "ident":
                self.fail(f"malformed numeral {t.text + self.tok.text!r}", "numeral followed by a name")
            return Num(t.text)
        if t.kind == "ident":
            self.advance()
            if t.text == "True":
                return BoolLit(True)
            if t.text == "False":
                return BoolLit(False)
            if "«" in t.text and not _quoted_parts_ok(t.text):
                self.fail(f"unsupported quoted name {t.text!r}: a dotted quoted part is one atomic name component "
                          "in Lean, and one shaped like a metavariable collides with the checker's own", "quoted name",
                          t.pos)
            return Var(plain_name(t.text))
        if t.kind == "kw":
            if t.text in ("Type", "Sort"):
                self.advance()
                if self.at_sym("*") and not self.tok.space_before:
                    self.advance()
                elif self.at_sym("_") or (self.tok.kind == "ident" and self.tok.text[:1] in "uvw") or self.tok.kind == "num":
                    self.advance()
                return RawType()  # type: ignore[return-value]
            if t.text in UNSUPPORTED_LEADING:
                self.fail(f"unsupported construct {t.text!r}", UNSUPPORTED_LEADING[t.text])
            if t.text in ("fun", "λ"):
                return self._lambda()
            self.fail(f"unexpected keyword {t.text!r}")
        if t.kind == "eof":
            self.fail("unexpected end of input: expected a term")
        s = t.text
        if s == "(":
            return self._paren()
        if s == "|":
            return self._delimited("|", "|", "abs")
        if s == "‖":
            self.advance()
            self.norm_depth += 1
            try:
                e = self.parse_expr(0)
            finally:
                self.norm_depth -= 1
            self.expect_sym("‖", "closing ‖…‖")
            return App(Const("norm"), (e,))
        if s in _FLOOR_CEIL:
            close, nat_close, kind = _FLOOR_CEIL[s]
            self.advance()
            e = self.parse_expr(0)
            if self.at_sym(nat_close):
                self.advance()
                return App(Const(f"Nat.{kind}"), (e,))
            self.expect_sym(close, f"closing {s}…{close}")
            return App(Const(f"Int.{kind}"), (e,))
        if s == "↑":
            self.advance()
            return UnOp("↑", self.parse_arg())
        if s in ("∅", "⊤", "⊥"):
            self.advance()
            return Var(s)
        if s == "π":
            self.advance()
            return Var("π")  # Real.pi under `open Real`, else a name: the elaborator decides
        if s == "{":
            return self._brace()
        if s == "[":
            return self._list_lit()
        if s == "¬":
            self.advance()
            return UnOp("¬", self.parse_expr(40))
        if s == "_":
            self.advance()
            return RawHole()  # type: ignore[return-value]
        if s == "·" and self.cdots:
            self.advance()
            names = self.cdots[-1]
            k = len(names) + 1
            while f"_c{k}" in self.source_names or f"_c{k}" in names:
                k += 1  # Lean's `·` is hygienic: never capture a user's `_c1`
            nm = f"_c{k}"
            names.append(nm)
            return Var(nm)
        if s in UNSUPPORTED_LEADING:
            self.fail(f"unsupported construct {s!r}", UNSUPPORTED_LEADING[s])
        if s in ("∀", "∃", "∃!", "∑", "∏", "√", "-"):
            # allowed only in leading position; here (application argument) Lean needs parens
            self.fail(f"{s!r} must be parenthesized when used as a function argument", f"bare {s} as argument")
        self.fail(f"unexpected {self._desc(t)}: expected a term")
        raise AssertionError("unreachable")

    def _delimited(self, open_: str, close: str, op: str) -> Expr:
        self.advance()
        self.abs_depth += 1
        try:
            e = self.parse_expr(0)
        finally:
            self.abs_depth -= 1
        self.expect_sym(close, f"closing {open_}…{close}")
        return UnOp(op, e)

    def _paren(self) -> Expr:
        start = self.advance()
        if self.at_sym(")"):
            self.fail("unit value () is not supported", "unit ()")
        saved_abs, saved_norm = self.abs_depth, self.norm_depth
        self.abs_depth = self.norm_depth = 0
        self.cdots.append([])
        try:
            e = self._paren_body(start)
        finally:
            self.abs_depth, self.norm_depth = saved_abs, saved_norm
            names = self.cdots.pop()
        # `(· ≠ ·)` is `fun x₁ x₂ => x₁ ≠ x₂` (Lean's cdot function, innermost parentheses);
        # in `(· ^ n : α → α)` the ascription types the function, not its body
        if names:
            asc = e if isinstance(e, Ascribe) else None
            body = asc.expr if asc is not None else e
            for nm in reversed(names):
                body = Lam(Binder(nm, None), body)
                self.note(body, start.pos)
            e = Ascribe(body, asc.sort) if asc is not None else body
            self.note(e, start.pos)
        return e

    def _paren_body(self, start: Token) -> Expr:
        e = self.parse_expr(0)
        srt = self._opt_type("type in the ascription")
        if srt is not None:
            self.expect_sym(")", "closing the type ascription")
            return Ascribe(e, srt)
        if self.at_sym(","):
            items = [e]
            while self.at_sym(","):
                self.advance()
                items.append(self.parse_expr(0))
            self.expect_sym(")", "closing the tuple")
            out = items[-1]
            for it in reversed(items[:-1]):
                out = App(Const("Prod.mk"), (it, out))
            return out
        if self.tok.kind == "eof":
            self.fail("unclosed '(' (opened here)", pos=start.pos)
        self.expect_sym(")", "closing '('")
        return e

    def _brace(self) -> Expr:
        start = self.advance()
        if self.at_sym("}"):
            self.advance()
            return Var("∅")
        # set-builder `{x | p}` / `{x : T | p}`
        if self.tok.kind == "ident":
            if self.peek().text == "|" or (self.peek().text == ":" and self._builder_ahead()):
                name = self._binder_ident(self.advance())
                srt: Sort | None = self._opt_type()
                self.expect_sym("|", "in the set-builder")
                with self.scope({name: "term"}):
                    body = self.parse_expr(0)
                self.expect_sym("}", "closing the set-builder")
                return App(Const("setOf"), (Lam(Binder(name, srt), body),))
        if (
            self.tok.kind == "ident"
            and self.peek().kind == "sym"
            and self.peek().text in BINDER_PRED_OPS
            and self._builder_ahead()
        ):
            # `{x ∈ s | p x}` is Mathlib notation for `{x | x ∈ s ∧ p x}` (binder predicate)
            name = self._binder_ident(self.advance())
            op = INFIX[self.advance().text][2]
            rhs = self.parse_expr(51)
            self.expect_sym("|", "in the set-builder")
            with self.scope({name: "term"}):
                body = self.parse_expr(0)
            self.expect_sym("}", "closing the set-builder")
            guard = BinOp(op, Var(name), rhs)
            return App(Const("setOf"), (Lam(Binder(name, None), BinOp("∧", guard, body)),))
        elems = [self.parse_expr(0)]
        while self.at_sym(","):
            self.advance()
            elems.append(self.parse_expr(0))
        if self.at_sym("|"):
            self.fail("set-builder with a pattern is not supported", "set-builder with a pattern", start.pos)
        self.expect_sym("}", "closing '{'")
        out: Expr = App(Const("Singleton.singleton"), (elems[-1],))
        for e in reversed(elems[:-1]):
            out = App(Const("Insert.insert"), (e, out))
        return out

    def _builder_ahead(self) -> bool:
        """Is there a top-level ``|`` before the ``}`` matching the ``{`` just consumed?
        (One linear pass over the tokens answers this for every ``{``, so nested braces
        cost O(n), not O(n²).)"""
        if self._builders is None:
            self._builders = _set_builder_braces(self.toks)
        return self._builders.get(self.i, False)

    def _list_lit(self) -> Expr:
        self.advance()
        elems: list[Expr] = []
        if not self.at_sym("]"):
            elems.append(self.parse_expr(0))
            while self.at_sym(","):
                self.advance()
                elems.append(self.parse_expr(0))
        self.expect_sym("]", "closing the list literal")
        out: Expr = Const("List.nil")
        for e in reversed(elems):
            out = BinOp("::", e, out)
        return out

    def _quantifier(self) -> Expr:
        qtok = self.advance()
        q = qtok.text
        self.scopes.append({})
        try:
            binders = self._quant_binders(allow_pred=True)
            if not binders:
                self.fail(f"expected a binder after {q!r}")
            self.expect_sym(",", f"after the binders of {q}")
            body = self.parse_expr(0)
        finally:
            self.scopes.pop()
        for b, pred_rhs, pred_op in reversed(binders):
            if b.hyp is not None:
                if q == "∀":
                    body = BinOp("→", b.hyp, body, PROP)
                elif q == "∃":
                    body = BinOp("∧", b.hyp, body, PROP)
                else:
                    self.fail("∃! with a hypothesis binder is not supported", "∃! hypothesis binder", qtok.pos)
                self.note(body, qtok.pos)
                continue
            if pred_op is not None:
                var = Var(b.name or "_")
                guard = BinOp(pred_op, var, pred_rhs)  # type: ignore[arg-type]
                self.note(var, qtok.pos)
                self.note(guard, qtok.pos)
                if q == "∀":
                    body = BinOp("→", guard, body)
                elif q == "∃":
                    body = BinOp("∧", guard, body)
                else:
                    self.fail("∃! with a bounded binder is not supported", "bounded ∃!", qtok.pos)
                self.note(body, qtok.pos)
            body = Quant(q, b, body)  # type: ignore[arg-type]
            self.note(body, qtok.pos)
        return body

    def _lambda(self) -> Expr:
        self.advance()
        self.scopes.append({})
        try:
            binders = self._quant_binders(allow_pred=False)
            if not binders:
                if self.at_sym("⟨"):
                    self.fail("pattern-matching lambdas are not supported", "fun ⟨…⟩ pattern")
                self.fail("expected a binder after 'fun'")
            if self.at_sym(","):
                self.fail("Lean 3 lambda syntax `λ x, e` is not Lean 4; use `fun x => e`", "Lean 3 lambda")
            if not self.at_sym("=>", "↦"):
                self.fail(f"expected '=>' or '↦' after the binders of fun, found {self._desc(self.tok)}")
            self.advance()
            body = self.parse_expr(0)
        finally:
            self.scopes.pop()
        for b, _, _ in reversed(binders):
            if b.hyp is not None:
                self.fail("hypothesis binders in fun are not supported", "fun with a proof binder")
            body = Lam(b, body)
        return body

    def _bigop(self) -> Expr:
        optok = self.advance()
        fn = "Finset.sum" if optok.text == "∑" else "Finset.prod"
        self.scopes.append({})
        try:
            if self.tok.kind != "ident":
                if self.at_sym("("):
                    # ∑ (x : T) in s, …  /  ∑ (x ∈ s), …  — bracketed single binder
                    pass
                else:
                    self.fail(f"expected a bound name after {optok.text!r}", "big-operator binder")
            binders = self._quant_binders(allow_pred=False) if not self.at_sym("(") else self._paren_bigop_binder()
            if len(binders) != 1:
                self.fail(
                    f"{optok.text} with several bound names is not supported", f"{optok.text} over several variables"
                )
            b = binders[0][0]
            if b.hyp is not None:
                self.fail("hypothesis binder in a big operator", "big-operator proof binder")
            if self.at_kw("in") or self.at_sym("∈"):
                self.advance()
                s = self.parse_expr(0)
            elif self.at_sym(","):
                s = Const("Finset.univ")
            elif self.tok.kind == "sym" and self.tok.text in ("<", "≤", ">", "≥", "∉"):
                self.fail(
                    f"bounded big operator '{optok.text} x {self.tok.text} n' is not supported",
                    f"{optok.text} x {self.tok.text} n",
                )
            else:
                self.fail(f"expected 'in s' or ',' after the big-operator binder, found {self._desc(self.tok)}")
            if self.at_kw("with"):
                self.fail("filtered big operators (… with p) are not supported", "big operator with filter")
            self.expect_sym(",", f"after the binder of {optok.text}")
            body = self.parse_expr(67)
        finally:
            self.scopes.pop()
        return App(Const(fn), (s, Lam(b, body)))

    def _paren_bigop_binder(self) -> list[tuple[Binder, Expr | None, str | None]]:
        self.advance()
        names = []
        while self.tok.kind == "ident":
            names.append(self._binder_ident(self.advance()))
        srt = self._opt_type()
        self.expect_sym(")", "closing the binder")
        for nm in names:
            self.bind(nm, "term")
        return [(Binder(nm, srt), None, None) for nm in names]

    def _ite(self) -> Expr:
        self.advance()
        if self.tok.kind == "ident" and self.peek().text == ":":
            self.fail("dependent if-then-else (if h : c then …) is not supported", "dependent if h : c")
        c = self.parse_expr(0)
        if not self.at_kw("then"):
            self.fail("expected 'then'")
        self.advance()
        a = self.parse_expr(0)
        if not self.at_kw("else"):
            self.fail("expected 'else'")
        self.advance()
        b = self.parse_expr(0)
        return App(Const("ite"), (c, a, b))


def _set_builder_braces(toks: list[Token]) -> dict[int, bool]:
    """For each ``{`` (keyed by the index of the token after it): does a ``|`` occur at its
    own nesting level before its closing ``}``?"""
    out: dict[int, bool] = {}
    stack: list[list[Any]] = []  # [opener text, index after it, bar seen]
    for j, t in enumerate(toks):
        x = t.text
        if t.kind == "eof":
            break
        if x in ("(", "{", "[", "⦃"):
            stack.append([x, j + 1, False])
        elif x in (")", "]", "⦄", "}"):
            if stack:
                kind, start, bar = stack.pop()
                if kind == "{":
                    out[start] = bar
        elif x == "|" and stack and stack[-1][0] == "{" and not stack[-1][2]:
            stack[-1][2] = True
    for kind, start, bar in stack:
        if kind == "{":
            out[start] = bar
    return out


def plain_name(text: str) -> str:
    """``«at».b`` → ``at.b`` (guillemets only quote; they are not part of the name)."""
    if "«" not in text:
        return text
    parts: list[str] = []
    i = 0
    cur = ""
    while i < len(text):
        c = text[i]
        if c == "«":
            j = text.find("»", i + 1)
            j = len(text) if j < 0 else j
            cur += text[i + 1 : j]
            i = j + 1
        elif c == ".":
            parts.append(cur)
            cur = ""
            i += 1
        else:
            cur += c
            i += 1
    parts.append(cur)
    return ".".join(parts)


def _universe_sort(s: Sort | None) -> bool:
    if s is None:
        return False
    if s.is_fun:
        return bool(s.args) and all(_universe_sort(a) for a in s.args)
    return s.head == "Type" and not s.is_var


def _strip_universe_ascriptions(e: object) -> object:
    """``e`` without ascriptions to ``Type``/``Type → Type`` … in its head and arguments."""
    if isinstance(e, Ascribe) and _universe_sort(e.sort):
        return _strip_universe_ascriptions(e.expr)
    if isinstance(e, App):
        fn = _strip_universe_ascriptions(e.fn)
        args = tuple(_strip_universe_ascriptions(a) for a in e.args)
        if fn is e.fn and all(x is y for x, y in zip(args, e.args, strict=True)):
            return e
        return App(fn, args, e.sort, e.dot)  # type: ignore[arg-type]
    return e


def _quoted_parts_ok(text: str) -> bool:
    """Whether every ``«…»`` part of an identifier token can be read as the name it quotes:
    not a dotted one (Lean reads ``«Real.sqrt»`` as one atomic component, not ``Real.sqrt``),
    and not one shaped like the elaborator's own names (``«?1»``: a metavariable's)."""
    return all(_quoted_name_ok(m) for m in re.findall(r"«([^»]*)»", text))


def _quoted_name_ok(name: str) -> bool:
    return bool(name) and "." not in name and not name.startswith("?")


def _spine(term: Expr) -> tuple[Expr, tuple[Expr, ...]]:
    if isinstance(term, App):
        head, args = _spine(term.fn)
        return head, args + term.args
    return term, ()



# --------------------------------------------------------------------------------------
# Raw entry points (the public, elaborating ones are in certibench.logic.parser)
# --------------------------------------------------------------------------------------


def _check_text(text: object) -> str:
    if not isinstance(text, str):
        raise ParseError(f"expected a string, got {type(text).__name__}", 1, 1, "", "non-string input")
    return text


def parse_raw_declaration(text: str) -> tuple[Declaration, Positions]:
    """The raw declaration (identifiers unresolved, sorts unknown) and its positions."""
    p = Parser(_check_text(text))
    return p.parse_declaration(), p.positions


def parse_raw_expr(text: str) -> tuple[Expr, Positions]:
    p = Parser(_check_text(text))
    p._reject_empty()
    e = p.parse_expr(0)
    p._expect_end()
    return e, p.positions


def parse_raw_sort(text: str) -> Sort:
    """A Lean type read by the parser (term parameters still raw)."""
    p = Parser(_check_text(text))
    p._reject_empty()
    term = p.parse_expr(0)
    p._expect_end()
    s = p.to_sort(term)
    if s is None:
        raise ParseError.at(text, 0, "not a type", "non-type in type position")
    return s
