"""Shared guards for the certifier tests (parser/renderers land from other work streams)."""

from __future__ import annotations

import pytest


def _parser_reason() -> str | None:
    try:
        from certibench.logic.parser import parse_declaration

        parse_declaration("theorem t : ∀ n : ℕ, 0 ≤ n")
    except ImportError as exc:
        return f"Lean-statement parser not available yet: {exc}"
    return None


def _module_reason(mod: str) -> str | None:
    try:
        __import__(mod)
    except ImportError as exc:
        return f"{mod} not available yet: {exc}"
    return None


PARSER_MISSING = _parser_reason()
requires_parser = pytest.mark.skipif(PARSER_MISSING is not None, reason=PARSER_MISSING or "")
SYMPY_MISSING = _module_reason("certibench.logic.render_sympy")
requires_render_sympy = pytest.mark.skipif(SYMPY_MISSING is not None, reason=SYMPY_MISSING or "")
LEAN_RENDER_MISSING = _module_reason("certibench.logic.render_lean")
requires_render_lean = pytest.mark.skipif(LEAN_RENDER_MISSING is not None, reason=LEAN_RENDER_MISSING or "")
