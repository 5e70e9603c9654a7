"""certibench: certified paraphrase-invariance benchmarks for mathematical reasoning.

The public surface, importable from the top package::

    from certibench import (
        parse_statement,                                   # Lean statement -> typed AST
        certify_pair, certify_items, Certificate, Verdict,  # does a paraphrase mean the same?
        generate_items,                                     # statements -> certified items
        run, RunOptions, RunResult,                         # ask models, keep a run directory
        build_report, write_run_report,                     # invariance metrics
        Item, Response, Tier, load_items, load_responses,   # the data model
    )

Every name is imported on first use (PEP 562), so ``import certibench`` costs almost nothing
and ``certibench report`` never pays for the certifier's imports.  ``run`` is the
:mod:`certibench.run` package itself, which is callable: ``run(RunOptions(...))`` is
:func:`certibench.run.engine.run`, and ``certibench.run.engine`` & co. stay reachable.

The layers, their data flow and the file formats are described in ``docs/``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from certibench.generate.pipeline import generate_items
    from certibench.io import load_items, load_responses
    from certibench.report import build_report, write_run_report
    from certibench.run.engine import run
    from certibench.run.options import RunOptions, RunResult
    from certibench.schema import Item, Response, Tier, Verdict
    from certibench.verify.certificate import Certificate
    from certibench.verify.certifier import certify_items, certify_pair, parse_statement

#: public name -> the module that defines it (``run`` is the callable ``certibench.run`` package)
_EXPORTS: dict[str, str] = {
    "parse_statement": "certibench.verify.certifier",
    "certify_pair": "certibench.verify.certifier",
    "certify_items": "certibench.verify.certifier",
    "Certificate": "certibench.verify.certificate",
    "Verdict": "certibench.schema",
    "Tier": "certibench.schema",
    "Item": "certibench.schema",
    "Response": "certibench.schema",
    "load_items": "certibench.io",
    "load_responses": "certibench.io",
    "generate_items": "certibench.generate.pipeline",
    "RunOptions": "certibench.run.options",
    "RunResult": "certibench.run.options",
    "build_report": "certibench.report",
    "write_run_report": "certibench.report",
}

__all__ = [
    "Certificate",
    "Item",
    "Response",
    "RunOptions",
    "RunResult",
    "Tier",
    "Verdict",
    "__version__",
    "build_report",
    "certify_items",
    "certify_pair",
    "generate_items",
    "load_items",
    "load_responses",
    "parse_statement",
    "run",
    "write_run_report",
]


def __getattr__(name: str) -> Any:
    if name == "run":
        return importlib.import_module("certibench.run")
    where = _EXPORTS.get(name)
    if where is None:
        raise AttributeError(f"module 'certibench' has no attribute {name!r}")
    value = getattr(importlib.import_module(where), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
