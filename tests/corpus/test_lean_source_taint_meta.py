"""Taint rules added after the adv25 review: ``debug.`` options, every command that runs user
code at elaboration time (macros other than plain quotations, simprocs, ``by_elab``,
``initialize``, ``#eval``), syntax kinds / constructors that build ``sorry`` from strings, and
imports resolved by path suffix (a parent folder, a Lake ``srcDir``, a skipped ``build`` folder).
Each construct was once released as a TRUE item; none was compiled here (no Lean)."""

from __future__ import annotations

from pathlib import Path

import pytest

from certibench.corpus.lean_source import TAINTED_REASON, load_lean_source, load_lean_text
from tests.helpers import by_full_name as by_name
from tests.helpers import write_text as write

BAD = "theorem big_bad (n : ℕ) (h : 5000 < n) : n ≠ 5003 := by omega\n"
VICTIM = "theorem victim (a b : ℕ) : a + b = b + a := by omega\n"




# (id, source before BAD, token named in the reason)
TRICKS: list[tuple[str, str, str]] = [
    ("by_as_sorry", "set_option debug.byAsSorry true\n\n", "debug.byAsSorry"),
    ("proof_as_sorry_in", "set_option debug.proofAsSorry true in\n", "debug.proofAsSorry"),
    ("skip_kernel_in_tactic", "theorem t : True := by\n  set_option debug.skipKernelTC true in trivial\n",
     "debug.skipKernelTC"),
    ("macro_kind_sorry", "open Lean in\nmacro \"finish_it\" : tactic =>\n"
     "  pure ⟨Syntax.node SourceInfo.none ``Lean.Parser.Tactic.tacticSorry #[Syntax.atom SourceInfo.none \"x\"]⟩\n",
     "macro"),
    ("macro_kind_admit", "open Lean in\nmacro \"tidy_up\" : tactic =>\n"
     "  pure ⟨Syntax.node SourceInfo.none ``Lean.Parser.Tactic.tacticAdmit #[Syntax.atom SourceInfo.none \"x\"]⟩\n",
     "macro"),
    ("macro_name_str", "open Lean in\nmacro \"finish_it\" : tactic => do\n"
     "  let n : Name := .str .anonymous (\"sorry\" ++ \"Ax\")\n"
     "  `(tactic| exact $(⟨Syntax.ident SourceInfo.none \"x\".toSubstring n []⟩) _ false)\n", "macro"),
    ("macro_rules_code", "syntax \"foo\" : tactic\nmacro_rules\n  | `(tactic| foo) => do\n"
     "    let k := ``Lean.Parser.Tactic.tacticStop_\n    `(tactic| trivial)\n", "macro_rules"),
    ("macro_antiquot", "macro \"foo\" x:term : tactic => `(tactic| exact $(f x))\n", "macro"),
    ("macro_attr", "@[macro foo] def expandFoo : Lean.Macro := fun _ => `(tactic| trivial)\n", "macro"),
    ("simproc", "open Lean Meta Simp in\nsimproc cheat (_ ≠ _) := fun e => do\n"
     "  return .done { expr := Expr.const ``True [], proof? := some (Expr.const (.str .anonymous (\"sorry\" ++ \"Ax\"))"
     " [Level.zero]) }\n", "simproc"),
    ("dsimproc", "dsimproc cheat (_) := fun e => return .done e\n", "dsimproc"),
    ("simproc_decl", "simproc_decl cheat (_) := fun e => return .continue\n", "simproc_decl"),
    ("by_elab", "import Mathlib.Tactic.ByElab\nopen Lean in\ntheorem t (n : ℕ) : n ≠ n + 1 :=\n"
     "  by_elab fun ty => return mkApp2 (.const (.str .anonymous (\"sorry\" ++ \"Ax\")) [.zero]) ty.get! "
     "(.const ``Bool.false [])\n", "by_elab"),
    ("initialize", "initialize cheatRef : IO.Ref Nat ← IO.mkRef 0\n", "initialize"),
    ("builtin_initialize", "builtin_initialize pure ()\n", "builtin_initialize"),
    ("eval_without_monad", "#eval Lean.Elab.Command.elabCommand (← `(axiom a : False))\n", "#eval"),
    ("eval_plain", "#eval 1 + 1\n", "#eval"),
    ("declare_simp_like", "declare_simp_like_tactic cheat_simp\n", "declare_simp_like_tactic"),
    ("expr_const", "def e := Lean.Expr.const `x []\n", "Lean.Expr.const"),
    ("syntax_node_open", "open Lean in\ndef s := Syntax.node .none `x #[]\n", "Syntax.node"),
    ("name_mkstr", "def n := Lean.Name.mkStr .anonymous \"x\"\n", "Lean.Name.mkStr"),
    ("kind_name", "def k := ``Lean.Parser.Tactic.tacticStop_\n", "Lean.Parser.Tactic.tacticStop_"),
    ("quote", "def q := Lean.quote 1\n", "Lean.quote"),
]  # fmt: skip


@pytest.mark.parametrize(("source", "token"), [t[1:] for t in TRICKS], ids=[t[0] for t in TRICKS])
def test_metaprogramming_and_debug_options_taint_the_file(tmp_path: Path, source: str, token: str) -> None:
    text = source + "\n" + BAD
    f = write(tmp_path / "Sneak.lean", text)
    for decls in (load_lean_source(f).declarations, load_lean_text(text, "Sneak.lean")):
        d = by_name(decls)
        reason = d["big_bad"].skipped_reason or ""
        assert d["big_bad"].tainted, reason
        assert f"`{token}`" in reason, reason


@pytest.mark.parametrize(
    "extra",
    [
        'macro "my_triv" : tactic => `(tactic| first | rfl | trivial)\n',
        'macro "my_exact" x:term : tactic => `(tactic| exact $x)\n',
        'macro (name := myEx) "my_exact" x:term:max : tactic =>\n  `(tactic| exact $x:term)\n',
        'syntax "foo" : tactic\nmacro_rules\n  | `(tactic| foo) => `(tactic| trivial)\n  | `(tactic| foo) => `(tactic| rfl)\n',
        'syntax "foo" term : tactic\nmacro_rules (kind := foo)\n  | `(tactic| foo $x) => `(tactic| exact $x)\n',
        "set_option trace.Meta.synthInstance true in\ntheorem t : True := trivial\n",
        "set_option linter.deprecated false\n",
        "set_option maxHeartbeats 400000 in\ntheorem t : True := trivial\n",
        'syntax "my_syntax" : term\n',
        "def node := 1\ndef Tree.node := 2\ndef debugging := 3\n",
        "/-- `set_option debug.byAsSorry true`, `#eval`, `simproc`, `Syntax.node` -/\ntheorem d : True := trivial\n",
    ],
)
def test_plain_macros_options_and_lookalikes_do_not_taint(tmp_path: Path, extra: str) -> None:
    text = "import Mathlib\n\n" + extra + "\n" + VICTIM
    d = by_name(load_lean_text(text, "Clean.lean"))
    assert d["victim"].ok, d["victim"].skipped_reason
    d = by_name(load_lean_source(write(tmp_path / "Clean.lean", text)).declarations)
    assert d["victim"].ok, d["victim"].skipped_reason


def test_a_plain_quotation_macro_expanding_to_sorry_still_taints() -> None:
    d = by_name(load_lean_text('macro "cheat" : tactic => `(tactic| sorry)\n' + BAD, "M.lean"))
    assert d["big_bad"].tainted and "`sorry` in a macro" in (d["big_bad"].skipped_reason or "")


# --------------------------------------------------------------------------- imports by path suffix

BAD_LEMMA = "@[simp] theorem cheat_helper (n : ℕ) : (n ≠ 5003) = True := by sorry\n"
GOOD = "theorem big_bad (n : ℕ) (h : 5000 < n) : n ≠ 5003 := by simp\n"
LAKEFILE = "import Lake\nopen Lake DSL\npackage proj\n@[default_target] lean_lib Proj\n"


def test_imports_resolve_when_the_loaded_folder_is_a_parent_of_the_project(tmp_path: Path) -> None:
    write(tmp_path / "ws/myproj/lakefile.lean", LAKEFILE)
    write(tmp_path / "ws/myproj/Proj/Bad.lean", BAD_LEMMA)
    write(tmp_path / "ws/myproj/Proj/Good.lean", "import Proj.Bad\n" + GOOD)
    write(tmp_path / "ws/myproj/Proj/Clean.lean", "import Mathlib\n" + VICTIM)
    for root in (tmp_path / "ws", tmp_path / "ws/myproj", tmp_path):
        d = by_name(load_lean_source(root).declarations)
        reason = d["big_bad"].skipped_reason or ""
        assert d["big_bad"].tainted and "Proj/Bad.lean, which uses sorry" in reason, (root, reason)
        assert d["victim"].ok


def test_imports_resolve_under_a_lake_src_dir(tmp_path: Path) -> None:
    write(tmp_path / "lakefile.lean", LAKEFILE + '  srcDir := "src"\n')
    write(tmp_path / "src/Proj/Bad.lean", BAD_LEMMA)
    write(tmp_path / "src/Proj/Good.lean", "import Proj.Bad\n" + GOOD)
    d = by_name(load_lean_source(tmp_path).declarations)
    assert d["big_bad"].tainted and "src/Proj/Bad.lean, which uses sorry" in (d["big_bad"].skipped_reason or "")


def test_an_ambiguous_import_is_tainted_when_any_candidate_is(tmp_path: Path) -> None:
    write(tmp_path / "a/Proj/Bad.lean", VICTIM.replace("victim", "clean_twin"))
    write(tmp_path / "b/Proj/Bad.lean", BAD_LEMMA)
    write(tmp_path / "a/Proj/Good.lean", "import Proj.Bad\n" + GOOD)
    d = by_name(load_lean_source(tmp_path).declarations)
    assert d["big_bad"].tainted, d["big_bad"].skipped_reason


def test_an_import_of_a_source_file_that_was_not_read_is_untrusted(tmp_path: Path) -> None:
    write(tmp_path / "lakefile.lean", LAKEFILE)
    write(tmp_path / "Proj/build/Bad.lean", BAD_LEMMA)  # `build` folders are not loaded
    write(tmp_path / "Proj/Good.lean", "import Proj.build.Bad\n" + GOOD)
    write(tmp_path / "Proj/Clean.lean", "import Mathlib.Data.Nat.Basic\n" + VICTIM)
    imp = load_lean_source(tmp_path)
    d = by_name(imp.declarations)
    reason = d["big_bad"].skipped_reason or ""
    assert reason.startswith(TAINTED_REASON)
    assert "imports Proj.build.Bad, a source file that was not read (Proj/build/Bad.lean" in reason, reason
    assert d["victim"].ok  # an external import (not on disk) is unaffected
    assert "cheat_helper" not in d


def test_a_single_file_importing_an_unread_sibling_is_untrusted(tmp_path: Path) -> None:
    write(tmp_path / "Proj/Bad.lean", BAD_LEMMA)
    good = write(tmp_path / "Proj/Good.lean", "import Proj.Bad\n" + GOOD)
    d = by_name(load_lean_source(good).declarations)
    assert "a source file that was not read" in (d["big_bad"].skipped_reason or "")


def test_dependencies_under_dot_lake_stay_external(tmp_path: Path) -> None:
    write(tmp_path / ".lake/packages/mathlib/Mathlib/Data/Nat/Basic.lean", BAD_LEMMA)
    write(tmp_path / "Proj/Clean.lean", "import Mathlib.Data.Nat.Basic\n" + VICTIM)
    d = by_name(load_lean_source(tmp_path).declarations)
    assert d["victim"].ok, d["victim"].skipped_reason
