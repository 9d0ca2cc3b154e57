"""Leavers, presence, votes and the turn clock (herna.server.leavers,
herna.server.presence; WEB-API.md "Players, turns and presence"; WCAG 2.2.1),
against an in-process app. The allowed ranges are lowered to whole seconds so
that the timers run out within the test; absence is made by moving a seat's
``last_seen`` back, and a turn clock runs out by moving its start back (its
limit is long enough for no loaded machine to reach it by itself), never by
waiting."""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading

import pytest

from herna.server import presence, table_settings
from tests.server.helpers import auth, error_of, new_table, play_out, watch

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def fast(monkeypatch):
    """Timers of one second are allowed."""
    monkeypatch.setattr(table_settings, "AWAY_RANGE", (1, 3600))
    monkeypatch.setattr(table_settings, "CLOCK_RANGE", (1, 3600))


def create(client, seats=("human", "human", "greedy"), game="ugo", settings=None, options=None, open_seats=True):
    extra = {"settings": settings} if settings is not None else {}
    return new_table(client, game, seats, options, open_seats=open_seats, **extra)


def state(client, table, token=None):
    response = client.get(f"/api/tables/{table}", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()


def spectate(client, table):
    return state(client, table)


def policy_of(client):
    """The app's leaver policy (its timers)."""
    return client.app.state.leavers


def live_table(client, table):
    return client.portal.call(client.app.state.service.get, table)


def absent(client, table, seat, seconds):
    """Make ``seat``'s person last seen ``seconds`` ago (no socket of it is open)."""
    live = live_table(client, table)
    when = dt.datetime.now(dt.timezone.utc) - dt.timedelta(seconds=seconds)
    live.seats[seat].last_seen = when
    client.app.state.service.db.touch_seats([(table, seat)], at=when)
    return live


def vote(client, table, token, seat):
    return client.post(f"/api/tables/{table}/vote", json={"seat": seat}, headers=auth(token))


# ----- settings ---------------------------------------------------------------------------------------

def test_settings_are_off_by_default_and_shown_in_the_state(client):
    table, _ = create(client)
    message = spectate(client, table)
    assert message["settings"] == {"away_after": None, "clock": None, "leaver_bot": "medium", "pace": "normal"}
    assert message["clock"] is None
    assert message["partly_bot"] is False  # bots in their own seats are no leavers
    assert all(s["votes"] == [] and s["bot_playing"] is False for s in message["seats"])


@pytest.mark.parametrize("settings, words", [
    ("fast", ["settings", "object"]),
    ({"clock": 5}, ["clock", "30"]),
    ({"clock": True}, ["clock"]),
    ({"away_after": 10}, ["away_after", "60"]),
    ({"away_after": 90.5}, ["away_after", "whole seconds"]),
    ({"leaver_bot": "alphazero"}, ["leaver_bot", "easy", "medium", "hard"]),
    ({"pace": "ludicrous"}, ["pace", "slow", "normal", "fast"]),
    ({"turbo": 1}, ["turbo", "away_after, clock, leaver_bot, pace"]),
])
def test_bad_settings_are_422_naming_what_is_allowed(client, settings, words):
    response = client.post("/api/tables", json={"game": "ugo", "seats": ["human", "human"], "settings": settings,
                                                "public": True})
    body = error_of(response, 422, "bad_setting")
    for word in words:
        assert word in body["error"]
    assert client.get("/api/tables?status=waiting,playing,finished").json() == []


def test_settings_are_kept_and_pass_to_the_rematch(client):
    table, tokens = create(client, settings={"away_after": 600, "clock": 120, "leaver_bot": "easy", "pace": "slow"})
    assert spectate(client, table)["settings"] == {"away_after": 600, "clock": 120, "leaver_bot": "easy",
                                                   "pace": "slow"}
    play_out(client, table, tokens)
    rematch = client.post(f"/api/tables/{table}/rematch", headers=auth(tokens[0]))
    assert rematch.status_code == 201, rematch.text
    assert spectate(client, rematch.json()["table"])["settings"]["clock"] == 120


# ----- presence and votes -------------------------------------------------------------------------------

def test_nobody_is_voted_out_while_the_table_waits_and_the_creator_starts_it(client):
    """A seat whose link was never opened cannot be voted to the bot (issue 25:
    one vote right after creation handed it over); the creator starts the
    table instead, handing that seat to the bot."""
    table, tokens = create(client, seats=["human", "human"], open_seats=False)
    message = state(client, table, tokens[0])  # seat 0's person opened the link
    assert message["status"] == "waiting" and message["waiting_for"] == [1] and message["legal"] == []
    error_of(vote(client, table, tokens[0], 1), 422, "waiting")
    started = client.post(f"/api/tables/{table}/start", headers=auth(tokens[0]))
    assert started.status_code == 200 and started.json() == {"table": table, "status": "playing", "handed": [1]}
    message = spectate(client, table)
    assert message["seats"][1]["bot_playing"] is True and message["partly_bot"] is True
    assert message["status"] == "playing" and message["waiting_for"] == []
    # The bot plays seat 1's turns until seat 0 must move; seat 1's person arriving takes the seat back.
    assert watch(client, table, lambda m: m["to_move"] == 0, token=tokens[0])["legal"]
    back = state(client, table, tokens[1])
    assert back["seats"][1]["bot_playing"] is False and back["partly_bot"] is True


def test_a_seat_absent_long_enough_is_voted_to_the_bot_and_its_player_takes_it_back(client):
    table, tokens = create(client, seats=["human", "human"])
    error_of(vote(client, table, tokens[0], 1), 422, "present")  # seen at the table's opening
    absent(client, table, 1, presence.DEFAULT_WINDOW + 1)
    answer = vote(client, table, tokens[0], 1)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"seat": 1, "votes": [0], "needed": 1, "handed": True}
    message = spectate(client, table)
    assert message["seats"][1]["bot_playing"] is True and message["partly_bot"] is True
    assert message["seats"][1]["present"] is False and message["seats"][0]["present"] is True
    back = state(client, table, tokens[1])
    assert back["seats"][1]["bot_playing"] is False and back["seats"][1]["present"] is True


def test_a_player_who_plays_over_http_alone_is_present_and_cannot_be_voted_out(db_client):
    """Issue 25: an opponent handed a REST-only player's seat to the bot at
    every turn. A request with the seat's token makes its person present for
    the table's ``away_after`` (here the default window)."""
    table, tokens = create(db_client, seats=["human", "human"])
    refused = handed = 0
    for _ in range(12):
        message = state(db_client, table, tokens[1])  # seat 1: requests only, never a socket
        mover = message["to_move"]
        if message["status"] == "finished":
            break
        mine = state(db_client, table, tokens[mover])
        answer = db_client.post(f"/api/tables/{table}/actions", headers=auth(tokens[mover]),
                                json={"action": mine["legal"][0], "seq": mine["seq"]})
        assert answer.status_code == 200, answer.text
        attempt = vote(db_client, table, tokens[0], 1)
        refused += attempt.status_code == 422 and attempt.json()["code"] == "present"
        handed += attempt.status_code == 200 and attempt.json()["handed"]
    assert refused == 12 and handed == 0
    assert not spectate(db_client, table)["seats"][1]["bot_playing"]


def test_the_table_s_away_after_is_the_presence_window(client):
    table, tokens = create(client, seats=["human", "human"], settings={"away_after": 600})
    absent(client, table, 1, 300)
    error_of(vote(client, table, tokens[0], 1), 422, "present")
    absent(client, table, 1, 601)
    assert vote(client, table, tokens[0], 1).json()["handed"] is True


def test_a_majority_of_the_other_players_decides(client):
    table, tokens = create(client, seats=["human"] * 4)
    absent(client, table, 3, presence.DEFAULT_WINDOW + 1)
    first = vote(client, table, tokens[0], 3).json()
    assert first == {"seat": 3, "votes": [0], "needed": 2, "handed": False}
    assert spectate(client, table)["seats"][3]["votes"] == [0]
    again = vote(client, table, tokens[0], 3).json()
    assert again["votes"] == [0] and again["handed"] is False  # one vote a seat
    second = vote(client, table, tokens[2], 3).json()
    assert second == {"seat": 3, "votes": [0, 2], "needed": 2, "handed": True}
    assert spectate(client, table)["seats"][3]["bot_playing"] is True


def test_votes_are_forgotten_when_the_player_comes_back(client):
    table, tokens = create(client, seats=["human"] * 4)
    absent(client, table, 3, presence.DEFAULT_WINDOW + 1)
    vote(client, table, tokens[0], 3)
    assert spectate(client, table)["seats"][3]["votes"] == [0]
    state(client, table, tokens[3])
    assert spectate(client, table)["seats"][3]["votes"] == []


@pytest.mark.parametrize("target, voter, words", [
    (2, 0, ["bot's seat"]),
    (0, 0, ["own seat"]),
    (7, 0, ["seat number", "0 to 2"]),
    ("1", 0, ["seat number"]),
])
def test_bad_votes_are_422_and_change_nothing(client, target, voter, words):
    table, tokens = create(client)
    before = spectate(client, table)
    body = error_of(vote(client, table, tokens[voter], target), 422, "bad_vote")
    for word in words:
        assert word in body["error"]
    after = spectate(client, table)
    assert after["seats"] == before["seats"] and after["partly_bot"] is False


def test_a_connected_player_cannot_be_voted_out_and_a_vote_needs_a_token(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as ws:
        ws.receive_json()
        absent(client, table, 1, presence.DEFAULT_WINDOW + 1)  # a socket is open: present all the same
        body = error_of(vote(client, table, tokens[0], 1), 422, "present")
        assert "connected" in body["error"]
    assert client.post(f"/api/tables/{table}/vote", json={"seat": 1}).status_code == 403
    assert vote(client, table, "x" * 30, 1).status_code == 403


def test_a_seat_handed_to_a_bot_stays_so_after_a_restart(app_factory):
    from fastapi.testclient import TestClient

    with TestClient(app_factory()) as first:
        table, tokens = create(first, seats=["human", "human"], open_seats=False)
        assert first.post(f"/api/tables/{table}/start", headers=auth(tokens[0])).json()["handed"] == [1]
    with TestClient(app_factory()) as second:
        message = spectate(second, table)
        assert message["seats"][1]["bot_playing"] is True and message["partly_bot"] is True
        assert state(second, table, tokens[1])["seats"][1]["bot_playing"] is False


def test_one_heartbeat_keeps_every_online_seat_seen_and_stops_for_a_seat_that_left(monkeypatch, client):
    """Presence across processes: the stored ``last_seen`` of each seat with
    an open WebSocket is refreshed every HEARTBEAT seconds by one write; a
    seat whose socket closed is no longer refreshed."""
    monkeypatch.setattr(presence, "HEARTBEAT", 0.2)
    table, tokens = create(client, seats=["human", "human"])
    db = client.app.state.service.db
    writes: list[list] = []
    beat = threading.Condition()
    touch_seats = db.touch_seats

    def recording(seats):
        now = touch_seats(seats)
        with beat:
            writes.append(sorted(seats))
            beat.notify_all()
        return now

    monkeypatch.setattr(db, "touch_seats", recording)

    def next_beat(where):
        """The next heartbeat's write for which ``where(write)`` holds."""
        with beat:
            start = len(writes)
            assert beat.wait_for(lambda: any(where(w) for w in writes[start:]), timeout=120), "no such beat"
            return next(w for w in writes[start:] if where(w))

    def seen():
        return [row.last_seen for row in db.load(table).seat_rows]

    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as first:
        first.receive_json()
        with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as second:
            second.receive_json()
            before = seen()
            next_beat(lambda w: w == [(table, 0), (table, 1)])
            assert all(a and b and b > a for a, b in zip(before, seen()))
        next_beat(lambda w: w == [(table, 0)])
        left = seen()[1]
        next_beat(lambda w: w == [(table, 0)])
        assert seen()[1] == left and seen()[0] > left


# ----- away -------------------------------------------------------------------------------------------

def test_a_seat_away_for_the_set_time_is_handed_to_a_bot(fast, client):
    table, tokens = create(client, seats=["human", "human"], settings={"away_after": 1})
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        ws.receive_json()
        # Seat 1 opened its link once and left; seat 0 is connected and stays a person.
        watch(client, table, lambda m: m["seats"][1]["bot_playing"])
        message = spectate(client, table)
        assert message["seats"][0]["bot_playing"] is False and message["partly_bot"] is True
        # no timer waits for a connected seat
        assert policy_of(client).away_due(live_table(client, table)) is None
    # Seat 0 leaves: after the set time its seat goes to the bot too, and the game ends by itself.
    watch(client, table, lambda m: m["seats"][0]["bot_playing"])
    watch(client, table, lambda m: m["status"] == "finished")


def test_nothing_expires_without_away_after_or_while_the_table_waits(fast, client):
    table, _ = create(client, seats=["human", "human"])
    assert policy_of(client).away_due(live_table(client, table)) is None
    waiting, _ = create(client, seats=["human", "human"], settings={"away_after": 1}, open_seats=False)
    assert policy_of(client).away_due(live_table(client, waiting)) is None
    assert not any(s["bot_playing"] for s in spectate(client, table)["seats"])


# ----- the turn clock -----------------------------------------------------------------------------------

LONG_CLOCK = 600
"""A turn clock no test reaches by waiting (seconds)."""


def mover(client, table, tokens):
    message = watch(client, table, lambda m: m["to_move"] is not None)
    return message["to_move"], tokens[message["to_move"]]


def run_out(client, table):
    """Make the running turn clock of ``table`` run out now: its start moved
    back by a day more than its length, its timer armed again (in the app's loop)."""
    live = live_table(client, table)

    def move_back() -> None:
        clock = live.clock
        assert clock is not None and clock.seq == live.seq, "no clock runs at this table"
        live.clock = dataclasses.replace(clock, started=clock.started - clock.limit - 3600 * 24)
        policy_of(client)._arm_clock(live)

    client.portal.call(move_back)


def test_the_clock_is_told_lengthened_and_plays_for_the_player_when_it_runs_out(fast, client):
    table, tokens = create(client, seats=["human", "human"], settings={"clock": LONG_CLOCK})
    seat, token = mover(client, table, tokens)
    message = state(client, table, token)
    clock = message["clock"]
    assert clock["seat"] == seat and clock["seq"] == message["seq"] and clock["limit"] == LONG_CLOCK
    assert 0 < clock["remaining"] <= LONG_CLOCK and clock["warn_before"] == 20 and clock["extensions_left"] == 10
    longer = client.post(f"/api/tables/{table}/more_time", headers=auth(token))
    assert longer.status_code == 200, longer.text
    assert clock["remaining"] < longer.json()["remaining"] <= 2 * LONG_CLOCK
    assert longer.json()["extensions_left"] == 9
    other = tokens[1 - seat]
    refused = client.post(f"/api/tables/{table}/more_time", headers=auth(other))
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_turn"
    seq = message["seq"]
    # Time runs out: the bot plays this one move; the seat stays the person's.
    run_out(client, table)
    after = watch(client, table, lambda m: m["seq"] > seq, token=other)
    assert after["partly_bot"] is True
    assert not any(s["bot_playing"] for s in after["seats"])
    ran_out = [e for e in after["events"] if e["kind"] == "clock_ran_out"]
    played = [e for e in after["events"] if e["seq"] == seq + 1 and e["kind"] != "clock_ran_out"]
    assert len(ran_out) == 1 and played, "the move is an ordinary event, told as the clock's"
    event = ran_out[0]
    assert event["seq"] == seq + 1 and event["seat"] == seat
    assert event["action"] == f"play {played[0]['card']}"  # Ugo!: a card played in the open
    assert len(event["text"]) == 1 and event["text"][0].startswith("Time ran out: the bot played ")
    assert event["text"][0].endswith(f" for Seat {seat + 1}.") and event["brief"] == event["text"]
    mine = state(client, table, token)["events"]
    assert any(e["kind"] == "clock_ran_out" and e["text"][0].endswith("for you.") for e in mine)
    czech = client.get(f"/api/tables/{table}?lang=cs", headers=auth(other)).json()["events"]
    assert any(e["kind"] == "clock_ran_out" and e["text"][0].startswith("Čas vypršel") for e in czech)


def test_more_time_has_a_limit_a_turn_and_needs_a_clock(fast, client):
    table, tokens = create(client, seats=["human", "human"], settings={"clock": LONG_CLOCK})
    seat, token = mover(client, table, tokens)
    for left in range(9, -1, -1):
        answer = client.post(f"/api/tables/{table}/more_time", headers=auth(token))
        assert answer.status_code == 200 and answer.json()["extensions_left"] == left
    refused = client.post(f"/api/tables/{table}/more_time", headers=auth(token))
    assert refused.status_code == 422 and refused.json()["code"] == "no_more_time"
    plain, plain_tokens = create(client, seats=["human", "human"])
    seat, token = mover(client, plain, plain_tokens)
    refused = client.post(f"/api/tables/{plain}/more_time", headers=auth(token))
    assert refused.status_code == 422 and refused.json()["code"] == "no_clock"


def test_a_move_in_time_restarts_the_clock_for_the_next_person(fast, client):
    table, tokens = create(client, seats=["human", "human"], settings={"clock": LONG_CLOCK})
    seat, token = mover(client, table, tokens)
    message = state(client, table, token)
    answer = client.post(f"/api/tables/{table}/actions", json={"action": message["legal"][0], "seq": message["seq"]},
                         headers=auth(token))
    assert answer.status_code == 200, answer.text
    after = spectate(client, table)
    if after["to_move"] is not None:
        assert after["clock"]["seat"] == after["to_move"] and after["clock"]["seq"] == after["seq"]
        assert after["clock"]["remaining"] > LONG_CLOCK - 60  # a new turn: a minute of this one is plenty
    assert after["partly_bot"] is False


def test_no_clock_runs_while_the_table_waits(fast, client):
    table, tokens = create(client, seats=["human", "human"], settings={"clock": 1}, open_seats=False)
    message = state(client, table, tokens[0])
    assert message["status"] == "waiting" and message["clock"] is None
