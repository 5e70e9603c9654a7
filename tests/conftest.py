"""Shared fixtures.  Reference data lives in ../shared/data (never copied into the repo);
tests that need it skip cleanly, with the reason, when it is absent."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _shared_data() -> Path:
    env = os.environ.get("CERTIBENCH_SHARED_DATA")
    if env:
        return Path(env)
    return REPO.parent / "shared" / "data"


SHARED_DATA = _shared_data()


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to ../shared/data; skips the test when the reference data is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"reference data not found at {SHARED_DATA} (set CERTIBENCH_SHARED_DATA)")
    return SHARED_DATA


def shared_file(rel: str) -> Path:
    """A file under ../shared/data, or skip with the reason."""
    p = SHARED_DATA / rel
    if not p.exists():
        pytest.skip(f"reference file {p} is absent")
    return p


@pytest.fixture(scope="session")
def has_lean() -> bool:
    return shutil.which("lake") is not None and shutil.which("lean") is not None


requires_lean = pytest.mark.skipif(
    shutil.which("lake") is None or shutil.which("lean") is None,
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
