"""Input records of `certibench score` (pydantic v2 models at the file boundary)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


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
        from certibench.corpus.wemath import parse_key

        parse_key(v)
        return v


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
        """Add another sample of the same item (``--vote``)."""
        mine, theirs = self._responses(), other._responses()
        if mine is not None or theirs is not None:
            self.response = (mine or []) + (theirs or [])
        if "prediction" in other.model_fields_set:
            self.prediction = self._predictions() + other._predictions() if "prediction" in self.model_fields_set else other.prediction

    def official(self) -> int | None:
        """Official reading: the last ``\\boxed{}`` as int; samples vote on the raw string."""
        from certibench.run.answers import extract_boxed_official, majority_vote_official

        texts = self._responses()
        if texts is not None:
            return extract_boxed_official(texts[0]) if len(texts) == 1 else majority_vote_official(texts)
        preds = self._predictions()
        if len(preds) == 1:
            return preds[0]
        from certibench.metrics.processbench import majority_vote

        return majority_vote(preds)

    def robust(self) -> int | None:
        from certibench.metrics.processbench import majority_vote
        from certibench.run.answers import extract_processbench_robust

        texts = self._responses()
        if texts is not None:
            return majority_vote([extract_processbench_robust(t) for t in texts])
        return majority_vote(self._predictions())
