"""Planning a run: the items, the model specs, and one :class:`Unit` per (item, model,
sample) request with its messages, sampling parameters and cache key."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from certibench.io import InputFileError
from certibench.io import load_items as _load_items
from certibench.run import rundir as rd
from certibench.run.cache import request_key
from certibench.run.defaults import RELEASE_HINT, default_items_path
from certibench.run.options import RunError, RunOptions
from certibench.run.protocols import Protocol, ProtocolError, get_protocol, infer_protocol
from certibench.run.specs import ModelSpec, parse_model_spec
from certibench.schema import Item


@dataclass(slots=True)
class Unit:
    """One request: an item asked of one model, one sample."""

    item: Item
    protocol: Protocol
    spec: ModelSpec
    sample: int
    messages: list[dict[str, Any]]
    params: dict[str, Any]
    key: str
    endpoint: str = ""  # spec.endpoint, computed once per model


def resolve_items_path(opts: RunOptions) -> Path:
    if opts.items_path is not None:
        p = Path(opts.items_path).expanduser()
        if not p.exists():
            raise InputFileError(f"{p}: items file not found")
        return p.resolve()
    p = default_items_path()
    if not p.exists():
        raise RunError(RELEASE_HINT)
    return p.resolve()


def load_items(path: Path, limit: int | None = None) -> tuple[list[Item], list[str]]:
    """The first ``limit`` items of a file (see :func:`certibench.io.load_items`); each bad
    line or repeated id comes back as a message naming file, line and field."""
    items, errors = _load_items(path)
    if limit is not None:
        items = items[:limit]
    return items, [str(e) for e in errors]


def sampling_params(protocol: Protocol, opts: RunOptions, sample: int) -> dict[str, Any]:
    """Sampling parameters of one request (all recorded on the Response)."""
    p: dict[str, Any] = dict(protocol.sampling_defaults(opts.samples))
    if opts.temperature is not None:
        p["temperature"] = opts.temperature
    if opts.top_p is not None:
        p["top_p"] = opts.top_p
    p["max_tokens"] = opts.max_tokens or protocol.default_max_tokens
    if opts.seed is not None:
        p["seed"] = opts.seed + sample
    return p


def fingerprint(items_sha: str, opts: RunOptions, cards_sha: str | None) -> str:
    """What makes two runs the same run (models and --limit may grow on resume)."""
    d = {
        "items_sha256": items_sha,
        "protocol": opts.protocol,
        "temperature": opts.temperature,
        "max_tokens": opts.max_tokens,
        "top_p": opts.top_p,
        "samples": opts.samples,
        "seed": opts.seed,
        "kca": opts.kca,
        "cards_sha256": cards_sha,
        "images": opts.images,
        "constrained": opts.constrained,
    }
    if opts.api != "chat":  # added only when used: fingerprints of chat runs stay what they were
        d["api"] = opts.api
    return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]


def expand_specs(opts: RunOptions) -> list[ModelSpec]:
    specs: list[ModelSpec] = []
    for s in opts.models:
        spec = parse_model_spec(s, base_url=opts.base_url)
        if spec.kind == "replay":
            specs.extend(replay_specs(spec))
        else:
            specs.append(spec)
    labels = [s.label for s in specs]
    dup = [k for k, v in Counter(labels).items() if v > 1]
    if dup:
        raise RunError(f"model {dup[0]!r} given twice")
    return specs


def replay_specs(spec: ModelSpec) -> list[ModelSpec]:
    rows, _ = rd.read_responses(Path(spec.path or ""))
    models = sorted({str(r["model"]) for r in rows})
    if not models:
        raise RunError(f"{spec.path}: no responses to replay")
    return [ModelSpec(spec=spec.spec, kind="replay", name=m, path=spec.path) for m in models]


def plan_units(
    items: list[Item],
    specs: list[ModelSpec],
    opts: RunOptions,
    cards: dict[str, str] | None,
    images_root: Path | None,
) -> tuple[list[Unit], list[str]]:
    """Every request of the run, in item order; items that cannot be asked are reported."""
    units: list[Unit] = []
    problems: list[str] = []
    protos: dict[str, Protocol] = {}
    spec_endpoints = [(spec, spec.endpoint) for spec in specs]
    for item in items:
        name = opts.protocol or infer_protocol(item)
        proto = protos.get(name)
        if proto is None:
            proto = protos[name] = get_protocol(name, kca=opts.kca)
        try:
            messages = proto.messages(item, cards=cards, images_root=images_root)
        except ProtocolError as exc:
            problems.append(str(exc))
            continue
        for spec, endpoint in spec_endpoints:
            for k in range(opts.samples):
                params = sampling_params(proto, opts, k)
                if opts.constrained and proto.grammar and spec.kind == "local":
                    params["grammar"] = proto.grammar
                key = request_key(endpoint, spec.name, messages, params, k)
                units.append(Unit(item, proto, spec, k, messages, params, key, endpoint))
    return units, problems
