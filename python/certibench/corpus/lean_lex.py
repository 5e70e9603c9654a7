"""Lexical layer for real Lean 4 sources, shared by the source loader and the corpus.

* :func:`mask` blanks comments (``--`` and nestable ``/- -/``) keeping offsets and line
  breaks, and returns two views of the text: ``clean`` (comments blanked, string literals
  kept — the text statements are cut from) and ``scan`` (strings, character literals and
  the inside of ``«quoted»`` names neutralised too — the text structure is read from), plus
  the doc comments (``/-- -/``) and module docs (``/-! -/``) found.
* :func:`lex` turns a stretch of ``scan`` text into tokens: identifiers (dotted, with
  subscripts, primes, ``!``/``?`` and ``«»`` parts, as Lean reads them), numbers, brackets
  and symbols.

Nothing here knows about commands; :mod:`certibench.corpus.lean_source` builds on it.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

__all__ = ["DocComment", "Masked", "Tok", "OPEN", "CLOSE", "block_comment_end", "lex", "mask", "squash", "strip_comments"]

OPEN = "([{⦃⟨⟦⌊⌈"
CLOSE = ")]}⦄⟩⟧⌋⌉"
MATCHING = dict(zip(OPEN, CLOSE, strict=True))


@dataclass(frozen=True, slots=True)
class DocComment:
    start: int  # offset of "/--" (or "/-!")
    end: int  # offset just past "-/"
    text: str  # the body, stripped
    module: bool  # a module doc `/-! … -/`


@dataclass(frozen=True)
class Masked:
    text: str  # the original
    clean: str  # comments blanked
    scan: str  # comments, strings, char literals and «…» insides blanked
    docs: tuple[DocComment, ...]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.newlines, offset - 1) + 1 if self.newlines else 1

    @functools.cached_property
    def newlines(self) -> list[int]:
        return [m.start() for m in re.finditer("\n", self.text)]

    def col_of(self, offset: int) -> int:
        return offset - (self.text.rfind("\n", 0, offset) + 1)


#: Lean 4's ``isLetterLike`` (``Lean.isLetterLike``): ASCII letters and ``_``, Greek except
#: ``λ Π Σ``, Coptic, polytonic Greek, the letterlike block (``ℕ ℝ ℓ``) and the script /
#: double-struck / fraktur letters (``𝕜 𝔽``); ``isSubScriptAlnum`` adds subscripts to the rest.
_LETTER = (
    "A-Za-z_\u03b1-\u03ba\u03bc-\u03c9\u0391-\u039f\u03a1\u03a2\u03a4-\u03a9"
    "\u03ca-\u03fb\u1f00-\u1ffe\u2100-\u214f\U0001d49c-\U0001d59f"
)
_REST = _LETTER + "0-9'!?\u2080-\u2089\u2090-\u209c\u1d62-\u1d6a\u2c7c"
_REST_RE = re.compile("[" + _REST + "]")
_INTERESTING = re.compile(r"--|/-|[\"'«]")
_COMMENT_EDGE = re.compile(r"/-|-/")
_CHAR_LIT = re.compile(r"'(?:\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)|[^\\'\n])'")


def block_comment_end(text: str, i: int) -> tuple[int, int]:
    """End of the (nested) block comment opening at ``text[i:i+2] == "/-"``: ``(end, depth)``,
    depth 0 when it closes, > 0 when the text ends inside it."""
    n = len(text)
    # Lean skips the character after `/-` (a plain comment's third character is never read:
    # `/-/-/` is one comment), and a doc comment's body starts after `/--`/`/-!`: either way
    # the scan for nested `/-` and closing `-/` starts at the fourth character (round 49)
    depth, j = 1, min(i + 3, n)
    while j < n and depth:
        mc = _COMMENT_EDGE.search(text, j)
        if mc is None:
            return n, depth
        j = mc.end()
        depth += 1 if mc.group() == "/-" else -1
    return j, depth


def _id_rest(c: str) -> bool:
    return _REST_RE.match(c) is not None


def token_start(text: str, i: int) -> bool:
    """Does a token start at ``text[i]`` (for a literal: a ``'`` or raw ``r"`` there opens one)?
    Not when it continues an identifier (``h₀'``, ``fr"``); yes after a numeral (``2'x'``) or
    a ``!``/``?`` that begins no identifier (``!'"'``, ``!r"…"``: Lean's tokens ``!`` then a
    literal; round 49 hid a definition behind the masker reading them as one word)."""
    k = i
    while k > 0 and _id_rest(text[k - 1]):
        k -= 1
    return k == i or not (text[k].isalpha() or text[k] == "_" or _id_rest(text[k]) and not text[k].isdigit()
                          and text[k] not in "!?")

def mask(text: str) -> Masked:
    """Blank comments (and, in ``scan``, literals) of Lean source ``text``; see the module doc.

    Block comments nest, as in Lean 4; an unterminated comment or string runs to the end.
    """
    n = len(text)
    clean = list(text)
    scan = list(text)
    docs: list[DocComment] = []

    def blank(buf: list[str], a: int, b: int, fill: str = " ") -> None:
        for k in range(a, b):
            if buf[k] != "\n":
                buf[k] = fill

    i = 0
    while i < n:
        mt = _INTERESTING.search(text, i)
        if mt is None:
            break
        i = mt.start()
        c = text[i]
        if c == "-":  # `--`
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(clean, i, j)
            blank(scan, i, j)
            i = j
        elif c == "/":  # `/-`
            is_doc = text.startswith("/--", i)  # `/--/` too: Lean's `/--` token, then its body
            is_mod = text.startswith("/-!", i)
            j, depth = block_comment_end(text, i)
            if is_doc or is_mod:
                body = text[i + 3 : j - 2 if depth == 0 else j]
                docs.append(DocComment(i, j, body.strip(), is_mod))
            blank(clean, i, j)
            blank(scan, i, j)
            i = j
        elif c == '"':
            raw = _raw_string_start(text, i)
            if raw is not None:  # r"…" / r#"…"#: no escapes inside (`r"\"` is one backslash)
                start, hashes = raw
                close = '"' + "#" * hashes
                j = text.find(close, i + 1)
                j = n if j < 0 else j + len(close)
                blank(scan, start, j)
                i = j
                continue
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            blank(scan, i, j)
            i = j
        elif c == "'":
            m = _CHAR_LIT.match(text, i) if token_start(text, i) else None
            if m:
                blank(scan, i, m.end())
                i = m.end()
            else:
                i += 1
        else:  # « … »: one identifier whatever it holds, line breaks included (as Lean reads it)
            j = text.find("»", i + 1)
            if j < 0:
                i += 1
                continue
            blank(scan, i + 1, j, "x")
            i = j + 1
    return Masked(text, "".join(clean), "".join(scan), tuple(docs))


def _raw_string_start(text: str, i: int) -> tuple[int, int] | None:
    """``(offset of r, number of #)`` when the ``"`` at ``i`` opens a raw string literal
    (``r"…"``, ``r#"…"#``: an ``r`` that does not end an identifier), else None."""
    k = i - 1
    while k >= 0 and text[k] == "#":
        k -= 1
    if k >= 0 and text[k] == "r" and token_start(text, k):
        return k, i - 1 - k
    return None


def strip_comments(text: str) -> str:
    """``text`` with every comment and string literal blanked (offsets and newlines kept)."""
    return mask(text).scan


def squash(s: str) -> str:
    """Collapse runs of whitespace to one space and strip."""
    return " ".join(s.split())


# --------------------------------------------------------------------------- tokens


@dataclass(frozen=True, slots=True)
class Tok:
    kind: str  # id, dotid, num, open, close, sym
    text: str
    start: int
    end: int
    head: str  # first component of a dotted identifier (`h.le.trans` → `h`), else the text


def _head(text: str) -> str:
    if text.startswith("«"):
        return text[: text.find("»") + 1]
    k = text.find(".")
    return text if k < 0 else text[:k]


_ATOM = r"(?:«[^»\n]*»|[" + _LETTER + r"][" + _REST + r"]*)"
# `∀ᶠ`/`∃ᶠ` and primed big operators before identifiers (`ᶠ` is a letter to Python).
_MULTI = [
    "∀ᶠ", "∃ᶠ", "∃!", "∑'", "∏'", "Σ'", ":=", "=>", "..", "//", "::", "<;>", "->", "<->", "<|>", "<|", "|>.",
    "|>", "<=", ">=", "!=", "≠", "⁻¹", "||", "&&",
]  # fmt: skip
_TOKEN = re.compile(
    r"(?P<ws>\s+)"
    r"|(?P<multi>[=≤][oOΘᶠᵐ](?=\[)|" + "|".join(re.escape(m) for m in _MULTI) + r")"
    r"|(?P<id>" + _ATOM + r"(?:\." + _ATOM + r")*)"
    r"|(?P<dotid>\." + _ATOM + r")"
    r"|(?P<num>\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)"
    r"|(?P<open>[" + re.escape(OPEN) + r"])"
    r"|(?P<close>[" + re.escape(CLOSE) + r"])"
    r"|(?P<sym>.)",
    re.DOTALL,
)


def lex(scan: str, start: int = 0, end: int | None = None) -> list[Tok]:
    """Tokens of ``scan[start:end]`` (offsets are absolute)."""
    end = len(scan) if end is None else end
    out: list[Tok] = []
    pos = start
    while pos < end:
        m = _TOKEN.match(scan, pos, end)
        if m is None:  # pragma: no cover - the last alternative matches any character
            break
        kind = m.lastgroup or "sym"
        if kind != "ws":
            text = m.group()
            if kind == "id":
                out.append(Tok("id", text, m.start(), m.end(), _head(text)))
            else:
                out.append(Tok("sym" if kind == "multi" else kind, text, m.start(), m.end(), text))
        pos = m.end()
    return out


def matching_close(toks: list[Tok], i: int) -> int:
    """Index of the token closing the bracket ``toks[i]`` (or ``len(toks)`` if unclosed)."""
    depth = 0
    for j in range(i, len(toks)):
        k = toks[j].kind
        if k == "open":
            depth += 1
        elif k == "close":
            depth -= 1
            if depth == 0:
                return j
    return len(toks)
