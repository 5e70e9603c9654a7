"""The paraphrase families F1–F8, loaded from the declarative specs in ``families/*.toml``.

A family has an id (``F1``..``F8``), its FormInv name, a tier and either English-template
variation (T2/T3: the formula is unchanged) or rewrite rules (T1: schemas over the AST,
each proved sound once) plus the definitional axioms those rules may name.

Items may name a family by id or by name; :func:`get_family` accepts both (case-insensitive).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from certibench.families.specfiles import FamilySpecError, families_dir, spec_documents
from certibench.schema import Tier

__all__ = [
    "DefAxiom",
    "FamilySpec",
    "FamilySpecError",
    "RuleSpec",
    "all_axioms",
    "all_families",
    "families_dir",
    "family_name",
    "get_axiom",
    "get_family",
    "tier_of",
]


class DefAxiom(BaseModel):
    """A definitional axiom a rule may assume (never a theorem-specific fact)."""

    model_config = ConfigDict(frozen=True)

    name: str
    statement: str  # Lean text of a ∀-closed proposition over the sort variable α
    sorts: tuple[str, ...] = ("*",)
    symbols: tuple[str, ...] = ()
    mathlib: str
    justification: str = ""
    family: str = ""


class RuleSpec(BaseModel):
    """A rewrite schema ``lhs ⇝ rhs`` over pattern variables ``vars`` (name → Lean sort,
    ``α`` being the schema's sort variable), valid for the listed ``sorts`` (``*`` = any)."""

    model_config = ConfigDict(frozen=True)

    name: str
    vars: dict[str, str]
    sorts: tuple[str, ...]
    lhs: str
    rhs: str
    mathlib: str
    mathlib_int: str | None = None
    axioms: tuple[str, ...] = ()
    family: str = ""

    def lemma_for(self, sort: str) -> str:
        if sort == "Int" and self.mathlib_int:
            return self.mathlib_int
        return self.mathlib


class FamilySpec(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    tier: Tier
    title: str
    description: str
    english: dict[str, str] | None = None
    rules: tuple[RuleSpec, ...] = Field(default_factory=tuple)
    axioms: tuple[DefAxiom, ...] = Field(default_factory=tuple)
    source: str = ""

    @field_validator("tier", mode="before")
    @classmethod
    def _tier(cls, v: str) -> str:
        if v not in ("T1", "T2", "T3"):
            raise ValueError(f"tier must be T1, T2 or T3, not {v!r}")
        return v

    @property
    def is_formal(self) -> bool:
        """T1 families change the formula; T2/T3 only the wording."""
        return self.tier == "T1"


def _build(path: Path, data: dict[str, Any]) -> FamilySpec:
    fam_id = data.get("id", "?")
    rules = []
    for i, r in enumerate(data.get("rules", []), start=1):
        try:
            rules.append(RuleSpec(family=fam_id, **{k: tuple(v) if isinstance(v, list) else v for k, v in r.items()}))
        except Exception as exc:  # pydantic ValidationError: keep file + rule index
            raise FamilySpecError(f"{path}: rules[{i}] ({r.get('name', '?')}): {exc}") from exc
    axioms = []
    for i, a in enumerate(data.get("axioms", []), start=1):
        try:
            axioms.append(DefAxiom(family=fam_id, **{k: tuple(v) if isinstance(v, list) else v for k, v in a.items()}))
        except Exception as exc:
            raise FamilySpecError(f"{path}: axioms[{i}] ({a.get('name', '?')}): {exc}") from exc
    body = {k: v for k, v in data.items() if k not in ("rules", "axioms")}
    try:
        spec = FamilySpec(rules=tuple(rules), axioms=tuple(axioms), source=str(path), **body)
    except Exception as exc:
        raise FamilySpecError(f"{path}: {exc}") from exc
    known = {a.name for a in axioms}
    for r in rules:
        for ax in r.axioms:
            if ax not in known:
                raise FamilySpecError(f"{path}: rule {r.name!r} names unknown axiom {ax!r}")
    return spec


@lru_cache(maxsize=4)
def _load_all(directory: str) -> tuple[FamilySpec, ...]:
    return tuple(_build(path, data) for path, data in spec_documents(directory))


def all_families(directory: Path | None = None) -> tuple[FamilySpec, ...]:
    return _load_all(str(directory or families_dir()))


def get_family(name_or_id: str, directory: Path | None = None) -> FamilySpec:
    """Look a family up by id (``F4``) or FormInv name (``notation``), case-insensitive.
    Raises ``KeyError`` for names outside F1–F8 (e.g. MathCheck's variants)."""
    key = name_or_id.strip().lower()
    for spec in all_families(directory):
        if key in (spec.id.lower(), spec.name.lower()):
            return spec
    raise KeyError(name_or_id)


def family_name(name_or_id: str) -> str:
    """The FormInv name of a family id/name; other labels are returned unchanged."""
    try:
        return get_family(name_or_id).name
    except (KeyError, FamilySpecError):
        return name_or_id


def all_axioms(directory: Path | None = None) -> tuple[DefAxiom, ...]:
    return tuple(a for f in all_families(directory) for a in f.axioms)


def get_axiom(name: str) -> DefAxiom:
    for a in all_axioms():
        if a.name == name:
            return a
    raise KeyError(name)


def tier_of(family: str, default: str | None = None) -> str | None:
    try:
        return get_family(family).tier
    except (KeyError, FamilySpecError):
        return default
