"""Random well-typed Lean statements over ℕ, ℤ and ℝ (with casts, hypotheses, partial
operations and nested connectives), for the English round-trip property test."""

from __future__ import annotations

from hypothesis import strategies as st

SORTS = {"ℕ": ["a", "b"], "ℤ": ["m", "n"], "ℝ": ["x", "y"]}
RANK = {"ℕ": 0, "ℤ": 1, "ℝ": 2}
HEADER = "theorem t (a b : ℕ) (m n : ℤ) (x y : ℝ)"


@st.composite
def term(draw: st.DrawFn, sort: str, depth: int = 0) -> str:
    leaves = [st.sampled_from(SORTS[sort]), st.integers(0, 3).map(str)]
    for s, r in RANK.items():  # casts from smaller number systems
        if r < RANK[sort]:
            leaves.append(st.sampled_from(SORTS[s]).map(lambda v, s=s, t=sort: f"({v} : {t})"))
    if depth >= 2 or draw(st.booleans()):
        return draw(st.one_of(leaves))
    kind = draw(st.sampled_from(["+", "*", "-", "^", "/", "fn"] + (["%"] if sort != "ℝ" else [])))
    if kind == "^":
        return f"({draw(term(sort, depth + 1))}) ^ {draw(st.integers(1, 3))}"
    if kind == "fn":
        if sort == "ℝ":
            f = draw(st.sampled_from(["Real.sqrt", "Real.exp", "Real.log", "abs", "Real.sin"]))
            return f"{f} ({draw(term(sort, depth + 1))})"
        if sort == "ℕ":
            f = draw(st.sampled_from(["Nat.gcd", "Nat.factorial", "max"]))
            if f == "Nat.factorial":
                return f"({draw(term(sort, depth + 1))}) !"
            return f"{f} ({draw(term(sort, depth + 1))}) ({draw(term(sort, depth + 1))})"
        return f"|{draw(term(sort, depth + 1))}|"
    return f"({draw(term(sort, depth + 1))}) {kind} ({draw(term(sort, depth + 1))})"


@st.composite
def atom(draw: st.DrawFn) -> str:
    sort = draw(st.sampled_from(list(SORTS)))
    if sort != "ℝ" and draw(st.integers(0, 5)) == 0:
        return f"{draw(st.sampled_from(['Even', 'Odd']))} ({draw(term(sort))})"
    rel = draw(st.sampled_from(["=", "≠", "<", "≤", ">", "≥"] + (["∣"] if sort != "ℝ" else [])))
    return f"{draw(term(sort))} {rel} {draw(term(sort))}"


@st.composite
def prop(draw: st.DrawFn, depth: int = 0) -> str:
    if depth >= 2 or draw(st.booleans()):
        return draw(atom())
    kind = draw(st.sampled_from(["∧", "∨", "→", "↔", "¬", "∃", "∀"]))
    if kind == "¬":
        return f"¬ ({draw(prop(depth + 1))})"
    if kind in ("∃", "∀"):
        s = draw(st.sampled_from(list(SORTS)))
        return f"{kind} {draw(st.sampled_from(SORTS[s]))} : {s}, {draw(prop(depth + 1))}"
    return f"({draw(prop(depth + 1))}) {kind} ({draw(prop(depth + 1))})"


@st.composite
def statement(draw: st.DrawFn) -> str:
    hyps = draw(st.lists(atom(), max_size=2))
    hyp_txt = " ".join(f"(h{i} : {h})" for i, h in enumerate(hyps))
    return f"{HEADER} {hyp_txt} : {draw(prop())}"
