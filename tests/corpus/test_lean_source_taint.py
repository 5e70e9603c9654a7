"""Taint by file and by import: a ``sorry`` (``admit``, an ``axiom``, an elaborator, compiled
code taken on trust, …) anywhere in a Lean file refuses every theorem of that file and of every
loaded file importing it.  Without Lean nothing tells which commands a proof reaches: a macro,
a ``@[simp]`` lemma, a notation, an instance or a ``def`` can carry the ``sorry`` a proof never
names.  Every construct below is valid Lean 4 that was once released as a TRUE item.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from certibench.corpus.bundled import load_bundled
from certibench.corpus.lean_source import (
    TAINTED_REASON,
    UNPROVED_REASON,
    LeanDeclaration,
    load_lean_source,
    load_lean_text,
)
from certibench.generate.pipeline import load_sources
from tests.helpers import by_full_name as by_name
from tests.helpers import write_text as write

VICTIM = "theorem victim (a b : ℕ) : a + b = b + a := by omega\n"




# (id, source, victim theorem, token named in its reason, line, command)
TRICKS: list[tuple[str, str, str, str, int, str]] = [
    (
        "macro",
        'import Mathlib\n\nmacro "cheat" : tactic => `(tactic| sorry)\n\n'
        "theorem sneak_macro (x : ℝ) : x ^ 2 ≠ 2 := by cheat\n",
        "sneak_macro", "sorry", 3, "macro",
    ),
    (
        "simp_lemma",
        "@[simp] theorem bad_simp_lemma (x : ℝ) : x ^ 2 = 3 ↔ False := by sorry\n\n"
        "theorem sneak_simp (x : ℝ) : x ^ 2 ≠ 3 := by simp\n",
        "sneak_simp", "sorry", 1, "theorem",
    ),
    (
        "simp_axiom",
        "@[simp] axiom bad_axiom (x : ℝ) : x * x ≠ 5\n\ntheorem sneak_axiom_simp (y : ℝ) : y * y ≠ 5 := by simp\n",
        "sneak_axiom_simp", "axiom bad_axiom", 1, "",
    ),
    (
        "macro_rules",
        "macro_rules | `(tactic| trivial) => `(tactic| sorry)\n\n"
        "theorem sneak_macro_rules (n : ℕ) (h : 2 < n) : ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ 2 * n = p + q := by trivial\n",
        "sneak_macro_rules", "sorry", 1, "macro_rules",
    ),
    (
        "notation",
        'notation "cheatterm" => sorry\n\ntheorem sneak_notation (a b : ℤ) : a * b = b * a := cheatterm\n',
        "sneak_notation", "sorry", 1, "notation",
    ),
    (
        "def",
        "def helperDef (n : ℕ) : n ≤ n ! := sorry\n\ntheorem sneak_def (n : ℕ) : n ≤ n ! := helperDef n\n",
        "sneak_def", "sorry", 1, "def",
    ),
    (
        "instance",
        "instance bogusFact : Fact (∀ a b : ℝ, a + b = b + a) := ⟨sorry⟩\n\n"
        "theorem sneak_instance (a b : ℝ) : a + b = b + a := Fact.out (p := ∀ a b : ℝ, a + b = b + a) a b\n",
        "sneak_instance", "sorry", 1, "instance",
    ),
    (
        "elab",
        "open Lean Elab Tactic in\n"
        'elab "cheat2" : tactic => do Lean.Elab.admitGoal (← getMainGoal)\n\n'
        "theorem sneak_elab (a b : ℕ) : Nat.gcd a b ∣ a := by cheat2\n",
        "sneak_elab", "elab", 2, "elab",
    ),
    (
        "dot_notation",
        "theorem Real.no_sqrt_two (x : ℝ) : x ^ 2 ≠ 2 := by sorry\n\n"
        "theorem sneak_dot (y : ℝ) : y ^ 2 ≠ 2 := y.no_sqrt_two\n",
        "sneak_dot", "sorry", 1, "theorem",
    ),
    (
        "export",
        "namespace Foo\ntheorem bad (x : ℝ) : x * x ≠ 7 := by sorry\nend Foo\n\nexport Foo (bad)\n\n"
        "theorem sneak_export (z : ℝ) : z * z ≠ 7 := bad z\n",
        "sneak_export", "sorry", 2, "theorem",
    ),
    (
        "renaming",
        "namespace Foo\ntheorem bad (x : ℝ) : x * x ≠ 7 := by sorry\nend Foo\n\nopen Foo renaming bad → good\n\n"
        "theorem sneak_renaming (w : ℝ) : w * w ≠ 7 := good w\n",
        "sneak_renaming", "sorry", 2, "theorem",
    ),
    (
        "to_additive_twin",
        "@[to_additive] theorem bad_mul : (1:ℕ) = 2 := sorry\ntheorem t_twin : (1:ℕ) = 2 := bad_add\n" + VICTIM,
        "victim", "sorry", 1, "theorem",
    ),
    (
        "guillemets",
        "theorem «bad thm» : (1:ℕ) = 2 := sorry\ntheorem t_guil : (1:ℕ) = 2 := «bad thm»\n",
        "t_guil", "sorry", 1, "theorem",
    ),
    (
        "local_notation",
        'local notation "BAD" => bad\ntheorem bad : (1:ℕ) = 2 := sorry\ntheorem t_ln : (1:ℕ) = 2 := BAD\n',
        "t_ln", "sorry", 2, "theorem",
    ),
    (
        "instance_from_theorem",
        "theorem bad : (1:ℕ) = 2 := sorry\ninstance : Fact ((1:ℕ) = 2) := ⟨bad⟩\n"
        "theorem t_infer : (1:ℕ) = 2 := Fact.out\n",
        "t_infer", "sorry", 1, "theorem",
    ),
    (
        "attribute_simp",
        "theorem bad (x : ℕ) : x + 1 = x ↔ True := sorry\nattribute [simp] bad\n"
        "theorem t_attr (x : ℕ) : x + 1 = x := by simp\n",
        "t_attr", "sorry", 1, "theorem",
    ),
    # beyond the reported ones: other ways to make Lean accept what it did not check
    (
        "sorry_in_example",
        "example : (1:ℕ) = 2 := sorry\n" + VICTIM,
        "victim", "sorry", 1, "example",
    ),
    (
        "quoted_sorryAx",
        "def cheat : (1:ℕ) = 2 := «sorryAx» _ false\n" + VICTIM,
        "victim", "«sorryAx»", 1, "def",
    ),
    (
        "mvarid_admit",
        "open Lean Elab Tactic in\n"
        'macro "m" : tactic => `(tactic| rfl)\ndef go : TacticM Unit := do (← getMainGoal).admit\n' + VICTIM,
        "victim", ".admit", 3, "def",
    ),
    (
        "mkSorry",
        "open Lean Meta in\ndef mk (t : Expr) : MetaM Expr := mkSorry t false\n" + VICTIM,
        "victim", "mkSorry", 2, "def",
    ),
    (
        "implemented_by",
        "def f (n : ℕ) : Bool := n == 0\n@[implemented_by f] def g (n : ℕ) : Bool := true\n"
        "theorem t_native : g 1 = false := by native_decide\n",
        "t_native", "implemented_by", 2, "def",
    ),
    (
        "extern",
        '@[extern "lean_nat_add"] def h (n : ℕ) : ℕ := n\n' + VICTIM,
        "victim", "extern", 1, "def",
    ),
    (
        "ofReduceBool",
        "theorem t_red : (1:ℕ) + 1 = 2 := Lean.ofReduceBool _ _ rfl\n" + VICTIM,
        "victim", "Lean.ofReduceBool", 1, "theorem",
    ),
    (
        "skipKernelTC",
        "set_option debug.skipKernelTC true\n" + VICTIM,
        "victim", "debug.skipKernelTC", 1, "set_option",
    ),
    (
        "run_cmd_addDecl",
        "open Lean in\nrun_cmd do\n  pure ()\n" + VICTIM,
        "victim", "run_cmd", 2, "run_cmd",
    ),
    (
        "addDecl",
        "open Lean in\ndef add (t : Expr) : CoreM Unit := addDecl (.axiomDecl { name := `ax, levelParams := [], type := t, isUnsafe := false })\n"  # noqa: E501
        + VICTIM,
        "victim", "addDecl", 2, "def",
    ),
    (
        "exit",
        "theorem before : (1:ℕ) = 1 := rfl\n#exit\ntheorem after : (1:ℕ) = 2 := by norm_num\n",
        "before", "#exit", 2, "#exit",
    ),
    (
        "computed_name",
        'macro "cheat" : tactic => `(tactic| exact $(Lean.mkIdent (.mkSimple ("sorry" ++ "Ax"))) _ false)\n'
        + VICTIM,
        "victim", "macro", 1, "macro",  # a macro body that is not a plain quotation is code
    ),
    # code Lean runs inside a string
    (
        "interpolation",
        'def msg : String := s!"{(sorry : ℕ)}"\n' + VICTIM,
        "victim", "sorry", 1, "def",
    ),
    # literals read as Lean reads them: a raw string has no escapes, `2'"'` is a numeral then a char
    (
        "raw_string",
        'def s : String := r"\\"\ntheorem bad : (1:ℕ) = 2 := sorry -- "\n' + VICTIM,
        "victim", "sorry", 2, "theorem",  # the command split reads the raw string as Lean does
    ),
    (
        "char_after_numeral",
        "macro \"two\" : term => `(2'\"')\ntheorem bad : (1:ℕ) = 2 := sorry -- \"\n" + VICTIM,
        "victim", "sorry", 2, "theorem",  # the masker reads `2'"'` as Lean does (a numeral, a char)
    ),
]  # fmt: skip


@pytest.mark.parametrize(("source", "victim", "token", "line", "command"), [t[1:] for t in TRICKS], ids=[t[0] for t in TRICKS])
def test_every_trick_refuses_the_file(
    tmp_path: Path, source: str, victim: str, token: str, line: int, command: str
) -> None:
    f = write(tmp_path / "Sneak.lean", source)
    for decls in (load_lean_source(f).declarations, load_lean_text(source, "Sneak.lean", additive=True)):
        d = by_name(decls)
        assert victim in d
        reason = d[victim].skipped_reason or ""
        assert not d[victim].ok and d[victim].unproved
        assert reason.startswith(TAINTED_REASON), reason
        where = f"(Sneak.lean:{line}, `{token}`" + (f" in a{'n' if command[0] in 'aeiou' else ''} {command})" if command else ")")
        assert where in reason, reason
        assert reason.endswith("a proof here may rest on it")
        assert all(not x.ok for x in decls)  # nothing of the file is released
    # generate reads nothing from it, and says why
    sources, errors = load_sources(str(f))
    assert sources == []
    assert any(e.message.startswith(f"{victim}: {TAINTED_REASON}") for e in errors)


def test_the_tricks_once_released_are_reported_with_their_own_reason_where_they_have_one(tmp_path: Path) -> None:
    """The sorry'd lemma keeps its precise reason; the theorems using it unseen get the file's."""
    f = write(tmp_path / "S.lean", "@[simp] theorem bad (x : ℝ) : x ^ 2 = 3 ↔ False := by sorry\n"
              "theorem sneak (x : ℝ) : x ^ 2 ≠ 3 := by simp\n")  # fmt: skip
    imp = load_lean_source(f)
    d = by_name(imp.declarations)
    assert (d["bad"].skipped_reason or "").startswith(f"{UNPROVED_REASON} (`sorry`)")
    assert d["sneak"].tainted
    counts = imp.counts()
    assert counts[f"skipped: {UNPROVED_REASON}"] == 1
    assert counts[f"skipped: {TAINTED_REASON}"] == 1
    assert counts["closed"] == 0


# --------------------------------------------------------------------------- not tainted


@pytest.mark.parametrize(
    "extra",
    [
        "-- TODO: no sorry here, we used to admit it; stop; axiom; implemented_by\n",
        "/- sorry, admit, sorryAx /- nested sorry -/ exact? apply? -/\n",
        "/-- Proved without `sorry`, no `axiom`, no `@[extern]`. -/\ntheorem doc (n : ℕ) : n = n := rfl\n",
        "/-! # Module doc\nWe never use `sorry` or `#exit`. -/\n",
        'def msg : String := "sorry, admit, axiom, implemented_by"\n',
        "def c : Char := 's'\ndef q : Char := '\"'\ndef msg : String := \"sorry\"\n",
        'def msg (x : ℕ) : String := s!"no sorry here: {x + 1}"\n',
        'def path : String := r"C:\\sorry\\admit"\n',
        "theorem sorry_free (n : ℕ) : n ≤ n := le_refl n\ntheorem uses (n : ℕ) : n ≤ n := Nat.sorry_lemma n\n",
        "theorem stopper (n : ℕ) : n = n := rfl\ntheorem admitted (n : ℕ) : n = n := stopper n\n",
        "theorem nd : 2 + 2 = 4 := by native_decide\n",  # trusts the compiler of clean code only
        "#print axioms victim\n",
        "macro \"triv\" : tactic => `(tactic| first | rfl | omega)\n",
    ],
)
def test_comments_strings_and_lookalikes_do_not_taint(tmp_path: Path, extra: str) -> None:
    text = "import Mathlib\n\n" + extra + "\n" + VICTIM
    d = by_name(load_lean_text(text, "Clean.lean"))
    assert d["victim"].ok, d["victim"].skipped_reason
    d = by_name(load_lean_source(write(tmp_path / "Clean.lean", text)).declarations)
    assert d["victim"].ok, d["victim"].skipped_reason


@pytest.mark.parametrize(
    "extra",
    [
        # Lean runs `{…}` of an interpolated string; a quote inside it is where a reader of
        # tokens loses track of code and text: refused rather than guessed
        'def msg (f : String → String) : String := s!"{ f "x" }"\n',
        'def msg : String := s!"{ \'}\' } x"\n',
    ],
)
def test_a_literal_lean_could_read_two_ways_taints(extra: str) -> None:
    d = by_name(load_lean_text(extra + VICTIM, "Amb.lean"))
    assert d["victim"].tainted, d["victim"].skipped_reason


# --------------------------------------------------------------------------- imports


def test_taint_follows_imports_inside_the_loaded_set(tmp_path: Path) -> None:
    write(tmp_path / "Proj/Bad.lean", 'macro "cheat" : tactic => `(tactic| sorry)\n' + VICTIM.replace("victim", "bad_v"))
    write(tmp_path / "Proj/Use.lean", "import Mathlib\nimport Proj.Bad\n\n" + VICTIM.replace("victim", "use_v"))
    write(tmp_path / "Proj/Deep/Chain.lean", "import Proj.Use\n\n" + VICTIM.replace("victim", "chain_v"))
    write(tmp_path / "Proj/Clean.lean", "import Mathlib\n\n" + VICTIM.replace("victim", "clean_v"))
    write(tmp_path / "Proj/Other.lean", "import Proj.Clean\nimport Mathlib.Data.Nat.Basic\n\n"
          + VICTIM.replace("victim", "other_v"))  # fmt: skip
    for root in (tmp_path, tmp_path / "Proj"):  # the module path resolves under either root
        imp = load_lean_source(root)
        d = by_name(imp.declarations)
        bad_file = "Bad.lean" if root.name == "Proj" else "Proj/Bad.lean"
        assert d["bad_v"].tainted and f"it uses sorry ({bad_file}:1, `sorry` in a macro)" in (d["bad_v"].skipped_reason or "")
        use = d["use_v"].skipped_reason or ""
        assert d["use_v"].tainted and f"it imports {bad_file}, which uses sorry ({bad_file}:1" in use, use
        chain = d["chain_v"].skipped_reason or ""
        assert d["chain_v"].tainted and f"Use.lean, which imports {bad_file}, which uses sorry" in chain, chain
        # a clean file next to it, and one importing only clean or external modules, are unaffected
        assert d["clean_v"].ok and d["other_v"].ok
        assert imp.counts()[f"skipped: {TAINTED_REASON}"] == 3
        assert {f.file.rsplit("/", 1)[-1]: f.skipped for f in imp.files} == {
            "Bad.lean": 1, "Use.lean": 1, "Chain.lean": 1, "Clean.lean": 0, "Other.lean": 0,
        }  # fmt: skip
    sources, errors = load_sources(str(tmp_path))
    assert sorted(s.theorem_id for s in sources) == ["clean_v", "other_v"]
    assert sorted(e.message.split(":", 1)[0] for e in errors) == ["bad_v", "chain_v", "use_v"]


def test_a_name_of_a_tainted_file_taints_its_user_even_without_an_import(tmp_path: Path) -> None:
    write(tmp_path / "A.lean", "axiom ax : (1:ℕ) = 2\ntheorem looks_fine : (1:ℕ) = 1 := rfl\n")
    write(tmp_path / "B.lean", "theorem uses (n : ℕ) : (1:ℕ) = 1 := looks_fine\n" + VICTIM)
    d = by_name(load_lean_source(tmp_path).declarations)
    assert d["looks_fine"].tainted
    assert d["uses"].unproved and "`looks_fine`" in (d["uses"].skipped_reason or "")
    assert d["victim"].ok


# --------------------------------------------------------------------------- real sources unaffected


def test_the_mathlib_sample_and_the_bundled_corpus_are_not_tainted(shared_data: Path) -> None:
    assert all(not d.tainted for d in load_bundled_decls())
    mathlib = shared_data / "mathlib"
    if not mathlib.is_dir():
        pytest.skip(f"{mathlib} is absent")
    imp = load_lean_source(mathlib)
    assert len(imp.files) == 18
    assert imp.counts()[f"skipped: {TAINTED_REASON}"] == 0
    assert not any(d.unproved for d in imp.declarations)


def load_bundled_decls() -> list[LeanDeclaration]:
    from certibench.corpus.bundled import corpus_files

    out: list[LeanDeclaration] = []
    for f in corpus_files():
        out.extend(load_lean_text(f.read_text(encoding="utf-8"), f.name))
    assert out and load_bundled()
    return out
