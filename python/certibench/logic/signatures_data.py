"""The symbol table, as data: Lean-like signatures of the Mathlib symbols certibench knows.

One declaration per line, ``Name : Type  -- doc``, in Lean 4 syntax: implicit binders
``{α : Type*}``, instance binders ``[Dist α]``, explicit binders ``(𝕜 : Type*)`` (for the
explicit type arguments of ``Differentiable 𝕜 f``), arrows and type applications.  The
text is read by :mod:`certibench.logic.signatures` (our own small parser, no ``eval``).

Rules for adding a line (see ``docs/`` and the tests in ``tests/logic/test_signatures.py``):

* the Mathlib 4 name and its real type; where unsure, leave the symbol out — a symbol
  outside the table is opaque, which is always safe;
* instance requirements are the *weakest* ones Mathlib asks for, split by concern
  (``[Ring α] [LinearOrder α] [FloorRing α]`` rather than one bundled ordered class), so
  the elaborator never rejects a statement Lean accepts, under old and new class spellings;
* a line whose result is a universe (``Type*``) declares a type constructor.
"""

from __future__ import annotations

__all__ = ["INTERPRETED", "SIGNATURES_TEXT", "TYPE_CONSTRUCTORS_TEXT", "declared_names"]

#: Type constructors (heads of sorts).  Explicit ``ℕ`` parameters are term parameters
#: (``Fin 2``), ``Type*`` parameters are type arguments (``Set α``).
TYPE_CONSTRUCTORS_TEXT = """
Set : Type* → Type*  -- sets
Finset : Type* → Type*  -- finite sets
List : Type* → Type*  -- lists
Multiset : Type* → Type*  -- multisets
Option : Type* → Type*  -- optional values
WithBot : Type* → Type*  -- α with a bottom element ⊥
WithTop : Type* → Type*  -- α with a top element ⊤
Fin : ℕ → Type  -- natural numbers below n
ZMod : ℕ → Type  -- integers modulo n
Polynomial : (R : Type*) → [Semiring R] → Type*  -- polynomials R[X]
MvPolynomial : Type* → (R : Type*) → [CommSemiring R] → Type*  -- multivariate polynomials
PowerSeries : Type* → Type*  -- formal power series
Matrix : Type* → Type* → Type* → Type*  -- matrices indexed by m × n
Subgroup : (G : Type*) → [Group G] → Type*  -- subgroups
AddSubgroup : (G : Type*) → [AddGroup G] → Type*  -- additive subgroups
Submonoid : (M : Type*) → [MulOneClass M] → Type*  -- submonoids
Ideal : (R : Type*) → [Semiring R] → Type*  -- ideals
EuclideanSpace : Type* → Type* → Type*  -- Euclidean space 𝕜^n
Equiv.Perm : Type* → Type*  -- permutations
Filter : Type* → Type*  -- filters
Nat.Primes : Type  -- the type of primes
"""

SIGNATURES_TEXT = """
-- natural numbers ----------------------------------------------------------------------
Nat.Prime : ℕ → Prop  -- p is a prime number
Nat.Coprime : ℕ → ℕ → Prop  -- gcd m n = 1
Nat.ModEq : ℕ → ℕ → ℕ → Prop  -- Nat.ModEq n a b: a ≡ b [MOD n]
Nat.Perfect : ℕ → Prop  -- n is a perfect number
Nat.gcd : ℕ → ℕ → ℕ  -- greatest common divisor
Nat.lcm : ℕ → ℕ → ℕ  -- least common multiple
Nat.choose : ℕ → ℕ → ℕ  -- binomial coefficient n choose k
Nat.centralBinom : ℕ → ℕ  -- central binomial coefficient (2n choose n)
Nat.factorial : ℕ → ℕ  -- factorial n!
Nat.descFactorial : ℕ → ℕ → ℕ  -- descending factorial n (n-1) … (n-k+1)
Nat.ascFactorial : ℕ → ℕ → ℕ  -- ascending factorial n (n+1) … (n+k-1)
Nat.succ : ℕ → ℕ  -- successor n + 1
Nat.pred : ℕ → ℕ  -- predecessor n - 1 (truncated)
Nat.sqrt : ℕ → ℕ  -- integer square root
Nat.log : ℕ → ℕ → ℕ  -- integer logarithm Nat.log b n (floor)
Nat.clog : ℕ → ℕ → ℕ  -- integer logarithm Nat.clog b n (ceiling)
Nat.totient : ℕ → ℕ  -- Euler's totient
Nat.fib : ℕ → ℕ  -- Fibonacci numbers (fib 0 = 0, fib 1 = 1)
Nat.minFac : ℕ → ℕ  -- smallest prime factor (minFac 1 = 1)
Nat.primeCounting : ℕ → ℕ  -- number of primes ≤ n
Nat.nth : (ℕ → Prop) → ℕ → ℕ  -- the n-th natural number satisfying p (from 0)
Nat.count : (p : ℕ → Prop) → [DecidablePred p] → ℕ → ℕ  -- number of k < n satisfying p
Nat.digits : ℕ → ℕ → List ℕ  -- digits of n in base b (least significant first)
Nat.divisors : ℕ → Finset ℕ  -- the finset of divisors of n
Nat.properDivisors : ℕ → Finset ℕ  -- the finset of proper divisors of n
Nat.primeFactors : ℕ → Finset ℕ  -- the finset of prime factors of n
Nat.primeFactorsList : ℕ → List ℕ  -- prime factors with multiplicity, ascending
Nat.factors : ℕ → List ℕ  -- prime factors with multiplicity (older name of primeFactorsList)
Nat.floor : {α : Type*} → [Semiring α] → [PartialOrder α] → [FloorSemiring α] → α → ℕ  -- ⌊x⌋₊, the natural floor
Nat.ceil : {α : Type*} → [Semiring α] → [PartialOrder α] → [FloorSemiring α] → α → ℕ  -- ⌈x⌉₊, the natural ceiling
Nat.cast : {R : Type*} → [NatCast R] → ℕ → R  -- the cast ℕ → R
Nat.card : (α : Type*) → ℕ  -- cardinality of a type (0 if infinite)
Nat.iterate : {α : Type*} → (α → α) → ℕ → α → α  -- f^[n], the n-th iterate
Nat.ofDigits : {α : Type*} → [Semiring α] → α → List ℕ → α  -- the number with these digits (least significant first) in base b
Fintype.card : (α : Type*) → [Fintype α] → ℕ  -- number of elements of a finite type
-- integers -------------------------------------------------------------------------------
Int.natAbs : ℤ → ℕ  -- absolute value as a natural number
Int.toNat : ℤ → ℕ  -- max n 0 as a natural number
Int.sign : ℤ → ℤ  -- sign: -1, 0 or 1
Int.gcd : ℤ → ℤ → ℕ  -- gcd of two integers
Int.lcm : ℤ → ℤ → ℕ  -- lcm of two integers
Int.emod : ℤ → ℤ → ℤ  -- Euclidean remainder (Lean's % on ℤ)
Int.ediv : ℤ → ℤ → ℤ  -- Euclidean division (Lean's / on ℤ)
Int.fdiv : ℤ → ℤ → ℤ  -- division rounding toward −∞
Int.fmod : ℤ → ℤ → ℤ  -- remainder of Int.fdiv (sign of the divisor)
Int.tdiv : ℤ → ℤ → ℤ  -- division rounding toward zero
Int.tmod : ℤ → ℤ → ℤ  -- remainder of Int.tdiv (sign of the dividend)
Int.sqrt : ℤ → ℤ  -- integer square root (of the natural absolute value; 0 on negatives)
Int.ModEq : ℤ → ℤ → ℤ → Prop  -- Int.ModEq n a b: a ≡ b [ZMOD n]
Int.floor : {α : Type*} → [Ring α] → [LinearOrder α] → [FloorRing α] → α → ℤ  -- ⌊x⌋, the integer floor
Int.ceil : {α : Type*} → [Ring α] → [LinearOrder α] → [FloorRing α] → α → ℤ  -- ⌈x⌉, the integer ceiling
Int.fract : {α : Type*} → [Ring α] → [LinearOrder α] → [FloorRing α] → α → α  -- fractional part x - ⌊x⌋
Int.cast : {R : Type*} → [IntCast R] → ℤ → R  -- the cast ℤ → R
Int.ofNat : ℕ → ℤ  -- the embedding ℕ → ℤ
-- rationals ------------------------------------------------------------------------------
Rat.num : ℚ → ℤ  -- numerator
Rat.den : ℚ → ℕ  -- denominator
Rat.divInt : ℤ → ℤ → ℚ  -- a /. b, the rational a / b
Rat.cast : {K : Type*} → [RatCast K] → ℚ → K  -- the cast ℚ → K
-- reals ----------------------------------------------------------------------------------
Real.pi : ℝ  -- the constant π
Real.goldenRatio : ℝ  -- the golden ratio (1 + √5) / 2
Real.goldenConj : ℝ  -- the golden conjugate (1 - √5) / 2
goldenRatio : ℝ  -- the golden ratio (1 + √5) / 2 (older root name)
goldenConj : ℝ  -- the golden conjugate (1 - √5) / 2 (older root name)
Real.sqrt : ℝ → ℝ  -- square root (0 on negatives)
Real.exp : ℝ → ℝ  -- exponential
Real.log : ℝ → ℝ  -- natural logarithm (log 0 = 0, log |x| on negatives)
Real.logb : ℝ → ℝ → ℝ  -- logarithm to base b: Real.logb b x
Real.rpow : ℝ → ℝ → ℝ  -- real power x ^ y
Real.sin : ℝ → ℝ  -- sine
Real.cos : ℝ → ℝ  -- cosine
Real.tan : ℝ → ℝ  -- tangent
Real.cot : ℝ → ℝ  -- cotangent
Real.arctan : ℝ → ℝ  -- arctangent
Real.arcsin : ℝ → ℝ  -- arcsine
Real.arccos : ℝ → ℝ  -- arccosine
Real.sinh : ℝ → ℝ  -- hyperbolic sine
Real.cosh : ℝ → ℝ  -- hyperbolic cosine
Real.tanh : ℝ → ℝ  -- hyperbolic tangent
Real.arsinh : ℝ → ℝ  -- inverse hyperbolic sine
Real.sign : ℝ → ℝ  -- sign: -1, 0 or 1
Real.nnabs : ℝ → NNReal  -- |x| as a non-negative real
Real.toNNReal : ℝ → NNReal  -- max x 0 as a non-negative real
NNReal.sqrt : NNReal → NNReal  -- square root of a non-negative real
Irrational : ℝ → Prop  -- x is irrational
-- complex numbers -------------------------------------------------------------------------
Complex.I : ℂ  -- the imaginary unit
Complex.abs : ℂ → ℝ  -- complex modulus
Complex.normSq : ℂ → ℝ  -- squared modulus
Complex.arg : ℂ → ℝ  -- argument in (-π, π]
Complex.re : ℂ → ℝ  -- real part
Complex.im : ℂ → ℝ  -- imaginary part
Complex.ofReal : ℝ → ℂ  -- the cast ℝ → ℂ
Complex.exp : ℂ → ℂ  -- complex exponential
Complex.log : ℂ → ℂ  -- principal complex logarithm
Complex.sin : ℂ → ℂ  -- complex sine
Complex.cos : ℂ → ℂ  -- complex cosine
-- algebra and order (generic) ------------------------------------------------------------
Even : {α : Type*} → [Add α] → α → Prop  -- n is even: ∃ r, n = r + r
Odd : {α : Type*} → [Semiring α] → α → Prop  -- n is odd: ∃ k, n = 2 * k + 1
Prime : {α : Type*} → [CommMonoidWithZero α] → α → Prop  -- prime element of a commutative monoid with zero
IsSquare : {α : Type*} → [Mul α] → α → Prop  -- a = r * r for some r
Squarefree : {R : Type*} → [Monoid R] → R → Prop  -- no square of a non-unit divides r
IsUnit : {M : Type*} → [Monoid M] → M → Prop  -- a has a two-sided inverse
IsPrimePow : {R : Type*} → [CommMonoidWithZero R] → R → Prop  -- n = p ^ k for a prime p and k > 0
IsCoprime : {R : Type*} → [CommSemiring R] → R → R → Prop  -- ∃ u v, u * a + v * b = 1
Commute : {S : Type*} → [Mul S] → S → S → Prop  -- a * b = b * a
orderOf : {G : Type*} → [Monoid G] → G → ℕ  -- order of an element (0 if infinite)
addOrderOf : {G : Type*} → [AddMonoid G] → G → ℕ  -- additive order of an element
max : {α : Type*} → [Max α] → α → α → α  -- maximum
min : {α : Type*} → [Min α] → α → α → α  -- minimum
abs : {α : Type*} → [Lattice α] → [AddGroup α] → α → α  -- absolute value |x|
id : {α : Sort*} → α → α  -- identity function
ite : {α : Sort*} → (c : Prop) → [Decidable c] → α → α → α  -- if c then a else b
dist : {α : Type*} → [Dist α] → α → α → ℝ  -- distance in a (pseudo)metric space
norm : {E : Type*} → [Norm E] → E → ℝ  -- the norm ‖x‖
HSMul.hSMul : {M : Type*} → {α : Type*} → [SMul M α] → M → α → α  -- scalar multiplication c • x
Inf.inf : {α : Type*} → [Inf α] → α → α → α  -- lattice infimum a ⊓ b
Sup.sup : {α : Type*} → [Sup α] → α → α → α  -- lattice supremum a ⊔ b
sSup : {α : Type*} → [SupSet α] → Set α → α  -- supremum of a set
sInf : {α : Type*} → [InfSet α] → Set α → α  -- infimum of a set
IsLeast : {α : Type*} → [LE α] → Set α → α → Prop  -- a is the least element of s
IsGreatest : {α : Type*} → [LE α] → Set α → α → Prop  -- a is the greatest element of s
IsLUB : {α : Type*} → [LE α] → Set α → α → Prop  -- a is a least upper bound of s
IsGLB : {α : Type*} → [LE α] → Set α → α → Prop  -- a is a greatest lower bound of s
upperBounds : {α : Type*} → [LE α] → Set α → Set α  -- the set of upper bounds of s
lowerBounds : {α : Type*} → [LE α] → Set α → Set α  -- the set of lower bounds of s
BddAbove : {α : Type*} → [LE α] → Set α → Prop  -- s is bounded above
BddBelow : {α : Type*} → [LE α] → Set α → Prop  -- s is bounded below
Disjoint : {α : Type*} → [PartialOrder α] → [OrderBot α] → α → α → Prop  -- a ⊓ b = ⊥
Fact : Prop → Prop  -- the proposition p, as a typeclass
Nonempty : Sort* → Prop  -- the type has an element
-- functions --------------------------------------------------------------------------------
Function.Injective : {α : Sort*} → {β : Sort*} → (α → β) → Prop  -- f is injective
Function.Surjective : {α : Sort*} → {β : Sort*} → (α → β) → Prop  -- f is surjective
Function.Bijective : {α : Sort*} → {β : Sort*} → (α → β) → Prop  -- f is bijective
Function.Involutive : {α : Sort*} → (α → α) → Prop  -- f (f x) = x for all x
Function.LeftInverse : {α : Sort*} → {β : Sort*} → (β → α) → (α → β) → Prop  -- g (f x) = x for all x
Function.RightInverse : {α : Sort*} → {β : Sort*} → (β → α) → (α → β) → Prop  -- f (g x) = x for all x
Function.comp : {α : Sort*} → {β : Sort*} → {δ : Sort*} → (β → δ) → (α → β) → α → δ  -- composition g ∘ f
Function.Periodic : {α : Type*} → {β : Type*} → [Add α] → (α → β) → α → Prop  -- f (x + c) = f x for all x
Monotone : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Prop  -- a ≤ b → f a ≤ f b
StrictMono : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Prop  -- a < b → f a < f b
Antitone : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Prop  -- a ≤ b → f b ≤ f a
StrictAnti : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Prop  -- a < b → f b < f a
MonotoneOn : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Set α → Prop  -- monotone on s
StrictMonoOn : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Set α → Prop  -- strictly monotone on s
AntitoneOn : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Set α → Prop  -- antitone on s
StrictAntiOn : {α : Type*} → {β : Type*} → [Preorder α] → [Preorder β] → (α → β) → Set α → Prop  -- strictly antitone on s
-- analysis ---------------------------------------------------------------------------------
Continuous : {α : Type*} → {β : Type*} → [TopologicalSpace α] → [TopologicalSpace β] → (α → β) → Prop  -- f is continuous
ContinuousOn : {α : Type*} → {β : Type*} → [TopologicalSpace α] → [TopologicalSpace β] → (α → β) → Set α → Prop  -- f is continuous on s
ContinuousAt : {α : Type*} → {β : Type*} → [TopologicalSpace α] → [TopologicalSpace β] → (α → β) → α → Prop  -- f is continuous at x
Differentiable : (𝕜 : Type*) → [NontriviallyNormedField 𝕜] → {E : Type*} → {F : Type*} → (E → F) → Prop  -- f is differentiable everywhere
DifferentiableAt : (𝕜 : Type*) → [NontriviallyNormedField 𝕜] → {E : Type*} → {F : Type*} → (E → F) → E → Prop  -- f is differentiable at x
DifferentiableOn : (𝕜 : Type*) → [NontriviallyNormedField 𝕜] → {E : Type*} → {F : Type*} → (E → F) → Set E → Prop  -- f is differentiable on s
deriv : {𝕜 : Type*} → [NontriviallyNormedField 𝕜] → {F : Type*} → [NormedAddCommGroup F] → (𝕜 → F) → 𝕜 → F  -- derivative of f at x
iteratedDeriv : {𝕜 : Type*} → [NontriviallyNormedField 𝕜] → {F : Type*} → [NormedAddCommGroup F] → ℕ → (𝕜 → F) → 𝕜 → F  -- n-th derivative of f at x
HasDerivAt : {𝕜 : Type*} → [NontriviallyNormedField 𝕜] → {F : Type*} → [NormedAddCommGroup F] → (𝕜 → F) → F → 𝕜 → Prop  -- f has derivative f' at x
Summable : {α : Type*} → {β : Type*} → [AddCommMonoid α] → [TopologicalSpace α] → (β → α) → Prop  -- f is summable
HasSum : {α : Type*} → {β : Type*} → [AddCommMonoid α] → [TopologicalSpace α] → (β → α) → α → Prop  -- f sums to a
Filter.Tendsto : {α : Type*} → {β : Type*} → (α → β) → Filter α → Filter β → Prop  -- f tends to l₂ along l₁
Filter.atTop : {α : Type*} → [Preorder α] → Filter α  -- the filter of neighbourhoods of +∞
Filter.atBot : {α : Type*} → [Preorder α] → Filter α  -- the filter of neighbourhoods of -∞
nhds : {α : Type*} → [TopologicalSpace α] → α → Filter α  -- 𝓝 x, the neighbourhood filter of x
IsOpen : {α : Type*} → [TopologicalSpace α] → Set α → Prop  -- the set is open
IsClosed : {α : Type*} → [TopologicalSpace α] → Set α → Prop  -- the set is closed
IsCompact : {α : Type*} → [TopologicalSpace α] → Set α → Prop  -- the set is compact
interior : {α : Type*} → [TopologicalSpace α] → Set α → Set α  -- interior of a set
closure : {α : Type*} → [TopologicalSpace α] → Set α → Set α  -- closure of a set
frontier : {α : Type*} → [TopologicalSpace α] → Set α → Set α  -- boundary of a set
-- polynomials ------------------------------------------------------------------------------
Polynomial.X : {R : Type*} → [Semiring R] → Polynomial R  -- the polynomial variable X
Polynomial.C : {R : Type*} → [Semiring R] → R → Polynomial R  -- the constant polynomial
Polynomial.eval : {R : Type*} → [Semiring R] → R → Polynomial R → R  -- Polynomial.eval x p: the value p(x)
Polynomial.coeff : {R : Type*} → [Semiring R] → Polynomial R → ℕ → R  -- coefficient of X^n
Polynomial.roots : {R : Type*} → [CommRing R] → [IsDomain R] → Polynomial R → Multiset R  -- roots with multiplicity
Polynomial.degree : {R : Type*} → [Semiring R] → Polynomial R → WithBot ℕ  -- degree (⊥ for 0)
Polynomial.natDegree : {R : Type*} → [Semiring R] → Polynomial R → ℕ  -- degree as a natural number (0 for 0)
Polynomial.leadingCoeff : {R : Type*} → [Semiring R] → Polynomial R → R  -- leading coefficient
Polynomial.Monic : {R : Type*} → [Semiring R] → Polynomial R → Prop  -- leading coefficient 1
Polynomial.IsRoot : {R : Type*} → [Semiring R] → Polynomial R → R → Prop  -- p.eval a = 0
Polynomial.derivative : {R : Type*} → [Semiring R] → Polynomial R → Polynomial R  -- formal derivative
-- sets ---------------------------------------------------------------------------------------
Set.univ : {α : Type*} → Set α  -- the set of all elements
Set.Icc : {α : Type*} → [Preorder α] → α → α → Set α  -- closed interval [a, b]
Set.Ico : {α : Type*} → [Preorder α] → α → α → Set α  -- interval [a, b)
Set.Ioc : {α : Type*} → [Preorder α] → α → α → Set α  -- interval (a, b]
Set.Ioo : {α : Type*} → [Preorder α] → α → α → Set α  -- open interval (a, b)
Set.Ici : {α : Type*} → [Preorder α] → α → Set α  -- interval [a, ∞)
Set.Ioi : {α : Type*} → [Preorder α] → α → Set α  -- interval (a, ∞)
Set.Iic : {α : Type*} → [Preorder α] → α → Set α  -- interval (-∞, b]
Set.Iio : {α : Type*} → [Preorder α] → α → Set α  -- interval (-∞, b)
Set.preimage : {α : Type*} → {β : Type*} → (α → β) → Set β → Set α  -- f ⁻¹' s, the preimage
Set.image : {α : Type*} → {β : Type*} → (α → β) → Set α → Set β  -- f '' s, the image
Set.range : {α : Type*} → {ι : Sort*} → (ι → α) → Set α  -- the range of f
Set.ncard : {α : Type*} → Set α → ℕ  -- cardinality of a set (0 if infinite)
Set.encard : {α : Type*} → Set α → ENat  -- cardinality of a set in ℕ∞
Set.Finite : {α : Type*} → Set α → Prop  -- the set is finite
Set.Infinite : {α : Type*} → Set α → Prop  -- the set is infinite
Set.Countable : {α : Type*} → Set α → Prop  -- the set is countable
Set.Nonempty : {α : Type*} → Set α → Prop  -- the set has an element
Set.Subsingleton : {α : Type*} → Set α → Prop  -- the set has at most one element
Set.powerset : {α : Type*} → Set α → Set (Set α)  -- the set of all subsets of s
Set.toFinset : {α : Type*} → Set α → Finset α  -- a finite set as a finset (needs Fintype ↥s)
Set.InjOn : {α : Type*} → {β : Type*} → (α → β) → Set α → Prop  -- f is injective on s
Set.SurjOn : {α : Type*} → {β : Type*} → (α → β) → Set α → Set β → Prop  -- f maps s onto t
Set.BijOn : {α : Type*} → {β : Type*} → (α → β) → Set α → Set β → Prop  -- f is a bijection from s to t
Set.MapsTo : {α : Type*} → {β : Type*} → (α → β) → Set α → Set β → Prop  -- f maps s into t
setOf : {α : Type*} → (α → Prop) → Set α  -- {x | p x}
-- finsets ------------------------------------------------------------------------------------
Finset.card : {α : Type*} → Finset α → ℕ  -- number of elements of a finset
Finset.Nonempty : {α : Type*} → Finset α → Prop  -- the finset has an element
Finset.erase : {α : Type*} → [DecidableEq α] → Finset α → α → Finset α  -- s with a removed
Finset.powerset : {α : Type*} → Finset α → Finset (Finset α)  -- the finset of all subsets of s
Finset.range : ℕ → Finset ℕ  -- {0, …, n - 1}
Finset.Icc : {α : Type*} → [Preorder α] → [LocallyFiniteOrder α] → α → α → Finset α  -- finset interval [a, b]
Finset.Ico : {α : Type*} → [Preorder α] → [LocallyFiniteOrder α] → α → α → Finset α  -- finset interval [a, b)
Finset.Ioc : {α : Type*} → [Preorder α] → [LocallyFiniteOrder α] → α → α → Finset α  -- finset interval (a, b]
Finset.Ioo : {α : Type*} → [Preorder α] → [LocallyFiniteOrder α] → α → α → Finset α  -- finset interval (a, b)
Finset.filter : {α : Type*} → (p : α → Prop) → [DecidablePred p] → Finset α → Finset α  -- elements of s satisfying p
Finset.sum : {β : Type*} → {α : Type*} → [AddCommMonoid β] → Finset α → (α → β) → β  -- ∑ x ∈ s, f x
Finset.prod : {β : Type*} → {α : Type*} → [CommMonoid β] → Finset α → (α → β) → β  -- ∏ x ∈ s, f x
Finset.univ : {α : Type*} → [Fintype α] → Finset α  -- all elements of a finite type
Finset.image : {α : Type*} → {β : Type*} → [DecidableEq β] → (α → β) → Finset α → Finset β  -- image of a finset
Singleton.singleton : {α : Type*} → {β : Type*} → [Singleton α β] → α → β  -- {a}
Insert.insert : {α : Type*} → {γ : Type*} → [Insert α γ] → α → γ → γ  -- insert a s ({a, …})
-- lists and multisets ---------------------------------------------------------------------------
List.nil : {α : Type*} → List α  -- the empty list []
List.length : {α : Type*} → List α → ℕ  -- length of a list
List.sum : {α : Type*} → [Add α] → [Zero α] → List α → α  -- sum of a list
List.prod : {α : Type*} → [Mul α] → [One α] → List α → α  -- product of a list
List.reverse : {α : Type*} → List α → List α  -- reversed list
List.map : {α : Type*} → {β : Type*} → (α → β) → List α → List β  -- f applied to every element
List.range : ℕ → List ℕ  -- [0, …, n - 1]
List.take : {α : Type*} → ℕ → List α → List α  -- the first n elements
List.drop : {α : Type*} → ℕ → List α → List α  -- all but the first n elements
List.Nodup : {α : Type*} → List α → Prop  -- no duplicates
List.Pairwise : {α : Type*} → (α → α → Prop) → List α → Prop  -- R holds between every earlier and later element
Multiset.card : {α : Type*} → Multiset α → ℕ  -- number of elements with multiplicity
Multiset.sum : {α : Type*} → [AddCommMonoid α] → Multiset α → α  -- sum of a multiset
Multiset.prod : {α : Type*} → [CommMonoid α] → Multiset α → α  -- product of a multiset
-- products ------------------------------------------------------------------------------------------
Prod.mk : {α : Type*} → {β : Type*} → α → β → α × β  -- the pair (a, b)
Prod.fst : {α : Type*} → {β : Type*} → α × β → α  -- first component
Prod.snd : {α : Type*} → {β : Type*} → α × β → β  -- second component
-- matrices, Fin, ZMod ---------------------------------------------------------------------------
Matrix.det : {n : Type*} → {R : Type*} → [DecidableEq n] → [Fintype n] → [CommRing R] → Matrix n n R → R  -- determinant
Matrix.trace : {n : Type*} → {R : Type*} → [Fintype n] → [AddCommMonoid R] → Matrix n n R → R  -- trace
Matrix.transpose : {m : Type*} → {n : Type*} → {α : Type*} → Matrix m n α → Matrix n m α  -- transpose
Fin.val : {n : ℕ} → Fin n → ℕ  -- the natural number below n
ZMod.val : {n : ℕ} → ZMod n → ℕ  -- the representative in [0, n) (the value itself for n = 0 is not natural)
"""

#: Symbols whose meaning the arithmetic renderers implement (the rest are uninterpreted).
INTERPRETED: frozenset[str] = frozenset(
    {
        "Nat.Prime", "Nat.gcd", "Nat.lcm", "Nat.choose", "Nat.factorial", "Nat.succ", "Nat.pred", "Nat.Coprime",
        "Nat.ModEq", "Nat.cast", "Int.natAbs", "Int.toNat", "Int.gcd", "Int.emod", "Int.ediv", "Int.ModEq",
        "Int.cast", "Even", "Odd", "max", "min", "abs", "id", "ite", "Set.univ", "Set.Icc", "Set.Ico", "Set.Ioc",
        "Set.Ioo", "Set.Ici", "Set.Ioi", "Set.Iic", "Set.Iio", "setOf", "Finset.range", "Finset.Icc",
        "Finset.Ico", "Finset.Ioc", "Finset.Ioo", "Singleton.singleton", "Insert.insert", "∅", "List.nil",
    }
)  # fmt: skip


def declared_names(text: str) -> list[str]:
    """The names declared in a signature text (no parsing beyond ``name :``)."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("--"):
            continue
        name, sep, _ = line.partition(" : ")
        if sep:
            out.append(name.strip())
    return out
