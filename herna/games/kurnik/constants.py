"""Small constants shared by the Kurník modules (rules/kurnik.md): the
phases of a turn, the card kinds and a rooster's states, as ``IntEnum``s
(plain ints in the state's slots and the observation tensor), with module
aliases (``DICE``, ``HEN``, ...) for the rules' code."""

from __future__ import annotations

from enum import IntEnum

PLACES = 9
"""Places in a coop (K-1.2); also the hens that win (K-1.4)."""


class Kind(IntEnum):
    """A card kind (K-1.3)."""

    EGG = 0
    CHICK = 1
    HEN = 2


EGG, CHICK, HEN = Kind.EGG, Kind.CHICK, Kind.HEN
KIND_NAMES = ("egg", "chick", "hen")
"""Names of the kinds in views and events, by :class:`Kind`."""
KIND_OF_FACE = (-1, EGG, EGG, EGG, CHICK, CHICK, HEN)
"""What one die pays (K-4.1), by face."""
GIFT_OF_DOUBLE = {1: EGG, 2: CHICK, 3: HEN}
"""What a double 1, 2, 3 makes the roller give away (K-4.2)."""


class Phase(IntEnum):
    """What the game waits for (see :mod:`.state`); the chance phases are
    :data:`CHANCE_PHASES`."""

    START = 0  # start rolls, K-2.1 (chance)
    TURN = 1  # roll or exchange, K-3.1
    DICE = 2  # two dice, K-4 (chance)
    GIVE = 3  # the gift of a double 1-3, K-4.2
    FLU = 4  # the bird-flu die, K-4.4 (chance)
    ANNOUNCE = 5  # the 6-6 announcement, K-4.5
    REROLL = 6  # the 6-6 re-roll, K-4.5 (chance)
    STEAL = 7  # the thief rule, K-5.2
    OVER = 8  # 9 hens (K-1.4) or the turn_limit guard


START, TURN, DICE, GIVE, FLU, ANNOUNCE, REROLL, STEAL, OVER = Phase
PHASE_NAMES = ("start", "turn", "dice", "give", "bird_flu", "announce", "reroll", "steal", "over")
"""Names of the phases in views (``"phase"``), by :class:`Phase`."""
CHANCE_PHASES = (START, DICE, FLU, REROLL)


class Rooster(IntEnum):
    """A seat's rooster (K-9.2)."""

    NONE = 0
    ALIVE = 1
    DEAD = 2


NO_ROOSTER, ROOSTER_ALIVE, ROOSTER_DEAD = Rooster.NONE, Rooster.ALIVE, Rooster.DEAD
ROOSTER_LIVES = 3
"""Theft attempts a rooster stops; the last one kills it (K-9.2)."""
TAKE_NONE = -1
"""``choice`` when no 6-6 announcement is pending."""
