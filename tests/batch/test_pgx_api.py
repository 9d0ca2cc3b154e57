"""herna.batch.make follows pgx's conventions (herna/batch/environment.py).

pgx's own ``pgx.api_test`` cannot take a non-pgx environment (it checks
``state.env_id`` against pgx's list of games, ``state._step_count`` and
``save_svg``), so its checks are written out here, for every game, one game
at a time under ``jax.jit`` and a batch under ``jax.vmap`` as pgx runs them:
``init`` has zero rewards and a legal action; ``current_player`` is int32 and
a seat at every step, also at the end; ``terminated``/``truncated`` bool,
``rewards`` float32; the mask all True once terminated; a step on a finished
game changes nothing and gives zero rewards; ``while not
state.terminated.all()`` ends (no auto-reset). Then what pgx says of
illegal actions, the observation modes, the key and the auto-reset option.
"""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)
jnp = jax.numpy

from herna.batch import make  # noqa: E402
from herna.batch.bench import uniform_legal as _uniform_legal  # noqa: E402

uniform_legal = jax.jit(_uniform_legal)  # compiled once a shape (un-jitted, each of its operations is)

GAMES = [("trumfosaur", {"players": 3, "target_score": 4}), ("ugo", {"players": 2, "rounds": 1}),
         ("kurnik", {"players": 2})]
BATCH = 16
"""The batch of every batched call here: one compiled shape a game, and Kurník's the batch of
tests/batch/test_kurnik_batch.py (its compiled loop serves both)."""
PUBLIC = ("current_player", "observation", "rewards", "terminated", "truncated", "legal_action_mask")


def validate(state, env) -> None:
    """pgx's ``_validate_state``, ``_validate_current_player`` and ``_validate_legal_actions``."""
    assert state.current_player.dtype == jnp.int32 and state.terminated.dtype == jnp.bool_
    assert state.truncated.dtype == jnp.bool_ and not np.asarray(state.truncated).any()
    assert state.rewards.dtype == jnp.float32 and state.legal_action_mask.dtype == jnp.bool_
    player = np.asarray(state.current_player)
    assert ((player >= 0) & (player < env.num_players)).all()
    mask = np.asarray(state.legal_action_mask)
    assert mask.any(axis=-1).all(), "legal_action_mask is never all False"
    assert mask[np.asarray(state.terminated)].all(), "all True once terminated"
    assert state.observation.shape[-1:] == env.observation_shape[-1:]


@pytest.mark.parametrize("game,options", GAMES)
def test_api_single_games_under_jit(game, options):
    env = make(game, **options)
    assert env.observation_shape == (env.observation_size,) and env.id == f"herna/{game}"
    init, step = jax.jit(env.init), jax.jit(env.step)
    key = jax.random.key(849020)
    for _ in range(2):
        key, sub = jax.random.split(key)
        state = init(sub)
        assert set(PUBLIC) <= set(vars(state))
        validate(state, env)
        assert not np.asarray(state.rewards).any() and np.asarray(state.legal_action_mask).any()
        assert np.array_equal(state.observation, env.observe(state, state.current_player))
        total = np.zeros(env.num_players)
        for _ in range(5000):
            key, k1, k2 = jax.random.split(key, 3)
            mover = int(state.current_player)
            state = step(state, uniform_legal(k1, state.legal_action_mask[None])[0], k2)
            validate(state, env)
            total += np.asarray(state.rewards)
            if bool(state.terminated):
                break
        assert bool(state.terminated) and int(state.current_player) == mover  # the last mover, not -4
        assert np.array_equal(state.observation, env.observe(state, mover))
        again = step(state, jnp.int32(0), key)  # a step on a finished game: the same, zero rewards
        assert not np.asarray(again.rewards).any() and bool(again.terminated)
        for name in ("current_player", "observation", "legal_action_mask"):
            assert np.array_equal(getattr(again, name), getattr(state, name))
        assert total.any()  # the game's result came as rewards


@pytest.mark.parametrize("game,options", GAMES)
def test_api_batch_under_vmap_ends(game, options):
    """pgx's ``api_test_batch``: ``while not state.terminated.all()`` with ``jax.vmap(env.step)`` ends."""
    env = make(game, **options)
    init, step = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))
    key = jax.random.key(9999)
    state = init(jax.random.split(key, 4))
    validate(state, env)
    steps = 0
    while not bool(state.terminated.all()):
        key, k1, k2 = jax.random.split(key, 3)
        state = step(state, uniform_legal(k1, state.legal_action_mask), jax.random.split(k2, 4))
        validate(state, env)
        steps += 1
        assert steps < 5000
    # the same games in one batched call agree with the vmapped ones
    batched = env.init(key, BATCH)
    assert batched.legal_action_mask.shape == (BATCH, env.num_actions) and batched.observation.shape == (BATCH,) + (
        env.observation_size,)


def test_key_is_required_and_options_checked():
    env = make("kurnik", players=2)
    state = env.init(jax.random.key(0), BATCH)
    with pytest.raises(ValueError, match="needs a key"):
        env.step(state, 0)
    for bad in ({"observe": "seat"}, {"auto_reset": 1}, {"illegal_action_penalty": "x"}):
        with pytest.raises(ValueError):
            make("trumfosaur", **bad)


@pytest.mark.parametrize("game,options,penalty", [("trumfosaur", GAMES[0][1], -1.0),
                                                  ("ugo", {"players": 2, "rounds": 2}, -91.0),
                                                  ("kurnik", {"players": 3}, -1.0)])
def test_illegal_action_ends_the_game_with_a_penalty(game, options, penalty):
    env = make(game, **options)
    assert env.illegal_action_penalty == penalty
    state = env.init(jax.random.key(3), batch_size=BATCH)
    illegal = jnp.argmin(state.legal_action_mask, axis=-1)  # an id that is not legal (every game has one)
    assert not np.asarray(jnp.take_along_axis(state.legal_action_mask, illegal[:, None], 1)).any()
    action = jnp.where(jnp.arange(BATCH) < 2, illegal, jnp.argmax(state.legal_action_mask, axis=-1))
    after = env.step(state, action, jax.random.key(4))
    terminated = np.asarray(after.terminated)
    assert terminated[:2].all()
    rewards = np.asarray(after.rewards)
    for g in range(2):
        expected = np.zeros(env.num_players)
        expected[int(state.current_player[g])] = penalty
        assert np.array_equal(rewards[g], expected)
        assert int(after.current_player[g]) == int(state.current_player[g])
    assert np.asarray(after.legal_action_mask[:2]).all()
    # the position stays as it was, and stays finished
    later = env.step(after, jnp.zeros(BATCH, jnp.int32), jax.random.key(5))
    assert np.asarray(later.terminated[:2]).all() and not np.asarray(later.rewards[:2]).any()
    custom = make(game, illegal_action_penalty=-7, **options)
    hit = custom.step(custom.init(jax.random.key(3), batch_size=BATCH), action, jax.random.key(4))
    assert np.asarray(hit.rewards[:2]).min() == -7



def test_an_action_id_outside_the_action_space_is_illegal_too():
    """-1, ``num_actions``, 500 and -500 end the game with the penalty like any illegal
    action (JAX's indexing would clamp them onto the last id: a pass, when legal)."""
    env = make("trumfosaur", **GAMES[0][1])  # the table and batch of the test above: its compiled step serves
    state = env.init(jax.random.key(3), batch_size=BATCH)
    after = env.step(state, jnp.tile(jnp.array([-1, env.num_actions, 500, -500], jnp.int32), BATCH // 4),
                     jax.random.key(4))
    assert np.asarray(after.terminated).all()
    for g in range(BATCH):
        expected = np.zeros(env.num_players)
        expected[int(state.current_player[g])] = env.illegal_action_penalty
        assert np.array_equal(np.asarray(after.rewards[g]), expected)

def test_observe_modes():
    for game, options in GAMES:
        all_rows = make(game, observe="all", **options)
        state = all_rows.init(jax.random.key(1), batch_size=BATCH)
        assert state.observation.shape == (BATCH, all_rows.num_players, all_rows.observation_size)
        current = make(game, **options).init(jax.random.key(1), batch_size=BATCH)
        rows = np.asarray(state.observation)[np.arange(BATCH), np.asarray(state.current_player)]
        assert np.array_equal(np.asarray(current.observation), rows)
        none = make(game, observe="none", **options).init(jax.random.key(1), batch_size=BATCH)
        assert none.observation.shape == (BATCH, 0)


def test_auto_reset_option_flags_the_next_games_first_state():
    env = make("trumfosaur", players=2, target_score=1, auto_reset=True)
    step = jax.jit(env.step)
    state = env.init(jax.random.key(7), batch_size=16)
    key = jax.random.key(8)
    seen = 0
    for _ in range(80):
        key, k1, k2 = jax.random.split(key, 3)
        state = step(state, uniform_legal(k1, state.legal_action_mask), k2)
        ended = np.asarray(state.terminated)
        seen += ended.sum()
        rewards = np.asarray(state.rewards)
        assert (rewards[~ended] == 0).all() and (rewards[ended].sum(axis=1) > 0).all()
        # the flagged state is the next game's first decision: a real choice, not all True
        assert not np.asarray(state.legal_action_mask)[ended].all(axis=-1).any()
    assert seen > 0
