"""The metric layer's prediction-file reader (`certibench score` is a thin shell over it):
validation with file/line/field, duplicates, voting, strict mode, and scoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certibench.io import InputFileError, RecordValidationError
from certibench.metrics.predictions import (
    read_processbench_predictions,
    read_wemath_predictions,
    score_processbench_file,
)


def _jsonl(path: Path, rows: list[object]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def test_processbench_lines_are_validated_deduplicated_and_voted(tmp_path: Path) -> None:
    p = _jsonl(tmp_path / "p.jsonl", [
        {"id": "gsm8k-0", "label": 1, "response": "\\boxed{1}"},
        {"id": "gsm8k-0", "label": 1, "response": "\\boxed{2}"},
        {"id": "gsm8k-0", "label": 1, "response": "\\boxed{1}"},
        "{not json",
        {"id": "gsm8k-1", "label": True, "prediction": -1},
        {"id": "gsm8k-2", "label": -1},
        {"id": "gsm8k-3", "subset": "gsm8k", "label": -1, "prediction": -1},
        {"id": "gsm8k-0", "label": 2, "response": "\\boxed{2}"},
    ])
    plain = read_processbench_predictions(p)
    assert [r.id for r in plain.records] == ["gsm8k-0", "gsm8k-3"] and plain.total == 8
    msgs = [str(e) for e in plain.errors]
    assert msgs[0] == f"{p}:2: field 'id': duplicate id 'gsm8k-0' (first at line 1; use --vote to majority-vote samples)"
    assert msgs[2].startswith(f"{p}:4: invalid JSON")
    assert msgs[3] == f"{p}:5: field 'label': Value error, label must be an integer (earliest-error index, -1 for none)"
    assert msgs[4].startswith(f"{p}:6: ") and "needs one of 'prediction', 'response' or 'step_scores'" in msgs[4]

    voted = read_processbench_predictions(p, vote=True)
    first = voted.records[0]
    assert first.response == ["\\boxed{1}", "\\boxed{2}", "\\boxed{1}"] and first.official() == 1
    assert str(voted.errors[-1]) == f"{p}:8: field 'label': id 'gsm8k-0' repeats with a different label/subset than line 1"
    score = score_processbench_file(voted)
    assert score.payload["input"] == {"file": str(p), "records": 8, "items": 2, "skipped": 4,
                                      "errors": [str(e) for e in voted.errors]}
    gsm = score.official.subsets["gsm8k"]  # type: ignore[union-attr]
    assert (gsm.error_acc, gsm.correct_acc, gsm.f1) == (1.0, 1.0, 1.0)

    with pytest.raises(RecordValidationError, match=r":2: field 'id'"):
        read_processbench_predictions(p, strict=True)
    with pytest.raises(InputFileError, match="cannot read"):
        read_processbench_predictions(tmp_path / "missing.jsonl")


def test_wemath_rows_repeating_id_and_step_are_errors(tmp_path: Path) -> None:
    row = {"ID": "1", "key": "2steps_1", "answer": "A", "response": "Answer: A", "knowledge concept": "Angles"}
    p = _jsonl(tmp_path / "w.json", [row, {**row, "response": "Answer: B"}, {**row, "key": "2steps_2"}, {**row, "key": "bad key"}])
    pf = read_wemath_predictions(p)
    assert [r["key"] for r in pf.records] == ["2steps_1", "2steps_2"]
    assert str(pf.errors[0]) == f"{p}:2: field 'key': duplicate row for ID '1' key '2steps_1' (first at line 1)"
    assert pf.errors[1].line == 4 and pf.errors[1].field == "key"
    assert pf.records[0] == {"ID": "1", "key": "2steps_1", "answer": "A", "response": "Answer: A", "knowledge concept": "Angles"}
