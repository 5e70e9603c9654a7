"""Model specifications: ``openai:<model>``, ``anthropic:<model>``, ``local``,
``local:<path.gguf>``, ``replay:<responses.jsonl>``.

A spec never carries an API key: keys are read from the environment by the adapter, in
the process that makes the request, and are never written anywhere.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict

from certibench.run.defaults import LOCAL_MODEL_NAME

Kind = Literal["openai", "anthropic", "local", "replay"]
KINDS: tuple[str, ...] = ("openai", "anthropic", "local", "replay")
DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1"

SPEC_HELP = (
    "model specs: openai:<model> (any OpenAI-compatible endpoint; --base-url, OPENAI_BASE_URL, "
    "CERTIBENCH_<MODEL>_BASE_URL), anthropic:<model>, local (bundled SmolLM2-135M-Instruct), "
    "local:<path.gguf>, replay:<responses.jsonl>"
)


class ModelSpecError(ValueError):
    """The ``--model`` string is not a valid spec (one-line message for the CLI)."""


class ModelSpec(BaseModel):
    """A parsed ``--model`` value."""

    model_config = ConfigDict(frozen=True)

    spec: str  # as the user wrote it
    kind: Kind
    name: str  # model name sent to the endpoint (or the GGUF / replay file)
    base_url: str | None = None  # openai only; resolved, never includes a key
    path: str | None = None  # local GGUF or replay file

    @property
    def label(self) -> str:
        """The ``model`` value written on each Response."""
        if self.kind == "local":
            return f"local:{self.name}"
        if self.kind == "replay":  # re-scored responses keep the recorded model's name
            return self.name
        return self.spec

    @property
    def endpoint(self) -> str:
        """Endpoint identity for cache keys: stable across runs (never a random port)."""
        if self.kind == "openai":
            return redact_url(self.base_url or DEFAULT_OPENAI_BASE_URL)
        if self.kind == "anthropic":
            return redact_url(self.base_url or "https://api.anthropic.com")
        if self.kind == "local":
            p = Path(self.path or "")
            size = p.stat().st_size if p.exists() else 0
            return f"local-gguf://{p.name}#{size}"
        return f"replay://{self.path}"


def redact_url(url: str) -> str:
    """A URL fit to be written down: no ``user:password@`` and no query string (where some
    gateways take ``?key=``)."""
    u = urlsplit(url)
    host = u.hostname or ""
    if u.port:
        host = f"{host}:{u.port}"
    return urlunsplit((u.scheme, host, u.path, "", ""))


def env_name(model: str) -> str:
    """``gpt-4o-mini`` -> ``GPT_4O_MINI`` (for ``CERTIBENCH_<NAME>_BASE_URL``)."""
    return re.sub(r"[^A-Za-z0-9]+", "_", model).strip("_").upper()


def resolve_base_url(model: str, cli_base_url: str | None, env: dict[str, str] | None = None) -> str:
    env = dict(os.environ) if env is None else env
    if cli_base_url:
        return cli_base_url.rstrip("/")
    per = env.get(f"CERTIBENCH_{env_name(model)}_BASE_URL")
    if per:
        return per.rstrip("/")
    if env.get("OPENAI_BASE_URL"):
        return env["OPENAI_BASE_URL"].rstrip("/")
    return DEFAULT_OPENAI_BASE_URL


def parse_model_spec(spec: str, *, base_url: str | None = None, env: dict[str, str] | None = None) -> ModelSpec:
    """Parse one ``--model`` value; raises :class:`ModelSpecError` with a one-line message."""
    s = spec.strip()
    if not s:
        raise ModelSpecError(f"empty model spec; {SPEC_HELP}")
    if s == "local":
        from certibench.run.defaults import local_model_path

        try:
            path = str(local_model_path())
        except Exception:  # model package absent: resolved (and reported) when the run starts
            path = ""
        return ModelSpec(spec=s, kind="local", name=LOCAL_MODEL_NAME, path=path)
    kind, sep, rest = s.partition(":")
    if not sep or kind not in KINDS:
        raise ModelSpecError(f"unknown model spec {spec!r}; {SPEC_HELP}")
    rest = rest.strip()
    if not rest:
        raise ModelSpecError(f"model spec {spec!r} names no model; {SPEC_HELP}")
    if kind == "openai":
        return ModelSpec(spec=s, kind="openai", name=rest, base_url=resolve_base_url(rest, base_url, env))
    if kind == "anthropic":
        env_ = dict(os.environ) if env is None else env
        a_url = env_.get(f"CERTIBENCH_{env_name(rest)}_BASE_URL") or env_.get("ANTHROPIC_BASE_URL")
        return ModelSpec(spec=s, kind="anthropic", name=rest, base_url=a_url.rstrip("/") if a_url else None)
    if kind == "local":
        p = Path(rest).expanduser()
        if p.suffix.lower() != ".gguf":
            raise ModelSpecError(f"model spec {spec!r}: local:<path> must name a .gguf file")
        if not p.is_file():
            raise ModelSpecError(f"model spec {spec!r}: GGUF file {p} not found")
        return ModelSpec(spec=s, kind="local", name=p.stem, path=str(p.resolve()))
    p = Path(rest).expanduser()
    if not p.is_file():
        raise ModelSpecError(f"model spec {spec!r}: responses file {p} not found")
    return ModelSpec(spec=s, kind="replay", name=p.name, path=str(p.resolve()))
