"""Protocols: how an item is asked (messages, sampling defaults) and how the answer is read
(an *official* parser, faithful to the benchmark's published code, and a *robust* parser,
reported separately) and scored.

* ``truefalse`` — FormInv: published system prompt and user turn; FormInv's ``parse_label``.
* ``processbench`` — ProcessBench critic: the official critique template (paragraphs tagged
  ``<paragraph_i>``, indexed from 0; the earliest wrong paragraph, or -1, in ``\\boxed{}``);
  greedy, or ``--samples 8`` majority voting (temperature 0.7, top-p 0.8 as upstream).
* ``wemath`` — We-Math: question + options, ``<Thought process>: … <Answer>: …``; ``--kca``
  prepends the knowledge-concept cards of the item's concepts.
* ``answer`` — free-form final answer in ``\\boxed{}`` (MathCheck/GSM-style items).

Answer extraction for wemath/processbench/answer (and ``strip_think``) lives once, in
:mod:`certibench.run.answers`; this module only wires it in.
"""

from __future__ import annotations

import base64
import mimetypes
import re
from collections import Counter
from pathlib import Path
from typing import Any

from certibench.run.answers import (
    extract_boxed_official,
    extract_processbench_robust,
    extract_wemath_official,
    extract_wemath_robust,
    last_boxed,
)
from certibench.schema import Item

PROTOCOLS: tuple[str, ...] = ("truefalse", "processbench", "wemath", "answer")

# --- FormInv (forminv/eval/providers.py, published) -------------------------------------
TRUEFALSE_SYSTEM = (
    "You are evaluating mathematical statements.\n"
    "Answer strictly based on mathematical correctness, not user preference.\n"
    "Return exactly TRUE or FALSE."
)
TRUEFALSE_USER = "{question}\n\nAnswer TRUE or FALSE."

# --- ProcessBench (code/templates/critique_template.txt) ------------------------------
PROCESSBENCH_TEMPLATE = (
    "The following is a math problem and a solution (split into paragraphs, enclosed with tags "
    "and indexed from 0):\n\n[Math Problem]\n\n{problem}\n\n[Solution]\n\n{tagged_response}\n\n"
    "Your task is to review and critique the solution paragraph by paragraph. Once you identify an "
    "error in a paragraph, return the index of the paragraph where the earliest error occurs. "
    "Otherwise, return the index of -1 (which typically denotes \"not found\").\n\n"
    "Please put your final answer (i.e., the index) in \\boxed{{}}."
)

# --- We-Math (evaluation prompt of the We-Math release; KCA variant) ---------------------
WEMATH_TEMPLATE = (
    "Now, we require you to solve a multiple-choice math question. "
    "Please briefly describe your thought process and provide the final answer(option).\n"
    "Question: {question}\n"
    "Option: {option}\n"
    "Regarding the format, please answer following the template below, and be sure to include "
    "two <> symbols:\n"
    "<Thought process>: <<your thought process>> <Answer>: <<your option>>"
)
WEMATH_KCA_TEMPLATE = (
    "Now, we require you to solve a multiple-choice math question. "
    "We will provide you with the relevant knowledge concepts of this question for your reference. "
    "Please briefly describe your thought process and provide the final answer(option).\n"
    "Knowledge concept: {cards}\n"
    "Question: {question}\n"
    "Option: {option}\n"
    "Regarding the format, please answer following the template below, and be sure to include "
    "two <> symbols:\n"
    "<Thought process>: <<your thought process>> <Answer>: <<your option>>"
)

ANSWER_USER = "{question}\n\nPlease reason step by step, and put your final answer within \\boxed{{}}."


class ProtocolError(ValueError):
    """An item cannot be asked under a protocol (missing field); message names the field."""


# ----------------------------------------------------------------------------- truefalse
def parse_truefalse_forminv(text: str) -> str | None:
    """FormInv's published ``parse_label``: the first line equal to or starting with
    TRUE/FALSE (upper-cased), else the one label present in the text, else None."""
    t = text.strip().upper()
    for line in t.splitlines():
        line = line.strip()
        if line in ("TRUE", "FALSE"):
            return line
        if line.startswith("TRUE"):
            return "TRUE"
        if line.startswith("FALSE"):
            return "FALSE"
    if "TRUE" in t and "FALSE" not in t:
        return "TRUE"
    if "FALSE" in t and "TRUE" not in t:
        return "FALSE"
    return None


_MD_RE = re.compile(r"[*_`#>]+")
_WORD_TF = re.compile(r"\b(TRUE|FALSE)\b")
_BOXED_TF = re.compile(r"\\boxed\{\s*(?:\\text\{)?\s*(TRUE|FALSE)\s*\}?\s*\}")
_DECLARED_TF = re.compile(r"(?:FINAL\s+ANSWER|ANSWER|VERDICT)\s*(?:IS\s*:?|[:=])\s*(TRUE|FALSE)\b")
_NEGATED_TF = re.compile(r"\bNOT\s+(?:TRUE|FALSE)\b")


def parse_truefalse_robust(text: str) -> str | None:
    """A stricter reading: whole words only (``UNTRUE`` is not ``TRUE``), an explicit
    ``\\boxed{}`` or ``Answer: X`` declaration wins (the last one), a bare first line must
    be exactly the label, and otherwise exactly one label may occur with no negation."""
    t = _MD_RE.sub("", text).upper()
    boxed = _BOXED_TF.findall(t)
    if boxed:
        return boxed[-1]
    declared = _DECLARED_TF.findall(t)
    if declared:
        return declared[-1]
    lines = [ln.strip(" \t.:!") for ln in t.splitlines() if ln.strip()]
    if lines and lines[0] in ("TRUE", "FALSE"):
        return lines[0]
    if _NEGATED_TF.search(t):
        return None
    words = set(_WORD_TF.findall(t))
    if len(words) == 1:
        return words.pop()
    return None


def _truth_label(value: Any) -> str | None:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str) and value.strip().upper() in ("TRUE", "FALSE"):
        return value.strip().upper()
    return None


# ----------------------------------------------------------------------------- protocol objects
class Protocol:
    """Base class; subclasses define the prompt, sampling defaults and parsers."""

    name: str = ""
    default_max_tokens: int = 512
    grammar: str | None = None  # GBNF for constrained decoding, where the protocol has one

    def sampling_defaults(self, samples: int) -> dict[str, Any]:
        return {"temperature": 0.0}

    def messages(self, item: Item, *, cards: dict[str, str] | None = None, images_root: Path | None = None) -> list[dict[str, Any]]:
        raise NotImplementedError

    def parse(self, text: str, item: Item) -> tuple[Any, Any]:
        """(official, robust) parse of the reasoning-stripped text."""
        raise NotImplementedError

    def expected(self, item: Item) -> Any:
        return item.ground_truth

    def correct(self, item: Item, parsed: Any) -> bool | None:
        exp = self.expected(item)
        if parsed is None or exp is None:
            return None if exp is None else False
        return parsed == exp

    def vote(self, values: list[Any]) -> Any:
        """Majority vote over parsed answers (None = abstain), ties to the first seen."""
        vals = [v for v in values if v is not None]
        if not vals:
            return None
        return Counter(vals).most_common(1)[0][0]


class TrueFalse(Protocol):
    name = "truefalse"
    default_max_tokens = 16
    #: GBNF grammar for constrained decoding (llama.cpp-family servers, e.g. the local model)
    grammar = 'root ::= "TRUE" | "FALSE"'

    def messages(self, item: Item, *, cards: dict[str, str] | None = None, images_root: Path | None = None) -> list[dict[str, Any]]:
        if not item.nl_question:
            raise ProtocolError(f"item {item.id}: field 'nl_question' is empty (truefalse protocol)")
        return [
            {"role": "system", "content": TRUEFALSE_SYSTEM},
            {"role": "user", "content": TRUEFALSE_USER.format(question=item.nl_question)},
        ]

    def parse(self, text: str, item: Item) -> tuple[Any, Any]:
        return parse_truefalse_forminv(text), parse_truefalse_robust(text)

    def expected(self, item: Item) -> Any:
        return _truth_label(item.ground_truth)


class ProcessBenchCritic(Protocol):
    name = "processbench"
    default_max_tokens = 1024

    def sampling_defaults(self, samples: int) -> dict[str, Any]:
        # upstream: greedy for a single critique, temperature 0.7 / top-p 0.8 when voting
        return {"temperature": 0.0} if samples <= 1 else {"temperature": 0.7, "top_p": 0.8}

    def messages(self, item: Item, *, cards: dict[str, str] | None = None, images_root: Path | None = None) -> list[dict[str, Any]]:
        if not item.nl_question:
            raise ProtocolError(f"item {item.id}: field 'nl_question' (the problem) is empty (processbench protocol)")
        if not item.steps:
            raise ProtocolError(f"item {item.id}: field 'steps' is empty (processbench protocol)")
        tagged = "".join(f"<paragraph_{i}>\n{s}\n</paragraph_{i}>\n\n" for i, s in enumerate(item.steps)).strip()
        return [{"role": "user", "content": PROCESSBENCH_TEMPLATE.format(problem=item.nl_question, tagged_response=tagged)}]

    def parse(self, text: str, item: Item) -> tuple[Any, Any]:
        official = _to_int(extract_boxed_official(text))
        robust = _to_int(extract_processbench_robust(text))
        return official, robust

    def expected(self, item: Item) -> Any:
        if item.label is not None:
            return int(item.label)
        return _to_int(item.ground_truth)


class WeMath(Protocol):
    name = "wemath"
    default_max_tokens = 512

    def __init__(self, kca: bool = False) -> None:
        self.kca = kca

    def messages(self, item: Item, *, cards: dict[str, str] | None = None, images_root: Path | None = None) -> list[dict[str, Any]]:
        if not item.nl_question:
            raise ProtocolError(f"item {item.id}: field 'nl_question' is empty (wemath protocol)")
        option = item.choices or ""
        if self.kca:
            text = WEMATH_KCA_TEMPLATE.format(cards=kca_text(item, cards), question=item.nl_question, option=option)
        else:
            text = WEMATH_TEMPLATE.format(question=item.nl_question, option=option)
        if images_root is not None and item.image_path:
            img = Path(item.image_path)
            if not img.is_absolute():
                img = images_root / img
            if img.is_file():
                mime = mimetypes.guess_type(img.name)[0] or "image/png"
                data = base64.b64encode(img.read_bytes()).decode("ascii")
                return [{"role": "user", "content": [
                    {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}},
                    {"type": "text", "text": text},
                ]}]
        return [{"role": "user", "content": text}]

    def parse(self, text: str, item: Item) -> tuple[Any, Any]:
        official = extract_wemath_official(text)
        robust = extract_wemath_robust(text)
        return _letter(official), _letter(robust)

    def expected(self, item: Item) -> Any:
        return _letter(item.ground_truth)


class FreeAnswer(Protocol):
    name = "answer"
    default_max_tokens = 512

    def messages(self, item: Item, *, cards: dict[str, str] | None = None, images_root: Path | None = None) -> list[dict[str, Any]]:
        if not item.nl_question:
            raise ProtocolError(f"item {item.id}: field 'nl_question' is empty (answer protocol)")
        return [{"role": "user", "content": ANSWER_USER.format(question=item.nl_question)}]

    def parse(self, text: str, item: Item) -> tuple[Any, Any]:
        official = last_boxed(text)
        robust = official if official is not None else _last_number(text)
        return _norm_answer(official), _norm_answer(robust)

    def expected(self, item: Item) -> Any:
        return _norm_answer(item.ground_truth)

    def correct(self, item: Item, parsed: Any) -> bool | None:
        exp = self.expected(item)
        if exp is None:
            return None
        if parsed is None:
            return False
        if parsed == exp:
            return True
        try:
            return abs(float(parsed) - float(exp)) <= 1e-9 * max(1.0, abs(float(exp)))
        except ValueError:
            return False


def _to_int(v: Any) -> int | None:
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    m = re.fullmatch(r"\s*(-?\d+)\s*", str(v))
    return int(m.group(1)) if m else None


def _letter(v: Any) -> str | None:
    if v is None:
        return None
    s = str(v).strip().upper()
    return s or None


_NUM_RE = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def _last_number(text: str) -> str | None:
    nums = _NUM_RE.findall(text)
    return nums[-1] if nums else None


def _norm_answer(v: Any) -> str | None:
    if v is None:
        return None
    s = str(v).strip().strip("$").strip()
    s = re.sub(r"^\\text\{(.*)\}$", r"\1", s)
    s = s.replace(",", "") if re.fullmatch(r"-?[\d,]+(?:\.\d+)?", s) else s
    if re.fullmatch(r"-?\d+\.0+", s):
        s = s.split(".")[0]
    return s or None


def kca_text(item: Item, cards: dict[str, str] | None) -> str:
    """Knowledge-concept cards for the item's concepts (We-Math KCA).  Uses the cards file
    when given, else the item's own ``knowledge concept description`` field."""
    parts: list[str] = []
    concepts = list(item.concepts or [])
    if cards:
        missing = [c for c in concepts if c not in cards]
        if missing:
            raise ProtocolError(f"item {item.id}: field 'concepts': no knowledge card for {missing[0]!r}")
        parts = [cards[c] for c in concepts]
    else:
        ex = item.model_extra or {}
        extra = ex.get("knowledge_concept_description") or ex.get("knowledge concept description") or ex.get("kca")
        if extra:
            parts = [str(extra)]
    if not parts:
        raise ProtocolError(f"item {item.id}: field 'concepts': no knowledge-concept card (pass --cards FILE)")
    return "\n".join(parts)


def load_cards(path: str | Path) -> dict[str, str]:
    """We-Math ``knowledge_cards.json``: ``{"cards": {concept: text}}`` or ``{concept: text}``."""
    import json

    from certibench.io import InputFileError

    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{p}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
    cards = data.get("cards", data) if isinstance(data, dict) else None
    if not isinstance(cards, dict) or not all(isinstance(v, str) for v in cards.values()):
        raise InputFileError(f"{p}: field 'cards': expected an object mapping concept -> card text")
    return cards


def infer_protocol(item: Item) -> str:
    """The protocol an item asks for: its own ``protocol`` field, else from its shape."""
    if item.protocol:
        return item.protocol
    if item.steps:
        return "processbench"
    if item.choices:
        return "wemath"
    if _truth_label(item.ground_truth) is not None:
        return "truefalse"
    return "answer"


def get_protocol(name: str, *, kca: bool = False) -> Protocol:
    if name == "truefalse":
        return TrueFalse()
    if name == "processbench":
        return ProcessBenchCritic()
    if name == "wemath":
        return WeMath(kca=kca)
    if name == "answer":
        return FreeAnswer()
    raise ProtocolError(f"unknown protocol {name!r} (choose from {', '.join(PROTOCOLS)})")
