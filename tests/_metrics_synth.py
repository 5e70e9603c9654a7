"""Deterministic synthetic response sets for the metric-layer tests (no hard-coded results:
every expected value in the tests is computed independently or by hand)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from certibench.schema import Item


def forminv_items(path: Path) -> list[Item]:
    return [
        Item.model_validate(json.loads(line))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def random_responses(items: list[Item], accs: dict[str, float], seed: int = 0) -> list[dict[str, Any]]:
    """One sample per (item, model); model m is correct with probability accs[m]."""
    rng = np.random.default_rng(seed)
    out = []
    for m, a in accs.items():
        for it in items:
            out.append({"item_id": it.id, "model": m, "correct": bool(rng.random() < a), "sample": 0})
    return out


def family_rate_items(n_theorems: int, families: list[str]) -> list[Item]:
    """n theorems, each with a canonical item and one item per family."""
    items = []
    for t in range(n_theorems):
        items.append(Item(id=f"t{t}_canonical", theorem_id=f"t{t}", family="canonical"))
        for f in families:
            items.append(Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f))
    return items


def rate_responses(n_theorems: int, rates: dict[str, dict[str, float]]) -> list[dict[str, Any]]:
    """Model m fails exactly round(rate * n) items of family f (the first ones); canonical always right."""
    out = []
    for m, fam_rates in rates.items():
        for t in range(n_theorems):
            out.append({"item_id": f"t{t}_canonical", "model": m, "correct": True})
        for f, r in fam_rates.items():
            k = round(r * n_theorems)
            for t in range(n_theorems):
                out.append({"item_id": f"t{t}_{f}", "model": m, "correct": t >= k})
    return out


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path
