"""FormInv and MathCheck importers and the Hugging Face loading helper, on the real files
in ../shared/data (skipped when absent).  Nothing here downloads anything: the Hugging
Face path is exercised with ``datasets``' packaged ``json`` builder on the local copies,
in offline mode."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from certibench.corpus.forminv import load_forminv
from certibench.corpus.hf import (
    HFLoadError,
    MissingDependencyError,
    is_hf_name,
    load_hf_rows,
    resolve_source,
)
from certibench.corpus.mathcheck import VARIANTS, load_mathcheck, split_steps
from certibench.io import InputFileError, RecordValidationError, load_records, write_jsonl
from certibench.schema import Item, normalize_tier
from tests.helpers import shared_file

# --------------------------------------------------------------------------- FormInv


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_forminv_v3_103_loads_unchanged(tmp_path: Path) -> None:
    src = shared_file("forminv/forminv_v3_103.jsonl")
    items, errors = load_forminv(src)
    assert errors == []
    assert len(items) == 760
    assert len({i.class_id for i in items}) == 103
    assert sum(i.is_canonical for i in items) == 103
    originals = _lines(src)
    for orig, item in zip(originals, items, strict=True):
        dumped = json.loads(json.dumps(item.model_dump(mode="json", exclude_none=True), ensure_ascii=False))
        for key, value in orig.items():
            assert key in dumped, f"{orig['id']}: key {key!r} lost"
            if key == "tier":
                # The schema reads FormInv's tier1..tier3 as T1..T3; the spelling is kept.
                assert dumped["tier"] == normalize_tier(value)
                assert dumped["provenance"]["tier_original"] == value
            else:
                assert dumped[key] == value, f"{orig['id']}: {key} changed"
        assert item.protocol == "truefalse" and item.source == "forminv"
    # Written back out and read again through the shared loader: identical items.
    out = tmp_path / "items.jsonl"
    assert write_jsonl(out, items) == 760
    again, errs = load_records(out, Item)
    assert errs == [] and [a.model_dump() for a in again] == [b.model_dump() for b in items]


@pytest.mark.parametrize(
    ("name", "n_items", "n_classes", "truth"),
    [
        ("forminv_v3_50.jsonl", 366, 50, {"TRUE"}),
        ("forminv_ntp100_paraphrases.jsonl", 811, 100, {"TRUE"}),
        ("false_controls_pilot.jsonl", 25, 5, {"FALSE"}),
        ("ntp_mathlib_theorem_v1.jsonl", 100, 100, {"TRUE"}),
    ],
)
def test_forminv_item_files(name: str, n_items: int, n_classes: int, truth: set[str]) -> None:
    src = shared_file(f"forminv/{name}")
    items, errors = load_forminv(src)
    assert errors == []
    assert (len(items), len({i.class_id for i in items})) == (n_items, n_classes)
    assert {i.ground_truth for i in items} == truth
    assert {i.protocol for i in items} == {"truefalse"}
    originals = _lines(src)
    if "id" in originals[0]:  # item files keep every original key
        for orig, item in zip(originals, items, strict=True):
            dumped = item.model_dump(mode="json", exclude_none=True)
            assert all(k in dumped for k in orig)
    if name == "forminv_ntp100_paraphrases.jsonl":
        assert {i.source for i in items} == {"ntp-mathlib"}  # the file's own value is kept


def test_forminv_theorem_extracts_become_canonical_items() -> None:
    items, _ = load_forminv(shared_file("forminv/ntp_mathlib_theorem_v1.jsonl"))
    paraphrases, _ = load_forminv(shared_file("forminv/forminv_ntp100_paraphrases.jsonl"))
    canon = {i.id: i for i in paraphrases if i.is_canonical}
    for it in items:
        assert it.id.endswith("_canonical") and it.is_canonical and it.tier == "T1"
        assert it.provenance["ground_truth_original"] is True
        # Same id and question template as the FormInv canonical item of that theorem.
        if it.id in canon:
            assert it.nl_question == canon[it.id].nl_question


@pytest.mark.parametrize(("name", "tag"), [("false_siblings_50.json", "false_sibling"), ("false_siblings_subtle_50.json", "false_subtle")])
def test_forminv_false_siblings(name: str, tag: str) -> None:
    src = shared_file(f"forminv/{name}")
    raw = json.loads(src.read_text(encoding="utf-8"))["siblings"]
    items, errors = load_forminv(src)
    assert errors == [] and len(items) == len(raw) == 50
    for sib, it in zip(raw, items, strict=True):
        assert it.ground_truth == "FALSE" and it.protocol == "truefalse" and it.is_canonical
        # Its own class: never the TRUE theorem's equivalence class.
        assert it.theorem_id == f"{sib['theorem_id']}__{tag}" != sib["theorem_id"]
        assert it.provenance["sibling_of"] == sib["theorem_id"]
        assert it.provenance["counterexample"] == sib["counterexample"]
        assert it.provenance["check"] == sib["check"]
        assert it.nl_question == sib["false_stmt"].rstrip(".") + " — TRUE or FALSE?"


def test_forminv_mathcheck_conversion_is_answer_protocol() -> None:
    src = shared_file("forminv/mathcheck_formInv_full_129.jsonl")
    items, errors = load_forminv(src)
    assert errors == [] and len(items) == 258 and len({i.class_id for i in items}) == 129
    for orig, it in zip(_lines(src), items, strict=True):
        assert it.protocol == "answer"
        assert it.ground_truth == orig["expected_answer"]
        assert it.provenance["forminv_ground_truth"] == orig["ground_truth"] == "TRUE"


def test_forminv_malformed_lines_reported_rest_loads(tmp_path: Path) -> None:
    src = shared_file("forminv/forminv_v3_103.jsonl")
    lines = src.read_text(encoding="utf-8").splitlines()[:10]
    bad = list(lines)
    bad[2] = lines[2][:-5]  # truncated JSON
    rec = json.loads(lines[4])
    del rec["nl_question"]
    bad[4] = json.dumps(rec, ensure_ascii=False)
    rec = json.loads(lines[6])
    rec["tier"] = "tier9"
    bad[6] = json.dumps(rec, ensure_ascii=False)
    bad[7] = lines[0]  # duplicate id
    bad.insert(8, "[1, 2]")  # not an object
    p = tmp_path / "bad.jsonl"
    p.write_text("\n".join(bad) + "\n", encoding="utf-8")
    items, errors = load_forminv(p)
    assert len(items) == 6
    by_line = {e.line: e for e in errors}
    assert sorted(by_line) == [3, 5, 7, 8, 9]
    assert by_line[3].field is None and "invalid JSON" in by_line[3].message
    assert by_line[5].field == "nl_question"
    assert by_line[7].field == "tier" and "tier9" in by_line[7].message
    assert by_line[8].field == "id" and "duplicate" in by_line[8].message
    assert str(by_line[5]).startswith(f"{p}:5: field 'nl_question'")
    with pytest.raises(RecordValidationError, match=r":3: invalid JSON"):
        load_forminv(p, strict=True)


def test_forminv_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="no such file"):
        load_forminv(tmp_path / "missing.jsonl")
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(InputFileError, match="not UTF-8"):
        load_forminv(tmp_path / "bin.jsonl")


# --------------------------------------------------------------------------- MathCheck


@pytest.fixture(scope="module")
def mathcheck() -> tuple[list[Item], list[dict]]:
    src = shared_file("mathcheck/gsm_checklist.json")
    items, errors = load_mathcheck(src)
    assert errors == []
    return items, json.loads(src.read_text(encoding="utf-8"))


def test_mathcheck_counts_and_protocols(mathcheck: tuple[list[Item], list[dict]]) -> None:
    items, raw = mathcheck
    assert len(items) == len(raw) == 3096
    assert Counter(i.protocol for i in items) == {"truefalse": 2064, "answer": 516, "processbench": 516}
    assert len({i.model_extra["mathcheck_group"] for i in items}) == 129
    assert Counter(i.family for i in items)["canonical"] == 774  # seed_question
    for orig, it in zip(raw, items, strict=True):
        assert it.model_extra["question"] == orig["question"] and it.model_extra["answer"] == orig["answer"]
        if orig["task_type"] == "solving":
            assert it.ground_truth == orig["answer"] and it.nl_question == orig["question"]
        elif orig["task_type"] == "outcome_judging":
            assert it.ground_truth == {"Correct": "TRUE", "Incorrect": "FALSE"}[orig["answer"]]
            assert orig["solution"].strip() in it.nl_question
        elif orig["task_type"] == "answerable_judging":
            assert it.ground_truth == {"Answerable": "TRUE", "Unanswerable": "FALSE"}[orig["answer"]]
        else:
            assert it.steps and re.match(rf"^\W*{orig['answer']}\W", it.steps[it.label])


def test_mathcheck_variants_form_equivalence_classes(mathcheck: tuple[list[Item], list[dict]]) -> None:
    items, _ = mathcheck
    classes: dict[str, list[Item]] = defaultdict(list)
    for it in items:
        classes[it.class_id].append(it)
    assert len(classes) == 129 * 6
    expected = {"canonical", *VARIANTS[1:]}
    for members in classes.values():
        assert {m.family for m in members} == expected
        assert len({m.model_extra["mathcheck_group"] for m in members}) == 1
        assert len({m.model_extra["task_type"] for m in members}) == 1


def test_mathcheck_step_numbering_gap() -> None:
    # Record 1383's solution jumps from "Step 2" to "Step 4"; its answer "Step 4" is the
    # third chunk, not position 4.
    items, _ = load_mathcheck(shared_file("mathcheck/gsm_checklist.json"))
    it = next(i for i in items if i.id == "mathcheck_gsm_1383")
    assert it.label == 2 and it.steps[2].startswith("Step 4:")
    assert split_steps("Compute x.\n\nStep 2: y.\nThe answer is 3.") == ["Compute x.", "Step 2: y.\nThe answer is 3."]


def test_mathcheck_malformed_records(tmp_path: Path) -> None:
    raw = json.loads(shared_file("mathcheck/gsm_checklist.json").read_text(encoding="utf-8"))[:24]
    raw[1] = {**raw[1], "answer": "Maybe"}
    raw[3] = {k: v for k, v in raw[3].items() if k != "question"}
    raw[5] = {**raw[5], "task_type": "guessing"}
    p = tmp_path / "mc.json"
    p.write_text(json.dumps(raw), encoding="utf-8")
    items, errors = load_mathcheck(p)
    assert len(items) == 21
    assert [(e.line, e.field) for e in errors] == [(2, "answer"), (4, "question"), (6, "task_type")]
    assert "Correct/Incorrect" in errors[0].message


# --------------------------------------------------------------------------- Hugging Face helper


def test_resolve_source_detection(tmp_path: Path) -> None:
    f = tmp_path / "items.jsonl"
    f.write_text("{}\n")
    assert resolve_source(f) == ("path", f)
    assert resolve_source(str(f)) == ("path", f)
    assert resolve_source("hf:PremiLab-Math/MathCheck") == ("hf", "PremiLab-Math/MathCheck")
    assert resolve_source("We-Math/We-Math") == ("hf", "We-Math/We-Math")
    assert resolve_source("hf:json") == ("hf", "json")
    assert not is_hf_name("data/items.jsonl") and not is_hf_name(f)
    with pytest.raises(InputFileError, match="no such file"):
        resolve_source("data/items.jsonl")
    with pytest.raises(InputFileError, match="no such file"):
        resolve_source("missing")
    with pytest.raises(InputFileError, match="empty Hugging Face dataset name"):
        resolve_source("hf:")


def test_missing_datasets_gives_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "datasets", None)  # makes `import datasets` fail
    with pytest.raises(MissingDependencyError, match=r"pip install datasets"):
        load_hf_rows("PremiLab-Math/MathCheck")
    with pytest.raises(MissingDependencyError, match=r"pip install datasets"):
        load_forminv("hf:owner/forminv")
    with pytest.raises(MissingDependencyError, match=r"pip install datasets"):
        load_mathcheck()  # default source is the Hugging Face name


@pytest.fixture
def offline_hf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Offline before `datasets` is imported (it reads these at import time) ...
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "hf" / "datasets"))
    datasets = pytest.importorskip("datasets", reason="optional `datasets` package not installed")
    # ... and also when another test imported it earlier.
    monkeypatch.setattr(datasets.config, "HF_DATASETS_OFFLINE", True, raising=False)
    monkeypatch.setattr(datasets.config, "HF_HUB_OFFLINE", True, raising=False)
    monkeypatch.setattr(datasets.config, "HF_DATASETS_CACHE", tmp_path / "hf" / "datasets", raising=False)
    hub_constants = pytest.importorskip("huggingface_hub.constants")
    monkeypatch.setattr(hub_constants, "HF_HUB_OFFLINE", True, raising=False)


def test_hf_path_on_local_copies(offline_hf: None) -> None:
    """The real `datasets` code path, on local files (its packaged json builder, offline)."""
    src = shared_file("forminv/forminv_v3_103.jsonl")
    rows = load_hf_rows("json", split="train", data_files=str(src))
    assert len(rows) == 760 and rows[0]["id"] == _lines(src)[0]["id"]
    items, errors = load_forminv("hf:json", split="train", data_files=str(src))
    local, _ = load_forminv(src)
    assert errors == [] and len(items) == 760
    assert [i.nl_question for i in items] == [i.nl_question for i in local]
    assert items[0].provenance["file"] == "hf:json:train"
    mc, errs = load_mathcheck("hf:json", split="train", data_files=str(shared_file("mathcheck/gsm_checklist.json")))
    assert errs == [] and len(mc) == 3096
    # All splits at once: a DatasetDict flattens to rows (one split -> no _split key).
    assert len(load_hf_rows("json", data_files=str(src))) == 760


def test_hf_unknown_dataset_offline_is_one_clear_error(offline_hf: None) -> None:
    with pytest.raises(HFLoadError, match=r"could not load Hugging Face dataset hf:nobody-zz/no-such-dataset"):
        load_hf_rows("nobody-zz/no-such-dataset")
