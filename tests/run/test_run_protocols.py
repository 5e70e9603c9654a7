"""Protocols of `certibench run`: exact published prompts, parsers, scoring, KCA cards."""

from __future__ import annotations

import json

import pytest

from certibench.io import load_records
from certibench.run.answers import strip_think
from certibench.run.protocols import (
    PROCESSBENCH_TEMPLATE,
    TRUEFALSE_SYSTEM,
    ProtocolError,
    get_protocol,
    infer_protocol,
    kca_text,
    load_cards,
    parse_truefalse_forminv,
    parse_truefalse_robust,
)
from certibench.schema import Item
from tests.helpers import shared_file


def test_truefalse_prompt_is_forminv_published() -> None:
    item = Item(id="x", nl_question="Every prime number is at least 2.", ground_truth="TRUE")
    msgs = get_protocol("truefalse").messages(item)
    assert msgs[0] == {
        "role": "system",
        "content": "You are evaluating mathematical statements.\n"
        "Answer strictly based on mathematical correctness, not user preference.\n"
        "Return exactly TRUE or FALSE.",
    }
    assert msgs[1] == {"role": "user", "content": "Every prime number is at least 2.\n\nAnswer TRUE or FALSE."}
    assert TRUEFALSE_SYSTEM.count("\n") == 2


@pytest.mark.parametrize(
    ("text", "official", "robust"),
    [
        ("TRUE", "TRUE", "TRUE"),
        ("false", "FALSE", "FALSE"),
        ("True. Every prime is >= 2.", "TRUE", "TRUE"),
        ("The statement is TRUE.", "TRUE", "TRUE"),
        ("UNTRUE", "TRUE", None),  # FormInv's substring rule vs whole words
        ("It is not true, so FALSE", None, None),
        ("It is not true.", "TRUE", None),  # negation: FormInv reads TRUE, robust abstains
        ("**Answer:** FALSE", "FALSE", "FALSE"),
        ("TRUE or FALSE? Hmm.\nAnswer: FALSE", "TRUE", "FALSE"),
        ("I cannot decide.", None, None),
        ("\\boxed{TRUE}", "TRUE", "TRUE"),
    ],
)
def test_truefalse_parsers(text: str, official: str | None, robust: str | None) -> None:
    assert parse_truefalse_forminv(text) == official
    assert parse_truefalse_robust(text) == robust


def test_truefalse_scoring_accepts_bool_and_string_truth() -> None:
    p = get_protocol("truefalse")
    assert p.correct(Item(id="a", ground_truth=True), "TRUE") is True
    assert p.correct(Item(id="a", ground_truth="FALSE"), "TRUE") is False
    assert p.correct(Item(id="a", ground_truth="FALSE"), None) is False
    assert p.correct(Item(id="a", ground_truth=None), "TRUE") is None


def test_strip_think_keeps_answer() -> None:
    assert strip_think("<think>TRUE? no, FALSE</think>\nTRUE").strip() == "TRUE"
    assert "FALSE" not in strip_think("<think>maybe FALSE</think>TRUE")


def test_real_forminv_items_build_prompts() -> None:
    path = shared_file("forminv/forminv_v3_103.jsonl")
    items, errors = load_records(path, Item)
    assert not errors and len(items) == 760
    p = get_protocol("truefalse")
    for it in items[:50]:
        assert infer_protocol(it) == "truefalse"
        msgs = p.messages(it)
        assert msgs[1]["content"].startswith(it.nl_question)
        assert p.expected(it) in ("TRUE", "FALSE")


def test_processbench_template_tags_paragraphs_from_zero() -> None:
    path = shared_file("processbench/gsm8k.json")
    row = json.loads(path.read_text())[0]
    item = Item(id=row["id"], nl_question=row["problem"], steps=row["steps"], label=row["label"])
    assert infer_protocol(item) == "processbench"
    p = get_protocol("processbench")
    (msg,) = p.messages(item)
    content = msg["content"]
    assert content.startswith("The following is a math problem and a solution (split into paragraphs, enclosed with tags and indexed from 0):")
    for i, step in enumerate(row["steps"]):
        assert f"<paragraph_{i}>\n{step}\n</paragraph_{i}>" in content
    assert f"<paragraph_{len(row['steps'])}>" not in content
    assert content.endswith("Please put your final answer (i.e., the index) in \\boxed{}.")
    assert "{problem}" in PROCESSBENCH_TEMPLATE and "\\boxed{{}}" in PROCESSBENCH_TEMPLATE
    assert p.sampling_defaults(1) == {"temperature": 0.0}
    assert p.sampling_defaults(8) == {"temperature": 0.7, "top_p": 0.8}


def test_processbench_parse_and_score() -> None:
    item = Item(id="pb", nl_question="q", steps=["a", "b", "c"], label=1)
    p = get_protocol("processbench")
    parsed, robust = p.parse("Paragraph 1 is wrong.\n\n\\boxed{1}", item)
    assert parsed == 1 and robust == 1
    assert p.correct(item, parsed) is True
    assert p.correct(item, -1) is False
    none_parsed, _ = p.parse("no box here", item)
    assert none_parsed is None and p.correct(item, none_parsed) is False
    assert p.vote([1, 1, -1, None, 2]) == 1


def test_wemath_prompt_and_kca_cards_from_real_files() -> None:
    rows = json.loads(shared_file("wemath/testmini.json").read_text())
    cards = load_cards(shared_file("wemath/knowledge_cards.json"))
    assert len(cards) == 67
    row = rows[0]
    item = Item(
        id=row["ID"], nl_question=row["question"], choices=row["option"], ground_truth=row["answer"],
        concepts=[row["knowledge concept"]],
    )
    assert infer_protocol(item) == "wemath"
    plain = get_protocol("wemath").messages(item)[0]["content"]
    assert f"Question: {row['question']}\nOption: {row['option']}\n" in plain
    assert plain.endswith("<Thought process>: <<your thought process>> <Answer>: <<your option>>")
    assert "Knowledge concept" not in plain
    kca = get_protocol("wemath", kca=True).messages(item, cards=cards)[0]["content"]
    assert f"Knowledge concept: {cards[row['knowledge concept']]}\nQuestion:" in kca
    # KCA without a cards file falls back to the row's own card text (We-Math rows carry it)
    item2 = Item.model_validate({**item.model_dump(), "knowledge concept description": "CARD TEXT"})
    assert kca_text(item2, None) == "CARD TEXT"
    with pytest.raises(ProtocolError, match="concepts"):
        kca_text(Item(id="z", concepts=["No Such Concept"]), cards)


def test_wemath_parse_official() -> None:
    item = Item(id="w", nl_question="q", choices="A. 1;B. 2;C. 3", ground_truth="C")
    p = get_protocol("wemath")
    parsed, _robust = p.parse("<Thought process>: 1+2=3 <Answer>: C", item)
    assert parsed == "C" and p.correct(item, parsed) is True


def test_missing_question_is_a_protocol_error_naming_the_field() -> None:
    with pytest.raises(ProtocolError, match="nl_question"):
        get_protocol("truefalse").messages(Item(id="bad"))
    with pytest.raises(ProtocolError, match="steps"):
        get_protocol("processbench").messages(Item(id="bad", nl_question="q"))
    with pytest.raises(ProtocolError, match="unknown protocol"):
        get_protocol("essay")


def test_imported_benchmarks_plan_under_their_protocols() -> None:
    """Items from the corpus importers (We-Math testmini, ProcessBench gsm8k) are all askable:
    every We-Math item gets its KCA cards from knowledge_cards.json, every ProcessBench item
    its tagged paragraphs."""
    from certibench.corpus import processbench as pbm
    from certibench.corpus import wemath
    from certibench.run.options import RunOptions
    from certibench.run.plan import plan_units
    from certibench.run.specs import parse_model_spec

    wm_items, errs = wemath.load_wemath(shared_file("wemath/testmini.json"))
    assert not errs and len(wm_items) == 1740
    cards = load_cards(shared_file("wemath/knowledge_cards.json"))
    spec = parse_model_spec("openai:m", base_url="http://127.0.0.1:1/v1")
    units, problems = plan_units(wm_items, [spec], RunOptions(kca=True), cards, None)
    assert not problems and len(units) == 1740
    assert {u.protocol.name for u in units} == {"wemath"}
    assert all("Knowledge concept: " in u.messages[0]["content"] for u in units)
    pb_items, errs = pbm.load_processbench(shared_file("processbench/gsm8k.json"))
    assert not errs and len(pb_items) == 400
    units, problems = plan_units(pb_items, [spec], RunOptions(samples=8), None, None)
    assert not problems and len(units) == 3200
    assert all(u.params["temperature"] == 0.7 and u.params["top_p"] == 0.8 for u in units)
    assert len({u.key for u in units}) == 3200  # every sample its own request
