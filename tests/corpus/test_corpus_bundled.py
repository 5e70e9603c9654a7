"""The bundled Lean statement corpus (lean/Certibench/Corpus) and its offline loader."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from certibench.corpus.bundled import (
    AREAS,
    TOPIC_RE,
    CorpusStatement,
    bundled_lean_root,
    corpus_files,
    load_bundled,
    load_lean_file,
    load_lean_text,
    split_declarations,
    strip_comments,
)
from certibench.io import InputFileError
from certibench.logic.parser import parse_declaration
from certibench.logic.render_english import render_english
from certibench.logic.render_lean import render_lean
from certibench.logic.render_z3 import TranslationError, check_valid, to_z3
from tests.helpers import REPO, requires_lean

LEAN = REPO / "lean"
FILE_AREA = {
    "NumberTheory.lean": "number_theory",
    "Algebra.lean": "algebra",
    "Order.lean": "order",
    "Analysis.lean": "analysis",
    "Sets.lean": "sets",
    "Combinatorics.lean": "combinatorics",
}


@pytest.fixture(scope="module")
def corpus() -> list[CorpusStatement]:
    return load_bundled()


# --------------------------------------------------------------------------- the corpus


def test_corpus_has_at_least_150_uniquely_named_statements(corpus: list[CorpusStatement]) -> None:
    assert len(corpus) >= 150
    names = [s.name for s in corpus]
    dupes = [n for n, c in Counter(names).items() if c > 1]
    assert not dupes, f"duplicate theorem names: {dupes}"
    assert all(s.kind == "theorem" for s in corpus)


def test_every_area_has_at_least_20_statements(corpus: list[CorpusStatement]) -> None:
    counts = Counter(s.area for s in corpus)
    assert set(counts) == set(AREAS), counts
    for area in AREAS:
        assert counts[area] >= 20, (area, counts[area])


def test_every_topic_is_well_formed_and_matches_its_file(corpus: list[CorpusStatement]) -> None:
    for s in corpus:
        assert s.topic is not None, f"{s.file}:{s.line}: {s.name} has no @topic tag"
        assert TOPIC_RE.match(s.topic), f"{s.file}:{s.line}: malformed topic {s.topic!r}"
        assert len(s.topic.split("/")) == 3, s.topic
        assert s.area == s.topic.split("/")[0]
        assert s.area == FILE_AREA[Path(s.file).name], f"{s.name}: topic {s.topic} in {s.file}"
        assert s.subarea


def test_no_sorry_and_every_proof_is_nonempty(corpus: list[CorpusStatement]) -> None:
    for s in corpus:
        assert s.proof.strip(), f"{s.file}:{s.line}: {s.name} has an empty proof"
        assert not re.search(r"\b(sorry|admit)\b", s.proof), s.name
    for f in [*corpus_files(), LEAN / "Certibench" / "Tactics.lean", LEAN / "Certibench.lean"]:
        text = strip_comments(f.read_text(encoding="utf-8"))
        assert not re.search(r"\bsorry\b|\badmit\b", text), f"{f} mentions sorry/admit"
        assert not re.search(r"^\s*axiom\b", text, re.M), f"{f} declares an axiom"


def test_line_numbers_point_at_the_theorem_keyword(corpus: list[CorpusStatement]) -> None:
    root = bundled_lean_root()
    cache: dict[str, list[str]] = {}
    for s in corpus:
        lines = cache.setdefault(s.file, (root / s.file).read_text(encoding="utf-8").splitlines())
        assert lines[s.line - 1].startswith(f"theorem {s.name} "), (s.file, s.line, lines[s.line - 1])


def test_statement_header_is_the_declaration_without_its_proof(corpus: list[CorpusStatement]) -> None:
    for s in corpus:
        assert s.statement.startswith(f"theorem {s.name}")
        assert s.statement.endswith(s.proposition)
        assert ":=" not in s.statement
        assert s.proposition and "\n" not in s.statement
        if s.binders:
            assert s.statement == f"theorem {s.name} {s.binders} : {s.proposition}"
        else:
            assert s.statement == f"theorem {s.name} : {s.proposition}"


def test_statements_stay_in_the_parser_subset(corpus: list[CorpusStatement]) -> None:
    banned = ["∑", "∏", "fun ", "λ", "↦", "Finset.sum", "⟨", "Set.image", "{x |"]
    for s in corpus:
        for b in banned:
            assert b not in s.statement, f"{s.name}: {b!r} is outside the parser subset"


def test_corpus_is_friendly_to_the_paraphrase_families(corpus: list[CorpusStatement]) -> None:
    props = [s.proposition for s in corpus]
    order = sum(bool(re.search(r"[≤≥<>]", p)) for p in props)
    hyps = sum(bool(s.binders and re.search(r"\(h\w*\s*:", s.binders)) for s in corpus)
    arrows = sum("→" in p for p in props)
    iffs = sum("↔" in p for p in props)
    conj = sum("∧" in p for p in props)
    exists = sum("∃" in p for p in props)
    squares = sum("^ 2" in p for p in props)
    divides = sum(("∣" in p) or ("%" in p) for p in props)
    parity = sum(("Even" in p) or ("Odd" in p) for p in props)
    assert order >= 90 and hyps >= 60 and arrows >= 10 and iffs >= 40
    assert conj >= 15 and exists >= 5 and squares >= 15 and divides >= 25 and parity >= 10
    generic = sum("Type*" in s.binders for s in corpus)
    assert 0.05 <= generic / len(corpus) <= 0.25, generic
    concrete = sum(any(t in s.statement for t in ("ℕ", "ℤ", "ℝ")) for s in corpus)
    assert concrete / len(corpus) >= 0.8


def test_root_module_imports_every_corpus_file_and_the_tactics() -> None:
    root = (LEAN / "Certibench.lean").read_text(encoding="utf-8")
    imports = set(re.findall(r"^import (\S+)", root, re.M))
    assert "Certibench.Tactics" in imports
    for f in corpus_files():
        assert f"Certibench.Corpus.{f.stem}" in imports, f.stem
    # imports come first in a Lean file
    first_code = next(ln for ln in root.splitlines() if ln.strip())
    assert first_code.startswith("import ")


def test_tactics_module_defines_the_equivalence_ladder() -> None:
    text = (LEAN / "Certibench" / "Tactics.lean").read_text(encoding="utf-8")
    assert text.startswith("import Mathlib")
    assert 'syntax (name := certibenchEquiv) "certibench_equiv" : tactic' in text
    for tac in ("omega", "tauto", "linarith", "nlinarith", "simp_all", "Iff.rfl"):
        assert tac in text, tac
    assert text.count("by certibench_equiv") >= 4


def test_load_bundled_accepts_repo_root_or_lean_dir(corpus: list[CorpusStatement]) -> None:
    assert load_bundled(REPO) == corpus
    assert load_bundled(LEAN) == corpus
    assert {s.file for s in corpus} == {f"Certibench/Corpus/{n}" for n in FILE_AREA}


def test_load_bundled_rejects_a_directory_without_corpus(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="no Certibench/Corpus"):
        load_bundled(tmp_path)


def test_load_lean_file_missing_is_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="cannot read"):
        load_lean_file(tmp_path / "nope.lean")


# --------------------------------------------------------------------------- splitter edge cases

EDGE = """import Mathlib

/-! Module doc mentioning theorem fake_in_moddoc : False := sorry -/

-- theorem fake_in_line_comment : False := sorry

/- a block comment /- nested theorem fake_nested : 1 = 2 -/ still comment
theorem fake_in_block : False := trivial -/

namespace Foo.Bar

/-- @topic algebra/identities/square_of_sum
The doc comment mentions `:=` and theorem words and (unbalanced brackets. -/
theorem multi_line (a b : ℝ)
    (h : 0 ≤ a) :
    (a + b) ^ 2 =
      a ^ 2 + 2 * a * b + b ^ 2 := by
  have key : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2 := by ring
  exact key

@[simp] theorem with_attr (n : ℕ) {m : ℕ} [inst : NeZero m] : n % m < m := -- trailing comment
  Nat.mod_lt n (NeZero.pos m)

end Foo.Bar

/-- not attached: a command follows -/
open Nat

lemma with_where (p q : Prop) (hp : p) (hq : q) : p ∧ q where
  left := hp
  right := hq

theorem by_match : ∀ n : ℕ, n + 0 = n
  | 0 => rfl
  | n + 1 => rfl

private theorem string_lit (s : String) (h : s = "theorem := not here") : s.length = 19 := by
  subst h; rfl

theorem _root_.RootName (x : ℤ) : |x| ≥ 0 := abs_nonneg x
theorem no_space_colon(a:ℕ):a≤a:=le_refl a
"""


@pytest.fixture()
def edge_statements(tmp_path: Path) -> list[CorpusStatement]:
    p = tmp_path / "Edge.lean"
    p.write_text(EDGE, encoding="utf-8")
    return load_lean_file(p)


def test_comments_and_docstrings_never_yield_declarations(edge_statements: list[CorpusStatement]) -> None:
    names = [s.name for s in edge_statements]
    assert names == [
        "multi_line",
        "with_attr",
        "with_where",
        "by_match",
        "string_lit",
        "_root_.RootName",
        "no_space_colon",
    ]


def test_line_numbers_in_edge_file(edge_statements: list[CorpusStatement]) -> None:
    lines = EDGE.splitlines()
    for s in edge_statements:
        assert re.search(rf"\b(theorem|lemma) {re.escape(s.name)}\b", lines[s.line - 1]), (s.name, s.line)


def test_multi_line_header_and_inner_colon_eq(edge_statements: list[CorpusStatement]) -> None:
    s = edge_statements[0]
    assert s.full_name == "Foo.Bar.multi_line"
    assert s.topic == "algebra/identities/square_of_sum" and s.area == "algebra"
    # statements are closed and fully qualified (the namespace is part of the name)
    assert s.statement == "theorem Foo.Bar.multi_line (a b : ℝ) (h : 0 ≤ a) : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2"
    assert s.binders == "(a b : ℝ) (h : 0 ≤ a)"
    assert s.proof.startswith("by\n") and "have key" in s.proof and s.proof.rstrip().endswith("exact key")


def test_attributes_instance_binders_and_trailing_comment(edge_statements: list[CorpusStatement]) -> None:
    s = edge_statements[1]
    assert s.full_name == "Foo.Bar.with_attr"
    assert s.binders == "(n : ℕ) {m : ℕ} [inst : NeZero m]"
    assert s.proposition == "n % m < m"
    assert s.proof == "Nat.mod_lt n (NeZero.pos m)"
    assert s.topic is None and s.area is None


def test_where_and_match_bodies_and_detached_doc(edge_statements: list[CorpusStatement]) -> None:
    w, m = edge_statements[2], edge_statements[3]
    assert w.kind == "lemma" and w.full_name == "with_where"
    assert w.doc is None  # the doc comment belongs to `open Nat`, not to the lemma
    assert w.proposition == "p ∧ q" and w.proof.startswith("where") and "right := hq" in w.proof
    assert m.proposition == "∀ n : ℕ, n + 0 = n"
    assert m.proof.startswith("| 0 => rfl") and "| n + 1 => rfl" in m.proof


def test_string_literals_root_names_and_tight_spacing(edge_statements: list[CorpusStatement]) -> None:
    s, r, t = edge_statements[4], edge_statements[5], edge_statements[6]
    assert s.proposition == "s.length = 19" and "subst h" in s.proof
    assert r.full_name == "RootName" and r.proposition == "|x| ≥ 0" and r.proof == "abs_nonneg x"
    assert t.statement == "theorem no_space_colon (a:ℕ) : a≤a" and t.binders == "(a:ℕ)"
    assert t.proposition == "a≤a" and t.proof == "le_refl a"


def test_unterminated_comment_and_empty_text() -> None:
    assert load_lean_text("") == []
    assert load_lean_text("/- never closed\ntheorem hidden : True := trivial\n") == []
    raw = split_declarations("theorem a : True := trivial\n/-- @topic sets/x/y -/\ntheorem b : False")
    assert [r.name for r in raw] == ["a", "b"]
    assert raw[1].proof == "" and raw[1].proposition == "False"


def test_file_stem_gives_the_area_when_no_topic_tag(tmp_path: Path) -> None:
    p = tmp_path / "Sets.lean"
    p.write_text("theorem t (s : Set ℕ) : s ⊆ s := subset_rfl\n", encoding="utf-8")
    (st,) = load_lean_file(p)
    assert st.area == "sets" and st.topic is None and st.line == 1


# --------------------------------------------------------------------------- through our parser


def test_at_least_98_percent_of_the_corpus_parses(corpus: list[CorpusStatement]) -> None:
    failures: list[str] = []
    for s in corpus:
        try:
            decl = s.parse()
        except Exception as exc:  # noqa: BLE001 - collected and reported below
            failures.append(f"{s.file}:{s.line} {s.name}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
            continue
        assert getattr(decl, "name", s.name) in (s.name, s.full_name)
    rate = 1 - len(failures) / len(corpus)
    assert rate >= 0.98, f"parse rate {rate:.1%}; failures:\n" + "\n".join(failures)


# --------------------------------------------------------------------------- Lean (where installed)


@requires_lean
@pytest.mark.lean
@pytest.mark.slow
def test_lake_build_checks_the_corpus_against_mathlib() -> None:
    lake = shutil.which("lake")
    assert lake is not None
    proc = subprocess.run(
        [lake, "build", "Certibench"], cwd=REPO, capture_output=True, text=True, timeout=3 * 3600
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    assert "sorry" not in proc.stdout + proc.stderr


def test_noncomputable_section_and_open_in_keep_names_and_docs() -> None:
    text = (
        "noncomputable section\nnamespace A\n/-- @topic sets/a/b -/\nopen Nat in\n"
        "theorem x : True := trivial\nend A\nend\ntheorem y : True := trivial\n"
    )
    x, y = load_lean_text(text)
    assert (x.full_name, x.topic, x.line) == ("A.x", "sets/a/b", 5)
    assert (y.full_name, y.topic, y.line) == ("y", None, 8)


def _has_uninterpreted(exprs: list) -> bool:
    """True when a Z3 term uses an uninterpreted function or sort (truth is then not decided)."""
    import z3

    seen: set[int] = set()
    todo = list(exprs)
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_quantifier(e):
            todo.append(e.body())
            continue
        if e.sort().kind() == z3.Z3_UNINTERPRETED_SORT:
            return True
        if z3.is_app(e):
            d = e.decl()
            if d.kind() == z3.Z3_OP_UNINTERPRETED and d.arity() > 0:
                return True
            todo.extend(e.children())
    return False


def test_no_fully_interpreted_statement_is_refuted_by_z3(corpus: list[CorpusStatement]) -> None:
    """Under Lean's semantics (truncated ℕ subtraction, `x / 0 = 0`, …) Z3 never finds a
    counterexample to a corpus statement whose symbols it fully interprets."""
    verdicts: Counter[str] = Counter()
    for s in corpus:
        try:
            r = to_z3(s.parse())
        except TranslationError:
            verdicts["untranslatable"] += 1
            continue
        if r.incomplete_reasons or _has_uninterpreted([r.formula, *r.axioms]):
            verdicts["uninterpreted"] += 1
            continue
        verdict, model = check_valid(r.formula, r.axioms, timeout_ms=300)
        assert verdict != "invalid", f"{s.file}:{s.line} {s.name} refuted by Z3: {model}"
        verdicts[verdict] += 1
    assert verdicts["valid"] >= 150, verdicts
    # the same check does refute a one-edit mutation (dropped hypothesis `m ≤ n`)
    (bad,) = load_lean_text("theorem bad (n m : ℕ) : n - m + m = n := Nat.sub_add_cancel h")
    r = to_z3(bad.parse())
    assert check_valid(r.formula, r.axioms, timeout_ms=2000)[0] == "invalid"


def test_every_corpus_statement_round_trips_and_has_an_english_rendering(
    corpus: list[CorpusStatement],
) -> None:
    for s in corpus:
        decl = s.parse()
        text = render_lean(decl)
        assert parse_declaration(text) == decl, f"{s.name}: {s.statement!r} -> {text!r}"
        english = render_english(decl)
        assert english.strip() and english.rstrip().endswith("."), (s.name, english)


def test_indented_declarations_and_byte_order_mark(tmp_path: Path) -> None:
    p = tmp_path / "Order.lean"
    p.write_text(
        "\ufeffsection Foo\n  variable (n : ℕ)\n  /-- @topic order/a/b -/\n  theorem ind1 : n ≤ n := by\n"
        "    open Nat in\n    exact le_refl n\n  @[simp] theorem ind2 : n + 0 = n := rfl\nend Foo\n"
        "theorem top (a : ℕ) : a = a := rfl\n",
        encoding="utf-8",
    )
    a, b, c = load_lean_file(p)
    assert (a.name, a.topic, a.line) == ("ind1", "order/a/b", 4)
    assert a.proof == "by\nopen Nat in\nexact le_refl n"
    assert (b.name, b.proof, b.line, b.area) == ("ind2", "rfl", 7, "order")
    assert (c.name, c.full_name, c.line) == ("top", "top", 9)
