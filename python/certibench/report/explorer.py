"""Item explorer data for the HTML report: per theorem, every item's question, each model's
raw answer and verdict, and the item's certificate.

:func:`build_explorer` joins a :class:`~certibench.metrics.table.ResponseTable` (verdicts:
the majority over samples, as every metric uses) with the raw answers of the responses
(:func:`collect_answers`) and the audit's flagged items.  The result holds one JSON record
per theorem; :meth:`Explorer.page_data` picks what the page embeds: everything when it fits
:data:`PAGE_BYTES`, else a stated, deterministic sample of whole theorems (theorems with
audit-flagged paraphrases first, then a fixed hash order), the full data going to a file
beside the page (see :func:`certibench.report.html.write_html`).

Record shapes (short keys: the page may embed thousands of them)::

    theorem: {"t": id, "d": domain, "gt": truth of the canonical item, "nf": n flagged,
              "items": [item, ...]}
    item:    {"id", "fam", "tier", "q": question, "lean", "gt", "flag": bool,
              "cert": the certificate dict as stored on the item (or null),
              "a": [answer or null, ... one per model, in ``models`` order]}
    answer:  {"v": 1 correct / 0 wrong (majority over samples), "p": share correct,
              "n": samples, "raw": first sample's raw text (cut at RAW_CHARS),
              "parsed": its parsed answer, "err": its error, "unparsed": samples without a
              parsed answer}
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from certibench.metrics.table import ResponseTable
from certibench.schema import Item, Response

#: the most explorer data (bytes of JSON) one HTML page embeds
PAGE_BYTES = 8_000_000
#: raw answers are kept up to this many characters (the full text stays in responses.jsonl)
RAW_CHARS = 600


@dataclass
class Answer:
    """The first sample (lowest ``sample``) of one (item, model): what the explorer shows."""

    sample: int
    raw: str | None
    parsed: Any
    error: str | None


def collect_answers(
    records: Iterable[Response | dict[str, Any] | Any], item_ids: set[str] | None = None
) -> dict[tuple[str, str], Answer]:
    """``{(item_id, model): Answer}`` from response records (dicts or :class:`Response`);
    records that are not responses, that the metrics' own check refuses, or that are for
    items outside ``item_ids`` are skipped (the lowest sample, then the first line, wins —
    as in the table)."""
    from certibench.metrics.columns import BadField, check_response

    out: dict[tuple[str, str], Answer] = {}
    for r in records:
        if isinstance(r, Response):
            iid, model, sample, raw, parsed, err = r.item_id, r.model, r.sample, r.raw, r.parsed, r.error
        elif isinstance(r, dict):
            if isinstance(check_response(r), BadField):
                continue  # a line the metrics skipped (a warning): its answer is not shown either
            iid, model = r.get("item_id"), r.get("model")
            sample, raw, parsed, err = r.get("sample", 0), r.get("raw"), r.get("parsed"), r.get("error")
        else:  # e.g. a RecordError from a reader: the table already reported it
            continue
        if not isinstance(iid, str) or not isinstance(model, str) or (item_ids is not None and iid not in item_ids):
            continue
        s = sample if isinstance(sample, int) else 0
        key = (iid, model)
        prev = out.get(key)
        if prev is None or s < prev.sample:
            out[key] = Answer(
                s,
                raw if isinstance(raw, str) and len(raw) <= RAW_CHARS else (raw[:RAW_CHARS] + "…" if isinstance(raw, str) else None),
                parsed if isinstance(parsed, str | int | float | bool) or parsed is None else json.dumps(parsed),
                str(err)[:RAW_CHARS] if err and err is not True else ("error" if err is True else None),
            )
    return out


@dataclass
class Explorer:
    models: list[str]
    families: list[str]
    theorems: list[str]  # one JSON record per theorem, in file order
    theorem_ids: list[str]
    n_flagged: list[int]  # audit-flagged items per theorem
    n_theorem_items: list[int]  # items per theorem
    n_items: int
    seed: int = 0
    _sizes: list[int] = field(default_factory=list, repr=False)

    def full_bytes(self) -> int:
        return sum(self._sizes) + len(self._sizes)

    def page_data(self, limit: int = PAGE_BYTES) -> tuple[str, dict[str, Any]]:
        """(JSON text of ``{"meta", "theorems"}``, meta) of what one page embeds."""
        n = len(self.theorems)
        idx = list(range(n))
        capped = self.full_bytes() > limit
        if capped:
            def key(k: int) -> tuple[int, str]:
                h = hashlib.sha256(f"{self.seed}:{self.theorem_ids[k]}".encode()).hexdigest()
                return (0 if self.n_flagged[k] else 1, h)

            chosen: list[int] = []
            used = 0
            for k in sorted(idx, key=key):
                if used + self._sizes[k] + 1 > limit and chosen:
                    continue  # a smaller theorem further on may still fit
                chosen.append(k)
                used += self._sizes[k] + 1
            idx = sorted(chosen)
        meta = {
            "models": self.models,
            "families": self.families,
            "n_theorems": n,
            "n_items": self.n_items,
            "n_theorems_shown": len(idx),
            "n_items_shown": sum(self.n_theorem_items[k] for k in idx),
            "capped": capped,
            "full_bytes": self.full_bytes(),
            "limit_bytes": limit,
        }
        body = ",".join(self.theorems[k] for k in idx)
        return '{"meta":' + json.dumps(meta) + ',"theorems":[' + body + "]}", meta

    def full_data(self) -> str:
        _, meta = self.page_data(limit=self.full_bytes() + 1)
        return '{"meta":' + json.dumps(meta) + ',"theorems":[' + ",".join(self.theorems) + "]}"


def _extra(it: Item, name: str) -> Any:
    return getattr(it, name, None) if name in type(it).model_fields else (it.model_extra or {}).get(name)


def _answer(table: ResponseTable, i: int, m: int, ans: Answer | None) -> dict[str, Any] | None:
    n = int(table.n_samples[i, m])
    if n == 0:
        return None
    maj = table.maj[i, m]
    out: dict[str, Any] = {
        "v": None if np.isnan(maj) else int(maj),
        "p": round(float(table.p[i, m]), 4),
        "n": n,
        "unparsed": int(table.n_unparsed[i, m]) if table.n_unparsed is not None else 0,
    }
    if ans is not None:
        out["raw"] = ans.raw
        out["parsed"] = ans.parsed
        if ans.error:
            out["err"] = ans.error
    return out


def build_explorer(
    table: ResponseTable,
    answers: dict[tuple[str, str], Answer],
    flagged: Iterable[str] = (),
    seed: int = 0,
) -> Explorer:
    """Explorer records for every theorem of ``table`` (which must carry its items); items
    no model answered are left out, as in the report."""
    if table.items is None:
        raise ValueError("the explorer needs a table built with its item records")
    flag = set(flagged)
    fam_names = [table.families[c] for c in table.family_codes]
    answered = table.n_samples.sum(axis=1) > 0
    by_theorem: dict[int, list[int]] = {}
    for i, t in enumerate(table.theorem_codes.tolist()):
        if answered[i]:
            by_theorem.setdefault(t, []).append(i)
    # every certificate replayed in one deep call (one thread hand-off, not one per item)
    from certibench.logic.deep import deep_call

    shown = deep_call(
        lambda: {i: display_certificate(table.items[i].certificate) for rows in by_theorem.values() for i in rows}
    )
    records: list[str] = []
    sizes: list[int] = []
    ids: list[str] = []
    n_flag: list[int] = []
    n_th_items: list[int] = []
    for t in sorted(by_theorem, key=lambda t: by_theorem[t][0]):
        rows = by_theorem[t]
        items = []
        for i in rows:
            it = table.items[i]
            items.append(
                {
                    "id": it.id,
                    "fam": fam_names[i],
                    "tier": it.tier,
                    "q": it.nl_question,
                    "lean": it.lean4_statement,
                    "gt": it.ground_truth,
                    "flag": it.id in flag,
                    "cert": shown[i],
                    "a": [_answer(table, i, m, answers.get((it.id, name))) for m, name in enumerate(table.models)],
                }
            )
        lead = next((x for x in items if x["fam"] == "canonical"), items[0])
        domain = next((_extra(table.items[i], "domain") for i in rows if _extra(table.items[i], "domain")), None)
        rec = {
            "t": table.theorems[t],
            "d": domain,
            "gt": lead["gt"],
            "nf": sum(1 for x in items if x["flag"]),
            "items": items,
        }
        text = json.dumps(rec, ensure_ascii=False, separators=(",", ":"), default=str)
        records.append(text)
        sizes.append(len(text.encode("utf-8")))
        ids.append(table.theorems[t])
        n_flag.append(rec["nf"])
        n_th_items.append(len(items))
    return Explorer(
        models=list(table.models),
        families=["canonical", *table.paraphrase_families],
        theorems=records,
        theorem_ids=ids,
        n_flagged=n_flag,
        n_theorem_items=n_th_items,
        n_items=int(answered.sum()),
        seed=seed,
        _sizes=sizes,
    )


__all__ = ["PAGE_BYTES", "RAW_CHARS", "Answer", "Explorer", "build_explorer", "collect_answers", "display_certificate"]


_STEP_NAMES = {"ac": "associativity/commutativity", "eval": "numeral arithmetic", "alpha": "bound-variable renaming"}


def display_certificate(cert: dict[str, Any] | None) -> dict[str, Any] | None:
    """The certificate as the explorer shows it: a rewrite chain's steps (AST data in the
    file) become ``rule: before ⇝ after`` in Lean text, computed by replaying the chain on
    the canonical statement; anything that does not replay is shown as stored."""
    if not isinstance(cert, dict) or not cert.get("chain") or not cert.get("canonical_lean"):
        return cert
    try:
        from certibench.logic.deep import deep_call
        from certibench.logic.parser import parse_declaration_cached
        from certibench.verify.rewrite import annotate_chain

        # the parser, not the certifier's wrapper: importing the certifier brings Z3
        steps = deep_call(annotate_chain, parse_declaration_cached(cert["canonical_lean"]), cert["chain"])
    except Exception:  # display only: the stored certificate is still shown
        return cert
    shown = []
    for st in steps:
        before, _, after = (st.note or "").partition(" ⇝ ")
        row: dict[str, Any] = {"rule": st.rule or _STEP_NAMES.get(st.kind, st.kind), "before": before, "after": after}
        if st.lemma:
            row["mathlib"] = st.lemma
        shown.append(row)
    return {**cert, "chain": shown}
