"""Property tests (hypothesis) for Trumfosaur: conservation, replay, no leaks.
Rules: T-3.1, T-3.3, T-4.2, T-8.1, T-10.1."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import herna
from herna.core.conformance import random_step

OPTION_SETS = [
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
    {"players": 2, "master": True}, {"players": 4, "master": True}, {"players": 4, "teams": True},
]


def play_some(options, seed, steps):
    rng = random.Random(seed)
    state = herna.load("trumfosaur", **options).new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state, rng


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10**6), st.integers(0, 400))
def test_cards_conserved_and_replay_identical(options, seed, steps):
    """T-3.1 / T-8.1 every dinosaur is in exactly one place; replaying the saved history gives the same state."""
    state, _ = play_some(options, seed, steps)
    state._check_invariants()
    again = herna.from_json(json.dumps(state.to_json()))
    assert again == state and again.view() == state.view()
    for seat in range(state.num_players):
        assert again.view(seat) == state.view(seat)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10**6), st.integers(40, 300))
def test_views_never_leak(options, seed, steps):
    """T-10.1 a seat's view and information state are the same in every world it cannot tell apart
    (resample), and never name another seat's hidden invitation."""
    state, rng = play_some(options, seed, steps)
    n = state.num_players
    for seat in range(n):
        view = state.view(seat)
        info = state.information_state_string(seat)
        for line in info.splitlines()[2:]:
            actor, token = line.split(":", 1)
            if actor not in (str(seat), "c"):
                assert token in ("invite ?", "deal ?", "draw ?") or not token.startswith(("invite", "deal", "draw"))
        assert json.dumps(view).count('"invitation"') == 1
        known = sum(1 for line in info.splitlines() if line.startswith("c:deal ") and not line.endswith("?"))
        assert known == 10 * state.view()["deal_number"] or state.view()["phase"] == "deal"
        sample = state.resample(seat, rng)
        sample._check_invariants()
        assert sample.view(seat) == view
        assert sample.information_state_string(seat) == info


def test_resample_varies_hidden_cards():
    """T-10.1 determinizations really redraw what the seat cannot see (no copy of the truth)."""
    state, rng = play_some({"players": 4}, 7, 60)
    hands = {tuple(state.resample(0, rng)._hands[1:]) for _ in range(20)}
    assert len(hands) > 5


def test_resample_respects_voids():
    """T-4.2 a seat that did not follow species holds none of it in any determinization."""
    for seed in range(30):
        state, rng = play_some({"players": 4}, seed, 120)
        for _ in range(3):
            sample = state.resample(0, rng)
            for other in range(1, 4):
                assert sample._voids[other] == state._voids[other]
                for k in range(5):
                    if state._voids[other] >> k & 1:
                        assert not sample._hands[other] >> (10 * k) & 0x3FF
