"""Real Lean 4 source files → closed theorem statements, read in their context, offline.

Where no Lean toolchain is installed (LeanDojo needs one), statements still have to come in
from the source files themselves — and a lemma stated under ``variable {G : Type*}
[Group G] (a b : G)`` means nothing without those binders.  This loader reads a file as
Lean's command elaborator does, command by command, keeping the scope state that shapes a
statement:

* ``namespace … end``, ``section … end`` (named, anonymous, ``noncomputable section``,
  ``@[expose] public section``), ``mutual … end``; the ``module`` header;
* ``variable`` — explicit ``( )``, implicit ``{ }``, strict-implicit ``⦃ ⦄``/``{{ }}`` and
  instance ``[ ]`` binders, binder updates (``variable {a}``), default values — and which
  of them a theorem gets, by Lean 4's rule (``Lean.Elab.MutualDef.withHeaderSecVars``):
  the variables its header mentions, those ``include``d, transitively everything their
  types mention, then every instance binder all of whose variables are in (unless
  ``omit``-ted).  ``section_vars="legacy"`` applies the rule of Lean before 4.11 instead
  (variables used in the proof count as mentioned);
* ``open`` (plain, ``open … in``, ``open scoped``, ``open X (a b)``, ``hiding``,
  ``renaming``), ``universe``, ``set_option`` (and ``… in``), ``include``/``omit`` (and
  ``… in``), ``variable … in``;
* prefixes: doc comments, attributes (``@[simp]``, ``@[to_additive …]`` — optionally its
  additive twin), modifiers (``private``/``protected``/``noncomputable``/…);
* ``theorem`` and Mathlib's ``lemma`` (``example`` is skipped), with multi-line headers and
  bodies ``:= by …`` / ``:= term`` / ``where`` / ``| pattern`` arms cut off correctly,
  ``«quoted»`` names, ``_root_.`` names and explicit universes ``foo.{u}``;
* ``alias`` (``alias b := a``, ``alias ⟨mp, mpr⟩ := iff`` and the port-era ``alias a ← b``,
  ``alias a ↔ mp mpr``) — the aliased statement under the new name;
* ``notation``/``infix``/``prefix``/``postfix``/``notation3``/``macro``/``syntax`` — recorded;
  nullary notations are expanded, a statement using any other local notation is reported
  (``skipped_reason``) unless the notation is Mathlib's own for a symbol the statement
  parser knows (``n !`` for ``Nat.factorial``).

Each theorem comes out as a :class:`LeanDeclaration` whose ``statement`` is CLOSED: ``theorem
Full.Name <context binders> <own binders> : <proposition>``, with the context binders it
uses added in order, identifiers the symbol table knows under an enclosing namespace
qualified as Lean resolves them (``gcd`` inside ``namespace Nat`` becomes ``Nat.gcd``; names
reached through an ``open`` stay as written, the opens are recorded), and provenance
(file, line, commit, licence — see :mod:`certibench.corpus.lean_provenance`).  When the loader itself cannot
close a statement it says why in ``skipped_reason`` and never guesses.  A declaration whose
proof is no proof — ``sorry``, ``admit``, ``sorryAx``, ``stop``, a left-over ``apply?``/``exact?``
anywhere in its body, or a use of such a declaration or of an ``axiom`` of the sources — gets
the ``skipped_reason`` "proof uses sorry/admit …" (:data:`UNPROVED_REASON`).

Nothing here runs Lean, and nothing is evaluated.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from certibench.corpus.lean_lex import (
    _CHAR_LIT,
    Masked,
    Tok,
    _id_rest,
    block_comment_end,
    lex,
    mask,
    matching_close,
    squash,
    token_start,
)
from certibench.corpus.lean_provenance import Provenance, ProvenanceIndex, ProvenanceSource
from certibench.io import InputFileError, RecordError
from certibench.logic.symbols import BASE_TYPES, TYPE_CONSTRUCTORS, lookup

__all__ = [
    "LeanDeclaration",
    "LeanFileSummary",
    "LeanImport",
    "LeanNotation",
    "SectionVars",
    "iter_lean_files",
    "additive_twin",
    "load_lean_source",
    "load_lean_text",
    "project_auto_implicit",
]

SectionVars = Literal["lean4", "legacy"]
DeclKind = Literal["theorem", "lemma", "alias", "to_additive"]

#: The kinds that are theorem/lemma declarations of the source (aliases and additive twins
#: are derived from them).
SOURCE_KINDS: frozenset[str] = frozenset({"theorem", "lemma"})


class LeanDeclaration(BaseModel):
    """One theorem statement of a Lean source, closed over the context it was stated in."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="unique id: the fully qualified name (file:line appended for a repeated name)")
    name: str = Field(description="the name as written after the keyword (e.g. `foo`, `_root_.Bar.baz`)")
    full_name: str = Field(description="fully qualified name (namespace applied, `_root_.` honoured)")
    kind: DeclKind = Field(description="theorem, lemma, alias (of a theorem) or to_additive (twin)")
    statement: str = Field(description="closed header `theorem Full.Name <context binders> <binders> : <prop>`")
    binders: str = Field(default="", description="the declaration's own binders, as written")
    context_binders: list[str] = Field(default_factory=list, description="binders added from `variable`, in order")
    proposition: str = Field(default="", description="the statement after the top-level colon")
    proof: str = Field(default="", description="the body after `:=` (or the `where`/`|` body); empty for aliases")
    file: str = Field(description="file label (path relative to the import root)")
    line: int = Field(ge=1, description="1-based line of the declaration keyword")
    namespace: str = Field(default="", description="enclosing namespace (`` for the root)")
    opens: list[str] = Field(default_factory=list, description="namespaces open at the declaration")
    universes: list[str] = Field(default_factory=list, description="universe variables in scope")
    options: dict[str, str] = Field(default_factory=dict, description="`set_option`s in force")
    attributes: list[str] = Field(default_factory=list, description="attribute lists, e.g. `simp`, `to_additive`")
    modifiers: list[str] = Field(default_factory=list, description="private / protected / noncomputable / …")
    doc: str | None = Field(default=None, description="the doc comment")
    derived_from: str | None = Field(default=None, description="for alias / to_additive: the source theorem")
    notations: list[str] = Field(default_factory=list, description="local notations the statement uses")
    auto_bound: list[str] = Field(
        default_factory=list, description="auto-bound implicits added as `{x}` binders (autoImplicit on)"
    )
    provenance: Provenance | None = None
    skipped_reason: str | None = Field(
        default=None, description="why the loader could not produce a closed statement (then `statement` is partial)"
    )

    @property
    def ok(self) -> bool:
        return self.skipped_reason is None

    @property
    def unproved(self) -> bool:
        """Its proof (or that of a declaration it uses) is ``sorry``/``admit``/…, or its source
        file is not trusted (:data:`TAINTED_REASON`): not a theorem."""
        r = self.skipped_reason
        return r is not None and (UNPROVED_REASON in r or r.startswith(TAINTED_REASON))

    @property
    def tainted(self) -> bool:
        """Refused because its source file (or one it imports) is not trusted, not for its own proof."""
        return self.skipped_reason is not None and self.skipped_reason.startswith(TAINTED_REASON)


class LeanNotation(BaseModel):
    """A ``notation``/``infix``/``prefix``/``postfix``/``macro``/``syntax`` command of a file."""

    atoms: list[str]
    expansion: str = ""
    line: int
    expanded: bool = Field(description="nullary: statements using it get the expansion")
    known: bool = Field(description="Mathlib's own notation for a symbol the statement parser knows")


class LeanFileSummary(BaseModel):
    file: str
    theorems: int = 0
    lemmas: int = 0
    examples: int = 0
    aliases: int = 0
    additive: int = 0
    notations: int = 0
    skipped: int = 0
    notation_decls: list[LeanNotation] = Field(default_factory=list)
    provenance: Provenance | None = None


class LeanImport(BaseModel):
    """Result of loading a file or a directory tree of ``.lean`` files."""

    root: str
    auto_implicit: bool = False
    auto_implicit_from: str = Field(default="default (off, as in Mathlib)", description="where the setting came from")
    declarations: list[LeanDeclaration] = Field(default_factory=list)
    files: list[LeanFileSummary] = Field(default_factory=list)
    errors: list[RecordError] = Field(default_factory=list)

    model_config = ConfigDict(arbitrary_types_allowed=True)

    def theorems(self) -> list[LeanDeclaration]:
        """The source's own theorem/lemma declarations (no aliases or additive twins)."""
        return [d for d in self.declarations if d.kind in SOURCE_KINDS]

    def counts(self) -> dict[str, int]:
        """Totals for a summary: files, declarations by kind, examples, notations, skipped."""
        out = {"files": len(self.files), "unreadable files": len(self.errors)}
        for k in ("theorem", "lemma", "alias", "to_additive"):
            out[k] = sum(1 for d in self.declarations if d.kind == k)
        out["example (skipped)"] = sum(f.examples for f in self.files)
        out["notation declarations"] = sum(f.notations for f in self.files)
        out["closed"] = sum(1 for d in self.declarations if d.skipped_reason is None)
        out["not closed (skipped_reason)"] = sum(1 for d in self.declarations if d.skipped_reason is not None)
        out[f"skipped: {UNPROVED_REASON}"] = sum(1 for d in self.declarations if d.unproved and not d.tainted)
        out[f"skipped: {TAINTED_REASON}"] = sum(1 for d in self.declarations if d.tainted)
        out["with provenance commit"] = sum(1 for d in self.declarations if d.provenance and d.provenance.commit)
        return out


# --------------------------------------------------------------------------- scope state


@dataclass
class _Var:
    uid: int
    name: str | None  # None: anonymous instance binder
    kind: str  # explicit, implicit, strict, inst
    type_text: str  # clean, squashed
    type_scan: str  # scan text of the type (for mention analysis)
    default: str | None  # `:= v` text
    deps: frozenset[int]  # uids of earlier variables its type mentions

    def render(self) -> str:
        t = self.type_text
        if self.kind == "inst":
            return f"[{self.name} : {t}]" if self.name else f"[{t}]"
        o, c = {"explicit": ("(", ")"), "implicit": ("{", "}"), "strict": ("⦃", "⦄")}[self.kind]
        d = f" := {self.default}" if self.default else ""
        return f"{o}{self.name} : {t}{d}{c}"


@dataclass
class _Open:
    namespace: str
    scoped_only: bool = False  # `open scoped X`: notations/instances only, no names
    only: tuple[str, ...] | None = None  # `open X (a b)`
    hiding: tuple[str, ...] = ()
    renaming: tuple[tuple[str, str], ...] = ()  # (old, new)

    def label(self) -> str:
        if self.scoped_only:
            return f"scoped {self.namespace}"
        if self.only is not None:
            return f"{self.namespace} ({' '.join(self.only)})"
        if self.hiding:
            return f"{self.namespace} hiding {' '.join(self.hiding)}"
        if self.renaming:
            return f"{self.namespace} renaming " + ", ".join(f"{a} → {b}" for a, b in self.renaming)
        return self.namespace


@dataclass
class _Scope:
    kind: str  # root, namespace, section, mutual, in
    name: str = ""
    namespace: tuple[str, ...] = ()
    vars: list[_Var] = field(default_factory=list)
    opens: list[_Open] = field(default_factory=list)
    universes: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    included: set[int] = field(default_factory=set)
    omitted: set[int] = field(default_factory=set)

    def child(self, kind: str, name: str = "", namespace: tuple[str, ...] | None = None) -> _Scope:
        return _Scope(
            kind,
            name,
            self.namespace if namespace is None else namespace,
            list(self.vars),
            list(self.opens),
            list(self.universes),
            dict(self.options),
            set(self.included),
            set(self.omitted),
        )


@dataclass
class _Notation:
    atoms: tuple[str, ...]
    expansion: str
    nullary: bool
    line: int
    known: bool  # Mathlib's own notation for a symbol the parser knows


@dataclass
class _Prefix:
    docs: list[str] = field(default_factory=list)
    attrs: list[str] = field(default_factory=list)
    mods: list[str] = field(default_factory=list)

    def merged(self, other: _Prefix) -> _Prefix:
        return _Prefix(self.docs + other.docs, self.attrs + other.attrs, self.mods + other.mods)


# --------------------------------------------------------------------------- command splitting

#: Commands that start a new command wherever they begin a line.
_CORE = frozenset(
    {"theorem", "lemma", "def", "example", "abbrev", "instance", "structure", "class", "inductive",
     "namespace", "section", "end", "variable", "universe", "axiom", "opaque", "mutual"}
)  # fmt: skip
#: Commands that only start a new command at or left of the current command's column (they
#: also occur inside proofs: `open … in`, `set_option … in`, `#adaptation_note`), or after a
#: command that has no body.
_OTHER = frozenset(
    {"open", "set_option", "attribute", "include", "omit", "alias", "notation", "notation3", "infix",
     "infixl", "infixr", "prefix", "postfix", "macro", "macro_rules", "syntax", "elab", "elab_rules",
     "declare_syntax_cat", "initialize", "builtin_initialize", "export", "irreducible_def", "add_decl_doc",
     "assert_not_exists", "assert_not_imported", "library_note", "suppress_compilation", "import", "module",
     "deriving", "private", "protected", "noncomputable", "nonrec", "unsafe", "partial", "scoped", "local",
     "public", "meta", "register_option", "register_simp_attr", "unseal", "seal", "run_cmd", "run_meta",
     "initialize_simps_projections", "add_aesop_rules", "compile_inductive%", "lemma"}
)  # fmt: skip
#: Every word that starts a command.
_COMMAND_KEYWORDS = _CORE | _OTHER
_NO_BODY = frozenset(
    {"namespace", "section", "end", "variable", "universe", "open", "set_option", "include", "omit", "export",
     "import", "module", "mutual", "alias", "attribute", "assert_not_exists", "assert_not_imported",
     "suppress_compilation", "add_decl_doc"}
)  # fmt: skip
_MODIFIERS = ("private", "protected", "noncomputable", "nonrec", "unsafe", "partial", "public", "meta", "scoped", "local")
#: Keywords that only ever start a command (never a term or tactic): inside another command's
#: text they start a new one in Lean (see ``_FileReader.hidden_command``).
_HIDDEN_COMMANDS = frozenset(
    {"theorem", "lemma", "def", "example", "abbrev", "instance", "structure", "class", "inductive", "axiom", "opaque",
     "namespace", "section", "variable", "universe", "include", "omit", "export", "alias", "irreducible_def",
     "notation", "notation3", "infix", "infixl", "infixr", "prefix", "postfix", "macro", "macro_rules", "syntax",
     "elab", "elab_rules", "declare_syntax_cat", "initialize", "attribute", "mutual"}
)  # fmt: skip
_NOTATION_CMDS = frozenset(
    {"notation", "notation3", "infix", "infixl", "infixr", "prefix", "postfix", "macro", "syntax"}
)
_IN_CMDS = frozenset({"open", "set_option", "variable", "include", "omit", "attribute", "universe"})
#: commands that may make a name the parser interprets the file's own (see ``introduced_name``)
_INTRODUCING_CMDS = _IN_CMDS | {"alias", "export"}
_WORD = re.compile(r"[A-Za-z_]\w*")
_LINE_WORD = re.compile(r"@\[|#[A-Za-z_][\w.]*|[A-Za-z_][\w.'!?%]*")

#: Proof tokens that leave a goal unproved: the term ``sorry`` (and the axiom ``sorryAx`` it
#: elaborates to), the tactics ``admit`` and ``stop`` (``repeat sorry``), and the library
#: searches ``apply?`` (which admits the goal when it finds no proof) and ``exact?`` (an
#: error when it finds none: a draft).  Matched as whole identifiers of the proof with
#: comments and strings blanked, so ``sorry_lemma``, ``h.admit`` or ``-- sorry`` do not count.
_UNPROVED_TOKENS = frozenset({"sorry", "admit", "sorryAx", "_root_.sorryAx", "stop", "apply?", "exact?"})
#: The start of every ``skipped_reason`` of a declaration whose proof is not a proof.
UNPROVED_REASON = "proof uses sorry/admit"
#: The start of the ``skipped_reason`` of a declaration refused because its FILE is not
#: trusted (see :func:`_file_taint`): its own proof looks fine, but may rest on what taints it.
TAINTED_REASON = "source file not trusted"


@dataclass(frozen=True)
class _Chunk:
    start: int
    end: int
    col: int


def _split(m: Masked) -> list[_Chunk]:
    """Cut the file into commands at line starts (see ``_CORE``/``_OTHER``)."""
    scan, text = m.scan, m.text
    doc_at = {d.start for d in m.docs}
    starts: list[tuple[int, int]] = []
    cur_col: int | None = None
    cur_body = False
    pos = 0
    n = len(text)
    while pos < n:
        eol = text.find("\n", pos)
        eol = n if eol < 0 else eol
        line_scan = scan[pos:eol]
        stripped = len(line_scan) - len(line_scan.lstrip())
        p = pos + stripped
        word = ""
        if p < eol:
            mw = _LINE_WORD.match(scan, p, eol)
            word = mw.group() if mw else ""
        else:  # blank in scan: maybe a doc comment starts here
            raw = text[pos:eol]
            q = pos + len(raw) - len(raw.lstrip())
            if q in doc_at:
                p, word = q, "/--"
        if word:
            col = p - pos
            kw = word if word in ("@[", "/--") or word.startswith("#") else word
            if kw in _CORE:
                split = True
            elif kw in _OTHER or kw in ("@[", "/--") or kw.startswith("#"):
                split = cur_col is None or not cur_body or col <= cur_col
            else:
                split = False
            if split:
                starts.append((p, col))
                cur_col = col
                cur_body = kw not in _NO_BODY
        pos = eol + 1
    chunks: list[_Chunk] = []
    for k, (s, col) in enumerate(starts):
        e = starts[k + 1][0] if k + 1 < len(starts) else n
        chunks.append(_Chunk(s, e, col))
    return chunks


# --------------------------------------------------------------------------- mentions


_BINDER_SYMS = frozenset({"∀", "∃", "∃!", "Π", "Σ", "Σ'", "∑", "∏", "∑'", "∏'", "⋃", "⋂", "⨆", "⨅", "⨁", "∫", "∮",
                          "λ", "∀ᶠ", "∃ᶠ", "∐"})  # fmt: skip
_BINDER_WORDS = frozenset({"fun", "λ"})
_PRED_SYMS = frozenset({":", "∈", "∉", "<", "≤", ">", "≥", "≠", "⊆", "⊂", "⊇", "⊃", "in", "∣"})


class _Mentions:
    """Free identifiers of a stretch of Lean (binders of ∀/∃/fun/∑/set-builder/… respected).

    ``free`` lists ``(token, head)`` for identifiers not bound inside the stretch; names in
    ``frames`` (outer binders) count as bound too.
    """

    def __init__(self, toks: list[Tok], frames: list[set[str]] | None = None) -> None:
        self.toks = toks
        self.frames: list[set[str]] = frames if frames is not None else [set()]
        self.free: list[Tok] = []

    def bound(self, name: str) -> bool:
        return any(name in f for f in self.frames)

    def bind(self, names: Iterable[str]) -> None:
        self.frames[-1].update(names)

    # the main loop ------------------------------------------------------------------
    def run(self, i: int = 0, j: int | None = None) -> None:
        toks = self.toks
        j = len(toks) if j is None else j
        base = len(self.frames)
        while i < j:
            t = toks[i]
            if t.kind == "open":
                close = min(matching_close(toks, i), j)
                if t.text == "{":
                    sep = self._set_builder_sep(i + 1, close)
                    if sep is not None:
                        self.frames.append(set())
                        self.binder_region(i + 1, sep)
                        self.run(sep + 1, close)
                        self.frames.pop()
                        i = close + 1
                        continue
                if t.text in "({⦃[" and close + 1 < j and toks[close + 1].text in ("→", "->"):
                    if self._binder_group(i, close, need_type=True):
                        i = close + 1
                        continue
                self.frames.append(set())
                self.run(i + 1, close)
                self.frames.pop()
                i = close + 1
                continue
            if t.kind == "close":
                i += 1
                continue
            if (t.kind == "sym" and t.text in _BINDER_SYMS) or (t.kind == "id" and t.text in _BINDER_WORDS):
                stop = self._binder_end(i + 1, j, t.text in ("fun", "λ"))
                self.binder_region(i + 1, stop)
                i = stop + 1
                continue
            if t.kind == "id":
                if t.text == "if" and i + 2 < j and toks[i + 1].kind == "id" and toks[i + 2].text == ":":
                    # dependent `if h : c then a else b`: `h` is bound (in both branches)
                    self.bind([toks[i + 1].text])
                    i += 3
                    continue
                if t.text in ("Type", "Sort") and i + 1 < j and toks[i + 1].kind == "id":
                    i += 2  # a universe level (`Type u`), never a term variable
                    continue
                if t.text in ("let", "have") and i + 1 < j and toks[i + 1].kind == "id":
                    # `let x := v; body` — bind x for the rest of the frame (v first)
                    nm = toks[i + 1].text
                    k = i + 2
                    while k < j and toks[k].text != ":=":
                        k += 1
                    self.run_flat(i + 2, k)
                    self.bind([nm])
                    i = k + 1
                    continue
                nxt = toks[i + 1] if i + 1 < j else None
                prev = toks[i - 1] if i > 0 else None
                if nxt is not None and nxt.text == ":=" and prev is not None and prev.text in ("(", "{", ","):
                    i += 2  # named argument / structure field: `(n := 3)`, `{ x := 1 }`
                    continue
                if not self.bound(t.head):
                    self.free.append(t)
            i += 1
        del self.frames[base:]

    def run_flat(self, i: int, j: int) -> None:
        self.frames.append(set())
        self.run(i, j)
        self.frames.pop()

    # binders --------------------------------------------------------------------------
    def _binder_end(self, i: int, j: int, is_fun: bool) -> int:
        toks = self.toks
        depth = 0
        for k in range(i, j):
            t = toks[k]
            if t.kind == "open":
                depth += 1
            elif t.kind == "close":
                depth -= 1
                if depth < 0:
                    return k - 1 if k > i else i
            elif depth == 0:
                if is_fun and t.text in ("=>", "↦"):
                    return k
                if t.text == ",":
                    return k
        return j

    def _set_builder_sep(self, i: int, j: int) -> int | None:
        depth = 0
        for k in range(i, j):
            t = self.toks[k]
            if t.kind == "open":
                depth += 1
            elif t.kind == "close":
                depth -= 1
            elif depth == 0 and t.text in ("|", "//"):
                return k
            elif depth == 0 and t.text in (",", ":="):
                return None
        return None

    def _binder_group(self, i: int, close: int, need_type: bool = False) -> bool:
        """``(x y : T)`` / ``{x : T}`` / ``⦃x⦄`` / ``[i : C]`` / ``⟨a, b⟩`` at ``toks[i]``.

        ``need_type``: a dependent arrow ``(x : T) → …`` (``(f a) → b`` is no binder)."""
        toks = self.toks
        o = toks[i].text
        if need_type and o in "(⦃{":
            k = i + 1
            while k < close and (toks[k].kind == "id" or toks[k].text == "_"):
                k += 1
            if k >= close or toks[k].text != ":" or k == i + 1:
                return False
        if o == "[" and need_type:
            return False
        if o == "⟨":
            self.bind(t.text for t in toks[i + 1 : close] if t.kind == "id")
            return True
        names: list[str] = []
        k = i + 1
        if o == "[":
            if k + 1 < close and toks[k].kind == "id" and toks[k + 1].text == ":":
                self.run_flat(k + 2, close)
                self.bind([toks[k].text])
            else:
                self.run_flat(k, close)
            return True
        while k < close and (toks[k].kind == "id" or toks[k].text == "_"):
            if toks[k].kind == "id":
                names.append(toks[k].text)
            k += 1
        if k < close and toks[k].text != ":":
            return False
        if k < close:
            end = close
            for q in range(k + 1, close):
                if toks[q].text == ":=" :
                    end = q
                    break
            self.run_flat(k + 1, end)
            if end < close:
                self.run_flat(end + 1, close)
        self.bind(names)
        return True

    def binder_region(self, i: int, j: int) -> None:
        """Binders between a binder symbol and its ``,``/``=>``: bind names, scan types."""
        toks = self.toks
        pending: list[str] = []
        k = i
        while k < j:
            t = toks[k]
            if t.kind == "open":
                close = min(matching_close(toks, k), j)
                if not self._binder_group(k, close):
                    self.run_flat(k + 1, close)
                k = close + 1
                continue
            if t.kind == "id" and t.text not in _PRED_SYMS:
                pending.append(t.text)
                k += 1
                continue
            if t.text == "_":
                k += 1
                continue
            if t.text in _PRED_SYMS or t.kind == "sym":
                # `x : T`, `x ∈ s`, `ε > 0`: the rest of the region is a type / bound
                self.run_flat(k + 1, j)
                break
            k += 1
        self.bind(pending)


def _free(toks: list[Tok], frames: list[set[str]] | None = None) -> list[Tok]:
    m = _Mentions(toks, frames)
    m.run()
    return m.free


# --------------------------------------------------------------------------- binder groups


@dataclass
class _Group:
    kind: str
    names: list[str]  # empty for an anonymous instance
    type_span: tuple[int, int] | None
    default_span: tuple[int, int] | None
    span: tuple[int, int]


def _binder_groups(toks: list[Tok]) -> tuple[list[_Group], int]:
    """Bracketed binder groups at the start of ``toks``; returns them and the index after."""
    groups: list[_Group] = []
    i = 0
    while i < len(toks) and toks[i].kind == "open" and toks[i].text in "({⦃[":
        close = matching_close(toks, i)
        if close >= len(toks):
            break
        o = toks[i].text
        a, b = i + 1, close
        kind = {"(": "explicit", "{": "implicit", "⦃": "strict", "[": "inst"}[o]
        if o == "{" and a < b and toks[a].text == "{" and matching_close(toks, a) == b - 1:
            kind, a, b = "strict", a + 1, b - 1  # `{{x : T}}`
        names: list[str] = []
        type_span = default_span = None
        if kind == "inst":
            if a + 1 < b and toks[a].kind == "id" and toks[a + 1].text == ":":
                names = [toks[a].text]
                a += 2
            type_span = (toks[a].start, toks[b - 1].end) if a < b else None
        else:
            k = a
            while k < b and (toks[k].kind == "id" or toks[k].text == "_"):
                names.append(toks[k].text)
                k += 1
            if k < b and toks[k].text == ":":
                e = b
                for q in range(k + 1, b):
                    if toks[q].text == ":=" and _depth_at(toks, k + 1, q) == 0:
                        e = q
                        break
                if k + 1 < e:
                    type_span = (toks[k + 1].start, toks[e - 1].end)
                if e < b and e + 1 < b:
                    default_span = (toks[e + 1].start, toks[b - 1].end)
            elif k < b:
                break  # not a binder group
        groups.append(_Group(kind, names, type_span, default_span, (toks[i].start, toks[close].end)))
        i = close + 1
    return groups, i


def _depth_at(toks: list[Tok], i: int, j: int) -> int:
    d = 0
    for t in toks[i:j]:
        if t.kind == "open":
            d += 1
        elif t.kind == "close":
            d -= 1
    return d


# --------------------------------------------------------------------------- notations


#: Mathlib notations whose meaning the statement parser knows: atom → the constant it
#: stands for.  A file that declares one of these (Mathlib declares `n !` in
#: Data/Nat/Factorial/Basic.lean) does not make its statements "local notation" users.
KNOWN_NOTATIONS: dict[str, str] = {
    "!": "Nat.factorial",
    "√": "Real.sqrt",
    "π": "Real.pi",
    "∣": "Dvd.dvd",
    "⁻¹": "Inv.inv",
}
_STANDARD_ATOMS = frozenset({"(", ")", "[", "]", "{", "}", ",", ":", ";", "|", "=>", "↦", ":=", ".", "_"})


def _atom_used(atom: str, scan: str) -> bool:
    start = 0
    while True:
        k = scan.find(atom, start)
        if k < 0:
            return False
        before = scan[k - 1] if k else " "
        after = scan[k + len(atom)] if k + len(atom) < len(scan) else " "
        ok_before = not (atom[0].isalnum() or atom[0] == "_") or not (before.isalnum() or before in "_'.")
        ok_after = not (atom[-1].isalnum() or atom[-1] in "_'") or not (after.isalnum() or after in "_'")
        if ok_before and ok_after:
            return True
        start = k + 1


# --------------------------------------------------------------------------- the loader


_STR = re.compile(r'"((?:[^"\\]|\\.)*)"')
_UNIV_SUFFIX = re.compile(r"\.\{([^}]*)\}$")


@dataclass
class _Raw:
    """A theorem/lemma before its statement is closed (filled in while reading)."""

    kind: str
    name: str
    full_name: str
    line: int
    col: int
    binders_span: tuple[int, int]
    prop_span: tuple[int, int] | None
    proof: str
    proof_span: tuple[int, int]
    prefix: _Prefix
    scope: _Scope
    univ_params: list[str]


class _FileReader:
    def __init__(
        self,
        text: str,
        label: str,
        *,
        provenance: Provenance | None,
        additive: bool,
        section_vars: SectionVars,
        auto_implicit: bool = False,
    ) -> None:
        self.m = mask(text)
        self.auto_implicit = auto_implicit
        self.label = label
        self.provenance = provenance
        self.additive = additive
        self.section_vars = section_vars
        self.stack: list[_Scope] = [_Scope("root")]
        self.pending = _Prefix()
        self.in_depth = 0
        self.uid = 0
        self.out: list[LeanDeclaration] = []
        self.aliases: list[tuple[str, str, str, str, int, _Prefix, _Scope]] = []
        self.notations: list[_Notation] = []
        #: ``axiom`` declarations of the file: full name → line (a proof using one is no proof)
        self.axioms: dict[str, int] = {}
        self.shadow: _Taint | None = None
        self.hidden: _Taint | None = None
        self.summary = LeanFileSummary(file=label, provenance=provenance)
        self.uses_include = re.search(r"^\s*include\b", self.m.scan, re.MULTILINE) is not None
        self.all_toks = lex(self.m.scan)  # the file is lexed once; commands take slices
        self.tok_starts = [t.start for t in self.all_toks]
        self.chunks: list[_Chunk] = []

    # ------------------------------------------------------------------ helpers
    @property
    def scope(self) -> _Scope:
        return self.stack[-1]

    def clean(self, a: int, b: int) -> str:
        return squash(self.m.clean[a:b])

    def toks(self, a: int, b: int) -> list[Tok]:
        """Tokens lying within ``[a, b)``."""
        i = bisect.bisect_left(self.tok_starts, a)
        j = bisect.bisect_left(self.tok_starts, b, i)
        while j > i and self.all_toks[j - 1].end > b:
            j -= 1
        return self.all_toks[i:j]

    def text(self, a: int, b: int, edits: Sequence[tuple[int, int, str]] = ()) -> str:
        """``clean[a:b]`` with ``edits`` (absolute ``(start, end, new)``) applied, squashed."""
        out = self.m.clean[a:b]
        for s, e, new in sorted(edits, reverse=True):
            if a <= s and e <= b:
                out = out[: s - a] + new + out[e - a :]
        return squash(out)

    def qualify_edits(self, free: Iterable[Tok], scope: _Scope, locals_: set[str]) -> list[tuple[int, int, str]]:
        """Edits qualifying free identifiers the symbol table knows only under a namespace."""
        edits: list[tuple[int, int, str]] = []
        for t in free:
            if t.kind != "id" or t.head in locals_ or t.text.startswith("«"):
                continue
            q = _qualify(t.text, scope)
            if q is not None and q != t.text:
                edits.append((t.start, t.end, q))
        return edits

    # ------------------------------------------------------------------ driver
    def read(self) -> list[LeanDeclaration]:
        self.chunks = _split(self.m)
        for ch in self.chunks:
            self.command(ch.start, ch.end, ch.col)
            if self.hidden is None:
                self.hidden = self.hidden_command(ch)
        return self.out

    def hidden_command(self, ch: _Chunk) -> _Taint | None:
        """A command keyword inside another command's text: Lean starts a new command there
        (`… := trivial def Nat.Prime …` on one line, `include h` indented under a `by` block),
        while the loader, which cuts commands at line starts, reads it as part of the first -
        so a definition, `variable`/`include`, notation or instance would go unseen (adversary
        round 46).  Allowed inside a command: `open … in`/`set_option … in` prefixes, attribute
        lists (`@[instance]`, `attribute [instance] x`) and `deriving instance`."""
        toks = self.toks(ch.start, ch.end)
        _, head_at = self.read_prefix(ch.start, ch.end)
        k0 = next((k for k, t in enumerate(toks) if t.start >= head_at), len(toks))
        stack: list[str] = []
        for k in range(k0 + 1, len(toks)):
            t = toks[k]
            if t.kind == "open":
                stack.append(t.text)
            elif t.kind == "close":
                if stack:
                    stack.pop()
            if t.kind != "id" or t.text not in _HIDDEN_COMMANDS or (stack and stack[-1] == "["):
                continue
            j = k - 1
            while j > k0 and (toks[j].text in _MODIFIERS or toks[j].kind == "close" and toks[j].text == "]"):
                j = _matching_open(toks, j) - 1 if toks[j].text == "]" else j - 1
                if j >= 0 and toks[j].text == "@":
                    j -= 1
            prev = toks[j].text if j >= 0 else ""
            if prev == "in" or (t.text == "instance" and prev == "deriving"):
                continue
            if t.text in ("abbrev", "inductive") and prev == "class":
                continue
            return _Taint(f"holds a `{t.text}` command inside another command's text (Lean starts a new command "
                          "there; this loader would read it as part of the first)", self.label,
                          self.m.line_of(t.start), t.text, self.command_kind(ch.start))
        return None

    def taint(self, log: _InstanceLog | None = None) -> _Taint | None:
        """Why no proof of this file can be trusted (see :func:`_file_taint`), or None.
        ``log`` receives the file's aliases, classes and instance types, for the check across
        the files loaded together (:func:`_project_instance_taints`)."""
        return _file_taint(self.m, self.label, self.command_kind, log) or self.shadow or self.hidden

    def shadowing(self, tok: Tok, head: str, protected: bool = False) -> _Taint | None:
        """A definition that takes over, inside its namespace, a name the statement parser
        gives a meaning (``namespace Foo`` + ``def Nat.Prime …``: in ``Foo``, ``Nat.Prime n``
        is the file's own definition, and an adversary proved ``100000 < n → Nat.Prime n``
        by ``rfl``).  Only suffixes that drop namespace components count: Mathlib defines its
        own symbols at their own names (``def Even``, ``namespace Nat`` + ``def Prime``
        needs the namespace to drop, and is refused too, conservatively)."""
        from certibench.logic.symbols import lookup

        name = _UNIV_SUFFIX.sub("", self.m.clean[tok.start : tok.end])
        if name.startswith("_root_."):
            return None
        ns = [c for c in self.scope.namespace.split(".") if c] if isinstance(self.scope.namespace, str) else list(self.scope.namespace)
        full = [*ns, *name.split(".")]
        for i in range(1, len(ns) + 1):
            suffix = ".".join(full[i:])
            if protected and "." not in suffix:
                continue  # a protected name's last component alone is never resolved
            if lookup(suffix) is not None:
                return _Taint(f"declares {'.'.join(full)}, which takes over `{suffix}` inside its namespace",
                              self.label, self.m.line_of(tok.start), name, head)
        return None

    def redefinition(self, tok: Tok, head: str, a: int, b: int, protected: bool = False) -> _Taint | None:
        """A declaration of a symbol the statement parser reads with Mathlib's meaning
        (``def Nat.Prime``, ``def Even``, ``namespace Nat`` + ``def choose``, ``_root_.…``)
        whose text is not one of Mathlib's definitions of it (:data:`_MATHLIB_DEFINITIONS`):
        the file gives the symbol its own meaning, and its theorems are proofs about that
        meaning (an adversary's file without imports defined ``Nat.Prime n := n % 2 = 0`` and
        proved ``∃ p, p.Prime ∧ p % 2 = 0 ∧ 2 < p``).  Mathlib's own definitions are known by
        the SHA-256 of their text, never by where the file says it comes from."""
        if head == "instance":
            return None
        name = _UNIV_SUFFIX.sub("", self.m.clean[tok.start : tok.end])
        plain = ".".join(_parts(name))  # `Nat.«Prime»` is `Nat.Prime` (round 40)
        if plain.startswith("_root_."):
            full = plain[len("_root_.") :]
        else:
            full = ".".join(_parts(_full_name(self.scope.namespace, plain)))
        parts = full.split(".")
        # the name itself, or any suffix an `open` of its prefix lets a statement write
        # (`def Foo.Nat.Prime` + `open Foo`: `Nat.Prime` is then the file's, round 40)
        for k in range(len(parts) - 1) if protected else range(len(parts)):
            # a `protected` name is never reached by its one-component short form (`protected def
            # MyFinset.max` is not `max`), but `Nat.Prime` of `protected def Foo.Nat.Prime` is (round 52)
            cand = ".".join(parts[k:])
            if lookup(cand) is None and cand not in BASE_TYPES and cand not in TYPE_CONSTRUCTORS:
                continue
            if k == 0 and definition_digest(self.m.clean[a:b]) in _MATHLIB_DEFINITIONS.get(full, ()):
                continue
            what = f"declares {full}" + (f", which an `open` makes `{cand}`" if k else "")
            return _Taint(f"{what}, a symbol certibench reads with Mathlib's meaning, with a definition that is not "
                          "Mathlib's", self.label, self.m.line_of(tok.start), name, head)
        return None

    def introduced_name(self, toks: list[Tok], head: str) -> _Taint | None:
        """A name a statement may then write that the parser reads with Mathlib's meaning,
        made the file's by ``open Foo renaming P → Even`` (also in ``open … in``), ``export Foo
        (choose)`` inside ``namespace Nat`` (which declares ``Nat.choose``), or ``alias
        Nat.choose := Foo.choose`` (adversary round 42)."""
        texts = [t.text for t in toks]
        found: list[tuple[Tok, str]] = []
        for k, t in enumerate(toks):
            if t.text == "renaming":
                j = k + 1
                while j + 2 < len(toks) and toks[j + 1].text in ("→", "->"):
                    found.append((toks[j + 2], ".".join(_parts(toks[j + 2].text))))
                    j += 3
                    if j < len(toks) and toks[j].text == ",":
                        j += 1
        for k, t in enumerate(toks):
            if t.text != "open":
                continue
            # `open Foo (Prime)`: an explicit list reaches even a protected `Foo.Prime` by its
            # short name (adversary round 53); the list follows the namespace names directly
            i = k + 1
            while i < len(toks) and toks[i].kind == "id" and toks[i].text not in ("in", "renaming", "hiding"):
                i += 1
            if i > k + 1 and i < len(toks) and toks[i].text == "(":
                for x in toks[i + 1 : matching_close(toks, i)]:
                    if x.kind == "id":
                        found.append((x, ".".join(_parts(x.text))))
        if head == "export" and "(" in texts:
            i = texts.index("(")
            for t in toks[i + 1 : matching_close(toks, i)]:
                if t.kind == "id":
                    found.append((t, _full_name(self.scope.namespace, ".".join(_parts(t.text)))))
        if head == "alias" and ":=" in texts and len(toks) > 1 and toks[1].kind == "id":
            name = ".".join(_parts(toks[1].text))
            found.append((toks[1], name[len("_root_.") :] if name.startswith("_root_.") else
                          _full_name(self.scope.namespace, name)))
        for tok, full in found:
            cand = _interpreted_suffix(full)
            if cand is not None:
                return _Taint(f"makes `{cand}` name something of its own (`{head}` … `{tok.text}`), while certibench "
                              f"reads `{cand}` with Mathlib's meaning", self.label, self.m.line_of(tok.start), tok.text,
                              head)
        return None

    def command_kind(self, offset: int) -> str:
        """The keyword of the command holding ``offset`` (`macro`, `def`, `instance`, …), past
        its attributes, modifiers and ``open … in``-style prefixes."""
        k = bisect.bisect_right([c.start for c in self.chunks], offset) - 1
        if k < 0:
            return ""
        ch = self.chunks[k]
        _, head_at = self.read_prefix(ch.start, ch.end)
        toks = self.toks(head_at, ch.end)
        i = 0
        while i < len(toks) and toks[i].text in _IN_CMDS:
            j = next((j for j in range(i + 1, len(toks)) if toks[j].text == "in"), None)
            if j is None or toks[j].start > offset:
                break
            i = j + 1
            while i < len(toks):
                if toks[i].text == "@" and i + 1 < len(toks) and toks[i + 1].text == "[":
                    i = matching_close(toks, i + 1) + 1
                elif toks[i].text in _MODIFIERS:
                    i += 1
                else:
                    break
        if i >= len(toks):
            return ""
        t = toks[i]
        if t.text == "#" and i + 1 < len(toks):
            return "#" + toks[i + 1].text
        return t.text if t.kind == "id" else ""

    def command(self, a: int, b: int, col: int) -> None:
        prefix, head_at = self.read_prefix(a, b)
        toks = self.toks(head_at, b) if head_at < b else []
        if not toks:
            self.pending = self.pending.merged(prefix)  # a doc / attribute line before its command
            return
        prefix = self.pending.merged(prefix)
        self.pending = _Prefix()
        head = toks[0].text
        consumed_in = False
        if head in _IN_CMDS:
            consumed_in = self.in_command(head, toks, b, prefix, col)
        elif head in ("theorem", "lemma"):
            self.declaration(toks, b, prefix, col)
        elif head == "example":
            self.summary.examples += 1
        elif head == "axiom":
            if len(toks) > 1 and toks[1].kind == "id":
                name = _UNIV_SUFFIX.sub("", self.m.clean[toks[1].start : toks[1].end])
                self.axioms[_full_name(self.scope.namespace, name)] = self.m.line_of(toks[0].start)
        name_at = 2 if head == "class" and len(toks) > 2 and toks[1].text in ("inductive", "abbrev") else 1
        if (head in _DEFINING_CMDS | {"axiom", "irreducible_def"} and len(toks) > name_at and toks[name_at].kind == "id"
                and self.shadow is None):  # `class inductive Nat.Prime` names the next token (round 40)
            protected = "protected" in prefix.mods
            self.shadow = self.shadowing(toks[name_at], head, protected) or self.redefinition(
                toks[name_at], head, head_at, b, protected=protected)
        elif head == "namespace":
            self.open_scope("namespace", toks)
        elif head == "section":
            self.open_scope("section", toks)
        elif head == "mutual":
            self.stack.append(self.scope.child("mutual"))
        elif head == "end":
            self.end_scope(toks)
        elif head == "alias":
            self.alias(toks, prefix)
        if self.shadow is None and head in _INTRODUCING_CMDS:
            self.shadow = self.introduced_name(toks, head)
        elif head in _NOTATION_CMDS:
            self.notation(toks, head_at, b)
        if not consumed_in:
            self.pop_in_scopes()

    def pop_in_scopes(self) -> None:
        while self.in_depth and self.stack[-1].kind == "in":
            self.stack.pop()
            self.in_depth -= 1
        self.in_depth = 0

    def read_prefix(self, a: int, b: int) -> tuple[_Prefix, int]:
        """Doc comments, `@[…]` attributes and modifiers at the start of a command."""
        pre = _Prefix()
        scan = self.m.scan
        i = a
        while True:
            while i < b and scan[i].isspace():
                i += 1
            if i >= b:
                break
            if scan.startswith("@[", i):
                toks = self.toks(i + 1, b)
                close = matching_close(toks, 0) if toks else 0
                end = toks[close].end if close < len(toks) else b
                pre.attrs.append(self.clean(i + 2, end - 1))
                i = end
                continue
            mw = _WORD.match(scan, i, b)
            if mw and mw.group() in _MODIFIERS:
                pre.mods.append(mw.group())
                i = mw.end()
                if mw.group() == "scoped" and scan.startswith("[", i):
                    j = scan.find("]", i)
                    i = j + 1 if j > 0 else i
                continue
            break
        pre.docs = [d.text for d in self.m.docs if a <= d.start < i and not d.module]
        # a doc comment on the lines just before the keyword but inside this chunk's prefix
        return pre, i

    # ------------------------------------------------------------------ scopes
    def open_scope(self, kind: str, toks: list[Tok]) -> None:
        name = toks[1].text if len(toks) > 1 and toks[1].kind == "id" else ""
        if kind == "namespace" and name:
            for part in _name_parts(name):
                ns = (*self.scope.namespace, part)
                self.stack.append(self.scope.child("namespace", part, ns))
        elif name:
            for part in _name_parts(name):
                self.stack.append(self.scope.child("section", part))
        else:
            self.stack.append(self.scope.child("section"))

    def end_scope(self, toks: list[Tok]) -> None:
        self.pop_in_scopes()
        name = toks[1].text if len(toks) > 1 and toks[1].kind == "id" else ""
        count = len(_name_parts(name)) if name else 1
        for _ in range(count):
            if len(self.stack) > 1:
                self.stack.pop()

    # ------------------------------------------------------------------ `… in`
    def in_command(self, head: str, toks: list[Tok], b: int, prefix: _Prefix, col: int) -> bool:
        """Apply open/set_option/variable/include/omit/attribute/universe; handle `… in`.

        Returns True when the command ended with `in` (its scope stays for the next one)."""
        k_in = _top_level_in(toks)
        args = toks[1:k_in] if k_in is not None else toks[1:]
        if k_in is not None:
            self.stack.append(self.scope.child("in"))
            self.in_depth += 1
        getattr(self, f"cmd_{head}")(args)
        if k_in is None:
            return False
        rest = toks[k_in + 1 :]
        if rest:
            self.pending = prefix  # a doc before `open X in theorem …` stays with the theorem
            self.command(rest[0].start, b, col)
            return True  # the nested command already popped
        self.pending = prefix
        return True

    def cmd_open(self, args: list[Tok]) -> None:
        i = 0
        scoped = False
        if args and args[0].text == "scoped":
            scoped, i = True, 1
        new: list[_Open] = []
        while i < len(args):
            t = args[i]
            if t.kind != "id":
                i += 1
                continue
            o = _Open(_strip_root(t.text), scoped_only=scoped)
            i += 1
            if i < len(args) and args[i].text == "(":
                close = matching_close(args, i)
                o.only = tuple(x.text for x in args[i + 1 : close] if x.kind == "id")
                i = close + 1
            elif i < len(args) and args[i].text == "hiding":
                names = []
                i += 1
                while i < len(args) and args[i].kind == "id":
                    names.append(args[i].text)
                    i += 1
                o.hiding = tuple(names)
            elif i < len(args) and args[i].text == "renaming":
                pairs = []
                i += 1
                while i + 2 < len(args) + 1 and i < len(args) and args[i].kind == "id":
                    if i + 2 < len(args) and args[i + 1].text in ("→", "->"):
                        pairs.append((args[i].text, args[i + 2].text))
                        i += 3
                        if i < len(args) and args[i].text == ",":
                            i += 1
                    else:
                        break
                o.renaming = tuple(pairs)
            new.append(o)
        self.scope.opens.extend(new)

    def cmd_set_option(self, args: list[Tok]) -> None:
        if args and args[0].kind == "id":
            val = self.clean(args[1].start, args[-1].end) if len(args) > 1 else ""
            self.scope.options[args[0].text] = val

    def cmd_universe(self, args: list[Tok]) -> None:
        self.scope.universes.extend(t.text for t in args if t.kind == "id" and t.text not in self.scope.universes)

    def cmd_attribute(self, args: list[Tok]) -> None:
        return None

    def cmd_variable(self, args: list[Tok]) -> None:
        groups, _ = _binder_groups(args)
        sc = self.scope
        for g in groups:
            if g.type_span is None and g.kind != "inst":
                # binder update `variable {a b}` / `variable (α)`
                for nm in g.names:
                    for k in range(len(sc.vars) - 1, -1, -1):
                        if sc.vars[k].name == nm:
                            v = sc.vars[k]
                            sc.vars[k] = _Var(v.uid, v.name, g.kind, v.type_text, v.type_scan, v.default, v.deps)
                            break
                continue
            if g.type_span is None:
                continue
            ta, tb = g.type_span
            free = _free(self.toks(ta, tb))
            latest = _latest_by_name(sc.vars)
            deps = frozenset(latest[t.head].uid for t in free if t.head in latest)
            # names in a variable's type resolve where the variable is declared
            type_text = self.text(ta, tb, self.qualify_edits(free, sc, set(latest)))
            type_scan = self.m.scan[ta:tb]
            default = self.clean(*g.default_span) if g.default_span else None
            for nm in g.names or [None]:  # type: ignore[list-item]
                self.uid += 1
                sc.vars.append(_Var(self.uid, nm if nm != "_" else None, g.kind, type_text, type_scan, default, deps))

    def _match_vars(self, args: list[Tok]) -> tuple[list[int], list[str]]:
        """Variables named or matched (`[Foo _]`) by include/omit args; unmatched texts."""
        sc = self.scope
        latest = _latest_by_name(sc.vars)
        hits: list[int] = []
        missing: list[str] = []
        i = 0
        while i < len(args):
            t = args[i]
            if t.kind == "id":
                if t.text in latest:
                    hits.append(latest[t.text].uid)
                else:
                    missing.append(t.text)
                i += 1
            elif t.text == "[":
                close = matching_close(args, i)
                inner = args[i + 1 : close]
                if len(inner) >= 2 and inner[1].text == ":":
                    inner = inner[2:]
                pat = [x.text for x in inner]
                found = [v.uid for v in sc.vars if v.kind == "inst" and _pattern_match(pat, lex(v.type_scan))]
                hits.extend(found)
                if not found:
                    missing.append("[" + " ".join(pat) + "]")
                i = close + 1
            else:
                i += 1
        return hits, missing

    def cmd_include(self, args: list[Tok]) -> None:
        hits, _ = self._match_vars(args)
        self.scope.included.update(hits)
        self.scope.omitted.difference_update(hits)

    def cmd_omit(self, args: list[Tok]) -> None:
        hits, _ = self._match_vars(args)
        self.scope.included.difference_update(hits)
        self.scope.omitted.update(hits)

    # ------------------------------------------------------------------ notations
    def notation(self, toks: list[Tok], a: int, b: int) -> None:
        arrow = next((k for k, t in enumerate(toks) if t.text in ("=>",)), None)
        head_end = toks[arrow].start if arrow is not None else b
        atoms = tuple(
            s for s in (x.strip() for x in _STR.findall(self.m.clean[a:head_end])) if s and s not in _STANDARD_ATOMS
        )
        if not atoms:
            return
        expansion = self.clean(toks[arrow].end, b) if arrow is not None else ""
        params = [t for t in toks[1 : arrow if arrow is not None else len(toks)] if t.kind == "id"]
        # precedences (`notation:50`, `x:65`) are numbers; identifiers are the notation's arguments
        nullary = toks[0].text in ("notation", "notation3") and not params and arrow is not None and len(atoms) == 1
        known = any(
            KNOWN_NOTATIONS.get(at) is not None and KNOWN_NOTATIONS[at] in expansion for at in atoms
        )
        self.notations.append(_Notation(atoms, expansion, nullary, self.m.line_of(a), known))
        self.summary.notations += 1
        self.summary.notation_decls.append(
            LeanNotation(atoms=list(atoms), expansion=expansion, line=self.m.line_of(a), expanded=nullary, known=known)
        )

    # ------------------------------------------------------------------ declarations
    def declaration(self, toks: list[Tok], b: int, prefix: _Prefix, col: int) -> None:
        kw = toks[0]
        if len(toks) < 2 or toks[1].kind != "id":
            return
        name_tok = toks[1]
        name = self.m.clean[name_tok.start : name_tok.end]
        univ: list[str] = []
        i = 2
        # explicit universes `foo.{u v}`
        if i + 1 < len(toks) and toks[i].text == "." and toks[i + 1].text == "{":
            close = matching_close(toks, i + 1)
            univ = [t.text for t in toks[i + 2 : close] if t.kind == "id"]
            i = close + 1
        mu = _UNIV_SUFFIX.search(name)
        if mu:
            univ = [u.strip() for u in mu.group(1).replace(",", " ").split()]
            name = name[: mu.start()]
        rest = toks[i:]
        body = _body_start(rest, self.m.scan)
        head_toks = rest[:body] if body is not None else rest
        colon = _top_level_colon(head_toks)
        bind_end = head_toks[colon].start if colon is not None else (head_toks[-1].end if head_toks else name_tok.end)
        bind_start = head_toks[0].start if head_toks and (colon is None or colon > 0) else bind_end
        prop_span = None
        if colon is not None and colon + 1 < len(head_toks):
            prop_span = (head_toks[colon + 1].start, head_toks[-1].end)
        proof = ""
        proof_span = (b, b)
        if body is not None:
            bt = rest[body]
            start = bt.end if bt.text == ":=" else bt.start
            proof = _clean_proof(self.m.clean[start:b])
            proof_span = (start, b)
        ns = self.scope.namespace
        full = _full_name(ns, name)
        raw = _Raw(
            kw.text, name, full, self.m.line_of(kw.start), col, (bind_start, bind_end), prop_span, proof,
            proof_span, prefix, self.scope, univ,
        )
        if kw.text == "theorem":
            self.summary.theorems += 1
        else:
            self.summary.lemmas += 1
        decl = self.close(raw)
        self.out.append(decl)
        if self.additive:
            twin = self.additive_twin(raw, decl)
            if twin is not None:
                self.out.append(twin)
                self.summary.additive += 1

    def close(self, raw: _Raw, *, kind: str | None = None) -> LeanDeclaration:
        """Build the closed statement of ``raw`` in its scope."""
        sc = raw.scope
        scan = self.m.scan
        reasons: list[str] = []
        ba, bb = raw.binders_span
        btoks = self.toks(ba, bb)
        groups, used = _binder_groups(btoks)
        if used < len(btoks):
            reasons.append(f"binders not understood: {self.clean(btoks[used].start, bb)[:60]!r}")
        if raw.prop_span is None:
            reasons.append("no statement after the binders (missing ':' or a body-less header)")
        hole = next((t.text for t in self.toks(*raw.proof_span) if t.kind == "id" and t.text in _UNPROVED_TOKENS), None)
        if hole is not None:
            reasons.insert(0, f"{UNPROVED_REASON} (`{hole}`): not a proved theorem")

        # mentions of the header, with the declaration's own binders shadowing variables
        frames: list[set[str]] = [set()]
        header_free: list[Tok] = []
        for g in groups:
            for span in (g.type_span, g.default_span):
                if span is not None:
                    sub = _Mentions(self.toks(*span), frames)
                    sub.run()
                    header_free.extend(sub.free)
            frames[0].update(n for n in g.names if n != "_")
        own_names = set(frames[0])
        if raw.prop_span:
            pm = _Mentions(self.toks(*raw.prop_span), frames)
            pm.run()
            header_free.extend(pm.free)
        mentioned = {t.head for t in header_free}

        latest = _latest_by_name(sc.vars)
        proof_mentions: set[str] = set()
        if raw.proof and (self.section_vars == "legacy" or not self.uses_include):
            proof_mentions = {t.head for t in _free(self.toks(*raw.proof_span), [set(own_names)])}
        names = set(mentioned)
        if self.section_vars == "legacy":
            names |= proof_mentions
        chosen = _section_vars(sc, names, latest)
        omitted_used = [v.name for v in sc.vars if v.uid in sc.omitted and v.name in mentioned and latest.get(v.name) is v]
        if omitted_used:
            reasons.append(f"omitted section variable(s) used in the statement: {', '.join(map(str, omitted_used))}")
        if self.section_vars == "lean4" and not self.uses_include:
            chosen_ids = {v.uid for v in chosen}
            dropped = [
                v for n in sorted(proof_mentions - mentioned)
                if (v := latest.get(n)) is not None and v.uid not in chosen_ids and _is_hypothesis(v)
            ]  # fmt: skip
            if dropped:
                reasons.append(
                    "context ambiguous: section variable(s) "
                    + ", ".join(f"{v.name} : {v.type_text}" for v in dropped)
                    + " used in the proof but not the statement (Lean < 4.11 made them hypotheses; Lean ≥ 4.11 "
                    "needs `include`) — load with section_vars='legacy' or 'lean4' explicitly to decide"
                )

        # local notations
        used_notations: list[str] = []
        header_scan = scan[ba:bb] + " " + (scan[raw.prop_span[0] : raw.prop_span[1]] if raw.prop_span else "")
        ctx_scan = " ".join(v.type_scan for v in chosen)
        expand: list[_Notation] = []
        for nt in self.notations:
            if nt.line >= raw.line:
                continue
            for at in nt.atoms:
                if _atom_used(at, header_scan) or _atom_used(at, ctx_scan):
                    if nt.known:
                        continue
                    used_notations.append(at)
                    if nt.nullary:
                        expand.append(nt)
                    else:
                        reasons.append(
                            f"uses local notation “{at}” ({self.label}:{nt.line}) that the statement parser does not know"
                        )

        # auto-bound implicits (`set_option autoImplicit true`, or the project's default)
        auto: list[str] = []
        on = sc.options.get("autoImplicit", "true" if self.auto_implicit else "false") == "true"
        if on:
            for t in header_free:
                h = t.head
                if h in latest or h in own_names or h in auto or not _auto_bound_name(h):
                    continue
                if _known_name(h, sc):
                    continue
                auto.append(h)
        ctx_texts = _render_vars(chosen) + ([f"{{{' '.join(auto)}}}"] if auto else [])
        edits = self.qualify_edits(header_free, sc, own_names | set(latest) | set(auto))
        own_text = self.text(ba, bb, edits)
        prop_text = self.text(*raw.prop_span, edits) if raw.prop_span else ""
        for nt in expand:
            rep = f"({nt.expansion})"
            ctx_texts = [_replace_atom(t, nt.atoms[0], rep) for t in ctx_texts]
            own_text = _replace_atom(own_text, nt.atoms[0], rep)
            prop_text = _replace_atom(prop_text, nt.atoms[0], rep)
        header = " ".join(x for x in ["theorem", raw.full_name, *ctx_texts, own_text] if x)
        statement = f"{header} : {prop_text}" if prop_text else header
        prov = self.provenance
        return LeanDeclaration(
            id=raw.full_name,
            name=raw.name,
            full_name=raw.full_name,
            kind=kind or raw.kind,  # type: ignore[arg-type]
            statement=statement,
            binders=own_text,
            context_binders=ctx_texts,
            proposition=prop_text,
            proof=raw.proof,
            file=self.label,
            line=raw.line,
            namespace=".".join(sc.namespace),
            opens=[o.label() for o in sc.opens],
            universes=[*sc.universes, *(u for u in raw.univ_params if u not in sc.universes)],
            options=dict(sc.options),
            attributes=list(raw.prefix.attrs),
            modifiers=list(dict.fromkeys(raw.prefix.mods)),
            doc=raw.prefix.docs[-1] if raw.prefix.docs else None,
            notations=list(dict.fromkeys(used_notations)),
            auto_bound=auto,
            provenance=prov,
            skipped_reason="; ".join(reasons) if reasons else None,
        )

    # ------------------------------------------------------------------ alias
    def alias(self, toks: list[Tok], prefix: _Prefix) -> None:
        """`alias b := a`, `alias ⟨mp, mpr⟩ := a`, `alias a ← b c`, `alias a ↔ mp mpr`."""
        line = self.m.line_of(toks[0].start)
        args = toks[1:]
        names: list[tuple[str, str]] = []  # (new name, direction: "" | "mp" | "mpr")
        target = ""
        if ":=" in [t.text for t in args]:
            k = [t.text for t in args].index(":=")
            lhs, rhs = args[:k], args[k + 1 :]
            target = rhs[0].text if rhs and rhs[0].kind == "id" else ""
            if lhs and lhs[0].text == "⟨":
                inner = [t for t in lhs[1 : matching_close(lhs, 0)] if t.kind == "id" or t.text == "_"]
                for t, d in zip(inner, ("mp", "mpr"), strict=False):
                    if t.text != "_":
                        names.append((t.text, d))
            elif lhs and lhs[0].kind == "id":
                names.append((lhs[0].text, ""))
        elif len(args) >= 3 and args[0].kind == "id" and args[1].text in ("←", "<-"):
            target = args[0].text
            names = [(t.text, "") for t in args[2:] if t.kind == "id"]
        elif len(args) >= 3 and args[0].kind == "id" and args[1].text in ("↔", "<->"):
            target = args[0].text
            rest = [t for t in args[2:] if t.kind == "id" or t.text == "_"]
            for t, d in zip(rest, ("mp", "mpr"), strict=False):
                if t.text != "_":
                    names.append((t.text, d))
        sc = self.scope
        for new, direction in names:
            self.aliases.append((new, direction, target, ".".join(sc.namespace), line, prefix, sc))
            self.summary.aliases += 1

    def additive_twin(self, raw: _Raw, decl: LeanDeclaration) -> LeanDeclaration | None:
        return additive_twin(raw.prefix.attrs, decl)


def _top_level_in(toks: list[Tok]) -> int | None:
    depth = 0
    for k, t in enumerate(toks):
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif depth == 0 and k > 0 and t.kind == "id" and t.text == "in":
            return k
    return None


def _top_level_first(toks: list[Tok], texts: tuple[str, ...], start: int = 0, stop: int | None = None) -> int | None:
    """Index of the first token in ``toks[start:stop]`` at bracket depth 0 whose text is one
    of ``texts``."""
    depth = 0
    for k in range(start, len(toks) if stop is None else stop):
        t = toks[k]
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif depth == 0 and t.text in texts:
            return k
    return None


def _top_level_colon(toks: list[Tok]) -> int | None:
    return _top_level_first(toks, (":",))


def _body_start(toks: list[Tok], scan: str) -> int | None:
    """Index of the token that starts the body: `:=`, `where` or a line-start `|` arm at
    bracket depth 0 (a `:=` that belongs to a `let`/`have` in the statement is skipped)."""
    depth = 0
    pending_let = 0
    for k, t in enumerate(toks):
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth = max(0, depth - 1)
        elif depth == 0:
            if t.kind == "id" and t.text in ("let", "have"):
                pending_let += 1
            elif t.text == ":=":
                if pending_let:
                    pending_let -= 1
                    continue
                return k
            elif t.kind == "id" and t.text == "where":
                return k
            elif t.text == "|" and _is_match_arm(toks, k, scan):
                return k
    return None


def _is_match_arm(toks: list[Tok], k: int, scan: str) -> bool:
    """``| pattern => …`` starting a line (not ``|a| ≤ b`` continuing the statement): the
    line's first ``=>`` at bracket depth 0 comes before any ``|`` or ``:=`` at depth 0."""
    t = toks[k]
    line_start = scan.rfind("\n", 0, t.start) + 1
    if scan[line_start : t.start].strip():
        return False
    depth = 0
    for u in toks[k + 1 :]:
        if "\n" in scan[t.start : u.start]:
            return False
        if u.kind == "open":
            depth += 1
        elif u.kind == "close":
            depth -= 1
        elif depth == 0 and u.text in ("|", ":="):
            return False
        elif depth == 0 and u.text == "=>":
            return True
    return False


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
    rest = lines[1:]
    indents = [len(ln) - len(ln.lstrip()) for ln in rest if ln.strip()]
    cut = min(indents) if indents else 0
    body = [ln[cut:] for ln in rest]
    return "\n".join([first, *body]) if first else "\n".join(body)


def _name_parts(name: str) -> list[str]:
    parts: list[str] = []
    buf = ""
    i = 0
    while i < len(name):
        c = name[i]
        if c == "«":
            j = name.find("»", i)
            j = len(name) - 1 if j < 0 else j
            buf += name[i : j + 1]
            i = j + 1
            continue
        if c == ".":
            parts.append(buf)
            buf = ""
        else:
            buf += c
        i += 1
    if buf:
        parts.append(buf)
    return parts


def _strip_root(name: str) -> str:
    return name[len("_root_.") :] if name.startswith("_root_.") else name


def _full_name(ns: Sequence[str], name: str) -> str:
    if name.startswith("_root_."):
        return name[len("_root_.") :]
    return ".".join([*ns, name])


def _latest_by_name(vars_: Sequence[_Var]) -> dict[str, _Var]:
    out: dict[str, _Var] = {}
    for v in vars_:
        if v.name:
            out[v.name] = v
    return out


def _section_vars(sc: _Scope, names: set[str], latest: dict[str, _Var]) -> list[_Var]:
    """Lean 4's ``withHeaderSecVars``: mentioned + included, their dependencies, then the
    instance binders all of whose variables are in (in order, unless omitted)."""
    by_uid = {v.uid: v for v in sc.vars}
    chosen: set[int] = {latest[n].uid for n in names if n in latest}
    chosen |= {u for u in sc.included if u in by_uid}
    work = list(chosen)
    while work:
        v = by_uid[work.pop()]
        for d in v.deps:
            if d not in chosen and d in by_uid:
                chosen.add(d)
                work.append(d)
    for v in sc.vars:
        if v.kind == "inst" and v.uid not in chosen and v.uid not in sc.omitted and all(d in chosen for d in v.deps):
            chosen.add(v.uid)
    return [v for v in sc.vars if v.uid in chosen]


_PROP_OPS = re.compile(r"[=≠<>≤≥∣∈∉⊆⊂↔∧∨¬∀∃]|\bPrime\b|\.Prime\b|\bFact\b")


def _is_hypothesis(v: _Var) -> bool:
    """A variable that is (very likely) a hypothesis: dropping it could make a theorem false."""
    if v.kind == "inst" or v.name is None:
        return False
    return bool(re.match(r"h", v.name)) or bool(_PROP_OPS.search(v.type_scan))


def _render_vars(vs: Sequence[_Var]) -> list[str]:
    """Binders for ``vs``; consecutive variables of one kind and type share a group."""
    out: list[str] = []
    k = 0
    while k < len(vs):
        v = vs[k]
        if v.kind == "inst" or v.default or v.name is None:
            out.append(v.render())
            k += 1
            continue
        names = [v.name]
        j = k + 1
        while (
            j < len(vs) and vs[j].kind == v.kind and vs[j].type_text == v.type_text and not vs[j].default
            and vs[j].name is not None
        ):
            names.append(vs[j].name or "")
            j += 1
        o, c = {"explicit": ("(", ")"), "implicit": ("{", "}"), "strict": ("⦃", "⦄")}[v.kind]
        out.append(f"{o}{' '.join(names)} : {v.type_text}{c}")
        k = j
    return out


def _pattern_match(pat: list[str], toks: list[Tok]) -> bool:
    """``omit [Foo _]``: token pattern with ``_`` matching one argument."""
    i = j = 0
    while i < len(pat) and j < len(toks):
        if pat[i] == "_":
            if toks[j].kind == "open":
                j = matching_close(toks, j) + 1
            else:
                j += 1
            i += 1
            continue
        if pat[i] != toks[j].text:
            return False
        i += 1
        j += 1
    return i == len(pat) and j == len(toks)


def _replace_atom(text: str, atom: str, rep: str) -> str:
    """``text`` with every token-bounded occurrence of ``atom`` replaced by ``rep``."""
    out: list[str] = []
    start = 0
    while True:
        k = text.find(atom, start)
        if k < 0:
            out.append(text[start:])
            return "".join(out)
        window = text[max(0, k - 1) : k + len(atom) + 1]
        hit = _atom_used(atom, window) and (window.find(atom) == (1 if k else 0))
        out.append(text[start:k] + (rep if hit else atom))
        start = k + len(atom)


_AUTO_NAME = re.compile(r"^[a-zα-κμ-ωϑϕϖ][0-9₀-₉']*$")


def _auto_bound_name(name: str) -> bool:
    """Lean's strict ``isValidAutoBoundImplicitName``: one lower-case or Greek letter,
    then digits, subscripts or primes (``a``, ``x₁``, ``f'``, ``α``)."""
    return bool(_AUTO_NAME.match(name))


def _known_name(name: str, scope: _Scope) -> bool:
    return lookup(name) is not None or _qualify(name, scope) is not None


def _qualify(name: str, scope: _Scope) -> str | None:
    """The full name Lean gives ``name`` through the enclosing namespaces, when the symbol
    table knows it there (``gcd`` inside ``namespace Nat`` → ``Nat.gcd``): Lean resolves
    namespace matches before the root and the opens.  Names reachable only through an
    ``open`` are left as written — the table is partial, so a match there could hide the
    real one (``range`` under ``open Finset Set`` is ``Set.range``, not ``Finset.range``)."""
    ns = scope.namespace
    for k in range(len(ns), 0, -1):
        cand = ".".join([*ns[:k], name])
        if lookup(cand) is not None:
            return cand
    return None


# --------------------------------------------------------------------------- to_additive

_ADDITIVE_IDS: dict[str, str] = {
    "Mul": "Add", "One": "Zero", "Inv": "Neg", "Div": "Sub", "Monoid": "AddMonoid", "Group": "AddGroup",
    "CommMonoid": "AddCommMonoid", "CommGroup": "AddCommGroup", "Semigroup": "AddSemigroup",
    "CommSemigroup": "AddCommSemigroup", "MulOneClass": "AddZeroClass", "IsLeftCancelMul": "IsLeftCancelAdd",
    "IsRightCancelMul": "IsRightCancelAdd", "IsCancelMul": "IsCancelAdd", "LeftCancelMonoid": "AddLeftCancelMonoid",
    "RightCancelMonoid": "AddRightCancelMonoid", "CancelMonoid": "AddCancelMonoid",
    "CancelCommMonoid": "AddCancelCommMonoid", "DivInvMonoid": "SubNegMonoid", "DivisionMonoid": "SubtractionMonoid",
    "DivisionCommMonoid": "SubtractionCommMonoid", "InvolutiveInv": "InvolutiveNeg",
    "DivInvOneMonoid": "SubNegZeroMonoid", "CommMagma": "AddCommMagma", "IsSquare": "Even",
    "MonoidHomClass": "AddMonoidHomClass", "Finset.prod": "Finset.sum", "mul": "add", "inv": "neg",
}  # fmt: skip
_ADDITIVE_WORDS: dict[str, str] = {
    "mul": "add", "one": "zero", "inv": "neg", "div": "sub", "prod": "sum", "monoid": "addMonoid",
    "group": "addGroup", "isSquare": "even", "square": "even", "mulSelf": "addSelf",
}  # fmt: skip


def _additive_name(name: str) -> str:
    parts = name.split(".")
    last = parts[-1]
    words = []
    for w in last.split("_"):
        core = w.rstrip("'")
        words.append(_ADDITIVE_WORDS.get(core, core) + w[len(core) :])
    parts[-1] = "_".join(words)
    return ".".join(parts)


def _attr_items(attrs: str) -> list[str]:
    """``simp, to_additive (attr := simp) "a, b"`` → its items (commas in strings or
    brackets do not separate)."""
    items: list[str] = []
    depth, start, in_str, k = 0, 0, False, 0
    while k < len(attrs):
        c = attrs[k]
        if in_str:
            if c == "\\":
                k += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(attrs[start:k].strip())
            start = k + 1
        k += 1
    items.append(attrs[start:].strip())
    return [i for i in items if i]


def additive_twin(attrs: Sequence[str], decl: LeanDeclaration) -> LeanDeclaration | None:
    """The ``@[to_additive]`` twin of ``decl`` (operators and class names translated), or
    ``None`` when ``decl`` has no ``to_additive`` attribute or names an existing twin.

    Numerals and powers need the elaborator's types (``1 : G`` becomes ``0``, ``1 : ℕ``
    stays; ``a ^ n`` becomes ``n • a``): such statements get a twin with a
    ``skipped_reason`` instead of a guess."""
    body = next((b for a in attrs for b in _attr_items(a) if re.match(r"to_additive\b", b)), None)
    if body is None:
        return None
    arg = body[len("to_additive") :].strip()
    arg = re.sub(r'"(?:[^"\\]|\\.)*"', "", arg)  # the docstring
    arg = re.sub(r"\([^()]*\)", "", arg).strip()  # (attr := simp), (reorder := …)
    if arg.startswith("existing") or "reorder" in body:
        return None
    explicit = arg.split()[0] if arg.split() else ""
    ns = decl.namespace
    if explicit:
        new_full = _full_name(tuple(ns.split(".")) if ns else (), explicit)
    else:
        new_full = _additive_name(decl.full_name)
    if new_full == decl.full_name:
        return None
    reasons: list[str] = []
    mk = mask(decl.statement)
    toks = lex(mk.scan)
    if any(t.kind == "num" for t in toks) or any(t.text in ("^", "•") for t in toks):
        reasons.append("to_additive twin not derived: numerals and powers need the elaborator's types")
    out: list[str] = []
    last = 0
    text = decl.statement
    k = 0
    name_done = False
    while k < len(toks):
        t = toks[k]
        rep: str | None = None
        if t.kind == "id" and not name_done and t.text == decl.full_name:
            rep, name_done = new_full, True
        elif t.kind == "id":
            rep = _ADDITIVE_IDS.get(t.text)
        elif t.text == "*" and not (k and toks[k - 1].text in ("Type", "Sort")):
            rep = "+"
        elif t.text == "/":
            rep = "-"
        elif t.text == "∏":
            rep = "∑"
        elif t.text == "⁻¹":
            # postfix inverse → prefix negation of the preceding atom or bracket group
            j = len(out)
            out.append(text[last : t.start])
            last = t.end
            seg = "".join(out[:j + 1])
            m = re.search(r"(\((?:[^()]|\([^()]*\))*\)|[\w.'!?₀-₉]+)\s*$", seg)
            if m is None:
                reasons.append("to_additive twin not derived: `⁻¹` on a complex operand")
                break
            out = [seg[: m.start()] + f"(-{m.group(1)})"]
            k += 1
            continue
        if rep is not None:
            out.append(text[last : t.start] + rep)
            last = t.end
        k += 1
    out.append(text[last:])
    stmt = "".join(out)
    colon = stmt.find(" : ")
    return decl.model_copy(
        update={
            "id": new_full,
            "name": explicit or new_full.rsplit(".", 1)[-1],
            "full_name": new_full,
            "kind": "to_additive",
            "statement": stmt,
            "binders": "",
            "context_binders": [],
            "proposition": stmt[colon + 3 :] if colon >= 0 else "",
            "proof": "",
            "derived_from": decl.full_name,
            "skipped_reason": "; ".join(filter(None, [decl.skipped_reason, *reasons])) or None,
        }
    )


# --------------------------------------------------------------------------- aliases


def _resolve_aliases(
    aliases: Iterable[tuple[str, str, str, str, int, _Prefix, _Scope, str, Provenance | None]],
    index: dict[str, LeanDeclaration],
) -> Iterator[LeanDeclaration]:
    for new, direction, target, ns, line, prefix, scope, label, prov in aliases:
        parts = ns.split(".") if ns else []
        found: LeanDeclaration | None = None
        cands = [".".join([*parts[:k], target]) for k in range(len(parts), -1, -1)]
        for o in scope.opens:
            cands.append(f"{o.namespace}.{target}")
        for c in cands:
            if c in index:
                found = index[c]
                break
        full = _full_name(parts, new)
        base = dict(
            id=full, name=new, full_name=full, kind="alias", file=label, line=line, namespace=ns,
            opens=[o.label() for o in scope.opens], universes=list(scope.universes), options=dict(scope.options),
            attributes=list(prefix.attrs), modifiers=list(prefix.mods), doc=prefix.docs[-1] if prefix.docs else None,
            derived_from=target, provenance=prov,
        )  # fmt: skip
        if found is None:
            yield LeanDeclaration(
                statement="", skipped_reason=f"alias of {target}: target not among the loaded declarations", **base
            )
            continue
        base["derived_from"] = found.full_name
        prop = found.proposition
        reason = found.skipped_reason
        if direction:
            split = _iff_directions(prop)
            if split is None:
                reason = reason or f"alias {direction} of {found.full_name}: its statement is not a top-level `↔`"
            else:
                prop = split[0] if direction == "mp" else split[1]
        head = found.statement[: len(found.statement) - len(found.proposition)] if found.proposition else ""
        head = head.replace(f"theorem {found.full_name}", f"theorem {full}", 1)
        yield LeanDeclaration(
            statement=head + prop if head else "", binders=found.binders, context_binders=found.context_binders,
            proposition=prop, skipped_reason=reason, **base,
        )  # fmt: skip


def _iff_directions(prop: str) -> tuple[str, str] | None:
    """``∀ x, A ↔ B`` → (``∀ x, A → B``, ``∀ x, B → A``); None unless one top-level ``↔``."""
    mk = mask(prop)
    toks = lex(mk.scan)
    # peel leading `∀ …,` binders
    k = 0
    while k < len(toks) and toks[k].text == "∀":
        depth = 0
        j = k + 1
        while j < len(toks):
            t = toks[j]
            if t.kind == "open":
                depth += 1
            elif t.kind == "close":
                depth -= 1
            elif depth == 0 and t.text == ",":
                break
            j += 1
        if j >= len(toks):
            return None
        k = j + 1
    prefix_end = toks[k].start if k < len(toks) else len(prop)
    depth = 0
    iffs: list[Tok] = []
    for t in toks[k:]:
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif depth == 0 and t.text in ("↔", "<->"):
            iffs.append(t)
        elif depth == 0 and (t.text in ("fun", "λ", ",") or t.text in _BINDER_SYMS):
            break  # a binder runs to the end: a later `↔` is inside its body
    if len(iffs) != 1:
        return None
    lhs = prop[prefix_end : iffs[0].start].strip()
    rhs = prop[iffs[0].end :].strip()

    def wrap(side: str, left: bool) -> str:
        """Parenthesise a side of `→` where it would not parse as one: `↔` anywhere, and on
        the left an arrow or a binder (`∃ c, P → Q` would swallow `Q`)."""
        depth = 0
        for t in lex(mask(side).scan):
            if t.kind == "open":
                depth += 1
            elif t.kind == "close":
                depth -= 1
            elif depth == 0 and (
                t.text in ("↔", "<->")
                or left and (t.text in ("→", "->", "fun", "λ") or t.text in _BINDER_SYMS)
            ):
                return f"({side})"
        return side

    pre = prop[:prefix_end]
    return f"{pre}{wrap(lhs, True)} → {wrap(rhs, False)}", f"{pre}{wrap(rhs, True)} → {wrap(lhs, False)}"


# --------------------------------------------------------------------------- unproved


def _resolutions(name: str, namespace: str, opens: Sequence[str]) -> Iterator[str]:
    """The constants an identifier of a proof may name: itself under each enclosing
    namespace and each opened one — and, for ``c.le``-style field notation on a constant,
    the same for its dotted prefixes.  An over-approximation (a local ``h`` may shadow a
    theorem ``h``): it only ever costs a statement, never admits one."""
    root = name.startswith("_root_.")
    parts = (name[len("_root_.") :] if root else name).split(".")
    ns = namespace.split(".") if namespace else []
    opened = [o.split()[0] for o in opens if o and not o.startswith("scoped ")]
    for k in range(len(parts), 0, -1):
        head = ".".join(parts[:k])
        if root:
            yield head
            continue
        for j in range(len(ns), -1, -1):
            yield ".".join([*ns[:j], head])
        for o in opened:
            yield f"{o}.{head}"


def _propagate_unproved(decls: list[LeanDeclaration], axioms: dict[str, str]) -> list[LeanDeclaration]:
    """Mark every declaration whose proof uses one that is not proved — proved by
    ``sorry``/``admit`` (directly or in turn) or an ``axiom`` of the sources (``axioms``: full
    name → where) — or that is an alias / additive twin of one."""
    bad = dict(axioms)
    for d in decls:
        if d.unproved:
            why = "in a source file not trusted" if d.tainted else "whose proof uses sorry/admit"
            bad.setdefault(d.full_name, f"{d.file}:{d.line}, {why}")
    if not bad:
        return decls
    out = list(decls)
    ids: dict[int, list[str]] = {}
    changed = True
    while changed:
        changed = False
        for i, d in enumerate(out):
            if d.unproved:
                continue
            culprit = d.derived_from if d.derived_from in bad else None
            if culprit is None and d.proof:
                if i not in ids:
                    ids[i] = sorted({t.text for t in lex(mask(d.proof).scan) if t.kind == "id"})
                culprit = next(
                    (c for n in ids[i] for c in _resolutions(n, d.namespace, d.opens) if c in bad and c != d.full_name),
                    None,
                )
            if culprit is None:
                continue
            why = f"{UNPROVED_REASON} through `{culprit}` ({bad[culprit]})"
            out[i] = d.model_copy(update={"skipped_reason": "; ".join(filter(None, [why, d.skipped_reason]))})
            bad.setdefault(d.full_name, f"{d.file}:{d.line}, whose proof uses `{culprit}`")
            changed = True
    return out


# --------------------------------------------------------------------------- file taint
#
# A proof can rest on a `sorry` it never names: a macro or `macro_rules` expanding to one, a
# `@[simp]` lemma or instance proved by one and found by `simp`/instance search, a notation,
# a `def`, an elaborator admitting the goal, an `axiom` used through an attribute.  Without
# Lean nothing tells which commands a proof really reaches, so the rule is by FILE: one such
# token anywhere in a file (outside comments and literals) refuses every theorem of it, and of
# every loaded file importing it.

_USES_SORRY = "uses sorry"
_AXIOM = "declares an axiom"
_TRUSTS = "trusts unchecked code"
_META = "runs its own elaboration code"
#: Identifiers that taint a file when any of their dotted components (``«quoted»`` or not) is
#: one of these: ``Lean.Elab.admitGoal``, ``g.admit`` (``MVarId.admit``), ``Lean.ofReduceBool``.
_TAINT_PART: dict[str, str] = {
    **dict.fromkeys(
        ("sorry", "admit", "sorryAx", "admitGoal", "mkSorry", "mkSyntheticSorry", "mkLabeledSorry"), _USES_SORRY
    ),
    # compiled code the kernel takes on trust: with `native_decide` (`Lean.ofReduceBool`) a
    # wrong `implemented_by`/`extern` proves `False`; `debug.skipKernelTC` skips the kernel
    **dict.fromkeys(("ofReduceBool", "ofReduceNat", "implemented_by", "extern", "skipKernelTC"), _TRUSTS),
    # axioms added by a metaprogram rather than the `axiom` command
    **dict.fromkeys(("addDecl", "addAndCompile", "addDeclWithoutChecking", "axiomDecl"), _AXIOM),
    # code run by the elaborator, which a reader of tokens cannot follow, or syntax and
    # constants built from computed names (`mkIdent (.mkSimple ("sorry" ++ "Ax"))`)
    **dict.fromkeys(("evalConst", "modifyEnv", "setEnv", "interpolatedStr", "term_elab", "command_elab"), _META),
    **dict.fromkeys(
        ("mkIdent", "mkIdentFrom", "mkCIdent", "mkCIdentFrom", "mkConst", "mkSimple", "mkStr", "toName", "mkAtom"),
        _META,
    ),
}
# syntax kinds of the sorry-like tactics (a macro can build `tacticSorry` without the word)
_TAINT_PART.update(dict.fromkeys(("tacticSorry", "tacticAdmit", "tacticStop_"), _USES_SORRY))
_TAINT_PART.update(dict.fromkeys(("quote", "mkNode"), _META))
#: Dotted names that taint a file when an identifier ENDS with them (``Syntax.node``,
#: ``Lean.Name.str``): syntax and constants built from computed names.
_TAINT_SUFFIX: dict[tuple[str, ...], str] = dict.fromkeys(
    (("Syntax", "node"), ("Syntax", "ident"), ("Syntax", "atom"), ("Name", "str"), ("Name", "mkStr"),
     ("Name", "mkSimple"), ("Expr", "const")),
    _META,
)  # fmt: skip
_DEBUG_OPTION = "sets a `debug.` option (one turns proofs into sorry or skips the kernel)"
#: Whole tokens that taint a file (``stop`` is also an ordinary word inside identifiers).
#: Every command that runs user code at elaboration time (an elaborator, simproc, `by_elab`,
#: `initialize`, `#eval`) is refused: a list of forbidden tokens can never be complete.
_TAINT_WHOLE: dict[str, str] = {
    **dict.fromkeys(("stop", "exact?", "apply?"), _USES_SORRY),
    "axiom": _AXIOM,
    **dict.fromkeys(("elab", "elab_rules", "run_cmd", "run_elab", "run_meta", "run_tac"), _META),
    **dict.fromkeys(
        ("simproc", "dsimproc", "simproc_decl", "dsimproc_decl", "builtin_simproc", "builtin_dsimproc",
         "builtin_simproc_decl", "builtin_dsimproc_decl", "simproc_pattern%", "by_elab", "declare_simp_like_tactic",
         "initialize", "builtin_initialize", "builtin_macro", "builtin_term_elab", "builtin_tactic",
         "builtin_command_elab", "elab_stx_quot", "macro_elab"),
        _META,
    ),
    # an `unsafe` declaration (or `unsafe` term) is compiled, never checked: an `unsafe theorem`
    # may call itself (`:= big_bad n h`) and the kernel never sees it
    "unsafe": "declares unsafe code (Lean does not check an `unsafe` declaration)",
    # `@[default_instance]` changes the type numerals and operators elaborate to
    "default_instance": "changes a default instance (what a statement's numerals or operators mean)",
}  # fmt: skip
#: Macros: user code (``MacroM``) unless the body is one syntax quotation whose antiquotations
#: are plain ``$x`` pattern variables (see :func:`_plain_macro`).
_MACRO_CMDS = frozenset({"macro", "macro_rules"})
#: Meta monads: an `#eval` in a file mentioning one may change the environment.
_META_MONADS = frozenset({"CoreM", "MetaM", "TermElabM", "TacticM", "CommandElabM"})
_TACTIC_ATTR = re.compile(r"@\[[^\]]*?\btactic\b")
_EXIT = re.compile(r"#exit\b")
_QUOTED_PART = re.compile(r"«([^»]*)»|([^.«]+)")
_STRING_START = re.compile(r'--|/-|"|\'|«|r#*"')


@dataclass(frozen=True)
class _Taint:
    """Why a file is not trusted: ``what`` (uses sorry / declares an axiom / …) at ``file:line``,
    the token and the command holding it; ``via``: the imported file it came through."""

    what: str
    file: str
    line: int
    token: str
    command: str
    via: tuple[str, ...] = ()

    def reason(self) -> str:
        where = f"{self.file}:{self.line}, `{self.token}`" + (f" in {_article(self.command)}" if self.command else "")
        if not self.via:
            return f"{TAINTED_REASON}: it {self.what} ({where}): a proof here may rest on it"
        chain = ", which imports ".join(self.via)
        return f"{TAINTED_REASON}: it imports {chain}, which {self.what} ({where}): a proof here may rest on it"


def _interpreted_suffix(full: str) -> str | None:
    """The name itself or its longest suffix that the statement parser reads with Mathlib's
    meaning (``Foo.Nat.Prime`` → ``Nat.Prime``; ``Nat.choose`` itself), else None."""
    parts = ".".join(_parts(full)).split(".")
    for k in range(len(parts)):
        cand = ".".join(parts[k:])
        if lookup(cand) is not None or cand in BASE_TYPES or cand in TYPE_CONSTRUCTORS:
            return cand
    return None


def definition_digest(text: str) -> str:
    """SHA-256 (hex) of a declaration's text, comments blanked, whitespace squashed."""
    return hashlib.sha256(squash(text).encode("utf-8")).hexdigest()


#: Mathlib's definitions of symbols the statement parser interprets, by the
#: :func:`definition_digest` of the command (from its keyword to its end; attributes,
#: modifiers and doc comments excluded), as in leanprover-community/mathlib4 at the commits
#: of the Mathlib files the tests read.  Any other text defining one of these names gives it
#: the file's own meaning (a different Mathlib version included: fail closed).
_MATHLIB_DEFINITIONS: dict[str, frozenset[str]] = {
    "Fact": frozenset({"3ab84d23d9ebe7cad780c4a641336a0fc4e005cd1a969658e912ec331de47fb7"}),  # Mathlib/Logic/Basic.lean:116
    "Finset.card": frozenset({"1cc0b761509808c20b5e401211c028925f633b4ea052827b78987826aa1392db"}),  # Mathlib/Data/Finset/Card.lean:43
    "IsSquare": frozenset({"d96c23aa2a09810818603d4c188a62ab441a883644ce0c6c5e7cd052898ece51"}),  # Mathlib/Algebra/Group/Even.lean:45
    "NNReal.sqrt": frozenset({"abbb9780ef877dbbaafa9de7acfdea7a162be86d366a3c4e405faf5351d3c20f"}),  # Mathlib/Data/Real/Sqrt.lean:44
    "Nat.Perfect": frozenset({"f726a5820eb745324299250773134f7d07a89231dba96a0680e04e5bdb705975"}),  # Mathlib/NumberTheory/Divisors.lean:338
    "Nat.ascFactorial": frozenset({"966978f1ff735f0153bf4ea8e5eaa85f8efcec2d588f9983f8de145f216badbe"}),  # Mathlib/Data/Nat/Factorial/Basic.lean:227
    "Nat.choose": frozenset({"a50cf0f860c7b599ebbbbc82a31985f60c54bcc038824750d0febece41ccd62b"}),  # Mathlib/Data/Nat/Choose/Basic.lean:47
    "Nat.descFactorial": frozenset({"92f50718eb0f4d29675f19f82296b16f08a7715f9e27a199bb1ad691e7588c10"}),  # Mathlib/Data/Nat/Factorial/Basic.lean:347
    "Nat.divisors": frozenset({"dc728c08e375305665b1c0cc4d1cdd8493fdb88524927007b5051022a7c35ee0"}),  # Mathlib/NumberTheory/Divisors.lean:41
    "Nat.factorial": frozenset({"9a58435168cfff88edb04e51ae59c9ea05b95efea0d8d0aee98c29e959815b91"}),  # Mathlib/Data/Nat/Factorial/Basic.lean:30
    "Nat.properDivisors": frozenset({"c35c26bba2768d9f38d9833cf4e1b4b8046c00a88a2273ddfa983f5413299f7a"}),  # Mathlib/NumberTheory/Divisors.lean:47
    "Odd": frozenset({"77be7439949a4e7a18bdbe7121b37338dfbc1219be0d64678d02448226397eee"}),  # Mathlib/Algebra/Ring/Parity.lean:111
    "Real.log": frozenset({"6e77c8c0c0143eb8d31c90cb7f69a251ad062db913e7d8a433c44b8e56b16f4d"}),  # Mathlib/Analysis/SpecialFunctions/Log/Basic.lean:41
    "Real.sqrt": frozenset({"8c1ba602a4208df1666b2e317361e7967a211e445451de442f03ffb7380e8120"}),  # Mathlib/Data/Real/Sqrt.lean:109
}  # fmt: skip

#: commands that give a name a meaning (a statement may then resolve to it)
_DEFINING_CMDS = frozenset({"def", "abbrev", "opaque", "structure", "class", "inductive", "instance"})


def _article(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _code_view(text: str) -> tuple[str, int | None]:
    """``text`` with comments and literal text blanked (offsets and line breaks kept), for the
    taint scan — stricter than :func:`mask`: raw strings ``r#"…"#`` are literals, and the
    ``{…}`` parts of every string stay code (an interpolated string ``s!"{e}"``, ``throwError
    "{e}"`` or a user's ``interpolatedStr`` runs ``e``).  Where Lean could read a literal two
    ways (a ``{`` still open at the closing quote, a comment, quote, char or ``«`` inside
    ``{…}``, a raw string after a ``.``) the second value is its offset: the reader cannot
    tell code from text there, and the caller refuses the file."""
    n = len(text)
    out = list(text)

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    i = 0
    while i < n:
        mt = _STRING_START.search(text, i)
        if mt is None:
            break
        i, tok = mt.start(), mt.group()
        if tok == "--":
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif tok == "/-":
            j, _ = block_comment_end(text, i)
            blank(i, j)
            i = j
        elif tok == "«":
            j = text.find("»", i + 1)
            if j >= 0 and "\n" in text[i:j]:
                return "".join(out), i  # a quoted name across lines: Lean reads one identifier (round 49)
            i = n if j < 0 else j + 1  # a quoted name is code (its text is read when matched)
        elif tok == "'":
            # a quote opens a char literal where a token starts: not inside `h₀'`, but after a
            # numeral (`2'x'`) or a `!`/`?` token (`!'"'`)
            m = _CHAR_LIT.match(text, i) if token_start(text, i) else None
            if m:
                blank(i, m.end())
                i = m.end()
            else:
                i += 1
        elif tok.startswith("r"):  # raw string r"…", r#"…"#: no escapes, never interpolated
            prev = text[i - 1] if i else " "
            if not token_start(text, i):
                i += 1  # part of an identifier (`…r"`): the quote is read next
                continue
            hashes = len(tok) - 2
            close = '"' + "#" * hashes
            j = text.find(close, i + len(tok))
            j = n if j < 0 else j + len(close)
            if prev == ".":
                plain_end = _plain_string_end(text, i + len(tok) - 1)
                if plain_end != j or hashes:
                    return "".join(out), i
            blank(i, j)
            i = j
        else:  # a string: `{…}` inside is code
            j = i + 1
            depth = 0
            while j < n and text[j] != '"':
                c = text[j]
                if c == "\\":
                    if not depth:
                        blank(j, min(j + 2, n))
                    j += 2
                    continue
                if c == "{":
                    depth += 1
                elif c == "}" and depth:
                    depth -= 1
                elif depth and (
                    c == "«" or text.startswith(("--", "/-"), j) or (c == "'" and not _id_rest(text[j - 1]))
                ):
                    return "".join(out), j
                if not depth:
                    if out[j] != "\n":
                        out[j] = " "
                j += 1
            if depth:
                return "".join(out), i
            out[i] = " "
            if j < n:
                out[j] = " "
            i = j + 1
    return "".join(out), None


def _plain_string_end(text: str, i: int) -> int:
    """End offset of the ordinary string literal opening at ``text[i] == '"'``."""
    j = i + 1
    while j < len(text) and text[j] != '"':
        j += 2 if text[j] == "\\" else 1
    return min(j + 1, len(text))


def _parts(ident: str) -> list[str]:
    """Components of a dotted identifier, ``«quoted»`` ones unquoted."""
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _QUOTED_PART.finditer(ident)]


def _file_taint(m: Masked, label: str, command_at: Callable[[int], str],
                log: _InstanceLog | None = None) -> _Taint | None:
    """The first reason, in file order, not to trust the proofs of the file (or None)."""
    code, ambiguous = _code_view(m.text)
    found: list[tuple[int, str, str]] = []  # (offset, what, token)
    if ambiguous is not None:
        found.append((ambiguous, "holds a literal whose extent depends on how Lean reads it", "\""))
    evals: list[int] = []
    meta_monad = False
    # `«instance»` is the attribute `instance`, `«sorry»` the name `sorry` (adversary round 42):
    # compare names unquoted
    toks = [Tok(t.kind, ".".join(_parts(t.text)), t.start, t.end, "«") if "«" in t.text else t for t in lex(code)]
    for k, t in enumerate(toks):
        if t.kind not in ("id", "dotid"):  # `dotid`: `(← getMainGoal).admit`, `.axiomDecl`
            if t.text == "#" and code.startswith("eval", t.end):
                evals.append(t.start)
            continue
        what = _TAINT_WHOLE.get(t.text)
        if t.text in _MACRO_CMDS and not _plain_macro(toks, k, code):
            what = _META
        if what is None:
            parts = _parts(t.text.lstrip("."))
            what = next((_TAINT_PART[p] for p in parts if p in _TAINT_PART), None)
            if what is None and len(parts) > 1 and parts[0] == "debug":
                what = _DEBUG_OPTION  # `set_option debug.byAsSorry true`, `debug.proofAsSorry`, …
            if what is None:
                what = next((w for suf, w in _TAINT_SUFFIX.items() if tuple(parts[-len(suf) :]) == suf), None)
            meta_monad = meta_monad or any(p in _META_MONADS for p in parts)
        if what is not None:
            tok = code[t.start : t.end]  # as written (`«sorryAx»`)
            if tok == "axiom" and k + 1 < len(toks) and toks[k + 1].kind == "id":
                tok = f"axiom {toks[k + 1].text}"
            found.append((t.start, what, tok))
            break
    for rx, what, tok in ((_EXIT, "stops at `#exit` (what follows is never checked)", "#exit"),
                          (_TACTIC_ATTR, _META, "@[tactic]")):  # fmt: skip
        mx = rx.search(code)
        if mx is not None:
            found.append((mx.start(), what, tok))
    if evals:  # any `#eval`: it runs code (`#eval elabCommand …` names no monad)
        found.append((evals[0], _META, "#eval"))
    if not found:  # a cheat, when there is one, is the reason to give
        found.extend(_meaning_taints(m, code, toks, log))
    if not found:
        return None
    at, what, tok = min(found)
    return _Taint(what, label, m.line_of(at), tok, "" if tok.startswith("axiom") else command_at(at))



# --------------------------------------------------------------------------- meaning changes
#
# A proof may be genuine in its file while the statement, read there, does not mean what
# certibench reads: a local instance (`instance (priority := high) : LT ℕ := ⟨fun _ _ => False⟩`)
# or a rebound notation (`macro_rules | `($a ≠ $b) => `(True)`, `infixl:65 " + " => HSub.hSub`)
# changes the meaning of the very symbols the statement parser interprets.

_CHANGES_INSTANCE = "declares an instance that can change what a statement means"
_REMOVES_INSTANCE = "removes an instance (what a statement means may change)"
_REBINDS_SYNTAX = "rebinds syntax the statement parser interprets (a statement may not mean what it says)"
_PARTIAL_THEOREM = "declares a `partial` theorem (Lean does not check it)"

#: Classes whose instances give meaning to what the statement parser interprets: notation
#: (`<`, `+`, `∣`, `∈`, numerals, coercions, `|x|`, `‖x‖`) and the algebraic/order structures
#: that provide it.  Matched on the last component of the class name.
_MEANING_CLASSES = frozenset(
    {"LT", "LE", "Add", "Sub", "Mul", "Div", "Mod", "Neg", "Pow", "HAdd", "HSub", "HMul", "HDiv", "HMod", "HPow",
     "HomogeneousPow", "NatPow", "Monoid.npow", "HAnd", "HOr", "HXor", "AndOp", "OrOp", "Xor",
     "HSMul", "SMul", "VAdd", "HVAdd", "OfNat", "OfScientific", "Zero", "One", "NatCast", "IntCast", "RatCast",
     "Dvd", "Membership", "Inter", "Union", "SDiff", "HasSubset", "HasSSubset", "HasCompl", "Insert", "Singleton",
     "EmptyCollection", "Preorder", "PartialOrder", "LinearOrder", "Lattice", "SemilatticeSup", "SemilatticeInf",
     "Ord", "Max", "Min", "Sup", "Inf", "Top", "Bot", "Inv", "BEq", "Hashable", "Abs", "Norm", "NNNorm", "Dist",
     "Inhabited", "Coe", "CoeTail", "CoeHead", "CoeOut", "CoeFun", "CoeSort", "CoeDep", "CoeTC", "CoeHTCT",
     "Monoid", "Group", "Ring", "Field", "Semiring", "CommRing", "CommSemiring", "DivisionRing",
     "AddMonoid", "AddGroup", "AddCommMonoid", "AddCommGroup", "CommMonoid", "CommGroup", "Bracket",
     "Append", "HAppend", "AndThen", "HOrElse", "Functor", "Monad", "GetElem", "Setoid", "HasEquiv", "ToString",
     "Repr", "Star", "FloorRing", "FloorSemiring", "NormedField", "MetricSpace"}
)  # fmt: skip
#: Any class whose name contains one of these is a structure providing notation too.
_MEANING_CLASS_PARTS = re.compile(
    r"Order|Ordered|Ring|ring|Field|field|Monoid|Group|Lattice|Semigroup|Norm|Metric|Algebra|Module|ZeroClass|OneClass|"
    r"Distrib|InvolutiveNeg|HasDistribNeg")
#: Classes whose instances cannot change what a statement means: subsingletons (any two
#: `Decidable p` agree) and propositions (an instance of `Fact p` is a proof of `p`).
_INERT_CLASSES = frozenset(
    {"Decidable", "DecidableEq", "DecidablePred", "DecidableRel", "DecidableLE", "DecidableLT", "Fact",
     "Nonempty", "Subsingleton", "IsEmpty",
     # classes whose instances are proofs (adversary round 51: `NoMaxOrder ℕ`, `CharZero ℚ`
     # refused whole files); the `Is…`/`No…` ones by name (:func:`_inert_class`)
     "CharZero", "Nontrivial", "DenselyOrdered", "Archimedean", "OrderClosedTopology", "Countable", "Finite",
     "Infinite", "CharP", "ExpChar", "NeZero", "Invertible"}
)  # fmt: skip
#: `Is…`/`No…` classes that carry data all the same.
_DATA_IS_CLASSES = frozenset({"IsROrC"})


def _inert_class(cls: str) -> bool:
    """A class whose instances cannot change what a statement means: subsingletons and
    propositions (``Fact``, ``Decidable``, ``CharZero``; Mathlib's ``IsStrictOrderedRing``,
    ``NoMaxOrder`` … are propositions by name)."""
    if cls in _INERT_CLASSES:
        return True
    return cls not in _DATA_IS_CLASSES and (re.match(r"(Is|No)[A-Z]", cls) is not None)
#: Types the statement parser reads with their standard meaning (``Prop`` is left out: its
#: order is Mathlib's own `Prop.partialOrder`, and the parser gives no meaning to `p ≤ q`).
_MEANING_TYPES = frozenset(
    {"ℕ", "Nat", "ℤ", "Int", "ℚ", "Rat", "ℝ", "Real", "ℂ", "Complex", "Bool", "Fin", "ZMod", "Set", "Finset",
     "List", "Multiset", "Array", "String", "Char", "NNReal", "ENNReal", "EReal", "ENat", "PNat", "NNRat",
     "Polynomial", "Matrix", "Option", "Prod", "Sum", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "ℕ+"}
)  # fmt: skip
#: `attribute [instance] …` of these (Mathlib: `attribute [local instance 10] Classical.propDecidable`).
_INERT_INSTANCE_NAMES = frozenset(
    {"Classical.propDecidable", "Classical.dec", "Classical.decEq", "Classical.decPred", "Classical.decRel",
     "Classical.typeDecidableEq", "Classical.decidableInhabited", "propDecidable"}
)  # fmt: skip
_PRIORITY_WORDS = {"low": 100, "mid": 500, "default": 1000, "high": 10000}
#: Symbols (and keywords) the statement parser interprets: a notation, `syntax` or `macro`
#: whose atom is one of them rebinds it.
_MEANING_SYMBOLS = frozenset(
    {"≠", "=", "==", "<", ">", "≤", "≥", "+", "-", "*", "/", "%", "^", "∣", "∈", "∉", "⊆", "⊂", "⊇", "⊃", "∩", "∪",
     "\\", "¬", "∧", "∨", "→", "↔", "∀", "∃", "∃!", "∑", "∏", "√", "!", "|", "‖", "⌊", "⌋", "⌈", "⌉", "⁻¹", "•",
     "∘", "<=", ">=", "!=", "->", "<->", "×", "·", "ᶜ", "⊤", "⊥", "∅", "≡", "∫", "(", ")", "[", "]", "{", "}",
     "⟨", "⟩", ",", ":", "$", "#", "&", "@", "↑", "⇑", "↥", "∞", "π"}
)  # fmt: skip
_MEANING_WORDS = frozenset(
    {"fun", "λ", "Π", "Σ", "if", "then", "else", "let", "have", "show", "from", "by", "at", "with", "in", "match",
     "True", "False", "Prop", "Type", "Sort", "ℕ", "ℤ", "ℚ", "ℝ", "ℂ", "sorry", "max", "min"}
)  # fmt: skip
#: Mathlib's own declarations of notation the parser reads (whitespace squashed): they define
#: the meaning the parser assumes.  Any other precedence or expansion taints.
_STANDARD_NOTATION_CMDS = frozenset(
    {'notation:10000 n "!" => Nat.factorial n', 'prefix:max "√" => Real.sqrt', 'notation "π" => Real.pi',
     'postfix:max "⁻¹" => Inv.inv', 'infix:50 " ∣ " => Dvd.dvd'}
)  # fmt: skip
_SYNTAX_CMDS = frozenset({"notation", "notation3", "infix", "infixl", "infixr", "prefix", "postfix", "syntax", "macro"})


def _command_end(code: str, start: int) -> int:
    """Offset of the next line starting at column 0 after ``start`` (the command's end)."""
    eol = code.find("\n", start)
    while 0 <= eol < len(code) - 1:
        if not code[eol + 1].isspace():
            return eol + 1
        eol = code.find("\n", eol + 1)
    return len(code)


def _priority(toks: list[Tok]) -> int | None:
    """Value of a priority expression (`high`, `100`, `default + 1`), or None if unknown."""
    total, sign, seen = 0, 1, False
    for t in toks:
        if t.text in ("+", "-"):
            sign = 1 if t.text == "+" else -1
            continue
        if t.kind == "num" and t.text.isdigit():
            v = int(t.text)
        elif t.text in _PRIORITY_WORDS:
            v = _PRIORITY_WORDS[t.text]
        else:
            return None
        total, sign, seen = total + sign * v, 1, True
    return total if seen else None


def _instance_type(toks: list[Tok], i: int, stop: int) -> list[Tok]:
    """Tokens of the type of the instance/declaration whose name (or binders) start at ``toks[i]``."""
    colon = _top_level_first(toks, (":", ":=", "where", "|"), i, stop)
    if colon is None or toks[colon].text != ":":
        return []
    out: list[Tok] = []
    depth = 0
    for j in range(colon + 1, stop):
        t = toks[j]
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        if depth == 0 and t.text in (":=", "where", "|"):
            break
        if depth == 0 and t.text == "," and out and out[0].text in ("∀", "Π"):
            out = []  # `∀ [Inhabited α], Inhabited αᵒᵈ`: the class follows the binders
            continue
        if depth < 0:
            break
        out.append(t)
    while out and out[0].text in ("@", "("):
        out = out[1:]
    # `[Inhabited ℕ] → LT ℕ`, `{α : Type} → LT α`: the class follows the binders (round 40)
    while out and out[0].kind == "open" and out[0].text in ("[", "{", "⦃", "("):
        close = matching_close(out, 0)
        if close + 1 < len(out) and out[close + 1].text in ("→", "->"):
            out = out[close + 2 :]
        else:
            break
    return out


def _binder_type_names(toks: list[Tok]) -> set[str]:
    """Names bound to a universe in binder groups of ``toks`` (``{Ty : Type}``, ``(α β : Type*)``,
    ``{M : Sort u}``): type variables, whatever their length."""
    out: set[str] = set()
    k = 0
    while k < len(toks):
        if toks[k].kind == "open" and toks[k].text in ("{", "(", "⦃", "["):
            close = matching_close(toks, k)
            inner = toks[k + 1 : close]
            colon = next((j for j, x in enumerate(inner) if x.text == ":"), None)
            if colon is not None and colon + 1 < len(inner) and inner[colon + 1].text in ("Type", "Sort", "Type*", "Sort*"):
                out.update(x.text for x in inner[:colon] if x.kind == "id")
            k = close + 1
        else:
            k += 1
    return out


@dataclass(frozen=True)
class _FileClasses:
    """What a file declares that an instance's type may name: ``aliases`` (``abbrev``/``def``
    names, ``class abbrev``: an instance of ``MyLT ℕ`` with ``abbrev MyLT := LT``, or of
    ``LT Nat'`` with ``abbrev Nat' := ℕ``, is one of ``LT ℕ``) and ``parents`` (a ``class``'s
    ``extends`` list: an instance of ``class Flip extends LT ℕ`` is one of ``LT ℕ``)."""

    aliases: frozenset[str] = frozenset()
    parents: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: types the file declares (``structure``, ``inductive``, plain ``def``/``opaque``/``class``)
    types: frozenset[str] = frozenset()
    #: names bound to a universe by ``variable`` (type variables of the whole file)
    type_vars: frozenset[str] = frozenset()
    #: notation atoms whose expansion is not known to be harmless (`notation "⟪⟫" => Nat`)
    symbol_aliases: frozenset[str] = frozenset()
    #: the file opens a namespace it does not declare (`open Nat.Linear`): a bare name there may
    #: be the library's (`Nat.Linear.Var` is `abbrev Var := ℕ`), not the file's type (round 53)
    foreign_open: bool = False
    #: the types of one file of several loaded together: a bare name it does not declare may
    #: be another file's type, so that rule waits for :func:`_project_instance_taints`
    partial: bool = False

    def names(self, ident: str) -> set[str]:
        parts = _parts(ident)
        return {".".join(parts), parts[-1]}


def _file_classes(toks: list[Tok], notations: Iterable[tuple[str, str]] = ()) -> _FileClasses:
    """Reducible aliases (``abbrev``, ``class abbrev``, ``@[reducible] def``, ``attribute
    [reducible]``: instance resolution unfolds them, not a plain ``def``'s type synonym such as
    Mathlib's ``def AsLinearOrder (α) := α``) whose type is not ``Prop`` (an instance of a
    proposition is a proof: Mathlib's ``abbrev PosMulMono : Prop``), and classes' parents."""
    aliases: set[str] = set()
    parents: dict[str, tuple[str, ...]] = {}
    types: set[str] = set()
    type_vars: set[str] = set()
    n = len(toks)

    def names(ident: str) -> set[str]:
        return {".".join(_parts(_strip_root(ident))), _parts(ident)[-1]}

    def prop_valued(k: int) -> bool:  # `abbrev X (args) : Prop :=` (k: the name's index)
        j, depth, colon = k + 1, 0, None
        while j < n and not (depth == 0 and toks[j].text in (":=", "where", "|")):
            depth += toks[j].kind == "open"
            depth -= toks[j].kind == "close"
            if depth == 0 and toks[j].text == ":":
                colon = j
            j += 1
        return colon is not None and j == colon + 2 and toks[colon + 1].text == "Prop"

    def reducible_attr(k: int) -> bool:  # `@[reducible] (private|…)* def` (k: the keyword's index)
        j = k - 1
        while j >= 0 and toks[j].text in _MODIFIERS:
            j -= 1
        if j < 0 or toks[j].text != "]":
            return False
        i = j
        while i > 0 and toks[i].text != "[":
            i -= 1
        return i > 0 and toks[i - 1].text == "@" and any(x.text == "reducible" for x in toks[i:j])

    for k, t in enumerate(toks):
        if t.kind != "id" or k + 1 >= n or t.head == "«":  # `«def»` is a name, not the keyword (round 52)
            continue
        nxt = toks[k + 1]
        if t.text in ("structure", "inductive", "opaque", "def") and nxt.kind == "id":
            types.add(".".join(_parts(_strip_root(nxt.text))))  # by its full name: `Foo.Nat` is no `Nat`
        if t.text == "variable":
            stop = next((j for j in range(k + 1, n) if toks[j].text in _COMMAND_KEYWORDS), n)
            type_vars |= _binder_type_names(toks[k + 1 : stop])
        if t.text in ("abbrev", "def") and nxt.kind == "id":
            if (t.text == "abbrev" or reducible_attr(k)) and not prop_valued(k + 1):
                aliases.update(names(nxt.text))
                types.difference_update(names(nxt.text))
        elif t.text == "attribute" and nxt.text == "[" and k + 2 < n:
            close = matching_close(toks, k + 1)
            if any(x.text == "reducible" for x in toks[k + 2 : close]):
                j = close + 1
                while j < n and toks[j].kind == "id" and toks[j].start < _line_end(toks, close):
                    aliases.update(names(toks[j].text))
                    j += 1
        elif t.text == "class" and nxt.text == "abbrev" and k + 2 < n and toks[k + 2].kind == "id":
            aliases.update(names(toks[k + 2].text))
        elif t.text == "class" and nxt.kind == "id" and nxt.text not in ("inductive", "abbrev"):
            ps: list[str] = []
            j = k + 2
            depth = 0
            while j < n and not (depth == 0 and toks[j].text in ("where", ":=", "theorem", "lemma", "def", "class",
                                                                    "instance", "structure", "end")):
                if toks[j].kind == "open":
                    depth += 1
                elif toks[j].kind == "close":
                    depth -= 1
                elif depth == 0 and toks[j].text == "extends":
                    ps.append("extends")
                elif ps and toks[j].kind == "id":
                    ps.append(_strip_root(toks[j].text))
                j += 1
            name = _strip_root(nxt.text)
            parents[".".join(_parts(name))] = parents[_parts(name)[-1]] = tuple(ps[1:])
    declared_ns = {".".join(_parts(toks[k + 1].text)) for k in range(n - 1) if toks[k].text == "namespace"}
    foreign = False
    for k in range(n - 1):
        if toks[k].text == "open" and toks[k].head != "«":
            j = k + 1
            while j < n and toks[j].kind == "id" and toks[j].text not in ("in", "renaming", "hiding") and toks[j].text not in (
                    "scoped",):
                name = ".".join(_parts(_strip_root(toks[j].text)))
                if not any(name == d or d.endswith("." + name) or name.startswith(d + ".") for d in declared_ns):
                    foreign = True
                j += 1
    symbols: set[str] = set()
    for atom, expansion in notations:  # `notation "N" => ℕ`, `notation "⟪⟫" => Nat`
        if _harmless_expansion(expansion):
            continue
        if atom[:1].isalpha() or atom[:1] == "_":
            aliases.add(atom)
        else:
            symbols.add(atom)
    return _FileClasses(frozenset(aliases), parents, frozenset(types), frozenset(type_vars), frozenset(symbols),
                        foreign_open=foreign)


def _harmless_expansion(expansion: str) -> bool:
    """A notation expanding to an application of a type former the parser gives no meaning
    (`postfix "ᵒᵈ" => OrderDual`): an instance on it is one on that type former."""
    words = re.findall(r"[^\W\d][\w.'₀-₉]*", expansion)
    return bool(words) and not any(w in _MEANING_TYPES or _parts(w)[-1] in _MEANING_CLASSES or w in _MEANING_WORDS
                                   for w in words) and words[0][:1].isupper() and words[0] not in _MEANING_TYPES


@dataclass
class _InstanceLog:
    """A file's :class:`_FileClasses` and the types of its instances (line, type tokens,
    priority, explicit priority), kept to check them again against what all the files loaded
    together declare (``abbrev Nat' := ℕ`` in one file, ``instance : LT Nat'`` in another)."""

    classes: _FileClasses | None = None
    instances: list[tuple[int, list[Tok], int | None, bool, frozenset[str], str]] = field(default_factory=list)


def _project_instance_taints(logs: dict[str, _InstanceLog], tainted: Iterable[str] = ()) -> dict[str, _Taint]:
    """Taints of files whose instances change a meaning only through an alias, notation or
    class another loaded file declares (each file alone was already checked)."""
    aliases: set[str] = set()
    parents: dict[str, tuple[str, ...]] = {}
    types: set[str] = set()
    symbols: set[str] = set()
    for lg in logs.values():
        if lg.classes is not None:
            aliases |= lg.classes.aliases
            parents.update(lg.classes.parents)
            types |= lg.classes.types
            symbols |= lg.classes.symbol_aliases
    project = _FileClasses(frozenset(aliases), parents, frozenset(types), frozenset(), frozenset(symbols))
    out: dict[str, _Taint] = {}
    skip = set(tainted)
    for label, lg in logs.items():
        if label in skip:
            continue
        own_vars = lg.classes.type_vars if lg.classes is not None else frozenset()
        opened = lg.classes.foreign_open if lg.classes is not None else True
        for line, ty, prio, explicit, own, token in lg.instances:
            if _meaning_instance(ty, prio, explicit, replace(project, type_vars=own_vars, foreign_open=opened), own):
                out[label] = _Taint(_instance_reason(_type_text(ty)), label, line, token, "instance")
                break
    return out


def _line_end(toks: list[Tok], k: int) -> int:
    """Offset where the line of ``toks[k]``'s command ends: the next token at a new line that is
    a command keyword, else the end (a coarse bound for `attribute [...] a b c` name lists)."""
    for j in range(k + 1, len(toks)):
        if toks[j].kind == "id" and toks[j].text in _COMMAND_KEYWORDS:
            return toks[j].start
    return toks[-1].end + 1 if toks else 0




def _matching_open(toks: list[Tok], j: int) -> int:
    """Index of the bracket opening the one that ``toks[j]`` closes (0 if unopened)."""
    depth = 0
    for i in range(j, -1, -1):
        if toks[i].kind == "close":
            depth += 1
        elif toks[i].kind == "open":
            depth -= 1
            if depth == 0:
                return i
    return 0


def _strip_root(ident: str) -> str:
    return ident[len("_root_.") :] if ident.startswith("_root_.") else ident


#: Tokens that only group or apply in a type (``LT <| ℕ``, ``LT $ ℕ``, ``@LT (ℕ)``).
_TYPE_GLUE = frozenset({"@", "<|", "$", "(", ")"})


def _meaning_instance(ty: list[Tok], prio: int | None, explicit_prio: bool,
                      local: _FileClasses | None = None, own_type_vars: Iterable[str] = ()) -> bool:
    """Whether an instance of type ``ty`` can change what a parsed statement means: a class the
    parser interprets (not a subsingleton/proposition class) on a type the parser knows, or
    above the default priority, or on a bare type variable at default priority (tried before
    the standard instances, which are older).  ``_root_.`` prefixes, ``<|``/``$`` and
    parentheses are seen through; a class or type the file itself declares as an ``abbrev``
    or ``def`` (an alias) is taken to mean anything, and a class of the file that extends a
    class the parser interprets is that class (``local``: see :class:`_FileClasses`)."""
    local = local if local is not None else _FileClasses()
    joined = "".join(t.text for t in ty)
    if any(a in joined for a in local.symbol_aliases):
        return True  # `instance : LT ⟪⟫` with `notation "⟪⟫" => Nat`
    if not ty or (len(ty) == 1 and ty[0].text == "_"):
        return True  # `@[instance] def f := (… : LT ℕ)`, `instance : _ := …`: a type not written (round 44)
    ty = _forward_pipes(ty)  # `ℕ |> LT` is `LT ℕ`
    grouped = [Tok(t.kind, _strip_root(t.text), t.start, t.end, t.head) if t.kind == "id" else t
               for t in ty if t.text not in ("@", "<|", "$")]
    ty = [t for t in grouped if t.text not in _TYPE_GLUE]
    if not ty or ty[0].kind != "id" or ty[0].text in _TERM_HEADS:
        # `outParam (LT ℕ)`, `(fun T => LT T) ℕ`, `let T := ℕ; LT T`, `by exact LT ℕ`: a type
        # computed by a term the filter does not evaluate (adversary round 44)
        return True
    cls = _parts(ty[0].text)[-1]
    names = local.names(ty[0].text)
    if names & local.aliases:
        return True  # `instance : MyLT ℕ` with `abbrev MyLT := LT`: an alias of what, the file says
    own_cls = next((x for x in names if x in local.parents), None)
    if own_cls is not None:  # a class of the file, whatever its name: its ancestors' meaning
        # (`class Flip extends LT ℕ`, `class IsFoo (α) extends LT α`, and through a chain of
        # the file's classes, `IsFlip extends IsBar extends LT`: round 53)
        return _own_class_means(own_cls, local, set())
    if _inert_class(cls):
        return False
    if cls not in _MEANING_CLASSES and not _MEANING_CLASS_PARTS.search(cls):
        # a class the filter does not interpret, unless a class it does is among its arguments
        return any(t.kind == "id" and _parts(t.text)[-1] in _MEANING_CLASSES for t in ty[1:])
    args = ty[1:]
    head_at = next(k for k, t in enumerate(grouped) if t.kind == "id")
    rest = grouped[head_at + 1 :]
    while rest and rest[0].kind == "close":  # `(LT) ℕ`: the head's own parenthesis
        rest = rest[1:]
    groups = _arg_groups(rest)
    outs = _OUT_PARAMS.get(cls, ())
    for g, grp in enumerate(groups):
        if g in outs or g - len(groups) in outs:
            continue
        head = next((t for t in grp if t.kind == "id"), None)
        if (head is not None and ".".join(_parts(head.text)) in local.types and not local.names(head.text) & local.aliases
                and not (local.foreign_open and "." not in head.text)
                and head.text not in _MEANING_TYPES and _parts(head.text)[0] not in _MEANING_TYPES
                and not any(t.kind == "id" and (t.text in _MEANING_TYPES or _parts(t.text)[0] in _MEANING_TYPES)
                            for t in grp)):
            # an instance on a type the loaded files declare (`Coe Money ℕ`, `HAdd Money ℕ
            # Money`, `Membership ℕ Tree`, `Module ℝ Tree`) is found only for goals about that
            # type (adversaries 42/51: whole files of ordinary structures were refused).  Not
            # through an output parameter: `HAdd ℕ ℕ Money` would capture `a + b` on ℕ.
            return False
    if any(t.kind == "id" and (t.text in _MEANING_TYPES or _parts(t.text)[0] in _MEANING_TYPES) for t in args):
        return True
    if any(t.kind == "id" and local.names(t.text) & local.aliases for t in args):
        return True  # `instance : LT Nat'` with `abbrev Nat' := ℕ`
    if any(t.kind == "num" for t in args):  # `OfNat α 5003`
        return True
    level = 1000 if prio is None else prio
    if explicit_prio and (prio is None or prio > 1000):
        return True
    if level < 1000 or not groups or any(len(g) != 1 or g[0].kind != "id" for g in groups):
        return False
    own_vars = set(own_type_vars) | local.type_vars

    def generic(name: str) -> bool:
        if _TYPE_VAR.match(name) is not None or name in own_vars:
            return True  # a type variable: every type, the parser's included
        if local.foreign_open and local.names(name) & local.types:
            # a bare name under `open` of a library namespace may be the library's (`Var` under
            # `open Nat.Linear` is `abbrev Var := ℕ`) rather than the file's type (round 53)
            return True
        # a name no declaration of the file gives a type: with autoImplicit (Lean's default
        # outside Mathlib) `instance : LT Ty` binds Ty as a type variable (adversary round 40)
        return not local.partial and not (local.names(name) & local.types) and name not in _KNOWN_BARE_TYPES

    # every argument a bare type variable (`LT α`, `HAdd α α α`): it matches ℕ's goals too, and
    # at the default priority it is tried before the older standard instances (round 44)
    return all(generic(g[0].text) for g in groups)


def _own_class_means(cls: str, local: _FileClasses, seen: set[str]) -> bool:
    """Does the loaded files' class ``cls`` have an ancestor that can carry a meaning?  Its
    parents are followed through the files' own classes; any other parent counts unless it is
    one of the listed proof classes (never by its name alone: an own `IsBar` may extend LT)."""
    if cls in seen:
        return False
    seen.add(cls)
    for p in local.parents.get(cls, ()):
        if not p[:1].isupper():
            continue
        key = next((x for x in local.names(p) if x in local.parents), None)
        if key is not None:
            if _own_class_means(key, local, seen):
                return True
        elif _parts(p)[-1] not in _INERT_CLASSES:
            return True
    return False


def _arg_groups(args: list[Tok]) -> list[list[Tok]]:
    """Top-level arguments of a class application: a token, or a bracketed group; ``(α :
    Type)`` is ``α`` (an ascription changes no argument: round 52 hid a bare type variable)."""
    out: list[list[Tok]] = []
    k = 0
    while k < len(args):
        if args[k].kind == "open":
            close = matching_close(args, k)
            grp = args[k : close + 1]
            inner = grp[1:-1]
            colon = next((j for j, t in enumerate(inner) if t.text == ":"), None)
            if args[k].text == "(" and colon is not None and all(t.kind != "open" for t in inner[:colon]):
                grp = inner[:colon]
            while len(grp) >= 2 and grp[0].text == "(" and grp[-1].text == ")" and matching_close(grp, 0) == len(grp) - 1:
                grp = grp[1:-1]
            out.append(grp)
            k = close + 1
        else:
            out.append([args[k]])
            k += 1
    return out


def _forward_pipes(ty: list[Tok]) -> list[Tok]:
    """``A |> F`` (top level) read as ``F A``."""
    depth = 0
    for k, t in enumerate(ty):
        depth += t.kind == "open"
        depth -= t.kind == "close"
        if depth == 0 and t.text == "|>":
            return _forward_pipes(ty[k + 1 :]) + ty[:k]
    return ty


def _type_text(ty: list[Tok]) -> str:
    text = " ".join(t.text for t in ty)
    return text if len(text) <= 60 else text[:57] + "…"


def _instance_reason(ty: str) -> str:
    """The taint's text for an instance, naming its type (adversary round 51: "`instance` in an
    instance" did not say which class or type, nor why)."""
    if not ty:
        return _CHANGES_INSTANCE + " (an instance whose type is not written)"
    return _CHANGES_INSTANCE + f" (`{ty}`: a class the parser interprets, on a type it reads or on every type)"


#: Output parameters of Lean's classes, by argument index (negative: from the end): an own
#: type there does not make the instance about it.
_OUT_PARAMS: dict[str, tuple[int, ...]] = {
    **{c: (-1,) for c in ("HAdd", "HSub", "HMul", "HDiv", "HMod", "HPow", "HAppend", "HAnd", "HOr", "HXor",
                          "HSMul", "HVAdd", "HShiftLeft", "HShiftRight", "HOrElse", "HAndThen")},
    **{c: (0,) for c in ("Membership", "Insert", "Singleton")},
    "GetElem": (2, 3), "GetElem?": (2, 3),
}

#: Heads of a type that are terms computing it, not a class name.
_TERM_HEADS = frozenset({"fun", "λ", "let", "have", "by", "show", "outParam", "semiOutParam", "optParam", "autoParam",
                         "id", "Id", "inferInstanceAs", "cast", "match", "if", "do", "Function.const"})


#: Types an instance may be declared on bare without being a type variable or the file's own.
_KNOWN_BARE_TYPES = frozenset({"Prop", "Bool", "Unit", "PUnit", "Empty", "PEmpty", "String", "Char", "Ordinal",
                               "Cardinal", "EReal", "ENat", "SignType"})

#: A type variable as Mathlib names them (`α`, `G`, `M₀`, `𝕜`, `R'`): one letter, then digits,
#: subscripts or primes.  A bare one matches every type, the parser's included.
_TYPE_VAR = re.compile(r"^[^\W\d_][\d'\u2080-\u2089]*$")


def _meaning_taints(m: Masked, code: str, toks: list[Tok], log: _InstanceLog | None = None) -> list[tuple[int, str, str]]:
    """Instances, instance removals, `partial` theorems and notations that can change what a
    statement of the file (or of a file importing it) means (see the section comment)."""
    found: list[tuple[int, str, str]] = []
    n = len(toks)
    local = _file_classes(toks, _declared_notations(m, code))
    if log is not None:  # one of several files: the project pass knows every file's types
        log.classes = local
        local = replace(local, partial=True)

    def stop_of(k: int) -> int:
        end = _command_end(code, toks[k].end)
        j = k + 1
        while j < n and toks[j].start < end:
            j += 1
        return j

    last_type = [""]  # the type of the instance decl_instance judged last, for the message

    def decl_instance(i: int, stop: int, prio_toks: list[Tok] | None, token: str = "instance") -> bool:
        """The declaration whose name/binders start at ``toks[i]`` (after `instance` or the
        keyword of an `@[instance]` declaration)."""
        explicit = prio_toks is not None
        prio = _priority(prio_toks) if prio_toks else None
        if i < stop and toks[i].text == "(" and i + 1 < stop and toks[i + 1].text == "priority":
            close = matching_close(toks, i)
            explicit = True
            prio = _priority([t for t in toks[i + 3 : close] if t.text != ":="])
            i = close + 1
        ty = _instance_type(toks, i, stop)
        last_type[0] = _type_text(ty)
        colon = _top_level_first(toks, (":", ":=", "where", "|"), i, stop)
        own = _binder_type_names(toks[i:colon]) if colon is not None else set()
        if log is not None:  # one of several files: decided once every file's declarations are known
            log.instances.append((m.line_of(toks[i - 1].start), ty, prio, explicit, frozenset(own), token))
            return False
        return _meaning_instance(ty, prio, explicit, local, own)

    for k, t in enumerate(toks):
        if t.kind != "id":
            continue
        prev = toks[k - 1].text if k else ""
        if t.text == "partial":
            j = k + 1
            while j < n and toks[j].text in _MODIFIERS:
                j += 1
            if j < n and toks[j].text in ("theorem", "lemma", "instance", "example", "abbrev"):
                found.append((t.start, _PARTIAL_THEOREM, "partial"))
        elif t.text == "instance":
            stop = stop_of(k)
            # inside `[…]`: an attribute (`@[instance]`, `attribute [local instance 10] x`)
            depth, opener = 0, None
            for j in range(k - 1, -1, -1):
                if toks[j].kind == "close":
                    depth += 1
                elif toks[j].kind == "open":
                    if depth == 0:
                        opener = j
                        break
                    depth -= 1
                if toks[j].start < code.rfind("\n", 0, t.start) - 2000:
                    break
            if prev == "deriving":  # `deriving instance LT for ℕ`
                j = k + 1
                classes = []
                while j < stop and toks[j].text != "for":
                    if toks[j].kind == "id":
                        classes.append(_parts(toks[j].text)[-1])
                    j += 1
                types = [x for x in toks[j + 1 : stop] if x.kind == "id"]
                if any(c in _MEANING_CLASSES and not _inert_class(c) for c in classes) and any(
                    x.text in _MEANING_TYPES for x in types
                ):
                    found.append((t.start, _CHANGES_INSTANCE, "deriving instance"))
            elif opener is not None and toks[opener].text == "[":
                if prev == "-":
                    found.append((t.start, _REMOVES_INSTANCE, "-instance"))
                    continue
                close = matching_close(toks, opener)
                # the priority: `[instance 10]`, `[instance (priority := high)]`
                prio_toks = [x for x in toks[k + 1 : close] if x.text not in (",", "(", ")", "priority", ":=")]
                prio_toks = prio_toks if prio_toks and _priority(prio_toks) is not None else None
                before = toks[opener - 1].text if opener else ""
                if before == "attribute" or (opener >= 2 and toks[opener - 2].text == "attribute"):
                    names = [x.text for x in toks[close + 1 : stop_of(opener)] if x.kind == "id"]
                    if not names or any(x not in _INERT_INSTANCE_NAMES for x in names):
                        found.append((t.start, _CHANGES_INSTANCE, "attribute [instance]"))
                elif before == "@":  # `@[instance] def foo : LT ℕ := …`
                    j = close + 1
                    stop = stop_of(opener)
                    while j < stop and (toks[j].text in _MODIFIERS or toks[j].text == "@"):
                        j = matching_close(toks, j + 1) + 1 if toks[j].text == "@" else j + 1
                    if j < stop and toks[j].text == "instance":
                        continue  # the `instance` command itself is read below
                    if decl_instance(j + 1, stop, prio_toks if prio_toks else None, "@[instance]") or (
                        prio_toks is not None and (_priority(prio_toks) or 0) > 1000
                    ):
                        found.append((t.start, _instance_reason(last_type[0]), "@[instance]"))
                else:
                    found.append((t.start, _CHANGES_INSTANCE, "instance"))
            elif decl_instance(k + 1, stop, None):
                found.append((t.start, _instance_reason(last_type[0]), "instance"))
        elif t.text == "macro_rules":
            if not _plain_rules(m, code, toks, k, stop_of(k)):
                found.append((t.start, _REBINDS_SYNTAX, "macro_rules"))
        elif t.text in _SYNTAX_CMDS and (k == 0 or prev in _MODIFIERS or prev in ("]", "in")
                                          or not code[code.rfind("\n", 0, t.start) + 1 : t.start].strip()):
            # a command wherever it starts a line (indented in a namespace) or follows `… in`
            end = _command_end(code, t.end)
            cmd = m.clean[t.start : end]
            head = cmd.split("=>")[0] if t.text != "syntax" else cmd
            atoms = [a.strip() for a in _STR.findall(head)]
            # the first atom keys the new rule; later ones (`"C(" α ", " β ")"`, notation3's
            # `(...)", "`) cannot change how existing syntax parses (adversary round 51), but an
            # interpreted name anywhere becomes a keyword
            first = [a for a in atoms if a][:1]
            hit = any(_meaning_atom(a) for a in first) or any(
                _interpreted_suffix(w) is not None for a in atoms for w in a.split() if w[:1].isalpha())
            if hit and squash(cmd) not in _STANDARD_NOTATION_CMDS:
                found.append((t.start, _REBINDS_SYNTAX, t.text))
    return found


def _meaning_atom(atom: str) -> bool:
    """Whether a notation atom is a symbol or keyword the statement parser interprets.  A longer
    atom merely starting with one (Mathlib's `" ⁻¹'o "`) only changes text holding it whole,
    which the parser does not read as the shorter symbol's meaning."""
    return atom in _MEANING_WORDS or atom in _MEANING_SYMBOLS or _interpreted_suffix(atom) is not None


def _declared_notations(m: Masked, code: str) -> list[tuple[str, str]]:
    """(atom, expansion) of the file's `notation`/`infix`/`prefix`/`postfix`/`macro` commands
    (the text after ``=>``; empty for `syntax`)."""
    out: list[tuple[str, str]] = []
    for mt in re.finditer(r"(?m)^[ \t]*(?:(?:scoped|local|private)\s+)*(notation3?|infix[lr]?|prefix|postfix|macro|syntax)\b",
                          code):
        end = _command_end(code, mt.end())
        cmd = m.clean[mt.start() : end]
        head, _, expansion = cmd.partition("=>") if mt.group(1) != "syntax" else (cmd, "", "")
        for a in _STR.findall(head):
            for atom in a.split():
                out.append((atom, expansion))
    return out


def _declared_atoms(m: Masked, code: str) -> set[str]:
    """Atoms the file's own `syntax`/`notation`/`macro`/… commands declare."""
    return {atom for atom, _ in _declared_notations(m, code)}


def _plain_rules(m: Masked, code: str, toks: list[Tok], k: int, stop: int) -> bool:
    """Whether every pattern of the `macro_rules` at ``toks[k]`` only uses syntax the file
    itself declares (`syntax "foo" : tactic` then `` | `(tactic| foo) => … ``): a rule for any
    other syntax (`` `($a ≠ $b) ``) takes precedence over its built-in meaning."""
    declared = _declared_atoms(m, code)
    i = k + 1
    if i + 1 < stop and toks[i].text == "(" and toks[i + 1].text == "kind":
        i = matching_close(toks, i) + 1
    arms = 0
    while i < stop:
        if toks[i].text == "|" and i + 2 < stop and toks[i + 1].text == "`" and toks[i + 2].text == "(":
            close = matching_close(toks, i + 2)
            pat = toks[i + 3 : close]
            if len(pat) >= 2 and pat[0].kind == "id" and pat[1].text == "|":
                pat = pat[2:]  # the category: `tactic|`
            j = 0
            while j < len(pat):
                x = pat[j]
                if x.text == "$":
                    j += 2
                    if j + 1 < len(pat) and pat[j].text == ":" and pat[j + 1].kind == "id":
                        j += 2
                    continue
                if x.text not in declared:
                    return False
                j += 1
            arms += 1
            i = close + 1
            continue
        i += 1
    return arms > 0

def _plain_macro(toks: list[Tok], k: int, code: str) -> bool:
    """Whether the ``macro``/``macro_rules`` at ``toks[k]`` only rewrites syntax: its body(ies)
    after ``=>`` one syntax quotation ```(…)`` each, whose antiquotations are plain ``$x``
    variables, and nothing else up to the next command at column 0.  Anything else (``do``,
    ``pure ⟨Syntax.node …⟩``, ``$(f x)``, ``$[…]``, a ``macro`` attribute on a ``def``) is
    user code and refuses the file."""
    end = len(code)
    eol = code.find("\n", toks[k].end)
    while 0 <= eol < len(code) - 1:
        if not code[eol + 1].isspace():
            end = eol + 1
            break
        eol = code.find("\n", eol + 1)
    n = k + 1
    while n < len(toks) and toks[n].start < end:
        n += 1
    i = k + 1

    def quotation(i: int, check: bool) -> int | None:
        """End index (past the close) of the quotation at ``i``, or None."""
        if i + 1 >= n or toks[i].text != "`" or toks[i + 1].text != "(" or toks[i + 1].start != toks[i].end:
            return None
        close = matching_close(toks, i + 1)
        if close is None or close >= n:
            return None
        if check:
            for j in range(i + 2, close):
                if toks[j].text == "$" and not (
                    j + 1 < close and toks[j + 1].kind == "id" and toks[j + 1].start == toks[j].end
                ):
                    return None
        return close + 1

    if toks[k].text == "macro":
        while i < n and toks[i].text != "=>":
            if toks[i].text in ("`", "$", "do", "]"):
                return False
            i += 1
        end_q = quotation(i + 1, True) if i < n else None
        return end_q == n
    if i + 1 < n and toks[i].text == "(" and toks[i + 1].text == "kind":
        close = matching_close(toks, i)
        if close is None:
            return False
        i = close + 1
    arms = 0
    while i < n:
        if toks[i].text != "|":
            return False
        j = quotation(i + 1, False)
        if j is None or j >= n or toks[j].text != "=>":
            return False
        i = quotation(j + 1, True) or n + 1
        arms += 1
    return arms > 0 and i == n


_IMPORT = re.compile(r"(?:^|\s)import\s+(?:(?:all|runtime)\s+)?([^\s]+)")


def _imports(m: Masked) -> list[str]:
    """Module names of the file's ``import`` commands (``public``/``meta``/``all`` forms too)."""
    code, _ = _code_view(m.text)
    return [".".join(_parts(x.group(1))) for x in _IMPORT.finditer(code)]


def _apply_taint(decls: list[LeanDeclaration], taints: dict[str, _Taint]) -> list[LeanDeclaration]:
    """Refuse every declaration of a tainted file (one refused already keeps its own reason)."""
    if not taints:
        return decls
    out: list[LeanDeclaration] = []
    for d in decls:
        t = taints.get(d.file)
        if t is None or d.unproved:
            out.append(d)
            continue
        out.append(d.model_copy(update={"skipped_reason": "; ".join(filter(None, [t.reason(), d.skipped_reason]))}))
    return out


def _propagate_imports(
    taints: dict[str, _Taint],
    imports: dict[str, list[str]],
    resolve: Callable[[str], str | None | Sequence[str]],
) -> dict[str, _Taint]:
    """Taint every file that (transitively) imports a tainted file of the loaded set.
    ``resolve`` gives the loaded file(s) an import may name: with several (an ambiguous
    path suffix) the import is tainted when any of them is."""
    out = dict(taints)

    def targets(mod: str) -> list[str]:
        r = resolve(mod)
        return [] if r is None else [r] if isinstance(r, str) else list(r)

    edges = {f: [g for mod in mods for g in targets(mod) if g != f] for f, mods in imports.items()}
    changed = True
    while changed:
        changed = False
        for f, deps in edges.items():
            if f in out:
                continue
            g = next((g for g in deps if g in out), None)
            if g is not None:
                src = out[g]
                via = src.via if g.startswith(_UNREAD) else (g, *src.via)
                out[f] = _Taint(src.what, src.file, src.line, src.token, src.command, via)
                changed = True
    return out


# --------------------------------------------------------------------------- public API


_DEPENDENCY_DIRS = frozenset({".lake", "lake-packages", ".git", ".elan"})
#: Pseudo-file key of an imported module that exists on disk but was not loaded.
_UNREAD = "\0unread:"
_SKIP_DIRS = frozenset({".lake", "lake-packages", ".git", "build", ".elan", "node_modules", "__pycache__"})


def iter_lean_files(root: str | os.PathLike[str]) -> list[Path]:
    """``root`` itself when it is a file, else every ``*.lean`` below it (sorted), skipping
    build/dependency folders (``.lake``, ``lake-packages``, ``build``, hidden folders)."""
    r = Path(root)
    if r.is_file():
        return [r]
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(r):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        out.extend(Path(dirpath) / f for f in filenames if f.endswith(".lean"))
    return sorted(out)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: not UTF-8 text: {exc}") from exc


def load_lean_text(
    text: str,
    file: str = "<string>",
    *,
    provenance: Provenance | None = None,
    additive: bool = False,
    section_vars: SectionVars = "lean4",
    auto_implicit: bool = False,
    aliases: bool = True,
) -> list[LeanDeclaration]:
    """The declarations of one Lean source ``text`` (``file`` is the label they carry)."""
    reader = _FileReader(
        text, file, provenance=provenance, additive=additive, section_vars=section_vars, auto_implicit=auto_implicit
    )
    decls = reader.read()
    axioms = {n: f"an axiom, {file}:{line}" for n, line in reader.axioms.items()}
    decls = _propagate_unproved(decls, axioms)
    if aliases and reader.aliases:
        index = {d.full_name: d for d in decls if d.kind in SOURCE_KINDS}
        decls = decls + list(_resolve_aliases(((*a, file, provenance) for a in reader.aliases), index))
        decls = _propagate_unproved(decls, axioms)
    taint = reader.taint()
    if taint is not None:
        decls = _apply_taint(decls, {file: taint})
    return _unique_ids(decls)


def _unique_ids(decls: list[LeanDeclaration]) -> list[LeanDeclaration]:
    seen: dict[str, int] = {}
    for d in decls:
        seen[d.id] = seen.get(d.id, 0) + 1
    return [d if seen[d.id] == 1 else d.model_copy(update={"id": f"{d.id}@{d.file}:{d.line}"}) for d in decls]


_LAKE_AUTO = re.compile(r"\bautoImplicit\b\W{0,6}(true|false)")


def project_auto_implicit(path: str | os.PathLike[str]) -> tuple[bool, str] | None:
    """The ``autoImplicit`` setting of the Lake project holding ``path``: what its lakefile
    sets, else Lean's default (on); ``None`` outside a Lake project."""
    p = Path(path).resolve()
    d: Path | None = p if p.is_dir() else p.parent
    while d is not None:
        for name in ("lakefile.lean", "lakefile.toml"):
            f = d / name
            if f.is_file():
                try:
                    m = _LAKE_AUTO.search(f.read_text(encoding="utf-8", errors="replace"))
                except OSError:
                    return None
                if m:
                    return m.group(1) == "true", f"{f} sets autoImplicit {m.group(1)}"
                return True, f"{f} leaves autoImplicit at Lean's default (on)"
        if (d / ".git").exists():
            return None
        d = d.parent if d.parent != d else None
    return None


def load_lean_source(
    path: str | os.PathLike[str],
    *,
    provenance: ProvenanceSource | None = None,
    additive: bool = False,
    section_vars: SectionVars = "lean4",
    auto_implicit: bool | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> LeanImport:
    """Load a ``.lean`` file or every ``.lean`` file below a directory.

    ``provenance`` may be a :class:`Provenance` (applied to every file), a mapping from
    paths (relative to ``path``) to :class:`Provenance`, or the path of a sidecar
    (``certibench-provenance.json`` or a README with a ``path``/``commit`` table); by
    default sidecars, README tables and git metadata are looked up around ``path`` (see
    :class:`~certibench.corpus.lean_provenance.ProvenanceIndex`).  ``auto_implicit``: whether
    the project lets Lean bind unknown single-letter names (``None``: read the Lake
    project's lakefile, off outside one; a file's ``set_option autoImplicit`` always wins).
    ``section_vars="legacy"`` reads sources written for Lean < 4.11.  Aliases are resolved
    across all files loaded together.  An unreadable file is reported in ``errors`` and
    costs nothing else.  Raises :class:`InputFileError` when ``path`` does not exist or
    holds no ``.lean`` file.
    """
    root = Path(path)
    if not root.exists():
        raise InputFileError(f"{root}: no such file or directory")
    files = iter_lean_files(root)
    if not files:
        raise InputFileError(f"{root}: no .lean files here")
    base = root if root.is_dir() else root.parent
    index = ProvenanceIndex.build(root, provenance)
    result = LeanImport(root=str(root))
    if auto_implicit is None:
        found = project_auto_implicit(root)
        if found is not None:
            result.auto_implicit, result.auto_implicit_from = found
    else:
        result.auto_implicit, result.auto_implicit_from = auto_implicit, "given"
    auto_implicit = result.auto_implicit
    pending_aliases: list[tuple] = []
    all_decls: list[LeanDeclaration] = []
    axioms: dict[str, str] = {}
    taints: dict[str, _Taint] = {}
    logs: dict[str, _InstanceLog] = {}
    imports: dict[str, list[str]] = {}
    by_path: dict[Path, str] = {}
    for k, f in enumerate(files):
        label = f.relative_to(base).as_posix() if f.is_relative_to(base) else f.as_posix()
        if progress is not None:
            progress(k, len(files), label)
        try:
            text = _read(f)
        except InputFileError as exc:
            result.errors.append(RecordError(str(f), 1, None, str(exc).split(": ", 1)[-1]))
            continue
        prov = index.lookup(f, text)
        reader = _FileReader(
            text, label, provenance=prov, additive=additive, section_vars=section_vars, auto_implicit=auto_implicit
        )
        try:
            got = reader.read()
        except RecursionError:  # one pathological file costs that file, not the import (round 50)
            result.errors.append(RecordError(str(f), 1, None, "nested too deeply to read"))
            continue
        all_decls.extend(got)
        pending_aliases.extend((*a, label, prov) for a in reader.aliases)
        axioms.update((n, f"an axiom, {label}:{line}") for n, line in reader.axioms.items())
        result.files.append(reader.summary)
        log = _InstanceLog()
        taint = reader.taint(log)
        if taint is not None:
            taints[label] = taint
        logs[label] = log
        imports[label] = _imports(reader.m)
        by_path[f.absolute()] = label
    all_decls = _propagate_unproved(all_decls, axioms)
    if pending_aliases:
        idx = {d.full_name: d for d in all_decls if d.kind in SOURCE_KINDS}
        all_decls.extend(_resolve_aliases(pending_aliases, idx))
        all_decls = _propagate_unproved(all_decls, axioms)
    roots = [base.absolute(), *base.absolute().parents]
    by_name: dict[str, list[Path]] = {}
    for fp in by_path:
        by_name.setdefault(fp.name, []).append(fp)
    on_disk: dict[str, list[Path]] | None = None

    def unread(rel: Path) -> Path | None:
        """A ``.lean`` file on disk whose path ends in ``rel`` that was not loaded: beside the
        loaded root or above it, or anywhere below a loaded folder (``build`` and other
        skipped folders too; only dependency folders ``.lake``/``lake-packages`` are left out)."""
        nonlocal on_disk
        for r in roots:
            if (r / rel).is_file() and (r / rel).absolute() not in by_path:
                return r / rel
        if not root.is_dir():
            return None
        if on_disk is None:
            on_disk = {}
            for dirpath, dirnames, filenames in os.walk(base.absolute()):
                dirnames[:] = [d for d in dirnames if d not in _DEPENDENCY_DIRS]
                for fn in filenames:
                    if fn.endswith(".lean"):
                        on_disk.setdefault(fn, []).append(Path(dirpath) / fn)
        return next(
            (fp for fp in on_disk.get(rel.name, []) if fp.parts[-len(rel.parts) :] == rel.parts and fp not in by_path),
            None,
        )

    def resolve(module: str) -> list[str]:
        """The loaded files `import module` may name: every loaded file whose path ends in
        `A/B/C.lean` (the loaded folder need not be the module root: a parent folder, a Lake
        `srcDir`).  A matching source file on disk that was not loaded makes the import
        untrusted (:data:`_UNREAD`)."""
        parts = [p for p in module.split(".") if p]
        if not parts:
            return []
        rel = Path(*parts[:-1], parts[-1] + ".lean")
        found = [by_path[fp] for fp in by_name.get(rel.name, []) if fp.parts[-len(rel.parts) :] == rel.parts]
        missing = unread(rel)
        if missing is not None:
            key = f"{_UNREAD}{module}"
            if key not in taints:
                shown = missing.relative_to(base.absolute()).as_posix() if missing.is_relative_to(base.absolute()) else (
                    missing.as_posix()
                )
                taints[key] = _Taint(f"imports {module}, a source file that was not read", shown, 1, module, "")
            found.append(key)
        return found

    for label, t in _project_instance_taints(logs, taints).items():
        taints[label] = t
    for mods in imports.values():  # create the unread-import taints before propagating
        for mod in mods:
            resolve(mod)
    taints = _propagate_imports(taints, imports, resolve)
    taints = {f: t for f, t in taints.items() if not f.startswith(_UNREAD)}
    if taints:
        all_decls = _propagate_unproved(_apply_taint(all_decls, taints), axioms)
    result.declarations = _unique_ids(all_decls)
    skipped: dict[str, int] = {}
    for d in result.declarations:
        if d.skipped_reason:
            skipped[d.file] = skipped.get(d.file, 0) + 1
    for s in result.files:
        s.skipped = skipped.get(s.file, 0)
    if progress is not None:
        progress(len(files), len(files), "")
    return result

