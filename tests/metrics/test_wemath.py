"""We-Math: importer, four-dimensional metrics, accuracy and concept roll-up.

The metric layer must equal We-Math's official evaluation on any prediction set over
testmini.  The oracle below is a faithful pandas port of We-Math's
``evaluation/four_dimensional_metrics.py`` and ``evaluation/accuracy.py`` (same
extraction chain, same merges on ``ID``, same boolean filters, same denominators;
only the final percent-string formatting is left out), run on prediction sets
generated here with fixed seeds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from certibench.corpus.wemath import items_from_rows, load_wemath, parse_key
from certibench.metrics.wemath import (
    concept_rollup,
    four_dimensional,
    load_concept_tree,
    score_predictions,
    score_table,
    table_from_items,
    table_from_predictions,
)
from certibench.run.answers import extract_wemath_official
from certibench.schema import Response
from tests.helpers import shared_file

# ---------------------------------------------------------------------------------------
# the oracle: We-Math's official computation, ported
# ---------------------------------------------------------------------------------------


def _official_load(rows: list[dict[str, Any]]) -> pd.DataFrame:
    df = pd.DataFrame(rows)
    df["processed_answer"] = (
        df["response"].str.split("Answer").str[-1].str.strip().str.replace(r"[>><<:.]", "", regex=True).str.strip()
    )
    df["processed_answer"] = df["processed_answer"].apply(lambda x: x[0] if x and x[0] in "ABCDEFGH" else None)
    df["joker"] = df["processed_answer"] == df["answer"]
    return df


def _official_process_steps(df: pd.DataFrame, steps: int) -> pd.DataFrame:
    steps_data = {f"{steps}steps_{i}": df[df["key"] == f"{steps}steps_{i}"].copy() for i in range(1, steps + 1)}
    steps_data[f"{steps}steps_multi"] = df[df["key"] == f"{steps}steps_multi"].copy()
    for key, data in steps_data.items():
        data.columns = [col + f"_{key.split('_')[-1]}" for col in data.columns]
    merged = steps_data[f"{steps}steps_1"]
    for i in range(2, steps + 1):
        merged = pd.merge(merged, steps_data[f"{steps}steps_{i}"], left_on="ID_1", right_on=f"ID_{i}", how="left")
    return pd.merge(merged, steps_data[f"{steps}steps_multi"], left_on="ID_1", right_on="ID_multi", how="left")


def _official_four_dim(m2: pd.DataFrame, m3: pd.DataFrame) -> dict[str, float]:
    def n(df: pd.DataFrame, mask: pd.Series) -> int:
        return len(df[mask])

    j = {k: m2[f"joker_{k}"] for k in ("1", "2", "multi")}
    t = {k: m3[f"joker_{k}"] for k in ("1", "2", "3", "multi")}
    rm_loose = n(m2, ((j["1"] == False) & (j["2"] == False)) & (j["multi"] == True)) + n(  # noqa: E712
        m3, ((t["1"] == False) & (t["2"] == False) & (t["3"] == False)) & (t["multi"] == True)  # noqa: E712
    )
    rm_strict = n(m2, ((j["1"] == False) | (j["2"] == False)) & (j["multi"] == True)) + n(  # noqa: E712
        m3, ((t["1"] == False) | (t["2"] == False) | (t["3"] == False)) & (t["multi"] == True)  # noqa: E712
    )
    ig = n(m2, ((j["1"] == True) & (j["2"] == True)) & (j["multi"] == False)) + n(  # noqa: E712
        m3, ((t["1"] == True) & (t["2"] == True) & (t["3"] == True)) & (t["multi"] == False)  # noqa: E712
    )
    ik = n(m2, ((j["1"] == False) | (j["2"] == False)) & (j["multi"] == False)) + n(  # noqa: E712
        m3, ((t["1"] == False) | (t["2"] == False) | (t["3"] == False)) & (t["multi"] == False)  # noqa: E712
    )
    cm_loose = n(m2, ((j["1"] == True) | (j["2"] == True)) & (j["multi"] == True)) + n(  # noqa: E712
        m3, ((t["1"] == True) | (t["2"] == True) | (t["3"] == True)) & (t["multi"] == True)  # noqa: E712
    )
    cm_strict = n(m2, ((j["1"] == True) & (j["2"] == True)) & (j["multi"] == True)) + n(  # noqa: E712
        m3, ((t["1"] == True) & (t["2"] == True) & (t["3"] == True)) & (t["multi"] == True)  # noqa: E712
    )
    total = 525
    out: dict[str, float] = {
        "IG": ig,
        "IK": ik,
        "CM_loose": cm_loose,
        "CM_strict": cm_strict,
        "RM_loose": rm_loose,
        "RM_strict": rm_strict,
        "IG_rate": ig / total,
        "IK_rate": ik / total,
        "CM_loose_rate": cm_loose / total,
        "CM_strict_rate": cm_strict / total,
        "score_loose": (525 - 0.5 * ig - rm_loose - ik) / 525,
        "score_strict": (525 - 0.5 * ig - rm_strict - ik) / 525,
    }
    if cm_loose + rm_loose:
        out["RM_loose_rate"] = rm_loose / (cm_loose + rm_loose)
    if cm_strict + rm_strict:
        out["RM_strict_rate"] = rm_strict / (cm_strict + rm_strict)
    return out


def _official_accuracy(m2: pd.DataFrame, m3: pd.DataFrame, nodes_path: Path) -> dict[str, float]:
    nodes = pd.DataFrame(json.loads(nodes_path.read_text(encoding="utf-8")))
    nodes["final_key"] = nodes["full node"].str.split("_").str[-1]
    nodes["root_2"] = nodes["full node"].str.split("_").str[1]

    def evaluate_steps(merged: pd.DataFrame, steps: int) -> pd.DataFrame:
        jokers = [merged[[f"joker_{i}", f"knowledge concept_{i}"]] for i in range(1, steps + 1)]
        for i in range(steps):
            jokers[i] = pd.merge(
                jokers[i], nodes[["final_key", "full node", "root_2"]], left_on=f"knowledge concept_{i + 1}", right_on="final_key", how="left"
            )
            jokers[i] = jokers[i].rename(columns={f"joker_{i + 1}": "joker", f"knowledge concept_{i + 1}": "knowledge_concept"})
        return pd.concat(jokers, axis=0)

    cat = pd.concat([evaluate_steps(m2, 2), evaluate_steps(m3, 3)], axis=0)
    out: dict[str, float] = {
        "S1": cat["joker"].mean(),
        "S2": m2["joker_multi"].mean(),
        "S3": m3["joker_multi"].mean(),
    }
    nodes["final_rode"] = nodes["full node"].str.split("_").str[-1]
    per_key = cat.groupby("final_key")["joker"].mean()
    merged = pd.merge(nodes, per_key, left_on="final_rode", right_on="final_key", how="left")
    for area, v in merged.groupby("root2")["joker"].mean().items():
        out[f"area:{area}"] = v
    return out


def official_wemath(rows: list[dict[str, Any]], nodes_path: Path) -> dict[str, float]:
    data = _official_load(rows)
    d2 = data[data["key"].str.contains("2steps")]
    d3 = data[data["key"].str.contains("3steps")]
    m2 = _official_process_steps(d2, 2)
    m3 = _official_process_steps(d3, 3)
    res = _official_four_dim(m2, m3)
    res.update(_official_accuracy(m2, m3, nodes_path))
    return res


# ---------------------------------------------------------------------------------------
# fixtures and prediction sets
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def testmini() -> list[dict[str, Any]]:
    return json.loads(shared_file("wemath/testmini.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def nodes_path() -> Path:
    return shared_file("wemath/knowledge_structure_nodes.json")


@pytest.fixture(scope="module")
def tree(nodes_path: Path):  # noqa: ANN201
    return load_concept_tree(nodes_path)


def _wrong(ans: str, rng: random.Random) -> str:
    return rng.choice([c for c in "ABCDE" if c != ans])


_FORMATS = (
    "Answer: {}",
    "Solution: ... so the Answer is {}.",
    "<Answer>: {}",
    "{}",
    "The answer is ({})",
    "Answer:\n\n{}. because",
    "I think Answer {} and then Answer: {}",
    "no letter here",
    "",
    "Answer: {} Answer: Z",
)


def _render(letter: str, rng: random.Random) -> str:
    fmt = rng.choice(_FORMATS)
    return fmt.format(letter, letter)


def prediction_set(testmini: list[dict[str, Any]], kind: str, seed: int = 0) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for r in testmini:
        r = dict(r)
        multi = r["key"].endswith("multi")
        if kind == "random":
            r["response"] = _render(rng.choice("ABCDEFGH"), rng)
        elif kind == "biased":  # ~70 % right with assorted formats
            r["response"] = _render(r["answer"] if rng.random() < 0.7 else _wrong(r["answer"], rng), rng)
        elif kind == "all_correct":
            r["response"] = f"Answer: {r['answer']}"
        elif kind == "all_wrong":
            r["response"] = f"Answer: {_wrong(r['answer'], rng)}"
        elif kind == "subs_right_multi_wrong":
            r["response"] = f"Answer: {_wrong(r['answer'], rng) if multi else r['answer']}"
        elif kind == "multi_right_subs_wrong":
            r["response"] = f"Answer: {r['answer'] if multi else _wrong(r['answer'], rng)}"
        elif kind == "one_sub_wrong":  # strict RM, loose CM for every group
            wrong = r["key"].endswith("_1")
            r["response"] = f"Answer: {_wrong(r['answer'], rng) if wrong else r['answer']}"
        else:  # pragma: no cover
            raise ValueError(kind)
        out.append(r)
    return out


KINDS = ["random", "biased", "all_correct", "all_wrong", "subs_right_multi_wrong", "multi_right_subs_wrong", "one_sub_wrong"]


# ---------------------------------------------------------------------------------------
# equality with the official evaluation
# ---------------------------------------------------------------------------------------


CASES = [(k, 0) for k in KINDS] + [("random", 1), ("random", 2), ("biased", 1), ("biased", 2)]


@pytest.mark.parametrize(("kind", "seed"), CASES)
def test_equals_official_we_math_evaluation(testmini: list[dict[str, Any]], nodes_path: Path, tree: Any, kind: str, seed: int) -> None:
    rows = prediction_set(testmini, kind, seed)
    oracle = official_wemath(rows, nodes_path)
    res = score_predictions(rows, tree=tree)["official"]
    s, lo = res.strict, res.loose
    assert (s.IK, s.IG, s.CM, s.RM) == (oracle["IK"], oracle["IG"], oracle["CM_strict"], oracle["RM_strict"])
    assert (lo.IK, lo.IG, lo.CM, lo.RM) == (oracle["IK"], oracle["IG"], oracle["CM_loose"], oracle["RM_loose"])
    assert s.N == lo.N == 525 and s.incomplete == 0
    assert s.S_IK == pytest.approx(oracle["IK_rate"])
    assert s.S_IG == pytest.approx(oracle["IG_rate"])
    assert s.S_CM == pytest.approx(oracle["CM_strict_rate"])
    assert lo.S_CM == pytest.approx(oracle["CM_loose_rate"])
    if "RM_strict_rate" in oracle:
        assert s.S_RM == pytest.approx(oracle["RM_strict_rate"])
    else:  # the official script divides by zero here; we say "undefined"
        assert s.S_RM is None
    if "RM_loose_rate" in oracle:
        assert lo.S_RM == pytest.approx(oracle["RM_loose_rate"])
    assert s.score == pytest.approx(oracle["score_strict"])
    assert lo.score == pytest.approx(oracle["score_loose"])
    assert res.S1 == pytest.approx(oracle["S1"])
    assert res.S2 == pytest.approx(oracle["S2"])
    assert res.S3 == pytest.approx(oracle["S3"])
    areas = {k.split(":", 1)[1]: v for k, v in oracle.items() if k.startswith("area:")}
    assert len(areas) == 12
    assert res.areas.keys() == areas.keys()
    for area, v in areas.items():
        assert res.areas[area] == pytest.approx(v), area


def test_deterministic_sets_have_the_expected_classes(testmini: list[dict[str, Any]]) -> None:
    def fd(kind: str):  # noqa: ANN202
        return score_predictions(prediction_set(testmini, kind))["official"]

    ok = fd("all_correct")
    assert (ok.strict.CM, ok.strict.IK, ok.strict.score, ok.S1, ok.S2, ok.S3) == (525, 0, 1.0, 1.0, 1.0, 1.0)
    bad = fd("all_wrong")
    assert (bad.strict.IK, bad.strict.score, bad.strict.S_RM) == (525, 0.0, None)
    ig = fd("subs_right_multi_wrong")
    assert (ig.strict.IG, ig.strict.score) == (525, 0.5)
    rm = fd("multi_right_subs_wrong")
    assert (rm.strict.RM, rm.loose.RM, rm.strict.S_RM) == (525, 525, 1.0)
    one = fd("one_sub_wrong")
    assert (one.strict.RM, one.loose.CM, one.loose.RM) == (525, 525, 0)


def test_alpha_beta_are_configurable(testmini: list[dict[str, Any]]) -> None:
    rows = prediction_set(testmini, "biased", 3)
    df, _ = table_from_predictions(rows, extract_wemath_official)
    base = score_table(df)
    alt = score_table(df, alpha=0.25, beta=1.0)
    s = alt.strict
    assert s.score == pytest.approx((0.25 * s.IK + 1.0 * s.IG + s.CM) / s.N)
    assert base.strict.score != alt.strict.score


# ---------------------------------------------------------------------------------------
# beyond the official script
# ---------------------------------------------------------------------------------------


def _synthetic(groups: dict[str, tuple[list[bool], bool]]) -> pd.DataFrame:
    recs = []
    for g, (subs, m) in groups.items():
        k = len(subs)
        for i, c in enumerate(subs, start=1):
            recs.append({"group": g, "n_steps": k, "step": i, "correct": c, "concept": f"c{i}"})
        recs.append({"group": g, "n_steps": k, "step": 0, "correct": m, "concept": None})
    return pd.DataFrame(recs)


def test_any_k_step_problem() -> None:
    df = _synthetic(
        {
            "g1": ([True], True),  # CM
            "g4": ([True, True, True, True], False),  # IG
            "g5": ([False, True, True, True, True], True),  # RM strict, CM loose
            "g6": ([False] * 6, True),  # RM both
            "g7": ([False, True, False, False, False, False, False], False),  # IK
        }
    )
    strict, loose, inc = four_dimensional(df)
    assert (strict.CM, strict.IG, strict.RM, strict.IK) == (1, 1, 2, 1)
    assert (loose.CM, loose.RM) == (2, 1)
    assert inc == []
    res = score_table(df)
    assert set(res.S_by_steps) == {"1", "4", "5", "6", "7"}
    assert res.S_by_steps["6"] == 1.0 and res.S_by_steps["4"] == 0.0


def test_incomplete_groups_are_reported_not_dropped() -> None:
    df = _synthetic({"a": ([True, True], True), "b": ([True, True], False), "c": ([True, False, True], True)})
    df = df[~((df["group"] == "b") & (df["step"] == 2))]  # b lost a sub-problem
    df = df[~((df["group"] == "c") & (df["step"] == 0))]  # c lost its composite row
    strict, loose, inc = four_dimensional(df)
    assert strict.N == 3 and strict.incomplete == 2
    assert strict.CM == 1 and strict.IK + strict.IG + strict.RM == 0
    assert strict.S_CM == pytest.approx(1 / 3)
    assert {g.group: g.missing for g in inc} == {"b": ["2steps_2"], "c": ["3steps_multi"]}


def test_duplicate_rows_are_refused() -> None:
    df = _synthetic({"a": ([True, True], True)})
    with pytest.raises(ValueError, match="duplicate row for group 'a'"):
        four_dimensional(pd.concat([df, df.iloc[[0]]]))


def test_accuracy_vs_steps_and_concept_rollup(testmini: list[dict[str, Any]], tree: Any) -> None:
    rng = random.Random(7)
    rows = []
    for r in testmini:  # accuracy falls with the number of steps: 0.8, 0.5, 0.2
        k = parse_key(r["key"])
        p = 0.8 if k.step else {2: 0.5, 3: 0.2}[k.n_steps]
        rows.append({**r, "response": f"Answer: {r['answer'] if rng.random() < p else _wrong(r['answer'], rng)}"})
    res = score_predictions(rows, tree=tree)["official"]
    assert res.steps.n == {"1": 1215, "2": 360, "3": 165}
    assert res.steps.pearson_r is not None and res.steps.pearson_r < -0.2 and res.steps.p_value < 1e-6
    assert res.steps.level_r is not None and res.steps.level_r < -0.9
    assert len(res.concepts) == 67 and sum(c.total for c in res.concepts.values()) == 1215
    # level-1 roll-up = unweighted mean of the leaf accuracies under each category
    acc = {k: v.accuracy for k, v in res.concepts.items()}
    cats, unmapped = concept_rollup(acc, tree, 1)
    assert unmapped == [] and len(cats) == 5
    for node in tree.nodes_at_level(1):
        leaves = [tree.label(x) for x in tree.leaves_under(node)]
        assert cats[tree.label(node)] == pytest.approx(sum(acc[x] for x in leaves) / len(leaves))
    root, _ = concept_rollup(acc, tree, 0)
    assert root["Geometry and Figures"] == pytest.approx(sum(acc.values()) / 67)
    assert res.rollup["1"] == cats and res.rollup["0"] == root and res.rollup["2"] == res.areas
    assert len(res.rollup["2"]) == 12
    # level-4 nodes are all leaves: their roll-up is their own accuracy
    assert res.rollup["4"] == {tree.label(n): pytest.approx(acc[tree.label(n)]) for n in tree.nodes_at_level(4)}


def test_robust_extraction_reported_separately(testmini: list[dict[str, Any]]) -> None:
    rows = [{**r, "response": f"The correct option is **{r['answer']}**."} for r in testmini]
    res = score_predictions(rows)
    assert res["official"].S1 == 0.0 and res["official"].unanswered == len(rows)
    assert res["robust"].S1 == 1.0 and res["robust"].strict.CM == 525


# ---------------------------------------------------------------------------------------
# importer
# ---------------------------------------------------------------------------------------


def test_importer_builds_step_chains(testmini: list[dict[str, Any]]) -> None:
    items, errors = load_wemath(shared_file("wemath/testmini.json"))
    assert errors == [] and len(items) == 1740
    by_id = {i.id: i for i in items}
    multi = by_id["3steps_5/multi"]
    assert multi.protocol == "wemath" and multi.group == "3steps_5"
    assert multi.step_index == 0 and multi.n_steps == 3
    assert multi.steps == ["3steps_5/1", "3steps_5/2", "3steps_5/3"]
    sub = by_id["3steps_5/2"]
    assert sub.step_index == 2 and sub.steps is None and sub.ground_truth in "ABCDEFGH"
    assert sub.concepts is not None and len(sub.concepts) == 1
    assert sum(1 for i in items if i.step_index == 0) == 525
    src = next(r for r in testmini if r["ID"] == "3steps_5" and r["key"] == "3steps_2")
    assert sub.choices == src["option"] and sub.image_path == src["image_path"] and sub.ground_truth == src["answer"]


def test_importer_reports_bad_rows_and_keeps_the_rest(testmini: list[dict[str, Any]]) -> None:
    rows = [dict(r) for r in testmini[:12]]
    rows[3]["key"] = "2steps_9"
    del rows[5]["answer"]
    rows.append(dict(rows[0]))
    items, errors = items_from_rows(rows, file="x.json")
    assert len(items) == 10
    assert [(e.line, e.field) for e in errors] == [(4, "key"), (6, "answer"), (13, "key")]
    assert "duplicate" in errors[2].message


def test_items_and_responses_give_the_same_metrics(testmini: list[dict[str, Any]]) -> None:
    rows = prediction_set(testmini, "biased", 11)
    items, _ = items_from_rows(testmini)
    by_key = {(r["ID"], r["key"]): r["response"] for r in rows}
    responses = [
        Response(item_id=it.id, model="m", raw=by_key[(it.group, it.wemath_key)]) for it in items  # type: ignore[attr-defined]
    ]
    df, _ = table_from_items(items, responses)
    via_items = score_table(df)
    direct = score_predictions(rows)["official"]
    assert via_items.strict == direct.strict and via_items.loose == direct.loose
    assert via_items.S1 == direct.S1 and via_items.concepts == direct.concepts


def test_hf_loader_reads_a_local_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, testmini: list[dict[str, Any]]) -> None:
    pytest.importorskip("datasets", reason="the Hugging Face 'datasets' package is not installed")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")  # local copy only, never the network
    f = tmp_path / "testmini.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in testmini[:30]), encoding="utf-8")
    items, errors = load_wemath("hf:json", split="train", data_files=str(f))
    assert errors == [] and len(items) == 30
    assert items[0].id == f"{testmini[0]['ID']}/1"


def test_score_responses_per_model(testmini: list[dict[str, Any]], tree: Any) -> None:
    from certibench.metrics.wemath import score_responses

    items, _ = items_from_rows(testmini)
    sets = {"m-biased": prediction_set(testmini, "biased", 4), "m-random": prediction_set(testmini, "random", 4)}
    responses = []
    for model, rows in sets.items():
        by_key = {(r["ID"], r["key"]): r["response"] for r in rows}
        for it in items:
            raw = by_key[(it.group, it.wemath_key)]  # type: ignore[attr-defined]
            responses.append(Response(item_id=it.id, model=model, raw=raw))
            # a second sample must not change anything (We-Math scores sample 0)
            responses.append(Response(item_id=it.id, model=model, raw="Answer: Z", sample=1))
    res = score_responses(items, responses, tree=tree)
    assert set(res) == set(sets)
    for model, rows in sets.items():
        want = score_predictions(rows, tree=tree)
        assert res[model]["official"].strict == want["official"].strict
        assert res[model]["robust"].loose == want["robust"].loose
        assert res[model]["official"].areas == pytest.approx(want["official"].areas)


def test_malformed_tables_are_refused() -> None:
    df = _synthetic({"a": ([True, True], True)})
    bad_step = df.copy()
    bad_step.loc[1, "step"] = 5
    with pytest.raises(ValueError, match="step 5 outside 0..2"):
        four_dimensional(bad_step)
    mixed = df.copy()
    mixed.loc[2, "n_steps"] = 3
    with pytest.raises(ValueError, match="mixes step counts 2 and 3"):
        four_dimensional(mixed)
