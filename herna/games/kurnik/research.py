"""Kurník facts for the research adapters (:mod:`herna.interop`), named by
the record's ``research`` field. Kurník is a game of perfect information
(K-10.1): the observation tensor is the whole state, so the history planes
are empty.
"""

from __future__ import annotations

import numpy as np

from herna.core import Game, State

from . import actions as A

DECISIONS_PER_TURN = 16
"""At most this many decisions in a turn: one choice, a gift or a 6-6
announcement, at most 9 thefts (K-3 to K-7), with room to spare."""


def research_facts(game: Game) -> dict:
    """Bounds of ``game`` (Kurník with its options), as the fields of
    :class:`herna.interop._common.GameSpec`: chance ids are the dice
    (``DICE_BASE ..``); a winner gets 1, the others 0; the length is bounded
    by ``turn_limit`` (plus the start rolls, K-2.1). ``ValueError`` for
    ``turn_limit=0`` (a game of unbounded length)."""
    n = game.num_players
    limit = game.options["turn_limit"]
    if not limit:
        raise ValueError("this adapter needs a game of bounded length: kurnik's turn_limit must be at least 1")
    return {
        "chance_base": A.DICE_BASE, "max_chance_outcomes": A.NUM_ACTION_IDS - A.DICE_BASE,
        "min_utility": 0.0, "max_utility": 1.0,
        "max_game_length": (limit + 1) * DECISIONS_PER_TURN, "max_chance_nodes": (limit + 1) * 4 + 50 * n,
        "obs_low": 0.0, "obs_high": 1.0, "history_size": 0,
    }


def history_planes(state: State, seat: int, actors: list[int]) -> np.ndarray:
    """Empty: with perfect information the observation is the whole state."""
    return np.zeros(0, dtype=np.float32)
