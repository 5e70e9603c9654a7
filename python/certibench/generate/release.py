"""A release: the items a benchmark run reads, with their version, digest and report.

``write_release(DIR, outcomes, …)`` writes

* ``items.jsonl`` — the released items (canonical, T1 and T2 paraphrases, TRUE and FALSE);
* ``review_queue.jsonl`` — T3 items waiting for a recorded review (``certibench review``
  reads it; reviewed items join a later release);
* ``release.json`` — ``release_version``, ``certificate_format``, the SHA-256 ``digest`` of
  ``items.jsonl``, the generator, seed, families and counts;
* ``generation_report.json`` — what was made and what was not, with every reason counted,
  and the per-family coverage: statements with a certified item of the family ÷
  statements the family applies to.

The run layer records the release digest in ``run.json`` and refuses to resume a run whose
item file changed.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from certibench import __version__
from certibench.families.registry import get_family

RELEASE_FORMAT = 2


def file_digest(path: str | Path) -> str:
    h = hashlib.sha256()
    with Path(path).open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return "sha256:" + h.hexdigest()


def _category(reason: str) -> str:
    """A countable category for a free-text reason (numbers and quoted bits removed)."""
    r = reason.split(";")[0].strip()
    r = re.sub(r"^(TRUE|FALSE):\s*", "", r)
    r = re.sub(r"['\"`].*?['\"`]", "…", r)
    r = re.sub(r"\d+", "N", r)
    return r[:120]


def generation_report(outcomes: Sequence[Any], families: Sequence[str]) -> dict[str, Any]:
    fams = [get_family(f) for f in families]
    made: Counter[tuple[str, str]] = Counter()  # (family, truth)
    statements = len(outcomes)
    released_statements = 0
    errors: Counter[str] = Counter()
    skipped: dict[str, Counter[str]] = {}
    applies: Counter[str] = Counter()
    certified: Counter[str] = Counter()
    queued: Counter[str] = Counter()
    queue = 0
    kinds: Counter[str] = Counter()
    moved = 0
    n_options: list[int] = []
    for o in outcomes:
        if o.error:
            errors[_category(o.error)] += 1
            continue
        released_statements += 1
        sib = getattr(o, "sibling", None)
        if sib:
            kinds[sib["kind"]] += 1
            if "options" in sib:
                n_options.append(int(sib["options"]))
                moved += int(sib["option"] != 0)
        queue += len(o.review_queue)
        fams_made = {it["family"] for it in o.items if it.get("ground_truth") == "TRUE"}
        fams_queued = {it["family"] for it in o.review_queue if it.get("ground_truth") == "TRUE"}
        for it in o.items:
            made[(it["family"], str(it.get("ground_truth")))] += 1
        for f in fams:
            if o.applicable.get(f.id):
                applies[f.name] += 1
                if f.name in fams_made:
                    certified[f.name] += 1
                elif f.name in fams_queued:
                    queued[f.name] += 1
        for key, reason in o.skipped.items():
            skipped.setdefault(key, Counter())[_category(reason)] += 1
    n_items = sum(made.values())
    n_false = sum(v for (_, t), v in made.items() if t == "FALSE")
    coverage = {
        f.name: {"family": f.id, "tier": f.tier, "applies": applies[f.name], "with_item": certified[f.name],
                 "coverage": round(certified[f.name] / applies[f.name], 4) if applies[f.name] else None,
                 "in_review_queue": queued[f.name]}
        for f in fams
    }
    return {
        "statements": statements,
        "statements_released": released_statements,
        "statements_not_released": dict(sorted(errors.items(), key=lambda kv: (-kv[1], kv[0]))),
        "items": n_items,
        "false_share": round(n_false / n_items, 4) if n_items else None,
        "items_by_family": {f"{fam}/{truth}": n for (fam, truth), n in sorted(made.items())},
        "review_queue": queue,
        "coverage": coverage,
        "coverage_definition": "statements with a released item of the family / statements the family applies to",
        "skipped": {k: dict(sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))) for k, v in sorted(skipped.items())},
        "false_siblings": {
            "selection": ("surface-distribution matching over all refutable one-edit mutants "
                          "(certibench.generate.sibling_balance)") if n_options else "first refutable mutant",
            "by_kind": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
            "options_per_statement": _quartiles(n_options),
            "not_first_option": moved,
        },
    }


def _quartiles(values: list[int]) -> dict[str, float] | None:
    if not values:
        return None
    v = sorted(values)

    def q(p: float) -> float:
        return float(v[min(len(v) - 1, int(p * (len(v) - 1) + 0.5))])

    return {"min": float(v[0]), "median": q(0.5), "max": float(v[-1])}


#: options that choose where the work runs, never what it makes: left out of the recorded
#: command so the same release records the same command for any -j or executor
EXECUTION_OPTIONS = ("-j", "--jobs", "--executor", "--ray-address")


def release_command(argv: Sequence[str]) -> str:
    """The ``certibench generate`` command line as recorded in release.json and the proofs
    manifest, without :data:`EXECUTION_OPTIONS` (the output is byte-identical for any)."""
    import shlex

    kept: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        name = a.split("=", 1)[0]
        if name in EXECUTION_OPTIONS:
            skip = "=" not in a
            continue
        if a.startswith("-j") and a[2:].isdigit():
            continue
        kept.append(a)
    return "certibench " + " ".join(shlex.quote(a) for a in kept)


def write_release(
    directory: str | Path,
    outcomes: Sequence[Any],
    *,
    families: Sequence[str],
    seed: int,
    command: str,
    items_name: str = "items.jsonl",
) -> dict[str, Any]:
    from certibench.generate.pipeline import write_items
    from certibench.verify.certificate import FORMAT_VERSION

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    n = write_items(d / items_name, outcomes)
    write_items(d / "review_queue.jsonl", outcomes, queue=True)  # queue items and their canonicals
    report = generation_report(outcomes, families)
    (d / "generation_report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    meta = {
        "release_format": RELEASE_FORMAT,
        "release_version": f"{__version__}+seed{seed}",
        "certificate_format": FORMAT_VERSION,
        "generator": f"certibench/{__version__}",
        "command": command,
        "seed": seed,
        "families": list(families),
        "items_file": items_name,
        "digest": file_digest(d / items_name),
        "items": n,
        "review_queue": report["review_queue"],
        "false_share": report["false_share"],
    }
    (d / "release.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return meta


__all__ = ["EXECUTION_OPTIONS", "RELEASE_FORMAT", "file_digest", "generation_report", "release_command", "write_release"]
