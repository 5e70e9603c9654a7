"""`certify`/`generate --executor ray`: the isolating pool's contract on Ray (a local
``ray.init(num_cpus=2)``), with the local pool's output byte for byte.  Skipped, with the
reason, when Ray is not installed (except the tests of the error when it is missing)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.generate.pipeline import generate_items, load_sources, write_items
from certibench.parallel import RayUnavailable
from certibench.schema import Item
from certibench.verify.certifier import certify_items
from certibench.verify.pool import run_isolated
from certibench.verify.ray_pool import run_on_ray, select_executor
from tests.helpers import cli_output

HAS_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed (pip install 'certibench[ray]')")


@pytest.fixture(scope="module")
def ray_local() -> Iterator[None]:
    import ray
    import ray.cloudpickle

    # the task functions below live in this test module, which Ray workers cannot import
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    yield
    ray.shutdown()


def _square(x: int) -> int:
    if x == 13:
        raise ValueError("unlucky")
    if x == 21:
        os._exit(3)  # a crashing solver: the worker process dies
    if x == 34:
        time.sleep(60)  # a solver that ignores its timeout
    return x * x


def _fail(x: int, message: str) -> str:
    return f"task {x} failed: {message}"


@needs_ray
@pytest.mark.slow
def test_same_results_in_input_order_as_the_local_pool(ray_local: None) -> None:
    tasks = list(range(40))
    local = run_isolated(tasks, _square, jobs=2, hard_timeout=4.0, on_failure=_fail)
    seen: list[int] = []
    on_ray = run_on_ray(
        tasks, _square, jobs=2, hard_timeout=4.0, on_failure=_fail, progress=lambda i, _r: seen.append(i), chunk_size=7
    )
    assert on_ray == local
    assert seen == tasks  # streamed back in input order
    assert on_ray[12] == 144
    assert on_ray[13] == "task 13 failed: ValueError: unlucky"
    assert on_ray[21] == "task 21 failed: worker process died (exit code 3)"
    assert on_ray[34] == "task 34 failed: hard timeout: no answer within 4s (worker killed)"


@needs_ray
@pytest.mark.slow
def test_jobs_zero_runs_each_chunk_in_the_ray_worker(ray_local: None) -> None:
    tasks = [k for k in range(30) if k not in (21, 34)]
    assert run_on_ray(tasks, _square, jobs=0, hard_timeout=4.0, on_failure=_fail, chunk_size=4) == run_isolated(
        tasks, _square, jobs=0, hard_timeout=4.0, on_failure=_fail
    )
    assert run_on_ray([], _square, jobs=1, hard_timeout=1.0, on_failure=_fail) == []


LEAN = """/-
Released under Apache 2.0 license as described in the file LICENSE.
-/
namespace Demo
variable {a b c : ℕ}

theorem add_comm' : a + b = b + a := Nat.add_comm a b
theorem add_assoc' : a + b + c = a + (b + c) := Nat.add_assoc a b c
theorem le_refl' : a ≤ a := Nat.le_refl a
lemma mul_comm' (x y : ℤ) : x * y = y * x := Int.mul_comm x y
theorem two_le (p : ℕ) (hp : p.Prime) : 2 ≤ p := hp.two_le
theorem sq_nonneg' (x : ℝ) : 0 ≤ x ^ 2 := sq_nonneg x
end Demo
"""


@pytest.fixture(scope="module")
def lean_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("leansrc")
    (d / "Demo.lean").write_text(LEAN, encoding="utf-8")
    (d / "certibench-provenance.json").write_text(json.dumps({"repository": "me/demo", "commit": "abc1234"}))
    return d


@needs_ray
@pytest.mark.slow
def test_generate_on_ray_writes_the_same_bytes(lean_dir: Path, tmp_path: Path, ray_local: None) -> None:
    sources, errors = load_sources(str(lean_dir))
    assert not errors and len(sources) == 6
    assert sources[0].statement == "theorem Demo.add_comm' {a b : ℕ} : a + b = b + a"
    fams = ["syntactic", "quantifier", "notation", "order"]
    local = generate_items(sources, fams, seed=3, timeout=5.0, jobs=2)
    ray_out = generate_items(sources, fams, seed=3, timeout=5.0, jobs=2, executor=select_executor("ray", chunk_size=2))
    write_items(tmp_path / "local.jsonl", local)
    write_items(tmp_path / "ray.jsonl", ray_out)
    data = (tmp_path / "local.jsonl").read_bytes()
    assert data == (tmp_path / "ray.jsonl").read_bytes()
    assert data.count(b"\n") > len(sources)


_LET = re.compile(r"[$?]x\d+")


def _normal(obj: object) -> object:
    """Certificates carry timings and Z3's history-dependent let-names (`$x1888`), which differ
    between any two runs, local ones included; everything else must be equal."""
    if isinstance(obj, dict):
        return {k: _normal(v) for k, v in obj.items() if k not in ("timings", "seconds", "elapsed", "elapsed_s")}
    if isinstance(obj, list):
        return [_normal(v) for v in obj]
    if isinstance(obj, str) and "(check-sat)" in obj:
        names: dict[str, str] = {}
        return _LET.sub(lambda m: names.setdefault(m.group(), f"$v{len(names)}"), obj)
    return obj


@needs_ray
@pytest.mark.slow
def test_certify_on_ray_gives_the_local_verdicts_and_certificates(lean_dir: Path, ray_local: None) -> None:
    sources, _ = load_sources(str(lean_dir))
    outcomes = generate_items(sources, ["syntactic", "notation", "order"], seed=1, timeout=5.0, jobs=0)
    items = [Item.model_validate(it) for o in outcomes for it in o.items]
    kw = {"jobs": 2, "timeout": 5.0, "backends": ("z3",), "cvc5_recheck": False}
    local = certify_items(items, **kw)
    on_ray = certify_items(items, **kw, executor=select_executor("ray", chunk_size=3))
    assert len(local) == len(on_ray) > 0
    assert [r.verdict for r in on_ray] == [r.verdict for r in local]
    assert [_normal(r.model_dump(mode="json")) for r in on_ray] == [_normal(r.model_dump(mode="json")) for r in local]


@needs_ray
@pytest.mark.slow
def test_cli_generate_and_certify_with_executor_ray(lean_dir: Path, tmp_path: Path, ray_local: None) -> None:
    runner = CliRunner()
    outs = {}
    for ex in ("local", "ray"):
        out = tmp_path / f"{ex}.jsonl"
        res = runner.invoke(app, ["generate", "--corpus", str(lean_dir), "--families", "syntactic,notation",
                                  "--out", str(out), "--executor", ex, "-j", "2"])  # fmt: skip
        assert res.exit_code == 0, cli_output(res)
        outs[ex] = out.read_bytes()
    assert outs["local"] == outs["ray"]
    first = json.loads(outs["ray"].splitlines()[0])
    assert first["theorem_id"] == "Demo.add_comm'" and first["provenance"]["source"] == "me/demo@abc1234 (Apache-2.0)"
    res = runner.invoke(app, ["certify", str(tmp_path / "ray.jsonl"), "-q", "--executor", "ray"])
    assert res.exit_code == 0, cli_output(res)
    assert "meets tier" in cli_output(res)


def test_select_executor() -> None:
    assert select_executor("local") is run_isolated
    with pytest.raises(ValueError, match="unknown executor 'dask'"):
        select_executor("dask")


def test_missing_ray_is_one_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    with pytest.raises(RayUnavailable, match=r"pip install 'certibench\[ray\]'"):
        select_executor("ray")
    items = tmp_path / "i.jsonl"
    items.write_text('{"id": "a", "lean4_statement": "theorem a (n : ℕ) : n = n"}\n', encoding="utf-8")
    res = CliRunner().invoke(app, ["certify", str(items), "--executor", "ray"])
    assert res.exit_code == 2 and "certibench[ray]" in cli_output(res)
    res = CliRunner().invoke(app, ["generate", "--corpus", "bundled", "--out", str(tmp_path / "o.jsonl"),
                                   "--executor", "ray"])  # fmt: skip
    assert res.exit_code == 2 and "certibench[ray]" in cli_output(res)
