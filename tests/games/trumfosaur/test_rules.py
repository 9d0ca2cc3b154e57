"""Trumfosaur rules (rules/trumfosaur.md), one test per rule or group; each
docstring cites the rule ids it covers."""

from __future__ import annotations

import json
import random

import pytest

import herna
from herna import IllegalActionError
from herna.core.conformance import random_playout
from herna.games.trumfosaur.cards import card_name, invitation_score, parse_card
from herna.games.trumfosaur.tricks import trick_winner
from tests.helpers import TRUMFOSAUR_DEAL_4 as DEAL_4



def new(deals=(DEAL_4,), **options):
    options.setdefault("players", 4)
    return herna.load("trumfosaur", **options).new_initial_state(deals=list(deals))


def invite_all(state, cards):
    for card in cards:
        state.apply_action(f"invite {card}")


def test_components():
    """T-1.1 50 dinosaurs, 5 species x 1-10; T-1.2 the trump has no species or value; T-1.3 2-5 players."""
    names = {card_name(c) for c in range(50)}
    assert len(names) == 50 and "SAX1" in names and "BYZ10" in names
    assert parse_card("trumf") == 50 and card_name(50) == "TRUMF"
    for players in (2, 3, 4, 5):
        herna.load("trumfosaur", players=players)
    for players in (1, 6):
        with pytest.raises(ValueError, match="players"):
            herna.load("trumfosaur", players=players)


def test_deal_and_deck():
    """T-3.1 each player gets 10, the rest is the deck; T-3.4 a trump joins each hand after the invitation."""
    state = new()
    view = state.view(0)
    assert len(view["hand"]) == 10 and "TRUMF" not in view["hand"]
    invite_all(state, ["BYZ3", "BYZ5", "BYZ8", "BYZ10"])
    assert len(state.view(0)["hand"]) == 10 and state.view(0)["hand"][-1] == "TRUMF"
    assert state.view()["trumps"] == [True] * 4
    rng = random.Random(1)
    for players in (2, 3, 5):
        s = herna.load("trumfosaur", players=players).new_initial_state()
        while s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        assert [len(s.view(k)["hand"]) for k in range(players)] == [10] * players


def test_invitation_hidden_and_chosen_from_hand():
    """T-3.3 each player lays one card of their 10 face down; T-10.0 only the owner sees it."""
    state = new()
    with pytest.raises(IllegalActionError, match="you do not hold"):
        state.apply_action("invite SAX10")
    state.apply_action("invite BYZ3")
    assert state.view(0)["invitation"] == "BYZ3"
    assert state.view(1)["invitation"] is None
    assert state.view()["invitations"] == [None] * 4
    assert "BYZ3" not in json.dumps(state.view(1)) and "BYZ3" not in json.dumps(state.view())
    assert "invite ?" in state.information_state_string(1)


def test_first_leader_and_decision_order():
    """T-3.5 option first_player leads the first deal; T-3.6 invitations go clockwise from the first leader."""
    state = new(first_player=2)
    assert state.current_player() == 2
    state.apply_action("invite BYZ8")
    assert state.current_player() == 3
    state.apply_action("invite BYZ10")
    state.apply_action("invite BYZ3")
    state.apply_action("invite BYZ5")
    assert state.view()["leader"] == 2 and state.current_player() == 2 and state.view()["trick_number"] == 1


def test_later_deal_leader_tie_rule():
    """T-3.5 later deals: the lowest total leads; ties go clockwise from the seat after the previous first leader."""
    # fields set by hand: the Python engine's slots (the compiled engine's are read-only)
    state = herna.load("trumfosaur", players=4, first_player=1, engine="python").new_initial_state()
    state._scores = [5, 7, 5, 9]
    state._prev_first_leader = 1
    assert state._next_first_leader() == 2
    state._prev_first_leader = 2
    assert state._next_first_leader() == 0
    state._scores = [6, 6, 6, 6]
    state._prev_first_leader = 3
    assert state._next_first_leader() == 0
    teams = herna.load("trumfosaur", players=4, teams=True, engine="python").new_initial_state()
    teams._scores = [1, 5, 2, 5]  # team 0+2 = 3 lowest
    teams._prev_first_leader = 0
    assert teams._next_first_leader() == 2
    teams._prev_first_leader = 1
    assert teams._next_first_leader() == 2
    teams._prev_first_leader = 2
    assert teams._next_first_leader() == 0


def test_follow_species_and_trump_anytime():
    """T-4.1 the leader plays any card; T-4.2 follow the led species or play the trump; T-4.3 the trump at any time."""
    state = new()
    invite_all(state, ["BYZ3", "BYZ5", "BYZ8", "BYZ10"])
    assert len(state.legal_actions()) == 10
    state.apply_action("play SAX6")
    assert set(state.legal_action_strings()) == {"play SAX2", "play SAX10", "play TRUMF"}
    with pytest.raises(IllegalActionError, match="must follow Saxosaurus"):
        state.apply_action("play VZT2")
    with pytest.raises(IllegalActionError, match="you do not hold"):
        state.apply_action("play SAX3")
    state.apply_action("play SAX10")
    assert "play AQU2" in state.legal_action_strings()  # seat 2 has no Saxosaurus: any card
    assert state.view()["voids"][2] == []
    state.apply_action("play AQU2")
    assert state.view()["voids"][2] == ["Saxosaurus"]


def test_trump_led_frees_everyone():
    """T-4.4 after a trump lead the others may play any card."""
    state = new(engine="python")  # a clone's fields are set by hand below (Python engine slots)
    invite_all(state, ["BYZ3", "BYZ5", "BYZ8", "BYZ10"])
    state.apply_action("play TRUMF")
    assert len(state.legal_actions()) == 10  # 9 dinosaurs + trump
    state.apply_action("play SAX10")
    with pytest.raises(IllegalActionError, match="already played your trump"):
        s2 = state.clone()
        s2._turn = 0
        s2._phase = 4
        s2.apply_action("play TRUMF")


def test_trick_winner():
    """T-4.5 the first trump wins, else the highest of the led species; T-9.1 picture 1; T-9.2 picture 2."""
    c = parse_card
    assert trick_winner([0, 1, 2, 3], [c("SAX6"), c("SAX10"), c("AQU2"), c("SAX3")]) == 1  # T-9.1
    assert trick_winner([1, 2, 3, 0], [c("VZT10"), c("VZT1"), 50, c("VZT7")]) == 3  # T-9.2
    assert trick_winner([0, 1, 2], [c("SAX2"), 50, 50]) == 1
    assert trick_winner([0, 1, 2], [c("SAX2"), c("BYZ10"), c("SAX1")]) == 0


def test_winner_takes_and_leads():
    """T-4.6 the winner takes the cards (only the count is public); T-4.7 the winner leads next."""
    state = new()
    invite_all(state, ["BYZ3", "BYZ5", "BYZ8", "BYZ10"])
    state.apply_actions(["play SAX6", "play SAX10", "play AQU2", "play SAX3"])
    assert state.view()["taken"] == [0, 4, 0, 0]
    assert state.view(1)["taken_cards"] == ["SAX3", "SAX6", "SAX10", "AQU2"]
    assert "taken_cards" not in state.view() and state.view(0)["taken_cards"] == []
    for _ in range(3):
        state.apply_action("pass")
    assert state.current_player() == 1 and state.view()["leader"] == 1


def test_reveal_window():
    """T-5.1 once per deal a player may reveal and then leads; T-5.2 the window asks clockwise from the
    winner, the winner is not asked, the first reveal closes it; T-5.3 the revealed card is public."""
    state = new()
    invite_all(state, ["BYZ3", "BYZ5", "BYZ8", "BYZ10"])
    state.apply_actions(["play SAX6", "play SAX10", "play AQU2", "play SAX3"])
    assert state.current_player() == 2 and state.view()["to_ask"] == [2, 3, 0]
    assert set(state.legal_action_strings()) == {"reveal", "pass"}
    state.apply_action("pass")
    state.apply_action("reveal")  # seat 3
    view = state.view()
    assert view["invitations"] == [None, None, None, "BYZ10"]
    assert state.current_player() == 3 and view["leader"] == 3
    assert "reveal BYZ10" in state.information_state_string(0)
    # seat 3 is never asked again this deal
    state.apply_actions(["play BYZ9", "play BYZ1", "play BYZ4", "play BYZ6"])
    assert 3 not in state.view()["to_ask"]
    # revealing does not change scoring (T-5.3): scores are computed from the invitation alone
    assert invitation_score(parse_card("BYZ10"), 0) == 3


def test_no_window_after_last_trick_and_empty_window_skipped():
    """T-5.2 windows only after tricks 1-9; T-10.0 a window with nobody to ask is skipped."""
    state = herna.load("trumfosaur", players=2).new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    # play until someone reveals, then the other cannot be asked when the revealer wins
    seen_window = False
    while not state.is_terminal() and state.view()["deal_number"] == 1:
        if state.view()["phase"] == "reveal":
            seen_window = True
            assert state.view()["trick_number"] <= 10
            state.apply_action("reveal")
        else:
            state.apply_action(state.legal_actions()[0])
    assert seen_window


def test_scoring():
    """T-6.1 +1 per card of the invitation's species, +2 per card of its value, the invitation scores 3;
    T-6.2 the rulebook's example scores 8; T-6.3 at least 3 per deal."""
    inv = parse_card("BYZ4")
    taken = sum(1 << parse_card(c) for c in ("BYZ2", "BYZ5", "BYZ7", "SPI4"))
    assert invitation_score(inv, taken) == 8
    assert invitation_score(inv, 0) == 3
    rng = random.Random(5)
    state = random_playout(herna.load("trumfosaur", players=3).new_initial_state(), rng)
    assert all(v >= 3 for v in state.view()["deal_scores"])


def test_game_runs_to_target_and_ties_share():
    """T-2.1 deals follow each other until someone reaches the target; T-2.2 equal highest totals share the win."""
    rng = random.Random(11)
    for target in (5, 36, 60):
        state = random_playout(herna.load("trumfosaur", players=4, target_score=target).new_initial_state(), rng)
        view = state.view()
        assert max(view["scores"]) >= target
        assert view["winners"] == [s for s in range(4) if view["scores"][s] == max(view["scores"])]
        before_last = [a - b for a, b in zip(view["scores"], view["deal_scores"])]
        assert max(before_last) < target
        assert state.returns() == [float(v) for v in view["scores"]]


def test_teams():
    """T-7.1 partners 0+2 and 1+3 add their scores and the target applies to team totals;
    T-7.2 scores stay individual, team_scores added, winners are both partners."""
    rng = random.Random(2)
    state = random_playout(herna.load("trumfosaur", players=4, teams=True).new_initial_state(), rng)
    view = state.view()
    s = view["scores"]
    assert view["team_scores"] == [s[0] + s[2], s[1] + s[3]]
    best = max(view["team_scores"])
    assert best >= 36
    expected = sorted(seat for seat in range(4) if view["team_scores"][seat % 2] == best)
    assert view["winners"] == expected
    with pytest.raises(ValueError, match="teams"):
        herna.load("trumfosaur", players=3, teams=True)


def test_master_exchange():
    """T-8.1 master version: each player in turn (from the first leader) lays out 0-2 cards face up and
    draws as many from the deck; T-3.2 this comes before the invitation; discards are public."""
    state = new(master=True)
    assert state.view()["phase"] == "exchange" and state.current_player() == 0
    assert len(state.legal_actions()) == 1 + 10 + 45
    state.apply_action("exchange SAX1 VZT7")
    assert state.view(0)["hand"][:2] == ["SAX5", "SAX6"]  # drew SAX5 and SAX7 from the top of the deck
    assert "SAX7" in state.view(0)["hand"]
    assert state.view()["exchanged"][0] == ["SAX1", "VZT7"]
    state.apply_action("exchange")
    state.apply_action("exchange AQU1")
    assert "SAX8" in state.view(2)["hand"]
    with pytest.raises(IllegalActionError, match="only lay out cards you hold"):
        state.apply_action("exchange SAX1")
    state.apply_action("exchange BYZ9 BYZ10")
    assert state.view()["phase"] == "invite" and state.current_player() == 0
    assert "draw ?" in state.information_state_string(1)
    with pytest.raises(ValueError, match="master"):
        herna.load("trumfosaur", players=5, master=True)


def test_information():
    """T-10.0 / T-10.1 a seat sees its hand, invitation and won cards, every played card, hand sizes and
    trumps, revealed invitations and discards; never another hand, hidden invitation or the deck."""
    rng = random.Random(4)
    state = herna.load("trumfosaur", players=4, master=True).new_initial_state()
    for _ in range(80):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(4):
        view = state.view(seat)
        text = json.dumps(view)
        for other in range(4):
            if other == seat:
                continue
            for card in state.view(other)["hand"]:
                if card != "TRUMF" and card not in view["played"]:
                    assert f'"{card}"' not in text.replace(json.dumps(view["exchanged"]), "")
        assert view["hand_sizes"] == [len(state.view(k)["hand"]) for k in range(4)]
    spectator = state.view()
    assert "hand" not in spectator and "invitation" not in spectator


def test_deal_reset_between_deals():
    """T-10.0 a new deal resets trick, last_trick, taken, invitations, exchanged; deal_scores keeps the last deal."""
    rng = random.Random(8)
    state = herna.load("trumfosaur", players=3, master=True).new_initial_state()
    while state.view()["deal_number"] == 1:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    view = state.view()
    assert view["trick"] == [] and view["last_trick"] is None and view["taken"] == [0, 0, 0]
    assert view["invitations"] == [None] * 3 and view["exchanged"] == [[], [], []]
    assert view["deal_scores"] is not None and view["trick_number"] == 0


def play_deal_passing(state, rng):
    """Play the current deal to its end: random cards, `pass` in every reveal window."""
    deal = state.view()["deal_number"]
    while not state.is_terminal() and state.view()["deal_number"] == deal:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_action_strings()
        state.apply_action("pass" if "pass" in legal else rng.choice(legal))


def test_t_10_2_deal_invitations_shown_to_all_when_a_deal_ends():
    """T-10.2 `deal_invitations` is null before the first deal ends, then every view (spectator and every
    seat) shows the finished deal's invitations and keeps them until the next deal ends; the invitations
    of the deal in play stay hidden (T-10.0)."""
    state = new(target_score=200)
    rng = random.Random(21)
    seats = [None, 0, 1, 2, 3]
    assert all(state.view(s)["deal_invitations"] is None for s in seats)
    invite_all(state, ["BYZ3", "BYZ5", "BYZ8", "BYZ10"])
    assert all(state.view(s)["deal_invitations"] is None for s in seats)
    play_deal_passing(state, rng)
    first = ["BYZ3", "BYZ5", "BYZ8", "BYZ10"]
    assert all(state.view(s)["deal_invitations"] == first for s in seats)
    assert state.view()["invitations"] == [None] * 4
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    chooser = state.current_player()
    card = state.view(chooser)["hand"][0]
    state.apply_action(f"invite {card}")
    for seat in seats:
        view = state.view(seat)
        assert view["deal_invitations"] == first
        if seat != chooser:
            assert view["invitations"][chooser] is None
            rest = {k: v for k, v in view.items() if k != "deal_invitations"}
            assert f'"{card}"' not in json.dumps(rest)
    while state.view()["phase"] == "invite":
        state.apply_action(f"invite {state.view(state.current_player())['hand'][0]}")
    second = [state.view(s)["invitation"] for s in range(4)]
    assert second[chooser] == card
    for _ in range(30):
        legal = state.legal_action_strings()
        state.apply_action("pass" if "pass" in legal else rng.choice(legal))
        assert state.view()["deal_invitations"] == first  # kept until the next deal ends
    play_deal_passing(state, rng)
    assert all(state.view(s)["deal_invitations"] == second for s in seats)


def test_t_10_2_information_state_shows_invitations_when_the_deal_is_scored():
    """T-10.2 the play that ends a deal shows every invitation in each seat's observation token (and the
    spectator's); before that, other seats' invitations are `invite ?`. Trick 10 is forced for everyone:
    its plays are marked ` (auto)` (only real choices are asked)."""
    state = new(target_score=200)
    invite_all(state, ["BYZ3", "BYZ5", "BYZ8", "BYZ10"])
    rng = random.Random(5)
    info_before = state.information_state_string(1)
    assert info_before.count("invite ?") == 3 and "BYZ3" not in info_before
    play_deal_passing(state, rng)
    for seat in range(4):
        lines = state.information_state_string(seat).splitlines()
        ends = [line for line in lines if "| invitations" in line]
        assert len(ends) == 1 and ends[0].endswith("| invitations BYZ3 BYZ5 BYZ8 BYZ10")
        index = lines.index(ends[0])
        last_trick = lines[index - 3:index + 1]
        assert all(line.split(":", 1)[1].startswith("play ") and "(auto)" in line for line in last_trick)
    walker = type(state)(state.game, state._deals)  # replay as the spectator saw it
    tokens = []
    for action in state.history():
        if walker.view()["deal_number"] > 1:
            break
        tokens.append(walker.observe_action(None, action))
        walker._do(action)
    assert tokens[-1].endswith("| invitations BYZ3 BYZ5 BYZ8 BYZ10")
    assert sum("| invitations" in t for t in tokens) == 1


def test_t_10_2_replay_and_resample_keep_deal_invitations():
    """T-10.2 a saved game replays to the same `deal_invitations`; a determinization keeps them and the
    invitations of every earlier finished deal too (the seat saw each one when its deal ended)."""
    rng = random.Random(9)
    state = herna.load("trumfosaur", players=3, master=True, target_score=200).new_initial_state()
    for _ in range(3):
        play_deal_passing(state, rng)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()) if not state.is_chance_node()
                           else state.sample_chance(rng))
    assert state.view()["deal_number"] == 4 and state.view()["deal_invitations"] is not None
    again = herna.from_json(json.dumps(state.to_json()))
    assert again.view()["deal_invitations"] == state.view()["deal_invitations"]

    def finished_invites(s):
        strings = s.history_strings()
        return [a for a in strings if a.startswith("invite")][:9]

    for seat in range(3):
        for _ in range(5):
            sample = state.resample(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sample.view()["deal_invitations"] == state.view()["deal_invitations"]
            assert finished_invites(sample) == finished_invites(state)


def test_t_2_1_target_score_has_an_upper_bound():
    """T-2.1 `target_score` is 1..1000: a larger target (a save with 10**400, `--target-score 1000000000`)
    is refused with a clear ValueError instead of a game that never ends."""
    from herna.games.trumfosaur.game import MAX_TARGET_SCORE

    assert herna.load("trumfosaur", target_score=MAX_TARGET_SCORE).options["target_score"] == 1000
    for bad in (10**400, 1_000_000_000, "1000000000", 1001, 0):
        with pytest.raises(ValueError, match="target_score"):
            herna.load("trumfosaur", target_score=bad)
    save = {"game": "trumfosaur", "options": {"players": 4, "target_score": 10**400}, "history": []}
    with pytest.raises(ValueError, match="at most 1000"):
        herna.from_json(json.dumps(save))


def test_t_3_5_first_player_must_be_a_seat():
    """T-3.5 `first_player` is a seat 0..players-1."""
    assert herna.load("trumfosaur", players=5, first_player=4).options["first_player"] == 4
    for players, bad in ((2, 2), (4, 4), (5, 5), (3, -1)):
        with pytest.raises(ValueError, match="first_player"):
            herna.load("trumfosaur", players=players, first_player=bad)


def test_action_to_string_of_garbage_is_an_illegal_action():
    """action_to_string of something that is no Trumfosaur action id raises IllegalActionError (as Ugo!)."""
    state = new()
    assert state.action_to_string(5) == "play SAX6" and state.action_to_string(1499) == "draw BYZ10"
    for bad in (None, "x", 3.5, -1, 1379, 1399, 1500, 10**30, True):
        with pytest.raises(IllegalActionError):
            state.action_to_string(bad)
    with pytest.raises(IllegalActionError, match="names no Trumfosaur action"):
        state.action_to_string(10**30)
