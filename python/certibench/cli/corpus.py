"""`certibench corpus` — browse statement corpora, trace Lean repos, import benchmark files.

* ``corpus list [--area A] [--source bundled|PATH]`` — a table of statements.
* ``corpus show ID [--source ...]`` — every field of one statement.
* ``corpus stats [--source ...] [--json OUT]`` — counts per area/subarea and parse coverage.
* ``corpus concepts [--wemath NODES.json | --source ...] [--level N]`` — the concept tree.
* ``corpus trace --repo URL --commit REV [--out FILE]`` — LeanDojo trace (needs lean_dojo,
  a Lean toolchain and network; otherwise one sentence saying what is missing, exit 2).
* ``corpus import KIND PATH|hf:NAME --out ITEMS.jsonl`` — forminv, mathcheck, wemath,
  processbench or leandojo into certibench item JSONL.
* ``corpus import lean PATH.lean|DIR [--out STATEMENTS.jsonl]`` — theorems of real Lean 4
  sources, each closed over its context (namespaces, variables, opens); without ``--out``
  a summary is printed.

Exit status (the rule of every command): 0 success (bad records are reported and
skipped), 1 nothing usable / unknown id / ``--strict`` hit a bad record / a trace failed,
2 unreadable input, bad usage, or a needed tool or package missing on this machine.
The figures and records come from :mod:`certibench.corpus.statements` and
:mod:`certibench.corpus.imports`; this module only prints.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from certibench.cli._common import (
    EXIT_PROBLEMS,
    EXIT_USAGE,
    MAX_SHOWN_ERRORS,
    consoles,
    fail,
    report_record_errors,
    write_json,
)
from certibench.corpus.kinds import ImportKind

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from certibench.corpus.statements import StatementRow

corpus_app = typer.Typer(
    help=(
        "Statement corpora: list/show/stats over the bundled corpus, an item file or a LeanDojo export; "
        "trace a Lean repo with LeanDojo; import FormInv/MathCheck/We-Math/ProcessBench/LeanDojo files "
        "(or Hugging Face datasets) into item JSONL."
    ),
    no_args_is_help=True,
)

SOURCE_HELP = (
    "'bundled' (the project's Lean corpus), an item JSONL/JSON file, a LeanDojo export file/directory, "
    "or Lean sources (a .lean file or a directory of them)."
)


def register(app: typer.Typer) -> None:
    app.add_typer(corpus_app, name="corpus")


# --------------------------------------------------------------------------- helpers
def _load_rows(source: str, err: Console) -> tuple[list[StatementRow], str]:
    from certibench.corpus.statements import load_statement_rows
    from certibench.io import InputFileError

    try:
        rows, errors, label = load_statement_rows(source)
    except InputFileError as exc:
        fail(err, exc, EXIT_USAGE)
    report_record_errors(err, label, errors, len(rows) + len(errors), strict_hint=False)
    return rows, label


def _short(text: str | None, width: int = 90) -> str:
    if not text:
        return "—"
    one = " ".join(text.split())
    return one if len(one) <= width else one[: width - 1] + "…"


# --------------------------------------------------------------------------- list / show / stats
@corpus_app.command("list")
def list_cmd(
    area: str | None = typer.Option(None, "--area", "-a", help="Only statements of this area (case-insensitive)."),
    source: str = typer.Option("bundled", "--source", "-s", help=SOURCE_HELP),
    limit: int = typer.Option(0, "--limit", "-n", min=0, help="Show at most N rows (0 = all)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON lines instead of a table."),
) -> None:
    """List statements with their area, topic and statement text."""
    from rich.table import Table

    out, err = consoles()
    rows, label = _load_rows(source, err)
    if area:
        want = area.strip().casefold()
        rows = [r for r in rows if (r.area or "").casefold() == want]
    shown = rows[:limit] if limit else rows
    if as_json:
        for r in shown:
            typer.echo(json.dumps({"id": r.id, "area": r.area, "subarea": r.subarea, "topic": r.topic,
                                   "statement": r.statement, "nl": r.nl}, ensure_ascii=False))
        return
    table = Table(title=f"{label}: {len(rows)} statement(s)" + (f" in area {area!r}" if area else ""))
    table.add_column("id", overflow="fold", style="cyan")
    table.add_column("area")
    table.add_column("subarea")
    table.add_column("statement", overflow="fold")
    for r in shown:
        table.add_row(r.id, r.area or "—", r.subarea or "—", _short(r.statement or r.nl))
    out.print(table)
    if limit and len(rows) > limit:
        out.print(f"… {len(rows) - limit} more (use --limit 0 for all)")


@corpus_app.command("show")
def show_cmd(
    statement_id: str = typer.Argument(..., metavar="ID", help="Statement / item id (exact, or a unique case-insensitive match)."),
    source: str = typer.Option("bundled", "--source", "-s", help=SOURCE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the record as JSON."),
) -> None:
    """Show every field of one statement."""
    from rich.panel import Panel
    from rich.table import Table

    from certibench.corpus.statements import find_statement, statement_record

    out, err = consoles()
    rows, label = _load_rows(source, err)
    r, near = find_statement(rows, statement_id)
    if r is None:
        hint = f" Did you mean: {', '.join(near)}?" if near else ""
        fail(err, f"no statement with id {statement_id!r} in {label}.{hint}", EXIT_PROBLEMS)
    record = statement_record(r)
    if as_json:
        typer.echo(json.dumps(record, ensure_ascii=False, indent=2, default=str))
        return
    table = Table(show_header=False, box=None)
    table.add_column("field", style="bold")
    table.add_column("value", overflow="fold")
    for k, v in record.items():
        if v is None:
            continue
        text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
        table.add_row(k, text)
    out.print(Panel(table, title=r.id, subtitle=label))


@corpus_app.command("stats")
def stats_cmd(
    source: str = typer.Option("bundled", "--source", "-s", help=SOURCE_HELP),
    json_out: Path | None = typer.Option(None, "--json", help="Also write the figures as JSON to this file."),
) -> None:
    """Counts per area and subarea, and Lean-parser coverage of the statements."""
    from rich.table import Table

    from certibench.corpus.statements import corpus_stats

    out, err = consoles()
    rows, label = _load_rows(source, err)
    with err.status(f"parsing the statements of {label}"):
        st = corpus_stats(rows, label)
    t1 = Table(title=f"{label}: {st.total} statement(s), {st.with_statement} with a Lean statement")
    t1.add_column("area")
    t1.add_column("statements", justify="right")
    t1.add_column("share", justify="right")
    for a, n in sorted(st.areas.items(), key=lambda kv: (-kv[1], kv[0])):
        t1.add_row(a, str(n), f"{n / st.total:.1%}")
    out.print(t1)
    t2 = Table(title="per area / subarea")
    t2.add_column("area")
    t2.add_column("subarea")
    t2.add_column("statements", justify="right")
    for key, n in st.subareas.items():
        a, _, sub = key.partition("/")
        t2.add_row(a, sub, str(n))
    out.print(t2)
    cov, distinct = st.parse_coverage, st.parse_coverage_distinct
    tot, ok = cov["total"], cov["parsed"]
    out.print(f"parse coverage: {ok}/{tot} = {ok / tot:.1%}" if tot else "parse coverage: no statements to parse")
    if distinct["total"] != tot and distinct["total"]:
        out.print(f"parse coverage over distinct statements: {distinct['parsed']}/{distinct['total']} = "
                  f"{distinct['parsed'] / distinct['total']:.1%}")
    for f in distinct["failed"][:MAX_SHOWN_ERRORS]:
        out.print(f"  [red]✗[/] {f['id']}: ", end="")
        out.print(f["error"], markup=False, soft_wrap=True)
    if len(distinct["failed"]) > MAX_SHOWN_ERRORS:
        out.print(f"  … and {len(distinct['failed']) - MAX_SHOWN_ERRORS} more")
    write_json(json_out, st.model_dump(mode="json"))


@corpus_app.command("concepts")
def concepts_cmd(
    wemath: Path | None = typer.Option(None, "--wemath", help="We-Math knowledge_structure_nodes.json: show its concept hierarchy."),
    source: str = typer.Option("bundled", "--source", "-s", help=SOURCE_HELP + " Used when --wemath is not given."),
    level: int | None = typer.Option(None, "--level", min=0, help="Only show nodes down to this level (root = 0)."),
) -> None:
    """Show a knowledge-concept tree (We-Math hierarchy, or area/subarea/concept of a corpus)."""
    from rich.tree import Tree

    from certibench.corpus.concepts import ConceptTree, ConceptTreeError

    out, err = consoles()
    try:
        if wemath is not None:
            tree = ConceptTree.from_wemath(wemath)
            label = str(wemath)
        else:
            rows, label = _load_rows(source, err)
            if not rows:
                fail(err, f"{label} has no statements", EXIT_PROBLEMS)
            tree = ConceptTree.from_topics(r.topic_path for r in rows)
    except ConceptTreeError as exc:
        fail(err, exc, EXIT_USAGE if "cannot read" in str(exc) else EXIT_PROBLEMS)

    def add(node: Any, parent: Tree) -> None:
        for child in tree.children(node):
            n = len(tree.leaves_under(child))
            branch = parent.add(f"{tree.label(child)} [dim]({n})[/]" if not tree.is_leaf(child) else tree.label(child))
            if level is None or tree.level(child) < level:
                add(child, branch)

    root = tree.root
    top = Tree(f"[bold]{tree.label(root)}[/] [dim]({len(tree.leaves())} leaves, depth {tree.depth}; {label})[/]")
    if level is None or level > 0:
        add(root, top)
    out.print(top)


# --------------------------------------------------------------------------- trace
@corpus_app.command("trace")
def trace_cmd(
    repo: str = typer.Option(..., "--repo", help="Git URL of a Lean 4 repository (e.g. the mathlib4 repository of leanprover-community on GitHub)."),
    commit: str = typer.Option(..., "--commit", help="Commit hash or tag to trace."),
    out_file: Path | None = typer.Option(None, "--out", "-o", help="Write the theorems as JSON (LeanDojo Benchmark-4-like records)."),
    items_out: Path | None = typer.Option(None, "--items", help="Also write them as certibench item JSONL."),
    with_tactics: bool = typer.Option(False, "--with-tactics", help="Include traced tactics and states (large)."),
    build_deps: bool = typer.Option(False, "--build-deps", help="Also trace the repository's dependencies."),
) -> None:
    """Trace a Lean repo with LeanDojo and extract its theorem statements.

    Needs the lean_dojo package, a Lean 4 toolchain (elan/lake/lean) and network access;
    where any is missing it says so in one sentence and exits with status 2.
    """
    from certibench.corpus.leandojo import LeanUnavailableError, TraceError, theorem_to_item, trace_repo

    out, err = consoles()
    try:
        with err.status(f"tracing {repo} at {commit} with LeanDojo (the first trace builds the repo; this can take hours)"):
            theorems = trace_repo(repo, commit, build_deps=build_deps, with_tactics=with_tactics)
    except LeanUnavailableError as exc:
        fail(err, exc, EXIT_USAGE)
    except TraceError as exc:
        fail(err, exc, EXIT_PROBLEMS)
    records = [t.model_dump(mode="json", exclude_none=True) for t in theorems]
    if out_file is not None:
        write_json(out_file, records, indent=1)
    else:
        for r in records:
            typer.echo(json.dumps(r, ensure_ascii=False))
    if items_out is not None:
        from certibench.io import write_jsonl

        write_jsonl(items_out, (theorem_to_item(t) for t in theorems))
    with_stmt = sum(1 for t in theorems if t.statement)
    err.print(f"traced {len(theorems)} theorem(s) from {repo} at {commit}; {with_stmt} with a statement", highlight=False)


# --------------------------------------------------------------------------- import
@corpus_app.command("import")
def import_cmd(
    kind: ImportKind = typer.Argument(..., metavar="KIND", help="Source format: forminv, mathcheck, wemath, processbench, leandojo, or lean (real .lean sources)."),
    source: str = typer.Argument(..., metavar="PATH", help="Local file (or LeanDojo export directory, or for lean a .lean file or a directory of them), or a Hugging Face dataset as hf:owner/name."),
    out_file: Path | None = typer.Option(None, "--out", "-o", help="Where to write the items (JSONL); for lean, the statements (JSONL; omit it for a summary only)."),
    split: str | None = typer.Option(None, "--split", help="Dataset split (Hugging Face sources; ProcessBench subset)."),
    config: str | None = typer.Option(None, "--config", help="Hugging Face dataset configuration."),
    strict: bool = typer.Option(False, "--strict", help="Stop (exit 1) at the first bad record instead of skipping it."),
    provenance: Path | None = typer.Option(None, "--provenance", help="lean: a provenance sidecar JSON file or a README with a path/commit table (default: looked up next to PATH and above it, then git)."),
    additive: bool = typer.Option(False, "--additive", help="lean: also emit the additive twin (to_additive attribute) of each theorem."),
    auto_implicit: bool | None = typer.Option(None, "--auto-implicit/--no-auto-implicit", help="lean: whether the project has autoImplicit on (free single-letter names become {x} binders); default: what the Lake project's lakefile says, off outside a Lake project (as in Mathlib)."),
    legacy_vars: bool = typer.Option(False, "--legacy-vars", help="lean: sources for Lean < 4.11, where variables used only in a proof were hypotheses of the theorem."),
) -> None:
    """Convert a supported benchmark file into certibench item JSONL.

    ``lean``: read theorems of real Lean 4 sources in their context (namespaces, sections, variables, opens, attributes) and write each as a closed statement with file, line, qualified name and provenance (commit, licence).

    Bad records are reported with file, line and field and skipped; the rest is written.
    """
    from certibench.corpus.hf import HFLoadError, MissingDependencyError
    from certibench.corpus.imports import import_items, import_summary
    from certibench.io import InputFileError, write_jsonl

    out, err = consoles()
    if kind is ImportKind.lean:
        _import_lean(Path(source), out_file, provenance, additive, auto_implicit, legacy_vars, strict, out, err)
        return
    if out_file is None:
        fail(err, f"corpus import {kind.value} needs --out ITEMS.jsonl", EXIT_USAGE)
    try:
        items, errors = import_items(kind, source, split=split, config=config)
    except InputFileError as exc:
        fail(err, exc, EXIT_USAGE)
    except MissingDependencyError as exc:
        fail(err, exc, EXIT_USAGE)
    except HFLoadError as exc:
        fail(err, exc, EXIT_PROBLEMS)
    if errors and strict:
        fail(err, errors[0], EXIT_PROBLEMS)
    report_record_errors(err, source, errors, len(items) + len(errors))
    if not items:
        fail(err, f"no items could be read from {source}", EXIT_PROBLEMS)
    n = write_jsonl(out_file, items)
    classes, protocols = import_summary(items)
    summary = ", ".join(f"{k}: {v}" for k, v in protocols.items())
    out.print(f"wrote {n} item(s) in {classes} equivalence class(es) to {out_file} ({summary})", markup=False, soft_wrap=True)


def _import_lean(
    source: Path, out_file: Path | None, provenance: Path | None, additive: bool, auto_implicit: bool | None,
    legacy_vars: bool, strict: bool, out: Console, err: Console,
) -> None:
    """``corpus import lean``: load, report, write (the logic is in corpus.lean_source)."""
    from rich.progress import Progress
    from rich.table import Table

    from certibench.corpus.lean_source import load_lean_source
    from certibench.io import InputFileError, write_jsonl

    try:
        with Progress(console=err, transient=True) as prog:
            task = prog.add_task(f"reading {source}", total=None)

            def tick(k: int, n: int, label: str) -> None:
                prog.update(task, completed=k, total=n, description=label[-60:] or "done")

            imp = load_lean_source(
                source, provenance=provenance, additive=additive, auto_implicit=auto_implicit,
                section_vars="legacy" if legacy_vars else "lean4", progress=tick,
            )
    except InputFileError as exc:
        fail(err, exc, EXIT_USAGE)
    skipped = [d for d in imp.declarations if d.skipped_reason]
    if strict and (imp.errors or skipped):
        fail(err, imp.errors[0] if imp.errors else f"{skipped[0].file}:{skipped[0].line}: {skipped[0].skipped_reason}",
             EXIT_PROBLEMS)  # fmt: skip
    report_record_errors(err, str(source), imp.errors, len(imp.files) + len(imp.errors))
    table = Table(title=f"{source}: Lean declarations")
    table.add_column("")
    table.add_column("count", justify="right")
    for k, v in imp.counts().items():
        table.add_row(k, str(v))
    out.print(table)
    out.print(f"autoImplicit {'on' if imp.auto_implicit else 'off'}: {imp.auto_implicit_from}", markup=False)
    for d in skipped[:MAX_SHOWN_ERRORS]:
        err.print(f"  not closed: {d.file}:{d.line} {d.full_name}: {d.skipped_reason}", markup=False, soft_wrap=True)
    if len(skipped) > MAX_SHOWN_ERRORS:
        err.print(f"  … and {len(skipped) - MAX_SHOWN_ERRORS} more (see skipped_reason in the output)")
    if not imp.declarations:
        fail(err, f"no theorem or lemma found in {source}", EXIT_PROBLEMS)
    if out_file is not None:
        n = write_jsonl(out_file, imp.declarations)
        out.print(f"wrote {n} statement(s) to {out_file}", markup=False, soft_wrap=True)
