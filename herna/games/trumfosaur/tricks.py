"""Tricks (T-4): who wins one, and a finished trick as the view shows it."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .cards import TRUMP


class Trick(NamedTuple):
    """A finished trick: ``seats`` and ``cards`` in play order (card ids,
    :data:`~herna.games.trumfosaur.cards.TRUMP` for a trump) and the
    ``winner`` seat (T-4.5)."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int


def trick_winner(seats: Sequence[int], cards: Sequence[int]) -> int:
    """T-4.5: the first trump wins; else the highest card of the led species.
    ``seats``/``cards`` in play order; returns the winning seat."""
    if TRUMP in cards:
        return seats[cards.index(TRUMP)]
    led = cards[0] // 10
    best = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card // 10 == led and card > cards[best]:
            best = i
    return seats[best]
