"""Property tests (hypothesis) for Trumfosaur: conservation, replay, no leaks.
Rules: T-3.1, T-3.3, T-4.2, T-8.1, T-10.1, T-10.2."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import herna
from herna.core.conformance import check_same_decisions, decision_pattern, random_step
from herna.games.trumfosaur.resample import make_sampler

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
        check_same_decisions(state, sample, f"{options} seed {seed} seat {seat}")
        assert finished_invitations(sample) == finished_invitations(state)  # T-10.2, perfect recall


def finished_invitations(state):
    """Every invitation of every finished deal, in history order (T-10.2: all were shown)."""
    strings = state.history_strings()
    invites = [k for k, a in enumerate(strings) if a.startswith("invite")]
    n = state.num_players
    done = (state.view()["deal_number"] - (0 if state.is_terminal() else 1)) * n
    return [strings[k] for k in invites[:done]]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10**6))
def test_t_10_2_deal_invitations_null_until_a_deal_ends_then_the_true_ones(options, seed):
    """T-10.2 `deal_invitations` is null (every view) until the first deal ends, then equals the finished
    deal's true invitations in every view until the next deal ends; hidden invitations stay hidden."""
    rng = random.Random(seed)
    state = herna.load("trumfosaur", target_score=40, **options).new_initial_state()
    n = state.num_players
    expected = None
    for _ in range(1500):
        if state.is_terminal():
            break
        deal = state.view()["deal_number"]
        truth = [state.view(s)["invitation"] for s in range(n)]
        random_step(state, rng)
        if state.view()["deal_number"] != deal or state.is_terminal():
            expected = truth
        owned = [state.view(s)["invitation"] for s in range(n)]
        for seat in [None, *range(n)]:
            view = state.view(seat)
            assert view["deal_invitations"] == expected
            rest = json.dumps({k: v for k, v in view.items() if k != "deal_invitations"})
            for other in range(n):
                if other != seat and owned[other] is not None and view["invitations"][other] is None:
                    assert f'"{owned[other]}"' not in rest  # T-10.0: the deal in play stays hidden
    assert expected is not None


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10**6), st.integers(30, 600))
def test_resample_keeps_real_and_automatic_decisions(options, seed, steps):
    """Only real choices are asked (SCENARIOS.md): replaying a determinization, every action that was a
    real decision (more than one legal action) is one again and every automatic one stays automatic,
    and a seat waiting to play has a real choice; for state.resample and the fast sampler (ISMCTS)."""
    state, rng = play_some(options, seed, steps)
    truth = decision_pattern(state)
    for seat in range(state.num_players):
        for _ in range(3):
            sample = state.resample(seat, rng)
            check_same_decisions(state, sample, f"{options} seed {seed} seat {seat}")
        draw = make_sampler(state, seat)
        for _ in range(3):
            sample = draw(rng)
            assert decision_pattern(sample) == truth
            assert sample.view(seat) == state.view(seat)


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


def test_resample_fallback_keeps_decisions(monkeypatch):
    """The constructive fallback of the determinization (used when plain draws keep failing) also keeps
    real and automatic decisions, the seat's view and information state."""
    import herna.games.trumfosaur.resample as resample_module

    monkeypatch.setattr(resample_module, "_TRIES", 0)
    for seed in range(12):
        state, rng = play_some({"players": 2 + seed % 4}, seed, 40 + 37 * seed % 300)
        for seat in range(state.num_players):
            sample = state.resample(seat, rng)
            check_same_decisions(state, sample, f"seed {seed} seat {seat}")
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.view(seat) == state.view(seat)
