"""People at a table (WEB-API.md "Players, turns and presence", docs/server.md):
names, the waiting table, the creator's start, free seats of public tables
and the lobby's lists."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import update

from herna.server.db import TableRow
from tests.server.helpers import auth, error_of, new_table, watch

pytestmark = pytest.mark.timeout(60)


def create(client, seats=("human", "greedy", "human"), **extra):
    return new_table(client, "ugo", seats, {"rounds": 1}, open_seats=False, **extra)


def spectate(client, table):
    return client.get(f"/api/tables/{table}").json()


# ----- names --------------------------------------------------------------------------------------------

def test_names_lose_control_and_bidi_characters_and_are_at_most_20(db_client):
    table, tokens = create(db_client, names=["E\u0301va\u202e", None, "  Tom\n\u2066Novák\u2069 "])
    assert [s["name"] for s in spectate(db_client, table)["seats"]] == ["Éva", None, "Tom Novák"]
    answer = db_client.post(f"/api/tables/{table}/name", headers=auth(tokens[2]), json={"name": "\u200fJan\x00"})
    assert answer.status_code == 200 and answer.json() == {"seat": 2, "name": "Jan"}
    assert spectate(db_client, table)["seats"][2]["name"] == "Jan"
    body = error_of(db_client.post(f"/api/tables/{table}/name", headers=auth(tokens[2]),
                                   json={"name": "\u202e\u2066\x07"}), 422, "bad_name")
    assert "empty after cleaning" in body["error"]  # refused: it never clears a name by accident
    assert spectate(db_client, table)["seats"][2]["name"] == "Jan"
    answer = db_client.post(f"/api/tables/{table}/name", headers=auth(tokens[2]), json={"name": None})
    assert answer.json() == {"seat": 2, "name": None}  # null clears it


@pytest.mark.parametrize("name, words", [("x" * 21, ["20 characters"]), (5, ["text"]), (["Eva"], ["text"]),
                                         ("\u202e\u2066", ["empty after cleaning", "null"]),
                                         (" \u200f\n", ["empty after cleaning"])])
def test_a_bad_name_is_422_and_changes_nothing(client, name, words):
    table, tokens = create(client, names=["Eva", None, "Tom"])
    body = error_of(client.post(f"/api/tables/{table}/name", headers=auth(tokens[0]), json={"name": name}),
                    422, "bad_name")
    assert all(word in body["error"] for word in words)
    error_of(client.post("/api/tables", json={"game": "ugo", "seats": ["human", "human"],
                                              "names": [name, None]}), 422, "bad_name")
    assert spectate(client, table)["seats"][0]["name"] == "Eva"
    error_of(client.post(f"/api/tables/{table}/name", json={"name": "Eve"}), 403)


# ----- waiting, start ---------------------------------------------------------------------------------------

def test_a_table_waits_until_every_persons_seat_is_opened_and_plays_nothing_meanwhile(client):
    table, tokens = create(client, seats=["human", "greedy", "human"])
    first = spectate(client, table)
    assert first["status"] == "waiting" and first["waiting_for"] == [0, 2] and first["creator_seat"] == 0
    assert [s["opened"] for s in first["seats"]] == [False, False, False]
    mine = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
    assert mine["waiting_for"] == [2] and mine["legal"] == [] and mine["seats"][0]["opened"]
    error_of(client.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]),
                         json={"action": "play red0", "seq": mine["seq"]}), 422, "waiting")
    assert spectate(client, table)["seq"] == first["seq"]  # the bot did not move either
    with client.websocket_connect(f"/ws/tables/{table}", headers={"Origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": tokens[2]})  # a socket's hello opens the seat
        started = None
        while started is None or started["status"] != "playing":
            started = ws.receive_json()
    assert started["waiting_for"] == [] and started["seats"][2]["opened"]
    assert client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["legal"]


def test_only_the_creator_starts_a_waiting_table(client):
    table, tokens = create(client, seats=["greedy", "human", "human"])
    error_of(client.post(f"/api/tables/{table}/start", headers=auth(tokens[2])), 403, "not_creator")
    error_of(client.post(f"/api/tables/{table}/start"), 403, "forbidden")
    message = spectate(client, table)
    assert message["status"] == "waiting" and message["waiting_for"] == [1] and message["creator_seat"] == 1
    other, other_tokens = create(client, seats=["greedy", "human", "human"])
    started = client.post(f"/api/tables/{other}/start", headers=auth(other_tokens[1]))
    assert started.status_code == 200 and started.json() == {"table": other, "status": "playing", "handed": [2]}
    error_of(client.post(f"/api/tables/{other}/start", headers=auth(other_tokens[1])), 409, "not_waiting")
    # the creator's own request opened the last seat: the table plays, there is nothing to start
    error_of(client.post(f"/api/tables/{table}/start", headers=auth(tokens[1])), 409, "not_waiting")


def test_a_table_of_bots_plays_at_once(client):
    table, tokens = create(client, seats=["greedy", "random"])
    assert tokens == [None, None]
    assert watch(client, table, lambda m: m["status"] == "finished")["creator_seat"] is None


# ----- sit, the lobby ---------------------------------------------------------------------------------

def test_a_free_seat_of_a_public_table_is_taken_by_sitting_down(client):
    table, tokens = create(client, seats=["human", "greedy", "human"], public=True)
    client.get(f"/api/tables/{table}", headers=auth(tokens[0]))
    answer = client.post(f"/api/tables/{table}/sit", json={"seat": 2, "name": "Dana\u202e"})
    assert answer.status_code == 201, answer.text
    seat = answer.json()
    assert seat["seat"] == 2 and seat["join_url"] == f"http://testserver/t/{table}/join#{seat['token']}"
    state = client.get(f"/api/tables/{table}", headers=auth(seat["token"])).json()
    assert state["seat"] == 2 and state["status"] == "playing" and state["seats"][2]["name"] == "Dana"
    error_of(client.get(f"/api/tables/{table}", headers=auth(tokens[2])), 403)  # the old link opens nothing now
    error_of(client.post(f"/api/tables/{table}/sit", json={"seat": 2, "name": "Eve"}), 409, "taken")
    error_of(client.post(f"/api/tables/{table}/sit", json={"seat": 0, "name": "Eve"}), 409, "taken")
    error_of(client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": "Eve"}), 409, "taken")  # a bot's
    error_of(client.post(f"/api/tables/{table}/sit", json={"seat": 5}), 422, "bad_seat")
    private, _ = create(client)
    error_of(client.post(f"/api/tables/{private}/sit", json={"seat": 0, "name": "Eve"}), 403, "private")


def test_a_seat_named_for_a_friend_and_the_creators_seat_are_not_free(client):
    """A tester took "Tom"'s seat of a listed table with "Sit here", and Tom's own link then opened
    nothing: a seat its creator named waits for its person, and the creator's seat is never free."""
    table, tokens = create(client, seats=["human", "human", "human"], public=True, names=["Eva", "Tom", None])
    error_of(client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": "Mallory"}), 409, "reserved")
    error_of(client.post(f"/api/tables/{table}/sit", json={"seat": 0, "name": "Mallory"}), 409, "reserved")
    lobby = client.get("/api/tables", params={"list": "lobby"}).json()
    assert table in {item["table"] for item in lobby["free"]}  # seat 2 is unnamed: anyone may take it
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 2, "name": "Dana"}).status_code == 201
    lobby = client.get("/api/tables", params={"list": "lobby"}).json()
    assert table not in {item["table"] for item in lobby["free"]}  # Tom's and Eva's seats are not free
    assert client.get(f"/api/tables/{table}", headers=auth(tokens[1])).json()["seat"] == 1  # Tom's link works


def test_the_lobby_lists_free_seats_apart_from_games_to_watch_and_forgets_quiet_tables(client):
    free, free_tokens = create(client, public=True, names=["Eva", None, None])
    playing, playing_tokens = create(client, seats=["human", "greedy"], public=True)
    client.get(f"/api/tables/{playing}", headers=auth(playing_tokens[0]))
    create(client)  # private: in neither list
    quiet, _ = create(client, public=True)
    long_ago = dt.datetime.now(dt.timezone.utc) - dt.timedelta(hours=25)
    with client.app.state.service.db.engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id == quiet).values(created_at=long_ago))
    lobby = client.get("/api/tables?list=lobby").json()
    assert [t["table"] for t in lobby["free"]] == [free]
    assert [t["table"] for t in lobby["playing"]] == [playing]
    item = lobby["free"][0]
    assert item["names"] == ["Eva", None, None] and item["spectator_url"] == f"http://testserver/t/{free}"
    assert item["status"] == "waiting" and {"created_at", "seats", "options", "game"} <= set(item)
    assert client.get(f"/api/tables/{quiet}").json()["status"] == "waiting"  # its links keep working
    error_of(client.get("/api/tables?list=everything"), 422, "invalid")
