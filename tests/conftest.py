"""Shared fixtures.  Helpers to import live in ``tests/helpers.py`` (never import from this
file: it is not importable under ``--import-mode=importlib``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import REPO, SHARED_DATA, lean_available


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to ../shared/data; skips the test when the reference data is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"reference data not found at {SHARED_DATA} (set CERTIBENCH_SHARED_DATA)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def has_lean() -> bool:
    return lean_available()
