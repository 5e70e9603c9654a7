"""Taint rules added after the adv27 review: `unsafe`/`partial` theorems, instances that change
what a parsed statement means, and notation / `macro_rules` rebinding symbols the parser
interprets.  Each attack released a FALSE theorem as TRUE; none was compiled here (no Lean)."""

from __future__ import annotations

from pathlib import Path

import pytest

from certibench.corpus.lean_source import TAINTED_REASON, load_lean_source
from tests.helpers import write_text as write

BAD = "theorem big_bad (n : ℕ) (h : 5000 < n) : n ≠ 5003 := by omega\n"
HEAD = "import Mathlib.Data.Nat.Basic\n\n"



def decls(path: Path):
    r = load_lean_source(path)
    return r.declarations if hasattr(r, "declarations") else r


ATTACKS: list[tuple[str, str, str]] = [
    ("unsafe_theorem", "unsafe theorem big_bad (n : ℕ) (h : 5000 < n) : n ≠ 5003 := big_bad n h\n", "unsafe"),
    ("unsafe_def", "unsafe def loop : Nat := loop\n\n" + BAD, "unsafe"),
    ("partial_theorem", "partial theorem big_bad (n : ℕ) (h : 5000 < n) : n ≠ 5003 := big_bad n h\n", "partial"),
    ("instance_priority", "instance (priority := high) weirdLT : LT ℕ := ⟨fun _ _ => False⟩\n\n"
     "theorem big_bad (n : ℕ) (h : 5000 < n) : n ≠ 5003 := False.elim h\n", "instance"),
    ("instance_plain", "instance weirdLT : LT ℕ := ⟨fun _ _ => False⟩\n\n" + BAD, "instance"),
    ("local_instance", "local instance : LT Nat := ⟨fun _ _ => False⟩\n\n" + BAD, "instance"),
    ("scoped_instance", "namespace Foo\nscoped instance : HAdd ℕ ℕ ℕ := ⟨Nat.sub⟩\nend Foo\nopen Foo\n\n" + BAD,
     "instance"),
    ("instance_ofnat", "instance : OfNat ℕ 5003 := ⟨7⟩\n\n" + BAD, "instance"),
    ("generic_instance", "instance {α : Type} [Zero α] : LT α := ⟨fun _ _ => False⟩\n\n" + BAD, "instance"),
    ("attr_instance", "def weirdLT : LT ℕ := ⟨fun _ _ => False⟩\nattribute [instance] weirdLT\n\n" + BAD,
     "attribute [instance]"),
    ("attr_local_instance", "def weirdLT : LT ℕ := ⟨fun _ _ => False⟩\nattribute [local instance] weirdLT\n\n"
     + BAD, "attribute [instance]"),
    ("at_instance", "@[instance] def weirdLT : LT ℕ := ⟨fun _ _ => False⟩\n\n" + BAD, "@[instance]"),
    ("remove_instance", "attribute [-instance] instLTNat\n\n" + BAD, "-instance"),
    ("default_instance", "@[default_instance] instance : HAdd ℕ ℕ ℕ := ⟨Nat.sub⟩\n\n" + BAD, "default_instance"),
    ("macro_rules_ne", "macro_rules | `($a ≠ $b) => `(True)\n\n"
     "theorem big_bad (n : ℕ) (h : 5000 < n) : n ≠ 5003 := trivial\n", "macro_rules"),
    ("macro_rules_tactic", "macro_rules | `(tactic| decide) => `(tactic| trivial)\n\n" + BAD, "macro_rules"),
    ("infixl_plus", "infixl:65 \" + \" => HSub.hSub\n\n" + BAD, "infixl"),
    ("notation_ne", "notation:50 a \" ≠ \" b => True\n\n" + BAD, "notation"),
    ("syntax_lt", "syntax:50 term:51 \" < \" term:51 : term\n\n" + BAD, "syntax"),
    ("macro_ne", "macro:50 a:term:51 \" ≠ \" b:term:51 : term => `(True)\n\n" + BAD, "macro"),
    ("sqrt_other_precedence", "prefix:10 \"√\" => Real.sqrt\n\n" + BAD, "prefix"),
    # adversary round 28: a definition that takes over an interpreted name inside its namespace
    ("shadow_nat_prime", "namespace Foo\ndef Nat.Prime (n : ℕ) : Prop := n = n\n"
     "theorem all_prime (n : ℕ) (h : 100000 < n) : Nat.Prime n := rfl\nend Foo\n", "Nat.Prime"),
    ("shadow_even_abbrev", "namespace Foo\nabbrev Even (n : ℕ) : Prop := True\n"
     "theorem all_even (n : ℕ) (h : 7 < n) : Even n := trivial\nend Foo\n", "Even"),
]


@pytest.mark.parametrize(("name", "src", "token"), ATTACKS, ids=[a[0] for a in ATTACKS])
def test_meaning_changes_taint(tmp_path: Path, name: str, src: str, token: str) -> None:
    f = write(tmp_path / "P" / "Bad.lean", HEAD + src)
    ds = decls(f)
    assert ds and all(d.skipped_reason and d.skipped_reason.startswith(TAINTED_REASON) for d in ds)
    assert f"`{token}`" in ds[0].skipped_reason


def test_importer_of_rebinding_file_is_tainted(tmp_path: Path) -> None:
    write(tmp_path / "P" / "Notation.lean", "infixl:65 \" + \" => HSub.hSub\n")
    write(tmp_path / "P" / "Use.lean", "import P.Notation\n\n" + BAD)
    ds = {d.full_name: d for d in decls(tmp_path / "P")}
    assert ds["big_bad"].tainted and "Notation" in ds["big_bad"].skipped_reason


CLEAN: list[tuple[str, str]] = [
    ("mathlib_factorial", "namespace Nat\nscoped notation:10000 n \"!\" => Nat.factorial n\nend Nat\n"),
    ("mathlib_sqrt", "prefix:max \"√\" => Real.sqrt\n"),
    ("pi", "notation \"π\" => Real.pi\n"),
    ("new_atom", "local infixl:50 \" ≺ \" => StrongLT\nnotation \"α≥0\" => { x : ℕ // 0 ≤ x }\n"),
    ("own_syntax_rules", "syntax \"my_triv\" : tactic\nmacro_rules | `(tactic| my_triv) => `(tactic| trivial)\n"),
    ("generic_low_priority", "instance (priority := 100) Inv.toHasAbs {α : Type} [Inv α] [Max α] : Abs α :=\n"
     "  ⟨fun a => max a a⁻¹⟩\n"),
    ("order_dual", "instance (α : Type*) [LT α] : LT αᵒᵈ := ⟨fun a b => @LT.lt α _ b a⟩\n"),
    ("own_type", "structure Pt where\n  x : ℕ\ninstance : LT Pt := ⟨fun a b => a.x < b.x⟩\n"),
    ("decidable_nat", "instance (m n : ℕ) : Decidable (Nat.Coprime m n) := inferInstanceAs (Decidable _)\n"),
    ("fact_nat", "instance one_lt' (p : ℕ) [hp : Fact p.Prime] : Fact (1 < p) := ⟨hp.1.one_lt⟩\n"),
    ("classical", "attribute [local instance 10] Classical.propDecidable\n"),
    ("partial_def", "partial def spin (n : Nat) : Nat := spin n\n"),
]


@pytest.mark.parametrize(("name", "src"), CLEAN, ids=[c[0] for c in CLEAN])
def test_clean_files_kept(tmp_path: Path, name: str, src: str) -> None:
    f = write(tmp_path / "P" / "Ok.lean", HEAD + src + "\ntheorem fine (a b : ℕ) : a + b = b + a := Nat.add_comm a b\n")
    ds = {d.full_name: d for d in decls(f)}
    assert not ds["fine"].tainted, ds["fine"].skipped_reason
