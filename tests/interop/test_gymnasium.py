"""A herna seat as a single-agent Gymnasium environment, the other seats
played by herna bots (herna.interop.gymnasium): Gymnasium's check_env, the
action mask in info, rewards, illegal actions."""

from __future__ import annotations

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from herna.interop.gymnasium import HernaEnv  # noqa: E402

CASES = [
    ("ugo", {"players": 2, "rounds": 1}, "greedy"),
    ("ugo", {}, "random"),
    ("trumfosaur", {}, "greedy"),
    ("trumfosaur", {"players": 3, "master": True}, ["random", "greedy"]),
    ("kurnik", {"players": 2}, "greedy"),
    ("kurnik", {"players": 4, "rough_thief": True}, "random"),
]


@pytest.mark.parametrize("game,options,opponents", CASES)
def test_gymnasium_check_env(game, options, opponents):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(HernaEnv(game, opponents=opponents, **options))
        made = gymnasium.make(f"herna/{game.capitalize()}-v0", render_mode="ansi", opponents=opponents, **options)
        check_env(made.unwrapped)


@pytest.mark.parametrize("game", ["ugo", "trumfosaur", "kurnik"])
def test_masked_random_play_to_the_end(game):
    env = HernaEnv(game, seat=1, opponents="greedy", players=3)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total = 0.0
    for _ in range(10_000):
        assert obs in env.observation_space
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and list(np.flatnonzero(mask)) == info["legal_actions"]
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        if terminated:
            break
    assert terminated and not truncated
    assert total == env.state.returns()[1]  # rewards add up to herna's result for the seat
    assert not info["action_mask"].any()


def test_illegal_action_changes_nothing():
    env = HernaEnv("ugo", opponents="random", illegal_reward=-2.0, players=2)
    obs, info = env.reset(seed=3)
    before = env.state.clone()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -2.0 and info2["illegal_action"] and not terminated
    assert env.state == before and np.array_equal(obs, obs2)


def test_bad_arguments():
    with pytest.raises(ValueError, match="seat"):
        HernaEnv("ugo", seat=4, players=2)
    with pytest.raises(ValueError, match="unknown bot"):
        HernaEnv("ugo", opponents="wizard")
    with pytest.raises(ValueError, match="one opponent spec per other seat"):
        HernaEnv("ugo", opponents=["random"], players=3)
    with pytest.raises(ValueError, match="render_mode"):
        HernaEnv("ugo", render_mode="rgb_array")
