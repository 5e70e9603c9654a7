"""Tokenizer for Lean 4 (Mathlib) statements.

``tokenize(text)`` splits a statement into identifiers (dotted names, ``«quoted»`` parts,
subscripts and primes included; ``ℕ ℤ ℚ ℝ ℂ`` are single-character identifiers), numerals
(``1_000`` → ``1000``, decimals), keywords and symbols (longest match first).  Comments
(``--`` and nestable ``/- … -/``) and whitespace are dropped; each token keeps its source
offset so that every later error can point at the source.
"""

from __future__ import annotations

from dataclasses import dataclass

from certibench.logic.errors import ParseError

__all__ = ["KEYWORDS", "SYMBOLS", "SUBSCRIPTS", "TYPE_CHARS", "Token", "tokenize", "is_id_rest", "is_id_start"]

@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # ident, num, sym, kw, eof
    text: str
    pos: int
    end: int
    space_before: bool


KEYWORDS = frozenset(
    {
        "theorem",
        "lemma",
        "example",
        "def",
        "abbrev",
        "instance",
        "fun",
        "λ",
        "if",
        "then",
        "else",
        "in",
        "at",
        "by",
        "have",
        "show",
        "let",
        "match",
        "with",
        "do",
        "from",
        "where",
        "Type",
        "Sort",
        "open",
        "calc",
    }
)

# Longest match first.
SYMBOLS = sorted(
    [
        ":=", "::", "++", "->", "<->", "<=", ">=", "!=", "/\\", "\\/", "=>", "↦", "/.",
        "[MOD", "[ZMOD", "[PMOD", "⌋₊", "⌉₊", "∃!", "<|", "|>", "$", "<;>",
        "(", ")", "{", "}", "[", "]", "⦃", "⦄", "⟨", "⟩", ",", ":", ";", "|", "‖",
        "+", "-", "*", "/", "%", "^", "<", ">", "=", "≠", "≤", "≥", "∣", "∈", "∉", "⊆", "⊂",
        "⊇", "⊃", "∩", "∪", "\\", "ᶜ", "∅", "¬", "∧", "∨", "→", "↔", "∀", "∃", "∑", "∏",
        "↑", "!", "√", "π", "⌊", "⌋", "⌈", "⌉", "•", "≡", "∘", "×", "⁻¹", "·", "@", "_",
        "∞", "⋂", "⋃", "∫", "≃", "≅", "⊓", "⊔", "∆", "∗", "⬝", "ᵀ", "′", "?", "&&",
        "#", "⁻¹'", "''", "'", "∂", "⊤", "⊥", "Π", "Σ", ".", "⁺", "ℵ",
    ],
    key=len,
    reverse=True,
)

_SYM_BY_FIRST: dict[str, list[str]] = {}
for _s in SYMBOLS:  # already longest first
    _SYM_BY_FIRST.setdefault(_s[0], []).append(_s)

#: Lean numerals and identifiers use ASCII digits only (``str.isdigit`` also accepts ``¹``).
_DIGITS = frozenset("0123456789")
#: Lean 4's ``isSubScriptAlnum``: ₀-₉, U+2090-U+209C (ₐ … ₜ), U+1D62-U+1D6A (ᵢ … ᵪ), ⱼ.
_SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉" + "".join(map(chr, range(0x2090, 0x209D))) + "".join(map(chr, range(0x1D62, 0x1D6B))) + "ⱼ"


def _is_letter_like(c: str) -> bool:
    o = ord(c)
    if c.isascii():
        return c.isalpha()
    if 0x3B1 <= o <= 0x3C9 and c != "λ":  # α-ω
        return True
    if 0x391 <= o <= 0x3A9 and c not in "ΠΣ":  # Α-Ω
        return True
    if 0x3CA <= o <= 0x3FB:  # Coptic
        return True
    if 0x1F00 <= o <= 0x1FFE:  # Greek extended
        return True
    if 0x2100 <= o <= 0x214F:  # letter-like block (ℕ ℤ ℚ ℝ ℂ …)
        return True
    if 0x1D49C <= o <= 0x1D59F:  # script / double-struck / fraktur
        return True
    # Lean 4's isLetterLike ends here: other letters (Cyrillic а, accented Latin é, CJK) are
    # not identifier characters in Lean - a look-alike `а` is an error there, not a new name
    return False


def _is_id_start(c: str) -> bool:
    return c == "_" or _is_letter_like(c)


def _is_id_rest(c: str) -> bool:
    return _is_id_start(c) or c in _DIGITS or c in "'!?" or c in _SUBSCRIPTS


#: What follows `→` directly in Mathlib's bundled-map arrows (`→o`, `→+*`, `→ₗ[R]`, `→L[𝕜]`,
#: `→₀`, `→ᵃ`, `→ᵇ`, `→ₙ+*`, `→*₀` …).
_ARROW_NOTATION_MARKS = frozenset("o+*ₗLᵃᵇₙ₀ₐᵤₛ𝕜")

# Single-character type names are their own tokens (ℕ is a notation, not an identifier).
_TYPE_CHARS = "ℕℤℚℝℂ"


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens (comments and whitespace dropped)."""
    toks: list[Token] = []
    i = 0
    n = len(text)
    space = True
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            space = True
            continue
        if text.startswith("--", i):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            space = True
            continue
        if text.startswith("/-", i):
            depth = 1
            j = i + 2
            while j < n and depth:
                if text.startswith("/-", j):
                    depth += 1
                    j += 2
                elif text.startswith("-/", j):
                    depth -= 1
                    j += 2
                else:
                    j += 1
            if depth:
                raise ParseError.at(text, i, "unterminated comment /- … -/", "unterminated comment")
            i = j
            space = True
            continue
        start = i
        if c == "«":
            j = text.find("»", i + 1)
            if j < 0:
                raise ParseError.at(text, i, "unterminated «name»", "unterminated «name»")
            i = j + 1
            # dotted continuation
            while i + 1 < n and text[i] == "." and (_is_id_start(text[i + 1]) or text[i + 1] == "«"):
                i = _scan_ident_part(text, i + 1)
            toks.append(Token("ident", text[start:i], start, i, space))
            space = False
            continue
        if c in _TYPE_CHARS:
            # Mathlib's ℕ+, ℝ≥0 and ℝ≥0∞ are single tokens in Lean (longest match): `(x : ℝ≥0)`
            # was read as a hypothesis `x : ℝ ≥ 0`
            if c == "ℕ" and text.startswith("+", i + 1):
                i += 2
            elif c == "ℝ" and text.startswith("≥0∞", i + 1):
                i += 4
            elif c == "ℝ" and text.startswith("≥0", i + 1) and not (i + 3 < n and text[i + 3] in _DIGITS):
                i += 3
            else:
                i += 1
            toks.append(Token("ident", text[start:i], start, i, space))
            space = False
            continue
        if _is_id_start(c) and not (c == "_" and (i + 1 >= n or not _is_id_rest(text[i + 1]))):
            i = _scan_ident_part(text, i)
            while i + 1 < n and text[i] == "." and (_is_id_start(text[i + 1]) or text[i + 1] == "«"):
                if text[i + 1] in _TYPE_CHARS:
                    break
                i = _scan_ident_part(text, i + 1)
            word = text[start:i]
            if word == "_":
                toks.append(Token("sym", "_", start, i, space))
                space = False
                continue
            kind = "kw" if word in KEYWORDS else "ident"
            if word == "λ":
                kind = "kw"
            toks.append(Token(kind, word, start, i, space))
            space = False
            continue
        if c == "λ":
            i += 1
            toks.append(Token("kw", "λ", start, i, space))
            space = False
            continue
        if c in _DIGITS:
            j = i
            while j < n and (text[j] in _DIGITS or text[j] == "_"):
                j += 1
            if j + 1 < n and text[j] == "." and text[j + 1] in _DIGITS:
                j += 1
                while j < n and text[j] in _DIGITS:
                    j += 1
            i = j
            toks.append(Token("num", text[start:i].replace("_", ""), start, i, space))
            space = False
            continue
        if c == "→" and i + 1 < n and text[i + 1] in _ARROW_NOTATION_MARKS:
            # Mathlib's bundled-map arrows (→o, →+, →*, →+*, →ₗ, →L, →₀, →ᵃ …) are one token
            # in Lean; read as `→` they made `(f : ℕ →o ℕ)` a function into `o ℕ`
            j = i + 1
            while j < n and not text[j].isspace() and text[j] not in "()[]{}⦃⦄,":
                j += 1
            raise ParseError.at(text, i, f"unsupported notation {text[i:j]!r} (a bundled map arrow)",
                                f"notation {text[i:j]}")
        for s in _SYM_BY_FIRST.get(c, ()):
            if text.startswith(s, i):
                i += len(s)
                toks.append(Token("sym", s, start, i, space))
                break
        else:
            raise ParseError.at(text, i, f"unexpected character {c!r}", f"character {c!r}")
        space = False
    toks.append(Token("eof", "", n, n, True))
    return toks


def _scan_ident_part(text: str, i: int) -> int:
    n = len(text)
    if text[i] == "«":
        j = text.find("»", i + 1)
        return n if j < 0 else j + 1
    i += 1
    while i < n and _is_id_rest(text[i]) and text[i] not in _TYPE_CHARS:
        i += 1
    return i


#: Public aliases used by the parser and the renderer.
SUBSCRIPTS = _SUBSCRIPTS
TYPE_CHARS = _TYPE_CHARS
is_id_start = _is_id_start
is_id_rest = _is_id_rest
