"""Where the files a command needs at run time live: the family specs, the Lean corpus and
Lean project, and the bundled item release.

There is one source for each: the repository's top-level ``families/``, ``lean/``,
``lakefile.lean`` and ``lean-toolchain``.  In a source checkout (editable install, or
``PYTHONPATH=python``) they are read from there.  A built wheel carries a copy made by the
build step in ``setup.py`` under ``certibench/data/`` (``data/families``, ``data/lean``,
``data/lakefile.lean``, ``data/lean-toolchain``), which :mod:`importlib.resources` finds;
no second copy is committed.  ``data/`` is laid out as a Lake project root, so the Lean
backend can use it as one.

This is a base module (like :mod:`certibench.schema` and :mod:`certibench.io`): it imports
no layer of the package.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

__all__ = [
    "ResourceNotFoundError",
    "checkout_root",
    "data_path",
    "families_dir",
    "lean_project_root",
    "lean_root",
    "release_items_path",
]

#: environment variables that point a lookup somewhere else
FAMILIES_ENV = "CERTIBENCH_FAMILIES_DIR"
LEAN_PROJECT_ENV = "CERTIBENCH_LEAN_PROJECT"


class ResourceNotFoundError(FileNotFoundError):
    """A bundled resource is missing from both the source checkout and the package data."""


def _package_dir() -> Path:
    return Path(__file__).resolve().parent


def checkout_root() -> Path | None:
    """The repository root when this package runs from a source checkout, else ``None``.

    A checkout is recognised by ``python/certibench`` sitting under a directory that holds
    ``pyproject.toml`` and ``families/`` (an installed wheel has neither beside it)."""
    pkg = _package_dir()
    if pkg.parent.name != "python":
        return None
    root = pkg.parents[1]
    if (root / "pyproject.toml").is_file() and (root / "families").is_dir():
        return root
    return None


def data_path(*parts: str) -> Path:
    """``certibench/data/<parts>`` inside the installed package (it may not exist)."""
    return Path(str(resources.files("certibench").joinpath("data", *parts)))


def _first_dir(kind: str, candidates: list[Path], hint: str = "") -> Path:
    for c in candidates:
        if c.is_dir():
            return c
    looked = ", ".join(str(c) for c in candidates)
    raise ResourceNotFoundError(f"{kind} not found (looked in {looked}){hint}")


def families_dir() -> Path:
    """The directory of family specs (``F1_syntactic.toml`` ... ``F8_equivalent.toml``).

    ``$CERTIBENCH_FAMILIES_DIR`` wins when set; then the checkout's ``families/``; then
    the copy inside the wheel."""
    env = os.environ.get(FAMILIES_ENV)
    if env:
        return Path(env)
    root = checkout_root()
    candidates = ([root / "families"] if root else []) + [data_path("families")]
    return _first_dir("the families/ spec directory", candidates, f"; set {FAMILIES_ENV}")


def lean_root() -> Path:
    """The ``lean/`` directory holding ``Certibench/Corpus/*.lean`` and ``Certibench/Tactics.lean``."""
    root = checkout_root()
    candidates = ([root / "lean"] if root else []) + [data_path("lean")]
    for c in candidates:
        if (c / "Certibench" / "Corpus").is_dir():
            return c
    raise ResourceNotFoundError(
        "bundled Lean corpus not found (looked in " + ", ".join(str(c) for c in candidates) + ")"
    )


def lean_project_root() -> Path:
    """The Lake project root (the directory holding ``lakefile.lean``, whose library sources
    are in ``lean/``): ``$CERTIBENCH_LEAN_PROJECT``, the checkout root, or ``certibench/data``
    in a wheel."""
    env = os.environ.get(LEAN_PROJECT_ENV)
    if env:
        return Path(env)
    root = checkout_root()
    candidates = ([root] if root else []) + [data_path()]
    for c in candidates:
        if (c / "lakefile.lean").is_file():
            return c
    raise ResourceNotFoundError(
        "no Lake project (lakefile.lean) found (looked in "
        + ", ".join(str(c) for c in candidates)
        + f"); set {LEAN_PROJECT_ENV}"
    )


def release_items_path() -> Path:
    """``certibench/data/release/items.jsonl``, the bundled certified release (whether or not
    it exists; callers check)."""
    return data_path("release", "items.jsonl")
