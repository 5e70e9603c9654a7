"""The entry point registers only the command it runs (start-up time), and the plain option
coercion (:mod:`certibench.cli._fastparams`) gives typer's own results and errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
import typer._coercion as typer_coercion  # noqa: E402  (the plain coercion hooks typer's runtime params)
from typer._click import Context  # noqa: E402  (typer vendors click)
from typer._click.exceptions import BadParameter  # noqa: E402

from certibench.cli import _fastparams
from certibench.cli import main as cli_main
from tests.helpers import REPO

ROOT = REPO


def _names(app: typer.Typer) -> set[str]:
    return set(typer.main.get_command(app).commands)


def test_every_command_maps_to_the_module_that_registers_it() -> None:
    everything: set[str] = set()
    for mod in cli_main.COMMAND_MODULES:
        got = _names(cli_main.build_app((mod,)))
        assert got == {c for c, m in cli_main.COMMANDS.items() if m == mod}, mod
        everything |= got
    assert everything == set(cli_main.COMMANDS) == _names(cli_main.app)
    assert set(cli_main.COMMANDS.values()) == set(cli_main.COMMAND_MODULES)


@pytest.mark.parametrize(
    ("argv", "module"),
    [
        (["report", "--items", "x"], "report"),
        (["audit"], "report"),
        (["recheck", "--help"], "certify"),
        (["score", "wemath"], "score"),
        ([], None),
        (["--help"], None),
        (["--version"], None),
        (["repot"], None),  # unknown: everything registered, typer names it
    ],
)
def test_command_module_picks_the_invoked_command(argv: list[str], module: str | None) -> None:
    assert cli_main.command_module(argv) == module


def _run_main(argv: list[str], code: str = "") -> subprocess.CompletedProcess[str]:
    """``main()`` in a fresh interpreter with ``argv``; prints the modules loaded after it."""
    script = (
        "import sys, json\n"
        f"sys.argv = ['certibench', *{argv!r}]\n"
        "from certibench.cli.main import main\n"
        "try:\n    main()\nexcept SystemExit as e:\n    rc = e.code\nelse:\n    rc = 0\n"
        "print('@@' + json.dumps({'rc': rc, 'mods': sorted(sys.modules)}))\n" + code
    )
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "python"), "COLUMNS": "120"})


def _loaded(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    line = next(x for x in proc.stdout.splitlines() if x.startswith("@@"))
    return json.loads(line[2:])


@pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
def test_report_process_imports_only_what_it_needs(tmp_path: Path, fmt: str) -> None:
    items = tmp_path / "items.jsonl"
    items.write_text("".join(
        json.dumps({"id": f"t{t}_{f}", "theorem_id": f"t{t}", "family": f, "ground_truth": "TRUE"}) + "\n"
        for t in range(8) for f in ("canonical", "syntactic", "order")
    ))
    resp = tmp_path / "r.jsonl"
    resp.write_text("".join(
        json.dumps({"item_id": f"t{t}_{f}", "model": f"m{m}", "parsed": "TRUE", "correct": (t + m) % 3 > 0}) + "\n"
        for m in range(3) for t in range(8) for f in ("canonical", "syntactic", "order")
    ))
    if fmt == "parquet":
        import pyarrow.parquet as pq
        rows = [json.loads(x) for x in resp.read_text().splitlines()]
        resp = tmp_path / "r.parquet"
        pq.write_table(pq.core.pa.table({k: [r[k] for r in rows] for k in rows[0]}), resp)
    out = tmp_path / "rep.json"
    proc = _run_main(["report", "--items", str(items), "--responses", str(resp), "--json", str(out)])
    info = _loaded(proc)
    assert info["rc"] == 0, proc.stderr
    assert json.loads(out.read_text())["meta"]["n_models"] == 3
    mods = set(info["mods"])
    for heavy in ("pydantic", "pandas", "scipy", "matplotlib", "sympy", "z3", "openai", "httpx", "pyarrow.compute",
                  "certibench.run.engine", "certibench.verify", "certibench.cli.run", "certibench.cli.certify"):
        assert heavy not in mods, heavy
    assert "certibench.cli.report" in mods


def test_help_and_unknown_commands_see_every_command() -> None:
    proc = _run_main(["--help"])
    assert _loaded(proc)["rc"] == 0
    for name in cli_main.COMMANDS:
        assert name in proc.stdout, name
    proc = _run_main(["report", "--help"])
    assert _loaded(proc)["rc"] == 0 and "--responses" in proc.stdout
    proc = _run_main(["repot"])
    assert _loaded(proc)["rc"] == 2 and "No such command" in proc.stderr


# ----------------------------------------------------------------------------- plain coercion
VALUES = ["0", "5", "-3", "42", "007", "+4", "1_000", " 7", "3.5", "abc", "", "x" * 3, "9" * 25, True, False, 3,
          "true", "no", "/", "/nonexistent/certibench-x", "relative/path.jsonl"]


def _params() -> list[tuple[str, Any]]:
    out = []

    def walk(cmd: Any, path: str) -> None:
        for p in cmd.params:
            if _fastparams._kind(p) is not None:
                out.append((f"{path} {p.name}", (cmd, p)))
        for name, sub in (getattr(cmd, "commands", None) or {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(typer.main.get_command(cli_main.app), "")
    return out


PARAMS = _params()


def _outcome(fn: Any) -> tuple[str, Any]:
    try:
        return "ok", fn()
    except BadParameter as exc:
        return "error", exc.format_message()


@pytest.mark.parametrize(("name", "cp"), PARAMS, ids=[n for n, _ in PARAMS])
def test_plain_coercion_agrees_with_typer(name: str, cp: tuple[Any, Any]) -> None:
    cmd, param = cp
    ctx = Context(cmd)
    plain = _fastparams._PlainCoercion(param.type_descriptor, _fastparams._kind(param))
    ref = typer_coercion.build_runtime_param(param.type_descriptor)
    for v in [*VALUES, None]:
        want = _outcome(lambda v=v: ref.coerce(v, param=param, ctx=ctx))
        got = _outcome(lambda v=v: plain.coerce(v, param=param, ctx=ctx))
        assert got == want, (name, v)
        if want[0] == "ok":
            assert type(got[1]) is type(want[1]), (name, v)


def test_plain_kinds_cover_the_common_options() -> None:
    kinds = {_fastparams._kind(p) for _, (_, p) in PARAMS}
    assert {"bool", "str", "int", "path"} <= kinds
    report = typer.main.get_command(cli_main.app).commands["report"]
    by_name = {p.name: _fastparams._kind(p) for p in report.params}
    assert by_name["items"] == "path" and by_name["n_boot"] == "int" and by_name["rule"] == "str"


def test_one_pair_with_proofs_is_a_usage_error_not_a_silent_no_op(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Adversary round 30: `certify --canonical … --paraphrase … --proofs DIR` wrote nothing
    and exited as if it had; `recheck DIR` then said the directory did not exist."""
    from typer.testing import CliRunner

    from certibench.cli.main import app as full_app

    args = ["certify", "--canonical", "theorem t (a b : ℕ) : a + b = b + a",
            "--paraphrase", "theorem t (a b : ℕ) : b + a = a + b"]
    res = CliRunner().invoke(full_app, [*args, "--proofs", str(tmp_path / "p")])
    assert res.exit_code == 2 and "--json FILE" in res.output, res.output
    assert not (tmp_path / "p").exists()
    res = CliRunner().invoke(full_app, [*args, "--json", str(tmp_path / "pair.json")])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(full_app, ["recheck", str(tmp_path / "pair.json")])
    assert res.exit_code == 0, res.output


def test_recheck_origins_options(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`recheck --sources/--ledger`: a missing path is a usage error (exit 2), a file that is
    not Lean is refused with its name, and the not-checkable evidence is listed after the
    counts with what would check it."""
    from typer.testing import CliRunner

    from certibench.cli.main import app as full_app
    from certibench.resources import release_items_path

    items = tmp_path / "items.jsonl"
    lines = release_items_path().read_text(encoding="utf-8").splitlines()[:2]  # a TRUE and a FALSE canonical
    items.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = CliRunner().invoke(full_app, ["recheck", str(items), "--sources", str(tmp_path / "nope")])
    assert res.exit_code == 2 and "--sources" in res.output and "nope" in res.output, res.output
    res = CliRunner().invoke(full_app, ["recheck", str(items), "--sources", str(items)])
    assert res.exit_code == 2 and "takes a .lean file" in res.output, res.output
    res = CliRunner().invoke(full_app, ["recheck", str(items), "--ledger", str(tmp_path / "none.jsonl")])
    assert res.exit_code == 2 and "none.jsonl" in res.output, res.output
    res = CliRunner().invoke(full_app, ["recheck", str(items)])
    assert res.exit_code == 0, res.output
    assert "ok 1" in res.output and "not-checkable 1" in res.output, res.output
    assert "not re-checked here (1 source)" in res.output, res.output


def test_round_50_inputs_and_outputs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Adversary round 50: an unwritable --json was found only after certifying everything (a
    traceback, the run lost); a paraphrase without `family` became a second canonical item and
    vanished from the output with rc 0; an empty file re-checked as success."""
    from typer.testing import CliRunner

    from certibench.cli.main import app as full_app

    items = tmp_path / "items.jsonl"
    rows = [
        {"id": "t0", "theorem_id": "t", "family": "canonical", "lean4_statement": "theorem t (a b : ℕ) : a + b = b + a"},
        {"id": "t1", "theorem_id": "t", "family": "notation", "lean4_statement": "theorem t (a b : ℕ) : b + a = a + b"},
        {"id": "t2", "theorem_id": "t", "lean4_statement": "theorem t (a b : ℕ) : a + b = b * a"},  # no family
    ]
    items.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    res = CliRunner().invoke(full_app, ["certify", str(items), "-j", "0", "--json", str(tmp_path)])
    assert res.exit_code == 2 and "is a directory" in " ".join(res.output.split()), res.output
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    res = CliRunner().invoke(full_app, ["certify", str(items), "-j", "0", "--json", str(tmp_path / "afile" / "o.json")])
    assert res.exit_code == 2 and "is a file" in " ".join(res.output.split()), res.output
    out = tmp_path / "o.json"
    res = CliRunner().invoke(full_app, ["certify", str(items), "-j", "0", "--json", str(out)])
    assert res.exit_code == 1, res.output
    got = {r["id"]: r for r in json.loads(out.read_text(encoding="utf-8"))["items"]}
    assert got["t1"]["verdict"] == "error" and "several canonical items with different statements" in got["t1"]["reason"]
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    res = CliRunner().invoke(full_app, ["recheck", str(empty)])
    assert res.exit_code == 2 and "no certificates" in " ".join(res.output.split()), res.output


def test_main_turns_an_os_error_into_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A path a command does not check itself (here `report --items` of a missing file) ends in
    one `error:` line and exit 2 through the console script, never a traceback."""
    res = subprocess.run([sys.executable, "-c", "import sys; from certibench.cli.main import main; sys.argv = "
                          f"['certibench', 'report', '--items', {str(tmp_path / 'missing.jsonl')!r}, '--responses', "
                          f"{str(tmp_path / 'r.jsonl')!r}]; main()"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 2, (res.returncode, res.stderr[-2000:])
    assert "Traceback" not in res.stderr and "missing.jsonl" in res.stderr, res.stderr[-2000:]
