"""examples/train_policy.py at toy size: REINFORCE on herna.batch raises the
learner's win share against random play significantly (seeded, so the run is
deterministic; the margin is several standard errors), and the critic's
advantages (``--critic``, Kurník's training) on a hand-made trajectory."""

from __future__ import annotations

import json

import numpy as np
import pytest
from tests.helpers import load_example

pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)



def test_training_raises_the_win_share_against_random(tmp_path):
    example = load_example("train_policy")
    options = {"players": 3, "target_score": 1}  # one deal of Trumfosaur
    params, history = example.train("trumfosaur", options, iterations=30, batch=256, steps=60, hidden=32,
                                     learning_rate=1e-2, seed=3, log=None)
    # before training: random play at seat 0, as win_share(params=None) plays it (all logits 0), by an
    # MLP of zeros of the trained one's shapes, so that both measurements run one compiled rollout
    untrained = {k: np.zeros_like(v) for k, v in params.items()}
    before, se_before = example.win_share("trumfosaur", options, untrained, games=2048, steps=60)
    after, se_after = example.win_share("trumfosaur", options, params, games=2048, steps=60)
    assert len(history) == 30 and all(h["finished"] > 0.99 for h in history)
    assert after - before > 4 * np.hypot(se_before, se_after), (before, after)
    path = tmp_path / "policy.npz"
    example.save(str(path), params, "trumfosaur", options, history)
    with np.load(path) as saved:
        assert saved["w1"].shape[1] == 32 and saved["w2"].shape[1] == 103
        assert json.loads(str(saved["meta"]))["options"]["players"] == 3


def test_critic_advantages_run_from_one_own_move_to_the_next():
    """GAE over the learner's own moves (--critic, used for Kurník): lambda 0 is the change of value to
    the learner's next move (the last one: to the outcome), lambda 1 the outcome minus the value."""
    import jax.numpy as jnp

    example = load_example("train_policy")
    value = jnp.asarray([[0.2], [0.9], [0.5], [0.7]])  # (T, B): steps 0, 2 and 3 are the learner's
    mine = jnp.asarray([[True], [False], [True], [True]])
    win = jnp.asarray([1.0])
    one_step = np.asarray(example.advantages(value, mine, win, 0.0))[:, 0]
    whole = np.asarray(example.advantages(value, mine, win, 1.0))[:, 0]
    np.testing.assert_allclose(one_step, [0.5 - 0.2, 0.0, 0.7 - 0.5, 1.0 - 0.7], atol=1e-6)
    np.testing.assert_allclose(whole, [1.0 - 0.2, 0.0, 1.0 - 0.5, 1.0 - 0.7], atol=1e-6)
