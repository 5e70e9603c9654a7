"""Knowledge-concept trees: a networkx ``DiGraph`` that must be an arborescence.

Two builders:

* :meth:`ConceptTree.from_wemath` — We-Math's 5-layer hierarchy of 67 concepts
  (``knowledge_structure_nodes.json``: one row per terminal concept with columns
  ``root0`` .. ``root4``; the terminal concept is ``root4`` when present, else ``root3``).
* :meth:`ConceptTree.from_topics` — corpus topics written ``"area/subarea/concept"``.

Node identifiers
----------------
Every node id is its *path from the root*, the labels joined by ``"/"``
(``"Geometry and Figures/Measurement/Angles and Length"``).  Path ids are needed
because labels are not unique: in We-Math, "Combining Plane Figures" is both a
layer-3 node and one of its own layer-4 children.  Each node carries the attributes
``label`` (its own name) and ``level`` (0 for the root).  ``find(label)`` turns a name
back into a node id (case- and whitespace-insensitive, preferring the deepest match).

Roots
-----
The tree has exactly one root.  When the data has several top-level nodes (e.g. the
corpus topics "number_theory", "algebra", ... or a We-Math export with several
``root0`` values), a synthetic root labelled :data:`SYNTHETIC_ROOT` is added and the
real top-level nodes sit at level 1.  We-Math's released file has a single ``root0``
("Geometry and Figures"), so there ``level(node)`` equals the ``rootN`` column index:
level 1 = the 5 categories, level 2 = the 12 "typical problem" nodes that We-Math's
leaderboard reports, levels 3–4 = concepts.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import networkx as nx

SYNTHETIC_ROOT = "(root)"
SEP = "/"

__all__ = ["SYNTHETIC_ROOT", "ConceptTree", "ConceptTreeError"]


class ConceptTreeError(ValueError):
    """The graph is not a single-rooted tree, or a node/label cannot be resolved."""


def _norm(label: str) -> str:
    return " ".join(label.split()).casefold()


def _check_label(label: str, where: str) -> str:
    clean = " ".join(str(label).split())
    if not clean:
        raise ConceptTreeError(f"{where}: empty concept label")
    if SEP in clean:
        raise ConceptTreeError(f"{where}: concept label {clean!r} contains the path separator {SEP!r}")
    return clean


class ConceptTree:
    """A rooted tree of knowledge concepts with roll-up helpers.

    ``graph`` edges point from parent to child.  The constructor validates that the
    graph is an arborescence and raises :class:`ConceptTreeError` naming the offending
    node otherwise.  Nodes without a ``label`` attribute use the last path segment of
    their id; ``level`` is (re)computed from the root.
    """

    def __init__(self, graph: nx.DiGraph, *, _owned: bool = False) -> None:
        root, levels = _validate_arborescence(graph)
        if not _owned:  # never mutate the caller's graph
            graph = graph.copy()
        self._g = graph
        self._root = root
        self._level: dict[Any, int] = levels
        self._parent: dict[Any, Any] = {root: None}
        for u, v in graph.edges():
            self._parent[v] = u
        for node, depth in self._level.items():
            graph.nodes[node]["level"] = depth
            graph.nodes[node].setdefault("label", str(node).rsplit(SEP, 1)[-1])
        self._by_label_cache: dict[str, list[Any]] | None = None  # built on first find()

    @property
    def _by_label(self) -> dict[str, list[Any]]:
        if self._by_label_cache is None:
            index: dict[str, list[Any]] = {}
            for node, data in self._g.nodes(data=True):
                index.setdefault(_norm(str(data["label"])), []).append(node)
                index.setdefault(_norm(str(node)), []).append(node)
            for nodes in index.values():
                nodes.sort(key=lambda n: (-self._level[n], str(n)))
            self._by_label_cache = index
        return self._by_label_cache

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_paths(cls, paths: Iterable[Iterable[str]], *, attrs: Mapping[tuple[str, ...], Mapping[str, Any]] | None = None) -> ConceptTree:
        """Build from label paths (root first).  Adds :data:`SYNTHETIC_ROOT` when the
        paths start with more than one distinct top-level label."""
        label_paths: list[tuple[str, ...]] = []
        for i, p in enumerate(paths, start=1):
            labels = tuple(_check_label(x, f"path {i}") for x in p)
            if not labels:
                raise ConceptTreeError(f"path {i}: empty path")
            label_paths.append(labels)
        if not label_paths:
            raise ConceptTreeError("no concept paths given: a concept tree needs at least one node")
        tops = {p[0] for p in label_paths}
        if len(tops) > 1:
            label_paths = [(SYNTHETIC_ROOT, *p) for p in label_paths]
        node_attrs: dict[str, dict[str, Any]] = {}
        edges: list[tuple[str, str]] = []
        for labels in label_paths:
            parent: str | None = None
            node = ""
            for depth, lab in enumerate(labels):
                node = lab if depth == 0 else f"{node}{SEP}{lab}"
                if node not in node_attrs:
                    node_attrs[node] = {"label": lab, "synthetic": depth == 0 and lab == SYNTHETIC_ROOT}
                    if parent is not None:
                        edges.append((parent, node))
                parent = node
        g = nx.DiGraph()
        g.add_nodes_from(node_attrs.items())
        g.add_edges_from(edges)
        if attrs:
            prefix = (SYNTHETIC_ROOT,) if len(tops) > 1 else ()
            for labels, extra in attrs.items():
                node = SEP.join(prefix + tuple(_check_label(x, "attrs") for x in labels))
                if node in g:
                    g.nodes[node].update(extra)
        return cls(g, _owned=True)

    @classmethod
    def from_topics(cls, paths: Iterable[str]) -> ConceptTree:
        """Build from corpus topics ``"area/subarea/concept"`` (any depth ≥ 1).

        Several areas share the synthetic root :data:`SYNTHETIC_ROOT` (level 0), so
        areas are level 1, subareas level 2, concepts level 3.  Repeated topics are fine.
        """
        split: list[tuple[str, ...]] = []
        for i, t in enumerate(paths, start=1):
            parts = tuple(s.strip() for s in str(t).split(SEP))
            if not t or any(not s for s in parts):
                raise ConceptTreeError(f"topic {i}: {t!r} is not of the form 'area/subarea/concept'")
            split.append(parts)
        return cls.from_paths(split)

    @classmethod
    def from_namespaces(cls, full_names: Iterable[str], *, max_depth: int | None = None) -> ConceptTree:
        """Build the Mathlib namespace hierarchy of declaration names.

        ``Nat.Prime.two_le`` -> ``Nat / Prime / two_le``; names without a namespace sit
        under ``_root_``.  ``max_depth`` keeps at most that many namespace components
        above the declaration (``max_depth=1``: ``Nat / Nat.Prime.two_le``).  Several
        top-level namespaces share :data:`SYNTHETIC_ROOT`.
        """
        paths: list[tuple[str, ...]] = []
        for i, name in enumerate(full_names, start=1):
            parts = [p for p in str(name).strip().split(".") if p]
            if not parts:
                raise ConceptTreeError(f"name {i}: empty declaration name")
            if parts[0] == "_root_":
                parts = parts[1:] or parts
            ns, decl = parts[:-1] or ["_root_"], str(name).strip()
            if max_depth is not None:
                ns = ns[: max(max_depth, 0)] or ["_root_"]
                paths.append((*ns, decl))
            else:
                paths.append((*ns, parts[-1]))
        return cls.from_paths(paths)

    @classmethod
    def from_wemath(cls, nodes_json_path: str | Path) -> ConceptTree:
        """Build We-Math's concept hierarchy from ``knowledge_structure_nodes.json``.

        Each row gives ``root0`` .. ``root4`` (null when the concept ends at layer 3).  If
        a ``concepts.json`` sits next to it, its ``testmini_onestep_count`` is stored as
        each leaf's ``count`` attribute (used by ``rollup(how="weighted")``).  Leaves also
        keep ``full_node`` (We-Math's own underscore-joined key).
        """
        p = Path(nodes_json_path)
        try:
            rows = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConceptTreeError(f"{p}: cannot read: {exc.strerror or exc}") from exc
        except json.JSONDecodeError as exc:
            raise ConceptTreeError(f"{p}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
        if not isinstance(rows, list):
            raise ConceptTreeError(f"{p}: expected a JSON array of rows with root0..root4")
        paths: list[tuple[str, ...]] = []
        attrs: dict[tuple[str, ...], dict[str, Any]] = {}
        for i, row in enumerate(rows, start=1):
            if not isinstance(row, dict):
                raise ConceptTreeError(f"{p}: record {i}: expected an object, got {type(row).__name__}")
            cols = sorted((k for k in row if re.fullmatch(r"root\d+", k)), key=lambda k: int(k[4:]))
            labels: list[str] = []
            ended: str | None = None
            for k in cols:
                v = row.get(k)
                if v is None or str(v).strip() == "":
                    ended = ended or k
                    continue
                if ended is not None or k != f"root{len(labels)}":
                    missing = ended or f"root{len(labels)}"
                    raise ConceptTreeError(f"{p}: record {i}: field {missing!r}: missing, but {k!r} is set")
                labels.append(_check_label(v, f"{p}: record {i}: field {k!r}"))
            if not labels:
                raise ConceptTreeError(f"{p}: record {i}: field 'root0': missing or empty")
            path = tuple(labels)
            paths.append(path)
            attrs[path] = {"leaf_concept": True, "full_node": row.get("full node") or row.get("full_node")}
        counts = _wemath_counts(p.with_name("concepts.json"))
        for extra in attrs.values():
            fn = extra.get("full_node")
            if fn in counts:
                extra["count"] = counts[fn]
        return cls.from_paths(paths, attrs=attrs)

    # ------------------------------------------------------------------ queries
    @property
    def graph(self) -> nx.DiGraph:
        return self._g

    @property
    def root(self) -> Any:
        return self._root

    @property
    def roots(self) -> list[Any]:
        """The tree's root(s) — always exactly one (possibly :data:`SYNTHETIC_ROOT`)."""
        return [self._root]

    @property
    def top_level(self) -> list[Any]:
        """The real top-level nodes: the root's children if the root is synthetic, else the root."""
        if self._g.nodes[self._root].get("synthetic"):
            return self.children(self._root)
        return [self._root]

    @property
    def depth(self) -> int:
        return max(d["level"] for _, d in self._g.nodes(data=True))

    def __len__(self) -> int:
        return self._g.number_of_nodes()

    def __contains__(self, node: object) -> bool:
        return node in self._g

    def _node(self, node: Any) -> Any:
        if node in self._g:
            return node
        return self.find(str(node))

    def label(self, node: Any) -> str:
        return str(self._g.nodes[self._node(node)]["label"])

    def level(self, node: Any) -> int:
        """Depth of ``node`` (the root is level 0).  Accepts a node id or a label."""
        return self._level[self._node(node)]

    def parent(self, node: Any) -> Any | None:
        return self._parent[self._node(node)]

    def children(self, node: Any) -> list[Any]:
        return sorted(self._g.successors(self._node(node)), key=str)

    def ancestors(self, node: Any) -> list[Any]:
        """Path from the root down to ``node``'s parent (root first)."""
        n = self._node(node)
        out: list[Any] = []
        while (p := self.parent(n)) is not None:
            out.append(p)
            n = p
        return out[::-1]

    def ancestor_at_level(self, node: Any, level: int) -> Any:
        """The ancestor of ``node`` at ``level`` (``node`` itself when it is at that level)."""
        n = self._node(node)
        own = self._level[n]
        if level < 0 or level > own:
            raise ConceptTreeError(f"node {n!r} is at level {own}; it has no ancestor at level {level}")
        for _ in range(own - level):
            n = self._parent[n]
        return n

    def is_leaf(self, node: Any) -> bool:
        return self._g.out_degree(self._node(node)) == 0

    def leaves(self) -> list[Any]:
        return sorted((n for n in self._g if self._g.out_degree(n) == 0), key=str)

    def leaves_under(self, node: Any) -> list[Any]:
        """All leaves in the subtree of ``node`` (``[node]`` when ``node`` is a leaf)."""
        n = self._node(node)
        if self._g.out_degree(n) == 0:
            return [n]
        return sorted((d for d in nx.descendants(self._g, n) if self._g.out_degree(d) == 0), key=str)

    def nodes_at_level(self, level: int) -> list[Any]:
        return sorted((n for n, d in self._g.nodes(data=True) if d["level"] == level), key=str)

    def find(self, label: str) -> Any:
        """Resolve a label or a path id (case/whitespace-insensitive) to a node id.

        When several nodes share a label the deepest is returned (so a concept name
        resolves to the leaf concept).  Raises :class:`ConceptTreeError` when absent.
        """
        hits = self._by_label.get(_norm(str(label)))
        if not hits:
            raise ConceptTreeError(f"no concept named {label!r} in the tree")
        return hits[0]

    def find_all(self, label: str) -> list[Any]:
        return list(self._by_label.get(_norm(str(label)), []))

    def rollup(
        self,
        values: Mapping[Any, float],
        level: int,
        how: Literal["mean", "weighted"] = "mean",
        weights: Mapping[Any, float] | None = None,
    ) -> dict[Any, float]:
        """Aggregate per-concept values to their ancestors at ``level``.

        ``values`` maps concepts (node ids or labels, at depth ≥ ``level``) to numbers;
        ``None``/NaN values are ignored.  ``how="mean"``: the unweighted mean over the
        concepts under each ancestor (We-Math's official per-category table).
        ``how="weighted"``: weighted by ``weights`` (same keys) or, when omitted, by each
        node's ``count`` attribute (We-Math: testmini one-step problems per concept).
        Returns ``{ancestor_node_id: value}`` for ancestors having at least one value.
        """
        if how not in ("mean", "weighted"):
            raise ValueError(f"rollup: how must be 'mean' or 'weighted', not {how!r}")
        wmap: dict[Any, float] = {}
        if weights is not None:
            wmap = {self._node(k): float(w) for k, w in weights.items()}
        sums: dict[Any, float] = {}
        tot: dict[Any, float] = {}
        lvl, par, nodes = self._level, self._parent, self._g.nodes
        for key, val in values.items():
            if val is None or (isinstance(val, float) and math.isnan(val)):
                continue
            node = key if key in lvl else self.find(str(key))
            depth = lvl[node]
            if depth < level or level < 0:
                raise ConceptTreeError(f"node {node!r} is at level {depth}; it has no ancestor at level {level}")
            anc = node
            for _ in range(depth - level):
                anc = par[anc]
            if how == "mean":
                w = 1.0
            elif weights is not None:
                if node not in wmap:
                    raise ConceptTreeError(f"rollup: no weight given for concept {key!r}")
                w = wmap[node]
            else:
                if "count" not in nodes[node]:
                    raise ConceptTreeError(f"rollup: concept {key!r} has no 'count' attribute; pass weights=")
                w = float(nodes[node]["count"])
            sums[anc] = sums.get(anc, 0.0) + w * float(val)
            tot[anc] = tot.get(anc, 0.0) + w
        return {a: (sums[a] / tot[a] if tot[a] else float("nan")) for a in sorted(sums, key=str)}

    def to_dict(self) -> dict[str, Any]:
        """Nested ``{"label", "id", "level", "children": [...]}`` (JSON-friendly)."""

        def rec(n: Any) -> dict[str, Any]:
            d = dict(self._g.nodes[n])
            out = {"id": str(n), "label": d["label"], "level": d["level"]}
            if "count" in d:
                out["count"] = d["count"]
            kids = self.children(n)
            if kids:
                out["children"] = [rec(c) for c in kids]
            return out

        return rec(self._root)


def _validate_arborescence(g: nx.DiGraph) -> tuple[Any, dict[Any, int]]:
    """Check ``g`` is a single-rooted tree; return ``(root, {node: level})``."""
    if not isinstance(g, nx.DiGraph) or g.is_multigraph():
        raise ConceptTreeError("a concept tree must be a networkx DiGraph")
    if g.number_of_nodes() == 0:
        raise ConceptTreeError("empty graph: a concept tree needs at least one node")
    for n in g:
        if g.has_edge(n, n):
            raise ConceptTreeError(f"node {n!r} is its own parent (self-loop); not a tree")
    for n, d in g.in_degree():
        if d > 1:
            parents = ", ".join(repr(p) for p in sorted(g.predecessors(n), key=str))
            raise ConceptTreeError(f"node {n!r} has {d} parents ({parents}); a concept tree allows one")
    roots = sorted((n for n, d in g.in_degree() if d == 0), key=str)
    if not roots:
        cyc = nx.find_cycle(g)
        raise ConceptTreeError(f"node {cyc[0][0]!r} lies on a cycle; a concept tree has no cycles")
    if len(roots) > 1:
        raise ConceptTreeError(
            f"{len(roots)} roots ({', '.join(repr(r) for r in roots[:5])}{', ...' if len(roots) > 5 else ''}); "
            "a concept tree has exactly one (add a synthetic root)"
        )
    levels: dict[Any, int] = nx.single_source_shortest_path_length(g, roots[0])
    if len(levels) != g.number_of_nodes():
        stray = sorted((n for n in g if n not in levels), key=str)[0]
        raise ConceptTreeError(f"node {stray!r} is not reachable from the root {roots[0]!r} (it lies on a cycle)")
    return roots[0], levels


def _wemath_counts(path: Path) -> dict[str, int]:
    """``full_node`` -> testmini one-step count from We-Math's ``concepts.json`` (optional)."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    out: dict[str, int] = {}
    for c in data.get("concepts", []) if isinstance(data, dict) else []:
        if isinstance(c, dict) and c.get("full_node") and isinstance(c.get("testmini_onestep_count"), int):
            out[c["full_node"]] = c["testmini_onestep_count"]
    return out
