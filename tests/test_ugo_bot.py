"""The greedy Ugo! bot: legal moves from the seat's observation only, and
clearly better than random play."""

from __future__ import annotations

import random
import statistics

import herna
from herna.bots import make_bot, observe
from herna.bots.greedy_ugo import GreedyBot, kingdom_value
from herna.core import CHANCE


def play(game, specs, seed):
    rng = random.Random(seed)
    bots = [make_bot(spec, game, k, seed * 10 + k) for k, spec in enumerate(specs)]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            observation = observe(state, player)
            action = bots[player].choose(observation)
            assert action in observation.legal_actions
            state.apply_action(action)
    return state.returns()


def test_greedy_is_made_by_name():
    game = herna.load("ugo", players=3)
    assert isinstance(make_bot("greedy", game, 1, 0), GreedyBot)


def test_kingdom_value_places_farmers_where_they_score():
    # A red 5, B green 3, C blue 7 with 0/2 farmers, D and E empty
    fields = [[0, 5, 1], [1, 3, 1], [2, 7, 0], [-1, -1, 0], [-1, -1, 0]]
    assert kingdom_value(fields, 0) == 5 + 3 - 10
    assert kingdom_value(fields, 2) == 5 + 3 + 7
    assert kingdom_value(fields, 5) == 5 + 3 + 7 + 3       # D full and empty: its bonus


def test_greedy_beats_random():
    """Mean score over 48 four-player games, the greedy seat rotating,
    against three random players (the full measure is 300 games)."""
    game = herna.load("ugo", players=4, rounds=2)
    greedy, rand = [], []
    for i in range(48):
        seat = i % 4
        specs = ["random"] * 4
        specs[seat] = "greedy"
        returns = play(game, specs, i)
        greedy.append(returns[seat])
        rand.extend(r for k, r in enumerate(returns) if k != seat)
    assert statistics.mean(greedy) > statistics.mean(rand) + 5, (statistics.mean(greedy), statistics.mean(rand))


def test_greedy_plays_every_table_size():
    for players in (2, 3):
        play(herna.load("ugo", players=players, rounds=1), ["greedy"] * players, players)
