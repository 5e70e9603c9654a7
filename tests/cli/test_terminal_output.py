"""Terminal output without a TTY (CI logs, pipes): rich lays out 80 columns there.  Numbers
are never cut (no `0.9…`): text columns fold, low-priority columns are dropped and named,
and as a last resort rows print one field per line.  `--help` of every command wraps its
docstring to the terminal instead of keeping the docstring's hard line breaks, and loses no
text to markup or ellipsis."""

from __future__ import annotations

import inspect
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from certibench.cli.helptext import reflow
from certibench.cli.main import app
from certibench.run.display import Col, fit_table, summary_table
from tests._metrics_synth import family_rate_items, random_responses, write_jsonl
from tests.helpers import REPO

LONG = "openai:some-provider/a-rather-long-model-name-2024-08-06"


def _render(renderable: object, width: int) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, force_terminal=False, color_system=None).print(renderable)
    return buf.getvalue()


# ----------------------------------------------------------------------------- fit_table


@pytest.mark.parametrize("width", [24, 32, 40, 50, 60, 80, 100, 140])
def test_fit_table_never_cuts_a_number(width: int) -> None:
    cols = [
        Col("model", "left", text=True, min_width=16),
        Col("accuracy"),
        Col("majority", drop=2),
        Col("Cochran p", drop=3),
        Col("errors", drop=1),
    ]
    rows = [[LONG, "0.912345", "0.863000", "1.23e-05", "12"], ["m", "0.5", "0.863000", "-", "0"]]
    out = _render(fit_table(cols, rows, width=width, title="t"), width)
    assert "…" not in out
    assert all(len(line) <= width for line in out.splitlines())
    tokens = set(re.findall(r"[\w.+-]+", out))
    for value in ("0.912345", "0.5"):  # accuracy is never dropped
        assert value in tokens
    for j, col in enumerate(cols):
        shown = rows[0][j] in tokens
        if not shown and not col.text:
            # a numeric column is either whole or left out, and then it is named
            assert col.drop > 0 and col.header.split()[0] in out
    # the model name is folded, never shortened: its characters are all there, in order
    body = [x for x in out.splitlines() if x.startswith("│")]
    if body:  # table layout: the first column's cells, read top to bottom
        first_col = "".join(x.split("│")[1].strip() for x in body)
    else:  # one field per line
        first_col = "".join(x.strip() for x in out.splitlines())
    assert LONG in first_col
    if width >= 80:
        assert "not shown" not in out and "1.23e-05" in tokens


def test_fit_table_drops_the_lowest_priority_first_and_says_so() -> None:
    cols = [Col("model", "left", text=True), Col("a"), Col("b", drop=1), Col("c", drop=2)]
    rows = [["m", "1.000000", "2.000000", "3.000000"]]
    # model 5 + three numbers of 8, each cell +3, +1: 42 columns for all, 31 without c, 20 without b too
    assert "not shown" not in _render(fit_table(cols, rows, width=42), 42)
    out = " ".join(_render(fit_table(cols, rows, width=41), 41).split())
    assert "3.000000" not in out and "2.000000" in out and "not shown at this width (41 columns): c" in out
    out = _render(fit_table(cols, rows, width=30), 30)
    assert "2.000000" not in out and "1.000000" in out and "c, b" in out


def test_run_summary_at_80_columns_keeps_every_number() -> None:
    summary = {
        LONG: {"responses": 2057, "accuracy": 0.91234, "accuracy_robust": 0.9, "majority_accuracy": 0.88,
               "parse_failures": 3, "errors": 1, "cached": 12},
        "local:SmolLM2-135M-Instruct": {"responses": 2057, "accuracy": 0.2731, "accuracy_robust": 0.15,
                                        "majority_accuracy": None, "parse_failures": 1003, "errors": 0, "cached": 0},
    }
    out = _render(summary_table(summary, width=80, baselines={LONG: 0.9086, "local:SmolLM2-135M-Instruct": 0.9086}), 80)
    assert "…" not in out and all(len(x) <= 80 for x in out.splitlines())
    for v in ("91.2%", "27.3%", "90.9%", "2057", "1003"):
        assert v in out
    assert "majority" in out


@pytest.mark.parametrize("width", [60, 80, 120])
def test_progress_bars_keep_counts_rate_eta_and_errors(width: int) -> None:
    from certibench.run.display import RunProgress

    buf = io.StringIO()
    progress = RunProgress(Console(file=buf, width=width, force_terminal=False, color_system=None))
    progress.add(LONG, 2057)
    progress.add("local:SmolLM2-135M-Instruct", 2000, done=57)
    with progress:
        for _ in range(1234):
            progress.advance(LONG)
        for k in range(2000):
            progress.advance("local:SmolLM2-135M-Instruct", error=k % 100 == 0)
    out = buf.getvalue()
    assert "…" not in out and all(len(x) <= width for x in out.splitlines())
    for token in ("1234/2057", "2057/2057", "errors 0", "errors 20", "req/s", "ETA"):
        assert token in out
    assert len(re.findall(r"\d+:\d\d:\d\d", out)) == 2


# ----------------------------------------------------------------------------- report CLI


@pytest.fixture(scope="module")
def report_inputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("term")
    items = family_rate_items(30, ["syntactic", "order", "unpack"])
    rows = []
    for it in items:
        d_ = it.model_dump(exclude_none=True)
        d_["ground_truth"] = "FALSE" if it.theorem_id in ("t3", "t7") else "TRUE"
        rows.append(d_)
    accs = {LONG: 0.91, "local:SmolLM2-135M-Instruct": 0.27, "m3": 0.6}
    return write_jsonl(d / "items.jsonl", rows), write_jsonl(d / "responses.jsonl", random_responses(items, accs, seed=4))


def _numbers(rep: dict) -> list[str]:
    out = []
    for v in rep["models"].values():
        for x in (v["accuracy"], v["baseline_majority"]["accuracy"], v["scr"], v["mean_ig"]):
            out.append("-" if x is None else f"{x:.3f}")
    return out


def test_report_cli_at_80_columns(report_inputs: tuple[Path, Path], tmp_path: Path) -> None:
    items_p, resp_p = report_inputs
    js = tmp_path / "r.json"
    r = CliRunner(env={"COLUMNS": "80"}).invoke(
        app, ["report", "--items", str(items_p), "--responses", str(resp_p), "--json", str(js), "--n-boot", "20", "--n-perm", "10"]
    )
    assert r.exit_code == 0, r.output
    rep = json.loads(js.read_text())
    assert "…" not in r.output
    for num in _numbers(rep):
        assert num in r.output
    assert "majority" in r.output


def test_report_piped_without_a_terminal(report_inputs: tuple[Path, Path], tmp_path: Path) -> None:
    """A real pipe: no TTY, no COLUMNS - rich falls back to 80 columns."""
    items_p, resp_p = report_inputs
    js = tmp_path / "r.json"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "TERM")}
    env["PYTHONPATH"] = str(REPO / "python") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, "-m", "certibench.cli.main", "report", "--items", str(items_p), "--responses", str(resp_p),
         "--json", str(js), "--n-boot", "20", "--n-perm", "10"],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout + proc.stderr
    rep = json.loads(js.read_text())
    assert "…" not in out
    for num in _numbers(rep):
        assert num in out
    assert max(len(line) for line in out.splitlines()) <= 80


# ----------------------------------------------------------------------------- --help


def _commands(cmd: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every command and group of the CLI (typer vendors its own click: duck-typed)."""
    out = [(path, cmd)]
    if isinstance(getattr(cmd, "commands", None), dict):
        for name, sub in sorted(cmd.commands.items()):
            out.extend(_commands(sub, (*path, name)))
    return out


ALL_COMMANDS = _commands(typer.main.get_command(app))


def test_reflow_joins_paragraph_lines_but_keeps_lists_and_marked_blocks() -> None:
    doc = """Title line.

    First paragraph wrapped
    by hand at a narrow width.

    - a list item
    - another one

    \b
    keep
      this layout
    """
    out = reflow(doc)
    assert out is not None
    paras = out.split("\n\n")
    assert paras[1] == "First paragraph wrapped by hand at a narrow width."
    assert paras[2] == "- a list item\n- another one"
    assert paras[3] == "\b\nkeep\n  this layout"


@pytest.mark.parametrize("path", [p for p, _ in ALL_COMMANDS], ids=lambda p: " ".join(p) or "certibench")
def test_help_wraps_to_the_terminal_and_loses_no_text(path: tuple[str, ...]) -> None:
    width = 80
    r = CliRunner(env={"COLUMNS": str(width)}).invoke(app, [*path, "--help"])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "…" not in out, "a help text was cut with an ellipsis"
    lines = out.splitlines()
    start = next(i for i, x in enumerate(lines) if x.strip().startswith("Usage:")) + 1
    end = next((i for i, x in enumerate(lines) if x.startswith(("╭", "+"))), len(lines))
    block = [x.strip() for x in lines[start:end]]
    # greedy wrapping: a line ends early only where the next word would not have fitted
    usable = width - 2  # rich pads the description by one column on each side
    for a, b in zip(block, block[1:], strict=False):
        if a and b and not re.match(r"^(?:[-*•]|\d+[.)])\s", b):
            assert len(a) + 1 + len(b.split()[0]) > usable, f"mid-sentence break after {a!r}"
    # every word of the (reflowed) docstring is on screen: nothing eaten as markup
    cmd = dict(ALL_COMMANDS)[path]
    doc = reflow(inspect.cleandoc(cmd.help or "")) or ""
    shown = " ".join(" ".join(block).split())
    for word in doc.partition("\f")[0].replace("\b", "").split():
        assert word in shown, f"{word!r} of the help text is not shown"
    # option help texts keep every word too (rich markup must not swallow [...] spans)
    panel = " ".join(x.strip("│ ") for x in lines[end:])
    for p in cmd.params:
        for word in (getattr(p, "help", None) or "").split():
            assert word.strip(".,;:()") in panel, f"{p.name}: {word!r} missing from --help"


def test_progress_off_a_terminal_prints_plain_lines_now_and_then() -> None:
    """Adversary round 31: `generate` on 488 statements with its output to a file printed
    nothing for 25 minutes (rich draws no bar off a terminal), so it looked hung.  Off a
    terminal a task prints a plain line at most every 30 s, and one when it completes."""
    import io

    from rich.console import Console

    from certibench.cli._common import LogProgress, progress_bar

    buf = io.StringIO()
    con = Console(file=buf, force_terminal=False, width=200)
    bar = progress_bar(con, transient=False)
    assert isinstance(bar, LogProgress)
    now = [0.0]
    bar._clock = lambda: now[0]  # type: ignore[method-assign]
    bar._start = 0.0
    with bar:
        t = bar.add_task("[bold]generate[/]", total=4, last="")
        for k, dt in enumerate((1.0, 40.0, 5.0, 1.0)):
            now[0] += dt
            bar.update(t, advance=1, last=f"[green]thm{k}[/]")
    lines = buf.getvalue().splitlines()
    assert lines == ["generate: 1/4 (25%) 0m01s  last: thm0", "generate: 2/4 (50%) 0m41s  last: thm1",
                     "generate: 4/4 (100%) 0m47s  last: thm3"], lines
    quiet = LogProgress(con, disable=True)
    q = quiet.add_task("x", total=1)
    quiet.update(q, advance=1)
    assert buf.getvalue().splitlines() == lines
