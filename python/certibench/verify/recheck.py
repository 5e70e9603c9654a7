"""Replay stored certificates offline: ``certibench recheck``.

Each certificate is re-checked by the evidence it carries — a rewrite chain through the
kernel (from the two Lean statements it records, re-parsed), SMT-LIB2 scripts through Z3
(and cvc5 where installed), a counterexample by exact evaluation, a template claim by
re-rendering against the project's registry (when the item's English is at hand).  A
certificate that no longer holds is reported with the reason; certificates whose evidence
is a human review or that decide nothing (``needs_review``, ``unknown``) are listed as such.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel


class RecheckRow(BaseModel):
    id: str
    verdict: str
    evidence: str
    status: str  # "ok" | "failed" | "not-checkable"
    reason: str


def _parse(text: str | None) -> Any:
    from certibench.logic.parser import parse_declaration

    if not text:
        raise ValueError("the certificate does not record both statements")
    return parse_declaration(text)


def recheck_certificate(cid: str, cert: dict[str, Any], item: dict[str, Any] | None = None) -> RecheckRow:
    verdict = str(cert.get("verdict"))
    kind = str(cert.get("evidence") or cert.get("backend") or "none")

    def row(status: str, reason: str) -> RecheckRow:
        return RecheckRow(id=cid, verdict=verdict, evidence=kind, status=status, reason=reason)

    try:
        if cert.get("chain") is not None:
            from certibench.logic.deep import deep_call
            from certibench.verify.kernel import replay

            a, b = _parse(cert.get("canonical_lean")), _parse(cert.get("paraphrase_lean"))
            res = deep_call(replay, a, b, cert["chain"])
            return row("ok" if res.ok else "failed", res.reason)
        if isinstance(cert.get("smt"), dict) and cert["smt"]:
            from certibench.verify.backends import z3 as z3b

            fn = getattr(z3b, "recheck", None)
            if fn is None:
                return row("not-checkable", "this build has no SMT re-check")
            out = fn(cert["smt"])
            ok = bool(getattr(out, "ok", out))
            return row("ok" if ok else "failed", str(getattr(out, "reason", "")))
        if cert.get("counterexample") is not None and verdict == "refuted":
            from certibench.logic import concrete

            fn = getattr(concrete, "recheck_counterexample", None)
            stmt = cert.get("paraphrase_lean") or (item or {}).get("lean4_statement")
            if fn is None or not stmt:
                return row("not-checkable", "no evaluator re-check available for this counterexample")
            ok, why = fn(stmt, cert["counterexample"], canonical=cert.get("canonical_lean"))
            return row("ok" if ok else "failed", why)
        if kind == "template" or cert.get("template"):
            if item is None:
                return row("not-checkable", "a template certificate is re-checked against its item's English (give the item file)")
            from certibench.families.wording import template_check

            ok, why = template_check(cert.get("template") or {}, _parse(item.get("lean4_statement")), item.get("nl_question") or "")
            return row("ok" if ok else "failed", why)
        if kind == "review":
            return row("not-checkable", "evidence is a recorded human review")
        if kind == "identical":
            a, b = _parse(cert.get("canonical_lean")), _parse(cert.get("paraphrase_lean"))
            from certibench.verify.certifier import same_statement

            return row("ok" if same_statement(a, b) else "failed", "the two statements are the same formula")
        return row("not-checkable", f"a {verdict} certificate carries no replayable evidence")
    except Exception as exc:  # a malformed certificate is a failed re-check, never a crash
        return row("failed", f"{type(exc).__name__}: {exc}")


def iter_certificates(path: Path) -> Iterator[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    """``(id, certificate, item-or-None)`` from a proofs directory (``certificates/*.json``
    or ``*.json``), a ``certify --json`` file, or an item JSONL file with certificates."""
    if path.is_dir():
        files = sorted((path / "certificates").glob("*.json")) if (path / "certificates").is_dir() else sorted(path.glob("*.json"))
        for f in files:
            if f.name == "MANIFEST.json":
                continue
            doc = json.loads(f.read_text(encoding="utf-8"))
            cert = doc.get("certificate", doc)
            yield str(doc.get("id", f.stem)), cert, None
        return
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("{") and '"items"' in stripped[:2000]:
        doc = json.loads(text)
        for r in doc.get("items", []):
            if isinstance(r.get("certificate"), dict):
                yield str(r.get("id")), r["certificate"], None
        return
    for line in text.splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        if isinstance(obj, dict) and isinstance(obj.get("certificate"), dict):
            yield str(obj.get("id")), obj["certificate"], obj


def recheck_path(path: Path) -> list[RecheckRow]:
    return [recheck_certificate(cid, cert, item) for cid, cert, item in iter_certificates(path)]


__all__ = ["RecheckRow", "iter_certificates", "recheck_certificate", "recheck_path"]
