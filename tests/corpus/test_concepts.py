"""Knowledge-concept tree: arborescence validation, We-Math hierarchy, topic trees, roll-ups."""

from __future__ import annotations

import json
import math
from pathlib import Path

import networkx as nx
import pytest

from certibench.corpus.concepts import SYNTHETIC_ROOT, ConceptTree, ConceptTreeError
from tests.helpers import shared_file


@pytest.fixture(scope="module")
def wemath() -> ConceptTree:
    return ConceptTree.from_wemath(shared_file("wemath/knowledge_structure_nodes.json"))


def test_wemath_has_67_concept_leaves_and_five_layers(wemath: ConceptTree) -> None:
    rows = json.loads(shared_file("wemath/knowledge_structure_nodes.json").read_text())
    assert nx.is_arborescence(wemath.graph)
    assert len(wemath.leaves()) == 67 == len(rows)
    # The released file has one root0, so no synthetic root is needed.
    assert wemath.roots == ["Geometry and Figures"]
    assert wemath.depth == 4  # levels 0..4 = root0..root4
    assert len(wemath.nodes_at_level(1)) == 5  # categories
    assert len(wemath.nodes_at_level(2)) == 12  # leaderboard columns
    # Every leaf sits at the level of its terminal rootN column.
    for r in rows:
        leaf = "/".join(r[f"root{i}"] for i in range(5) if r[f"root{i}"])
        assert wemath.is_leaf(leaf)
        assert wemath.level(leaf) == (4 if r["root4"] else 3)
        assert wemath.graph.nodes[leaf]["full_node"] == r["full node"]


def test_wemath_duplicate_label_is_a_tree_not_a_self_loop(wemath: ConceptTree) -> None:
    # "Combining Plane Figures" is a layer-3 node AND one of its own layer-4 children.
    hits = wemath.find_all("Combining Plane Figures")
    assert [wemath.level(h) for h in hits] == [4, 3]
    leaf = wemath.find("  combining  PLANE figures ")
    assert wemath.is_leaf(leaf) and wemath.parent(leaf) == hits[1]
    assert wemath.ancestor_at_level(leaf, 2).endswith("/Cutting and Combining of Figures")
    assert len(wemath.leaves_under(hits[1])) == 4


def test_wemath_counts_from_concepts_json(wemath: ConceptTree) -> None:
    concepts = json.loads(shared_file("wemath/concepts.json").read_text())["concepts"]
    total = sum(wemath.graph.nodes[leaf]["count"] for leaf in wemath.leaves())
    assert total == sum(c["testmini_onestep_count"] for c in concepts) == 1215


def test_rollup_mean_and_weighted(wemath: ConceptTree) -> None:
    leaves = wemath.leaves()
    vals = {wemath.label(leaf): float(i % 3 == 0) for i, leaf in enumerate(leaves)}
    # Labels resolve to leaves (deepest match), so labels and ids give the same roll-up.
    by_id = {leaf: float(i % 3 == 0) for i, leaf in enumerate(leaves)}
    per_cat = wemath.rollup(by_id, 1)
    assert wemath.rollup(vals, 1) == per_cat
    assert len(per_cat) == 5
    for cat, v in per_cat.items():
        under = wemath.leaves_under(cat)
        assert v == pytest.approx(sum(by_id[leaf] for leaf in under) / len(under))
    weighted = wemath.rollup(by_id, 0, how="weighted")
    counts = {leaf: wemath.graph.nodes[leaf]["count"] for leaf in leaves}
    expect = sum(by_id[k] * counts[k] for k in leaves) / sum(counts.values())
    assert weighted == {"Geometry and Figures": pytest.approx(expect)}
    # Explicit weights override counts; NaN/None values are ignored.
    some = {leaves[0]: 1.0, leaves[1]: 0.0, leaves[2]: math.nan}
    w = wemath.rollup(some, 0, how="weighted", weights={leaves[0]: 3, leaves[1]: 1})
    assert w["Geometry and Figures"] == pytest.approx(0.75)
    with pytest.raises(ValueError, match="how"):
        wemath.rollup(by_id, 1, how="median")  # type: ignore[arg-type]
    with pytest.raises(ConceptTreeError, match="no ancestor at level 4"):
        wemath.rollup({wemath.nodes_at_level(3)[0]: 1.0}, 4)


def test_from_topics_adds_synthetic_root() -> None:
    t = ConceptTree.from_topics(
        ["number_theory/primes/two_le", "number_theory/gcd/comm", "algebra/rings/mul_comm", "algebra/rings/add_comm"]
    )
    assert t.roots == [SYNTHETIC_ROOT]
    assert t.top_level == [f"{SYNTHETIC_ROOT}/algebra", f"{SYNTHETIC_ROOT}/number_theory"]
    leaf = t.find("Mul_Comm")
    assert t.level(leaf) == 3 and t.label(leaf) == "mul_comm"
    assert t.ancestor_at_level(leaf, 1) == f"{SYNTHETIC_ROOT}/algebra"
    assert t.children(t.parent(leaf)) == [f"{SYNTHETIC_ROOT}/algebra/rings/add_comm", leaf]
    assert len(t.leaves_under(f"{SYNTHETIC_ROOT}/number_theory")) == 2
    assert t.rollup({"two_le": 1.0, "comm": 0.0, "mul_comm": 1.0, "add_comm": 1.0}, 1) == {
        f"{SYNTHETIC_ROOT}/algebra": 1.0,
        f"{SYNTHETIC_ROOT}/number_theory": 0.5,
    }
    single = ConceptTree.from_topics(["algebra/rings/x", "algebra/fields/y"])
    assert single.roots == ["algebra"] and single.level("x") == 2
    with pytest.raises(ConceptTreeError, match="area/subarea/concept"):
        ConceptTree.from_topics(["algebra//x"])


@pytest.mark.parametrize(
    ("edges", "pattern"),
    [
        ([("r", "a"), ("r", "b"), ("a", "c"), ("b", "c")], r"node 'c' has 2 parents \('a', 'b'\)"),
        ([("r", "a"), ("s", "b")], r"2 roots \('r', 's'\)"),
        ([("r", "a"), ("b", "c"), ("c", "b")], r"node '[bc]' is not reachable"),
        ([("a", "b"), ("b", "a")], r"node '[ab]' lies on a cycle"),
        ([("r", "r")], r"node 'r' is its own parent"),
    ],
)
def test_non_arborescence_names_the_offending_node(edges: list[tuple[str, str]], pattern: str) -> None:
    with pytest.raises(ConceptTreeError, match=pattern):
        ConceptTree(nx.DiGraph(edges))


def test_unknown_label_and_bad_file(tmp_path: Path) -> None:
    t = ConceptTree.from_topics(["a/b/c"])
    with pytest.raises(ConceptTreeError, match="no concept named 'zzz'"):
        t.find("zzz")
    bad = tmp_path / "nodes.json"
    bad.write_text('[{"root0": "G", "root1": "M"}, {"root1": "X"}]')
    with pytest.raises(ConceptTreeError, match=r"record 2: field 'root0'"):
        ConceptTree.from_wemath(bad)
    with pytest.raises(ConceptTreeError, match="cannot read"):
        ConceptTree.from_wemath(tmp_path / "missing.json")


def test_wemath_several_roots_gets_synthetic_root(tmp_path: Path) -> None:
    p = tmp_path / "nodes.json"
    p.write_text(json.dumps([{"root0": "A", "root1": "x"}, {"root0": "B", "root1": "y", "root2": None}]))
    t = ConceptTree.from_wemath(p)
    assert t.roots == [SYNTHETIC_ROOT] and t.level("x") == 2 and len(t.leaves()) == 2


def test_rollup_level2_matches_wemath_official_table(wemath: ConceptTree) -> None:
    """We-Math's evaluation/accuracy.py: per-concept accuracy (concept = last segment of
    'full node'), left-joined onto the node table, then the unweighted mean per `root2`
    with concepts lacking data skipped.  rollup(level=2) must give the same numbers."""
    import random

    import pandas as pd

    rows = json.loads(shared_file("wemath/knowledge_structure_nodes.json").read_text())
    nodes = pd.DataFrame(rows)
    nodes["final_key"] = nodes["full node"].str.split("_").str[-1]
    rng = random.Random(7)
    per_concept = {k: rng.random() for k in nodes["final_key"] if rng.random() < 0.8}  # some concepts unseen
    scores = pd.Series(per_concept, name="joker").rename_axis("final_key").reset_index()
    merged = pd.merge(nodes, scores, on="final_key", how="left")
    official = merged.groupby("root2")["joker"].mean().dropna().to_dict()

    ours = wemath.rollup(per_concept, 2)
    assert {wemath.label(k): v for k, v in ours.items()} == pytest.approx(official)


def test_from_namespaces() -> None:
    names = ["Nat.Prime.two_le", "Nat.Prime.one_lt", "Nat.succ_le_of_lt", "Int.emod_emod_of_dvd", "add_comm"]
    t = ConceptTree.from_namespaces(names)
    assert t.roots == [SYNTHETIC_ROOT]
    assert {t.label(n) for n in t.top_level} == {"Nat", "Int", "_root_"}
    leaf = t.find("two_le")
    assert t.level(leaf) == 3 and t.label(t.parent(leaf)) == "Prime"
    assert len(t.leaves_under(f"{SYNTHETIC_ROOT}/Nat")) == 3
    shallow = ConceptTree.from_namespaces(names, max_depth=1)
    assert shallow.depth == 2 and shallow.is_leaf(f"{SYNTHETIC_ROOT}/Nat/Nat.Prime.two_le")
