"""Small constants and record types shared by the Ugo! modules (rules/ugo.md).

No module of the package imports :mod:`.state` except the package itself, so
the phases and the records the state keeps live here.

>>> Phase.PLAYING, PHASE_NAMES[Phase.PLAYING]
(<Phase.PLAYING: 1>, 'play')
>>> FarmerDue(seat=2, farmers=3)
FarmerDue(seat=2, farmers=3)
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Phase(IntEnum):
    """What the state waits for (``UgoState._phase``).

    DEALING   chance: one card per action (U-2.2)
    PLAYING   the seat to play a card (U-3.1)
    ORDERING  the trick's winner picks which new colour opens its next field (U-4.3)
    FARMING   the head of the farmer queue places one farmer (U-3.4, U-2.5)
    OVER      after the last round's scoring (U-2.1, U-6)
    """

    DEALING = 0
    PLAYING = 1
    ORDERING = 2
    FARMING = 3
    OVER = 4


PHASE_NAMES = ("deal", "play", "open", "farm", "over")
"""The view's ``phase`` word of each :class:`Phase` (index = phase)."""


class FarmerDue(NamedTuple):
    """One entry of the farmer queue (U-2.5): ``seat`` still places ``farmers``
    farmers (at least 1), one decision each (U-3.4)."""

    seat: int
    farmers: int


class LastTrick(NamedTuple):
    """The last finished trick (U-3.2, U-3.3, U-1.3).

    cards: the card ids in the order played; leader: the seat that led;
    winner: the seat that won; paid / lost / unpaid: per seat, the farmers
    paid out of the supply, those of them that found no free place, and
    those due that the empty supply did not pay."""

    cards: tuple[int, ...]
    leader: int
    winner: int
    paid: tuple[int, ...]
    lost: tuple[int, ...]
    unpaid: tuple[int, ...]
