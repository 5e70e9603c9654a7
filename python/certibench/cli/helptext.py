"""`--help` texts read well at any width.

Typer (rich markup mode) joins the hard-wrapped lines of a docstring's *first* paragraph
but keeps every line break of the later ones, so a docstring wrapped at 90 columns prints
mid-sentence breaks in an 80-column terminal.  :func:`reflow_app` rewrites the help of every
command and group once, when the CLI is assembled: lines of a paragraph are joined, while
lists (``-``, ``*``, ``1.``), indented blocks and paragraphs marked with ``\\b`` (click's
"keep as is") keep their line breaks.
"""

from __future__ import annotations

import inspect
import re

import typer

_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s")


def _keep_break_before(line: str) -> bool:
    return bool(_LIST_ITEM.match(line)) or line.startswith((" ", "\t"))


def reflow(text: str | None) -> str | None:
    """``text`` with the hard line breaks inside each paragraph removed (see module doc)."""
    if not text:
        return text
    text = inspect.cleandoc(text)
    head, sep, tail = text.partition("\f")  # click: nothing after \f is shown
    out: list[str] = []
    for para in head.split("\n\n"):
        if para.startswith("\b"):
            out.append(para)
            continue
        lines = para.split("\n")
        joined = [lines[0]]
        for line in lines[1:]:
            if _keep_break_before(line):
                joined.append(line)
            else:
                joined[-1] = joined[-1].rstrip() + " " + line.strip()
        out.append("\n".join(joined))
    return "\n\n".join(out) + sep + tail


def reflow_app(app: typer.Typer) -> None:
    """Reflow the help of ``app``, its commands and (recursively) its sub-groups, in place."""
    app.info.help = reflow(app.info.help if isinstance(app.info.help, str) else None) or app.info.help
    for cmd in app.registered_commands:
        doc = cmd.help if isinstance(cmd.help, str) else inspect.getdoc(cmd.callback) if cmd.callback else None
        if doc:
            cmd.help = reflow(doc)
    for group in app.registered_groups:
        if isinstance(group.help, str):
            group.help = reflow(group.help)
        sub = group.typer_instance
        if sub is not None:
            if isinstance(sub.info.help, str):
                sub.info.help = reflow(sub.info.help)
            elif sub.registered_callback is not None and sub.registered_callback.callback is not None:
                doc = inspect.getdoc(sub.registered_callback.callback)
                if doc and not isinstance(sub.registered_callback.help, str):
                    sub.registered_callback.help = reflow(doc)
            reflow_app(sub)
    cb = app.registered_callback
    if cb is not None and cb.callback is not None and not isinstance(cb.help, str):
        doc = inspect.getdoc(cb.callback)
        if doc:
            cb.help = reflow(doc)


__all__ = ["reflow", "reflow_app"]
