"""Hugging Face dataset loading shared by every importer.

Importers accept either a local path or a dataset name.  :func:`resolve_source` decides
which one a string is:

* an existing file or directory                      -> local path
* ``hf:owner/name`` (explicit prefix)                -> Hugging Face dataset
* ``owner/name`` that does not exist locally and has no file suffix -> Hugging Face dataset
* anything else                                      -> :class:`~certibench.io.InputFileError`

:func:`load_hf_rows` imports ``datasets`` lazily (it is an optional dependency) and
returns plain ``dict`` rows.  Nothing here runs at import time or downloads anything
unless a dataset name is actually requested.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal

from certibench.io import InputFileError

HF_PREFIX = "hf:"
PIP_COMMAND = "pip install datasets"

_NAME_RE = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")
_FILE_SUFFIXES = (".json", ".jsonl", ".csv", ".parquet", ".txt", ".gz", ".zip", ".lean")

__all__ = [
    "HF_PREFIX",
    "PIP_COMMAND",
    "HFLoadError",
    "MissingDependencyError",
    "is_hf_name",
    "load_hf_rows",
    "resolve_source",
    "source_label",
]


class MissingDependencyError(ImportError):
    """An optional package needed for this operation is not installed."""


class HFLoadError(RuntimeError):
    """``datasets`` is installed but the dataset could not be loaded (offline, unknown name, ...)."""


def is_hf_name(source: str | os.PathLike[str]) -> bool:
    """True when ``source`` names a Hugging Face dataset rather than a local path."""
    s = str(source)
    if s.startswith(HF_PREFIX):
        return True
    if isinstance(source, Path) or Path(s).exists():
        return False
    return bool(_NAME_RE.match(s)) and not s.lower().endswith(_FILE_SUFFIXES)


def resolve_source(source: str | os.PathLike[str]) -> tuple[Literal["path", "hf"], Path | str]:
    """Classify ``source`` as ``("path", Path)`` or ``("hf", dataset_name)``.

    Raises :class:`InputFileError` for a string that is neither an existing path nor a
    dataset name.
    """
    s = str(source)
    if is_hf_name(source):
        name = s[len(HF_PREFIX) :] if s.startswith(HF_PREFIX) else s
        if not name.strip():
            raise InputFileError(f"{s}: empty Hugging Face dataset name after {HF_PREFIX!r}")
        return "hf", name.strip()
    p = Path(s)
    if not p.exists():
        raise InputFileError(
            f"{s}: no such file (for a Hugging Face dataset write {HF_PREFIX}owner/name)"
        )
    return "path", p


def source_label(name: str, split: str | None = None, config: str | None = None) -> str:
    """How rows from a dataset are named in error messages: ``hf:name[/config][:split]``."""
    out = f"{HF_PREFIX}{name}"
    if config:
        out += f"/{config}"
    if split:
        out += f":{split}"
    return out


def _import_datasets() -> Any:
    try:
        import datasets  # noqa: PLC0415 - optional, heavy dependency imported on demand
    except ImportError as exc:
        raise MissingDependencyError(
            f"Loading Hugging Face datasets needs the optional `datasets` package; install it with: {PIP_COMMAND}"
        ) from exc
    return datasets


def load_hf_rows(
    name: str,
    split: str | None = None,
    config: str | None = None,
    *,
    data_files: str | list[str] | dict[str, Any] | None = None,
    revision: str | None = None,
) -> list[dict[str, Any]]:
    """Load a Hugging Face dataset as a list of plain ``dict`` rows.

    ``name`` may carry the ``hf:`` prefix.  With ``split=None`` every split is returned,
    concatenated in the dataset's order, and each row gets a ``_split`` key naming its
    split (only when the dataset has more than one).  ``data_files`` selects files inside
    a dataset repository whose files do not share one schema (e.g. MathCheck).

    Raises :class:`MissingDependencyError` (with the pip command) when ``datasets`` is
    not installed, :class:`HFLoadError` when loading fails (offline, unknown name or
    split).  Honours ``HF_DATASETS_OFFLINE=1`` and the local cache like ``datasets`` does.
    """
    if name.startswith(HF_PREFIX):
        name = name[len(HF_PREFIX) :]
    datasets = _import_datasets()
    kwargs: dict[str, Any] = {}
    if data_files is not None:
        kwargs["data_files"] = data_files
    if revision is not None:
        kwargs["revision"] = revision
    label = source_label(name, split, config)
    try:
        ds = datasets.load_dataset(name, config, split=split, **kwargs)
    except Exception as exc:  # noqa: BLE001 - datasets raises many unrelated types
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise HFLoadError(f"could not load Hugging Face dataset {label}: {msg}") from exc
    if isinstance(ds, dict):  # DatasetDict / IterableDatasetDict subclass dict
        splits = list(ds.keys())
        rows: list[dict[str, Any]] = []
        for sp in splits:
            for row in ds[sp]:
                r = dict(row)
                if len(splits) > 1:
                    r["_split"] = sp
                rows.append(r)
        return rows
    return [dict(row) for row in ds]
