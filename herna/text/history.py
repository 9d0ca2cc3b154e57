"""Walking through what happened: a history of events a player steps back
and forward through, one at a time, or jumps to the start of the current
trick, turn or deal; and the score sheet read from the same events.

:class:`History` holds every event a viewer may see, in words
(:class:`herna.text.events.Said`), and a cursor. Stepping skips the events
with nothing to say in the chosen verbosity. Where a part of the game
starts is each game's knowledge: its words module's ``SECTIONS`` maps a
section (``trick``, ``deal``, ``round``, ``turn``) to the event kinds that
open one and the kinds that close one (:data:`herna.text.trumfosaur.SECTIONS`).

>>> from herna.text.events import Said
>>> h = History({"trick": (("card_played",), ("trick_won",))})
>>> h.extend([Said(1, "card_played", ("A",), ("A.",), {}), Said(2, "card_played", ("B",), ("B.",), {}),
...           Said(3, "trick_won", ("W",), ("W.",), {}), Said(4, "card_played", ("C",), ("C.",), {})])
>>> [h.back("brief").brief, h.back("brief").brief, h.forward("brief").brief]
[('W',), ('B',), ('W',)]
>>> h.start_of("trick", "brief").brief
('C',)
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .events import Said

SECTION_NAMES = ("trick", "deal", "round", "turn")
"""The sections a game may name in its ``SECTIONS``."""


class History:
    """Events in words and a cursor over them (the newest, until stepped
    back). ``sections``: the game's ``SECTIONS``."""

    def __init__(self, sections: dict[str, tuple[Sequence[str], Sequence[str]]] | None = None) -> None:
        self.items: list[Said] = []
        self.sections = dict(sections or {})
        self.cursor: int | None = None  # None: at the newest

    def extend(self, items: Iterable[Said]) -> None:
        """Add what happened next; the cursor goes back to the newest."""
        self.items.extend(items)
        self.cursor = None

    def _spoken(self, verbosity: str) -> list[int]:
        return [i for i, item in enumerate(self.items) if item.lines(verbosity)]

    def _at(self, verbosity: str) -> int | None:
        """The index of the item at the cursor (the newest with words when unmoved)."""
        spoken = self._spoken(verbosity)
        if not spoken:
            return None
        if self.cursor is None:
            return spoken[-1]
        before = [i for i in spoken if i <= self.cursor]
        return before[-1] if before else spoken[0]

    def current(self, verbosity: str) -> Said | None:
        """The entry at the cursor (the newest one with words, until stepped back)."""
        at = self._at(verbosity)
        return None if at is None else self.items[at]

    def back(self, verbosity: str) -> Said | None:
        """One entry back (stays at the first); ``None`` when nothing was said yet."""
        at = self._at(verbosity)
        if at is None:
            return None
        earlier = [i for i in self._spoken(verbosity) if i < at]
        self.cursor = earlier[-1] if earlier else at
        return self.items[self.cursor]

    def forward(self, verbosity: str) -> Said | None:
        """One entry forward (stays at the newest); ``None`` when nothing was said yet."""
        at = self._at(verbosity)
        if at is None:
            return None
        later = [i for i in self._spoken(verbosity) if i > at]
        self.cursor = later[0] if later else at
        return self.items[self.cursor]

    def at_newest(self, verbosity: str) -> bool:
        """Whether the cursor is at the newest entry with words."""
        spoken = self._spoken(verbosity)
        return not spoken or self._at(verbosity) == spoken[-1]

    def section_start(self, name: str) -> int | None:
        """The index of the first event of the current ``name`` section (the
        one in progress, or the one just closed when none has opened since);
        ``None`` when the game has no such section or none has opened yet."""
        if name not in self.sections:
            return None
        opens, closes = self.sections[name]
        end = len(self.items)
        if closes:
            last_close = max((i for i, item in enumerate(self.items) if item.kind in closes), default=-1)
            opened = [i for i in range(last_close + 1, end) if self.items[i].kind in opens]
            if opened:
                return opened[0]
            previous = max((i for i in range(last_close) if self.items[i].kind in closes), default=-1)
            opened = [i for i in range(previous + 1, last_close + 1) if self.items[i].kind in opens]
            return opened[0] if opened else None
        opened = [i for i, item in enumerate(self.items) if item.kind in opens]
        return opened[-1] if opened else None

    def start_of(self, name: str, verbosity: str) -> Said | None:
        """Move the cursor to the start of the current ``name`` section (the
        first entry there with words) and return that entry; ``None`` when
        there is none (the cursor stays)."""
        start = self.section_start(name)
        if start is None:
            return None
        spoken = [i for i in self._spoken(verbosity) if i >= start]
        if not spoken:
            return None
        self.cursor = spoken[0]
        return self.items[self.cursor]

    def position(self, verbosity: str) -> tuple[int, int]:
        """``(k, n)``: the cursor is at the k-th of n entries with words (1-based)."""
        spoken = self._spoken(verbosity)
        at = self._at(verbosity)
        return (spoken.index(at) + 1 if at is not None else 0), len(spoken)

    def last(self, n: int, verbosity: str) -> list[Said]:
        """The last ``n`` entries with words in ``verbosity``."""
        return [self.items[i] for i in self._spoken(verbosity)[-n:]]

    def whole(self, item: Said) -> list[str]:
        """Every line of ``item``'s action (the events of its ``seq``) in full
        (an event with no full line: its brief one): what "say it again" reads,
        e.g. a Kurník roll with what each die paid and the coop after it."""
        return [line for other in self.items if other.seq == item.seq for line in (other.full or other.brief)]


def score_sheet(module, events: Iterable[dict], unit: str, players: int, period: int | None = None) -> dict:
    """The score sheet read from the engine's ``events`` with the game's
    words module ``module`` (its ``sheet_row(event)``): ``{"unit": unit,
    "rows": [{"period", "scores", "totals"}], "totals": [per seat]}``
    (the shape of the web app's ``score_sheet``). A row whose event holds no
    period (Kurník's end of the game) takes ``period`` (the state's);
    ``totals`` are the last row's, or zeros before the first."""
    rows = []
    for event in events:
        row = module.sheet_row(event)
        if row is not None:
            number, scores, totals = row
            rows.append({"period": number if number is not None else period, "scores": scores, "totals": totals})
    return {"unit": unit, "rows": rows, "totals": list(rows[-1]["totals"]) if rows else [0] * players}
