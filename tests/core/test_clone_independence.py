"""Clones share nothing mutable with their parent, and the per-position
caches (the legal actions) follow every applied action.

Randomized with hypothesis: a seeded random game of every game, cloned at
random moments; parent and clone then go their own random ways, and each
must stay equal to a replay of its own history (a clone that shared a list
with its parent would carry the other's moves).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from herna.core import CHANCE, load

GAMES = [("trumfosaur", {}), ("trumfosaur", {"players": 3, "master": True}), ("ugo", {}),
         ("ugo", {"players": 2}), ("kurnik", {}), ("kurnik", {"players": 5, "dead_rooster": True})]


def _step(state, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _replayed(state):
    replay = state.initial_state()
    for action in state.history():
        replay.step(action)
    return replay


@settings(max_examples=40, deadline=None)
@given(game_index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32 - 1),
       clone_at=st.integers(0, 400), silent=st.booleans())
def test_clone_and_parent_go_their_own_ways(game_index: int, seed: int, clone_at: int, silent: bool) -> None:
    name, options = GAMES[game_index]
    rng = random.Random(seed)
    state = load(name, **options).new_initial_state()
    while not state.is_terminal() and state.num_actions() < clone_at:
        _step(state, rng)
    state.legal_actions()  # fill the cache before cloning
    copy = state.clone_silent() if silent else state.clone()
    assert copy == state
    for _ in range(60):
        for mover in (state, copy):
            if not mover.is_terminal():
                _step(mover, rng)
    for mover in (state, copy):
        assert mover == _replayed(mover)
        if not mover.is_terminal() and mover.current_player() != CHANCE:
            assert mover.legal_actions() == mover._legal_actions()
            assert mover.legal_actions() is not mover.legal_actions()  # callers get copies


def test_legal_actions_cache_follows_every_action() -> None:
    """At every step of seeded games the cached legal actions equal a fresh
    computation, and changing the list returned changes nothing."""
    for name, options in GAMES:
        rng = random.Random(11)
        state = load(name, **options).new_initial_state()
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                legal = state.legal_actions()
                assert legal == state._legal_actions()
                legal.clear()
                assert state.legal_actions() == state._legal_actions()
                assert state.forced_action() is None  # a single legal action applies itself
            _step(state, rng)


def test_incremental_transcripts_match_a_fresh_walk() -> None:
    """Information states, observations and action strings asked step after
    step (each call replays only the new actions) equal those of a fresh
    state replayed from the same history, in the parent and in clones that
    went their own way after it was asked."""
    for name, options in GAMES:
        rng = random.Random(5)
        state = load(name, **options).new_initial_state()
        n = state.num_players
        copies = []
        while not state.is_terminal():
            if state.num_actions() % 7 == 0:
                fresh = _replayed(state)
                for seat in range(n):
                    assert state.information_state_string(seat) == fresh.information_state_string(seat)
                assert state.observations(None) == fresh.observations(None)
                assert state.history_strings() == fresh.history_strings()
                copies.append(state.clone())
            _step(state, rng)
        for copy in copies[::5]:
            while not copy.is_terminal():
                _step(copy, rng)
            fresh = _replayed(copy)
            assert [copy.information_state_string(s) for s in range(n)] == [
                fresh.information_state_string(s) for s in range(n)]
            assert copy.to_json() == fresh.to_json()
