"""Answer extractors: official readers equal the anchors' own code; robust readers
handle the ways models phrase answers."""

from __future__ import annotations

import re
from collections import Counter

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certibench.run.answers import (
    extract_boxed_official,
    extract_processbench_robust,
    extract_wemath_official,
    extract_wemath_robust,
    last_boxed,
    majority_vote_official,
    strip_think,
)

# --- oracles: the anchors' code, verbatim in behaviour ---------------------------------


def wemath_pandas_chain(responses: list[str]) -> list[str | None]:
    """We-Math evaluation/*.py: load_and_process_data's extraction on a response column."""
    df = pd.DataFrame({"response": responses})
    s = df["response"].str.split("Answer").str[-1].str.strip().str.replace(r"[>><<:.]", "", regex=True).str.strip()
    return [x[0] if x and x[0] in "ABCDEFGH" else None for x in s]


def processbench_run_eval(text: str) -> int | None:
    """QwenLM/ProcessBench code/run_eval.py: extract_answer then int(), else None."""
    matches = re.findall(r"\\boxed\{([^}]*)\}", text)
    pred = matches[-1].strip() if matches else None
    try:
        return int(pred)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def processbench_vote(texts: list[str]) -> int | None:
    preds = []
    for t in texts:
        m = re.findall(r"\\boxed\{([^}]*)\}", t)
        if m:
            preds.append(m[-1].strip())
    if not preds:
        return None
    try:
        return int(Counter(preds).most_common(1)[0][0])
    except ValueError:
        return None


# --- We-Math official ------------------------------------------------------------------

WEMATH_CASES = [
    "Answer: C",
    "The Answer is B.",
    "answer: C",  # lower-case 'answer' is not split on
    "Answer: c",
    "A",
    "Answer:: <B>",
    "Answer >> D.",
    "Answer: (A)",
    "Answer: ",
    "",
    "Answer: E. Answer: H",
    "Answer: I",
    "....G",
    "Answers: B",
    "   \n F \n",
    "Answer:\n\nB because Answer is A",
]


def test_wemath_official_matches_the_pandas_chain_on_cases() -> None:
    assert [extract_wemath_official(x) for x in WEMATH_CASES] == wemath_pandas_chain(WEMATH_CASES)
    assert extract_wemath_official("Answer: C") == "C"
    assert extract_wemath_official("The answer is B.") is None  # no capital 'Answer': first char 'T'
    assert extract_wemath_official("Answer: (A)") is None  # '(' is not stripped officially
    assert extract_wemath_official(None) is None


_alphabet = st.sampled_from(list("ABCDEFGHIabcz ().:<>\n*") + ["Answer", "answer", "Answer:", "\\boxed{", "}"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_alphabet, max_size=12).map("".join), min_size=1, max_size=20))
def test_wemath_official_matches_the_pandas_chain_property(texts: list[str]) -> None:
    assert [extract_wemath_official(t) for t in texts] == wemath_pandas_chain(texts)


# --- We-Math robust --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Answer: C", "C"),
        ("<Thought process>: <<the sum is 7>> <Answer>: <<B>>", "B"),  # We-Math's prompt template
        ("<Answer>: C", "C"),
        ("Answer = D", "D"),
        ("The answer is C because option A double counts.", "C"),
        ("Option A is wrong; choice D fits.", "D"),
        ("First guess \\boxed{A}. On reflection, Answer: C", "C"),  # the later marker wins
        ("Answer: A? Let me recheck... \\boxed{D}", "D"),
        ("The answer is B.", "B"),
        ("**Answer:** (D) 4000, 3000", "D"),
        ("Therefore, the correct option is **C**.", "C"),
        ("<think>Answer: A? no...</think>\nFinal answer: E", "E"),
        ("so the result is \\boxed{B}", "B"),
        ("\\boxed{\\text{(F)}}", "F"),
        ("B", "B"),
        ("(C) 3000, 4000", "C"),
        ("B. 400, 300", "B"),
        ("answer: b", "B"),
        ("The answer is a triangle with sides 3 and 4", None),
        ("A triangle has three sides.", None),
        ("I cannot determine this.", None),
        ("", None),
        (None, None),
    ],
)
def test_wemath_robust(text: str | None, want: str | None) -> None:
    assert extract_wemath_robust(text) == want


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="<>"), max_size=60).filter(lambda t: "answer" not in t.lower()), st.sampled_from("ABCDEFGH"))
def test_wemath_template_replies_read_the_same_both_ways(thought: str, letter: str) -> None:
    reply = f"<Thought process>: <<{thought}>> <Answer>: <<{letter}>>"
    assert extract_wemath_official(reply) == extract_wemath_robust(reply) == letter


# --- ProcessBench official -------------------------------------------------------------

PB_CASES = [
    "The earliest error is in paragraph 2. \\boxed{2}",
    "\\boxed{-1}",
    "\\boxed{ 3 }",
    "\\boxed{1} then later \\boxed{4}",
    "\\boxed{\\text{2}}",
    "\\boxed{paragraph_1}",
    "\\boxed{}",
    "no box at all: 3",
    "\\boxed{+2}",
    "\\boxed{2.0}",
    "\\boxed{0}\\boxed{x}",
]


def test_processbench_official_matches_run_eval() -> None:
    assert [extract_boxed_official(t) for t in PB_CASES] == [processbench_run_eval(t) for t in PB_CASES]
    assert extract_boxed_official("\\boxed{1} then later \\boxed{4}") == 4
    assert extract_boxed_official("\\boxed{\\text{2}}") is None  # nested braces defeat the official regex
    assert extract_boxed_official(None) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["\\boxed{", "}", "{", "-1", "2", " ", "x", "paragraph_", "10", "\\text{"]), max_size=15).map("".join))
def test_processbench_official_property(text: str) -> None:
    assert extract_boxed_official(text) == processbench_run_eval(text)


def test_processbench_official_vote() -> None:
    samples = ["\\boxed{2}", "\\boxed{3}", "none", "\\boxed{3}", "\\boxed{ 3}", "\\boxed{2}"]
    assert majority_vote_official(samples) == processbench_vote(samples) == 3  # " 3" is stripped before voting
    tie = ["\\boxed{1}", "\\boxed{0}"]
    assert majority_vote_official(tie) == processbench_vote(tie) == 1  # first seen wins a tie
    assert majority_vote_official(["nothing", None]) is None
    assert majority_vote_official(["\\boxed{x}", "\\boxed{x}", "\\boxed{1}"]) is None  # voted string is not an int


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("\\boxed{2}", 2),
        ("\\boxed{\\text{-1}}", -1),
        ("$\\boxed{\\textbf{3}}$", 3),
        ("\\boxed{paragraph_4}", 4),
        ("\\boxed{Paragraph 0}", 0),
        ("\\boxed{None}", -1),
        ("\\boxed{no error}", -1),
        ("\\boxed{1, 2}", None),
        ("The earliest error occurs in paragraph_3 where the sum is wrong.", 3),
        ("After checking, all paragraphs are correct.", -1),
        ("<think>maybe \\boxed{1}</think> The answer: \\boxed{5}", 5),
        ("nothing useful", None),
        (None, None),
    ],
)
def test_processbench_robust(text: str | None, want: int | None) -> None:
    assert extract_processbench_robust(text) == want


def test_strip_think_and_last_boxed() -> None:
    assert strip_think("<think>a</think>B") == "B"
    assert strip_think("reasoning here</think>\nAnswer: C") == "Answer: C"
    assert strip_think("Answer: A <think>cut off") == "Answer: A"
    assert strip_think("<thinking>x</thinking> y <think>z</think> w") == "y  w"
    assert strip_think("") == ""
    assert last_boxed("\\boxed{\\frac{1}{2}} and \\boxed{3}") == "3"
    assert last_boxed("\\boxed{\\frac{1}{2}}") == "\\frac{1}{2}"
    assert last_boxed("\\boxed{unclosed") is None
    assert last_boxed("\\boxed{1} \\boxed{unclosed") == "1"
    assert last_boxed("\\boxed{a \\boxed{b} c}") == "b"  # the last one to open


def test_extractors_are_linear_on_hostile_input() -> None:
    import time

    hostile = [
        "\\boxed{" * 20000 + "Answer" * 5000 + "(" * 20000,
        "answer" + " " * 50000 + "x",
        "Answer" + "<" * 50000 + "x",
        " " * 50000 + "x",
        "<think>" * 20000,
        "\\boxed{" + " " * 50000,
        "{" * 50000 + "\\boxed{" + "}" * 50000,
        "earliest error paragraph " * 5000,
        "\\boxed{" + " " * 50000 + "x}",
    ]
    readers = (extract_wemath_robust, extract_processbench_robust, extract_wemath_official, extract_boxed_official, strip_think)
    for text in hostile:
        for read in readers:
            t0 = time.perf_counter()
            read(text)
            assert time.perf_counter() - t0 < 0.5, (read.__name__, text[:30])
