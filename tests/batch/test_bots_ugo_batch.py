"""Ugo!'s batched greedy (herna.batch.bots_ugo) against GreedyBot.

The proof plays Python-engine Ugo! games of every conformance option set
(those of tests/batch/test_ugo_batch.py), the seats drawn per game between
``random`` and ``greedy``, and replays them in lockstep through the batched
engine (the same deals and actions). At every decision the real batched
policy (``policy("greedy", "ugo", ...)`` through ``call_policy``, its
waiting tops read from the batched state by ``ugo_waiting_tops``) chooses
for every game; the test checks that those tops are the view's
``waiting_cards`` tops (U-5.1), that the batched best set
(``ugo_greedy_choices``, given the batched state's row, mask and tops) is
``GreedyBot.best_actions`` there, and that the policy's action lies in it;
a greedy seat then plays the batched policy's action, a random seat its
own draw. Open decisions (U-4.3) are counted apart. ``HERNA_BOT_GAMES``
sets the games per option set (default 10).
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
from herna.batch.bots_ugo import kingdom_value, ugo_greedy_choices, ugo_greedy_policy, ugo_waiting_tops  # noqa: E402
from herna.bots import make_bot, observe  # noqa: E402
from herna.bots.greedy_ugo import kingdom_value as python_kingdom_value  # noqa: E402
from herna.games.ugo import CONFORMANCE_OPTIONS  # noqa: E402
from herna.games.ugo import actions as A  # noqa: E402
from herna.games.ugo.cards import CARD_COLOUR, CARD_VALUE, parse_card  # noqa: E402
from herna.games.ugo.fields import PLACES  # noqa: E402
from tests.batch.lockstep import ugo_deal  # noqa: E402

GAMES = int(os.environ.get("HERNA_BOT_GAMES", "10"))
OPTION_SETS = [dict(o) for o in CONFORMANCE_OPTIONS]


def _waiting_tops(view: dict) -> list[int]:
    """Per colour the top value of its waiting cards (U-4.5), -1 if none."""
    tops = [-1] * 5
    for name in view["waiting_cards"]:
        c = parse_card(name)
        tops[CARD_COLOUR[c]] = max(tops[CARD_COLOUR[c]], CARD_VALUE[c])
    return tops


def _lockstep(options: dict, games: int, seed: int) -> dict[str, int]:
    """Play ``games`` Python games and their batched replay together (module
    docstring), asserting at every decision; the counts of decisions."""
    game = herna.load("ugo", engine="python", **options)
    n = game.num_players
    env = engine("ugo", auto_reset=False, **options)
    greedy = [make_bot("greedy", game, seat, 0) for seat in range(n)]
    rows = jnp.arange(games)

    @jax.jit
    def decide(state, key):
        low = state.low_card_farmers[0]  # the option as the engine holds it, data: one compiled decide per count
        policy, choices = ugo_greedy_policy(n, low), ugo_greedy_choices(n, low)
        obs = state.observation[rows, jnp.maximum(state.current_player, 0)]
        tops = ugo_waiting_tops(state)
        return batch_bots.call_policy(policy, state, obs, key), choices(obs, state.legal_action_mask, tops), tops

    rngs = [random.Random(seed * 1_000_003 + g) for g in range(games)]
    kinds = [[rng.choice(["random", "greedy"]) for _ in range(n)] for rng in rngs]
    states = [game.new_initial_state() for _ in range(games)]
    jstate = jax.jit(env.init_from_deal)(np.array([ugo_deal(s, r) for s, r in zip(states, rngs)]))
    step = jax.jit(env.step_with_deal)
    dummy = np.arange(10 * n).reshape(n, 10)  # a deal for the steps that deal nothing
    key = jax.random.key(seed)
    counts = {"decisions": 0, "asked": 0, "open": 0, "greedy_played": 0}
    while not all(s.is_terminal() for s in states):
        key, sub = jax.random.split(key)
        actions, best_sets, tops = (np.array(x) for x in decide(jstate, sub))
        hands = np.tile(dummy, (games, 1, 1))
        for g, (s, rng) in enumerate(zip(states, rngs)):
            if s.is_terminal():
                continue
            player = s.current_player()
            legal = s.legal_actions()
            observation = observe(s, player)
            want = np.zeros(A.NUM_DISTINCT_ACTIONS, bool)
            want[greedy[player].best_actions(observation)] = True
            where = f"game {g}, decision {counts['decisions']}"
            assert tops[g].tolist() == _waiting_tops(observation.view), where
            assert np.array_equal(best_sets[g], want), (f"{where}: batch {np.nonzero(best_sets[g])[0]}, "
                                                        f"GreedyBot {np.nonzero(want)[0]}")
            assert want[actions[g]], f"{where}: the policy chose {actions[g]}"
            counts["decisions"] += 1
            counts["asked"] += len(legal) > 1
            counts["open"] += A.OPEN <= legal[0] < A.FARM and len(legal) > 1
            if kinds[g][player] == "greedy":
                counts["greedy_played"] += 1
                s.apply_action(int(actions[g]))
            else:
                actions[g] = rng.choice(legal)
                s.apply_action(int(actions[g]))
            dealt = ugo_deal(s, rng)
            if dealt is not None:
                hands[g] = dealt
        jstate = step(jstate, actions, hands)
    assert np.array_equal(np.asarray(jstate.scores), [s.view()["scores"] for s in states])
    return counts


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_batched_greedy_policy_plays_as_greedybot(options):
    counts = _lockstep(options, GAMES, seed=11)
    print(counts)
    rounds = herna.load("ugo", **options).options["rounds"]
    assert counts["asked"] > 15 * GAMES * rounds  # every round asks many decisions
    assert counts["greedy_played"] > 0


def test_kingdom_value_is_the_python_bots():
    rng = random.Random(5)
    fields, extra = [], []
    for _ in range(2000):
        kingdom = []
        for f in range(5):
            colour = rng.choice([-1, f])
            farmers = PLACES[f] if f < 2 else rng.randrange(PLACES[f] + 1)
            kingdom.append([colour, rng.randrange(9) if colour >= 0 else -1, farmers])
        fields.append(kingdom)
        extra.append(rng.randrange(12))
    array = np.array(fields)
    got = np.asarray(jax.jit(kingdom_value)(array[..., 0] >= 0, array[..., 1], array[..., 2], np.array(extra)))
    assert got.tolist() == [python_kingdom_value(k, e) for k, e in zip(fields, extra)]


def test_uniform_among_draws_only_the_allowed_evenly():
    allowed = np.zeros((3000, A.NUM_DISTINCT_ACTIONS), bool)
    allowed[:, [4, 46]] = True
    got = np.asarray(jax.jit(batch_bots.uniform_among)(jnp.asarray(allowed), jax.random.key(2)))
    assert set(got.tolist()) == {4, 46} and abs((got == 4).sum() - 1500) < 5 * np.sqrt(750)
