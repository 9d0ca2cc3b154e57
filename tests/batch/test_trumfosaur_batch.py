"""herna.batch Trumfosaur against the Python engine (GUIDE.md: a faster engine
is a second implementation, proved the same game step by step).

The differential test plays random games with the Python engine (its own
chance: the deals) and replays them, in lockstep and batched, through the
JAX engine with the same deals and actions; at every decision it compares
the current player, the legal action mask, every seat's observation tensor,
``terminated`` and the rewards (the Python ``returns()`` at the end, T-2.1).
The master version (T-8) is replayed with every deal fixed in advance, deck
order included, so both engines draw the same cards.
``HERNA_BATCH_GAMES`` sets the games per option set (default 200; half that
for the master sets).
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
from herna.batch.trumfosaur import NUM_ACTIONS, TERMINAL  # noqa: E402
from herna.core import CHANCE  # noqa: E402
from herna.games.trumfosaur import actions as A  # noqa: E402
from tests.batch.lockstep import compare, expected, random_step  # noqa: E402

GAMES = int(os.environ.get("HERNA_BATCH_GAMES", "200"))

OPTION_SETS = [
    {"players": 2},
    {"players": 3, "target_score": 20},
    {"players": 4},
    {"players": 5, "first_player": 3},
    {"players": 4, "teams": True, "target_score": 40},
    {"players": 4, "teams": True, "first_player": 2, "target_score": 12},
]
"""Option sets without the master version, as in the Python conformance
list (herna.games.trumfosaur.CONFORMANCE_OPTIONS)."""
MASTER_SETS = [
    {"players": 2, "master": True, "target_score": 15},
    {"players": 3, "master": True, "target_score": 15},
    {"players": 4, "master": True, "target_score": 25},
    {"players": 4, "teams": True, "master": True, "target_score": 30, "first_player": 2},
]
"""The master-version option sets of the Python conformance list (T-8)."""


def _deal(state, rng: random.Random) -> list[list[int]] | None:
    """Play the Python engine's chance nodes (a deal, T-3.1); the hands dealt
    (seat by seat, 10 each), or None if the state is not at chance."""
    if state.current_player() != CHANCE:
        return None
    cards = []
    while state.current_player() == CHANCE:
        action = state.sample_chance(rng)
        cards.append(action - A.DEAL_BASE)
        state.apply_action(action)
    n = state.num_players
    assert len(cards) == 10 * n
    return [sorted(cards[10 * s: 10 * s + 10]) for s in range(n)]


def run_differential(options: dict, games: int, seed: int = 0) -> tuple[int, int]:
    """Play ``games`` random games of the Python engine and replay them in the
    batched one, comparing at every decision; returns (games, decisions)."""
    game = herna.load("trumfosaur", **options)
    env = engine("trumfosaur", auto_reset=False, **options)
    n = game.num_players
    rngs = [random.Random(seed * 1_000_003 + i) for i in range(games)]
    states = [game.new_initial_state() for _ in range(games)]
    first = np.array([_deal(s, r) for s, r in zip(states, rngs)])
    jstate = jax.jit(env.init_from_deal)(first)
    step_fn = jax.jit(env.step_with_deal)
    compare(jstate, expected(states, [False] * games, NUM_ACTIONS), 0)
    dummy = np.arange(10 * n).reshape(n, 10)  # a deal for the steps that deal nothing
    steps = decisions = 0
    while not all(s.is_terminal() for s in states):
        actions, dealt, ended_now, count = random_step(states, rngs, _deal)
        hands = np.stack([dummy if d is None else np.asarray(d) for d in dealt])
        decisions += count
        jstate = step_fn(jstate, actions, hands)
        steps += 1
        compare(jstate, expected(states, ended_now, NUM_ACTIONS), steps)
    scores = np.array([s.view()["scores"] for s in states])
    assert np.array_equal(np.asarray(jstate.scores), scores)
    return games, decisions


def run_differential_fixed_deals(options: dict, games: int, seed: int = 0, env=None) -> tuple[int, int]:
    """As :func:`run_differential`, with every deal fixed in advance (hands and
    deck order, SCENARIOS.md ``deals``), so that the master version's draws
    from the deck (T-8.1) are known to both engines when a deal starts."""
    from herna.games.trumfosaur.cards import card_name

    game = herna.load("trumfosaur", **options)
    env = env or engine("trumfosaur", auto_reset=False, **options)
    n = game.num_players
    most = -(-game.options["target_score"] // 3) + 1  # every seat scores at least 3 a deal (T-6.3)
    rng = np.random.default_rng(seed)
    orders = np.array([[rng.permutation(50) for _ in range(most)] for _ in range(games)])  # (games, deals, 50)
    hands = orders[:, :, : 10 * n].reshape(games, most, n, 10)
    decks = orders[:, :, 10 * n:]
    states = [game.new_initial_state([{"hands": [[card_name(int(c)) for c in h] for h in hands[i, d]],
                                       "deck": [card_name(int(c)) for c in decks[i, d]]} for d in range(most)])
              for i in range(games)]
    rngs = [random.Random(seed * 1_000_003 + i) for i in range(games)]
    jstate = jax.jit(env.init_from_deal)(hands[:, 0], decks[:, 0])
    step_fn = jax.jit(env.step_with_deal)
    compare(jstate, expected(states, [False] * games, env.num_actions), 0)
    steps = decisions = 0
    while not all(s.is_terminal() for s in states):
        following = np.array([min(s.period(), most - 1) for s in states])  # the next deal's index (from 0)
        actions, _, ended_now, count = random_step(states, rngs)
        decisions += count
        index = np.arange(games)
        jstate = step_fn(jstate, actions, hands[index, following], decks[index, following])
        steps += 1
        compare(jstate, expected(states, ended_now, env.num_actions), steps)
    assert np.array_equal(np.asarray(jstate.scores), np.array([s.view()["scores"] for s in states]))
    return games, decisions


@pytest.mark.parametrize("index", range(len(MASTER_SETS)),
                         ids=["-".join(f"{k}={v}" for k, v in o.items()) for o in MASTER_SETS])
def test_differential_master_version(index):
    """The master version (T-8.1: exchanges, draws from the deck, public
    discards) with fixed deals: the same at every step, as above."""
    games, decisions = run_differential_fixed_deals(MASTER_SETS[index], GAMES // 2, seed=100 + index)
    assert decisions > games * 20


@pytest.mark.parametrize("index", range(len(OPTION_SETS)),
                         ids=["-".join(f"{k}={v}" for k, v in o.items()) for o in OPTION_SETS])
def test_differential_random_games(index):
    """Same deals, same actions: same masks, observations, players and returns
    at every step (T-2 to T-7, T-10), over every supported option set."""
    games, decisions = run_differential(OPTION_SETS[index], GAMES, seed=index)
    assert decisions > games * 20


def test_jit_vmap_random_rollouts():
    """init/step under jit with a batch (the env vmaps itself) and under an
    explicit jax.vmap; a random masked policy finishes games and each
    game's rewards are its final totals, at least 36 for a winner (T-2.1)."""
    env = engine("trumfosaur", players=3)
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
        return jax.lax.scan(body, init, jax.random.split(key, 600))[0]

    state, total, ended = rollout(state, jax.random.key(2))
    assert int(ended.min()) >= 1
    assert (np.asarray(state.current_player) >= 0).all()  # auto-reset: always a seat to act
    assert state.legal_action_mask.any(axis=1).all()


@pytest.mark.parametrize("room", [16, 4])
def test_batched_step_deals_only_where_due(room):
    """A batched env.step draws deals for the games that need one (a second
    chunk of them when more than max(16, B // 32) do): every game always
    holds 10 cards per seat somewhere (T-3.1), and every ended game was
    replaced by a fresh one (auto-reset)."""
    env = engine("trumfosaur", players=2, target_score=3)  # every deal ends the game (T-6.3)
    env.min_deal_room = room  # 4: more games than that end at once, and they are dealt in chunks
    batch = 48
    state = jax.jit(env.init, static_argnums=1)(jax.random.key(7), batch)
    step = jax.jit(env.step)
    key = jax.random.key(8)
    ended = 0
    for _ in range(120):
        key, k1, k2 = jax.random.split(key, 3)
        action = jax.random.categorical(k1, jnp.where(state.legal_action_mask, 0.0, -jnp.inf))
        state = step(state, action, k2)
        cards = (np.asarray(state.hands).sum(axis=(1, 2)) + (np.asarray(state.invitation) >= 0).sum(axis=1)
                 + np.asarray(state.taken).sum(axis=(1, 2)) + ((np.asarray(state.trick_cards) >= 0)
                                                               & (np.asarray(state.trick_cards) < 50)).sum(axis=1))
        assert (cards == 20).all()
        done = np.asarray(state.terminated)
        assert (np.asarray(state.rewards)[done] >= 3).all() and not np.asarray(state.rewards)[~done].any()
        assert (np.asarray(state.deal_number)[done] == 1).all() and not np.asarray(state.scores)[done].any()
        ended += int(done.sum())
    assert ended > batch


@pytest.mark.parametrize("options,cascade", [({"players": 2, "target_score": 8}, False),
                                             ({"players": 4, "master": True}, False),
                                             ({"players": 4, "target_score": 15}, True)])
def test_batched_step_equals_each_game_stepped_alone(options, cascade):
    """The batched step (forced plays, T-4.2, and deals, T-3.1, only where
    due, in chunks) gives every field of every game exactly as stepping each
    game alone with the same deals (tests/batch/chunked.py); forced plays
    happen in it, and deals come in more than one chunk at a time. With
    ``cascade`` the forced plays take the path of a big batch (more than
    ``_forced_loop_size`` games forced: a pass, then the games still forced
    in a batch half the size, twice, then the loop), here at batch 48."""
    from tests.batch.chunked import check_chunked_step

    env = engine("trumfosaur", **options)
    env.min_deal_room = 4
    if cascade:
        env._forced_share, env._forced_loop_size = 1, 16  # forced plays on 48 games, then 24, then a loop on 16

    def forced(state, action):  # the games with a forced play after the action
        return jax.vmap(env._is_forced)(jax.vmap(env._apply)(env._cleared(state), action)).sum()

    # batch 48: the batch of test_batched_step_deals_only_where_due[4], whose compiled step serves the first set
    chunks, forced = check_chunked_step(env, batch=48, steps=100, num_cards=50, room_share=32,
                                        as_deal=lambda rows: rows, count=forced)
    assert chunks > 10 and forced > 0, (chunks, forced)


def test_auto_reset_keeps_rewards_and_deals_the_next_game():
    """With auto-reset the step that ends a game returns the next game's
    first state (dealt from the given hands), flagged terminated with the
    finished game's rewards; the step after that clears both."""
    options = {"players": 2, "target_score": 4}
    game = herna.load("trumfosaur", **options)
    env = engine("trumfosaur", **options)
    rng = random.Random(5)
    py = game.new_initial_state()
    jstate = jax.jit(env.init_from_deal)(_deal(py, rng))
    step = jax.jit(env.step_with_deal)
    next_game = [list(range(10)), list(range(10, 20))]
    while not py.is_terminal():
        action = rng.choice(py.legal_actions())
        py.apply_action(action)
        dealt = _deal(py, rng)
        jstate = step(jstate, action, dealt if dealt is not None else next_game)
    assert bool(jstate.terminated)
    assert np.array_equal(np.asarray(jstate.rewards), np.array(py.returns(), np.float32))
    fresh = game.new_initial_state([{"hands": [[herna_card(c) for c in h] for h in next_game]}])
    assert int(jstate.current_player) == fresh.current_player() == 0
    assert np.array_equal(np.asarray(jstate.observation), np.stack([fresh.observation_tensor(s) for s in range(2)]))
    action = fresh.legal_actions()[0]
    jstate = step(jstate, action, next_game)
    assert not bool(jstate.terminated) and not np.asarray(jstate.rewards).any()
    fresh.apply_action(action)
    assert np.array_equal(np.asarray(jstate.observation[1]), fresh.observation_tensor(1))


def herna_card(card: int) -> str:
    from herna.games.trumfosaur.cards import card_name

    return card_name(card)


def test_terminal_state_without_auto_reset_stays():
    """Without auto-reset a finished game does not move and rewards nothing more."""
    env = engine("trumfosaur", players=2, target_score=1, auto_reset=False)
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


def test_master_version_rollouts_keep_every_card():
    """T-8.1 with random deals from the key: every card is in a hand, an
    invitation, a trick, a pile, the discards or the rest of the deck."""
    env = engine("trumfosaur", players=3, master=True, target_score=10)
    assert env.num_actions == A.NUM_DISTINCT_ACTIONS
    state = jax.jit(env.init, static_argnums=1)(jax.random.key(11), 16)
    assert state.legal_action_mask[:, A.EXCHANGE_NONE:].any(axis=1).all()
    step = jax.jit(env.step)
    key = jax.random.key(12)
    for _ in range(150):
        key, k1, k2 = jax.random.split(key, 3)
        state = step(state, jax.random.categorical(k1, jnp.where(state.legal_action_mask, 0.0, -jnp.inf)), k2)
        trick = np.asarray(state.trick_cards)
        cards = (np.asarray(state.hands).sum(axis=(1, 2)) + (np.asarray(state.invitation) >= 0).sum(axis=1)
                 + np.asarray(state.taken).sum(axis=(1, 2)) + ((trick >= 0) & (trick < 50)).sum(axis=1)
                 + np.asarray(state.exchanged).sum(axis=(1, 2)) + 50 - np.asarray(state.deck_pos))
        assert (cards == 50).all()


def test_make_refuses_bad_options_and_games():
    with pytest.raises(ValueError, match="players"):
        engine("trumfosaur", players=7)
    with pytest.raises(ValueError, match="teams"):
        engine("trumfosaur", players=3, teams=True)
    with pytest.raises(ValueError, match="master.*2-4 players"):
        engine("trumfosaur", players=5, master=True)
    with pytest.raises(ValueError, match="no batched engine for game 'chess'.*trumfosaur.*ugo.*kurnik"):
        engine("chess")
    with pytest.raises(ValueError, match="auto_reset must be True or False, not 'no'"):
        engine("trumfosaur", auto_reset="no")


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 3, "master": True, "target_score": 10}])
def test_observe_modes_and_observe_on_request(options):
    """engine(observe=...): "current" holds the row of the seat to act of
    "all" (seat 0's at the end), "none" nothing; env.observe(state, seat)
    gives the same rows in every mode, and the rules do not depend on the mode."""
    envs = {mode: engine("trumfosaur", observe=mode, **{"target_score": 5, **options})
            for mode in ("all", "current", "none")}
    D = envs["all"].observation_size
    assert envs["all"].observation_shape == (envs["all"].num_players, D)
    assert envs["current"].observation_shape == (D,) and envs["none"].observation_shape == (0,)
    batch = 16  # the master set's "all" engine is test_master_version_rollouts_keep_every_card's: one compile
    states = {m: jax.jit(e.init, static_argnums=1)(jax.random.key(21), batch) for m, e in envs.items()}
    steps = {m: jax.jit(e.step) for m, e in envs.items()}
    observe = jax.jit(envs["none"].observe)
    key = jax.random.key(22)
    for _ in range(60):
        every = np.asarray(states["all"].observation)
        player = np.asarray(states["all"].current_player)
        row = every[np.arange(batch), np.maximum(player, 0)]
        assert np.array_equal(np.asarray(states["current"].observation), row)
        assert states["none"].observation.shape == (batch, 0)
        assert np.array_equal(np.asarray(observe(states["none"], states["none"].current_player)), row)
        assert np.array_equal(np.asarray(observe(states["none"], 1)), every[:, 1])
        for field in ("current_player", "legal_action_mask", "rewards", "terminated", "scores"):
            assert all(np.array_equal(np.asarray(getattr(states["all"], field)), np.asarray(getattr(s, field)))
                       for s in states.values())
        key, k1, k2 = jax.random.split(key, 3)
        action = jax.random.categorical(k1, jnp.where(states["all"].legal_action_mask, 0.0, -jnp.inf))
        states = {m: steps[m](states[m], action, k2) for m in envs}
    with pytest.raises(ValueError, match="observe"):
        engine("trumfosaur", observe="seat")
