"""Leavers and the turn clock (herna.server.leavers; issue 12 item 5; WCAG 2.2.1),
against an in-process app. The allowed ranges are lowered to whole seconds so
that the timers run out within the test."""

from __future__ import annotations

import threading

import pytest

from herna.server import leavers
from tests.server.helpers import auth, watch

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def fast(monkeypatch):
    """Timers of one second are allowed."""
    monkeypatch.setattr(leavers, "AWAY_RANGE", (1, 3600))
    monkeypatch.setattr(leavers, "CLOCK_RANGE", (1, 3600))


def create(client, seats=("human", "human", "greedy"), game="ugo", settings=None, options=None):
    body = {"game": game, "options": options if options is not None else ({"rounds": 1} if game == "ugo" else {}),
            "seats": list(seats)}
    if settings is not None:
        body["settings"] = settings
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer = response.json()
    return answer["table"], [s and s["token"] for s in answer["seats"]]


def state(client, table, token=None):
    response = client.get(f"/api/tables/{table}", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()


def spectate(client, table):
    return state(client, table)


def policy_of(client):
    """The app's leaver policy (its timers)."""
    return client.app.state.extensions[leavers.__name__]


def live_table(client, table):
    return client.portal.call(client.app.state.service.get, table)


# ----- settings ---------------------------------------------------------------------------------------

def test_settings_are_off_by_default_and_shown_in_the_state(client):
    table, _ = create(client)
    message = spectate(client, table)
    assert message["settings"] == {"away_after": None, "clock": None, "leaver_bot": "medium"}
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
    ({"turbo": 1}, ["turbo", "away_after, clock, leaver_bot"]),
])
def test_bad_settings_are_422_naming_what_is_allowed(client, settings, words):
    response = client.post("/api/tables", json={"game": "ugo", "seats": ["human", "human"], "settings": settings})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "bad_setting"
    for word in words:
        assert word in body["error"]
    assert client.get("/api/tables?status=open,playing,over").json() == []


def test_settings_are_kept_and_pass_to_the_rematch(client):
    table, tokens = create(client, settings={"away_after": 600, "clock": 120, "leaver_bot": "easy"})
    assert spectate(client, table)["settings"] == {"away_after": 600, "clock": 120, "leaver_bot": "easy"}
    rematch = client.post(f"/api/tables/{table}/rematch", headers=auth(tokens[0]))
    assert rematch.status_code == 201, rematch.text
    assert spectate(client, rematch.json()["table"])["settings"]["clock"] == 120


# ----- votes ------------------------------------------------------------------------------------------

def test_the_other_player_votes_an_absent_seat_to_a_bot_and_its_player_takes_it_back(client):
    # Seat 1's player never opened the link (R: issue 12 item 5, by the other players' vote).
    table, tokens = create(client, seats=["human", "human"])
    state(client, table, tokens[0])  # seat 0's player opened the link
    answer = client.post(f"/api/tables/{table}/vote", json={"seat": 1}, headers=auth(tokens[0]))
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"seat": 1, "votes": [0], "needed": 1, "handed": True}
    message = spectate(client, table)
    assert message["seats"][1]["bot_playing"] is True and message["partly_bot"] is True
    assert message["status"] == "playing"
    # The bot plays seat 1's turns: the game goes on until seat 0 must move.
    mine = watch(client, table, lambda m: m["to_move"] == 0, token=tokens[0])
    assert mine["legal"]
    # Seat 1's player opens the link: the seat is theirs again; the mark stays.
    back = state(client, table, tokens[1])
    assert back["seats"][1]["bot_playing"] is False
    assert back["partly_bot"] is True


def test_a_majority_of_the_other_players_decides(client):
    table, tokens = create(client, seats=["human"] * 4)
    first = client.post(f"/api/tables/{table}/vote", json={"seat": 3}, headers=auth(tokens[0])).json()
    assert first == {"seat": 3, "votes": [0], "needed": 2, "handed": False}
    assert spectate(client, table)["seats"][3]["votes"] == [0]
    again = client.post(f"/api/tables/{table}/vote", json={"seat": 3}, headers=auth(tokens[0])).json()
    assert again["votes"] == [0] and again["handed"] is False  # one vote a seat
    second = client.post(f"/api/tables/{table}/vote", json={"seat": 3}, headers=auth(tokens[2])).json()
    assert second == {"seat": 3, "votes": [0, 2], "needed": 2, "handed": True}
    assert spectate(client, table)["seats"][3]["bot_playing"] is True


def test_votes_are_forgotten_when_the_player_comes_back(client):
    table, tokens = create(client, seats=["human"] * 4)
    client.post(f"/api/tables/{table}/vote", json={"seat": 3}, headers=auth(tokens[0]))
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
    response = client.post(f"/api/tables/{table}/vote", json={"seat": target}, headers=auth(tokens[voter]))
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "bad_vote"
    for word in words:
        assert word in response.json()["error"]
    after = spectate(client, table)
    assert after["seats"] == before["seats"] and after["partly_bot"] is False


def test_a_connected_player_cannot_be_voted_out_and_a_vote_needs_a_token(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as ws:
        ws.receive_json()
        response = client.post(f"/api/tables/{table}/vote", json={"seat": 1}, headers=auth(tokens[0]))
        assert response.status_code == 422 and "connected" in response.json()["error"]
    assert client.post(f"/api/tables/{table}/vote", json={"seat": 1}).status_code == 403
    assert client.post(f"/api/tables/{table}/vote", json={"seat": 1},
                       headers=auth("x" * 30)).status_code == 403


def test_a_seat_handed_to_a_bot_stays_so_after_a_restart(app_factory):
    from fastapi.testclient import TestClient

    with TestClient(app_factory()) as first:
        table, tokens = create(first, seats=["human", "human"])
        assert first.post(f"/api/tables/{table}/vote", json={"seat": 1}, headers=auth(tokens[0])).json()["handed"]
    with TestClient(app_factory()) as second:
        message = spectate(second, table)
        assert message["seats"][1]["bot_playing"] is True and message["partly_bot"] is True
        assert state(second, table, tokens[1])["seats"][1]["bot_playing"] is False


def test_one_heartbeat_keeps_every_online_seat_seen_and_stops_for_a_seat_that_left(monkeypatch, client):
    """Presence (leavers module docstring): the stored ``last_seen`` of each
    seat with an open WebSocket is refreshed every HEARTBEAT seconds by one
    write; a seat whose socket closed is no longer refreshed."""
    monkeypatch.setattr(leavers, "HEARTBEAT", 0.2)
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
            assert beat.wait_for(lambda: any(where(w) for w in writes[start:]), timeout=30), "no such beat"
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
        # Seat 1 never came; seat 0 is connected and stays a person.
        watch(client, table, lambda m: m["seats"][1]["bot_playing"])
        message = spectate(client, table)
        assert message["seats"][0]["bot_playing"] is False and message["partly_bot"] is True
        # no timer waits for a connected seat
        assert policy_of(client).away_due(live_table(client, table)) is None
    # Seat 0 leaves: after the set time its seat goes to the bot too, and the game ends by itself.
    watch(client, table, lambda m: m["seats"][0]["bot_playing"])
    watch(client, table, lambda m: m["status"] == "over")


def test_without_away_after_nothing_expires(fast, client):
    table, _ = create(client, seats=["human", "human"])
    assert policy_of(client).away_due(live_table(client, table)) is None
    assert not any(s["bot_playing"] for s in spectate(client, table)["seats"])


# ----- the turn clock -----------------------------------------------------------------------------------

def mover(client, table, tokens):
    message = watch(client, table, lambda m: m["to_move"] is not None)
    return message["to_move"], tokens[message["to_move"]]


def test_the_clock_is_told_lengthened_and_plays_for_the_player_when_it_runs_out(fast, client):
    table, tokens = create(client, seats=["human", "human"], settings={"clock": 2})
    seat, token = mover(client, table, tokens)
    message = state(client, table, token)
    clock = message["clock"]
    assert clock["seat"] == seat and clock["seq"] == message["seq"] and clock["limit"] == 2
    assert 0 < clock["remaining"] <= 2 and clock["warn_before"] == 20 and clock["extensions_left"] == 10
    longer = client.post(f"/api/tables/{table}/more_time", headers=auth(token))
    assert longer.status_code == 200, longer.text
    assert 2 < longer.json()["remaining"] <= 4 and longer.json()["extensions_left"] == 9
    other = tokens[1 - seat]
    refused = client.post(f"/api/tables/{table}/more_time", headers=auth(other))
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_turn"
    seq = message["seq"]
    # Time runs out: the bot plays this one move; the seat stays the person's.
    after = watch(client, table, lambda m: m["seq"] > seq)
    assert after["partly_bot"] is True
    assert not any(s["bot_playing"] for s in after["seats"])
    stored = [entry for entry in after["events"] if entry["seq"] == seq + 1]
    assert stored, "the move played for the player is an ordinary event"


def test_more_time_has_a_limit_a_turn_and_needs_a_clock(fast, client):
    table, tokens = create(client, seats=["human", "human"], settings={"clock": 60})
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
    table, tokens = create(client, seats=["human", "human"], settings={"clock": 60})
    seat, token = mover(client, table, tokens)
    message = state(client, table, token)
    answer = client.post(f"/api/tables/{table}/actions", json={"action": message["legal"][0], "seq": message["seq"]},
                         headers=auth(token))
    assert answer.status_code == 200, answer.text
    after = spectate(client, table)
    if after["to_move"] is not None:
        assert after["clock"]["seat"] == after["to_move"] and after["clock"]["seq"] == after["seq"]
        assert after["clock"]["remaining"] > 55
    assert after["partly_bot"] is False
