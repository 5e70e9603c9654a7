"""The built wheel works on its own: build it, install it (no dependencies) into a fresh
virtual environment that sees the already-installed packages, and run the commands from a
directory outside the repository, with nothing pointing back at the checkout.

This is the check that everything a command needs at run time (family specs, the Lean
corpus, the bundled release) ships inside the package.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.helpers import REPO

pytestmark = pytest.mark.slow

#: what a wheel is built from (the rest of the repository is tests, benchmarks, proofs)
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "lakefile.lean", "lean-toolchain", "families", "lean", "python")

SMALL_LEAN = """\
namespace Small

/-- @topic algebra/order/addition -/
theorem small_le_add (a b : ℕ) : a ≤ a + b := Nat.le_add_right a b

end Small
"""


def _copy_sources(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
    for name in SOURCES:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


def _clean_env(venv_dir: Path) -> dict[str, str]:
    """The environment of a user who installed the wheel: nothing points at the checkout."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("CERTIBENCH_")}
    env["PATH"] = f"{venv_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv_dir)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["COLUMNS"] = "200"
    return env


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], Path]:
    """``(venv bin dir, environment, working directory outside the repository)``."""
    base = tmp_path_factory.mktemp("wheel")
    src, dist, venv_dir, work = base / "src", base / "dist", base / "venv", base / "work"
    src.mkdir()
    work.mkdir()
    _copy_sources(src)
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src)]
    if importlib.util.find_spec("wheel") is not None:
        build.insert(4, "--no-build-isolation")  # build with the installed setuptools + wheel: no download
    res = subprocess.run(build, capture_output=True, text=True, timeout=600, check=False)
    assert res.returncode == 0, res.stdout + res.stderr
    (wheel,) = dist.glob("certibench-*.whl")
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(venv_dir)
    env = _clean_env(venv_dir)
    py = venv_dir / "bin" / "python"
    res = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q", str(wheel)], work, env)
    if res.returncode != 0 and "no such option: --python" in res.stderr:  # pip < 22.3
        res = _run([str(py), "-m", "pip", "install", "--no-deps", "-q", str(wheel)], work, env)
    assert res.returncode == 0, res.stdout + res.stderr
    return venv_dir / "bin", env, work


def test_the_wheel_is_what_runs(installed: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = installed
    code = (
        "import json, certibench, certibench.resources as r;"
        "print(json.dumps({'pkg': certibench.__file__, 'families': str(r.families_dir()),"
        " 'lean': str(r.lean_root()), 'project': str(r.lean_project_root()),"
        " 'release': str(r.release_items_path()), 'checkout': str(r.checkout_root())}))"
    )
    res = _run([str(bindir / "python"), "-c", code], work, env)
    assert res.returncode == 0, res.stderr
    where = json.loads(res.stdout)
    site = str(bindir.parent)
    for key in ("pkg", "families", "lean", "project", "release"):
        assert where[key].startswith(site), (key, where[key])
        assert not where[key].startswith(str(REPO)), (key, where[key])
    assert where["checkout"] == "None"
    assert sorted(p.name for p in Path(where["families"]).glob("*.toml"))[0] == "F1_syntactic.toml"
    assert (Path(where["project"]) / "lakefile.lean").is_file()
    assert (Path(where["lean"]) / "Certibench" / "Tactics.lean").is_file()


def test_certify_from_the_wheel(installed: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = installed
    items = work / "pair.jsonl"
    rows = [
        {"id": "t__canonical", "theorem_id": "t", "family": "canonical", "lean4_statement": "theorem t (a b : ℝ) : a + b = b + a"},
        {"id": "t__equivalent", "theorem_id": "t", "family": "equivalent", "lean4_statement": "theorem t_e : ∀ a : ℝ, ¬∃ b : ℝ, ¬a + b = b + a"},
        {"id": "t__wrong", "theorem_id": "t", "family": "equivalent", "lean4_statement": "theorem t_w (a b : ℝ) : a + b = a"},
    ]
    items.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    res = _run([str(bindir / "certibench"), "certify", str(items), "--json", "cert.json", "-j", "1", "-q"], work, env)
    assert res.returncode == 1, res.stdout + res.stderr  # the wrong paraphrase does not meet its tier
    verdicts = {r["id"]: r["verdict"] for r in json.loads((work / "cert.json").read_text(encoding="utf-8"))["items"]}
    assert verdicts["t__equivalent"] == "certified"
    assert verdicts["t__wrong"] == "refuted"


def test_generate_from_the_wheel(installed: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = installed
    (work / "small.lean").write_text(SMALL_LEAN, encoding="utf-8")
    res = _run([str(bindir / "certibench"), "generate", "--corpus", "small.lean", "--out", "gen.jsonl", "-j", "1"], work, env)
    assert res.returncode == 0, res.stdout + res.stderr
    out = [json.loads(line) for line in (work / "gen.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {r["theorem_id"] for r in out} == {"Small.small_le_add"}  # the fully qualified name
    families = {r["family"] for r in out}
    assert "canonical" in families and len(families) > 1, families  # the family specs were found


def test_run_dry_run_from_the_wheel(installed: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = installed
    res = _run([str(bindir / "certibench"), "run", "--dry-run", "--out", "dry"], work, env)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "requests:" in res.stdout and "to ask" in res.stdout
    assert str(bindir.parent) in res.stdout  # the bundled release inside the installed wheel
    assert not (work / "dry" / "responses.jsonl").exists()


def test_report_from_the_wheel(installed: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = installed
    items, responses = work / "r_items.jsonl", work / "r_responses.jsonl"
    fams = ("canonical", "order", "notation")
    item_rows = [
        {"id": f"th{t}__{f}", "theorem_id": f"th{t}", "family": f, "ground_truth": "TRUE"} for t in range(4) for f in fams
    ]
    resp_rows = [
        {"item_id": r["id"], "model": m, "correct": (i + k) % 3 != 0}
        for i, r in enumerate(item_rows)
        for k, m in enumerate(("m1", "m2"))
    ]
    items.write_text("".join(json.dumps(r) + "\n" for r in item_rows), encoding="utf-8")
    responses.write_text("".join(json.dumps(r) + "\n" for r in resp_rows), encoding="utf-8")
    res = _run(
        [str(bindir / "certibench"), "report", "--items", str(items), "--responses", str(responses),
         "--json", "rep.json", "--n-boot", "20", "--n-perm", "5"],
        work,
        env,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    rep = json.loads((work / "rep.json").read_text(encoding="utf-8"))
    assert set(rep["models"]) == {"m1", "m2"}
    # m1 is right on items 1,2 of every 3 -> accuracy 8/12
    assert rep["models"]["m1"]["accuracy"] == pytest.approx(sum((i % 3 != 0) for i in range(12)) / 12)
