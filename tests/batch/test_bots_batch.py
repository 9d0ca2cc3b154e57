"""Batched bots (herna.batch.bots) against the Python bots.

The proof test plays Python-engine Trumfosaur games of every option set of
the differential test (players 2-5, teams, master, first_player), the seats
drawn per game between ``random`` and ``greedy`` (so the states are varied
and include greedy play), and at every decision compares the batched
greedy's action, given only the acting seat's ``observation_tensor`` and
the legal mask, with ``GreedyBot.choose`` there. ``HERNA_BOT_GAMES`` sets
the games per option set (default 12: about 20k decisions in all).
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
from herna.batch.trumfosaur import NUM_ACTIONS  # noqa: E402
from herna.bots import make_bot, observe  # noqa: E402
from herna.core import CHANCE  # noqa: E402
from herna.games.trumfosaur import actions as A  # noqa: E402
from tests.engines.cases import option_list  # noqa: E402

OPTION_SETS = [
    {"players": 2},
    {"players": 3, "target_score": 20},
    {"players": 4},
    {"players": 5, "first_player": 3},
    {"players": 4, "teams": True, "target_score": 40},
    {"players": 4, "teams": True, "first_player": 2, "target_score": 12},
    {"players": 2, "master": True, "target_score": 15},
    {"players": 3, "master": True, "target_score": 15},
    {"players": 4, "master": True, "target_score": 25},
    {"players": 4, "teams": True, "master": True, "target_score": 30, "first_player": 2},
]
"""The option sets of the engine's differential test (tests/batch/test_trumfosaur_batch.py)."""

GAMES = int(os.environ.get("HERNA_BOT_GAMES", "12"))


def _greedy_decisions(game, num_actions: int, games: int, seed: int,
                      seats: tuple[str, ...] = ("random", "greedy")) -> list[tuple]:
    """(observation, mask, seat, GreedyBot's choice) at every decision of
    ``games`` games of ``game`` (a loaded herna game) with seats drawn
    from ``seats`` (GreedyBot plays its choice at its seats)."""
    n = game.num_players
    greedy = [make_bot("greedy", game, seat, 0) for seat in range(n)]
    out = []
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        kinds = [rng.choice(seats) for _ in range(n)]
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            mask = np.zeros(num_actions, bool)
            mask[state.legal_actions()] = True
            choice = greedy[player].choose(observe(state, player))
            out.append((state.observation_tensor(player), mask, player, choice))
            state.apply_action(choice if kinds[player] == "greedy" else rng.choice(state.legal_actions()))
    return out


def _decisions(options: dict, games: int, seed: int):
    """(observations, masks, GreedyBot's choices) at every decision of
    ``games`` Python-engine Trumfosaur games with random/greedy seats."""
    game = herna.load("trumfosaur", **options)
    num_actions = A.NUM_DISTINCT_ACTIONS if game.options["master"] else NUM_ACTIONS
    obs, masks, _, want = zip(*_greedy_decisions(game, num_actions, games, seed))
    return np.stack(obs), np.stack(masks), np.array(want, np.int32)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_batched_greedy_chooses_as_greedybot(options):
    """Built as analyze builds it (:func:`herna.batch.bots.policy` from the options: with teams, T-7.1,
    the partner rule), the batched greedy chooses GreedyBot's action at every decision. With teams the
    partner rule decides some of them: the policy built without it differs there."""
    obs, masks, want = _decisions(options, GAMES, seed=7)
    policy = jax.jit(batch_bots.policy("greedy", "trumfosaur", options["players"], options))
    got = np.asarray(policy(jnp.asarray(obs), jnp.asarray(masks), jax.random.key(0)))
    bad = np.nonzero(got != want)[0]
    print(f"{want.size} decisions compared")
    assert bad.size == 0, (f"{bad.size} of {want.size} decisions differ; first at {bad[0]}: batch {got[bad[0]]}, "
                           f"GreedyBot {want[bad[0]]}")
    assert want.size > 30 * GAMES  # every deal asks many decisions
    solo = jax.jit(batch_bots.trumfosaur_greedy_policy(options["players"]))
    differ = int((np.asarray(solo(jnp.asarray(obs), jnp.asarray(masks), jax.random.key(0))) != want).sum())
    assert (differ > 0) == bool(options.get("teams")), differ


def test_batched_greedy_chooses_as_greedybot_with_greedy_partners():
    """T-7.1: teams games where every seat plays GreedyBot (so both partners keep to the partner rule, as
    in ``herna analyze --engine batch``): the batched greedy still chooses as GreedyBot at every decision."""
    options = {"players": 4, "teams": True, "target_score": 20}
    game = herna.load("trumfosaur", **options)
    obs, masks, _, want = (np.stack(column) for column in zip(*_greedy_decisions(game, NUM_ACTIONS, GAMES, 900,
                                                                                 seats=("greedy",))))
    policy = jax.jit(batch_bots.policy("greedy", "trumfosaur", 4, options))
    got = np.asarray(policy(jnp.asarray(obs), jnp.asarray(masks), jax.random.key(0)))
    assert (got == want).all(), f"{int((got != want).sum())} of {want.size} decisions differ"
    assert batch_bots.partners("trumfosaur", game.options) and not batch_bots.partners(
        "trumfosaur", herna.load("trumfosaur", players=4).options)


def test_random_policy_is_uniform_over_the_legal_actions():
    mask = np.zeros((4000, NUM_ACTIONS), bool)
    mask[:, [3, 17, 50]] = True
    mask[:2000, 101:103] = True
    got = np.asarray(jax.jit(batch_bots.random_policy)(jnp.zeros((4000, 5)), jnp.asarray(mask), jax.random.key(1)))
    assert mask[np.arange(4000), got].all()
    counts = np.bincount(got[2000:], minlength=NUM_ACTIONS)[[3, 17, 50]]
    assert counts.sum() == 2000 and (abs(counts - 2000 / 3) < 5 * np.sqrt(2000 / 3)).all()


def test_a_bot_without_a_batched_version_is_refused():
    with pytest.raises(ValueError, match="no batched version"):
        batch_bots.policy("ismcts", "trumfosaur", 4)
    with pytest.raises(ValueError, match="no batched version for kurnik"):
        batch_bots.policy("ismcts", "kurnik", 4)


def test_every_game_has_a_batched_greedy_naming_its_extras():
    extras = {game: getattr(batch_bots.policy("greedy", game, 4), "extras", ())
              for game in ("trumfosaur", "ugo", "kurnik")}
    assert extras == {"trumfosaur": (), "ugo": ("waiting_tops",), "kurnik": ("seat",)}
    assert all(name in batch_bots.EXTRAS for names in extras.values() for name in names)


# ----- Kurník greedy ------------------------------------------------------------------------
KURNIK_GAMES = int(os.environ.get("HERNA_KURNIK_BOT_GAMES", "4"))
"""Games per Kurník option set (35 sets, those of tests/batch/test_kurnik_batch.py)."""


def _kurnik_decisions(options: dict, games: int, seed: int):
    """(observations, masks, seats, GreedyBot's choices) at every decision of
    ``games`` Python-engine Kurník games with random/greedy seats."""
    from herna.games.kurnik.actions import NUM_DISTINCT_ACTIONS

    return _greedy_decisions(herna.load("kurnik", engine="python", **options), NUM_DISTINCT_ACTIONS, games, seed)


def test_batched_kurnik_greedy_chooses_as_greedybot():
    """At every decision of Python-engine games of every Kurník option set
    (seats drawn between random and greedy), the batched greedy, given the
    acting seat's observation row, the mask and the seat, chooses what
    GreedyBot.choose chooses (K-3.1, K-4.2, K-4.5, K-5.2, K-6, K-9.1, K-9.2)."""
    kurnik_sets = option_list("kurnik")
    groups: dict[tuple[int, int], list] = {}
    for index, options in enumerate(kurnik_sets):
        validated = herna.load("kurnik", **options).options
        key = (validated["players"], validated["supply_hens"])
        groups.setdefault(key, []).extend(_kurnik_decisions(options, KURNIK_GAMES, seed=50 + index))
    total = 0
    for (players, supply_hens), rows in groups.items():
        obs, masks, seats, want = (np.array(column) for column in zip(*rows))
        policy = jax.jit(batch_bots.policy("greedy", "kurnik", players, {"supply_hens": supply_hens}))
        got = np.asarray(policy(jnp.asarray(obs), jnp.asarray(masks), jax.random.key(0), jnp.asarray(seats)))
        bad = np.nonzero(got != want)[0]
        assert bad.size == 0, (f"players={players} supply_hens={supply_hens}: {bad.size} of {want.size} decisions "
                               f"differ; first: batch {got[bad[0]]}, GreedyBot {want[bad[0]]}, mask "
                               f"{np.nonzero(masks[bad[0]])[0].tolist()}, seat {seats[bad[0]]}")
        total += want.size
    print(f"{total} Kurník decisions compared")
    assert total > 20 * KURNIK_GAMES * len(kurnik_sets)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_batched_kurnik_greedy_announces_as_greedybot_in_random_positions(players):
    """The 6-6 announcement (K-4.5, K-9.1) in 3,000 random positions (random
    coops and live roosters, a random roller, the rough thief on), where
    GreedyBot's float scores (take, rob all, rob k) meet far more often
    than in played games: the batched greedy chooses the same every time."""
    from herna.games.kurnik.actions import NUM_DISTINCT_ACTIONS
    from herna.games.kurnik.constants import ANNOUNCE, ROOSTER_ALIVE

    game = herna.load("kurnik", engine="python", players=players, rough_thief=True, dead_rooster=True)
    bot = make_bot("greedy", game, 0, 0)
    rng = random.Random(players)
    rows = []
    for _ in range(3000):
        state = game.new_initial_state()
        for k in range(players):
            hens = rng.choice([0, 0, 1, 2, 3, 4, 5, 6, 7, 8])
            chicks = rng.randint(0, 9 - hens)
            state._hens[k], state._chicks[k], state._eggs[k] = hens, chicks, rng.randint(0, 9 - hens - chicks)
            state._rooster[k] = ROOSTER_ALIVE if rng.random() < 0.2 else 0
        state._player = rng.randrange(players)
        state._phase = ANNOUNCE
        state._forget_cache()
        mask = np.zeros(NUM_DISTINCT_ACTIONS, bool)
        mask[state.legal_actions()] = True
        rows.append((state.observation_tensor(state._player), mask, state._player,
                     bot.choose(observe(state, state._player))))
    obs, masks, seats, want = (np.array(column) for column in zip(*rows))
    policy = jax.jit(batch_bots.policy("greedy", "kurnik", players))
    got = np.asarray(policy(jnp.asarray(obs), jnp.asarray(masks), jax.random.key(0), jnp.asarray(seats)))
    bad = np.nonzero(got != want)[0]
    assert bad.size == 0, f"{bad.size} of {want.size} differ; first: batch {got[bad[0]]}, GreedyBot {want[bad[0]]}"


@pytest.mark.parametrize("args, words", [
    (("greedy", "ugo", 5), "players"),                                     # Ugo! seats 2-4 (U-1)
    (("greedy", "ugo", 4, {"low_card_farmers": "x"}), "low_card_farmers"),
    (("greedy", "chess", 4), "no batched engine for game 'chess'"),
    (("ismcts", "trumfosaur", 4), "no batched version"),
])
def test_policy_refuses_bad_games_players_and_options(args, words):
    with pytest.raises(ValueError, match=words):
        batch_bots.policy(*args)
