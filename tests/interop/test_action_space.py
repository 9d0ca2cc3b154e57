"""Every adapter sizes its action space by the actions that can be legal
with the game's options (Trumfosaur: 103 ids without the master version,
1379 with it, as ``herna.batch``), and Gymnasium's ``reset`` never returns a
finished episode."""

from __future__ import annotations

import random

import pytest

import herna

CASES = [({"players": 3}, 103), ({"players": 4, "teams": True}, 103), ({"players": 3, "master": True}, 1379)]


@pytest.mark.parametrize("options,size", CASES)
def test_trumfosaur_game_action_space(options, size):
    game = herna.load("trumfosaur", **options)
    assert game.num_distinct_actions() == size
    state = game.new_initial_state()
    while not state.is_terminal():  # every legal id of a whole game lies inside
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(random.Random(5)))
            continue
        assert max(state.legal_actions()) < size
        state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("options,size", CASES)
def test_every_adapter_has_the_games_action_space(options, size):
    gymnasium = pytest.importorskip("gymnasium")
    from herna.interop.gymnasium import HernaEnv
    from herna.interop.pettingzoo import raw_env

    env = HernaEnv("trumfosaur", **options)
    assert env.action_space.n == size
    _, info = env.reset(seed=1)
    assert info["action_mask"].shape == (size,)
    assert gymnasium.make("herna/Trumfosaur-v0", **options).action_space.n == size
    aec = raw_env("trumfosaur", **options)
    aec.reset(seed=1)
    agent = aec.agent_selection
    assert aec.action_space(agent).n == size
    assert aec.observe(agent)["action_mask"].shape == (size,)
    jax = pytest.importorskip("jax", exc_type=ImportError)
    import herna.batch

    assert herna.batch.make("trumfosaur", **options).init(jax.random.key(0)).legal_action_mask.shape == (size,)


@pytest.mark.parametrize("options,size", CASES)
def test_openspiel_action_space(options, size):
    pytest.importorskip("pyspiel")
    from herna.interop import openspiel as hos

    assert hos.load_game("trumfosaur", **options).num_distinct_actions() == size


def test_gymnasium_reset_deals_on_past_a_game_over_before_the_agents_choice():
    """Kurník, 2 players, random opponents: ``reset(seed=16554)`` deals a game
    the others win before seat 0's first real choice; reset deals on, and the
    same seed gives the same episode."""
    gymnasium = pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    import herna.interop.gymnasium  # noqa: F401  (registers the ids)

    env = gymnasium.make("herna/Kurnik-v0", players=2, opponents="random")
    obs, info = env.reset(seed=16554)
    assert info["redealt"] >= 1
    assert not env.unwrapped.state.is_terminal() and info["action_mask"].sum() >= 1
    again, info2 = env.reset(seed=16554)
    assert np.array_equal(obs, again) and info2["legal_actions"] == info["legal_actions"]
    assert env.reset(seed=1)[1]["redealt"] == 0
