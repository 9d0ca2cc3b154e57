"""Words the trick-taking games share (Trumfosaur, Ugo!): a card by name
with its span role, a card played, a finished trick in one line.

A game passes its own ``name_of(card, lang, case)`` (its card names and
their Czech cases) and ``role_of(card)`` (a card's span role); nothing here
knows a game's cards.
"""

from __future__ import annotations

from typing import Callable

from herna.core.catalog import N_, text

from .cards import styled_cards
from .spans import Line
from .voice import Voice

NameOf = Callable[[str, str, str], str]
"""``name_of(card, lang, case)``: a card code's name in a language and a case."""


def card_line(card: str | None, st: Voice, name_of: NameOf, role_of: Callable[[str], str], dash: str = "—") -> Line:
    """One card by name, with its span role (``dash`` for none)."""
    if card is None:
        return Line(dash)
    return Line(name_of(card, st.lang, "nominative"), role_of(card))


def cards_line(cards: list[str], st: Voice, name_of: NameOf, role_of: Callable[[str], str], dash: str = "—") -> Line:
    """Cards by name, separated by commas, each with its span role (``dash`` for none)."""
    return styled_cards(cards, lambda card: name_of(card, st.lang, "nominative"), role_of, dash)


def played(e: dict, viewer: int | None, st: Voice, name_of: NameOf) -> str:
    """A ``card_played`` event in one short line: ``Eva plays Saxosaurus 5.``,
    ``You play red 3.`` (Czech: the accusative, ``Hraješ červenou 3.``)."""
    return st.say(e["seat"], viewer, N_("{who} plays {card}."), N_("You play {card}."),
                  card=name_of(e["card"], st.lang, "accusative"))


def trick_taken(winner: int, card: str, last: dict | None, viewer: int | None, st: Voice, name_of: NameOf) -> str:
    """A finished trick in one line (T-4.5, U-3.2): ``winner`` took it with
    ``card``; ``last`` is the trick's last ``card_played`` event when it came
    with the win (one action): ``Eva plays Saxosaurus 9 and takes the
    trick.``, ``Tom plays Aquasaurus 2; Eva takes the trick with trump.``,
    ``Hráč 3 hraje Saxosaura 2; bereš štych trumfem.``"""
    lang = st.lang
    if last is not None and last["seat"] == winner:
        return st.say(winner, viewer, N_("{who} plays {card} and takes the trick."),
                      N_("You play {card} and take the trick."), card=name_of(last["card"], lang, "accusative"))
    took = st.say(winner, viewer, N_("{who} takes the trick with {card}."), N_("You take the trick with {card}."),
                  card=name_of(card, lang, "instrumental"))
    if last is None:
        return took
    if winner == viewer:  # "...; you take": the clause after a semicolon starts in lower case
        took = took[0].lower() + took[1:]
    return played(last, viewer, st, name_of).rstrip(".") + "; " + took


def trick_parts(events: list[dict], group: list[int]) -> tuple[int | None, int | None]:
    """In the events ``group`` of one action: the index of its ``trick_won``
    and of the ``card_played`` that ended that trick (``None`` for either
    that is not there)."""
    won = next((i for i in group if events[i]["kind"] == "trick_won"), None)
    if won is None:
        return None, None
    cards = [i for i in group if events[i]["kind"] == "card_played" and i < won]
    return won, (cards[-1] if cards else None)


def to_move(view: dict, st: Voice) -> list[str]:
    """``to move: Seat 2`` (``Seat 1 (you)``) for a table's header line, or
    nothing when no seat is to move (a deal, the end): who the table waits
    for, which a blind player could not tell from ``now: playing``."""
    seat = view.get("current_player")
    if not isinstance(seat, int) or seat < 0:
        return []
    return [text(st.lang, "to move: {who}", who=st.seat(seat, view.get("seat")))]
