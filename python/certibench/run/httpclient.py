"""A lean asyncio HTTP/1.1 client with a keep-alive connection pool, for OpenAI-compatible
endpoints.

Why not the ``openai`` SDK / httpx / aiohttp in the hot path: against a local server that
answers thousands of short completions per second the client is the bottleneck.
``benchmarks/run_bench.py`` measures all of them side by side on the loopback stub at 64
connections; on the shared 2-core machine this was built on (load ~4.6) it printed: this
client 1,467 requests/s, aiohttp 728, httpx 121, the openai SDK 115 (the numbers it prints
on yours are the ones to trust).  The difference is what is *not* done per request: no request/response
objects with header multidicts, no event hooks, no per-request task or timeout handle
beyond one ``asyncio.timeout``; a connection is an :class:`asyncio.Protocol` that parses
the status line and headers once and completes a future when ``Content-Length`` bytes
(or the last chunk) have arrived.

Scope: ``http://`` and ``https://`` (TLS through :mod:`ssl`), one host per client,
``Content-Length`` and ``chunked`` responses, bodies delimited by connection close,
``Connection: close`` honoured, a stale pooled connection retried once on a fresh one.
No proxies, no redirects, no HTTP/2, no streaming: the adapter falls back to the SDK
when a proxy is configured.
"""

from __future__ import annotations

import asyncio
import os
import ssl
from collections import deque
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["ConnectError", "HTTPClient", "HTTPResponse", "ProtocolError", "RemoteClosed", "multipart", "proxy_for"]


class ConnectError(OSError):
    """No connection could be opened (refused, unreachable, DNS)."""


class RemoteClosed(ConnectionError):
    """The server closed the connection before a complete response."""


class ProtocolError(ValueError):
    """The server's bytes are not an HTTP/1.x response."""


@dataclass(slots=True)
class HTTPResponse:
    status: int
    headers: dict[str, str]  # lower-case names (the last of repeated headers wins)
    body: bytes


_MAX_HEAD = 64 * 1024


class _Conn(asyncio.Protocol):
    """One keep-alive connection; at most one request in flight."""

    __slots__ = ("transport", "buf", "waiter", "closed", "keep_alive", "_head_end", "_status", "_headers",
                 "_length", "_chunked", "_chunks", "_pos", "_until_close", "got_bytes")

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.waiter: asyncio.Future[HTTPResponse] | None = None
        self.closed = False
        self.keep_alive = True
        self.got_bytes = False
        self._reset()

    def _reset(self) -> None:
        self._head_end = -1
        self._status = 0
        self._headers: dict[str, str] = {}
        self._length = -1
        self._chunked = False
        self._chunks = bytearray()
        self._pos = 0
        self._until_close = False

    # -- asyncio.Protocol ----------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.got_bytes = True
        self.buf += data
        if self.waiter is not None and not self.waiter.done():
            try:
                self._parse()
            except ProtocolError as exc:
                self._fail(exc)

    def eof_received(self) -> bool:
        return False  # close the transport; connection_lost finishes the job

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        w = self.waiter
        if w is None or w.done():
            return
        if self._until_close and self._head_end >= 0:
            self._finish(bytes(self.buf[self._head_end :]))
            return
        w.set_exception(RemoteClosed("Server disconnected without sending a response." if not self.got_bytes
                                     else "Server disconnected before the response was complete."))

    # -- request -------------------------------------------------------------------------
    def send(self, data: bytes, loop: asyncio.AbstractEventLoop) -> asyncio.Future[HTTPResponse]:
        self.waiter = loop.create_future()
        self.got_bytes = False
        self.buf.clear()  # nothing the server sent before this request belongs to its answer
        self._reset()
        assert self.transport is not None
        self.transport.write(data)
        return self.waiter

    def close(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()

    def _fail(self, exc: Exception) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(exc)
        self.close()

    def _finish(self, body: bytes) -> None:
        resp = HTTPResponse(self._status, self._headers, body)
        w = self.waiter
        self.waiter = None
        if w is not None and not w.done():
            w.set_result(resp)

    def _parse(self) -> None:
        buf = self.buf
        if self._head_end < 0:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                if len(buf) > _MAX_HEAD:
                    raise ProtocolError("response head too large")
                return
            head = bytes(buf[:end]).decode("latin-1")
            self._head_end = end + 4
            lines = head.split("\r\n")
            parts = lines[0].split(" ", 2)
            if len(parts) < 2 or not parts[0].startswith("HTTP/1."):
                raise ProtocolError(f"not an HTTP/1.x status line: {lines[0][:80]!r}")
            try:
                self._status = int(parts[1])
            except ValueError:
                raise ProtocolError(f"bad status code in {lines[0][:80]!r}") from None
            headers = self._headers
            for ln in lines[1:]:
                k, sep, v = ln.partition(":")
                if sep:
                    headers[k.strip().lower()] = v.strip()
            conn = headers.get("connection", "").lower()
            if conn == "close" or (parts[0] == "HTTP/1.0" and conn != "keep-alive"):
                self.keep_alive = False
            if 100 <= self._status < 200:  # an interim response (100 Continue): skip it
                del buf[: self._head_end]
                self._reset()
                self._parse()
                return
            if "chunked" in headers.get("transfer-encoding", "").lower():
                self._chunked = True
                self._pos = self._head_end
            elif "content-length" in headers:
                try:
                    self._length = int(headers["content-length"])
                except ValueError:
                    raise ProtocolError(f"bad Content-Length {headers['content-length']!r}") from None
            elif self._status in (204, 304):
                self._length = 0
            else:
                self._until_close = True
                self.keep_alive = False
                return
        if self._chunked:
            self._parse_chunks()
            return
        if self._length >= 0 and len(buf) - self._head_end >= self._length:
            start = self._head_end
            body = bytes(buf[start : start + self._length])
            del buf[: start + self._length]
            self._finish(body)

    def _parse_chunks(self) -> None:
        buf = self.buf
        while True:
            eol = buf.find(b"\r\n", self._pos)
            if eol < 0:
                return
            size_s = bytes(buf[self._pos : eol]).split(b";", 1)[0].strip()
            try:
                size = int(size_s, 16)
            except ValueError:
                raise ProtocolError(f"bad chunk size {size_s[:20]!r}") from None
            if size == 0:  # the last chunk; optional trailers end with an empty line
                end = buf.find(b"\r\n\r\n", eol)
                if end < 0:
                    return
                body = bytes(self._chunks)
                del buf[: end + 4]
                self._finish(body)
                return
            if len(buf) < eol + 2 + size + 2:
                return
            self._chunks += buf[eol + 2 : eol + 2 + size]
            self._pos = eol + 2 + size + 2


def proxy_for(url: str, env: dict[str, str] | None = None) -> str | None:
    """The proxy the environment configures for ``url`` (``HTTPS_PROXY`` / ``HTTP_PROXY`` /
    ``ALL_PROXY``, minus ``NO_PROXY``), as httpx would use it; None when none applies."""
    env = dict(os.environ) if env is None else env
    u = urlsplit(url)
    host = (u.hostname or "").lower()
    low = {k.lower(): v for k, v in env.items() if v}
    no_proxy = low.get("no_proxy", "")
    for entry in (e.strip().lower() for e in no_proxy.split(",") if e.strip()):
        if entry == "*" or host == entry.lstrip(".") or host.endswith("." + entry.lstrip(".")):
            return None
    return low.get(f"{u.scheme}_proxy") or low.get("all_proxy") or None


def default_ssl_context() -> ssl.SSLContext:
    """Certificates as httpx finds them: ``SSL_CERT_FILE``/``SSL_CERT_DIR`` when set, else
    certifi's bundle when installed, else the system store."""
    if os.environ.get("SSL_CERT_FILE") or os.environ.get("SSL_CERT_DIR"):
        return ssl.create_default_context(cafile=os.environ.get("SSL_CERT_FILE"), capath=os.environ.get("SSL_CERT_DIR"))
    try:
        import certifi

        return ssl.create_default_context(cafile=certifi.where())
    except ImportError:  # pragma: no cover
        return ssl.create_default_context()


class HTTPClient:
    """Keep-alive HTTP/1.1 to one origin; at most ``max_connections`` open connections.

    ``request`` raises :class:`ConnectError` (no connection), :class:`RemoteClosed` (the
    server hung up), :class:`ProtocolError` (not HTTP) or :class:`TimeoutError` (the whole
    exchange, connecting included, took longer than ``timeout``)."""

    def __init__(
        self,
        base_url: str,
        *,
        max_connections: int = 8,
        timeout: float = 120.0,
        headers: dict[str, str] | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        u = urlsplit(base_url)
        if u.scheme not in ("http", "https"):
            raise ValueError(f"unsupported URL scheme {u.scheme!r} in {base_url!r}")
        self.scheme = u.scheme
        self.host = u.hostname or "localhost"
        self.port = u.port or (443 if u.scheme == "https" else 80)
        self.prefix = u.path.rstrip("/")
        self.timeout = timeout
        self.max_connections = max_connections
        default_port = (u.scheme == "https" and self.port == 443) or (u.scheme == "http" and self.port == 80)
        host_header = self.host if default_port else f"{self.host}:{self.port}"
        if ":" in self.host and not self.host.startswith("["):  # IPv6 literal
            host_header = f"[{self.host}]" if default_port else f"[{self.host}]:{self.port}"
        fixed = {"Host": host_header, "User-Agent": "certibench", "Accept": "application/json", **(headers or {})}
        self._fixed = "".join(f"{k}: {v}\r\n" for k, v in fixed.items()).encode("latin-1")
        self._ssl = (ssl_context or default_ssl_context()) if u.scheme == "https" else None
        self._idle: deque[_Conn] = deque()
        self._sem = asyncio.Semaphore(max_connections)
        self._open = 0
        self._closed = False

    def url(self, path: str) -> str:
        return self.prefix + path

    async def _connect(self) -> _Conn:
        loop = asyncio.get_running_loop()
        try:
            _, proto = await loop.create_connection(
                _Conn, self.host, self.port, ssl=self._ssl, server_hostname=self.host if self._ssl else None
            )
        except OSError as exc:
            raise ConnectError(exc.strerror or str(exc) or type(exc).__name__) from exc
        return proto

    async def request(self, method: str, path: str, body: bytes = b"", content_type: str = "application/json") -> HTTPResponse:
        if self._closed:
            raise RuntimeError("HTTPClient is closed")
        head = f"{method} {self.prefix}{path} HTTP/1.1\r\n".encode("latin-1") + self._fixed
        if body or method in ("POST", "PUT", "PATCH"):
            head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n".encode("latin-1")
        data = head + b"\r\n" + body
        loop = asyncio.get_running_loop()
        async with self._sem:
            conn: _Conn | None = None
            try:
                async with asyncio.timeout(self.timeout):
                    for attempt in (0, 1):
                        reused = False
                        conn = None
                        while self._idle:
                            c = self._idle.pop()
                            if not c.closed:
                                conn, reused = c, True
                                break
                        if conn is None:
                            conn = await self._connect()
                        try:
                            resp = await conn.send(data, loop)
                        except RemoteClosed:
                            # a pooled connection the server had already closed: once more
                            if reused and attempt == 0 and not conn.got_bytes:
                                conn.close()
                                continue
                            raise
                        if conn.keep_alive and not conn.closed and not self._closed:
                            self._idle.append(conn)
                        else:
                            conn.close()
                        conn = None
                        return resp
            except BaseException:
                if conn is not None:
                    conn.close()  # mid-exchange (timeout, cancel, error): never reuse it
                raise
        raise AssertionError("unreachable")  # pragma: no cover

    async def aclose(self) -> None:
        self._closed = True
        while self._idle:
            self._idle.pop().close()
        await asyncio.sleep(0)


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes, str]]) -> tuple[bytes, str]:
    """A ``multipart/form-data`` body and its content type (for ``POST /v1/files``)."""
    boundary = "certibench" + os.urandom(12).hex()
    out = bytearray()
    for name, value in fields.items():
        out += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    for name, (filename, content, ctype) in files.items():
        out += (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            f"Content-Type: {ctype}\r\n\r\n"
        ).encode()
        out += content + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out), f"multipart/form-data; boundary={boundary}"
