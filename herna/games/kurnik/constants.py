"""Small constants shared by the Kurník modules (rules/kurnik.md)."""

from __future__ import annotations

PLACES = 9
"""Places in a coop (K-1.2); also the hens that win (K-1.4)."""

EGG, CHICK, HEN = 0, 1, 2
KIND_NAMES = ("egg", "chick", "hen")
KIND_OF_FACE = (-1, EGG, EGG, EGG, CHICK, CHICK, HEN)
"""What one die pays (K-4.1), by face."""
GIFT_OF_DOUBLE = {1: EGG, 2: CHICK, 3: HEN}
"""What a double 1, 2, 3 makes the roller give away (K-4.2)."""

START, TURN, DICE, GIVE, FLU, ANNOUNCE, REROLL, STEAL, OVER = range(9)
PHASE_NAMES = ("start", "turn", "dice", "give", "bird_flu", "announce", "reroll", "steal", "over")
CHANCE_PHASES = (START, DICE, FLU, REROLL)

NO_ROOSTER, ROOSTER_ALIVE, ROOSTER_DEAD = 0, 1, 2
ROOSTER_LIVES = 3
"""Theft attempts a rooster stops; the last one kills it (K-9.2)."""
TAKE_NONE = -1
"""``choice`` when no 6-6 announcement is pending."""
