"""Rich progress (one bar per model: done/total, rate, ETA, errors) and the closing table."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
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
            self._progress = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                _RateColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                TextColumn("[red]errors {task.fields[errors]}"),
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


def summary_table(summary: dict[str, dict[str, Any]], title: str = "certibench run") -> Table:
    t = Table(title=title)
    for col, just in (
        ("model", "left"),
        ("n", "right"),
        ("acc", "right"),
        ("robust", "right"),
        ("maj@k", "right"),
        ("unparsed", "right"),
        ("errors", "right"),
        ("cached", "right"),
    ):
        t.add_column(col, justify=just, no_wrap=col != "model")  # type: ignore[arg-type]
    t.caption = "acc: official parser · robust: stricter parser · maj@k: majority vote over samples"

    def pct(x: float | None) -> str:
        return "—" if x is None else f"{100 * x:.1f}%"

    for model, s in summary.items():
        t.add_row(
            model,
            str(s["responses"]),
            pct(s.get("accuracy")),
            pct(s.get("accuracy_robust")),
            pct(s.get("majority_accuracy")),
            str(s["parse_failures"]),
            f"[red]{s['errors']}[/red]" if s["errors"] else "0",
            str(s.get("cached", 0)),
        )
    return t
