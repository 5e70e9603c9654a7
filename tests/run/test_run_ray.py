"""`--executor ray`: items sharded across Ray workers (a local ``ray.init(num_cpus=2)``),
merged into one run directory.  Skipped, with the reason, when Ray is not installed."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from certibench.run.engine import run
from certibench.run.options import RunOptions
from certibench.run.ray_exec import shard_units
from tests.openai_stub_server import StubServer

pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (pip install 'certibench[ray]')"),
    pytest.mark.slow,  # starting a local Ray takes several seconds
]


@pytest.fixture(scope="module")
def ray_local() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    yield
    ray.shutdown()


@pytest.fixture()
def stub() -> Iterator[StubServer]:
    with StubServer() as srv:
        yield srv


def _items(path: Path, n: int) -> Path:
    path.write_text("".join(json.dumps({"id": f"r{k}", "nl_question": f"{k} is a number.", "ground_truth": "TRUE"}) + "\n" for k in range(n)))
    return path


def test_shards_keep_items_together() -> None:
    class U:
        def __init__(self, i: str) -> None:
            self.item = type("I", (), {"id": i})()

    units = [U(f"x{k // 3}") for k in range(30)]  # 10 items x 3 samples
    shards = shard_units(units, 4)
    assert len(shards) == 4 and sum(len(s) for s in shards) == 30
    owners: dict[str, int] = {}
    for n, s in enumerate(shards):
        for u in s:
            assert owners.setdefault(u.item.id, n) == n


def test_ray_executor_matches_local_executor(tmp_path: Path, stub: StubServer, ray_local: None) -> None:
    items = _items(tmp_path / "items.jsonl", 40)
    base = {"items_path": items, "models": ["openai:a", "openai:b"], "base_url": stub.base_url, "samples": 2,
            "progress": False, "report": False, "use_cache": False}
    local = run(RunOptions(out=tmp_path / "local", **base))  # type: ignore[arg-type]
    n_local = stub.stats.ok
    rayed = run(RunOptions(out=tmp_path / "ray", executor="ray", ray_shards=6, **base))  # type: ignore[arg-type]
    assert stub.stats.ok - n_local == 160

    def table(p: Path) -> dict[tuple[str, str, int], str]:
        rows = [json.loads(x) for x in (p / "responses.jsonl").read_text().splitlines()]
        keys = Counter((r["item_id"], r["model"], r["sample"]) for r in rows)
        assert set(keys.values()) == {1}
        return {(r["item_id"], r["model"], r["sample"]): r["parsed"] for r in rows}

    assert table(local.run_dir) == table(rayed.run_dir) and len(table(rayed.run_dir)) == 160
    meta = json.loads((rayed.run_dir / "run.json").read_text())
    assert meta["parameters"]["executor"] == "ray" and meta["status"] == "complete"


def test_ray_resume_and_cache_stay_in_the_driver(tmp_path: Path, stub: StubServer, ray_local: None) -> None:
    items = _items(tmp_path / "items.jsonl", 20)
    o = RunOptions(items_path=items, models=["openai:a"], base_url=stub.base_url, executor="ray", out=tmp_path / "r",
                   limit=10, progress=False, report=False, cache_path=tmp_path / "c.sqlite")
    run(o)
    assert stub.stats.ok == 10
    run(o.model_copy(update={"limit": None}))  # resume: only the 10 missing
    assert stub.stats.ok == 20
    run(o.model_copy(update={"limit": None, "out": tmp_path / "r2"}))  # all from the driver's cache
    assert stub.stats.ok == 20
    rows = (tmp_path / "r2" / "responses.jsonl").read_text().splitlines()
    assert len(rows) == 20 and all(json.loads(x)["meta"].get("cached") for x in rows)
