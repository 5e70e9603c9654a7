"""Pure answer extractors shared by the run layer and the metric layer.

Two families, each with an *official* reader (bit-for-bit the anchor benchmark's own
code, so scores compare with published tables) and a *robust* reader (tolerant of the
ways chat models actually phrase answers).  The two are always reported separately.

* We-Math (multiple choice, letters A–H).  Official, from We-Math's
  ``evaluation/four_dimensional_metrics.py`` / ``accuracy.py``::

      df['response'].str.split('Answer').str[-1].str.strip()
                    .str.replace(r'[>><<:.]', '', regex=True).str.strip()
      -> x[0] if x and x[0] in 'ABCDEFGH' else None

* ProcessBench (index of the earliest wrong paragraph, ``-1`` for none).  Official, from
  QwenLM/ProcessBench ``code/run_eval.py``: the last ``\\boxed{...}`` matched by
  ``r'\\boxed\\{([^}]*)\\}'`` (so no nested braces), stripped, then ``int(...)``; anything
  else is ``None`` (which never equals a label, i.e. counts as wrong).

Nothing here evaluates its input: all readers are regular expressions and ``int``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

__all__ = [
    "WEMATH_LETTERS",
    "extract_boxed_official",
    "extract_processbench_robust",
    "extract_wemath_official",
    "extract_wemath_robust",
    "last_boxed",
    "majority_vote_official",
    "strip_think",
]

WEMATH_LETTERS = "ABCDEFGH"

# ---------------------------------------------------------------------------------------
# reasoning traces
# ---------------------------------------------------------------------------------------

_THINK_OPEN = re.compile(r"<think(?:ing)?>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</think(?:ing)?>", re.IGNORECASE)


def strip_think(text: str) -> str:
    """Remove reasoning traces: every ``<think>…</think>`` block (also ``<thinking>``).

    A dangling ``</think>`` (chat templates that open the block in the prompt) drops
    everything before it; a dangling ``<think>`` (generation cut off while thinking) drops
    everything after it — that text is reasoning, not an answer.  Linear time.
    """
    if not text:
        return ""
    # 1. closed blocks, each from an opening tag to the nearest closing tag after it
    parts: list[str] = []
    pos = 0
    while True:
        o = _THINK_OPEN.search(text, pos)
        c = _THINK_CLOSE.search(text, o.end()) if o else None
        if o is None or c is None:
            parts.append(text[pos:])
            break
        parts.append(text[pos : o.start()])
        pos = c.end()
    out = "".join(parts)
    # 2. a dangling closing tag: the answer follows the last one
    last_close = None
    for last_close in _THINK_CLOSE.finditer(out):  # noqa: B007 - we want the last match
        pass
    if last_close is not None:
        out = out[last_close.end() :]
    # 3. a dangling opening tag: generation was cut off while thinking
    o = _THINK_OPEN.search(out)
    if o:
        out = out[: o.start()]
    return out.strip()


# ---------------------------------------------------------------------------------------
# We-Math
# ---------------------------------------------------------------------------------------

_WEMATH_PUNCT = re.compile(r"[>><<:.]")


def extract_wemath_official(text: str | None) -> str | None:
    """We-Math's official extraction: text after the last ``Answer``, first letter A–H.

    Exactly the pandas chain of the official scripts, applied to one string.  A non-string
    response (the official script would crash on it) is ``None``.
    """
    if not isinstance(text, str):
        return None
    x = text.split("Answer")[-1].strip()
    x = _WEMATH_PUNCT.sub("", x).strip()
    return x[0] if x and x[0] in WEMATH_LETTERS else None


_L = r"([A-H])"
_NOT_WORD_AFTER = r"(?![A-Za-z0-9])"
_BOXED_LETTER = re.compile(r"^\s*+(?:\\text\{|\\mathrm\{|\\textbf\{)?\s*+\(?\s*+" + _L + _NOT_WORD_AFTER)
_AFTER_KEYWORD = (
    r"(?:\s+(?:is|would\s+be|should\s+be))?"
    r"[\s:：=<>*_\-]*+"  # "Answer: ", "<Answer>: <<", "**Answer:** ", "answer = "
    r"(?:option\s++|choice\s++)?"
    r"[\(\[\{<]*+\s*+" + _L + _NOT_WORD_AFTER  # closing brackets/emphasis may follow
)
# Strong cues first ("answer", "correct option"); a bare "option C" only when none exists,
# so "The answer is C because option A ..." reads C.
_ANSWER_PHRASE = re.compile(r"(?:answer|correct\s+option|correct\s+choice)" + _AFTER_KEYWORD, re.IGNORECASE)
_OPTION_PHRASE = re.compile(r"(?:option|choice)" + _AFTER_KEYWORD, re.IGNORECASE)
# A reply that is only an option: "B", "(B)", "**B**", "B. 400, 300", "B: ..." — but not
# "A triangle ..." (a bare capital followed by a word is prose).
_ALONE = re.compile(
    r"^\s*+(?:\*\*|__)?\s*+(?:\(\s*+" + _L + r"\s*+\)|\[\s*+" + _L + r"\s*+\]|" + _L + r"(?=\s*+(?:\*\*|__)?\s*+(?:[.:,;)]|$)))"
)
_PAREN_LETTER = re.compile(r"\(\s*+" + _L + r"\s*+\)")


_BOX_OPEN = re.compile(r"\\(?:boxed|fbox)\s*+\{")


def _last_boxed_span(text: str) -> tuple[int, str] | None:
    """``(position, content)`` of the last closed ``\\boxed{...}``/``\\fbox{...}`` with
    balanced braces, in one linear pass (no rescans, whatever the input)."""
    if not text or "box" not in text:
        return None
    opens = {m.end() - 1: m.start() for m in _BOX_OPEN.finditer(text)}  # '{' index -> macro start
    if not opens:
        return None
    stack: list[int] = []
    best: tuple[int, str] | None = None
    for i, ch in enumerate(text):
        if ch == "{":
            stack.append(i)
        elif ch == "}" and stack:
            j = stack.pop()
            macro = opens.get(j)
            if macro is not None and (best is None or macro > best[0]):
                best = (macro, text[j + 1 : i])
    return best


def last_boxed(text: str) -> str | None:
    """Content of the last ``\\boxed{...}`` (or ``\\fbox{...}``) with balanced braces."""
    span = _last_boxed_span(text)
    return None if span is None else span[1]


def _phrase_letter(phrase: re.Pattern[str], body: str) -> tuple[int, str] | None:
    """``(position, letter)`` of the last acceptable match of an answer phrase."""
    for m in reversed(list(phrase.finditer(body))):
        letter = m.group(1)
        # "answer is a triangle" is prose, not option A: accept lower case only when
        # the letter is bracketed or closes the phrase.
        if letter.islower():
            tail = body[m.end(1) : m.end(1) + 1]
            head = body[m.start(1) - 1 : m.start(1)] if m.start(1) > 0 else ""
            if not (head and head in "([{<") and tail not in ("", ".", ")", "]", "}", ">", "\n"):
                continue
        return m.start(), letter.upper()
    return None


def extract_wemath_robust(text: str | None) -> str | None:
    """A tolerant We-Math reader (reported beside, never instead of, the official one).

    Reasoning traces are removed; then the *later* of the last ``\\boxed{X}`` and the
    last explicit answer phrase ("Answer: (B)", "<Answer>: <<B>>", "the correct option is
    **C**", "answer is D.") wins; failing both, a bare "option C"/"choice C"; a reply that
    is only a letter ("B", "(B)", "B. 300, 400"); the last parenthesised letter "(C)".
    Lower-case letters are accepted only inside an explicit answer phrase or box, never as
    free-standing words (the article "a").
    """
    if not isinstance(text, str):
        return None
    body = strip_think(text)
    if not body:
        return None
    found: list[tuple[int, str]] = []
    span = _last_boxed_span(body)
    if span is not None:
        content = span[1].strip()
        m = _BOXED_LETTER.match(content.upper() if len(content) <= 3 else content)
        if m:
            found.append((span[0], m.group(1).upper()))
    hit = _phrase_letter(_ANSWER_PHRASE, body)
    if hit is not None:
        found.append(hit)
    if found:
        return max(found)[1]
    hit = _phrase_letter(_OPTION_PHRASE, body)
    if hit is not None:
        return hit[1]
    m = _ALONE.match(body)
    if m:
        return next(g for g in m.groups() if g)
    parens = _PAREN_LETTER.findall(body)
    if parens:
        return parens[-1]
    return None


# ---------------------------------------------------------------------------------------
# ProcessBench
# ---------------------------------------------------------------------------------------

_PB_OPEN = "\\boxed{"


def _official_boxed_str(text: str) -> str | None:
    r"""``re.findall(r'\\boxed\{([^}]*)\}', text)[-1].strip()`` (or None), computed by the
    same left-to-right, non-overlapping scan in linear time (the regex itself is
    quadratic on text with many unclosed boxes)."""
    last: str | None = None
    pos = 0
    while True:
        i = text.find(_PB_OPEN, pos)
        if i < 0:
            break
        j = text.find("}", i + len(_PB_OPEN))
        if j < 0:
            break
        last = text[i + len(_PB_OPEN) : j]
        pos = j + 1
    return None if last is None else last.strip()


def _to_int_official(s: str | None) -> int | None:
    if s is None:
        return None
    try:
        return int(s)
    except ValueError:
        return None


def extract_boxed_official(text: str | None) -> int | None:
    """ProcessBench's official parser: the last ``\\boxed{...}`` (no nested braces) as ``int``."""
    if not isinstance(text, str):
        return None
    return _to_int_official(_official_boxed_str(text))


def majority_vote_official(texts: Iterable[str | None]) -> int | None:
    """ProcessBench's official voting: most common *extracted string* among the samples
    that have a box (first seen wins ties, as ``Counter.most_common``), then ``int``."""
    preds = [s for s in (_official_boxed_str(t) if isinstance(t, str) else None for t in texts) if s is not None]
    if not preds:
        return None
    return _to_int_official(Counter(preds).most_common(1)[0][0])


_NO_ERROR = re.compile(
    r"^\s*+(?:none|no\s+error[s]?|no\s+incorrect\s+paragraph[s]?|all\s+(?:paragraphs\s+|steps\s+)?(?:are\s+)?correct|correct|n/?a)\s*+\.?\s*+$",
    re.IGNORECASE,
)
_INT_IN = re.compile(r"(?<![\d.])([-−]?\d+)(?![\d.])")
_TEXT_WRAP = re.compile(r"\\(?:text|mathrm|textbf|mathbf)\s*\{([^{}]*)\}")
_PHRASE_INDEX = re.compile(
    r"(?:earliest|first)\s+(?:error|mistake|incorrect\s+(?:paragraph|step))[^.\n]{0,60}?"
    r"(?:paragraph|step)[\s_#]*(\d+)",
    re.IGNORECASE,
)
_PHRASE_NONE = re.compile(
    r"(?:no\s+(?:paragraph|step)\s+(?:contains|has)\s+an?\s+error|all\s+(?:the\s+)?(?:paragraphs|steps)\s+are\s+correct"
    r"|there\s+(?:is|are)\s+no\s+errors?)",
    re.IGNORECASE,
)


def _int_from_box(content: str) -> int | None:
    c = content.strip()
    for _ in range(3):
        c2 = _TEXT_WRAP.sub(r"\1", c)
        if c2 == c:
            break
        c = c2
    c = c.replace("$", "").strip()
    if _NO_ERROR.match(c):
        return -1
    nums = _INT_IN.findall(c)
    if len(nums) == 1:
        return int(nums[0].replace("−", "-"))
    return None


def extract_processbench_robust(text: str | None) -> int | None:
    """A tolerant ProcessBench reader: reasoning traces removed; the last balanced
    ``\\boxed{...}`` read as one integer (``\\text{-1}``, ``paragraph_3``, ``$2$``) or as
    "no error" (``-1``); failing a box, an explicit phrase ("the earliest error is in
    paragraph 3", "all paragraphs are correct").  Ambiguous content is ``None``."""
    if not isinstance(text, str):
        return None
    body = strip_think(text)
    if not body:
        return None
    boxed = last_boxed(body)
    if boxed is not None:
        return _int_from_box(boxed)
    idx = list(_PHRASE_INDEX.finditer(body))
    none = list(_PHRASE_NONE.finditer(body))
    if idx and (not none or idx[-1].start() > none[-1].start()):
        return int(idx[-1].group(1))
    if none:
        return -1
    return None
