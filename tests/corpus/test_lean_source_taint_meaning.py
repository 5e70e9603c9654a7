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
    # adversary round 38: the instance filter read the class and type by their spelling only
    ("class_abbrev", "abbrev MyLT := LT\ninstance : MyLT ℕ := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("type_abbrev", "abbrev Nat' := ℕ\ninstance : LT Nat' := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("class_extends", "class Flip extends LT ℕ\ninstance : Flip := ⟨⟨fun a b => Nat.lt b a⟩⟩\n\n" + BAD, "instance"),
    ("reducible_def", "@[reducible] def MyOrd (α : Type) := LT α\ninstance instFlip : MyOrd ℕ where lt a b := Nat.lt b a"
     "\n\n" + BAD, "instance"),
    ("attribute_reducible", "def MyOrd (α : Type) := LT α\nattribute [reducible] MyOrd\n"
     "instance instFlip : MyOrd ℕ where lt a b := Nat.lt b a\n\n" + BAD, "instance"),
    ("class_abbrev_cmd", "class abbrev MyOrd (α : Type) := LT α\ninstance : MyOrd ℕ := ⟨⟨fun a b => Nat.lt b a⟩⟩\n\n"
     + BAD, "instance"),
    ("pipe", "instance : LT <| ℕ := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("dollar", "instance : LT $ ℕ := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("root_nat", "instance : LT _root_.Nat := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("notation_type", "local notation \"NN\" => ℕ\ninstance : LT NN := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    # adversary round 38: a file of its own `Nat.Prime` / `Even` / `Nat.choose` at their own names
    ("own_nat_prime", "def Nat.Prime (p : Nat) : Prop := 2 ≤ p\n"
     "theorem even_prime_big : ∃ p : Nat, Nat.Prime p ∧ p % 2 = 0 ∧ 2 < p := ⟨4, by decide, rfl, by decide⟩\n",
     "Nat.Prime"),
    ("own_even", "def Even (n : Nat) : Prop := n % 2 = 1\n"
     "theorem odd_even : ∃ n : Nat, Even n ∧ n % 2 = 1 := ⟨1, rfl, rfl⟩\n", "Even"),
    ("own_choose_in_namespace", "namespace Nat\ndef choose (n k : Nat) : Nat := n + k\nend Nat\n"
     "theorem choose_big : ∃ n : Nat, Nat.choose n 1 = n + 1 ∧ 1 < n := ⟨2, rfl, by decide⟩\n", "choose"),
    ("own_root_factorial", "namespace Foo\ndef _root_.Nat.factorial (n : Nat) : Nat := n\nend Foo\n"
     "theorem fact3 : Nat.factorial 3 = 3 := rfl\n", "_root_.Nat.factorial"),
    ("own_finset", "structure Finset (α : Type) where\n  x : α\n" + BAD, "Finset"),
    # adversary round 40: other spellings of the same definitions and instances
    ("class_inductive", "class inductive Nat.Prime : Nat → Prop\n  | mk (n : Nat) : 2 ≤ n → Nat.Prime n\n" + BAD,
     "Nat.Prime"),
    ("guillemet_name", "def Nat.«Prime» (n : Nat) : Prop := 2 ≤ n\n" + BAD, "Nat.«Prime»"),
    ("guillemet_in_namespace", "namespace Nat\ndef «Prime» (n : Nat) : Prop := 2 ≤ n\nend Nat\n" + BAD, "«Prime»"),
    ("opened_prefix", "def Foo.Nat.Prime (n : Nat) : Prop := 2 ≤ n\nopen Foo\n" + BAD, "Foo.Nat.Prime"),
    ("opened_odd", "def Foo.Odd (n : Nat) : Prop := n % 2 = 0\nopen Foo\n" + BAD, "Foo.Odd"),
    ("irreducible_def", "irreducible_def Nat.Prime (n : Nat) : Prop := 2 ≤ n\n" + BAD, "Nat.Prime"),
    ("pi_instance", "instance : [Inhabited Nat] → LT Nat := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("implicit_pi_instance", "instance : {α : Type} → LT α := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("long_type_variable", "instance {Ty : Type} : LT Ty := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("auto_bound_type", "instance : LT Ty := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("variable_type", "variable {Ty : Type}\ninstance : LT Ty := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("symbol_notation_type", "notation \"⟪⟫\" => Nat\ninstance : LT ⟪⟫ := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("homogeneous_pow", "instance : HomogeneousPow ℕ := ⟨fun a b => a * b⟩\n\n" + BAD, "instance"),
    ("notation_after_in", "set_option hygiene true in\n  notation:50 (priority := high) a:51 \" ≠ \" b:51 => (a = a ∧ b = b)"
     "\n\n" + BAD, "notation"),
    # adversary round 42: quoted attribute names, names made the file's by open/export/alias
    ("quoted_instance_attr", "@[«instance»] def flipLT : LT Nat := ⟨fun _ _ => True⟩\n\n" + BAD, "@[instance]"),
    ("quoted_attribute_instance", "def flipLT : LT Nat := ⟨fun _ _ => True⟩\nattribute [«instance»] flipLT\n\n" + BAD,
     "attribute [instance]"),
    ("quoted_remove_instance", "attribute [-«instance»] instLTNat\n\n" + BAD, "-instance"),
    ("open_renaming", "def Foo.P (n : Nat) : Prop := n % 2 = 1\nopen Foo renaming P → Even\n\n" + BAD, "Even"),
    ("open_renaming_in", "def Foo.P (n : Nat) : Prop := n % 2 = 1\nopen Foo renaming P → Even in\n" + BAD, "Even"),
    ("export_into_nat", "def Foo.choose (_n _k : Nat) : Nat := 7\nnamespace Nat\nexport Foo (choose)\nend Nat\n\n" + BAD,
     "choose"),
    ("alias_of_choose", "def Foo.choose (_n _k : Nat) : Nat := 7\nalias Nat.choose := Foo.choose\n\n" + BAD,
     "Nat.choose"),
    # adversary round 44: types that do not start with the class, generic multi-argument
    # instances, instances without a written type, classes bundling + and *
    ("forward_pipe", "instance flipLT : ℕ |> LT := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("out_param_type", "instance : outParam (LT ℕ) := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("beta_redex_type", "instance : (fun T => LT T) ℕ := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("by_type", "instance : by exact LT ℕ := ⟨fun a b => Nat.lt b a⟩\n\n" + BAD, "instance"),
    ("generic_hadd", "instance leftAdd {α : Type} : HAdd α α α := ⟨fun a _ => a⟩\n\n" + BAD, "instance"),
    ("generic_hmul_default_prio", "instance (priority := default) {M : Type} : HMul M M M := ⟨fun a _ => a⟩\n\n" + BAD,
     "instance"),
    ("untyped_instance_def", "@[instance] def flipLT := (⟨fun a b => Nat.lt b a⟩ : LT ℕ)\n\n" + BAD, "@[instance]"),
    ("hole_typed_instance", "instance flipLT : _ := (⟨fun a b => Nat.lt b a⟩ : LT ℕ)\n\n" + BAD, "instance"),
    ("add_zero_class", "instance : AddZeroClass ℕ := { add := max, zero := 0, zero_add := Nat.zero_max, add_zero := Nat.max_zero }"
     "\n\n" + BAD, "instance"),
    ("hadd_into_own_type", "structure My where\n  v : ℕ\ninstance : HAdd ℕ ℕ My := ⟨fun a b => ⟨a + b⟩⟩\n\n" + BAD,
     "instance"),
    # adversary round 46: a command Lean starts mid-line, or indented inside a proof, which the
    # loader (cutting at line starts) read as part of the command before it
    ("midline_def", "theorem helper : True := trivial def Nat.Prime (n : Nat) : Prop := 2 ≤ n\n\n" + BAD, "def"),
    ("midline_variable", "theorem helper : True := trivial variable (h : (2:ℕ) < 1)\ninclude h\n\n" + BAD,
     "variable"),
    ("indented_include", "variable (h : (2:ℕ) < 1)\ntheorem helper : True := by\n  trivial\n  include h\n\n" + BAD,
     "include"),
    ("midline_infixl", "theorem helper : True := trivial infixl:70 (priority := high) \" * \" => HAdd.hAdd\n\n" + BAD,
     "infixl"),
    ("midline_notation", "theorem helper : True := trivial notation \"MyNat\" => ℕ\n\n" + BAD, "notation"),
    ("prop_named_class_extending_lt", "class IsFoo (α : Type) extends LT α\n"
     "instance : IsFoo ℕ := ⟨⟨fun a b => Nat.lt b a⟩⟩\n\n" + BAD, "instance"),
    # adversary round 52: through the relaxations of round 51
    ("protected_two_part_suffix", "namespace Foo\nprotected def Nat.Prime (n : ℕ) : Prop := 2 ≤ n\nend Foo\n\n" + BAD,
     "Nat.Prime"),
    ("protected_structure_named_nat", "protected structure Foo.Nat where\n  val : Unit\n"
     "instance : LT Nat := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("quoted_def_binder", "theorem helper : True := (fun («def» Nat : Unit) => trivial) () ()\n"
     "instance : LT Nat := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("projection_of_own_type", "structure Tree where\n  Tree : Type\n"
     "instance : LT (Tree.Tree ⟨ℕ⟩) := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    ("ascribed_type_variable", "instance {α : Type} : LT (α : Type) := ⟨fun _ _ => True⟩\n\n" + BAD, "instance"),
    # adversary round 53: a library abbrev of ℕ under `open` named like the file's type, a chain
    # of the file's classes through an Is…-named one, an explicit `open` list
    ("open_library_abbrev", "namespace Foo\nstructure Var where\n  idx : ℕ\nend Foo\nopen Nat.Linear\n"
     "instance : LT Var := ⟨fun a b => Nat.le a b⟩\n\n" + BAD, "instance"),
    ("own_class_chain", "class IsBar (α : Type) extends LT α\nclass IsFlip (α : Type) extends IsBar α\n"
     "instance : IsFlip ℕ := { lt := fun a b => Nat.le a b }\n\n" + BAD, "instance"),
    ("explicit_open_list", "namespace Foo\nprotected def Prime (n : Nat) : Prop := 2 ≤ n\nend Foo\nopen Foo (Prime)\n\n"
     + BAD, "Prime"),
    ("indented_notation", "namespace Foo\n  notation:50 (priority := high) a:51 \" ≠ \" b:51 => (a = a ∧ b = b)\nend Foo"
     "\n\n" + BAD, "notation"),
]


@pytest.mark.parametrize(("name", "src", "token"), ATTACKS, ids=[a[0] for a in ATTACKS])
def test_meaning_changes_taint(tmp_path: Path, name: str, src: str, token: str) -> None:
    f = write(tmp_path / "P" / "Bad.lean", HEAD + src)
    ds = decls(f)
    assert ds and all(d.skipped_reason and d.skipped_reason.startswith(TAINTED_REASON) for d in ds)
    assert f"`{token}`" in ds[0].skipped_reason


@pytest.mark.parametrize(("decl", "inst"), [
    ("abbrev Nat2 := ℕ", "instance : HAdd Nat2 Nat2 Nat2 := ⟨Nat.sub⟩"),
    ("abbrev MyLT := LT", "instance : MyLT ℕ := ⟨fun a b => Nat.lt b a⟩"),
    ("class Flip extends LT ℕ", "instance : Flip := ⟨⟨fun a b => Nat.lt b a⟩⟩"),
    ("notation \"NN\" => ℕ", "instance : HAdd NN NN NN := ⟨Nat.sub⟩"),
])
def test_instance_through_another_files_alias_is_tainted(tmp_path: Path, decl: str, inst: str) -> None:
    """The alias (or class) sits in one file, the instance in another that imports it: the
    instance is read against what every loaded file declares (adversary round 38)."""
    write(tmp_path / "P" / "A.lean", decl + "\n\ntheorem fine (a b : ℕ) : a + b = b + a := Nat.add_comm a b\n")
    write(tmp_path / "P" / "B.lean", "import P.A\n" + inst + "\n\n" + BAD)
    ds = {d.full_name: d for d in decls(tmp_path / "P")}
    assert ds["big_bad"].tainted and "B.lean:2, `instance`" in ds["big_bad"].skipped_reason
    assert not ds["fine"].tainted, ds["fine"].skipped_reason


def test_an_instance_refusal_names_its_type(tmp_path: Path) -> None:
    f = write(tmp_path / "P" / "Coe.lean", HEAD + "instance : Coe ℕ ℤ := ⟨Int.ofNat⟩\n\n" + BAD)
    (d,) = decls(f)
    assert d.tainted and "`Coe ℕ ℤ`" in d.skipped_reason, d.skipped_reason


def test_an_imported_notation_on_an_interpreted_name_is_tainted(tmp_path: Path) -> None:
    """Adversary round 42: `notation "Even" => myEven` in one file made the importing file's
    `Even n` the file's own predicate (only same-file notations were caught)."""
    write(tmp_path / "P" / "Notn.lean", "def myEven (n : Nat) : Prop := n % 2 = 1\nnotation \"Even\" => myEven\n")
    write(tmp_path / "P" / "Main.lean", "import P.Notn\n\n" + BAD)
    ds = {d.full_name: d for d in decls(tmp_path / "P")}
    assert ds["big_bad"].tainted and "Notn" in ds["big_bad"].skipped_reason


def test_instances_about_the_files_own_types_are_kept(tmp_path: Path) -> None:
    """Adversary round 42: `Coe Money ℕ`, `HAdd Money ℕ Money`, `OfNat Money 0` on a structure of
    the file refused the whole file; such instances are found only for goals about `Money`."""
    src = ("structure Money where\n  cents : ℕ\n\ninstance : Coe Money ℕ := ⟨Money.cents⟩\n"
           "instance : HAdd Money ℕ Money := ⟨fun m k => ⟨m.cents + k⟩⟩\ninstance : OfNat Money 0 := ⟨⟨0⟩⟩\n\n"
           "theorem fine (a b : ℕ) : a + b = b + a := Nat.add_comm a b\n")
    for f in (write(tmp_path / "P" / "Money.lean", HEAD + src), tmp_path / "P"):
        ds = {d.full_name: d for d in decls(f)}
        assert not ds["fine"].tainted, ds["fine"].skipped_reason


def test_a_type_of_another_loaded_file_is_not_a_type_variable(tmp_path: Path) -> None:
    """`instance : LT Ty` is generic only when nothing declares `Ty` (autoImplicit binds it):
    a structure of an imported file makes it an instance on that type (kept); an undeclared
    `Tz` taints its file once every loaded file has been read."""
    write(tmp_path / "P" / "A.lean", "structure Ty where\n  x : Nat\n")
    write(tmp_path / "P" / "B.lean", "import P.A\ninstance : LT Ty := ⟨fun a b => a.x < b.x⟩\n"
          "theorem fine (a b : ℕ) : a + b = b + a := Nat.add_comm a b\n")
    write(tmp_path / "P" / "C.lean", "instance : LT Tz := ⟨fun _ _ => True⟩\n\n" + BAD)
    ds = {d.full_name: d for d in decls(tmp_path / "P")}
    assert not ds["fine"].tainted, ds["fine"].skipped_reason
    assert ds["big_bad"].tainted and "instance" in ds["big_bad"].skipped_reason


def test_mathlib_definitions_are_recognised_by_their_text() -> None:
    """Mathlib's own definitions of interpreted symbols are known by the digest of their text,
    so their files stay trusted; one changed token makes it the file's own definition."""
    from certibench.corpus.lean_source import _MATHLIB_DEFINITIONS, definition_digest

    mathlib_choose = ("def choose : ℕ → ℕ → ℕ\n  | _, 0 => 1\n  | 0, _ + 1 => 0\n"
                      "  | n + 1, k + 1 => choose n k + choose n (k + 1)\n")
    assert definition_digest(mathlib_choose) in _MATHLIB_DEFINITIONS["Nat.choose"]
    assert definition_digest(mathlib_choose.replace("=> 1", "=> 2")) not in _MATHLIB_DEFINITIONS["Nat.choose"]


def test_own_definition_of_mathlib_text_is_kept(tmp_path: Path) -> None:
    src = ("namespace Nat\ndef choose : ℕ → ℕ → ℕ\n  | _, 0 => 1\n  | 0, _ + 1 => 0\n"
           "  | n + 1, k + 1 => choose n k + choose n (k + 1)\nend Nat\n\n"
           "theorem fine (a b : ℕ) : a + b = b + a := Nat.add_comm a b\n")
    ds = {d.full_name: d for d in decls(write(tmp_path / "P" / "Choose.lean", HEAD + src))}
    assert not ds["fine"].tainted, ds["fine"].skipped_reason
    bad = src.replace("=> 1", "=> 2")
    ds = {d.full_name: d for d in decls(write(tmp_path / "Q" / "Choose.lean", HEAD + bad))}
    assert ds["fine"].tainted and "Nat.choose" in ds["fine"].skipped_reason


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
    # round 38's fixes keep Mathlib's own forms: a plain `def` type synonym (instance search does
    # not unfold it) and a `Prop`-valued `abbrev` class (its instances are proofs)
    ("type_synonym_def", "def AsLinearOrder (α : Type) := α\n"
     "instance {α : Type} [Inhabited α] : Inhabited (AsLinearOrder α) := ⟨(default : α)⟩\n"),
    # adversary round 51 (false positives): classes whose instances are proofs, an own type in a
    # non-output argument, protected names, notations whose later atoms are `,`/`)`/`]`
    ("prop_classes", "instance : NoMaxOrder ℕ := ⟨fun n => ⟨n + 1, Nat.lt_succ_self n⟩⟩\n"
     "instance : CharZero ℚ := inferInstance\ninstance : IsStrictOrderedRing ℤ := inferInstance\n"),
    ("own_type_second_argument", "inductive Tree where\n  | leaf\n  | node (l : Tree) (v : ℕ) (r : Tree)\n"
     "instance : Membership ℕ Tree := ⟨fun _ _ => True⟩\ninstance : Insert ℕ Tree := ⟨fun v t => .node t v .leaf⟩\n"
     "instance : SMul ℕ Tree := ⟨fun _ t => t⟩\n"),
    ("protected_def", "structure MyFinset where\n  xs : List ℕ\nprotected def MyFinset.max (s : MyFinset) : ℕ := 0\n"),
    ("notation_with_commas", "def myPair (a b : ℕ) : ℕ × ℕ := (a, b)\nnotation \"P⟪\" a \", \" b \"⟫\" => myPair a b\n"),
    ("open_in_theorem", "open Nat in theorem foo (n : ℕ) : n + 0 = n := rfl\n"),
    ("deriving_instance", "inductive Color where\n  | red | green\n  deriving DecidableEq, Repr\n"),
    ("attribute_list_mid_command", "@[simp, instance] theorem fooInst : Nonempty ℕ := ⟨0⟩\n"),
    ("own_structure_type", "structure Pt2 where\n  x : ℕ\ninstance : LT Pt2 := ⟨fun a b => a.x < b.x⟩\n"),
    ("order_dual_notation", "postfix:max \"ᵒᵈ\" => OrderDual\ninstance (α : Type*) [LT α] : LT αᵒᵈ := "
     "⟨fun a b => @LT.lt α _ b a⟩\n"),
    ("prop_abbrev_class", "abbrev PosMulMono (α : Type) [Mul α] [Zero α] [Preorder α] : Prop :=\n"
     "  CovariantClass α α (fun x y => x * y) (· ≤ ·)\ninstance (priority := 100) foo {α : Type} [Mul α] [Zero α] "
     "[Preorder α] [PosMulStrictMono α] : PosMulMono α := inferInstance\n"),
]


@pytest.mark.parametrize(("name", "src"), CLEAN, ids=[c[0] for c in CLEAN])
def test_clean_files_kept(tmp_path: Path, name: str, src: str) -> None:
    f = write(tmp_path / "P" / "Ok.lean", HEAD + src + "\ntheorem fine (a b : ℕ) : a + b = b + a := Nat.add_comm a b\n")
    ds = {d.full_name: d for d in decls(f)}
    assert not ds["fine"].tainted, ds["fine"].skipped_reason
