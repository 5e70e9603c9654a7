"""Certify that a paraphrase means exactly what its canonical statement means.

:func:`certify_pair` checks one pair (Lean statement texts, parsed ASTs or ``Item``s);
:func:`certify_items` checks every non-canonical item of a file against the canonical item
of its ``theorem_id``, in isolated worker processes, then runs the Lean batch once.

Order of evidence for one pair:

0. an NL-only pair (no ``lean4_statement`` on a side) can only be vouched for by a review;
1. parse both statements (a malformed one is ``error`` with the parser's message);
2. *same formula* (textually or up to bound-variable names): formal checking would prove
   ``A ↔ A`` — certifying nothing about the English rewording.  Only a vetted template
   record (T2 guarantee) or a human review can vouch for such an item; otherwise
   ``needs_review``;
3. different formulas: Z3 under the non-vacuity abstraction (``certified``/``refuted``/
   ``vacuous``/``unknown``), then SymPy for term identities, then the Lean batch;
4. T3 families always need a recorded human review (a formal proof is recorded, but the
   verdict stays ``needs_review`` until a reviewer approves); an undecided pair may also
   be settled by a review, and a recorded rejection always applies.  ``refuted``/``vacuous``
   from a formal backend are never overridden by a review.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from certibench.logic.ast import Declaration, Expr
from certibench.schema import Item, normalize_tier
from certibench.verify.certificate import DECISIVE, AxiomRecord, BackendAttempt, Certificate, fill_certificate
from certibench.verify.policy import is_false_sibling, meets_tier, required_evidence
from certibench.verify.review import ReviewDecision, ReviewLedger, pair_hash

if TYPE_CHECKING:  # pragma: no cover
    from certibench.verify.ray_pool import Executor

ALL_BACKENDS: tuple[str, ...] = ("z3", "sympy", "lean")


class _SameText(Exception):
    """Internal: the two statements are the same text (no parse needed)."""


class CertResult(BaseModel):
    """The verdict on one pair, with its certificate."""

    verdict: str
    backend: str | None = None
    reason: str = ""
    family: str | None = None
    tier: str = "T3"
    certificate: Certificate
    lean_goal: dict[str, Any] | None = Field(default=None, description="pending generalized goal for the Lean batch")


class ItemVerdict(BaseModel):
    """One row of ``certibench certify --json``."""

    id: str
    theorem_id: str | None = None
    family: str | None = None
    tier: str = "T3"
    verdict: str
    backend: str | None = None
    reason: str = ""
    meets_tier: bool = False
    certificate: dict[str, Any] = Field(default_factory=dict)


# --------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------


def _family_spec(family: str | None) -> Any | None:
    if not family or family.lower() == "canonical":
        return None
    try:
        from certibench.families.registry import get_family

        return get_family(family)
    except KeyError:
        return None
    except Exception:  # the family library is unavailable or malformed: treat as unknown
        return None


def resolve_tier(family: str | None, item_tier: str | None = None, explicit: str | None = None) -> str:
    """Explicit tier > the family's tier > the item's own tier > T3."""
    if explicit:
        return normalize_tier(explicit) or "T3"
    spec = _family_spec(family)
    if spec is not None:
        return str(spec.tier)
    try:
        return normalize_tier(item_tier) or "T3"
    except ValueError:
        return "T3"


def _trace_axioms(prov: Any, cert: Any) -> list[str] | None:
    """Axiom names a recorded rule trace says its rewrites used (``None``: no trace)."""
    for src in (prov, cert):
        if isinstance(src, dict) and isinstance(src.get("rule_trace"), list):
            steps = [x for x in src["rule_trace"] if isinstance(x, dict)]
            if steps and all(isinstance(x.get("axioms"), list) for x in steps):
                return [a for x in steps for a in x["axioms"] if isinstance(a, str)]
    return None


def _resolve_axioms(axioms: Sequence[Any] | None, spec: Any | None) -> list[Any]:
    """The definitional axioms a check may assume: the caller's list, else the recorded rule
    trace's (set by the caller), else the family's, else — for a pair of unknown family —
    every axiom of the library (only those whose symbols occur are ever assumed)."""
    if axioms is not None:
        out = []
        for a in axioms:
            if isinstance(a, str):
                from certibench.families.registry import get_axiom

                out.append(get_axiom(a))
            else:
                out.append(a)
        return out
    try:
        if spec is not None:
            return list(spec.axioms)
        from certibench.families.registry import all_axioms

        return list(all_axioms())
    except Exception:  # no family library: no axioms offered
        return []


def _statement(x: Any) -> tuple[str | None, Expr | None]:
    """(text, parsed) for a Lean text, an Item/dict, a Declaration or an Expr."""
    if isinstance(x, Declaration):
        return None, x.as_prop()
    if isinstance(x, Item):
        return x.lean4_statement, None
    if isinstance(x, dict):
        v = x.get("lean4_statement")
        if v is not None and not isinstance(v, str):
            raise TypeError(f"lean4_statement must be a string, not {type(v).__name__}")
        return v, None
    if isinstance(x, str):
        return x, None
    from certibench.logic.ast import EXPR_TYPES

    if isinstance(x, EXPR_TYPES):
        return None, x
    raise TypeError(f"cannot certify a {type(x).__name__}: give Lean text, an Item, a Declaration or an AST")


def parse_statement(text: str) -> Expr:
    """A closed proposition from a Lean declaration or a bare proposition."""
    from certibench.logic.parser import parse_declaration

    return parse_declaration(text).as_prop()


def _render(e: Expr) -> str:
    from certibench.verify.backends.z3 import _render as r

    return r(e)


def _rule_trace(prov: Any, cert: Any) -> list[str]:
    for src in (prov, cert):
        if isinstance(src, dict) and isinstance(src.get("rule_trace"), list):
            return [x if isinstance(x, str) else json.dumps(x, ensure_ascii=False, sort_keys=True) for x in src["rule_trace"]]
    return []


# --------------------------------------------------------------------------------------
# One pair
# --------------------------------------------------------------------------------------


def certify_pair(
    canonical: Any,
    paraphrase: Any,
    *,
    family: str | None = None,
    tier: str | None = None,
    axioms: Sequence[Any] | None = None,
    backends: Sequence[str] = ALL_BACKENDS,
    timeout: float = 10.0,
    ledger: ReviewLedger | str | Path | None = None,
    item_id: str | None = None,
    provenance: dict[str, Any] | None = None,
    item_certificate: dict[str, Any] | None = None,
    defer_lean: bool = False,
    lean_dir: Path | None = None,
    cvc5_recheck: bool = True,
) -> CertResult:
    """Certify one pair; never raises for bad input (``error`` verdict instead).

    ``canonical``/``paraphrase``: Lean statement texts, ``Item``s (their
    ``lean4_statement``; their NL text joins the review hash), ``Declaration``s or closed
    proposition ASTs.  ``defer_lean`` leaves the Lean goal in ``lean_goal`` for a batch.
    """
    t0 = time.perf_counter()
    para_item = paraphrase if isinstance(paraphrase, (Item, dict)) else None
    if para_item is not None:
        get = para_item.get if isinstance(para_item, dict) else (lambda k: getattr(para_item, k, None))
        family = family or get("family")
        item_id = item_id or get("id")
        provenance = provenance if provenance is not None else get("provenance")
        item_certificate = item_certificate if item_certificate is not None else get("certificate")
        item_tier = get("tier")
    else:
        item_tier = None
    spec = _family_spec(family)
    try:
        the_tier = resolve_tier(family, item_tier, tier)
    except ValueError:
        the_tier = "T3"
    fam_label = spec.name if spec is not None else family
    cert = Certificate(verdict="unknown", backend="none", family=fam_label, tier=the_tier)
    cert.rule_trace = _rule_trace(provenance, item_certificate)
    if isinstance(ledger, (str, Path)):
        ledger = ReviewLedger(ledger)

    def done(verdict: str, backend: str | None, reason: str, lean_goal: dict[str, Any] | None = None) -> CertResult:
        cert.verdict = verdict
        cert.backend = backend or "none"
        cert.reason = reason
        cert.timings["total"] = time.perf_counter() - t0
        return CertResult(
            verdict=verdict, backend=backend, reason=reason, family=fam_label, tier=the_tier, certificate=cert, lean_goal=lean_goal
        )

    try:
        can_text, can_ast = _statement(canonical)
        par_text, par_ast = _statement(paraphrase)
    except TypeError as exc:
        return done("error", None, str(exc))
    cert.canonical_lean = can_text if can_text is not None else (_render(can_ast) if can_ast is not None else None)
    cert.paraphrase_lean = par_text if par_text is not None else (_render(par_ast) if par_ast is not None else None)
    # the reviewed text pair: items hash their English and formal text, anything else its Lean text
    review_hash = pair_hash(
        canonical if isinstance(canonical, (str, Item, dict)) else (cert.canonical_lean or ""),
        paraphrase if isinstance(paraphrase, (str, Item, dict)) else (cert.paraphrase_lean or ""),
    )
    decision = ledger.latest(item_id, review_hash) if (ledger is not None and item_id) else None

    def by_review(d: ReviewDecision, lean_goal: dict[str, Any] | None = None) -> CertResult:
        """The verdict a recorded human decision gives (approve ⇒ certified, reject ⇒ refuted)."""
        cert.review = d.model_dump(mode="json")
        what = "approved" if d.decision == "approve" else "rejected"
        reason = f"{what} by {d.reviewer} at {d.time}: {d.comment}".rstrip(": ")
        return done("certified" if d.decision == "approve" else "refuted", "review", reason, lean_goal)

    # 0. NL-only items (no formal statement on a side): only a human review can vouch -------
    missing = [w for w, t, a in (("canonical", can_text, can_ast), ("paraphrase", par_text, par_ast)) if a is None and not (t and t.strip())]
    if missing:
        if decision is not None:
            return by_review(decision)
        return done("needs_review", None, f"no lean4_statement on the {' and '.join(missing)} side: nothing formal to check; needs a recorded human review")

    # 1. parse (textually identical statements need no parse: step 2 decides them) -------
    same_text = can_text is not None and par_text is not None and can_text.strip() == par_text.strip() and bool(can_text.strip())
    try:
        if same_text:
            raise _SameText
        if can_ast is None:
            if not can_text or not can_text.strip():
                return done("error", None, "canonical item has no lean4_statement")
            can_ast = parse_statement(can_text)
        if par_ast is None:
            if not par_text or not par_text.strip():
                return done("error", None, "item has no lean4_statement")
            par_ast = parse_statement(par_text)
    except _SameText:
        pass
    except ImportError as exc:
        return done("error", None, f"the Lean-statement parser is unavailable: {exc}")
    except Exception as exc:  # ParseError and elaboration errors: reported per item
        which = "canonical" if can_ast is None else "paraphrase"
        msg = getattr(exc, "short", None) or str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return done("error", None, f"{which} statement does not parse: {msg}")
    cert.timings["parse"] = time.perf_counter() - t0

    # 2. same formula -------------------------------------------------------------------
    from certibench.verify.antiunify import alpha_equal

    same = same_text or alpha_equal(can_ast, par_ast)  # type: ignore[arg-type]
    if same:
        from certibench.verify.backends.template import template_record

        rec = template_record(provenance, item_certificate, family)
        if rec is not None and the_tier != "T3":
            cert.template = rec
            cert.attempts.append(BackendAttempt(backend="template", verdict="certified", reason="same formula, vetted template"))
            return done("certified", "template", f"same formula; English from vetted template {rec.get('id')!r} of family {rec.get('family')}")
        if decision is not None:
            return by_review(decision)
        why = "formal statement is the same formula as the canonical's: the NL rewording is not tied to any formula"
        if ledger is not None and item_id and ledger.superseded_pairs(item_id, review_hash):
            why += " (a review exists for an earlier text of this item; it does not apply)"
        return done("needs_review", None, f"{why}; needs {required_evidence(the_tier)}")

    # 3. formal backends ------------------------------------------------------------------
    if axioms is None:
        axioms = _trace_axioms(provenance, item_certificate)  # "only the axioms the rule names"
    try:
        offered = _resolve_axioms(axioms, spec)
    except KeyError as exc:
        return done("error", None, f"unknown definitional axiom {exc.args[0]!r} (not in any family spec)")
    attempts = cert.attempts
    verdict, backend, reason = "unknown", None, ""
    z3_out = None
    lean_goal: dict[str, Any] | None = None
    if "z3" in backends:
        from certibench.verify.backends import z3 as z3b

        q0 = time.perf_counter()
        try:
            z3_out = z3b.check_pair(
                z3b.declaration_of(can_text, can_ast), z3b.declaration_of(par_text, par_ast),
                axioms=offered, cvc5=cvc5_recheck,
            )
        except Exception as exc:  # a translator bug costs this pair only
            z3_out = None
            attempts.append(BackendAttempt(backend="z3", verdict="error", reason=f"{type(exc).__name__}: {exc}", seconds=time.perf_counter() - q0))
        if z3_out is not None:
            attempts.append(BackendAttempt(backend="z3", verdict=z3_out.verdict, reason=z3_out.reason, seconds=time.perf_counter() - q0))
            fill_certificate(cert, z3_out)
            if z3_out.verdict in DECISIVE:
                verdict, backend, reason = z3_out.verdict, "z3", z3_out.reason
            else:
                reason = f"z3: {z3_out.reason}"
    if verdict not in DECISIVE and "sympy" in backends:
        from certibench.verify.backends import sympy as spb

        q0 = time.perf_counter()
        s_out = spb.check_pair(can_ast, par_ast, timeout=timeout)
        attempts.append(BackendAttempt(backend="sympy", verdict=s_out.verdict, reason=s_out.reason, seconds=time.perf_counter() - q0))
        cert.sympy = {"pairs": [list(p) for p in s_out.pairs], "results": s_out.results}
        if s_out.verdict == "certified":
            verdict, backend, reason = "certified", "sympy", s_out.reason
        else:
            reason = (reason + "; " if reason else "") + f"sympy: {s_out.reason}"
    if verdict not in DECISIVE and "lean" in backends:
        # Lean sees the statements with theorem-specific symbols as variables, but no opaque
        # atoms (Lean understands sums, sets, typeclasses).  Non-vacuity comes from a Z3
        # model of ¬A' over that same abstraction, with an exact encoding.
        goal = None
        try:
            from certibench.verify.antiunify import abstract_pair

            lean_ab = abstract_pair(can_ast, par_ast, axioms=offered)
            nonvac = bool(z3_out is not None and z3_out.nonvacuous)
            goal = _lean_goal(lean_ab, nonvac, item_id or "pair")
        except Exception as exc:  # an axiom that does not parse, a renderer gap …
            attempts.append(BackendAttempt(backend="lean", verdict="error", reason=f"abstraction failed: {exc}"))
        if goal is None:
            if not any(a.backend == "lean" for a in attempts):
                attempts.append(BackendAttempt(backend="lean", verdict="unknown", reason="no generalized goal"))
        elif defer_lean:
            lean_goal = goal
        else:
            lean_res = run_lean_goals([goal], lean_dir=lean_dir, timeout=max(120.0, timeout * 4))[0]
            attempts.append(BackendAttempt(backend="lean", verdict=lean_res["verdict"], reason=lean_res["reason"]))
            cert.lean = lean_res
            if lean_res["verdict"] == "certified":
                verdict, backend, reason = "certified", "lean", lean_res["reason"]

    # 4. tier policy and review --------------------------------------------------------------
    if verdict in ("refuted", "vacuous"):
        return done(verdict, backend, reason)
    # A rejection always applies (the reviewer judged the English, which no formula covers);
    # an approval settles only T3 items and pairs no backend decided.
    if decision is not None and (decision.decision == "reject" or the_tier == "T3" or verdict != "certified"):
        return by_review(decision, lean_goal)
    if the_tier == "T3" and not is_false_sibling(para_item):
        prefix = f"{backend} certified the formulas, but " if verdict == "certified" else ""
        return done("needs_review", None, f"{prefix}this T3 item needs a recorded human review", lean_goal)
    if verdict == "certified":
        return done(verdict, backend, reason, lean_goal)
    if not reason:
        reason = "; ".join(f"{a.backend}: {a.reason}" for a in attempts) or "no backend was run"
    return done(_undecided(attempts), None, reason, lean_goal)


def _cvc5_confirm(cert: Certificate, verdict: str, reason: str, timeout: float) -> tuple[str, str]:
    """Replay the saved SMT-LIB2 through cvc5 (when installed).  A decisive contrary answer
    means the solvers disagree: the pair becomes ``unknown``.  ``unknown`` from cvc5 (common
    for satisfiable quantified queries) leaves Z3's verdict standing, recorded as such."""
    from certibench.verify.certificate import cvc5_available, recheck_detail

    if not cvc5_available():
        return verdict, reason
    q0 = time.perf_counter()
    try:
        got = recheck_detail(cert, timeout=min(timeout, 5.0), solvers=("cvc5",)).get("cvc5", "unknown")
    except Exception as exc:  # a cvc5 parse failure is recorded, never fatal
        got = f"error: {type(exc).__name__}: {exc}"[:200]
    cert.recheck["cvc5"] = got
    cert.timings["cvc5_recheck"] = time.perf_counter() - q0
    if got in DECISIVE and got != verdict:
        return "unknown", f"Z3 says {verdict} but cvc5 says {got} on the same SMT-LIB2: solvers disagree"
    return verdict, reason + ("; cvc5 agrees" if got == verdict else "")


def _undecided(attempts: Iterable[BackendAttempt]) -> str:
    vs = [a.verdict for a in attempts]
    if "unknown" in vs:
        return "unknown"
    if "unavailable" in vs:
        return "unavailable"
    if "error" in vs:
        return "error"
    return "unknown"


def _lean_goal(ab: Any, nonvacuous: bool, key: str) -> dict[str, Any]:
    from certibench.verify.backends.lean import goal_statement

    name = "cb_" + "".join(c if c.isalnum() else "_" for c in key)[:80]
    try:
        text = goal_statement(ab, name)
    except Exception as exc:  # no Lean renderer, or an unrenderable construct
        return {"key": key, "name": name, "statement": None, "error": f"{type(exc).__name__}: {exc}", "nonvacuous": False}
    return {"key": key, "name": name, "statement": text, "nonvacuous": nonvacuous}


def run_lean_goals(goals: Sequence[dict[str, Any]], *, lean_dir: Path | None = None, timeout: float = 900.0) -> list[dict[str, Any]]:
    """Check pending Lean goals in one batch file; one result dict per goal."""
    import tempfile

    from certibench.verify.backends.lean import LeanGoal, lean_available, run_batch

    results: dict[str, dict[str, Any]] = {}
    batch: list[LeanGoal] = []
    used: set[str] = set()
    for g in goals:
        if not g.get("statement"):
            results[g["key"]] = {"verdict": "unknown", "reason": f"no Lean goal: {g.get('error', 'unrenderable')}"}
            continue
        name = g["name"]
        i = 2
        while name in used:
            name = f"{g['name']}_{i}"
            i += 1
        used.add(name)
        stmt = g["statement"].replace(f"theorem {g['name']}", f"theorem {name}", 1)
        batch.append(LeanGoal(key=g["key"], name=name, statement=stmt, nonvacuous=bool(g.get("nonvacuous"))))
    if batch and lean_dir is None and not lean_available():
        # nothing to run and nowhere asked to keep the file: no temporary batch is written
        for g in batch:
            results[g.key] = {"verdict": "unavailable", "reason": "no Lean 4 toolchain (lake/lean not on PATH)"}
        batch = []
    if batch:
        if lean_dir is None:
            lean_dir = Path(tempfile.mkdtemp(prefix="certibench-lean-"))
        path = Path(lean_dir) / "certibench_batch.lean"
        for r, g in zip(run_batch(batch, path=path, timeout=timeout), batch, strict=True):
            results[r.key] = {
                "verdict": r.verdict,
                "reason": r.reason,
                "file": str(path),
                "theorem": g.name,
                "lines": [g.first_line, g.last_line],
                "axioms": r.axioms,
                "messages": r.messages[:5],
            }
    return [results[g["key"]] for g in goals]


# --------------------------------------------------------------------------------------
# Many items
# --------------------------------------------------------------------------------------


_Z3_MEMORY_MB = 4096
_LEDGERS: dict[str, ReviewLedger] = {}


def _task(payload: dict[str, Any]) -> dict[str, Any]:
    """Worker entry point: one item against its canonical (plain dicts in and out)."""
    import z3

    z3.set_param("memory_max_size", int(payload.get("z3_memory_mb", _Z3_MEMORY_MB)))  # a blow-up fails this item
    item = Item.model_validate(payload["item"])
    canonical = Item.model_validate(payload["canonical"]) if payload.get("canonical") else None
    tier = resolve_tier(item.family, item.tier)
    if canonical is None:
        res = None
        row = ItemVerdict(
            id=item.id, theorem_id=item.theorem_id, family=item.family, tier=tier, verdict="error",
            reason=f"no canonical item for theorem_id {item.theorem_id!r}",
            certificate=Certificate(verdict="error", backend="none", reason="no canonical item", tier=tier).model_dump(mode="json"),
        )
        return {"row": row.model_dump(mode="json"), "lean_goal": None}
    ledger = None
    if payload.get("ledger"):
        ledger = _LEDGERS.get(payload["ledger"])
        if ledger is None:  # one reader per worker process (it re-reads only when the file changes)
            ledger = _LEDGERS[payload["ledger"]] = ReviewLedger(payload["ledger"])
    res = certify_pair(
        canonical, item, tier=tier, backends=payload["backends"], timeout=payload["timeout"],
        ledger=ledger, defer_lean=True, cvc5_recheck=payload.get("cvc5", True),
    )
    row = ItemVerdict(
        id=item.id, theorem_id=item.theorem_id, family=res.family or item.family, tier=res.tier, verdict=res.verdict,
        backend=res.backend, reason=res.reason, certificate=res.certificate.model_dump(mode="json"),
    )
    row.meets_tier = meets_tier(item, row)
    return {"row": row.model_dump(mode="json"), "lean_goal": res.lean_goal}


def _failure(payload: dict[str, Any], message: str) -> dict[str, Any]:
    item = payload["item"]
    verdict = "unknown" if message.startswith("hard timeout") else "error"
    tier = "T3"
    try:
        tier = resolve_tier(item.get("family"), item.get("tier"))
    except Exception:  # keep the default
        pass
    row = ItemVerdict(
        id=item.get("id", "?"), theorem_id=item.get("theorem_id"), family=item.get("family"), tier=tier,
        verdict=verdict, reason=message,
        certificate=Certificate(verdict=verdict, backend="none", reason=message, tier=tier).model_dump(mode="json"),
    )
    return {"row": row.model_dump(mode="json"), "lean_goal": None}


def certify_items(
    items: Sequence[Item],
    *,
    jobs: int = 1,
    timeout: float = 10.0,
    backends: Sequence[str] = ALL_BACKENDS,
    ledger: str | Path | None = None,
    progress: Callable[[int, ItemVerdict], None] | None = None,
    lean_dir: Path | None = None,
    cvc5_recheck: bool = True,
    executor: Executor | None = None,
) -> list[ItemVerdict]:
    """Certify every non-canonical item against its theorem's canonical item.

    ``jobs`` worker processes (``0``: in this process, no isolation — for benchmarks and
    debugging).  Each item is isolated: a crash or blow-up costs that item (``error`` /
    ``unknown``), never the run.  Lean goals left undecided are checked in one batch at the
    end (written to ``lean_dir`` when given).  ``executor`` runs the per-item tasks (default:
    this machine's isolating pool; :func:`certibench.verify.ray_pool.select_executor` gives Ray)."""
    from certibench.verify.pool import run_isolated

    canon: dict[str, Item] = {}
    dup: set[str] = set()
    for it in items:
        if it.is_canonical:
            key = it.class_id
            if key in canon:
                dup.add(key)
            canon.setdefault(key, it)
    todo = [it for it in items if not it.is_canonical]
    payloads = [
        {
            "item": it.model_dump(mode="json"),
            "canonical": canon[it.class_id].model_dump(mode="json") if it.class_id in canon else None,
            "backends": list(backends),
            "timeout": float(timeout),
            "ledger": str(ledger) if ledger else None,
            "cvc5": cvc5_recheck,
        }
        for it in todo
    ]

    def on_progress(i: int, out: dict[str, Any]) -> None:
        if progress:
            progress(i, ItemVerdict.model_validate(out["row"]))

    hard = timeout * 4 + 30.0
    run = executor or run_isolated
    outs = run(payloads, _task, jobs=jobs, hard_timeout=hard, on_failure=_failure, progress=on_progress)
    rows = [ItemVerdict.model_validate(o["row"]) for o in outs]
    for r in rows:
        if r.theorem_id in dup:
            r.reason += f" (note: theorem {r.theorem_id} has several canonical items; the first was used)"
    pending = [(k, o["lean_goal"]) for k, o in enumerate(outs) if o.get("lean_goal")]
    if pending and "lean" in backends:
        lean_results = run_lean_goals([g for _, g in pending], lean_dir=lean_dir, timeout=max(600.0, timeout * len(pending)))
        for (k, _g), lr in zip(pending, lean_results, strict=True):
            row = rows[k]
            cert = Certificate.model_validate(row.certificate)
            cert.lean = lr
            cert.attempts.append(BackendAttempt(backend="lean", verdict=lr["verdict"], reason=lr["reason"]))
            if lr["verdict"] == "certified" and row.verdict in ("unknown", "unavailable", "error"):
                row.verdict, row.backend, row.reason = "certified", "lean", lr["reason"]
                cert.verdict, cert.backend, cert.reason = "certified", "lean", lr["reason"]
            elif row.verdict in ("unknown", "unavailable", "error") and not any(
                a.verdict == "unknown" for a in cert.attempts if a.backend != "lean"
            ):
                row.verdict = cert.verdict = _undecided(cert.attempts)
                row.reason = cert.reason = (row.reason + "; " if row.reason else "") + f"lean: {lr['reason']}"
            row.certificate = cert.model_dump(mode="json")
            row.meets_tier = meets_tier(todo[k], row)
    return rows


def summarize(rows: Iterable[ItemVerdict]) -> dict[str, int]:
    from certibench.schema import VERDICTS

    out = dict.fromkeys(VERDICTS, 0)
    for r in rows:
        out[r.verdict] = out.get(r.verdict, 0) + 1
    return out


__all__ = [
    "AxiomRecord",
    "CertResult",
    "ItemVerdict",
    "certify_items",
    "certify_pair",
    "resolve_tier",
    "run_lean_goals",
    "summarize",
]
