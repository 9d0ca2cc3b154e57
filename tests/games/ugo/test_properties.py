"""Ugo! properties over random positions (hypothesis): the 45 cards are
conserved (U-1.1, U-2.2), so are the round's farmer tokens (U-1.3), replay from to_json is identical, a seat's view
never shows other hands or unused cards (U-5.1), and a determinization
keeps the seat's view, information state and observation (U-5.1)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import herna
from herna.core import from_json
from herna.core.conformance import random_step
from herna.games.ugo.cards import CARD_NAMES

OPTIONS = st.sampled_from([
    {"players": 2, "rounds": 2},
    {"players": 3, "rounds": 2, "first_player": 1},
    {"players": 4, "rounds": 1},
    {"players": 4, "rounds": 2, "low_card_farmers": [0, 3]},
    {"players": 2, "rounds": 2, "farmers": 3},
    {"players": 3, "rounds": 2, "farmers": 0},
])
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position(options: dict, seed: int, depth: int):
    """The state after ``depth`` random steps of a seeded game (or its end)."""
    state = herna.load("ugo", **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(depth):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


@SETTINGS
@given(OPTIONS, st.integers(0, 10**6), st.integers(0, 400))
def test_cards_conserved_along_the_game(options, seed, depth):
    """U-1.1/U-2.2: hands + trick + kingdoms + waiting + unused = the 45 cards."""
    state = herna.load("ugo", **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(depth):
        state._check_invariants()
        if state.is_terminal():
            break
        random_step(state, rng)
    state._check_invariants()


@SETTINGS
@given(OPTIONS, st.integers(0, 10**6), st.integers(0, 400))
def test_u_1_3_farmers_conserved_each_round(options, seed, depth):
    """U-1.3: after every action, in the view: supply + farmers on C-E +
    farmers still to place + farmers lost this round == option ``farmers``;
    the supply never goes below 0 and a trick takes what it paid out of it.
    (The game is replayed action by action, forced ones included.)"""
    played = position(options, seed, depth)
    game = played.game
    total = game.options["farmers"]
    state = game.new_initial_state()
    before = state.view()
    for action in played.history()[len(state.history()):]:
        state._do(action)
        view = state.view()
        on_fields = sum(f["farmers"] for kingdom in view["kingdoms"] for f in kingdom[2:])
        to_place = sum(e["farmers"] for e in view["farmers_to_place"])
        assert view["farmer_supply"] + on_fields + to_place + view["farmers_lost"] == total
        assert 0 <= view["farmer_supply"] <= total
        last = view["last_trick"]
        if last and last != before["last_trick"] and view["round_number"] == before["round_number"]:
            assert view["farmer_supply"] == before["farmer_supply"] - sum(last["farmers"])
        before = view


@SETTINGS
@given(OPTIONS, st.integers(0, 10**6), st.integers(0, 400))
def test_replay_from_json_is_identical(options, seed, depth):
    state = position(options, seed, depth)
    again = from_json(json.dumps(state.to_json()))
    assert again == state
    assert again.view() == state.view()
    assert all(again.view(s) == state.view(s) for s in range(state.num_players))
    assert again.information_state_string(0) == state.information_state_string(0)


@SETTINGS
@given(OPTIONS, st.integers(0, 10**6), st.integers(0, 400))
def test_a_seat_never_sees_other_hands(options, seed, depth):
    """U-5.1: no card of another hand or of the unused rest is in a seat's
    view or information state; other hands never change its observation."""
    state = position(options, seed, depth)
    played = 0
    for mask in state._played:
        played |= mask
    for seat in range(state.num_players):
        hidden = (1 << 45) - 1 & ~(state._hands[seat] | played)
        text = json.dumps(state.view(seat))
        info = state.information_state_string(seat)
        for card in range(45):
            if hidden >> card & 1:
                assert f'"{CARD_NAMES[card]}"' not in text
                assert f"deal {CARD_NAMES[card]}\n" not in info + "\n" or _dealt_to_seat(state, seat, card)


def _dealt_to_seat(state, seat: int, card: int) -> bool:
    """``card`` was dealt to ``seat`` in an earlier round (the seat saw it)."""
    return any(hands[seat] >> card & 1 for hands in state._past_hands)


@SETTINGS
@given(OPTIONS, st.integers(0, 10**6), st.integers(0, 400), st.integers(0, 10**6))
def test_resample_keeps_what_the_seat_knows(options, seed, depth, rng_seed):
    state = position(options, seed, depth)
    rng = random.Random(rng_seed)
    for seat in range(state.num_players):
        sample = state.resample(seat, rng)
        assert sample.view(seat) == state.view(seat)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert (sample.observation_tensor(seat) == state.observation_tensor(seat)).all()
        assert sample.current_player() == state.current_player()
        if state.current_player() == seat:
            assert sample.legal_actions() == state.legal_actions()
        elif state.current_player() >= 0:
            assert len(sample.legal_actions()) >= 2 or len(state.legal_actions()) < 2
        sample._check_invariants()
        assert from_json(json.dumps(sample.to_json())) == sample
        # the sample plays on to a legal end
        rng2 = random.Random(rng_seed + seat)
        for _ in range(30):
            if sample.is_terminal():
                break
            random_step(sample, rng2)
