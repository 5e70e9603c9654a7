"""A labelled adversarial suite for the certifier (≥ 200 pairs).

Labels:
* ``same``  — the two statements mean the same thing (never ``refuted``; ``must`` ones must be
  ``certified``);
* ``diff``  — they do not (never ``certified``; a ``refuted`` must carry a counterexample);
* ``bad``   — malformed / ill-typed input (must be ``error``).

Every class of the issue is here, with true-vs-false pairs inside each class: statements
that differ only in a typeclass, a type parameter, an unknown function, a variable named
like an internal name, an added true conjunct, a claim the input makes about itself.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    cls: str
    label: str  # same | diff | bad
    a: str
    b: str
    must: bool = False  # for `same`: must be certified
    note: str = ""


CASES: list[Case] = []


def add(cls: str, label: str, a: str, b: str, must: bool = False, note: str = "") -> None:
    CASES.append(Case(cls, label, a, b, must, note))


# 1. instance binders --------------------------------------------------------------------
add("instances", "diff", "theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a",
    "theorem t {G : Type*} [Group G] (a b : G) : b * a = a * b")
add("instances", "diff", "theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a",
    "theorem t {G : Type*} [Group G] (a b : G) : a * b = b * a")
add("instances", "diff", "theorem t {Y : Type*} [LinearOrder Y] (a b : Y) : a ≤ b ∨ b ≤ a",
    "theorem t {Y : Type*} [Preorder Y] (a b : Y) : a ≤ b ∨ b ≤ a")
add("instances", "diff", "theorem t {R : Type*} [Field R] (a : R) (h : a ≠ 0) : a * a⁻¹ = 1",
    "theorem t {R : Type*} [Ring R] [Inv R] (a : R) (h : a ≠ 0) : a * a⁻¹ = 1")
add("instances", "diff", "theorem t (p : ℕ) [Fact p.Prime] : 2 ≤ p", "theorem t (p : ℕ) : 2 ≤ p")
add("instances", "diff", "theorem t {G : Type*} [AddCommGroup G] (a b : G) : a + b = b + a",
    "theorem t {G : Type*} [AddGroup G] (a b : G) : a + b = b + a")
add("instances", "diff", "theorem t {M : Type*} [CommMonoid M] (a b : M) : a * b = b * a",
    "theorem t {M : Type*} [Monoid M] (a b : M) : a * b = b * a")
add("instances", "diff", "theorem t {R : Type*} [CommRing R] (a b : R) : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2",
    "theorem t {R : Type*} [Ring R] (a b : R) : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2")
add("instances", "diff", "theorem t {K : Type*} [LinearOrderedField K] (x : K) : 0 ≤ x ^ 2",
    "theorem t {K : Type*} [Field K] [LE K] (x : K) : 0 ≤ x ^ 2")
add("instances", "diff", "theorem t {α : Type*} [PartialOrder α] (a b : α) (h1 : a ≤ b) (h2 : b ≤ a) : a = b",
    "theorem t {α : Type*} [Preorder α] (a b : α) (h1 : a ≤ b) (h2 : b ≤ a) : a = b")
add("instances", "same", "theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a",
    "theorem t {H : Type*} [CommGroup H] (x y : H) : x * y = y * x")
add("instances", "same", "theorem t {G : Type*} [Group G] (a b : G) : a = b ∨ a ≠ b",
    "theorem t {G : Type*} [Group G] (a b : G) : a ≠ b ∨ a = b")
add("instances", "same", "theorem t {G : Type*} [Group G] (a b c : G) (h : a = b) : b = a",
    "theorem t {G : Type*} [Group G] (a b c : G) (h : b = a) : a = b")
add("instances", "same", "theorem t {α : Type*} [LinearOrder α] (a b : α) (h : a ≤ b) : b ≥ a",
    "theorem t {α : Type*} [LinearOrder α] (a b : α) (h : b ≥ a) : a ≤ b", must=True)

# 2. type parameters -------------------------------------------------------------------------
add("type-params", "diff", "theorem t (a : Fin 2) : a + a = 0", "theorem t (a : Fin 3) : a + a = 0")
add("type-params", "diff", "theorem t (a : ZMod 2) : a + a = 0", "theorem t (a : ZMod 3) : a + a = 0")
add("type-params", "diff", "theorem t (A : Matrix (Fin 1) (Fin 1) ℝ) (B : Matrix (Fin 1) (Fin 1) ℝ) : A * B = B * A",
    "theorem t (A : Matrix (Fin 2) (Fin 2) ℝ) (B : Matrix (Fin 2) (Fin 2) ℝ) : A * B = B * A")
add("type-params", "diff", "theorem t (a : Fin 5) : a * 0 = 0", "theorem t (a : Fin 7) : a * 0 = 0")
add("type-params", "diff", "theorem t (x : ZMod 4) : x ^ 2 = x", "theorem t (x : ZMod 2) : x ^ 2 = x")
add("type-params", "diff", "theorem t (s : Finset ℕ) : s.card ≤ s.card + 1", "theorem t (s : Finset ℤ) : s.card ≤ s.card + 1")
add("type-params", "diff", "theorem t (s : Set ℕ) (x : ℕ) : x ∈ s ∨ x ∉ s", "theorem t (s : Set ℤ) (x : ℤ) : x ∈ s ∨ x ∉ s")
add("type-params", "diff", "theorem t (n : ℕ) : n - 1 + 1 = n", "theorem t (n : ℤ) : n - 1 + 1 = n")
add("type-params", "diff", "theorem t (x : ℕ) : x / 2 * 2 = x", "theorem t (x : ℚ) : x / 2 * 2 = x")
add("type-params", "diff", "theorem t (a b : ℕ) : a - b ≤ a", "theorem t (a b : ℤ) : a - b ≤ a")
add("type-params", "same", "theorem t (a : Fin 3) : a + a = a + a", "theorem t (b : Fin 3) : b + b = b + b")
add("type-params", "same", "theorem t (a b : ZMod 5) : a + b = b + a", "theorem t (a b : ZMod 5) : b + a = a + b")

# 3. unknown functions: never a guessed type --------------------------------------------------
add("unknown-fn", "diff", "theorem t (n : ℕ) : Real.tanh n - n = 0", "theorem t (n : ℕ) : Real.tanh n ≤ n")
add("unknown-fn", "diff", "theorem t (n : ℤ) : Int.sign n - n = 0", "theorem t (n : ℤ) : Int.sign n ≤ n")
add("unknown-fn", "diff", "theorem t (a b : ℤ) : Int.fdiv a b - a = 0", "theorem t (a b : ℤ) : Int.fdiv a b ≤ a")
add("unknown-fn", "diff", "theorem t (x : ℝ) : dist x 0 - x = 0", "theorem t (x : ℝ) : dist x 0 ≤ x")
add("unknown-fn", "diff", "theorem t (x : ℝ) : ‖x‖ - x = 0", "theorem t (x : ℝ) : ‖x‖ ≤ x")
add("unknown-fn", "diff", "theorem t (n : ℕ) : Real.goldenRatio - n = 0", "theorem t (n : ℕ) : Real.goldenRatio ≤ n")
add("unknown-fn", "diff", "theorem t (n : ℕ) : Foo.bar n - n = 0", "theorem t (n : ℕ) : Foo.bar n ≤ n")
add("unknown-fn", "diff", "theorem t (n : ℕ) : Foo.bar n + 1 = n", "theorem t (n : ℕ) : Foo.bar n = n - 1")
add("unknown-fn", "diff", "theorem t (n : ℕ) : Foo.baz n ≤ n", "theorem t (n : ℕ) : Foo.baz n < n")
add("unknown-fn", "diff", "theorem t (x : ℕ) : Foo.f x - x = 0", "theorem t (x : ℕ) : Foo.f x - x ≤ 0")
add("unknown-fn", "diff", "theorem t (n : ℕ) : Foo.g n / 2 = 0", "theorem t (n : ℕ) : Foo.g n < 2")
add("unknown-fn", "same", "theorem t (n : ℕ) : Foo.bar n = Foo.bar n", "theorem t (m : ℕ) : Foo.bar m = Foo.bar m")
add("unknown-fn", "same", "theorem t (n : ℕ) (h : Foo.p n) : Foo.q n", "theorem t (n : ℕ) (h : Foo.p n) : Foo.q n")
add("unknown-fn", "same", "theorem t (x : ℝ) (h : Foo.P x) (h2 : Foo.Q x) : Foo.R x",
    "theorem t (x : ℝ) (h2 : Foo.Q x) (h : Foo.P x) : Foo.R x")

# 4. name capture: user names like internal names ------------------------------------------------
for nm in ("shared_1", "cb_x0", "u_Nat_Prime", "atom_0", "x0", "_a", "τ0", "β", "c", "c0", "r", "x1", "v_x", "i_atom"):
    safe = nm if not nm.startswith("_") else "a_" + nm
    add("capture", "diff", f"theorem t ({safe} : Prop) : (2:ℕ) < 3 ∧ {safe}", f"theorem t ({safe} : Prop) : (2:ℕ) < 3 ∨ {safe}")
add("capture", "diff", "theorem t (c : ℕ) (n : ℕ) : n ∣ c", "theorem t (c : ℕ) (n : ℕ) : ∃ c, c = n * c")
add("capture", "same", "theorem t (c : ℕ) (n : ℕ) : n ∣ c", "theorem t (c : ℕ) (n : ℕ) : ∃ d, c = n * d", must=True)
add("capture", "same", "theorem t (r n : ℕ) : Even n", "theorem t (r n : ℕ) : ∃ s, n = s + s", must=True)
add("capture", "diff", "theorem t (r n : ℕ) : Even n", "theorem t (r n : ℕ) : ∃ s, n = r + r")
add("capture", "same", "theorem t (x : ℕ) (f : ℕ → Prop) : ∀ y, f y", "theorem t (x : ℕ) (f : ℕ → Prop) : ¬ ∃ y, ¬ f y", must=True)
add("capture", "diff", "theorem t (x : ℕ) (f : ℕ → Prop) : ∀ y, f y", "theorem t (x : ℕ) (f : ℕ → Prop) : ¬ ∃ y, ¬ f x")

# 5. ill-typed statements -------------------------------------------------------------------------
add("ill-typed", "bad", "theorem t (f g : Polynomial ℤ) (hfg : ∀ n, ∃ a : ℤ, (f*g).coeff = a) : True",
    "theorem t (f g : Polynomial ℤ) (hfg : ∀ n, ∃ a : ℤ, (f*g).coeff n = a) : True")
add("ill-typed", "bad", "theorem t (x : ℝ) : Nat.Prime x", "theorem t (x : ℝ) : Nat.Prime x")
add("ill-typed", "bad", "theorem t (a b : ℕ) : a → b", "theorem t (a b : ℕ) : a ∧ b")
add("ill-typed", "bad", "theorem t (s : Set ℕ) (n : ℕ) : s = n", "theorem t (s : Set ℕ) (n : ℕ) : n = s")
add("ill-typed", "bad", "theorem t (s : Set ℕ) (x : ℝ) : x ∈ s", "theorem t (s : Set ℕ) (x : ℝ) : x ∉ s")
add("ill-typed", "bad", "theorem t (f : ℕ → ℕ) (n : ℕ) : f = n", "theorem t (f : ℕ → ℕ) (n : ℕ) : f 1 = n")
add("ill-typed", "bad", "theorem t (n m : ℕ) : Nat.gcd n = m", "theorem t (n m : ℕ) : Nat.gcd n n = m")
add("ill-typed", "bad", "theorem t (x : ℝ) : x ∣ True", "theorem t (x : ℝ) : x ∣ x")
add("malformed", "bad", "", "theorem t : True")
add("malformed", "bad", "   ", "theorem t : True")
add("malformed", "bad", "theorem t : (1 + ", "theorem t : 1 = 1")
add("malformed", "bad", "theorem t : 1 = 1", "theorem t (x : ℕ) : x +* 2 = 1")
add("malformed", "bad", "theorem t : ∀ x, ", "theorem t : True")

# 6. vacuity: two true (or two false) statements are not paraphrases ----------------------------
add("vacuity", "diff", "theorem t : Nat.Prime 7", "theorem t : Nat.Prime 7 ∧ ∀ x y : ℝ, x^2 + y^2 ≥ 2*x*y")
add("vacuity", "diff", "theorem t (n : ℕ) : n + 0 = n", "theorem t (n : ℕ) : n + 0 = n ∧ 2 + 2 = 4")
add("vacuity", "diff", "theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : a * b = b * a")
add("vacuity", "diff", "theorem t : Nat.Prime 2", "theorem t : Nat.Prime 3")
add("vacuity", "diff", "theorem t : (2:ℕ) + 2 = 5", "theorem t : (3:ℕ) = 7")
add("vacuity", "diff", "theorem t : ∀ n : ℕ, n + 1 = n", "theorem t : ∃ n : ℕ, n < 0")
add("vacuity", "diff", "theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ |x|")
add("vacuity", "diff", "theorem t (x : ℝ) (h : 0 < x) : 0 < x ^ 3", "theorem t (x : ℝ) (h : 0 < x) : 0 < x + 1")
# 0 < x³ and 0 < x⁵ are the same predicate of a real x (odd powers keep the sign): equivalent
add("vacuity", "same", "theorem t (x : ℝ) (h : 0 < x) : 0 < x ^ 3", "theorem t (x : ℝ) (h : 0 < x) : 0 < x ^ 5")
add("vacuity", "diff", "theorem t (n : ℕ) : n ≤ n ^ 2", "theorem t (n : ℕ) : n ≤ n ^ 2 ∨ n = 7")
add("vacuity", "diff", "theorem t (n : ℕ) (h : 5 < n) : 3 < n", "theorem t (n : ℕ) (h : 5 < n) : 4 < n")
add("vacuity", "diff", "theorem t (p : ℕ) (hp : p.Prime) : 2 ≤ p", "theorem t (p : ℕ) (hp : p.Prime) : 1 ≤ p")
add("vacuity", "diff", "theorem t (x : ℝ) : Real.exp x > 0", "theorem t (x : ℝ) : Real.exp x > 0 ∧ (1:ℝ) < 2")
add("vacuity", "diff", "theorem t (a : ℤ) : a * a ≥ 0", "theorem t (a : ℤ) : a * a ≥ 0 ∨ a = a + 1")
add("vacuity", "same", "theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : b + a = a + b", must=True)
add("vacuity", "same", "theorem t : Nat.Prime 7", "theorem t : Prime (7:ℕ)", must=True)

# 7. one verdict per pair, whatever the label (the family decides the tier only) --------------
# (tests/verify/test_determinism.py runs these under several labels, jobs and loads)
add("determinism", "diff", "theorem t (p q : ℕ → Prop) : ∀ x, p x ∨ q x", "theorem t (p q : ℕ → Prop) : (∀ x, p x) ∨ (∀ x, q x)")
add("determinism", "diff", "theorem t (p q : ℕ → Prop) : ∃ x, p x ∧ q x", "theorem t (p q : ℕ → Prop) : (∃ x, p x) ∧ (∃ x, q x)")
add("determinism", "same", "theorem t (p q : ℕ → Prop) : ∀ x, p x ∧ q x", "theorem t (p q : ℕ → Prop) : ∀ x, q x ∧ p x", must=True)
add("determinism", "same", "theorem t (p q : ℕ → Prop) : ∃ x, p x ∨ q x", "theorem t (p q : ℕ → Prop) : ∃ x, q x ∨ p x", must=True)

# 9. equivalent in Mathlib: never refuted (certified by the definitional lemmas) ---------------
for a, b in [
    ("theorem t (C A : Set ℕ) : C ∩ A ≠ ∅", "theorem t (C A : Set ℕ) : (C ∩ A).Nonempty"),
    ("theorem t (a b : ℕ) : Nat.Coprime a b", "theorem t (a b : ℕ) : Nat.gcd a b = 1"),
    ("theorem t (a b : ℕ) : a ≡ b [MOD 3]", "theorem t (a b : ℕ) : a % 3 = b % 3"),
    ("theorem t (x : ℝ) : x ∈ Set.Icc 0 1", "theorem t (x : ℝ) : 0 ≤ x ∧ x ≤ 1"),
    ("theorem t (p : ℕ) : Nat.Prime p", "theorem t (p : ℕ) : Prime p"),
    ("theorem t (a b : ℤ) : a ≡ b [ZMOD 5]", "theorem t (a b : ℤ) : a % 5 = b % 5"),
    ("theorem t (x : ℝ) : x ∈ Set.Ioo 0 1", "theorem t (x : ℝ) : 0 < x ∧ x < 1"),
    ("theorem t (x : ℕ) (n : ℕ) : x ∈ Finset.range n", "theorem t (x n : ℕ) : x < n"),
    ("theorem t (n : ℕ) : Even n", "theorem t (n : ℕ) : 2 ∣ n"),
    ("theorem t (n : ℕ) : Even n", "theorem t (n : ℕ) : n % 2 = 0"),
    ("theorem t (n : ℤ) : Odd n", "theorem t (n : ℤ) : n % 2 = 1"),
    ("theorem t (n : ℕ) : n ∣ 0", "theorem t (n : ℕ) : ∃ c, 0 = n * c"),
    ("theorem t (s t : Set ℕ) : s ⊆ t", "theorem t (s t : Set ℕ) : ∀ x, x ∈ s → x ∈ t"),
    ("theorem t (a b c : ℝ) : max a b ≤ c", "theorem t (a b c : ℝ) : a ≤ c ∧ b ≤ c"),
    ("theorem t (a b : ℝ) : |a| ≤ b", "theorem t (a b : ℝ) : -b ≤ a ∧ a ≤ b"),
    ("theorem t (x : ℕ) (s t : Set ℕ) : x ∈ s ∩ t", "theorem t (x : ℕ) (s t : Set ℕ) : x ∈ s ∧ x ∈ t"),
    ("theorem t (n : ℕ) : Nat.succ n ≠ 0", "theorem t (n : ℕ) : n + 1 ≠ 0"),
]:
    add("mathlib-equiv", "same", a, b, must=True)
# … and their false neighbours
for a, b in [
    ("theorem t (a b : ℕ) : Nat.Coprime a b", "theorem t (a b : ℕ) : Nat.gcd a b = 2"),
    ("theorem t (a b : ℕ) : a ≡ b [MOD 3]", "theorem t (a b : ℕ) : a % 3 = b % 4"),
    ("theorem t (x : ℝ) : x ∈ Set.Icc 0 1", "theorem t (x : ℝ) : 0 < x ∧ x ≤ 1"),
    ("theorem t (x : ℝ) : x ∈ Set.Ico 0 1", "theorem t (x : ℝ) : 0 ≤ x ∧ x ≤ 1"),
    ("theorem t (n : ℕ) : Even n", "theorem t (n : ℕ) : n % 2 = 1"),
    ("theorem t (n : ℕ) : Odd n", "theorem t (n : ℕ) : ∃ m, n = 2 * m"),
    ("theorem t (C A : Set ℕ) : C ∩ A ≠ ∅", "theorem t (C A : Set ℕ) : (C ∪ A).Nonempty"),
    ("theorem t (s t : Set ℕ) : s ⊆ t", "theorem t (s t : Set ℕ) : ∀ x, x ∈ t → x ∈ s"),
    ("theorem t (a b c : ℝ) : max a b ≤ c", "theorem t (a b c : ℝ) : a ≤ c ∨ b ≤ c"),
    ("theorem t (a b : ℝ) : |a| ≤ b", "theorem t (a b : ℝ) : -b ≤ a ∨ a ≤ b"),
    ("theorem t (n : ℕ) : Nat.succ n ≠ 0", "theorem t (n : ℕ) : n + 2 ≠ 0"),
]:
    add("mathlib-neighbour", "diff", a, b)

# 10. legitimate rewrites must be certified (not thrown away as vacuous) -------------------------
for a, b in [
    ("theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * x"),
    ("theorem t (a b : ℝ) : a ≤ b", "theorem t (a b : ℝ) : b ≥ a"),
    ("theorem t (a b : ℕ) (h : a < b) : a ≤ b", "theorem t (a b : ℕ) (h : b > a) : b ≥ a"),
    ("theorem t (P Q : Prop) (h : P → Q) : ¬ Q → ¬ P", "theorem t (P Q : Prop) (h : ¬ Q → ¬ P) : ¬ Q → ¬ P"),
    ("theorem t (P Q : Prop) : ¬ (P ∧ Q) ↔ ¬ P ∨ ¬ Q", "theorem t (P Q : Prop) : ¬ P ∨ ¬ Q ↔ ¬ (P ∧ Q)"),
    ("theorem t (a b : ℕ) : a * b = b * a", "theorem t (a b : ℕ) : b * a = a * b"),
    ("theorem t (x : ℕ) : x ^ 2 ≥ 0", "theorem t (x : ℕ) : 0 ≤ x * x"),
    ("theorem t (n : ℕ) (h : 0 < n) : 1 ≤ n", "theorem t (n : ℕ) (h : n ≠ 0) : 1 ≤ n"),
    ("theorem t (x : ℝ) (h : x ≠ 0) : x / x = 1", "theorem t (x : ℝ) (h : x ≠ 0) : x * x⁻¹ = 1"),
    ("theorem t (f : ℕ → ℕ) (h : ∀ n, f n ≤ f (n + 1)) : f 0 ≤ f 1",
     "theorem t (f : ℕ → ℕ) (h : ¬ ∃ n, ¬ (f n ≤ f (n + 1))) : f 0 ≤ f 1"),
    ("theorem t (a b c : ℕ) (h1 : a ≤ b) (h2 : b ≤ c) : a ≤ c", "theorem t (a b c : ℕ) (h2 : b ≤ c) (h1 : a ≤ b) : a ≤ c"),
    ("theorem t (x : ℝ) : x ^ 3 = x * x * x", "theorem t (x : ℝ) : x * x * x = x ^ 3"),
]:
    add("legit", "same", a, b, must=True)
# equivalent, but the rewrite collapses one side into its hypothesis or into reflexivity:
# that side no longer states the theorem (vacuous, tests/verify/test_reflexive_vacuity.py)
for a, b in [
    ("theorem t (a b : ℤ) (h : a % b = 0) : b ∣ a", "theorem t (a b : ℤ) (h : b ∣ a) : b ∣ a"),
    ("theorem t (x y : ℝ) (h : x < y) : ¬ (y ≤ x)", "theorem t (x y : ℝ) (h : x < y) : x < y"),
    ("theorem t (n : ℕ) : 2 * n = n + n", "theorem t (n : ℕ) : n + n = n + n"),
]:
    add("reflexive-collapse", "same", a, b)
# … and the broken versions of the same rewrites
for a, b in [
    ("theorem t (x : ℝ) : 0 ≤ x ^ 2", "theorem t (x : ℝ) : 0 ≤ x * 2"),
    ("theorem t (a b : ℝ) : a ≤ b", "theorem t (a b : ℝ) : b > a"),
    ("theorem t (a b : ℝ) : a ≤ b", "theorem t (a b : ℝ) : a ≥ b"),
    ("theorem t (P Q : Prop) (h : P → Q) : True", "theorem t (P Q : Prop) (h : Q → P) : True"),
    ("theorem t (P Q : Prop) : P → Q", "theorem t (P Q : Prop) : ¬ P → ¬ Q"),
    ("theorem t (P Q : Prop) : ¬ (P ∧ Q)", "theorem t (P Q : Prop) : ¬ P ∧ ¬ Q"),
    ("theorem t (a b : ℕ) : a - b = 0", "theorem t (a b : ℕ) : b - a = 0"),
    ("theorem t (x y : ℝ) : x < y", "theorem t (x y : ℝ) : ¬ (x ≤ y)"),
    ("theorem t (x y : ℕ) : x < y", "theorem t (x y : ℕ) : x + 1 < y"),
    ("theorem t (x y : ℝ) : x < y", "theorem t (x y : ℝ) : x + 1 ≤ y"),
    ("theorem t (f : ℕ → Prop) : ∀ n, f n", "theorem t (f : ℕ → Prop) : ∃ n, f n"),
    ("theorem t (f : ℕ → Prop) : ¬ ∃ n, f n", "theorem t (f : ℕ → Prop) : ∃ n, ¬ f n"),
    ("theorem t (a b : ℕ) (h : a % b = 0) : True", "theorem t (a b : ℕ) (h : a ∣ b) : True"),
    ("theorem t (P Q : Prop) : P → Q", "theorem t (P Q : Prop) : P ↔ Q"),
    ("theorem t (P Q : Prop) : P ∧ Q", "theorem t (P Q : Prop) : P ∨ Q"),
    ("theorem t (P Q : Prop) : P ∧ Q", "theorem t (P Q : Prop) : Q"),
    ("theorem t (n : ℕ) : Even n", "theorem t (n : ℕ) : ∃ m, n = 2 * m + 1"),
    ("theorem t (x : ℝ) (h : x ≠ 0) : x / x = 1", "theorem t (x : ℝ) (h : x ≠ 0) : x * x = 1"),
    ("theorem t (n : ℕ) (h : 0 < n) : True", "theorem t (n : ℕ) (h : 1 < n) : True"),
    ("theorem t (x : ℕ) : x ≤ 5", "theorem t (x : ℕ) : x < 5"),
    ("theorem t (x : ℤ) : x ≤ 5", "theorem t (x : ℤ) : x < 5"),
    ("theorem t (x : ℝ) : x ≤ 5", "theorem t (x : ℝ) : x < 5"),
    ("theorem t (x : ℕ) : x < 5", "theorem t (x : ℕ) : x < 6"),
    ("theorem t (a b c : ℕ) (h1 : a ≤ b) (h2 : b ≤ c) : a ≤ c", "theorem t (a b c : ℕ) (h1 : a ≤ b) : a ≤ c"),
    ("theorem t (a b c : ℕ) (h1 : a ≤ b) (h2 : b ≤ c) : a ≤ c", "theorem t (a b c : ℕ) (h1 : a ≤ b) (h2 : b ≤ c) : c ≤ a"),
]:
    add("legit-broken", "diff", a, b)

# 11. numeric semantics (true-vs-false pairs around Lean's total functions) ----------------------
for a, b in [
    ("theorem t (a b : ℕ) (h : b ≤ a) : a - b + b = a", "theorem t (a b : ℕ) : a - b + b = a"),
    ("theorem t (m k : ℕ) : m % k + k * (m / k) = m", "theorem t (m k : ℕ) : m % k + k * (m / k) = m + 1"),
    ("theorem t (x : ℝ) : x / 0 = 0", "theorem t (x : ℝ) : x / 0 = 1"),
    ("theorem t (n : ℕ) : n / 1 = n", "theorem t (n : ℕ) : n / 2 = n"),
    ("theorem t (a : ℤ) : a / 0 = 0", "theorem t (a : ℤ) : a / 0 = a"),
    ("theorem t (n : ℕ) : (n : ℤ) - 1 < n", "theorem t (n : ℕ) : n - 1 < n"),
    ("theorem t (x : ℝ) : x ^ 0 = 1", "theorem t (x : ℝ) : x ^ 1 = 1"),
    ("theorem t (a b : ℤ) : a % b = a - b * (a / b)", "theorem t (a b : ℤ) : a % b = a + b * (a / b)"),
]:
    add("lean-semantics", "diff", a, b)

# 12. sizes: valid Lean of any size parses; one-rule differences are certified --------------------
_conj = " ∧ ".join(f"x + {i} ≤ y + {i}" for i in range(60))
add("size", "same", f"theorem t (x y : ℕ) : {_conj}", "theorem t (x y : ℕ) : " + _conj.replace("x + 7 ≤ y + 7", "y + 7 ≥ x + 7"), must=True)
add("size", "diff", f"theorem t (x y : ℕ) : {_conj}", "theorem t (x y : ℕ) : " + _conj.replace("x + 7 ≤ y + 7", "y + 7 ≤ x + 7"))
_nest = "(" * 40 + "x" + ")" * 40
add("size", "same", f"theorem t (x : ℕ) : {_nest} ≤ x", f"theorem t (x : ℕ) : x ≥ {_nest}", must=True)

# extra true-vs-false pairs across sorts (to reach a broad suite) ------------------------------
for sort in ("ℕ", "ℤ", "ℚ", "ℝ"):
    add("sorts", "same", f"theorem t (a b : {sort}) : a ≤ b → a ≤ b + 1", f"theorem t (a b : {sort}) : b ≥ a → b + 1 ≥ a", must=True)
    add("sorts", "diff", f"theorem t (a b : {sort}) : a ≤ b → a ≤ b + 1", f"theorem t (a b : {sort}) : a ≤ b → b + 1 ≤ a")
    add("sorts", "same", f"theorem t (a b : {sort}) : a * b = b * a", f"theorem t (a b : {sort}) : b * a = a * b", must=True)
    add("sorts", "diff", f"theorem t (a b : {sort}) : a * b = b * a", f"theorem t (a b : {sort}) : a * b = a * a")
    add("sorts", "same", f"theorem t (a : {sort}) : a ^ 2 = a * a", f"theorem t (a : {sort}) : a * a = a ^ 2", must=True)
    add("sorts", "diff", f"theorem t (a : {sort}) : a ^ 2 = a * a", f"theorem t (a : {sort}) : a ^ 3 = a * a")
    add("sorts", "same", f"theorem t (a b : {sort}) (h : a = b) : b = a", f"theorem t (a b : {sort}) (h : b = a) : a = b", must=True)
    add("sorts", "diff", f"theorem t (a b : {sort}) (h : a = b) : b = a", f"theorem t (a b : {sort}) (h : a ≠ b) : b = a")
    add("sorts", "same", f"theorem t (a b : {sort}) : ¬ (a ≠ b) → a = b", f"theorem t (a b : {sort}) : ¬ (a = b) ∨ a = b", must=True)
    add("sorts", "diff", f"theorem t (a b : {sort}) : a ≠ b → a = b", f"theorem t (a b : {sort}) : ¬ (a = b) ∨ a = b")
    add("sorts", "same", f"theorem t (a b c : {sort}) : a + b + c = c + b + a", f"theorem t (a b c : {sort}) : c + (b + a) = a + (b + c)", must=True)
    add("sorts", "diff", f"theorem t (a b c : {sort}) : a + b + c = c + b + a", f"theorem t (a b c : {sort}) : a + b + c = c + b + b")

# local instances of library classes on concrete types: Lean tries a local instance first, so
# `[inst : LT ℕ]` (or `(inst : LT ℕ)`, every local of a class type is an instance) makes `<`
# an arbitrary relation; the pair below was certified with Nat.lt_iff_add_one_le (round 30)
for _b in ("(inst : LT ℕ)", "[inst : LT ℕ]", "[LT ℕ]", "{inst : LT ℕ}", "[Preorder ℕ]", "[Foo ℕ]", "[HAdd ℕ ℕ ℕ]",
           "(inst : HAdd ℕ ℕ ℕ)", "(inst : OfNat ℕ 1)"):
    add("local-instance", "bad", f"theorem t {_b} (a b : ℕ) (h : a < b) : a + 2 ≤ b + 1",
        f"theorem t {_b} (a b : ℕ) (h : a + 1 ≤ b) : a + 2 ≤ b + 1")
add("local-instance", "bad", "theorem t {α : Type*} [LT (Set α)] (s u : Set α) (h : s < u) : s ⊆ u",
    "theorem t {α : Type*} [LT (Set α)] (s u : Set α) (h : s ⊂ u) : s ⊆ u")
# instances that carry no operation, or sit on a type variable, are kept
add("local-instance", "same", "theorem t {α : Type*} [LT α] (a b : α) (h : a < b) : a < b ∧ True",
    "theorem t {α : Type*} [LT α] (a b : α) (h : a < b) : True ∧ b > a", must=True)
add("local-instance", "same", "theorem t (n : ℕ) [NeZero n] [DecidableEq ℕ] [Fact (1 < 2)] (a b : ℕ) : a + b = b + a",
    "theorem t (n : ℕ) [NeZero n] [DecidableEq ℕ] [Fact (1 < 2)] (a b : ℕ) : b + a = a + b", must=True)

# powers Mathlib does not have (round 30: certified, and re-checked, as if they existed)
add("power-types", "bad", "theorem t (a : ℤ) : a ^ (2 : ℤ) = 4", "theorem t (a : ℤ) : a = 2 ∨ a = -2")
add("power-types", "bad", "theorem t (n : ℕ) : n ^ (2 : ℝ) = 4", "theorem t (n : ℕ) : n = 2")
add("power-types", "bad", "theorem t (x : ℝ) : x ^ (2 : ℚ) = 4", "theorem t (x : ℝ) : x ^ 2 = 4")
add("power-types", "bad", "theorem t (a b c : ℤ) : a ^ b ^ c = 1", "theorem t (a b c : ℤ) : (a ^ b) ^ c = 1")
add("power-types", "same", "theorem t (x : ℝ) (n : ℤ) : x ^ n = x ^ n + 0", "theorem t (x : ℝ) (n : ℤ) : x ^ n + 0 = x ^ n",
    must=True)
add("power-types", "same", "theorem t (x : ℝ) (n : ℕ) : x ^ (n + 1) = 5", "theorem t (x : ℝ) (n : ℕ) : x * x ^ n = 5",
    must=True, note="pow_succ (the SMT encoding keeps ℝ ^ variable uninterpreted)")
add("power-types", "diff", "theorem t (x : ℝ) (n : ℕ) : x ^ (n + 1) = 5", "theorem t (x : ℝ) (n : ℕ) : x ^ n * x ^ 2 = 5")

# round 32: `_root_.`-qualified classes and Π-typed local instances (Lean finds `inst : ∀ α, LT α`
# by unification, for ℕ too) were accepted and certified with Nat.lt_iff_add_one_le / numerals
for _b in ("(inst : _root_.LT ℕ)", "(inst : ∀ α : Type, LT α)", "(inst : (α : Type) → LT α)", "(inst : ∀ {α}, LT α)"):
    add("local-instance", "bad", f"theorem t {_b} (a b : ℕ) (h : a < b) : b ≠ 0",
        f"theorem t {_b} (a b : ℕ) (h : a + 1 ≤ b) : b ≠ 0")
add("local-instance", "bad", "theorem t (inst : ∀ n, OfNat ℕ n) (a : ℕ) (h : a = 3) : a ≠ 7",
    "theorem t (inst : ∀ n, OfNat ℕ n) (a : ℕ) (h : a = 2 + 1) : a ≠ 7")
add("local-instance", "bad", "theorem t (a b : ℕ) : ∀ (inst : ∀ α : Type, LT α), a < b → b ≠ 0",
    "theorem t (a b : ℕ) : ∀ (inst : ∀ α : Type, LT α), a + 1 ≤ b → b ≠ 0")
add("local-instance", "bad", "theorem t (a : ℕ) : ∀ (inst : OfNat ℕ 3), a = 3 → a ≠ 7",
    "theorem t (a : ℕ) : ∀ (inst : OfNat ℕ 3), a = 2 + 1 → a ≠ 7")
add("power-types", "bad", "theorem t (x : ℂ) (y : ℝ) : x ^ y = 1", "theorem t (x : ℂ) (y : ℝ) : 1 = x ^ y")
add("power-types", "bad", "theorem t (x n : Fin 5) : x ^ n = 1", "theorem t (x n : Fin 5) : 1 = x ^ n")
add("power-types", "bad", "theorem t (x : ℝ) : x ^ 0.5 = 2", "theorem t (x : ℝ) : 2 = x ^ 0.5")
add("power-types", "same", "theorem t (x : ℝ) (h : 0 ≤ x) : x ^ (0.5 : ℝ) = 2", "theorem t (x : ℝ) (h : 0 ≤ x) : 2 = x ^ (0.5 : ℝ)",
    must=True)

# round 33: Mathlib order/algebra classes outside the hierarchy, in round brackets (a local
# instance whatever its brackets): `(inst : HeytingAlgebra ℕ)` certified a < b vs a + 1 ≤ b
for _b in ("(inst : HeytingAlgebra ℕ)", "(inst : LinearOrderedCommMonoidWithZero ℕ)", "(inst : Order.Frame ℕ)",
           "(inst : Std.LT ℕ)"):
    add("local-instance", "bad", f"theorem t (a b : ℕ) {_b} (h : a < b) : a ≠ b",
        f"theorem t (a b : ℕ) {_b} (h : a + 1 ≤ b) : a ≠ b")
add("local-instance", "same", "theorem t (x : FreeGroup ℕ) (a b : ℕ) (h : a < b) : a ≠ b ∧ True",
    "theorem t (x : FreeGroup ℕ) (a b : ℕ) (h : a < b) : True ∧ a ≠ b", must=True)

# a class of operations is not a proposition (round 33: `LT ℕ ∧ a < b` was read as one)
add("local-instance", "bad", "theorem t (a b : ℕ) : LT ℕ ∧ a < b → b ≠ 0", "theorem t (a b : ℕ) : LT ℕ ∧ a + 1 ≤ b → b ≠ 0")
add("local-instance", "same", "theorem t (R : Type*) [CommRing R] (h : IsDomain R) (a b : R) : a * b = b * a",
    "theorem t (R : Type*) [CommRing R] (h : IsDomain R) (a b : R) : b * a = a * b")

# round 34: order/arithmetic classes with other name shapes, and coercion classes
for _b in ("(inst : CompleteSemilatticeSup ℕ)", "{inst : LinearOrderedAddCommMonoidWithTop ℕ}",
           "(h : ConditionallyCompletePartialOrderSup ℕ)"):
    add("local-instance", "bad", f"theorem t (a b : ℕ) {_b} (h : a < b) : a ≠ b",
        f"theorem t (a b : ℕ) {_b} (h : a + 1 ≤ b) : a ≠ b")
add("local-instance", "bad", "theorem t (a : ℤ) (inst : NegZeroClass ℤ) (h : a ≠ 5) : -a = 0",
    "theorem t (a : ℤ) (inst : NegZeroClass ℤ) (h : a ≠ 5) : a = 0")
add("local-instance", "bad", "theorem t (a b : ℕ) (inst : CoeTC ℕ ℤ) : (a : ℤ) < (b : ℤ)",
    "theorem t (a b : ℕ) (inst : CoeTC ℕ ℤ) : a < b")
# types named like classes are kept (round 34: refused before)
add("local-instance", "same", "theorem t (g : DihedralGroup 4) (x : FractionRing ℤ) (a b : ℕ) : a + b = b + a",
    "theorem t (g : DihedralGroup 4) (x : FractionRing ℤ) (a b : ℕ) : b + a = a + b", must=True)

# session 6: a binder of an unknown type constructor on a concrete type may be a class
# (`class Foo (α) extends LT α`: `(x : Foo ℕ)` is a local instance reaching ℕ's `<` through
# Foo.toLT); certified a < b vs a + 1 ≤ b before.  Known structures are kept.
for _b in ("(x : Foo ℕ)", "(x : MyOrd (Fin 3))", "{x : Foo (ℕ → ℕ)}"):
    add("local-instance", "bad", f"theorem t (a b : ℕ) {_b} (h : a < b) : a ≠ b",
        f"theorem t (a b : ℕ) {_b} (h : a + 1 ≤ b) : a ≠ b")
add("local-instance", "bad", "theorem t (a b : ℕ) (h : a < b) : ∃ x : Foo ℕ, a ≠ b",
    "theorem t (a b : ℕ) (h : a + 1 ≤ b) : ∃ x : Foo ℕ, a ≠ b")
add("local-instance", "same", "theorem t (G : SimpleGraph ℕ) (s : Finset ℕ) (a b : ℕ) (h : a < b) : a ≠ b",
    "theorem t (G : SimpleGraph ℕ) (s : Finset ℕ) (a b : ℕ) (h : a + 1 ≤ b) : a ≠ b", must=True)
add("local-instance", "same", "theorem t {α : Type} (x : Foo α) (f : Foo ℕ → ℕ) (a b : ℕ) (h : a < b) : a ≠ b",
    "theorem t {α : Type} (x : Foo α) (f : Foo ℕ → ℕ) (a b : ℕ) (h : a + 1 ≤ b) : a ≠ b")

# … and its lower-case form as a hypothesis or antecedent (`class foo (α) extends LT α` is legal
# Lean): an unknown constant applied to a concrete type is refused; `Is…` propositions are kept
for _h in ("(h : foo ℕ)", "(h : myPred (Set ℕ))"):
    add("local-instance", "bad", f"theorem t (a b : ℕ) {_h} (hh : a < b) : a ≠ b",
        f"theorem t (a b : ℕ) {_h} (hh : a + 1 ≤ b) : a ≠ b")
add("local-instance", "bad", "theorem t (a b : ℕ) (hh : a < b) : foo ℕ → a ≠ b",
    "theorem t (a b : ℕ) (hh : a + 1 ≤ b) : foo ℕ → a ≠ b")
add("local-instance", "same", "theorem t (h : IsEmpty (Fin 0)) (a b : ℕ) (hh : a < b) : a ≠ b",
    "theorem t (h : IsEmpty (Fin 0)) (a b : ℕ) (hh : a + 1 ≤ b) : a ≠ b", must=True)

# session 6 (adversary round 36): notation means Lean's global whatever a binder is called, and
# binders named True/False or with dotted names are errors
add("name-capture", "diff", "theorem t (norm : ℝ → ℝ) (x : ℝ) : ‖x‖ = 1", "theorem t (norm : ℝ → ℝ) (x : ℝ) : norm x = 1")
add("name-capture", "same", "theorem t (norm : ℝ → ℝ) (x : ℝ) : ‖x‖ = 1", "theorem t (norm : ℝ → ℝ) (x : ℝ) : |x| = 1")
add("name-capture", "diff", "theorem t (setOf : (ℕ → Prop) → Set ℕ) (a : ℕ) : a ∈ {x | x = 1}",
    "theorem t (setOf : (ℕ → Prop) → Set ℕ) (a : ℕ) : a ∈ setOf (fun x => x = 1)")
add("name-capture", "diff", "theorem t (ite : Prop → ℕ → ℕ → ℕ) (a : ℕ) : (if a = 0 then 1 else 2) = 1",
    "theorem t (ite : Prop → ℕ → ℕ → ℕ) (a : ℕ) : ite (a = 0) 1 2 = 1")
add("name-capture", "same", "theorem t (ite : Prop → ℕ → ℕ → ℕ) (a : ℕ) : (if a = 0 then 1 else 2) = 1",
    "theorem t (ite : Prop → ℕ → ℕ → ℕ) (a : ℕ) : a = 0")
add("name-capture", "bad", "theorem t (a : ℕ) : ∀ True : Prop, True → a = 1", "theorem t (a : ℕ) : ∀ True : Prop, a = 1 ∧ True")
add("name-capture", "bad", "theorem t (True : Prop) (a : ℕ) : True → a = 1", "theorem t (True : Prop) (a : ℕ) : a = 1 ∧ True")
add("name-capture", "bad", "theorem t (Nat.succ : ℕ → ℕ) : Nat.succ 1 = 3", "theorem t (Nat.succ : ℕ → ℕ) : 2 = 3")
add("name-capture", "bad", "theorem t (Singleton.singleton : ℕ → Set ℕ) (a : ℕ) : a ∈ ({1} : Set ℕ)",
    "theorem t (Singleton.singleton : ℕ → Set ℕ) (a : ℕ) : a = 1")

# adversary round 39: a class behind a type ascription, quoted names colliding with base types,
# the `·` placeholder's names and internal names, and `ℝ[X]` captured by a local
for _b in ("(inst : (LT ℕ : Type))", "(inst : (LT : Type → Type) ℕ)", "(inst : (Preorder ℕ : Type))",
           "(inst : (Foo ℕ : Type))", "(inst : Foo (ℕ : Type) 3)"):
    add("local-instance", "bad", f"theorem t {_b} (a b : ℕ) : a < b → a ≠ b",
        f"theorem t {_b} (a b : ℕ) : a + 1 ≤ b → a ≠ b")
add("local-instance", "bad", "theorem t (a b : ℕ) : ∃ (inst : (LT ℕ : Type)), a < b",
    "theorem t (a b : ℕ) : ∃ (inst : (LT ℕ : Type)), a + 1 ≤ b")
add("name-capture", "bad", "theorem t («Nat» : Type) : ∃ x y : Nat, x ≠ y", "theorem t («Nat» : Type) : ∃ x y : ℕ, x ≠ y")
add("name-capture", "bad", "theorem t (n : ℕ) (h : n = 0) («?1» : Type) (y : «?1») : ∃ z : «?1», z ≠ y",
    "theorem t (n : ℕ) (h : n = 0) («?1» : Type) (y : ℕ) : ∃ z : ℕ, z ≠ y")
add("name-capture", "bad", "theorem t (x : ℝ) : «Real.sqrt» x = 1", "theorem t (x : ℝ) : Real.sqrt x = 1")
add("name-capture", "diff", "theorem t («_c1» : ℕ) (f : ℕ → ℕ) (h : f = (· + «_c1»)) : f 3 = 6",
    "theorem t («_c1» : ℕ) (f : ℕ → ℕ) (h : f = fun x => x + x) : f 3 = 6")
add("name-capture", "diff", "theorem t (Polynomial : Type → Prop) (q : Prop) (p : ℝ[X]) : Polynomial ℝ ∨ q",
    "theorem t (Polynomial : Type → Prop) (q : Prop) (h : Polynomial ℝ) : q ∨ Polynomial ℝ")

# adversary round 43: decimal literals where Lean has no OfScientific instance
add("ill-typed", "bad", "theorem t (x : ℕ) : x = 3.0", "theorem t (x : ℕ) : x = 3")
add("ill-typed", "bad", "theorem t (x : ℤ) : 2 * x = 6.0", "theorem t (x : ℤ) : x = 3")
add("ill-typed", "bad", "theorem t (x : Fin 5) : x = 3.0", "theorem t (x : Fin 5) : x = 3")
add("ill-typed", "bad", "theorem t (x : ℕ) : x < 2.5", "theorem t (x : ℕ) : x < 3")
add("ill-typed", "same", "theorem t (x : ℝ) : x = 3.0", "theorem t (x : ℝ) : x = 3", must=True)


assert len(CASES) >= 200, len(CASES)
