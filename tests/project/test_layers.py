"""The layer order (logic -> corpus -> families -> verify -> generate -> run -> metrics ->
report -> cli) and the no-cycle rule hold, as checked by import-linter with the contracts
in pyproject.toml; and the check does catch what it is there for (an upward import hidden
in a function, a cycle between sibling modules)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import importlinter  # noqa: F401 - the dev extra installs it; without it this file must fail, not skip

from tests.helpers import REPO

LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"]


def _lint(package_parent: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    return subprocess.run(
        [*LINT, "--config", str(REPO / "pyproject.toml"), "--no-cache"],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False,
    )


def test_the_contracts_hold() -> None:
    res = _lint(REPO / "python", REPO)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "3 kept, 0 broken" in res.stdout


def _lint_with(tmp_path: Path, module: str, dodge: str) -> subprocess.CompletedProcess[str]:
    """import-linter on a copy of the package where ``module`` gained ``dodge`` (an import
    statement) inside a function."""
    parent = tmp_path / "src"
    shutil.copytree(REPO / "python" / "certibench", parent / "certibench", ignore=shutil.ignore_patterns("__pycache__", "data"))
    target = parent / Path(*module.split(".")).with_suffix(".py")
    target.write_text(target.read_text(encoding="utf-8") + f"\n\ndef _dodge():\n    {dodge}\n", encoding="utf-8")
    return _lint(parent, tmp_path)


def test_an_upward_import_inside_a_function_breaks_the_layers(tmp_path: Path) -> None:
    res = _lint_with(tmp_path, "certibench.corpus.kinds", "from certibench.report import build_report  # noqa")
    assert res.returncode == 1, res.stdout
    assert "BROKEN" in res.stdout and "certibench.corpus.kinds -> certibench.report" in res.stdout


def test_a_cycle_between_sibling_modules_is_broken(tmp_path: Path) -> None:
    res = _lint_with(tmp_path, "certibench.run.plan", "from certibench.run.engine import Runner  # noqa")
    assert res.returncode == 1, res.stdout
    assert "No cycles are allowed in certibench.run" in res.stdout


def test_a_base_module_importing_a_layer_is_broken(tmp_path: Path) -> None:
    res = _lint_with(tmp_path, "certibench.schema", "import certibench.logic.ast  # noqa")
    assert res.returncode == 1, res.stdout
    assert "certibench.schema -> certibench.logic.ast" in res.stdout
