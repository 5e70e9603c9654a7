"""Replay stored certificates offline: ``certibench recheck``.

Each certificate is re-checked by the evidence it carries — a rewrite chain through the
kernel (from the two Lean statements it records, re-parsed), SMT-LIB2 scripts through Z3
(and cvc5 where installed), a counterexample by exact evaluation, a template claim by
re-rendering against the project's registry (when the item's English is at hand).  A
certificate that no longer holds is reported with the reason; certificates whose evidence
is a human review or that decide nothing (``needs_review``, ``unknown``) are listed as such.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from certibench.verify.certificate import DECISIVE, TWO_SIDED_MARKERS, Certificate


class RecheckRow(BaseModel):
    id: str
    verdict: str
    evidence: str
    status: str  # "ok" | "failed" | "not-checkable"
    reason: str


# --------------------------------------------------------------------------------------
# Solvers on stored scripts
# --------------------------------------------------------------------------------------


def run_smt2_z3(script: str, timeout: float = 10.0, *, rlimit: int | None = None) -> str:
    """Answer of Z3 on an SMT-LIB2 script, in a fresh context with fixed seeds and a resource
    limit (``timeout`` is only the wall-clock safety net)."""
    from certibench.verify.backends.z3 import DEFAULT_RLIMIT, run_z3

    r = run_z3(script, rlimit=rlimit or DEFAULT_RLIMIT, wall_clock=timeout)
    return r.answer if r.answer != "error" else f"error: {r.reason}"


def cvc5_available() -> bool:
    try:
        import cvc5  # noqa: F401
    except ImportError:
        return False
    return True


def run_smt2_cvc5(script: str, timeout: float = 10.0, *, rlimit: int | None = None) -> str:
    """Answer of cvc5 on an SMT-LIB2 script (``(set-logic ALL)`` is added when absent)."""
    from certibench.verify.backends.z3 import CVC5_RLIMIT_RATIO, DEFAULT_RLIMIT, run_cvc5

    r = run_cvc5(script, rlimit=rlimit or DEFAULT_RLIMIT // CVC5_RLIMIT_RATIO, wall_clock=timeout)
    return r.answer if r.answer != "error" else f"error: {r.reason}"


def verdict_from_answers(answers: dict[str, str]) -> str:
    """The Z3-backend decision rule, from the answers of the equivalence/vacuity queries.

    ``equivalence`` sat ⇒ refuted.  With ``equivalence`` unsat, the abstract statement must be
    *contingent* for the equivalence to say anything about meaning:

    * ``¬A'`` unsat and ``¬B'`` unsat (each side provable on its own — ``iff_of_true``) ⇒ vacuous;
    * ``A'`` unsat (each side refutable on its own — ``iff_of_false``) ⇒ vacuous;
    * ``¬A'`` sat and ``A'`` sat ⇒ certified;
    * anything else (a timeout on either query) ⇒ unknown.
    """
    eq = answers.get("equivalence")
    if eq == "sat":
        return "refuted"
    if eq != "unsat":
        return "unknown"
    vl, vr, sl = answers.get("vacuity_lhs"), answers.get("vacuity_rhs"), answers.get("satisfiable_lhs")
    if vl == "unsat" and vr == "unsat":
        return "vacuous"
    if sl == "unsat":
        return "vacuous"
    if vl == "sat" and sl == "sat":
        return "certified"
    return "unknown"


def _parse(text: str | None) -> Any:
    from certibench.logic.parser import parse_declaration

    if not text:
        raise ValueError("the certificate does not record both statements")
    return parse_declaration(text)


@dataclass(frozen=True)
class Origins:
    """What TRUE canonical items and T3 reviews can be checked against beyond the package:
    ``sources`` (theorem id → (closed statement, or the reason the source is not trusted))
    read from the Lean sources a release was generated from, and a review ``ledger``."""

    sources: dict[str, tuple[str | None, str | None]] | None = None
    sources_label: str = ""
    ledger: Any = None
    ledger_label: str = ""

    @classmethod
    def read(cls, sources: Path | None = None, ledger: Path | None = None) -> Origins:
        """Load ``sources`` (a ``.lean`` file or directory, read as ``generate`` reads it) and
        the review ``ledger``.  Raises ``ValueError``/``OSError`` when either cannot be read."""
        table: dict[str, tuple[str | None, str | None]] | None = None
        if sources is not None:
            from certibench.corpus.lean_source import load_lean_source

            if not (sources.is_dir() or sources.suffix == ".lean"):
                raise ValueError(f"{sources}: --sources takes a .lean file or a directory of Lean sources")
            table = {}
            for d in load_lean_source(sources).theorems():
                table.setdefault(d.id, (None, d.skipped_reason) if d.skipped_reason else (d.statement, None))
        book = None
        if ledger is not None:
            from certibench.verify.review import ReviewLedger

            if not ledger.is_file():
                raise ValueError(f"{ledger}: no such review ledger")
            book = ReviewLedger(ledger)
            book.decisions()
        return cls(table, str(sources or ""), book, str(ledger or ""))


NO_ORIGINS = Origins()


#: evidence kinds a re-check replays from the certificate's content (:func:`_evidence_kind`)
_REPLAYED = frozenset({"rewrite_chain", "smt", "template"})

#: the verdict each kind of evidence can support
_EVIDENCE_VERDICT = {"chain": "certified", "identical": "certified", "template": "certified",
                     "counterexample": "refuted"}


def recheck_certificate(cid: str, cert: dict[str, Any], item: dict[str, Any] | None = None,
                        canonical: dict[str, Any] | None = None, origins: Origins = NO_ORIGINS) -> RecheckRow:
    """Re-check one stored certificate from its own statements, trusting nothing it says
    about itself: the recorded verdict must be the one its evidence supports, a rewrite
    chain is replayed by the kernel between the recorded statements, SMT evidence is derived
    again from those statements (and its stored scripts replayed), a counterexample must make
    one statement true and the other false by exact evaluation, a template claim is
    re-rendered against the item's English."""
    verdict = str(cert.get("verdict"))
    kind = str(cert.get("evidence") or cert.get("backend") or "none")
    replayed = _evidence_kind(cert)

    def row(status: str, reason: str) -> RecheckRow:
        return RecheckRow(id=cid, verdict=verdict, evidence=replayed, status=status, reason=reason)

    claimed = cert.get("evidence")
    if isinstance(claimed, str) and replayed in _REPLAYED and claimed != replayed:
        # the row names the evidence replayed; a certificate naming another (a chain labelled
        # `source`, `review` or `identical`) would mislead reports and audits keyed on the name
        return row("failed", f"the certificate says its evidence is {claimed!r}, but it carries {replayed} evidence")

    def mismatch(evidence: str) -> RecheckRow | None:
        want = _EVIDENCE_VERDICT[evidence]
        if verdict != want:
            return row("failed", f"the certificate says {verdict}, but {evidence} evidence can only support {want}")
        return None

    try:
        if cert.get("chain") is not None:
            from certibench.logic.deep import deep_call
            from certibench.verify.kernel import replay

            bad = mismatch("chain")
            if bad:
                return bad
            a, b = _parse(cert.get("canonical_lean")), _parse(cert.get("paraphrase_lean"))
            res = deep_call(replay, a, b, cert["chain"])
            return row("ok" if res.ok else "failed", res.reason)
        if isinstance(cert.get("smt"), dict) and cert["smt"]:
            return _recheck_smt(cert, row)
        if cert.get("counterexample") is not None or verdict == "refuted":
            bad = mismatch("counterexample")
            if bad:
                return bad
            stmt = cert.get("paraphrase_lean") or (item or {}).get("lean4_statement")
            values = cert.get("counterexample_values", cert.get("counterexample"))
            if not stmt or not isinstance(values, dict):
                return row("failed", "a refutation without its statement and counterexample values")
            if not cert.get("canonical_lean"):
                # "refuted" says two statements differ: a false statement alone is not that
                return row("failed", "a refutation without the canonical statement it tells the paraphrase apart from")
            status, why = refutation_check(cert["canonical_lean"], stmt, values)
            if status == "ok" and item is not None and _label(item.get("ground_truth")) is False:
                # a FALSE item: its own statement must fail at the values (an adversary's made-up
                # canonical, false where the item's true statement held, passed)
                false_here, why_not = recheck_false_instance(stmt, values)
                if not false_here:
                    return row("failed", f"the item is labelled FALSE, but its statement is not shown false at the "
                                         f"counterexample: {why_not}")
                why += "; the item's statement fails there"
            return row(status, why)
        if kind == "template" or cert.get("template"):
            bad = mismatch("template")
            if bad:
                return bad
            if item is None:
                return row("not-checkable", "a template certificate is re-checked against its item's English (give the item file)")
            from certibench.families.wording import template_check

            ok, why = template_check(cert.get("template") or {}, _parse(item.get("lean4_statement")), item.get("nl_question") or "")
            return row("ok" if ok else "failed", why)
        if kind == "review":
            if item is not None and not _is_canonical(item):
                from certibench.families.registry import tier_of

                tier = tier_of(str(item.get("family")))
                if tier in ("T1", "T2"):
                    # the tier is the family spec's, never the certificate's
                    return row("failed", f"a {tier} item ({item.get('family')}) needs formal evidence; a review "
                                         "certifies T3 items only")
                why = review_problem(cert, item, canonical)
                if why is not None:
                    return row("failed", why)
                if origins.ledger is not None:
                    rev = cert.get("review") or {}
                    found = origins.ledger.latest(str(item.get("id")), str(rev.get("pair_hash")))
                    if found is None or found.decision != "approve":
                        said = "no decision" if found is None else f"the decision {found.decision!r}"
                        return row("failed", f"the review ledger {origins.ledger_label} has {said} for this item's "
                                             "text pair: the recorded review is not one of its approvals")
                    return row("ok", f"approved in the review ledger {origins.ledger_label} by {found.reviewer} "
                                     f"({found.time}) for exactly this text pair")
                return row("not-checkable", "a recorded human review of exactly this text pair (approve); give the "
                                            "review ledger (--ledger) to check it is one of its approvals")
            return row("not-checkable", "evidence is a recorded human review")
        if kind == "source":
            if cert.get("paraphrase_lean") or (item is not None and not _is_canonical(item)):
                return row("failed", "source evidence (a canonical statement's own proof) cannot certify a paraphrase")
            prov = (item or {}).get("provenance")
            if isinstance(prov, dict) and prov.get("label_trusted"):
                return row("not-checkable", "a canonical statement released TRUE on its input file's label "
                                            "(generate --trust-labels): no proof exists to check")
            bound = origins.sources is not None and not (isinstance(prov, dict) and prov.get("source") == "bundled")
            return row("not-checkable", "a canonical statement's truth rests on its source's Lean proof "
                                        "(checked by Lean where a toolchain is installed)"
                       + ("; it is the trusted theorem of its theorem_id in --sources" if bound else ""))
        if kind == "identical":
            bad = mismatch("identical")
            if bad:
                return bad
            a, b = _parse(cert.get("canonical_lean")), _parse(cert.get("paraphrase_lean"))
            from certibench.verify.certifier import same_statement

            return row("ok" if same_statement(a, b) else "failed", "the two statements are the same formula")
        if verdict in ("certified", "refuted"):
            return row("failed", f"a {verdict} certificate without replayable evidence")
        return row("not-checkable", f"a {verdict} certificate carries no replayable evidence")
    except Exception as exc:  # a malformed certificate is a failed re-check, never a crash
        return row("failed", f"{type(exc).__name__}: {exc}")


#: most matchings of two ∀-prefixes a refutation is evaluated under (as the certifier's reorderings)
MAX_MATCHINGS = 24


def _matchings(p_vars: list[tuple[str, Any]], q_vars: list[tuple[str, Any]]) -> list[dict[str, str]] | None:
    """Every injective map from the canonical's prefix variables into the paraphrase's that
    keeps each variable's type (canonical name → paraphrase name; a paraphrase may bind
    more, as an ∃ turned into a ∀ does); ``None`` past :data:`MAX_MATCHINGS`."""
    import itertools
    import math

    groups: dict[str, tuple[list[str], list[str]]] = {}
    for n, srt in q_vars:
        groups.setdefault(str(srt), ([], []))[1].append(n)
    for n, srt in p_vars:
        if str(srt) not in groups:
            return []
        groups[str(srt)][0].append(n)
    count = 1
    for ps, qs in groups.values():
        if len(ps) > len(qs):
            return []
        count *= math.perm(len(qs), len(ps))
        if count > MAX_MATCHINGS:
            return None
    out: list[dict[str, str]] = [{}]
    for ps, qs in groups.values():
        out = [{**m, **dict(zip(ps, pick, strict=True))} for m in out for pick in itertools.permutations(qs, len(ps))]
    return out


def refutation_check(canonical: str, paraphrase: str, values: dict[str, Any]) -> tuple[str, str]:
    """A refutation tells two statements apart at its counterexample: ``values`` (one per
    variable of the paraphrase's ∀/→ prefix, no other) make one statement true and the
    other false, by exact evaluation — under *every* type-respecting matching of the
    canonical's variables to the paraphrase's, as the certifier requires a refutation to
    survive every order of the variables.  ``(status, reason)``: ``ok``; ``failed`` when the values do not fit
    the paraphrase, or some matching leaves both statements with the same truth value
    (forged refutations of equivalent pairs passed: values for other variables than the
    paraphrase's, a matching that falsified the canonical's hypothesis, a shadowed name);
    ``not-checkable`` when exact evaluation cannot decide the canonical, the prefixes bind
    a name twice, or there are too many matchings."""
    from certibench.logic.ast import peel
    from certibench.logic.concrete import NotConcrete, concrete_value
    from certibench.verify.certifier import same_statement

    a, b = _parse(canonical), _parse(paraphrase)
    if same_statement(a, b):
        return "failed", "the two statements are the same formula: no counterexample can tell them apart"
    p, q = peel(a.as_prop()), peel(b.as_prop())
    p_names, q_names = [n for n, _ in p.vars], [n for n, _ in q.vars]
    if len(set(p_names)) != len(p_names) or len(set(q_names)) != len(q_names):
        return "not-checkable", "a statement binds the same name twice in its ∀-prefix: values cannot be matched to it"
    if set(values) != set(q_names):
        return "failed", (f"the counterexample must give a value to exactly the paraphrase's variables "
                          f"({', '.join(q_names) or 'none'}); it gives {', '.join(sorted(values)) or 'none'}")

    def truth(stmt: Any, vals: dict[str, Any]) -> bool:
        env = _env(stmt, vals)
        return (not all(concrete_value(h, env) for h in stmt.hyps)) or bool(concrete_value(stmt.concl, env))

    try:
        t_par = truth(q, values)
    except (NotConcrete, ValueError, TypeError, ZeroDivisionError) as exc:
        return "failed", f"the paraphrase is not decidable by exact evaluation at the recorded values: {exc}"
    matchings = _matchings(list(p.vars), list(q.vars))
    if matchings is None:
        return "not-checkable", f"more than {MAX_MATCHINGS} ways to match the two statements' variables"
    if not matchings:
        missing = ", ".join(n for n in p_names if n not in values)
        return "failed", (f"the canonical statement's variables ({', '.join(p_names)}) cannot be matched to the "
                          f"paraphrase's by type{': no value for ' + missing if missing else ''}: the counterexample "
                          "does not show that the two statements differ")
    for m in matchings:
        if t_par and set(m.values()) != set(q_names):
            # the paraphrase binds variables the canonical does not (∃ k in a hypothesis
            # turned into ∀ k): one value of them shows the paraphrase false, never true —
            # "true at this k" says nothing about every k (an adversary's forged refutation
            # of (∃ k, n = k + 1) → … against (n k) (h : n = k + 1) → … passed)
            return "failed", ("the paraphrase binds variables the canonical does not; true at one value of them, it is "
                              "not shown true for all: only a paraphrase that fails at the values refutes")
        try:
            t_can = truth(p, {n: values[m[n]] for n in p_names})
        except (NotConcrete, ValueError, TypeError, ZeroDivisionError) as exc:
            return "not-checkable", f"the canonical statement is not decidable by exact evaluation there ({exc})"
        if t_can == t_par:
            where = ", ".join(f"{n} as {m[n]}" for n in p_names if m[n] != n)
            return "failed", (f"with the canonical's variables matched {where or 'by name'}, both statements are "
                              f"{'true' if t_par else 'false'} there: they are not told apart")
    sides = "the paraphrase is false and the canonical true" if not t_par else "the paraphrase is true and the canonical false"
    return "ok", (f"{sides} at the recorded values under every matching of their variables ({len(matchings)}) "
                  "(exact evaluation)")


def _recheck_smt(cert: dict[str, Any], row: Any) -> RecheckRow:
    """SMT evidence is derived again from the recorded statements (a script that proves
    something about other statements proves nothing here), then the stored scripts are
    replayed."""
    from certibench.verify.backends import z3 as z3b
    from certibench.verify.certifier import certify_pair

    verdict = str(cert.get("verdict"))
    if verdict not in ("certified", "refuted", "vacuous"):
        return row("not-checkable", f"a {verdict} certificate decides nothing to re-check")
    axioms = [a for a in cert.get("axioms") or [] if isinstance(a, str)]
    fresh = certify_pair(cert.get("canonical_lean") or "", cert.get("paraphrase_lean") or "",
                         tier="T1", backends=("smt",), axioms=axioms)
    if fresh.verdict != verdict:
        return row("failed", f"derived again from the recorded statements, SMT says {fresh.verdict} "
                             f"({fresh.reason[:200]}); the certificate says {verdict}")
    derived = (fresh.certificate.smt or {}) if fresh.certificate is not None else {}
    stored = cert["smt"]
    want = [(q.get("purpose"), q.get("smt2")) for q in derived.get("queries") or []]
    have = [(q.get("purpose"), q.get("smt2")) if isinstance(q, dict) else None for q in stored.get("queries") or []]
    if have != want:
        # the scripts are a function of the statements: others (more of them, none at all,
        # edited ones) are not this pair's evidence, and replaying them would cost what a
        # forger chooses (an adversary stored two hard queries with a huge rlimit: 4 minutes)
        return row("failed", f"the stored SMT scripts ({len(have)}) are not the ones derived again from the recorded "
                             f"statements ({len(want)})")
    if not want:
        return row("ok", "derived again from the recorded statements: the same formula (no scripts to replay)")
    # replayed with the budget the derivation used, never one the certificate names
    out = z3b.recheck({**stored, "budget": derived.get("budget") or {}})
    if not out.ok:
        return row("failed", "; ".join(out.problems) or "the stored scripts no longer give the recorded answers")
    return row("ok", "derived again from the recorded statements; stored scripts replayed")


def recheck_detail(cert: Certificate | dict[str, Any], *, timeout: float = 10.0, solvers: tuple[str, ...] = ("z3", "cvc5")) -> dict[str, str]:
    """Per-solver verdicts recomputed from the saved scripts (``{"z3": ..., "cvc5": ...}``).

    A solver that is not installed is omitted.  Certificates whose evidence is not an SMT
    script (template, review, sympy, lean — or no backend) are returned with their recorded
    verdict under ``"record"``.
    """
    c = cert if isinstance(cert, Certificate) else Certificate.model_validate(cert)
    if c.smt is not None:
        from certibench.verify.backends.z3 import recheck as smt_recheck

        r = smt_recheck(c.smt, cvc5="cvc5" in solvers, wall_clock=timeout)
        return {k: v for k, v in r.solver_verdicts.items() if k in solvers}
    if not c.checks or c.backend not in ("z3", "none"):
        return {"record": c.verdict}
    out: dict[str, str] = {}
    for solver in solvers:
        if solver == "cvc5" and not cvc5_available():
            continue
        run = run_smt2_z3 if solver == "z3" else run_smt2_cvc5
        answers: dict[str, str] = {}
        for chk in c.checks:
            answers[chk.purpose] = run(chk.smt2, timeout)
        v = verdict_from_answers(answers)
        if v == "refuted":
            v = "unknown"  # legacy evidence: a counter-interpretation, not a concrete counterexample
        elif v in DECISIVE and any(t in r for r in c.incomplete_reasons for t in TWO_SIDED_MARKERS):
            v = "unknown"  # a domain-changing encoding decides nothing about the original pair
        out[solver] = v
    return out


def recheck(cert: Certificate | dict[str, Any], *, timeout: float = 10.0, solvers: tuple[str, ...] = ("z3", "cvc5")) -> str:
    """Re-run a certificate and return the verdict it supports now.

    Z3's answer decides; cvc5 (when installed) may only *confirm*: if cvc5 reaches a
    different decisive verdict the result is ``unknown`` (the solvers disagree).
    """
    detail = recheck_detail(cert, timeout=timeout, solvers=solvers)
    if "record" in detail:
        return detail["record"]
    z = detail.get("z3", "unknown")
    other = detail.get("cvc5")
    if other is not None and other in DECISIVE and z in DECISIVE and other != z:
        return "unknown"
    return z


def _env(prefix: Any, values: dict[str, Any]) -> dict[str, Any]:
    """The evaluation environment of a peeled statement's prefix variables from JSON values."""
    from certibench.logic.concrete import value_from_json

    sorts = dict(prefix.vars)
    return {n: value_from_json(values[n], sorts[n]) for n in sorts}


def recheck_false_instance(statement: str, values: dict[str, Any]) -> tuple[bool, str]:
    """Re-evaluate a FALSE statement's counterexample exactly: under ``values`` (JSON data of
    :func:`certibench.logic.concrete.value_to_json`, one per variable of the statement's ∀/→
    prefix) every hypothesis holds and the conclusion fails."""
    from certibench.logic.ast import peel
    from certibench.logic.concrete import NotConcrete, concrete_value

    p = peel(_parse(statement).as_prop())
    sorts = dict(p.vars)
    missing = [n for n in sorts if n not in values]
    if missing:
        return False, f"no value for {', '.join(missing)}"
    try:
        env = _env(p, values)
        if not all(concrete_value(h, env) for h in p.hyps):
            return False, "a hypothesis fails under the recorded values"
        if concrete_value(p.concl, env):
            return False, "the conclusion holds under the recorded values"
    except (NotConcrete, ValueError, TypeError, ZeroDivisionError) as exc:
        return False, f"not decidable by exact evaluation: {exc}"
    return True, "the hypotheses hold and the conclusion fails under the recorded values (exact evaluation)"


#: Key of the stand-in for a certificate file that could not be read.
_UNREADABLE = "__unreadable__"


def _certificate_records(path: Path, items: list[dict[str, Any]] | None = None
                        ) -> Iterator[tuple[str, dict[str, Any], dict[str, Any] | None, bytes | None, str]]:
    """``(id, certificate, item-or-None, file bytes-or-None, file name)`` for every
    certificate under ``path``, each file read once.  Shapes: a proofs directory
    (``certificates/*.json`` or ``*.json``), a ``certify --json`` file (``{"items": [...]}``
    or, for one pair, the result object with its ``certificate``), a certificate on its
    own, a JSON array of items, or an item JSONL file with certificates.  A line or file
    that is not JSON raises ``ValueError`` naming the file and line.  ``items``, when
    given, receives every object of an item file, with or without a certificate."""
    if path.is_dir():
        files = sorted((path / "certificates").glob("*.json")) if (path / "certificates").is_dir() else sorted(path.glob("*.json"))
        for f in files:
            if f.name == "MANIFEST.json":
                continue
            if not f.is_file():  # a FIFO or device named *.json would block or never end
                raise ValueError(f"{f.relative_to(path)}: not a regular file")
            raw = f.read_bytes()
            try:  # one unreadable certificate is one failed row, never the whole directory (round 50)
                _check_depth(raw, str(f.relative_to(path)))
                doc = json.loads(raw)
            except (ValueError, RecursionError) as exc:
                yield f.stem, {_UNREADABLE: f"{f.relative_to(path)}: not JSON ({exc or 'nested too deeply'})"}, None, raw, f.name
                continue
            if not isinstance(doc, dict):
                yield f.stem, {_UNREADABLE: f"{f.relative_to(path)}: a certificate file holds one JSON object, found "
                                            f"{type(doc).__name__}"}, None, raw, f.name
                continue
            cert = doc.get("certificate", doc)
            yield str(doc.get("id", f.stem)), cert if isinstance(cert, dict) else {}, None, raw, f.name
        return
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):  # a byte-order mark, as the item loader drops it
        raw = raw[3:]
    text = raw.decode("utf-8")
    whole_depth, line_depth = _nesting(raw)
    whole = None
    if whole_depth <= MAX_CERT_DEPTH:
        try:
            whole = json.loads(text)
        except (ValueError, RecursionError):
            whole = None  # JSONL (or broken): read line by line below
    if isinstance(whole, dict):
        if _is_item(whole):  # an item file of one line, whatever other keys it carries
            if items is not None:
                items.append(whole)
            if isinstance(whole.get("certificate"), dict):
                yield str(whole.get("id")), whole["certificate"], whole, None, path.name
            return
        if isinstance(whole.get("items"), list):  # certify --json over an item file
            for r in whole["items"]:
                if isinstance(r, dict) and isinstance(r.get("certificate"), dict):
                    yield str(r.get("id")), r["certificate"], None, None, path.name
            return
        if isinstance(whole.get("certificate"), dict):  # certify --canonical/--paraphrase --json
            yield str(whole.get("id") or "pair"), whole["certificate"], None, None, path.name
            return
        if "verdict" in whole and "evidence" in whole:  # one certificate on its own
            yield str(whole.get("id") or path.stem), whole, None, None, path.name
            return
        raise ValueError("a JSON object with neither 'items' nor 'certificate': not a certificate file")
    if isinstance(whole, list):  # a JSON array of items
        for obj in whole:
            if isinstance(obj, dict) and items is not None:
                items.append(obj)
            if isinstance(obj, dict) and isinstance(obj.get("certificate"), dict):
                yield str(obj.get("id")), obj["certificate"], obj, None, path.name
        return
    for lineno, line in enumerate(text.split("\n"), 1):  # lines as the item loader splits them
        line = line.removesuffix("\r")
        if not line.strip():
            continue
        if lineno <= line_depth.size and line_depth[lineno - 1] > MAX_CERT_DEPTH:
            raise ValueError(f"line {lineno}: not JSON (nested more than {MAX_CERT_DEPTH} levels)")
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:
            raise ValueError(f"line {lineno}: not JSON ({exc or 'nested too deeply'})") from None
        if isinstance(obj, dict) and items is not None:
            items.append(obj)
        if isinstance(obj, dict) and isinstance(obj.get("certificate"), dict):
            yield str(obj.get("id")), obj["certificate"], obj, None, path.name


#: deepest nesting a certificate or item line may have: json.loads recurses in C, and a
#: line nested 100,000 levels crashed the process (a segfault, not a RecursionError, while
#: another thread had raised the recursion limit); certibench's own are < 30 deep
MAX_CERT_DEPTH = 500

_JSON_STRING = None


def _nesting(raw: bytes) -> tuple[int, Any]:
    """(deepest nesting of ``[``/``{`` outside strings over the whole text, the deepest per
    line) — numpy over the bytes with strings blanked, no recursion."""
    import re

    import numpy as np

    global _JSON_STRING
    if _JSON_STRING is None:
        _JSON_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')
    if raw.count(b"[") + raw.count(b"{") <= MAX_CERT_DEPTH:
        return 0, np.zeros(0, dtype=np.int64)
    a = np.frombuffer(_JSON_STRING.sub(b'""', raw), dtype=np.uint8)
    delta = np.zeros(a.size, dtype=np.int64)
    delta[(a == 0x5B) | (a == 0x7B)] = 1
    delta[(a == 0x5D) | (a == 0x7D)] = -1
    c = np.cumsum(delta)
    nl = np.flatnonzero(a == 10)
    starts = np.concatenate([[0], nl + 1])
    starts = starts[starts < a.size]
    base = np.concatenate([[0], c[nl]])[: starts.size]
    per_line = (np.maximum.reduceat(c, starts) - base) if starts.size else np.zeros(0, dtype=np.int64)
    return int(c.max()) if c.size else 0, per_line


def _check_depth(raw: bytes, where: str) -> None:
    whole, _ = _nesting(raw)
    if whole > MAX_CERT_DEPTH:
        raise ValueError(f"{where}: not JSON (nested more than {MAX_CERT_DEPTH} levels)")


def _is_item(obj: dict[str, Any]) -> bool:
    """An item (it has an id and a statement or a question), not a ``certify`` result —
    whatever other keys it carries (an extra ``"verdict"`` or ``"items"`` key took a
    one-line item file out of every check)."""
    return "id" in obj and ("lean4_statement" in obj or "nl_question" in obj)


def iter_certificates(path: Path) -> Iterator[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    """``(id, certificate, item-or-None)`` from a proofs directory, a ``certify --json``
    file (item file or one pair), or an item file (JSONL or JSON array) with certificates."""
    for cid, cert, item, _raw, _name in _certificate_records(path):
        yield cid, cert, item


def _is_canonical(item: dict[str, Any]) -> bool:
    """As :attr:`certibench.schema.Item.is_canonical`: no family is the canonical form; any
    other value (``""`` too) is a paraphrase, which needs its class's canonical."""
    fam = item.get("family", "canonical")
    return isinstance(fam, str) and fam.lower() == "canonical"


def _label(v: Any) -> bool | None:
    """An item's TRUE/FALSE ground truth (None: not a TRUE/FALSE item)."""
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.strip().upper() in ("TRUE", "FALSE"):
        return v.strip().upper() == "TRUE"
    return None


def _evidence_kind(cert: dict[str, Any]) -> str:
    """The evidence a re-check actually replays (the branch :func:`recheck_certificate`
    takes), whatever the certificate's ``evidence`` field says."""
    if cert.get("chain") is not None:
        return "rewrite_chain"
    if isinstance(cert.get("smt"), dict) and cert["smt"]:
        return "smt"
    if cert.get("counterexample") is not None or cert.get("verdict") == "refuted":
        return "counterexample"
    kind = str(cert.get("evidence") or cert.get("backend") or "none")
    if kind == "template" or cert.get("template"):
        return "template"
    return kind


#: the evidence each tier of paraphrase may be released on (docs/soundness.md §4)
TIER_EVIDENCE = {
    "T1": ("rewrite_chain", "smt", "identical"),
    "T2": ("template",),
    "T3": ("review",),
}


def evidence_problem(cert: dict[str, Any], item: dict[str, Any]) -> str | None:
    """Why ``cert`` cannot release ``item`` (by the item's label and its family's tier), or
    ``None``.  A FALSE canonical item needs a counterexample to its own statement; a TRUE one
    cannot rest on a refutation; a paraphrase needs the evidence of its tier, taken from the
    family spec, never from the certificate (an adversary swapped a T2 item's template
    certificate, which re-renders the English, for an 'identical' one, which does not)."""
    from certibench.families.registry import tier_of

    kind = _evidence_kind(cert)
    label = _label(item.get("ground_truth"))
    if _is_canonical(item):
        if label is False and kind != "counterexample":
            return f"an item labelled FALSE needs a counterexample to its own statement; it has {kind} evidence"
        if label is True and kind == "counterexample":
            return "an item labelled TRUE cannot rest on a refutation"
        if kind not in ("source", "counterexample"):
            # a chain or a proof of equivalence relates a statement to another one; a
            # canonical item has none, so it would show nothing about the item's truth
            return (f"a canonical item rests on its source's proof (TRUE) or on a counterexample (FALSE); "
                    f"{kind} evidence relates it to no other item")
        if kind == "source" and _mutated(item):
            return "a statement made by a mutation (provenance.sibling_of/mutation) has no source proof to rest on"
        return None
    fam = item.get("family")
    tier = tier_of(fam) if isinstance(fam, str) else None
    if tier not in TIER_EVIDENCE:
        return f"unknown family {fam!r}: the evidence its items need is not known"
    if kind not in TIER_EVIDENCE[tier]:
        need = " or ".join(TIER_EVIDENCE[tier])
        return f"a {tier} item ({fam}) is released on {need} evidence; it has {kind}"
    if cert.get("verdict") != "certified":
        # a paraphrase is released because it means what its canonical means; a refuted or
        # vacuous pair (an adversary's T1 item carried a genuine "refuted" SMT certificate)
        # shows the opposite or nothing
        return f"a paraphrase needs a certified verdict; its certificate says {cert.get('verdict')!r}"
    stated = item.get("tier")
    if stated is not None:
        from certibench.schema import normalize_tier

        try:
            own = normalize_tier(stated)
        except ValueError:
            own = None
        if own is None or str(own.value if hasattr(own, "value") else own) != tier:
            return f"the item says tier {stated!r}, its family {fam!r} is {tier}: reports and audits would count it wrongly"
    return None


def content_problem(item: dict[str, Any], origins: Origins = NO_ORIGINS) -> str | None:
    """What an item's own text contradicts, or ``None``: a TRUE canonical statement the
    bounded exact counterexample search refutes (the guard generation runs; an adversary
    relabelled a whole FALSE class TRUE with a copied source certificate), and English that
    does not read back to the item's statement (every item but T3: a release's English is
    checked by the controlled-English reader; only T2 certificates re-render it, so a T1 or
    canonical item's altered English passed)."""
    from certibench.families.registry import tier_of

    stmt, text = item.get("lean4_statement"), item.get("nl_question")
    if not isinstance(stmt, str) or not stmt.strip():
        return None
    canon_nl = item.get("canonical_nl")
    key = (stmt, text if isinstance(text, str) else None, _label(item.get("ground_truth")), _is_canonical(item),
           canon_nl if isinstance(canon_nl, str) else None, _origin_key(item, origins))
    if key in _CONTENT_CACHE:
        return _CONTENT_CACHE[key]
    why: str | None = None
    try:
        decl = _parse(stmt)
    except Exception as exc:  # a statement that does not parse cannot be what the item says
        why = f"the item's lean4_statement does not parse: {type(exc).__name__}: {exc}"
        decl = None
    if decl is not None and _is_canonical(item) and _label(item.get("ground_truth")) is True:
        why = _bundled_source_problem(item, stmt) or _source_problem(item, stmt, origins)
    if why is None and decl is not None and _is_canonical(item) and _label(item.get("ground_truth")) is True:
        from certibench.logic.concrete import refuting_assignments, value_text

        try:
            env = next(refuting_assignments(decl.as_prop()), None)
        except Exception:  # an evaluator bug refutes nothing
            env = None
        if env is not None:
            at = ", ".join(f"{k} = {value_text(v)}" for k, v in env.items())
            at = f"counterexample: {at}" if at else "it has no variables and evaluates to False"
            why = f"the item is labelled TRUE, but its statement is false (exact evaluation; {at})"
        else:  # beyond the bounded search: Z3 candidates, confirmed by exact evaluation
            from certibench.verify.backends.z3 import solver_disproof, solver_refutation

            found = solver_refutation(decl)
            if found is not None:
                at = ", ".join(f"{v.name} = {v.text}" for v in found.values)
                why = ("the item is labelled TRUE, but its statement is false "
                       f"(a Z3 model confirmed by exact evaluation; counterexample: {at})")
            else:
                proof = solver_disproof(decl)
                if proof is not None:
                    why = f"the item is labelled TRUE, but its statement is false ({proof})"
    fam = item.get("family", "canonical")
    t3 = (not _is_canonical(item)) and isinstance(fam, str) and tier_of(fam) == "T3"
    if why is None and "nl_question" in item and not (isinstance(text, str) and text.strip()) and not t3:
        # an item whose question was emptied states nothing (adversary round 40: a rewrite
        # family's item with an empty nl_question re-checked as ok)
        why = "the item's nl_question is empty: it asks nothing its statement could be checked against"
    if why is None and decl is not None and isinstance(text, str) and text.strip() and not t3:
        from certibench.logic.english import english_check

        ok, reason = english_check(decl, text)
        if not ok:
            why = f"the item's English does not read back to its statement ({reason})"
    if why is None and decl is not None and isinstance(canon_nl, str) and canon_nl.strip() and _is_canonical(item):
        # a canonical item's own sentence (FormInv readers fill a missing question from it; an
        # adversary's edited one passed)
        from certibench.logic.english import english_check

        ok, reason = english_check(decl, canon_nl)
        if not ok:
            why = f"the item's canonical_nl does not read back to its statement ({reason})"
    if len(_CONTENT_CACHE) < 100_000:
        _CONTENT_CACHE[key] = why
    return why


_CONTENT_CACHE: dict[tuple[Any, ...], str | None] = {}
_BUNDLED: dict[str, str] | None = None


def _bundled_source_problem(item: dict[str, Any], stmt: str) -> str | None:
    """A TRUE item that says it comes from the bundled corpus must be one of its theorems:
    the corpus is in the package, so this much of a "source" claim can be checked (an
    adversary added a false ``100000 < n → Nat.Prime n`` with a bundled provenance and a
    copied source certificate; its counterexamples lie beyond the bounded search)."""
    global _BUNDLED
    prov = item.get("provenance")
    if not isinstance(prov, dict) or prov.get("source") != "bundled":
        return None
    if _BUNDLED is None:
        from certibench.corpus.bundled import load_bundled

        _BUNDLED = {c.id: c.statement for c in load_bundled()}
    tid = str(item.get("theorem_id") or item.get("id"))
    want = _BUNDLED.get(tid)
    if want is None:
        return f"the item says it comes from the bundled corpus, which has no theorem {tid!r}"
    if not _same_text_or_formula(want, stmt):
        return f"the item's statement is not the bundled corpus theorem {tid!r} it names"
    return None


def _origin_key(item: dict[str, Any], origins: Origins) -> Any:
    if origins.sources is None:
        return None
    return (origins.sources_label, str(item.get("theorem_id") or item.get("id")))


def _source_problem(item: dict[str, Any], stmt: str, origins: Origins) -> str | None:
    """With ``--sources``: a TRUE canonical item from another source must be that source's
    theorem of its ``theorem_id``, trusted by the Lean reader (an adversary's canonical
    ``∃ x : ℝ, x * x < 0`` kept a provenance naming another theorem and passed)."""
    prov = item.get("provenance")
    if origins.sources is None or (isinstance(prov, dict) and prov.get("source") == "bundled"):
        return None
    tid = str(item.get("theorem_id") or item.get("id"))
    if tid not in origins.sources:
        return f"the item's theorem {tid!r} is not a theorem of the sources {origins.sources_label}"
    want, untrusted = origins.sources[tid]
    if want is None:
        return f"the sources' theorem {tid!r} is not trusted: {untrusted}"
    if not _same_text_or_formula(want, stmt):
        return f"the item's statement is not the theorem {tid!r} of the sources {origins.sources_label}"
    return None


def _mutated(item: dict[str, Any]) -> bool:
    """Whether the item says it was made by a mutation of another theorem (a FALSE sibling)."""
    prov = item.get("provenance")
    return isinstance(prov, dict) and (prov.get("sibling_of") is not None or prov.get("mutation") is not None)


def review_problem(cert: dict[str, Any], item: dict[str, Any], canonical: dict[str, Any] | None) -> str | None:
    """Why a review certificate does not release ``item``, or ``None``: the review must
    approve exactly this item and this text pair (``pair_hash`` of the class's canonical
    and the item, English and Lean), with a certified verdict (an adversary's "reject" with a
    zero hash naming another item passed)."""
    from certibench.verify.review import pair_hash

    rev = cert.get("review")
    if cert.get("verdict") != "certified":
        return f"a review certificate releases an item only with a certified verdict; it says {cert.get('verdict')!r}"
    if not isinstance(rev, dict):
        return "a review certificate without its recorded review"
    if rev.get("decision") != "approve":
        return f"the recorded review decision is {rev.get('decision')!r}, not 'approve'"
    if str(rev.get("item_id")) != str(item.get("id")):
        return f"the review is of item {rev.get('item_id')!r}, not {item.get('id')!r}"
    if canonical is None:
        return "no canonical item of the class: the reviewed text pair cannot be checked"
    if rev.get("pair_hash") != pair_hash(canonical, item):
        return "the review's pair_hash is not the hash of this item's and its canonical's texts (reviewed another pair)"
    return None


def _same_text_or_formula(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return False
    if a.strip() == b.strip():
        return True
    from certibench.verify.certifier import same_statement

    try:
        return bool(same_statement(_parse(a), _parse(b)))
    except Exception:  # an unparsable statement binds nothing
        return False


def _class_key(item: dict[str, Any]) -> str:
    """An item's theorem class, as :attr:`certibench.schema.Item.class_id` has it (an item
    without ``theorem_id`` is its own class)."""
    return str(item.get("theorem_id") or item.get("id"))


def _same_label(a: Any, b: Any) -> bool:
    la, lb = _label(a), _label(b)
    if la is not None or lb is not None:
        return la == lb
    return a == b


def binding_problem(cert: dict[str, Any], item: dict[str, Any], canonicals: dict[str, list[dict[str, Any]]]) -> str | None:
    """Why ``cert`` is not the certificate of ``item``, or ``None``; ``canonicals`` maps each
    theorem class to its canonical items (:func:`_canonical_items`).  A certificate proves
    something about the statements it records, so those must be the item's statement and
    the canonical statement of its theorem class (an adversary gave one pair's valid
    certificate to another pair's item); a class has exactly one canonical item, whose
    statement and label both come from it; a FALSE sibling's refutation is about the theorem
    it was made from (``provenance.sibling_of``) when that theorem's canonical item is in the
    file; a paraphrase certified to mean what its canonical means has the canonical's label
    (a TRUE/FALSE label needs a TRUE/FALSE label on the canonical)."""
    stmt = item.get("lean4_statement")
    par = cert.get("paraphrase_lean")
    if par is not None and not _same_text_or_formula(par, stmt):
        return "the certificate is about another statement than the item's lean4_statement"
    key = _class_key(item)
    if len(canonicals.get(key, ())) > 1:
        return f"theorem class {key!r} has {len(canonicals[key])} canonical items: which one the certificate is about is not determined"
    prov = item.get("provenance")
    if _is_canonical(item) and isinstance(prov, dict) and "sibling_of" in prov:
        origin = prov["sibling_of"]
        if not isinstance(origin, str) or not origin:
            return f"provenance.sibling_of must name the theorem the item was made from; it is {origin!r}"
        src = canonicals.get(origin, [])
        if len(src) == 1 and cert.get("canonical_lean") is not None and \
                not _same_text_or_formula(cert.get("canonical_lean"), src[0].get("lean4_statement")):
            return (f"the certificate's canonical statement is not the theorem {origin!r} the item says it was made from "
                    "(provenance.sibling_of)")
    if _is_canonical(item):
        return None
    canon = (canonicals.get(key) or [None])[0]
    if canon is None or not canon.get("lean4_statement"):
        return (f"no canonical item of theorem class {key!r} with a statement in the item file: the certificate's "
                "canonical statement cannot be bound")
    if not _same_label(item.get("ground_truth"), canon.get("ground_truth")):
        return (f"the item is labelled {item.get('ground_truth')!r} but certified to mean what its canonical item "
                f"means, which is labelled {canon.get('ground_truth')!r}")
    if not _same_text_or_formula(cert.get("canonical_lean"), canon.get("lean4_statement")):
        return "the certificate's canonical statement is not the canonical item of its theorem class"
    return None


def _manifest_problems(path: Path, files: list[tuple[str, bytes, str]]) -> tuple[dict[str, str], dict[str, str]]:
    """For a proofs directory with ``MANIFEST.json``: (problem per certificate id, and the
    ids the manifest lists whose file is missing), over ``files`` = (id, bytes, file name)
    as read.  The manifest records the sha256 of each certificate file as written; an
    edited, copied or added file no longer matches."""
    import hashlib

    from certibench.verify.proofs import safe_name

    mf = path / "MANIFEST.json"
    if not mf.is_file():
        return {}, {}
    try:
        manifest = json.loads(mf.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise ValueError(f"MANIFEST.json: not JSON ({exc})") from None
    listed = (manifest.get("certificates") if isinstance(manifest, dict) else None) or {}
    if not isinstance(listed, dict) or not all(isinstance(v, str) for v in listed.values()):
        raise ValueError("MANIFEST.json: 'certificates' must map each certificate id to its sha256")
    problems: dict[str, str] = {}
    seen: set[str] = set()
    for cid, raw, name in files:
        seen.add(cid)
        want = listed.get(cid)
        if cid in problems:
            continue
        if Path(name).stem != safe_name(cid):
            problems[cid] = f"{name} holds the certificate of {cid} (copied or renamed)"
        elif want is None:
            problems[cid] = f"{name} is not listed in MANIFEST.json"
        elif hashlib.sha256(raw).hexdigest() != want:
            problems[cid] = f"{name} differs from the sha256 MANIFEST.json records for {cid} (edited or replaced)"
    missing = {cid: f"listed in MANIFEST.json but no certificate file for {cid}" for cid in listed if cid not in seen}
    return problems, missing


def _canonical_items(items: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """theorem class → its canonical items, over every item of an item file (a canonical
    item may carry no certificate; more than one in a class is a problem of that class)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for obj in items:
        if _is_canonical(obj):
            out.setdefault(_class_key(obj), []).append(obj)
    return out


def _items_by_id(items: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]], set[str]]:
    """The objects of an item file (JSONL or a JSON array) by id, all of them, and the ids
    given to more than one item (which one a certificate is about is not determined)."""
    objs: list[dict[str, Any]] = []
    for _ in _certificate_records(items, objs):
        pass
    by_id, dups = _by_id(objs)
    return by_id, objs, dups


def _by_id(objs: list[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]], set[str]]:
    by_id: dict[str, dict[str, Any]] = {}
    dups: set[str] = set()
    for o in objs:
        if o.get("id") is None:
            continue
        k = str(o.get("id"))
        if k in by_id:
            dups.add(k)
        else:
            by_id[k] = o
    return by_id, dups


def _canonical_nl_problem(item: dict[str, Any], canon: dict[str, Any] | None) -> str | None:
    """A paraphrase's ``canonical_nl`` is its class canonical's sentence (adversary round 40
    edited a paraphrase's to a false one; only canonical items' own were checked)."""
    own = item.get("canonical_nl")
    if _is_canonical(item) or canon is None or not isinstance(own, str):
        return None
    theirs = canon.get("canonical_nl")
    if isinstance(theirs, str) and own != theirs:
        return "the item's canonical_nl is not its class canonical's"
    return None


def release_manifest_names(path: Path) -> bool:
    """Whether a ``release.json`` beside ``path`` names it (so its digest is checked)."""
    manifest = path.parent / "release.json"
    try:
        rel = json.loads(manifest.read_text(encoding="utf-8")) if manifest.is_file() else None
    except (OSError, ValueError):
        return True  # unreadable: :func:`_release_digest_problem` reports it
    return isinstance(rel, dict) and rel.get("items_file") == path.name


def _release_digest_problem(path: Path) -> list[RecheckRow]:
    """An item file named by the ``release.json`` beside it must have the digest recorded
    there (an edited release whose manifest was not rewritten; one that was rewritten is
    caught, if at all, by the certificates and statements themselves)."""
    manifest = path.parent / "release.json"
    if not manifest.is_file():
        return []
    try:
        rel = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [RecheckRow(id="release.json", verdict="?", evidence="none", status="failed",
                           reason=f"{manifest} is not readable JSON")]
    if not isinstance(rel, dict) or rel.get("items_file") != path.name or not isinstance(rel.get("digest"), str):
        return []
    got = "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
    if got != rel["digest"]:
        return [RecheckRow(id="release.json", verdict="?", evidence="none", status="failed",
                           reason=f"{path.name} has digest {got[:19]}…, but {manifest} records {rel['digest'][:19]}… "
                                  "for it: the items were changed after the release was written")]
    return []


def _failed(cid: str, cert: dict[str, Any], why: str) -> RecheckRow:
    return RecheckRow(id=cid, verdict=str(cert.get("verdict")),
                      evidence=str(cert.get("evidence") or cert.get("backend") or "none"), status="failed", reason=why)


def recheck_path(path: Path, items: Path | None = None, origins: Origins = NO_ORIGINS,
                 progress: Any = None) -> list[RecheckRow]:
    """Every certificate under ``path`` re-checked.  In a proofs directory each file must
    match ``MANIFEST.json`` (a directory without one fails: every proofs directory
    certibench writes has one); in an item file each certificate must be about its item.

    The digests in ``MANIFEST.json`` show that no file was edited, copied or added since it
    was written, but anyone can write a new manifest: ``items`` (the item file the proofs
    were written for) binds each certificate of a proofs directory to its item by id, as in
    an item file, and lets template certificates be re-checked against the item's English.
    ``origins``: the Lean sources and review ledger TRUE canonicals and T3 reviews are checked
    against.  An item file next to the ``release.json`` that names it must have the digest it
    records.  ``progress(done, total)`` is called as certificates are re-checked."""
    rows: list[RecheckRow] = []
    all_items: list[dict[str, Any]] = []
    records = list(_certificate_records(path, all_items))
    by_id: dict[str, dict[str, Any]] | None = None
    dups: set[str] = set()
    if items is not None:
        by_id, all_items, dups = _items_by_id(items)
    problems: dict[str, str] = {}
    missing: dict[str, str] = {}
    if path.is_dir():
        if not (path / "MANIFEST.json").is_file():
            rows.append(RecheckRow(id="MANIFEST.json", verdict="?", evidence="none", status="failed",
                                   reason=f"{path} has no MANIFEST.json: the certificate files cannot be checked "
                                          "against what was written"))
        problems, missing = _manifest_problems(path, [(cid, raw, name) for cid, _, _, raw, name in records if raw is not None])
    self_bound = items is None and not path.is_dir() and bool(all_items)
    if self_bound:
        # an item file re-checked on its own is bound to itself: a paraphrase and a FALSE
        # item need their certificates (a TRUE canonical rests on its source either way),
        # and an id given twice is ambiguous (an adversary's FALSE canonical with its
        # certificate deleted passed)
        by_id, dups = _by_id(all_items)
        items = path
    canonicals = _canonical_items(all_items)
    if not path.is_dir():
        rows.extend(_release_digest_problem(path))
    if not records and not all_items:
        raise ValueError("no certificates and no items to re-check")
    for k_rec, (cid, cert, item, _raw, _name) in enumerate(records):
        if progress is not None:
            progress(k_rec, len(records))
        if _UNREADABLE in cert:
            rows.append(RecheckRow(id=cid, verdict="?", evidence="none", status="failed", reason=cert[_UNREADABLE]))
            continue
        if by_id is not None:
            item = item if item is not None else by_id.get(cid)
            why_not = (f"no item with id {cid!r} in {items}" if item is None else
                       f"{items} has several items with id {cid!r}" if cid in dups else None)
            if why_not is not None:
                rows.append(_failed(cid, cert, why_not))
                continue
        why = problems.get(cid) or (
            (binding_problem(cert, item, canonicals) or evidence_problem(cert, item) or content_problem(item, origins))
            if item is not None else None)
        if why is not None:
            rows.append(_failed(cid, cert, why))
            continue
        canon = (canonicals.get(_class_key(item)) or [None])[0] if item is not None else None
        why = _canonical_nl_problem(item, canon) if item is not None else None
        if why is not None:
            rows.append(_failed(cid, cert, why))
            continue
        rows.append(recheck_certificate(cid, cert, item, canon, origins))
    if progress is not None:
        progress(len(records), len(records))
    rows.extend(RecheckRow(id=cid, verdict="?", evidence="none", status="failed", reason=why)
                for cid, why in missing.items())
    if by_id is not None:  # every item of the file the proofs were written for has its certificate
        have = {cid for cid, *_ in records} | set(missing)
        for k, obj in by_id.items():
            if k in have:
                continue
            if _is_canonical(obj) and _label(obj.get("ground_truth")) is not False and not _mutated(obj):
                # a TRUE canonical rests on its source either way; what can be checked is
                # whether its statement and its English are what it says
                why = content_problem(obj, origins)
                if why is not None:
                    rows.append(RecheckRow(id=k, verdict="?", evidence="none", status="failed", reason=why))
                continue
            rows.append(RecheckRow(id=k, verdict="?", evidence="none", status="failed",
                                   reason=f"no certificate for the item {k!r} of {items}"))
    return rows


__all__ = ["RecheckRow", "binding_problem", "iter_certificates", "recheck", "recheck_certificate", "recheck_detail", "recheck_path"]
