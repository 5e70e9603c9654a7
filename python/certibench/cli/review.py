"""`certibench review` — walk a reviewer through the items that need a human decision.

Items needing review: T3 items, and anything the certifier leaves ``unknown`` or
``needs_review`` (by default it runs the fast Z3/SymPy checks first; ``--results`` reuses a
``certify --json`` file instead).  Items already decided in the ledger for the *same*
text pair are skipped unless ``--all``.  Decisions are appended to the ledger, which
``certibench certify --ledger`` honours.
"""

from __future__ import annotations

import getpass
import json
import os
from pathlib import Path
from typing import Any

import typer

EXIT_OK = 0
EXIT_UNREADABLE = 2
REVIEW_VERDICTS = ("unknown", "needs_review", "unavailable")


def _default_reviewer() -> str:
    for var in ("CERTIBENCH_REVIEWER", "USER", "LOGNAME"):
        v = os.environ.get(var)
        if v:
            return v
    try:
        return getpass.getuser()
    except Exception:  # no login name available
        return ""


def _load_results(path: Path) -> dict[str, dict[str, Any]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return {row["id"]: row for row in doc.get("items", [])}


def register(app: typer.Typer) -> None:
    @app.command("review")
    def review(
        items_path: Path = typer.Argument(..., metavar="ITEMS.jsonl", help="Item file (the one given to `certify`), or a release's review_queue.jsonl."),
        ledger_path: Path = typer.Option(..., "--ledger", help="Append-only review ledger (JSONL); created if absent."),
        reviewer: str | None = typer.Option(None, "--reviewer", help="Your name as recorded in the ledger (default: $CERTIBENCH_REVIEWER or login)."),
        results: Path | None = typer.Option(None, "--results", help="A `certify --json` output to take verdicts from (skips re-checking)."),
        budget: float = typer.Option(5.0, "--budget", help="Resource budget (units) of the quick pre-check when no --results is given."),
        all_items: bool = typer.Option(False, "--all", help="Also show items already decided in the ledger."),
        limit: int = typer.Option(0, "--limit", min=0, help="Stop after this many items (0 = all)."),
    ) -> None:
        """Review canonical/paraphrase pairs side by side and record approve/reject decisions.

        Shows T3 items and anything the certifier leaves unknown or needs_review; each decision (reviewer, UTC time, comment) is appended to the ledger, which `certibench certify --ledger` honours for that exact text pair.
        """
        from rich.columns import Columns
        from rich.console import Console
        from rich.panel import Panel
        from rich.prompt import Prompt

        from certibench.io import InputFileError, load_records
        from certibench.schema import Item
        from certibench.verify.certifier import certify_items
        from certibench.verify.review import LedgerError, ReviewLedger, pair_hash

        console = Console()
        err = Console(stderr=True)
        try:
            items, errors = load_records(items_path, Item)
        except InputFileError as exc:
            err.print(f"[bold red]error:[/] {exc}")
            raise typer.Exit(EXIT_UNREADABLE) from None
        for e in errors[:10]:
            err.print(f"[yellow]skipped bad record[/] {e}")
        who = (reviewer or _default_reviewer()).strip()
        if not who:
            who = Prompt.ask("Reviewer name").strip()
        if not who:
            err.print("[bold red]error:[/] a reviewer name is required (--reviewer)")
            raise typer.Exit(1)
        ledger = ReviewLedger(ledger_path)
        canon = {it.class_id: it for it in items if it.is_canonical}
        if results is not None:
            try:
                verdicts = _load_results(results)
            except (OSError, json.JSONDecodeError, KeyError) as exc:
                err.print(f"[bold red]error:[/] {results}: cannot read certify results: {exc}")
                raise typer.Exit(EXIT_UNREADABLE) from None
        else:
            rows = certify_items(items, jobs=1, budget=budget, backends=("rewrite", "smt", "sympy"))
            verdicts = {r.id: r.model_dump(mode="json") for r in rows}
        queue = []
        for it in items:
            if it.is_canonical or it.id not in verdicts:
                continue
            row = verdicts[it.id]
            if row.get("tier") != "T3" and row.get("verdict") not in REVIEW_VERDICTS:
                continue
            if row.get("verdict") == "error":
                continue
            can = canon.get(it.class_id)
            if can is None:
                continue
            h = pair_hash(can, it)
            if not all_items and ledger.latest(it.id, h) is not None:
                continue
            queue.append((it, can, row, h))
        if limit:
            queue = queue[:limit]
        console.print(f"[bold]{len(queue)}[/] item(s) to review → ledger {ledger_path}")
        counts = {"approve": 0, "reject": 0, "skip": 0}
        for k, (it, can, row, h) in enumerate(queue, start=1):
            left = Panel(
                f"{can.nl_question or '—'}\n\n[dim]{can.lean4_statement or ''}[/]",
                title=f"canonical · {can.id}", border_style="blue",
            )
            right = Panel(
                f"{it.nl_question or '—'}\n\n[dim]{it.lean4_statement or ''}[/]",
                title=f"paraphrase · {it.family} · {row.get('tier')}", border_style="magenta",
            )
            console.rule(f"[{k}/{len(queue)}] {it.id}")
            console.print(Columns([left, right], equal=True, expand=True))
            console.print(f"certifier: [bold]{row.get('verdict')}[/] — {row.get('reason', '')}")
            prev = ledger.latest(it.id, h)
            if prev is not None:
                console.print(f"[dim]current decision: {prev.decision} by {prev.reviewer} at {prev.time}[/]")
            choice = Prompt.ask("approve / reject / skip / quit", choices=["a", "r", "s", "q"], default="s")
            if choice == "q":
                break
            if choice == "s":
                counts["skip"] += 1
                continue
            comment = Prompt.ask("comment", default="")
            decision = "approve" if choice == "a" else "reject"
            try:
                ledger.record(reviewer=who, item_id=it.id, pair=h, decision=decision, comment=comment)
            except LedgerError as exc:
                err.print(f"[bold red]error:[/] {exc}")
                raise typer.Exit(EXIT_UNREADABLE) from None
            counts[decision] += 1
        console.print(f"recorded: {counts['approve']} approved, {counts['reject']} rejected, {counts['skip']} skipped")
        raise typer.Exit(EXIT_OK)
