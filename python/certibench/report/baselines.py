"""Baselines shown beside model accuracy.

* The **majority-class baseline** (computed by :func:`certibench.metrics.stats.majority_baseline`):
  the accuracy of always answering the most frequent ``ground_truth`` label.
* The **artifact baseline**: the accuracy a classifier reaches from surface artifacts of the
  items alone (no reasoning), with its confidence interval.  It is measured by a release
  audit (``certibench release audit``), which writes a JSON file holding at least::

      {"artifact_baseline": {"accuracy": 0.61, "ci": [0.57, 0.65]}}

  :func:`load_release_audit` reads that file; the report shows the value beside every
  model's accuracy (``report["artifact_baseline"]``; ``null`` when no audit was given).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from certibench.io import InputFileError


class ArtifactBaseline(BaseModel):
    """``{"accuracy": x, "ci": [lo, hi]}``: fractions in [0, 1], ``lo <= x <= hi``."""

    model_config = ConfigDict(extra="allow")

    accuracy: float = Field(ge=0.0, le=1.0)
    ci: tuple[float, float] | None = None

    @model_validator(mode="after")
    def _ci_brackets(self) -> ArtifactBaseline:
        if self.ci is not None:
            lo, hi = self.ci
            if not (0.0 <= lo <= hi <= 1.0):
                raise ValueError(f"ci must satisfy 0 <= lo <= hi <= 1, got [{lo}, {hi}]")
            if not (lo <= self.accuracy <= hi):
                raise ValueError(f"accuracy {self.accuracy} lies outside its ci [{lo}, {hi}]")
        return self


class ReleaseAudit(BaseModel):
    """The part of a release-audit JSON the report reads (other fields are kept, unread)."""

    model_config = ConfigDict(extra="allow")

    artifact_baseline: ArtifactBaseline


def load_release_audit(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The artifact baseline of a release-audit JSON as a report-ready dict
    ``{"accuracy", "ci", "source"}``.  Raises :class:`~certibench.io.InputFileError`
    naming the file (and the field) when it cannot be read or does not hold one."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read ({exc.strerror or exc})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{p}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
    try:
        audit = ReleaseAudit.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "(top level)"
        raise InputFileError(f"{p}: field '{where}': {err['msg']}") from exc
    b = audit.artifact_baseline
    return {"accuracy": b.accuracy, "ci": list(b.ci) if b.ci is not None else None, "source": str(p)}


__all__ = ["ArtifactBaseline", "ReleaseAudit", "load_release_audit"]
