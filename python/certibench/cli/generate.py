"""`certibench generate`: statements → FormInv-compatible, certified items."""

from __future__ import annotations

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
        out: Path = typer.Option(..., "--out", "-o", help="Item JSONL to write (the FormInv item format)."),
        corpus: str = typer.Option(
            "bundled",
            "--corpus",
            help="'bundled' (the corpus shipped with certibench), a .lean file or a directory of them (real Lean sources, e.g. "
            "a Mathlib folder: each theorem is closed over its context), or an item JSONL whose canonical items "
            "carry lean4_statement (e.g. FormInv).",
        ),
        families: str = typer.Option("", "--families", help=FAMILY_HELP),
        false_siblings: bool = typer.Option(
            False, "--false-siblings", help="Add a certified-FALSE sibling class per statement (a natural one-edit mutation with a concrete counterexample, paraphrased by the same families)."
        ),
        balance: bool = typer.Option(
            True, "--balance/--no-balance", help="With --false-siblings: release a statement and a family only when both its TRUE and FALSE classes have them (half the release is FALSE), and choose all FALSE siblings together so that their English carries no surface tell of the truth value (recorded in the generation report)."
        ),
        proofs: Path | None = typer.Option(
            None, "--proofs", help="Write every certificate (JSON + SMT-LIB2) and a MANIFEST.json here."
        ),
        seed: int = typer.Option(0, "--seed", help="Seed for every choice; the same seed gives byte-identical output."),
        jobs: int = typer.Option(2, "--jobs", "-j", min=0, help="Worker processes (one statement per task; 0 = in this process). The output does not depend on it."),
        budget: float = typer.Option(10.0, "--budget", min=0.1, help="Resource budget per check in units (1 unit = 20,000 rewrite-search steps, 200,000 Z3 rlimit units per solver query); never wall-clock time."),
        limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N statements."),
        executor_name: str = typer.Option("local", "--executor", help=EXECUTOR_HELP),
        ray_address: str | None = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
        ledger: Path | None = typer.Option(None, "--ledger", help="Review ledger: T3 items approved for their exact text join the release; the rest stay in the review queue."),
        trust_labels: bool = typer.Option(False, "--trust-labels", help="With an item-file corpus (no proofs to read): release its statements as TRUE on the file's word. Their certificates and provenance say so (label_trusted), and items the file labels FALSE are skipped. Without it an item-file corpus is refused."),
    ) -> None:
        """Generate certified items (TRUE and FALSE, F1–F8 paraphrases) from Lean statements.

        Each statement gives a canonical item and one paraphrase per applicable family; with --false-siblings also a FALSE class (a one-edit mutation refuted by a concrete counterexample) with the same families. T1 paraphrases (notation, order, unpack, equivalent) are rewrites certified by a rewrite chain replayed by the kernel; T2 paraphrases (syntactic, quantifier, passive) reword the same formula with templates of the project's registry; T3 (variation) items go to the review queue, not the release. Every released item's English is read back by the controlled-English grammar to exactly its certified formula, or the item is not made.

        Beside the items file: review_queue.jsonl, release.json (version, digest) and generation_report.json (what was not made and why, per-family coverage).

        Example: certibench generate --corpus bundled --false-siblings --out release/items.jsonl --proofs proofs
        """
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
        from rich.table import Table

        from certibench.families.registry import get_family
        from certibench.generate.pipeline import generate_items, load_sources, write_proofs
        from certibench.generate.release import release_command
        from certibench.io import InputFileError

        console = Console(stderr=True)
        from certibench.cli._common import EXIT_USAGE, fail
        from certibench.verify.ray_pool import RayUnavailable, select_executor

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
        unproved = sum(1 for s in sources if not s.proved)
        if unproved and not trust_labels:
            console.print(f"[red]error:[/red] {corpus}: an item file carries no proofs, so the TRUE label of its {unproved} "
                          "statement(s) would rest on the file alone (miniF2F has statements that are false as "
                          "formalised). Pass --trust-labels to release them on the file's word (their certificates say "
                          "so), or generate from .lean sources whose proofs are read.")
            raise typer.Exit(2)
        if unproved:
            console.print(f"[yellow]note:[/yellow] {unproved} statement(s) are released TRUE on the input file's word "
                          "(--trust-labels); only the counterexample searches checked them.")
        if limit:
            sources = sources[:limit]
        if not sources:
            console.print("[red]error:[/red] no statements to generate from")
            raise typer.Exit(2)

        from certibench.cli._common import progress_bar

        with progress_bar(
            console, TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TextColumn("{task.fields[last]}"), transient=False,
        ) as progress:
            sib_task = (progress.add_task("FALSE siblings", total=len(sources), last="")
                        if false_siblings and balance else None)
            task = progress.add_task("generate", total=len(sources), last="")

            def tick(_i: int, outcome) -> None:  # type: ignore[no-untyped-def]
                progress.update(task, advance=1, last=outcome.theorem_id[:40])

            def sib_tick(_i: int, options) -> None:  # type: ignore[no-untyped-def]
                if sib_task is not None:
                    progress.update(sib_task, advance=1, last=f"siblings: {options.theorem_id[:30]}")

            outcomes = generate_items(
                sources, fam_ids, seed=seed, false_siblings=false_siblings, balance=balance, budget=budget, jobs=jobs,
                ledger=ledger, on_progress=tick, executor=executor, on_sibling_progress=sib_tick,
            )
        from certibench.families.registry import all_families
        from certibench.generate.release import write_release

        command = release_command(sys.argv[1:])
        meta = write_release(out.parent, outcomes, families=list(fam_ids or [f.id for f in all_families()]), seed=seed,
                             command=command, items_name=out.name)
        n = meta["items"]
        failed = [o for o in outcomes if o.error]
        for o in failed:
            src = next((s for s in sources if s.theorem_id == o.theorem_id), None)
            where = f"{src.file}:{src.line}" if src and src.file and src.line else (src.file if src else "?")
            console.print(f"[yellow]skipped statement[/yellow] {o.theorem_id} ({where}): {o.error}")

        table = Table(title=f"{n} items from {len(sources)} statements → {out}")
        table.add_column("family")
        table.add_column("TRUE", justify="right")
        table.add_column("FALSE", justify="right")
        table.add_column("review queue", justify="right")
        table.add_column("not made", justify="right")
        counts: dict[tuple[str, str], int] = {}
        skipped: dict[str, int] = {}
        for o in outcomes:
            for it in o.items:
                counts[(it["family"], str(it.get("ground_truth")))] = counts.get((it["family"], str(it.get("ground_truth"))), 0) + 1
            for it in o.review_queue:
                counts[(it["family"], "queue")] = counts.get((it["family"], "queue"), 0) + 1
            for fam in o.skipped:
                skipped[fam] = skipped.get(fam, 0) + 1
        fams_seen = sorted({f for f, _ in counts} | set(skipped), key=lambda f: (f != "canonical", f))
        for fam in fams_seen:
            table.add_row(fam, str(counts.get((fam, "TRUE"), 0)), str(counts.get((fam, "FALSE"), 0)),
                          str(counts.get((fam, "queue"), 0)), str(skipped.get(fam, 0)))
        console.print(table)
        if failed:
            console.print(f"[yellow]{len(failed)} statement(s) not released (each listed above with its reason; counts in generation_report.json)[/yellow]")
        console.print(f"release: {n} items (FALSE share {meta['false_share']}), {meta['review_queue']} in the review queue, "
                      f"digest {meta['digest'][:19]}…; report → {out.parent / 'generation_report.json'}")
        if proofs is not None:
            manifest = write_proofs(proofs, outcomes, command)
            console.print(f"certificates → {proofs}/certificates ({sum(manifest['verdicts'].values())}), "
                          f"manifest → {proofs}/MANIFEST.json")
