"""`certibench parse` end to end, including the coverage targets on the real data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.logic.coverage import measure
from tests.helpers import cli_output, shared_file

runner = CliRunner()


def _run(*args: str) -> object:
    return runner.invoke(app, ["parse", *args], env={"COLUMNS": "200"})


def test_forminv_coverage_at_least_95_percent(tmp_path: Path) -> None:
    src = shared_file("forminv/forminv_v3_103.jsonl")
    out = tmp_path / "cov.json"
    res = _run(str(src), "--json", str(out), "--roundtrip")
    assert res.exit_code == 0, cli_output(res)  # type: ignore[attr-defined]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["total"] == 103  # distinct canonical statements
    assert data["parsed"] / data["total"] >= 0.95
    assert data["parsed"] + len(data["failed"]) == data["total"]
    assert data["roundtrip_ok"] == data["parsed"]
    assert "Parser coverage" in cli_output(res)


def test_minif2f_coverage_at_least_80_percent(tmp_path: Path) -> None:
    src = shared_file("lean-statements/minif2f.jsonl")
    out = tmp_path / "cov.json"
    res = _run(str(src), "--field", "formal_statement", "--json", str(out))
    assert res.exit_code == 0, cli_output(res)  # type: ignore[attr-defined]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["total"] == 488
    assert data["parsed"] / data["total"] >= 0.80
    for f in data["failed"]:
        assert set(f) >= {"id", "error"} and f["id"] and "line" in f["error"]


def test_failures_are_reported_and_exit_zero(tmp_path: Path) -> None:
    src = tmp_path / "mixed.jsonl"
    rows = [
        {"id": "ok1", "lean4_statement": "theorem a : ∀ n : ℕ, 0 ≤ n"},
        {"id": "bad1", "lean4_statement": "theorem b : ∀ p : ℕ × ℕ, ⟨p.1, p.2⟩ = p"},
        {"name": "ok2", "lean4_statement": "theorem c (x : ℝ) : |x| ≥ 0"},
        {"id": "nofield", "other": "x"},
    ]
    lines = [json.dumps(r, ensure_ascii=False) for r in rows] + ["{not json"]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "r.json"
    res = _run(str(src), "--json", str(out), "--field", "lean4_statement")
    assert res.exit_code == 0, cli_output(res)  # type: ignore[attr-defined]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["total"], data["parsed"]) == (5, 2)
    by_id = {f["id"]: f for f in data["failed"]}
    assert by_id["bad1"]["unsupported"] == "anonymous constructor ⟨…⟩"
    assert "line 1, column" in by_id["bad1"]["error"]
    assert "field 'lean4_statement' missing" in by_id["nofield"]["error"] and ":4:" in by_id["nofield"]["error"]
    assert "invalid JSON" in by_id["line 5"]["error"]
    text = cli_output(res)
    assert "anonymous constructor" in text and "bad1" in text


def test_default_field_detection_and_all_records(tmp_path: Path) -> None:
    src = tmp_path / "f.jsonl"
    rows = [{"name": f"t{i}", "formal_statement": "theorem t (n : ℕ) : n + 0 = n := by simp"} for i in range(3)]
    src.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    r = measure(src)
    assert (r.field, r.total, r.parsed) == ("formal_statement", 1, 1)
    r = measure(src, distinct=False)
    assert (r.total, r.parsed) == (3, 3)


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    res = _run(str(tmp_path / "missing.jsonl"))
    assert res.exit_code == 2
    # one non-UTF-8 line is a failed record naming its line; the rest of the file still counts
    bad = tmp_path / "latin1.jsonl"
    bad.write_bytes(b'{"id": "x", "lean4_statement": "\xff\xfe"}\n{"id": "y", "lean4_statement": "1 = 1"}\n')
    res = _run(str(bad))
    assert res.exit_code == 0
    assert "UTF-8" in cli_output(res) and "line 1" in cli_output(res)
    # a binary file is unreadable as a whole
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\x00\x01\x02")
    assert _run(str(binary)).exit_code == 2


def test_single_statement_mode() -> None:
    res = _run("--text", "theorem t (p : ℕ) (hp : p.Prime) : 2 ≤ p := hp.two_le")
    assert res.exit_code == 0, cli_output(res)  # type: ignore[attr-defined]
    out = cli_output(res)
    assert "theorem t (p : ℕ) (hp : p.Prime) : 2 ≤ p" in out
    assert '"Nat.Prime"' in out
    res = _run("--text", "theorem t : (a + b")
    assert res.exit_code == 1
    assert "line 1, column" in cli_output(res)


def test_console_script_help() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "certibench.cli.main", "parse", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stderr
    assert "--field" in proc.stdout and "--json" in proc.stdout
