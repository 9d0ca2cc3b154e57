"""Bots play every variant: each action kind an option adds (the record's
``option_actions``: Kurník's rooster purchase K-6.2/K-9.2 and rob one K-9.1,
Trumfosaur's master exchange T-8.1) is taken by analyze's default bots in
seeded games, and the search bots consider it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import herna
from herna.arena.match import play_game
from herna.bots import make_bot
from herna.bots.base import observe
from herna.bots.explore import EXPLORE_RATE, parse_explore
from herna.bots.ismcts import ISMCTSBot
from herna.cli.commands.analyze import DEFAULT_BOT
from herna.core import CHANCE, action_kind, record

GAMES = {"kurnik": 1000, "trumfosaur": 150}
"""Seeded games per variant: Kurník's greedy games are cheap (1,000 take about 3 s); a Trumfosaur
game of greedy bots takes about 16 ms, so 150 (about 3 s) there: the master exchange comes in every deal."""


def variant_cases():
    for name in herna.available_games():
        for change in record(name).variants:
            options = herna.load(name, **change).options
            for kind in record(name).added_action_kinds(options):
                yield pytest.param(name, change, kind, id=f"{name}-{'-'.join(change)}-{kind.replace(' ', '_')}")


def kinds_taken(name: str, options: dict, spec: str, n: int) -> Counter:
    """In how many of ``n`` seeded games each action kind was taken by a seat."""
    game = herna.load(name, **options)
    games_with: Counter = Counter()
    for i in range(n):
        seen: set = set()

        def on_action(state, actor, action, seen=seen):
            if actor != CHANCE:
                seen.add(action_kind(state.action_to_string(action)))

        play_game(game, [make_bot(spec, game, s, seed=i * 10 + s) for s in range(game.num_players)], 20261203 + i,
                  on_action=on_action)
        games_with.update(seen)
    return games_with


def test_every_default_variant_that_adds_a_choice_is_covered():
    cases = {(p.values[0], p.values[2]) for p in variant_cases()}
    assert cases == {("kurnik", "rob"), ("kurnik", "exchange hens"), ("trumfosaur", "exchange")}


@pytest.mark.parametrize("name,change,kind", list(variant_cases()))
def test_analyze_default_bots_take_each_added_action(name, change, kind):
    n = GAMES[name]
    taken = kinds_taken(name, change, DEFAULT_BOT, n)
    assert taken[kind] > 0, f"{kind!r} never taken in {n} games of {change}"
    # a choice of every game in practice, not one lucky game: at least a tenth of the games
    assert taken[kind] >= n // 10, (kind, taken[kind], n)


def test_explore_changes_nothing_in_the_base_game():
    for name, n in (("kurnik", 40), ("trumfosaur", 4)):
        game = herna.load(name)
        plain = [play_game(game, [make_bot("greedy", game, s, seed=i * 10 + s) for s in range(game.num_players)],
                           i).digest for i in range(n)]
        explore = [play_game(game, [make_bot(DEFAULT_BOT, game, s, seed=i * 10 + s)
                                    for s in range(game.num_players)], i).digest for i in range(n)]
        assert plain == explore


def test_dead_rooster_changes_games_under_analyze_defaults():
    base = herna.load("kurnik")
    variant = herna.load("kurnik", dead_rooster=True)
    changed = 0
    for i in range(60):
        a = play_game(base, [make_bot(DEFAULT_BOT, base, s, seed=i * 10 + s) for s in range(4)], i).digest
        b = play_game(variant, [make_bot(DEFAULT_BOT, variant, s, seed=i * 10 + s) for s in range(4)], i).digest
        changed += a != b
    assert changed >= 30


def _turn_with_rooster_on_offer():
    """A seeded dead-rooster game of greedy bots, played on to a turn where seat to move may buy a rooster."""
    game = herna.load("kurnik", dead_rooster=True)
    state = game.new_initial_state()
    rng = random.Random(7)
    bots = [make_bot("greedy", game, s, seed=s) for s in range(4)]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        if "exchange hens" in [state.action_to_string(a) for a in state.legal_actions()]:
            return state
        state.apply_action(bots[player].choose(observe(state, player)))
    raise AssertionError("no rooster on offer in the seeded game")


def test_search_bots_consider_the_rooster():
    state = _turn_with_rooster_on_offer()
    seat = state.current_player()
    rooster = state.string_to_action("exchange hens")
    stats = ISMCTSBot(state.game, seat, 1, iterations=200).root_statistics(observe(state, seat))
    assert stats[rooster][0] > 0  # visited
    for spec in ("greedy", "expectimax", "ismcts:200"):  # each chooses among all legal moves, rooster included
        assert make_bot(spec, state.game, seat, 1).choose(observe(state, seat)) in state.legal_actions()


@pytest.mark.parametrize("spec,message", [("greedy+explore=0", "above 0"), ("greedy+explore=x", "above 0"),
                                          ("greedy+exploreX", r"BOT\+explore=RATE")])
def test_bad_explore_specs(spec, message):
    with pytest.raises(ValueError, match=message):
        make_bot(spec, herna.load("kurnik"), 0)


def test_explore_spec():
    assert parse_explore("greedy+explore") == ("greedy", EXPLORE_RATE)
    assert parse_explore("ismcts:200+explore=0.5") == ("ismcts:200", 0.5)
    assert parse_explore("greedy") == ("greedy", None)
