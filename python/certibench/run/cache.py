"""SQLite response cache (WAL mode, JSON values) keyed by the sha256 of the canonical request.

The key covers everything that determines an answer — endpoint, model, messages, sampling
parameters and the sample index — and nothing secret: API keys are never part of a request
description, so they never reach the cache.  Only successful completions are cached.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

#: ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` built once (put runs per request)
_VALUE_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def canonical_request(endpoint: str, model: str, messages: list[dict[str, Any]], params: dict[str, Any], sample: int) -> str:
    return json.dumps(
        {"endpoint": endpoint, "model": model, "messages": messages, "params": params, "sample": sample},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


def request_key(endpoint: str, model: str, messages: list[dict[str, Any]], params: dict[str, Any], sample: int) -> str:
    """sha256 (hex) of the canonical JSON of a request."""
    return hashlib.sha256(canonical_request(endpoint, model, messages, params, sample).encode("utf-8")).hexdigest()


class ResponseCache:
    """A small key -> JSON store.  Writes are buffered and committed in batches (every
    ``batch`` puts or ``interval`` seconds, and on :meth:`flush`/:meth:`close`), so the cache
    costs little per request; ``responses.jsonl`` stays the source of truth."""

    def __init__(self, path: str | Path, *, batch: int = 256, interval: float = 1.0) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, value TEXT NOT NULL, created REAL NOT NULL)"
        )
        self._pending: dict[str, tuple[str, float]] = {}
        self._batch = batch
        self._interval = interval
        self._last_flush = time.monotonic()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            pending = self._pending.get(key)
            if pending is not None:
                self.hits += 1
                return json.loads(pending[0])
            row = self._db.execute("SELECT value FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return json.loads(row[0])

    def existing(self, keys: list[str], chunk: int = 500) -> set[str]:
        """Which of ``keys`` are cached (one query per ``chunk`` keys): lets a run look up
        only the requests that will hit, instead of one query per request."""
        found: set[str] = set()
        with self._lock:
            found.update(k for k in keys if k in self._pending)
            for i in range(0, len(keys), chunk):
                part = keys[i : i + chunk]
                q = f"SELECT key FROM responses WHERE key IN ({','.join('?' * len(part))})"
                found.update(r[0] for r in self._db.execute(q, part))
        return found

    def put(self, key: str, value: dict[str, Any]) -> None:
        with self._lock:
            self._pending[key] = (_VALUE_ENCODER.encode(value), time.time())
            due = len(self._pending) >= self._batch or time.monotonic() - self._last_flush >= self._interval
        if due:
            self.flush()

    def flush(self) -> None:
        with self._lock:
            if not self._pending:
                return
            rows = [(k, v, t) for k, (v, t) in self._pending.items()]
            self._pending = {}
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR REPLACE INTO responses (key, value, created) VALUES (?, ?, ?)", rows)
            self._db.execute("COMMIT")
            self._last_flush = time.monotonic()

    def __len__(self) -> int:
        with self._lock:
            (n,) = self._db.execute("SELECT COUNT(*) FROM responses").fetchone()
            return int(n) + len(self._pending)

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._db.close()

    def __enter__(self) -> ResponseCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
