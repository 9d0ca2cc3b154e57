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


def _second_to_red3(farmers: int):
    """2 players: seat 1 wins green0 with grey8 (A and B open, no farmers),
    loses yellow0 to yellow1, and now answers seat 0's red3 holding only
    red5 (a sure win that opens C) and red1 (a sure loss)."""
    hands = [["green0", "yellow1", "red3", "green1", "green2", "green3", "green4", "green5", "green6", "green7"],
             ["grey8", "yellow0", "red5", "red1", "blue0", "blue1", "blue2", "blue3", "blue4", "blue5"]]
    game = herna.load("ugo", players=2, rounds=1, first_player=0, farmers=farmers)
    state = game.new_initial_state(deals=[{"hands": hands}])
    for action in ("play green0", "play grey8", "open grey", "play yellow0", "play red3"):
        if action in state.legal_action_strings():
            state.apply_action(action)
    assert state.current_player() == 1 and state.legal_action_strings() == ["play red1", "play red5"]
    return game, state


def test_u_1_3_greedy_does_not_count_on_farmers_the_supply_cannot_pay():
    """U-1.3: winning red5 opens C (2 places) and is worth it only if the 2
    farmers it pays can come. With a full supply greedy wins the trick; with
    an empty one (or 1 farmer left) it loses with red1 rather than open a
    field it cannot farm (-5 per empty place, U-6.3)."""
    for farmers, expected in ((12, "play red5"), (0, "play red1"), (1, "play red1")):
        game, state = _second_to_red3(farmers)
        assert state.view(1)["farmer_supply"] == farmers
        bot = GreedyBot(game, 1, seed=0)
        assert state.action_to_string(bot.choose(observe(state, 1))) == expected, farmers
