"""herna.batch Kurník against the Python engine (GUIDE.md: a faster engine is a
second implementation, proved the same game step by step).

The differential test plays random games with the Python engine (its own
chance: the dice, drawn by ``sample_chance`` from a seeded generator) and
replays them, in lockstep and batched, through the JAX engine, feeding it the
same chance outcome ids (``init_from_dice`` / ``step_with_dice``) and the same
actions; at every decision it compares the current player, the legal action
mask, every seat's observation tensor, ``terminated`` and the rewards (the
Python ``returns()`` at the end, K-1.4), and at the end the coops and what
the batch path of ``herna analyze`` reads for a record (``turn`` =
``State.period()``, ``winners``, ``first``). It covers
every Kurník option set of the engines' differential test
(``tests/engines/test_differential.py``: the record's conformance list and
its extra set), so the start rolls (K-2.1), gifts (K-4.2), hard times
(K-4.3), bird flu and quarantine turns (K-4.4, K-11.3), 6-6 announce and fox
(K-4.5, K-9.4), the thief rule (K-5.2), development (K-7), the rough thief
(K-9.1), roosters (K-9.2), missing hens (K-9.3), scarce supplies (K-5.3) and
the ``turn_limit`` guard are all played.
``HERNA_BATCH_GAMES`` sets the games per option set (default 16), played
in lockstep batches of :data:`BATCH` (so the engine compiles its loop once
for the whole file: every option set, player count and test shares it).
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)
jnp = jax.numpy

import herna  # noqa: E402
from herna.batch import bots as batch_bots  # noqa: E402
from herna.batch import engine  # noqa: E402
from herna.batch.kurnik import NUM_ACTIONS, TERMINAL  # noqa: E402
from herna.core import CHANCE  # noqa: E402
from herna.games.kurnik import actions as A  # noqa: E402
from tests.batch.lockstep import compare, expected, random_step  # noqa: E402
from tests.engines.cases import option_list  # noqa: E402

GAMES = int(os.environ.get("HERNA_BATCH_GAMES", "16"))
BATCH = 16
"""Games per batch in every test here (one shape: one compilation of the loop per source of chance)."""

OPTION_SETS = option_list("kurnik")
"""The Kurník option sets of the engines' differential test."""
WIDTH = 96
"""Chance outcomes given per step (padded): one shape, so one compilation per
player count; a step that drew more (never seen) gets a wider array."""


def _chance(state, rng: random.Random) -> list[int]:
    """Play the Python engine's chance nodes up to its next decision or the
    end (its forced decisions apply themselves); the outcome ids drawn."""
    drawn = []
    while state.current_player() == CHANCE:
        action = state.sample_chance(rng)
        drawn.append(action)
        state.apply_action(action)
    return drawn


def _pad(rows: list[list[int]]) -> np.ndarray:
    """Chance outcome lists as one int32 ``(G, width)`` array (width at least
    :data:`WIDTH`, a power of two beyond it), padded with 0."""
    width = WIDTH
    while width < max(map(len, rows)):
        width *= 2
    out = np.zeros((len(rows), width), np.int32)
    for i, row in enumerate(rows):
        out[i, :len(row)] = row
    return out


def _copies(dice: list[int]) -> np.ndarray:
    """One game's chance outcomes for a batch of :data:`BATCH` copies of it."""
    return np.repeat(_pad([dice]), BATCH, axis=0)


def run_differential(options: dict, games: int, seed: int = 0) -> tuple[int, int]:
    """Play ``games`` random games of the Python engine (rounded up to whole
    batches of :data:`BATCH`) and replay them in the batched one, comparing
    at every decision; returns (games, decisions)."""
    env = engine("kurnik", auto_reset=False, **options)
    played = decisions = 0
    for first in range(0, games, BATCH):
        decisions += _lockstep(env, options, range(seed * 1_000_003 + first, seed * 1_000_003 + first + BATCH))
        played += BATCH
    return played, decisions


def _lockstep(env, options: dict, seeds: range) -> int:
    """One batch of the differential test: a game per seed; the decisions compared."""
    game = herna.load("kurnik", engine="python", **options)
    games = len(seeds)
    rngs = [random.Random(seed) for seed in seeds]
    states = [game.new_initial_state() for _ in range(games)]
    jstate = env.init_from_dice(_pad([_chance(s, r) for s, r in zip(states, rngs)]))

    def describe(i: int) -> str:
        return f"options {options}, python game {i}: {states[i].history_strings()[-12:]}"

    compare(jstate, expected(states, [False] * games, NUM_ACTIONS), 0, describe)
    steps = decisions = 0
    while not all(s.is_terminal() for s in states):
        actions, drawn, ended_now, count = random_step(states, rngs, _chance)
        decisions += count
        jstate = env.step_with_dice(jstate, actions, _pad([d or [] for d in drawn]))
        steps += 1
        compare(jstate, expected(states, ended_now, NUM_ACTIONS), steps, describe)
    for field in ("eggs", "chicks", "hens"):
        assert np.array_equal(np.asarray(getattr(jstate, field)), [[c[field] for c in s.view()["coops"]]
                                                                  for s in states])
    # what herna analyze --engine batch reads at the end (herna.batch.analyze.READOUTS): the record's length
    # (State.period, turns), winners and first player are the Python record's
    assert np.asarray(jstate.turn).tolist() == [s.period() for s in states]
    assert [np.nonzero(w)[0].tolist() for w in np.asarray(jstate.winners)] == [s.view()["winners"] for s in states]
    assert np.asarray(jstate.first).tolist() == [s.view()["first_player"] for s in states]
    return decisions


@pytest.mark.parametrize("index", range(len(OPTION_SETS)),
                         ids=["-".join(f"{k}={v}" for k, v in o.items()) for o in OPTION_SETS])
def test_differential_random_games(index):
    """Same dice, same actions: same players, masks, observations and returns
    at every step (K-1 to K-11), over every option set of the engines'
    differential test."""
    games, decisions = run_differential(OPTION_SETS[index], GAMES, seed=index)
    print(f"kurnik batch differential {OPTION_SETS[index]}: {games} games, {decisions} decisions compared")
    assert games >= GAMES and decisions >= games


def test_auto_reset_replays_the_next_game_from_the_same_dice():
    """With auto-reset the step that ends a game returns the next game's first
    decision (its start rolls and first turns from the same chance list),
    flagged terminated with the finished game's rewards; the step after that
    clears both (pgx's convention)."""
    options = {"players": 2, "supply_hens": 4, "turn_limit": 30}  # too few hens: the guard ends it (K-1.4)
    game = herna.load("kurnik", engine="python", **options)
    env = engine("kurnik", **options)
    rng = random.Random(5)
    py = game.new_initial_state()
    jstate = env.init_from_dice(_copies(_chance(py, rng)))
    following = game.new_initial_state()
    while not py.is_terminal():
        action = rng.choice(py.legal_actions())
        py.apply_action(action)
        dice = _chance(py, rng)
        if py.is_terminal():
            dice += _chance(following, rng)  # the next game's chance, in the same step
        jstate = env.step_with_dice(jstate, np.full(BATCH, action), _copies(dice))
    assert bool(jstate.terminated[0])
    assert np.array_equal(np.asarray(jstate.rewards[0]), np.array(py.returns(), np.float32))
    assert int(jstate.current_player[0]) == following.current_player()
    assert np.array_equal(np.asarray(jstate.observation[0]),
                          np.stack([following.observation_tensor(s) for s in range(2)]))
    action = following.legal_actions()[-1]
    following.apply_action(action)
    jstate = env.step_with_dice(jstate, np.full(BATCH, action), _copies(_chance(following, rng)))
    assert not bool(jstate.terminated[0]) and not np.asarray(jstate.rewards).any()
    assert np.array_equal(np.asarray(jstate.observation[0]),
                          np.stack([following.observation_tensor(s) for s in range(2)]))


def test_random_rollouts_keep_every_card_and_end_games():
    """init/step from keys, auto-reset, the batched random bot
    (``herna.batch.bots.policy("random", "kurnik", n)``, on the acting
    seat's observation row and the mask; its actions are legal): every card is
    in a coop, the supply or the box (K-1.3, K-9.2, K-9.3), no coop holds
    more than 9 (K-1.2), every state is a real choice (at least two legal
    actions), and every game that ends has a winner with 9 hens or ended by
    the guard (K-1.4, K-11.2)."""
    options = {"players": 4, "dead_rooster": True, "rough_thief": True, "missing_hens": True, "supply_hens": 20,
               "turn_limit": 200}
    env = engine("kurnik", **options)
    batch = BATCH
    state = env.init(jax.random.key(1), batch)
    assert state.observation.shape == (batch, *env.observation_shape)
    assert state.legal_action_mask.shape == (batch, NUM_ACTIONS) and env.num_actions == A.NUM_DISTINCT_ACTIONS
    bot = jax.jit(batch_bots.policy("random", "kurnik", env.num_players))
    key = jax.random.key(2)
    ended = 0
    for _ in range(300):
        key, k1, k2 = jax.random.split(key, 3)
        row = np.asarray(state.observation)[np.arange(batch), np.asarray(state.current_player)]
        action = bot(jnp.asarray(row), state.legal_action_mask, k1)
        assert np.asarray(state.legal_action_mask)[np.arange(batch), np.asarray(action)].all()
        state = env.step(state, action, k2)
        eggs, chicks, hens = (np.asarray(getattr(state, f)) for f in ("eggs", "chicks", "hens"))
        assert (eggs.sum(1) + np.asarray(state.sup_eggs) == 36).all()
        assert (chicks.sum(1) + np.asarray(state.sup_chicks) == 36).all()
        assert (hens.sum(1) + np.asarray(state.sup_hens) + np.asarray(state.box_hens) == 20).all()
        roosters = (np.asarray(state.rooster) == 1).sum(1)
        assert (roosters + np.asarray(state.sup_roosters) + np.asarray(state.box_roosters) == 5).all()
        assert ((eggs + chicks + hens) <= 9).all()
        assert (np.asarray(state.current_player) >= 0).all()
        assert (np.asarray(state.legal_action_mask).sum(1) >= 2).all()
        done = np.asarray(state.terminated)
        rewards = np.asarray(state.rewards)
        assert (rewards[done].sum(1) >= 1).all() and not rewards[~done].any()
        ended += int(done.sum())
    assert ended > 0


def test_terminal_state_without_auto_reset_stays():
    """Without auto-reset a finished game does not move and rewards nothing more."""
    options = {"players": 2, "supply_hens": 4, "turn_limit": 20}
    env = engine("kurnik", auto_reset=False, **options)
    state = env.init(jax.random.key(3), BATCH)
    key = jax.random.key(4)
    for _ in range(40):
        key, k = jax.random.split(key)
        state = env.step(state, jnp.argmax(state.legal_action_mask, axis=1), k)
    assert np.asarray(state.terminated).all()
    assert (np.asarray(state.current_player) == TERMINAL).all()
    again = env.step(state, jnp.zeros(BATCH, jnp.int32), key)
    assert np.array_equal(np.asarray(again.observation), np.asarray(state.observation))
    assert not np.asarray(again.rewards).any() and np.asarray(again.terminated).all()


@pytest.mark.parametrize("mode", ["current", "none"])
def test_observe_modes_and_observe_on_request(mode):
    """engine(observe=...): "current" holds the acting seat's row of "all",
    "none" nothing; env.observe(state, seat) gives the rows in every mode."""
    options = {"players": 3, "first_player": 1}
    full = engine("kurnik", auto_reset=False, **options)
    env = engine("kurnik", auto_reset=False, observe=mode, **options)
    game = herna.load("kurnik", engine="python", **options)
    rng = random.Random(9)
    py = game.new_initial_state()
    first = _copies(_chance(py, rng))
    a, b = full.init_from_dice(first), env.init_from_dice(first)
    for _ in range(30):
        if py.is_terminal():
            break
        every = np.asarray(a.observation)
        seat = max(int(a.current_player[0]), 0)
        if mode == "current":
            assert np.array_equal(np.asarray(b.observation), every[:, seat])
        else:
            assert b.observation.shape == (BATCH, 0)
        assert np.array_equal(np.asarray(env.observe(b, b.current_player)), every[:, seat])
        assert np.array_equal(np.asarray(env.observe(b, 2)), every[:, 2])
        action = rng.choice(py.legal_actions())
        py.apply_action(action)
        dice, actions = _copies(_chance(py, rng)), np.full(BATCH, action)
        a, b = full.step_with_dice(a, actions, dice), env.step_with_dice(b, actions, dice)


def test_make_refuses_bad_options():
    """The Python engine's ValueError for a bad option (K-1.1, K-2.1, K-1.3, K-9.4, the guard)."""
    with pytest.raises(ValueError, match="players"):
        engine("kurnik", players=6)
    with pytest.raises(ValueError, match="first_player"):
        engine("kurnik", players=3, first_player=3)
    with pytest.raises(ValueError, match="six_six"):
        engine("kurnik", six_six="wolf")
    with pytest.raises(ValueError, match="supply_hens"):
        engine("kurnik", supply_hens=1001)
    with pytest.raises(ValueError, match="turn_limit"):
        engine("kurnik", supply_hens=4, turn_limit=0)
    with pytest.raises(ValueError, match="observe"):
        engine("kurnik", observe="seat")
    env = engine("kurnik", players=2)
    assert env.options["supply_hens"] == 36 and env.observation_shape == (2, 12 * 2 + 49)


def test_bench_kurnik_reports_actions_per_second():
    """bench_kurnik (herna.batch.bench, a row of herna bench --batch) measures the batched random policy."""
    from herna.batch.bench import bench_kurnik

    (row,) = bench_kurnik((BATCH,), steps=3, players=2)  # BATCH: the init compiled for the tests above serves
    assert row["batch_size"] == BATCH and row["steps"] == 3 and row["actions_per_s"] > 0 and row["compile_s"] > 0
