"""Data contracts shared by every layer (see ../shared/DESIGN.md, "Data contracts").

`Item` is a superset of the FormInv item schema, so FormInv JSONL loads unchanged;
unknown fields are kept (``extra="allow"``) and written back out.  `Response` is one
line per (item, model, sample).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Verdict = Literal["certified", "refuted", "vacuous", "unknown", "unavailable", "needs_review", "error"]
VERDICTS: tuple[str, ...] = ("certified", "refuted", "vacuous", "unknown", "unavailable", "needs_review", "error")

Tier = Literal["T1", "T2", "T3"]

_TIER_RE = re.compile(r"^\s*(?:t|tier)\s*([123])\s*$", re.IGNORECASE)


def normalize_tier(value: Any) -> str | None:
    """Map FormInv's ``tier1``/``tier2``/``tier3`` (and ``1``, ``T1``) onto ``T1``..``T3``."""
    if value is None or value == "":
        return None
    if isinstance(value, int):
        value = str(value)
    m = _TIER_RE.match(str(value)) or re.match(r"^\s*([123])\s*$", str(value))
    if not m:
        raise ValueError(f"unknown tier {value!r} (expected T1, T2, T3 or tier1..tier3)")
    return f"T{m.group(1)}"


class Item(BaseModel):
    """One benchmark item.  Field names follow FormInv; extra fields are preserved."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str
    theorem_id: str | None = None
    family: str = "canonical"
    tier: str | None = None
    lean4_statement: str | None = None
    nl_question: str | None = None
    ground_truth: Any = None
    concepts: list[str] | None = None
    certificate: dict[str, Any] | None = None
    provenance: dict[str, Any] | None = None
    # Which benchmark protocol asks this item: truefalse (FormInv), wemath, processbench,
    # or answer (free-form answer such as MathCheck/GSM).  None = infer from the source.
    protocol: Literal["truefalse", "wemath", "processbench", "answer"] | None = None
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
    def _tier(cls, v: Any) -> str | None:
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
