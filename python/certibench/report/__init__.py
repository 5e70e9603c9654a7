"""certibench.report layer: the invariance report as JSON and as self-contained HTML.

``build_report(items, responses, *, by=None, min_models=None, rule="joint") -> dict`` and
``write_html(report, path)`` are what `certibench run` and `certibench report` call.
"""

from __future__ import annotations

from typing import Any


def build_report(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """See :func:`certibench.report.json_report.build_report` (imported lazily: numpy/scipy)."""
    from certibench.report.json_report import build_report as _build

    return _build(*args, **kwargs)


def write_html(report: dict[str, Any], path: Any, title: str = "certibench invariance report") -> Any:
    """See :func:`certibench.report.html.write_html` (imported lazily: matplotlib)."""
    from certibench.report.html import write_html as _write

    return _write(report, path, title)


def write_json(report: dict[str, Any], path: Any) -> Any:
    """See :func:`certibench.report.json_report.write_json`."""
    from certibench.report.json_report import write_json as _write

    return _write(report, path)


__all__ = ["build_report", "write_html", "write_json"]
