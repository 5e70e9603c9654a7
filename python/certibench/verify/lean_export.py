"""Export a rewrite chain as a Lean 4 proof of ``canonical ↔ paraphrase``.

Each step becomes one ``have`` between consecutive propositions, proved with the step's
Mathlib lemma(s) (``simp only [lemma]`` rewrites the one instance the two sides differ in,
on both sides, leaving ``X ↔ X``), an AC normalisation (``simp only [and_comm, …]``), a
numeral computation (``norm_num``) or ``Iff.rfl`` for a renaming; the chain is closed by
``Iff.trans``.  Where a Lean 4 + Mathlib toolchain is installed the file is checked by the
Lean backend; without one the proof is recorded, unchecked, and says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from certibench.logic.ast import Declaration, Expr, Sort
from certibench.verify.kernel import Step, apply_step, statement_prop

AC_LEMMAS = (
    "and_comm, and_assoc, and_left_comm, or_comm, or_assoc, or_left_comm, "
    "add_comm, add_assoc, add_left_comm, mul_comm, mul_assoc, mul_left_comm, eq_comm, Iff.comm"
)


def _lemmas(step: Step) -> list[str]:
    raw = step.lemma or ""
    return [x.strip() for x in raw.split(",") if x.strip() and " " not in x.strip()]


def _tactic(step: Step) -> str:
    if step.kind == "alpha":
        return "Iff.rfl"
    if step.kind == "eval":
        return "by norm_num"
    if step.kind == "ac":
        return f"by simp only [{AC_LEMMAS}]"
    lem = _lemmas(step)
    names = ", ".join(lem) if lem else "*"
    return f"by first | simp only [{names}] | (simp only [← {lem[0] if lem else 'id'}]) | omega | tauto"


def _context_binders(decl: Declaration) -> str:
    from certibench.logic.render_lean import render_lean

    tvars = [b.name for b in decl.binders if b.sort is not None and b.sort.head in ("Type", "Sort") and b.kind != "inst"]
    parts = [f"{{τ{i} : Type*}}" for i, _ in enumerate(tvars)]
    ren = {n: f"τ{i}" for i, n in enumerate(tvars) if n}

    def rs(s: Sort) -> str:
        if s.is_var and s.head in ren:
            return ren[s.head]
        if not s.args:
            return s.head
        return f"{s.head} " + " ".join(rs(a) if not a.args else f"({rs(a)})" for a in s.args)

    for b in decl.binders:
        if b.kind == "inst" and b.sort is not None:
            parts.append(f"[{rs(b.sort)}]")
        elif b.kind == "inst" and b.hyp is not None:
            parts.append(f"[{render_lean(b.hyp)}]")
    return " ".join(parts)


def chain_to_lean(canonical: Declaration, paraphrase: Declaration, steps: Sequence[Step], name: str) -> str:
    """A Lean theorem ``name : A ↔ B`` proved step by step (no ``sorry``)."""
    from certibench.logic.render_lean import render_lean

    ident = "".join(c if (c.isalnum() or c == "_") else "_" for c in name) or "cb_chain"
    ctx = _context_binders(canonical)
    cur: Expr = statement_prop(canonical)
    props = [cur]
    for s in steps:
        cur = apply_step(cur, s)
        props.append(cur)
    head = f"theorem {ident} {ctx} :".replace("  ", " ")
    lines = [f"{head}\n    ({render_lean(props[0])}) ↔ ({render_lean(statement_prop(paraphrase))}) := by"]
    if not steps:
        lines.append("  exact Iff.rfl")
        return "\n".join(lines) + "\n"
    for k, s in enumerate(steps, start=1):
        note = f"  -- step {k}: {s.kind} {s.rule or ''} {('(' + s.lemma + ')') if s.lemma else ''}".rstrip()
        lines.append(note)
        lines.append(f"  have s{k} : ({render_lean(props[k - 1])}) ↔ ({render_lean(props[k])}) :=\n    {_tactic(s)}")
    chain = ".trans (".join(f"s{k}" for k in range(1, len(steps) + 1)) + ")" * (len(steps) - 1)
    lines.append(f"  exact {chain}")
    return "\n".join(lines) + "\n"


__all__ = ["chain_to_lean"]
