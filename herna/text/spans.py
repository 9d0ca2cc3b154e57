"""Plain text with optional style spans: what herna/text hands to a screen.

A :class:`Line` is a string and a list of :class:`Span` (``start``, ``end``,
``role``): the words are complete without the spans (a screen reader, a
braille line or a log reads ``line.plain``), and a screen that can show
styles maps each *role* to a look. Roles name what a piece of text is
(``"heading"``, ``"dim"``, ``"bad"``, ``"species-SAX"``, ``"colour-red"``,
``"hens"``), never how it looks; :func:`look` gives the look, words from a
small vocabulary (``bold``, ``dim``, ``italic``, ``red``, ``green``, ...)
that the terminal passes to rich as a style and a web page may turn into a
CSS class. Each game's words module adds its own roles to :data:`LOOKS`.

A :class:`Table` is columns and rows of lines with an optional title; the
terminal draws it, and :meth:`Table.plain_lines` makes it one sentence-like
line per row (``Seat 1: total 3, last deal 2``) for screen readers, braille
lines and the web.

A *block* is a :class:`Line`, a :class:`Table` or a ``str``; a game's words
give a table or a readout as a list of blocks (:func:`plain_lines` flattens
them to strings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence, Union


@dataclass(frozen=True)
class Span:
    """``role`` applies to ``line.plain[start:end]``."""

    start: int
    end: int
    role: str


class Line:
    """A line of text with style spans; built like ``rich.text.Text``
    (:meth:`append`, :meth:`append_text`), read as :attr:`plain`.

    >>> line = Line("Your hand: ")
    >>> line.append("Saxosaurus 2", "species-SAX").plain
    'Your hand: Saxosaurus 2'
    >>> line.spans
    [Span(start=11, end=23, role='species-SAX')]
    """

    __slots__ = ("_parts", "_spans", "role")

    def __init__(self, text: str = "", role: str | None = None) -> None:
        """``text`` (a ``str``, never markup), with ``role`` over the whole
        line (including what is appended later) if given."""
        self._parts: list[str] = [str(text)] if text else []
        self._spans: list[Span] = []
        self.role = role or None

    @property
    def plain(self) -> str:
        """The words, without styles."""
        if len(self._parts) > 1:
            self._parts = ["".join(self._parts)]
        return self._parts[0] if self._parts else ""

    @property
    def spans(self) -> list[Span]:
        """The styled pieces (the whole-line :attr:`role` not among them)."""
        return list(self._spans)

    def append(self, text: str, role: str | None = None) -> "Line":
        """Add ``text`` (styled as ``role``, if given); returns the line."""
        text = str(text)
        if text:
            start = len(self.plain)
            self._parts.append(text)
            if role:
                self._spans.append(Span(start, start + len(text), role))
        return self

    def append_text(self, other: "Line | str") -> "Line":
        """Add another line with its spans (its whole-line role becomes a span)."""
        if isinstance(other, str):
            return self.append(other)
        start = len(self.plain)
        words = other.plain
        self._parts.append(words)
        if other.role and words:
            self._spans.append(Span(start, start + len(words), other.role))
        self._spans.extend(Span(s.start + start, s.end + start, s.role) for s in other.spans)
        return self

    def copy(self) -> "Line":
        out = Line(self.plain, self.role)
        out._spans = list(self._spans)
        return out

    def __str__(self) -> str:
        return self.plain

    def __len__(self) -> int:
        return len(self.plain)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return self.plain == other
        if isinstance(other, Line):
            return (self.plain, self.role, self._spans) == (other.plain, other.role, other._spans)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.plain)

    def __repr__(self) -> str:
        return f"Line({self.plain!r}{', ' + repr(self.role) if self.role else ''})"


def joined(items: Iterable[Line | str], separator: str = " ", empty: str = "") -> Line:
    """The ``items`` one after another, ``separator`` between them (``empty``
    when there are none), spans kept."""
    out = Line()
    for i, item in enumerate(items):
        if i:
            out.append(separator)
        out.append_text(item)
    return out if out.plain else Line(empty)


@dataclass
class Table:
    """A table of :class:`Line` cells: ``columns`` (header words; the first
    may be ``""``, a row's name), ``rows`` and an optional ``title``."""

    columns: Sequence[str]
    rows: list[list[Line]] = field(default_factory=list)
    title: str | None = None

    def plain_lines(self) -> list[Line]:
        """One line per row, as a sentence: ``first cell: column 2 value,
        column 3 value`` (empty cells left out), after the title if any.

        >>> Table(["", "total", "last"], [[Line("Seat 1"), Line("3"), Line("")]]).plain_lines()
        [Line('Seat 1: total 3')]
        """
        out = [Line(self.title, "heading")] if self.title else []
        for row in self.rows:
            line = Line()
            line.append_text(row[0])
            shown = [(column, cell) for column, cell in zip(self.columns[1:], row[1:]) if cell.plain]
            if shown:
                line.append(": ")
            for i, (column, cell) in enumerate(shown):
                line.append((", " if i else "") + (f"{column} " if column else ""))
                line.append_text(cell)
            out.append(line)
        return out


Block = Union[Line, Table, str]
"""What a game's words give a screen: a line, a table or plain text."""


def as_line(value: Line | str) -> Line:
    """``value`` as a :class:`Line` (a ``str`` is plain text)."""
    return value if isinstance(value, Line) else Line(str(value))


def plain_lines(blocks: Iterable[Block]) -> list[str]:
    """``blocks`` as plain strings, one per line (a table one per row; a
    ``str`` holding newlines gives several)."""
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Table):
            out.extend(line.plain for line in block.plain_lines())
        else:
            out.extend(str(block).split("\n"))
    return out


LOOKS: dict[str, str] = {
    "heading": "bold",
    "dim": "dim",
    "note": "italic",
    "bad": "red",
    "error": "red",
}
"""Role -> look (words: ``bold``, ``dim``, ``italic``, colour names). Each
game's words module adds the roles of its cards and pieces."""


def look(role: str) -> str:
    """The look of ``role`` (``""`` for a role without one)."""
    return LOOKS.get(role, "")
