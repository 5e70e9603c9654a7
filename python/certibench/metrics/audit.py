"""Cross-model unanimity audit: an empirical net for paraphrases that changed the meaning.

A paraphrase that many models get wrong while getting its canonical item right is more
likely a broken paraphrase than a shared weakness.  Both published readings of the rule:

* ``joint`` (default): flag the paraphrase when at least K models *each* answer the
  canonical item correctly **and** the paraphrase wrongly.
* ``marginal`` (FormInv's MathCheck audit): flag it when at least K models answer the
  canonical correctly and at least K (not necessarily the same) answer the paraphrase wrongly.

``joint`` implies ``marginal``, so ``marginal`` flags a superset.  K defaults to 6 of 9
scaled to the panel: ``ceil(6 n / 9)`` for n models.  Correctness per (item, model) is the
majority over samples; "the canonical is correct" needs every canonical item of the class
correct; "the paraphrase is wrong" needs a parsed answer (a response with ``"parsed": null``
or an ``error`` is not an answer for the audit, though it counts as wrong everywhere else).  A paraphrase whose class has no canonical item cannot be audited (counted).

An audit of one model is not an audit: below a panel of :data:`MIN_PANEL` (3) models
nothing is flagged, the result says so (``"ran": false`` and a ``"reason"``) and carries
no rankings with/without flagged items (``null``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

import numpy as np

from certibench.metrics.invariance import TheoremStats, _f, rank_models, summary_arrays, theorem_stats
from certibench.metrics.pvalues import kendalltau
from certibench.metrics.table import ResponseTable

Rule = Literal["joint", "marginal"]
RULES: tuple[str, ...] = ("joint", "marginal")
#: smallest panel the unanimity audit runs on (fewer models cannot agree on anything)
MIN_PANEL = 3


def panel_too_small(n_models: int) -> str | None:
    """Why a panel of ``n_models`` cannot be audited, or ``None`` when it can."""
    if n_models >= MIN_PANEL:
        return None
    return (
        f"the unanimity audit needs a panel of at least {MIN_PANEL} models; this report has "
        f"{n_models} - add models (--model ...) to audit the paraphrases"
    )


def default_min_models(n_models: int) -> int:
    """K = ceil(6 n / 9): 6 of 9, scaled to the panel size (at least 1)."""
    return max(1, -(-6 * n_models // 9))


def flag_items(
    table: ResponseTable,
    *,
    min_models: int | None = None,
    rule: str = "joint",
    ts: TheoremStats | None = None,
) -> tuple[np.ndarray, dict[str, Any]]:
    """Boolean (I,) mask of flagged paraphrases plus per-item counts.

    Below a panel of :data:`MIN_PANEL` models the mask is all false and ``info["ran"]``
    is false (``info["reason"]`` says why)."""
    if rule not in RULES:
        raise ValueError(f"unknown audit rule {rule!r} (expected one of {', '.join(RULES)})")
    k = default_min_models(table.n_models) if min_models is None else int(min_models)
    if k < 1:
        raise ValueError(f"min_models must be >= 1, got {k}")
    if k > table.n_models:
        raise ValueError(f"min_models {k} exceeds the panel of {table.n_models} model(s): nothing could ever be flagged")
    para = ~table.is_canonical
    reason = panel_too_small(table.n_models)
    if reason is not None:
        zeros = np.zeros(table.n_items, dtype=np.int64)
        return np.zeros(table.n_items, dtype=bool), {
            "ran": False,
            "reason": reason,
            "min_models": k,
            "n_joint": zeros,
            "n_canon_correct": zeros,
            "n_para_wrong": zeros,
            "n_paraphrases": int(para.sum()),
            "n_unauditable": int(para.sum()),
        }
    ts = ts if ts is not None else theorem_stats(table)
    canon_ok = ts.canon_ok[table.theorem_codes]  # I x M
    has_canon = np.zeros(table.n_theorems, dtype=bool)
    has_canon[table.theorem_codes[table.is_canonical]] = True
    auditable = para & has_canon[table.theorem_codes]
    para_wrong = table.maj == 0.0  # NaN (unanswered) compares False
    if table.n_unparsed is not None:
        # an unparseable answer (refusal, format error, transport error) is no evidence that
        # the paraphrase changed the meaning: it needs at least one parsed sample (FormInv's
        # MathCheck audit counts only parsed wrong answers)
        para_wrong &= table.n_unparsed < table.n_samples
    n_joint = (canon_ok & para_wrong).sum(axis=1)
    n_canon = canon_ok.sum(axis=1)
    n_wrong = para_wrong.sum(axis=1)
    if rule == "joint":
        flagged = auditable & (n_joint >= k)
    else:
        flagged = auditable & (n_canon >= k) & (n_wrong >= k)
    info = {
        "ran": True,
        "reason": None,
        "min_models": k,
        "n_joint": n_joint,
        "n_canon_correct": n_canon,
        "n_para_wrong": n_wrong,
        "n_paraphrases": int(para.sum()),
        "n_unauditable": int((para & ~auditable).sum()),
    }
    return flagged, info


def audit(table: ResponseTable, *, min_models: int | None = None, rule: str = "joint") -> dict[str, Any]:
    """Run the audit; report flagged items and model rankings by SCR with and without them."""
    return audit_with_mask(table, min_models=min_models, rule=rule)[0]


def audit_with_mask(
    table: ResponseTable, *, min_models: int | None = None, rule: str = "joint", ts: TheoremStats | None = None
) -> tuple[dict[str, Any], np.ndarray]:
    """:func:`audit` plus the boolean (I,) mask of flagged items (``ts``: the table's
    ``theorem_stats`` when already computed)."""
    ts = ts if ts is not None else theorem_stats(table)
    flagged, info = flag_items(table, min_models=min_models, rule=rule, ts=ts)
    head = {
        "ran": info["ran"],
        "reason": info["reason"],
        "min_panel": MIN_PANEL,
        "rule": rule,
        "min_models": info["min_models"],
        "n_models": table.n_models,
        "n_paraphrases": info["n_paraphrases"],
        "n_unauditable": info["n_unauditable"],
    }
    if not info["ran"]:
        return {
            **head,
            "n_flagged": 0,
            "flagged": [],
            "flagged_detail": [],
            "flagged_by_family": {},
            "rankings_with": None,
            "rankings_without": None,
            "rank_changes": [],
            "kendall_tau_with_without": None,
        }, flagged
    fam_names = [table.families[c] for c in table.family_codes]
    detail = [
        {
            "item_id": str(table.item_ids[i]),
            "theorem_id": table.theorems[table.theorem_codes[i]],
            "family": fam_names[i],
            "n_joint": int(info["n_joint"][i]),
            "n_canon_correct": int(info["n_canon_correct"][i]),
            "n_para_wrong": int(info["n_para_wrong"][i]),
        }
        for i in np.flatnonzero(flagged)
    ]
    scr_with = summary_arrays(ts)["scr"]
    scr_without = summary_arrays(theorem_stats(table.subset(~flagged)))["scr"] if flagged.any() else scr_with
    with_ = rank_models({m: _f(scr_with[j]) for j, m in enumerate(table.models)})
    without = rank_models({m: _f(scr_without[j]) for j, m in enumerate(table.models)})
    for lst in (with_, without):
        for r in lst:
            r["scr"] = r.pop("value")
    tau: float | None = None
    a, b = np.asarray(scr_with, dtype=float), np.asarray(scr_without, dtype=float)
    ok = np.isfinite(a) & np.isfinite(b)
    if ok.sum() >= 2 and np.ptp(a[ok]) > 0 and np.ptp(b[ok]) > 0:
        tau = _f(kendalltau(a[ok], b[ok])[0])
    changed = [
        r["model"]
        for r, s in zip(
            sorted(with_, key=lambda r: r["model"]), sorted(without, key=lambda r: r["model"]), strict=True
        )
        if r["rank"] != s["rank"]
    ]
    return {
        **head,
        "n_flagged": int(flagged.sum()),
        "flagged": [d["item_id"] for d in detail],
        "flagged_detail": detail,
        "flagged_by_family": dict(sorted(Counter(d["family"] for d in detail).items())),
        "rankings_with": with_,
        "rankings_without": without,
        "rank_changes": changed,
        "kendall_tau_with_without": tau,
    }, flagged


__all__ = ["MIN_PANEL", "RULES", "audit", "audit_with_mask", "default_min_models", "flag_items", "panel_too_small"]
