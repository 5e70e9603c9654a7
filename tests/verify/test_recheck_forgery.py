"""`certibench recheck` trusts nothing a certificate says about itself: forged certificates
(evidence moved onto other statements, a verdict its evidence cannot support, a
"counterexample" between identical statements) fail the re-check; genuine ones pass."""

from __future__ import annotations

import copy
import json

import pytest

from certibench.logic.ast import to_data
from certibench.verify.certifier import certify_pair
from certibench.verify.recheck import recheck_certificate


def _cert(a: str, b: str) -> dict:
    res = certify_pair(a, b, tier="T1")
    return json.loads(res.certificate.model_dump_json())


@pytest.fixture(scope="module")
def smt_cert() -> dict:
    c = _cert("theorem t (x y : ℝ) : max x y = x", "theorem t (x y : ℝ) : y ≤ x")
    assert c["verdict"] == "certified" and c.get("smt"), c["verdict"]
    return c


@pytest.fixture(scope="module")
def chain_cert() -> dict:
    c = _cert("theorem t (a b : ℕ) : a < b", "theorem t (a b : ℕ) : a + 1 ≤ b")
    assert c["verdict"] == "certified" and c.get("chain")
    return c


def test_genuine_certificates_recheck(smt_cert: dict, chain_cert: dict) -> None:
    assert recheck_certificate("smt", smt_cert).status == "ok"
    assert recheck_certificate("chain", chain_cert).status == "ok"
    ref = _cert("theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : a + b = b + a + 1")
    assert ref["verdict"] == "refuted"
    assert recheck_certificate("ref", ref).status == "ok"


def test_smt_evidence_moved_onto_other_statements_fails(smt_cert: dict) -> None:
    forged = copy.deepcopy(smt_cert)
    forged["canonical_lean"] = "theorem t (x y : ℝ) : x < y"
    forged["paraphrase_lean"] = "theorem t (x y : ℝ) : y < x"
    out = recheck_certificate("A", forged)
    assert out.status == "failed" and "derived again" in out.reason


def test_a_verdict_its_evidence_cannot_support_fails(chain_cert: dict) -> None:
    forged = copy.deepcopy(chain_cert)
    forged["verdict"] = "refuted"
    assert recheck_certificate("C", forged).status == "failed"
    ident = {"version": 2, "verdict": "refuted", "evidence": "identical", "backend": "identical",
             "canonical_lean": "theorem t (a : ℕ) : a = a", "paraphrase_lean": "theorem t (a : ℕ) : a = a"}
    assert recheck_certificate("D", ident).status == "failed"
    bare = {"version": 2, "verdict": "certified", "evidence": "none",
            "canonical_lean": "theorem t (a : ℕ) : a = a", "paraphrase_lean": "theorem t (a : ℕ) : a = 0"}
    assert recheck_certificate("F", bare).status == "failed"


def test_a_counterexample_must_tell_the_statements_apart() -> None:
    same = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "smt",
            "canonical_lean": "theorem t (a b : ℕ) : a ≤ b", "paraphrase_lean": "theorem t (a b : ℕ) : a ≤ b",
            "counterexample": {"a": 1, "b": 0}}
    out = recheck_certificate("B", same)
    assert out.status == "failed" and "same formula" in out.reason
    both_false = {**same, "canonical_lean": "theorem t (a b : ℕ) : a + 1 ≤ b"}
    out = recheck_certificate("B2", both_false)
    assert out.status == "failed" and "not told apart" in out.reason


# ----------------------------------------------------------------------------------------
# Found by an adversary (certifier round 5), kept
# ----------------------------------------------------------------------------------------


def test_a_renamed_forged_refutation_fails() -> None:
    """y ≤ 1 and ¬(x > 1) are equivalent; a "refutation" at x = 2 named differently from
    the canonical's variable was accepted (the canonical was not evaluated)."""
    forged = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "smt",
              "canonical_lean": "theorem t (y : ℝ) : y ≤ 1", "paraphrase_lean": "theorem t (x : ℝ) : ¬ (x > 1)",
              "counterexample": {"x": 2}}
    out = recheck_certificate("forged", forged)
    assert out.status == "failed" and "not told apart" in out.reason
    genuine = {**forged, "paraphrase_lean": "theorem t (x : ℝ) : x < 1"}
    out = recheck_certificate("genuine", {**genuine, "counterexample": {"x": 1}})
    assert out.status == "ok", out.reason


def test_source_evidence_cannot_certify_a_paraphrase() -> None:
    cert = {"version": 2, "verdict": "certified", "evidence": "source", "backend": "source",
            "canonical_lean": "theorem t (x : ℝ) : 0 ≤ x ^ 2", "paraphrase_lean": "theorem t (x : ℝ) : 0 ≤ x"}
    assert recheck_certificate("p", cert).status == "failed"
    canonical = {k: v for k, v in cert.items() if k != "paraphrase_lean"}
    assert recheck_certificate("c", canonical, {"family": "canonical"}).status == "not-checkable"


def _two_classes(chain_cert: dict, tmp_path) -> tuple[list[dict], object, dict]:
    """Two theorem classes (A: a rewrite chain, D: an SMT proof), each a canonical item and
    one certified paraphrase, written as an item file."""
    other = _cert("theorem t (x : ℝ) : x ^ 2 - 2 * x + 1 = 0", "theorem t (x : ℝ) : (x - 1) ^ 2 = 0")
    assert other["verdict"] == "certified", other["reason"]
    items = [
        {"id": "A0", "theorem_id": "A", "family": "canonical", "lean4_statement": chain_cert["canonical_lean"]},
        {"id": "A1", "theorem_id": "A", "family": "equivalent", "lean4_statement": chain_cert["paraphrase_lean"],
         "certificate": chain_cert},
        {"id": "D0", "theorem_id": "D", "family": "canonical", "lean4_statement": other["canonical_lean"]},
        {"id": "D1", "theorem_id": "D", "family": "equivalent", "lean4_statement": other["paraphrase_lean"],
         "certificate": other},
    ]
    f = tmp_path / "items.jsonl"
    f.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in items), encoding="utf-8")
    return items, f, other


def test_a_certificate_is_bound_to_its_item_and_proofs_to_the_manifest(chain_cert: dict, tmp_path) -> None:
    """A valid certificate for pair A given to an item of pair B, or a certificate file
    copied over another in a proofs directory, fails the re-check."""
    from certibench.verify.proofs import write_proofs
    from certibench.verify.recheck import recheck_path

    items, f, other = _two_classes(chain_cert, tmp_path)
    assert [r.status for r in recheck_path(f)] == ["ok", "ok"]
    swapped = copy.deepcopy(items)
    swapped[1]["certificate"], swapped[3]["certificate"] = other, chain_cert
    f.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in swapped), encoding="utf-8")
    rows = recheck_path(f)
    assert [r.status for r in rows] == ["failed", "failed"]
    assert all("another statement" in r.reason for r in rows)
    # the right paraphrase but another class's canonical
    moved = copy.deepcopy(items)
    moved[0]["lean4_statement"] = "theorem t (a b : ℕ) : a ≤ b"
    f.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in moved), encoding="utf-8")
    assert "canonical" in recheck_path(f)[0].reason
    # a proofs directory: a file copied over another no longer matches MANIFEST.json
    d = tmp_path / "proofs"
    write_proofs(d, [r for r in items if "certificate" in r], command="test", generator="test")
    assert {r.status for r in recheck_path(d)} == {"ok"}
    (d / "certificates" / "D1.json").write_bytes((d / "certificates" / "A1.json").read_bytes())
    rows = recheck_path(d)
    assert any(r.id == "A1" and r.status == "failed" and "copied or renamed" in r.reason for r in rows)
    assert any(r.status == "failed" and "no certificate file for D1" in r.reason for r in rows)
    # an edited certificate file no longer matches its digest
    write_proofs(d, [r for r in items if "certificate" in r], command="test", generator="test")
    f1 = d / "certificates" / "A1.json"
    f1.write_text(f1.read_text(encoding="utf-8").replace('"family": "equivalent"', '"family": "order"'), encoding="utf-8")
    assert [r.reason for r in recheck_path(d) if r.status == "failed"] == [
        "A1.json differs from the sha256 MANIFEST.json records for A1 (edited or replaced)"]


def test_recheck_reads_every_shape_certify_writes_and_names_bad_lines(chain_cert: dict, tmp_path) -> None:
    """`certify --canonical/--paraphrase --json` (one pair), a certificate on its own, a JSON
    array of items and JSONL are all re-checked; a line that is not JSON is named by its
    line number, and a JSON object that holds no certificate is refused as such (it was
    reported as a JSONL parse error of line 1)."""
    from certibench.verify.recheck import recheck_path

    item = {"id": "A0", "theorem_id": "A", "family": "canonical", "lean4_statement": chain_cert["canonical_lean"]}
    par = {"id": "A1", "theorem_id": "A", "family": "equivalent", "lean4_statement": chain_cert["paraphrase_lean"],
           "certificate": chain_cert}
    one = tmp_path / "pair.json"
    one.write_text(json.dumps({"verdict": "certified", "backend": "rewrite", "certificate": chain_cert}, indent=1), encoding="utf-8")
    assert [(r.id, r.status) for r in recheck_path(one)] == [("pair", "ok")]
    alone = tmp_path / "cert.json"
    alone.write_text(json.dumps(chain_cert, indent=1), encoding="utf-8")
    assert [r.status for r in recheck_path(alone)] == ["ok"]
    arr = tmp_path / "items.json"
    arr.write_text(json.dumps([item, par], ensure_ascii=False, indent=1), encoding="utf-8")
    assert [(r.id, r.status) for r in recheck_path(arr)] == [("A1", "ok")]
    # the array is an item file: the binding to the class's canonical applies
    moved = copy.deepcopy([item, par])
    moved[0]["lean4_statement"] = "theorem t (a b : ℕ) : a ≤ b"
    arr.write_text(json.dumps(moved, ensure_ascii=False), encoding="utf-8")
    assert [r.status for r in recheck_path(arr)] == ["failed"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(item, ensure_ascii=False) + "\n\n{broken\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^line 3: not JSON"):
        recheck_path(bad)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"model": "x", "items_count": 3}), encoding="utf-8")
    with pytest.raises(ValueError, match="neither 'items' nor 'certificate'"):
        recheck_path(other)


@pytest.mark.parametrize("canonical,paraphrase,values", [
    # adversary round 6: equivalent pairs (the certifier certifies both) given forged
    # refutations whose values say nothing about the canonical's variables
    ("theorem t : ∀ n : ℕ, n % n ≠ 0", "theorem t : ¬∃ n : ℕ, ¬n % n ≠ 0", {}),
    ("theorem t : ∀ a b c : ℤ, a ∣ c → b ∣ c → a ∣ b",
     "theorem t : ∀ a b : ℤ, ¬∃ c : ℤ, ¬(a ∣ c → b ∣ c → a ∣ b)", {"a": 0, "b": 1}),
])
def test_a_refutation_must_evaluate_the_canonical_too(canonical: str, paraphrase: str, values: dict) -> None:
    """The refuted statement failing at the values is not enough: the canonical must be
    evaluated there and hold, or the refutation fails (it passed as "not evaluated")."""
    assert certify_pair(canonical, paraphrase, tier="T1").verdict == "certified"
    cert = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
            "counterexample": values, "canonical_lean": canonical, "paraphrase_lean": paraphrase}
    item = {"id": "x", "theorem_id": "t", "family": "equivalent", "lean4_statement": paraphrase}
    row = recheck_certificate("x", cert, item)
    assert row.status == "failed" and "does not show that the two statements differ" in row.reason
    no_canonical = {k: v for k, v in cert.items() if k != "canonical_lean"}
    assert recheck_certificate("x", no_canonical, item).status == "failed"


def test_a_genuine_false_sibling_still_rechecks() -> None:
    """A one-edit FALSE sibling's refutation (the source theorem holds at the values, the
    mutation fails) re-checks; the canonical evaluated too."""
    cert = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
            "counterexample": {"a": 0, "b": 1}, "canonical_lean": "theorem s (a b : ℝ) : a + b = b + a",
            "paraphrase_lean": "theorem s_false : ∀ a b : ℝ, a + b = b * a"}
    row = recheck_certificate("s_false", cert, None)
    assert row.status == "ok" and "the paraphrase is false and the canonical true" in row.reason


def test_a_proofs_directory_is_bound_to_its_items_when_given(chain_cert: dict, tmp_path) -> None:
    """MANIFEST.json digests can be rewritten by anyone: with --items each certificate must
    be about the item of its id; a proofs directory without MANIFEST.json fails."""
    import hashlib

    from certibench.verify.proofs import write_proofs
    from certibench.verify.recheck import recheck_path

    items, f, other = _two_classes(chain_cert, tmp_path)
    d = tmp_path / "proofs"
    write_proofs(d, [r for r in items if "certificate" in r], command="test", generator="test")
    rows = {r.id: r for r in recheck_path(d, f)}
    assert rows["A1"].status == rows["D1"].status == "ok"
    # a TRUE canonical item rests on its source and `certify --proofs` writes it no certificate:
    # only what its own text says is checked (adversary round 50: the documented `certify
    # --proofs P` + `recheck P --items ITEMS` always failed)
    assert "A0" not in rows
    # A1's file replaced by D1's certificate under A1's id, and the manifest rewritten to match
    cf = d / "certificates" / "A1.json"
    doc = json.loads((d / "certificates" / "D1.json").read_text(encoding="utf-8"))
    doc["id"] = "A1"
    cf.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    mf = json.loads((d / "MANIFEST.json").read_text(encoding="utf-8"))
    mf["certificates"]["A1"] = hashlib.sha256(cf.read_bytes()).hexdigest()
    (d / "MANIFEST.json").write_text(json.dumps(mf), encoding="utf-8")
    assert {r.status for r in recheck_path(d)} == {"ok"}  # the digests alone cannot tell
    rows = {r.id: r for r in recheck_path(d, f)}
    assert rows["A1"].status == "failed" and "another statement" in rows["A1"].reason
    assert rows["D1"].status == "ok"
    (d / "MANIFEST.json").unlink()
    rows = recheck_path(d)
    assert any(r.id == "MANIFEST.json" and r.status == "failed" for r in rows)


@pytest.mark.parametrize("canonical,paraphrase,values,why", [
    # adversary round 7: values for the canonical's own variables beside the paraphrase's
    # (each side evaluated at another point)
    ("theorem t (a b : ℕ) (h : a < b) : a + 1 < b + 0", "theorem t (x y : ℕ) (h : x < y) : x + 2 ≤ y",
     {"x": 0, "y": 1, "a": 0, "b": 5}, "exactly the paraphrase's variables"),
    # a matching that falsifies the canonical's hypothesis ("holds" vacuously) while the
    # same statement with its variables in another order is not told apart
    ("theorem t (a b : ℕ) (h : a < b) : a + 1 ≤ b", "theorem t (x y : ℕ) (h : y < x) : y + 1 ≤ x",
     {"x": 0, "y": 1}, "not told apart"),
    # an equivalent pair over a finite domain: f = g and ∀ x, f x = g x are one statement
    ("theorem t (f g : Fin 2 → ℕ) : f = g → f 0 = 5", "theorem t (f g : Fin 2 → ℕ) : (∀ x, f x = g x) → f 0 = 5",
     {"f": {"table": [[[0], 1]], "default": 0}, "g": {"table": [[[1], 0]], "default": 1}}, "not told apart"),
    # Set.univ on Fin 2 written as a complement: the same set
    ("theorem t (s : Set (Fin 2)) : s ≠ Set.univ", "theorem t (s : Set (Fin 2)) : ∃ x, x ∉ s",
     {"s": {"set": [], "default": True}}, "not told apart"),
])
def test_forged_refutations_of_round_7_fail(canonical: str, paraphrase: str, values: dict, why: str) -> None:
    """A refutation counts only when the paraphrase's own values make one statement true
    and the other false under every type-respecting matching of their variables, with
    values compared as Lean compares them (functions and sets on finite domains
    extensionally)."""
    cert = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
            "counterexample": values, "canonical_lean": canonical, "paraphrase_lean": paraphrase}
    row = recheck_certificate("forged", cert)
    assert row.status == "failed" and why in row.reason, row.reason


def test_a_shadowed_prefix_is_not_checkable() -> None:
    cert = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
            "counterexample": {"x": 6}, "canonical_lean": "theorem t : ∀ x : ℕ, x > 5 → ∀ x : ℕ, x < 3",
            "paraphrase_lean": "theorem t : ∀ x : ℕ, x > 5 → False"}
    row = recheck_certificate("shadow", cert)
    assert row.status != "ok", row.reason


def test_function_equality_on_a_finite_domain_is_extensional() -> None:
    """Adversary round 7: the certifier refuted f = g → f 0 = 5 against its pointwise form
    on Fin 2 → ℕ, at two tables that are the same function on Fin 2."""
    res = certify_pair("theorem t (f g : Fin 2 → ℕ) : f = g → f 0 = 5",
                       "theorem t (f g : Fin 2 → ℕ) : (∀ x, f x = g x) → f 0 = 5", tier="T1")
    assert res.verdict != "refuted", res.reason
    from certibench.logic.concrete import normalize, value_from_json
    from certibench.logic.parser import parse_sort

    s = parse_sort("Fin 2 → ℕ")
    f = value_from_json({"table": [[[0], 1]], "default": 0}, s)
    g = value_from_json({"table": [[[1], 0]], "default": 1}, s)
    assert f == g and normalize(f, s) == f
    u = parse_sort("Set (Fin 2)")
    assert value_from_json({"set": [], "default": True}, u) == value_from_json({"set": [0, 1]}, u)


@pytest.mark.parametrize("canonical,paraphrase,values,why", [
    # adversary round 8: `f 1` of f : ℕ → ℕ → ℕ is a function, not the table's default
    ("theorem c (f g : ℕ → ℕ → ℕ) : f 1 ≠ g 1", "theorem c (f g : ℕ → ℕ → ℕ) : ∃ y, f 1 y ≠ g 1 y",
     {"f": {"table": [], "default": 0}, "g": {"table": [[[1, 0], 1]], "default": 0}}, "not decidable"),
    # a finite type too large to list is not an infinite one (Set.univ is not cofinite)
    ("theorem c (S : Set (Fin 20001)) : S.Finite", "theorem c (S : Set (Fin 20001)) : Sᶜ.Finite",
     {"S": {"set": [], "default": True}}, "too large"),
    # a Finset is finite
    ("theorem c (S : Finset ℕ) (h : ∀ m, m ∈ S) : False", "theorem c (S : Finset ℕ) (h : ∀ m, m ∈ S) : ¬ (S : Set ℕ).Finite",
     {"S": {"set": [], "default": True}}, "a Finset is finite"),
])
def test_forged_refutations_of_round_8_fail(canonical: str, paraphrase: str, values: dict, why: str) -> None:
    cert = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
            "counterexample": values, "canonical_lean": canonical, "paraphrase_lean": paraphrase}
    row = recheck_certificate("forged", cert)
    assert row.status != "ok" and why in row.reason, row.reason


def test_partial_application_and_large_finite_types_are_not_refuted() -> None:
    for a, b in (("theorem c (f g : ℕ → ℕ → ℕ) : f 1 ≠ g 1", "theorem c (f g : ℕ → ℕ → ℕ) : ∃ y, f 1 y ≠ g 1 y"),
                 ("theorem c (S : Set (Fin 20001)) : S.Finite", "theorem c (S : Set (Fin 20001)) : Sᶜ.Finite")):
        res = certify_pair(a, b, tier="T1")
        assert res.verdict != "refuted", (a, res.reason)


def test_a_type_of_unknown_size_is_not_infinite() -> None:
    """Adversary round 9: `Fin n` for a variable n (and type variables) were treated as
    infinite — `(Set.univ : Set (Fin n)).Finite` evaluated false, and the certifier refuted
    pairs of true statements; a forged cofinite `Set (Fin n)` value was accepted."""
    for a, b in (("theorem t (n : ℕ) : (Set.univ : Set (Fin n)).Finite", "theorem t (n : ℕ) : 0 ≤ n"),
                 ("theorem t (n : ℕ) (h : 0 < n) : (Set.univ : Set (Fin n)).ncard = n", "theorem t (n : ℕ) (h : 0 < n) : n ≤ n * n")):
        res = certify_pair(a, b, tier="T1")
        assert res.verdict != "refuted", (a, res.reason)
    cert = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
            "counterexample": {"n": 2, "S": {"set": [], "default": True}},
            "canonical_lean": "theorem t (n : ℕ) (S : Set (Fin n)) : S.Finite",
            "paraphrase_lean": "theorem t (n : ℕ) (S : Set (Fin n)) : S ⊆ Set.univ"}
    assert recheck_certificate("forged", cert).status != "ok"
    from certibench.logic.concrete import is_infinite_type
    from certibench.logic.parser import parse_sort

    assert is_infinite_type(parse_sort("Set ℕ")) and is_infinite_type(parse_sort("ℕ → Bool"))
    assert not is_infinite_type(parse_sort("Fin 3 → Bool")) and not is_infinite_type(parse_sort("Set (Fin 2)"))


def test_extra_paraphrase_variables_refute_only_when_the_paraphrase_fails() -> None:
    """Adversary round 10: `(∃ k, n = k + 1) → n ≠ 3 ∧ n ≠ 5` and `(n k) (h : n = k + 1) → …`
    are one statement (the certifier certifies it); at n = 3, k = 5 the paraphrase is
    vacuously true and the canonical false — which says nothing about every k."""
    can = "theorem t (n : ℕ) (h : ∃ k, n = k + 1) : n ≠ 3 ∧ n ≠ 5"
    par = "theorem t (n k : ℕ) (h : n = k + 1) : n ≠ 3 ∧ n ≠ 5"
    assert certify_pair(can, par, tier="T1").verdict == "certified"
    cert = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
            "counterexample": {"n": 3, "k": 5}, "canonical_lean": can, "paraphrase_lean": par}
    row = recheck_certificate("forged", cert)
    assert row.status == "failed" and "binds variables the canonical does not" in row.reason
    # the sound direction still rechecks: an ∃ turned ∀ fails at a value of its variable
    sib = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
           "counterexample": {"x": 0, "n": 0}, "canonical_lean": "theorem s (x : ℝ) : ∃ n : ℕ, x < (n : ℝ)",
           "paraphrase_lean": "theorem s_false : ∀ (x : ℝ) (n : ℕ), x < (n : ℝ)"}
    assert recheck_certificate("sibling", sib).status == "ok"


# --- adversary round 12 ------------------------------------------------------------------------


def _write(f, rows: list[dict]) -> None:
    f.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def test_the_evidence_must_be_the_one_the_tier_needs(chain_cert: dict, tmp_path) -> None:
    """The tier comes from the family spec: a T2 item needs template evidence (which
    re-renders its English), a T3 item a review; an 'identical' certificate on either (an
    adversary swapped a T2 item's template certificate for one) fails, as does an unknown
    family and ``family: ""`` (a paraphrase to the item schema, canonical to recheck)."""
    from certibench.verify.recheck import recheck_path

    same = _cert("theorem t (a b : ℕ) : a < b", "theorem t (a b : ℕ) : a < b")
    assert same["evidence"] == "identical"
    f = tmp_path / "items.jsonl"
    for fam, want in (("syntactic", "T2 item (syntactic) is released on template"), ("variation", "T3 item"),
                      ("no-such-family", "unknown family"), ("order", None)):
        _write(f, [{"id": "A0", "theorem_id": "A", "family": "canonical", "lean4_statement": same["canonical_lean"]},
                   {"id": "A1", "theorem_id": "A", "family": fam, "lean4_statement": same["paraphrase_lean"],
                    "certificate": same}])
        rows = [r for r in recheck_path(f) if r.id == "A1"]
        if want is None:
            assert rows[0].status == "ok", rows[0].reason
        else:
            assert rows[0].status == "failed" and want in rows[0].reason, rows[0].reason
    # family "" is not the canonical form: the certificate must be bound to the class's canonical
    _write(f, [{"id": "A0", "theorem_id": "A", "family": "canonical", "lean4_statement": "theorem t (a b : ℕ) : a ≤ b"},
               {"id": "A1", "theorem_id": "A", "family": "", "lean4_statement": chain_cert["paraphrase_lean"],
                "certificate": chain_cert}])
    assert recheck_path(f)[0].status == "failed"


def test_a_false_item_needs_a_counterexample_to_its_own_statement(tmp_path) -> None:
    """An adversary labelled the TRUE ∀ a b : ℝ, a + b = b + a FALSE with a made-up canonical
    that fails at the values ("the paraphrase is true and the canonical false" passed)."""
    from certibench.verify.recheck import recheck_path

    true_stmt = "theorem s_false : ∀ a b : ℝ, a + b = b + a"
    forged = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
              "counterexample": {"a": 0, "b": 1}, "canonical_lean": "theorem s (a b : ℝ) : a * b = b + a",
              "paraphrase_lean": true_stmt}
    item = {"id": "s_false__canonical", "theorem_id": "s_false", "family": "canonical", "lean4_statement": true_stmt,
            "ground_truth": "FALSE", "certificate": forged}
    f = tmp_path / "items.jsonl"
    _write(f, [item])
    row = recheck_path(f)[0]
    assert row.status == "failed" and "labelled FALSE" in row.reason, row.reason
    # ... and with the theorem it claims to come from in the file, the canonical is bound too
    src = {"id": "s__canonical", "theorem_id": "s", "family": "canonical", "ground_truth": "TRUE",
           "lean4_statement": "theorem s (a b : ℝ) : a + b = b + a"}
    _write(f, [src, dict(item, provenance={"sibling_of": "s"})])
    row = [r for r in recheck_path(f) if r.id == item["id"]][0]
    assert row.status == "failed" and "sibling_of" in row.reason, row.reason
    # a genuine FALSE sibling passes; the same certificate on an item labelled TRUE fails
    genuine = {"version": 2, "verdict": "refuted", "evidence": "counterexample", "backend": "counterexample",
               "counterexample": {"a": 0, "b": 1}, "canonical_lean": "theorem s (a b : ℝ) : a + b = b + a",
               "paraphrase_lean": "theorem s_false : ∀ a b : ℝ, a * b = b + a"}
    good = {"id": "s_false__canonical", "theorem_id": "s_false", "family": "canonical", "ground_truth": "FALSE",
            "lean4_statement": genuine["paraphrase_lean"], "certificate": genuine, "provenance": {"sibling_of": "s"}}
    _write(f, [src, good])
    assert [r.status for r in recheck_path(f) if r.id == good["id"]] == ["ok"]
    _write(f, [src, dict(good, ground_truth="TRUE")])
    row = [r for r in recheck_path(f) if r.id == good["id"]][0]
    assert row.status == "failed" and "labelled TRUE" in row.reason
    # a paraphrase certified to mean what a FALSE canonical means is FALSE too
    para = _cert(genuine["paraphrase_lean"], "theorem s_false : ∀ a b : ℝ, b + a = a * b")
    assert para["verdict"] == "certified", para["reason"]
    _write(f, [src, good, {"id": "s_false__F6", "theorem_id": "s_false", "family": "order", "ground_truth": "TRUE",
                           "lean4_statement": para["paraphrase_lean"], "certificate": para}])
    row = [r for r in recheck_path(f) if r.id == "s_false__F6"][0]
    assert row.status == "failed" and "labelled 'TRUE'" in row.reason, row.reason


def test_a_one_line_item_file_is_an_item_file(chain_cert: dict, tmp_path) -> None:
    """A whole file that is one JSON object was read as a one-pair ``certify --json``
    result, so an item with a changed statement was never bound to it."""
    from certibench.verify.recheck import recheck_path

    f = tmp_path / "one.jsonl"
    _write(f, [{"id": "A1", "theorem_id": "A", "family": "equivalent", "lean4_statement": "theorem t (a b : ℕ) : b < a",
                "certificate": chain_cert}])
    row = recheck_path(f)[0]
    assert row.status == "failed" and "another statement" in row.reason


def test_smt_scripts_must_be_the_derived_ones(smt_cert: dict) -> None:
    """Stored SMT scripts are a function of the statements: none at all, others, or more
    (each replayed with a budget the certificate named: 4 minutes for two) fail."""
    for queries in ([], smt_cert["smt"]["queries"] * 2, smt_cert["smt"]["queries"][:1]):
        forged = copy.deepcopy(smt_cert)
        forged["smt"]["queries"] = queries
        row = recheck_certificate("x", forged)
        assert row.status == "failed" and "not the ones derived" in row.reason, row.reason
    huge = copy.deepcopy(smt_cert)
    huge["smt"]["budget"] = {"rlimit": 10**15}
    assert recheck_certificate("x", huge).status == "ok"  # the derivation's budget is used, not this one


def test_eval_steps_and_certificate_files_have_bounds(chain_cert: dict, tmp_path) -> None:
    """A power tower in an eval step (8.6 GB at six levels) and a deeply nested certificate
    file (a traceback) are refused with a reason."""
    from certibench.logic.parser import parse_declaration, parse_expr
    from certibench.verify.kernel import KernelError, Step, _ground_value, replay
    from certibench.verify.recheck import recheck_path

    tower = parse_expr("((((2 : ℕ) ^ 64) ^ 64) ^ 64) ^ 64")
    with pytest.raises(KernelError, match="too large"):
        _ground_value(tower)
    a = parse_declaration("theorem t : ((((2 : ℕ) ^ 64) ^ 64) ^ 64) ^ 64 > 0")
    b = parse_declaration("theorem t : (1 : ℕ) > 0")
    step = Step(kind="eval", path=[0], after=to_data(parse_expr("(1 : ℕ)")))
    assert not replay(a, b, [step]).ok
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"id": "x", "certificate": ' + "[" * 100_000 + "]" * 100_000 + "}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1: not JSON"):
        recheck_path(deep)


def test_labels_and_classes_come_from_one_canonical_item(chain_cert: dict, tmp_path) -> None:
    """Adversary round 13: with the canonical's label removed (None, "", "unknown"), every
    certified paraphrase of a TRUE theorem could be labelled FALSE; a second, statement-less
    canonical labelled FALSE put first did the same; an item file re-checked on its own
    skipped items without a certificate and repeated ids; a canonical item "certified" by a
    chain (which relates it to nothing) re-checked ok."""
    from certibench.verify.recheck import recheck_path

    canon = {"id": "A0", "theorem_id": "A", "family": "canonical", "lean4_statement": chain_cert["canonical_lean"],
             "ground_truth": "TRUE", "certificate": {"version": 2, "verdict": "certified", "evidence": "source",
                                                     "backend": "source", "canonical_lean": chain_cert["canonical_lean"]}}
    para = {"id": "A1", "theorem_id": "A", "family": "equivalent", "lean4_statement": chain_cert["paraphrase_lean"],
            "ground_truth": "TRUE", "certificate": chain_cert}
    f = tmp_path / "items.jsonl"

    def status(rows: list[dict], rid: str = "A1") -> tuple[str, str]:
        _write(f, rows)
        got = [r for r in recheck_path(f) if r.id == rid]
        assert got, [(r.id, r.status, r.reason) for r in recheck_path(f)]
        return got[0].status, got[0].reason

    assert status([canon, para])[0] == "ok"
    for missing in (None, "", "unknown", 0):
        st, why = status([dict(canon, ground_truth=missing), dict(para, ground_truth="FALSE")])
        assert st == "failed" and "labelled 'FALSE'" in why, why
    ghost = {"id": "A00", "theorem_id": "A", "family": "canonical", "ground_truth": "FALSE"}
    st, why = status([ghost, canon, dict(para, ground_truth="FALSE")])
    assert st == "failed" and "2 canonical items" in why, why
    # on its own, an item file must give every item its certificate, and each id once
    assert status([dict(canon, certificate=None, ground_truth="FALSE")], "A0") == (
        "failed", f"no certificate for the item 'A0' of {f}")
    assert status([canon, dict(para, certificate=None)]) == ("failed", f"no certificate for the item 'A1' of {f}")
    assert status([canon, para, dict(para)])[0] == "failed"
    # a canonical item rests on its source or a counterexample, never on a chain
    chained = dict(canon, lean4_statement=chain_cert["paraphrase_lean"], certificate=chain_cert)
    st, why = status([chained], "A0")
    assert st == "failed" and "relates it to no other item" in why, why
    # an item without theorem_id is its own class (not the class "None")
    st, why = status([dict(canon, theorem_id=None), dict(para, theorem_id=None)])
    assert st == "failed" and "no canonical item of theorem class 'A1'" in why, why
    # provenance.sibling_of must name a theorem
    st, why = status([dict(canon, provenance={"sibling_of": ["A"]})], "A0")
    assert st == "failed" and "sibling_of" in why, why


def test_round_14_forgeries_fail(chain_cert: dict, tmp_path) -> None:
    """Adversary round 14: a T1 paraphrase carrying a genuine *refuted* certificate; a T3
    review that rejects, names another item or another text pair; one-line item files with
    an extra "verdict" / "items" key; a FALSE sibling relabelled TRUE on "source" evidence; an
    item whose own tier disagrees with its family."""
    import os

    from certibench.verify.recheck import recheck_path
    from certibench.verify.review import pair_hash

    canon = {"id": "A0", "theorem_id": "A", "family": "canonical", "lean4_statement": chain_cert["canonical_lean"],
             "nl_question": "Q0", "ground_truth": "TRUE",
             "certificate": {"version": 2, "verdict": "certified", "evidence": "source", "backend": "source"}}
    f = tmp_path / "items.jsonl"

    def row(rows: list[dict], rid: str) -> tuple[str, str]:
        _write(f, rows)
        got = [r for r in recheck_path(f) if r.id == rid]
        return got[0].status, got[0].reason

    refuted = _cert(chain_cert["canonical_lean"], "theorem t (a b : ℕ) : a ≤ b")
    assert refuted["verdict"] == "refuted"
    st, why = row([canon, {"id": "A1", "theorem_id": "A", "family": "order", "ground_truth": "TRUE",
                           "lean4_statement": "theorem t (a b : ℕ) : a ≤ b", "certificate": refuted}], "A1")
    assert st == "failed" and "certified verdict" in why, why
    t3 = {"id": "A5", "theorem_id": "A", "family": "variation", "ground_truth": "TRUE", "nl_question": "Q5",
          "lean4_statement": chain_cert["paraphrase_lean"]}
    good_review = {"reviewer": "r", "time": "2026-01-01T00:00:00Z", "item_id": "A5", "decision": "approve",
                   "pair_hash": pair_hash(canon, t3)}
    review_cert = {"version": 2, "verdict": "certified", "evidence": "review", "backend": "review", "review": good_review,
                   "canonical_lean": canon["lean4_statement"], "paraphrase_lean": t3["lean4_statement"]}
    assert row([canon, {**t3, "certificate": review_cert}], "A5")[0] == "not-checkable"
    for bad, want in (({"decision": "reject"}, "not 'approve'"), ({"item_id": "A9"}, "review is of item"),
                      ({"pair_hash": "0" * 64}, "pair_hash")):
        st, why = row([canon, {**t3, "certificate": {**review_cert, "review": {**good_review, **bad}}}], "A5")
        assert st == "failed" and want in why, (bad, why)
    st, why = row([canon, {**t3, "certificate": {**review_cert, "verdict": "needs_review"}}], "A5")
    assert st == "failed" and "certified verdict" in why
    st, why = row([canon, {**t3, "tier": "T1", "certificate": review_cert}], "A5")
    assert st == "failed" and "says tier" in why, why
    # one-line item files are items whatever other keys they carry
    par = {"id": "A1", "theorem_id": "A", "family": "equivalent", "ground_truth": "TRUE",
           "lean4_statement": "theorem t (a b : ℕ) : b < a", "certificate": chain_cert}
    for extra in ({"verdict": "certified"}, {"items": []}):
        _write(f, [{**par, **extra}])
        rows = recheck_path(f)
        assert rows and all(r.status == "failed" for r in rows), (extra, rows)
    # a FALSE sibling (made by a mutation) has no source proof
    sib = {"id": "B0", "theorem_id": "B", "family": "canonical", "ground_truth": "TRUE",
           "lean4_statement": "theorem s : ∀ a b : ℝ, a * b = b + a", "provenance": {"sibling_of": "s"},
           "certificate": {"version": 2, "verdict": "certified", "evidence": "source", "backend": "source"}}
    st, why = row([sib], "B0")
    assert st == "failed" and "mutation" in why, why
    # a proofs directory: only regular files; a manifest must map ids to digests
    d = tmp_path / "p"
    (d / "certificates").mkdir(parents=True)
    (d / "MANIFEST.json").write_text(json.dumps({"certificates": ["x"]}), encoding="utf-8")
    (d / "certificates" / "A1.json").write_text(json.dumps(chain_cert), encoding="utf-8")
    with pytest.raises(ValueError, match="must map each certificate id"):
        recheck_path(d)
    os.mkfifo(d / "certificates" / "zz.json")
    with pytest.raises(ValueError, match="not a regular file"):
        recheck_path(d)


def test_an_items_own_text_is_checked(tmp_path) -> None:
    """Adversary round 15: a whole FALSE class relabelled TRUE with a copied source
    certificate, a made-up false canonical without a certificate, and altered English on a
    canonical or a T1 item all passed (only T2 certificates re-render English). Now a TRUE
    canonical the bounded counterexample search refutes fails, and every item but T3 must
    read back to its statement."""
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_english import render_english
    from certibench.verify.recheck import recheck_path

    src = {"version": 2, "verdict": "certified", "evidence": "source", "backend": "source"}
    stmt = "theorem s : ∀ a b : ℝ, a * b = b + a"
    false_true = {"id": "S0", "theorem_id": "S", "family": "canonical", "ground_truth": "TRUE", "lean4_statement": stmt,
                  "nl_question": render_english(parse_declaration(stmt)), "certificate": src}
    f = tmp_path / "items.jsonl"
    for row in (false_true, {k: v for k, v in false_true.items() if k != "certificate"}):
        _write(f, [row])
        got = recheck_path(f)
        assert [r.status for r in got] == ["failed"] and "statement is false" in got[0].reason, got
    true_chain = _cert("theorem t (a b : ℕ) : a + b = b + a", "theorem t (a b : ℕ) : b + a = a + b")
    assert true_chain["verdict"] == "certified" and true_chain.get("chain"), true_chain["reason"]
    canon_stmt = true_chain["canonical_lean"]
    canon = {"id": "A0", "theorem_id": "A", "family": "canonical", "ground_truth": "TRUE", "lean4_statement": canon_stmt,
             "nl_question": render_english(parse_declaration(canon_stmt)), "certificate": src}
    par = {"id": "A1", "theorem_id": "A", "family": "equivalent", "ground_truth": "TRUE",
           "lean4_statement": true_chain["paraphrase_lean"],
           "nl_question": render_english(parse_declaration(true_chain["paraphrase_lean"])), "certificate": true_chain}
    _write(f, [canon, par])
    assert {r.status for r in recheck_path(f)} == {"ok", "not-checkable"}
    for rid, bad in (("A0", {**canon, "nl_question": "For every a and b, b is less than a."}),
                     ("A1", {**par, "nl_question": "For all natural numbers a and b, a is at most b."})):
        _write(f, [bad if rid == "A0" else canon, bad if rid == "A1" else par])
        got = {r.id: r for r in recheck_path(f)}
        assert got[rid].status == "failed" and "English does not read back" in got[rid].reason, got[rid]


def test_a_bundled_source_claim_is_bound_to_the_bundled_corpus(tmp_path) -> None:
    """Adversary round 28: a false TRUE canonical whose counterexamples are all large
    (beyond the bounded search), with a bundled provenance and a copied source certificate,
    re-checked as not-checkable (exit 0). The bundled corpus ships with the package: such an
    item must be one of its theorems."""
    from certibench.corpus.bundled import load_bundled
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_english import render_english
    from certibench.verify.recheck import recheck_path

    src = {"version": 2, "verdict": "certified", "evidence": "source", "backend": "source"}
    real = next(c for c in load_bundled() if c.id == "cb_add_comm_real")
    f = tmp_path / "items.jsonl"
    for tid, stmt, want in (
        ("cb_fake_prime", "theorem cb_fake_prime (n : ℕ) (h : 100000 < n) : Nat.Prime n", "has no theorem 'cb_fake_prime'"),
        ("cb_add_comm_real", "theorem cb_add_comm_real (a b : ℝ) : a + b = b + a + 0 * a", "is not the bundled corpus theorem"),
        ("cb_add_comm_real", real.statement, None),
    ):
        item = {"id": f"{tid}__canonical", "theorem_id": tid, "family": "canonical", "ground_truth": "TRUE",
                "lean4_statement": stmt, "nl_question": render_english(parse_declaration(stmt)),
                "provenance": {"source": "bundled", "file": "lean/" + real.file, "line": 1}, "certificate": src}
        _write(f, [item])
        row = recheck_path(f)[0]
        if want is None:
            assert row.status == "not-checkable", row.reason
        else:
            assert row.status == "failed" and want in row.reason, row.reason


def test_a_true_canonical_false_only_at_large_values_fails(tmp_path) -> None:
    """A false TRUE canonical whose counterexamples all lie beyond the bounded enumeration
    (an item file with no bundled provenance claims nothing to bind it to): Z3 proposes the
    values, exact evaluation confirms them, and recheck fails the item, naming them."""
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_english import render_english
    from certibench.verify.recheck import recheck_path

    src = {"version": 2, "verdict": "certified", "evidence": "source", "backend": "source"}
    f = tmp_path / "items.jsonl"
    for stmt, at in (("theorem big_eq (n : ℕ) (h : 5000 < n) : n ≠ 5003", "n = 5003"),
                     ("theorem big_prime (n : ℕ) (h : 100000 < n) : Nat.Prime n", "n = 100001"),
                     ("theorem big_int (a b : ℤ) (h : a * b = 123456) (h2 : 1000 < a) : b ≠ 96", "b = 96")):
        item = {"id": "X0", "theorem_id": "X", "family": "canonical", "ground_truth": "TRUE", "lean4_statement": stmt,
                "nl_question": render_english(parse_declaration(stmt)), "certificate": src}
        _write(f, [item])
        row = recheck_path(f)[0]
        assert row.status == "failed" and "a Z3 model confirmed by exact evaluation" in row.reason, row.reason
        assert at in row.reason, row.reason
    true_stmt = "theorem big_true (n : ℕ) (h : 5000 < n) : n ≠ 4999"
    _write(f, [{"id": "Y0", "theorem_id": "Y", "family": "canonical", "ground_truth": "TRUE", "lean4_statement": true_stmt,
                "nl_question": render_english(parse_declaration(true_stmt)), "certificate": src}])
    assert recheck_path(f)[0].status == "not-checkable"


def _true_item(iid: str, tid: str, stmt: str, **extra) -> dict:
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_english import render_english

    src = {"version": 2, "verdict": "certified", "evidence": "source", "backend": "source"}
    return {"id": iid, "theorem_id": tid, "family": "canonical", "ground_truth": "TRUE", "lean4_statement": stmt,
            "nl_question": render_english(parse_declaration(stmt)), "certificate": src, **extra}


def test_round_38_unbounded_existentials_and_canonical_sentences_fail(tmp_path) -> None:
    """Adversary round 38: a forged TRUE canonical `∃ n : ℕ, n + 1 < n` passed (exact
    evaluation cannot decide an unbounded ∃); Z3 now proves no values make it true. An
    edited canonical_nl passed too: it must read back to the item's statement."""
    from certibench.verify.recheck import recheck_path

    f = tmp_path / "items.jsonl"
    _write(f, [_true_item("E0", "E", "theorem fake_ex : ∃ n : ℕ, n + 1 < n")])
    row = recheck_path(f)[0]
    assert row.status == "failed" and "Z3 proves that no values" in row.reason, row.reason
    good = _true_item("G0", "G", "theorem g (a b : ℕ) (h : a < b) : a + 1 ≤ b")
    good["canonical_nl"] = good["nl_question"].replace(" — TRUE or FALSE?", ".")
    _write(f, [good])
    assert recheck_path(f)[0].status == "not-checkable"
    _write(f, [{**good, "canonical_nl": "For all a < b, a + 5 is at most b."}])
    row = recheck_path(f)[0]
    assert row.status == "failed" and "canonical_nl does not read back" in row.reason, row.reason


def test_a_certificate_names_the_evidence_it_carries(chain_cert: dict) -> None:
    """Adversary round 38: a chain certificate relabelled `source`/`review`/`identical` was
    replayed as a chain and reported under the forged name; the row now names the evidence
    replayed, and a certificate naming another fails."""
    assert recheck_certificate("C", chain_cert).evidence == "rewrite_chain"
    for name in ("source", "review", "identical", "smt"):
        forged = {**copy.deepcopy(chain_cert), "evidence": name, "backend": name}
        row = recheck_certificate("C", forged)
        assert row.status == "failed" and f"says its evidence is {name!r}" in row.reason, row.reason


def test_sources_bind_true_canonicals_to_their_lean_theorems(tmp_path) -> None:
    """With --sources, a TRUE canonical from a Lean source must be the trusted theorem of its
    theorem_id there (adversary round 38 kept a provenance naming another theorem)."""
    from certibench.verify.recheck import Origins, recheck_path

    src_dir = tmp_path / "P"
    src_dir.mkdir()
    (src_dir / "Honest.lean").write_text(
        "import Mathlib\n\ntheorem h1 (a b : ℕ) (h : a < b) : a + 1 ≤ b := h\n\n"
        "theorem h2 (x : ℝ) : 0 ≤ x ^ 2 := sq_nonneg x\n", encoding="utf-8")
    (src_dir / "Bad.lean").write_text(
        "def Nat.Prime (p : Nat) : Prop := 2 ≤ p\n\ntheorem b1 : ∃ p : Nat, Nat.Prime p ∧ p % 2 = 0 ∧ 2 < p := "
        "⟨4, by decide, rfl, by decide⟩\n", encoding="utf-8")
    origins = Origins.read(src_dir)
    f = tmp_path / "items.jsonl"
    prov = {"source": str(src_dir), "file": "Honest.lean", "line": 3}
    cases = [
        (_true_item("h1__canonical", "h1", "theorem h1 (a b : ℕ) (h : a < b) : a + 1 ≤ b", provenance=prov), None),
        (_true_item("h2__canonical", "h2", "theorem h2 (x : ℝ) : 0 ≤ x ^ 2 + 1", provenance=prov),
         "is not the theorem 'h2'"),
        (_true_item("h9__canonical", "h9", "theorem h9 (x : ℝ) : 0 ≤ x ^ 2", provenance=prov), "not a theorem of the sources"),
        (_true_item("b1__canonical", "b1", "theorem b1 : ∃ p : ℕ, Nat.Prime p ∧ p % 2 = 0 ∧ 2 < p", provenance=prov),
         "is not trusted"),
    ]
    for item, want in cases:
        _write(f, [item])
        assert recheck_path(f)[0].status == "not-checkable"  # without --sources: nothing to bind it to
        row = recheck_path(f, origins=origins)[0]
        if want is None:
            assert row.status == "not-checkable", row.reason
        else:
            assert row.status == "failed" and want in row.reason, row.reason


def test_a_ledger_binds_reviews_to_its_approvals(tmp_path) -> None:
    """Adversary round 38 added a T3 item with a review certificate computed with the public
    pair_hash ("mallory"): with --ledger it must be one of the ledger's approvals."""
    from certibench.verify.recheck import Origins, recheck_path
    from certibench.verify.review import ReviewLedger, pair_hash

    canon = _true_item("A__canonical", "A", "theorem a1 (a b : ℕ) (h : a < b) : a + 1 ≤ b")
    stmt = "theorem a1 (a b : ℕ) (h : a < b) : b ≥ a + 1"
    par = {"id": "A__F5_variation", "theorem_id": "A", "family": "variation", "ground_truth": "TRUE",
           "lean4_statement": stmt, "nl_question": "Whenever a < b for natural numbers, b is at least a + 1?"}
    ph = pair_hash(canon, par)
    par["certificate"] = {"version": 2, "verdict": "certified", "evidence": "review", "backend": "review",
                          "canonical_lean": canon["lean4_statement"], "paraphrase_lean": stmt,
                          "review": {"reviewer": "mallory", "time": "2024-01-01T00:00:00Z", "item_id": par["id"],
                                     "pair_hash": ph, "decision": "approve"}}
    f = tmp_path / "items.jsonl"
    _write(f, [canon, par])
    rows = {r.id: r for r in recheck_path(f)}
    assert rows[par["id"]].status == "not-checkable", rows[par["id"]].reason
    book = tmp_path / "ledger.jsonl"
    book.write_text("", encoding="utf-8")
    rows = {r.id: r for r in recheck_path(f, origins=Origins.read(ledger=book))}
    assert rows[par["id"]].status == "failed" and "not one of its approvals" in rows[par["id"]].reason
    ReviewLedger(book).record(reviewer="alice", item_id=par["id"], pair=ph, decision="reject")
    rows = {r.id: r for r in recheck_path(f, origins=Origins.read(ledger=book))}
    assert rows[par["id"]].status == "failed" and "'reject'" in rows[par["id"]].reason
    ReviewLedger(book).record(reviewer="alice", item_id=par["id"], pair=ph, decision="approve")
    rows = {r.id: r for r in recheck_path(f, origins=Origins.read(ledger=book))}
    assert rows[par["id"]].status == "ok" and "alice" in rows[par["id"]].reason


def test_an_item_file_must_have_the_digest_its_release_records(tmp_path) -> None:
    import shutil

    from certibench.resources import release_items_path
    from certibench.verify.recheck import _release_digest_problem

    rel = release_items_path().parent
    for name in ("items.jsonl", "release.json"):
        shutil.copy(rel / name, tmp_path / name)
    assert _release_digest_problem(tmp_path / "items.jsonl") == []
    with (tmp_path / "items.jsonl").open("a", encoding="utf-8") as fh:
        fh.write("\n")
    got = _release_digest_problem(tmp_path / "items.jsonl")
    assert len(got) == 1 and got[0].status == "failed" and "changed after the release was written" in got[0].reason


def test_round_40_paraphrase_sentences_are_bound_to_their_class(chain_cert: dict, tmp_path) -> None:
    """Adversary round 40: a paraphrase's canonical_nl edited to a false sentence, and a
    rewrite family's item with its nl_question emptied, re-checked as ok."""
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_english import render_english
    from certibench.verify.recheck import recheck_path

    canon = _true_item("A0", "A", chain_cert["canonical_lean"])
    canon["canonical_nl"] = canon["nl_question"].replace(" — TRUE or FALSE?", ".")
    par = {"id": "A1", "theorem_id": "A", "family": "notation", "ground_truth": "TRUE",
           "lean4_statement": chain_cert["paraphrase_lean"], "canonical_nl": canon["canonical_nl"],
           "nl_question": render_english(parse_declaration(chain_cert["paraphrase_lean"])), "certificate": chain_cert}
    f = tmp_path / "items.jsonl"
    _write(f, [canon, par])
    assert {r.id: r.status for r in recheck_path(f)}["A1"] == "ok"
    _write(f, [canon, {**par, "canonical_nl": "For all natural numbers a and b, a is less than b."}])
    row = {r.id: r for r in recheck_path(f)}["A1"]
    assert row.status == "failed" and "canonical_nl is not its class canonical's" in row.reason, row.reason
    _write(f, [canon, {**par, "nl_question": "  "}])
    row = {r.id: r for r in recheck_path(f)}["A1"]
    assert row.status == "failed" and "nl_question is empty" in row.reason, row.reason
