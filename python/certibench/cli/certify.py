"""`certibench certify` — certify every paraphrase of an item file against its canonical.

Exit status: 0 when every item meets its tier's evidence, 1 when any does not (or the file
holds no pairs), 2 when the input file is unreadable or ``--executor ray`` is asked for
without Ray installed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

EXIT_OK = 0
EXIT_NOT_MET = 1
EXIT_UNREADABLE = 2
EXECUTOR_HELP = (
    "Where the per-item work runs: 'local' (worker processes on this machine) or 'ray' (chunks of items on "
    "Ray workers; the same output byte for byte)."
)
RAY_ADDRESS_HELP = (
    "With --executor ray: the cluster to join ('auto' on a cluster node, 'ray://HEAD:10001' for a remote "
    "one; default: start a local Ray). Every node needs the same certibench installed."
)
KNOWN_BACKENDS = ("z3", "sympy", "lean")

VERDICT_STYLE = {
    "certified": "green",
    "refuted": "red",
    "vacuous": "magenta",
    "unknown": "yellow",
    "unavailable": "dim",
    "needs_review": "cyan",
    "error": "bold red",
}


def parse_backends(text: str) -> tuple[str, ...]:
    names = tuple(b.strip().lower() for b in text.split(",") if b.strip())
    bad = [b for b in names if b not in KNOWN_BACKENDS]
    if bad or not names:
        raise typer.BadParameter(f"unknown backend(s) {bad or text!r}; choose from {', '.join(KNOWN_BACKENDS)}")
    return names


def _safe_name(s: str) -> str:
    return "".join(c if (c.isalnum() or c in "-_.") else "_" for c in s)[:150] or "item"


def write_proofs(rows: list[Any], out_dir: Path) -> int:
    """Per item: ``ID.json`` (the certificate) and ``ID.<purpose>.smt2`` scripts; the Lean
    batch file is written there by the certifier itself."""
    out_dir.mkdir(parents=True, exist_ok=True)
    n = 0
    for r in rows:
        base = _safe_name(r.id)
        (out_dir / f"{base}.json").write_text(json.dumps(r.certificate, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        n += 1
        for chk in r.certificate.get("checks", []) or []:
            (out_dir / f"{base}.{chk['purpose']}.smt2").write_text(chk["smt2"], encoding="utf-8")
    return n


def register(app: typer.Typer) -> None:
    @app.command("certify")
    def certify(
        items_path: Path = typer.Argument(..., metavar="ITEMS.jsonl", help="Item file (JSONL or JSON array; FormInv format loads unchanged)."),
        json_out: Path | None = typer.Option(None, "--json", help="Write {items: [...], summary: {verdict: count}} to this file."),
        proofs: Path | None = typer.Option(None, "--proofs", help="Directory for per-item certificates (.json, .smt2) and the Lean batch (.lean)."),
        timeout: float = typer.Option(10.0, "--timeout", min=0.1, help="Per-check solver timeout in seconds (a worker is killed after 4x this + 30 s)."),
        backends: str = typer.Option("z3,sympy,lean", "--backends", help="Comma-separated backends to try, in order: z3, sympy, lean."),
        jobs: int = typer.Option(2, "--jobs", "-j", min=0, help="Worker processes (each item isolated); 0 = in this process, no isolation."),
        ledger: Path | None = typer.Option(None, "--ledger", help="Review ledger (JSONL) whose latest decisions are honoured."),
        cvc5: bool = typer.Option(True, "--cvc5/--no-cvc5", help="Replay each decisive Z3 certificate through cvc5 (when installed); disagreement makes the pair unknown."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or table; summary line only."),
        executor_name: str = typer.Option("local", "--executor", help=EXECUTOR_HELP),
        ray_address: str | None = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
    ) -> None:
        """Certify that each paraphrase means exactly what its canonical statement means.

        Every non-canonical item is checked against the canonical item of its theorem_id, using each item's lean4_statement: Z3 under the non-vacuity abstraction, SymPy for term identities, Lean in one batch where a toolchain exists; vetted template records (T2) and the review ledger (T3) supply the other tiers' evidence.

        Exit status: 0 every item meets its tier's evidence, 1 some item does not, 2 unreadable input (or --executor ray without Ray).
        """
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        from rich.table import Table

        from certibench.cli._common import fail
        from certibench.io import InputFileError, load_records
        from certibench.schema import Item
        from certibench.verify.certifier import ItemVerdict, certify_items, summarize
        from certibench.verify.ray_pool import RayUnavailable, select_executor

        console = Console(stderr=True)
        names = parse_backends(backends)
        try:
            executor = select_executor(executor_name, ray_address=ray_address)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--executor") from None
        except RayUnavailable as exc:
            fail(console, exc, EXIT_UNREADABLE)
        try:
            items, errors = load_records(items_path, Item)
        except InputFileError as exc:
            console.print(f"[bold red]error:[/] {exc}")
            raise typer.Exit(EXIT_UNREADABLE) from None
        for err in errors[:20]:
            console.print(f"[yellow]skipped bad record[/] {err}")
        if len(errors) > 20:
            console.print(f"[yellow]… {len(errors) - 20} more bad records skipped[/]")
        n_pairs = sum(1 for it in items if not it.is_canonical)
        lean_dir = proofs if proofs is not None else None
        rows: list[ItemVerdict]
        if quiet or n_pairs == 0:
            rows = certify_items(items, jobs=jobs, timeout=timeout, backends=names, ledger=ledger, lean_dir=lean_dir, cvc5_recheck=cvc5, executor=executor)
        else:
            with Progress(
                TextColumn("[bold]certify[/]"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                TextColumn("{task.fields[last]}"), console=console, transient=False,
            ) as bar:
                task = bar.add_task("certify", total=n_pairs, last="")

                def tick(_i: int, row: ItemVerdict) -> None:
                    style = VERDICT_STYLE.get(row.verdict, "")
                    bar.update(task, advance=1, last=f"[{style}]{row.verdict}[/] {row.id[:50]}")

                rows = certify_items(
                    items, jobs=jobs, timeout=timeout, backends=names, ledger=ledger, progress=tick, lean_dir=lean_dir, cvc5_recheck=cvc5,
                    executor=executor,
                )
        summary = summarize(rows)
        met = sum(1 for r in rows if r.meets_tier)
        if json_out is not None:
            json_out.parent.mkdir(parents=True, exist_ok=True)
            doc = {
                "items": [
                    {k: r.model_dump(mode="json")[k] for k in ("id", "theorem_id", "family", "tier", "verdict", "backend", "reason", "meets_tier", "certificate")}
                    for r in rows
                ],
                "summary": summary,
            }
            json_out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        if proofs is not None:
            write_proofs(rows, proofs)
        if not quiet:
            table = Table(title=f"certify {items_path.name}: {len(rows)} pairs, {met} meet their tier's evidence")
            table.add_column("verdict")
            for t in ("T1", "T2", "T3"):
                table.add_column(t, justify="right")
            table.add_column("total", justify="right")
            for v, total in summary.items():
                if not total:
                    continue
                per = [sum(1 for r in rows if r.verdict == v and r.tier == t) for t in ("T1", "T2", "T3")]
                table.add_row(f"[{VERDICT_STYLE.get(v, '')}]{v}[/]", *map(str, per), str(total))
            Console().print(table)
            shown = [r for r in rows if r.verdict in ("error", "refuted", "vacuous")][:10]
            for r in shown:
                console.print(f"[{VERDICT_STYLE[r.verdict]}]{r.verdict}[/] {r.id}: {r.reason[:200]}")
        else:
            console.print(" ".join(f"{k}={v}" for k, v in summary.items() if v) + f" | meets tier: {met}/{len(rows)}")
        if errors:
            console.print(f"[yellow]{len(errors)} bad record(s) were skipped[/]")
        ok = n_pairs > 0 and met == len(rows) and not errors
        raise typer.Exit(EXIT_OK if ok else EXIT_NOT_MET)
