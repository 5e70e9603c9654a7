"""The Lean reader refuses declarations whose proof is not a proof: ``sorry``, ``admit``,
``sorryAx``, ``stop``, a left-over ``apply?``/``exact?`` — in the proof body wherever they
occur — and, in turn, every declaration whose proof uses one of those (or an ``axiom`` of the
sources).  Identifiers that merely contain such a word, comments and strings do not count.
Such a token anywhere in a file also refuses the file's other theorems
(``test_lean_source_taint.py``); here the precise per-declaration reasons are checked.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.corpus.lean_source import (
    UNPROVED_REASON,
    LeanDeclaration,
    load_lean_source,
    load_lean_text,
)
from certibench.generate.pipeline import load_sources


def by_name(text: str, **kw) -> dict[str, LeanDeclaration]:  # type: ignore[no-untyped-def]
    return {d.full_name: d for d in load_lean_text(text, "T.lean", **kw)}


def one(text: str) -> LeanDeclaration:
    (d,) = [d for d in load_lean_text(text, "T.lean") if d.kind in ("theorem", "lemma")]
    return d


# --------------------------------------------------------------------------- refused


@pytest.mark.parametrize(
    ("source", "token"),
    [
        ("theorem t (a b : ℕ) : a + b = a * b := by\n  sorry\n", "sorry"),
        ("theorem t (n : ℕ) : n < n + 0 := sorry\n", "sorry"),
        ("theorem t (x : ℝ) : x < x + 0 := by admit\n", "admit"),
        ("theorem t (n : ℕ) : n < n := sorryAx _ false\n", "sorryAx"),
        ("theorem t (n : ℕ) : n < n := @sorryAx _ false\n", "sorryAx"),
        ("theorem t (n : ℕ) : n < n := _root_.sorryAx _ false\n", "_root_.sorryAx"),
        ("theorem t (n : ℕ) : n < n := by\n  stop\n  simp\n", "stop"),
        ("theorem t (n : ℕ) : n < n := by\n  apply?\n", "apply?"),
        ("theorem t (n : ℕ) : n < n := by exact?\n", "exact?"),
        # anywhere in the body: a `have`, a bullet, an anonymous constructor, a calc step
        ("theorem t (n : ℕ) (h : 0 < n) : n < 2 * n := by\n  have key : n < n + n := by sorry\n  omega\n", "sorry"),
        ("theorem t (p q : Prop) (hp : p) : p ∧ q := by\n  constructor\n  · exact hp\n  · sorry\n", "sorry"),
        ("theorem t (p q : Prop) (hp : p) : p ∧ q := ⟨hp, sorry⟩\n", "sorry"),
        ("theorem t (a b : ℕ) : a ≤ a + b + 1 := by\n  calc a ≤ a + b := by omega\n    _ ≤ a + b + 1 := by admit\n", "admit"),
        # termination proofs and `where` helpers are part of the declaration
        (
            "theorem t : ∀ n : ℕ, n = n\n  | 0 => rfl\n  | n + 1 => t n ▸ rfl\ndecreasing_by sorry\n",
            "sorry",
        ),
        ("theorem t (n : ℕ) : n = n := aux n\nwhere\n  aux (m : ℕ) : m = m := sorry\n", "sorry"),
        # a comment right next to it does not hide it
        ("theorem t (n : ℕ) : n < n := by\n  sorry -- TODO\n", "sorry"),
        ("lemma t (n : ℕ) : n < n := by /- later -/ sorry\n", "sorry"),
    ],
)
def test_proof_using_sorry_or_admit_is_not_a_theorem(source: str, token: str) -> None:
    d = one(source)
    assert not d.ok and d.unproved
    assert d.skipped_reason is not None
    assert d.skipped_reason.startswith(f"{UNPROVED_REASON} (`{token}`)"), d.skipped_reason
    assert d.statement.startswith("theorem t ")  # still read, only refused


# --------------------------------------------------------------------------- not refused


@pytest.mark.parametrize(
    "source",
    [
        "theorem t (a b : ℕ) : a + b = b + a := sorry_free_lemma a b\n",
        "theorem t (a b : ℕ) : a + b = b + a := by exact Nat.sorry_lemma a b\n",
        "theorem t (a b : ℕ) : a + b = b + a := by\n  exact admitted a b\n",
        "theorem t (a b : ℕ) : a + b = b + a := by\n  exact my_sorryAx' a b\n",
        "theorem t (a b : ℕ) : a + b = b + a := stopper a b\n",
        # comments and strings mentioning it
        "theorem t (a b : ℕ) : a + b = b + a := by\n  -- no sorry here; we used to admit it\n  omega\n",
        "theorem t (a b : ℕ) : a + b = b + a := by\n  /- sorry, admit, sorryAx /- nested sorry -/ -/\n  omega\n",
        '/-- Proved without `sorry` (this doc says sorry). -/\ntheorem t (a b : ℕ) : a + b = b + a := by\n  have := "sorry"\n  omega\n',
        # `simp?`/`rw?` suggest, they do not admit
        "theorem t (a b : ℕ) : a + b = b + a := by simp? [Nat.add_comm]\n",
    ],
)
def test_words_merely_mentioning_sorry_do_not_refuse_a_good_theorem(source: str) -> None:
    d = one(source)
    assert d.ok, d.skipped_reason
    assert d.statement == "theorem t (a b : ℕ) : a + b = b + a"


def test_sorry_in_another_declaration_refuses_it_precisely_and_the_rest_by_file() -> None:
    d = by_name(
        "theorem bad (a b : ℕ) : a + b = a * b := by sorry\n\n"
        "theorem good (a b : ℕ) : a + b = b + a := by omega\n\n"
        "example (n : ℕ) : n = n + 1 := sorry\n"
    )
    assert d["bad"].unproved and not d["bad"].tainted
    assert (d["bad"].skipped_reason or "").startswith(f"{UNPROVED_REASON} (`sorry`)")
    assert d["good"].tainted and d["good"].unproved
    assert "(T.lean:1, `sorry` in a theorem)" in (d["good"].skipped_reason or "")


# --------------------------------------------------------------------------- in turn


def test_a_proof_using_an_unproved_lemma_is_refused_in_turn() -> None:
    text = (
        "namespace Foo\n"
        "theorem bad (n : ℕ) : n < n + 0 := sorry\n"
        "theorem uses_short (n : ℕ) : n < n := bad n\n"
        "theorem uses_field (n : ℕ) : n ≤ n := (bad n).le\n"
        "theorem chain (n : ℕ) : n < n := uses_short n\n"
        "theorem recursive : ∀ n : ℕ, n = n\n  | 0 => rfl\n  | n + 1 => recursive n ▸ rfl\n"
        "end Foo\n"
        "theorem uses_full (n : ℕ) : n < n := Foo.bad n\n"
        "open Foo in\ntheorem uses_open (n : ℕ) : n < n := bad n\n"
        "theorem unrelated (n : ℕ) : n = n := rfl\n"
        "alias bad' := Foo.bad\n"
    )
    d = by_name(text)
    for name in ("Foo.uses_short", "Foo.uses_field", "uses_full", "uses_open"):
        assert d[name].unproved, (name, d[name].skipped_reason)
        assert "`Foo.bad`" in (d[name].skipped_reason or "")
    assert d["bad'"].unproved  # an alias carries its target's reason
    assert d["Foo.chain"].unproved and "`Foo.uses_short`" in (d["Foo.chain"].skipped_reason or "")
    # the file uses sorry: the rest of it is refused too
    assert d["Foo.recursive"].tainted and d["unrelated"].tainted


def test_a_proof_using_an_axiom_of_the_source_is_refused() -> None:
    d = by_name(
        "axiom ax (a b : ℕ) : a + b = a * b\n"
        "theorem from_ax (a b : ℕ) : a + b = a * b := ax a b\n"
        "theorem fine (a b : ℕ) : a + b = b + a := Nat.add_comm a b\n"
    )
    assert "ax" not in d  # an axiom is not a theorem of the source
    assert d["from_ax"].unproved and "an axiom, T.lean:1" in (d["from_ax"].skipped_reason or "")
    assert d["fine"].tainted and "declares an axiom (T.lean:1, `axiom ax`)" in (d["fine"].skipped_reason or "")


def test_additive_twin_of_an_unproved_theorem_is_refused() -> None:
    d = by_name("@[to_additive]\ntheorem mul_bad {G : Type*} [Group G] (a : G) : a * a = a := by sorry\n", additive=True)
    assert d["mul_bad"].unproved and d["add_bad"].unproved


def test_across_files_counted_and_reported(tmp_path: Path) -> None:
    (tmp_path / "A.lean").write_text("theorem bad_add (a b : ℕ) : a + b = a * b := by\n  sorry\n", encoding="utf-8")
    (tmp_path / "B.lean").write_text(
        "theorem uses_bad (a b : ℕ) : a + b = a * b := bad_add a b\n"
        "theorem good_add (a b : ℕ) : a + b = b + a := by omega\n",
        encoding="utf-8",
    )
    imp = load_lean_source(tmp_path)
    d = {x.full_name: x for x in imp.declarations}
    assert d["bad_add"].unproved and d["uses_bad"].unproved and d["good_add"].ok
    counts = imp.counts()
    assert counts[f"skipped: {UNPROVED_REASON}"] == 2
    assert counts["closed"] == 1
    assert {f.file: f.skipped for f in imp.files} == {"A.lean": 1, "B.lean": 1}

    # generate reads only the proved one; the others are reported with the reason
    sources, errors = load_sources(str(tmp_path))
    assert [s.theorem_id for s in sources] == ["good_add"]
    assert sorted(e.message.split(":", 1)[0] for e in errors) == ["bad_add", "uses_bad"]
    assert all(UNPROVED_REASON in e.message for e in errors)


def test_corpus_import_reports_the_count(tmp_path: Path) -> None:
    src = tmp_path / "Bad.lean"
    src.write_text(
        "theorem bad_add (a b : ℕ) : a + b = a * b := by\n  sorry\n\n"
        "theorem bad_lt (n : ℕ) : n < n + 0 := sorry\n\n"
        "theorem bad_admit (x : ℝ) : x < x + 0 := by admit\n\n"
        "theorem good (a b : ℕ) : a + b = b + a := by omega -- not sorry\n",
        encoding="utf-8",
    )
    res = CliRunner().invoke(app, ["corpus", "import", "lean", str(src)])
    assert res.exit_code == 0, res.output
    assert f"skipped: {UNPROVED_REASON}" in res.output
    row = next(ln for ln in res.output.splitlines() if f"skipped: {UNPROVED_REASON}" in ln)
    assert [c.strip() for c in row.split("│") if c.strip()][-1] == "3", row
