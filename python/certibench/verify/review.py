"""The append-only human review ledger (T3 evidence, and a way to settle ``unknown``).

One JSON object per line: ``reviewer``, ``time`` (UTC, ISO 8601), ``item_id``,
``pair_hash`` (SHA-256 of the canonical and paraphrase texts that were shown), ``decision``
(``approve``/``reject``) and ``comment``.  Lines are only ever appended; the latest decision
per ``(item_id, pair_hash)`` wins.  A decision recorded for a different text pair (the item
was edited after review) does not apply: its hash no longer matches.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

Decision = Literal["approve", "reject"]


def pair_hash(canonical: Any, paraphrase: Any) -> str:
    """Hash of the text pair a reviewer judges.

    Items (objects with ``nl_question``/``lean4_statement``, or dicts) contribute both
    their English and their formal text; plain strings contribute themselves."""

    def texts(x: Any) -> list[str | None]:
        if isinstance(x, str):
            return [x]
        get = x.get if isinstance(x, dict) else (lambda k, _x=x: getattr(_x, k, None))
        return [get("nl_question"), get("lean4_statement")]

    blob = json.dumps([texts(canonical), texts(paraphrase)], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def utc_now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class ReviewDecision(BaseModel):
    reviewer: str = Field(min_length=1)
    time: str
    item_id: str = Field(min_length=1)
    pair_hash: str = Field(min_length=16)
    decision: Decision
    comment: str = ""

    @field_validator("time")
    @classmethod
    def _iso_utc(cls, v: str) -> str:
        try:
            dt = datetime.fromisoformat(v.replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValueError(f"time must be ISO 8601, got {v!r}") from exc
        if dt.tzinfo is None or dt.utcoffset() != UTC.utcoffset(None):
            raise ValueError(f"time must be UTC (…Z or +00:00), got {v!r}")
        return v

    @field_validator("reviewer")
    @classmethod
    def _reviewer(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("reviewer must be named")
        return v.strip()


class LedgerError(Exception):
    """The ledger file cannot be read or written."""


class ReviewLedger:
    """An append-only JSONL ledger.  Reading tolerates bad lines (they are listed in
    :attr:`errors` with their line numbers and otherwise ignored)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.errors: list[str] = []
        self._cache: dict[tuple[str, str], ReviewDecision] | None = None
        self._mtime: float | None = None

    # -- writing ---------------------------------------------------------------------
    def append(self, decision: ReviewDecision) -> ReviewDecision:
        line = json.dumps(decision.model_dump(mode="json"), ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise LedgerError(f"{self.path}: cannot append: {exc.strerror or exc}") from exc
        try:
            os.write(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        self._cache = None
        return decision

    def record(
        self, *, reviewer: str, item_id: str, pair: str, decision: Decision, comment: str = "", time: str | None = None
    ) -> ReviewDecision:
        return self.append(
            ReviewDecision(reviewer=reviewer, time=time or utc_now(), item_id=item_id, pair_hash=pair, decision=decision, comment=comment)
        )

    # -- reading ---------------------------------------------------------------------
    def decisions(self) -> list[ReviewDecision]:
        """Every valid decision, in file order."""
        self.errors = []
        if not self.path.exists():
            return []
        out: list[ReviewDecision] = []
        try:
            fh = self.path.open("r", encoding="utf-8")
        except OSError as exc:
            raise LedgerError(f"{self.path}: cannot read: {exc.strerror or exc}") from exc
        with fh:
            for lineno, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    out.append(ReviewDecision.model_validate(json.loads(line)))
                except json.JSONDecodeError as exc:
                    self.errors.append(f"{self.path}:{lineno}: invalid JSON: {exc.msg}")
                except ValidationError as exc:
                    e = exc.errors()[0]
                    field = ".".join(str(p) for p in e.get("loc", ()))
                    self.errors.append(f"{self.path}:{lineno}: field {field!r}: {e.get('msg')}")
        return out

    def _index(self) -> dict[tuple[str, str], ReviewDecision]:
        mtime = self.path.stat().st_mtime if self.path.exists() else None
        if self._cache is None or mtime != self._mtime:
            idx: dict[tuple[str, str], ReviewDecision] = {}
            for d in self.decisions():  # file order: the latest line wins
                idx[(d.item_id, d.pair_hash)] = d
            self._cache, self._mtime = idx, mtime
        return self._cache

    def latest(self, item_id: str, pair: str) -> ReviewDecision | None:
        """The decision that applies to this item *and this exact text pair*, if any."""
        return self._index().get((item_id, pair))

    def superseded_pairs(self, item_id: str, pair: str) -> list[ReviewDecision]:
        """Decisions recorded for this item but for another text pair (no longer apply)."""
        return [d for (iid, h), d in self._index().items() if iid == item_id and h != pair]
