"""Helpers shared by the tests (import them: ``from tests.helpers import shared_file``).

Reference data lives in ../shared/data (never copied into the repo); tests that need it skip
cleanly, with the reason, when it is absent.  Fixtures live in ``conftest.py``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: the test tree and its checked-in fixtures (helpers stay here at the top of tests/, so these
#: paths do not change when test files move between package directories)
TESTS = REPO / "tests"
FIXTURES = TESTS / "fixtures"


def _shared_data() -> Path:
    env = os.environ.get("CERTIBENCH_SHARED_DATA")
    if env:
        return Path(env)
    return REPO.parent / "shared" / "data"


SHARED_DATA = _shared_data()


def shared_file(rel: str) -> Path:
    """A file under ../shared/data, or skip with the reason."""
    p = SHARED_DATA / rel
    if not p.exists():
        pytest.skip(f"reference file {p} is absent")
    return p


def lean_available() -> bool:
    return shutil.which("lake") is not None and shutil.which("lean") is not None


requires_lean = pytest.mark.skipif(
    not lean_available(),
    reason="no Lean 4 toolchain (lake/lean) on PATH; Lean checks cannot run here",
)


def cli_output(result: object) -> str:
    """stdout and (where the runner keeps it apart) stderr of a typer ``CliRunner`` result."""
    out = result.output  # type: ignore[attr-defined]
    try:
        out += result.stderr  # type: ignore[attr-defined]
    except (ValueError, AttributeError):
        pass
    return out


def digests_under_blas_threads(script: str, threads: tuple[str, ...] = ("1", "2", "4")) -> set[str]:
    """What ``python -c script`` prints under each OpenBLAS/OpenMP thread count (a result
    that does not depend on the core count gives one digest)."""
    import subprocess
    import sys

    digests = set()
    for n in threads:
        env = {**os.environ, "OPENBLAS_NUM_THREADS": n, "OMP_NUM_THREADS": n}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    return digests


def write_text(path: Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path``, creating its directories; returns the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def by_full_name(decls: list) -> dict:
    """Declarations of a Lean source by full name."""
    return {d.full_name: d for d in decls}
