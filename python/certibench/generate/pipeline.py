"""Corpus → transformed, certified, rendered items (TRUE and FALSE, balanced).

For each source statement, two theorem classes:

* the statement itself (``ground_truth`` TRUE) and, with ``false_siblings``, a
  certified-FALSE sibling: a natural one-edit mutation refuted by a concrete counterexample
  (exact evaluation under Lean semantics);
* in each class, a canonical item and one paraphrase per applicable family — T1 (F4, F6,
  F7, F8): a library rule applied to the formula, certified against the class's canonical
  by a rewrite chain replayed by the kernel (truth-agnostic, so FALSE classes get the same
  families); T2 (F1, F2, F3): the same formula worded by a template of the project's
  registry, re-checked by re-rendering; T3 (F5): a wording variant that goes to the review
  queue, never to the release until reviewed.

Every released item's English is read back by the controlled-English grammar and must give
exactly the item's certified formula; an item whose English does not is not made (the
reason is counted).  With ``balance`` a family is released for a statement only when both
its TRUE and its FALSE class have it, so the release is half FALSE.

Output is deterministic: the same sources, families and seed give byte-identical files for
any ``--jobs`` (timings are kept out of the written certificates).
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from certibench import __version__
from certibench.families.apply import closed_declaration, rewrite_candidates
from certibench.families.registry import FamilySpec, all_families, get_family
from certibench.families.rules import stable_rng
from certibench.io import InputFileError, RecordError
from certibench.logic.ast import Declaration
from certibench.schema import Item

if TYPE_CHECKING:  # pragma: no cover
    from certibench.verify.ray_pool import Executor

GENERATOR = f"certibench-generate/{__version__}"


class SourceStatement(BaseModel):
    """A statement to generate items from."""

    theorem_id: str
    statement: str  # Lean declaration header or bare proposition
    topic: str | None = None
    area: str | None = None
    source: str
    file: str | None = None
    line: int | None = None
    proof: str | None = None
    mathlib_name: str | None = None
    #: a Lean proof was read for it (Lean sources, the bundled corpus); False for an item
    #: file's statements, whose TRUE label is only what the file says
    proved: bool = True


# --------------------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------------------


def load_sources(corpus: str) -> tuple[list[SourceStatement], list[RecordError]]:
    """``bundled`` (lean/Certibench/Corpus), a ``.lean`` file or a directory of them (real Lean
    sources, each theorem closed over its context by :mod:`certibench.corpus.lean_source`), or
    an item JSONL/JSON file (its canonical items' ``lean4_statement``, e.g. FormInv).  A theorem
    the Lean loader cannot close is returned as a ``RecordError`` (file, line, reason)."""
    from certibench.corpus.bundled import area_of_file, load_bundled, topic_of

    if corpus == "bundled":
        sts = load_bundled()
        return [
            SourceStatement(
                theorem_id=s.name,
                statement=s.statement,
                topic=s.topic,
                area=s.area,
                source="bundled",
                file=f"lean/{s.file}",
                line=s.line,
                proof=s.proof,
            )
            for s in sts
        ], []
    path = Path(corpus)
    if not path.exists():
        raise InputFileError(f"{path}: no such corpus file (use 'bundled', a .lean file or directory, or an item file)")
    if path.is_dir() or path.suffix == ".lean":
        from certibench.corpus.lean_source import load_lean_source

        imp = load_lean_source(path)
        lean_errors = list(imp.errors)
        lean_out: list[SourceStatement] = []
        for d in imp.theorems():
            if d.skipped_reason:
                lean_errors.append(RecordError(d.file, d.line, None, f"{d.full_name}: {d.skipped_reason}"))
                continue
            prov = d.provenance
            origin = str(path)
            if prov is not None and (prov.repository or prov.commit):
                origin = f"{prov.repository or path}@{prov.commit}" if prov.commit else str(prov.repository)
                origin += f" ({prov.licence})" if prov.licence else ""
            topic = topic_of(d.doc)
            lean_out.append(
                SourceStatement(
                    theorem_id=d.id, statement=d.statement, topic=topic,
                    area=topic.split("/", 1)[0] if topic else area_of_file(d.file), source=origin,
                    file=(prov.path if prov is not None and prov.path else d.file), line=d.line, proof=d.proof,
                    mathlib_name=d.full_name if prov is not None and "mathlib" in (prov.repository or "") else None,
                )
            )  # fmt: skip
        return lean_out, lean_errors
    from certibench.io import load_records

    items, errors = load_records(path, Item)
    out: list[SourceStatement] = []
    seen: set[str] = set()
    for k, it in enumerate(items):
        if not it.is_canonical or not it.lean4_statement:
            continue
        label = str(getattr(it, "ground_truth", None) or (it.model_extra or {}).get("ground_truth") or "").strip().upper()
        if label and label not in ("TRUE", "T", "YES", "1"):
            # a statement the file itself calls false is no TRUE source (adversary round 45
            # released `"ground_truth": "FALSE"` statements as TRUE)
            errors.append(RecordError(str(path), k + 1, "ground_truth",
                                      f"{it.class_id}: labelled {label} in the input: not a source of TRUE items"))
            continue
        tid = it.class_id
        if tid in seen:
            continue
        seen.add(tid)
        extra = it.model_extra or {}
        out.append(
            SourceStatement(
                theorem_id=tid,
                statement=it.lean4_statement,
                area=extra.get("domain"),
                topic=extra.get("domain"),
                source=str(path),
                file=str(path),
                mathlib_name=extra.get("mathlib_name"),
                proved=False,
            )
        )
    return out, errors


# --------------------------------------------------------------------------------------
# One statement
# --------------------------------------------------------------------------------------


@dataclass
class StatementOutcome:
    theorem_id: str
    items: list[dict[str, Any]] = field(default_factory=list)
    review_queue: list[dict[str, Any]] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # key -> reason
    applicable: dict[str, bool] = field(default_factory=dict)  # family id -> applies to the statement
    error: str | None = None
    #: the FALSE sibling chosen: its mutation kind, its index among the refutable candidates
    #: whose English reads back, and how many there were (see :mod:`.sibling_balance`)
    sibling: dict[str, Any] | None = None


_VOLATILE = {"timings", "elapsed", "elapsed_s", "seconds", "time", "wall_time"}
_Z3_LET = re.compile(r"([$?])x(\d+)")


def _stable_smt2(text: str) -> str:
    """Z3 names let-bound subterms after internal ids (``$x1888``) that depend on the
    process's history; renumber them by first appearance so scripts are reproducible."""
    names: dict[str, str] = {}

    def sub(m: re.Match[str]) -> str:
        key = m.group(0)
        if key not in names:
            names[key] = f"{m.group(1)}x{len(names) + 1}"
        return names[key]

    return _Z3_LET.sub(sub, text)


def _stable(obj: Any) -> Any:
    """Drop timing fields and normalise solver scripts so that output bytes depend only on
    the inputs and the seed."""
    if isinstance(obj, dict):
        return {k: _stable(v) for k, v in obj.items() if k not in _VOLATILE}
    if isinstance(obj, list):
        return [_stable(v) for v in obj]
    if isinstance(obj, str) and "(check-sat)" in obj:
        return _stable_smt2(obj)
    return obj


def _lean_name(tid: str, suffix: str) -> str:
    safe = "".join(ch if (ch.isalnum() or ch in "_.'") else "_" for ch in tid)
    return f"{safe}_{suffix}"


def _base_item(src: SourceStatement, seed: int) -> dict[str, Any]:
    prov: dict[str, Any] = {"generator": GENERATOR, "seed": seed, "source": src.source}
    if src.file:
        prov["file"] = src.file
    if src.line:
        prov["line"] = src.line
    if src.proof:
        prov["mathlib_proof"] = src.proof
    if not src.proved:
        prov["label_trusted"] = True  # no proof was read: the TRUE label is the input file's
    out: dict[str, Any] = {"theorem_id": src.theorem_id, "protocol": "truefalse", "source": "certibench"}
    if src.topic:
        out["concepts"] = [src.topic]
    if src.area:
        out["domain"] = src.area
    if src.mathlib_name:
        out["mathlib_name"] = src.mathlib_name
    out["provenance"] = prov
    return out


def english_check(decl: Declaration, text: str) -> tuple[bool, str]:
    """:func:`certibench.logic.english.english_check` (``english: …`` when no reader)."""
    try:
        from certibench.logic.english import english_check as check
    except ImportError as exc:
        return False, f"english: no controlled-English reader ({exc})"
    return check(decl, text)


def _english_record(ok: bool, why: str) -> dict[str, Any]:
    return {"round_trip": ok, "check": why}


@dataclass
class _Class:
    """One theorem class being generated: the TRUE statement or its FALSE sibling."""

    tid: str
    decl: Declaration
    truth: str  # "TRUE" | "FALSE"
    question: str
    canonical_nl: str
    base: dict[str, Any]


def _family_item(cls: _Class, fam: FamilySpec, seed: int, budget: Any, ledger: Any = None) -> tuple[dict[str, Any] | None, str, bool]:
    """``(item or None, reason, applicable)`` for one family of one class."""
    from certibench.families.wording import canonical_question, wording_variant
    from certibench.logic.render_english import EnglishUnsupported
    from certibench.logic.render_lean import render_lean
    from certibench.verify.certifier import certify_pair

    item: dict[str, Any] = {
        "id": f"{cls.tid}__{fam.id}_{fam.name}", **cls.base, "family": fam.name, "tier": fam.tier,
        "ground_truth": cls.truth, "canonical_nl": cls.canonical_nl,
    }
    if fam.is_formal:
        cands = rewrite_candidates(cls.decl, fam.id, seed, cls.tid)
        if not cands:
            return None, "no rule of this family applies (or none changes the reading)", False
        reasons: dict[str, int] = {}
        for app in cands[:_MAX_REWRITE_TRIES]:
            new_decl = closed_declaration(cls.decl, app.result, _lean_name(cls.tid, fam.name))
            try:
                question = canonical_question(new_decl)
            except EnglishUnsupported as exc:
                reasons[f"no English: {exc}"] = reasons.get(f"no English: {exc}", 0) + 1
                continue
            ok, why = english_check(new_decl, question)
            if not ok:
                reasons[why] = reasons.get(why, 0) + 1
                continue
            lean = render_lean(new_decl)
            res = certify_pair(render_lean(cls.decl), lean, tier="T1", backends=("rewrite",), budget=budget)
            if res.verdict != "certified":
                reasons[f"rewrite not certified: {res.verdict}"] = reasons.get(f"rewrite not certified: {res.verdict}", 0) + 1
                continue
            cert = res.certificate.model_dump(mode="json", exclude_none=True)
            cert["family"], cert["tier"] = fam.name, fam.tier
            cert["english"] = _english_record(ok, why)
            trace = [app.trace()]
            item.update(lean4_statement=lean, nl_question=question,
                        provenance={**cls.base["provenance"], "rule_trace": trace}, certificate=_stable(cert))
            return item, "", True
        return None, "; ".join(f"{r} ×{n}" for r, n in sorted(reasons.items())) or "no candidate", True
    rng = stable_rng(seed, fam.id, cls.tid)
    try:
        var = wording_variant(cls.decl, fam.id, rng)
    except EnglishUnsupported as exc:
        return None, f"no English: {exc}", True
    if var is None:
        return None, "no construct this family rewords occurs in the statement", False
    lean = render_lean(cls.decl)
    template = {"family": fam.id, "id": "+".join(var.templates), "vetted": fam.tier == "T2"}
    item.update(lean4_statement=lean, nl_question=var.question, provenance={**cls.base["provenance"], "template": template})
    ok, why = english_check(cls.decl, var.question)
    if fam.tier == "T3":
        canon_item = {"lean4_statement": lean, "nl_question": cls.question}
        if ledger is not None:
            res = certify_pair(canon_item, item, family=fam.id, backends=(), budget=budget, ledger=ledger)
            if res.verdict == "certified" and res.backend == "review":
                cert = res.certificate.model_dump(mode="json", exclude_none=True)
                cert["english"] = _english_record(ok, why)
                item["certificate"] = _stable(cert)
                item["reviewed"] = True
                return item, "", True
        item["certificate"] = {"verdict": "needs_review", "backend": "none", "tier": "T3", "family": fam.name,
                               "reason": "T3 wording: needs a recorded human review before release",
                               "english": _english_record(ok, why), "template": template}
        return item, "review queue", True
    if not ok:
        return None, why, True
    canon_item = {"lean4_statement": lean, "nl_question": cls.question}
    res = certify_pair(canon_item, item, family=fam.id, backends=(), budget=budget)
    if res.verdict != "certified":
        return None, f"template not certified: {res.reason}", True
    cert = res.certificate.model_dump(mode="json", exclude_none=True)
    cert["english"] = _english_record(ok, why)
    item["certificate"] = _stable(cert)
    return item, "", True


def _false_class(src: SourceStatement, decl: Declaration, base: dict[str, Any], seed: int,
                 out: StatementOutcome, choice: int | None = None) -> _Class | None:
    from certibench.families.wording import canonical_question
    from certibench.generate.false_siblings import false_sibling
    from certibench.logic.render_english import EnglishUnsupported, render_english
    from certibench.logic.render_lean import render_lean

    try:
        sib = false_sibling(decl.as_prop(), seed, src.theorem_id, choice)
    except Exception as exc:
        out.skipped["false_sibling"] = f"{type(exc).__name__}: {exc}"
        return None
    if sib is None:
        out.skipped["false_sibling"] = "no natural one-edit mutation with a concrete counterexample"
        return None
    tid = f"{src.theorem_id}__false"
    new_decl = closed_declaration(decl, sib.mutation.prop, _lean_name(src.theorem_id, "false"))
    try:
        question = canonical_question(new_decl)
        text = render_english(new_decl)
    except EnglishUnsupported as exc:
        out.skipped["false_sibling"] = f"no English: {exc}"
        return None
    ok, why = english_check(new_decl, question)
    if not ok:
        out.skipped["false_sibling"] = why
        return None
    mutation = {"kind": sib.mutation.kind, "path": list(sib.mutation.path), "before": sib.mutation.before,
                "after": sib.mutation.after}
    out.sibling = {"kind": sib.mutation.kind}
    lean = render_lean(new_decl)
    cert = {
        "version": _cert_version(), "verdict": "refuted", "backend": "counterexample", "evidence": "counterexample",
        "reason": "one-edit mutation refuted by a concrete counterexample (exact evaluation under Lean semantics)",
        "counterexample": sib.counterexample_json(), "counterexample_text": sib.counterexample_text(),
        "mutation": mutation, "paraphrase_lean": lean,
        "canonical_lean": src.statement.strip(), "english": _english_record(ok, why),
    }
    fbase = {**base, "theorem_id": tid, "provenance": {**base["provenance"], "sibling_of": src.theorem_id, "mutation": mutation}}
    out.items.append({"id": f"{tid}__canonical", **fbase, "family": "canonical", "tier": None, "lean4_statement": lean,
                      "nl_question": question, "canonical_nl": text, "ground_truth": "FALSE", "certificate": cert})
    return _Class(tid, new_decl, "FALSE", question, text, fbase)


#: The start of the reason a statement is not released when the guard refutes it.
REFUTED_REASON = "source theorem refuted by evaluation"


@functools.lru_cache(maxsize=4096)
def source_refutation(decl: Declaration) -> str | None:
    """The second guard on a TRUE statement (the first is the Lean reader refusing proofs
    that use ``sorry``/``admit``; there is no Lean here to check a proof): the statement
    itself is searched for values that make it false.  First the exact counterexample
    search that refutes FALSE siblings
    (:func:`~certibench.generate.false_siblings.find_counterexample`: exact ground
    evaluation under Lean semantics over a bounded, fixed set of small assignments), then
    Z3 with a fixed resource limit, whose candidates count only when exact evaluation
    confirms them (:func:`~certibench.verify.backends.z3.solver_refutation`; it reaches
    counterexamples beyond the bounded set), and last a Z3 proof that no values make it
    true (:func:`~certibench.verify.backends.z3.solver_disproof`: ``∃ n : ℕ, n + 1 < n``,
    whose unbounded ∃ neither search can decide).  ``None`` when none finds one, else the
    reason not to release the statement as TRUE, with the counterexample.  Deterministic
    (cached per statement); a statement neither can decide passes."""
    from certibench.generate.false_siblings import find_counterexample
    from certibench.logic.concrete import value_text

    try:
        ce = find_counterexample(decl.as_prop())
    except Exception:  # an evaluator bug must not sink the statement: the guard finds nothing
        ce = None
    if ce is not None:
        if not ce:  # a closed statement
            return f"{REFUTED_REASON}; the statement has no variables and evaluates to False"
        return f"{REFUTED_REASON}; counterexample: " + ", ".join(f"{k} = {value_text(v)}" for k, v in ce.items())
    from certibench.verify.backends.z3 import solver_disproof, solver_refutation

    found = solver_refutation(decl)
    if found is None:
        proof = solver_disproof(decl)
        return None if proof is None else f"{REFUTED_REASON}; {proof}"
    return f"{REFUTED_REASON}; counterexample: " + ", ".join(f"{v.name} = {v.text}" for v in found.values)


def _cert_version() -> int:
    from certibench.verify.certificate import FORMAT_VERSION

    return FORMAT_VERSION


def generate_statement(
    src: SourceStatement,
    families: Sequence[str],
    *,
    seed: int,
    false_siblings: bool,
    balance: bool = True,
    budget: Any = None,
    ledger: Any = None,
    sibling_choice: int | None = None,
    **_ignored: Any,
) -> StatementOutcome:
    """All items for one statement (never raises: problems are recorded).  T3 items whose
    exact text pair is approved in ``ledger`` are released; the others go to the review
    queue.  ``sibling_choice`` picks the FALSE sibling by its index in
    :func:`~certibench.generate.false_siblings.ordered_mutations` (a balanced release's
    choice, :func:`sibling_options`); by default the first refutable one."""
    from certibench.families.wording import canonical_question
    from certibench.logic.errors import ParseError
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_english import EnglishUnsupported, render_english
    from certibench.verify.backends.base import Budget

    budget = budget if isinstance(budget, Budget) else Budget()
    if isinstance(ledger, str | Path):
        from certibench.verify.review import ReviewLedger

        ledger = ReviewLedger(ledger)
    out = StatementOutcome(src.theorem_id)
    try:
        decl = parse_declaration(src.statement)
        question = canonical_question(decl)
        text = render_english(decl)
    except ParseError as exc:
        out.error = f"parse error: {exc}"
        return out
    except EnglishUnsupported as exc:
        out.error = f"no English: {exc}"
        return out
    except Exception as exc:  # a bug in a renderer must not sink the run
        out.error = f"{type(exc).__name__}: {exc}"
        return out
    ok, why = english_check(decl, question)
    if not ok:
        out.error = why
        return out
    refuted = source_refutation(decl)
    if refuted is not None:
        out.error = refuted
        return out
    base = _base_item(src, seed)
    canon = {
        "id": f"{src.theorem_id}__canonical", **base, "family": "canonical", "tier": None,
        "lean4_statement": src.statement.strip(), "nl_question": question, "canonical_nl": text, "ground_truth": "TRUE",
        "certificate": {"version": _cert_version(), "verdict": "certified", "backend": "source", "evidence": "source",
                        "reason": ("the source theorem (proved in its Lean source)" if src.proved else
                                   "labelled TRUE by the input file; no proof was read (generate --trust-labels)"),
                        "english": _english_record(ok, why)},
    }
    classes = [_Class(src.theorem_id, decl, "TRUE", question, text, base)]
    if false_siblings:
        fc = _false_class(src, decl, base, seed, out, sibling_choice)
        if fc is None and balance:
            out.error = f"no FALSE sibling (balanced release): {out.skipped.get('false_sibling', '')}"
            out.items.clear()
            return out
        if fc is not None:
            classes.append(fc)
    out.items.insert(0, canon)
    for fam_key in families:
        fam = get_family(fam_key)
        made: list[dict[str, Any]] = []
        reasons: list[str] = []
        applies = False
        for cls in classes:
            try:
                item, reason, appl = _family_item(cls, fam, seed, budget, ledger)
            except Exception as exc:  # isolate: one family failing costs one item
                item, reason, appl = None, f"{type(exc).__name__}: {exc}", True
            applies = applies or appl
            if cls.truth == "TRUE":
                out.applicable[fam.id] = appl
            if item is None:
                reasons.append(f"{cls.truth}: {reason}")
            else:
                made.append(item)
        if balance and len(classes) == 2 and len(made) == 1:
            reasons.append("dropped: its " + ("FALSE" if made[0]["ground_truth"] == "TRUE" else "TRUE") + " counterpart was not made")
            made = []
        for item in made:
            if fam.tier == "T3" and not item.pop("reviewed", False):
                out.review_queue.append(item)
            else:
                out.items.append(item)
        if reasons:
            out.skipped[fam.name] = "; ".join(reasons)
    return out


_MAX_REWRITE_TRIES = 6


# --------------------------------------------------------------------------------------
# Whole corpus
# --------------------------------------------------------------------------------------


@dataclass
class SiblingOptions:
    """The FALSE siblings a statement could have: ``options`` lists ``(index, question,
    families, shape)`` — the index in
    :func:`~certibench.generate.false_siblings.ordered_mutations` of every mutation refuted
    by a counterexample whose English reads back to its formula, in preference order, the
    families that apply to it and its
    :func:`~certibench.generate.sibling_balance.shape_features` —; ``question``,
    ``families`` and ``shape`` are the TRUE statement's."""

    theorem_id: str
    question: str | None = None
    families: tuple[str, ...] = ()
    options: list[tuple[int, str, tuple[str, ...], frozenset[str]]] = field(default_factory=list)
    error: str | None = None
    shape: frozenset[str] = frozenset()

    def preferred(self) -> list[int]:
        """Positions of the options to which the most of the TRUE statement's families
        apply (a family is released only when both truth values have it), in order."""
        if not self.options:
            return []
        mine = set(self.families)
        score = [len(mine & set(fams)) for _, _, fams, _ in self.options]
        return [k for k, v in enumerate(score) if v == max(score)]


def sibling_options(src: SourceStatement, seed: int, families: Sequence[str] = ()) -> SiblingOptions:
    """Every usable FALSE sibling of ``src`` (never raises: problems are recorded)."""
    from certibench.families.apply import family_applies
    from certibench.families.wording import canonical_question
    from certibench.generate.false_siblings import refutable_siblings
    from certibench.generate.sibling_balance import shape_features
    from certibench.logic.render_english import EnglishUnsupported

    out = SiblingOptions(src.theorem_id)

    def applicable(d: Declaration) -> tuple[str, ...]:
        return tuple(f for f in families if family_applies(d, f))

    try:
        from certibench.logic.parser import parse_declaration

        decl = parse_declaration(src.statement)
        refuted = source_refutation(decl)
        if refuted is not None:  # not released (generate_statement says why): no sibling to choose
            out.error = refuted
            return out
        out.question = canonical_question(decl)
        out.families = applicable(decl)
        out.shape = shape_features(decl.as_prop(), out.question)
        for i, sib in refutable_siblings(decl.as_prop(), seed, src.theorem_id):
            new_decl = closed_declaration(decl, sib.mutation.prop, _lean_name(src.theorem_id, "false"))
            try:
                q = canonical_question(new_decl)
            except EnglishUnsupported:
                continue
            if english_check(new_decl, q)[0]:
                out.options.append((i, q, applicable(new_decl), shape_features(sib.mutation.prop, q)))
    except Exception as exc:  # the statement itself fails later with its own reason
        out.error = f"{type(exc).__name__}: {exc}"
    return out


def _options_worker(args: tuple[SourceStatement, int, tuple[str, ...]]) -> SiblingOptions:
    from certibench.logic.deep import deep_call

    return deep_call(sibling_options, *args)


def _options_failed(task: tuple[SourceStatement, int, tuple[str, ...]], message: str) -> SiblingOptions:
    return SiblingOptions(task[0].theorem_id, error=f"safety limit: {message}")


def choose_siblings(options: Sequence[SiblingOptions]) -> tuple[dict[str, tuple[int, int, int]], Any]:
    """The balanced choice: among each statement's :meth:`~SiblingOptions.preferred`
    options, the set chosen by :func:`~certibench.generate.sibling_balance.select_siblings`.
    ``theorem_id -> (index in ordered_mutations, position among the options, options)``,
    and the selection record."""
    from certibench.generate.sibling_balance import select_siblings

    usable = [o for o in options if o.options and o.question is not None]
    pref = {o.theorem_id: o.preferred() for o in usable}
    sel = select_siblings({o.theorem_id: (o.question or "", o.shape) for o in usable},
                          {o.theorem_id: [(o.options[k][1], o.options[k][3]) for k in pref[o.theorem_id]] for o in usable})
    out = {}
    for o in usable:
        pos = pref[o.theorem_id][sel.choice[o.theorem_id]]
        out[o.theorem_id] = (o.options[pos][0], pos, len(o.options))
    return out, sel


Task = tuple[SourceStatement, tuple[str, ...], int, bool, bool, float, str | None, int | None]


def _worker(args: Task) -> StatementOutcome:
    from certibench.logic.deep import deep_call
    from certibench.verify.backends.base import Budget

    src, fams, seed, fs, balance, units, ledger, choice = args
    return deep_call(generate_statement, src, fams, seed=seed, false_siblings=fs, balance=balance,
                     budget=Budget.from_units(units), ledger=ledger, sibling_choice=choice)


def _failed(task: Task, message: str) -> StatementOutcome:
    """A statement whose generation hit the wall-clock safety net: no items, the reason kept."""
    out = StatementOutcome(task[0].theorem_id)
    out.error = f"safety limit: {message}"
    return out


def generate_items(
    sources: Sequence[SourceStatement],
    families: Iterable[str] | None = None,
    *,
    seed: int = 0,
    false_siblings: bool = False,
    balance: bool = True,
    budget: float = 10.0,
    jobs: int = 1,
    ledger: str | Path | None = None,
    on_progress: Callable[[int, StatementOutcome], None] | None = None,
    executor: Executor | None = None,
    on_sibling_progress: Callable[[int, SiblingOptions], None] | None = None,
    **_ignored: Any,
) -> list[StatementOutcome]:
    """Generate for every source, in input order.  With ``jobs >= 1`` each statement runs in
    an isolated worker process with a wall-clock safety net; ``jobs = 0`` runs in this
    process.  The result does not depend on ``jobs``: every check is budgeted by resource
    counts.

    With ``false_siblings`` and ``balance`` the FALSE siblings are chosen first, for the
    whole corpus at once (:func:`sibling_options`, then :func:`choose_siblings`), so that
    the FALSE English carries no surface tell; ``on_sibling_progress`` follows that pass."""
    from certibench.verify.pool import run_isolated

    ids = [get_family(f).id for f in families] if families else [f.id for f in all_families()]
    fams = tuple(dict.fromkeys(ids))
    run = executor or run_isolated  # Ray (verify.ray_pool.select_executor) gives the same output byte for byte
    chosen: dict[str, tuple[int, int, int]] = {}
    if false_siblings and balance:
        opts = run([(s, seed, fams) for s in sources], _options_worker, jobs=jobs, hard_timeout=600.0,
                   on_failure=_options_failed, progress=on_sibling_progress)
        chosen, _sel = choose_siblings(opts)
    tasks: list[Task] = [(s, fams, seed, false_siblings, balance, float(budget), str(ledger) if ledger else None,
                          chosen[s.theorem_id][0] if s.theorem_id in chosen else None)
                         for s in sources]
    outcomes = run(tasks, _worker, jobs=jobs, hard_timeout=600.0, on_failure=_failed, progress=on_progress)
    for o in outcomes:
        if o.sibling is not None and o.theorem_id in chosen:
            _, pos, n = chosen[o.theorem_id]
            o.sibling.update(option=pos, options=n)
    return outcomes


def _rows(outcomes: Sequence[StatementOutcome], queue: bool = False) -> Iterable[dict[str, Any]]:
    """Released items, or (``queue``) the review queue with the canonical item of every
    class it holds an item of, so that ``certibench review`` can show both sides."""
    for o in outcomes:
        rows = o.items
        if queue:
            classes = {it["theorem_id"] for it in o.review_queue}
            rows = [it for it in o.items if it["family"] == "canonical" and it["theorem_id"] in classes] + o.review_queue
        for it in rows:
            yield {k: v for k, v in it.items() if v is not None}


def write_items(path: str | os.PathLike[str], outcomes: Sequence[StatementOutcome], *, queue: bool = False) -> int:
    """Write the released items (or, with ``queue``, the T3 review queue) as JSONL."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with p.open("w", encoding="utf-8") as fh:
        for row in _rows(outcomes, queue):
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            n += 1
    return n


def write_proofs(directory: str | os.PathLike[str], outcomes: Sequence[StatementOutcome], command: str) -> dict[str, Any]:
    """Every released item's certificate in the one proofs layout (see
    :mod:`certibench.verify.proofs`)."""
    from certibench.verify.proofs import write_proofs as _write

    return _write(directory, _rows(outcomes), command=command, generator=GENERATOR)
