"""The public State API for tools (GUIDE.md: tools never touch underscore
names): num_actions, forced_action, is_hidden_from, observe_action, period,
push/step, and the game records' fields the tools read."""

from __future__ import annotations

import random

import pytest

import herna
from herna.core import CHANCE, IllegalActionError, record, records


def _play(state, rng, actions):
    for _ in range(actions):
        if state.is_terminal():
            break
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", herna.available_games())
def test_num_actions_and_forced_action_follow_the_history(name):
    rng = random.Random(4)
    state = _play(herna.load(name).new_initial_state(), rng, 60)
    assert state.num_actions() == len(state.history())
    replay = state.initial_state()
    for action in state.history():
        forced = replay.forced_action()
        if forced is not None:  # only real choices are asked: the engine applied this one itself
            assert forced == action
        elif replay.current_player() >= 0:
            assert len(replay.legal_actions()) > 1
        replay.step(action)
    assert replay == state


def test_is_hidden_from_agrees_with_the_observation():
    """A dealt card is hidden from the other seats and the spectator (T-3.1), not from its owner."""
    state = herna.load("trumfosaur", players=3).new_initial_state()
    assert state.current_player() == CHANCE
    action = state.legal_actions()[0]
    hidden = [state.is_hidden_from(seat, action) for seat in (None, 0, 1, 2)]
    assert hidden.count(False) == 1
    for seat, is_hidden in zip((None, 0, 1, 2), hidden):
        assert is_hidden == ("?" in state.observe_action(seat, action))
    with pytest.raises(IllegalActionError):
        state.is_hidden_from(0, "x")
    dice = herna.load("kurnik", players=2).new_initial_state()
    assert not any(dice.is_hidden_from(seat, dice.legal_actions()[0]) for seat in (None, 0, 1))  # K-10.1


@pytest.mark.parametrize("name", herna.available_games())
def test_period_counts_in_the_record_s_unit(name):
    rec = record(name)
    assert rec.length_unit in ("deal", "round", "turn") and rec.length_units == rec.length_unit + "s"
    state = herna.load(name).new_initial_state()
    first = state.period()
    _play(state, random.Random(2), 100_000)
    assert 0 <= first <= state.period() and state.period() >= 1  # Kurník: turn 0 is the start rolls (K-2.1)


def test_records_name_what_tools_load():
    for rec in records():
        assert rec.load("search") and rec.load("texts") and rec.load("greedy")
        research = rec.load("research")
        assert callable(research.research_facts) and callable(research.history_planes)
        assert all(herna.load(rec.name, **{**change}) for change in rec.variants)
    with pytest.raises(ValueError, match="names no"):
        record("kurnik").load("title_screen")


def test_silenced_states_and_determinizations_record_no_events():
    """Search copies pay nothing for events: silence() stops recording in the state and its
    clones; clone_silent() copies without them; resample() returns a silenced state."""
    import random

    import herna

    for name in ("trumfosaur", "ugo", "kurnik"):
        state = herna.load(name, players=3).new_initial_state()
        rng = random.Random(5)
        for _ in range(40):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
        assert state.events()
        quiet = state.clone_silent()
        assert quiet.events() == [] and state.events() and quiet.history() == state.history()
        seat = 0
        sample = state.resample(seat, rng)
        assert sample.events() == []
        if not quiet.is_terminal():
            quiet.push(quiet.sample_chance(rng) if quiet.is_chance_node() else quiet.legal_actions()[0])
            assert quiet.events() == [] and quiet.clone().events() == []
        loud = state.clone()
        assert loud.events() == state.events()
