"""Small constants shared by the Trumfosaur modules (rules/trumfosaur.md)."""

from __future__ import annotations

from enum import IntEnum

HAND_SIZE = 10
"""Dinosaurs dealt to each seat (T-3.1)."""
TRICKS = 10
"""Tricks in a deal (T-4.1)."""


class Phase(IntEnum):
    """Where a deal stands (T-3.6); the ``phase`` view key is :data:`PHASE_NAMES`.

    ``DEAL`` and ``DRAW`` are chance phases (cards dealt, T-3.1; master
    draws, T-8.1); ``EXCHANGE`` the master exchange (T-8.1); ``INVITE`` the
    invitations (T-3.3); ``PLAY`` the tricks (T-4); ``WINDOW`` the reveal
    window after tricks 1-9 (T-5.2); ``OVER`` the end of the game (T-2.1).
    """

    DEAL = 0
    EXCHANGE = 1
    DRAW = 2
    INVITE = 3
    PLAY = 4
    WINDOW = 5
    OVER = 6


PHASE_NAMES = ("deal", "exchange", "draw", "invite", "play", "reveal", "over")
"""The view's ``phase`` per :class:`Phase` (SCENARIOS.md)."""
