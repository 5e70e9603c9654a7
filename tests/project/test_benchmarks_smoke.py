"""The speed benchmarks run end to end at toy size (their own assertions check that every
client got every answer and that the report equals FormInv's numbers)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.helpers import REPO

BENCH = REPO / "benchmarks"


def _load(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_report_bench_small(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = _load("report_bench")
    assert mod.main(["--sizes", "2000", "--repeats", "1", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "same report from both files: True" in out and "heavy imports: none" in out
    assert "where the time goes" in out and "FormInv baseline" in out


def test_run_bench_client_part_small(capsys: pytest.CaptureFixture[str]) -> None:
    mod = _load("run_bench")
    assert mod.main(["--requests", "300", "--sdk-requests", "100", "--concurrency", "8", "--skip", "part2"]) == 0
    out = capsys.readouterr().out
    assert "certibench" in out and "requests/s" in out and "target: >= 500 requests/s" in out
