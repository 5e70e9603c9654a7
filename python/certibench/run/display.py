"""Rich progress (one bar per model: done/total, rate, ETA, errors), the closing table, and
:func:`fit_table`: tables that never truncate a number.

Without a terminal (CI logs, pipes) rich lays tables out in 80 columns and, when they do
not fit, shortens cells to ``0.9…``.  :func:`fit_table` measures every cell first: text
columns (model names, item ids) may fold onto several lines, numeric cells never break;
when even that does not fit, the least important columns are left out (and named below
the table), and as a last resort the rows are printed one field per line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rich.console import Console, Group, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Column, Table
from rich.text import Text


class _RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("   -- req/s" if speed is None else f"{speed:6.1f} req/s", style="cyan")


class RunProgress:
    """Progress bars per model; a no-op when disabled (benchmarks, quiet runs)."""

    def __init__(self, console: Console | None = None, enabled: bool = True) -> None:
        self.enabled = enabled
        self.console = console or Console(stderr=True)
        self._tasks: dict[str, Any] = {}
        self._errors: dict[str, int] = {}
        self._progress: Progress | None = None
        if enabled:
            # the model name folds (at most 28 columns a line); the bar shrinks first; the
            # counts, rate, ETA and errors never do, so an 80-column log keeps every number
            keep = {"no_wrap": True, "overflow": "ignore"}
            self._progress = Progress(
                TextColumn("[bold]{task.description}", table_column=Column(max_width=28, overflow="fold")),
                BarColumn(bar_width=None, table_column=Column(ratio=1, min_width=4)),
                MofNCompleteColumn(table_column=Column(**keep)),  # type: ignore[arg-type]
                _RateColumn(table_column=Column(**keep)),  # type: ignore[arg-type]
                TextColumn("ETA", table_column=Column(**keep)),  # type: ignore[arg-type]
                TimeRemainingColumn(table_column=Column(**keep)),  # type: ignore[arg-type]
                TextColumn("[red]errors {task.fields[errors]}", table_column=Column(**keep)),  # type: ignore[arg-type]
                console=self.console,
                refresh_per_second=4,
            )

    def add(self, model: str, total: int, done: int = 0) -> None:
        self._errors[model] = 0
        if self._progress is not None:
            self._tasks[model] = self._progress.add_task(model, total=total + done, completed=done, errors=0)

    def advance(self, model: str, error: bool = False) -> None:
        if error:
            self._errors[model] = self._errors.get(model, 0) + 1
        if self._progress is not None:
            if error:
                self._progress.update(self._tasks[model], advance=1, errors=self._errors[model])
            else:
                self._progress.advance(self._tasks[model])

    def __enter__(self) -> RunProgress:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()


@dataclass(frozen=True)
class Col:
    """A column for :func:`fit_table`.

    ``text`` columns (names, ids) may fold onto several lines down to ``min_width``; other
    cells never break inside a word, so a number is never cut.  ``drop`` orders what goes
    first when the table is too wide: 0 = never dropped, higher = dropped earlier.
    ``note`` (e.g. ``"acc: official parser"``) joins the caption while the column is shown.
    """

    header: str
    justify: Literal["left", "right", "center"] = "right"
    text: bool = False
    drop: int = 0
    min_width: int = 10
    note: str | None = None  # explained under the table while the column is shown


#: width rich's default box adds per column (a space each side + one rule) and once per table
_CELL_OVERHEAD = 3
_TABLE_OVERHEAD = 1


def _plain(cell: str) -> str:
    return Text.from_markup(cell).plain


def _longest_token(cell: str) -> int:
    return max((Text(tok).cell_len for tok in _plain(cell).split()), default=0)


def _natural(cell: str) -> int:
    return max((Text(line).cell_len for line in _plain(cell).splitlines()), default=0)


def fit_table(
    columns: Sequence[Col],
    rows: Sequence[Sequence[str]],
    *,
    width: int,
    title: str | None = None,
    caption: str | None = None,
) -> RenderableType:
    """A table of ``rows`` (rich markup strings) that fits ``width`` without cutting a number.

    Columns with the highest ``drop`` go first while the table does not fit; the dropped
    ones are named under the table.  If it still does not fit, every row is printed as a
    block of ``header: value`` lines instead.
    """
    cols = list(columns)
    keep = list(range(len(cols)))

    def min_col(j: int) -> int:
        c = cols[j]
        cells = [r[j] for r in rows]
        tokens = max((_longest_token(x) for x in cells), default=0)
        head = _longest_token(c.header)
        if c.text:
            natural = max([_natural(x) for x in cells] + [head])
            return min(natural, max(c.min_width, head))
        return max(tokens, head)

    def need(idx: list[int]) -> int:
        return sum(min_col(j) + _CELL_OVERHEAD for j in idx) + _TABLE_OVERHEAD

    dropped: list[str] = []
    while need(keep) > width:
        cand = [j for j in keep if cols[j].drop > 0]
        if not cand:
            break
        j = max(cand, key=lambda j: (cols[j].drop, j))
        keep.remove(j)
        dropped.append(cols[j].header)
    note = f"not shown at this width ({width} columns): {', '.join(dropped)}" if dropped else None
    notes = " · ".join(cols[j].note or "" for j in keep if cols[j].note)
    caption = " · ".join(x for x in (notes, caption) if x) or None
    if need(keep) > width:  # last resort: one field per line, nothing cut
        blocks: list[RenderableType] = []
        if title:
            blocks.append(Text(title, style="italic"))
        for r in rows:
            for j, c in enumerate(cols):
                line = Text.from_markup(f"[bold]{c.header}:[/bold] ") + Text.from_markup(r[j])
                line.overflow = "fold"
                blocks.append(line)
            blocks.append(Text(""))
        if caption:
            blocks.append(Text(caption, style="dim"))
        return Group(*blocks)
    t = Table(title=title)
    for j in keep:
        c = cols[j]
        t.add_column(c.header, justify=c.justify, overflow="fold", min_width=min_col(j), no_wrap=not c.text)
    for r in rows:
        t.add_row(*(r[j] for j in keep))
    captions = [x for x in (caption, note) if x]
    if captions:
        t.caption = "\n".join(captions)
    return t


def pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def summary_table(
    summary: dict[str, dict[str, Any]],
    title: str = "certibench run",
    *,
    width: int = 80,
    baselines: dict[str, float | None] | None = None,
) -> RenderableType:
    """The closing table of a run; ``baselines`` adds each model's majority-class baseline
    (the accuracy of always giving the most frequent ground-truth answer) beside ``acc``."""
    cols = [Col("model", "left", text=True, min_width=24), Col("n"), Col("acc", note="acc: official parser")]
    if baselines is not None:
        cols.append(Col("majority", drop=2, note="majority: always the most frequent true answer"))
    cols += [
        Col("robust", drop=4, note="robust: stricter parser"),
        Col("maj@k", drop=5, note="maj@k: majority vote over samples"),
        Col("unparsed", drop=3),
        Col("errors"),
        Col("cached", drop=6),
    ]
    rows = []
    for model, s in summary.items():
        row = [model, str(s["responses"]), pct(s.get("accuracy"))]
        if baselines is not None:
            row.append(pct(baselines.get(model)))
        row += [
            pct(s.get("accuracy_robust")),
            pct(s.get("majority_accuracy")),
            str(s["parse_failures"]),
            f"[red]{s['errors']}[/red]" if s["errors"] else "0",
            str(s.get("cached", 0)),
        ]
        rows.append(row)
    return fit_table(cols, rows, width=width, title=title)
