"""The one layout of a proofs directory (``certify --proofs``, ``generate --proofs``).

``DIR/certificates/<id>.json`` holds ``{"id", "theorem_id", "family", "certificate"}``;
``DIR/certificates/<id>.<purpose>.smt2`` every SMT-LIB2 script a certificate carries;
``DIR/Chains.lean`` every rewrite chain exported as a Lean proof (checked where a Lean
toolchain exists); ``DIR/MANIFEST.json`` the verdict counts, the certificate format
version, the command that produced the directory and a SHA-256 per certificate file.
``certibench recheck DIR`` replays all of it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from certibench.verify.certificate import FORMAT_VERSION

LEAN_HEADER = "import Mathlib\n\nset_option maxHeartbeats 400000\n\n"


def safe_name(s: str) -> str:
    return "".join(c if (c.isalnum() or c in "-_.") else "_" for c in s)[:150] or "item"


def _smt_scripts(cert: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for chk in cert.get("checks", []) or []:
        if isinstance(chk, dict) and isinstance(chk.get("smt2"), str):
            out[str(chk.get("purpose", "check"))] = chk["smt2"]
    smt = cert.get("smt")
    if isinstance(smt, dict):
        for chk in smt.get("checks", []) or []:
            if isinstance(chk, dict) and isinstance(chk.get("smt2"), str):
                out[str(chk.get("purpose", "check"))] = chk["smt2"]
    return out


def write_proofs(directory: str | os.PathLike[str], records: Iterable[dict[str, Any]], command: str, generator: str) -> dict[str, Any]:
    """Write every record's certificate; ``records`` are dicts with ``id``, ``theorem_id``,
    ``family`` and ``certificate``.  Returns the manifest."""
    d = Path(directory)
    cdir = d / "certificates"
    cdir.mkdir(parents=True, exist_ok=True)
    for old in cdir.glob("*"):
        old.unlink()
    counts: dict[str, int] = {}
    digests: dict[str, str] = {}
    lean_parts: list[str] = []
    for rec in records:
        cert = rec.get("certificate")
        if not isinstance(cert, dict):
            continue
        verdict = str(cert.get("verdict"))
        counts[verdict] = counts.get(verdict, 0) + 1
        name = safe_name(str(rec["id"]))
        text = json.dumps({"id": rec["id"], "theorem_id": rec.get("theorem_id"), "family": rec.get("family"),
                           "certificate": cert}, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        (cdir / f"{name}.json").write_text(text, encoding="utf-8")
        digests[str(rec["id"])] = hashlib.sha256(text.encode()).hexdigest()
        for purpose, script in sorted(_smt_scripts(cert).items()):
            (cdir / f"{name}.{safe_name(purpose)}.smt2").write_text(script, encoding="utf-8")
        if cert.get("chain"):
            from certibench.logic.deep import deep_call
            from certibench.verify.backends.lean import chain_lean

            proof = deep_call(chain_lean, cert, "cb_chain_" + "".join(c if c.isalnum() else "_" for c in name))
            if proof and not proof.lstrip().startswith("--"):
                lean_parts.append(f"-- {rec['id']}\n{proof}")
    (d / "Chains.lean").write_text(LEAN_HEADER + "\n".join(lean_parts), encoding="utf-8")
    manifest = {
        "generator": generator,
        "command": command,
        "certificate_format": FORMAT_VERSION,
        "verdicts": dict(sorted(counts.items())),
        "lean": {"file": "Chains.lean", "proofs": len(lean_parts),
                 "check": "lake env lean Chains.lean  (needs a Lean 4 + Mathlib toolchain)"},
        "certificates": dict(sorted(digests.items())),
    }
    (d / "MANIFEST.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return manifest


__all__ = ["safe_name", "write_proofs"]
