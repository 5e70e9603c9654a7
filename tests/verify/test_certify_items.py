"""certify_items / `certibench certify`: isolation, bad input, JSON output, exit codes, and
the FormInv reference file."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from certibench.schema import Item
from certibench.verify.pool import run_isolated
from tests.helpers import shared_file

CAN = "theorem Nat.Prime.two_le : ∀ {p : ℕ}, p.Prime → 2 ≤ p"


def _rows() -> list[dict]:
    return [
        {"id": "a_canonical", "theorem_id": "a", "family": "canonical", "lean4_statement": CAN, "nl_question": "Every prime is at least 2."},
        {"id": "a_order", "theorem_id": "a", "family": "order", "lean4_statement": "theorem t : ∀ {p : ℕ}, p.Prime → p ≥ 2"},
        {"id": "a_wrong", "theorem_id": "a", "family": "order", "lean4_statement": "theorem t : ∀ {p : ℕ}, p.Prime → p > 2"},
        {"id": "a_same", "theorem_id": "a", "family": "syntactic", "lean4_statement": CAN},
        {"id": "a_broken", "theorem_id": "a", "family": "order", "lean4_statement": "theorem t : ∀ {p : ℕ}, (p.Prime →"},
        {"id": "b_orphan", "theorem_id": "b", "family": "order", "lean4_statement": CAN},
    ]


def _write(path: Path, rows: list[dict], extra_lines: tuple[str, ...] = ()) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        for line in extra_lines:
            fh.write(line + "\n")
    return path


# -- the isolating pool ------------------------------------------------------------------


def _crashy(task: int) -> int:
    if task == 3:
        os._exit(7)  # a solver segfault, as far as the parent can tell
    if task == 5:
        time.sleep(30)
    if task == 6:
        raise ValueError("bad task")
    return task * 10


def test_pool_isolates_crash_timeout_and_exception() -> None:
    out = run_isolated(
        list(range(8)), _crashy, jobs=2, hard_timeout=1.5, on_failure=lambda t, msg: f"fail:{t}:{msg}"
    )
    assert out[0] == 0 and out[7] == 70 and out[4] == 40
    assert out[3].startswith("fail:3:worker process died (exit code 7)")
    assert out[5].startswith("fail:5:hard timeout")
    assert out[6] == "fail:6:ValueError: bad task"


def test_pool_in_process_mode_keeps_order() -> None:
    out = run_isolated([1, 2, 6], _crashy, jobs=0, hard_timeout=1.0, on_failure=lambda t, m: -t)
    assert out == [10, 20, -6]


# -- certify_items -----------------------------------------------------------------------


def test_certify_items_mixed_file_one_bad_item_does_not_sink_the_run() -> None:
    from certibench.verify.certifier import certify_items, summarize

    items = [Item.model_validate(r) for r in _rows()]
    rows = certify_items(items, jobs=2, timeout=5.0, backends=("z3", "sympy"))
    by = {r.id: r for r in rows}
    assert set(by) == {"a_order", "a_wrong", "a_same", "a_broken", "b_orphan"}
    assert (by["a_order"].verdict, by["a_order"].backend, by["a_order"].meets_tier) == ("certified", "smt", True)
    assert by["a_wrong"].verdict == "refuted"
    assert by["a_same"].verdict == "needs_review"
    assert by["a_broken"].verdict == "error" and "does not parse" in by["a_broken"].reason
    assert by["b_orphan"].verdict == "error" and "no canonical item" in by["b_orphan"].reason
    assert summarize(rows)["certified"] == 1


def test_cli_certify_json_proofs_and_exit_codes(tmp_path: Path) -> None:
    from certibench.cli.main import app

    runner = CliRunner()
    src = _write(tmp_path / "items.jsonl", _rows(), extra_lines=("{not json",))
    out = tmp_path / "out.json"
    proofs = tmp_path / "proofs"
    res = runner.invoke(app, ["certify", str(src), "--json", str(out), "--proofs", str(proofs), "--jobs", "2", "--budget", "5", "--backends", "z3,sympy"])
    assert res.exit_code == 1, res.output
    doc = json.loads(out.read_text())
    assert set(doc) == {"items", "summary"}
    assert {"id", "theorem_id", "family", "tier", "verdict", "backend", "reason", "certificate"} <= set(doc["items"][0])
    assert doc["summary"]["certified"] == 1 and doc["summary"]["error"] == 2
    assert sum(doc["summary"].values()) == 5
    # the one proofs layout (as `generate --proofs`): certificates/, Chains.lean, MANIFEST.json
    assert (proofs / "certificates" / "a_order.json").exists()
    smt = (proofs / "certificates" / "a_order.equivalence.smt2").read_text()
    assert "(check-sat)" in smt
    manifest = json.loads((proofs / "MANIFEST.json").read_text())
    assert manifest["certificate_format"] == 2 and manifest["verdicts"]["certified"] == 1
    # and `certibench recheck` replays it
    res = runner.invoke(app, ["recheck", str(proofs)])
    assert res.exit_code == 0, res.output
    # exit 0: every item meets its tier's evidence
    good = _write(tmp_path / "good.jsonl", _rows()[:2])
    res = runner.invoke(app, ["certify", str(good), "--jobs", "1", "--backends", "z3", "-q"])
    assert res.exit_code == 0, res.output
    # exit 2: unreadable file
    res = runner.invoke(app, ["certify", str(tmp_path / "missing.jsonl")])
    assert res.exit_code == 2
    # bad --backends is a usage error
    res = runner.invoke(app, ["certify", str(good), "--backends", "z3,coq"])
    assert res.exit_code == 2


def test_forminv_v3_103_identical_statements_need_review() -> None:
    from certibench.io import load_records
    from certibench.verify.certifier import certify_items

    path = shared_file("forminv/forminv_v3_103.jsonl")
    items, errors = load_records(path, Item)
    assert not errors and len(items) == 760
    rows = certify_items(items, jobs=2, timeout=5.0, backends=("z3", "sympy"))
    counts = Counter(r.verdict for r in rows)
    assert len(rows) == 657
    # every FormInv paraphrase carries its canonical's statement: none may be certified
    assert counts["certified"] == 0
    assert counts["needs_review"] + counts["error"] == 657
    assert counts["needs_review"] >= 600, counts
    assert not any(r.meets_tier for r in rows)


def test_certificates_of_generated_t1_pairs_recheck_with_z3_and_cvc5() -> None:
    """Real pairs: FormInv canonical statements rewritten by the T1 family rules; every
    certified certificate must replay to the same verdict from its saved SMT-LIB2."""
    from certibench.families.registry import get_family
    from certibench.families.rules import candidate_rewrites
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_lean import render_lean
    from certibench.verify.certifier import certify_items
    from certibench.verify.recheck import recheck_detail

    path = shared_file("forminv/forminv_v3_103.jsonl")
    canon = [json.loads(line) for line in path.open(encoding="utf-8")]
    canon = [r for r in canon if r["family"] == "canonical"][:12]
    items: list[Item] = []
    for r in canon:
        items.append(Item(id=r["id"], theorem_id=r["theorem_id"], family="canonical", lean4_statement=r["lean4_statement"]))
        prop = parse_declaration(r["lean4_statement"]).as_prop()
        for fid in ("F6", "F8"):
            for k, app in enumerate(candidate_rewrites(get_family(fid), prop)[:1]):
                items.append(Item(id=f"{r['theorem_id']}_{fid}_{k}", theorem_id=r["theorem_id"], family=fid, lean4_statement=render_lean(app.result)))
    rows = certify_items(items, jobs=2, timeout=5.0, backends=("z3",))
    certified = [r for r in rows if r.verdict == "certified"]
    assert len(certified) >= 5, Counter(r.verdict for r in rows)
    assert not [r for r in rows if r.verdict == "refuted"], "a sound T1 rewrite was refuted"
    for r in certified:
        detail = recheck_detail(r.certificate, timeout=5.0)
        assert detail["z3"] == "certified", (r.id, detail)
        if "cvc5" in detail:
            assert detail["cvc5"] in ("certified", "unknown"), (r.id, detail)
