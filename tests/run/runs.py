"""Item files and run options shared by the run-layer tests (a helper module, not a test
module: tests import it as ``tests.run.runs``)."""

from __future__ import annotations

import json
from pathlib import Path

from certibench.run.options import RunOptions


def write_items(path: Path, n: int, bad_line: bool = False) -> Path:
    lines = []
    for k in range(n):
        lines.append(json.dumps({"id": f"t{k}", "theorem_id": f"th{k // 3}", "family": "canonical" if k % 3 == 0 else "syntactic",
                                 "nl_question": f"For all n, n + {k} >= {k}.", "ground_truth": "TRUE" if k % 2 == 0 else "FALSE"}))
        if bad_line and k == 2:
            lines.append('{"id": "broken", "tier": "tier9", "nl_question": "x"}')
            lines.append("{not json")
    path.write_text("\n".join(lines) + "\n")
    return path


def opts(tmp: Path, items: Path, base_url: str, **kw: object) -> RunOptions:
    base: dict[str, object] = {"items_path": items, "models": ["openai:stub"], "base_url": base_url, "out": tmp / "run",
                               "progress": False, "report": False, "max_retries": 2, "backoff": 0.01}
    base.update(kw)
    return RunOptions(**base)  # type: ignore[arg-type]
