"""herna.batch Ugo! against the Python engine (GUIDE.md: a faster engine is a
second implementation, proved the same game step by step).

The differential test plays random games with the Python engine (its own
chance: the deals) and replays them, in lockstep and batched, through the
JAX engine with the same deals and actions; at every decision it compares
the current player, the legal action mask, every seat's observation tensor,
``terminated`` and the rewards (the Python ``returns()`` at the end, U-2.1),
and at the end the score totals. It covers every option set of the Python
conformance list (herna.games.ugo.CONFORMANCE_OPTIONS).
``HERNA_BATCH_GAMES`` sets the games per option set (default 40).
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)
jnp = jax.numpy

import herna  # noqa: E402
from herna.batch import engine  # noqa: E402
from herna.batch.ugo import NUM_ACTIONS, TERMINAL  # noqa: E402
from herna.games.ugo import CONFORMANCE_OPTIONS  # noqa: E402
from herna.games.ugo import actions as A  # noqa: E402
from tests.batch.lockstep import compare, expected, random_step, ugo_deal  # noqa: E402

GAMES = int(os.environ.get("HERNA_BATCH_GAMES", "40"))

OPTION_SETS = [dict(o) for o in CONFORMANCE_OPTIONS]
"""Every option set of the Python conformance list."""


def run_differential(options: dict, games: int, seed: int = 0, env=None) -> tuple[int, int]:
    """Play ``games`` random games of the Python engine and replay them in the
    batched one, comparing at every decision; returns (games, decisions)."""
    game = herna.load("ugo", engine="python", **options)
    env = env or engine("ugo", auto_reset=False, **options)
    n = game.num_players
    rngs = [random.Random(seed * 1_000_003 + i) for i in range(games)]
    states = [game.new_initial_state() for _ in range(games)]
    first = np.array([ugo_deal(s, r) for s, r in zip(states, rngs)])
    jstate = jax.jit(env.init_from_deal)(first)
    step_fn = jax.jit(env.step_with_deal)
    compare(jstate, expected(states, [False] * games, NUM_ACTIONS), 0)
    dummy = np.arange(10 * n).reshape(n, 10)  # a deal for the steps that deal nothing
    steps = decisions = 0
    while not all(s.is_terminal() for s in states):
        actions, dealt, ended_now, count = random_step(states, rngs, ugo_deal)
        hands = np.stack([dummy if d is None else np.asarray(d) for d in dealt])
        decisions += count
        jstate = step_fn(jstate, actions, hands)
        steps += 1
        compare(jstate, expected(states, ended_now, NUM_ACTIONS), steps)
    scores = np.array([s.view()["scores"] for s in states])
    assert np.array_equal(np.asarray(jstate.scores), scores)
    return games, decisions


@pytest.mark.parametrize("index", range(len(OPTION_SETS)),
                         ids=["-".join(f"{k}={v}" for k, v in o.items()) for o in OPTION_SETS])
def test_differential_random_games(index):
    """Same deals, same actions: same masks, observations, players and returns
    at every step (U-1 to U-6), over every option set of the conformance list."""
    options = OPTION_SETS[index]
    games, decisions = run_differential(options, GAMES, seed=index)
    assert decisions > games * 10 * options.get("rounds", 4)


def test_jit_vmap_random_rollouts():
    """init/step under jit with a batch (the env vmaps itself) and under an
    explicit jax.vmap; a random masked policy finishes games, every game
    always holds its 10 n cards somewhere (U-2.2, U-4) and a seat's rewards
    are its final total (U-2.1: at most 40 a round)."""
    env = engine("ugo", players=3, rounds=1)
    batch = 32
    state = jax.jit(env.init, static_argnums=1)(jax.random.key(1), batch)
    assert state.observation.shape == (batch, *env.observation_shape)
    assert state.legal_action_mask.shape == (batch, NUM_ACTIONS)

    @jax.jit
    def rollout(state, key):
        def body(carry, key):
            state, total, ended = carry
            k1, k2 = jax.random.split(key)
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            action = jax.random.categorical(k1, logits)
            state = jax.vmap(env.step)(state, action, jax.random.split(k2, batch))
            return (state, total + state.rewards, ended + state.terminated), None

        init = (state, jnp.zeros((batch, 3)), jnp.zeros(batch, jnp.int32))
        return jax.lax.scan(body, init, jax.random.split(key, 120))[0]

    state, total, ended = rollout(state, jax.random.key(2))
    assert int(ended.min()) >= 1
    assert (np.asarray(state.current_player) >= 0).all()  # auto-reset: always a seat to act
    assert state.legal_action_mask.any(axis=1).all()
    assert (np.asarray(total) <= 40 * np.asarray(ended)[:, None]).all()


def test_batched_step_deals_only_where_due():
    """A batched env.step draws deals for the games that need one (in
    chunks of ``min_deal_room`` when more than that do): after every step
    each game holds all 10 n cards in hands, the trick, the waiting cards
    and the fields (U-2.2, U-4), and each ended game was replaced by a new one."""
    env = engine("ugo", players=2, rounds=1)
    env.min_deal_room = 2
    batch = 16
    state = jax.jit(env.init, static_argnums=1)(jax.random.key(7), batch)
    step = jax.jit(env.step)
    key = jax.random.key(8)
    ended = 0
    for _ in range(45):
        key, k1, k2 = jax.random.split(key, 3)
        action = jax.random.categorical(k1, jnp.where(state.legal_action_mask, 0.0, -jnp.inf))
        state = step(state, action, k2)
        cards = (np.asarray(state.hands).sum(axis=(1, 2)) + np.asarray(state.trick_len)
                 + np.asarray(state.waiting).sum(axis=1) + np.asarray(state.field_count).sum(axis=(1, 2)))
        assert (cards == 20).all()
        done = np.asarray(state.terminated)
        assert not np.asarray(state.rewards)[~done].any()
        assert (np.asarray(state.tricks_done)[done] == 0).all() and not np.asarray(state.scores)[done].any()
        ended += int(done.sum())
    assert ended >= batch


def test_batched_step_equals_each_game_stepped_alone():
    """The batched step (deals only where due, U-2.2, in chunks) gives every
    field of every game exactly as stepping each game alone with the same
    deals (tests/batch/chunked.py)."""
    from tests.batch.chunked import check_chunked_step

    env = engine("ugo", players=2, rounds=1)
    env.min_deal_room = 2  # the table, batch and room of test_batched_step_deals_only_where_due: its step serves
    chunks, _ = check_chunked_step(env, batch=16, steps=50, num_cards=45, room_share=16,
                                as_deal=lambda rows: rows[:, :20].reshape(-1, 2, 10))
    assert chunks > 5


def test_auto_reset_keeps_rewards_and_deals_the_next_game():
    """With auto-reset the step that ends a game returns the next game's
    first state (dealt from the given hands), flagged terminated with the
    finished game's rewards; the step after that clears both."""
    options = {"players": 2, "rounds": 1}
    game = herna.load("ugo", engine="python", **options)
    env = engine("ugo", **options)
    rng = random.Random(5)
    py = game.new_initial_state()
    jstate = jax.jit(env.init_from_deal)(ugo_deal(py, rng))
    step = jax.jit(env.step_with_deal)
    next_game = [list(range(10)), list(range(10, 20))]
    while not py.is_terminal():
        action = rng.choice(py.legal_actions())
        py.apply_action(action)
        dealt = ugo_deal(py, rng)
        jstate = step(jstate, action, dealt if dealt is not None else next_game)
    assert bool(jstate.terminated)
    assert np.array_equal(np.asarray(jstate.rewards), np.array(py.returns(), np.float32))
    fresh = game.new_initial_state()
    for card in [c for h in next_game for c in h]:
        fresh.apply_action(A.DEAL + card)
    assert int(jstate.current_player) == fresh.current_player() == 0
    assert np.array_equal(np.asarray(jstate.observation), np.stack([fresh.observation_tensor(s) for s in range(2)]))
    action = fresh.legal_actions()[0]
    jstate = step(jstate, action, next_game)
    assert not bool(jstate.terminated) and not np.asarray(jstate.rewards).any()
    fresh.apply_action(action)
    assert np.array_equal(np.asarray(jstate.observation[1]), fresh.observation_tensor(1))


def test_terminal_state_without_auto_reset_stays():
    """Without auto-reset a finished game does not move and rewards nothing more."""
    env = engine("ugo", players=2, rounds=1, auto_reset=False)
    state = jax.jit(env.init, static_argnums=1)(jax.random.key(3), 4)
    step = jax.jit(env.step)
    key = jax.random.key(4)
    for _ in range(40):
        key, k = jax.random.split(key)
        state = step(state, jnp.argmax(state.legal_action_mask, axis=1), k)
    assert np.asarray(state.terminated).all()
    assert (np.asarray(state.current_player) == TERMINAL).all()
    again = step(state, jnp.zeros(4, jnp.int32), key)
    assert np.array_equal(np.asarray(again.observation), np.asarray(state.observation))
    assert not np.asarray(again.rewards).any()


def test_make_refuses_bad_options():
    """The Python engine's ValueError for a bad option (U-1.3, U-1.4, U-2.1, U-2.4)."""
    with pytest.raises(ValueError, match="players"):
        engine("ugo", players=5)
    with pytest.raises(ValueError, match="first_player"):
        engine("ugo", players=3, first_player=3)
    with pytest.raises(ValueError, match="farmers"):
        engine("ugo", farmers=301)
    with pytest.raises(ValueError, match="low_card_farmers"):
        engine("ugo", low_card_farmers=[1])
    with pytest.raises(ValueError, match="rounds"):
        engine("ugo", rounds=0)
    env = engine("ugo", players=2)
    assert env.options["farmers"] == 12 and env.observation_shape == (2, 90 + 140 * 2 + 23)


def test_bench_ugo_reports_actions_per_second():
    """bench_ugo (herna.batch.bench) measures the batched random policy as bench_trumfosaur does."""
    from herna.batch.bench import bench_ugo

    (row,) = bench_ugo((4,), steps=3, players=2, rounds=1)
    assert row["batch_size"] == 4 and row["steps"] == 3 and row["actions_per_s"] > 0 and row["compile_s"] > 0
