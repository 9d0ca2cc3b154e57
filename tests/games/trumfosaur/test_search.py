"""The Trumfosaur search horizon (herna/games/trumfosaur/search.py): ISMCTS
stops at the end of the root's deal and scores the deal-score margin (T-6.1,
T-7.1 with teams)."""

from __future__ import annotations

import random

import herna
from herna.core import record
from herna.core.conformance import random_step
from herna.core.search import margins
from herna.games.trumfosaur.search import SCALE, TrumfosaurHorizon


def play_to_next_deal(options, seed):
    """A state at the start of deal 2 and the root state of deal 1."""
    rng = random.Random(seed)
    state = herna.load("trumfosaur", **options).new_initial_state()
    root = state.clone()
    while state.period() == 1 and not state.is_terminal():
        random_step(state, rng)
    return root, state


def test_record_names_the_horizon():
    assert record("trumfosaur").load("search") is TrumfosaurHorizon


def test_t_6_1_horizon_ends_with_the_deal_and_scores_its_margin():
    root, state = play_to_next_deal({"players": 3}, 4)
    horizon = TrumfosaurHorizon(root)
    assert not horizon.done(root) and horizon.done(state)
    scores = state.view()["deal_scores"]
    assert horizon.utility(state) == margins(scores, SCALE)
    assert abs(sum(horizon.utility(state))) < 1e-9


def test_t_7_1_team_horizon_scores_the_team_margin():
    root, state = play_to_next_deal({"players": 4, "teams": True}, 2)
    d = state.view()["deal_scores"]
    a, b = d[0] + d[2], d[1] + d[3]
    assert TrumfosaurHorizon(root).utility(state) == [(a - b) / SCALE, (b - a) / SCALE] * 2
