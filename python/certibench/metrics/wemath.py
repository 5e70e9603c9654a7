"""We-Math metrics: four-dimensional diagnosis (IK / IG / CM / RM), S1–S3 accuracy,
per-concept accuracy rolled up the knowledge-concept tree, accuracy vs solving steps.

The input is one *row table* (pandas) with one row per answered question:

``group``    composite problem key (We-Math ``ID``)
``n_steps``  k, the number of one-step sub-problems of the group (any k ≥ 1)
``step``     1..k for a one-step sub-problem, 0 for the composite (multi-step) question
``correct``  bool — did the model answer this question correctly
``concept``  the knowledge concept of a sub-problem (optional; used for concept accuracy)

Per group with sub-problem results ``s`` and composite result ``m``:

========  =====================  =====================
class     strict                 loose
========  =====================  =====================
IK        not all(s), not m      not all(s), not m
IG        all(s), not m          all(s), not m
CM        all(s), m              any(s), m
RM        not all(s), m          not any(s), m
========  =====================  =====================

``S_IK, S_IG, S_CM = count / N`` over the N groups, ``S_RM = RM / (RM + CM)``, and
``score = (α·IK + β·IG + CM) / N`` (α = 0, β = 0.5 as published).  With every group
complete this equals We-Math's ``four_dimensional_metrics.py`` exactly (its score is
written ``(525 − 0.5·IG − RM − IK) / 525``, the same number).

Incomplete groups (a sub-problem or the composite row missing) are *not* dropped: they
are counted in N, reported under ``incomplete`` with the missing steps, and belong to no
class (they earn nothing in the score).  This keeps N = the number of problems asked,
like the official fixed denominator of 525.

Accuracy: S1 = mean over all one-step rows, S_k = mean over the composite rows of
k-step groups (S2, S3 in the paper).  Concept accuracy is the mean over one-step rows
of each concept; a tree node's accuracy is the *unweighted* mean of the accuracies of
the leaf concepts under it that have data (as We-Math's ``accuracy.py`` computes its 12
second-level columns).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from certibench.corpus.concepts import ConceptTree
    from certibench.schema import Item, Response

__all__ = [
    "ConceptAccuracy",
    "FourDim",
    "IncompleteGroup",
    "WeMathScore",
    "accuracy_by_steps",
    "concept_accuracy",
    "concept_rollup",
    "four_dimensional",
    "group_table",
    "load_concept_tree",
    "score_predictions",
    "score_responses",
    "score_table",
    "table_from_items",
    "table_from_predictions",
]

COLUMNS = ("group", "n_steps", "step", "correct", "concept")


# ---------------------------------------------------------------------------------------
# result models
# ---------------------------------------------------------------------------------------


class FourDim(BaseModel):
    """Counts and fractions of one reading (strict or loose)."""

    IK: int
    IG: int
    CM: int
    RM: int
    N: int
    incomplete: int
    S_IK: float | None
    S_IG: float | None
    S_CM: float | None
    S_RM: float | None = Field(description="RM / (RM + CM); None when no composite question was answered correctly")
    score: float | None
    alpha: float
    beta: float


class IncompleteGroup(BaseModel):
    group: str
    n_steps: int
    missing: list[str]


class ConceptAccuracy(BaseModel):
    correct: int
    total: int
    accuracy: float


class StepsCorrelation(BaseModel):
    """Accuracy against the number of solving steps (1 = one-step sub-problems)."""

    accuracy: dict[str, float]
    n: dict[str, int]
    pearson_r: float | None = Field(description="item-level (point-biserial) correlation of steps with correctness")
    p_value: float | None
    level_r: float | None = Field(description="Pearson r of step count with per-level accuracy")


class WeMathScore(BaseModel):
    strict: FourDim
    loose: FourDim
    S1: float | None
    S2: float | None
    S3: float | None
    S_by_steps: dict[str, float | None]
    steps: StepsCorrelation
    concepts: dict[str, ConceptAccuracy]
    areas: dict[str, float] = Field(default_factory=dict, description="second-level concept areas (unweighted mean of their concepts)")
    rollup: dict[str, dict[str, float]] = Field(
        default_factory=dict, description="tree level -> node label -> unweighted mean of its leaf concepts (levels 0..depth)"
    )
    unmapped_concepts: list[str] = Field(default_factory=list)
    groups: int
    complete_groups: int
    incomplete: list[IncompleteGroup]
    rows: int
    unanswered: int = Field(0, description="rows whose answer could not be extracted (counted wrong)")


# ---------------------------------------------------------------------------------------
# building the row table
# ---------------------------------------------------------------------------------------


def _frame(records: list[dict[str, Any]]) -> pd.DataFrame:
    import pandas as pd

    df = pd.DataFrame.from_records(records, columns=list(COLUMNS))
    df["correct"] = df["correct"].astype(bool)
    df["n_steps"] = df["n_steps"].astype(int)
    df["step"] = df["step"].astype(int)
    df["group"] = df["group"].astype(str)
    return df


def table_from_predictions(
    rows: Iterable[Mapping[str, Any]],
    extractor: Callable[[str | None], str | None],
) -> tuple[pd.DataFrame, int]:
    """Row table from We-Math prediction rows (testmini fields plus ``response``).

    ``extractor`` maps a response to a letter (official or robust reader).  Returns the
    table and the number of responses with no extractable answer."""
    from certibench.corpus.wemath import parse_key

    recs: list[dict[str, Any]] = []
    none = 0
    for r in rows:
        k = parse_key(str(r["key"]))
        pred = extractor(r.get("response"))
        if pred is None:
            none += 1
        recs.append(
            {
                "group": str(r["ID"]),
                "n_steps": k.n_steps,
                "step": k.step,
                "correct": pred is not None and pred == str(r["answer"]),
                "concept": None if k.step == 0 else r.get("knowledge concept"),
            }
        )
    return _frame(recs), none


def table_from_items(
    items: Iterable[Item],
    responses: Iterable[Response],
    *,
    model: str | None = None,
    sample: int = 0,
    robust: bool = False,
) -> tuple[pd.DataFrame, int]:
    """Row table from We-Math items (``corpus.wemath``) and run-layer responses.

    Correctness is the response's ``correct`` (``correct_robust`` with ``robust``) when
    set; otherwise the answer is extracted from ``raw`` with the matching reader.  Only
    sample ``sample`` of ``model`` (every model when ``None`` and only one is present)."""
    from certibench.run.answers import extract_wemath_official, extract_wemath_robust

    reader = extract_wemath_robust if robust else extract_wemath_official
    by_id = {it.id: it for it in items if it.protocol == "wemath" or getattr(it, "step_index", None) is not None}
    recs: list[dict[str, Any]] = []
    none = 0
    models: set[str] = set()
    for r in responses:
        if r.sample != sample or (model is not None and r.model != model):
            continue
        it = by_id.get(r.item_id)
        if it is None:
            continue
        models.add(r.model)
        flag = r.correct_robust if robust else r.correct
        if flag is None:
            pred = reader(r.raw)
            if pred is None:
                none += 1
            flag = pred is not None and pred == str(it.ground_truth)
        step = int(getattr(it, "step_index", 0))
        recs.append(
            {
                "group": str(it.group),
                "n_steps": int(getattr(it, "n_steps", 0)),
                "step": step,
                "correct": bool(flag),
                "concept": (it.concepts or [None])[0] if step > 0 else None,
            }
        )
    if model is None and len(models) > 1:
        raise ValueError(f"responses from several models ({', '.join(sorted(models))}): pass model=")
    return _frame(recs), none


# ---------------------------------------------------------------------------------------
# four-dimensional metrics
# ---------------------------------------------------------------------------------------


def group_table(df: pd.DataFrame) -> tuple[pd.DataFrame, list[IncompleteGroup]]:
    """One row per group (index = group key, first-seen order): ``n_steps, n_sub,
    all_s, any_s, m`` (``m`` is NaN when the composite row is missing) and ``complete``;
    plus the list of incomplete groups with their missing keys.

    Vectorised: groups are factorised once and every per-group quantity is a
    ``bincount`` over the group codes.  Duplicate ``(group, step)`` rows, mixed step
    counts within a group and steps outside ``0..k`` are refused (``ValueError``)."""
    import numpy as np
    import pandas as pd

    codes, uniques = pd.factorize(df["group"], sort=False)
    n = len(uniques)
    step = df["step"].to_numpy(dtype=np.int64)
    k_row = df["n_steps"].to_numpy(dtype=np.int64)
    correct = df["correct"].to_numpy(dtype=bool)
    if len(df):
        bad = (step < 0) | (step > k_row)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ValueError(f"group {uniques[codes[i]]!r}: step {step[i]} outside 0..{k_row[i]}")
        key = codes.astype(np.int64) * (int(k_row.max()) + 1) + step
        dup = pd.Series(key).duplicated().to_numpy()
        if dup.any():
            i = int(np.flatnonzero(dup)[0])
            raise ValueError(f"duplicate row for group {uniques[codes[i]]!r} step {step[i]} (one answer per question)")
    k = np.zeros(n, dtype=np.int64)
    k[codes[::-1]] = k_row[::-1]  # first row's k per group
    mixed = k[codes] != k_row
    if mixed.any():
        i = int(np.flatnonzero(mixed)[0])
        raise ValueError(f"group {uniques[codes[i]]!r} mixes step counts {k[codes[i]]} and {k_row[i]}")
    is_sub = step > 0
    n_sub = np.bincount(codes[is_sub], minlength=n)
    n_sub_ok = np.bincount(codes[is_sub], weights=correct[is_sub], minlength=n).astype(np.int64)
    m = np.full(n, np.nan)
    m[codes[~is_sub]] = correct[~is_sub]
    g = pd.DataFrame(
        {
            "n_steps": k,
            "n_sub": n_sub,
            "all_s": n_sub_ok == n_sub,
            "any_s": n_sub_ok > 0,
            "m": m,
        },
        index=pd.Index(uniques, name="group"),
    )
    g["complete"] = (g["n_sub"] == g["n_steps"]) & g["m"].notna()
    incomplete: list[IncompleteGroup] = []
    if not g["complete"].all():
        present: dict[int, set[int]] = {}
        for c, st in zip(codes.tolist(), step.tolist(), strict=True):
            present.setdefault(c, set()).add(st)
        for c in np.flatnonzero(~g["complete"].to_numpy()).tolist():
            have = present.get(c, set())
            kk = int(k[c])
            missing = [f"{kk}steps_{i}" for i in range(1, kk + 1) if i not in have]
            if 0 not in have:
                missing.append(f"{kk}steps_multi")
            incomplete.append(IncompleteGroup(group=str(uniques[c]), n_steps=kk, missing=missing))
    return g, incomplete


def _fourdim(ik: int, ig: int, cm: int, rm: int, n: int, inc: int, alpha: float, beta: float) -> FourDim:
    def frac(x: float, d: int) -> float | None:
        return x / d if d else None

    return FourDim(
        IK=ik,
        IG=ig,
        CM=cm,
        RM=rm,
        N=n,
        incomplete=inc,
        S_IK=frac(ik, n),
        S_IG=frac(ig, n),
        S_CM=frac(cm, n),
        S_RM=frac(rm, rm + cm),
        score=frac(alpha * ik + beta * ig + cm, n),
        alpha=alpha,
        beta=beta,
    )


def four_dimensional(df: pd.DataFrame, *, alpha: float = 0.0, beta: float = 0.5) -> tuple[FourDim, FourDim, list[IncompleteGroup]]:
    """Strict and loose four-dimensional results for a row table (see module docstring)."""
    g, incomplete = group_table(df)
    c = g[g["complete"]]
    all_s = c["all_s"].astype(bool)
    any_s = c["any_s"].astype(bool)
    m = c["m"].astype(bool)
    n = len(g)
    inc = len(incomplete)
    ik = int((~all_s & ~m).sum())
    ig = int((all_s & ~m).sum())
    strict = _fourdim(ik, ig, int((all_s & m).sum()), int((~all_s & m).sum()), n, inc, alpha, beta)
    loose = _fourdim(ik, ig, int((any_s & m).sum()), int((~any_s & m).sum()), n, inc, alpha, beta)
    return strict, loose, incomplete


# ---------------------------------------------------------------------------------------
# accuracy
# ---------------------------------------------------------------------------------------


def accuracy_by_steps(df: pd.DataFrame) -> StepsCorrelation:
    """Accuracy per number of solving steps: level 1 = the one-step sub-problems, level k
    = the composite questions of k-step groups; with the item-level point-biserial r and
    the correlation of level with level accuracy (We-Math reports it negative)."""
    import numpy as np

    level = np.where(df["step"].to_numpy() > 0, 1, df["n_steps"].to_numpy())
    correct = df["correct"].to_numpy(dtype=float)
    acc: dict[str, float] = {}
    cnt: dict[str, int] = {}
    for lv in sorted(set(level.tolist())):
        mask = level == lv
        acc[str(lv)] = float(correct[mask].mean())
        cnt[str(lv)] = int(mask.sum())
    r = p = level_r = None
    if len(set(level.tolist())) > 1 and correct.size > 2 and 0 < correct.sum() < correct.size:
        from scipy import stats

        res = stats.pearsonr(level, correct)
        r, p = float(res.statistic), float(res.pvalue)
    if len(acc) > 2:
        xs = np.array([int(k) for k in acc], dtype=float)
        ys = np.array(list(acc.values()))
        if ys.std() > 0:
            level_r = float(np.corrcoef(xs, ys)[0, 1])
    return StepsCorrelation(accuracy=acc, n=cnt, pearson_r=r, p_value=p, level_r=level_r)


def concept_accuracy(df: pd.DataFrame) -> dict[str, ConceptAccuracy]:
    """Accuracy of each knowledge concept over its one-step sub-problems."""
    subs = df[(df["step"] > 0) & df["concept"].notna()]
    out: dict[str, ConceptAccuracy] = {}
    for concept, grp in subs.groupby("concept", sort=True):
        c = int(grp["correct"].sum())
        t = len(grp)
        out[str(concept)] = ConceptAccuracy(correct=c, total=t, accuracy=c / t)
    return out


def load_concept_tree(nodes_json_path: str | Any) -> ConceptTree:
    """We-Math's concept tree (``knowledge_structure_nodes.json``) as a ConceptTree."""
    from certibench.corpus.concepts import ConceptTree

    return ConceptTree.from_wemath(nodes_json_path)


def concept_rollup(acc: Mapping[str, float], tree: ConceptTree, level: int = 2) -> tuple[dict[str, float], list[str]]:
    """Roll leaf-concept accuracies up to the nodes at ``level`` of the tree.

    A node's value is the unweighted mean over the leaves under it that have a value
    (nodes with none are omitted).  Keys are node *labels* (the official column names).
    Returns ``(values, unmapped)`` where ``unmapped`` lists concepts not found as leaves."""
    leaf_of: dict[str, Any] = {}
    for leaf in tree.leaves():
        leaf_of.setdefault(" ".join(str(tree.label(leaf)).split()).casefold(), leaf)
    vals: dict[Any, float] = {}
    unmapped: list[str] = []
    for concept, v in acc.items():
        leaf = leaf_of.get(" ".join(concept.split()).casefold())
        if leaf is None:
            unmapped.append(concept)
        elif v is not None and not (isinstance(v, float) and math.isnan(v)):
            vals[leaf] = float(v)
    out: dict[str, float] = {}
    for node in tree.nodes_at_level(level):
        under = [vals[leaf] for leaf in tree.leaves_under(node) if leaf in vals]
        if under:
            out[str(tree.label(node))] = sum(under) / len(under)
    return out, sorted(unmapped)


# ---------------------------------------------------------------------------------------
# everything together
# ---------------------------------------------------------------------------------------


def score_table(
    df: pd.DataFrame,
    *,
    tree: ConceptTree | None = None,
    alpha: float = 0.0,
    beta: float = 0.5,
    unanswered: int = 0,
    area_level: int = 2,
) -> WeMathScore:
    """All We-Math numbers for one row table (one model, one extraction)."""
    strict, loose, incomplete = four_dimensional(df, alpha=alpha, beta=beta)
    subs = df[df["step"] > 0]
    s1 = float(subs["correct"].mean()) if len(subs) else None
    s_by: dict[str, float | None] = {}
    multi = df[df["step"] == 0]
    for k in sorted(set(df["n_steps"].tolist())):
        mk = multi[multi["n_steps"] == k]
        s_by[str(k)] = float(mk["correct"].mean()) if len(mk) else None
    concepts = concept_accuracy(df)
    areas: dict[str, float] = {}
    rollup: dict[str, dict[str, float]] = {}
    unmapped: list[str] = []
    if tree is not None:
        acc = {k: v.accuracy for k, v in concepts.items()}
        for level in range(tree.depth + 1):
            rollup[str(level)], unmapped = concept_rollup(acc, tree, level)
        areas = rollup.get(str(area_level), {})
    return WeMathScore(
        strict=strict,
        loose=loose,
        S1=s1,
        S2=s_by.get("2"),
        S3=s_by.get("3"),
        S_by_steps=s_by,
        steps=accuracy_by_steps(df),
        concepts=concepts,
        areas=areas,
        rollup=rollup,
        unmapped_concepts=unmapped,
        groups=strict.N,
        complete_groups=strict.N - len(incomplete),
        incomplete=incomplete,
        rows=len(df),
        unanswered=unanswered,
    )


def score_predictions(
    rows: Sequence[Mapping[str, Any]],
    *,
    tree: ConceptTree | None = None,
    alpha: float = 0.0,
    beta: float = 0.5,
) -> dict[str, WeMathScore]:
    """Official and robust results for We-Math prediction rows: ``{"official", "robust"}``."""
    from certibench.run.answers import extract_wemath_official, extract_wemath_robust

    out: dict[str, WeMathScore] = {}
    for name, reader in (("official", extract_wemath_official), ("robust", extract_wemath_robust)):
        df, none = table_from_predictions(rows, reader)
        out[name] = score_table(df, tree=tree, alpha=alpha, beta=beta, unanswered=none)
    return out


def score_responses(
    items: Sequence[Item],
    responses: Sequence[Response],
    *,
    tree: ConceptTree | None = None,
    alpha: float = 0.0,
    beta: float = 0.5,
    sample: int = 0,
) -> dict[str, dict[str, WeMathScore]]:
    """Run-layer output -> ``{model: {"official": WeMathScore, "robust": WeMathScore}}``.

    We-Math is a single-answer protocol: sample ``sample`` (default 0) of each model is
    scored; other samples are ignored."""
    models = sorted({r.model for r in responses})
    out: dict[str, dict[str, WeMathScore]] = {}
    for m in models:
        out[m] = {}
        for name, robust in (("official", False), ("robust", True)):
            df, none = table_from_items(items, responses, model=m, sample=sample, robust=robust)
            out[m][name] = score_table(df, tree=tree, alpha=alpha, beta=beta, unanswered=none)
    return out
