"""CLI for real Lean sources: `corpus import lean`, `parse DIR|FILE.lean`, `generate --corpus DIR`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from tests.helpers import cli_output


def flat(res: object) -> str:
    """The CLI's output with rich's line wrapping undone."""
    return " ".join(cli_output(res).split())

SRC = """/-
Copyright (c) 2024 Someone. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
namespace Demo
variable {a b : ℕ}

/-- Addition commutes. -/
@[simp] theorem add_comm' : a + b = b + a := Nat.add_comm a b
lemma le_self' : a ≤ a := Nat.le_refl a
example : 1 = 1 := rfl
theorem bad : a + = b := by simp
end Demo
"""


@pytest.fixture()
def src_dir(tmp_path: Path) -> Path:
    d = tmp_path / "proj"
    (d / "Demo").mkdir(parents=True)
    (d / "Demo" / "Basic.lean").write_text(SRC, encoding="utf-8")
    (d / "certibench-provenance.json").write_text(json.dumps({"repository": "me/demo", "commit": "abcdef0"}))
    return d


def test_corpus_import_lean_writes_statements(src_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "stmts.jsonl"
    res = CliRunner().invoke(app, ["corpus", "import", "lean", str(src_dir), "--out", str(out)])
    assert res.exit_code == 0, cli_output(res)
    rows = [json.loads(ln) for ln in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["Demo.add_comm'", "Demo.le_self'", "Demo.bad"]
    r = rows[0]
    assert r["statement"] == "theorem Demo.add_comm' {a b : ℕ} : a + b = b + a"
    assert (r["file"], r["line"], r["namespace"], r["doc"], r["attributes"]) == (
        "Demo/Basic.lean", 9, "Demo", "Addition commutes.", ["simp"],
    )  # fmt: skip
    assert r["provenance"]["commit"] == "abcdef0" and r["provenance"]["licence"] == "Apache-2.0"
    assert "wrote 3 statement(s)" in flat(res)
    # the statements file is a `certibench parse` input as it is
    res = CliRunner().invoke(app, ["parse", str(out), "--json", str(tmp_path / "p.json")])
    assert res.exit_code == 0 and json.loads((tmp_path / "p.json").read_text())["total"] == 3


def test_corpus_import_lean_without_out_prints_a_summary(src_dir: Path) -> None:
    res = CliRunner().invoke(app, ["corpus", "import", "lean", str(src_dir / "Demo" / "Basic.lean")])
    assert res.exit_code == 0, cli_output(res)
    text = flat(res)
    assert "theorem" in text and "lemma" in text and "example (skipped)" in text


def test_corpus_import_lean_errors(tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["corpus", "import", "lean", str(tmp_path / "nope")])
    assert res.exit_code == 2 and "no such file" in flat(res)
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "E.lean").write_text("def x : ℕ := 1\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["corpus", "import", "lean", str(tmp_path / "empty")])
    assert res.exit_code == 1 and "no theorem or lemma" in flat(res)
    # the other kinds still need --out
    res = CliRunner().invoke(app, ["corpus", "import", "forminv", str(tmp_path / "x.jsonl")])
    assert res.exit_code == 2 and "--out" in flat(res)


def test_parse_a_directory_counts_closed_statements(src_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "cov.json"
    res = CliRunner().invoke(app, ["parse", str(src_dir), "--json", str(out)])
    assert res.exit_code == 0, cli_output(res)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {"total", "parsed", "failed", "coverage", "constructs", "files"} <= set(data)
    assert (data["total"], data["parsed"]) == (3, 2)
    assert data["failed"][0]["id"] == "Demo.bad" and "Demo/Basic.lean:12" in data["failed"][0]["error"]
    assert sum(data["constructs"].values()) == 1
    assert data["files"] == {"Demo/Basic.lean": {"total": 3, "parsed": 2}}
    res = CliRunner().invoke(app, ["parse", str(src_dir / "Demo" / "Basic.lean")])
    assert res.exit_code == 0 and "66.7 %" in flat(res)


def test_generate_from_a_lean_directory(src_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "items.jsonl"
    res = CliRunner().invoke(
        app, ["generate", "--corpus", str(src_dir), "--families", "syntactic", "--out", str(out), "-j", "1"]
    )
    assert res.exit_code == 0, cli_output(res)
    items = [json.loads(ln) for ln in out.read_text(encoding="utf-8").splitlines()]
    canon = {it["theorem_id"]: it for it in items if it["family"] == "canonical"}
    assert set(canon) == {"Demo.add_comm'", "Demo.le_self'"}  # `bad` is reported, not generated
    c = canon["Demo.add_comm'"]
    assert c["lean4_statement"] == "theorem Demo.add_comm' {a b : ℕ} : a + b = b + a"
    assert c["provenance"]["source"] == "me/demo@abcdef0 (Apache-2.0)"
    assert (c["provenance"]["file"], c["provenance"]["line"]) == ("Demo/Basic.lean", 9)
    assert "Demo.bad" in flat(res)


def test_corpus_list_and_stats_read_lean_sources(src_dir: Path, tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["corpus", "list", "--source", str(src_dir), "--json"])
    assert res.exit_code == 0, cli_output(res)
    rows = [json.loads(ln) for ln in res.stdout.splitlines() if ln.strip()]
    assert [r["id"] for r in rows] == ["Demo.add_comm'", "Demo.le_self'", "Demo.bad"]
    assert rows[0]["statement"] == "theorem Demo.add_comm' {a b : ℕ} : a + b = b + a"
    out = tmp_path / "stats.json"
    res = CliRunner().invoke(app, ["corpus", "stats", "--source", str(src_dir), "--json", str(out)])
    assert res.exit_code == 0, cli_output(res)
    cov = json.loads(out.read_text(encoding="utf-8"))["parse_coverage"]
    assert (cov["total"], cov["parsed"]) == (3, 2)
