"""Plain option values coerced without pydantic (start-up time of every command).

typer (0.2x) coerces every option value through a pydantic ``TypeAdapter`` that it builds
the first time the option is processed: importing pydantic and building the adapters of
one command costs ~0.1-0.2 s of CPU per process, a third of what ``certibench report``
needs for 10^5 responses.  :class:`FastGroup` (the class of the root group) gives each
parameter of the command being invoked a coercion that settles the plain cases itself:

* ``bool``: a boolean (or a missing value) is kept as is;
* ``str``: a string value is kept as is (what typer's ``_parse_cli_str`` returns);
* ``int`` (no ``clamp``): an ``int``, or a string of decimal digits with an optional
  ``-``, inside the option's ``min``/``max``;
* ``pathlib.Path`` (no ``path_type``/``allow_dash``): a non-empty string becomes a
  ``Path`` and goes through typer's own path checks (``coerce_cli_path``: ``exists``,
  ``dir_okay``, ``readable``, ...), which need no pydantic for a ``Path`` value.

Every other value - a number out of range, ``1_000``, an empty path, a float, a choice,
a list - goes to typer's own coercion, built on demand, so results and error messages are
typer's (tests/test_cli_main.py compares the two on every option of every command).
If typer's internals differ from what this module expects, nothing is changed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from typer.core import TyperGroup

try:  # typer internals; without them the options keep typer's coercion
    from typer._coercion import build_runtime_param
    from typer._param_types import coerce_cli_path
    from typer.core import _TyperParameter
except ImportError:  # pragma: no cover - another typer
    _TyperParameter = None  # type: ignore[assignment,misc]

_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")


class _PlainCoercion:
    """The coercion of one plain parameter; anything not plain goes to typer's."""

    def __init__(self, descriptor: Any, kind: str) -> None:
        self.descriptor = descriptor
        self.kind = kind
        self._typer: Any = None

    def typer_coercion(self) -> Any:
        if self._typer is None:
            self._typer = build_runtime_param(self.descriptor)
        return self._typer

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return None  # typer: a missing single value is None
        info = self.descriptor.parameter_info
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "str":
            if isinstance(value, str):
                return value
        elif self.kind == "int":
            v: int | None = None
            if type(value) is int:
                v = value
            elif isinstance(value, str) and _INT.fullmatch(value):
                v = int(value)
            if v is not None and (info.min is None or v >= info.min) and (info.max is None or v <= info.max):
                return v
        elif self.kind == "path" and isinstance(value, str | Path) and str(value):
            return coerce_cli_path(Path(value), info, path_type=self.descriptor.annotation, param=param, ctx=ctx)
        return self.typer_coercion().coerce(value, param=param, ctx=ctx)


def _kind(param: Any) -> str | None:
    desc = getattr(param, "type_descriptor", None)
    if desc is None or param.multiple or param.nargs != 1 or desc.file_annotation is not None:
        return None
    info = desc.parameter_info
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None) is not None:
        return None
    ann = desc.annotation
    if ann is bool:
        return "bool"
    if ann is str and desc.choices is None:
        return "str"
    if ann is int and not info.clamp:
        return "int"
    if (
        isinstance(ann, type)
        and issubclass(ann, Path)
        and info.path_type is None
        and not info.allow_dash
    ):
        return "path"
    return None


def _install_params(params: list[Any]) -> list[Any]:
    if _TyperParameter is None:  # pragma: no cover
        return params
    for param in params:
        if isinstance(param, _TyperParameter) and getattr(param, "_runtime_param", "") is None:
            kind = _kind(param)
            if kind is not None:
                param._runtime_param = _PlainCoercion(param.type_descriptor, kind)  # type: ignore[assignment]
    return params


def install(command: Any) -> None:
    """Plain coercion for the parameters of ``command`` and of its sub-commands, including
    the ``--help`` option click creates when the parameters are asked for."""
    if getattr(command, "_plain_coercion", False):
        return
    get_params = command.get_params
    command.get_params = lambda ctx: _install_params(get_params(ctx))
    command._plain_coercion = True
    for sub in (getattr(command, "commands", None) or {}).values():
        install(sub)


class FastGroup(TyperGroup):
    """The root group: its parameters, and those of a command when it is resolved, get
    :func:`install`'s coercion."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _install_params(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            install(cmd)
        return cmd


__all__ = ["FastGroup", "install"]
