"""Ugo! engine events (herna/games/ugo/events.py): the order things happen
in the shared U-6.5 scenario deal, who sees what (U-5.1: a dealt card only
its receiver), ``events(since=...)``, identical events on replay and in a
determinization, and that the events tell the whole story of a random game
(every card that reaches a field, every farmer paid, placed or lost, U-1.3,
U-2.5, U-4, U-6)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import herna
from herna.core import from_json
from herna.core.conformance import random_step
from herna.games.ugo.events import KINDS

OPTIONS = st.sampled_from([
    {"players": 2, "rounds": 2},
    {"players": 3, "rounds": 2, "first_player": 1},
    {"players": 4, "rounds": 1},
    {"players": 4, "rounds": 2, "low_card_farmers": [0, 3]},
    {"players": 2, "rounds": 2, "farmers": 3},
])
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def scenario_state(shared, steps: int | None = None):
    """The shared scenario 01 (U-6.5) played to its end, or its first ``steps`` actions."""
    data = json.loads((shared / "scenarios" / "ugo" / "01-scoring-example.json").read_text())
    state = herna.load("ugo", **data["options"]).new_initial_state(deals=data["deals"])
    acts = [step["act"] for step in data["steps"] if "act" in step]
    for act in acts[:steps]:
        state.apply_action(act)
    return state


def played(options: dict, seed: int, depth: int = 10**6):
    state = herna.load("ugo", **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(depth):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def test_events_of_the_scenario_deal_in_order(shared):
    state = scenario_state(shared)
    events = state.events(seat=0)
    assert events[0] == {"seq": 1, "kind": "round_started", "round": 1, "rounds": 1, "dealer": 1, "leader": 0}
    dealt = [e for e in events if e["kind"] == "card_dealt"]
    assert [e["card"] for e in dealt] == ["red7", "red3", "green3", "green4", "blue3", "blue4", "yellow8", "yellow3",
                                          "grey3", "grey4"]
    assert all(e["seat"] == 0 for e in dealt) and [e["seq"] for e in dealt] == list(range(1, 11))
    story = [e for e in events if e["kind"] != "card_dealt"]
    kinds = [e["kind"] for e in story]
    # trick 1: red7 beats red0 (U-3.2), pays 1 farmer (U-1.4), opens field A (U-4.3), the farmer goes on C (U-3.4)
    assert kinds[:8] == ["round_started", "card_played", "card_played", "trick_won", "colours_waiting",
                         "farmers_paid", "colour_opened", "farmer_placed"]
    assert story[3] == {"seq": 22, "kind": "trick_won", "seat": 0, "card": "red7", "cards": ["red7", "red0"],
                        "plays": [[0, "red7"], [1, "red0"]], "trick": 1}
    assert story[5] == {"seq": 22, "kind": "farmers_paid", "seat": 0, "count": 1, "unpaid": 0, "supply": 11}
    assert story[6] == {"seq": 23, "kind": "colour_opened", "seat": 0, "colour": "red", "field": "A",
                        "cards": ["red0", "red7"], "top": "red7"}
    assert story[7] == {"seq": 24, "kind": "farmer_placed", "seat": 0, "field": "C", "farmers": 1, "places": 2}
    # trick 2: green3 wins 2, the losing green1 pays 1 in the same colour; U-2.5: the winner's farmers first
    paid = [(e["seat"], e["count"]) for e in story if e["kind"] == "farmers_paid" and e["seq"] == 26]
    assert paid == [(0, 2), (1, 1)]
    placed = [(e["seat"], e["field"]) for e in story if e["kind"] == "farmer_placed" and 28 <= e["seq"] <= 30]
    assert placed == [(0, "C"), (0, "D"), (1, "C")]
    # trick 3: two new colours, ordered by the winner (U-4.3)
    waiting = next(e for e in story if e["kind"] == "colours_waiting" and len(e["colours"]) == 2)
    assert waiting["colours"] == ["blue", "yellow"]
    opened = [(e["colour"], e["field"]) for e in story if e["kind"] == "colour_opened" and e["seat"] == 0]
    assert opened == [("red", "A"), ("green", "B"), ("blue", "C"), ("yellow", "D")]
    # a colour already in the kingdom goes on top (U-4.2), the top card may get lower
    stacked = [e for e in story if e["kind"] == "cards_stacked"]
    assert [(e["field"], e["cards"], e["top"], e["was"]) for e in stacked] == [
        ("A", ["grey4", "grey8"], "grey8", "grey7"), ("B", ["blue4", "blue8"], "blue8", "blue7"),
        ("A", ["grey6"], "grey6", "grey8")]
    # U-6.5: 7 + 3 + 0 - 10 + 0 = 0, each field with the rule that scores it
    assert kinds[-2:] == ["round_scored", "game_over"]
    scored = story[-2]
    assert scored["round"] == 1 and scored["scores"] == scored["totals"] == [0, -3]
    assert [(f["field"], f["score"], f["rule"]) for f in scored["breakdown"][0]] == [
        ("A", 7, "U-6.1"), ("B", 3, "U-6.1"), ("C", 0, "U-6.1"), ("D", -10, "U-6.3"), ("E", 0, "U-6.4")]
    assert scored["breakdown"][0][3] == {"field": "D", "colour": "yellow", "top_card": "yellow8", "farmers": 1,
                                         "places": 3, "score": -10, "rule": "U-6.3"}
    assert story[-1] == {"seq": 56, "kind": "game_over", "winners": [0], "scores": [0, -3]}
    assert set(kinds) | {"card_dealt", "farmers_lost"} == set(KINDS)


def test_events_since(shared):
    state = scenario_state(shared)
    every = state.events(seat=1)
    for since in (0, 10, 22, 40, 55, 56):
        assert state.events(since=since, seat=1) == [e for e in every if e["seq"] > since]
    assert state.events(since=56) == []
    partial = scenario_state(shared, steps=3)  # after the first trick's farmer
    done = len(partial.history())
    assert state.events(seat=0)[:len(partial.events(seat=0))] == partial.events(seat=0)
    partial.apply_action("play green3")
    assert [e["kind"] for e in partial.events(since=done)] == ["card_played"]


@SETTINGS
@given(OPTIONS, st.integers(0, 10**6), st.integers(0, 500))
def test_a_seat_sees_only_its_own_dealt_cards(options, seed, depth):
    """U-5.1: ``card_dealt`` reaches only its receiver; every other event is
    public, the same for every seat and the spectator."""
    state = played(options, seed, depth)
    n = state.num_players
    public = state.events()
    assert all(e["kind"] != "card_dealt" for e in public)
    for seat in range(n):
        mine = state.events(seat=seat)
        dealt = [e for e in mine if e["kind"] == "card_dealt"]
        assert all(e["seat"] == seat for e in dealt)
        hand = set(state.view(seat)["hand"])
        assert hand <= {e["card"] for e in dealt}
        assert [e for e in mine if e["kind"] != "card_dealt"] == public
        others = {json.dumps(e) for e in state.events(seat=(seat + 1) % n) if e["kind"] == "card_dealt"}
        assert not others & {json.dumps(e) for e in dealt}


@SETTINGS
@given(OPTIONS, st.integers(0, 10**6), st.integers(0, 500), st.integers(0, 10**6))
def test_replay_and_determinization_give_the_same_events(options, seed, depth, rng_seed):
    state = played(options, seed, depth)
    again = from_json(json.dumps(state.to_json()))
    for seat in [None, *range(state.num_players)]:
        assert again.events(seat=seat) == state.events(seat=seat)
    clone = state.clone()
    if not clone.is_terminal():
        random_step(clone, random.Random(rng_seed))
        assert clone.events()[:len(state.events())] == state.events()
    seat = rng_seed % state.num_players
    sample = state.resample(seat, random.Random(rng_seed))
    assert sample.events() == []  # a determinization is silenced (search copies record nothing)
    replayed = sample.initial_state()
    for action in sample.history():
        replayed.step(action)
    assert replayed.events(seat=seat) == state.events(seat=seat)


def test_events_tell_the_whole_game():
    """Every card of every trick reaches a field exactly once in the events
    (U-4.2, U-4.3); paid = placed + lost (U-1.3); round scores as in the view (U-6)."""
    for seed, options in enumerate([{"players": 4, "rounds": 2}, {"players": 2, "rounds": 2, "farmers": 4},
                                    {"players": 3, "rounds": 2, "low_card_farmers": [3, 3]}]):
        state = played(options, seed)
        events = state.events()
        rounds: list[dict] = []
        for e in events:
            if e["kind"] == "round_started":
                rounds.append({"won": [], "placed": [], "paid": 0, "farmed": 0, "lost": 0})
            elif e["kind"] == "trick_won":
                rounds[-1]["won"] += e["cards"]
                assert [card for _, card in e["plays"]] == e["cards"] and e["card"] in e["cards"]
            elif e["kind"] in ("cards_stacked", "colour_opened"):
                rounds[-1]["placed"] += e["cards"]
                assert e["top"] == e["cards"][-1]
            elif e["kind"] == "farmers_paid":
                rounds[-1]["paid"] += e["count"]
            elif e["kind"] == "farmer_placed":
                rounds[-1]["farmed"] += 1
            elif e["kind"] == "farmers_lost":
                rounds[-1]["lost"] += e["count"]
        assert len(rounds) == 2
        for r in rounds:
            assert sorted(r["won"]) == sorted(r["placed"]) and len(r["won"]) == 10 * state.num_players
            assert r["paid"] == r["farmed"] + r["lost"]
        scored = [e for e in events if e["kind"] == "round_scored"]
        assert scored[-1]["scores"] == state.view()["round_scores"]
        assert scored[-1]["totals"] == state.view()["scores"]
        assert [sum(f["score"] for f in fields) for fields in scored[-1]["breakdown"]] == scored[-1]["scores"]
        assert events[-1] == {"seq": len(state.history()), "kind": "game_over", "winners": state.view()["winners"],
                              "scores": state.view()["scores"]}


def test_lost_farmers_follow_the_seats_last_placement():
    """U-1.3: a seat that places some of its farmers hears of the rest after its last placement."""
    found = 0
    for seed in range(40):
        events = played({"players": 4, "rounds": 4}, seed).events()
        for i, e in enumerate(events):
            if e["kind"] == "farmers_lost":
                before = events[i - 1]
                assert before["seat"] == e["seat"] and before["kind"] in ("farmer_placed", "farmers_paid")
                found += before["kind"] == "farmer_placed"
        if found:
            break
    assert found
