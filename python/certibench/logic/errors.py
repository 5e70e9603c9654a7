"""Errors raised by the Lean-statement parser and elaborator."""

from __future__ import annotations


def caret_excerpt(text: str, line: int, col: int, width: int = 100) -> str:
    """The source line ``line`` (1-based) with a caret under column ``col`` (1-based).

    Long lines are windowed around the column so the excerpt stays readable."""
    lines = text.splitlines() or [""]
    if line < 1 or line > len(lines):
        src = ""
        col = 1
    else:
        src = lines[line - 1]
    col = max(1, min(col, len(src) + 1))
    start = 0
    if len(src) > width:
        start = max(0, min(col - 1 - width // 2, len(src) - width))
        src = src[start : start + width]
    src = src.replace("\t", " ")
    return f"{src}\n{' ' * (col - 1 - start)}^"


class ParseError(ValueError):
    """A statement the parser cannot (or will not) read.

    ``line``/``col`` are 1-based; ``excerpt`` is the offending source line with a caret;
    ``construct`` names the unsupported construct when the failure is a known limitation
    (e.g. ``"anonymous constructor ⟨…⟩"``), else ``None``.  ``kind`` is ``"syntax"`` (the
    text is not a statement the parser reads), ``"unsupported"`` (valid Lean outside the
    supported fragment) or ``"type"`` (the statement is ill-typed; ``construct`` then names
    the kind of type error, e.g. ``"type mismatch"``)."""

    def __init__(
        self,
        msg: str,
        line: int = 1,
        col: int = 1,
        excerpt: str = "",
        construct: str | None = None,
        kind: str | None = None,
    ) -> None:
        self.msg = msg
        self.line = line
        self.col = col
        self.excerpt = excerpt
        self.construct = construct
        self.kind = kind or ("unsupported" if construct else "syntax")
        super().__init__(self._format())

    def _head(self) -> str:
        head = f"line {self.line}, column {self.col}: {self.msg}"
        if self.kind == "type":
            head += " (type error)"
        elif self.construct and self.construct not in self.msg:
            head += f" (unsupported construct: {self.construct})"
        return head

    def _format(self) -> str:
        head = self._head()
        return f"{head}\n{self.excerpt}" if self.excerpt else head

    @property
    def short(self) -> str:
        """One-line form (no excerpt), for tables and JSON reports."""
        return self._head()

    @classmethod
    def at(cls, text: str, pos: int, msg: str, construct: str | None = None, kind: str | None = None) -> ParseError:
        """Build an error at character offset ``pos`` of ``text``."""
        pos = max(0, min(pos, len(text)))
        line = text.count("\n", 0, pos) + 1
        col = pos - (text.rfind("\n", 0, pos) + 1) + 1
        return cls(msg, line, col, caret_excerpt(text, line, col), construct, kind)
