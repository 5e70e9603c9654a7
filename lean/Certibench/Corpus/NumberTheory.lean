import Mathlib

/-!
# Certibench corpus — number theory

Each `theorem` restates one Mathlib lemma (its proof term), tagged `@topic area/subarea/concept`.
The statements stay inside the syntax subset that `certibench.logic.parser` reads
(see `python/certibench/corpus/bundled.py`). Mathlib is pinned in `lakefile.lean`.
The comment after each theorem names the Mathlib (or Lean core) file its lemma was checked in.
-/

/-- @topic number_theory/primes/lower_bound -/
theorem cb_prime_two_le (p : ℕ) (hp : p.Prime) : 2 ≤ p := hp.two_le
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.Prime.two_le

/-- @topic number_theory/primes/lower_bound -/
theorem cb_prime_one_lt (p : ℕ) (hp : Nat.Prime p) : 1 < p := hp.one_lt
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.Prime.one_lt

/-- @topic number_theory/primes/positive -/
theorem cb_prime_pos : ∀ p : ℕ, p.Prime → 0 < p := fun _ hp => hp.pos
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.Prime.pos

/-- @topic number_theory/primes/small_primes -/
theorem cb_prime_two : Nat.Prime 2 := Nat.prime_two
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.prime_two

/-- @topic number_theory/primes/small_primes -/
theorem cb_prime_three : Nat.Prime 3 := Nat.prime_three
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.prime_three

/-- @topic number_theory/primes/small_primes -/
theorem cb_not_prime_one : ¬Nat.Prime 1 := Nat.not_prime_one
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.not_prime_one

/-- @topic number_theory/primes/divisors -/
theorem cb_prime_eq_one_or_self_of_dvd (p a : ℕ) (hp : p.Prime) (h : a ∣ p) :
    a = 1 ∨ a = p :=
  hp.eq_one_or_self_of_dvd a h
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.Prime.eq_one_or_self_of_dvd

/-- @topic number_theory/primes/euclid_lemma -/
theorem cb_prime_dvd_mul (p m n : ℕ) (hp : p.Prime) : p ∣ m * n ↔ p ∣ m ∨ p ∣ n :=
  hp.dvd_mul
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.Prime.dvd_mul

/-- @topic number_theory/primes/parity -/
theorem cb_prime_eq_two_or_odd (p : ℕ) (hp : p.Prime) : p = 2 ∨ p % 2 = 1 :=
  hp.eq_two_or_odd
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.Prime.eq_two_or_odd

/-- @topic number_theory/primes/parity -/
theorem cb_prime_eq_two_or_odd' (p : ℕ) (hp : p.Prime) : p = 2 ∨ Odd p :=
  hp.eq_two_or_odd'
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.Prime.eq_two_or_odd'

/-- @topic number_theory/primes/infinitude -/
theorem cb_exists_infinite_primes (n : ℕ) : ∃ p : ℕ, n ≤ p ∧ Nat.Prime p :=
  Nat.exists_infinite_primes n
-- Mathlib/Data/Nat/Prime/Infinite.lean: Nat.exists_infinite_primes

/-- @topic number_theory/primes/powers -/
theorem cb_prime_dvd_of_dvd_pow (p m n : ℕ) (hp : p.Prime) (h : p ∣ m ^ n) : p ∣ m :=
  hp.dvd_of_dvd_pow h
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.Prime.dvd_of_dvd_pow

/-- @topic number_theory/primes/coprime -/
theorem cb_coprime_primes (p q : ℕ) (hp : p.Prime) (hq : q.Prime) :
    Nat.Coprime p q ↔ p ≠ q :=
  Nat.coprime_primes hp hq
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.coprime_primes

/-- @topic number_theory/modular/mod_lt -/
theorem cb_mod_lt (a b : ℕ) (h : b > 0) : a % b < b := Nat.mod_lt a h
-- Lean core Init/Prelude.lean / Nat/Div.lean: Nat.mod_lt

/-- @topic number_theory/modular/mod_self -/
theorem cb_mod_self (n : ℕ) : n % n = 0 := Nat.mod_self n
-- Lean core Nat/Div: Nat.mod_self

/-- @topic number_theory/modular/mod_mod -/
theorem cb_mod_mod (a n : ℕ) : a % n % n = a % n := Nat.mod_mod a n
-- Lean core / Mathlib: Nat.mod_mod

/-- @topic number_theory/modular/add_mod -/
theorem cb_add_mod (a b n : ℕ) : (a + b) % n = (a % n + b % n) % n := Nat.add_mod a b n
-- Lean core Nat/Lemmas: Nat.add_mod

/-- @topic number_theory/modular/mul_mod -/
theorem cb_mul_mod (a b n : ℕ) : a * b % n = a % n * (b % n) % n := Nat.mul_mod a b n
-- Lean core Nat/Lemmas: Nat.mul_mod

/-- @topic number_theory/modular/mod_two -/
theorem cb_mod_two_eq_zero_or_one (n : ℕ) : n % 2 = 0 ∨ n % 2 = 1 :=
  Nat.mod_two_eq_zero_or_one n
-- Lean core / Mathlib: Nat.mod_two_eq_zero_or_one

/-- @topic number_theory/modular/mod_two -/
theorem cb_int_emod_two_eq_zero_or_one (n : ℤ) : n % 2 = 0 ∨ n % 2 = 1 :=
  Int.emod_two_eq_zero_or_one n
-- Lean core Int/DivModLemmas: Int.emod_two_eq_zero_or_one

/-- @topic number_theory/modular/mod_of_dvd -/
theorem cb_int_emod_emod_of_dvd (n m k : ℤ) (h : m ∣ k) : n % k % m = n % m :=
  Int.emod_emod_of_dvd n h
-- Lean core Int/DivModLemmas: Int.emod_emod_of_dvd

/-- @topic number_theory/modular/mod_nonneg -/
theorem cb_int_emod_nonneg (a b : ℤ) (h : b ≠ 0) : 0 ≤ a % b := Int.emod_nonneg a h
-- Lean core Int/DivModLemmas: Int.emod_nonneg

/-- @topic number_theory/modular/mod_lt -/
theorem cb_int_emod_lt_of_pos (a b : ℤ) (h : 0 < b) : a % b < b := Int.emod_lt_of_pos a h
-- Lean core Int/DivModLemmas: Int.emod_lt_of_pos

/-- @topic number_theory/modular/division_algorithm -/
theorem cb_mod_add_div (m k : ℕ) : m % k + k * (m / k) = m := Nat.mod_add_div m k
-- Lean core Nat/Div: Nat.mod_add_div

/-- @topic number_theory/modular/division_algorithm -/
theorem cb_int_emod_add_ediv (a b : ℤ) : a % b + b * (a / b) = a := Int.emod_add_ediv a b
-- Lean core Int/DivModLemmas: Int.emod_add_ediv

/-- @topic number_theory/divisibility/of_mod -/
theorem cb_dvd_of_mod_eq_zero (k n : ℕ) (h : n % k = 0) : k ∣ n := Nat.dvd_of_mod_eq_zero h
-- Lean core Nat/Dvd: Nat.dvd_of_mod_eq_zero

/-- @topic number_theory/divisibility/of_mod -/
theorem cb_mod_eq_zero_of_dvd (k n : ℕ) : k ∣ n → n % k = 0 := Nat.mod_eq_zero_of_dvd
-- Lean core Nat/Dvd: Nat.mod_eq_zero_of_dvd

/-- @topic number_theory/divisibility/reflexive -/
theorem cb_dvd_refl (a : ℕ) : a ∣ a := dvd_refl a
-- Mathlib/Algebra/Group/Basic.lean (Monoid dvd): dvd_refl

/-- @topic number_theory/divisibility/transitive -/
theorem cb_dvd_trans (a b c : ℕ) (h₁ : a ∣ b) (h₂ : b ∣ c) : a ∣ c := dvd_trans h₁ h₂
-- Mathlib/Algebra/Group/Semigroup dvd: dvd_trans

/-- @topic number_theory/divisibility/sum -/
theorem cb_dvd_add (a b c : ℤ) (h₁ : a ∣ b) (h₂ : a ∣ c) : a ∣ b + c := dvd_add h₁ h₂
-- Mathlib/Algebra/Ring/Basic (Dvd): dvd_add

/-- @topic number_theory/divisibility/difference -/
theorem cb_dvd_sub (k m n : ℕ) (h₁ : k ∣ m) (h₂ : k ∣ n) : k ∣ m - n := Nat.dvd_sub' h₁ h₂
-- Lean core Nat/Dvd: Nat.dvd_sub'

/-- @topic number_theory/divisibility/product -/
theorem cb_dvd_mul_right (a b : ℕ) : a ∣ a * b := Nat.dvd_mul_right a b
-- Lean core Nat/Dvd: Nat.dvd_mul_right

/-- @topic number_theory/divisibility/bound -/
theorem cb_le_of_dvd (m n : ℕ) (h1 : 0 < n) (h2 : m ∣ n) : m ≤ n := Nat.le_of_dvd h1 h2
-- Lean core Nat/Dvd: Nat.le_of_dvd

/-- @topic number_theory/divisibility/antisymmetric -/
theorem cb_dvd_antisymm (m n : ℕ) : m ∣ n → n ∣ m → m = n := Nat.dvd_antisymm
-- Lean core Nat/Dvd: Nat.dvd_antisymm

/-- @topic number_theory/divisibility/unit -/
theorem cb_dvd_one (n : ℕ) : n ∣ 1 ↔ n = 1 := Nat.dvd_one
-- Lean core Nat/Dvd: Nat.dvd_one

/-- @topic number_theory/gcd/commutative -/
theorem cb_gcd_comm (m n : ℕ) : Nat.gcd m n = Nat.gcd n m := Nat.gcd_comm m n
-- Lean core Nat/Gcd: Nat.gcd_comm

/-- @topic number_theory/gcd/divides -/
theorem cb_gcd_dvd_left (m n : ℕ) : Nat.gcd m n ∣ m := Nat.gcd_dvd_left m n
-- Lean core Nat/Gcd: Nat.gcd_dvd_left

/-- @topic number_theory/gcd/divides -/
theorem cb_gcd_dvd_right (m n : ℕ) : Nat.gcd m n ∣ n := Nat.gcd_dvd_right m n
-- Lean core Nat/Gcd: Nat.gcd_dvd_right

/-- @topic number_theory/gcd/greatest -/
theorem cb_dvd_gcd (k m n : ℕ) (h₁ : k ∣ m) (h₂ : k ∣ n) : k ∣ Nat.gcd m n :=
  Nat.dvd_gcd h₁ h₂
-- Lean core Nat/Gcd: Nat.dvd_gcd

/-- @topic number_theory/gcd/bound -/
theorem cb_gcd_le_left (m n : ℕ) (h : 0 < m) : Nat.gcd m n ≤ m := Nat.gcd_le_left n h
-- Lean core Nat/Gcd: Nat.gcd_le_left

/-- @topic number_theory/gcd/idempotent -/
theorem cb_gcd_self (n : ℕ) : Nat.gcd n n = n := Nat.gcd_self n
-- Lean core Nat/Gcd: Nat.gcd_self

/-- @topic number_theory/lcm/gcd_mul_lcm -/
theorem cb_gcd_mul_lcm (m n : ℕ) : Nat.gcd m n * Nat.lcm m n = m * n := Nat.gcd_mul_lcm m n
-- Lean core Nat/Lcm: Nat.gcd_mul_lcm

/-- @topic number_theory/lcm/commutative -/
theorem cb_lcm_comm (m n : ℕ) : Nat.lcm m n = Nat.lcm n m := Nat.lcm_comm m n
-- Lean core Nat/Lcm: Nat.lcm_comm

/-- @topic number_theory/lcm/divides -/
theorem cb_dvd_lcm_left (m n : ℕ) : m ∣ Nat.lcm m n := Nat.dvd_lcm_left m n
-- Lean core Nat/Lcm: Nat.dvd_lcm_left

/-- @topic number_theory/parity/dichotomy -/
theorem cb_even_or_odd (n : ℕ) : Even n ∨ Odd n := Nat.even_or_odd n
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_or_odd

/-- @topic number_theory/parity/dichotomy -/
theorem cb_int_even_or_odd (n : ℤ) : Even n ∨ Odd n := Int.even_or_odd n
-- Mathlib/Algebra/Group/Int/Even.lean: Int.even_or_odd

/-- @topic number_theory/parity/even_iff_mod -/
theorem cb_even_iff (n : ℕ) : Even n ↔ n % 2 = 0 := Nat.even_iff
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_iff

/-- @topic number_theory/parity/odd_iff_mod -/
theorem cb_odd_iff (n : ℕ) : Odd n ↔ n % 2 = 1 := Nat.odd_iff
-- Mathlib/Algebra/Order/Ring/Lemmas / Nat/Parity: Nat.odd_iff

/-- @topic number_theory/parity/even_iff_mod -/
theorem cb_int_even_iff (n : ℤ) : Even n ↔ n % 2 = 0 := Int.even_iff
-- Mathlib/Algebra/Group/Int/Even.lean: Int.even_iff

/-- @topic number_theory/parity/sum -/
theorem cb_even_add (m n : ℕ) : Even (m + n) ↔ (Even m ↔ Even n) := Nat.even_add
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_add

/-- @topic number_theory/parity/product -/
theorem cb_even_mul (m n : ℕ) : Even (m * n) ↔ Even m ∨ Even n := Nat.even_mul
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_mul

/-- @topic number_theory/parity/product -/
theorem cb_odd_mul (m n : ℕ) : Odd (m * n) ↔ Odd m ∧ Odd n := Nat.odd_mul
-- Mathlib/Algebra/Ring/Parity.lean: Nat.odd_mul

/-- @topic number_theory/parity/consecutive -/
theorem cb_even_mul_succ_self (n : ℕ) : Even (n * (n + 1)) := Nat.even_mul_succ_self n
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_mul_succ_self

/-- @topic number_theory/parity/sum -/
theorem cb_even_add_even (m n : ℤ) (hm : Even m) (hn : Even n) : Even (m + n) := hm.add hn
-- Mathlib/Algebra/Group/Even.lean: Even.add

/-- @topic number_theory/parity/sum -/
theorem cb_odd_add_odd (m n : ℕ) (hm : Odd m) (hn : Odd n) : Even (m + n) := hm.add_odd hn
-- Mathlib/Algebra/Ring/Parity.lean: Odd.add_odd

/-- @topic number_theory/parity/negation -/
theorem cb_not_even_iff_odd (n : ℕ) : ¬Even n ↔ Odd n := Nat.not_even_iff_odd
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.not_even_iff_odd

/-- @topic number_theory/parity/power -/
theorem cb_even_pow (m n : ℕ) : Even (m ^ n) ↔ Even m ∧ n ≠ 0 := Nat.even_pow
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_pow

/-- @topic number_theory/naturals/positive -/
theorem cb_pos_of_ne_zero (n : ℕ) (h : n ≠ 0) : 0 < n := Nat.pos_of_ne_zero h
-- Lean core Nat/Basic: Nat.pos_of_ne_zero

/-- @topic number_theory/division/floor_bound -/
theorem cb_div_mul_le_self (m n : ℕ) : m / n * n ≤ m := Nat.div_mul_le_self m n
-- Lean core Nat/Basic: Nat.div_mul_le_self

/-- @topic number_theory/division/floor_bound -/
theorem cb_div_le_self (n k : ℕ) : n / k ≤ n := Nat.div_le_self n k
-- Lean core Nat/Div: Nat.div_le_self

/-! ## Implication, existence and negation forms (for the F8 families) -/

/-- @topic number_theory/divisibility/transitive -/
theorem cb_dvd_trans_imp (a b c : ℤ) : a ∣ b → b ∣ c → a ∣ c := dvd_trans
-- Mathlib/Algebra/Group/Basic.lean: dvd_trans

/-- @topic number_theory/parity/even_iff_mod -/
theorem cb_even_of_mod_two_eq_zero (n : ℕ) : n % 2 = 0 → Even n := Nat.even_iff.mpr
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_iff

/-- @topic number_theory/primes/lower_bound -/
theorem cb_prime_ge_two : ∀ p : ℕ, Nat.Prime p → p ≥ 2 := fun _ hp => hp.two_le
-- Mathlib/Data/Nat/Prime/Defs.lean: Nat.Prime.two_le

/-- @topic number_theory/primes/infinitude -/
theorem cb_exists_prime_gt (n : ℕ) : ∃ p : ℕ, Nat.Prime p ∧ p > n := by
  obtain ⟨p, hnp, hp⟩ := Nat.exists_infinite_primes (n + 1)
  exact ⟨p, hp, hnp⟩
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.exists_infinite_primes

/-- @topic number_theory/parity/not_all_odd -/
theorem cb_not_forall_odd : ¬∀ n : ℕ, Odd n :=
  fun h => Nat.not_even_iff_odd.mpr (h 0) ⟨0, rfl⟩
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.not_even_iff_odd

/-- @topic number_theory/primes/even_prime -/
theorem cb_exists_even_prime : ∃ p : ℕ, Nat.Prime p ∧ Even p := ⟨2, Nat.prime_two, even_two⟩
-- Mathlib/Algebra/Ring/Parity.lean: even_two; Data/Nat/Prime/Defs.lean: Nat.prime_two

/-- @topic number_theory/primes/even_prime -/
theorem cb_prime_even_iff (p : ℕ) (hp : p.Prime) : Even p ↔ p = 2 := hp.even_iff
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.Prime.even_iff

/-- @topic number_theory/primes/parity -/
theorem cb_prime_odd_of_ne_two (p : ℕ) (hp : p.Prime) (h : p ≠ 2) : Odd p := hp.odd_of_ne_two h
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.Prime.odd_of_ne_two

/-- @topic number_theory/primes/lower_bound -/
theorem cb_prime_five_le (p : ℕ) (hp : p.Prime) (h2 : p ≠ 2) (h3 : p ≠ 3) : 5 ≤ p :=
  hp.five_le_of_ne_two_of_ne_three h2 h3
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.Prime.five_le_of_ne_two_of_ne_three

/-- @topic number_theory/primes/composite -/
theorem cb_not_prime_of_dvd_of_lt (m n : ℕ) (h1 : m ∣ n) (h2 : 2 ≤ m) (h3 : m < n) :
    ¬Nat.Prime n :=
  Nat.not_prime_of_dvd_of_lt h1 h2 h3
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.not_prime_of_dvd_of_lt

/-- @topic number_theory/primes/composite -/
theorem cb_exists_dvd_of_not_prime2 (n : ℕ) (h : 2 ≤ n) (np : ¬Nat.Prime n) :
    ∃ m : ℕ, m ∣ n ∧ 2 ≤ m ∧ m < n :=
  Nat.exists_dvd_of_not_prime2 h np
-- Mathlib/Data/Nat/Prime/Basic.lean: Nat.exists_dvd_of_not_prime2

/-- @topic number_theory/parity/odd_not_even -/
theorem cb_two_not_dvd_two_mul_add_one (n : ℕ) : ¬2 ∣ 2 * n + 1 :=
  Nat.two_not_dvd_two_mul_add_one n
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.two_not_dvd_two_mul_add_one

/-- @topic number_theory/parity/difference -/
theorem cb_even_sub (m n : ℕ) (h : n ≤ m) : Even (m - n) ↔ (Even m ↔ Even n) := Nat.even_sub h
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_sub

/-- @topic number_theory/parity/successor -/
theorem cb_even_add_one (n : ℕ) : Even (n + 1) ↔ ¬Even n := Nat.even_add_one
-- Mathlib/Algebra/Group/Nat/Even.lean: Nat.even_add_one
