"""Where a Lean source file comes from: repository, commit, licence.

A statement imported from a file should say which version of which project it was read
from, under which licence.  :class:`ProvenanceIndex` answers that per file, from the most
explicit evidence down:

1. what the caller passes (a :class:`Provenance` for every file, or a mapping from paths
   relative to the import root);
2. a sidecar ``certibench-provenance.json`` in the import root or a folder above it::

       {"repository": "leanprover-community/mathlib4", "licence": "Apache-2.0",
        "commit": "<default commit>",
        "files": {"Mathlib/Order/Basic.lean": {"commit": "00c24e8…"}}}

   (paths relative to the sidecar's folder; per-file entries override the defaults);
3. a ``README.md`` next to the sources (or above them) holding a Markdown table with a
   ``path`` and a ``commit`` column — the form in which copied files are commonly
   documented; the repository is read from a ``github.com/owner/name`` link or a
   ``GitHub **owner/name**`` mention, the licence from an SPDX identifier it names;
4. git metadata: the commit checked out (``.git/HEAD``) of the enclosing repository;
5. the licence line of the file's own header (Mathlib's ``Released under Apache 2.0
   license``) or, failing that, the repository's ``LICENSE`` file.

The search upwards stops at the project root (a folder holding ``.git``, ``lakefile.lean``,
``lakefile.toml`` or ``lake-manifest.json``).  Nothing is fetched from the network.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from certibench.io import InputFileError

__all__ = ["Provenance", "ProvenanceIndex", "ProvenanceSource", "SIDECAR_NAME", "licence_from_header"]

SIDECAR_NAME = "certibench-provenance.json"
_ROOT_MARKERS = (".git", "lakefile.lean", "lakefile.toml", "lake-manifest.json")
_COMMIT = re.compile(r"^[0-9a-f]{7,40}$")


class Provenance(BaseModel):
    """Origin of one source file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    repository: str | None = Field(default=None, description="`owner/name` on GitHub, or a URL")
    commit: str | None = Field(default=None, description="commit the file was read at")
    licence: str | None = Field(default=None, description="SPDX licence identifier")
    path: str | None = Field(default=None, description="path of the file inside the repository")
    evidence: list[str] = Field(default_factory=list, description="where each field came from")

    def url(self, line: int | None = None) -> str | None:
        """A permanent link to the file (GitHub repositories with a known commit)."""
        if not (self.repository and self.commit and self.path):
            return None
        repo = self.repository
        if not repo.startswith("http"):
            repo = f"https://github.com/{repo}"
        if "github.com" not in repo:
            return None
        anchor = f"#L{line}" if line else ""
        return f"{repo.rstrip('/')}/blob/{self.commit}/{self.path}{anchor}"

    def merged(self, other: Provenance) -> Provenance:
        """Fields of ``self``, gaps filled from ``other``."""
        data = self.model_dump()
        ev = list(self.evidence)
        for k in ("repository", "commit", "licence", "path"):
            if data[k] is None and getattr(other, k) is not None:
                data[k] = getattr(other, k)
                ev.extend(e for e in other.evidence if e.startswith(k) and e not in ev)
        data["evidence"] = ev
        return Provenance(**data)


ProvenanceSource = Union[Provenance, Mapping[str, Provenance], str, os.PathLike]  # noqa: UP007

# --------------------------------------------------------------------------- licences

_SPDX_NAMES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"apache[ -]?(?:license[ ,]*)?(?:version )?2(?:\.0)?|apache-2\.0", re.I), "Apache-2.0"),
    (re.compile(r"\bMIT\b"), "MIT"),
    (re.compile(r"BSD[ -]3[ -]Clause", re.I), "BSD-3-Clause"),
    (re.compile(r"BSD[ -]2[ -]Clause", re.I), "BSD-2-Clause"),
    (re.compile(r"GNU (?:LESSER|LIBRARY) GENERAL PUBLIC LICENSE|\bLGPL", re.I), "LGPL"),
    (re.compile(r"GNU GENERAL PUBLIC LICENSE|\bGPL-?3", re.I), "GPL-3.0"),
    (re.compile(r"Mozilla Public License|\bMPL-2\.0", re.I), "MPL-2.0"),
    (re.compile(r"\bCC-BY-4\.0\b|Creative Commons Attribution 4\.0", re.I), "CC-BY-4.0"),
]
_HEADER_LICENCE = re.compile(r"Released under (?:the )?(.+?) licen[cs]e", re.I)


def _spdx(text: str) -> str | None:
    found = [spdx for pat, spdx in _SPDX_NAMES if pat.search(text)]
    found = list(dict.fromkeys(found))
    return found[0] if len(found) == 1 else None


def licence_from_header(text: str) -> str | None:
    """The licence a Lean file's header comment declares (``Released under Apache 2.0
    license …`` → ``Apache-2.0``), or None."""
    head = text[:2000]
    m = _HEADER_LICENCE.search(head)
    return _spdx(m.group(1)) if m else None


# --------------------------------------------------------------------------- README tables


_REPO_URL = re.compile(r"github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?(?=[/)\s\]>#]|$)")
_REPO_MENTION = re.compile(r"GitHub\s+\**([\w.-]+/[\w.-]+)\**")


def _cells(row: str) -> list[str]:
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return [c.strip().strip("`*").strip() for c in row.split("|")]


def _readme_table(path: Path) -> tuple[dict[str, str], str | None, str | None]:
    """``({relative path: commit}, repository, licence)`` from a README's Markdown table."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}, None, None
    rows: dict[str, str] = {}
    lines = text.splitlines()
    for k, ln in enumerate(lines):
        if "|" not in ln or k + 1 >= len(lines) or not re.match(r"^\s*\|?\s*:?-{2,}", lines[k + 1]):
            continue
        header = [c.lower() for c in _cells(ln)]
        if "path" not in header or "commit" not in header:
            continue
        ip, ic = header.index("path"), header.index("commit")
        for row in lines[k + 2 :]:
            if "|" not in row:
                break
            cells = _cells(row)
            if len(cells) <= max(ip, ic):
                continue
            p, c = cells[ip], cells[ic]
            if p.endswith(".lean") and _COMMIT.match(c):
                rows[p] = c
    repo = None
    m = _REPO_URL.search(text) or _REPO_MENTION.search(text)
    if m:
        repo = m.group(1)
    return rows, repo, _spdx(text) if rows else None


# --------------------------------------------------------------------------- git


def _git_head(root: Path) -> str | None:
    git = root / ".git"
    if git.is_file():  # a worktree / submodule: `gitdir: …`
        try:
            target = git.read_text(encoding="utf-8").strip()
        except OSError:
            return None
        if not target.startswith("gitdir:"):
            return None
        git = (root / target.split(":", 1)[1].strip()).resolve()
    try:
        head = (git / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if _COMMIT.match(head):
        return head
    if not head.startswith("ref:"):
        return None
    ref = head.split(":", 1)[1].strip()
    for base in (git, _common_dir(git)):
        if base is None:
            continue
        try:
            val = (base / ref).read_text(encoding="utf-8").strip()
            if _COMMIT.match(val):
                return val
        except OSError:
            pass
        try:
            for ln in (base / "packed-refs").read_text(encoding="utf-8").splitlines():
                parts = ln.split()
                if len(parts) == 2 and parts[1] == ref and _COMMIT.match(parts[0]):
                    return parts[0]
        except OSError:
            pass
    return None


def _common_dir(git: Path) -> Path | None:
    try:
        rel = (git / "commondir").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return (git / rel).resolve()


def _git_remote(root: Path) -> str | None:
    git = root / ".git"
    cfg = git / "config"
    if git.is_file():
        return None
    try:
        text = cfg.read_text(encoding="utf-8")
    except OSError:
        return None
    m = re.search(r'\[remote "origin"\][^\[]*?url\s*=\s*(\S+)', text)
    if not m:
        return None
    url = m.group(1)
    g = re.search(r"github\.com[:/]([\w.-]+/[\w.-]+?)(?:\.git)?$", url)
    return g.group(1) if g else None


# --------------------------------------------------------------------------- the index


@dataclass
class _Layer:
    base: Path
    default: Provenance
    files: dict[str, Provenance] = field(default_factory=dict)
    default_for_all: bool = True  # False: the defaults only apply to the files listed


def _load_sidecar(path: Path) -> _Layer:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputFileError(f"{path}: not a JSON provenance sidecar: {exc}") from exc
    if not isinstance(data, dict):
        raise InputFileError(f"{path}: a provenance sidecar is a JSON object")
    files = data.pop("files", {}) or {}
    if not isinstance(files, dict):
        raise InputFileError(f"{path}: field 'files' must map paths to objects")
    ev = f"sidecar {path.name}"
    try:
        default = Provenance(**{k: v for k, v in data.items() if k in ("repository", "commit", "licence")})
        default = default.model_copy(update={"evidence": [f"{k}: {ev}" for k in ("repository", "commit", "licence")
                                                          if getattr(default, k)]})
        per: dict[str, Provenance] = {}
        for rel, entry in files.items():
            if not isinstance(entry, dict):
                raise InputFileError(f"{path}: field 'files.{rel}' must be an object")
            p = Provenance(**{k: v for k, v in entry.items() if k in ("repository", "commit", "licence", "path")})
            per[rel] = p.model_copy(update={"evidence": [f"{k}: {ev}" for k in ("repository", "commit", "licence")
                                                         if getattr(p, k)]})
    except ValidationError as exc:
        e = exc.errors()[0]
        raise InputFileError(f"{path}: field {'.'.join(map(str, e['loc']))!r}: {e['msg']}") from exc
    return _Layer(path.parent, default, per)


def _readme_layer(path: Path) -> _Layer | None:
    rows, repo, licence = _readme_table(path)
    if not rows:
        return None
    ev = f"README table {path.name}"
    default = Provenance(repository=repo, licence=licence,
                         evidence=[e for e, v in ((f"repository: {ev}", repo), (f"licence: {ev}", licence)) if v])
    files = {p: Provenance(commit=c, evidence=[f"commit: {ev}"]) for p, c in rows.items()}
    return _Layer(path.parent, default, files, default_for_all=False)


class ProvenanceIndex:
    """Provenance per file for one import (see the module doc for the order of evidence)."""

    def __init__(self, layers: list[_Layer], git_root: Path | None) -> None:
        self.layers = layers
        self.git_root = git_root
        self._git: Provenance | None = None
        self._licence_file: str | None = None
        if git_root is not None:
            head = _git_head(git_root) if (git_root / ".git").exists() else None
            remote = _git_remote(git_root) if head else None
            ev = [e for e, v in (("commit: git HEAD", head), ("repository: git remote origin", remote)) if v]
            self._git = Provenance(commit=head, repository=remote, evidence=ev) if ev else None
            for name in ("LICENSE", "LICENSE.md", "LICENSE.txt", "COPYING"):
                lic = git_root / name
                if lic.is_file():
                    try:
                        self._licence_file = _spdx(lic.read_text(encoding="utf-8", errors="replace")[:3000])
                    except OSError:
                        pass
                    break

    @classmethod
    def build(cls, root: str | os.PathLike[str], explicit: ProvenanceSource | None = None) -> ProvenanceIndex:
        r = Path(root).resolve()
        start = r if r.is_dir() else r.parent
        layers: list[_Layer] = []
        if isinstance(explicit, Provenance):
            layers.append(_Layer(start, explicit.model_copy(update={"evidence": [*explicit.evidence, "given"]})))
        elif isinstance(explicit, Mapping):
            layers.append(_Layer(start, Provenance(), {str(k): v for k, v in explicit.items()}))
        elif explicit is not None:
            p = Path(explicit)
            if not p.is_file():
                raise InputFileError(f"{p}: no such provenance file")
            if p.suffix.lower() == ".json":
                layers.append(_load_sidecar(p))
            else:
                layer = _readme_layer(p)
                if layer is None:
                    raise InputFileError(f"{p}: no Markdown table with 'path' and 'commit' columns of .lean files")
                layers.append(layer)
        git_root: Path | None = None
        d: Path | None = start
        while d is not None:
            side = d / SIDECAR_NAME
            if side.is_file():
                layers.append(_load_sidecar(side))
            readme = d / "README.md"
            if readme.is_file():
                layer = _readme_layer(readme)
                if layer is not None:
                    layers.append(layer)
            if any((d / mk).exists() for mk in _ROOT_MARKERS):
                git_root = d
                break
            d = d.parent if d.parent != d else None
        return cls(layers, git_root)

    def lookup(self, file: str | os.PathLike[str], text: str | None = None) -> Provenance | None:
        """Provenance of ``file`` (``text``: its contents, for the header's licence line)."""
        f = Path(file).resolve()
        prov = Provenance()
        for layer in self.layers:
            try:
                rel: str | None = f.relative_to(layer.base).as_posix()
            except ValueError:
                continue
            hit = layer.files.get(rel or "")
            if hit is not None:
                prov = prov.merged(hit.model_copy(update={"path": hit.path or rel}))
            if hit is not None or layer.default_for_all:
                prov = prov.merged(layer.default)
        if self._git is not None:
            prov = prov.merged(self._git)
        if prov.path is None and self.git_root is not None:
            try:
                prov = prov.merged(Provenance(path=f.relative_to(self.git_root.resolve()).as_posix()))
            except ValueError:
                pass
        if prov.licence is None and text is not None:
            lic = licence_from_header(text)
            if lic:
                prov = prov.merged(Provenance(licence=lic, evidence=["licence: file header"]))
        if prov.licence is None and self._licence_file:
            prov = prov.merged(Provenance(licence=self._licence_file, evidence=["licence: LICENSE file"]))
        if all(getattr(prov, k) is None for k in ("repository", "commit", "licence")):
            return None
        return prov
