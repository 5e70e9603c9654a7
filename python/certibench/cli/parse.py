"""CLI: `certibench parse` — parser coverage of a file of Lean statements, or one statement."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from certibench.cli._common import EXIT_PROBLEMS, EXIT_USAGE, consoles, fail, write_json

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from certibench.logic.coverage import CoverageReport

FILE_HELP = (
    "JSONL file of statements (FormInv items, miniF2F records, ...), or a .lean file / directory of "
    "Lean sources (each theorem closed over its context; coverage counts closed statements only)."
)
FIELD_HELP = (
    "Record field holding the Lean statement (default: the first of lean4_statement, "
    "formal_statement, statement present in each record)."
)
JSON_HELP = 'Write the report as JSON: {"total", "parsed", "failed": [{"id", "error"}], ...}.'
DISTINCT_HELP = "Count each distinct statement text once (FormInv repeats a statement per paraphrase)."
TEXT_HELP = "Parse this one statement instead of a file and print its AST and Lean rendering."
SHOW_HELP = "How many failures to list in the table (0: none)."
RT_HELP = "Also check parse(render_lean(ast)) == ast for every parsed statement."


def register(app: typer.Typer) -> None:
    @app.command("parse")
    def parse_cmd(
        file: Path | None = typer.Argument(None, help=FILE_HELP, show_default=False),
        field: str | None = typer.Option(None, "--field", "-f", help=FIELD_HELP),
        json_out: Path | None = typer.Option(None, "--json", help=JSON_HELP),
        distinct: bool = typer.Option(True, "--distinct/--all", help=DISTINCT_HELP),
        roundtrip: bool = typer.Option(False, "--roundtrip", help=RT_HELP),
        show: int = typer.Option(20, "--show", help=SHOW_HELP),
        text: str | None = typer.Option(None, "--text", "-t", help=TEXT_HELP),
    ) -> None:
        """Report parser coverage of a file of Lean statements (exit 0 even when some fail).

        Exit 2 when the file cannot be read."""
        console, err = consoles()
        if text is not None:
            _one(text, console, err)
            return
        if file is None:
            fail(err, "give a FILE (or --text STATEMENT)", EXIT_USAGE)
        from rich.progress import Progress

        from certibench.io import InputFileError
        from certibench.logic.coverage import measure

        lean = file.is_dir() or file.suffix == ".lean"
        if not (file.is_file() or (lean and file.exists())):
            fail(err, f"{file}: no such file", EXIT_USAGE)
        try:
            with Progress(console=err, transient=True) as prog:
                task = prog.add_task(f"parsing {file.name}", total=None)

                def tick(k: int, n: int) -> None:
                    prog.update(task, completed=k, total=n)

                if lean:
                    from certibench.corpus.lean_coverage import measure_lean

                    report = measure_lean(file, progress=tick)
                else:
                    report = measure(file, field, distinct=distinct, roundtrip=roundtrip, progress=tick)
        except InputFileError as exc:
            fail(err, exc, EXIT_USAGE)
        write_json(json_out, report.to_json())
        _table(report, console, show, roundtrip)


def _table(report: CoverageReport, console: Console, show: int, roundtrip: bool) -> None:
    from rich.table import Table

    t = Table(title=f"Parser coverage: {report.file}", show_header=True)
    t.add_column("statements", justify="right")
    t.add_column("parsed", justify="right")
    t.add_column("failed", justify="right")
    t.add_column("coverage", justify="right")
    if roundtrip:
        t.add_column("round-trip", justify="right")
    row = [str(report.total), str(report.parsed), str(len(report.failed)), f"{100 * report.coverage:.1f} %"]
    if roundtrip:
        row.append(f"{report.roundtrip_ok}/{report.roundtrip_checked}")
    t.add_row(*row)
    console.print(t)
    if report.failed:
        c = Table(title="Failures by construct")
        c.add_column("construct / reason")
        c.add_column("count", justify="right")
        for k, v in report.constructs().most_common():
            c.add_row(k, str(v))
        console.print(c)
    if show > 0 and report.failed:
        f = Table(title=f"First {min(show, len(report.failed))} failures")
        f.add_column("id")
        f.add_column("error")
        for fl in report.failed[:show]:
            f.add_row(fl.id, fl.error)
        console.print(f)


def _one(text: str, console: Console, err: Console) -> None:
    from certibench.logic.ast import to_data
    from certibench.logic.errors import ParseError
    from certibench.logic.parser import parse_declaration
    from certibench.logic.render_lean import render_lean

    try:
        decl = parse_declaration(text)
    except ParseError as exc:
        err.print("[bold red]parse error:[/] ", end="")
        err.print(exc.short, markup=False, soft_wrap=True)
        err.print(exc.excerpt, markup=False)
        raise typer.Exit(EXIT_PROBLEMS) from None
    console.print(render_lean(decl), markup=False)
    console.print_json(json.dumps(to_data(decl), ensure_ascii=False))
