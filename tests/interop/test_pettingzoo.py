"""herna games as PettingZoo AEC environments (herna.interop.pettingzoo):
PettingZoo's own api_test and seed_test, masks, rewards and rendering."""

from __future__ import annotations

import warnings

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from herna.interop.pettingzoo import HernaAECEnv, env, raw_env  # noqa: E402

CASES = [
    ("ugo", {}),
    ("ugo", {"players": 2, "rounds": 1}),
    ("trumfosaur", {}),
    ("trumfosaur", {"players": 2, "master": True, "target_score": 12}),
    ("trumfosaur", {"players": 4, "teams": True}),
    ("kurnik", {}),
    ("kurnik", {"players": 5, "rough_thief": True, "dead_rooster": True}),
]


@pytest.mark.parametrize("game,options", CASES)
def test_pettingzoo_api_test(game, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations draw PettingZoo's "not a NumPy array" hint
        api_test(env(game, **options), num_cycles=1000)


@pytest.mark.parametrize("game,options", CASES)
def test_pettingzoo_seed_test(game, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game, **options), num_cycles=500)


def _play(e, seed):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {agent: 0.0 for agent in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert obs["action_mask"].sum() >= 2  # only real choices are asked
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("game", ["ugo", "trumfosaur", "kurnik"])
def test_rewards_add_up_to_herna_returns(game):
    e = raw_env(game, players=3)
    totals = _play(e, seed=4)
    final = e.herna_state.returns()
    assert [totals[a] for a in e.possible_agents] == final
    assert e.agents == []


def test_masks_of_waiting_agents_are_empty_and_obs_is_the_seats():
    e = raw_env("trumfosaur", players=3)
    e.reset(seed=1)
    acting = e.agent_selection
    state = e.herna_state
    for seat, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert np.array_equal(obs["observation"], state.observation_tensor(seat))
        if agent == acting:
            assert list(np.flatnonzero(obs["action_mask"])) == state.legal_actions()
        else:
            assert not obs["action_mask"].any()


def test_seeded_reset_repeats_the_deal():
    a, b = raw_env("ugo"), raw_env("ugo")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.herna_state == b.herna_state
    b.reset(seed=10)
    assert a.herna_state != b.herna_state


def test_illegal_action_is_refused_with_the_legal_ones():
    e = raw_env("ugo", players=2)
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.herna_state.clone()
    with pytest.raises(ValueError, match="legal actions"):
        e.step(illegal)
    assert e.herna_state == before


def test_render_ansi_and_bad_arguments():
    e = env("kurnik", render_mode="ansi", players=2)
    e.reset(seed=0)
    text = e.render()
    assert text.startswith("<kurnik") and "coops" in text
    with pytest.raises(ValueError, match="render_mode"):
        HernaAECEnv("ugo", render_mode="human")
    with pytest.raises(ValueError, match="option"):
        HernaAECEnv("ugo", colour=3)
    with pytest.raises(ValueError, match="unknown game"):
        HernaAECEnv("chess")
