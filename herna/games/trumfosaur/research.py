"""Trumfosaur facts for the research adapters (:mod:`herna.interop`),
named by the record's ``research`` field.

:func:`research_facts` gives the bounds OpenSpiel and Gymnasium need;
:func:`history_planes` the current deal's tricks for the information-state
tensor.
"""

from __future__ import annotations

import math

import numpy as np

from herna.core import Game, State
from herna.core.research import segment_start, trick_history_planes

from . import actions as A

CARD_IDS = 51
"""Play ids ``0 .. 50``: the 50 cards and the trump (T-1)."""
TRICKS = 10
"""Tricks per deal (T-4)."""


def research_facts(game: Game) -> dict:
    """Bounds of ``game`` (Trumfosaur with its options), as the fields of
    :class:`herna.interop._common.GameSpec`: chance ids ``DEAL_BASE ..``; the
    utility is the final total, at least the per-deal floor (each invitation
    scores at least 3, T-6.1; twice that with teams, T-7) and at most the
    target minus one plus the best deal (3 + 9 of its species + 2 x 4 of its
    value); decisions per deal: an exchange, 10 plays, an invitation and the
    reveal windows; chance per deal: 10 cards a seat, 2 more with the
    master (T-8)."""
    n = game.num_players
    o = game.options
    per_deal_floor = 6 if o["teams"] else 3
    deals = math.ceil(o["target_score"] / per_deal_floor)
    decisions = n * (1 + TRICKS + 1) + 9 * (n - 1)
    best_deal = 20 * (2 if o["teams"] else 1)
    chance_per_deal = TRICKS * n + (2 * n if o["master"] else 0)
    return {
        "chance_base": A.DEAL_BASE, "max_chance_outcomes": A.MAX_CHANCE_OUTCOMES,
        "min_utility": float(per_deal_floor), "max_utility": float(o["target_score"] - 1 + best_deal),
        "max_game_length": deals * decisions, "max_chance_nodes": deals * chance_per_deal,
        "obs_low": 0.0, "obs_high": max(1.0, (o["target_score"] + 39) / o["target_score"]),
        "history_size": TRICKS * n * CARD_IDS + TRICKS * n + TRICKS * n,
    }


def history_planes(state: State, seat: int, actors: list[int]) -> np.ndarray:
    """The current deal's history as seen by ``seat`` (seats relative to
    it), size ``10 n 51 + 10 n + 10 n``: per trick and relative seat the
    card it played (one-hot, 50 = the trump); per trick the leader; per
    relative seat the trick after which it revealed its invitation (T-5.3).
    ``actors``: the actor of every history action."""
    n = state.num_players
    history = state.history()

    def mark(extra: np.ndarray, rel: int, action: int, count: int) -> None:
        if action == A.REVEAL:
            extra[rel, max(0, count // n - 1)] = 1

    start = segment_start(history, A.DEAL_BASE, A.DEAL_BASE + 50)
    return trick_history_planes(history, actors, seat, n, CARD_IDS, start,
                                np.zeros((n, TRICKS), dtype=np.float32), mark, TRICKS)
