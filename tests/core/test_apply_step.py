"""``State.apply_step``: one checked action and none of the automatic ones
after it (the web server shows every move on its own, forced ones included),
on the Python and the compiled engine alike."""

from __future__ import annotations

import random

import pytest

import herna
from herna.core import CHANCE, IllegalActionError


def _engines() -> list[str]:
    out = ["python"]
    try:
        herna.load("ugo", engine="compiled")
    except ValueError:  # not built here
        return out
    return [*out, "compiled"]


@pytest.mark.parametrize("engine", _engines())
@pytest.mark.parametrize("name", herna.available_games())
def test_stepping_one_action_at_a_time_plays_the_same_game_as_apply_action(name, engine):
    """Every action, forced and chance ones included, goes through
    ``apply_step`` and is reported once to ``on_step``; the game equals the
    one ``apply_action`` plays with the same choices (seeded: replayable)."""
    game = herna.load(name, engine=engine)
    stepped = game.new_initial_state().initial_state()
    reference = game.new_initial_state().initial_state()
    rng = random.Random(f"apply_step:{name}")
    reported: list[tuple[int, int]] = []
    forced_seen = 0
    while not stepped.is_terminal():
        player = stepped.current_player()
        if player == CHANCE:
            action = stepped.sample_chance(rng)
        else:
            forced_seen += stepped.forced_action() is not None
            action = rng.choice(stepped.legal_actions())
        before = stepped.num_actions()
        stepped.apply_step(stepped.action_to_string(action), on_step=lambda a, b: reported.append((a, b)))
        assert stepped.num_actions() == before + 1, "apply_step applied more than one action"
        assert reported[-1] == (player, action)
        if reference.num_actions() < stepped.num_actions():  # the reference applies forced ones by itself
            reference.apply_action(action)
    assert forced_seen, f"{name}: no forced decision met; the test proves nothing about them"
    assert stepped.history() == reference.history() == [a for _, a in reported]
    assert stepped.returns() == reference.returns()
    assert stepped.events(0, None) == reference.events(0, None)


@pytest.mark.parametrize("engine", _engines())
@pytest.mark.parametrize("name", herna.available_games())
def test_an_illegal_step_is_refused_and_changes_nothing(name, engine):
    state = herna.load(name, engine=engine).new_initial_state()
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply_step(state.sample_chance(rng))
    before = state.to_json()
    illegal = next(a for a in range(herna.load(name).num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_step(illegal)
    with pytest.raises(IllegalActionError):
        state.apply_step("no such action")
    assert state.to_json() == before
