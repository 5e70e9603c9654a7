"""Which release a run reads: the digest of the item file's bytes and, when the file is a
generated release, the ``release_version`` of the ``release.json`` beside it.

``run.json`` and the reports record :func:`release_identity`; resuming a run whose item
file changed is refused (:func:`resume_mismatch`), because answers to one set of items
would be mixed with another's.  An item file is identified by its bytes alone: a
``release.json`` that names another digest (a hand-edited or regenerated ``items.jsonl``)
gives no version, only a warning.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

RELEASE_JSON = "release.json"
#: the release audit written beside a release (``certibench release audit --json``)
AUDIT_JSON = "audit.json"

__all__ = [
    "AUDIT_JSON",
    "NEW_RUN_HINT",
    "RELEASE_JSON",
    "file_digest",
    "file_sha256",
    "items_changed",
    "release_identity",
    "resume_mismatch",
]


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_digest(path: str | Path) -> str:
    """``sha256:<hex>`` of the file's bytes (the form ``release.json`` records)."""
    return "sha256:" + file_sha256(Path(path))


def release_identity(items_path: str | Path, digest: str | None = None) -> dict[str, Any]:
    """``{"digest", "release_version", "certificate_format", "release_json",
    "recorded_digest", "warnings"}`` for an item file (``digest``: already computed)."""
    p = Path(items_path)
    out: dict[str, Any] = {
        "digest": digest or file_digest(p),
        "release_version": None,
        "certificate_format": None,
        "release_json": None,
        "recorded_digest": None,
        "warnings": [],
    }
    rj = p.parent / RELEASE_JSON
    if not rj.is_file():
        return out
    out["release_json"] = str(rj)
    try:
        meta = json.loads(rj.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        out["warnings"].append(f"{rj}: unreadable ({exc}); no release version recorded")
        return out
    if not isinstance(meta, dict):
        out["warnings"].append(f"{rj}: not a JSON object; no release version recorded")
        return out
    named = meta.get("items_file")
    if isinstance(named, str) and named != p.name:
        out["release_json"] = None  # it describes another file of that directory
        return out
    recorded = meta.get("digest")
    out["recorded_digest"] = recorded if isinstance(recorded, str) else None
    if out["recorded_digest"] != out["digest"]:
        out["warnings"].append(
            f"{rj}: field 'digest' is {out['recorded_digest'] or '(missing)'} but {p.name} has {out['digest']} "
            "(the items were changed after the release was written); no release version recorded"
        )
        return out
    if meta.get("release_version") is not None:
        out["release_version"] = str(meta["release_version"])
    if isinstance(meta.get("certificate_format"), int):
        out["certificate_format"] = meta["certificate_format"]
    return out


def _describe(rel: dict[str, Any] | None, sha_hex: str | None) -> str:
    digest = (rel or {}).get("digest") or (f"sha256:{sha_hex}" if sha_hex else "(unknown digest)")
    version = (rel or {}).get("release_version")
    return f"{digest}" + (f" (release {version})" if version else "")


#: what to do when a run directory holds answers to other items
NEW_RUN_HINT = (
    "Resuming would mix answers to different items: start a new run directory "
    "(pass a new --out DIR, or leave --out out for runs/<timestamp>)."
)


def items_changed(run_dir: Path, meta: dict[str, Any], items_path: Path, rel: dict[str, Any]) -> str | None:
    """How the items of the run in ``run_dir`` (its ``run.json`` read into ``meta``) differ
    from the item file ``items_path`` whose identity is ``rel``, naming both digests;
    ``None`` when they are the same bytes (or ``meta`` records no digest)."""
    old_hex = meta.get("items_sha256")
    old_rel = meta.get("release") if isinstance(meta.get("release"), dict) else None
    old_digest = (old_rel or {}).get("digest") or (f"sha256:{old_hex}" if old_hex else None)
    if old_digest is None or old_digest == rel["digest"]:  # nothing recorded: nothing to compare
        return None
    return (
        f"{run_dir} was started on {meta.get('items_path', '(unknown items file)')} with digest "
        f"{_describe(old_rel, old_hex)}, but {items_path} now has digest {_describe(rel, None)}"
    )


def resume_mismatch(run_dir: Path, meta: dict[str, Any], items_path: Path, rel: dict[str, Any]) -> str | None:
    """Why ``run_dir`` cannot be resumed on ``items_path`` (:func:`items_changed` and what
    to do instead); ``None`` when the items are the same bytes."""
    why = items_changed(run_dir, meta, items_path, rel)
    return f"{why}. {NEW_RUN_HINT}" if why else None
