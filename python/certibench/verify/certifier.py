"""Certify that a paraphrase means exactly what its canonical statement means.

:func:`certify_pair` checks one pair (Lean statement texts, ``Item``s or parsed
``Declaration``s); :func:`certify_items` checks every non-canonical item of a file against
the canonical item of its ``theorem_id`` in isolated worker processes, then runs the Lean
batch once.  One pair goes through four stages:

1. **inputs and parse** — both statements are parsed and type-checked, even when their
   texts are identical; an empty, whitespace-only or non-string statement, a parse error
   or an ill-typed statement is ``error`` (with the parser's position).  An item without
   any ``lean4_statement`` is an English-only pair that only a recorded review can vouch
   for.
2. **shortcuts** for two statements that are the same (up to bound-variable names,
   including their type/instance context): formal checking would prove ``A ↔ A`` and
   certify nothing about the English.  With no English on either side the pair is
   ``certified`` as identical; otherwise a template claim (T2) is re-checked against the
   project's template registry (re-rendering must reproduce the item's English exactly),
   or a recorded review decides, else ``needs_review``.
3. **formal backends** in order (``rewrite`` → ``smt`` → ``sympy`` → ``lean``; see
   :mod:`certibench.verify.backends.base`) until one is decisive.  Backends see the pair
   and a deterministic budget only — never the family label, the item's claims or the
   wall clock — so the same pair gets the same verdict in any run, batch, ``-j`` or load.
4. **tier policy** — T1 needs formal evidence, T2 a template or formal evidence, T3 a
   recorded human review (even when a formal backend certified the formulas).  A review
   never overrides ``refuted``/``vacuous``; a rejection always applies.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from certibench.logic.ast import EXPR_TYPES, Declaration, Expr
from certibench.schema import Item, normalize_tier
from certibench.verify.backends.base import (
    FORMAL_ORDER,
    BackendResult,
    Budget,
    PairInput,
    canonical_backend_name,
    get_backend,
)
from certibench.verify.backends.lean import lean_goal_for, run_lean_goals
from certibench.verify.certificate import (
    DECISIVE,
    FORMAT_VERSION,
    BackendAttempt,
    Certificate,
    fill_certificate,
)
from certibench.verify.kernel import alpha_eq, context_key, statement_prop
from certibench.verify.policy import is_false_sibling, meets_tier, required_evidence
from certibench.verify.review import ReviewDecision, ReviewLedger, pair_hash

#: Backends tried by default, in order.
ALL_BACKENDS: tuple[str, ...] = FORMAL_ORDER


class CertResult(BaseModel):
    """The verdict on one pair, with its certificate."""

    verdict: str
    backend: str | None = None
    reason: str = ""
    family: str | None = None
    tier: str = "T3"
    certificate: Certificate
    lean_goal: dict[str, Any] | None = Field(default=None, description="pending Lean goal for the batch")


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


class CertifyItem(Item):
    """An item as ``certify`` reads it: a statement of the wrong JSON type is kept (and
    reported as an ``error`` row) instead of dropping the whole record."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    lean4_statement: Any = None  # type: ignore[assignment]


class InputError(ValueError):
    """An input statement that cannot be certified (empty, not a string, …)."""


# --------------------------------------------------------------------------------------
# Families and tiers (labels decide the tier only, never the formal verdict)
# --------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _family_spec(family: str | None) -> Any | None:
    if not family or family.lower() == "canonical":
        return None
    from certibench.families.registry import FamilySpecError, get_family

    try:
        return get_family(family)
    except (KeyError, FamilySpecError):
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


# --------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------


class _Side:
    def __init__(self, text: str | None, decl: Declaration | None, nl: str | None, item: Any) -> None:
        self.text, self.decl, self.nl, self.item = text, decl, nl, item


def _get(x: Any, key: str) -> Any:
    if isinstance(x, dict):
        return x.get(key)
    return getattr(x, key, None)


def _side(x: Any, which: str) -> _Side:
    if isinstance(x, Declaration):
        return _Side(None, x, None, None)
    if isinstance(x, EXPR_TYPES):
        return _Side(None, Declaration(None, None, (), x), None, None)  # type: ignore[arg-type]
    if isinstance(x, Item | dict):
        v = _get(x, "lean4_statement")
        nl = _get(x, "nl_question")
        if v is not None and not isinstance(v, str):
            raise InputError(f"{which} lean4_statement must be a string, not {type(v).__name__}")
        if isinstance(v, str) and not v.strip():
            raise InputError(f"{which} lean4_statement is empty")
        return _Side(v, None, nl if isinstance(nl, str) else None, x)
    if isinstance(x, str):
        if not x.strip():
            raise InputError(f"{which} statement is empty")
        return _Side(x, None, None, None)
    raise InputError(f"cannot certify a {type(x).__name__}: give Lean text, an Item, a Declaration or an AST")


def parse_statement(text: str) -> Declaration:
    """A typed statement (declaration header or bare proposition); raises ``ParseError``.
    Parsing is a pure function of the text, so results are cached per process (a canonical
    statement is compared with each of its paraphrases)."""
    from certibench.logic.parser import parse_declaration_cached

    return parse_declaration_cached(text)


def statement_problem(decl: Declaration) -> str | None:
    """Why a parsed statement cannot be certified at all, or ``None``: it must be a closed
    proposition.  An identifier no binder introduces and no symbol table knows (``x`` in
    ``theorem t : x = 1``) is an error in Lean with Mathlib's settings (``autoImplicit``
    off); a text such as ``hello world`` is not a theorem, even when both sides say it."""
    from certibench.logic.ast import PROP, free_vars

    prop = statement_prop(decl)
    names = sorted({v.name for v in free_vars(prop)})
    if names:
        shown = ", ".join(names[:6]) + (", …" if len(names) > 6 else "")
        return (f"unknown identifier{'s' if len(names) > 1 else ''} {shown}: a statement must be closed "
                f"(bind each variable, e.g. ({names[0]} : ℕ))")
    if prop.sort != PROP:
        return "not a proposition"
    return None


_REFLEXIVE = frozenset({"=", "↔", "≤", "≥", "⊆", "∣", "→"})


def trivial_statement(decl: Declaration) -> bool:
    """Is the statement true by reflexivity alone: its conclusion is one of its own
    hypotheses, or every conjunct of it is ``t R t`` for a reflexive relation or ``True``?"""
    from certibench.logic.ast import BinOp, BoolLit, peel

    def conjuncts(es: Sequence[Expr]) -> list[Expr]:
        stack, out = list(es), []
        while stack:
            e = stack.pop()
            if isinstance(e, BinOp) and e.op == "∧":
                stack.extend((e.lhs, e.rhs))
            else:
                out.append(e)
        return out

    p = peel(statement_prop(decl))
    names = [n for n, _ in p.vars]
    # (with a shadowed name a hypothesis and the conclusion may speak of different variables)
    if len(set(names)) == len(names) and any(alpha_eq(p.concl, h) for h in p.hyps):
        return True

    def reflexive(e: Expr) -> bool:
        if isinstance(e, BoolLit):
            return e.value
        return isinstance(e, BinOp) and e.op in _REFLEXIVE and alpha_eq(e.lhs, e.rhs)

    return all(reflexive(x) for x in conjuncts([p.concl]))


def same_statement(a: Declaration, b: Declaration) -> bool:
    """The same statement up to bound-variable and type-variable names, including the
    type/instance context."""
    return context_key(a) == context_key(b) and alpha_eq(statement_prop(a), statement_prop(b))


def _render(decl: Declaration) -> str:
    from certibench.logic.render_lean import render_lean

    try:
        return render_lean(decl)
    except Exception:  # a display string only
        return repr(decl)[:500]


def _budget(budget: Budget | float | None, timeout: float | None) -> Budget:
    if isinstance(budget, Budget):
        return budget
    if budget is not None:
        return Budget.from_units(float(budget))
    if timeout is not None:
        return Budget.from_units(float(timeout))
    return Budget()


# --------------------------------------------------------------------------------------
# One pair
# --------------------------------------------------------------------------------------


def certify_pair(
    canonical: Any,
    paraphrase: Any,
    *,
    family: str | None = None,
    tier: str | None = None,
    backends: Sequence[str] = ALL_BACKENDS,
    budget: Budget | float | None = None,
    timeout: float | None = None,
    ledger: ReviewLedger | str | Path | None = None,
    item_id: str | None = None,
    provenance: dict[str, Any] | None = None,
    item_certificate: dict[str, Any] | None = None,
    defer_lean: bool = False,
    lean_dir: Path | None = None,
    axioms: Sequence[Any] | None = None,
    **_ignored: Any,
) -> CertResult:
    """Certify one pair; never raises for bad input (``error`` verdict instead).

    ``budget`` is a :class:`Budget` or a number of budget units (``timeout`` is accepted as
    a deprecated synonym: it is a resource budget, not seconds).  ``axioms`` names
    definitional axioms (``families/*.toml``) the SMT backend may assume — an explicit option,
    never taken from the family label.  ``defer_lean`` leaves a pending Lean goal in
    ``lean_goal`` for a batch.
    """
    from certibench.logic.deep import deep_call

    offered: list[Any] = []
    for a in axioms or ():
        if isinstance(a, str):
            from certibench.families.registry import get_axiom

            try:
                offered.append(get_axiom(a))
            except KeyError:
                return CertResult(verdict="error", reason=f"unknown definitional axiom {a!r} (not in any family spec)",
                                  certificate=Certificate(verdict="error", backend="none", reason=f"unknown axiom {a!r}"))
        elif isinstance(a, dict):
            from certibench.families.registry import DefAxiom

            offered.append(DefAxiom.model_validate({k: tuple(v) if isinstance(v, list) else v for k, v in a.items()}))
        else:
            offered.append(a)

    return deep_call(
        _certify_pair, canonical, paraphrase, family=family, tier=tier, backends=backends, budget=_budget(budget, timeout),
        ledger=ledger, item_id=item_id, provenance=provenance, item_certificate=item_certificate,
        defer_lean=defer_lean, lean_dir=lean_dir, axioms=tuple(offered),
    )


def _certify_pair(
    canonical: Any,
    paraphrase: Any,
    *,
    family: str | None,
    tier: str | None,
    backends: Sequence[str],
    budget: Budget,
    ledger: ReviewLedger | str | Path | None,
    item_id: str | None,
    provenance: dict[str, Any] | None,
    item_certificate: dict[str, Any] | None,
    defer_lean: bool,
    lean_dir: Path | None,
    axioms: tuple[Any, ...] = (),
) -> CertResult:
    t0 = time.perf_counter()
    para_item = paraphrase if isinstance(paraphrase, Item | dict) else None
    item_tier = None
    if para_item is not None:
        family = family or _get(para_item, "family")
        item_id = item_id or _get(para_item, "id")
        provenance = provenance if provenance is not None else _get(para_item, "provenance")
        item_certificate = item_certificate if item_certificate is not None else _get(para_item, "certificate")
        item_tier = _get(para_item, "tier")
    spec = _family_spec(family)
    the_tier = resolve_tier(family, item_tier, tier)
    fam_label = spec.name if spec is not None else family
    cert = Certificate(verdict="unknown", backend="none", family=fam_label, tier=the_tier, budget=budget.as_json())
    if isinstance(ledger, str | Path):
        ledger = ReviewLedger(ledger)

    def done(verdict: str, backend: str | None, reason: str, lean_goal: dict[str, Any] | None = None) -> CertResult:
        cert.verdict = verdict
        cert.backend = backend or "none"
        cert.reason = reason
        cert.timings["total"] = time.perf_counter() - t0
        return CertResult(verdict=verdict, backend=backend, reason=reason, family=fam_label, tier=the_tier,
                          certificate=cert, lean_goal=lean_goal)

    # 1. inputs and parse -------------------------------------------------------------------
    try:
        can, par = _side(canonical, "canonical"), _side(paraphrase, "paraphrase")
    except InputError as exc:
        return done("error", None, str(exc))
    cert.canonical_lean = can.text if can.text is not None else (_render(can.decl) if can.decl else None)
    cert.paraphrase_lean = par.text if par.text is not None else (_render(par.decl) if par.decl else None)
    review_hash = pair_hash(
        canonical if isinstance(canonical, str | Item | dict) else (cert.canonical_lean or ""),
        paraphrase if isinstance(paraphrase, str | Item | dict) else (cert.paraphrase_lean or ""),
    )
    decision = ledger.latest(item_id, review_hash) if (ledger is not None and item_id) else None

    def by_review(d: ReviewDecision) -> CertResult:
        res = get_backend("review").check(_pair_stub(extra={"review": d}))
        cert.review = res.evidence.get("review")
        cert.evidence = "review"
        if res.verdict == "certified":
            return done("certified", "review", res.reason)
        return done("unknown", "review", f"not released: {res.reason}")

    missing = [w for w, s in (("canonical", can), ("paraphrase", par)) if s.decl is None and s.text is None]
    if missing:
        if decision is not None:
            return by_review(decision)
        return done("needs_review", None,
                    f"no lean4_statement on the {' and '.join(missing)} side: nothing formal to check; needs a recorded human review")
    try:
        if can.decl is None:
            can.decl = parse_statement(can.text or "")
    except Exception as exc:  # ParseError and type errors: reported per pair with the position
        return done("error", None, f"canonical statement does not parse: {_short(exc)}")
    try:
        if par.decl is None:
            par.decl = parse_statement(par.text or "")
    except Exception as exc:
        return done("error", None, f"paraphrase statement does not parse: {_short(exc)}")
    for which, side in (("canonical", can), ("paraphrase", par)):
        problem = statement_problem(side.decl)
        if problem is not None:
            return done("error", None, f"{which} statement: {problem}")
    cert.timings["parse"] = time.perf_counter() - t0
    pair = PairInput(
        canonical=can.decl, paraphrase=par.decl, canonical_text=cert.canonical_lean or "",
        paraphrase_text=cert.paraphrase_lean or "", family=fam_label, tier=the_tier, budget=budget,
        key=_ident(item_id or "pair"),
        extra={"nl_canonical": can.nl, "nl_paraphrase": par.nl, "template_claim": _template_claim(provenance, item_certificate),
               "review": decision, "axioms": axioms},
    )

    # 2. the same statement -------------------------------------------------------------------
    if same_statement(can.decl, par.decl):
        if the_tier == "T3":
            if decision is not None:
                return by_review(decision)
            return done("needs_review", None, "this T3 item keeps the canonical formula; its wording needs a recorded human review")
        if not (can.nl or "").strip() and not (par.nl or "").strip():
            cert.evidence = "identical"
            return done("certified", "identical", "the two statements are the same formula and no English is attached to either")
        if the_tier == "T2":
            res = get_backend("template").check(pair)
            cert.attempts.append(BackendAttempt(backend="template", verdict=res.verdict, reason=res.reason))
            if res.verdict == "certified":
                cert.template = res.evidence.get("template")
                cert.evidence = "template"
                return done("certified", "template", res.reason)
        if decision is not None:
            return by_review(decision)
        why = "the formal statement is the same formula as the canonical's: the English rewording is not tied to any formula"
        if ledger is not None and item_id and ledger.superseded_pairs(item_id, review_hash):
            why += " (a review exists for an earlier text of this item; it does not apply)"
        return done("needs_review", None, f"{why}; needs {required_evidence(the_tier)}")

    # 3. formal backends ----------------------------------------------------------------------
    trivial = [w for w, side in (("canonical", can), ("paraphrase", par)) if trivial_statement(side.decl)]
    if len(trivial) == 1:
        # `a + b = a + b` for `a + b = b + a`, `1024 = 1024` for `2 ^ 10 = 1024`: a rewrite of
        # terms can reach it, but it no longer states the theorem: two theorems, not one
        return done("vacuous", None, f"the {trivial[0]} is true by reflexivity alone (t = t, P ↔ P, a hypothesis "
                                     f"restated): it does not state what the other side states")
    verdict, backend, reason = "unknown", None, ""
    lean_goal: dict[str, Any] | None = None
    order = [canonical_backend_name(b) for b in backends]
    if context_key(can.decl) != context_key(par.decl):
        # typeclass assumptions and type parameters are part of the statement: no library
        # rule relates different ones, so no backend may certify across them
        order = []
        ctx_a, ctx_b = _context_text(can.decl), _context_text(par.decl)
        where = (" — the same text, about variables at different positions of the header" if ctx_a == ctx_b else "")
        cert.attempts.append(BackendAttempt(
            backend="context", verdict="unknown",
            reason=f"the statements assume different type/instance contexts ({ctx_a} vs {ctx_b}{where}); "
                   "no rule relates them"))
    for name in order:
        try:
            be = get_backend(name)
        except KeyError as exc:
            cert.attempts.append(BackendAttempt(backend=name, verdict="error", reason=str(exc)))
            continue
        if not be.formal:
            continue
        if name == "lean" and defer_lean:
            lean_goal = lean_goal_for(pair, cert)
            cert.attempts.append(BackendAttempt(backend="lean", verdict="unknown", reason="deferred to the Lean batch"))
            continue
        q0 = time.perf_counter()
        if name == "lean":  # the Lean check re-checks what the other backends found
            pair.extra.update(certificate=cert, lean_dir=lean_dir)
        try:
            res = be.check(pair)
        except Exception as exc:  # a backend bug costs this pair's evidence, never the run
            res = BackendResult(backend=name, verdict="error", reason=f"{type(exc).__name__}: {exc}")
        cert.attempts.append(BackendAttempt(backend=name, verdict=res.verdict, reason=res.reason, seconds=time.perf_counter() - q0))
        _record_evidence(cert, res)
        if res.verdict in DECISIVE:
            verdict, backend, reason = res.verdict, name, res.reason
            cert.evidence = str(res.evidence.get("kind", name))
            break

    if verdict == "refuted" and backend == "smt":
        # the counterexample aligns the two ∀-prefixes one way; `∀ a b, a ≤ b` and
        # `∀ x y, y ≤ x` are the same statement with its variables listed in another order,
        # so a refutation must survive every order of the paraphrase's variables
        reordered = _equivalent_after_reordering(pair, order)
        if reordered is not None:
            cert.attempts.append(BackendAttempt(backend="reorder", verdict="unknown", reason=reordered))
            verdict, backend, reason = "unknown", None, reordered

    # 4. tier policy -----------------------------------------------------------------------------
    if verdict in ("refuted", "vacuous"):
        return done(verdict, backend, reason)
    if decision is not None and (decision.decision == "reject" or the_tier == "T3" or verdict != "certified"):
        return by_review(decision)
    if the_tier == "T3" and not is_false_sibling(para_item):
        prefix = f"{backend} certified the formulas, but " if verdict == "certified" else ""
        return done("needs_review", None, f"{prefix}this T3 item needs a recorded human review", lean_goal)
    if verdict == "certified":
        return done(verdict, backend, reason, lean_goal)
    reason = "; ".join(f"{a.backend}: {a.reason}" for a in cert.attempts) or "no formal backend was run"
    return done(_undecided(cert.attempts), None, reason, lean_goal)


#: most orders of a paraphrase's leading ∀-variables tried before a refutation stands
MAX_REORDERINGS = 24


def _reorderings(decl: Declaration) -> list[tuple[list[str], Declaration]] | None:
    """``decl`` with its leading block of ∀-variables listed in every other order that keeps
    each variable's type in place (an order that moves a variable to another type's position
    cannot align the two statements), or ``None`` when there are more than
    :data:`MAX_REORDERINGS` such orders.  Only blocks in which no variable's type mentions
    another are reordered (each order then states the same thing)."""
    import itertools
    import math

    from certibench.logic.ast import BoolLit, Quant, free_vars

    ctx = tuple(b for b in decl.binders if b.kind == "inst" or (b.sort is not None and b.sort.head in ("Type", "Sort")))
    body = decl.as_prop()
    block: list[Quant] = []
    while isinstance(body, Quant) and body.q == "∀":
        block.append(body)
        body = body.body
    names = [q.binder.name for q in block]
    if len(block) < 2 or len(set(names)) < len(names) or any(
        {v.name for v in free_vars(Quant("∀", q.binder, BoolLit(True), q.sort))} & set(names) for q in block
    ):
        return []
    groups: dict[Any, list[int]] = {}
    if math.factorial(len(block)) - 1 <= MAX_REORDERINGS:
        groups[None] = list(range(len(block)))  # every order (mixed types move too)
    else:
        for i, q in enumerate(block):
            groups.setdefault(q.binder.sort, []).append(i)
        if math.prod(math.factorial(len(g)) for g in groups.values()) - 1 > MAX_REORDERINGS:
            return None
    out = []
    for choice in itertools.product(*(itertools.permutations(g) for g in groups.values())):
        perm = list(range(len(block)))
        for g, p in zip(groups.values(), choice, strict=True):
            for slot, src in zip(g, p, strict=True):
                perm[slot] = src
        if perm == list(range(len(block))):
            continue
        e = body
        for i in reversed(perm):
            q = block[i]
            e = Quant("∀", q.binder, e, q.sort)
        out.append(([names[i] for i in perm], Declaration(decl.kind, decl.name, ctx, e)))
    return out


def _equivalent_after_reordering(pair: PairInput, order: Sequence[str]) -> str | None:
    """A reason when some order of the paraphrase's ∀-variables makes the pair certifiable
    or undecided (then the refutation does not stand), else ``None``."""
    orders = _reorderings(pair.paraphrase)
    if orders is None:
        return (f"not refuted: the paraphrase's variables could be listed in more than {MAX_REORDERINGS} other "
                "orders, and a refutation must survive every one of them")
    for names, alt in orders:
        sub = PairInput(pair.canonical, alt, pair.canonical_text, pair.paraphrase_text, family=pair.family,
                        tier=pair.tier, budget=pair.budget, key=pair.key)
        for name in ("rewrite", "smt"):
            if name not in order:
                continue
            try:
                res = get_backend(name).check(sub)
            except Exception:  # a backend bug: the refutation cannot be trusted either
                return f"with the paraphrase's variables in the order {', '.join(names)} a backend failed"
            if res.verdict == "certified":
                return (f"not refuted: with the paraphrase's variables in the order {', '.join(names)} the statements "
                        f"are equivalent ({name}); no certificate records a reordering of variables")
            if name == "smt" and res.verdict in ("unknown", "error"):  # (no rewrite chain says nothing)
                return (f"not refuted: with the paraphrase's variables in the order {', '.join(names)} the check is "
                        f"undecided ({name}: {res.reason[:120]})")
            if res.verdict in ("refuted", "vacuous"):  # vacuous: one side provable, the other not
                break
    return None


def _context_text(decl: Declaration) -> str:
    from certibench.logic.render_lean import render_sort

    parts = []
    for b in decl.binders:
        if b.kind == "inst":
            parts.append(f"[{render_sort(b.sort) if b.sort is not None else '?'}]")
        elif b.sort is not None and b.sort.head in ("Type", "Sort"):
            parts.append(f"{{{b.name} : Type*}}")
    return " ".join(parts) or "no typeclass assumptions"


def _pair_stub(extra: dict[str, Any]) -> PairInput:
    d = Declaration(None, None, (), _true())
    return PairInput(d, d, "", "", extra=extra)


def _true() -> Expr:
    from certibench.logic.ast import BoolLit

    return BoolLit(True)


def _short(exc: Exception) -> str:
    msg = getattr(exc, "short", None) or (str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    return str(msg)


def _ident(s: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in s)[:80] or "pair"


def _template_claim(provenance: Any, certificate: Any) -> dict[str, Any] | None:
    for src in (provenance, certificate):
        if isinstance(src, dict) and isinstance(src.get("template"), dict):
            return dict(src["template"])
    return None


def _record_evidence(cert: Certificate, res: BackendResult) -> None:
    ev = res.evidence
    if res.backend == "rewrite":
        if res.verdict == "certified":
            cert.chain = ev.get("chain")
            cert.kernel = {"version": ev.get("kernel_version"), "replayed": True}
        elif ev.get("normal_forms"):
            cert.rewrite_search = {"normal_forms": ev.get("normal_forms"), "spent": ev.get("search_spent")}
    elif res.backend == "smt":
        fill_certificate(cert, {k: v for k, v in ev.items() if k != "counterexample_display"}, res.verdict,
                         ev.get("counterexample_display"))
    elif res.backend == "sympy":
        cert.sympy = ev
    elif res.backend == "lean":
        cert.lean = ev


def _undecided(attempts: Iterable[BackendAttempt]) -> str:
    vs = [a.verdict for a in attempts]
    if "unknown" in vs:
        return "unknown"
    if "unavailable" in vs:
        return "unavailable"
    if "error" in vs:
        return "error"
    return "unknown"


# --------------------------------------------------------------------------------------
# Many items
# --------------------------------------------------------------------------------------


_Z3_MEMORY_MB = 4096
_LEDGERS: dict[str, ReviewLedger] = {}


def _row(item: Any, res: CertResult) -> ItemVerdict:
    row = ItemVerdict(
        id=str(_get(item, "id")), theorem_id=_get(item, "theorem_id"), family=res.family or _get(item, "family"),
        tier=res.tier, verdict=res.verdict, backend=res.backend, reason=res.reason,
        certificate=res.certificate.model_dump(mode="json", exclude_none=True),
    )
    row.meets_tier = meets_tier(item, row)
    return row


def _task(payload: dict[str, Any]) -> dict[str, Any]:
    """Worker entry point: one item against its canonical (plain dicts in and out)."""
    try:
        import z3

        z3.set_param("memory_max_size", int(payload.get("z3_memory_mb", _Z3_MEMORY_MB)))
    except ImportError:
        pass
    item = CertifyItem.model_validate(payload["item"])
    canonical = CertifyItem.model_validate(payload["canonical"]) if payload.get("canonical") else None
    tier = resolve_tier(item.family, item.tier)
    if canonical is None:
        cert = Certificate(verdict="error", backend="none", reason="no canonical item", tier=tier)
        row = ItemVerdict(id=item.id, theorem_id=item.theorem_id, family=item.family, tier=tier, verdict="error",
                          reason=f"no canonical item for theorem_id {item.theorem_id!r}",
                          certificate=cert.model_dump(mode="json", exclude_none=True))
        return {"row": row.model_dump(mode="json"), "lean_goal": None}
    ledger = None
    if payload.get("ledger"):
        ledger = _LEDGERS.get(payload["ledger"])
        if ledger is None:
            ledger = _LEDGERS[payload["ledger"]] = ReviewLedger(payload["ledger"])
    res = certify_pair(canonical, item, tier=tier, backends=payload["backends"], budget=Budget(**payload["budget"]),
                       ledger=ledger, defer_lean=True)
    return {"row": _row(item, res).model_dump(mode="json"), "lean_goal": res.lean_goal}


def _failure(payload: dict[str, Any], message: str) -> dict[str, Any]:
    item = payload["item"]
    verdict = "unknown" if message.startswith("hard timeout") else "error"
    tier = resolve_tier(item.get("family"), item.get("tier") if isinstance(item.get("tier"), str) else None)
    why = f"safety limit: {message}" if verdict == "unknown" else message
    cert = Certificate(verdict=verdict, backend="none", reason=why, tier=tier)
    row = ItemVerdict(id=str(item.get("id", "?")), theorem_id=item.get("theorem_id"), family=item.get("family"), tier=tier,
                      verdict=verdict, reason=why, certificate=cert.model_dump(mode="json", exclude_none=True))
    return {"row": row.model_dump(mode="json"), "lean_goal": None}


def certify_items(
    items: Sequence[Item],
    *,
    jobs: int = 1,
    budget: Budget | float | None = None,
    timeout: float | None = None,
    backends: Sequence[str] = ALL_BACKENDS,
    ledger: str | Path | None = None,
    progress: Callable[[int, ItemVerdict], None] | None = None,
    lean_dir: Path | None = None,
    executor: Any = None,
    **_ignored: Any,
) -> list[ItemVerdict]:
    """Certify every non-canonical item against its theorem's canonical item.

    ``jobs`` worker processes (``0``: in this process, no isolation).  Each item is
    isolated: a crash costs that item (``error``), a runaway check hits the wall-clock
    safety net (``unknown``), never the run.  Verdicts do not depend on ``jobs``: budgets are
    resource counts.  Pending Lean checks run in one batch at the end."""
    from certibench.verify.pool import run_isolated

    b = _budget(budget, timeout)
    canon: dict[str, Item] = {}
    dup: set[str] = set()
    clash: dict[str, list[str]] = {}  # theorem → ids of canonical items that state different things
    for it in items:
        if it.is_canonical:
            key = it.class_id
            if key in canon:
                dup.add(key)
                if (it.lean4_statement or "").strip() != (canon[key].lean4_statement or "").strip():
                    clash.setdefault(key, [canon[key].id]).append(it.id)
            canon.setdefault(key, it)
    todo = [it for it in items if not it.is_canonical]
    payloads = [
        {
            "item": it.model_dump(mode="json"),
            "canonical": canon[it.class_id].model_dump(mode="json") if it.class_id in canon else None,
            "backends": list(backends),
            "budget": {"rewrite_steps": b.rewrite_steps, "smt_rlimit": b.smt_rlimit, "safety_seconds": b.safety_seconds},
            "ledger": str(ledger) if ledger else None,
        }
        for it in todo
    ]

    def on_progress(i: int, out: dict[str, Any]) -> None:
        if progress:
            progress(i, ItemVerdict.model_validate(out["row"]))

    run = executor or run_isolated  # Ray: certibench.verify.ray_pool.select_executor (same output)
    outs = run(payloads, _task, jobs=jobs, hard_timeout=b.safety_seconds * 4 + 30.0, on_failure=_failure,
               progress=on_progress)
    rows = [ItemVerdict.model_validate(o["row"]) for o in outs]
    for r in rows:
        if r.theorem_id in clash:
            # which statement the paraphrases mean is ambiguous: an item whose `family` is missing
            # defaults to canonical (adversary round 50 hid a false paraphrase that way)
            ids = ", ".join(clash[r.theorem_id])
            r.verdict, r.meets_tier, r.backend = "error", False, None
            r.reason = (f"theorem {r.theorem_id} has several canonical items with different statements ({ids}); "
                        "an item without a `family` field is canonical - give every paraphrase its family")
            r.certificate = {}
        elif r.theorem_id in dup:
            r.reason += f" (note: theorem {r.theorem_id} has several canonical items; the first was used)"
    pending = [(k, o["lean_goal"]) for k, o in enumerate(outs) if o.get("lean_goal")]
    if pending and "lean" in [canonical_backend_name(x) for x in backends]:
        lean_results = run_lean_goals([g for _, g in pending], lean_dir=lean_dir)
        for (k, _g), lr in zip(pending, lean_results, strict=True):
            row = rows[k]
            cert = Certificate.model_validate(row.certificate)
            cert.lean = lr
            cert.attempts.append(BackendAttempt(backend="lean", verdict=lr["verdict"], reason=lr["reason"]))
            row.certificate = cert.model_dump(mode="json", exclude_none=True)
    return rows


def summarize(rows: Iterable[ItemVerdict]) -> dict[str, int]:
    from certibench.schema import VERDICTS

    out = dict.fromkeys(VERDICTS, 0)
    for r in rows:
        out[r.verdict] = out.get(r.verdict, 0) + 1
    return out


def rows_json(rows: Sequence[ItemVerdict]) -> list[dict[str, Any]]:
    keys = ("id", "theorem_id", "family", "tier", "verdict", "backend", "reason", "meets_tier", "certificate")
    return [{k: r.model_dump(mode="json")[k] for k in keys} for r in rows]


__all__ = [
    "ALL_BACKENDS",
    "CertResult",
    "CertifyItem",
    "FORMAT_VERSION",
    "ItemVerdict",
    "certify_items",
    "certify_pair",
    "lean_goal_for",
    "parse_statement",
    "resolve_tier",
    "rows_json",
    "run_lean_goals",
    "same_statement",
    "summarize",
]

