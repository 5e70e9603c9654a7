"""`certibench certify` — certify every paraphrase of an item file against its canonical.

Exit status: 0 when every item meets its tier's evidence, 1 when any does not (or the file
holds no pairs), 2 when the input file is unreadable.
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
    "With --executor ray: the cluster to join ('auto' on a cluster node, a ray:// address for a remote "
    "one; default: start a local Ray). Every node needs the same certibench installed."
)

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
    from certibench.verify.backends.base import canonical_backend_name, get_backend

    names = tuple(canonical_backend_name(b) for b in text.split(",") if b.strip())
    bad = []
    for b in names:
        try:
            if not get_backend(b).formal:
                bad.append(b)
        except KeyError:
            bad.append(b)
    if bad or not names:
        raise typer.BadParameter(f"unknown backend(s) {bad or text!r}; choose from rewrite, smt, sympy, lean")
    return names


def _show_pair(res: Any) -> None:
    from rich.console import Console
    from rich.markup import escape

    out = Console()
    cert = res.certificate
    style = VERDICT_STYLE.get(res.verdict, "")
    out.print(f"[{style}]{res.verdict}[/] ({res.tier}, evidence: {cert.evidence or res.backend or 'none'})")
    out.print(escape(f"reason: {res.reason}"), soft_wrap=True)
    if cert.chain:
        from certibench.logic.deep import deep_call
        from certibench.verify.certifier import parse_statement
        from certibench.verify.rewrite import annotate_chain

        shown = [s.model_dump(mode="json") for s in deep_call(annotate_chain, parse_statement(cert.canonical_lean or ""), cert.chain)]
        out.print(f"rewrite chain ({len(cert.chain)} steps, replayed by the kernel):")
        for k, st in enumerate(shown, start=1):
            what = st.get("rule") or st.get("kind")
            lemma = f" ({st['lemma']})" if st.get("lemma") else ""
            note = f": {st['note']}" if st.get("note") else ""
            out.print(escape(f"  {k:>3}. {what}{lemma}{note}"), soft_wrap=True)
    if cert.counterexample is not None:
        out.print(f"counterexample: {json.dumps(cert.counterexample, ensure_ascii=False)}", soft_wrap=True)
    for a in cert.attempts:
        out.print(escape(f"  tried {a.backend}: {a.verdict} — {a.reason[:300]}"), soft_wrap=True)


def register(app: typer.Typer) -> None:
    @app.command("certify")
    def certify(
        items_path: Path | None = typer.Argument(None, metavar="[ITEMS.jsonl]", help="Item file (JSONL or JSON array; FormInv format loads unchanged)."),
        canonical: str | None = typer.Option(None, "--canonical", help="Certify one pair from the command line: the canonical Lean statement."),
        paraphrase: str | None = typer.Option(None, "--paraphrase", help="The paraphrase's Lean statement (with --canonical)."),
        family: str | None = typer.Option(None, "--family", help="Family of the pair given with --canonical (F1..F8 or a name); decides the tier only."),
        json_out: Path | None = typer.Option(None, "--json", help="Write {items: [...], summary: {verdict: count}} to this file."),
        proofs: Path | None = typer.Option(None, "--proofs", help="Directory for the certificates (certificates/*.json, *.smt2), Chains.lean and MANIFEST.json."),
        budget: float = typer.Option(10.0, "--budget", min=0.1, help="Resource budget per pair in units (1 unit = 20,000 rewrite-search steps and 200,000 Z3 rlimit units per solver query). Verdicts depend on it, never on wall-clock time."),
        backends: str = typer.Option("rewrite,smt,sympy,lean", "--backends", help="Comma-separated formal backends, tried in order: rewrite, smt (alias z3), sympy, lean."),
        jobs: int = typer.Option(2, "--jobs", "-j", min=0, help="Worker processes (each item isolated); 0 = in this process. Verdicts do not depend on it."),
        ledger: Path | None = typer.Option(None, "--ledger", help="Review ledger (JSONL) whose latest decisions are honoured."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or table; summary line only."),
        executor_name: str = typer.Option("local", "--executor", help=EXECUTOR_HELP),
        ray_address: str | None = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
    ) -> None:
        """Certify that each paraphrase means exactly what its canonical statement means.

        Every non-canonical item is checked against the canonical item of its theorem_id. Evidence, strongest first: a rewrite chain of library rules (each naming its Mathlib lemma) replayed by an independent kernel; Z3 under the non-vacuity abstraction; SymPy for term identities; Lean where a toolchain exists. T2 items need a template of the project's own registry that reproduces their English, T3 items a recorded review. `refuted` always comes with a concrete counterexample.

        One pair: certibench certify --canonical 'theorem t (x : ℝ) : 0 ≤ x ^ 2' --paraphrase 'theorem t (x : ℝ) : 0 ≤ x * x'

        Exit status: 0 every item meets its tier's evidence, 1 some item does not, 2 unreadable input or bad usage.
        """
        from rich.console import Console

        from certibench.verify.backends.base import Budget

        console = Console(stderr=True)
        names = parse_backends(backends)
        the_budget = Budget.from_units(budget)
        if canonical is not None or paraphrase is not None:
            if canonical is None or paraphrase is None or items_path is not None:
                console.print("[bold red]error:[/] give both --canonical and --paraphrase (and no item file)")
                raise typer.Exit(EXIT_UNREADABLE)
            if proofs is not None:  # it used to write nothing, and a later recheck found no directory
                console.print("[bold red]error:[/] --proofs writes the certificates of an item file (keyed by item id); "
                              "for one pair write its certificate with --json FILE (`certibench recheck FILE` replays it)")
                raise typer.Exit(EXIT_UNREADABLE)
            from certibench.verify.certifier import certify_pair

            # with no family the pair is judged as a formal (T1) equivalence
            res = certify_pair(canonical, paraphrase, family=family, tier=None if family else "T1",
                               backends=names, budget=the_budget)
            _show_pair(res)
            if json_out is not None:
                json_out.parent.mkdir(parents=True, exist_ok=True)
                json_out.write_text(json.dumps(res.model_dump(mode="json"), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            raise typer.Exit(EXIT_OK if res.verdict == "certified" else EXIT_NOT_MET)
        if items_path is None:
            console.print("[bold red]error:[/] give an item file, or --canonical and --paraphrase")
            raise typer.Exit(EXIT_UNREADABLE)
        from certibench.cli._common import fail
        from certibench.verify.ray_pool import RayUnavailable, select_executor

        try:
            executor = select_executor(executor_name, ray_address=ray_address)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--executor") from None
        except RayUnavailable as exc:
            fail(console, exc, EXIT_UNREADABLE)
        from certibench.cli._common import check_output

        check_output(console, json_out, "--json")
        check_output(console, proofs, "--proofs", directory=True)
        _certify_file(items_path, json_out, proofs, the_budget, names, jobs, ledger, quiet, console, executor)

    @app.command("recheck")
    def recheck(
        path: Path = typer.Argument(..., metavar="PROOFS_DIR|FILE", help="A proofs directory (certificates/*.json), a `certify --json` file, or an item file carrying certificates."),
        json_out: Path | None = typer.Option(None, "--json", help="Write the per-certificate results to this file."),
        items: Path | None = typer.Option(None, "--items", metavar="ITEMS.jsonl", help="With a proofs directory: the item file it was written for. Each certificate must then be about the item of its id (statement and class canonical), and template certificates are re-checked against the item's English. Without it, a proofs directory is checked against its MANIFEST.json digests only, which anyone can rewrite."),
        sources: Path | None = typer.Option(None, "--sources", metavar="LEAN_PATH", help="The .lean file or directory the release was generated from: each TRUE canonical item must then be the trusted theorem of its theorem_id there (bundled-corpus items are always checked against the package's corpus)."),
        ledger: Path | None = typer.Option(None, "--ledger", metavar="LEDGER.jsonl", help="The review ledger: a T3 item's recorded review must then be one of its approvals of exactly that text pair."),
    ) -> None:
        """Replay every stored certificate offline and report any that no longer holds.

        Rewrite chains go through the kernel, SMT-LIB2 scripts through Z3 (and cvc5 where installed), counterexamples are re-evaluated, template claims re-rendered (item files). A TRUE canonical item rests on its source's Lean proof and a T3 item on a human review: neither can be replayed here, so they are `not-checkable` unless --sources / --ledger bind them to their origin. An item file beside the release.json that names it must have its recorded digest. Exit status: 0 all checkable certificates hold, 1 some failed, 2 unreadable input.
        """
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

        from certibench.cli._common import progress_bar
        from certibench.verify.recheck import Origins, recheck_path

        console = Console(stderr=True)
        if not path.exists():
            console.print(f"[bold red]error:[/] {path}: no such file or directory")
            raise typer.Exit(EXIT_UNREADABLE)
        if items is not None and not items.is_file():
            console.print(f"[bold red]error:[/] {items}: no such file")
            raise typer.Exit(EXIT_UNREADABLE)
        for given, what in ((sources, "--sources"), (ledger, "--ledger")):
            if given is not None and not given.exists():
                console.print(f"[bold red]error:[/] {what} {given}: no such file or directory")
                raise typer.Exit(EXIT_UNREADABLE)
        try:
            origins = Origins.read(sources, ledger)
        except (OSError, ValueError) as exc:
            console.print(f"[bold red]error:[/] {exc}")
            raise typer.Exit(EXIT_UNREADABLE) from None
        try:
            with progress_bar(console, TextColumn("[bold]recheck[/]"), BarColumn(), MofNCompleteColumn(),
                              TimeElapsedColumn(), transient=True) as bar:
                task = bar.add_task("recheck", total=None)

                def tick(done: int, total: int) -> None:
                    bar.update(task, completed=done, total=total)

                rows = recheck_path(path, items, origins, progress=tick)
        except (OSError, ValueError) as exc:
            console.print(f"[bold red]error:[/] {path}: {exc}")
            raise typer.Exit(EXIT_UNREADABLE) from None
        counts: dict[str, int] = {}
        for r in rows:
            counts[r.status] = counts.get(r.status, 0) + 1
            if r.status == "failed":
                console.print(f"[bold red]failed[/] {r.id} ({r.evidence}): {r.reason}", soft_wrap=True)
        if json_out is not None:
            json_out.parent.mkdir(parents=True, exist_ok=True)
            json_out.write_text(json.dumps([r.model_dump(mode="json") for r in rows], ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        Console().print(f"rechecked {len(rows)} certificates: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        if counts.get("not-checkable"):
            kinds: dict[str, int] = {}
            for r in rows:
                if r.status == "not-checkable":
                    kinds[r.evidence] = kinds.get(r.evidence, 0) + 1
            what = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items()))
            Console().print(f"[yellow]not re-checked here[/] ({what}): their evidence is a Lean proof or a human review; "
                            "--sources and --ledger bind them to their origin, `lake build` checks the proofs.",
                            soft_wrap=True)
        from certibench.verify.recheck import release_manifest_names

        if path.is_file() and any(r.status != "failed" for r in rows) and not release_manifest_names(path):
            Console().print(f"[yellow]no release.json beside {path.name} names it[/]: its digest was not checked "
                            "(items added or removed with their certificates are caught only by what they say).",
                            soft_wrap=True)
        raise typer.Exit(EXIT_NOT_MET if counts.get("failed") else EXIT_OK)


def _certify_file(items_path: Path, json_out: Path | None, proofs: Path | None, budget: Any, names: tuple[str, ...],
                  jobs: int, ledger: Path | None, quiet: bool, console: Any, executor: Any = None) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from certibench import __version__
    from certibench.io import InputFileError, load_records
    from certibench.verify.certifier import CertifyItem, ItemVerdict, certify_items, rows_json, summarize
    from certibench.verify.proofs import write_proofs

    try:
        items, errors = load_records(items_path, CertifyItem)
    except InputFileError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    for err in errors[:20]:
        console.print(f"[yellow]skipped bad record[/] {err}")
    if len(errors) > 20:
        console.print(f"[yellow]… {len(errors) - 20} more bad records skipped[/]")
    n_pairs = sum(1 for it in items if not it.is_canonical)
    rows: list[ItemVerdict]
    if quiet or n_pairs == 0:
        rows = certify_items(items, jobs=jobs, budget=budget, backends=names, ledger=ledger, lean_dir=proofs,
                             executor=executor)
    else:
        from certibench.cli._common import progress_bar

        with progress_bar(
            console, TextColumn("[bold]certify[/]"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TextColumn("{task.fields[last]}"), transient=False,
        ) as bar:
            task = bar.add_task("certify", total=n_pairs, last="")

            def tick(_i: int, row: ItemVerdict) -> None:
                style = VERDICT_STYLE.get(row.verdict, "")
                bar.update(task, advance=1, last=f"[{style}]{row.verdict}[/] {row.id[:50]}")

            rows = certify_items(items, jobs=jobs, budget=budget, backends=names, ledger=ledger, progress=tick, lean_dir=proofs,
                                 executor=executor)
    summary = summarize(rows)
    met = sum(1 for r in rows if r.meets_tier)
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps({"items": rows_json(rows), "summary": summary}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if proofs is not None:
        write_proofs(proofs, rows_json(rows), command=f"certibench certify {items_path}", generator=f"certibench/{__version__}")
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
        for r in [r for r in rows if r.verdict in ("error", "refuted", "vacuous")][:10]:
            console.print(f"[{VERDICT_STYLE[r.verdict]}]{r.verdict}[/] {r.id}: {r.reason[:200]}", soft_wrap=True)
    else:
        console.print(" ".join(f"{k}={v}" for k, v in summary.items() if v) + f" | meets tier: {met}/{len(rows)}")
    if errors:
        console.print(f"[yellow]{len(errors)} bad record(s) were skipped[/]")
    ok = n_pairs > 0 and met == len(rows) and not errors
    raise typer.Exit(EXIT_OK if ok else EXIT_NOT_MET)
