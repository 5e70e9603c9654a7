"""Baselines shown beside model accuracy.

* The **majority-class baseline** (computed by :func:`certibench.metrics.stats.majority_baseline`):
  the accuracy of always answering the most frequent ``ground_truth`` label.
* The **artifact baseline**: the accuracy a classifier reaches from surface artifacts of the
  items alone (no reasoning), with its confidence interval.  It is measured by a release
  audit (``certibench release audit``), which writes a JSON file holding at least::

      {"artifact_baseline": {"accuracy": 0.61, "ci": [0.57, 0.65]}}

  :func:`load_release_audit` reads that file; the report shows the value beside every
  model's accuracy (``report["artifact_baseline"]``; ``null`` when no audit was given).
  :func:`artifact_baseline_for` picks the audit of a run or report: ``--audit``, or the
  ``audit.json`` beside the item file when it audits these very bytes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certibench.io import InputFileError

if TYPE_CHECKING:  # pragma: no cover
    from certibench.report.audit_models import ArtifactBaseline, ReleaseAudit

#: the pydantic models live in :mod:`certibench.report.audit_models`, imported only when
#: an audit file is read: a report without one never imports pydantic (start-up time)
_MODELS = ("ArtifactBaseline", "ReleaseAudit")


def __getattr__(name: str) -> Any:
    if name in _MODELS:
        from certibench.report import audit_models

        return getattr(audit_models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_release_audit(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The artifact baseline of a release-audit JSON as a report-ready dict
    ``{"accuracy", "ci", "source"}``.  Raises :class:`~certibench.io.InputFileError`
    naming the file (and the field) when it cannot be read or does not hold one."""
    return _report_ready(read_release_audit(path), Path(path))


def _report_ready(audit: ReleaseAudit, p: Path) -> dict[str, Any]:
    b = audit.artifact_baseline
    return {"accuracy": b.accuracy, "ci": list(b.ci) if b.ci is not None else None, "source": str(p)}


def read_release_audit(path: str | os.PathLike[str]) -> ReleaseAudit:
    """A release-audit JSON, validated (see :func:`load_release_audit` for the errors)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read ({exc.strerror or exc})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{p}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
    from pydantic import ValidationError

    from certibench.report.audit_models import ReleaseAudit

    try:
        audit = ReleaseAudit.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "(top level)"
        raise InputFileError(f"{p}: field '{where}': {err['msg']}") from exc
    return audit


def artifact_baseline_for(
    items_path: str | os.PathLike[str], digest: str, explicit: str | os.PathLike[str] | None = None
) -> tuple[dict[str, Any] | None, list[str]]:
    """The artifact baseline shown beside model accuracy for a run or report on the item
    file ``items_path`` (whose bytes have ``digest``), and notes on how it was chosen.

    ``explicit`` (``--audit``) is used as given; it is refused
    (:class:`~certibench.io.InputFileError`) when it audits other bytes (its
    ``release.digest`` differs).  Without it, the ``audit.json`` written by
    ``certibench release audit`` beside the items file is used when it names this digest —
    an audit of other bytes, or one that does not say which, is left out with a note."""
    from certibench.run.release import AUDIT_JSON

    if explicit is not None:
        p = Path(explicit)
        audit = read_release_audit(p)
        audited = (audit.release or {}).get("digest")
        if audited is not None and audited != digest:
            raise InputFileError(
                f"{p}: field 'release.digest': this audit is of {audited}, but {items_path} has {digest}; "
                "audit these items (certibench release audit) or leave --audit out"
            )
        notes = [] if audited else [f"{p} does not name the items it audits (no release.digest); shown as given"]
        return _report_ready(audit, p), notes
    p = Path(items_path).parent / AUDIT_JSON
    if not p.is_file():
        return None, []
    try:
        audit = read_release_audit(p)
    except InputFileError as exc:
        return None, [f"{exc}; the audit beside the items is not used"]
    audited = (audit.release or {}).get("digest")
    if audited != digest:
        what = f"is of {audited}" if audited else "does not name the items it audits (no release.digest)"
        return None, [f"{p} {what}, the items have {digest}; not used (pass --audit to use it anyway)"]
    return _report_ready(audit, p), []


def release_and_baseline(
    items_path: str | os.PathLike[str], audit: str | os.PathLike[str] | None = None
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """What a report records about its item file — ``report["release"]``: the digest of its
    bytes, the release version of a matching ``release.json``, the path, and ``notes`` on
    both — and the artifact baseline to show (:func:`artifact_baseline_for`)."""
    from certibench.run.release import release_identity

    rel = release_identity(items_path)
    art, notes = artifact_baseline_for(items_path, rel["digest"], audit)  # an unusable --audit raises
    release = {k: v for k, v in rel.items() if k != "warnings"}
    release.update(items_path=str(items_path), notes=[*rel["warnings"], *notes])
    return release, art


__all__ = [
    "ArtifactBaseline",
    "ReleaseAudit",
    "artifact_baseline_for",
    "load_release_audit",
    "read_release_audit",
    "release_and_baseline",
]
