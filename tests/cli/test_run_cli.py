"""`certibench run` on the command line: dry run, summary table, one-line errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from tests.openai_stub_server import StubServer


@pytest.fixture()
def stub() -> Iterator[StubServer]:
    with StubServer() as srv:
        yield srv


def _items(path: Path, n: int = 4, bad: bool = False) -> Path:
    lines = [json.dumps({"id": f"c{k}", "nl_question": f"Claim {k}.", "ground_truth": "TRUE"}) for k in range(n)]
    if bad:
        lines.insert(1, json.dumps({"id": "", "nl_question": "empty id"}))
    path.write_text("\n".join(lines) + "\n")
    return path


def invoke(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(app, ["run", *args])
    return r.exit_code, r.output


def test_help_lists_the_options() -> None:
    code, out = invoke("--help")
    assert code == 0
    for opt in ("--items", "--model", "--out", "--samples", "--max-connections", "--rpm", "--kca", "--dry-run", "--executor", "--limit"):
        assert opt in out


def test_dry_run_prints_requests_and_first_prompt(tmp_path: Path, stub: StubServer) -> None:
    items = _items(tmp_path / "i.jsonl", 5)
    code, out = invoke("--items", str(items), "-m", "openai:x", "--base-url", stub.base_url, "--samples", "2", "--dry-run", "--out", str(tmp_path / "r"))
    assert code == 0, out
    assert "10 to ask" in out and "Answer TRUE or FALSE." in out and "You are evaluating mathematical statements." in out
    assert stub.stats.requests == 0 and not (tmp_path / "r").exists()


def test_full_run_prints_summary_and_warns_on_bad_line(tmp_path: Path, stub: StubServer) -> None:
    items = _items(tmp_path / "i.jsonl", 4, bad=True)
    code, out = invoke("--items", str(items), "-m", "openai:x", "--base-url", stub.base_url, "--out", str(tmp_path / "r"), "-q", "--no-report")
    assert code == 0, out
    assert f"{items}:2: field 'id'" in out
    assert "openai:x" in out and "acc" in out
    assert len((tmp_path / "r" / "responses.jsonl").read_text().splitlines()) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-m", "gpt-4o"], "unknown model spec 'gpt-4o'"),
        (["-m", "openai:x", "--base-url", "http://127.0.0.1:9/v1"], "endpoint unreachable: http://127.0.0.1:9/v1"),
        (["--protocol", "essay"], "option protocol"),
    ],
)
def test_errors_are_one_clear_line(tmp_path: Path, args: list[str], message: str) -> None:
    items = _items(tmp_path / "i.jsonl")
    code, out = invoke("--items", str(items), "--out", str(tmp_path / "r"), "-q", *args)
    assert code == 2
    assert message in out and "Traceback" not in out


def test_missing_items_file_and_missing_release(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = invoke("--items", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "nope.jsonl" in out and "not found" in out
    monkeypatch.setattr("certibench.run.plan.default_items_path", lambda: tmp_path / "release" / "items.jsonl")
    code, out = invoke("--dry-run")
    assert code == 2 and "certibench generate" in out
