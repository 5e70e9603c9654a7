"""The bundled Lean statement corpus (``lean/Certibench/Corpus/*.lean``), read offline.

Every corpus file is a plain Lean 4 source of the form ::

    /-- @topic number_theory/primes/lower_bound -/
    theorem cb_prime_two_le (p : ℕ) (hp : p.Prime) : 2 ≤ p := hp.two_le

This module splits such files into declarations *without* Lean: comments (``--`` and
nestable ``/- -/``) and string literals are masked first, then each ``theorem``/``lemma``
is cut at the first ``:=`` (or ``where`` / ``| pattern =>`` arm) outside brackets, so
multi-line headers, ``:=`` inside proofs and ``where`` clauses are handled. The formal
statement is then read by our own parser (:func:`certibench.logic.parser.parse_declaration`)
lazily, via :meth:`CorpusStatement.parse`.

Nothing here runs Lean; where a toolchain exists, ``lake build Certibench`` checks the
very same files against Mathlib.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from certibench import resources
from certibench.io import InputFileError

__all__ = [
    "AREAS",
    "TOPIC_RE",
    "CorpusStatement",
    "bundled_lean_root",
    "by_name",
    "corpus_files",
    "load_bundled",
    "load_lean_file",
    "load_lean_text",
    "split_declarations",
    "strip_comments",
]

#: The six areas of the bundled corpus, in display order.
AREAS: tuple[str, ...] = ("number_theory", "algebra", "order", "analysis", "sets", "combinatorics")

#: A well-formed topic: ``area/subarea/concept`` (lower-case words, digits and ``_``).
TOPIC_RE = re.compile(r"^[a-z][a-z0-9_]*(?:/[a-z0-9][a-z0-9_']*){2,}$")

_TOPIC_TAG = re.compile(r"@topic\s+(\S+)")

#: Corpus file stem -> area, used when a declaration carries no ``@topic`` tag.
_FILE_AREAS: dict[str, str] = {
    "NumberTheory": "number_theory",
    "Algebra": "algebra",
    "Order": "order",
    "Inequalities": "order",
    "Analysis": "analysis",
    "Sets": "sets",
    "Combinatorics": "combinatorics",
}

_DECL_KEYWORDS = ("theorem", "lemma")
_MODIFIERS = ("private", "protected", "noncomputable", "nonrec", "unsafe", "partial")
#: Words that start a new top-level command when they begin a line (column 0).
_COMMAND_WORDS = frozenset(
    {
        "theorem",
        "lemma",
        "def",
        "example",
        "instance",
        "abbrev",
        "structure",
        "class",
        "inductive",
        "namespace",
        "section",
        "end",
        "open",
        "variable",
        "universe",
        "set_option",
        "attribute",
        "noncomputable",
        "private",
        "protected",
        "import",
        "macro",
        "macro_rules",
        "syntax",
        "notation",
        "infix",
        "infixl",
        "infixr",
        "prefix",
        "postfix",
        "elab",
        "axiom",
        "opaque",
        "mutual",
        "deriving",
        "alias",
        "local",
        "scoped",
        "initialize",
        "export",
        "nonrec",
        "unsafe",
        "partial",
        "irreducible_def",
        "add_decl_doc",
        "assert_not_exists",
        "library_note",
        "suppress_compilation",
    }
)

_OPEN = "([{⦃⟨⟦"
_CLOSE = ")]}⦄⟩⟧"


class CorpusStatement(BaseModel):
    """One ``theorem`` of a corpus file: its header, proof term, topic and location."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="declared name, as written after `theorem`")
    full_name: str = Field(description="name qualified by the enclosing namespaces")
    kind: str = Field(default="theorem", description="`theorem` or `lemma`")
    statement: str = Field(description="declaration header `theorem name binders : prop` (no proof)")
    binders: str = Field(default="", description="the binders between the name and the colon")
    proposition: str = Field(description="the proposition after the top-level colon")
    proof: str = Field(description="the proof text after `:=` (or the `where`/match body)")
    topic: str | None = Field(default=None, description="`area/subarea/concept` from the `@topic` tag")
    area: str | None = Field(default=None, description="first component of the topic (or the file's area)")
    doc: str | None = Field(default=None, description="the doc comment, if any")
    file: str = Field(description="path relative to the corpus root (or as given)")
    line: int = Field(ge=1, description="1-based line of the `theorem` keyword")

    @property
    def id(self) -> str:
        return self.name

    @property
    def subarea(self) -> str | None:
        parts = self.topic.split("/") if self.topic else []
        return parts[1] if len(parts) >= 2 else None

    def parse(self) -> Any:
        """Parse the header with :func:`certibench.logic.parser.parse_declaration`.

        Imported lazily; raises ``ParseError`` (from the parser) when the statement uses an
        unsupported construct, and ``ImportError`` when the parser is not installed.
        """
        from certibench.logic.parser import parse_declaration  # noqa: PLC0415 - lazy by design

        return parse_declaration(self.statement)


# --------------------------------------------------------------------------- masking


@dataclass(frozen=True)
class _DocComment:
    start: int  # offset of "/--"
    end: int  # offset just past "-/"
    text: str  # the comment body, stripped


def _mask(text: str) -> tuple[str, list[_DocComment]]:
    """Blank out comments and string literals (keeping newlines and offsets).

    Returns the masked text and the doc comments (``/-- ... -/``) found, in order.
    Block comments nest, as in Lean 4. An unterminated comment runs to the end of file.
    """
    out = list(text)
    docs: list[_DocComment] = []
    i, n = 0, len(text)

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if c == "-" and text.startswith("--", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif c == "/" and text.startswith("/-", i):
            is_doc = text.startswith("/--", i) and not text.startswith("/--/", i)
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/-", j):
                    depth += 1
                    j += 2
                elif text.startswith("-/", j):
                    depth -= 1
                    j += 2
                else:
                    j += 1
            if is_doc:
                body = text[i + 3 : j - 2 if depth == 0 else j]
                docs.append(_DocComment(i, j, body.strip()))
            blank(i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            blank(i, j)
            i = j
        else:
            i += 1
    return "".join(out), docs


def strip_comments(text: str) -> str:
    """``text`` with every comment and string literal blanked (offsets and newlines kept)."""
    return _mask(text)[0]


# --------------------------------------------------------------------------- splitting


@dataclass(frozen=True)
class RawDeclaration:
    """A declaration cut out of a Lean file (offsets into the original text)."""

    kind: str
    name: str
    namespace: tuple[str, ...]
    header: str  # masked header text: `theorem name binders : prop`
    binders: str
    proposition: str
    proof: str
    doc: str | None
    line: int


_LINE_START_CMD = re.compile(r"^([ \t]*)(@\[|/--|/-!|[A-Za-z_#][\w.'!?]*)", re.MULTILINE)
#: Commands that still end the previous declaration when indented (e.g. inside a section).
_INDENTED_COMMANDS = frozenset(
    {"theorem", "lemma", "def", "example", "instance", "abbrev", "structure", "class", "inductive",
     "namespace", "section", "end", "@[", "/--", "private", "protected", "noncomputable"}
)  # fmt: skip
_DECL_HEAD = re.compile(
    r"^[ \t]*(?P<attrs>@\[[^\]\n]*\]\s*)?(?P<mods>(?:(?:" + "|".join(_MODIFIERS) + r")\s+)*)"
    r"(?P<kind>theorem|lemma)\s+(?P<name>[^\s:({\[⦃]+)",
    re.MULTILINE,
)
_NS_LINE = re.compile(r"^[ \t]*(?:noncomputable[ \t]+)?(namespace|section|end)\b[ \t]*([^\s]*)", re.MULTILINE)
#: What may sit between a doc comment and its declaration: blanks and `open … in`.
_DOC_GAP = re.compile(r"\s*(?:open\b[^\n]*\bin\s*)?")


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _top_level_split(masked: str) -> int | None:
    """Offset where the proof starts: the first `:=`, `where` or `| … =>` at depth 0."""
    depth = 0
    i, n = 0, len(masked)
    while i < n:
        c = masked[i]
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            if c == ":" and masked.startswith(":=", i):
                return i
            if c == "w" and masked.startswith("where", i):
                before = masked[i - 1] if i else " "
                after = masked[i + 5] if i + 5 < n else " "
                if not (before.isalnum() or before in "_.'") and not (after.isalnum() or after in "_'"):
                    return i
            if c == "|" and (i == 0 or masked[:i].rstrip(" \t").endswith("\n")):
                eol = masked.find("\n", i)
                if "=>" in masked[i : n if eol < 0 else eol]:
                    return i
        i += 1
    return None


def _top_level_colon(header: str, start: int) -> int | None:
    """Offset of the first `:` at bracket depth 0 from ``start`` (the binder/prop separator)."""
    depth = 0
    for i in range(start, len(header)):
        c = header[i]
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth = max(0, depth - 1)
        elif c == ":" and depth == 0 and not header.startswith(":=", i):
            return i
    return None


def _squash(s: str) -> str:
    return " ".join(s.split())


def _clean_proof(s: str) -> str:
    lines = [ln.rstrip() for ln in s.splitlines()]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        return ""
    if len(lines) == 1:
        return lines[0].strip()
    first = lines[0].strip()
    rest = [ln for ln in lines[1:]]
    indents = [len(ln) - len(ln.lstrip()) for ln in rest if ln.strip()]
    cut = min(indents) if indents else 0
    body = [ln[cut:] for ln in rest]
    return "\n".join([first, *body]) if first else "\n".join(body)


def split_declarations(text: str) -> list[RawDeclaration]:
    """Cut every top-level ``theorem``/``lemma`` out of Lean source ``text``."""
    masked, docs = _mask(text)
    heads = list(_DECL_HEAD.finditer(masked))
    # every line-start command (or doc comment) bounds the previous declaration
    bounds = sorted(
        {m.start(2) for m in _LINE_START_CMD.finditer(masked) if _is_command(m)} | {d.start for d in docs}
    )
    ns_events = [(m.start(), m.group(1), m.group(2)) for m in _NS_LINE.finditer(masked)]
    out: list[RawDeclaration] = []
    for h in heads:
        kw_at = h.start("kind")
        # the declaration ends at the next command / doc comment after its keyword
        end = next((b for b in bounds if b > kw_at), len(masked))
        chunk = masked[kw_at:end]
        split = _top_level_split(chunk)
        header = chunk if split is None else chunk[:split]
        if split is None:
            proof = ""
        elif chunk.startswith(":=", split):
            proof = chunk[split + 2 :]
        else:
            proof = chunk[split:]
        name = h.group("name")
        name_end = h.end("name") - kw_at
        colon = _top_level_colon(header, name_end)
        if colon is None:
            binders, prop = header[name_end:], ""
        else:
            binders, prop = header[name_end:colon], header[colon + 1 :]
        doc = _doc_before(masked, docs, h.start())
        out.append(
            RawDeclaration(
                kind=h.group("kind"),
                name=name,
                namespace=_namespace_at(ns_events, h.start()),
                header=_squash(header),
                binders=_squash(binders),
                proposition=_squash(prop),
                proof=_clean_proof(proof),
                doc=doc,
                line=_line_of(text, kw_at),
            )
        )
    return out


def _is_command(m: re.Match[str]) -> bool:
    tok = m.group(2)
    if m.group(1):  # indented: only unambiguous declaration-level commands count
        return tok in _INDENTED_COMMANDS
    if tok in ("@[", "/--", "/-!") or tok.startswith("#"):
        return True
    return tok in _COMMAND_WORDS


def _doc_before(masked: str, docs: list[_DocComment], decl_start: int) -> str | None:
    """The doc comment that immediately precedes ``decl_start`` (only blanks between)."""
    for d in reversed(docs):
        if d.end <= decl_start:
            return d.text if _DOC_GAP.fullmatch(masked[d.end : decl_start]) else None
    return None


def _namespace_at(events: list[tuple[int, str, str]], offset: int) -> tuple[str, ...]:
    stack: list[tuple[str, str]] = []
    for pos, kind, name in events:
        if pos >= offset:
            break
        if kind in ("namespace", "section"):
            stack.append((kind, name))
        elif stack:
            stack.pop()
    parts: list[str] = []
    for kind, name in stack:
        if kind == "namespace" and name:
            parts.extend(name.split("."))
    return tuple(parts)


# --------------------------------------------------------------------------- loading


def _topic_of(doc: str | None) -> str | None:
    if not doc:
        return None
    m = _TOPIC_TAG.search(doc)
    return m.group(1).rstrip(".,;") if m else None


def _to_statement(raw: RawDeclaration, file_label: str, default_area: str | None) -> CorpusStatement:
    topic = _topic_of(raw.doc)
    area = topic.split("/", 1)[0] if topic else default_area
    if raw.name.startswith("_root_."):
        full = raw.name[len("_root_.") :]
    else:
        full = ".".join([*raw.namespace, raw.name])
    return CorpusStatement(
        name=raw.name,
        full_name=full,
        kind=raw.kind,
        statement=raw.header,
        binders=raw.binders,
        proposition=raw.proposition,
        proof=raw.proof,
        topic=topic,
        area=area,
        doc=raw.doc,
        file=file_label,
        line=raw.line,
    )


def load_lean_text(text: str, file: str = "<string>", *, area: str | None = None) -> list[CorpusStatement]:
    """Statements of Lean source ``text`` (``file`` is only used as a label)."""
    return [_to_statement(r, file, area) for r in split_declarations(text)]


def load_lean_file(path: str | os.PathLike[str], *, label: str | None = None) -> list[CorpusStatement]:
    """Statements of one ``.lean`` file in the corpus style (``generate --corpus PATH``).

    Raises :class:`~certibench.io.InputFileError` when the file cannot be read.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{p}: not UTF-8 text: {exc}") from exc
    return load_lean_text(text, label or str(p), area=_FILE_AREAS.get(p.stem))


def bundled_lean_root() -> Path:
    """The ``lean/`` directory holding ``Certibench/Corpus`` (the checkout's ``lean/``, or
    the copy inside an installed wheel; see :func:`certibench.resources.lean_root`).
    Raises :class:`InputFileError` when neither exists."""
    try:
        return resources.lean_root()
    except resources.ResourceNotFoundError as exc:
        raise InputFileError(str(exc)) from exc


def _resolve_root(root: str | os.PathLike[str] | None) -> Path:
    if root is None:
        return bundled_lean_root()
    r = Path(root)
    for cand in (r, r / "lean"):
        if (cand / "Certibench" / "Corpus").is_dir():
            return cand
    if r.is_dir() and any(r.glob("*.lean")):
        return r
    raise InputFileError(f"{r}: no Certibench/Corpus directory of .lean files here")


def corpus_files(root: str | os.PathLike[str] | None = None) -> list[Path]:
    """The corpus ``.lean`` files under ``root`` (default: the bundled corpus), sorted."""
    r = _resolve_root(root)
    d = r / "Certibench" / "Corpus"
    if not d.is_dir():
        d = r
    return sorted(d.glob("*.lean"))


def load_bundled(root: str | os.PathLike[str] | None = None) -> list[CorpusStatement]:
    """Every statement of the bundled corpus (``lean/Certibench/Corpus/*.lean``), file by file.

    ``root`` may be the ``lean/`` directory, the repository root, or a directory of ``.lean``
    files; by default the bundled corpus is found relative to the installed package.
    File labels are relative to ``root`` (e.g. ``Certibench/Corpus/Sets.lean``).
    """
    r = _resolve_root(root)
    out: list[CorpusStatement] = []
    for f in corpus_files(r):
        try:
            label = f.relative_to(r).as_posix()
        except ValueError:  # pragma: no cover - symlinks
            label = f.name
        out.extend(load_lean_file(f, label=label))
    return out


def by_name(statements: Iterable[CorpusStatement]) -> dict[str, CorpusStatement]:
    """Index statements by name (later duplicates do not overwrite earlier ones)."""
    index: dict[str, CorpusStatement] = {}
    for s in statements:
        index.setdefault(s.name, s)
    return index
