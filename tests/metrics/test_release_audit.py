"""`certibench release audit`: measured claims about a release, on real files and real
scikit-learn.

The synthetic releases are built from the bundled release's real statements and questions:
a *clean* one (ground truth assigned by a seeded coin, independent of the text) and an
*artifact-laden* one (the same, but every FALSE question carries a ``^ 1``).  The grouped
cross-validation is checked to keep every theorem class on one side of each split, and a
leakage attack shows why that matters."""

from __future__ import annotations

import importlib
import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from certibench.cli.main import app
from certibench.io import load_items
from certibench.logic.parser import parse_declaration
from certibench.metrics import release_audit as ra
from certibench.run.release import file_digest
from certibench.schema import Item
from tests.helpers import REPO, cli_output

BUNDLED = REPO / "python" / "certibench" / "data" / "release" / "items.jsonl"
FRAME = " — TRUE or FALSE?"


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def bundled() -> list[Item]:
    items, errors = load_items(BUNDLED)
    assert not errors
    return items


def _with_tell(question: str) -> str:
    """Put ``^ 1`` on the first variable of the formula (or at its end): the tell of the
    old FALSE siblings (``a ^ 2 ≤ b ^ 1``)."""
    body = question[: -len(FRAME)] if question.endswith(FRAME) else question
    new, n = re.subn(r"(?<=, )([a-z])\b(?! is an)", r"\1 ^ 1", body, count=1)
    if n == 0:
        new = body.rstrip(".") + " ^ 1"
    return new + (FRAME if question.endswith(FRAME) else "")


def _release_rows(bundled: list[Item], *, tell: bool, n_classes: int = 130, seed: int = 7) -> list[dict[str, Any]]:
    """New-format items: per class one TRUE and one FALSE statement (two real bundled
    statements, which is which decided by a seeded coin), each with its canonical and its
    syntactic paraphrase item.  With ``tell`` every FALSE question carries ``^ 1``."""
    by_tid: dict[str, dict[str, Item]] = defaultdict(dict)
    for it in bundled:
        if truth := ra.truth_label(it.ground_truth):
            if truth == "TRUE" and it.family in ("canonical", "syntactic"):
                by_tid[it.class_id][it.family] = it
    tids = sorted(t for t, f in by_tid.items() if len(f) == 2)[: 2 * n_classes]
    assert len(tids) == 2 * n_classes, f"the bundled release has {len(tids)} TRUE classes with both families"
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    for k in range(n_classes):
        pair = [tids[2 * k], tids[2 * k + 1]]
        rng.shuffle(pair)
        for src, truth in zip(pair, ("TRUE", "FALSE"), strict=True):
            tid = f"c{k:03d}" + ("" if truth == "TRUE" else ra.FALSE_SUFFIX)
            for fam in ("canonical", "syntactic"):
                it = by_tid[src][fam]
                q = str(it.nl_question)
                rows.append(
                    {
                        "id": f"{tid}__{fam}",
                        "theorem_id": tid,
                        "family": fam,
                        "tier": None if fam == "canonical" else "T2",
                        "lean4_statement": it.lean4_statement,
                        "nl_question": _with_tell(q) if (tell and truth == "FALSE") else q,
                        "ground_truth": truth,
                        "domain": (it.model_extra or {}).get("domain"),
                        "certificate": {"version": 2, "verdict": "certified", "backend": "source",
                                        "english": {"round_trip": True, "check": "recorded by the fixture"}},
                    }
                )
    return rows


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def _items(rows: list[dict[str, Any]]) -> list[Item]:
    return [Item.model_validate(r) for r in rows]


def _baseline(items: list[Item], **kw: Any) -> dict[str, Any]:
    return ra.artifact_baseline(
        [str(i.nl_question) for i in items],
        [str(ra.truth_label(i.ground_truth)) for i in items],
        [ra.class_key(i) for i in items],
        **kw,
    )


# --------------------------------------------------------------------------- grouping
def test_class_key_joins_a_statement_and_its_false_sibling() -> None:
    a = Item(id="x__canonical", theorem_id="cb_add__false", ground_truth="FALSE")
    b = Item(id="y", theorem_id="cb_add", ground_truth="TRUE")
    c = Item(id="lone")
    d = Item(id="z", theorem_id="cb__false__x")  # only a trailing suffix is removed
    assert ra.class_key(a) == ra.class_key(b) == "cb_add"
    assert ra.class_key(c) == "lone"
    assert ra.class_key(d) == "cb__false__x"


def test_grouped_folds_never_split_a_theorem_class(bundled: list[Item]) -> None:
    labels = [str(ra.truth_label(i.ground_truth)) for i in bundled]
    groups = [ra.class_key(i) for i in bundled]
    for seed in (0, 1, 2):
        fold = ra.grouped_folds(labels, groups, n_folds=5, seed=seed)
        assert fold.min() == 0 and fold.max() == 4 and (fold >= 0).all()
        per_group: dict[str, set[int]] = defaultdict(set)
        for g, f in zip(groups, fold.tolist(), strict=True):
            per_group[g].add(f)
        assert all(len(fs) == 1 for fs in per_group.values())
        # the TRUE statement and its FALSE sibling (different theorem_ids) share a fold
        tids = {i.class_id: f for i, f in zip(bundled, fold.tolist(), strict=True)}
        siblings = [t for t in tids if t.endswith(ra.FALSE_SUFFIX)]
        assert siblings and all(tids[t] == tids[t[: -len(ra.FALSE_SUFFIX)]] for t in siblings)
    assert (ra.grouped_folds(labels, groups, seed=3) == ra.grouped_folds(labels, groups, seed=3)).all()


def test_grouped_folds_need_two_classes() -> None:
    with pytest.raises(ValueError, match="at least 2 theorem classes"):
        ra.grouped_folds(["TRUE", "FALSE"], ["g", "g"])
    # fewer classes than folds: as many folds as classes
    assert ra.grouped_folds(["TRUE", "FALSE", "TRUE"], ["a", "b", "c"], n_folds=5).max() == 2


def test_grouping_stops_class_leakage() -> None:
    """Each class has its own nonsense word and one label for all its items: split by item,
    the classifier memorises the word and looks brilliant; grouped by class it is at chance."""
    rng = random.Random(0)
    texts, labels, groups = [], [], []
    filler = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]
    for g in range(120):
        lab = rng.choice(["TRUE", "FALSE"])
        for j in range(4):
            texts.append(f"the number zq{g}x {rng.choice(filler)} {rng.choice(filler)} item {j}")
            labels.append(lab)
            groups.append(f"g{g}")
    grouped = ra.artifact_baseline(texts, labels, groups, n_boot=200)
    by_item = ra.artifact_baseline(texts, labels, [f"i{k}" for k in range(len(texts))], n_boot=200)
    assert by_item["accuracy"] > 0.9  # leakage: the class word is seen in training
    assert grouped["accuracy"] < grouped["majority"] + 0.1
    assert by_item["accuracy"] - grouped["accuracy"] > 0.3


# --------------------------------------------------------------------------- the artifact baseline
def test_artifact_laden_release_is_caught(bundled: list[Item]) -> None:
    items = _items(_release_rows(bundled, tell=True))
    assert all("^ 1" in str(i.nl_question) for i in items if i.ground_truth == "FALSE")
    res = _baseline(items, n_boot=300)
    assert res["majority"] == pytest.approx(0.5)
    assert res["accuracy"] > 0.85  # >> majority (0.5)
    assert res["ci"][0] > 0.8 and res["gap_ci"][0] > 0.3  # the whole CI far above majority + 0.05
    assert res["auc"] > 0.9  # (0.95 before the English stated interval bounds and conventions: 0.948 now)
    false_grams = [f["ngram"] for f in res["top_features"]["FALSE"]]
    assert any("^ 1" in g or g.strip() == "^" for g in false_grams), false_grams


def test_second_probe_catches_the_tell_and_passes_the_clean_release(bundled: list[Item]) -> None:
    """The naive-Bayes probe (other model, other features) sees the ``^ 1`` tell too, and
    does not see one where there is none."""
    laden = _baseline(_items(_release_rows(bundled, tell=True)), n_boot=0, probe="naive_bayes")
    clean = _baseline(_items(_release_rows(bundled, tell=False)), n_boot=0, probe="naive_bayes")
    assert laden["accuracy"] > 0.7 and "naive Bayes" in laden["model"]  # well above majority + 0.05
    assert "top_features" not in laden
    assert clean["accuracy"] <= clean["majority"] + ra.ARTIFACT_MARGIN
    with pytest.raises(ValueError, match="unknown probe"):
        _baseline(_items(_release_rows(bundled, tell=False)), n_boot=0, probe="svm")


def test_clean_release_is_not_flagged(bundled: list[Item]) -> None:
    items = _items(_release_rows(bundled, tell=False))
    res = _baseline(items, n_boot=300)
    assert res["majority"] == pytest.approx(0.5)
    assert res["accuracy"] <= res["majority"] + ra.ARTIFACT_MARGIN
    assert res["ci"][0] <= res["accuracy"] <= res["ci"][1]
    assert res["gap_ci"][0] < 0 < res["gap_ci"][1] or res["gap"] < 0
    assert res["auc_ci"][0] < 0.5 + ra.ARTIFACT_MARGIN


def test_artifact_baseline_is_deterministic_and_self_consistent(bundled: list[Item]) -> None:
    items = _items(_release_rows(bundled, tell=True, n_classes=60))
    a = _baseline(items, n_boot=200, seed=5)
    b = _baseline(items, n_boot=200, seed=5)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert sum(a["fold_sizes"]) == a["n_items"] == len(items)
    assert a["n_groups"] == 60 and a["n_folds"] == 5
    # the pooled out-of-fold accuracy is the size-weighted mean of the fold accuracies
    assert a["accuracy"] == pytest.approx(np.average(a["fold_accuracy"], weights=a["fold_sizes"]))
    assert a["gap"] == pytest.approx(a["accuracy"] - a["majority"])


def test_one_label_release_and_empty_input() -> None:
    res = ra.artifact_baseline(["a b", "c d", "e f"], ["TRUE"] * 3, ["x", "y", "z"], n_boot=50)
    assert res["accuracy"] == 1.0 and res["majority"] == 1.0 and res["auc"] is None
    empty = ra.artifact_baseline([], [], [])
    assert empty["accuracy"] is None and "no item" in empty["reason"]
    one = ra.artifact_baseline(["a", "b"], ["TRUE", "FALSE"], ["g", "g"])
    assert one["accuracy"] is None and "2 theorem classes" in one["reason"]


def test_rank_auc_matches_scikit_learn() -> None:
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 400)
    s = np.round(rng.random(400) + 0.4 * y, 1)  # many ties
    w = rng.integers(0, 3, (300, 400)).astype(float)
    got = ra.rank_auc(y, s, w)
    for b in (0, 17, 299):
        assert got[b] == pytest.approx(roc_auc_score(y, s, sample_weight=w[b]))
    assert ra.rank_auc(y, s)[0] == pytest.approx(roc_auc_score(y, s))
    assert np.isnan(ra.rank_auc(np.zeros(5), np.arange(5.0))[0])


def test_class_bootstrap_is_wider_than_an_item_bootstrap() -> None:
    """Items of a class are answered alike; resampling classes must show that spread."""
    rng = np.random.default_rng(0)
    correct = np.repeat(rng.integers(0, 2, 100), 10).astype(float)  # 100 classes of 10 alike items
    is_false = np.tile([0.0, 1.0], 500)
    classes = np.repeat(np.arange(100), 10)
    by_class = ra.class_bootstrap(correct, is_false, classes, n_boot=1000, seed=0)
    by_item = ra.class_bootstrap(correct, is_false, np.arange(1000), n_boot=1000, seed=0)
    width = lambda ci: ci[1] - ci[0]  # noqa: E731
    assert width(by_class["ci"]) > 2.5 * width(by_item["ci"])


def test_majority_baseline() -> None:
    assert ra.majority_baseline(["TRUE", "FALSE", "TRUE"]) == {"label": "TRUE", "accuracy": 2 / 3, "n_items": 3}
    assert ra.majority_baseline(["TRUE", "FALSE"])["label"] == "FALSE"  # a tie: the label sorting first
    assert ra.majority_baseline([])["accuracy"] is None
    assert [ra.truth_label(v) for v in (True, "false", " TRUE ", 1, None, "yes")] == [
        "TRUE", "FALSE", "TRUE", None, None, None]  # fmt: skip


# --------------------------------------------------------------------------- counts and T3
def test_counts_per_family_tier_truth_domain(bundled: list[Item]) -> None:
    c = ra.counts(bundled)
    assert c["n_items"] == len(bundled) == sum(r["n"] for r in c["rows"])
    # counted independently, straight from the items
    truth = Counter(str(i.ground_truth) for i in bundled)
    assert c["by_truth"] == dict(truth) and truth["TRUE"] == truth["FALSE"]  # the bundled release is balanced
    cell = {(r["family"], r["tier"], r["ground_truth"]): r["n"] for r in c["by_family_tier_truth"]}
    want = Counter((i.family, i.tier or "canonical", str(i.ground_truth)) for i in bundled)
    assert cell == dict(want)
    assert ("variation", "T3", "TRUE") not in cell  # T3 items wait in the review queue
    assert sum(r["n"] for r in c["by_domain_truth"] if r["domain"] == "sets") == sum(
        1 for i in bundled if (i.model_extra or {}).get("domain") == "sets"
    )


def test_unreviewed_t3_items_are_listed() -> None:
    items = [
        Item(id="a", theorem_id="t", family="variation", tier="T3", certificate={"verdict": "needs_review", "backend": "none"}),
        Item(id="b", theorem_id="t", family="variation", tier="T3", certificate={"verdict": "certified", "backend": "review"}),
        Item(id="c", theorem_id="t", family="variation", tier="T3"),
        Item(id="d", theorem_id="t", family="passive", tier="T2", certificate={"verdict": "needs_review"}),
    ]
    assert [x["id"] for x in ra.unreviewed_t3(items)] == ["a", "c"]


# --------------------------------------------------------------------------- English round trip
def test_round_trip_without_the_reader_is_unavailable(bundled: list[Item], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "certibench.logic.english", None)  # import fails
    res = ra.english_round_trips(bundled[:20])
    assert res["available"] is False and "reader not available" in res["reason"]
    assert "share" not in res
    audit = ra.audit_items(bundled[:40], n_boot=0)
    tgt = {t["name"]: t for t in audit["targets"]}["round_trip"]
    assert tgt["met"] is False and tgt["measured"].startswith("unavailable")


def test_round_trip_rechecks_every_item() -> None:
    from certibench.families.wording import canonical_question

    stmts = ["theorem t1 (a b : ℝ) : a + b = b + a", "theorem t2 (x : ℝ) : 0 ≤ x ^ 2"]
    good = [canonical_question(parse_declaration(s)) for s in stmts]
    eng = {"round_trip": True, "check": "recorded"}
    items = [
        Item(id="ok1", theorem_id="t1", lean4_statement=stmts[0], nl_question=good[0], certificate={"english": eng}),
        Item(id="ok2", theorem_id="t2", family="syntactic", tier="T2", lean4_statement=stmts[1], nl_question=good[1]),
        # English of another statement, recorded as round-tripping: a failure and a disagreement
        Item(id="bad", theorem_id="t1", family="notation", tier="T1", lean4_statement=stmts[0], nl_question=good[1],
             certificate={"english": eng}),
        Item(id="noparse", theorem_id="t3", lean4_statement="theorem t3 : ∀∀ oops", nl_question=good[0]),
        Item(id="nolean", theorem_id="t4", nl_question=good[0]),
    ]
    res = ra.english_round_trips(items)
    assert res["available"] is True
    assert res["n_items"] == 5 and res["n_ok"] == 2 and res["share"] == pytest.approx(0.4)
    assert {f["id"]: f["code"] for f in res["failures"]}.keys() == {"bad", "noparse", "nolean"}
    assert {f["id"]: f["code"] for f in res["failures"]}["nolean"] == "missing"
    assert res["by_tier"]["canonical"] == {"n": 3, "ok": 1, "share": pytest.approx(1 / 3)}
    assert res["by_tier"]["T1"]["ok"] == 0 and res["by_tier"]["T2"]["ok"] == 1
    assert [d["id"] for d in res["disagreements"]] == ["bad"]
    assert res["n_recorded"] == 2 and res["n_not_recorded"] == 3


# --------------------------------------------------------------------------- coverage
def _coverage_items() -> list[Item]:
    stmts = {
        "t1": "theorem t1 (a b : ℝ) : a + b = b + a",
        "t2": "theorem t2 (a b : ℕ) (h : a ≤ b) : a < b + 1",
        "t3": "theorem t3 (x : ℝ) : 0 ≤ x ^ 2",
    }
    items = [Item(id=f"{t}__canonical", theorem_id=t, lean4_statement=s, nl_question="q", ground_truth="TRUE")
             for t, s in stmts.items()]  # fmt: skip
    items.append(Item(id="t1__false__canonical", theorem_id="t1__false", lean4_statement="theorem f (a b : ℝ) : a + b ≠ b + a",
                      nl_question="q", ground_truth="FALSE"))  # fmt: skip
    for tid, truth in (("t1", "TRUE"), ("t2", "TRUE"), ("t1__false", "FALSE")):
        items.append(Item(id=f"{tid}__F1", theorem_id=tid, family="syntactic", tier="T2", ground_truth=truth,
                          lean4_statement=stmts["t1"], nl_question="q"))  # fmt: skip
    items.append(Item(id="t2__F2", theorem_id="t2", family="F2", tier="T2", ground_truth="TRUE",
                      lean4_statement=stmts["t2"], nl_question="q"))  # fmt: skip
    return items


def test_coverage_computed_from_the_statements() -> None:
    from certibench.families.apply import family_applies
    from certibench.families.registry import all_families

    items = _coverage_items()
    cov = ra.family_coverage(items, None)
    assert cov["source"] == "computed" and cov["n_statements"] == 3 and cov["definition"] == ra.COVERAGE_DEFINITION
    decls = [parse_declaration(str(i.lean4_statement)) for i in items[:3]]
    for fam in all_families():
        row = cov["families"][fam.name]
        assert row["applies"] == sum(family_applies(d, fam.id) for d in decls)
    syn = cov["families"]["syntactic"]
    assert syn["applies"] == 3 and syn["with_item"] == 2 and syn["coverage"] == pytest.approx(2 / 3)
    assert syn["with_item_false"] == 1
    q = cov["families"]["quantifier"]  # named by id in the item: one statement
    assert q["with_item"] == 1 and q["coverage"] == pytest.approx(1 / q["applies"])
    assert cov["mismatches"] == []


def test_coverage_read_from_the_generation_report_and_cross_checked(tmp_path: Path) -> None:
    items = _coverage_items()
    path = _write(tmp_path / "rel" / "items.jsonl", [i.model_dump(mode="json", exclude_none=True) for i in items])
    report = {"coverage": {
        "syntactic": {"family": "F1", "tier": "T2", "applies": 3, "with_item": 2, "coverage": 0.6667},
        "quantifier": {"family": "F2", "tier": "T2", "applies": 3, "with_item": 3, "coverage": 1.0},
    }}  # fmt: skip
    (tmp_path / "rel" / "generation_report.json").write_text(json.dumps(report), encoding="utf-8")
    cov = ra.family_coverage(items, path)
    assert cov["source"].endswith("generation_report.json")
    assert cov["families"]["syntactic"]["coverage"] == pytest.approx(2 / 3)
    assert cov["families"]["quantifier"]["with_item_measured"] == 1
    assert len(cov["mismatches"]) == 1 and cov["mismatches"][0].startswith("quantifier:")
    # an unusable report: computed instead, with a note naming the file and field
    (tmp_path / "rel" / "generation_report.json").write_text('{"coverage": {"syntactic": {"applies": "3"}}}')
    cov = ra.family_coverage(items, path)
    assert cov["source"] == "computed"
    assert "coverage.syntactic" in cov["notes"][0] and "generation_report.json" in cov["notes"][0]


# --------------------------------------------------------------------------- the whole audit and the CLI
def _cli(*args: str, width: int = 100) -> Any:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": str(width)})


def test_cli_exit_1_on_artifact_laden_release_and_json(bundled: list[Item], tmp_path: Path) -> None:
    path = _write(tmp_path / "rel" / "items.jsonl", _release_rows(bundled, tell=True))
    out_json = tmp_path / "rel" / "audit.json"
    r = _cli("release", "audit", str(path), "--json", str(out_json), "--n-boot", "200", "-q")
    text = cli_output(r)
    assert r.exit_code == 1, text
    assert "target not met: artifact-baseline accuracy" in text
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["certibench_release_audit"] == ra.AUDIT_FORMAT
    assert data["release"]["digest"] == file_digest(path)
    assert data["false_share"] == pytest.approx(0.5)
    art = data["artifact_baseline"]
    assert art["accuracy"] > 0.85 and art["ci"][0] <= art["accuracy"] <= art["ci"][1]
    assert {t["name"]: t["met"] for t in data["targets"]}["artifact_baseline"] is False
    assert {t["name"]: t["met"] for t in data["targets"]}["false_share"] is True


def test_cli_unreadable_input_exits_2(tmp_path: Path) -> None:
    r = _cli("release", "audit", str(tmp_path / "missing.jsonl"))
    assert r.exit_code == 2 and "missing.jsonl" in cli_output(r)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n{\"no\": \"id\"}\n", encoding="utf-8")
    r = _cli("release", "audit", str(bad))
    assert r.exit_code == 2 and "bad.jsonl" in cli_output(r)


def test_cli_narrow_terminal_never_cuts_numbers(bundled: list[Item], tmp_path: Path) -> None:
    path = _write(tmp_path / "items.jsonl", _release_rows(bundled, tell=True, n_classes=40))
    out_json = tmp_path / "audit.json"
    r = _cli("release", "audit", str(path), "--json", str(out_json), "--n-boot", "100", "-q", width=40)
    text = cli_output(r)
    data = json.loads(out_json.read_text(encoding="utf-8"))
    art = data["artifact_baseline"]
    for number in (f"{art['accuracy']:.4f}", f"{art['ci'][0]:.4f}", f"{art['ci'][1]:.4f}", f"{art['auc']:.4f}",
                   f"{data['majority']['accuracy']:.4f}", data["release"]["digest"]):  # fmt: skip
        assert number in text, number
    for row in data["coverage"]["families"].values():
        assert f"applies: {row['applies']}" in text or f" {row['applies']} " in text


def test_release_json_digest_and_version(bundled: list[Item], tmp_path: Path) -> None:
    rows = _release_rows(bundled, tell=False, n_classes=30)
    path = _write(tmp_path / "rel" / "items.jsonl", rows)
    meta = {"release_version": "0.2.0+seed0", "certificate_format": 2, "items_file": "items.jsonl",
            "digest": file_digest(path)}  # fmt: skip
    (tmp_path / "rel" / "release.json").write_text(json.dumps(meta), encoding="utf-8")
    res, _ = ra.audit_release(path, n_boot=0, round_trip=False)
    assert res["release"]["release_version"] == "0.2.0+seed0"
    assert {t["name"]: t["met"] for t in res["targets"]}["release_digest"] is True
    _write(path, rows[:-1])  # the items changed after release.json was written
    res, _ = ra.audit_release(path, n_boot=0, round_trip=False)
    assert res["release"]["release_version"] is None
    assert {t["name"]: t["met"] for t in res["targets"]}["release_digest"] is False
    assert any("field 'digest'" in f for f in res["findings"])


def test_cli_exit_0_on_a_release_meeting_its_targets(bundled: list[Item], tmp_path: Path) -> None:
    """Clean labels, English rendered by the renderer and read back by the reader."""
    from certibench.families.wording import canonical_question

    english_round_trip = importlib.import_module("certibench.logic.english").english_round_trip
    rows = []
    for r in _release_rows(bundled, tell=False, n_classes=50):
        if r["family"] != "canonical":
            continue
        try:
            decl = parse_declaration(r["lean4_statement"])
            q = canonical_question(decl)
        except Exception:
            continue
        if english_round_trip(decl, q).ok:
            rows.append({**r, "nl_question": q})
    truths: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        truths[r["theorem_id"].removesuffix(ra.FALSE_SUFFIX)].add(r["ground_truth"])
    rows = [r for r in rows if len(truths[r["theorem_id"].removesuffix(ra.FALSE_SUFFIX)]) == 2]
    assert len(rows) > 40
    # the FALSE item of a class says what its TRUE partner says, so no surface feature can
    # tell them apart and the artifact baseline is at chance by construction (two different
    # statements per class made it a coin flip on 100 items: 0.56 once the English changed)
    true_q = {r["theorem_id"]: (r["lean4_statement"], r["nl_question"]) for r in rows if r["ground_truth"] == "TRUE"}
    rows = [{**r, "lean4_statement": true_q[r["theorem_id"].removesuffix(ra.FALSE_SUFFIX)][0],
             "nl_question": true_q[r["theorem_id"].removesuffix(ra.FALSE_SUFFIX)][1]} if r["ground_truth"] == "FALSE" else r
            for r in rows]
    path = _write(tmp_path / "items.jsonl", rows)
    r = _cli("release", "audit", str(path), "--n-boot", "200", "-q")
    assert r.exit_code == 0, cli_output(r)
    assert "all release targets met" in cli_output(r)
    # adversary round 50: an unreadable record beside them is a damaged release, not a met one
    with path.open("a", encoding="utf-8") as fh:
        fh.write("{not json\n")
    r = _cli("release", "audit", str(path), "--n-boot", "200", "-q")
    assert r.exit_code == 1 and "readable items only" in " ".join(cli_output(r).split()), cli_output(r)
