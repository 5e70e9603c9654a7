"""The quick default run: `certibench run` without --items asks a fixed sample of about 100
items made of whole theorem classes (both truth values, every domain that fits), says so,
and points at `--all`; `--all` asks the whole release; a quick run and a full run never
adopt each other's unfinished directory."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.run.defaults import QUICK_ITEMS, default_items_path, quick_sample
from certibench.run.plan import load_items
from certibench.schema import Item
from tests.helpers import REPO
from tests.openai_stub_server import StubServer


@pytest.fixture(scope="module")
def release() -> list[Item]:
    p = default_items_path()
    if not p.exists():
        pytest.skip(f"bundled release {p} is not built")
    return load_items(p)[0]


def _classes(items: list[Item]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for it in items:
        out.setdefault(it.class_id, []).append(it.id)
    return out


def test_the_quick_sample_of_the_release(release: list[Item]) -> None:
    q = quick_sample(release)
    ids = [it.id for it in q.items]
    assert 0.8 * QUICK_ITEMS <= len(ids) <= QUICK_ITEMS and len(set(ids)) == len(ids)
    full = _classes(release)
    sampled = _classes(q.items)
    assert set(sampled) == set(q.classes)
    for cid, members in sampled.items():  # whole classes: every family item of each sampled theorem
        assert members == full[cid]
    # both truth values, FALSE siblings as their own <theorem>__false class, every domain of the release
    truths = Counter(str(it.ground_truth) for it in q.items)
    assert truths["TRUE"] and truths["FALSE"]
    assert any(c.endswith("__false") for c in q.classes) and q.n_false == sum(c.endswith("__false") for c in q.classes)
    domains = {getattr(it, "domain", None) or (it.model_extra or {}).get("domain") for it in release}
    assert set(q.domains) == domains
    # a TRUE theorem's paraphrases are all there, so IG and SCR are defined on more than one form
    assert all(len(sampled[c]) >= 2 for c in q.classes if not c.endswith("__false"))
    # file order kept; description states the numbers
    pos = {it.id: k for k, it in enumerate(release)}
    assert [pos[i] for i in ids] == sorted(pos[i] for i in ids)
    d = q.describe()
    assert f"{len(ids)} items = {len(q.classes)} whole theorem classes" in d and f"{len(release):,} items" in d


def test_readme_states_the_quick_sample_as_it_is(release: list[Item]) -> None:
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    q = quick_sample(release)
    assert f"a fixed sample of {len(q.items)} items of the bundled certified release" in readme
    assert f"{len(q.classes)} *whole* theorem classes" in readme
    assert f"{q.n_true} TRUE theorems and {q.n_false} FALSE siblings" in readme
    assert "all six domains" in readme and len(q.domains) == 6
    assert f"`certibench run --all` asks all {len(release):,} items" in readme


def test_the_quick_sample_ignores_file_order(release: list[Item]) -> None:
    shuffled = list(release)
    random.Random(3).shuffle(shuffled)
    assert sorted(quick_sample(shuffled).classes) == sorted(quick_sample(release).classes)
    assert quick_sample(release).classes == quick_sample(list(release)).classes


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(1, 9), min_size=1, max_size=40),
    budget=st.integers(1, 60),
    seed=st.integers(0, 3),
)
def test_quick_sample_takes_whole_classes_within_budget(sizes: list[int], budget: int, seed: int) -> None:
    items = []
    for c, n in enumerate(sizes):
        dom = "ab"[c % 2]
        for k in range(n):
            fam = "canonical" if k == 0 else f"f{k}"
            items.append(Item(id=f"c{c}_{k}", theorem_id=f"c{c}" if c % 3 else f"c{c - 1}__false" if c else "c0",
                              family=fam, ground_truth="FALSE" if c % 3 == 0 and c else "TRUE", domain=dom))
    q = quick_sample(items, budget, seed=seed)
    full = _classes(items)
    sampled = _classes(q.items)
    assert q.items, "something is always taken"
    assert len(q.items) <= budget or len(q.classes) == 1
    for cid, members in sampled.items():
        assert members == full[cid]


def test_quick_sample_rejects_an_empty_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        quick_sample([Item(id="a")], 0)


# ----------------------------------------------------------------------------- CLI


@pytest.fixture()
def stub() -> Iterator[StubServer]:
    with StubServer() as srv:
        yield srv


def test_bare_run_is_quick_and_says_how_to_run_everything(
    release: list[Item], tmp_path: Path, stub: StubServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    q = quick_sample(release)
    r = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["run", "-m", "openai:x", "--base-url", stub.base_url, "-q"])
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert f"quick run: {len(q.items)} items = {len(q.classes)} whole theorem classes" in out
    assert "certibench run --all" in out and "requests/s" in out and "majority" in out
    (run_dir,) = list((tmp_path / "runs").iterdir())
    rows = [json.loads(x) for x in (run_dir / "responses.jsonl").read_text().splitlines()]
    assert sorted(r_["item_id"] for r_ in rows) == sorted(it.id for it in q.items)
    meta = json.loads((run_dir / "run.json").read_text())
    assert meta["parameters"]["quick"] is True and meta["items_count"] == len(q.items)
    rep = json.loads((run_dir / "report.json").read_text())
    assert rep["meta"]["n_items"] == len(q.items) and rep["audit"]["ran"] is False
    assert "Item explorer" in (run_dir / "report.html").read_text()
    # the report of that run directory reads the release but reports only the asked items
    r = CliRunner().invoke(app, ["report", "--run", str(run_dir), "--json", str(tmp_path / "again.json"), "--n-boot", "0"])
    assert r.exit_code == 0, r.output
    again = json.loads((tmp_path / "again.json").read_text())
    assert again["meta"]["n_items"] == len(q.items)
    assert again["meta"]["n_items_without_responses"] == len(release) - len(q.items)


@pytest.mark.parametrize(
    ("args", "expect_all"),
    [([], False), (["--all"], True), (["--limit", "7"], None), (["--quick"], False)],
)
def test_dry_run_counts(release: list[Item], tmp_path: Path, args: list[str], expect_all: bool | None) -> None:
    r = CliRunner().invoke(app, ["run", "--dry-run", "--out", str(tmp_path / "r"), *args])
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    n = 7 if expect_all is None else len(release) if expect_all else len(quick_sample(release).items)
    assert f"{n} to ask" in out
    assert ("quick run:" in out) == (expect_all is False)


def test_items_file_is_asked_whole_unless_quick_is_asked_for(tmp_path: Path) -> None:
    items = tmp_path / "items.jsonl"
    items.write_text("".join(
        json.dumps({"id": f"t{t}_{k}", "theorem_id": f"t{t}", "family": "canonical" if k == 0 else "syntactic",
                    "nl_question": f"Claim {t}.{k}.", "ground_truth": "TRUE", "domain": "d"}) + "\n"
        for t in range(60) for k in range(3)
    ))
    r = CliRunner().invoke(app, ["run", "--items", str(items), "--dry-run", "--out", str(tmp_path / "r")])
    assert r.exit_code == 0 and "180 to ask" in " ".join(r.output.split()) and "quick run" not in r.output
    r = CliRunner().invoke(app, ["run", "--items", str(items), "--quick", "--dry-run", "--out", str(tmp_path / "r")])
    assert r.exit_code == 0 and f"{QUICK_ITEMS - QUICK_ITEMS % 3} to ask" in " ".join(r.output.split())
    r = CliRunner().invoke(app, ["run", "--quick", "--limit", "5", "--dry-run"])
    assert r.exit_code == 2 and "give one" in r.output


def test_quick_and_full_runs_never_adopt_each_other(tmp_path: Path, stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    items = tmp_path / "items.jsonl"
    items.write_text("".join(
        json.dumps({"id": f"t{t}_{k}", "theorem_id": f"t{t}", "nl_question": f"Claim {t}.{k}.", "ground_truth": "TRUE"}) + "\n"
        for t in range(50) for k in range(3)
    ))
    base = ["run", "--items", str(items), "-m", "openai:x", "--base-url", stub.base_url, "-q", "--no-report"]
    r = CliRunner().invoke(app, [*base, "--quick"])
    assert r.exit_code == 0, r.output
    (quick_dir,) = list((tmp_path / "runs").iterdir())
    meta = json.loads((quick_dir / "run.json").read_text())
    meta["status"] = "interrupted"  # as if stopped midway
    (quick_dir / "run.json").write_text(json.dumps(meta))
    import time

    time.sleep(1.1)  # run directories are named by the second
    r = CliRunner().invoke(app, [*base, "--all"])
    assert r.exit_code == 0, r.output
    assert len(list((tmp_path / "runs").iterdir())) == 2  # a new directory, not the quick one
    r = CliRunner().invoke(app, [*base, "--quick"])
    assert r.exit_code == 0 and "0 new requests" in r.output  # the same command resumes the quick run
    assert len(list((tmp_path / "runs").iterdir())) == 2
