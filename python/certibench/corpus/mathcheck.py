"""MathCheck-GSM checklist importer.

The checklist (``gsm_checklist.json``; on Hugging Face ``PremiLab-Math/MathCheck``, file
``MathCheck-GSM.json``) is a JSON array of 3,096 records: 129 seed problems ("groups")
× 4 question variants (``question_type``: ``seed_question``,
``problem_understanding_question``, ``distractor_insertion_question``,
``scenario_understanding``) × 6 task items (``task_type``: 1 ``solving``,
2 ``outcome_judging``, 1 ``process_judging``, 2 ``answerable_judging``).

Mapping into :class:`~certibench.schema.Item`:

================== ============== ==============================================================
task_type          protocol       ground_truth
================== ============== ==============================================================
solving            ``answer``     the numeric answer
outcome_judging    ``truefalse``  ``TRUE`` for "Correct", ``FALSE`` for "Incorrect" (the
                                  question asks whether the given solution is correct)
answerable_judging ``truefalse``  ``TRUE`` for "Answerable", ``FALSE`` for "Unanswerable"
process_judging    ``processbench`` 0-based index of the first wrong step (``label``), with
                                  ``steps`` split from the solution's ``Step k:`` markers
================== ============== ==============================================================

``family`` is the question variant, with ``seed_question`` as ``canonical``.
Equivalence classes: the four variants of one task item are rewordings of one problem,
so ``theorem_id`` is ``mathcheck_gsm_<group>_<task_type>`` (plus ``_<k>`` for the two
items of ``outcome_judging``/``answerable_judging``, numbered in file order within each
variant).  The group itself is kept as ``group_id`` (and ``mathcheck_group``), and every
original field (``question``, ``solution``, ``answer``, ``task_type``, ...) is kept.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from typing import Any

from certibench.corpus._importing import FieldError, convert_records, enumerate_list, read_source
from certibench.io import InputFileError, RecordError
from certibench.schema import Item

__all__ = [
    "HF_NAME",
    "HF_DATA_FILE",
    "TASK_TYPES",
    "VARIANTS",
    "load_mathcheck",
    "mathcheck_record_to_item",
    "split_steps",
]

HF_NAME = "PremiLab-Math/MathCheck"
HF_DATA_FILE = "MathCheck-GSM.json"

VARIANTS = (
    "seed_question",
    "problem_understanding_question",
    "distractor_insertion_question",
    "scenario_understanding",
)
TASK_TYPES = ("solving", "outcome_judging", "process_judging", "answerable_judging")

TF_SUFFIX = " — TRUE or FALSE?"
# A step marker at the start of a line: "Step 3:", "Step 3.", "**Step 3:**", "### Step 3:".
_MARK = r"(?:\*\*|__|#+[ \t]*)?Step\s+{num}\s*(?:\*\*|__)?\s*[:.]"
_STEP_RE = re.compile(r"(?m)^[ \t]*(?=" + _MARK.format(num=r"\d+") + ")")
_STEP_NUM_RE = re.compile(_MARK.format(num=r"(\d+)"))
_STEP_ANSWER_RE = re.compile(r"^\s*Step\s+(\d+)\s*$", re.IGNORECASE)


def split_steps(solution: str) -> list[str]:
    """Split a MathCheck solution into steps at its ``Step k:`` line markers.

    Text before the first marker (some solutions omit ``Step 1:``) is the first step;
    the closing ``The answer is ...`` line stays with the last step.
    """
    parts = [p.strip() for p in _STEP_RE.split(solution)]
    return [p for p in parts if p]


def mathcheck_record_to_item(obj: dict[str, Any], *, file: str, loc: int, ordinal: int = 0) -> Item:
    for field in ("id", "group_id", "task_type", "question_type", "question"):
        if obj.get(field) in (None, ""):
            raise FieldError(field, "required field is missing or empty")
    if "answer" not in obj or obj["answer"] in (None, ""):
        raise FieldError("answer", "required field is missing or empty")
    task = str(obj["task_type"])
    variant = str(obj["question_type"])
    if task not in TASK_TYPES:
        raise FieldError("task_type", f"unknown task type {task!r} (expected one of {', '.join(TASK_TYPES)})")
    gid = str(obj["group_id"])
    question = str(obj["question"]).strip()
    answer = obj["answer"]
    prov: dict[str, Any] = {"importer": "mathcheck", "file": file, "record": loc}
    data: dict[str, Any] = dict(obj)
    data.pop("id")
    data.update(
        id=f"mathcheck_gsm_{obj['id']}",
        mathcheck_id=obj["id"],
        mathcheck_group=gid,
        family="canonical" if variant == "seed_question" else variant,
        source="mathcheck",
        provenance=prov,
    )
    tid = f"mathcheck_gsm_{gid}_{task}"
    if task == "solving":
        if isinstance(answer, bool) or not isinstance(answer, int | float | str):
            raise FieldError("answer", f"expected a number, got {answer!r}")
        data.update(protocol="answer", nl_question=question, ground_truth=answer)
    elif task in ("outcome_judging", "answerable_judging"):
        tid += f"_{ordinal}"
        a = str(answer).strip().lower()
        if task == "outcome_judging":
            truth = {"correct": "TRUE", "incorrect": "FALSE"}.get(a)
            if not obj.get("solution"):
                raise FieldError("solution", "outcome_judging needs the solution to judge")
            claim = "The solution above is correct, including its final answer"
            text = f"Question: {question}\n\nSolution:\n{str(obj['solution']).strip()}\n\n{claim}{TF_SUFFIX}"
        else:
            truth = {"answerable": "TRUE", "unanswerable": "FALSE"}.get(a)
            claim = "The question above gives enough information to determine its answer"
            text = f"Question: {question}\n\n{claim}{TF_SUFFIX}"
        if truth is None:
            expected = "Correct/Incorrect" if task == "outcome_judging" else "Answerable/Unanswerable"
            raise FieldError("answer", f"expected {expected}, got {answer!r}")
        data.update(protocol="truefalse", nl_question=text, ground_truth=truth)
    else:  # process_judging
        solution = obj.get("solution")
        if not solution:
            raise FieldError("solution", "process_judging needs the solution to judge")
        m = _STEP_ANSWER_RE.match(str(answer))
        if not m:
            raise FieldError("answer", f"expected 'Step N', got {answer!r}")
        steps = split_steps(str(solution))
        n = int(m.group(1))
        # The answer names the step by its printed number (a few solutions skip a number,
        # e.g. "Step 2" is followed by "Step 4"), so locate that marker; else use position.
        numbered = [i for i, st in enumerate(steps) if (mm := _STEP_NUM_RE.match(st)) and int(mm.group(1)) == n]
        label = numbered[0] if numbered else n - 1
        if not 0 <= label < len(steps):
            raise FieldError("answer", f"{answer!r} but the solution has {len(steps)} step(s)")
        data.update(protocol="processbench", nl_question=question, steps=steps, label=label, ground_truth=label)
    data["theorem_id"] = tid
    return Item.model_validate(data)


def load_mathcheck(
    source: str | os.PathLike[str] = f"hf:{HF_NAME}",
    *,
    split: str | None = None,
    config: str | None = None,
    data_files: Any = None,
    strict: bool = False,
) -> tuple[list[Item], list[RecordError]]:
    """Load the MathCheck-GSM checklist from a local JSON file or Hugging Face.

    With the default Hugging Face name the ``MathCheck-GSM.json`` data file is selected.
    Returns ``(items, errors)``; bad records are reported with file, record and field.
    """
    s = str(source)
    if s.removeprefix("hf:") == HF_NAME and data_files is None:
        data_files = HF_DATA_FILE
        split = split or "train"
    label, doc, recs = read_source(source, split=split, config=config, data_files=data_files)
    if recs is not None:
        located = list(recs)
    elif isinstance(doc, list):
        located = list(enumerate_list(doc))
    else:
        raise InputFileError(f"{label}: expected a JSON array of MathCheck records")
    # Number the two judging items of each (group, variant, task) cell in file order.
    counter: dict[tuple[Any, ...], int] = defaultdict(int)
    ordinals: dict[int, int] = {}
    for loc, obj in located:
        if isinstance(obj, dict):
            key = (obj.get("group_id"), obj.get("question_type"), obj.get("task_type"))
            ordinals[loc] = counter[key]
            counter[key] += 1
    return convert_records(
        label,
        located,
        lambda o, loc: mathcheck_record_to_item(o, file=label, loc=loc, ordinal=ordinals.get(loc, 0)),
        strict=strict,
    )
