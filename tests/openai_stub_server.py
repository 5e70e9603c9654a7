"""A real OpenAI-compatible chat-completions server on 127.0.0.1 for tests and benchmarks.

It speaks HTTP/1.1 with keep-alive over a real socket (``asyncio.start_server``), answers
``POST /v1/chat/completions`` and ``GET /v1/models`` deterministically, and can inject
faults: 429 with ``Retry-After``, 500, slow responses, malformed JSON, dropped connections.

It also answers ``POST /v1/completions`` (the prompt is the user turn), the Anthropic
Messages API (``POST /v1/messages``) with the same rules, and the OpenAI Files + Batches
APIs (``POST /v1/files`` multipart upload, ``GET /v1/files/{id}/content``, ``POST
/v1/batches``, ``GET /v1/batches/{id}``, ``POST /v1/batches/{id}/cancel``): a batch runs
every line of its input file through the same chat/completions handler (faults included)
and completes after ``batch_polls`` status checks (default 1), writing an output file
(and an error file for lines that failed).

Start it in-process (a background thread with its own event loop)::

    with StubServer() as srv:            # srv.base_url == "http://127.0.0.1:<port>/v1"
        srv.inject("429", count=2, retry_after=0.1)

or as a subprocess (``python tests/openai_stub_server.py --port 0``), which prints
``LISTENING <base_url>`` on its first stdout line; control it over HTTP with
``POST /_control`` (JSON body: ``{"inject": {...}}``, ``{"answers": {...}}``, ``{"reset": true}``)
and read counters with ``GET /_stats``.

Deterministic answers (``default_answer``):

* a FormInv prompt ("Answer TRUE or FALSE") -> ``TRUE``/``FALSE`` by the parity of a sha256
  of the user turn, unless an ``answers`` rule matches;
* a ProcessBench critique prompt -> ``... \\boxed{k}`` with k in [-1, #paragraphs-1];
* a We-Math prompt -> ``<Thought process>: ... <Answer>: X``;
* anything else -> ``The answer is \\boxed{42}``.

Response framing can be varied too: ``inject("chunked")`` answers the next request with
``Transfer-Encoding: chunked``, ``inject("close")`` with ``Connection: close`` (the server
then closes the connection), ``inject("idle_close")`` closes the kept-alive connection right
after answering (as a server whose keep-alive timeout expired does).

``answers`` maps a substring of the user turn to the reply text (first match wins), so a
test can make the stub answer correctly or wrongly on purpose.  The model name may carry
a permanent behaviour: ``fault-500``/``fault-429``/``fault-malformed``/``fault-drop``
(every request fails that way), ``think-<x>`` (wrap the answer in ``<think>…</think>``).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import re
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

__all__ = ["StubServer", "default_answer"]

_PARA_RE = re.compile(r"<paragraph_(\d+)>")


def _h(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def default_answer(messages: list[dict[str, Any]], *, seed: int | None = None, temperature: float = 0.0) -> str:
    """The stub's deterministic reply to a chat (depends on the last user turn, and on the
    seed only when temperature > 0)."""
    user = ""
    system = ""
    for m in messages:
        content = m.get("content")
        if isinstance(content, list):  # multimodal parts
            content = " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
        if m.get("role") == "user":
            user = str(content or "")
        elif m.get("role") == "system":
            system = str(content or "")
    salt = f"|{seed}" if temperature and temperature > 0 else ""
    h = _h(user + salt)
    if "TRUE or FALSE" in user or "TRUE or FALSE" in system:
        return "TRUE" if h % 2 == 0 else "FALSE"
    paras = _PARA_RE.findall(user)
    if paras:
        n = len(set(paras))
        k = (h % (n + 1)) - 1
        return f"Reviewing each paragraph in turn.\n\nThe earliest error is in paragraph {k}.\n\n\\boxed{{{k}}}"
    if "<Thought process>" in user:
        letters = re.findall(r"(?:^|[\s;])([A-E])\.", user) or ["A", "B", "C", "D"]
        letter = sorted(set(letters))[h % len(set(letters))]
        return f"<Thought process>: I compare the options carefully. <Answer>: {letter}"
    return "The answer is \\boxed{42}"


@dataclass
class _Fault:
    kind: str  # "429" | "500" | "slow" | "malformed" | "drop"
    retry_after: float | None = None
    delay: float = 0.0
    match: str | None = None  # only requests whose user turn contains this


@dataclass
class Stats:
    requests: int = 0  # chat-completions requests received (including failed ones)
    connections: int = 0  # TCP connections accepted
    open_connections: int = 0
    peak_connections: int = 0
    ok: int = 0
    faults: dict[str, int] = field(default_factory=dict)
    in_flight: int = 0
    peak_in_flight: int = 0
    server_time_s: float = 0.0  # time spent handling requests (excluding injected sleeps)
    timestamps: list[float] = field(default_factory=list)
    bodies: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "requests": self.requests,
            "connections": self.connections,
            "peak_connections": self.peak_connections,
            "ok": self.ok,
            "faults": dict(self.faults),
            "peak_in_flight": self.peak_in_flight,
            "server_time_s": self.server_time_s,
            "timestamps": list(self.timestamps),
        }


class StubServer:
    """OpenAI-compatible loopback server; usable as a context manager (in-process thread)."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        answers: dict[str, str] | None = None,
        delay: float = 0.0,
        record_bodies: bool = True,
    ) -> None:
        self.host = host
        self.port = port
        self.answers: dict[str, str] = dict(answers or {})
        self.delay = delay  # base latency added to every request (seconds)
        self.record_bodies = record_bodies
        self.stats = Stats()
        self._faults: deque[_Fault] = deque()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._writers: set[asyncio.StreamWriter] = set()
        self.files: dict[str, dict[str, Any]] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self.batch_polls = 1  # status checks before a batch is "completed"
        self.batch_fail: str | None = None  # make new batches end in this status ("failed", "expired")

    # ------------------------------------------------------------------ control
    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def inject(
        self,
        kind: str,
        count: int = 1,
        *,
        retry_after: float | None = None,
        delay: float = 0.0,
        match: str | None = None,
    ) -> None:
        """Make the next ``count`` requests (optionally only those whose user turn contains
        ``match``) fail with ``kind``: ``429``, ``500``, ``slow``, ``malformed`` or ``drop``."""
        if kind not in {"429", "500", "slow", "malformed", "drop", "chunked", "close", "idle_close"}:
            raise ValueError(f"unknown fault kind {kind!r}")
        with self._lock:
            for _ in range(count):
                self._faults.append(_Fault(kind, retry_after, delay, match))

    def reset(self) -> None:
        with self._lock:
            self._faults.clear()
            self.stats = Stats()

    def _take_fault(self, user: str) -> _Fault | None:
        with self._lock:
            for i, f in enumerate(self._faults):
                if f.match is None or f.match in user:
                    del self._faults[i]
                    return f
        return None

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> StubServer:
        self._thread = threading.Thread(target=self._run_thread, name="openai-stub", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("stub server did not start")
        return self

    def _run_thread(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        loop.run_until_complete(self._start_async())
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._stop_async())
            loop.close()

    async def _start_async(self) -> None:
        self._server = await asyncio.start_server(self._handle, self.host, self.port, backlog=1024)
        self.port = self._server.sockets[0].getsockname()[1]

    def completion_payload(
        self, model: str, text: str, finish: str, user: str, n_tokens: int, completions: bool = False
    ) -> dict[str, Any]:
        usage = {"prompt_tokens": len(user.split()), "completion_tokens": n_tokens, "total_tokens": len(user.split()) + n_tokens}
        if completions:
            choice: dict[str, Any] = {"index": 0, "text": text, "finish_reason": finish, "logprobs": None}
            return {"id": f"cmpl-{self.stats.requests}", "object": "text_completion", "created": int(time.time()),
                    "model": model, "choices": [choice], "usage": usage}
        return {
            "id": f"chatcmpl-{self.stats.requests}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}],
            "usage": usage,
        }

    # ------------------------------------------------------------------ Files + Batches
    def _batch_api(self, method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, bytes, str]:
        """The OpenAI Files and Batches endpoints, enough for `certibench run --batch`."""
        parts = path.rstrip("/").split("/")  # ["", "v1", "files" | "batches", id?, action?]
        js = "application/json"
        if self.record_bodies:
            self.stats.headers.append(dict(headers))
        if parts[2] == "files" and method == "POST" and len(parts) == 3:
            fields, files = _parse_multipart(headers.get("content-type", ""), body)
            if "file" not in files or fields.get("purpose") != "batch":
                return 400, b'{"error": {"message": "need purpose=batch and a file"}}', js
            fid = f"file-{len(self.files) + 1}"
            name, content = files["file"]
            self.files[fid] = {"id": fid, "object": "file", "bytes": len(content), "filename": name,
                               "purpose": "batch", "created_at": int(time.time()), "content": content}
            meta = {k: v for k, v in self.files[fid].items() if k != "content"}
            return 200, json.dumps(meta).encode(), js
        if parts[2] == "files" and method == "GET" and len(parts) == 5 and parts[4] == "content":
            f = self.files.get(parts[3])
            if f is None:
                return 404, b'{"error": {"message": "no such file"}}', js
            return 200, f["content"], "application/jsonl"
        if parts[2] == "batches" and method == "POST" and len(parts) == 3:
            req = json.loads(body or b"{}")
            fid = req.get("input_file_id")
            if fid not in self.files or req.get("endpoint") not in ("/v1/chat/completions", "/v1/completions"):
                return 400, b'{"error": {"message": "bad input_file_id or endpoint"}}', js
            bid = f"batch_{len(self.batches) + 1}"
            self.batches[bid] = {
                "id": bid, "object": "batch", "endpoint": req["endpoint"], "input_file_id": fid,
                "completion_window": req.get("completion_window"), "status": "validating",
                "output_file_id": None, "error_file_id": None, "created_at": int(time.time()),
                "request_counts": {"total": 0, "completed": 0, "failed": 0}, "metadata": req.get("metadata"),
                "_polls": 0, "_fail": self.batch_fail,
            }
            return 200, json.dumps(_public(self.batches[bid])).encode(), js
        if parts[2] == "batches" and len(parts) >= 4:
            b = self.batches.get(parts[3])
            if b is None:
                return 404, b'{"error": {"message": "no such batch"}}', js
            if method == "POST" and len(parts) == 5 and parts[4] == "cancel":
                b["status"] = "cancelled"
                return 200, json.dumps(_public(b)).encode(), js
            if method == "GET" and len(parts) == 4:
                if b["status"] in ("validating", "in_progress"):
                    b["_polls"] += 1
                    b["status"] = "in_progress"
                    if b["_polls"] >= self.batch_polls:
                        self._run_batch(b)
                return 200, json.dumps(_public(b)).encode(), js
        return 404, json.dumps({"error": {"message": f"no route {method} {path}"}}).encode(), js

    def _run_batch(self, b: dict[str, Any]) -> None:
        if b["_fail"]:
            b["status"] = b["_fail"]
            return
        lines = self.files[b["input_file_id"]]["content"].decode("utf-8").splitlines()
        out, errs = [], []
        for k, line in enumerate(lines):
            if not line.strip():
                continue
            row = json.loads(line)
            req = row.get("body") or {}
            completions = row.get("url") == "/v1/completions"
            messages = [{"role": "user", "content": str(req.get("prompt", ""))}] if completions else list(req.get("messages") or [])
            user = next((str(m.get("content")) for m in reversed(messages) if m.get("role") == "user"), "")
            self.stats.requests += 1
            if self.record_bodies:
                self.stats.bodies.append(req)
            fault = self._take_fault(user)
            model = str(req.get("model", ""))
            kind = model[len("fault-"):] if model.startswith("fault-") else (fault.kind if fault else None)
            rid = f"req_{b['id']}_{k}"
            if kind in ("500", "429"):
                status = int(kind)
                errs.append({"id": f"br_{k}", "custom_id": row.get("custom_id"), "response": {
                    "status_code": status, "request_id": rid,
                    "body": {"error": {"message": "internal error" if status == 500 else "rate limited"}}}, "error": None})
                continue
            if kind == "drop":  # a line the provider lost: in neither file
                continue
            text = next((v for key, v in self.answers.items() if key in user), None)
            if text is None:
                text = default_answer(messages, seed=req.get("seed"), temperature=float(req.get("temperature") or 0.0))
            payload = self.completion_payload(model, text, "stop", user, len(text.split()), completions)
            out.append({"id": f"br_{k}", "custom_id": row.get("custom_id"),
                        "response": {"status_code": 200, "request_id": rid, "body": payload}, "error": None})
            self.stats.ok += 1
        b["request_counts"] = {"total": len(out) + len(errs), "completed": len(out), "failed": len(errs)}
        for key, rows in (("output_file_id", out), ("error_file_id", errs)):
            if rows:
                fid = f"file-{len(self.files) + 1}"
                content = "".join(json.dumps(r) + "\n" for r in rows).encode()
                self.files[fid] = {"id": fid, "object": "file", "bytes": len(content), "filename": f"{key}.jsonl",
                                   "purpose": "batch_output", "created_at": int(time.time()), "content": content}
                b[key] = fid
        b["status"] = "completed"

    async def _stop_async(self) -> None:
        if self._server is not None:
            self._server.close()
            for w in list(self._writers):
                w.close()
        current = asyncio.current_task()
        pending = [t for t in asyncio.all_tasks() if t is not current]
        for t in pending:
            t.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._loop = None

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def serve_forever(self) -> None:
        """Run in the current event loop (subprocess mode)."""
        await self._start_async()
        assert self._server is not None
        async with self._server:
            await self._server.serve_forever()

    # ------------------------------------------------------------------ HTTP
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        st = self.stats
        st.connections += 1
        st.open_connections += 1
        st.peak_connections = max(st.peak_connections, st.open_connections)
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                    return
                lines = head.decode("latin-1").split("\r\n")
                try:
                    method, target, _ = lines[0].split(" ", 2)
                except ValueError:
                    return
                headers: dict[str, str] = {}
                for ln in lines[1:]:
                    if ":" in ln:
                        k, v = ln.split(":", 1)
                        headers[k.strip().lower()] = v.strip()
                length = int(headers.get("content-length", "0") or 0)
                body = await reader.readexactly(length) if length else b""
                keep = await self._dispatch(method, target.split("?", 1)[0], headers, body, writer)
                if not keep:
                    return
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            st.open_connections -= 1
            self._writers.discard(writer)
            try:
                writer.close()
            except Exception:  # noqa: BLE001 - already closed
                pass

    @staticmethod
    def _write(
        writer: asyncio.StreamWriter,
        status: int,
        body: bytes,
        extra: dict[str, str] | None = None,
        framing: str | None = None,
        content_type: str = "application/json",
    ) -> None:
        reason = {200: "OK", 400: "Bad Request", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error"}
        hdr = [f"HTTP/1.1 {status} {reason.get(status, 'Status')}", f"content-type: {content_type}"]
        if framing == "chunked":
            hdr.append("transfer-encoding: chunked")
            third = max(1, len(body) // 3)
            parts = [body[:third], body[third : 2 * third], body[2 * third :]]
            payload = b"".join(f"{len(c):x};ext=1\r\n".encode() + c + b"\r\n" for c in parts if c) + b"0\r\nx-trailer: 1\r\n\r\n"
        else:
            hdr.append(f"content-length: {len(body)}")
            payload = body
        hdr.append("connection: close" if framing == "close" else "connection: keep-alive")
        for k, v in (extra or {}).items():
            hdr.append(f"{k}: {v}")
        writer.write(("\r\n".join(hdr) + "\r\n\r\n").encode("latin-1") + payload)

    async def _dispatch(
        self, method: str, path: str, headers: dict[str, str], body: bytes, writer: asyncio.StreamWriter
    ) -> bool:
        if method == "GET" and path.rstrip("/") in ("/v1/models", "/models"):
            payload = {"object": "list", "data": [{"id": "stub-model", "object": "model", "owned_by": "certibench-tests"}]}
            self._write(writer, 200, json.dumps(payload).encode())
            await writer.drain()
            return True
        if method == "GET" and path == "/_stats":
            self._write(writer, 200, json.dumps(self.stats.as_dict()).encode())
            await writer.drain()
            return True
        if method == "POST" and path == "/_control":
            cmd = json.loads(body or b"{}")
            if cmd.get("reset"):
                self.reset()
            if "answers" in cmd:
                self.answers.update(cmd["answers"])
            if "delay" in cmd:
                self.delay = float(cmd["delay"])
            if "inject" in cmd:
                spec = dict(cmd["inject"])
                self.inject(spec.pop("kind"), **spec)
            self._write(writer, 200, b'{"ok": true}')
            await writer.drain()
            return True
        if method == "POST" and path.rstrip("/") in ("/v1/chat/completions", "/chat/completions"):
            return await self._chat(headers, body, writer)
        if method == "POST" and path.rstrip("/") in ("/v1/completions", "/completions"):
            return await self._chat(headers, body, writer, completions=True)
        if path.startswith("/v1/files") or path.startswith("/v1/batches"):
            status, payload, ctype = self._batch_api(method, path, headers, body)
            self._write(writer, status, payload, content_type=ctype)
            await writer.drain()
            return True
        if method == "POST" and path.rstrip("/") == "/v1/messages":
            return await self._chat(headers, body, writer, anthropic=True)
        self._write(writer, 404, json.dumps({"error": {"message": f"no route {method} {path}"}}).encode())
        await writer.drain()
        return True

    async def _chat(
        self,
        headers: dict[str, str],
        body: bytes,
        writer: asyncio.StreamWriter,
        anthropic: bool = False,
        completions: bool = False,
    ) -> bool:
        t0 = time.perf_counter()
        st = self.stats
        st.requests += 1
        st.timestamps.append(time.time())
        st.in_flight += 1
        st.peak_in_flight = max(st.peak_in_flight, st.in_flight)
        slept = 0.0
        try:
            try:
                req = json.loads(body)
            except json.JSONDecodeError:
                self._write(writer, 400, b'{"error": {"message": "invalid JSON body"}}')
                await writer.drain()
                return True
            if self.record_bodies:
                st.bodies.append(req)
                st.headers.append(dict(headers))
            messages = list(req.get("messages") or [])
            if completions:
                messages = [{"role": "user", "content": str(req.get("prompt", ""))}]
            if anthropic and req.get("system"):
                messages.insert(0, {"role": "system", "content": req["system"]})
            user = next((str(m.get("content")) for m in reversed(messages) if m.get("role") == "user"), "")
            model = str(req.get("model", ""))
            fault = self._take_fault(user)
            kind = fault.kind if fault else None
            if model.startswith("fault-"):
                kind = model[len("fault-") :]
            if self.delay:
                await asyncio.sleep(self.delay)
                slept += self.delay
            if kind:
                st.faults[kind] = st.faults.get(kind, 0) + 1
            if kind == "slow":
                d = fault.delay if fault else 5.0
                await asyncio.sleep(d)
                slept += d
            elif kind == "429":
                ra = fault.retry_after if fault and fault.retry_after is not None else 0.05
                self._write(writer, 429, b'{"error": {"message": "rate limited", "type": "rate_limit"}}', {"retry-after": f"{ra:g}"})
                await writer.drain()
                return True
            elif kind == "500":
                self._write(writer, 500, b'{"error": {"message": "internal error"}}')
                await writer.drain()
                return True
            elif kind == "malformed":
                self._write(writer, 200, b'{"id": "chatcmpl-x", "choices": [{"message": {"content": "TRU')
                await writer.drain()
                return True
            elif kind == "drop":
                writer.transport.abort()
                return False
            framing = kind if kind in ("chunked", "close", "idle_close") else None
            text = next((v for k, v in self.answers.items() if k in user), None)
            if text is None:
                text = default_answer(messages, seed=req.get("seed"), temperature=float(req.get("temperature") or 0.0))
            if model.startswith("think-"):
                text = f"<think>Let me think. TRUE? FALSE? \\boxed{{7}}</think>\n{text}"
            max_tokens = req.get("max_tokens") or req.get("max_completion_tokens")
            n_tokens = len(text.split())
            finish = "stop"
            if max_tokens is not None and n_tokens > int(max_tokens):
                finish = "length"
            if anthropic:
                msg = {
                    "id": f"msg_{st.requests}",
                    "type": "message",
                    "role": "assistant",
                    "model": model,
                    "content": [{"type": "text", "text": text}],
                    "stop_reason": "max_tokens" if finish == "length" else "end_turn",
                    "stop_sequence": None,
                    "usage": {"input_tokens": len(user.split()), "output_tokens": n_tokens},
                }
                st.ok += 1  # counted before the reply leaves: a client never sees it uncounted
                self._write(writer, 200, json.dumps(msg).encode())
                await writer.drain()
                return True
            payload = self.completion_payload(model, text, finish, user, n_tokens, completions)
            st.ok += 1  # counted before the reply leaves: a client never sees it uncounted
            self._write(writer, 200, json.dumps(payload).encode(), framing=framing)
            await writer.drain()
            if framing == "idle_close":  # the server's keep-alive timer fires right after
                writer.transport.close()
                return False
            return framing != "close"
        finally:
            st.in_flight -= 1
            st.server_time_s += time.perf_counter() - t0 - slept


def _public(b: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in b.items() if not k.startswith("_")}


def _parse_multipart(ctype: str, body: bytes) -> tuple[dict[str, str], dict[str, tuple[str, bytes]]]:
    """Fields and files of a multipart/form-data body (enough for the Files API)."""
    m = re.search(r"boundary=([^;]+)", ctype)
    fields: dict[str, str] = {}
    files: dict[str, tuple[str, bytes]] = {}
    if not m:
        return fields, files
    sep = b"--" + m.group(1).strip().strip('"').encode()
    for part in body.split(sep)[1:]:
        if part.startswith(b"--"):
            break
        if part.startswith(b"\r\n"):
            part = part[2:]
        if part.endswith(b"\r\n"):
            part = part[:-2]
        head, _, content = part.partition(b"\r\n\r\n")
        disp = head.decode("latin-1")
        name = re.search(r'name="([^"]*)"', disp)
        fname = re.search(r'filename="([^"]*)"', disp)
        if not name:
            continue
        if fname:
            files[name.group(1)] = (fname.group(1), content)
        else:
            fields[name.group(1)] = content.decode("utf-8")
    return fields, files


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="OpenAI-compatible loopback stub server")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--delay", type=float, default=0.0)
    args = ap.parse_args(argv)
    srv = StubServer(args.host, args.port, delay=args.delay, record_bodies=False)

    async def _amain() -> None:
        await srv._start_async()
        print(f"LISTENING {srv.base_url}", flush=True)
        assert srv._server is not None
        async with srv._server:
            await srv._server.serve_forever()

    try:
        asyncio.run(_amain())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
