"""Ugo!'s batched greedy (herna.batch.bots_ugo) against GreedyBot.

The proof plays Python-engine Ugo! games of every conformance option set
(those of tests/batch/test_ugo_batch.py), the seats drawn per game between
``random`` and ``greedy``, and at every decision compares the set of
actions the batched greedy gives from the acting seat's
``observation_tensor`` and the legal mask with ``GreedyBot.best_actions``
there (GreedyBot draws one of that set uniformly; so does the batched
draw). At an open decision (U-4.3) it is also given the waiting colours'
top values from the view, which the observation lacks (herna.batch.bots_ugo's
docstring); the test counts those decisions apart. ``HERNA_BOT_GAMES`` sets
the games per option set (default 10).
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
from herna.batch.bots_ugo import kingdom_value, ugo_greedy_choices  # noqa: E402
from herna.bots import make_bot, observe  # noqa: E402
from herna.bots.greedy_ugo import kingdom_value as python_kingdom_value  # noqa: E402
from herna.core import CHANCE  # noqa: E402
from herna.games.ugo import CONFORMANCE_OPTIONS  # noqa: E402
from herna.games.ugo import actions as A  # noqa: E402
from herna.games.ugo.cards import CARD_COLOUR, CARD_VALUE, parse_card  # noqa: E402
from herna.games.ugo.fields import PLACES  # noqa: E402

GAMES = int(os.environ.get("HERNA_BOT_GAMES", "10"))
OPTION_SETS = [dict(o) for o in CONFORMANCE_OPTIONS]


def _waiting_tops(view: dict) -> list[int]:
    """Per colour the top value of its waiting cards (U-4.5), -1 if none."""
    tops = [-1] * 5
    for name in view["waiting_cards"]:
        c = parse_card(name)
        tops[CARD_COLOUR[c]] = max(tops[CARD_COLOUR[c]], CARD_VALUE[c])
    return tops


def _decisions(options: dict, games: int, seed: int):
    """(observations, masks, waiting tops, GreedyBot's best-action masks,
    is-open flags) at every decision of ``games`` Python-engine games."""
    game = herna.load("ugo", **options)
    n = game.num_players
    greedy = [make_bot("greedy", game, seat, 0) for seat in range(n)]
    obs, masks, tops, want, opens = [], [], [], [], []
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        kinds = [rng.choice(["random", "greedy"]) for _ in range(n)]
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            mask = np.zeros(A.NUM_DISTINCT_ACTIONS, bool)
            mask[legal] = True
            observation = observe(state, player)
            best = np.zeros(A.NUM_DISTINCT_ACTIONS, bool)
            best[greedy[player].best_actions(observation)] = True
            obs.append(state.observation_tensor(player))
            masks.append(mask)
            tops.append(_waiting_tops(observation.view))
            want.append(best)
            opens.append(A.OPEN <= legal[0] < A.FARM and len(legal) > 1)
            choice = greedy[player].choose(observation) if kinds[player] == "greedy" else rng.choice(legal)
            state.apply_action(choice)
    return np.stack(obs), np.stack(masks), np.array(tops, np.int32), np.stack(want), np.array(opens)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_batched_greedy_chooses_as_greedybot(options):
    obs, masks, tops, want, opens = _decisions(options, GAMES, seed=11)
    game = herna.load("ugo", **options)
    choices = ugo_greedy_choices(game.num_players, game.options["low_card_farmers"])
    rows = -len(want) % 2048  # padded with non-decisions: one compilation serves every option set of a count
    got = np.asarray(choices(*(jnp.asarray(np.pad(x, [(0, rows)] + [(0, 0)] * (x.ndim - 1)))
                               for x in (obs, masks, tops))))[:len(want)]
    bad = np.nonzero((got != want).any(axis=1))[0]
    asked = int((masks.sum(axis=1) > 1).sum())
    print(f"{len(want)} decisions compared ({asked} with a choice, {int(opens.sum())} of them open decisions)")
    assert bad.size == 0, (f"{bad.size} of {len(want)} decisions differ; first at {bad[0]}: batch "
                           f"{np.nonzero(got[bad[0]])[0]}, GreedyBot {np.nonzero(want[bad[0]])[0]}")
    assert asked > 15 * GAMES * game.options["rounds"]  # every round asks many decisions


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
