"""The Ugo! search horizon (herna/games/ugo/search.py, the record's
``search``): a rollout stops at the end of the round in play (U-2.1,
U-2.3), and the utility is the round-score margin / 20 (U-6)."""

from __future__ import annotations

import random

import herna
from herna.core.conformance import random_step
from herna.core.registry import record
from herna.games.ugo.search import SCALE, UgoHorizon


def test_the_record_names_the_horizon():
    assert record("ugo").load("search") is UgoHorizon


def test_the_horizon_stops_at_the_round_end_and_scores_the_margins():
    state = herna.load("ugo", players=3, rounds=2).new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        random_step(state, rng)
    horizon = UgoHorizon(state)
    steps = 0
    while not horizon.done(state):
        assert state.period() == 1 and not state.is_terminal()
        random_step(state, rng)
        steps += 1
    assert steps > 0 and state.is_chance_node()  # the next round's deal
    scores = state.round_scores()
    assert scores == state.view()["round_scores"]
    utility = horizon.utility(state)
    for seat in range(3):
        others = [scores[s] for s in range(3) if s != seat]
        assert abs(utility[seat] - (scores[seat] - sum(others) / 2) / SCALE) < 1e-12
    while not state.is_terminal():
        random_step(state, rng)
    assert UgoHorizon(state).done(state)
