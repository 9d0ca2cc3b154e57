"""Kurník engine events (herna/games/kurnik/events.py): the worked rolls of
the shared scenarios die by die (K-4.1, K-4.5, K-5.2, K-7.1, K-8.5, K-9.1,
K-9.2), replay, ``events(since=...)`` and every kind in long random games."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import herna
from herna.core import CHANCE
from herna.games.kurnik.events import KINDS

from .positions import table

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = next((p for p in (ROOT.parent / "shared" / "scenarios" / "kurnik",
                              ROOT / "shared" / "scenarios" / "kurnik") if p.is_dir()), None)


def scenario_state(name: str):
    """The state after every action of a shared scenario file."""
    if SCENARIOS is None:
        pytest.skip("shared scenarios not found")
    data = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    state = herna.load("kurnik", **data["options"]).new_initial_state()
    for step in data["steps"]:
        if "act" in step and not step.get("error"):
            state.apply_action(step["act"])
    return state


def steps(events: list[dict]) -> list[tuple]:
    """Events without seq as (kind, fields...) tuples, ``coop`` events left out."""
    return [(e["kind"], {k: v for k, v in e.items() if k not in ("seq", "kind")})
            for e in events if e["kind"] != "coop"]


def test_k4_1_the_rulebooks_five_worked_rolls():
    """K-4.1 / K-8.1: 2+5 egg+chick, 4+6 chick+hen (the hen first), 1+3, 1+6, 5+4."""
    state = scenario_state("01-worked-rolls.json")
    gains = [(e["seat"], e["die"], e["card"]) for e in state.events() if e["kind"] == "gain"]
    assert gains == [(0, 5, "chick"), (0, 2, "egg"), (1, 6, "hen"), (1, 4, "chick"), (2, 3, "egg"), (2, 1, "egg"),
                     (3, 6, "hen"), (3, 1, "egg"), (4, 5, "chick"), (4, 4, "chick")]
    rolls = [(e["seat"], e["dice"]) for e in state.events() if e["kind"] == "dice_rolled"]
    assert rolls == [(0, [5, 2]), (1, [6, 4]), (2, [3, 1]), (3, [6, 1]), (4, [5, 4])]
    first = state.events(since=0, seat=3)
    assert [e["kind"] for e in first[:5]] == ["roll", "dice_rolled", "gain", "gain", "coop"]
    assert first[0] == {"seq": 1, "kind": "roll", "seat": 0, "only": True}
    assert first[4] == {"seq": 2, "kind": "coop", "seat": 0, "eggs": 1, "chicks": 1, "hens": 0, "free": 7}


def test_k7_1_development_events():
    """K-7.1: a full coop grows a chick into a hen and an egg into a chick; a rolled egg is dropped."""
    state = scenario_state("02-development.json")
    kinds = {e["kind"] for e in state.events()}
    assert {"develop", "hard_times"} <= kinds
    develop = [(e["die"], e["card"]) for e in state.events() if e["kind"] == "develop"]
    assert (6, "hen") in develop and (4, "chick") in develop
    state = table(coops=[(9, 0, 0)])
    state.apply_action("roll")
    since = len(state.history())
    state.apply_action("dice 5 6")
    assert steps(state.events(since=since))[:3] == [
        ("dice_rolled", {"seat": 0, "dice": [6, 5]}),
        ("gain_dropped", {"seat": 0, "die": 6, "card": "hen", "reason": "no_place"}),
        ("develop", {"seat": 0, "die": 5, "card": "chick"})]


def test_k4_5_take_rob_all_rob_one_and_k8_5_doubles():
    """K-4.5 take, rob all, K-9.1 rob one, K-8.5 a double re-roll does nothing."""
    take = scenario_state("03-six-six-take.json")
    kinds = [e["kind"] for e in take.events()]
    assert "announce_due" in kinds and "announced" in kinds and "hens_taken" in kinds
    first_take = next(e for e in take.events() if e["kind"] == "hens_taken")
    assert first_take == {"seq": first_take["seq"], "kind": "hens_taken", "seat": 0, "hens": 3}
    rob_all = scenario_state("04-six-six-rob-all.json")
    robbed = [e for e in rob_all.events() if e["kind"] == "robbed"]
    assert robbed and all(e["mode"] == "all" and e["kept"] == 0 and e["thief"] == 0 for e in robbed)
    rob_one = scenario_state("05-six-six-rob-one.json")
    one = [e for e in rob_one.events() if e["kind"] == "robbed"]
    assert one and one[0]["mode"] == "one" and one[0]["victim"] == 1
    announced = [e for e in rob_one.events() if e["kind"] == "announced"]
    assert ("rob", 1) in [(e["choice"], e["victim"]) for e in announced]
    doubles = scenario_state("06-six-six-reroll-doubles.json")
    rerolled = [e["dice"] for e in doubles.events() if e["kind"] == "reroll"]
    void = sum(e["kind"] == "reroll_void" for e in doubles.events())
    assert void >= 2 and void == sum(high == low for high, low in rerolled)


def test_k5_2_theft_and_k9_2_rooster_blocks():
    """K-5.2 the thief rule one hen at a time; K-9.2 the rooster stops a theft, the third kills it."""
    state = table(players=4, coops=[(0, 0, 0), (0, 0, 3, 1), (0, 0, 2)], supply_hens=1, dead_rooster=True)
    for action in ("dice 6 6", "take", "dice 4 1"):
        state.apply_action(action)
    since = len(state.history())
    assert steps(state.events())[-3:] == [
        ("reroll", {"seat": 0, "dice": [4, 1], "difference": 3}),
        ("hens_taken", {"seat": 0, "hens": 1}),
        ("theft_due", {"seat": 0, "hens": 2, "die": None, "then": None, "source": "take"})]
    state.apply_action("steal 1")
    assert steps(state.events(since=since)) == [
        ("rooster_block", {"thief": 0, "victim": 1, "attempt": "steal", "blocks_left": 1, "died": False}),
        ("hens_due", {"seat": 0, "hens": 1})]
    since = len(state.history())
    state.apply_action("steal 2")
    assert steps(state.events(since=since))[0] == (
        "theft", {"thief": 0, "victim": 2, "card": "hen", "develop": False, "rule": "K-5.2"})
    state = table(coops=[(1, 1, 3), (0, 0, 2), (0, 0, 4)], seat=0, supply_hens=0)
    state.apply_action("dice 6 2")
    assert steps(state.events())[-1] == ("theft_due", {"seat": 0, "hens": 1, "die": 6, "then": 2, "source": "die"})


def test_game_over_and_replay_gives_identical_events():
    """K-1.4: the last event is game_over; replaying the history records the same events."""
    game = herna.load("kurnik", players=3, rough_thief=True, dead_rooster=True)
    rng = random.Random(11)
    state = game.new_initial_state()
    while not state.is_terminal():
        actor = state.current_player()
        state.apply_action(state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions()))
    events = state.events()
    assert events[-1]["kind"] == "game_over" and events[-1]["winners"] == state.view()["winners"]
    assert events[-1]["scores"] == state.view()["scores"] and events[-1]["reason"] == "nine_hens"
    again = game.from_json(json.loads(json.dumps(state.to_json())))
    assert again.events() == events
    for seat in (None, 0, 2):
        assert state.events(seat=seat) == events  # all public (K-10.1)
    middle = events[len(events) // 2]["seq"]
    assert state.events(since=middle) == [e for e in events if e["seq"] > middle]
    json.dumps(events)


def test_turn_limit_game_over():
    game = herna.load("kurnik", players=3, supply_hens=4, turn_limit=20, first_player=1)
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        actor = state.current_player()
        state.apply_action(state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions()))
    assert state.events()[-1]["kind"] == "game_over" and state.events()[-1]["reason"] == "turn_limit"


@pytest.mark.parametrize("options", [
    {"players": 5, "rough_thief": True, "dead_rooster": True, "supply_hens": 14, "supply_eggs": 5,
     "supply_chicks": 4, "turn_limit": 300},
    {"players": 3, "six_six": "fox", "dead_rooster": True, "missing_hens": True},
    {"players": 4}])
def test_every_event_is_a_known_kind_and_coops_match_the_view(options):
    """Each ``coop`` event is the view's coop after the action; kinds are the documented ones."""
    game = herna.load("kurnik", **options)
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            actor = state.current_player()
            action = state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions())
            since = len(state.history())
            state.apply_action(action)
            view = state.view()
            for event in state.events(since=since):
                seen.add(event["kind"])
                assert event["kind"] in KINDS
                if event["kind"] == "coop":
                    coop = view["coops"][event["seat"]] if event["seq"] == len(state.history()) else None
                    if coop is not None:
                        assert {k: coop[k] for k in ("eggs", "chicks", "hens", "free")} == {
                            k: event[k] for k in ("eggs", "chicks", "hens", "free")}
    assert {"dice_rolled", "gain", "coop", "game_over"} <= seen
