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
