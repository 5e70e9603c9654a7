"""Prediction files of the seed benchmarks (`certibench score`): validated, de-duplicated,
vote-merged, then scored with the benchmark's official answer extraction and, beside it,
the robust extractor.

* We-Math: testmini rows plus the model's ``response`` (:class:`WeMathPrediction`); a row
  repeating an (``ID``, step) pair is an error on its later line.
* ProcessBench: ``{id, subset, label, prediction | response | step_scores}`` lines
  (:class:`ProcessBenchPrediction`); a repeated ``id`` is an error, or, with ``vote``, one
  more sample of the same item (majority vote).

Each bad record is a :class:`~certibench.io.RecordError` naming file, line and field; the
rest of the file is still scored.  Rates are fractions in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from certibench.corpus.concepts import ConceptTree
from certibench.corpus.wemath import parse_key
from certibench.io import RecordError, RecordValidationError, iter_validated
from certibench.metrics import processbench as pb
from certibench.metrics import wemath as wm
from certibench.run.answers import (
    extract_boxed_official,
    extract_processbench_robust,
    majority_vote_official,
)

__all__ = [
    "PredictionFile",
    "ProcessBenchFileScore",
    "ProcessBenchPrediction",
    "WeMathFileScore",
    "WeMathPrediction",
    "read_processbench_predictions",
    "read_wemath_predictions",
    "score_processbench_file",
    "score_wemath_file",
]

T = TypeVar("T")


# ---------------------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------------------


class WeMathPrediction(BaseModel):
    """One We-Math testmini row plus the model's ``response``."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    ID: str = Field(min_length=1)
    key: str
    answer: str = Field(min_length=1)
    response: str
    knowledge_concept: str | None = Field(None, alias="knowledge concept")

    @field_validator("key")
    @classmethod
    def _key(cls, v: str) -> str:
        parse_key(v)
        return v

    def row(self) -> dict[str, Any]:
        """The row as :func:`certibench.metrics.wemath.score_predictions` reads it."""
        return {"ID": self.ID, "key": self.key, "answer": self.answer, "response": self.response,
                "knowledge concept": self.knowledge_concept}


class ProcessBenchPrediction(BaseModel):
    """One ProcessBench prediction line: ``prediction`` (int, or a list of sample
    predictions), or ``response`` (critique text, or a list of sample texts), or
    ``step_scores`` (per-step PRM scores)."""

    model_config = ConfigDict(extra="allow")

    id: str = Field(min_length=1)
    subset: str | None = None
    label: int = Field(ge=-1)
    prediction: int | None | list[int | None] = None
    response: str | list[str | None] | None = None
    step_scores: list[float] | None = None

    @field_validator("label", mode="before")
    @classmethod
    def _label_int(cls, v: Any) -> Any:
        if isinstance(v, bool) or (isinstance(v, float) and not v.is_integer()):
            raise ValueError("label must be an integer (earliest-error index, -1 for none)")
        return v

    @model_validator(mode="after")
    def _something_to_score(self) -> ProcessBenchPrediction:
        if "prediction" not in self.model_fields_set and self.response is None and self.step_scores is None:
            raise ValueError("needs one of 'prediction', 'response' or 'step_scores'")
        return self

    @property
    def subset_name(self) -> str:
        return self.subset or (self.id.rsplit("-", 1)[0] if "-" in self.id else "all")

    def has_answer(self) -> bool:
        return self.response is not None or "prediction" in self.model_fields_set

    def _responses(self) -> list[str | None] | None:
        if self.response is None:
            return None
        return list(self.response) if isinstance(self.response, list) else [self.response]

    def _predictions(self) -> list[int | None]:
        p = self.prediction
        return list(p) if isinstance(p, list) else [p]

    def merge(self, other: ProcessBenchPrediction) -> None:
        """Add another sample of the same item (``vote``)."""
        mine, theirs = self._responses(), other._responses()
        if mine is not None or theirs is not None:
            self.response = (mine or []) + (theirs or [])
        if "prediction" in other.model_fields_set:
            self.prediction = self._predictions() + other._predictions() if "prediction" in self.model_fields_set else other.prediction

    def official(self) -> int | None:
        """Official reading: the last ``\\boxed{}`` as int; samples vote on the raw string."""
        texts = self._responses()
        if texts is not None:
            return extract_boxed_official(texts[0]) if len(texts) == 1 else majority_vote_official(texts)
        preds = self._predictions()
        return preds[0] if len(preds) == 1 else pb.majority_vote(preds)

    def robust(self) -> int | None:
        texts = self._responses()
        if texts is not None:
            return pb.majority_vote([extract_processbench_robust(t) for t in texts])
        return pb.majority_vote(self._predictions())


# ---------------------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------------------


@dataclass
class PredictionFile(Generic[T]):
    """The usable records of a prediction file and what was wrong with the rest."""

    path: Path
    records: list[T]
    errors: list[RecordError] = field(default_factory=list)
    total: int = 0  # records read, good and bad

    def input_summary(self) -> dict[str, Any]:
        return {"file": str(self.path), "records": self.total, "skipped": len(self.errors),
                "errors": [str(e) for e in self.errors]}


def _collect(
    path: Path,
    model: type[BaseModel],
    strict: bool,
    accept: Callable[[int, Any], RecordError | None],
) -> tuple[list[RecordError], int]:
    """Validate every record, hand the good ones to ``accept`` (which returns an error for a
    record it refuses), and collect (or, ``strict``, raise) the errors in file order."""
    errors: list[RecordError] = []
    total = 0
    for lineno, rec in iter_validated(path, model):
        total += 1
        err = rec if isinstance(rec, RecordError) else accept(lineno, rec)
        if err is not None:
            if strict:
                raise RecordValidationError(err)
            errors.append(err)
    return errors, total


def read_wemath_predictions(path: str | Path, *, strict: bool = False) -> PredictionFile[dict[str, Any]]:
    """We-Math prediction rows (JSONL or JSON array) as dicts for scoring.  Raises
    :class:`~certibench.io.InputFileError` (unreadable file) and, with ``strict``,
    :class:`~certibench.io.RecordValidationError` on the first bad record."""
    p = Path(path)
    rows: list[dict[str, Any]] = []
    seen: dict[tuple[str, int], int] = {}

    def accept(lineno: int, rec: WeMathPrediction) -> RecordError | None:
        key = (rec.ID, parse_key(rec.key).step)
        if key in seen:
            return RecordError(str(p), lineno, "key", f"duplicate row for ID {rec.ID!r} key {rec.key!r} (first at line {seen[key]})")
        seen[key] = lineno
        rows.append(rec.row())
        return None

    errors, total = _collect(p, WeMathPrediction, strict, accept)
    return PredictionFile(p, rows, errors, total)


def read_processbench_predictions(
    path: str | Path, *, strict: bool = False, vote: bool = False
) -> PredictionFile[ProcessBenchPrediction]:
    """ProcessBench prediction lines, one record per item id (``vote``: repeated ids are
    samples of one item and are merged for a majority vote)."""
    p = Path(path)
    good: dict[str, ProcessBenchPrediction] = {}
    first_line: dict[str, int] = {}

    def accept(lineno: int, rec: ProcessBenchPrediction) -> RecordError | None:
        prev = good.get(rec.id)
        if prev is None:
            good[rec.id] = rec
            first_line[rec.id] = lineno
            return None
        if not vote:
            return RecordError(str(p), lineno, "id", f"duplicate id {rec.id!r} (first at line {first_line[rec.id]}; use --vote to majority-vote samples)")
        if prev.label != rec.label or prev.subset != rec.subset:
            return RecordError(str(p), lineno, "label", f"id {rec.id!r} repeats with a different label/subset than line {first_line[rec.id]}")
        prev.merge(rec)
        return None

    errors, total = _collect(p, ProcessBenchPrediction, strict, accept)
    return PredictionFile(p, list(good.values()), errors, total)


# ---------------------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------------------

_WEMATH_KEEP = ("IK", "IG", "CM", "RM", "S_IK", "S_IG", "S_CM", "S_RM", "score", "N", "incomplete", "alpha", "beta")


def wemath_payload(res: wm.WeMathScore) -> dict[str, Any]:
    """The JSON shape of one We-Math result (`certibench score wemath --json`)."""
    d = res.model_dump(mode="json")
    return {
        "strict": {k: d["strict"][k] for k in _WEMATH_KEEP},
        "loose": {k: d["loose"][k] for k in _WEMATH_KEEP},
        "S1": d["S1"],
        "S2": d["S2"],
        "S3": d["S3"],
        "S_by_steps": d["S_by_steps"],
        "concepts": d["concepts"],
        "areas": d["areas"],
        "rollup": d["rollup"],
        "unmapped_concepts": d["unmapped_concepts"],
        "steps": d["steps"],
        "groups": {"total": d["groups"], "complete": d["complete_groups"], "incomplete": d["incomplete"]},
        "rows": d["rows"],
        "unanswered": d["unanswered"],
    }


def processbench_payload(score: pb.ProcessBenchScore) -> dict[str, Any]:
    """The JSON shape of one ProcessBench score."""
    d = score.model_dump(mode="json")
    return {"subsets": d["subsets"], "average_f1": d["average_f1"], "subsets_in_average": d["subsets_in_average"]}


@dataclass
class WeMathFileScore:
    official: wm.WeMathScore
    robust: wm.WeMathScore
    payload: dict[str, Any]


def score_wemath_file(
    pf: PredictionFile[dict[str, Any]],
    *,
    tree: ConceptTree | None = None,
    alpha: float = 0.0,
    beta: float = 0.5,
) -> WeMathFileScore:
    """Score read We-Math predictions (official extraction; robust beside it)."""
    res = wm.score_predictions(pf.records, tree=tree, alpha=alpha, beta=beta)
    payload = wemath_payload(res["official"])
    payload["robust"] = wemath_payload(res["robust"])
    payload["input"] = pf.input_summary()
    return WeMathFileScore(res["official"], res["robust"], payload)


@dataclass
class ProcessBenchFileScore:
    official: pb.ProcessBenchScore | None
    robust: pb.ProcessBenchScore | None
    prm: pb.PRMResult | None
    payload: dict[str, Any]


def score_processbench_file(
    pf: PredictionFile[ProcessBenchPrediction],
    *,
    prm_subset: str = "gsm8k",
    threshold: float | None = None,
) -> ProcessBenchFileScore:
    """Score read ProcessBench predictions: critic answers (official and robust reading)
    and, for lines with ``step_scores``, PRM mode (threshold chosen on ``prm_subset`` unless
    given).  Raises ``ValueError`` when PRM mode cannot choose a threshold."""
    prm_rows = [r for r in pf.records if r.step_scores is not None]
    ans_rows = [r for r in pf.records if r.has_answer()]
    payload: dict[str, Any] = {}
    official = robust = None
    if ans_rows:
        official = pb.score_predictions((r.subset_name, r.label, r.official()) for r in ans_rows)
        robust = pb.score_predictions((r.subset_name, r.label, r.robust()) for r in ans_rows)
        payload = processbench_payload(official)
        payload["robust"] = processbench_payload(robust)
    prm = None
    if prm_rows:
        prm = pb.prm_evaluate(
            [(r.subset_name, r.label, r.step_scores or []) for r in prm_rows], threshold_subset=prm_subset, threshold=threshold
        )
        payload["prm"] = prm.model_dump(mode="json")
        if official is None:
            payload.update(processbench_payload(prm.scores))
    summary = pf.input_summary()
    payload["input"] = {"file": summary["file"], "records": summary["records"], "items": len(pf.records),
                        "skipped": summary["skipped"], "errors": summary["errors"]}
    return ProcessBenchFileScore(official, robust, prm, payload)
