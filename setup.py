"""Build step: copy the repository's top-level run-time files into the package.

``families/`` (family specs), ``lean/`` (corpus and tactics), ``lakefile.lean`` and
``lean-toolchain`` stay the single source in the repository; every build (wheel, or an
sdist turned into a wheel) copies them to ``certibench/data/`` in the build directory, where
:mod:`certibench.resources` finds them in an installed wheel.  Nothing is copied into the
source tree, so there is no second copy to keep in sync.  Everything else is declared in
``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

#: (source relative to the repository root, glob of files to take, target under certibench/data)
RUNTIME_DATA: tuple[tuple[str, str, str], ...] = (
    ("families", "*.toml", "families"),
    ("lean", "**/*.lean", "lean"),
    (".", "lakefile.lean", "."),
    (".", "lean-toolchain", "."),
)


def runtime_files(root: Path = ROOT) -> list[tuple[Path, Path]]:
    """``(source file, path relative to certibench/data)`` for every run-time data file."""
    out: list[tuple[Path, Path]] = []
    for src, pattern, dst in RUNTIME_DATA:
        base = root / src
        found = sorted(p for p in base.glob(pattern) if p.is_file())
        if not found:
            raise FileNotFoundError(f"build: no {pattern} under {base} (run-time data of the package)")
        out.extend((p, Path(dst) / p.relative_to(base)) for p in found)
    return out


class BuildPyWithData(build_py):
    """``build_py`` plus the run-time data copied into ``certibench/data``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout directly
        target = Path(self.build_lib) / "certibench" / "data"
        for src, rel in runtime_files():
            dest = target / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)


setup(cmdclass={"build_py": BuildPyWithData})
