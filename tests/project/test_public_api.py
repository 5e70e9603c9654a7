"""The public surface re-exported by the top package: every name resolves to its defining
module, ``import certibench`` stays cheap, ``run`` is callable and the data-model enums
serialise exactly as the plain strings they replace."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import certibench
from tests.helpers import REPO

#: the surface the issue asks for, plus what a small typed API needs around it
PUBLIC = {
    "parse_statement", "certify_pair", "certify_items", "Certificate", "Verdict", "Tier", "generate_items",
    "run", "RunOptions", "RunResult", "build_report", "write_run_report", "Item", "Response",
    "load_items", "load_responses",
}


def _fresh_python(code: str) -> str:
    env = {"PYTHONPATH": str(REPO / "python"), "PATH": "/usr/bin:/bin"}
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_every_public_name_is_the_defining_modules_object() -> None:
    import importlib

    assert set(certibench.__all__) == PUBLIC | {"__version__"}
    for name in PUBLIC - {"run"}:
        obj = getattr(certibench, name)
        home = importlib.import_module(obj.__module__)
        assert obj.__module__.startswith("certibench.") and getattr(home, name) is obj, name
    assert certibench.Certificate.__module__ == "certibench.verify.certificate"
    assert certibench.generate_items.__module__ == "certibench.generate.pipeline"
    ns: dict[str, object] = {}
    exec("from certibench import *", ns)  # noqa: S102 - the star import users may write
    assert {n for n in ns if not n.startswith("__")} == PUBLIC


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'certify'"):
        certibench.certify  # noqa: B018
    with pytest.raises(ImportError):
        exec("from certibench import no_such_thing", {})  # noqa: S102


def test_import_certibench_loads_no_engine() -> None:
    """``import certibench`` must not import pydantic, numpy, the solvers or rich: the report
    command's start-up time depends on it."""
    out = _fresh_python(
        "import sys, json, certibench; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pydantic', 'numpy', 'z3', 'sympy', 'rich', 'certibench', 'typer', 'scipy', 'pandas'))))"
    )
    assert json.loads(out) == ["certibench"]


def test_touching_report_names_does_not_import_the_certifier() -> None:
    out = _fresh_python(
        "import sys, json; from certibench import build_report, Item, Response, load_items; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('z3', 'sympy') "
        "or m.startswith(('certibench.verify', 'certibench.generate', 'certibench.logic')))))"
    )
    assert json.loads(out) == []


def test_run_is_the_callable_run_package() -> None:
    out = _fresh_python(
        "import certibench.run.engine as e; from certibench import run; import certibench; "
        "print(run is certibench.run, callable(run), run.engine is e, run.__name__)"
    )
    assert out.split() == ["True", "True", "True", "certibench.run"]


def test_verdict_and_tier_are_the_strings_of_the_json_files() -> None:
    from certibench import Item, Tier, Verdict
    from certibench.schema import VERDICTS

    assert Verdict.CERTIFIED == "certified" and Verdict("needs_review") is Verdict.NEEDS_REVIEW
    assert tuple(Verdict) == VERDICTS and json.dumps(list(Verdict)) == json.dumps(list(VERDICTS))
    item = Item(id="x", tier="tier1")
    assert item.tier is Tier.T1 and item.tier == "T1"
    assert json.dumps(item.model_dump(exclude_none=True)) == '{"id": "x", "family": "canonical", "tier": "T1"}'
    assert item.model_dump_json(exclude_none=True) == '{"id":"x","family":"canonical","tier":"T1"}'
    with pytest.raises(ValueError, match="unknown tier"):
        Item(id="y", tier="T4")


def test_the_public_api_end_to_end(tmp_path: Path) -> None:
    """parse -> certify -> run (replayed answers) -> report, with top-level names only."""
    from certibench import (
        Item,
        RunOptions,
        Verdict,
        build_report,
        certify_items,
        certify_pair,
        load_items,
        load_responses,
        parse_statement,
        run,
        write_run_report,
    )

    canon = "theorem t (a b : ℝ) : a + b = b + a"
    assert parse_statement(canon) is not None
    res = certify_pair(canon, "theorem t_e : ∀ a : ℝ, ¬∃ b : ℝ, ¬a + b = b + a", family="equivalent")
    assert res.verdict == Verdict.CERTIFIED
    wrong = certify_pair(canon, "theorem t_w (a b : ℝ) : a + b = a", family="equivalent")
    assert wrong.verdict == Verdict.REFUTED and wrong.certificate.counterexample

    rows = [
        Item(id=f"th{t}__{f}", theorem_id=f"th{t}", family=f, nl_question=f"Is {t} + 0 = {t}?", ground_truth="TRUE")
        for t in range(3)
        for f in ("canonical", "order")
    ]
    items_path = tmp_path / "items.jsonl"
    items_path.write_text("".join(r.model_dump_json(exclude_none=True) + "\n" for r in rows), encoding="utf-8")
    items, errors = load_items(items_path)
    assert [i.id for i in items] == [r.id for r in rows] and errors == []
    verdicts = certify_items([Item(id="c", theorem_id="p", lean4_statement=canon),
                              Item(id="w", theorem_id="p", family="equivalent", tier="T1",
                                   lean4_statement="theorem t_w (a b : ℝ) : a + b = a")], jobs=0)
    assert [v.verdict for v in verdicts] == [Verdict.REFUTED]

    replay = tmp_path / "recorded.jsonl"
    replay.write_text(
        "".join(json.dumps({"item_id": r.id, "model": m, "raw": "TRUE" if (k + j) % 2 else "FALSE"}) + "\n"
                for k, r in enumerate(rows) for j, m in enumerate(("a", "b"))),
        encoding="utf-8",
    )
    result = run(RunOptions(items_path=items_path, models=[f"replay:{replay}"], out=tmp_path / "run", progress=False),
                 reporter=write_run_report)
    assert result.status == "complete" and result.asked == 12
    assert {p.name for p in result.report_paths} == {"report.json", "report.html"}
    responses, bad = load_responses(tmp_path / "run" / "responses.jsonl")
    assert bad == [] and len(responses) == 12
    report = build_report(items, responses, n_boot=0, n_perm=0)
    on_disk = json.loads((tmp_path / "run" / "report.json").read_text(encoding="utf-8"))
    assert report["models"].keys() == on_disk["models"].keys()
    for m in report["models"]:
        assert report["models"][m]["accuracy"] == on_disk["models"][m]["accuracy"]
