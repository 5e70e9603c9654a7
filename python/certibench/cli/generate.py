"""`certibench generate`: statements → FormInv-compatible, certified items."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import typer

from certibench.cli.certify import EXECUTOR_HELP, RAY_ADDRESS_HELP

FAMILY_HELP = (
    "Comma-separated families by id or name (F1..F8 / syntactic, quantifier, passive, notation, "
    "variation, order, unpack, equivalent). Default: all eight."
)


def register(app: typer.Typer) -> None:
    @app.command("generate")
    def generate(
        out: Path = typer.Option(..., "--out", "-o", help="Item JSONL to write (FormInv-compatible)."),
        corpus: str = typer.Option(
            "bundled",
            "--corpus",
            help="'bundled' (the corpus shipped with certibench), a .lean file or a directory of them (real Lean sources, e.g. "
            "a Mathlib folder: each theorem is closed over its context), or an item JSONL whose canonical items "
            "carry lean4_statement (e.g. FormInv).",
        ),
        families: str = typer.Option("", "--families", help=FAMILY_HELP),
        false_siblings: bool = typer.Option(
            False, "--false-siblings", help="Add one certified-FALSE one-edit mutation per statement."
        ),
        proofs: Path | None = typer.Option(
            None, "--proofs", help="Write every certificate (JSON + SMT-LIB2) and a MANIFEST.json here."
        ),
        seed: int = typer.Option(0, "--seed", help="Seed for every choice; the same seed gives byte-identical output."),
        jobs: int = typer.Option(2, "--jobs", "-j", min=1, help="Worker processes (one statement per task)."),
        timeout: float = typer.Option(3.0, "--timeout", min=0.1, help="Per-check solver timeout in seconds."),
        limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N statements."),
        executor_name: str = typer.Option("local", "--executor", help=EXECUTOR_HELP),
        ray_address: str | None = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
    ) -> None:
        """Generate certified items (canonical + F1–F8 paraphrases + FALSE siblings) from Lean statements.

        Each statement gives a canonical item, one certified paraphrase per applicable family
        and (with --false-siblings) a refuted one-edit mutation.  T1 paraphrases (notation, order, unpack, equivalent) are rewrites by rules proved sound
        once, each certified against its canonical statement by the certifier (vacuous or
        undecided rewrites are never released); T2 paraphrases (syntactic, quantifier, passive)
        reword the same formula with vetted templates; T3 (variation) items are marked for
        human review. Statements that cannot be parsed are reported and skipped.

        Example: certibench generate --corpus bundled --false-siblings --out items.jsonl --proofs proofs
        """
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        from rich.table import Table

        from certibench.cli._common import EXIT_USAGE, fail
        from certibench.families.registry import get_family
        from certibench.generate.pipeline import generate_items, load_sources, write_items, write_proofs
        from certibench.io import InputFileError
        from certibench.verify.ray_pool import RayUnavailable, select_executor

        console = Console(stderr=True)
        try:
            executor = select_executor(executor_name, ray_address=ray_address)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--executor") from None
        except RayUnavailable as exc:
            fail(console, exc, EXIT_USAGE)
        fams = [f.strip() for f in families.split(",") if f.strip()]
        try:
            fam_ids = [get_family(f).id for f in fams] if fams else None
        except KeyError as exc:
            console.print(f"[red]error:[/red] unknown family {exc.args[0]!r} (use F1..F8 or their names)")
            raise typer.Exit(2) from None
        try:
            sources, errors = load_sources(corpus)
        except InputFileError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from None
        for e in errors:
            console.print(f"[yellow]skipped:[/yellow] {e}")
        if limit:
            sources = sources[:limit]
        if not sources:
            console.print("[red]error:[/red] no statements to generate from")
            raise typer.Exit(2)

        with Progress(
            TextColumn("[bold]generate"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TextColumn("{task.fields[last]}"), console=console, transient=False,
        ) as progress:
            task = progress.add_task("gen", total=len(sources), last="")

            def tick(_i: int, outcome) -> None:  # type: ignore[no-untyped-def]
                progress.update(task, advance=1, last=outcome.theorem_id[:40])

            outcomes = generate_items(
                sources, fam_ids, seed=seed, false_siblings=false_siblings, timeout=timeout, jobs=jobs,
                on_progress=tick, executor=executor,
            )
        n = write_items(out, outcomes)
        failed = [o for o in outcomes if o.error]
        for o in failed:
            src = next((s for s in sources if s.theorem_id == o.theorem_id), None)
            where = f"{src.file}:{src.line}" if src and src.file and src.line else (src.file if src else "?")
            console.print(f"[yellow]skipped statement[/yellow] {o.theorem_id} ({where}): {o.error}")

        table = Table(title=f"{n} items from {len(sources)} statements → {out}")
        table.add_column("family")
        table.add_column("items", justify="right")
        table.add_column("not applicable / not certified", justify="right")
        by_fam: dict[str, int] = {}
        skipped: dict[str, int] = {}
        for o in outcomes:
            for it in o.items:
                key = "false sibling" if it.get("ground_truth") == "FALSE" else it["family"]
                by_fam[key] = by_fam.get(key, 0) + 1
            for fam in o.skipped:
                key = "false sibling" if fam == "false_sibling" else fam
                skipped[key] = skipped.get(key, 0) + 1
        for key in sorted(set(by_fam) | set(skipped)):
            table.add_row(key, str(by_fam.get(key, 0)), str(skipped.get(key, 0)))
        console.print(table)
        if failed:
            console.print(f"[yellow]{len(failed)} statement(s) could not be parsed or rendered (listed above)[/yellow]")
        if proofs is not None:
            command = "certibench " + " ".join(shlex.quote(a) for a in sys.argv[1:])
            manifest = write_proofs(proofs, outcomes, command)
            console.print(f"certificates → {proofs}/certificates ({sum(manifest['verdicts'].values())}), "
                          f"manifest → {proofs}/MANIFEST.json")
