"""`certibench run --batch`: ask ``openai:`` models through an OpenAI-compatible Batch API.

For thousands of items at half price: the pending requests of a model are written as one
batch input file (``RUN_DIR/batches/<model>-<n>.jsonl``, one ``{"custom_id", "method",
"url", "body"}`` line per request, the same body a live request sends), uploaded with
``POST /v1/files`` (``purpose=batch``), submitted with ``POST /v1/batches``, polled with
``GET /v1/batches/{id}`` every ``--batch-poll`` seconds, and the output (and error) files
are read back with ``GET /v1/files/{id}/content`` and ingested into the same run
directory exactly as live answers are: parsed, scored, one line of ``responses.jsonl``
each, cached.

The batch ids are recorded in ``run.json`` (``"batches"``) *before* polling starts, so a
run that is interrupted while the provider works does not pay twice: running the same
command again picks the submitted batch up, polls it and ingests it, and only then sends
what is still missing in a new batch.  A request the provider returned no line for
(expired, cancelled or failed batch) stays unanswered, and the run ends with status
``failed`` naming the batch: running the command again asks those requests again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from certibench.run.adapters import AdapterError, Completion, OpenAIAdapter, TransientError, status_error
from certibench.run.httpclient import multipart

__all__ = ["BatchError", "TERMINAL", "custom_id", "fetch_batch"]

TERMINAL = ("completed", "failed", "expired", "cancelled")


class BatchError(RuntimeError):
    """A batch could not be submitted or came back without some of its results."""


def custom_id(item_id: str, sample: int) -> str:
    """The ``custom_id`` of a request inside one model's batch (stable across runs, so a
    resumed run maps results back without any other state)."""
    h = hashlib.sha256(f"{item_id}\x00{sample}".encode()).hexdigest()[:24]
    return f"cb-{h}"


def _safe(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", label).strip("_") or "model"


class BatchAPI:
    """The four Files/Batches calls over the adapter's own client (or the SDK behind a proxy)."""

    def __init__(self, adapter: OpenAIAdapter) -> None:
        self.a = adapter

    async def _call(self, method: str, path: str, body: bytes = b"", ctype: str = "application/json") -> bytes:
        if self.a._sdk is not None:  # pragma: no cover - exercised only behind a real proxy
            return await self._call_sdk(method, path, body)
        try:
            resp = await self.a._http.request(method, path, body, ctype)
        except TimeoutError as exc:
            raise TransientError(f"timeout after {self.a.timeout:g}s") from exc
        except OSError as exc:
            raise TransientError(f"connection error: {exc}") from exc
        except ValueError as exc:
            raise TransientError(f"connection error: {exc}") from exc
        if not 200 <= resp.status < 300:
            raise status_error(resp.status, resp.body, resp.headers.get("retry-after"), self.a._secrets)
        return resp.body

    async def _call_sdk(self, method: str, path: str, body: bytes) -> bytes:  # pragma: no cover
        c = self.a._sdk
        if path == "/files":
            raise AssertionError("use upload()")
        if path.startswith("/files/"):
            return (await c.files.content(path.split("/")[2])).read()
        if path == "/batches":
            return json.dumps((await c.batches.create(**json.loads(body))).model_dump()).encode()
        return json.dumps((await c.batches.retrieve(path.split("/")[2])).model_dump()).encode()

    async def upload(self, name: str, content: bytes) -> str:
        if self.a._sdk is not None:  # pragma: no cover
            f = await self.a._sdk.files.create(file=(name, content), purpose="batch")
            return str(f.id)
        body, ctype = multipart({"purpose": "batch"}, {"file": (name, content, "application/jsonl")})
        return str(json.loads(await self._call("POST", "/files", body, ctype))["id"])

    async def create(self, file_id: str, endpoint: str, window: str, metadata: dict[str, str]) -> dict[str, Any]:
        payload = {"input_file_id": file_id, "endpoint": endpoint, "completion_window": window, "metadata": metadata}
        return dict(json.loads(await self._call("POST", "/batches", json.dumps(payload).encode())))

    async def retrieve(self, batch_id: str) -> dict[str, Any]:
        return dict(json.loads(await self._call("GET", f"/batches/{batch_id}")))

    async def content(self, file_id: str) -> bytes:
        return await self._call("GET", f"/files/{file_id}/content")


async def _with_retries(call: Callable[[], Any], tries: int = 5, delay: float = 1.0) -> Any:
    """A Batch-API call retried on transient errors (the run's request retries do not apply)."""
    for k in range(tries):
        try:
            return await call()
        except TransientError as exc:
            if k == tries - 1:
                raise
            await asyncio.sleep(exc.retry_after if exc.retry_after is not None else delay * 2**k)
    raise AssertionError("unreachable")  # pragma: no cover


async def fetch_batch(
    adapter: OpenAIAdapter,
    units: list[Any],
    *,
    label: str,
    run_dir: Path,
    state: list[dict[str, Any]],
    save_state: Callable[[], None],
    on_result: Callable[[Any, Any], None],
    make_result: Callable[..., Any],
    poll: float = 30.0,
    window: str = "24h",
    note: Callable[[str], None] = lambda _m: None,
) -> None:
    """Answer ``units`` (one model's pending requests) through the Batch API.

    ``state`` is this model's list of batch records in ``run.json`` (mutated and saved with
    ``save_state``); ``make_result(completion, error, batch_id)`` builds the FetchResult a
    live request would produce; ``on_result(unit, result)`` records it.
    """
    api = BatchAPI(adapter)
    by_id = {custom_id(u.item.id, u.sample): u for u in units}
    answered: set[str] = set()
    missing: list[str] = []
    try:
        # 1. batches an earlier, interrupted run submitted
        for rec in state:
            if rec.get("ingested"):
                continue
            note(f"{label}: resuming batch {rec['id']} submitted {rec.get('submitted_at', '?')}")
            got, status = await _collect(api, rec, by_id, answered, on_result, make_result, poll, note, label)
            rec.update(status=status, ingested=True, answered=got)
            save_state()
            if got < rec.get("requests", 0) and status != "completed":
                missing.append(f"batch {rec['id']} ended {status}")
        todo = [u for cid, u in by_id.items() if cid not in answered]
        if not todo:
            return
        # 2. one new batch for what is still missing
        lines = [
            json.dumps(
                {
                    "custom_id": custom_id(u.item.id, u.sample),
                    "method": "POST",
                    "url": adapter.endpoint_path,
                    "body": adapter.request_body(u.messages, u.params),
                },
                ensure_ascii=False,
            )
            for u in todo
        ]
        content = ("\n".join(lines) + "\n").encode("utf-8")
        bdir = run_dir / "batches"
        bdir.mkdir(parents=True, exist_ok=True)
        name = f"{_safe(label)}-{len(state) + 1}.jsonl"
        (bdir / name).write_bytes(content)
        file_id = await _with_retries(lambda: api.upload(name, content))
        b = await _with_retries(
            lambda: api.create(file_id, adapter.endpoint_path, window, {"certibench_model": label, "file": name})
        )
        rec = {
            "id": b["id"],
            "input_file_id": file_id,
            "input_file": f"batches/{name}",
            "endpoint": adapter.endpoint_path,
            "requests": len(todo),
            "status": b.get("status"),
            "submitted_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "ingested": False,
        }
        state.append(rec)
        save_state()  # before polling: an interrupted run finds its batch again
        note(f"{label}: submitted batch {rec['id']} ({len(todo)} requests); polling every {poll:g}s")
        got, status = await _collect(api, rec, by_id, answered, on_result, make_result, poll, note, label)
        rec.update(status=status, ingested=True, answered=got)
        save_state()
        if got < len(todo):
            missing.append(f"batch {rec['id']} ended {status}")
    finally:
        await adapter.aclose()
    left = [cid for cid in by_id if cid not in answered]
    if left:
        why = "; ".join(missing) or "the provider returned no line for them"
        raise BatchError(
            f"{label}: {len(left)} of {len(by_id)} requests got no result ({why}); "
            "run the same command again to ask them"
        )


async def _collect(
    api: BatchAPI,
    rec: dict[str, Any],
    by_id: dict[str, Any],
    answered: set[str],
    on_result: Callable[[Any, Any], None],
    make_result: Callable[..., Any],
    poll: float,
    note: Callable[[str], None],
    label: str,
) -> tuple[int, str]:
    """Poll one batch to a terminal status and ingest its output and error files."""
    last = None
    while True:
        b = await _with_retries(lambda: api.retrieve(rec["id"]))
        status = str(b.get("status"))
        if status != last:
            counts = b.get("request_counts") or {}
            note(f"{label}: batch {rec['id']} {status} ({counts.get('completed', 0)}/{counts.get('total', 0)} done)")
            last = status
        if status in TERMINAL:
            break
        await asyncio.sleep(poll)
    got = 0
    for key in ("output_file_id", "error_file_id"):
        fid = b.get(key)
        if not fid:
            continue
        raw = await _with_retries(lambda fid=fid: api.content(fid))
        for line in raw.decode("utf-8", "replace").splitlines():
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            cid = row.get("custom_id") if isinstance(row, dict) else None
            unit = by_id.get(cid) if isinstance(cid, str) else None
            if unit is None or cid in answered:
                continue
            answered.add(cid)
            got += 1
            on_result(unit, _result(api.a, row, rec["id"], make_result))
    return got, status


def _result(adapter: OpenAIAdapter, row: dict[str, Any], batch_id: str, make_result: Callable[..., Any]) -> Any:
    """One output/error-file line as the result a live request would give."""
    err = row.get("error")
    if err:
        msg = err.get("message") if isinstance(err, dict) else str(err)
        code = err.get("code") if isinstance(err, dict) else None
        return make_result(None, f"batch error{f' {code}' if code else ''}: {msg}", batch_id)
    resp = row.get("response") or {}
    status = int(resp.get("status_code") or 0)
    body = resp.get("body")
    if not 200 <= status < 300:
        raw = json.dumps(body).encode() if not isinstance(body, (bytes, str)) else (body.encode() if isinstance(body, str) else body)
        return make_result(None, str(status_error(status, raw, None, adapter._secrets)), batch_id)
    try:
        c: Completion = adapter.parse_body(body if isinstance(body, dict) else json.dumps(body).encode())
    except AdapterError as exc:
        return make_result(None, str(exc), batch_id)
    return make_result(c, None, batch_id)
