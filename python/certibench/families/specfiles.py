"""Reading ``families/*.toml``: the raw spec documents in F-id order, and the cheap
id -> name index.

Kept free of pydantic so that the metric layer can name families without building the
validated specs; :mod:`certibench.families.registry` builds those from the same documents
(read once per directory).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from certibench import resources

__all__ = ["FamilySpecError", "families_dir", "family_index", "spec_documents"]


class FamilySpecError(ValueError):
    """A family spec file is malformed (names the file and the field)."""


def families_dir() -> Path:
    """The family spec directory (see :func:`certibench.resources.families_dir`)."""
    try:
        return resources.families_dir()
    except resources.ResourceNotFoundError as exc:
        raise FamilySpecError(str(exc)) from exc


def _order(fam_id: Any) -> int:
    s = str(fam_id)
    return int(s[1:]) if s[1:].isdigit() else 99


@lru_cache(maxsize=4)
def spec_documents(directory: str) -> tuple[tuple[Path, dict[str, Any]], ...]:
    """``(file, parsed TOML)`` of every ``*.toml`` under ``directory``, in F-id order
    (``F2`` before ``F10``).  Raises :class:`FamilySpecError` for invalid TOML or a family
    id declared twice.  The documents are shared: do not modify them."""
    d = Path(directory)
    docs: list[tuple[Path, dict[str, Any]]] = []
    for p in sorted(d.glob("*.toml")):
        try:
            docs.append((p, tomllib.loads(p.read_text(encoding="utf-8"))))
        except tomllib.TOMLDecodeError as exc:
            raise FamilySpecError(f"{p}: invalid TOML: {exc}") from exc
    ids = [data.get("id") for _, data in docs]
    if len(set(ids)) != len(ids):
        raise FamilySpecError(f"{d}: duplicate family ids {ids}")
    return tuple(sorted(docs, key=lambda doc: _order(doc[1].get("id"))))


def family_index(directory: Path | None = None) -> tuple[tuple[str, str], ...]:
    """``(id, name)`` of every family, in F-id order, read from the spec files' ``id`` and
    ``name`` fields (nothing else is validated here)."""
    out: list[tuple[str, str]] = []
    for path, data in spec_documents(str(directory or families_dir())):
        for key in ("id", "name"):
            if not isinstance(data.get(key), str) or not data[key].strip():
                raise FamilySpecError(f"{path}: field {key!r} is missing or not a non-empty string")
        out.append((data["id"], data["name"]))
    return tuple(out)
