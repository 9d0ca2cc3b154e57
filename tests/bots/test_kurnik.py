"""The Kurník bots: legal moves in every variant, and the choices they are
meant to make (K-4.2 gifts, K-4.5/K-9.1 robbing the leader, K-5.2 thefts, K-11.3)."""

from __future__ import annotations

import random

import pytest

import herna
from herna.bots import make_bot
from herna.bots.base import observe
from herna.games.kurnik.race import INDEX
from herna.games.kurnik.race import turns_to_win as solitaire_turns
from herna.bots.expectimax_kurnik import ExpectimaxBot
from herna.bots.greedy_kurnik import GreedyBot
from herna.bots.ismcts import ISMCTSBot
from herna.core import CHANCE

from ..games.kurnik.positions import position


def SearchBot(game, seat, seed=None):
    """ISMCTS with a fixed budget, as the decision tests need it reproducible."""
    return ISMCTSBot(game, seat, seed, iterations=3000)


def choice(bot_class, state, **kwargs):
    seat = state.current_player()
    bot = bot_class(state.game, seat, seed=1, **kwargs)
    return state.action_to_string(bot.choose(observe(state, seat)))


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "rough_thief": True, "dead_rooster": True},
                                     {"players": 3, "six_six": "fox", "dead_rooster": True, "missing_hens": True},
                                     {"players": 5, "supply_hens": 10, "rough_thief": True, "turn_limit": 150}])
@pytest.mark.parametrize("bot_class", [GreedyBot, ExpectimaxBot])
def test_bots_play_whole_games(bot_class, options):
    game = herna.load("kurnik", **options)
    rng = random.Random(3)
    bots = [bot_class(game, seat, seed=seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            action = bots[player].choose(observe(state, player))
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.view()["winners"]


def test_make_bot_greedy():
    game = herna.load("kurnik", players=2)
    assert isinstance(make_bot("greedy", game, 0), GreedyBot)


def test_greedy_gives_to_the_last_or_a_full_coop():
    """K-4.2: the gift goes to a full coop (it returns to the supply), else to the weakest."""
    state = position(players=4, coops=[(2, 0, 0), (0, 0, 5), (0, 1, 1), (0, 0, 3)])
    state.apply_action("dice 1 1")
    assert choice(GreedyBot, state) == "give 2"
    state = position(players=4, coops=[(2, 0, 0), (0, 0, 5), (0, 1, 1), (9, 0, 0)])
    state.apply_action("dice 1 1")
    assert choice(GreedyBot, state) == "give 3"


@pytest.mark.parametrize("bot_class", [GreedyBot, ExpectimaxBot, SearchBot])
def test_bots_rob_the_leader(bot_class):
    """K-9.1: with rough thief a 6-6 robs the leader, who is close to winning."""
    state = position(players=4, coops=[(0, 0, 3), (0, 0, 2), (0, 0, 8), (0, 0, 1)], rough_thief=True)
    state.apply_action("dice 6 6")
    assert choice(bot_class, state) == "rob 2"


@pytest.mark.parametrize("bot_class", [GreedyBot, ExpectimaxBot, SearchBot])
def test_bots_steal_from_the_leader(bot_class):
    """K-5.2: the thief rule takes the hen from the leader."""
    state = position(players=4, coops=[(0, 0, 0), (0, 0, 2), (0, 0, 7), (0, 0, 1)], supply_hens=10)
    state._sup_hens = 0
    state.apply_action("dice 6 2")
    assert state.legal_action_strings() == ["steal 1", "steal 2", "steal 3"]
    assert choice(bot_class, state) == "steal 2"


@pytest.mark.parametrize("bot_class", [GreedyBot, ExpectimaxBot, SearchBot])
def test_bots_exchange_in_a_quarantine_turn(bot_class):
    """K-11.3: a lost turn is best used for an exchange."""
    state = position(players=2, coops=[(0, 3, 2)])
    state.apply_action("roll")
    state.apply_action("dice 5 5")
    state.apply_action("die 1")
    state.apply_action("dice 2 1")
    assert state.legal_action_strings() == ["exchange chicks", "pass"]
    assert choice(bot_class, state) == "exchange chicks"


def test_expectimax_exchanges_in_a_crowded_coop_and_rolls_in_an_empty_one():
    """K-3.1 / K-6.1: exchanging 3 chicks makes room when the coop is nearly full."""
    for coop in ((0, 3, 6), (2, 4, 3)):
        assert choice(ExpectimaxBot, position(players=2, coops=[coop])) == "exchange chicks"
    state = position(players=2, coops=[(3, 0, 0)])
    assert choice(ExpectimaxBot, state) == "roll"


def test_solitaire_table_is_sane():
    """Fewer hens missing means fewer turns; a quarantine costs about a turn."""
    table = solitaire_turns()
    assert table[INDEX[0, 0, 9], 0] == 0
    assert table[INDEX[0, 0, 8], 0] < table[INDEX[0, 0, 4], 0] < table[INDEX[0, 0, 0], 0]
    assert 0.5 < table[INDEX[0, 0, 0], 1] - table[INDEX[0, 0, 0], 0] <= 1.0 + 1e-9


def test_expectimax_is_fast_and_deeper_search_works(monkeypatch):
    """Fast as work, not seconds: depth 1 evaluates a bounded number of
    positions (138 leaves in this 4-player position with the rough thief),
    so it answers at once on any machine."""
    import herna.bots.expectimax_kurnik as expectimax

    leaves = []
    evaluate = expectimax.evaluate
    monkeypatch.setattr(expectimax, "evaluate", lambda state: leaves.append(1) or evaluate(state))
    state = position(players=4, coops=[(3, 3, 2), (1, 1, 1), (0, 3, 3), (3, 0, 3)], rough_thief=True)
    assert choice(ExpectimaxBot, state) in state.legal_action_strings()
    assert 0 < len(leaves) <= 200
    state = position(players=2, coops=[(1, 3, 5)])
    assert choice(ExpectimaxBot, state, depth=2) in state.legal_action_strings()
    with pytest.raises(ValueError):
        ExpectimaxBot(state.game, 0, depth=0)


@pytest.mark.parametrize("hens", [7, 8])
def test_greedy_never_trades_a_near_win_for_a_rooster(hens):
    """K-9.2: 5 hens for a rooster at 7 or 8 hens throws away a near-win (K-1.4), whatever the danger."""
    from herna.bots.greedy_kurnik import wants_rooster

    for supply_hens, rough in ((0, True), (3, True), (36, False)):
        state = position(players=5, coops=[(0, 0, hens), (0, 0, 8), (0, 0, 8), (0, 0, 8), (0, 0, 3)],
                         dead_rooster=True, rough_thief=rough)
        state._sup_hens = supply_hens
        assert "exchange hens" in state.legal_action_strings()
        assert choice(GreedyBot, state) != "exchange hens"
        assert not wants_rooster(state.view(0), 0)


def test_greedy_buys_a_rooster_only_when_thefts_are_real_and_it_stays_in_the_race():
    from herna.bots.greedy_kurnik import wants_rooster

    state = position(players=5, coops=[(0, 0, 5), (0, 0, 1), (0, 0, 2), (0, 0, 1), (0, 0, 2)], dead_rooster=True,
                     supply_hens=16)
    state._sup_hens = 2  # the thief rule is about to bite; the best rival has 2 hens
    assert choice(GreedyBot, state) == "exchange hens"
    state._sup_hens = 20  # plenty of hens: rivals take from the supply, not from us
    assert choice(GreedyBot, state) == "roll"
    state._sup_hens = 2
    state._hens[1] = 7  # the trade would leave us 7 hens behind the leader
    assert not wants_rooster(state.view(0), 0)


def greedy_share(options: dict, games: int, seed: int = 11) -> float:
    """Win share of one greedy bot against random bots, its seat rotating."""
    from herna.bots.base import RandomBot

    game = herna.load("kurnik", **options)
    n, wins, rooster_hens = game.num_players, 0.0, []
    for index in range(games):
        rng = random.Random(seed * 1000 + index)
        me = index % n
        bots = [GreedyBot(game, k, seed=index) if k == me else RandomBot(game, k, seed=index * 10 + k)
                for k in range(n)]
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            action = bots[player].choose(observe(state, player))
            if player == me and state.action_to_string(action) == "exchange hens":
                rooster_hens.append(state._hens[me])
            state.apply_action(action)
        wins += (me in state._winners) / len(state._winners)
    assert all(h <= 6 for h in rooster_hens)
    return wins / games


def test_greedy_beats_random_with_rough_thief_and_dead_rooster():
    """It used to trade 8 hens for a rooster and won no more than random (about 0.23 of 5 seats)."""
    assert greedy_share({"players": 5, "rough_thief": True, "dead_rooster": True}, 100) > 0.4


def test_greedy_beats_random_in_the_default_game():
    assert greedy_share({"players": 4}, 200) > 0.27


def test_turns_distribution_matches_the_expected_turns():
    """The race model's per-coop distribution of own turns to 9 hens (K-1.4)
    has the solitaire table's mean, in both quarantine states (K-4.4)."""
    from herna.games.kurnik.race import COOPS, TAIL, turns_distribution

    for six_six in ("announce", "fox"):
        pmf = turns_distribution(six_six)
        table = solitaire_turns(six_six)
        assert pmf.shape[0] == 2 * len(COOPS)
        assert (pmf >= -1e-15).all()
        assert abs(pmf.sum(axis=1) - 1).max() < TAIL
        mean = pmf @ range(pmf.shape[1])
        assert abs(mean[:len(COOPS)] - table[:, 0]).max() < 1e-4
        assert abs(mean[len(COOPS):] - table[:, 1]).max() < 1e-4


def test_race_win_probabilities():
    """Chances to be first to 9 hens (K-1.4): they sum to 1, more hens is
    better, moving first is better, a win is certain at the end."""
    from herna.games.kurnik.race import race_win_probabilities

    state = position(players=2, coops=[(0, 0, 0), (0, 0, 0)], seat=0)
    first, second = race_win_probabilities(state)
    assert abs(first + second - 1) < 1e-7 and first > second
    state = position(players=4, coops=[(0, 0, 2), (0, 0, 7), (1, 1, 2), (0, 0, 0)], seat=0)
    chances = race_win_probabilities(state)
    assert abs(sum(chances) - 1) < 1e-7
    assert chances[1] == max(chances) and chances[3] == min(chances)
    state._quarantine = 1 << 1  # K-4.4: the leader loses a roll
    assert race_win_probabilities(state)[1] < chances[1]
    state = position(players=3, coops=[(0, 0, 8)], seat=0)  # only "roll" is legal: applied
    state.apply_action("dice 6 1")
    assert state.is_terminal()
    assert race_win_probabilities(state) == [1.0, 0.0, 0.0]


def test_race_counts_a_live_rooster():
    """K-9.2: a live rooster is worth a few turns in the race, never so many
    that a seat counts as having won already; under the fox (K-9.4) it is
    worth more, as it also keeps the fox out."""
    from herna.games.kurnik.race import race_win_probabilities

    gains = {}
    for six_six in ("announce", "fox"):
        state = position(players=2, coops=[(0, 0, 6), (0, 0, 6)], seat=0, dead_rooster=True, six_six=six_six)
        before = race_win_probabilities(state)
        state._rooster[1] = 1
        after = race_win_probabilities(state)
        assert after[1] > before[1] and abs(sum(after) - 1) < 1e-7
        gains[six_six] = after[1] - before[1]
        state = position(players=3, coops=[(0, 1, 8)] * 3, seat=0, dead_rooster=True, six_six=six_six)
        for owners in ([0, 1, 1], [1, 1, 1]):
            state._rooster[:] = owners
            chances = race_win_probabilities(state)
            assert abs(sum(chances) - 1) < 1e-7 and all(0 <= c <= 1 for c in chances)
            assert chances[1] > chances[2]  # equal coops: the earlier turn is better
    assert gains["fox"] > gains["announce"]
