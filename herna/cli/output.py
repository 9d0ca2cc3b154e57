"""The terminal's output streams and its one-line errors: ``console``
(stdout), ``err`` (stderr), :func:`fail` (``error: ...`` and an exit),
:func:`plain_console` (``--plain``'s stand-in for ``console``)."""

from __future__ import annotations

import os
from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

from .style import PlainConsole


def make_console(stderr: bool = False, markup: bool = False) -> Console:
    """A rich console; piped output (a file, a log) is 140 columns wide, so
    tables are not folded at 80 (set COLUMNS to choose).

    Without ``markup`` (herna's own consoles) every string is printed as it
    is: square brackets in user text (a path ``runs/r[x]``, a bot spec, a
    message) are never read as rich markup; styles come from ``Text``."""
    out = Console(stderr=stderr, highlight=False, soft_wrap=stderr, markup=markup)
    if not out.is_terminal and "COLUMNS" not in os.environ:
        out.width = 140
    return out


console = make_console()


err = make_console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``error: MESSAGE`` (plain text, never markup) to stderr and exit with ``code``."""
    err.print(Text.assemble(("error:", "red"), " ", str(message)))
    raise typer.Exit(code)


def plain_console(plain: bool):
    """Where a command prints its summary: the console, or with ``--plain``
    a :class:`herna.cli.style.PlainConsole` (tables one line per row, no
    box drawing, no symbols, never wrapped)."""
    return PlainConsole(console) if plain else console


def bold(text: str) -> Text:
    """``text`` in bold, as plain text (no markup)."""
    return Text(str(text), style="bold")


def options_text(options: dict) -> str:
    """A game's options as a run's header says them, in words a screen reader
    reads well (not JSON): ``players 3, master off, target_score 36``."""
    def value(v: object) -> str:
        if isinstance(v, bool):
            return "on" if v else "off"
        return "none" if v is None else str(v)
    return ", ".join(f"{name} {value(v)}" for name, v in options.items())
