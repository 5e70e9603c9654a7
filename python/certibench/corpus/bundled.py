"""The bundled Lean statement corpus (``lean/Certibench/Corpus/*.lean``), read offline.

Every corpus file is a plain Lean 4 source of the form ::

    /-- @topic number_theory/primes/lower_bound -/
    theorem cb_prime_two_le (p : ℕ) (hp : p.Prime) : 2 ≤ p := hp.two_le

The files are read by the real-source loader (:mod:`certibench.corpus.lean_source`: the
same reader that imports Mathlib files, with namespaces, ``variable``s, ``open``s and
comments handled as Lean does); this module adds what is particular to the corpus — the
``@topic`` tag of each doc comment and the area of each file — as :class:`CorpusStatement`.
The formal statement is read by our own parser
(:func:`certibench.logic.parser.parse_declaration`) lazily, via :meth:`CorpusStatement.parse`.

Nothing here runs Lean; where a toolchain exists, ``lake build Certibench`` checks the
very same files against Mathlib.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from certibench import resources
from certibench.corpus.lean_lex import strip_comments
from certibench.corpus.lean_source import SOURCE_KINDS, LeanDeclaration
from certibench.corpus.lean_source import load_lean_text as _load_source_text
from certibench.io import InputFileError

__all__ = [
    "AREAS",
    "TOPIC_RE",
    "CorpusStatement",
    "area_of_file",
    "bundled_lean_root",
    "by_name",
    "corpus_files",
    "load_bundled",
    "load_lean_file",
    "load_lean_text",
    "split_declarations",
    "strip_comments",
    "topic_of",
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


class CorpusStatement(BaseModel):
    """One ``theorem`` of a corpus file: its header, proof term, topic and location."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="declared name, as written after `theorem`")
    full_name: str = Field(description="name qualified by the enclosing namespaces")
    kind: str = Field(default="theorem", description="`theorem` or `lemma`")
    statement: str = Field(description="closed declaration header `theorem Full.Name binders : prop` (no proof)")
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


# --------------------------------------------------------------------------- loading


def split_declarations(text: str) -> list[LeanDeclaration]:
    """Every ``theorem``/``lemma`` of Lean source ``text``, closed over its context."""
    return [d for d in _load_source_text(text, aliases=False) if d.kind in SOURCE_KINDS]


def topic_of(doc: str | None) -> str | None:
    """The ``@topic area/subarea/concept`` tag of a doc comment, if any."""
    if not doc:
        return None
    m = _TOPIC_TAG.search(doc)
    return m.group(1).rstrip(".,;") if m else None


def area_of_file(path: str | os.PathLike[str]) -> str | None:
    """The corpus area a file stands for by its name (``Sets.lean`` → ``sets``), if any."""
    return _FILE_AREAS.get(Path(path).stem)


def _to_statement(d: LeanDeclaration, file_label: str, default_area: str | None) -> CorpusStatement:
    topic = topic_of(d.doc)
    area = topic.split("/", 1)[0] if topic else default_area
    return CorpusStatement(
        name=d.name,
        full_name=d.full_name,
        kind=d.kind,
        statement=d.statement,
        binders=" ".join([*d.context_binders, d.binders]).strip(),
        proposition=d.proposition,
        proof=d.proof,
        topic=topic,
        area=area,
        doc=d.doc,
        file=file_label,
        line=d.line,
    )


def load_lean_text(text: str, file: str = "<string>", *, area: str | None = None) -> list[CorpusStatement]:
    """Statements of Lean source ``text`` (``file`` is only used as a label)."""
    return [_to_statement(d, file, area) for d in split_declarations(text)]


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
