"""What happened, in words: the engine's events (:meth:`herna.core.State.events`)
turned into lines, brief and full, the same for every screen.

Each game's words module (its record's ``texts``, e.g.
:mod:`herna.text.trumfosaur`) has ``describe_event(event, viewer, voice)``
(the full lines of one event) and ``brief_events(events, viewer, voice)``
(the brief lines of each event, reading the events of one action together:
a trick's last card with its win, a roll with what its dice paid). This
module picks a game's module by its record, marks a player's move that had
no alternative (:func:`mark_automatic`, where that tells nobody anything
hidden: :func:`has_private_view`), and says every event in both verbosities
(:func:`said`).

Verbosities (:data:`VERBOSITIES`): ``brief`` is one short line per event
that matters (your own result first, no "does not reveal", one line per
roll and per finished trick, a deal or round end as one line of results and
totals); ``full`` keeps every detail (each card, each die, each coop, how
every score was made).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import ModuleType
from typing import Iterable, Sequence

from herna.core import State, record

from .declension import CASES
from .i18n import t
from .voice import Voice

VERBOSITIES = ("brief", "full")
"""How much a screen says of what happened: ``brief`` (the default) or ``full``."""


def check_verbosity(verbosity: str) -> str:
    """``verbosity`` if it is one of :data:`VERBOSITIES`, else ``ValueError`` naming them."""
    if verbosity not in VERBOSITIES:
        raise ValueError(f"unknown verbosity {verbosity!r}; choose one of: {', '.join(VERBOSITIES)}")
    return verbosity


@functools.cache
def words(game: str) -> ModuleType:
    """The words module of ``game`` (its record's ``texts``). ``ValueError`` for an unknown game."""
    module: ModuleType = record(game).load("texts")
    return module


def card_forms(game: str, lang: str) -> dict[str, list[str]]:
    """Card code -> its name in every case of :data:`herna.text.declension.CASES`
    (nominative first; ``{}`` for a game without cards): every form a line
    in ``lang`` may name a card by (``SPI4`` -> ``Špínosaurus 4``,
    ``Špínosaura 4``, ``Špínosaurovi 4``, ... in Czech), for a screen that
    declines names itself or a check that looks for a card in text."""
    hook = getattr(words(game), "card_names", None)
    if hook is None:
        return {}
    tables = [hook(lang, case) for case in CASES]
    return {code: list(dict.fromkeys(table[code] for table in tables)) for code in tables[0]}


def event_lines(game: str, event: dict, viewer: int | None, voice: Voice) -> list[str]:
    """The full lines of ``event`` as ``viewer`` (a seat, ``None``: a spectator) reads them."""
    return list(words(game).describe_event(event, viewer, voice))


def brief_lines(game: str, events: list[dict], viewer: int | None, voice: Voice) -> list[list[str]]:
    """The brief lines of each of ``events`` (a list per event, aligned; ``[]``
    for an event not said briefly). The events of one action (one ``seq``)
    are read together, so pass them whole."""
    return [list(lines) for lines in words(game).brief_events(events, viewer, voice)]


def has_private_view(state: State, seat: int) -> bool:
    """Whether ``seat`` sees something the spectator does not (a hand, a
    hidden card): then whether its move was forced tells the others about
    its hidden cards. Generic over games: compares the seat's view, less its
    ``seat`` key, with the spectator's."""
    own = dict(state.view(seat))
    own.pop("seat", None)
    return own != state.view(None)


def automatic(line: str, lang: str) -> str:
    """``line`` marked as the player's only legal move, made for them: after
    its first clause where the line goes on with what followed (``You play
    Saxosaurus 4 (automatic: ...); Eva takes the trick``), else at its end."""
    mark = f" ({t('automatic', lang)})"
    first, sep, rest = line.partition("; ")
    return f"{first}{mark}{sep}{rest}" if sep else line + mark


@dataclass(frozen=True)
class Said:
    """One event in words: its ``seq`` and ``kind``, its ``brief`` and
    ``full`` lines (either may be empty) and the ``event`` itself."""

    seq: int
    kind: str
    brief: tuple[str, ...]
    full: tuple[str, ...]
    event: dict

    def lines(self, verbosity: str) -> tuple[str, ...]:
        """The lines of this event in ``verbosity`` (``brief`` or ``full``)."""
        return self.brief if verbosity == "brief" else self.full


def said(game: str, events: list[dict], viewer: int | None, voice: Voice,
         forced: Iterable[int] = ()) -> list[Said]:
    """Every one of ``events`` in both verbosities, as ``viewer`` reads it;
    the first line said of each action in ``forced`` (its ``seq``: a move
    the engine made for a player, their only legal one) is marked
    :func:`automatic` in each verbosity."""
    module = words(game)
    briefs = module.brief_events(events, viewer, voice)
    out = []
    for event, brief in zip(events, briefs):
        out.append(Said(event["seq"], event["kind"], tuple(brief), tuple(module.describe_event(event, viewer, voice)),
                        event))
    return mark_automatic(out, set(forced), voice.lang)


def mark_automatic(items: Sequence[Said], forced: set[int], lang: str) -> list[Said]:
    """``items`` with the first brief and the first full line of each
    action in ``forced`` marked :func:`automatic` (each once), on a line
    about a seat (its event has a ``seat`` or a ``thief``), never on a summary
    such as a round's scores. An action
    said with what follows it (Kurník's ``roll``, said with its dice: ``You
    roll 5 and 3: ...``) marks instead the first line of the draw that
    follows it (the next ``seq``) when that line is about the same seat."""
    out = []
    marked: dict[str, set[int]] = {"brief": set(), "full": set()}
    waiting: dict[str, tuple[int, int | None] | None] = {"brief": None, "full": None}  # a forced action unsaid
    for item in items:
        brief, full = list(item.brief), list(item.full)
        seat = item.event.get("seat")
        # a line of a seat's doing (a play, a roll, a theft), never a summary of the whole table that the action
        # happened to end (Ugo!'s round scores after a forced last farmer)
        about_a_seat = "seat" in item.event or "thief" in item.event
        for name, lines in (("brief", brief), ("full", full)):
            if item.seq in forced and item.seq not in marked[name]:
                if lines and about_a_seat:  # the first line said of the action
                    lines[0] = automatic(lines[0], lang)
                    marked[name].add(item.seq)
                    waiting[name] = None
                else:
                    waiting[name] = (item.seq, seat)
            elif lines and (pending := waiting[name]) is not None:
                forced_seq, forced_seat = pending
                if (item.seq, seat) == (forced_seq + 1, forced_seat):
                    lines[0] = automatic(lines[0], lang)
                marked[name].add(forced_seq)
                waiting[name] = None
        out.append(Said(item.seq, item.kind, tuple(brief), tuple(full), item.event))
    return out
