"""What every command shares: the consoles, error messages, exit codes and JSON output.

Exit codes follow one rule across the CLI:

* :data:`EXIT_OK` (0) — success (bad records may have been reported and skipped);
* :data:`EXIT_PROBLEMS` (1) — the check found problems (a pair does not meet its tier, a
  record is bad under ``--strict``, nothing usable was left, an id is unknown);
* :data:`EXIT_USAGE` (2) — the command could not do what was asked: unreadable input, bad
  usage, or a tool/package it needs is missing on this machine.

Errors name the file, line and field (``path:line: field 'x': message``, the form of
:class:`certibench.io.RecordError`), and each is printed on one unwrapped line so that
editors and grep can follow it.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from certibench.io import RecordError

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2

#: bad records listed by name before "… and N more"
MAX_SHOWN_ERRORS = 10


def consoles() -> tuple[Console, Console]:
    """``(stdout console, stderr console)``; no syntax highlighting of numbers and paths."""
    from rich.console import Console

    return Console(highlight=False), Console(stderr=True, highlight=False)


def print_error(err: Console, message: object) -> None:
    """``error: message`` on the error console, never wrapped (message is plain text)."""
    err.print("[bold red]error:[/] ", end="")
    err.print(str(message), markup=False, soft_wrap=True)


def fail(err: Console, message: object, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``error: message`` and stop the command with ``code``."""
    print_error(err, message)
    raise typer.Exit(code)


def check_output(err: Console, path: Path | None, what: str, *, directory: bool = False) -> None:
    """Stop with a usage error, before any work, when ``path`` cannot be written: an existing
    directory where a file goes (or a file where a directory goes), a parent that is a file,
    a directory without write permission (a long run then lost its result, round 50)."""
    if path is None:
        return
    if path.exists() and path.is_dir() != directory:
        fail(err, f"{what} {path}: is {'a file' if directory else 'a directory'}, not {'a directory' if directory else 'a file'}")
    parent = path if directory and path.exists() else path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        fail(err, f"{what} {path}: {parent} is a file, not a directory")
    if not os.access(parent, os.W_OK):
        fail(err, f"{what} {path}: {parent} is not writable")


def report_record_errors(
    err: Console, label: str, errors: Sequence[RecordError | str], total: int, *, strict_hint: bool = True
) -> None:
    """A counted warning for the bad records skipped in ``label``, the first
    :data:`MAX_SHOWN_ERRORS` of them listed one per line."""
    if not errors:
        return
    hint = " (use --strict to stop at the first)" if strict_hint else ""
    err.print(f"[yellow]warning:[/] skipped {len(errors)} bad record(s) of {total} in ", end="")
    err.print(f"{label}{hint}:", markup=False, soft_wrap=True)
    for e in errors[:MAX_SHOWN_ERRORS]:
        err.print(f"  {e}", markup=False, soft_wrap=True)
    if len(errors) > MAX_SHOWN_ERRORS:
        err.print(f"  … and {len(errors) - MAX_SHOWN_ERRORS} more")


def write_json(path: Path | None, payload: Any, out: Console | None = None, *, indent: int = 2) -> None:
    """Write ``payload`` as UTF-8 JSON to ``path`` (``-`` = stdout; ``None`` = nowhere).

    NaN and infinities are refused (they are not JSON); a path that cannot be written stops
    the command with :data:`EXIT_USAGE`.  With ``out``, says ``wrote PATH``."""
    if path is None:
        return
    text = json.dumps(payload, indent=indent, ensure_ascii=False, allow_nan=False) + "\n"
    if str(path) == "-":
        sys.stdout.write(text)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        _, err = consoles()
        fail(err, f"{path}: cannot write: {exc.strerror or exc}", EXIT_USAGE)
    if out is not None:
        out.print(f"wrote {path}", markup=False, soft_wrap=True)


class _LogTask:
    __slots__ = ("completed", "description", "fields", "last_line", "total")

    def __init__(self, description: str, total: int | None, fields: dict[str, Any]) -> None:
        self.description, self.total, self.completed, self.fields = description, total, 0, fields
        self.last_line = float("-inf")  # the first update prints (the work has started)


class LogProgress:
    """The part of :class:`rich.progress.Progress` the commands use, for a console that is
    not a terminal (a log file, CI, ``nohup``): rich draws nothing there until the end, so a
    run of hours looked hung.  One plain line per task at most every ``every`` seconds, and
    one when a task completes: ``generate: 120/488 (25%) 2m10s  last: <field>``."""

    def __init__(self, console: Console, every: float = 30.0, disable: bool = False) -> None:
        import time

        self.console, self.every, self._clock, self.disable = console, every, time.monotonic, disable
        self._start = self._clock()
        self._tasks: list[_LogTask] = []

    def __enter__(self) -> LogProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, total: float | None = None, **fields: Any) -> int:
        self._tasks.append(_LogTask(description, None if total is None else int(total), dict(fields)))
        return len(self._tasks) - 1

    def update(self, task_id: int, *, advance: float = 0, completed: float | None = None, total: float | None = None,
               description: str | None = None, **fields: Any) -> None:
        t = self._tasks[task_id]
        t.completed = int(completed) if completed is not None else t.completed + int(advance)
        if total is not None:
            t.total = int(total)
        if description is not None:
            t.description = description
        t.fields.update(fields)
        if self.disable:
            return
        now = self._clock()
        done = t.total is not None and t.completed >= t.total
        if done or now - t.last_line >= self.every:
            t.last_line = now
            self._line(t, now)

    def _line(self, t: _LogTask, now: float) -> None:
        from rich.text import Text

        secs = int(now - self._start)
        took = f"{secs // 60}m{secs % 60:02d}s"
        share = f" ({100 * t.completed // t.total}%)" if t.total else ""
        of = f"/{t.total}" if t.total is not None else ""
        last = t.fields.get("last")
        tail = f"  last: {Text.from_markup(str(last)).plain}" if last else ""
        self.console.print(f"{Text.from_markup(t.description).plain}: {t.completed}{of}{share} {took}{tail}",
                           markup=False, highlight=False, soft_wrap=True)


def progress_bar(console: Console, *columns: Any, **kwargs: Any) -> Any:
    """A rich progress bar on a terminal; :class:`LogProgress` lines anywhere else."""
    if console.is_terminal:
        from rich.progress import Progress

        return Progress(*columns, console=console, **kwargs)
    return LogProgress(console, disable=bool(kwargs.get("disable", False)))
