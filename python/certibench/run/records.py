"""Responses: one ``responses.jsonl`` record per answered request (parsed and scored by its
protocol), and the per-model summary of a run's records."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from certibench.run.answers import strip_think
from certibench.run.fetch import FetchResult
from certibench.run.plan import Unit


def make_record(unit: Unit, fr: FetchResult) -> dict[str, Any]:
    """One ``responses.jsonl`` record (a :class:`~certibench.schema.Response` as JSON, with
    ``None`` fields left out).  Built as a plain dict: this runs once per request, so it
    skips re-validating what this function itself produced (the schema is :class:`~certibench.schema.Response`)."""
    p = unit.params
    meta: dict[str, Any] = {"attempts": fr.attempts, "endpoint": unit.endpoint or unit.spec.endpoint}
    if p.get("top_p") is not None:
        meta["top_p"] = p["top_p"]
    if p.get("grammar"):
        meta["grammar"] = p["grammar"]
    if fr.cached:
        meta["cached"] = True
    if fr.batch:
        meta["batch"] = fr.batch
    rec: dict[str, Any] = {"item_id": unit.item.id, "model": unit.spec.label}
    c = fr.completion
    if c is None:
        rec["error"] = fr.error or "unknown error"
    else:
        rec["raw"] = c.text
        if c.finish_reason:
            meta["finish_reason"] = c.finish_reason
        if c.usage:
            meta["usage"] = c.usage
        if c.reasoning:
            meta["reasoning"] = c.reasoning
        try:
            parsed, robust = unit.protocol.parse(strip_think(c.text), unit.item)
        except Exception as exc:  # a parser bug must not lose the response
            meta["parse_error"] = f"{type(exc).__name__}: {exc}"
            parsed = robust = None
        rec["parsed"] = parsed
        rec["correct"] = unit.protocol.correct(unit.item, parsed)
        rec["parsed_robust"] = robust
        rec["correct_robust"] = unit.protocol.correct(unit.item, robust)
    rec["sample"] = unit.sample
    rec["temperature"] = p.get("temperature")
    rec["max_tokens"] = p.get("max_tokens")
    rec["seed"] = p.get("seed")
    rec["protocol"] = unit.protocol.name
    rec["latency_s"] = round(fr.latency_s, 6)
    rec["request_hash"] = unit.key
    rec["meta"] = meta
    # `parsed`/`parsed_robust` stay even when null: an explicit null is how the metric layer
    # tells an unparsed answer (not evidence for the audit) from a wrong one
    return {k: v for k, v in rec.items() if v is not None or k in ("parsed", "parsed_robust")}


#: ``json.dumps(rec, ensure_ascii=False)`` built once (``json.dumps`` with any non-default
#: argument constructs a new encoder on every call; this runs once per response)
_RECORD_ENCODER = json.JSONEncoder(ensure_ascii=False)


def dumps_record(rec: dict[str, Any]) -> str:
    return _RECORD_ENCODER.encode(rec) + "\n"


def _error_kind(msg: str) -> str:
    """Group error messages for the summary (``HTTP 500: …`` -> ``HTTP 500``)."""
    head = msg.split(":", 1)[0].split("(", 1)[0].strip()
    return head or msg[:40]


def summarize(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per model: responses, accuracy (official/robust parser), majority-vote accuracy over
    samples, parse failures, errors, cached, and error kinds by count."""
    acc: dict[str, dict[str, Any]] = {}
    votes: dict[tuple[str, str], list[Any]] = defaultdict(list)
    right: dict[tuple[str, str], set[str]] = defaultdict(set)
    scored_items: set[tuple[str, str]] = set()
    for r in rows:
        m = str(r["model"])
        s = acc.setdefault(m, {"responses": 0, "errors": 0, "parse_failures": 0, "scored": 0, "correct": 0,
                               "scored_robust": 0, "correct_robust": 0, "cached": 0, "error_messages": Counter()})
        s["responses"] += 1
        if (r.get("meta") or {}).get("cached"):
            s["cached"] += 1
        if r.get("error"):
            s["errors"] += 1
            s["error_messages"][_error_kind(str(r["error"]))] += 1
            continue
        if r.get("parsed") is None:
            s["parse_failures"] += 1
        if r.get("correct") is not None:
            s["scored"] += 1
            s["correct"] += bool(r["correct"])
        if r.get("correct_robust") is not None:
            s["scored_robust"] += 1
            s["correct_robust"] += bool(r["correct_robust"])
        k = (m, str(r["item_id"]))
        pv = r.get("parsed")
        votes[k].append(None if pv is None else json.dumps(pv, sort_keys=True))
        if r.get("correct") is not None:
            scored_items.add(k)
            if r["correct"] and pv is not None:
                right[k].add(json.dumps(pv, sort_keys=True))
    maj: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for k, vals in votes.items():
        if len(vals) < 2 or k not in scored_items:
            continue
        winner = Counter(v for v in vals if v is not None).most_common(1)
        maj[k[0]][1] += 1
        if winner and winner[0][0] in right[k]:
            maj[k[0]][0] += 1
    out: dict[str, dict[str, Any]] = {}
    for m, s in acc.items():
        out[m] = {
            "responses": s["responses"],
            "errors": s["errors"],
            "parse_failures": s["parse_failures"],
            "cached": s["cached"],
            "accuracy": s["correct"] / s["scored"] if s["scored"] else None,
            "accuracy_robust": s["correct_robust"] / s["scored_robust"] if s["scored_robust"] else None,
            "majority_accuracy": maj[m][0] / maj[m][1] if m in maj and maj[m][1] else None,
            "error_messages": dict(s["error_messages"]),
        }
    return out
