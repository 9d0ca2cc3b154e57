"""How one screen speaks: language, players' names, plain mode.

One :class:`Voice` is made per game and passed to the game's words
(:mod:`herna.text.trumfosaur` and the others), so that

- seats are named the same way everywhere, numbered from 1 as players count
  them (the action strings keep the engine's 0-based seats), with the
  players' names where given: ``Seat 2``, ``Eva (seat 1)``, ``Eva (seat 1,
  you)``; in Czech ``Hráč 2``, ``Eva (hráč 1)``, and in a Czech case after
  a verb or preposition (``hráči 2``, ``hráče 2``);
- ``plain`` (screen readers and braille lines: ``herna play --plain`` and
  the web app) says in words what a symbol would say (``nothing`` for a
  dash; :meth:`Voice.clean` replaces the symbols that are read out badly:
  dashes, middle dots, arrows, ellipses, die faces, box drawing).

The terminal's :class:`herna.cli.style.Style` is a :class:`Voice` that also
draws with rich.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from herna.core.catalog import text

from .i18n import seat_name, t
from .spans import Line, Table, as_line


def join(items: Sequence[str], lang: str) -> str:
    """A list in words: ``Seat 1, Seat 2 and Seat 3`` (Czech ``a``); one item alone, ``""`` for none."""
    if len(items) <= 1:
        return "".join(items)
    return text(lang if lang in ("en", "cs") else "en", "{first} and {last}", first=", ".join(items[:-1]),
                last=items[-1])

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
_SYMBOLS = [
    (re.compile(r"\s*·\s*"), ", "),  # a middle dot between parts of a header
    (re.compile(r"\s*→\s*"), " to "),
    (re.compile(f"\\s*[{DIE_FACES}]+"), ""),
    (re.compile("[\u2500-\u257f]+"), " "),  # box drawing
    (re.compile("…"), "..."),  # an ellipsis, which some screen readers skip
    (re.compile(r"(?<=\d) ?[–−] ?(?=[-+]?\d)"), " to "),  # an en dash or minus between numbers: a range
    (re.compile("[–−]"), "-"),
    (re.compile(r"\s*±\s*"), " plus or minus "),
    (re.compile(r"Δ\s*"), "change in "),
    (re.compile(r"(?<=\d)σ"), " sigma"),  # a rating's spread: "1.96σ"
    (re.compile("σ"), "sigma"),
    (re.compile(r"\(\s+"), "("),
]
_ANY_SYMBOL = re.compile(f"[—–−±Δσ·→…{DIE_FACES}\u2500-\u257f]")
"""Whether a text has any symbol :meth:`Voice.clean` replaces (most lines have none)."""


def clean(text: str, lang: str = "en") -> str:
    """``text`` with the symbols plain mode avoids put in words: an em dash
    standing for nothing is the word (``none``, Czech ``nic``), a middle
    dot a comma, an arrow ``to``, a range ``1.2–3.4`` ``1.2 to 3.4``, an
    ellipsis three dots; die faces and box drawing go.

    >>> clean("Deal 1 · trick 2/10 · target 36")
    'Deal 1, trick 2/10, target 36'
    >>> clean("0.41–0.59")
    '0.41 to 0.59'
    >>> clean("mu ± 1.96σ")
    'mu plus or minus 1.96 sigma'
    """
    if not _ANY_SYMBOL.search(text):
        return text
    if "—" in text:
        text = text.replace("—", t("nothing", lang))
    for pattern, words in _SYMBOLS:
        text = pattern.sub(words, text)
    return text


YOU_CASES = {"dat": "tobě", "gen": "tebe"}
"""Czech "you" in the cases a seat takes after a verb or preposition."""


@dataclass(frozen=True)
class Voice:
    """The way one screen speaks.

    ``lang``: ``"en"`` or ``"cs"``. ``names``: per seat, the player's name
    or ``None`` (may be shorter than the table: missing names are ``None``).
    ``plain``: screen-reader mode (see the module docstring)."""

    lang: str = "en"
    plain: bool = False
    names: tuple = field(default=())
    numbers: bool = True
    """Whether a named seat's number goes with its name (``Eva (seat 1)``):
    the terminal, where an action names a seat by number; the web app's
    seat plates show names, so its words say the name alone (``Eva``)."""

    @classmethod
    def make(cls, lang: str = "en", plain: bool = False, names: Sequence[str | None] | None = None,
             numbers: bool = True):
        """A voice; ``names`` may be any sequence (blank names count as none)."""
        cleaned = tuple((name.strip() or None) if isinstance(name, str) else None for name in (names or ()))
        return cls(lang=lang, plain=plain, names=cleaned, numbers=numbers)

    # ----- seats ------------------------------------------------------------------------
    def name_of(self, seat: int) -> str | None:
        """The player's name of ``seat`` (0-based), or ``None``."""
        return self.names[seat] if 0 <= seat < len(self.names) else None

    def seat(self, seat: int, viewer: int | None = None, label: str | None = None) -> str:
        """``seat`` (0-based) as players read it: ``Seat 3``, ``Eva (seat 1)``;
        ``(you)`` when it is ``viewer``'s own, else the ``label`` (a bot's
        kind) if given; without :attr:`numbers` a named seat is its name
        alone (``Eva``, ``Eva (you)``)."""
        name = self.name_of(seat)
        if name and not self.numbers:
            extra = t("you", self.lang) if viewer is not None and seat == viewer else (label or "")
            return f"{name} ({extra})" if extra else name
        return seat_name(seat, self.lang, viewer, label, name)

    def short(self, seat: int) -> str:
        """``seat`` in as few words as a brief line takes: the player's name
        alone where given (``Eva``), else ``Seat 3`` (Czech ``Hráč 3``)."""
        return self.name_of(seat) or t("seat", self.lang, seat=seat + 1)

    def you_or_name(self, seat: int, viewer: int | None) -> str:
        """``you`` (Czech ``ty``) for ``viewer``'s own seat, else :meth:`short`:
        the words of a seat in a brief list (``you: 7, Eva: 12``)."""
        return t("you", self.lang) if seat == viewer else self.short(seat)

    def you_or_case(self, seat: int, viewer: int | None, case: str) -> str:
        """A seat as the object of a brief sentence: ``you`` (Czech ``tobě``
        in the dative, ``tebe`` in the genitive or accusative) for
        ``viewer``'s own, else the seat in the Czech ``case`` (``hráči 2
        (Eva)``, :meth:`seat_case`) or its short name in English."""
        if self.lang != "cs":
            return t("you", self.lang) if seat == viewer else self.short(seat)
        if seat == viewer:
            return YOU_CASES[case]
        return self.seat_case(seat, case)

    def order(self, seats: Sequence[int], viewer: int | None) -> list[int]:
        """``seats`` with ``viewer``'s own first (a brief line says your own result first)."""
        return sorted(seats, key=lambda s: (s != viewer, s))

    def scores(self, values: Sequence[int], viewer: int | None) -> str:
        """Per-seat numbers in a brief line, your own first: ``you: 7, Eva: 12,
        Seat 3: 3`` (a colon after each name: a seat's default name ends in a
        number, and ``Seat 3 3`` would read as one)."""
        return ", ".join(f"{self.you_or_name(s, viewer)}: {values[s]}" for s in self.order(range(len(values)), viewer))

    def say(self, seat: int, viewer: int | None, third: str, second: str, /, **fields) -> str:
        """A sentence about what ``seat`` did: the catalog message ``second``
        (``You play {card}.``) when ``seat`` is ``viewer``'s own, else
        ``third`` with ``{who}`` the seat's short name (``Eva plays {card}.``)."""
        if seat == viewer:
            return text(self.lang, second, **fields)
        return text(self.lang, third, who=self.short(seat), **fields)

    def seat_case(self, seat: int, case: str) -> str:
        """A seat in a Czech case after a verb or preposition (``dat``:
        ``hráči 2``, ``gen``: ``hráče 2``; a name follows in brackets, as a
        foreign name is not declined); in English the same as :meth:`seat`."""
        if self.lang != "cs":
            return self.seat(seat)
        word = {"dat": "hráči", "gen": "hráče"}[case] + f" {seat + 1}"  # declined, also with numbers off
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

    def clean(self, text: str) -> str:
        """``text`` without the symbols plain mode avoids (unchanged when not plain; :func:`clean`)."""
        return clean(text, self.lang) if self.plain else text

    # ----- tables ---------------------------------------------------------------------------
    def table(self, columns: Sequence[str], rows: Sequence[Sequence], title: str | None = None) -> Table:
        """A :class:`~herna.text.spans.Table` of ``rows`` (cells ``str`` or
        :class:`~herna.text.spans.Line`; a ``str`` is never markup)."""
        return Table(list(columns), [[as_line(cell) if isinstance(cell, Line) else Line(str(cell)) for cell in row]
                                     for row in rows], title)
