"""FormInv importer.

Every FormInv file under the reference data loads through :func:`load_forminv`:

* **item files** (``forminv_v3_103.jsonl``, ``forminv_v3_50.jsonl``,
  ``forminv_ntp100_paraphrases.jsonl``, ``false_controls_pilot.jsonl``): one item per
  line.  They load *unchanged*: every original key and value is kept (unknown keys as
  extra fields of :class:`~certibench.schema.Item`) and written back out by
  ``Item.model_dump``.  The importer only *adds* fields that are absent: ``protocol``
  ("truefalse"), ``source`` ("forminv"; the ntp100 file already says "ntp-mathlib" and
  keeps it) and ``provenance`` (importer, file, line).  ``tier`` ``tier1``..``tier3`` is
  read as ``T1``..``T3`` by the schema; the original spelling is kept in
  ``provenance["tier_original"]``.
* **the MathCheck→FormInv conversion** (``mathcheck_formInv_full_129.jsonl``): records
  carry ``expected_answer`` and no Lean statement; they are free-form answer questions,
  so ``protocol="answer"`` and ``ground_truth`` becomes the ``expected_answer`` (FormInv's
  placeholder ``"TRUE"`` is kept in ``provenance["forminv_ground_truth"]``).
* **false siblings** (``false_siblings_50.json``, ``false_siblings_subtle_50.json``): a JSON
  object ``{"_doc", "siblings": [...]}``; each sibling ``{theorem_id, transform,
  false_stmt, counterexample, check}`` becomes a canonical ``FALSE`` item in its *own*
  equivalence class ``<theorem_id>__false_sibling`` / ``__false_subtle`` (it is a
  different statement from the TRUE theorem, so it must never join that class); the
  counterexample and machine check go to ``provenance``.
* **theorem extracts** (``ntp_mathlib_theorem_v1.jsonl``: no ``id``, boolean
  ``ground_truth``): each becomes the canonical item ``<theorem_id>_canonical`` with
  FormInv's canonical question template ``"<canonical_nl> — TRUE or FALSE?"``.

A Hugging Face dataset name (``hf:owner/name``) is loaded with
:func:`certibench.corpus.hf.load_hf_rows` and its rows go through the same conversion.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from certibench.corpus._importing import FieldError, convert_records, enumerate_list, read_source
from certibench.io import InputFileError, RecordError
from certibench.schema import Item

__all__ = ["load_forminv", "forminv_record_to_item", "sibling_to_item", "TF_SUFFIX"]

# FormInv's canonical question template: "<statement> — TRUE or FALSE?"
TF_SUFFIX = " — TRUE or FALSE?"


def _question(statement: str) -> str:
    return statement.strip().rstrip(".").rstrip() + TF_SUFFIX


def _bool_truth(v: Any, field: str = "ground_truth") -> str:
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    s = str(v).strip().upper()
    if s in ("TRUE", "FALSE"):
        return s
    raise FieldError(field, f"expected TRUE/FALSE, got {v!r}")


def forminv_record_to_item(obj: dict[str, Any], *, file: str, loc: int, loc_kind: str = "line") -> Item:
    """Convert one FormInv record (item, MathCheck conversion, or theorem extract).

    ``loc_kind`` names what ``loc`` counts: ``"line"`` (JSONL) or ``"record"`` (the
    1-based index in a JSON array or Hugging Face split).
    """
    data = dict(obj)
    prov: dict[str, Any] = {"importer": "forminv", "file": file, loc_kind: loc}
    if "id" not in data and data.get("theorem_id") and data.get("canonical_nl"):
        # Theorem extract (ntp_mathlib_theorem_v1): make the canonical item.
        tid = str(data["theorem_id"])
        data["id"] = f"{tid}_canonical"
        data.setdefault("family", "canonical")
        data.setdefault("nl_question", _question(str(data["canonical_nl"])))
        if "ground_truth" in data:
            prov["ground_truth_original"] = data["ground_truth"]
            data["ground_truth"] = _bool_truth(data["ground_truth"])
        prov["kind"] = "theorem_extract"
    for field in ("id", "nl_question"):
        if data.get(field) in (None, ""):
            raise FieldError(field, "required field is missing or empty")
    if data.get("expected_answer") is not None and not data.get("lean4_statement"):
        data["protocol"] = data.get("protocol") or "answer"
        if data.get("ground_truth") is not None:
            prov["forminv_ground_truth"] = data["ground_truth"]
        data["ground_truth"] = data["expected_answer"]
    else:
        data["protocol"] = data.get("protocol") or "truefalse"
        if data.get("ground_truth") in (None, ""):
            raise FieldError("ground_truth", "required field is missing or empty")
        if data["protocol"] == "truefalse":
            _bool_truth(data["ground_truth"])  # validate only; the value is kept as written
    data["source"] = data.get("source") or "forminv"
    own_prov = data.get("provenance") is None
    if own_prov:
        data["provenance"] = prov
    item = Item.model_validate(data)  # the schema normalises tier1..tier3 -> T1..T3
    tier = data.get("tier")
    if own_prov and tier not in (None, "") and item.tier != tier and item.provenance is not None:
        item.provenance["tier_original"] = tier
    return item


def _sibling_tag(file: str) -> str:
    return "false_subtle" if "subtle" in Path(file).name.lower() else "false_sibling"


def sibling_to_item(sib: dict[str, Any], *, file: str, loc: int, doc: str | None = None) -> Item:
    """A FormInv false sibling -> a canonical FALSE item with its counterexample kept."""
    for field in ("theorem_id", "false_stmt"):
        if not isinstance(sib.get(field), str) or not sib[field].strip():
            raise FieldError(field, "required field is missing or empty")
    tag = _sibling_tag(file)
    tid = f"{sib['theorem_id']}__{tag}"
    stmt = sib["false_stmt"].strip()
    prov: dict[str, Any] = {
        "importer": "forminv",
        "file": file,
        "record": loc,
        "kind": tag,
        "sibling_of": sib["theorem_id"],
        "transform": sib.get("transform"),
        "counterexample": sib.get("counterexample"),
        "check": sib.get("check"),
    }
    if doc:
        prov["doc"] = doc.split(". ")[0].rstrip(".") + "."
    data = dict(sib)
    data.update(
        id=tid,
        theorem_id=tid,
        sibling_of=sib["theorem_id"],
        family="canonical",
        nl_question=_question(stmt),
        canonical_nl=stmt.rstrip(".") + ".",
        ground_truth="FALSE",
        protocol="truefalse",
        source="forminv",
        provenance=prov,
    )
    return Item.model_validate(data)


def load_forminv(
    source: str | os.PathLike[str],
    *,
    split: str | None = None,
    config: str | None = None,
    data_files: Any = None,
    strict: bool = False,
) -> tuple[list[Item], list[RecordError]]:
    """Load any FormInv file (or HF dataset) into items plus per-record errors.

    Bad records are reported as ``RecordError(file, line, field, message)`` and skipped;
    ``strict=True`` raises on the first one.  An unreadable file raises
    :class:`~certibench.io.InputFileError`.
    """
    label, doc, recs = read_source(source, split=split, config=config, data_files=data_files)
    if recs is not None:
        return convert_records(label, recs, lambda o, loc: forminv_record_to_item(o, file=label, loc=loc), strict=strict)
    if isinstance(doc, dict) and isinstance(doc.get("siblings"), list):
        note = doc.get("_doc") if isinstance(doc.get("_doc"), str) else None
        return convert_records(
            label,
            enumerate_list(doc["siblings"]),
            lambda o, loc: sibling_to_item(o, file=label, loc=loc, doc=note),
            strict=strict,
        )
    if isinstance(doc, dict):
        doc = [doc]
    rec = "record"
    if not isinstance(doc, list):
        raise InputFileError(f"{label}: expected JSONL records, a JSON array, or a {{'siblings': [...]}} object")
    if doc and all(isinstance(r, dict) and "false_stmt" in r for r in doc):
        return convert_records(label, enumerate_list(doc), lambda o, loc: sibling_to_item(o, file=label, loc=loc), strict=strict)
    return convert_records(
        label, enumerate_list(doc), lambda o, loc: forminv_record_to_item(o, file=label, loc=loc, loc_kind=rec), strict=strict
    )
