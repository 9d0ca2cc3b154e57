"""How the terminal draws herna/text's words with rich.

A :class:`Style` is a :class:`herna.text.voice.Voice` (language, players'
names, plain mode: the words) that also draws the blocks the games' words
give (:mod:`herna.text.spans`: lines with style spans, tables) with rich:
each span's role gets its look (:func:`herna.text.spans.look`), a table is
drawn without box lines. In plain mode (``herna play --plain``, for screen
readers and braille lines) nothing is drawn: every line is printed as one
logical line, never wrapped (a braille line or a screen reader pans along
it), a table as one sentence-like line per row, without colour, leading
spaces or the symbols :func:`herna.text.voice.clean` puts in words;
:meth:`Style.emit` is the one place that does it for everything printed.

User-typed text (names, answers echoed in errors) is always plain text,
never parsed as rich markup.
"""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console, Group
from rich.table import Table as RichTable
from rich.text import Text

from herna.text.spans import Line, Table, look
from herna.text.voice import DIE_FACES, Voice, clean

__all__ = ["Style", "PlainConsole", "DIE_FACES", "clean", "rich_text", "to_rich", "plain_lines_of"]

_SPACES = re.compile(" {2,}")


def rich_text(line: Line | str, base: str = "") -> Text:
    """A :class:`~herna.text.spans.Line` as rich ``Text``, each span in its
    role's look (a ``str`` is plain text, never markup)."""
    if isinstance(line, str):
        return Text(line, style=base)
    out = Text(line.plain, style=" ".join(part for part in (base, look(line.role or "")) if part))
    for span in line.spans:
        style = look(span.role)
        if style:
            out.stylize(style, span.start, span.end)
    return out


def to_rich(block: Any) -> Any:
    """A block of herna/text (a line, a table, a ``str``, or a list of them)
    as a rich renderable; anything else (a rich renderable) as it is."""
    if isinstance(block, (Line, str)):
        return rich_text(block)
    if isinstance(block, Table):
        table = RichTable(title=block.title, title_justify="left", show_header=True, header_style="bold",
                          box=None, pad_edge=False)
        for column in block.columns:
            table.add_column(Text(column))
        for row in block.rows:
            table.add_row(*(rich_text(cell) for cell in row))
        return table
    if isinstance(block, (list, tuple)):
        return Group(*(to_rich(item) for item in block))
    return block


def plain_text(block: Any) -> list[str]:
    """A block as the lines plain mode prints: a table one line per row, a
    list its items' lines, a rich renderable its text."""
    if isinstance(block, (list, tuple)):
        return [line for item in block for line in plain_text(item)]
    if isinstance(block, Table):
        return [line.plain for line in block.plain_lines()]
    if isinstance(block, Line):
        return block.plain.split("\n")
    if isinstance(block, str):
        return block.split("\n")
    if isinstance(block, Text):
        return block.plain.split("\n")
    if isinstance(block, RichTable):
        return _rich_table_rows(block)
    console = Console(width=10_000, color_system=None, highlight=False, emoji=False, soft_wrap=True,
                      record=True, file=_Null())
    console.print(block)
    return console.export_text().rstrip("\n").split("\n")


def plain_lines_of(block: Any, lang: str = "en") -> list[str]:
    """What plain mode prints of ``block``: :func:`plain_text`, each line
    cleaned of symbols (:func:`herna.text.voice.clean`), without leading
    spaces or runs of spaces (nothing is lined up in columns)."""
    return [_SPACES.sub(" ", clean(line, lang).strip()) for line in plain_text(block)]


def _rich_table_rows(table: RichTable) -> list[str]:
    """A rich table as one sentence-like line per row (plain mode: no columns lined up with spaces)."""
    columns = [" ".join(str(getattr(column.header, "plain", column.header)).split()) for column in table.columns]
    cells = [[str(getattr(cell, "plain", cell)) for cell in column.cells] for column in table.columns]
    title = str(getattr(table.title, "plain", table.title)) if table.title else None
    rows = [[Line(column[r]) for column in cells] for r in range(table.row_count)]
    if columns and columns[0]:  # the first column's name goes with its cell: "seat 1: bot greedy, ..."
        rows = [[Line(f"{columns[0]} {row[0].plain}"), *row[1:]] for row in rows]
    return [line.plain for line in Table(columns, rows, title).plain_lines()]


class _Null(io.StringIO):
    """A console file that keeps nothing (the recording is what is read)."""

    def write(self, text: str) -> int:
        return len(text)


class Style(Voice):
    """A :class:`~herna.text.voice.Voice` that draws with rich (module docstring)."""

    def emit(self, console: Console, renderable: Any, style: str | None = None) -> None:
        """Print ``renderable`` (a block of herna/text, a rich renderable or a
        ``str``, which is plain text, never markup; ``style``: a rich style
        for a ``str``). In plain mode: without colour, one logical line per
        line (never wrapped), cleaned of symbols, without leading spaces."""
        if not self.plain:
            if isinstance(renderable, (str, Line, Text)):  # a line of words: wrapped by the terminal, not broken
                console.print(rich_text(renderable, style or "") if not isinstance(renderable, Text) else renderable,
                              soft_wrap=True)
            else:
                console.print(to_rich(renderable))
            return
        console.print(Text("\n".join(plain_lines_of(renderable, self.lang))), soft_wrap=True)


class PlainConsole:
    """A stand-in for a rich console in plain mode (``--plain`` of
    ``simulate``, ``arena``, ``analyze``): what is printed comes out as
    plain lines (a table one sentence-like line per row, no box drawing,
    no columns lined up with spaces, no symbols: :func:`herna.text.voice.clean`),
    one logical line each, never wrapped."""

    def __init__(self, console: Console, lang: str = "en") -> None:
        self.console, self.lang = console, lang

    def print(self, *objects: Any, **_: Any) -> None:
        lines = [line for item in objects for line in plain_lines_of(item, self.lang)]
        self.console.print(Text("\n".join(lines)), soft_wrap=True)
