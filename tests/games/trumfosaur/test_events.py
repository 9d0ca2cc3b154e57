"""Trumfosaur engine events (herna/games/trumfosaur/events.py): what
happened, in order, and who may see it (T-3.1, T-3.3, T-4.5, T-5.2, T-6.1,
T-8.1, T-10.1, T-10.2)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import herna
from herna.core.conformance import random_step
from herna.games.trumfosaur.events import KINDS

from ...helpers import SHARED


def scenario(name: str) -> dict:
    path = SHARED / "scenarios" / "trumfosaur" / name
    if not path.is_file():
        pytest.skip("../shared is not beside this checkout")
    return json.loads(path.read_text())


def scenario_state(name: str, acts: int | None = None):
    """The scenario's game after its first ``acts`` actions (all: ``None``)."""
    data = scenario(name)
    state = herna.load("trumfosaur", **data["options"]).new_initial_state(deals=data["deals"])
    moves = [step["act"] for step in data["steps"] if "act" in step]
    state.apply_actions(moves[:acts])
    return state


def brief(event: dict) -> tuple:
    """An event without its seq, as a comparable tuple."""
    return (event["kind"], *(event[k] for k in sorted(event) if k not in ("seq", "kind")))


def test_t_4_5_first_trick_events_in_order():
    """T-3.1 seat 0 sees its own dealt cards only; T-3.3 it sees its own invitation and that the others
    chose one; T-3.4 trumps; T-4.5 SAX10 wins (scenario 01, picture 1); T-5.2 everyone passes and the
    winner leads trick 2."""
    state = scenario_state("01-pictures-1-2.json", acts=11)
    events = state.events(seat=0)
    dealt = ["SAX6", "SAX1", "VZT7", "AQU5", "AQU6", "SPI1", "SPI2", "BYZ1", "BYZ2", "BYZ3"]
    assert [brief(e) for e in events] == [
        ("deal_started", 1, 0),
        *[("card_dealt", card, 0) for card in dealt],
        ("invitation_chosen", "BYZ3", 0), ("invitation_chosen", 1), ("invitation_chosen", 2),
        ("invitation_chosen", 3),
        ("trumps_taken", 0),
        ("card_played", "SAX6", 0), ("card_played", "SAX10", 1), ("card_played", "AQU2", 2),
        ("card_played", "SAX3", 3),
        ("trick_won", ["SAX6", "SAX10", "AQU2", "SAX3"], [[0, "SAX6"], [1, "SAX10"], [2, "AQU2"], [3, "SAX3"]],
         1, 1),
        ("reveal_passed", 2), ("reveal_passed", 3), ("reveal_passed", 0),
        ("window_closed", 1, 2),
    ]
    assert [e["seq"] for e in events if e["kind"] == "card_dealt"] == list(range(1, 11))
    assert all(e["seq"] == 40 + 4 + 4 for e in events if e["kind"] == "trick_won")


def test_t_6_2_deal_scored_has_each_seats_breakdown():
    """T-6.1 / T-6.2 (scenario 02, picture 3): Sara's BYZ4 scores 3 + 3 x 1 (BYZ2 BYZ5 BYZ7) + 2 (SPI4) = 8;
    T-10.2 every invitation is in the public event."""
    state = scenario_state("02-picture-3-scoring.json")
    scored = [e for e in state.events() if e["kind"] == "deal_scored"]
    assert len(scored) == 1
    event = scored[0]
    assert event["deal"] == 1 and event["scores"] == [5, 5, 8, 7] == event["totals"]
    assert event["invitations"][2] == "BYZ4"
    assert event["breakdown"][2] == {"invitation": "BYZ4", "base": 3, "species": ["BYZ2", "BYZ5", "BYZ7"],
                                     "species_points": 3, "value": ["SPI4"], "value_points": 2, "score": 8}
    for part, score in zip(event["breakdown"], event["scores"]):
        assert part["base"] + part["species_points"] + part["value_points"] == part["score"] == score
        assert part["species_points"] == len(part["species"]) and part["value_points"] == 2 * len(part["value"])
    nxt = [e for e in state.events() if e["kind"] == "deal_started"]
    assert [e["deal"] for e in nxt] == [1, 2] and nxt[1]["first_leader"] == state.view()["first_leader"]


OPTION_SETS = [{"players": 2, "target_score": 12}, {"players": 3, "target_score": 10},
               {"players": 4, "master": True, "target_score": 10}, {"players": 4, "teams": True, "target_score": 15},
               {"players": 2, "master": True, "target_score": 8}, {"players": 5, "target_score": 10}]


def random_game(options: dict, seed: int, steps: int | None = None):
    rng = random.Random(seed)
    state = herna.load("trumfosaur", **options).new_initial_state()
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        random_step(state, rng)
        done += 1
    return state


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10**6), st.one_of(st.none(), st.integers(0, 300)))
def test_t_10_1_no_seat_sees_another_seats_hidden_cards(options, seed, steps):
    """T-10.1: a seat gets its own dealt and drawn cards and invitation, never another's; the spectator
    gets no hidden card at all; every kind is listed in events.KINDS; the dealt cards a seat gets are
    its hand (T-3.1, T-8.1)."""
    state = random_game(options, seed, steps)
    n = state.num_players
    everyone = state._events  # noqa: SLF001 - the stored events, to compare what each seat gets
    assert {e.kind for e in everyone} <= set(KINDS)
    for seat in [None, *range(n)]:
        for event in state.events(seat=seat):
            kind = event["kind"]
            own = seat is not None and event.get("seat") == seat
            if kind == "card_dealt":
                assert own
            if kind in ("invitation_chosen", "cards_drawn"):
                assert ("card" in event or "cards" in event) == own
    for seat in range(n):
        mine = state.events(seat=seat)
        last_deal = max((e["seq"] for e in mine if e["kind"] == "deal_started"), default=0)
        dealt = {e["card"] for e in mine if e["kind"] == "card_dealt" and e["seq"] >= last_deal}
        view = state.view(seat)
        if not view["terminal"] and view["phase"] == "invite" and not options.get("master"):
            assert dealt == set(view["hand"]) | ({view["invitation"]} if view["invitation"] else set())


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10**6))
def test_events_since_slice_and_replay_identical(options, seed):
    """``events(since=k)`` is the tail after action k; replaying the saved game gives the same events,
    and recording them changed nothing (the same state as a replay)."""
    state = random_game(options, seed)
    again = herna.from_json(json.dumps(state.to_json()))
    for seat in [None, *range(state.num_players)]:
        every = state.events(seat=seat)
        assert again.events(seat=seat) == every
        for since in (0, 1, 17, len(state.history()) // 2, len(state.history())):
            assert state.events(since=since, seat=seat) == [e for e in every if e["seq"] > since]
    assert again == state


def test_game_over_and_scores_agree_with_the_view():
    """T-2.1: the game ends after the deal in which a seat reaches the target; T-7.1 team totals."""
    for options in ({"players": 3, "target_score": 10}, {"players": 4, "teams": True, "target_score": 15}):
        state = random_game(options, 5)
        last = state.events()[-2:]
        assert [e["kind"] for e in last] == ["deal_scored", "game_over"]
        view = state.view()
        assert last[1]["winners"] == view["winners"] and last[1]["scores"] == view["scores"] == last[0]["totals"]
        assert last[0]["scores"] == view["deal_scores"] and last[0]["invitations"] == view["deal_invitations"]
        if options.get("teams"):
            assert last[1]["team_scores"] == view["team_scores"] == last[0]["team_totals"]
