"""The test tree's layout: tests mirror the packages, import no conftest, and never skip
because a required import fails.

* every ``test_*.py`` lives in ``tests/<package>/`` for an existing package
  ``python/certibench/<package>/`` (cross-cutting tests in ``tests/project/``), never flat in
  ``tests/`` or deeper;
* no file under ``tests/`` imports from ``conftest`` (fixtures come from conftest.py by name;
  helpers are modules: ``tests.helpers``, ``tests.run.runs``, …);
* a test may skip only for an *optional* extra (cvc5, Ray, datasets, …): ``importorskip`` of
  certibench itself or of a required dependency (core or the ``test`` extra), and
  ``try: import certibench… except ImportError``, are defects — a broken import must fail.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest

from tests.helpers import REPO, TESTS

PACKAGES = sorted(p.name for p in (REPO / "python" / "certibench").iterdir() if (p / "__init__.py").is_file())
ALLOWED_DIRS = {*PACKAGES, "project"}
PYPROJECT = REPO / "pyproject.toml"


def _py_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _dist_name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _required_import_names() -> set[str]:
    """Top-level import names of certibench's required dependencies (core + ``test`` extra)."""
    meta = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    dists = {_dist_name(r) for r in [*meta["dependencies"], *meta["optional-dependencies"]["test"]]}
    names = {"certibench"}
    for top, owners in importlib.metadata.packages_distributions().items():
        if any(o.lower().replace("_", "-") in dists for o in owners):
            names.add(top)
    return names


def test_the_package_list_is_the_real_one() -> None:
    # the layer packages of the layer contract, and nothing else
    assert {"logic", "corpus", "families", "verify", "generate", "run", "metrics", "report", "cli"} <= set(PACKAGES)
    assert "project" not in PACKAGES


def test_every_test_file_lives_under_a_package_directory() -> None:
    misplaced = []
    tests = sorted(TESTS.rglob("test_*.py"))
    assert len(tests) > 50, "the test files were not found"
    for p in tests:
        rel = p.relative_to(TESTS)
        if len(rel.parts) != 2 or rel.parts[0] not in ALLOWED_DIRS:
            misplaced.append(str(rel))
    assert not misplaced, f"test files outside tests/<package>/ (packages: {sorted(ALLOWED_DIRS)}): {misplaced}"


def test_every_test_directory_is_named_after_a_package() -> None:
    dirs = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name not in {"__pycache__", "fixtures"}}
    assert dirs <= ALLOWED_DIRS, f"unexpected test directories: {sorted(dirs - ALLOWED_DIRS)}"
    # every package has its tests
    assert set(PACKAGES) <= dirs, f"packages without a tests/<package>/ directory: {sorted(set(PACKAGES) - dirs)}"


def test_no_file_imports_from_conftest() -> None:
    offenders = []
    for p in _py_files():
        for node in ast.walk(_tree(p)):
            mods: list[str] = []
            if isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in {
                "import_module",
                "importorskip",
                "__import__",
            }:
                mods = [a.value for a in node.args[:1] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if any("conftest" in m.split(".") for m in mods):
                offenders.append(f"{p.relative_to(REPO)}:{node.lineno}")
    assert not offenders, f"imports from conftest (use a fixture or tests/helpers.py): {offenders}"


def test_no_skip_on_a_required_import() -> None:
    required = _required_import_names()
    # sanity of the mapping itself: core dependencies and the test extra are found
    assert {"certibench", "z3", "sympy", "pyarrow", "scipy", "pydantic", "hypothesis", "statsmodels"} <= required
    offenders = []
    for p in _py_files():
        tree = _tree(p)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "importorskip"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and str(node.args[0].value).split(".")[0] in required
            ):
                offenders.append(f"{p.relative_to(REPO)}:{node.lineno}: importorskip({node.args[0].value!r})")
            if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id in {"ImportError", "ModuleNotFoundError"} for h in node.handlers
            ):
                for sub in node.body:
                    for n in ast.walk(sub):
                        mods = [n.module or ""] if isinstance(n, ast.ImportFrom) else [a.name for a in n.names] if isinstance(n, ast.Import) else []
                        if any(m.split(".")[0] in required for m in mods):
                            offenders.append(f"{p.relative_to(REPO)}:{node.lineno}: try/except ImportError around {mods}")
    assert not offenders, "a required import must fail, not skip:\n" + "\n".join(offenders)


@pytest.mark.parametrize(
    "source,caught",
    [
        ('import pytest\nx = pytest.importorskip("certibench.logic.parser")\n', True),
        ('import pytest\nx = pytest.importorskip("scipy.stats")\n', True),
        ('import pytest\nx = pytest.importorskip("cvc5")\n', False),  # an optional extra may skip
        ("try:\n    from certibench.corpus import bundled\nexcept ImportError:\n    pass\n", True),
        ("from conftest import thing\n", True),
    ],
)
def test_the_checks_catch_what_they_forbid(tmp_path: Path, source: str, caught: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above run on a planted file: a check that cannot fail is no check."""
    fake = tmp_path / "tests"
    (fake / "logic").mkdir(parents=True)
    (fake / "logic" / "test_planted.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "TESTS", fake)
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    check = test_no_file_imports_from_conftest if "conftest" in source else test_no_skip_on_a_required_import
    if caught:
        with pytest.raises(AssertionError, match="test_planted.py"):
            check()
    else:
        check()
