"""The built-in backends: rewrite (chains + kernel), smt (Z3 under the non-vacuity
abstraction), sympy (polynomial term identities), lean (batch), template (T2 wording
records re-checked against the project's registry) and review (the ledger)."""

from __future__ import annotations

from typing import Any

from certibench.verify.backends.base import BackendResult, PairInput, register_backend


@register_backend
class RewriteBackend:
    """A chain of library-rule instances found by the search and replayed by the kernel.
    Truth-agnostic: it never depends on either side being true, so it certifies paraphrases
    of FALSE statements as well; it never refutes."""

    name = "rewrite"
    formal = True

    def available(self) -> bool:
        return True

    def check(self, pair: PairInput) -> BackendResult:
        from certibench.verify.kernel import KERNEL_VERSION
        from certibench.verify.rewrite import find_chain

        out = find_chain(pair.canonical, pair.paraphrase, budget=pair.budget.rewrite_steps)
        if not out.found:
            ev: dict[str, Any] = {"search_spent": out.spent}
            if out.normal_forms:
                ev["normal_forms"] = list(out.normal_forms)
            return BackendResult(backend=self.name, verdict="unknown", reason=out.reason, evidence=ev)
        lemmas = sorted({s.lemma for s in out.steps if s.lemma})
        return BackendResult(
            backend=self.name,
            verdict="certified",
            reason=out.reason + (f"; lemmas: {', '.join(lemmas)}" if lemmas else ""),
            evidence={
                "kind": "rewrite_chain",
                "kernel_version": KERNEL_VERSION,
                "chain": out.as_json(),
            },
        )


@register_backend
class SmtBackend:
    """Z3 on ``A ↔ B`` under the non-vacuity abstraction, with finest-level vacuity checks
    and deterministic resource limits; ``refuted`` only with a re-checked concrete
    counterexample."""

    name = "smt"
    formal = True

    def available(self) -> bool:
        try:
            import z3  # noqa: F401
        except ImportError:
            return False
        return True

    def check(self, pair: PairInput) -> BackendResult:
        from certibench.verify.backends import z3 as z3b

        # definitional axioms only when the caller names them (an option of the check, never
        # chosen from the pair's family label): definitional rewrites are the rewrite
        # backend's job, whose chains name each lemma they use
        out = z3b.check_pair(pair.canonical, pair.paraphrase, rlimit=pair.budget.smt_rlimit,
                             wall_clock=pair.budget.safety_seconds, axioms=pair.extra.get("axioms") or ())
        evidence = dict(out.evidence or {})
        evidence.setdefault("kind", "smt")
        if out.counterexample is not None:
            evidence["counterexample_display"] = out.counterexample.display()
        if out.verdict == "refuted" and out.counterexample is None:
            return BackendResult(backend=self.name, verdict="unknown",
                                 reason=f"refutation without a concrete counterexample: {out.reason}", evidence=evidence)
        return BackendResult(backend=self.name, verdict=out.verdict, reason=out.reason, evidence=evidence)


@register_backend
class SympyBackend:
    """Pairs that differ only by polynomial term identities (congruence; truth-agnostic)."""

    name = "sympy"
    formal = True

    def available(self) -> bool:
        from certibench.verify.backends.sympy import sympy_available

        return sympy_available()

    def check(self, pair: PairInput) -> BackendResult:
        from certibench.verify.backends.sympy import check_pair

        out = check_pair(pair.canonical.as_prop(), pair.paraphrase.as_prop(), timeout=pair.budget.safety_seconds)
        verdict = out.verdict if out.verdict in ("certified", "unknown", "unavailable") else "unknown"
        return BackendResult(backend=self.name, verdict=verdict, reason=out.reason,
                             evidence={"kind": "sympy", "pairs": [list(p) for p in out.pairs], "results": out.results})


@register_backend
class LeanBackend:
    """Lean 4 + Mathlib, run in batches by the certifier (``unavailable`` without a toolchain)."""

    name = "lean"
    formal = True

    def available(self) -> bool:
        from certibench.verify.backends.lean import lean_available

        return lean_available()

    def check(self, pair: PairInput) -> BackendResult:
        # single pairs are checked in a batch of one; the certifier batches many
        from certibench.verify.backends.lean import lean_goal_for, run_lean_goals

        goal = lean_goal_for(pair, pair.extra.get("certificate"))
        if goal is None or not goal.get("statement"):
            why = (goal or {}).get("error", "no Lean goal for this pair")
            return BackendResult(backend=self.name, verdict="unknown", reason=f"no Lean goal: {why}")
        lean_dir = pair.extra.get("lean_dir")
        if not self.available() and lean_dir is None:
            return BackendResult(backend=self.name, verdict="unavailable", reason="no Lean 4 toolchain (lake/lean not on PATH)",
                                 evidence={"goal": goal})
        res = run_lean_goals([goal], lean_dir=lean_dir)[0]
        return BackendResult(backend=self.name, verdict=res["verdict"], reason=res["reason"], evidence={"goal": goal, **res})


@register_backend
class TemplateBackend:
    """T2: the paraphrase keeps the canonical formula and its English is reproduced exactly
    by a template of the project's own registry (an item's claim is re-checked, never
    believed)."""

    name = "template"
    formal = False

    def available(self) -> bool:
        return True

    def check(self, pair: PairInput) -> BackendResult:
        claim = pair.extra.get("template_claim")
        nl = pair.extra.get("nl_paraphrase")
        if not isinstance(claim, dict):
            return BackendResult(backend=self.name, verdict="unknown", reason="no template record")
        try:
            from certibench.families.wording import template_check
        except ImportError:
            return BackendResult(backend=self.name, verdict="unknown",
                                 reason="the template registry cannot re-render claims yet; the claim is not believed")
        ok, why = template_check(claim, pair.paraphrase, nl or "")
        if not ok:
            return BackendResult(backend=self.name, verdict="unknown", reason=f"template claim rejected: {why}",
                                 evidence={"claim": claim})
        return BackendResult(backend=self.name, verdict="certified", reason=why, evidence={"kind": "template", "template": claim})


@register_backend
class ReviewBackend:
    """A recorded human decision on this exact text pair (approve ⇒ certified, reject ⇒
    refuted-by-review)."""

    name = "review"
    formal = False

    def available(self) -> bool:
        return True

    def check(self, pair: PairInput) -> BackendResult:
        d = pair.extra.get("review")
        if d is None:
            return BackendResult(backend=self.name, verdict="needs_review", reason="no recorded review for this text pair")
        data = d.model_dump(mode="json") if hasattr(d, "model_dump") else dict(d)
        what = "approved" if data.get("decision") == "approve" else "rejected"
        reason = f"{what} by {data.get('reviewer')} at {data.get('time')}: {data.get('comment') or ''}".rstrip(": ")
        verdict = "certified" if data.get("decision") == "approve" else "refuted"
        return BackendResult(backend=self.name, verdict=verdict, reason=reason, evidence={"kind": "review", "review": data})
