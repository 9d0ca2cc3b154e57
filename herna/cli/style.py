"""How the terminal says things: seat names, tables, plain mode.

One :class:`Style` is made per game at the terminal (``herna play``) and
passed to the game renderers (``herna.cli.games.*``), so that

- seats are named the same way everywhere, numbered from 1 as players count
  them (the action strings keep the engine's 0-based seats), with the
  players' names where given: ``Seat 2``, ``Eva (seat 1)``, ``Eva (seat 1,
  you)``; in Czech ``Hráč 2``, ``Eva (hráč 1)``;
- ``plain`` (``herna play --plain``, for screen readers and braille lines)
  turns tables into one sentence-like line per row, drops symbols that are
  read out badly (dashes, middle dots, arrows, die faces) for words, and keeps
  lines at most :data:`PLAIN_WIDTH` characters (:meth:`Style.emit` is the one
  place that does it for everything printed).

User-typed text (names, answers echoed in errors) is always put in
:class:`rich.text.Text`, never parsed as rich markup.
"""

from __future__ import annotations

import io
import re
import textwrap
from dataclasses import dataclass, field
from typing import Sequence

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from .i18n import seat_name, t

PLAIN_WIDTH = 80
"""The longest line ``--plain`` prints (characters)."""

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
_SYMBOLS = [
    (re.compile(r"\s*·\s*"), ", "),  # a middle dot between parts of a header
    (re.compile(r"\s*→\s*"), " to "),
    (re.compile(f"\\s*[{DIE_FACES}]+"), ""),
    (re.compile("[\u2500-\u257f]+"), " "),  # box drawing
    (re.compile("…"), "..."),  # an ellipsis, which some screen readers skip
]
_ANY_SYMBOL = re.compile(f"[—·→…{DIE_FACES}\u2500-\u257f]")
"""Whether a text has any symbol :meth:`Style.clean` replaces (most lines have none)."""


@dataclass(frozen=True)
class Style:
    """The way one terminal game speaks.

    ``lang``: ``"en"`` or ``"cs"``. ``names``: per seat, the player's name
    or ``None`` (may be shorter than the table: missing names are ``None``).
    ``plain``: screen-reader mode (see the module docstring)."""

    lang: str = "en"
    plain: bool = False
    names: tuple = field(default=())

    @classmethod
    def make(cls, lang: str = "en", plain: bool = False, names: Sequence[str | None] | None = None) -> "Style":
        """A style; ``names`` may be any sequence (blank names count as none)."""
        cleaned = tuple((name.strip() or None) if isinstance(name, str) else None for name in (names or ()))
        return cls(lang=lang, plain=plain, names=cleaned)

    # ----- seats ------------------------------------------------------------------------
    def name_of(self, seat: int) -> str | None:
        """The player's name of ``seat`` (0-based), or ``None``."""
        return self.names[seat] if 0 <= seat < len(self.names) else None

    def seat(self, seat: int, viewer: int | None = None, label: str | None = None) -> str:
        """``seat`` (0-based) as players read it: ``Seat 3``, ``Eva (seat 1)``;
        ``(you)`` when it is ``viewer``'s own, else the ``label`` (a bot's
        kind) if given."""
        return seat_name(seat, self.lang, viewer, label, self.name_of(seat))

    def seat_case(self, seat: int, case: str) -> str:
        """A seat in a Czech case after a verb or preposition (``dat``:
        ``hráči 2``, ``gen``: ``hráče 2``; a name follows in brackets, as a
        foreign name is not declined); in English the same as :meth:`seat`."""
        if self.lang != "cs":
            return self.seat(seat)
        word = {"dat": "hráči", "gen": "hráče"}[case] + f" {seat + 1}"
        name = self.name_of(seat)
        return f"{word} ({name})" if name else word

    # ----- words for symbols ------------------------------------------------------------------
    @property
    def dash(self) -> str:
        """What stands for "nothing here": a dash, or the word in plain mode."""
        return t("nothing", self.lang) if self.plain else "—"

    @property
    def sep(self) -> str:
        """Between the parts of a header line."""
        return ", " if self.plain else " · "

    # ----- tables ---------------------------------------------------------------------------
    def table(self, columns: Sequence[str], rows: Sequence[Sequence], title: str | None = None):
        """A table (no box lines) or, in plain mode, one line per row:
        ``first cell: column 2 value, column 3 value, ...`` (empty cells left
        out). Cells may be ``str`` or :class:`Text`; a ``str`` is never read
        as markup."""
        cells = [[cell if isinstance(cell, Text) else Text(str(cell)) for cell in row] for row in rows]
        if self.plain:
            lines = [Text(title, style="bold")] if title else []
            for row in cells:
                line = Text()
                line.append_text(row[0])
                shown = [(column, cell) for column, cell in zip(columns[1:], row[1:]) if cell.plain]
                if shown:
                    line.append(": ")
                for i, (column, cell) in enumerate(shown):
                    line.append((", " if i else "") + (f"{column} " if column else ""))
                    line.append_text(cell)
                lines.append(line)
            return Group(*lines)
        table = Table(title=title, title_justify="left", show_header=True, header_style="bold", box=None,
                      pad_edge=False)
        for column in columns:
            table.add_column(Text(column))
        for row in cells:
            table.add_row(*row)
        return table

    # ----- the plain post-filter -----------------------------------------------------------
    def clean(self, text: str) -> str:
        """``text`` without the symbols plain mode avoids (unchanged when not plain)."""
        if not self.plain or not _ANY_SYMBOL.search(text):
            return text
        if "—" in text:
            text = text.replace("—", t("nothing", self.lang))
        for pattern, words in _SYMBOLS:
            text = pattern.sub(words, text)
        return text

    def emit(self, console: Console, renderable, style: str | None = None) -> None:
        """Print ``renderable`` (a ``str`` is plain text, never markup). In
        plain mode it is rendered without colour at most
        :data:`PLAIN_WIDTH` wide, cleaned of symbols and wrapped again."""
        if isinstance(renderable, str):
            renderable = Text(renderable, style=style or "")
        if not self.plain:
            console.print(renderable)
            return
        width = min(PLAIN_WIDTH, console.width or PLAIN_WIDTH)
        buffer = io.StringIO()
        Console(file=buffer, width=width, color_system=None, highlight=False, emoji=False,
                legacy_windows=False).print(renderable)
        out = []
        for line in self.clean(buffer.getvalue()).rstrip("\n").split("\n"):
            line = line.rstrip()
            out.extend(textwrap.wrap(line, width, subsequent_indent="  ") if len(line) > width else [line])
        console.print(Text("\n".join(out)), soft_wrap=True)
