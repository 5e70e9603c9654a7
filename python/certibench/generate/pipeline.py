"""Corpus → transformed, certified, rendered items.

For each source statement: a canonical item, one paraphrase per applicable family
(T1: a proved rewrite rule applied to the formula and certified against the canonical by
the certifier; T2: a vetted wording template over the same formula; T3: a wording
variant that is marked for human review), and optionally a certified-FALSE sibling.

Output is deterministic: the same sources, families and seed give byte-identical JSONL
(timings are kept out of the written certificates).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from certibench import __version__
from certibench.families.apply import closed_declaration, rewrite_candidates
from certibench.families.registry import FamilySpec, all_families, get_family
from certibench.families.rules import stable_rng
from certibench.io import InputFileError, RecordError
from certibench.logic.ast import PROP, BinOp, Declaration, Expr, Num, UnOp, subst
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
    for it in items:
        if not it.is_canonical or not it.lean4_statement:
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
    skipped: dict[str, str] = field(default_factory=dict)  # family -> reason
    error: str | None = None


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
    out: dict[str, Any] = {"theorem_id": src.theorem_id, "protocol": "truefalse", "source": "certibench"}
    if src.topic:
        out["concepts"] = [src.topic]
    if src.area:
        out["domain"] = src.area
    if src.mathlib_name:
        out["mathlib_name"] = src.mathlib_name
    out["provenance"] = prov
    return out


def _ground_value_expr(v: Any, like: Expr) -> Expr:
    """A numeral node for a counterexample value at the sort of ``like``."""
    sort = like.sort
    if isinstance(v, Fraction) and v.denominator != 1:
        num = BinOp("/", Num(str(abs(v.numerator)), sort), Num(str(v.denominator), sort), sort)
        return UnOp("-", num, sort) if v < 0 else num
    iv = int(v)
    n = Num(str(abs(iv)), sort)
    return UnOp("-", n, sort) if iv < 0 else n


def _z3_confirms_false(prop: Expr, env: dict[str, Any], timeout_ms: int = 5000) -> bool:
    """Second, independent check of a counterexample: Z3 proves that hypotheses hold and
    the conclusion fails once the variables are instantiated (ground, fully interpreted)."""
    import z3

    from certibench.generate.false_siblings import peel
    from certibench.logic.ast import Var
    from certibench.logic.render_z3 import TranslationError, Z3Translator

    p = peel(prop)
    sorts = dict(p.vars)
    mapping = {n: _ground_value_expr(v, Var(n, sorts[n])) for n, v in env.items()}
    ground_hyps = [subst(h, mapping) for h in p.hyps]
    ground_concl = subst(p.concl, mapping)
    body: Expr = UnOp("¬", ground_concl, PROP)
    for h in reversed(ground_hyps):
        body = BinOp("∧", h, body, PROP)
    try:
        tr = Z3Translator()
        f = tr.translate(body)
    except TranslationError:
        return False
    if tr.incomplete_reasons:
        return False
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    s.add(*tr.axioms, z3.Not(f))
    return s.check() == z3.unsat


def generate_statement(
    src: SourceStatement,
    families: Sequence[str],
    *,
    seed: int,
    false_siblings: bool,
    timeout: float,
    backends: Sequence[str] = ("z3", "sympy"),
) -> StatementOutcome:
    """All items for one statement (never raises: problems are recorded)."""
    from certibench.families.wording import canonical_question, wording_variant
    from certibench.logic.errors import ParseError
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_english import EnglishUnsupported, render_english
    from certibench.logic.render_lean import render_lean
    from certibench.verify.certifier import certify_pair

    out = StatementOutcome(src.theorem_id)
    try:
        decl = parse_declaration(src.statement)
        prop = decl.as_prop()
        question = canonical_question(decl)
        base_text = render_english(decl)
    except ParseError as exc:
        out.error = f"parse error: {exc}"
        return out
    except EnglishUnsupported as exc:
        out.error = f"no English rendering: {exc}"
        return out
    except Exception as exc:  # a bug in a renderer must not sink the run
        out.error = f"{type(exc).__name__}: {exc}"
        return out

    base = _base_item(src, seed)
    canon = {
        "id": f"{src.theorem_id}__canonical",
        **base,
        "family": "canonical",
        "tier": None,
        "lean4_statement": src.statement.strip(),
        "nl_question": question,
        "canonical_nl": base_text,
        "ground_truth": "TRUE",
    }
    out.items.append(canon)

    for fam_key in families:
        fam: FamilySpec = get_family(fam_key)
        rng = stable_rng(seed, fam.id, src.theorem_id)
        item: dict[str, Any] = {
            "id": f"{src.theorem_id}__{fam.id}_{fam.name}",
            **base,
            "family": fam.name,
            "tier": fam.tier,
            "ground_truth": "TRUE",
            "canonical_nl": base_text,
        }
        try:
            if fam.is_formal:
                found = _certified_rewrite(fam, decl, seed, src.theorem_id, item["id"], backends, timeout)
                if isinstance(found, str):
                    out.skipped[fam.name] = found
                    continue
                app, new_decl, res = found
                trace = [app.trace()]
                cert = res.certificate.model_dump(mode="json", exclude_none=True)
                cert["rule_trace"] = trace
                item["lean4_statement"] = render_lean(new_decl)
                item["nl_question"] = canonical_question(new_decl)
                item["provenance"] = {**base["provenance"], "rule_trace": trace}
                item["certificate"] = _stable(cert)
            else:
                var = wording_variant(decl, fam.id, rng)
                if var is None:
                    out.skipped[fam.name] = "no construct this family rewords occurs in the statement"
                    continue
                template = {"family": fam.id, "id": "+".join(var.templates), "vetted": fam.tier == "T2"}
                item["lean4_statement"] = src.statement.strip()
                item["nl_question"] = var.question
                item["provenance"] = {**base["provenance"], "template": template}
                res = certify_pair(
                    decl, decl, family=fam.id, backends=backends, timeout=timeout, item_id=item["id"],
                    provenance=item["provenance"],
                )
                cert = res.certificate.model_dump(mode="json", exclude_none=True)
                cert["template"] = template
                item["certificate"] = _stable(cert)
            out.items.append(item)
        except EnglishUnsupported as exc:
            out.skipped[fam.name] = f"no English rendering: {exc}"
        except Exception as exc:  # isolate: one family failing costs one item
            out.skipped[fam.name] = f"{type(exc).__name__}: {exc}"

    if false_siblings:
        _add_false_sibling(out, src, decl, prop, base, seed)
    return out


_MAX_REWRITE_TRIES = 6
_MAX_UNDECIDED = 2  # stop after this many unknown/timeouts: a hard statement costs seconds, not minutes


def _certified_rewrite(  # type: ignore[no-untyped-def]
    fam: FamilySpec,
    decl: Declaration,
    seed: int,
    key: str,
    item_id: str,
    backends: Sequence[str],
    timeout: float,
):
    """The first (in seeded order) rewrite of the family whose English differs from the
    canonical sentence (:func:`rewrite_candidates`) and which the certifier certifies
    against the canonical.

    Returns ``(application, declaration, result)`` or a reason string.  Candidates that are
    vacuous (e.g. an identity rewritten into a tautology) or otherwise not certified are
    passed over: the release only carries items that meet their tier's evidence."""
    from certibench.verify.certifier import certify_pair

    cands = rewrite_candidates(decl, fam.id, seed, key)
    if not cands:
        return "no rule of this family applies to the statement (or none changes its reading)"
    seen: dict[str, int] = {}
    tries = 0
    for app in cands:
        if tries >= _MAX_REWRITE_TRIES:
            break
        tries += 1
        new_decl = closed_declaration(decl, app.result, _lean_name(key, fam.name))
        trace = [app.trace()]
        res = certify_pair(
            decl, new_decl, family=fam.id, axioms=list(app.rule.spec.axioms), backends=backends,
            timeout=timeout, item_id=item_id, provenance={"rule_trace": trace},
        )
        if res.verdict == "certified":
            return app, new_decl, res
        seen[res.verdict] = seen.get(res.verdict, 0) + 1
        if seen.get("unknown", 0) + seen.get("error", 0) >= _MAX_UNDECIDED:
            break
    if not seen:
        return "every rewrite of this family reads the same as the canonical sentence"
    counts = ", ".join(f"{v}: {n}" for v, n in sorted(seen.items()))
    return f"no certified rewrite among {tries} tried ({counts})"


def _add_false_sibling(
    out: StatementOutcome, src: SourceStatement, decl: Declaration, prop: Expr, base: dict[str, Any], seed: int
) -> None:
    from certibench.families.wording import canonical_question
    from certibench.generate.false_siblings import false_sibling
    from certibench.logic.render_lean import render_lean

    try:
        sib = false_sibling(prop, seed, src.theorem_id)
    except Exception as exc:
        out.skipped["false_sibling"] = f"{type(exc).__name__}: {exc}"
        return
    if sib is None:
        out.skipped["false_sibling"] = "no one-edit mutation with a concrete counterexample was found"
        return
    if not _z3_confirms_false(sib.mutation.prop, sib.counterexample):
        out.skipped["false_sibling"] = "counterexample not confirmed by Z3"
        return
    tid = f"{src.theorem_id}__false"
    new_decl = closed_declaration(decl, sib.mutation.prop, _lean_name(src.theorem_id, "false"))
    mutation = {
        "kind": sib.mutation.kind,
        "path": list(sib.mutation.path),
        "before": sib.mutation.before,
        "after": sib.mutation.after,
    }
    cert = {
        "verdict": "refuted",
        "backend": "concrete+z3",
        "reason": "one-edit mutation refuted by a concrete counterexample (exact ground evaluation, confirmed by Z3)",
        "counterexample": sib.counterexample_json(),
        "mutation": mutation,
        "paraphrase_lean": render_lean(new_decl),
    }
    out.items.append(
        {
            "id": f"{tid}__canonical",
            **{**base, "theorem_id": tid},
            "family": "canonical",
            "tier": None,
            "lean4_statement": render_lean(new_decl),
            "nl_question": canonical_question(new_decl),
            "ground_truth": "FALSE",
            "provenance": {**base["provenance"], "sibling_of": src.theorem_id, "mutation": mutation},
            "certificate": cert,
        }
    )


# --------------------------------------------------------------------------------------
# Whole corpus
# --------------------------------------------------------------------------------------


Task = tuple[SourceStatement, tuple[str, ...], int, bool, float]


def _worker(args: Task) -> StatementOutcome:
    src, fams, seed, fs, timeout = args
    return generate_statement(src, fams, seed=seed, false_siblings=fs, timeout=timeout)


def hard_limit(timeout: float, n_families: int) -> float:
    """Wall-clock bound for one statement: generous against the per-check solver timeouts
    (a few candidates × a few queries per family), and a guard against a solver that does
    not honour its own timeout."""
    return max(60.0, timeout * 8 * max(1, n_families))


def _wording_only(task: Task, message: str) -> StatementOutcome:
    """A statement whose formal checks overran the hard limit keeps its canonical item and
    its wording (T2/T3) items, which need no solver; its T1 families and false sibling are
    reported as skipped, never certified."""
    src, fams, seed, _fs, timeout = task
    wording = tuple(f for f in fams if not get_family(f).is_formal)
    out = generate_statement(src, wording, seed=seed, false_siblings=False, timeout=timeout)
    for f in fams:
        if get_family(f).is_formal:
            out.skipped[get_family(f).name] = f"formal check stopped: {message}"
    out.skipped["false_sibling"] = f"not attempted: {message}"
    return out


def generate_items(
    sources: Sequence[SourceStatement],
    families: Iterable[str] | None = None,
    *,
    seed: int = 0,
    false_siblings: bool = False,
    timeout: float = 10.0,
    jobs: int = 1,
    on_progress: Callable[[int, StatementOutcome], None] | None = None,
    executor: Executor | None = None,
) -> list[StatementOutcome]:
    """Generate for every source, in input order.  With ``jobs >= 1`` each statement runs in
    an isolated worker process with a hard wall-clock limit (:func:`hard_limit`): a solver
    that ignores its timeout, or crashes, costs that statement's formal items only.
    ``jobs = 0`` runs in this process without isolation (for debugging).  ``executor`` runs
    the tasks (default: this machine's pool; :func:`certibench.verify.ray_pool.select_executor`
    gives Ray, with the same output byte for byte)."""
    from certibench.verify.pool import run_isolated

    ids = [get_family(f).id for f in families] if families else [f.id for f in all_families()]
    fams = tuple(dict.fromkeys(ids))  # a family named twice (F6 and "order") is generated once
    tasks: list[Task] = [(s, fams, seed, false_siblings, timeout) for s in sources]
    return (executor or run_isolated)(
        tasks,
        _worker,
        jobs=jobs,
        hard_timeout=hard_limit(timeout, len(fams)),
        on_failure=_wording_only,
        progress=on_progress,
    )


def write_items(path: str | os.PathLike[str], outcomes: Sequence[StatementOutcome]) -> int:
    """Write all items as JSONL (stable key order as built; UTF-8)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with p.open("w", encoding="utf-8") as fh:
        for o in outcomes:
            for it in o.items:
                row = {k: v for k, v in it.items() if v is not None}
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
                n += 1
    return n


def write_proofs(directory: str | os.PathLike[str], outcomes: Sequence[StatementOutcome], command: str) -> dict[str, Any]:
    """Certificates of every item: ``DIR/certificates/<id>.json`` (+ ``.smt2`` where a
    solver script exists) and ``DIR/MANIFEST.json`` with verdict counts and digests."""
    d = Path(directory)
    cdir = d / "certificates"
    cdir.mkdir(parents=True, exist_ok=True)
    for old in cdir.glob("*"):
        old.unlink()
    counts: dict[str, int] = {}
    digests: dict[str, str] = {}
    for o in outcomes:
        for it in o.items:
            cert = it.get("certificate")
            if not cert:
                continue
            verdict = str(cert.get("verdict"))
            counts[verdict] = counts.get(verdict, 0) + 1
            text = json.dumps({"id": it["id"], "theorem_id": it["theorem_id"], "family": it["family"],
                               "certificate": cert}, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            (cdir / f"{it['id']}.json").write_text(text, encoding="utf-8")
            digests[it["id"]] = hashlib.sha256(text.encode()).hexdigest()
            smt2 = _find_smt2(cert)
            if smt2:
                (cdir / f"{it['id']}.smt2").write_text(smt2, encoding="utf-8")
    lean_goals, lean_skipped = _write_lean_batch(d / "Release.lean", outcomes)
    manifest = {
        "generator": GENERATOR,
        "command": command,
        "verdicts": dict(sorted(counts.items())),
        "lean_batch": {"file": "Release.lean", "goals": lean_goals, "not_rendered": lean_skipped,
                       "check": "lake env lean proofs/Release.lean  (needs a Lean 4 + Mathlib toolchain)"},
        "certificates": dict(sorted(digests.items())),
    }
    (d / "MANIFEST.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return manifest


def _write_lean_batch(path: Path, outcomes: Sequence[StatementOutcome]) -> tuple[int, int]:
    """One Lean file with the generalized ``↔`` goal of every certified T1 item (theorem-
    specific symbols as variables, only the rule's definitional axioms as hypotheses), each
    closed by the ``certibench_equiv`` tactic ladder and followed by ``#print axioms``.
    Where a Lean toolchain exists, ``lake env lean`` on it re-checks the release's formal
    certificates independently of Z3."""
    from certibench.families.registry import get_axiom
    from certibench.logic.parser import parse_prop
    from certibench.verify.antiunify import abstract_pair
    from certibench.verify.backends.lean import LeanGoal, goal_statement, write_batch
    from certibench.verify.backends.z3 import make_can_translate

    canon: dict[str, dict[str, Any]] = {}
    goals: list[LeanGoal] = []
    skipped = 0
    for o in outcomes:
        for it in o.items:
            if it["family"] == "canonical":
                canon[it["theorem_id"]] = it
                continue
            cert = it.get("certificate") or {}
            if it.get("tier") != "T1" or cert.get("verdict") != "certified":
                continue
            try:
                a = parse_declaration_prop(canon[it["theorem_id"]]["lean4_statement"])
                b = parse_declaration_prop(it["lean4_statement"])
                axioms = [get_axiom(x) for step in it["provenance"]["rule_trace"] for x in step["axioms"]]
                # the same abstraction the Z3 certificate used (shared atoms or not), so the
                # Lean goal states exactly what was certified non-vacuously
                shared = "shared atoms" in str((cert.get("abstracted_lean") or {}).get("abstraction", ""))
                ab = abstract_pair(a, b, axioms=axioms, parse_prop=parse_prop, can_translate=make_can_translate(),
                                   share_atoms=shared)
                name = "cb_goal_" + "".join(c if c.isalnum() else "_" for c in it["id"])
                goals.append(LeanGoal(key=it["id"], name=name, statement=goal_statement(ab, name), nonvacuous=True))
            except Exception:  # a construct the Lean renderer cannot state: counted, never faked
                skipped += 1
    write_batch(goals, path)
    return len(goals), skipped


def parse_declaration_prop(text: str) -> Expr:
    from certibench.logic.parser import parse_declaration

    return parse_declaration(text).as_prop()


def _find_smt2(cert: dict[str, Any]) -> str | None:
    for key in ("smt2", "equivalence_smt2"):
        v = cert.get(key)
        if isinstance(v, str) and v.strip():
            return v
    for chk in cert.get("checks", []) or []:
        if isinstance(chk, dict) and isinstance(chk.get("smt2"), str):
            return chk["smt2"]
    return None
