"""SymPy backend: pairs that differ only by polynomial term identities.

``∀ x : ℝ, P ((x - 1) ^ 2)`` and ``∀ x : ℝ, P (x ^ 2 - 2 * x + 1)`` have the same
meaning because the two statements are *the same formula* up to replacing terms by equal
terms (congruence).  The backend anti-unifies the pair (:func:`disagreements`); when every
differing pair is a term of one numeric sort and SymPy proves each identity, the pair is
``certified``.  Anything else is ``unknown`` (never ``refuted``: a non-identity inside a
context says nothing about the context).

Only *polynomial* identities are trusted, where SymPy's algebra is Lean's: ``+ * ^``
(numeral exponent), numerals, variables and uninterpreted applications, plus ``-`` outside
ℕ.  Division, ``%``, ``⁻¹``, roots and ℕ subtraction are rejected, because SymPy
simplifies them with field/complex semantics (``x / x = 1``, ``√(x²)``) that are not
Lean's (``x / 0 = 0``, truncated ``-``).

SymPy runs in a forked worker process with a hard timeout; the worker is killed on
timeout, so a blow-up costs one check.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from dataclasses import dataclass, field
from typing import Any

from certibench.logic.ast import App, BinOp, Const, Expr, Num, UnOp, Var, walk
from certibench.verify.antiunify import disagreements

BACKEND = "sympy"
_SAFE_BINOPS = {"+", "*", "^", "-"}
_SAFE_UNOPS = {"-", "↑"}


@dataclass
class SympyOutcome:
    verdict: str
    reason: str
    pairs: list[tuple[str, str]] = field(default_factory=list)
    results: list[bool | None] = field(default_factory=list)
    seconds: float = 0.0


def unsafe_reason(e: Expr) -> str | None:
    """Why ``e`` is outside the polynomial fragment SymPy may decide (``None`` when safe)."""
    for n in walk(e):
        s = getattr(n, "sort", None)
        if isinstance(n, BinOp):
            if n.op not in _SAFE_BINOPS:
                return f"operator {n.op}"
            if n.op == "-" and n.sort.head == "Nat":
                return "truncated subtraction on ℕ"
            if n.op == "^" and not (isinstance(n.rhs, Num) and n.rhs.value.isdigit()):
                return "non-numeral exponent"
        elif isinstance(n, UnOp):
            if n.op not in _SAFE_UNOPS:
                return f"operator {n.op}"
            if n.op == "-" and n.sort.head == "Nat":
                return "negation on ℕ"
        elif isinstance(n, Num):
            if not n.value.isdigit():
                return f"non-integer numeral {n.value}"
        elif isinstance(n, (Var, Const, App)):
            pass
        else:
            return f"{type(n).__name__} inside a term"
        if s is not None and (s.is_prop or s.is_unknown) and not isinstance(n, Const):
            return "a subterm of unknown or propositional sort"
    return None


#: most monomials an identity may expand to: the check is decided by this count, never by
#: how long the expansion takes on a given machine
MAX_MONOMIALS = 2000


def expanded_size(e: Expr) -> int:
    """An upper bound on the number of monomials of ``e`` expanded (capped just above
    :data:`MAX_MONOMIALS`)."""
    import math

    cap = MAX_MONOMIALS + 1

    def go(n: Expr) -> int:
        if isinstance(n, BinOp):
            a, b = go(n.lhs), (go(n.rhs) if n.op != "^" else 1)
            if n.op in ("+", "-"):
                return min(cap, a + b)
            if n.op == "*":
                return min(cap, a * b)
            if n.op == "^" and isinstance(n.rhs, Num) and n.rhs.value.isdigit():
                k = int(n.rhs.value) if len(n.rhs.value) < 6 else cap
                return 1 if a == 1 else min(cap, math.comb(k + a - 1, a - 1) if k < cap else cap)
            return min(cap, a * b)
        if isinstance(n, UnOp):
            return go(n.arg)
        return 1

    return go(e)


def _child(conn: Any, pairs: list[tuple[Expr, Expr]]) -> None:
    try:
        from certibench.logic.render_sympy import SympyUnsupported, term_identity

        out: list[bool | None] = []
        for lhs, rhs in pairs:
            try:
                out.append(term_identity(lhs, rhs))
            except SympyUnsupported:
                out.append(None)
        conn.send(("ok", out))
    except BaseException as exc:  # report, never hang the parent
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def run_identities(pairs: list[tuple[Expr, Expr]], timeout: float) -> tuple[str, Any]:
    """Decide identities in a forked worker; ``("ok", [bool|None…])``, ``("timeout", None)``
    or ``("error", message)``."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, pairs), daemon=True)
    proc.start()
    child.close()
    try:
        if parent.poll(timeout):
            try:
                return parent.recv()
            except EOFError:
                return ("error", f"SymPy worker died (exit code {proc.exitcode})")
        return ("timeout", None)
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(1.0)
        parent.close()


def sympy_available() -> bool:
    try:
        import certibench.logic.render_sympy  # noqa: F401
    except ImportError:
        return False
    return True


def check_pair(lhs: Expr, rhs: Expr, *, timeout: float = 10.0) -> SympyOutcome:
    t0 = time.perf_counter()
    if not sympy_available():
        return SympyOutcome("unavailable", "certibench.logic.render_sympy is not installed")
    diffs = disagreements(lhs, rhs)
    if not diffs:
        return SympyOutcome("unknown", "the statements are the same formula (no term identity to check)")
    for a, b in diffs:
        if a.sort != b.sort or not a.sort.is_numeric or a.sort.head == "Complex":
            return SympyOutcome("unknown", "the statements differ beyond numeric terms (not a term identity)")
        for side in (a, b):
            why = unsafe_reason(side)
            if why:
                return SympyOutcome("unknown", f"outside the polynomial fragment SymPy may decide: {why}")
            if expanded_size(side) > MAX_MONOMIALS:
                return SympyOutcome("unknown", f"the identity expands to more than {MAX_MONOMIALS} monomials "
                                               "(beyond the SymPy backend's budget)")
    from certibench.verify.backends.z3 import _render

    shown = [(_render(a), _render(b)) for a, b in diffs]
    status, payload = run_identities(diffs, timeout)
    dt = time.perf_counter() - t0
    if status == "timeout":
        return SympyOutcome("unknown", f"SymPy timed out after {timeout:g}s (worker killed)", shown, seconds=dt)
    if status == "error":
        return SympyOutcome("unknown", f"SymPy failed: {payload}", shown, seconds=dt)
    results: list[bool | None] = list(payload)
    if all(r is True for r in results):
        listing = "; ".join(f"{x} = {y}" for x, y in shown)
        return SympyOutcome("certified", f"the statements differ only by polynomial identities: {listing}", shown, results, dt)
    bad = [f"{x} vs {y}" for (x, y), r in zip(shown, results, strict=True) if r is not True]
    return SympyOutcome("unknown", "SymPy did not prove: " + "; ".join(bad), shown, results, dt)
