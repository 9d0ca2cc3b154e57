"""Hints for learners (herna/bots/hints.py): the strong bot's best moves from
the seat's information only, their values and reasons, and the review of a
played game. Budgets are iterations with a seed, so every test is
reproducible and fast."""

from __future__ import annotations

import dataclasses
import random

import pytest

import herna
from herna.bots import observe
from herna.bots.hints import Hint, ReviewItem, hints, number, review, value_words
from herna.bots.ismcts import ISMCTSBot
from herna.core import CHANCE

from ..games.kurnik.positions import position

GAMES = {
    "trumfosaur": dict(players=4),
    "ugo": dict(players=3, rounds=1),
    "kurnik": dict(players=3),
}


def midgame(name: str, seed: int = 1, decisions: int = 6):
    """A state of ``name`` after a few random moves, at a decision with at
    least three legal moves (chance sampled with ``seed``)."""
    state = herna.load(name, **GAMES[name]).new_initial_state()
    rng = random.Random(seed)
    made = 0
    while True:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        made += 1
        if made > decisions and len(state.legal_actions()) >= 3:
            return state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_hints_are_legal_sorted_and_k_is_respected(name):
    state = midgame(name)
    before = state.to_json()
    legal = state.legal_actions()
    found = hints(state, k=3, iterations=300, seed=1)
    assert len(found) == 3 and all(isinstance(h, Hint) for h in found)
    assert len({h.action for h in found}) == 3 and all(h.action in legal for h in found)
    assert [h.value for h in found] == sorted((h.value for h in found), reverse=True)  # by the valuation
    assert all(h.action_string == state.action_to_string(h.action) and h.reason for h in found)
    kind = "win_chance" if name == "kurnik" else "points"
    assert {h.value_kind for h in found} == {kind}
    if kind == "win_chance":
        assert all(0.0 <= h.value <= 1.0 for h in found)
    assert len(hints(state, k=1, iterations=300, seed=1)) == 1
    assert len(hints(state, k=99, iterations=300, seed=1)) == len(legal)
    assert state.to_json() == before  # the state is not changed


@pytest.mark.parametrize("name", GAMES)
def test_hints_are_reproducible_with_iterations_and_a_seed(name):
    state = midgame(name, seed=2)
    assert hints(state, iterations=200, seed=5) == hints(state, iterations=200, seed=5)
    assert hints(state, iterations=200, seed=5, lang="cs") == hints(state.clone(), iterations=200, seed=5, lang="cs")


@pytest.mark.parametrize("name", ["trumfosaur", "ugo"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_cheating_hidden_cards_do_not_change_the_hints(name, seed):
    """Two states with the same information state for the seat to move (the
    other hands redrawn by ``state.resample``) give the same hints."""
    state = midgame(name, seed=seed)
    seat = state.current_player()
    other = state.resample(seat, random.Random(seed + 100))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.view(seat) == state.view(seat)
    hidden = [s for s in range(state.num_players) if s != seat]
    assert any(other.view(s) != state.view(s) for s in hidden)  # the other hands did change
    assert hints(state, iterations=150, seed=9) == hints(other, iterations=150, seed=9)


def test_the_search_statistics_are_the_bot_s_own_search():
    """``root_statistics`` is the search ``choose`` plays from: the same seed
    gives the move with the most visits, and the visits add up to the budget."""
    state = midgame("ugo")
    seat = state.current_player()
    stats = ISMCTSBot(state.game, seat, seed=3, iterations=400).root_statistics(observe(state, seat))
    assert sum(visits for visits, _ in stats.values()) == 400
    chosen = ISMCTSBot(state.game, seat, seed=3, iterations=400).choose(observe(state, seat))
    assert stats[chosen][0] == max(visits for visits, _ in stats.values())


def test_kurnik_robbing_the_leader_is_the_top_hint_with_its_effect():
    """K-9.1: with rough thief a 6-6 robs the leader, who is close to winning."""
    state = position(players=4, coops=[(0, 0, 3), (0, 0, 2), (0, 0, 8), (0, 0, 1)], rough_thief=True)
    state.apply_action("dice 6 6")
    top = hints(state, iterations=3000, seed=1)[0]
    assert top.action_string == "rob 2"
    assert top.label == "rob Seat 3" and top.value_kind == "win_chance"
    assert "Seat 3" in top.reason
    assert "Seat 3 (the leader): chance to win falls from 9" in top.reason  # 95% before the reroll
    cs = hints(state, iterations=3000, seed=1, lang="cs")[0]
    assert cs.action == top.action and cs.reason != top.reason and "hráče 3" in cs.label


def test_kurnik_stealing_from_the_leader_is_the_top_hint():
    """K-5.2: the thief rule takes the hen from the leader."""
    state = position(players=4, coops=[(0, 0, 0), (0, 0, 2), (0, 0, 7), (0, 0, 1)], supply_hens=10)
    state._sup_hens = 0
    state.apply_action("dice 6 2")
    found = hints(state, iterations=3000, seed=1)
    assert found[0].action_string == "steal 2"
    assert found[0].value > found[1].value
    assert "percentage point" in found[0].reason or "about as good" in found[0].reason


def test_a_card_played_to_a_trick_says_how_often_it_wins_the_trick():
    state = midgame("trumfosaur", seed=4)
    while not state.view()["phase"].startswith("play"):
        state = midgame("trumfosaur", seed=4, decisions=len(state.history()))
    found = hints(state, iterations=200, seed=1)
    plays = [h for h in found if h.action_string.startswith("play ")]
    assert plays and all("wins the trick in" in h.reason and "of 12" in h.reason for h in plays)


def test_errors_terminal_chance_wrong_seat_bad_k_and_language():
    game = herna.load("kurnik", players=2)
    chance = game.new_initial_state()
    assert chance.current_player() == CHANCE
    with pytest.raises(ValueError, match="chance is to move"):
        hints(chance, iterations=10)
    state = midgame("kurnik")
    other = (state.current_player() + 1) % state.num_players
    with pytest.raises(ValueError, match=f"seat {other} is not to move"):
        hints(state, seat=other, iterations=10)
    for k in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="k must be"):
            hints(state, k=k, iterations=10)
    with pytest.raises(ValueError, match="unknown language"):
        hints(state, iterations=10, lang="de")
    with pytest.raises(ValueError, match="iteration budget"):
        hints(state, iterations=0)
    finished = state.clone()
    rng = random.Random(1)
    while not finished.is_terminal():
        if finished.current_player() == CHANCE:
            finished.apply_action(finished.sample_chance(rng))
        else:
            finished.apply_action(rng.choice(finished.legal_actions()))
    with pytest.raises(ValueError, match="game is over"):
        hints(finished, iterations=10)
    assert hints(state, seat=state.current_player(), iterations=10)  # the seat to move is fine


def test_values_in_words():
    assert value_words(2.345, "points", "en") == "+2.3 points"
    assert value_words(-0.04, "points", "en") == "0.0 points"
    assert value_words(-1.25, "points", "cs") == "-1,2 bodu"
    assert value_words(0.413, "win_chance", "en") == "41% chance to win"
    assert value_words(0.413, "win_chance", "cs") == "šance na výhru 41 %"
    assert number(3.14159, "cs", digits=2) == "3,14"
    with pytest.raises(ValueError, match="unknown value kind"):
        value_words(1.0, "goals", "en")


def played_game(name: str, seed: int):
    """A finished game of greedy and random bots."""
    from herna.bots import make_bot

    game = herna.load(name, **GAMES[name])
    bots = [make_bot("greedy" if s % 2 == 0 else "random", game, s, seed=s) for s in range(game.num_players)]
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[player].choose(observe(state, player)))
    return state


@pytest.mark.parametrize("name", ["ugo", "kurnik"])
def test_review_judges_every_decision_of_the_seat_sorted_by_loss(name):
    state = played_game(name, seed=3)
    items = review(state, [1], iterations=60, seed=2)
    assert items and all(isinstance(item, ReviewItem) for item in items)
    assert [item.loss for item in items] == sorted((item.loss for item in items), reverse=True)
    history = state.history()
    walker = state.initial_state()
    decisions = []
    for index, action in enumerate(history):
        if walker.current_player() == 1 and len(walker.legal_actions()) > 1:
            decisions.append(index + 1)
        walker.step(action)
    assert sorted(item.seq for item in items) == decisions
    for item in items:
        assert item.seat == 1 and item.played == history[item.seq - 1]
        assert item.loss >= 0 and item.loss == pytest.approx(max(0.0, item.best_value - item.played_value))
        assert (item.loss == 0) or item.best != item.played
    assert review(state, [1], iterations=60, seed=2) == items  # reproducible


def test_review_sees_only_the_seat_s_information():
    """No cheating in the review: a game whose hidden cards are redrawn
    (``state.resample`` of seat 0, the same information state) gets the same
    review of seat 0's decisions."""
    state = midgame("ugo", seed=6, decisions=12)
    seat = state.current_player()
    other = state.resample(seat, random.Random(7))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.history() != state.history()  # other cards were dealt to the others
    for copy in (state, other):
        copy.apply_action(copy.legal_actions()[0])
    mine = review(state, [seat], iterations=60, seed=4)
    assert mine and review(other, [seat], iterations=60, seed=4) == mine


def test_review_refuses_a_seat_that_does_not_exist():
    state = played_game("kurnik", seed=1)
    for bad in (3, -1, "1"):
        with pytest.raises(ValueError, match="no seat"):
            review(state, [bad], iterations=10)


@pytest.mark.parametrize("name", GAMES)
def test_moves_are_valued_on_equal_footing_and_alike_on_both_engines(name):
    """ISMCTSBot.evaluate_moves gives every move the same number of
    iterations, each starting with that move, and a standard error; the
    compiled search gives the same numbers as the Python one for a seed."""
    from herna.bots import observe
    from herna.bots.ismcts import ISMCTSBot
    from herna.core import engines

    state = midgame(name)
    seat = state.current_player()
    moves = state.legal_actions()[:3]
    values = ISMCTSBot(state.game, seat, seed=4).evaluate_moves(observe(state, seat), moves, iterations=60)
    assert sorted(values) == sorted(moves)
    assert all(n == 60 and se >= 0 for n, _, se in values.values())
    if engines.available(name):
        python, compiled = (ISMCTSBot(twin.game, seat, seed=4).evaluate_moves(observe(twin, seat), moves,
                                                                                iterations=60)
                            for twin in (state.on_engine("python"), state.on_engine("compiled")))
        assert python == compiled


def test_kurnik_a_chance_that_rounds_the_same_stays_and_does_not_go_from_17_to_17():
    """A Kurník reason says "your chance to win stays about 17%" where the two rounded chances are equal
    (a blind player heard "goes from 17% to 17%"); seeded games, every hint at a real choice."""
    import re

    reasons = []
    for seed in range(3):
        state = herna.load("kurnik", players=3).new_initial_state()
        rng = random.Random(seed)
        for step in range(30):
            if state.is_terminal():
                break
            if step > 10 and state.current_player() >= 0 and len(state.legal_actions()) > 1:
                reasons += [found.reason for found in hints(state, iterations=200, seed=1)]
            state.apply_action(rng.choice(state.legal_actions()))
    assert reasons and not [r for r in reasons if re.search(r"from (\d+)% to \1%", r)]
    assert [r for r in reasons if "your chance to win stays about " in r]  # the case did come up


def test_a_small_standard_error_of_a_chance_is_not_printed_as_zero():
    """A Kurník review line's ± (a chance to win in percentage points): one decimal below one point (a
    trial saw "± 0" for a standard error of 0.27 points), whole points from one up."""
    from herna.bots.review_text import loss_se_words

    item = ReviewItem(seq=5, seat=0, played=0, played_string="roll", played_label="roll", played_value=0.20,
                      best=1, best_string="exchange eggs", best_label="3 eggs for a chick", best_value=0.26,
                      loss=0.06, value_kind="win_chance", reason="", loss_se=0.0027)
    assert loss_se_words(item, "en") == "0.3" and loss_se_words(item, "cs") == "0,3"
    assert loss_se_words(dataclasses.replace(item, loss_se=0.019), "en") == "2"
