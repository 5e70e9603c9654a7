"""Data contracts shared by every layer (described in ``docs/data-contracts.md``; the JSON
Schemas in ``docs/schemas/`` are generated from these models).

`Item` is a superset of the FormInv item schema, so FormInv JSONL loads unchanged;
unknown fields are kept (``extra="allow"``) and written back out.  `Response` is one
line per (item, model, sample).  `Verdict` and `Tier` are string enums: their members
compare equal to (and serialise as) the plain strings, so JSON files are unchanged.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Verdict(StrEnum):
    """The outcome of certifying one paraphrase against its canonical statement.

    Only ``certified`` releases a formal (T1) item; ``refuted`` always carries a concrete
    counterexample; anything undecided is ``unknown`` (or ``unavailable`` when a backend is
    missing), never ``certified``."""

    CERTIFIED = "certified"  #: the two statements mean the same thing (with the evidence kept)
    REFUTED = "refuted"  #: a concrete counter-interpretation tells them apart
    VACUOUS = "vacuous"  #: each side holds (or fails) on its own: two theorems, not a paraphrase
    UNKNOWN = "unknown"  #: no backend decided (timeout, unsupported construct, disagreement)
    UNAVAILABLE = "unavailable"  #: the needed backend is not installed (e.g. no Lean toolchain)
    NEEDS_REVIEW = "needs_review"  #: the tier's evidence is a human review not yet recorded
    ERROR = "error"  #: the input could not be read or a checker crashed


#: every verdict as a plain string, in the order above
VERDICTS: tuple[str, ...] = tuple(v.value for v in Verdict)


class Tier(StrEnum):
    """How a paraphrase family changes a statement, and so which evidence releases it."""

    T1 = "T1"  #: the formula changes: a formal certificate (rewrite chain, SMT, SymPy or Lean)
    T2 = "T2"  #: the wording changes over the same formula: a vetted template record
    T3 = "T3"  #: free rewording: a recorded human review

#: how an item is asked (see ``certibench.run.protocols``)
ProtocolName = Literal["truefalse", "wemath", "processbench", "answer"]

_TIER_RE = re.compile(r"^\s*(?:t|tier)\s*([123])\s*$", re.IGNORECASE)


def normalize_tier(value: Any) -> Tier | None:
    """Map FormInv's ``tier1``/``tier2``/``tier3`` (and ``1``, ``T1``) onto ``T1``..``T3``."""
    if value is None or value == "":
        return None
    if isinstance(value, int):
        value = str(value)
    m = _TIER_RE.match(str(value)) or re.match(r"^\s*([123])\s*$", str(value))
    if not m:
        raise ValueError(f"unknown tier {value!r} (expected T1, T2, T3 or tier1..tier3)")
    return Tier(f"T{m.group(1)}")


class Item(BaseModel):
    """One benchmark item.  Field names follow FormInv; extra fields are preserved."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str
    theorem_id: str | None = None
    family: str = "canonical"
    tier: Tier | None = None
    lean4_statement: str | None = None
    nl_question: str | None = None
    ground_truth: Any = None
    concepts: list[str] | None = None
    certificate: dict[str, Any] | None = None
    provenance: dict[str, Any] | None = None
    # Which benchmark protocol asks this item: truefalse (FormInv), wemath, processbench,
    # or answer (free-form answer such as MathCheck/GSM).  None = infer from the source.
    protocol: ProtocolName | None = None
    source: str | None = None
    # Step chains: a We-Math composite problem and its one-step sub-problems share `group`;
    # `step_index` is 0 for the composite problem's multi-step question position semantics
    # defined by the importer.  ProcessBench solutions carry their `steps` and `label`.
    group: str | None = None
    steps: list[str] | None = None
    label: int | None = None
    choices: str | None = None
    image_path: str | None = None

    @field_validator("tier", mode="before")
    @classmethod
    def _tier(cls, v: Any) -> Tier | None:
        return normalize_tier(v)

    @field_validator("id")
    @classmethod
    def _id_nonempty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("id must be a non-empty string")
        return v

    @property
    def is_canonical(self) -> bool:
        return self.family.lower() == "canonical"

    @property
    def class_id(self) -> str:
        """Equivalence class key: the theorem id, or the item id for a lone item."""
        return self.theorem_id or self.id


class Response(BaseModel):
    """One model answer to one item (one line of ``responses.jsonl``)."""

    model_config = ConfigDict(extra="allow")

    item_id: str
    model: str
    raw: str | None = None
    parsed: Any = None
    correct: bool | None = None
    sample: int = 0
    temperature: float | None = None
    max_tokens: int | None = None
    seed: int | None = None
    protocol: str | None = None
    error: str | None = None
    latency_s: float | None = None
    request_hash: str | None = None
    parsed_robust: Any = None
    correct_robust: bool | None = None
    meta: dict[str, Any] = Field(default_factory=dict)
