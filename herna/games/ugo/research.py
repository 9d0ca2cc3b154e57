"""Ugo! facts for the research adapters (:mod:`herna.interop`), named by
the record's ``research`` field.

:func:`research_facts` gives the bounds OpenSpiel and Gymnasium need;
:func:`history_planes` the current round's tricks for the
information-state tensor.
"""

from __future__ import annotations

import numpy as np

from herna.core import Game, State
from herna.core.research import segment_start, trick_history_planes

from . import actions as A

CARD_IDS = 45
"""Play ids ``0 .. 44``: the cards (U-1.1)."""
TRICKS = 10
"""Tricks per round (U-3)."""


def research_facts(game: Game) -> dict:
    """Bounds of ``game`` (Ugo! with its options), as the fields of
    :class:`herna.interop._common.GameSpec`: per round a kingdom scores at
    most 5 x 8 and at least -(10 + 15 + 20) (U-6); decisions per round and
    seat: 10 plays, 5 field openings and 9 farmers (U-1.3); chance: 10 cards
    a seat each round."""
    n = game.num_players
    rounds = game.options["rounds"]
    return {
        "chance_base": A.DEAL, "max_chance_outcomes": A.NUM_CHANCE_OUTCOMES,
        "min_utility": -45.0 * rounds, "max_utility": 40.0 * rounds,
        "max_game_length": rounds * n * (TRICKS + 5 + 9), "max_chance_nodes": rounds * TRICKS * n,
        "obs_low": min(0.0, -45.0 * rounds / 50), "obs_high": max(1.0, 40.0 * rounds / 50),
        "history_size": TRICKS * n * CARD_IDS + TRICKS * n + TRICKS * n * 3,
    }


def history_planes(state: State, seat: int, actors: list[int]) -> np.ndarray:
    """The current round's history as seen by ``seat`` (seats relative to
    it), size ``10 n 45 + 10 n + 10 n 3``: per trick and relative seat the
    card it played; per trick the leader; per trick and relative seat the
    farmers it placed on C, D, E after that trick, divided by 4 (U-5).
    ``actors``: the actor of every history action."""
    n = state.num_players
    history = state.history()

    def mark(extra: np.ndarray, rel: int, action: int, count: int) -> None:
        if A.FARM <= action < A.DEAL:
            extra[max(0, (count - 1) // n), rel, action - A.FARM] += 0.25

    return trick_history_planes(history, actors, seat, n, CARD_IDS, segment_start(history, A.DEAL, A.END),
                                np.zeros((TRICKS, n, 3), dtype=np.float32), mark, TRICKS)
