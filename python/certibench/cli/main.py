"""`certibench` entry point.  Each command group lives in its own module under
``certibench.cli`` and exposes ``register(app)``; this file only assembles them.

The process a user starts runs one command, so :func:`main` imports and registers only
the module of the command named on the command line (``certibench report ...`` never
imports the certifier, the run engine or pydantic); with no command, a global option
first (``--help``, ``--version``) or a name it does not know, every module is registered,
so the help lists everything and an unknown command is named as before.  ``app`` (what
tests and ``python -m`` users import) is the complete application, built on first access.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import typer

from certibench import __version__
from certibench.cli._fastparams import FastGroup
from certibench.cli.helptext import reflow_app

HELP = (
    "Certified paraphrase-invariance benchmarks for mathematical reasoning.\n\n"
    "Typical flow: `certibench generate` (items + certificates) -> `certibench certify` "
    "(check any paraphrase file) -> `certibench run` (ask models) -> `certibench report`."
)

# Order here is the order in `certibench --help`.
COMMAND_MODULES = ("run", "report", "score", "certify", "generate", "release", "review", "parse", "corpus")

#: top-level command name -> the module (under ``certibench.cli``) that registers it;
#: tests/test_cli_main.py checks it against what each module registers
COMMANDS: dict[str, str] = {
    "run": "run",
    "report": "report",
    "audit": "report",
    "weights": "report",
    "score": "score",
    "certify": "certify",
    "recheck": "certify",
    "generate": "generate",
    "release": "release",
    "review": "review",
    "parse": "parse",
    "corpus": "corpus",
}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"certibench {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """certibench command line."""


def build_app(modules: Sequence[str] = COMMAND_MODULES) -> typer.Typer:
    """A typer application with the commands of ``modules`` registered (in that order)."""
    application = typer.Typer(
        name="certibench",
        cls=FastGroup,  # plain option values coerced without pydantic (start-up time)
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_show_locals=False,
    )
    application.callback()(_root)
    for name in modules:
        importlib.import_module(f"certibench.cli.{name}").register(application)
    reflow_app(application)  # docstrings are hard-wrapped; --help wraps them to the terminal instead
    return application


def command_module(argv: Sequence[str]) -> str | None:
    """The module of the command ``argv`` invokes, or None (no command, a global option
    such as ``--help``/``--version`` first, or an unknown name: register everything)."""
    if not argv or argv[0].startswith("-"):
        return None  # the only global options (--help, --version) print and exit
    return COMMANDS.get(argv[0])


_full: typer.Typer | None = None


def __getattr__(name: str) -> Any:
    if name == "app":  # the complete application, for tests and embedding
        global _full
        if _full is None:
            _full = build_app()
        return _full
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    mod = command_module(sys.argv[1:])
    try:
        build_app((mod,) if mod is not None else COMMAND_MODULES)()
    except OSError as exc:
        # a path a command did not check itself (an output that is a directory, under a file,
        # not writable; an input gone): one line naming it, never a traceback (adversary round 50)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":  # pragma: no cover
    main()
