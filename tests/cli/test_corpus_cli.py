"""`certibench corpus ...` end to end on the real reference files (skipped when absent)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from tests.helpers import FIXTURES, cli_output, shared_file

FIXTURE = FIXTURES / "leandojo_benchmark4_sample.json"
runner = CliRunner()


def _run(*args: str) -> object:
    return runner.invoke(app, ["corpus", *args], env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def forminv_items(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = shared_file("forminv/forminv_v3_103.jsonl")
    out = tmp_path_factory.mktemp("corpus") / "forminv.jsonl"
    res = _run("import", "forminv", str(src), "--out", str(out))
    assert res.exit_code == 0, cli_output(res)
    return out


def test_import_forminv_writes_all_items(forminv_items: Path) -> None:
    lines = forminv_items.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 760
    first = json.loads(lines[0])
    assert first["id"] == "thm_0000_nat_prime_two_le_canonical" and first["protocol"] == "truefalse"


@pytest.mark.parametrize(
    ("kind", "rel", "n"),
    [
        ("mathcheck", "mathcheck/gsm_checklist.json", 3096),
        ("forminv", "forminv/false_siblings_subtle_50.json", 50),
        ("wemath", "wemath/testmini.json", 1740),
        ("processbench", "processbench/gsm8k.json", 400),
    ],
)
def test_import_kinds(kind: str, rel: str, n: int, tmp_path: Path) -> None:
    out = tmp_path / "items.jsonl"
    res = _run("import", kind, str(shared_file(rel)), "--out", str(out))
    assert res.exit_code == 0, cli_output(res)
    assert f"wrote {n} item(s)" in cli_output(res)
    assert len(out.read_text(encoding="utf-8").splitlines()) == n


def test_import_leandojo_fixture(tmp_path: Path) -> None:
    out = tmp_path / "ld.jsonl"
    res = _run("import", "leandojo", str(FIXTURE), "--out", str(out))
    assert res.exit_code == 0, cli_output(res)
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [r["theorem_id"] for r in rows][:2] == ["mul_inv_rev", "Nat.add_sub_cancel_left'"]


def test_import_bad_records_reported_and_strict(tmp_path: Path) -> None:
    lines = shared_file("forminv/forminv_v3_103.jsonl").read_text(encoding="utf-8").splitlines()[:5]
    lines[1] = lines[1].replace('"nl_question"', '"nl_q"')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "o.jsonl"
    res = _run("import", "forminv", str(bad), "--out", str(out))
    assert res.exit_code == 0, cli_output(res)
    assert f"{bad}:2: field 'nl_question'" in cli_output(res).replace("\n", "")
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4
    res = _run("import", "forminv", str(bad), "--out", str(out), "--strict")
    assert res.exit_code == 1


def test_import_unreadable_and_missing_dependency(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    res = _run("import", "forminv", str(tmp_path / "nope.jsonl"), "--out", str(tmp_path / "o.jsonl"))
    assert res.exit_code == 2 and "no such file" in cli_output(res)
    monkeypatch.setitem(sys.modules, "datasets", None)
    res = _run("import", "mathcheck", "hf:PremiLab-Math/MathCheck", "--out", str(tmp_path / "o.jsonl"))
    assert res.exit_code == 2 and "pip install datasets" in cli_output(res)


def test_list_show_stats_on_item_file(forminv_items: Path, tmp_path: Path) -> None:
    res = _run("list", "--source", str(forminv_items), "--area", "Number_Theory", "--json")
    assert res.exit_code == 0, cli_output(res)
    rows = [json.loads(x) for x in res.output.splitlines() if x.startswith("{")]
    assert len(rows) == 209 and {r["area"] for r in rows} == {"number_theory"}
    res = _run("list", "--source", str(forminv_items), "--limit", "3")
    assert res.exit_code == 0 and "760 statement(s)" in res.output and "757 more" in res.output

    res = _run("show", "thm_0000_nat_prime_two_le_canonical", "--source", str(forminv_items), "--json")
    assert res.exit_code == 0, cli_output(res)
    rec = json.loads(res.output)
    assert rec["mathlib_name"] == "Nat.Prime.two_le" and rec["ground_truth"] == "TRUE"
    res = _run("show", "THM_0000_NAT_PRIME_TWO_LE_CANONICAL", "--source", str(forminv_items))
    assert res.exit_code == 0 and "Nat.Prime.two_le" in res.output
    res = _run("show", "thm_0000", "--source", str(forminv_items))
    assert res.exit_code == 1 and "Did you mean" in cli_output(res)

    stats = tmp_path / "stats.json"
    res = _run("stats", "--source", str(forminv_items), "--json", str(stats))
    assert res.exit_code == 0, cli_output(res)
    figures = json.loads(stats.read_text(encoding="utf-8"))
    assert figures["total"] == 760 and figures["with_statement"] == 760
    assert figures["areas"]["algebra"] == 270 and figures["areas"]["topology"] == 36
    assert sum(figures["subareas"].values()) == 760
    cov, distinct = figures["parse_coverage"], figures["parse_coverage_distinct"]
    assert cov["total"] == 760 and cov["parsed"] + len(cov["failed"]) == 760
    assert distinct["total"] == 103  # FormInv repeats the canonical statement per paraphrase
    assert distinct["parsed"] + len(distinct["failed"]) == 103
    failed_ids = {f["id"] for f in cov["failed"]}
    assert {f["id"] for f in distinct["failed"]} <= failed_ids


def test_list_leandojo_export_and_bad_source(tmp_path: Path) -> None:
    res = _run("list", "--source", str(FIXTURE), "--json")
    assert res.exit_code == 0, cli_output(res)
    rows = [json.loads(x) for x in res.output.splitlines() if x.startswith("{")]
    assert rows[0]["area"] == "Algebra" and rows[0]["subarea"] == "Group"
    other = tmp_path / "x.jsonl"
    other.write_text('{"foo": 1}\n', encoding="utf-8")
    res = _run("list", "--source", str(other))
    assert res.exit_code == 2 and "not an item file" in cli_output(res)


def test_concepts_wemath_tree() -> None:
    res = _run("concepts", "--wemath", str(shared_file("wemath/knowledge_structure_nodes.json")), "--level", "1")
    assert res.exit_code == 0, cli_output(res)
    assert "Geometry and Figures" in res.output and "67 leaves, depth 4" in res.output
    assert "Measurement" in res.output and "Angles and Length" not in res.output


def test_trace_reports_what_is_missing() -> None:
    has_dojo = importlib.util.find_spec("lean_dojo") is not None
    if has_dojo and shutil.which("lake"):
        pytest.skip("lean_dojo and Lean are installed here: a trace would really run (needs network)")
    res = _run("trace", "--repo", "https://github.com/leanprover-community/mathlib4", "--commit", "29dcec0")
    assert res.exit_code == 2
    assert "Cannot trace https://github.com/leanprover-community/mathlib4 at 29dcec0" in cli_output(res).replace("\n", " ")


def test_bundled_list_show_stats(tmp_path: Path) -> None:
    from certibench.corpus.bundled import load_bundled

    corpus = load_bundled()
    assert len(corpus) >= 150
    res = _run("list", "--json")
    assert res.exit_code == 0, cli_output(res)
    rows = [json.loads(x) for x in res.output.splitlines() if x.startswith("{")]
    assert len(rows) == len(corpus)
    first = corpus[0]
    res = _run("show", str(first.name), "--json")
    assert res.exit_code == 0, cli_output(res)
    assert json.loads(res.output)["statement"] == first.statement
    stats = tmp_path / "s.json"
    res = _run("stats", "--json", str(stats))
    assert res.exit_code == 0, cli_output(res)
    figures = json.loads(stats.read_text(encoding="utf-8"))
    assert figures["total"] == len(corpus)
    cov = figures["parse_coverage"]
    assert cov["total"] == len(corpus) and cov["parsed"] + len(cov["failed"]) == cov["total"]
    assert cov["parsed"] == sum(1 for st in corpus if _parses(st))
    res = _run("concepts")
    assert res.exit_code == 0, cli_output(res)


def _parses(st: object) -> bool:
    try:
        st.parse()  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - any parse failure counts as not parsed
        return False
    return True
