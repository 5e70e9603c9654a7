"""Public parsing API for Lean 4 (Mathlib) statements.

Everything raises :class:`~certibench.logic.errors.ParseError` (line, column, caret
excerpt; ``construct`` names a known unsupported construct):

* :func:`parse_declaration` — a ``theorem``/``lemma``/``example`` header (binders before the
  colon kept, ``:= proof`` ignored) or a bare proposition (``kind=None``), typed;
* :func:`parse_prop` — the closed proposition of :func:`parse_declaration`;
* :func:`parse_expr` — a term or proposition with free variables (sorts may be given);
* :func:`parse_sort` — a Lean type.

The work is split by job: :mod:`.tokens` (tokenizer), :mod:`.raw` (raw-only nodes and
source positions), :mod:`.pratt` (the parser proper), :mod:`.elaborate` (typing),
:mod:`.signatures_data`/:mod:`.signatures`/:mod:`.symbols` (the symbol table) and
:mod:`.typeclasses`.  Size is not an error: every entry point runs under
:func:`certibench.logic.deep.deep_call` (large stack, high recursion limit), so 200 nested
parentheses, 2,000 conjuncts or 5,000 binders parse.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import TypeVar

from certibench.logic.ast import Ascribe, Declaration, Expr, Sort, Var
from certibench.logic.deep import deep_call
from certibench.logic.elaborate import elaborate_declaration, elaborate_expr
from certibench.logic.errors import ParseError
from certibench.logic.pratt import (
    INFIX,
    MAX_INPUT,
    parse_raw_declaration,
    parse_raw_expr,
    parse_raw_sort,
)
from certibench.logic.tokens import KEYWORDS, Token, tokenize

T = TypeVar("T")

__all__ = [
    "INFIX",
    "KEYWORDS",
    "MAX_INPUT",
    "ParseError",
    "Token",
    "parse_declaration",
    "parse_expr",
    "parse_prop",
    "parse_sort",
    "tokenize",
]


def _with_pi_fallback(text: str, elab: Callable[[bool], T]) -> T:
    """Lean reads an ambiguous notation every way it can and keeps the one that
    elaborates: ``π`` is ``Real.pi`` under ``open Real`` and an ordinary name otherwise
    (Mathlib's box-integral files call a prepartition ``π``).  So a type error in a
    statement that writes ``π`` is retried with ``π`` as a name of unknown type; if that
    fails too, the first error stands."""
    try:
        return elab(False)
    except ParseError as exc:
        if exc.kind != "type" or "π" not in text:
            raise
        try:
            return elab(True)
        except ParseError:
            raise exc from None


#: a declaration keyword at the start of a line (after attributes and modifiers)
_DECL_START = re.compile(
    r"(?m)^[ \t]*(?:@\[[^\]\n]*\][ \t]*)?(?:(?:private|protected|noncomputable)[ \t]+)*"
    r"(theorem|lemma|def|example|instance|abbrev|axiom|structure|inductive|class)\b"
)


def _one_declaration(text: str) -> None:
    """One statement per text: the proof after ``:=`` is skipped, but a second declaration
    hidden there would be silently dropped, so it is an error."""
    if not isinstance(text, str):
        return  # the parser names a non-string input itself
    starts = list(_DECL_START.finditer(text))
    if len(starts) > 1:
        second = starts[1]
        line = text.count("\n", 0, second.start()) + 1
        raise ParseError(f"more than one declaration (a second '{second.group(1)}' starts here): give one statement "
                         "per item", line=line, col=second.start(1) - text.rfind("\n", 0, second.start(1)),
                         excerpt=text.splitlines()[line - 1])


def _parse_declaration(text: str) -> Declaration:
    _one_declaration(text)
    raw, positions = parse_raw_declaration(text)
    return _with_pi_fallback(text, lambda pi_var: elaborate_declaration(raw, text, positions, pi_var))


def parse_declaration(text: str) -> Declaration:
    """Parse and elaborate a declaration header or a bare proposition."""
    return deep_call(_parse_declaration, text)


@functools.lru_cache(maxsize=4096)
def parse_declaration_cached(text: str) -> Declaration:
    """:func:`parse_declaration`, cached per process (parsing is a pure function of the
    text; a canonical statement is read once per pair and once per sibling)."""
    return parse_declaration(text)


def parse_prop(text: str) -> Expr:
    """The closed proposition of :func:`parse_declaration` (binders become ∀ / →)."""
    return deep_call(lambda: _parse_declaration(text).as_prop())


def _parse_expr(text: str, env: Mapping[str, Sort] | None) -> Expr:
    raw, positions = parse_raw_expr(text)
    return _with_pi_fallback(text, lambda pi_var: elaborate_expr(raw, env or {}, text, positions, pi_var))


def parse_expr(text: str, env: Mapping[str, Sort] | None = None) -> Expr:
    """Parse and elaborate a term or proposition whose free variables may have sorts in
    ``env`` (others are determined by unification, else stay unknown)."""
    return deep_call(_parse_expr, text, env)


def _parse_sort(text: str) -> Sort:
    # the term parameters (``Fin n``) are elaborated by elaborating the ascription ``(x : T)``
    holder = Ascribe(Var("x"), parse_raw_sort(text))
    return elaborate_expr(holder, {}, text).sort


def parse_sort(text: str) -> Sort:
    """Parse a Lean type (``ℕ``, ``Set α``, ``ℕ → ℝ``, ``Finset ℤ``, ``Fin 3``)."""
    return deep_call(_parse_sort, text)
