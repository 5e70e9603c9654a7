"""`certibench` entry point.  Each command group lives in its own module under
``certibench.cli`` and exposes ``register(app)``; this file only assembles them."""

from __future__ import annotations

import importlib

import typer

from certibench import __version__
from certibench.cli.helptext import reflow_app

app = typer.Typer(
    name="certibench",
    help=(
        "Certified paraphrase-invariance benchmarks for mathematical reasoning.\n\n"
        "Typical flow: `certibench generate` (items + certificates) -> `certibench certify` "
        "(check any paraphrase file) -> `certibench run` (ask models) -> `certibench report`."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

# Order here is the order in `certibench --help`.
COMMAND_MODULES = ("run", "report", "score", "certify", "generate", "release", "review", "parse", "corpus")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"certibench {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """certibench command line."""


for _name in COMMAND_MODULES:
    _mod = importlib.import_module(f"certibench.cli.{_name}")
    _mod.register(app)
reflow_app(app)  # docstrings are hard-wrapped; --help wraps them to the terminal instead


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
