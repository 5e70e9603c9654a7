"""The controlled-English reader on its own: hand-written sentences read with textbook
meanings, English that drops a Lean meaning fails, ambiguous sentences are detected,
frames are stripped, errors carry a code and a position."""

from __future__ import annotations

import pytest

from certibench.logic.english import english_round_trip, read_english
from certibench.logic.english.compare import same_statement
from certibench.logic.parser import parse_declaration


def reads_as(sentence: str, lean: str) -> bool:
    r = read_english(sentence)
    assert r.ok, (r.code, r.error)
    return same_statement(r.formula, parse_declaration(lean))


# ----------------------------------------------------------------------------------------
# Hand-written sentences, with the formula they must read as
# ----------------------------------------------------------------------------------------

READS = [
    ("For every nonnegative integer n, n divides n.", "theorem t (n : ℕ) : n ∣ n"),
    ("For all nonnegative integers a, b and c, a + (b + c) equals a + b + c.",
     "theorem t (a b c : ℕ) : a + (b + c) = a + b + c"),
    ("For any real numbers x and y, x * y equals y * x.", "theorem t (x y : ℝ) : x * y = y * x"),
    ("There is an integer z such that z * z equals 4 and z is less than 0.",
     "theorem t : ∃ z : ℤ, z * z = 4 ∧ z < 0"),
    ("For some nonnegative integer p, p is prime and p is even.", "theorem t : ∃ p : ℕ, Nat.Prime p ∧ Even p"),
    ("There is no nonnegative integer n such that n + 1 equals 0.", "theorem t : ¬ ∃ n : ℕ, n + 1 = 0"),
    ("No nonnegative integer n satisfies that n is less than 0.", "theorem t : ¬ ∃ n : ℕ, n < 0"),
    ("There is exactly one nonnegative integer n such that n + 2 equals 5.", "theorem t : ∃! n : ℕ, n + 2 = 5"),
    # textbook subtraction of integers, ordered relations read from either side (Lean notation)
    ("For every integer a, a - a equals 0.", "theorem t (a : ℤ) : a - a = 0"),
    ("For every nonnegative integer n, n is greater than 0 whenever n is not equal to 0.",
     "theorem t (n : ℕ) : n ≠ 0 → 0 < n"),
    ("For every nonnegative integer n, n ≠ 0 implies that 0 < n.", "theorem t (n : ℕ) (h : n ≠ 0) : 0 < n"),
    # hypothesis lists are successive hypotheses; "both" makes one conjunctive hypothesis
    ("For every nonnegative integer a and every nonnegative integer b, if a divides b and b divides a then a equals b.",
     "theorem t (a b : ℕ) (h₁ : a ∣ b) (h₂ : b ∣ a) : a = b"),
    ("For every nonnegative integer a and every nonnegative integer b, if both a divides b and b divides a then a equals b.",
     "theorem t (a b : ℕ) : a ∣ b ∧ b ∣ a → a = b"),
    # guarded ℕ subtraction is ℕ subtraction (the two agree under the guard)
    ("For every nonnegative integer n and every nonnegative integer m, if m is at most n then n - m + m equals n.",
     "theorem t (n m : ℕ) (h : m ≤ n) : n - m + m = n"),
    # stated Lean conventions reach the Lean constructs
    ("For every nonnegative integer m and every nonnegative integer k, (m mod k) + k * ⌊m / k⌋ equals m, where division by "
     "0 gives 0 and a number modulo 0 is the number itself.", "theorem t (m k : ℕ) : m % k + k * (m / k) = m"),
    ("For every nonnegative integer a and every nonnegative integer c, a ∸ c is at most a, where ∸ is subtraction "
     "truncated at 0.", "theorem t (a c : ℕ) : a - c ≤ a"),
    ("For every real number x, x / 0 equals 0, where division by 0 gives 0.", "theorem t (x : ℝ) : x / 0 = 0"),
    ("For every real number x, if x is greater than 0 then x^(1/2) equals √x.",
     "theorem t (x : ℝ) (h : 0 < x) : x ^ ((1 : ℝ) / 2) = Real.sqrt x"),
    ("For every real number x, the square root of x^2 equals |x|.", "theorem t (x : ℝ) : Real.sqrt (x ^ 2) = |x|"),
    # typeclass binders are read back
    ("In every commutative ring R, for all elements a and b of R, a * b equals b * a.",
     "theorem t {R : Type*} [CommRing R] (a b : R) : a * b = b * a"),
    ("In every ring R that is also a linear order, for every element a of R, a is at most a.",
     "theorem t {R : Type*} [Ring R] [LinearOrder R] (a : R) : a ≤ a"),
    ("For every type α, for every set s of elements of α, s is a subset of s.",
     "theorem t {α : Type*} (s : Set α) : s ⊆ s"),
    # sets, finite sets, intervals, cardinality vs absolute value by type
    ("For every finite set s of nonnegative integers, |s| is at most |s| + 1.",
     "theorem t (s : Finset ℕ) : s.card ≤ s.card + 1"),
    ("For every integer z, |z| is at least 0.", "theorem t (z : ℤ) : 0 ≤ |z|"),
    ("For every nonnegative integer x, for every set s of nonnegative integers, s contains x if and only if x is in s.",
     "theorem t (x : ℕ) (s : Set ℕ) : x ∈ s ↔ x ∈ s"),
    ("For all sets s and t of integers, s contains t if and only if t is a subset of s.",
     "theorem t (s t : Set ℤ) : t ⊆ s ↔ t ⊆ s"),
    ("For every real number x, x is an element of the set of real numbers at least 0 and at most 1 if and only if "
     "both x is at least 0 and x is at most 1.", "theorem t (x : ℝ) : x ∈ Set.Icc (0 : ℝ) 1 ↔ 0 ≤ x ∧ x ≤ 1"),
    # residues and Fin
    ("For every residue class a modulo 3, a + a + a equals 0.", "theorem t (a : ZMod 3) : a + a + a = 0"),
    ("For every number a below 2 (with arithmetic modulo 2), a + a equals 0.", "theorem t (a : Fin 2) : a + a = 0"),
]  # fmt: skip


@pytest.mark.parametrize("sentence,lean", READS, ids=[s[:50] for s, _ in READS])
def test_reads_as(sentence: str, lean: str) -> None:
    assert reads_as(sentence, lean)


def test_reading_is_not_the_identity() -> None:
    """Different English reads as a different formula."""
    assert not reads_as("For every nonnegative integer n, n divides n + 1.", "theorem t (n : ℕ) : n ∣ n")
    assert not reads_as("For every integer z, z is at least 0.", "theorem t (z : ℤ) : z ≤ 0")
    assert not reads_as("In every ring R, for every element a of R, a equals a.",
                        "theorem t {R : Type*} [CommRing R] (a : R) : a = a")  # fmt: skip


# ----------------------------------------------------------------------------------------
# Textbook readings: English that drops a Lean-specific meaning fails the round trip
# ----------------------------------------------------------------------------------------

TEXTBOOK_FAILURES = [
    # ℤ division written as a floor: ⌊a / b⌋ is not Lean's (Euclidean) a / b for negative b
    ("theorem t (a b : ℤ) : a / b * b ≤ a", "For every integer a and every integer b, ⌊a / b⌋ * b is at most a, "
     "where division by 0 gives 0."),
    # ℕ division written as a quotient: the reader sees a real quotient (and 0 division)
    ("theorem t (m k : ℕ) : m % k + k * (m / k) = m",
     "For every nonnegative integer m and every nonnegative integer k, m mod k + k * (m / k) equals m."),
    ("theorem t (m k : ℕ) (h : 0 < k) : m % k + k * (m / k) = m",
     "For every nonnegative integer m and every nonnegative integer k, if k is greater than 0 then (m mod k) + k * (m / k) "
     "equals m."),
    ("theorem t (n : ℕ) : n / 2 * 2 ≤ n", "For every nonnegative integer n, n / 2 * 2 is at most n."),
    # truncated subtraction written as ordinary subtraction
    ("theorem t (a b c : ℕ) (h₁ : a ≤ b) (h₂ : b ≤ c) : a - c = 0",
     "For every nonnegative integer a, every nonnegative integer b and every nonnegative integer c, if a is at most b and b is "
     "at most c then a - c equals 0."),
    ("theorem t (n k : ℕ) : (n - k) ! ≤ n !",
     "For every nonnegative integer n and every nonnegative integer k, (n - k)! is at most n!."),
    # a cast erased: "a - b equals a - b" is not ((a - b : ℕ) : ℤ) = ↑a - ↑b
    ("theorem t (a b : ℕ) : ((a - b : ℕ) : ℤ) = ↑a - ↑b",
     "For every nonnegative integer a and every nonnegative integer b, a - b equals a - b."),
    # ℕ exponent 1 / 2 written as a square root
    ("theorem t (n : ℕ) : (n : ℝ) ^ (1 / 2) = 1", "For every nonnegative integer n, n^(1/2) equals 1."),
    # x / 0 and 0⁻¹ without the convention
    ("theorem t (x : ℝ) : x / 0 = 0", "For every real number x, x / 0 equals 0."),
    ("theorem t : (0 : ℝ)⁻¹ = 0", "0⁻¹ equals 0."),
    # √ and log of possibly out-of-domain arguments without the convention
    ("theorem t (x : ℝ) : Real.sqrt x = 0 ↔ x ≤ 0",
     "For every real number x, the square root of x equals 0 if and only if x is at most 0."),
    ("theorem t (x : ℝ) : Real.log x ≤ x - 1", "For every real number x, log(x) is at most x - 1."),
    # precedence: √x^2 is ambiguous
    ("theorem t (x : ℝ) (h : 0 ≤ x) : Real.sqrt x ^ 2 = x",
     "For every real number x, if x is at least 0 then √x^2 equals x."),
    # typeclass dropped
    ("theorem t {G : Type*} [CommGroup G] (a b : G) : a * b = b * a",
     "For every type G, for every element a of G and every element b of G, a * b equals b * a."),
    # Fin wrap-around dropped: "nonnegative integer" is not Fin 2
    ("theorem t (a : Fin 2) : a + a = 0", "For every nonnegative integer a, a + a equals 0."),
]  # fmt: skip


@pytest.mark.parametrize("lean,sentence", TEXTBOOK_FAILURES, ids=[s[:50] for _, s in TEXTBOOK_FAILURES])
def test_english_dropping_a_lean_meaning_fails(lean: str, sentence: str) -> None:
    rt = english_round_trip(parse_declaration(lean), sentence)
    assert not rt.ok
    assert rt.code in ("mismatch", "partial", "ambiguous", "type")


def test_textbook_failures_fail_for_the_stated_reason() -> None:
    rt = english_round_trip(parse_declaration("theorem t (n : ℕ) : (n : ℝ) ^ (1 / 2) = 1"),
                            "For every nonnegative integer n, n^(1/2) equals 1.")  # fmt: skip
    assert rt.code == "mismatch" and "^ ((1 : ℝ) / (2 : ℝ))" in rt.read_back  # read as a real power
    rt = english_round_trip(parse_declaration("theorem t (x : ℝ) : x / 0 = 0"), "For every real number x, x / 0 equals 0.")
    assert rt.code == "partial" and "division" in rt.reason


# ----------------------------------------------------------------------------------------
# Ambiguity
# ----------------------------------------------------------------------------------------

AMBIGUOUS = [
    # "C whenever A and B" also reads "(C whenever A) and B" (adversary rounds 8-9)
    "For every nonnegative integer n, n equals 3 whenever n is prime and n is odd.",
    "For every nonnegative integer a and every nonnegative integer b, a and b are coprime and a is even or b is even.",
    "For every nonnegative integer n, n is even or n is odd and n is prime.",
    "For every real number x and every real number y, x is at most y if and only if y is at least x and x equals x.",
    "For every nonnegative integer n, n is prime and n is odd if and only if n is greater than 2.",
    "For every real number x, √x^2 equals x, where the square root of a negative number is 0.",
    "For every real number x, the square root of x^2 + 1 is at least 1.",
    "For every nonnegative integer a and every nonnegative integer n, a mod n + 1 mod n equals 2, where a number modulo 0 "
    "is the number itself.",
    "For all nonnegative integers a, b and c, a^b^c equals 1, where 0^0 = 1.",
    "For every nonnegative integer m and every nonnegative integer n, the greatest common divisor of m and n + 1 divides m.",
    "For every real number x and every real number y, the square root of x * y is at least 0, where the square "
    "root of a negative number is 0.",
    "For every real number x, x is an element of the set of real numbers y such that y is less than x and x is "
    "greater than 0.",
    # where does "if … then …" / "it is not the case that …" end before "if and only if"?
    "For every nonnegative integer n, if n is prime then n is even if and only if n equals 2.",
    "For every nonnegative integer n, n is prime implies that n is even if and only if n equals 2.",
    "For every nonnegative integer n, it is not the case that n is prime if and only if n equals 4.",
    "For every nonnegative integer n, n equals 2 if and only if n is even whenever n is prime.",
    # … and before "and" / "or"
    "For every nonnegative integer n, it is not the case that n is prime and n equals 4.",
    "For every nonnegative integer n, it is not the case that n is even or n is odd.",
    # where does a "both" / "either" list end when the other connective follows?
    "For every nonnegative integer a and every nonnegative integer b, both a and b are coprime and a is even or b is even.",
    "For every nonnegative integer a and every nonnegative integer b, either a is even or b is even and a is odd.",
    "For every nonnegative integer n, if either n is even or n is odd and n is prime then n equals 2.",
    # … and where does a list end before "whenever" / "implies that", an iff before "implies that"?
    "For every nonnegative integer n, n is prime and n is odd whenever n equals 3.",
    "For every nonnegative integer n, n is prime or n is odd whenever n equals 3.",
    "For every nonnegative integer n, n is prime and n is odd implies that n equals 3.",
    "For every nonnegative integer n, n is prime if and only if n is odd implies that n equals 3.",
    # found by an adversary: a negated implication in the "whenever" / "implies that" styles
    "For every nonnegative integer x and every nonnegative integer y, it is not the case that y is less than x whenever x "
    "is less than y.",
    "For every nonnegative integer x and every nonnegative integer y, it is not the case that x is less than y implies that "
    "y is less than x.",
]


@pytest.mark.parametrize("lean,sentence", [
    # found by an adversary: inside an iff or an or-list, "it is not the case that A and B"
    # was read only as (¬A) ∧ B
    ("theorem t (x y : ℕ) : x = y ↔ (¬ x < y) ∧ y < x",
     "For every nonnegative integer x and every nonnegative integer y, x equals y if and only if it is not the case that x "
     "is less than y and y is less than x."),
    ("theorem t (x y : ℕ) : x = y ∨ ((¬ x < y) ∧ y < x)",
     "For every nonnegative integer x and every nonnegative integer y, x equals y or it is not the case that x is less than "
     "y and y is less than x."),
    ("theorem t (x y : ℕ) : x = y ↔ (¬ x < y) ∨ y < x",
     "For every nonnegative integer x and every nonnegative integer y, x equals y if and only if it is false that x is less "
     "than y or y is less than x."),
])
def test_a_negation_inside_a_list_is_not_read_narrowly(lean: str, sentence: str) -> None:
    assert not english_round_trip(parse_declaration(lean), sentence).ok


@pytest.mark.parametrize("sentence", AMBIGUOUS, ids=[s[:50] for s in AMBIGUOUS])
def test_ambiguous_sentences_are_detected(sentence: str) -> None:
    r = read_english(sentence)
    assert r.ambiguous, r.lean
    assert r.code == "ambiguous" and not r.ok
    rt = english_round_trip(parse_declaration("theorem t : 1 = 1"), sentence)
    assert not rt.ok and rt.code == "ambiguous"


def test_marked_or_bracketed_versions_are_unambiguous() -> None:
    for s in (
        "For every nonnegative integer a and every nonnegative integer b, (a and b are coprime and a is even) or b is even.",
        "For every nonnegative integer a and every nonnegative integer b, (either a is even or b is even) and a is odd.",
        "For every nonnegative integer a and every nonnegative integer b, a is odd and either a is even or b is even.",
        "For every nonnegative integer a and every nonnegative integer b, a and b are coprime and either a is even or b is even.",
        "For every real number x, (√x)^2 equals x, where the square root of a negative number is 0.",
        "For every real number x, the square root of (x^2 + 1) is at least 1.",
        "For all nonnegative integers a, b and c, a^(b^c) equals 1, where 0^0 = 1.",
        "For every nonnegative integer n, if n is prime then (n is even if and only if n equals 2).",
        "For every nonnegative integer n, it is not the case that (n is prime if and only if n equals 4).",
        "For every nonnegative integer n, it is not the case that both n is prime and n equals 4.",
        "For every nonnegative integer n, it is not the case that either n is even or n is odd.",
        "For every nonnegative integer n, (n equals 2 if and only if n is even) whenever n is prime.",
        "For every nonnegative integer n, (n is prime and n is odd) whenever n equals 3.",
        "For every nonnegative integer n, n is prime and (n is odd whenever n equals 3).",
        "For every nonnegative integer n, (n is prime if and only if n is odd) implies that n equals 3.",
        "For every nonnegative integer n, n is prime if and only if (n is odd implies that n equals 3).",
        "For every nonnegative integer n, if n is prime and n is odd then n equals 3.",
    ):
        r = read_english(s)
        assert r.ok, (s, r.error)


def test_parse_forest_duplicates_are_not_ambiguity() -> None:
    """Several derivations of the same formula ("n mod 2" at either mod precedence) are one
    reading."""
    assert read_english("For every nonnegative integer n, n mod 2 equals 0.").ok


# ----------------------------------------------------------------------------------------
# Frames, errors, positions
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "framed",
    [
        "For every nonnegative integer n, n divides n — TRUE or FALSE?",
        "True or false: for every nonnegative integer n, n divides n.",
        "Is it true that for every nonnegative integer n, n divides n?",
        "Decide whether the following statement holds: for every nonnegative integer n, n divides n.",
        "  For every nonnegative integer n, n divides n.  ",
    ],
)
def test_question_frames_are_stripped(framed: str) -> None:
    assert reads_as(framed, "theorem t (n : ℕ) : n ∣ n")


def test_syntax_errors_carry_a_position() -> None:
    text = "For every nonnegative integer n, n frobnicates n — TRUE or FALSE?"
    r = read_english(text)
    assert r.code == "syntax" and not r.ok
    assert r.position is not None and text[r.position:].startswith("frobnicates")


@pytest.mark.parametrize("bad", ["", "   ", None, 42])
def test_empty_or_non_text_input(bad) -> None:
    r = read_english(bad)
    assert r.code == "empty" and not r.ok


def test_type_errors() -> None:
    assert read_english("For every real number x, x! equals 1.").code == "type"  # factorial of a real
    assert read_english("For every nonnegative integer n, m divides n.").code == "type"  # m unbound
    assert read_english("For every real number x, x is even.").code == "type"  # parity of reals
    assert read_english("For every nonnegative integer a and every nonnegative integer c, a ∸ c equals a.").code == "partial"


def test_conventions_are_reported() -> None:
    r = read_english("For every real number x, x / 0 equals 0, where division by 0 gives 0.")
    assert r.ok and r.conventions == ("div0",)
    # a convention phrase with other numbers is not the convention
    assert not read_english("For every real number x, x / 0 equals 0, where division by 0 gives 1.").ok


def test_a_difference_only_in_types_is_shown_with_the_types() -> None:
    """Adversary round 31: round-trip failures printed "3 * 3 vs 3 * 3" when the two
    formulas differ only in a type; the types are named now."""
    from certibench.logic.ast import INT, NAT, PROP, BinOp, Num, Var
    from certibench.logic.english.compare import first_difference

    a = BinOp("=", BinOp("*", Var("x", INT), Num("3", INT), INT), Num("10", INT), PROP)
    b = BinOp("=", BinOp("*", Var("x", NAT), Num("3", NAT), NAT), Num("10", NAT), PROP)
    assert first_difference(a, b) == "x * 3 : ℤ  vs  x * 3 : ℕ"
    c = BinOp("=", BinOp("*", Var("x", INT), Num("4", INT), INT), Num("10", INT), PROP)
    assert first_difference(a, c) == "3  vs  4"
