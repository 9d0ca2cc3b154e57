"""Trumfosaur's greedy bot plays for its team (T-7.1: seats 0 + 2 and 1 + 3
are partners; each scores its own tricks, the team adds them up).

Each test builds a position from a fixed deal, once with teams and once
without, and asks ``GreedyBot`` (:mod:`herna.bots.greedy_trumfosaur`) for
its card: with teams it leaves a trick its partner surely wins to the
partner and trumps an opponent's trick that pays it at all; without teams
it plays as it always did.
"""

from __future__ import annotations

import herna
from herna.arena.analyze import build_report, run_analysis
from herna.bots import observe
from herna.bots.greedy_trumfosaur import GreedyBot
from herna.cli.commands.analyze import DEFAULT_BOT
from tests.helpers import TRUMFOSAUR_DEAL_4 as DEAL


INVITATIONS = ["BYZ3", "BYZ5", "BYZ8", "BYZ10"]


def position(teams: bool, moves: list[str]):
    """The fixed deal with ``INVITATIONS`` laid, then ``moves`` (plays and
    reveal-window answers) applied; the state and the seat to act."""
    state = herna.load("trumfosaur", players=4, teams=teams).new_initial_state(deals=[DEAL])
    for card in INVITATIONS:
        state.apply_action(f"invite {card}")
    for move in moves:
        state.apply_action(move)
    return state, state.current_player()


def greedy_card(teams: bool, moves: list[str]) -> str:
    """The card GreedyBot plays in :func:`position`."""
    state, seat = position(teams, moves)
    assert ("team_scores" in state.view(seat)) is teams
    return state.action_to_string(GreedyBot(state.game, seat, 0).choose(observe(state, seat)))


def test_no_trump_over_the_partners_trick_when_playing_last():
    """T-7.1 (and T-4.5): seat 1's SAX10 wins the trick and seat 3, its
    partner, plays last. The trick pays seat 3 two points (a 10, T-6.1), so
    alone it takes it with its trump; with teams the trick is the team's
    already: it follows with its lowest SAX and keeps the trump."""
    moves = ["play SAX6", "play SAX10", "play VZT1"]
    assert greedy_card(False, moves) == "play TRUMF"
    assert greedy_card(True, moves) == "play SAX3"


def test_no_trump_over_a_boss_when_nobody_after_holds_a_trump():
    """T-7.1 with T-10.1 (who still holds a trump is public): seat 0 spent
    its trump on trick 1, seat 1 revealed (T-5.1) and led SAX10, the best
    Saxosaurus; seat 3 is not last, but seat 0 after it can neither beat a
    10 nor trump, so the partner surely wins: no trump over it."""
    moves = ["play TRUMF", "play SAX2", "play VZT1", "play AQU3", "reveal", "play SAX10", "play VZT3"]
    state, seat = position(True, moves)
    assert seat == 3 and state.view(3)["trumps"] == [False, True, True, True]
    assert greedy_card(False, moves) == "play TRUMF"
    assert greedy_card(True, moves) == "play SAX3"


def test_an_opponent_after_with_a_trump_leaves_the_trick_open():
    """T-7.1: the same SAX10 of the partner, but seat 0 after seat 3 still
    holds its trump and could take the trick (T-4.5): not surely the
    partner's, so seat 3 secures it with its own trump, with teams as alone."""
    moves = ["play SAX6", "play SAX2", "play VZT1", "play SAX3", "reveal", "play SAX10", "play VZT3"]
    state, seat = position(True, moves)
    assert seat == 3 and state.view(3)["trumps"][0]
    assert greedy_card(True, moves) == greedy_card(False, moves) == "play TRUMF"


def test_gives_the_partners_trick_a_card_of_its_revealed_invitation():
    """T-7.1 with T-5.3: seat 1 revealed BYZ5 and led a trump, so it wins
    the trick (T-4.5) and seat 3 may play any card (T-4.4). Alone it dumps
    its least useful card (SAX3); with teams it gives its partner VZT5,
    worth 2 points to the partner's invitation (its value) and none to its own."""
    moves = ["play TRUMF", "play SAX2", "play VZT1", "play AQU3", "reveal", "play TRUMF", "play AQU1"]
    state, seat = position(True, moves)
    assert seat == 3 and state.view(3)["invitations"][1] == "BYZ5"
    assert greedy_card(False, moves) == "play SAX3"
    assert greedy_card(True, moves) == "play VZT5"


def test_an_opponents_trick_that_pays_at_all_takes_the_trump():
    """T-7.1: a trick an opponent wins is what to stop. Seat 2 (an opponent
    of seat 3) revealed to lead BYZ6, which pays seat 3's invitation BYZ10
    one point; seat 3's BYZ9 is not sure to win (BYZ7 and BYZ8 are unseen).
    Alone the trump waits for a trick that pays 2; with teams it stops the
    opponent's trick with it."""
    moves = ["play SAX6", "play SAX2", "play VZT1", "play SAX3", "pass", "reveal", "play BYZ6"]
    state, seat = position(True, moves)
    assert seat == 3 and state.view(3)["trick_seats"] == [2]
    assert greedy_card(False, moves) == "play BYZ9"
    assert greedy_card(True, moves) == "play TRUMF"


def test_an_opponents_trick_that_pays_nothing_is_played_as_alone():
    """T-7.1: seat 0 (seat 3's opponent) leads SAX6 and wins it so far over
    the partner's SAX2, but the trick pays seat 3 nothing: it keeps its trump
    and plays as it does without teams (its lowest Saxosaurus)."""
    moves = ["play SAX6", "play SAX2", "play VZT1"]
    assert greedy_card(True, moves) == greedy_card(False, moves) == "play SAX3"


def test_analyze_reports_changed_games_under_teams():
    """T-7.1: ``herna analyze trumfosaur --variant teams`` with its default
    seats (greedy+explore) played every game of the variant card for card
    as the base before (only the winners differed); the team-aware greedy
    now plays other games (seeded, short games: target 12)."""
    results = run_analysis("trumfosaur", {"players": 4, "target_score": 12}, [DEFAULT_BOT] * 4, 12,
                           [{"teams": True}], seed=3)
    report = build_report("trumfosaur", [DEFAULT_BOT] * 4, 3, results)
    assert report["variants"][1]["label"] == "teams"
    assert report["variants"][1]["changed_games"] >= 10  # 12 of 12 at this seed
    moves = [(r["actions"], r["digest"]) for r in results[0][2]], [(r["actions"], r["digest"]) for r in results[1][2]]
    assert sum(a != b for a, b in zip(*moves)) >= 10  # the play itself differs, not only who won
