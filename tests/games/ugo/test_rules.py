"""Ugo! rules (rules/ugo.md), one or more tests per rule id U-1.1 ... U-6.5.

Most tests set up a fixed deal and play it, as scenario files do; some
search seeded random games for a situation that a fixed deal would need
many tricks to reach.
"""

from __future__ import annotations

import json
import random

import pytest

import herna
from herna.core import IllegalActionError
from herna.core.conformance import random_step
from herna.core.scenario import run_scenario
from herna.games.ugo.cards import CARD_NAMES, COLOURS, NUM_CARDS, card_name, parse_card
from herna.games.ugo.fields import EMPTY_BONUS, PLACES, WIN_FARMERS, field_score
from herna.games.ugo.state import trick_winner


def new_state(players=2, rounds=1, first_player=0, deals=None, **options):
    game = herna.load("ugo", players=players, rounds=rounds, first_player=first_player, **options)
    return game.new_initial_state(deals=deals)


def make_deal(prefix: list[list[str]], avoid: list[str] | None = None, players: int | None = None) -> dict:
    """A deal whose hand k starts with ``prefix[k]`` and is filled up to 10
    with the lowest unused cards of colours not in ``avoid[k]`` (a string of
    colour names, separated by spaces)."""
    players = players or len(prefix)
    prefix = prefix + [[] for _ in range(players - len(prefix))]
    avoid_sets = [set((avoid[k] if avoid and k < len(avoid) else "").split()) for k in range(players)]
    used = {parse_card(c) for hand in prefix for c in hand}
    hands = [list(h) for h in prefix]
    for k in sorted(range(players), key=lambda k: -len(avoid_sets[k])):
        for card in range(NUM_CARDS):
            if len(hands[k]) == 10:
                break
            if card not in used and COLOURS[card // 9] not in avoid_sets[k]:
                hands[k].append(card_name(card))
                used.add(card)
        assert len(hands[k]) == 10
    return {"hands": hands}


def play_cards(state, cards: list[str]) -> None:
    """Play ``cards`` in order; a card the engine already played by itself
    (its player's only legal card) is skipped."""
    for card in cards:
        if f"play {card}" in state.legal_action_strings():
            state.apply_action(f"play {card}")
        else:
            view = state.view()
            played = view["trick"] + (view["last_trick"]["cards"] if view["last_trick"] else [])
            assert card in played, f"{card} cannot be played: legal {state.legal_action_strings()}"


def scenario(options: dict, deals: list, steps: list) -> None:
    problem = run_scenario({"game": "ugo", "options": options, "deals": deals, "steps": steps})
    assert problem is None, problem


def random_states(options: dict, seeds, every: int = 1):
    """Every ``every``-th state of seeded random games."""
    game = herna.load("ugo", **options)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state
            random_step(state, rng)
            step += 1
        yield state


# ----- U-1 Components ----------------------------------------------------------------------
def test_u_1_1_forty_five_cards_five_colours_values_0_to_8():
    """U-1.1: 45 cards, 5 colours x values 0-8, one of each; strings in and out."""
    assert len(set(CARD_NAMES)) == 45
    assert {n.rstrip("012345678") for n in CARD_NAMES} == {"green", "grey", "yellow", "blue", "red"}
    assert all(parse_card(n) == i for i, n in enumerate(CARD_NAMES))
    assert parse_card("RED5") == parse_card("red5") == 5 and parse_card("gray8") == parse_card("grey8")
    for bad in ("red9", "pink1", "red", "", "5red"):
        with pytest.raises(ValueError):
            parse_card(bad)
    state = new_state(players=4)
    assert len(state.chance_outcomes()) == 45


def test_u_1_2_fields_places_and_bonuses():
    """U-1.2: 5 fields A-E; places 1, 1, 2, 3, 4; A and B printed full;
    bonuses C 1, D 3, E 5."""
    assert PLACES == (1, 1, 2, 3, 4) and EMPTY_BONUS[2:] == (1, 3, 5)
    state = new_state(deals=[make_deal([[], []])])
    for kingdom in state.view()["kingdoms"]:
        assert [f["field"] for f in kingdom] == list("ABCDE")
        assert [(f["farmers"], f["places"]) for f in kingdom] == [(1, 1), (1, 1), (0, 2), (0, 3), (0, 4)]


def test_u_1_3_farmers_without_a_free_place_are_lost():
    """U-1.3: a player never holds more than the 9 places of C-E; farmers
    paid beyond the free places are lost (no decision is asked for them)."""
    full = partial = 0
    game = herna.load("ugo", players=2, rounds=1)
    for seed in range(400):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
        walker = game.new_initial_state()   # replay action by action
        for action in state.history()[len(walker.history()):]:
            before = walker.view()
            free = [sum(f["places"] - f["farmers"] for f in before["kingdoms"][s][2:]) for s in range(2)]
            walker._do(action)
            after = walker.view()
            for kingdom in after["kingdoms"]:
                assert sum(f["farmers"] for f in kingdom[2:]) <= 9
            if len(before["trick"]) == 1 and action < 45:   # this card decided the trick
                last = after["last_trick"]
                for s in range(2):
                    paid = last["farmers"][s]
                    assert last["lost"][s] == max(0, paid - free[s])
                    full += bool(paid and not free[s])
                    partial += bool(free[s] and paid > free[s])
                queued = {e["seat"]: e["farmers"] for e in after["farmers_to_place"]}
                assert queued == {s: last["farmers"][s] - last["lost"][s] for s in range(2)
                                  if last["farmers"][s] > last["lost"][s]}
        if full >= 3 and partial >= 1:
            break
    assert full >= 3 and partial >= 1, "no random game paid farmers to a (nearly) full kingdom"


def test_u_1_3_two_players_twelve_farmers():
    """U-1.3: the supply holds 36 farmers with 3 or 4 players, 12 with 2;
    an explicit ``farmers`` wins; the resolved number is kept in options."""
    assert herna.load("ugo", players=2).options["farmers"] == 12
    assert herna.load("ugo", players=3).options["farmers"] == 36
    assert herna.load("ugo").options["farmers"] == 36
    assert herna.load("ugo", players=2, farmers=20).options["farmers"] == 20
    assert herna.load("ugo", players=4, farmers=None).options["farmers"] == 36
    assert herna.load("ugo", players=2) == herna.load("ugo", players=2, farmers=12)
    assert herna.load("ugo", players=2, farmers="7").options["farmers"] == 7   # CLI text
    state = new_state(deals=[make_deal([[], []])])
    assert state.view()["farmer_supply"] == 12 and state.farmer_supply == 12


def test_u_1_3_farmer_supply_in_every_view():
    """U-1.3 / SCENARIOS.md: ``farmer_supply`` is in the spectator's and every
    seat's view, the same number (public), at every step of a game."""
    for state in random_states({"players": 3, "rounds": 1, "farmers": 7}, range(2), every=7):
        supply = state.view()["farmer_supply"]
        assert isinstance(supply, int) and 0 <= supply <= 7
        assert all(state.view(s)["farmer_supply"] == supply for s in range(3))


@pytest.mark.parametrize("bad,words", [
    ({"farmers": -1}, "'farmers' must be at least 0"),
    ({"farmers": 301}, "'farmers' must be at most 300"),
    ({"farmers": "many"}, "'farmers' must be a whole number"),
    ({"farmers": True}, "'farmers' must be a whole number"),
    ({"rounds": 101}, "'rounds' must be at most 100"),
    ({"rounds": 1_000_000_000}, "'rounds' must be at most 100"),
    ({"rounds": 0}, "'rounds' must be at least 1"),
    ({"players": 2, "first_player": 2}, "'first_player' must be a seat 0..1"),
    ({"players": 3, "first_player": -1}, "'first_player' must be at least 0"),
])
def test_u_1_3_u_2_1_option_bounds_are_refused(bad, words):
    """U-1.3 ``farmers`` 0-300, U-2.1 ``rounds`` 1-100, U-2.4
    ``first_player`` a seat: anything else is one clear ValueError."""
    with pytest.raises(ValueError, match=words):
        herna.load("ugo", **bad)


def test_u_1_3_no_farmers_at_all():
    """U-1.3 ``farmers=0``: every farmer due is unpaid, nobody ever places
    one (no farm decision), so fields C-E never get a farmer."""
    due_seen = 0
    for state in random_states({"players": 2, "rounds": 1, "farmers": 0}, range(3)):
        view = state.view()
        assert view["farmer_supply"] == 0 and view["farmers_to_place"] == [] and view["phase"] != "farm"
        assert all(f["farmers"] == 0 for k in view["kingdoms"] for f in k[2:])
        last = view["last_trick"]
        if last:
            assert last["farmers"] == [0, 0] and last["lost"] == [0, 0]
            due_seen += sum(last["unpaid"])
    assert due_seen > 0


def test_u_1_3_u_2_5_empty_supply_pays_the_winner_first_then_clockwise():
    """U-1.3 with U-2.5: 3 players, seat 0 leads red1, seat 1 wins with red5
    (2 farmers), seat 2 and seat 0 lose with a red 2 and 1 (1 farmer each, same
    colour). Paid in the order winner, seat 2, seat 0, while the supply lasts."""
    hands = [["red1"], ["red5"], ["red2"]]
    for farmers, paid, unpaid in ((4, [1, 2, 1], [0, 0, 0]), (3, [0, 2, 1], [1, 0, 0]),
                                  (2, [0, 2, 0], [1, 0, 1]), (1, [0, 1, 0], [1, 1, 1])):
        state = new_state(players=3, farmers=farmers, deals=[make_deal(hands, ["red", "red", "red"])])
        play_cards(state, ["red1", "red5", "red2"])
        view = state.view()
        assert view["last_trick"]["winner"] == 1
        assert view["last_trick"]["farmers"] == paid, farmers
        assert view["last_trick"]["unpaid"] == unpaid, farmers
        assert view["farmer_supply"] == farmers - sum(paid)
        assert view["farmers_to_place"] == [{"seat": s, "farmers": paid[s]} for s in (1, 2, 0) if paid[s]]


def test_u_1_3_supply_refills_every_round():
    """U-1.3 / U-2.3: the supply is full again when the next round's kingdoms
    are cleared; between rounds the finished round's rest stays in view."""
    game = herna.load("ugo", players=2, rounds=3, farmers=6)
    emptied = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            before = state.view()
            random_step(state, rng)
            after = state.view()
            if after["round_number"] > before["round_number"]:
                assert after["farmer_supply"] == 6 and after["farmers_lost"] == 0
                emptied += before["farmer_supply"] < 6
    assert emptied > 0


def test_u_1_3_lost_farmers_do_not_return_to_the_supply():
    """U-1.3: a paid farmer that finds no free place is lost: it leaves the
    supply like a placed one (the supply is only full again next round)."""
    game = herna.load("ugo", players=2, rounds=1, farmers=40)
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        played = game.new_initial_state()
        while not played.is_terminal():
            random_step(played, rng)
        state = game.new_initial_state()   # replay action by action, forced ones too
        for action in played.history()[len(state.history()):]:
            before = state.view()
            state._do(action)
            after = state.view()
            last = after["last_trick"]
            if last and last != before["last_trick"] and after["round_number"] == before["round_number"]:
                assert after["farmer_supply"] == before["farmer_supply"] - sum(last["farmers"])
                if sum(last["lost"]):
                    found += 1
                    assert after["farmers_lost"] == before["farmers_lost"] + sum(last["lost"])
        if found >= 3:
            break
    assert found >= 3, "no random game lost a farmer"


def test_u_1_3_scenario_a_short_supply():
    """U-1.3 as a scenario: the shared U-6.5 deal with only 3 farmers. Seat 0
    wins two tricks (1 + 2 farmers); seat 1's losing green1 is due 1 farmer
    when the supply is empty, so it is not paid and seat 1 has nothing to place."""
    deal = {"hands": [["red7", "red3", "green3", "green4", "blue3", "blue4", "yellow8", "yellow3", "grey3", "grey4"],
                      ["red0", "red8", "green1", "green8", "blue0", "blue7", "blue8", "grey6", "grey7", "grey8"]]}
    scenario({"players": 2, "rounds": 1, "first_player": 0, "farmers": 3}, [deal], [
        {"expect": {"farmer_supply": 3}},
        {"act": "play red7"},
        {"act": "play red0"},
        {"expect": {"farmer_supply": 2, "last_trick.farmers": [1, 0], "last_trick.unpaid": [0, 0]}},
        {"act": "farm C"},
        {"act": "play green3"},
        {"act": "play green1"},
        {"expect": {"farmer_supply": 0, "last_trick.farmers": [2, 0], "last_trick.unpaid": [0, 1],
                    "farmers_to_place": [{"seat": 0, "farmers": 2}]}},
        {"act": "farm C"},
        {"legal": ["farm D", "farm E"]},
        {"act": "farm D"},
        {"expect": {"current_player": 0, "trick_number": 3, "phase": "play", "kingdoms.1.2.farmers": 0}},
        {"expect_seat": 1, "expect": {"farmer_supply": 0}},
        {"act": "play grey3"},
        {"act": "play grey7"},
        {"expect": {"farmer_supply": 0, "last_trick.winner": 1, "last_trick.farmers": [0, 0],
                    "last_trick.unpaid": [0, 1], "phase": "play"}},
    ])


def test_u_1_3_save_and_replay_keep_the_supply():
    """U-1.3: to_json stores the resolved ``farmers``; from_json and clone
    give an equal state with the same supply; an explicit value survives."""
    for options in ({"players": 2, "rounds": 2}, {"players": 3, "rounds": 1, "farmers": 4}):
        game = herna.load("ugo", **options)
        rng = random.Random(11)
        state = game.new_initial_state()
        while state.view()["trick_number"] < 8 or state.view()["phase"] != "play":
            random_step(state, rng)
        data = json.loads(json.dumps(state.to_json()))
        assert data["options"]["farmers"] == (12 if options["players"] == 2 else 4)
        again = herna.from_json(data)
        assert again == state and again.game == game
        assert again.view()["farmer_supply"] == state.view()["farmer_supply"] == state.clone().farmer_supply
        assert state.view()["farmer_supply"] < game.options["farmers"]
        if "farmers" not in options:   # a save without the option gets its default
            older = dict(data, options={k: v for k, v in data["options"].items() if k != "farmers"})
            assert herna.from_json(older) == state


@pytest.mark.parametrize("led,follow,low,expected", [
    ("red5", "red3", None, [2, 0]),     # 3-5 win: 2
    ("red6", "red4", None, [1, 0]),     # 6-7 win: 1
    ("red8", "red0", None, [0, 0]),     # 8 wins: 0; a losing 0 pays nothing
    ("red7", "red2", None, [1, 1]),     # a losing 2 of the winner's colour: 1
    ("red3", "green1", None, [2, 2]),   # a losing 1 of another colour: 2
    ("red2", "red1", None, [0, 1]),     # a winning 2 pays nothing
    ("red1", "green0", None, [0, 0]),   # a winning 1 pays nothing; 0 loses
    ("red0", "red4", None, [0, 2]),     # the follower wins with 4
    ("red4", "green4", None, [2, 0]),   # tie: the led colour wins (U-3.2)
    ("red7", "red2", [0, 3], [1, 0]),   # option low_card_farmers
    ("red3", "green1", [0, 3], [2, 3]),
])
def test_u_1_4_farmers_printed_on_cards(led, follow, low, expected):
    """U-1.4 / U-3.3: the winning card pays its printed farmers (0: 0, 3-5: 2,
    6-7: 1, 8: 0); a losing 1 or 2 pays 1 (winner's colour) or 2 (other), or
    as option ``low_card_farmers`` says; other losing cards pay nothing."""
    options = {} if low is None else {"low_card_farmers": low}
    avoid = [] if led[:-1] == follow[:-1] else ["", led[:-1]]
    state = new_state(deals=[make_deal([[led], [follow]], avoid)], **options)
    play_cards(state, [led, follow])
    view = state.view()
    assert view["last_trick"]["cards"] == [led, follow]
    assert view["last_trick"]["farmers"] == expected
    assert WIN_FARMERS == (0, 0, 0, 2, 2, 2, 1, 1, 0)


def test_u_1_4_option_checks():
    """U-1.4: ``low_card_farmers`` takes exactly two whole numbers 0-9."""
    assert herna.load("ugo").options["low_card_farmers"] == [1, 2]
    for bad in ([1], [1, 2, 3], ["x", 1], [-1, 2], 5):
        with pytest.raises(ValueError):
            herna.load("ugo", low_card_farmers=bad)


# ----- U-2 A game --------------------------------------------------------------------------
def test_u_2_1_players_rounds_and_totals():
    """U-2.1: 2-4 players, ``rounds`` (default 4); round scores add up and
    returns() are the totals; the highest total wins."""
    assert herna.load("ugo").options == {"players": 4, "rounds": 4, "first_player": 0, "farmers": 36,
                                         "low_card_farmers": [1, 2]}
    for bad in ({"players": 1}, {"players": 5}, {"rounds": 0}, {"first_player": 2, "players": 2}, {"colour": 1}):
        with pytest.raises(ValueError):
            herna.load("ugo", **bad)
    game = herna.load("ugo", players=3, rounds=3)
    rng = random.Random(5)
    state = game.new_initial_state()
    totals = [0, 0, 0]
    rounds_seen = 0
    while not state.is_terminal():
        before = state.view()["phase"]
        random_step(state, rng)
        after = state.view()
        if before not in ("deal", "over") and after["phase"] in ("deal", "over"):
            totals = [a + b for a, b in zip(totals, after["round_scores"])]
            rounds_seen += 1
            assert after["scores"] == totals
    assert rounds_seen == 3
    assert state.returns() == [float(t) for t in totals]
    top = max(totals)
    assert state.view()["winners"] == [s for s in range(3) if totals[s] == top]


def test_u_2_1_equal_totals_share_the_win():
    """U-2.1 [interpretation]: equal highest totals share the win."""
    game = herna.load("ugo", players=2, rounds=1)
    for seed in range(3000):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
        scores = state.view()["scores"]
        if scores[0] == scores[1]:
            assert state.view()["winners"] == [0, 1]
            return
    pytest.fail("no tied random game found")


@pytest.mark.parametrize("players,unused", [(2, 25), (3, 15), (4, 5)])
def test_u_2_2_ten_cards_each_the_rest_unused(players, unused):
    """U-2.2: 10 cards to each player, one chance action per card, seat k
    the k-th block of 10; the rest (25, 15, 5) is never dealt nor seen."""
    game = herna.load("ugo", players=players, rounds=2)
    rng = random.Random(players)
    state = game.new_initial_state()
    dealt = []
    while state.is_chance_node():
        assert len(state.chance_outcomes()) == 45 - len(dealt)
        assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
        action = state.sample_chance(rng)
        dealt.append(state.action_to_string(action).split()[1])
        state.apply_action(action)
    for k in range(players):
        assert state.view(k)["hand"] == sorted(dealt[10 * k:10 * k + 10], key=parse_card)
    rest = set(CARD_NAMES) - set(dealt)
    assert len(rest) == unused
    text = json.dumps([state.view(k) for k in range(players)] + [state.view()])
    assert not any(f'"{c}"' in text for c in rest)


def test_u_2_3_each_round_starts_with_empty_kingdoms():
    """U-2.3: a new round's kingdoms are empty, only A and B farmed; the
    finished round's kingdoms stay in view until the next deal begins."""
    game = herna.load("ugo", players=2, rounds=2)
    rng = random.Random(11)
    state = game.new_initial_state()
    while state.view()["round_scores"] is None:
        random_step(state, rng)
    view = state.view()
    assert view["phase"] == "deal" and view["round_number"] == 1
    assert sum(len(f["cards"]) for k in view["kingdoms"] for f in k) == 20
    state.apply_action(state.sample_chance(rng))
    view = state.view()
    assert view["round_number"] == 2 and view["last_trick"] is None and view["trick_number"] == 1
    for kingdom in view["kingdoms"]:
        assert [(f["colour"], f["cards"], f["farmers"]) for f in kingdom] == [
            (None, [], 1), (None, [], 1), (None, [], 0), (None, [], 0), (None, [], 0)]


def test_u_2_4_the_lead_moves_clockwise_each_round():
    """U-2.4: round r is led by seat first_player + r - 1."""
    game = herna.load("ugo", players=3, rounds=4, first_player=1)
    rng = random.Random(2)
    state = game.new_initial_state()
    leaders = {}
    while not state.is_terminal():
        view = state.view()
        if view["phase"] == "play" and view["trick_number"] == 1 and not view["trick"]:
            leaders.setdefault(view["round_number"], view["current_player"])
        random_step(state, rng)
    assert leaders == {1: 1, 2: 2, 3: 0, 4: 1}


def test_u_2_5_order_of_decisions_after_a_trick():
    """U-2.5: after a trick the winner orders the new colours, then places
    its farmers, then the others place theirs clockwise from the winner."""
    deal = {"hands": [
        ["red0", "red1", "red2", "red3", "red4", "green6", "green7", "green8", "grey2", "grey3"],
        ["green0", "green1", "green2", "green3", "green4", "green5", "blue6", "blue7", "blue8", "grey0"],
        ["blue0", "blue1", "blue2", "blue3", "blue4", "blue5", "grey1", "grey6", "grey7", "grey8"],
        ["yellow0", "yellow1", "yellow2", "yellow4", "red5", "red6", "red7", "red8", "grey4", "grey5"]]}
    state = new_state(players=4, deals=[deal])
    for card in ("red1", "green5", "blue5", "red5"):   # seat 3 wins with red5: 2 farmers
        state.apply_action(f"play {card}")             # seat 0's red1 loses: 1 farmer (same colour)
    seq = []
    while state.view()["phase"] in ("open", "farm"):
        legal = state.legal_action_strings()
        seq.append((state.current_player(), legal[0].split()[0]))
        state.apply_action(legal[0])
    assert seq == [(3, "open"), (3, "open"), (3, "farm"), (3, "farm"), (0, "farm")]


# ----- U-3 Tricks ------------------------------------------------------------------------------
def test_u_3_1_follow_the_led_colour_if_you_can():
    """U-3.1: the leader plays any card; the others must follow the led
    colour if they can, else any card; a refusal changes nothing."""
    deal = make_deal([["red5", "green1", "blue1"], ["red2", "red7", "green2"]])
    state = new_state(deals=[deal])
    assert set(state.legal_action_strings()) == {f"play {c}" for c in state.view(0)["hand"]}
    state.apply_action("play red5")
    assert state.legal_action_strings() == ["play red2", "play red7"]
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalActionError, match="must follow the colour of red5") as refused:
        state.apply_action("play green2")
    assert refused.value.translated("cs").startswith("'play green2': musíš přiznat barvu vynesené karty red5")
    with pytest.raises(IllegalActionError, match="you do not hold blue1"):
        state.apply_action("play blue1")
    assert json.dumps(state.to_json()) == before
    state.apply_action("play red7")
    assert state.view()["last_trick"]["winner"] == 1


def test_u_3_1_void_off_colour_any_card():
    """U-3.1: a player without the led colour may play any card."""
    deal = make_deal([["yellow8"], ["red8", "green8", "blue0"]], ["", "yellow"])
    state = new_state(deals=[deal])
    state.apply_action("play yellow8")
    assert set(state.legal_action_strings()) == {f"play {c}" for c in state.view(1)["hand"]}
    assert state.view()["voids"] == [[], []]
    state.apply_action("play blue0")
    assert state.view()["voids"] == [[], ["yellow"]]


def test_u_3_2_highest_value_wins_ties_led_colour_then_first():
    """U-3.2: the highest value wins whatever its colour; equal highest:
    the led colour wins, else the first played."""
    ids = lambda *names: [parse_card(n) for n in names]  # noqa: E731
    assert trick_winner(ids("red3", "green5", "blue5", "red5")) == 3
    assert trick_winner(ids("yellow2", "green6", "blue6", "grey6")) == 1
    assert trick_winner(ids("red0", "blue8")) == 1
    assert trick_winner(ids("red4", "green4")) == 0
    assert trick_winner(ids("red1", "green3", "blue3", "yellow3")) == 1


def test_u_3_3_farmers_paid_as_soon_as_the_trick_is_decided():
    """U-3.3: the winner's and the losing 1/2 players' farmers are owed
    right after the last card, before the next trick."""
    state = new_state(deals=[make_deal([["red5", "red0"], ["red2", "red1"]])])
    play_cards(state, ["red5", "red2"])
    view = state.view()
    assert view["phase"] == "farm"
    assert view["farmers_to_place"] == [{"seat": 0, "farmers": 2}, {"seat": 1, "farmers": 1}]


def test_u_3_4_farmers_on_a_free_place_of_the_receivers_choice():
    """U-3.4: each farmer goes onto a free place of C-E chosen by its
    receiver; a full field is refused; placed farmers never move."""
    state = new_state(deals=[make_deal([["red5", "red0"], ["red3", "red1"]])])
    play_cards(state, ["red5", "red3"])
    assert state.current_player() == 0 and state.legal_action_strings() == ["farm C", "farm D", "farm E"]
    state.apply_action("farm c")
    state.apply_action("FARM C")
    assert state.view()["kingdoms"][0][2]["farmers"] == 2
    for bad in ("farm A", "farm B"):
        with pytest.raises(IllegalActionError):
            state.string_to_action(bad)
    # the next trick: seat 0 wins again with 3 ... C is full now
    play_cards(state, ["red0", "red1"])   # seat 0 leads red0, seat 1's red1 wins: 0 farmers
    view = state.view()
    assert view["kingdoms"][0][2]["farmers"] == 2


def test_u_3_4_full_field_refused():
    """U-3.4: a farmer cannot go on a full field."""
    deal = make_deal([["red5", "red4"], ["red0", "red1"]])
    state = new_state(deals=[deal])
    play_cards(state, ["red5", "red0"])
    state.apply_action("farm C")
    state.apply_action("farm C")
    play_cards(state, ["red4", "red1"])   # seat 0 wins with 4: 2 farmers; seat 1 red1: 1
    assert state.legal_action_strings() == ["farm D", "farm E"]
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalActionError, match="full"):
        state.apply_action("farm C")
    assert json.dumps(state.to_json()) == before


def test_u_3_5_winner_leads_ten_tricks_a_round():
    """U-3.5: the winner leads the next trick; a round is 10 tricks."""
    for state in random_states({"players": 3, "rounds": 1}, range(5), every=1):
        view = state.view()
        if view["phase"] == "play" and view["last_trick"] and not view["trick"]:
            assert view["leader"] == view["last_trick"]["winner"] == view["current_player"]
        if state.is_terminal():
            assert view["trick_number"] == 10
            plays = [a for a in state.history_strings() if a.startswith("play")]
            assert len(plays) == 30


# ----- U-4 Placing won cards --------------------------------------------------------------------
def test_u_4_1_and_u_4_2_stacking():
    """U-4.1: the trick's cards are sorted by colour, highest on top.
    U-4.2: a colour already in the kingdom goes on top of its pile, even
    when that lowers the top card (shared scenario 01: grey top 8 -> 6)."""
    deal = make_deal([["red8", "red6", "red0"], ["red3", "red2", "red7"]])
    state = new_state(deals=[deal])
    play_cards(state, ["red8", "red3"])
    assert state.view()["kingdoms"][0][0]["cards"] == ["red3", "red8"]
    state.apply_action("farm C") if state.view()["phase"] == "farm" else None
    play_cards(state, ["red0", "red2"])     # seat 1 wins with 2 ...
    kingdom1 = state.view()["kingdoms"][1]
    assert kingdom1[0]["cards"] == ["red0", "red2"] and kingdom1[0]["top"] == 2


def test_u_4_2_lower_top_covers_higher():
    """U-4.2: the new stack's top card becomes the field's top card."""
    deal = make_deal([["red8", "red6"], ["red3", "red0"]])
    state = new_state(deals=[deal])
    play_cards(state, ["red8", "red3"])
    play_cards(state, ["red6", "red0"])
    field = state.view()["kingdoms"][0][0]
    assert field["cards"] == ["red3", "red8", "red0", "red6"] and field["top"] == 6 and field["top_card"] == "red6"


def test_u_4_3_new_colours_open_leftmost_fields_in_chosen_order():
    """U-4.3: each field holds one colour; a new colour opens the leftmost
    empty field; several new colours open in the winner's chosen order."""
    deal = make_deal([["yellow8", "red0"], ["blue0", "blue1", "green0"]], ["", "yellow"])
    state = new_state(deals=[deal])
    play_cards(state, ["yellow8", "blue0"])
    assert state.current_player() == 0
    assert state.legal_action_strings() == ["open blue", "open yellow"]
    with pytest.raises(IllegalActionError, match="not a new colour"):
        state.apply_action("open red")
    state.apply_action("open yellow")
    kingdom = state.view()["kingdoms"][0]
    assert [f["colour"] for f in kingdom] == ["yellow", "blue", None, None, None]


def test_u_4_4_cards_never_move():
    """U-4.4: a field's pile only grows on top; its colour never changes."""
    for options in ({"players": 2, "rounds": 1}, {"players": 4, "rounds": 1}):
        last = None
        for state in random_states(options, range(4)):
            view = state.view()
            if last is not None and view["round_number"] == last["round_number"] and view["phase"] != "deal":
                for k_old, k_new in zip(last["kingdoms"], view["kingdoms"]):
                    for f_old, f_new in zip(k_old, k_new):
                        assert f_new["cards"][:len(f_old["cards"])] == f_old["cards"]
                        assert f_old["colour"] in (None, f_new["colour"])
                        assert f_new["farmers"] >= f_old["farmers"]
            last = view


def test_u_4_5_known_colours_stack_at_once_new_ones_wait():
    """U-4.5: colours already in the kingdom are stacked at once; new ones
    wait, on no field, until the winner has ordered them."""
    state2 = new_state(players=3, deals=[make_deal(
        [["red5", "red6"], ["red1", "green1", "blue1"], ["red0", "green2", "blue2"]])])
    play_cards(state2, ["red5", "red1", "red0"])   # seat 0 takes red; seats 1 and 2 now lack red
    while state2.view()["phase"] == "farm":
        state2.apply_action(state2.legal_action_strings()[0])
    state2.apply_action("play red6")
    hands = [state2.view(k)["hand"] for k in (1, 2)]
    assert "red" not in "".join(hands[0])
    state2.apply_action("play green1")
    state2.apply_action("play blue2")
    view = state2.view()
    assert view["phase"] == "open" and view["waiting_colours"] == ["green", "blue"]
    assert view["waiting_cards"] == ["green1", "blue2"]
    assert view["kingdoms"][0][0]["cards"] == ["red0", "red1", "red5", "red6"]
    assert view["kingdoms"][0][1]["cards"] == []


# ----- U-5 What each seat may see ----------------------------------------------------------------
def test_u_5_1_views_hide_other_hands_and_unused_cards():
    """U-5.1: own hand, every kingdom with whole piles, cards played, hand
    sizes; never another hand or the unused cards."""
    for state in random_states({"players": 3, "rounds": 2}, range(3), every=3):
        played = 0
        for mask in state._played:
            played |= mask
        for seat in range(3):
            view = state.view(seat)
            text = json.dumps(view)
            hidden = (1 << 45) - 1 & ~(state._hands[seat] | played)
            for card in range(45):
                if hidden >> card & 1:
                    assert f'"{CARD_NAMES[card]}"' not in text, (CARD_NAMES[card], seat)
            assert view["hand_sizes"] == [h.bit_count() for h in state._hands]
            assert view["hand"] == [CARD_NAMES[c] for c in range(45) if state._hands[seat] >> c & 1]
        assert "hand" not in state.view()


def test_u_5_2_view_details():
    """U-5.2: ``top`` is an int or null (``top_card`` the card); an empty
    field has colour null and cards []; farmers may go on empty fields;
    round_scores null until a round ends; final kingdoms stay in view."""
    state = new_state(deals=[make_deal([["red5"], ["red3"]])])
    view = state.view()
    assert view["round_scores"] is None and view["last_trick"] is None
    field = view["kingdoms"][0][4]
    assert field == {"field": "E", "colour": None, "top": None, "top_card": None, "cards": [], "farmers": 0,
                     "places": 4, "score": 0}
    play_cards(state, ["red5", "red3"])
    state.apply_action("farm E")
    state.apply_action("farm E")
    view = state.view()
    assert view["kingdoms"][0][0]["top"] == 5 and isinstance(view["kingdoms"][0][0]["top"], int)
    assert view["kingdoms"][0][4]["farmers"] == 2 and view["kingdoms"][0][4]["cards"] == []
    rng = random.Random(0)
    while not state.is_terminal():
        random_step(state, rng)
    view = state.view()
    assert view["round_scores"] is not None and view["terminal"] and view["current_player"] is None
    assert sum(len(f["cards"]) for k in view["kingdoms"] for f in k) == 20


# ----- U-6 Scoring -----------------------------------------------------------------------------
def test_u_6_1_fully_farmed_with_cards_scores_the_top_card():
    """U-6.1: fully farmed and holding cards: + the top card's value."""
    assert field_score(0, True, 7, 1) == 7 and field_score(2, True, 0, 2) == 0 and field_score(4, True, 8, 4) == 8


def test_u_6_2_fully_farmed_and_empty_scores_the_bonus():
    """U-6.2: fully farmed and empty: + its printed bonus (C 1, D 3, E 5;
    A and B print none)."""
    assert [field_score(f, False, None, PLACES[f]) for f in range(5)] == [0, 0, 1, 3, 5]


def test_u_6_3_not_fully_farmed_with_cards_loses_5_per_empty_place():
    """U-6.3: -5 per empty farmer place of a field holding cards."""
    assert field_score(3, True, 8, 1) == -10 and field_score(4, True, 8, 0) == -20 and field_score(2, True, 3, 1) == -5


def test_u_6_4_not_fully_farmed_and_empty_scores_zero():
    """U-6.4: not fully farmed and empty: 0."""
    assert field_score(4, False, None, 3) == 0 and field_score(2, False, None, 0) == 0


def test_u_6_5_the_example():
    """U-6.5: A 7, B 3, C 2/2 top 0, D 1/3 top 8, E empty 0/4 -> 0 (the
    shared scenario 01 reaches it in play)."""
    fields = [(0, True, 7, 1), (1, True, 3, 1), (2, True, 0, 2), (3, True, 8, 1), (4, False, None, 0)]
    assert sum(field_score(*f) for f in fields) == 0


def test_u_6_scoring_in_play_matches_kingdom_scores():
    """U-6.1-U-6.4: a finished round's scores are the kingdoms' field scores."""
    for state in random_states({"players": 4, "rounds": 1}, range(6), every=1000):
        if state.is_terminal():
            view = state.view()
            expected = [sum(f["score"] for f in k) for k in view["kingdoms"]]
            assert view["round_scores"] == expected == view["kingdom_scores"] == view["scores"]


# ----- actions and errors --------------------------------------------------------------------------
def test_action_strings_round_trip_and_bad_input():
    """SCENARIOS.md action strings: canonical out, case-insensitive in;
    every bad string is refused with a message."""
    state = new_state(players=4)
    for action in range(98):
        text = state.action_to_string(action)
        assert state.string_to_action(text.upper()) == action
    for bad in ("play", "play red9", "open pink", "farm F", "deal", "jump red1", "farm", ""):
        with pytest.raises(IllegalActionError) as refused:
            state.string_to_action(bad)
        assert refused.value.translated("cs") != str(refused.value)  # the refusal is in the catalog
    with pytest.raises(IllegalActionError):
        state.action_to_string(98)
    with pytest.raises(IllegalActionError, match="chance"):
        state.apply_action("play red1")


def test_deals_format_errors():
    """Fixed deals are checked: ten distinct cards per hand, no more deals
    than rounds."""
    game = herna.load("ugo", players=2, rounds=1)
    with pytest.raises(ValueError):
        game.new_initial_state(deals=[{"hands": [["red1"] * 10, ["red2"] * 10]}])
    with pytest.raises(ValueError):
        game.new_initial_state(deals=[make_deal([[], []]), make_deal([[], []])])
