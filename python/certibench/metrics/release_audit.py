"""Measured claims about a release (``certibench release audit ITEMS.jsonl``).

Every number a release note states is recomputed here from the items file itself:

* **counts** per family x tier x truth value x domain, and the FALSE share;
* the **majority-class baseline**: the share of the most frequent ``ground_truth``;
* the **surface-artifact baseline**: a bag-of-n-grams logistic regression that reads only
  ``nl_question`` and predicts ``ground_truth``, cross-validated with folds grouped by
  theorem class, so a statement, its paraphrases and its FALSE sibling (``<tid>__false``)
  are always on the same side of a split.  If it beats the majority class, the English
  carries tells of the answer (e.g. FALSE siblings reading ``a ^ 2 ≤ b ^ 1``);
* the **English round trip**: every item's ``nl_question`` read back by the controlled-English
  reader (:func:`certibench.logic.english.english_round_trip`) against its
  ``lean4_statement``, per tier, and the items whose recorded
  ``certificate.english.round_trip`` disagrees with the re-check;
* **per-family coverage** (:data:`COVERAGE_DEFINITION`), from ``generation_report.json``
  beside the items when present (its claim cross-checked against the items), otherwise
  computed from the canonical statements with :func:`certibench.families.apply.family_applies`;
* T3 items released without a recorded review, and whether ``release.json`` describes
  these exact bytes.

The targets (:data:`TARGETS`) decide the exit status of the command.  Everything is
deterministic: fixed seeds for the folds, the classifier and the bootstrap.
"""

from __future__ import annotations

import json
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from certibench.io import InputFileError, RecordError, load_items
from certibench.metrics.families_map import family_name, family_sort_key
from certibench.metrics.stats import _boot_weights, percentile_ci
from certibench.run.release import release_identity
from certibench.schema import Item

__all__ = [
    "AUDIT_FORMAT",
    "COVERAGE_DEFINITION",
    "FALSE_SUFFIX",
    "TARGETS",
    "Progress",
    "artifact_baseline",
    "audit_items",
    "audit_release",
    "class_bootstrap",
    "class_key",
    "counts",
    "english_round_trips",
    "family_coverage",
    "grouped_folds",
    "majority_baseline",
    "rank_auc",
    "truth_label",
    "unreviewed_t3",
]

#: version of the audit JSON written by ``release audit --json``
AUDIT_FORMAT = 1
#: a FALSE sibling's theorem class is ``<theorem_id>__false``
FALSE_SUFFIX = "__false"
COVERAGE_DEFINITION = "statements with a released item of the family / statements the family applies to"
#: the release targets (issue 9): FALSE share, artifact margin over the majority class
FALSE_SHARE_RANGE = (0.45, 0.55)
ARTIFACT_MARGIN = 0.05
#: tiers whose English must read back to the certified formula (canonical = tier null)
ROUND_TRIP_TIERS = ("canonical", "T1", "T2")
TARGETS = {
    "false_share": f"FALSE share within {FALSE_SHARE_RANGE[0]:.0%}-{FALSE_SHARE_RANGE[1]:.0%}",
    "artifact_baseline": f"artifact-baseline accuracy <= majority-class accuracy + {ARTIFACT_MARGIN}",
    "round_trip": "100% of canonical, T1 and T2 items read back to their formula",
    "no_unreviewed_t3": "no T3 item without a recorded review",
    "release_digest": "release.json's digest is the items file's",
}
#: word 1-2-grams over words *and* single symbols, char 3-5-grams across spaces (see
#: :func:`_vectorizer`)
WORD_TOKENS = r"(?u)\w+|[^\w\s]"
MAX_LISTED = 50

#: ``progress(stage, done, total)``
Progress = Callable[[str, int, int], None]


def _noop(_stage: str, _done: int, _total: int) -> None:
    return None


# --------------------------------------------------------------------------- labels and classes
def truth_label(value: Any) -> str | None:
    """``"TRUE"``/``"FALSE"`` for a true/false ground truth (bools and any letter case), else None."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str) and value.strip().upper() in ("TRUE", "FALSE"):
        return value.strip().upper()
    return None


def class_key(item: Item) -> str:
    """The theorem class an item belongs to for grouping: its ``theorem_id`` (or id) with a
    trailing ``__false`` removed, so a statement and its FALSE sibling share one key."""
    tid = item.class_id
    return tid[: -len(FALSE_SUFFIX)] if tid.endswith(FALSE_SUFFIX) else tid


def _tier_key(item: Item) -> str:
    if item.is_canonical:
        return "canonical"
    return str(item.tier) if item.tier is not None else "(none)"


def _domain(item: Item) -> str:
    d = (item.model_extra or {}).get("domain")
    return str(d) if d not in (None, "") else "(none)"


def _family(item: Item) -> str:
    return family_name(item.family)


# --------------------------------------------------------------------------- counts
def counts(items: Sequence[Item]) -> dict[str, Any]:
    """Items per family x tier x truth x domain (``rows``), with the marginals."""
    cells: Counter[tuple[str, str, str, str]] = Counter()
    for it in items:
        cells[(_family(it), _tier_key(it), truth_label(it.ground_truth) or "(other)", _domain(it))] += 1
    rows = [
        {"family": f, "tier": t, "ground_truth": g, "domain": d, "n": n}
        for (f, t, g, d), n in sorted(cells.items(), key=lambda kv: (family_sort_key(kv[0][0]), kv[0][1:]))
    ]

    def margin(*keys: int) -> list[dict[str, Any]]:
        names = ("family", "tier", "ground_truth", "domain")
        agg: Counter[tuple[str, ...]] = Counter()
        for cell, n in cells.items():
            agg[tuple(cell[k] for k in keys)] += n
        order = sorted(agg, key=lambda c: (family_sort_key(c[0]), c[1:]) if keys[0] == 0 else c)
        return [{**{names[k]: c[i] for i, k in enumerate(keys)}, "n": agg[c]} for c in order]

    truth = Counter(truth_label(it.ground_truth) or "(other)" for it in items)
    return {
        "n_items": len(items),
        "by_truth": dict(sorted(truth.items())),
        "by_family_tier_truth": margin(0, 1, 2),
        "by_domain_truth": margin(3, 2),
        "rows": rows,
    }


def majority_baseline(labels: Sequence[str]) -> dict[str, Any]:
    """Accuracy of always answering the most frequent label (ties: the label sorting first)."""
    c = Counter(labels)
    if not c:
        return {"label": None, "accuracy": None, "n_items": 0}
    label = min(c, key=lambda k: (-c[k], k))
    return {"label": label, "accuracy": c[label] / len(labels), "n_items": len(labels)}


# --------------------------------------------------------------------------- artifact baseline
def grouped_folds(labels: Sequence[str], groups: Sequence[str], n_folds: int = 5, seed: int = 0) -> np.ndarray:
    """Fold index (0..k-1) of every item: k = min(n_folds, number of groups), folds built by
    scikit-learn's ``StratifiedGroupKFold`` (shuffled with ``seed``), so that every group
    sits in exactly one fold and the label mix of the folds is as even as the groups allow
    (``GroupKFold``, unstratified, when no label has k items)."""
    from sklearn.model_selection import GroupKFold, StratifiedGroupKFold

    y = np.asarray(labels)
    g = np.asarray(groups)
    k = min(n_folds, len(set(g.tolist())))
    if k < 2:
        raise ValueError(f"grouped cross-validation needs at least 2 theorem classes, got {k}")
    fold = np.full(len(y), -1, dtype=np.int64)
    splitter: Any = StratifiedGroupKFold(n_splits=k, shuffle=True, random_state=seed)
    if np.all(np.unique(y, return_counts=True)[1] < k):  # too few of every label to stratify
        splitter = GroupKFold(n_splits=k)
    with warnings.catch_warnings():  # "the least populated class has only N members": expected
        warnings.simplefilter("ignore", UserWarning)
        for f, (_, test) in enumerate(splitter.split(np.zeros(len(y)), y, g)):
            fold[test] = f
    return fold


def _vectorizer() -> Any:
    """Word 1-2-grams and char 3-5-grams, TF-IDF (sublinear), as one feature union.

    Words catch lexical tells ("is not", "at most"); the token pattern keeps single symbols
    and digits (``^``, ``1``, ``≠``), which scikit-learn's default pattern drops.  Char
    n-grams run across spaces (``analyzer="char"``, not ``char_wb``), so symbol sequences
    such as ``^ 1``, ``+ 0`` or ``-0`` are features whatever the tokenisation."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.pipeline import FeatureUnion

    return FeatureUnion(
        [
            ("word", TfidfVectorizer(analyzer="word", ngram_range=(1, 2), token_pattern=WORD_TOKENS,
                                     lowercase=True, sublinear_tf=True)),
            ("char", TfidfVectorizer(analyzer="char", ngram_range=(3, 5), lowercase=False, sublinear_tf=True)),
        ]
    )


def _classifier(seed: int) -> Any:
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=1.0, max_iter=2000, solver="liblinear", random_state=seed)


def _probe_model(probe: str, seed: int) -> tuple[Any, Any]:
    """``(vectorizer, classifier)`` of a probe: ``logreg`` (the artifact baseline) or
    ``naive_bayes`` — a second probe of another model family on other features (raw
    counts of word 1-3-grams, multinomial naive Bayes), so that a release tuned against
    one probe's features cannot pass unnoticed."""
    if probe == "logreg":
        return _vectorizer(), _classifier(seed)
    if probe == "naive_bayes":
        from sklearn.feature_extraction.text import CountVectorizer
        from sklearn.naive_bayes import MultinomialNB

        return (CountVectorizer(analyzer="word", ngram_range=(1, 3), token_pattern=WORD_TOKENS, lowercase=True),
                MultinomialNB(alpha=1.0))
    raise ValueError(f"unknown probe {probe!r} (logreg or naive_bayes)")


PROBE_MODELS = {
    "logreg": "logistic regression (liblinear, C=1) on TF-IDF word 1-2-grams (words and symbols) "
    "+ char 3-5-grams of nl_question",
    "naive_bayes": "multinomial naive Bayes (alpha=1) on counts of word 1-3-grams (words and symbols) of nl_question",
}


def _fit_predict(train_x: list[str], train_y: np.ndarray, test_x: list[str], seed: int,
                 probe: str = "logreg") -> tuple[np.ndarray, np.ndarray]:
    """Predicted labels and P(label = classes[1]) for the test texts (a one-label training
    fold predicts that label with probability 1)."""
    classes = np.unique(train_y)
    if classes.size == 1:
        return np.full(len(test_x), classes[0], dtype=object), np.full(len(test_x), np.nan)
    vec, clf = _probe_model(probe, seed)
    clf.fit(vec.fit_transform(train_x), train_y)
    xt = vec.transform(test_x)
    proba = clf.predict_proba(xt)
    return np.asarray(clf.classes_[np.argmax(proba, axis=1)], dtype=object), proba[:, list(clf.classes_).index("FALSE")]


def _top_features(texts: list[str], y: np.ndarray, seed: int, k: int = 10) -> dict[str, list[dict[str, Any]]]:
    """The n-grams the classifier fitted on every item leans on most, per label."""
    if np.unique(y).size < 2:
        return {}
    vec = _vectorizer()
    clf = _classifier(seed)
    clf.fit(vec.fit_transform(texts), y)
    names = vec.get_feature_names_out()
    coef = clf.coef_[0]  # > 0 favours classes_[1]
    hi, lo = str(clf.classes_[1]), str(clf.classes_[0])
    order = np.argsort(coef, kind="stable")

    def feats(idx: np.ndarray) -> list[dict[str, Any]]:
        out = []
        for i in idx:
            kind, _, gram = str(names[i]).partition("__")
            out.append({"ngram": gram, "kind": kind, "weight": round(float(coef[i]), 4)})
        return out

    return {hi: feats(order[::-1][:k]), lo: feats(order[:k])}


def rank_auc(positive: np.ndarray, score: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """ROC AUC of ``score`` for the 0/1 labels ``positive`` (ties count one half), for each
    row of item ``weights`` (B x n; ``None`` = one row of ones): the weighted Mann-Whitney
    statistic, so a bootstrap needs one sort, not B.  NaN where a row has no positive or
    no negative weight."""
    from scipy import sparse

    w = np.ones((1, len(score))) if weights is None else np.atleast_2d(np.asarray(weights, dtype=np.float64))
    pos = np.asarray(positive, dtype=np.float64)
    _, block = np.unique(np.asarray(score, dtype=np.float64), return_inverse=True)  # tie blocks, ascending
    n = len(pos)
    ind_t = sparse.csr_matrix((np.ones(n), (block, np.arange(n))), shape=(int(block.max()) + 1 if n else 0, n))
    out = np.empty(w.shape[0])
    for start in range(0, w.shape[0], 128):  # bounded memory: 128 x (number of distinct scores)
        wc = w[start : start + 128]
        P = (ind_t @ (wc * pos).T).T  # rows x blocks: positive weight per tie block
        N = (ind_t @ (wc * (1.0 - pos)).T).T
        below = np.cumsum(N, axis=1) - N  # negative weight strictly below each block
        num = (P * (below + 0.5 * N)).sum(axis=1)
        den = P.sum(axis=1) * N.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[start : start + 128] = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)
    return out


def class_bootstrap(
    correct: np.ndarray,
    is_false: np.ndarray,
    classes: Sequence[Any] | np.ndarray,
    *,
    n_boot: int = 1000,
    seed: int = 0,
    level: float = 0.95,
    score: np.ndarray | None = None,
) -> dict[str, Any]:
    """Percentile CIs from resampling whole classes with replacement: of the accuracy
    (mean of ``correct``), of its gap to the majority class of each resample, and with
    ``score`` (P(FALSE) per item) of the AUC.  ``{"ci", "gap_ci", "auc_ci"}``."""
    correct = np.asarray(correct, dtype=np.float64)
    is_false = np.asarray(is_false, dtype=np.float64)
    codes = np.unique(np.asarray(classes), return_inverse=True)[1]
    G = int(codes.max()) + 1
    per_g = np.stack([np.bincount(codes, weights=w, minlength=G) for w in (np.ones(len(codes)), correct, is_false)])
    W = _boot_weights(np.random.default_rng(seed), G, n_boot).astype(np.float64)  # B x G class multiplicities
    tot, cor, fal = (W @ per_g.T).T
    acc_b = cor / tot
    maj_b = np.maximum(fal, tot - fal) / tot
    lo, hi = percentile_ci(np.stack([acc_b, acc_b - maj_b], axis=1), level)
    out: dict[str, Any] = {"ci": [float(lo[0]), float(hi[0])], "gap_ci": [float(lo[1]), float(hi[1])], "auc_ci": None}
    if score is not None:
        alo, ahi = percentile_ci(rank_auc(is_false, score, W[:, codes])[:, None], level)
        out["auc_ci"] = [float(alo[0]), float(ahi[0])]
    return out


def artifact_baseline(
    texts: Sequence[str],
    labels: Sequence[str],
    groups: Sequence[str],
    *,
    n_folds: int = 5,
    seed: int = 0,
    n_boot: int = 1000,
    level: float = 0.95,
    strata: dict[str, Sequence[str]] | None = None,
    probe: str = "logreg",
) -> dict[str, Any]:
    """Out-of-fold accuracy of the bag-of-n-grams classifier (see module docstring;
    ``probe`` picks the model, :data:`PROBE_MODELS`).

    Every item is predicted once, by a model trained on the other folds (grouped by
    theorem class).  ``accuracy`` is the share of items predicted right; its CI (and the
    CI of the gap to the majority class, recomputed in each resample) comes from a
    percentile bootstrap **over theorem classes**: items of a class share their wording,
    so resampling items would understate the spread.  The bootstrap resamples the
    out-of-fold predictions; it does not refit the classifier.  ``strata`` (name ->
    per-item value, e.g. family) adds the out-of-fold accuracy per value."""
    if probe not in PROBE_MODELS:
        raise ValueError(f"unknown probe {probe!r} ({' or '.join(PROBE_MODELS)})")
    y = np.asarray(labels, dtype=object)
    g = np.asarray(groups, dtype=object)
    x = list(texts)
    n = len(x)
    maj = majority_baseline(list(y))
    out: dict[str, Any] = {
        "accuracy": None,
        "ci": None,
        "ci_method": f"percentile bootstrap over theorem classes ({n_boot} resamples, seed {seed}) "
        "of the out-of-fold predictions",
        "level": level,
        "majority": maj["accuracy"],
        "gap": None,
        "gap_ci": None,
        "balanced_accuracy": None,
        "auc": None,
        "auc_ci": None,
        "n_items": n,
        "n_groups": len(set(g.tolist())),
        "n_folds": None,
        "fold_sizes": [],
        "seed": seed,
        "model": PROBE_MODELS[probe],
        "cv": "StratifiedGroupKFold, groups = theorem_id without a trailing __false",
        "reason": None,
    }
    if n == 0:
        out["reason"] = "no item with a TRUE/FALSE ground truth and an nl_question"
        return out
    try:
        fold = grouped_folds(list(y), list(g), n_folds, seed)
    except ValueError as exc:
        out["reason"] = str(exc)
        return out
    k = int(fold.max()) + 1
    pred = np.empty(n, dtype=object)
    p_false = np.full(n, np.nan)
    for f in range(k):
        test = np.flatnonzero(fold == f)
        train = np.flatnonzero(fold != f)
        pred[test], p_false[test] = _fit_predict([x[i] for i in train], y[train], [x[i] for i in test], seed, probe)
    correct = (pred == y).astype(np.float64)
    acc = float(correct.mean())
    recalls = [float(correct[y == lab].mean()) for lab in sorted(set(y.tolist()))]
    y_false = (y == "FALSE").astype(np.int64)
    out.update(
        accuracy=acc,
        gap=acc - float(maj["accuracy"]),
        balanced_accuracy=float(np.mean(recalls)),
        auc=None if np.isnan(p_false).any() else float(rank_auc(y_false, p_false)[0]),
        n_folds=k,
        fold_sizes=[int((fold == f).sum()) for f in range(k)],
        fold_accuracy=[float(correct[fold == f].mean()) for f in range(k)],
    )
    if n_boot > 0:
        score = None if out["auc"] is None else p_false
        out.update(class_bootstrap(correct, y_false, g, n_boot=n_boot, seed=seed, level=level, score=score))
    out["by"] = {}
    for name, values in (strata or {}).items():
        v = np.asarray(values, dtype=object)
        out["by"][name] = {
            str(val): {"n": int((v == val).sum()), "accuracy": float(correct[v == val].mean())}
            for val in sorted(set(v.tolist()), key=lambda s: (family_sort_key(s) if name == "family" else (0, 0, s)))
        }
    if probe == "logreg":
        out["top_features"] = _top_features(x, y, seed)
    return out


# --------------------------------------------------------------------------- English round trip
def _reader() -> tuple[Callable[..., Any] | None, str | None]:
    try:
        from certibench.logic.english import english_round_trip
    except ImportError as exc:  # the controlled-English reader is not installed (yet)
        return None, f"controlled-English reader not available: {exc}"
    return english_round_trip, None


def _recorded_round_trip(item: Item) -> bool | None:
    eng = (item.certificate or {}).get("english")
    if isinstance(eng, dict) and isinstance(eng.get("round_trip"), bool):
        return bool(eng["round_trip"])
    return None


def english_round_trips(items: Sequence[Item], progress: Progress = _noop) -> dict[str, Any]:
    """Re-run the controlled-English reader on every item: its ``nl_question`` against its
    ``lean4_statement``.  An item without either, a statement that does not parse, or a
    reader that fails is a failed round trip (never a pass).  When the reader is missing
    the result is ``available: false`` with the reason, and no share is claimed."""
    from certibench.logic.parser import parse_declaration

    recorded = Counter(_recorded_round_trip(it) is not None for it in items)
    base: dict[str, Any] = {
        "available": False,
        "reason": None,
        "n_items": len(items),
        "n_recorded": recorded[True],
        "n_not_recorded": recorded[False],
    }
    reader, why = _reader()
    if reader is None:
        base["reason"] = why
        return base
    by_tier: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    codes: Counter[str] = Counter()
    failures: list[dict[str, Any]] = []
    disagree: list[dict[str, Any]] = []
    decls: dict[str, Any] = {}
    ok_total = 0
    for done, it in enumerate(items):
        progress("round trip", done, len(items))
        stmt = it.lean4_statement
        if not stmt or not it.nl_question:
            missing = "lean4_statement" if not stmt else "nl_question"
            ok, code, reason = False, "missing", f"no {missing}: nothing to read back against"
        else:
            try:
                if stmt not in decls:
                    decls[stmt] = parse_declaration(stmt)
                rt = reader(decls[stmt], str(it.nl_question))
                ok, code, reason = bool(rt.ok), str(getattr(rt, "code", "ok" if rt.ok else "failed")), str(rt.reason)
            except Exception as exc:  # a statement the parser or reader cannot handle fails the trip
                ok, code, reason = False, "error", f"{type(exc).__name__}: {exc}"
        tier = _tier_key(it)
        by_tier[tier][0] += 1
        by_tier[tier][1] += ok
        ok_total += ok
        codes[code] += 1
        if not ok:
            failures.append({"id": it.id, "tier": tier, "code": code, "reason": reason})
        rec = _recorded_round_trip(it)
        if rec is not None and rec != ok:
            disagree.append({"id": it.id, "tier": tier, "recorded": rec, "recheck": ok, "reason": reason})
    progress("round trip", len(items), len(items))
    n = len(items)
    base.update(
        available=True,
        n_ok=ok_total,
        share=ok_total / n if n else None,
        by_tier={
            t: {"n": v[0], "ok": v[1], "share": v[1] / v[0] if v[0] else None}
            for t, v in sorted(by_tier.items(), key=lambda kv: (kv[0] != "canonical", kv[0]))
        },
        by_code=dict(sorted(codes.items(), key=lambda kv: (-kv[1], kv[0]))),
        n_failures=len(failures),
        failures=failures[:MAX_LISTED],
        n_disagreements=len(disagree),
        disagreements=disagree[:MAX_LISTED],
    )
    return base


# --------------------------------------------------------------------------- coverage
def _statements(items: Sequence[Item]) -> dict[str, Item]:
    """The TRUE canonical statement of each theorem class (the unit of coverage)."""
    out: dict[str, Item] = {}
    for it in items:
        if it.is_canonical and truth_label(it.ground_truth) == "TRUE" and it.lean4_statement:
            out.setdefault(class_key(it), it)
    return out


def _with_item(items: Sequence[Item], statements: dict[str, Item], truth: str) -> dict[str, set[str]]:
    """family -> the statements (class keys) having a released ``truth`` item of the family."""
    out: dict[str, set[str]] = defaultdict(set)
    for it in items:
        if not it.is_canonical and truth_label(it.ground_truth) == truth and class_key(it) in statements:
            out[_family(it)].add(class_key(it))
    return out


def _coverage_row(fam_id: str, tier: str, applies: int, with_item: int) -> dict[str, Any]:
    return {"family": fam_id, "tier": tier, "applies": applies, "with_item": with_item,
            "coverage": with_item / applies if applies else None}  # fmt: skip


def _report_coverage(path: Path) -> tuple[dict[str, dict[str, Any]] | None, str | None]:
    """The ``coverage`` block of a generation report, or why it cannot be used."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"{path}: cannot read ({exc})"
    except json.JSONDecodeError as exc:
        return None, f"{path}:{exc.lineno}: invalid JSON: {exc.msg}"
    cov = data.get("coverage") if isinstance(data, dict) else None
    if not isinstance(cov, dict):
        return None, f"{path}: field 'coverage' is missing or not an object"
    out: dict[str, dict[str, Any]] = {}
    for name, row in cov.items():
        if not isinstance(row, dict) or not all(isinstance(row.get(k), int) for k in ("applies", "with_item")):
            return None, f"{path}: field 'coverage.{name}': needs integer 'applies' and 'with_item'"
        out[family_name(name)] = _coverage_row(str(row.get("family", "")), str(row.get("tier", "")),
                                               row["applies"], row["with_item"])  # fmt: skip
    return out, None


def family_coverage(
    items: Sequence[Item], items_path: Path | None = None, progress: Progress = _noop
) -> dict[str, Any]:
    """Per-family coverage, :data:`COVERAGE_DEFINITION`, over the TRUE canonical statements.

    With a ``generation_report.json`` beside ``items_path`` its ``coverage`` is the claim
    reported, and the statements with a released item are recounted from the items: a
    family whose count differs is listed under ``mismatches``.  Without one, applicability
    is computed here (:func:`certibench.families.apply.family_applies` on each statement).
    ``with_item_false`` counts the FALSE siblings having an item of the family (paraphrase
    balance between TRUE and FALSE classes)."""
    from certibench.families.registry import all_families

    statements = _statements(items)
    measured = _with_item(items, statements, "TRUE")
    measured_false = _with_item(items, statements, "FALSE")
    fams = all_families()
    out: dict[str, Any] = {"definition": COVERAGE_DEFINITION, "n_statements": len(statements), "source": None,
                           "notes": [], "families": {}, "mismatches": []}  # fmt: skip
    report = items_path.parent / "generation_report.json" if items_path is not None else None
    claimed: dict[str, dict[str, Any]] | None = None
    if report is not None and report.exists():
        claimed, why = _report_coverage(report)
        if claimed is None:
            out["notes"].append(f"{why}; coverage computed from the items instead")
    if claimed is not None:
        out["source"] = str(report)
        for name, row in sorted(claimed.items(), key=lambda kv: family_sort_key(kv[0])):
            row["with_item_measured"] = len(measured.get(name, ()))
            row["with_item_false"] = len(measured_false.get(name, ()))
            out["families"][name] = row
            if row["with_item_measured"] != row["with_item"]:
                out["mismatches"].append(
                    f"{name}: the generation report counts {row['with_item']} statements with an item, "
                    f"the items file has {row['with_item_measured']}"
                )
        return out
    from certibench.families.apply import family_applies
    from certibench.logic.parser import parse_declaration

    out["source"] = "computed"
    applies: Counter[str] = Counter()
    unparsed = 0
    for done, (_key, it) in enumerate(sorted(statements.items())):
        progress("coverage", done, len(statements))
        try:
            decl = parse_declaration(str(it.lean4_statement))
        except Exception:
            unparsed += 1
            continue
        for fam in fams:
            try:
                applies[fam.name] += family_applies(decl, fam.id)
            except Exception:  # a rule or renderer crash: the family is not known to apply
                continue
    progress("coverage", len(statements), len(statements))
    if unparsed:
        out["notes"].append(f"{unparsed} statement(s) do not parse: left out of every denominator")
    for fam in fams:
        row = _coverage_row(fam.id, str(fam.tier), applies[fam.name], len(measured.get(fam.name, ())))
        row["with_item_false"] = len(measured_false.get(fam.name, ()))
        if row["with_item"] > row["applies"]:
            out["mismatches"].append(
                f"{fam.name}: {row['with_item']} statements have an item but the family applies to only {row['applies']}"
            )
        out["families"][fam.name] = row
    return out


# --------------------------------------------------------------------------- T3
def unreviewed_t3(items: Sequence[Item]) -> list[dict[str, Any]]:
    """T3 items without a recorded review (a certificate ``certified`` by backend ``review``)."""
    out = []
    for it in items:
        if it.tier != "T3":
            continue
        cert = it.certificate or {}
        if cert.get("verdict") == "certified" and cert.get("backend") == "review":
            continue
        out.append({"id": it.id, "family": _family(it), "verdict": cert.get("verdict"), "backend": cert.get("backend")})
    return out


# --------------------------------------------------------------------------- the audit
def _target(name: str, ok: bool | None, measured: str) -> dict[str, Any]:
    return {"name": name, "target": TARGETS[name], "measured": measured, "met": bool(ok)}


def audit_items(
    items: Sequence[Item],
    *,
    items_path: Path | None = None,
    n_folds: int = 5,
    seed: int = 0,
    n_boot: int = 1000,
    round_trip: bool = True,
    progress: Progress = _noop,
) -> dict[str, Any]:
    """Every measured claim about ``items`` (see the module docstring) and the targets."""
    labelled = [it for it in items if truth_label(it.ground_truth) is not None]
    labels = [str(truth_label(it.ground_truth)) for it in labelled]
    n_false = labels.count("FALSE")
    false_share = n_false / len(labels) if labels else None
    base = [it for it in labelled if it.nl_question]
    progress("artifact baseline", 0, 1)
    data = ([str(it.nl_question) for it in base], [str(truth_label(it.ground_truth)) for it in base],
            [class_key(it) for it in base])
    art = artifact_baseline(
        *data, n_folds=n_folds, seed=seed, n_boot=n_boot,
        strata={"family": [_family(it) for it in base], "tier": [_tier_key(it) for it in base]},
    )
    second = artifact_baseline(*data, n_folds=n_folds, seed=seed, n_boot=n_boot, probe="naive_bayes")
    progress("artifact baseline", 1, 1)
    if round_trip:
        rt = english_round_trips(items, progress)
    else:
        rt = {"available": False, "reason": "not run (--no-round-trip)"}
    cov = family_coverage(items, items_path, progress)
    t3 = unreviewed_t3(items)
    cert_versions = Counter(
        str((it.certificate or {}).get("version", "(none)")) if it.certificate else "(no certificate)" for it in items
    )
    maj = majority_baseline(labels)

    targets = [
        _target(
            "false_share",
            false_share is not None and FALSE_SHARE_RANGE[0] <= false_share <= FALSE_SHARE_RANGE[1],
            f"{false_share:.4f} ({n_false} of {len(labels)})" if false_share is not None else "no TRUE/FALSE item",
        )
    ]
    if art["accuracy"] is None:
        targets.append(_target("artifact_baseline", False, f"not measured: {art['reason']}"))
    else:
        targets.append(
            _target(
                "artifact_baseline",
                art["accuracy"] <= (maj["accuracy"] or 0.0) + ARTIFACT_MARGIN,
                f"{art['accuracy']:.4f} vs majority {maj['accuracy']:.4f} (gap {art['gap']:+.4f})",
            )
        )
    if not rt.get("available"):
        targets.append(_target("round_trip", False, f"unavailable: {rt.get('reason')}"))
    else:
        gated = [(t, v) for t, v in rt["by_tier"].items() if t in ROUND_TRIP_TIERS]
        n_g = sum(v["n"] for _, v in gated)
        ok_g = sum(v["ok"] for _, v in gated)
        targets.append(
            _target("round_trip", ok_g == n_g, f"{ok_g} of {n_g}" + (f" ({ok_g / n_g:.4f})" if n_g else ""))
        )
    targets.append(_target("no_unreviewed_t3", not t3, f"{len(t3)} unreviewed T3 item(s)"))
    rel = release_identity(items_path) if items_path is not None else None
    if rel is not None and rel.get("release_json"):
        targets.append(
            _target(
                "release_digest",
                rel.get("recorded_digest") == rel["digest"],
                f"release.json {rel.get('recorded_digest') or '(no digest)'}, items {rel['digest']}",
            )
        )
    findings: list[str] = []
    if t3:
        findings.append(f"{len(t3)} T3 item(s) released without a recorded review (see unreviewed_t3)")
    if rt.get("available") and rt.get("n_disagreements"):
        findings.append(f"{rt['n_disagreements']} item(s) whose recorded certificate.english.round_trip "
                        "disagrees with the re-check")  # fmt: skip
    if second["accuracy"] is not None and second["accuracy"] > (maj["accuracy"] or 0.0) + ARTIFACT_MARGIN:
        findings.append(
            f"surface artifacts: the second probe ({PROBE_MODELS['naive_bayes']}) reaches {second['accuracy']:.3f} "
            f"against the majority class's {maj['accuracy']:.3f} - see second_probe"
        )
    if art.get("auc_ci") and art["auc_ci"][0] > 0.5 + ARTIFACT_MARGIN:
        findings.append(
            f"surface artifacts: the n-gram baseline ranks FALSE items above TRUE ones with AUC {art['auc']:.3f} "
            f"(95% CI {art['auc_ci'][0]:.3f}-{art['auc_ci'][1]:.3f}; 0.5 = no signal) - see artifact_baseline.top_features"
        )
    findings.extend(f"coverage: {m}" for m in cov["mismatches"])
    findings.extend(f"release: {w}" for w in (rel or {}).get("warnings", []))
    return {
        "certibench_release_audit": AUDIT_FORMAT,
        "items_path": str(items_path) if items_path is not None else None,
        "release": rel,
        "n_items": len(items),
        "n_unlabelled": len(items) - len(labelled),
        "counts": counts(items),
        "false_share": false_share,
        "majority": maj,
        "artifact_baseline": art,
        "second_probe": second,
        "round_trip": rt,
        "coverage": cov,
        "unreviewed_t3": {"n": len(t3), "items": t3},
        "certificate_versions": dict(sorted(cert_versions.items())),
        "targets": targets,
        "ok": all(t["met"] for t in targets),
        "findings": findings,
        "parameters": {"folds": n_folds, "seed": seed, "n_boot": n_boot},
    }


def audit_release(
    path: str | Path,
    *,
    n_folds: int = 5,
    seed: int = 0,
    n_boot: int = 1000,
    round_trip: bool = True,
    progress: Progress = _noop,
) -> tuple[dict[str, Any], list[RecordError]]:
    """:func:`audit_items` on an items file; bad records are skipped and returned.
    Raises :class:`~certibench.io.InputFileError` when the file cannot be read or holds no item."""
    p = Path(path)
    items, errors = load_items(p)
    if not items:
        detail = f" ({errors[0]})" if errors else ""
        raise InputFileError(f"{p}: no readable item{detail}")
    res = audit_items(items, items_path=p, n_folds=n_folds, seed=seed, n_boot=n_boot, round_trip=round_trip,
                      progress=progress)  # fmt: skip
    res["n_bad_records"] = len(errors)
    res["bad_records"] = [str(e) for e in errors[:MAX_LISTED]]
    return res, errors
