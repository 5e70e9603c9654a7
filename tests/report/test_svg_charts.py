"""The report's charts, written as SVG directly: well-formed, deterministic, escaped, the
numbers they show are the report's, and the heatmap cells link into the explorer."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from certibench.report.html import heatmap_svg, ig_svg, ranking_svg, scatter_svg
from certibench.report.svg import REDS, nice_ticks, reds

NS = {"s": "http://www.w3.org/2000/svg"}


def _report(models: dict[str, dict[str, float | None]]) -> dict[str, Any]:
    fams = sorted({f for v in models.values() for f in v})
    return {
        "models": {
            m: {"family_failure_rates": rates, "accuracy": 0.5 + 0.1 * k, "scr": 0.1 + 0.05 * k}
            for k, (m, rates) in enumerate(models.items())
        },
        "meta": {"families": fams},
        "ig_histogram": {"bins": [0.0, 0.1, 0.2, 0.3, 0.4, 0.5],
                         "counts": {m: [3, 1, 0, 2, 4] for m in models}},
        "audit": {"ran": True, "rule": "joint", "min_models": 3, "n_flagged": 2,
                  "rankings_with": [{"model": m, "scr": 0.1 * k} for k, m in enumerate(models)],
                  "rankings_without": [{"model": m, "scr": 0.1 * k} for k, m in enumerate(reversed(list(models)))]},
    }


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_colormap_and_ticks() -> None:
    assert reds(0.0) == REDS[0] and reds(1.0) == REDS[-1] and reds(0.5) == REDS[4]
    assert reds(-3) == REDS[0] and reds(7) == REDS[-1]  # clipped
    assert nice_ticks(0.0, 1.0, 5) == [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert nice_ticks(0.31, 0.79, 5) == [0.4, 0.5, 0.6, 0.7]
    assert nice_ticks(0.0, 0.5, 6) == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
    assert nice_ticks(2.0, 2.0) == [2.0]


def test_heatmap_cells_show_the_reports_numbers_and_link_to_the_explorer() -> None:
    rep = _report({"m<1>": {"syntactic": 0.25, "order": None}, "m&2": {"syntactic": 0.5, "order": 0.0}})
    svg = heatmap_svg(rep, links=True)
    root = _parse(svg)
    links = [a.get("href") for a in root.iter("{http://www.w3.org/2000/svg}a")]
    # one link per cell with answers (the gap has none); names are URL-quoted
    assert sorted(links) == sorted([
        "#explore?model=m%3C1%3E&family=syntactic&answer=wrong",
        "#explore?model=m%262&family=order&answer=wrong",
        "#explore?model=m%262&family=syntactic&answer=wrong",
    ])
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"0.25", "0.50", "0.00", "gap", "m<1>", "m&2", "syntactic", "order"} <= set(texts)
    tips = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "m<1>, order: no answers" in tips and "m&2, syntactic: failure rate 0.500" in tips
    # the darkest cell is the largest rate (the scale's top)
    fills = {r.find("s:title", NS).text: r.get("fill") for r in root.iter("{http://www.w3.org/2000/svg}rect")
             if r.find("s:title", NS) is not None}
    assert fills["m&2, syntactic: failure rate 0.500"] == REDS[-1]
    assert fills["m<1>, syntactic: failure rate 0.250"] == reds(0.5)
    assert fills["m<1>, order: no answers"] == "#f0f0f0"
    # without an explorer there is nothing to link to
    assert "<a " not in heatmap_svg(rep, links=False)


def test_charts_are_deterministic_and_well_formed() -> None:
    rep = _report({f"model-{k}": {"syntactic": k / 10, "passive": 1 - k / 10} for k in range(4)})
    for fn in (ig_svg, scatter_svg, ranking_svg):
        a, b = fn(rep), fn(rep)
        assert a == b
        _parse(a)
    root = _parse(ig_svg(rep))
    assert len(root.findall(".//s:polyline", NS)) == 4  # one cumulative line per model
    # a legend names every model (<= 12 models)
    assert {f"model-{k}" for k in range(4)} <= {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    # scatter: one point per model at its accuracy/SCR
    sc = _parse(scatter_svg(rep))
    tips = sorted(c.find("s:title", NS).text for c in sc.findall(".//s:circle", NS))
    assert tips[0] == "model-0: accuracy 0.500, SCR 0.100"
    # ranking: a model whose place changes is drawn red, one that keeps it grey
    rk = _parse(ranking_svg(rep))
    colors = [ln.get("stroke") for ln in rk.findall(".//s:line", NS) if ln.get("stroke-width") == "1.5"]
    assert colors.count("#cc3333") == 4  # reversed order: every model moves


@pytest.mark.parametrize("empty", [
    {"models": {}, "meta": {"families": []}},
    {"models": {"a": {"family_failure_rates": {}, "accuracy": None, "scr": None}}, "meta": {"families": []},
     "ig_histogram": {}, "audit": {"ran": False}},
])
def test_empty_reports_say_so(empty: dict[str, Any]) -> None:
    assert "no paraphrase families" in heatmap_svg(empty)
    if empty["models"]:
        assert "no IG values" in ig_svg(empty)
        assert "no models" in scatter_svg(empty)
        assert ranking_svg(empty) == ""


def test_no_machine_dependent_ids_or_numbers() -> None:
    """Coordinates carry at most one decimal; the only id is the colour scale's."""
    rep = _report({f"m{k}": {"syntactic": k / 7, "order": k / 3} for k in range(3)})
    svg = heatmap_svg(rep, links=True) + ig_svg(rep) + scatter_svg(rep) + ranking_svg(rep)
    assert re.findall(r'\bid="([^"]+)"', svg) == ["cb-reds"]
    for v in re.findall(r'\b(?:x|y|x1|y1|x2|y2|cx|cy|width|height)="([^"]+)"', svg):
        assert re.fullmatch(r"-?\d+(\.\d)?", v), v
