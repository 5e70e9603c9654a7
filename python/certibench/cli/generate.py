"""CLI: placeholder until this command group is written (owner replaces the whole file)."""

import typer


def register(app: typer.Typer) -> None:
    return None
