"""The pydantic models of a release-audit JSON that the report reads (see
:mod:`certibench.report.baselines`, which imports this module only when it reads one)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


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
    #: the identity of the items audited (``{"digest": "sha256:…", ...}``), when the audit says
    release: dict[str, Any] | None = None


__all__ = ["ArtifactBaseline", "ReleaseAudit"]
