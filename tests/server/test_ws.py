"""The table WebSocket of WEB-API.md, against an in-process app."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from herna.server import ws as ws_module
from tests.server.helpers import auth, new_table, watch

pytestmark = pytest.mark.timeout(60)

ORIGIN = {"Origin": "http://testserver"}


def create(client, seats=("human", "human"), game="ugo", options=None):
    return new_table(client, game, seats, options)


def receive_state(ws, seq=None):
    """The next state message (skipping none); with ``seq``, the first at that seq or later."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and (seq is None or message["seq"] >= seq):
            return message


def test_state_on_connect_then_act_then_state(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["full"] is True
        for key in ("seq", "status", "view", "legal", "events", "seat", "to_move", "legal_labels", "help",
                    "seats", "title", "period", "length_unit", "lang", "partly_bot", "winners"):
            assert key in first
        assert first["seat"] == 0 and first["legal"] and len(first["view"]["hand"]) == 10
        assert all(isinstance(e["text"], list) for e in first["events"])
        ws.send_json({"type": "act", "action": first["legal"][0], "seq": first["seq"]})
        after = receive_state(ws, first["seq"] + 1)
        assert after["full"] is False and bool(after["legal"]) == (after["to_move"] == 0)
        assert after["events"] and all(e["seq"] > first["seq"] for e in after["events"])
        played = [e for e in after["events"] if e["kind"] == "card_played"]
        assert played and played[0]["card"] == first["legal"][0].split()[1] and played[0]["text"]


def test_each_seat_and_the_spectator_get_their_own_state(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as one, \
            client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as spectator:
        mine, watcher = one.receive_json(), spectator.receive_json()
        assert mine["seat"] == 1 and watcher["seat"] is None
        assert "hand" in mine["view"] and "hand" not in watcher["view"]
        assert not set(mine["view"]["hand"]) & set(json.dumps(watcher).split('"'))
        response = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]),
                               json={"action": client.get(f"/api/tables/{table}", headers=auth(tokens[0]))
                                     .json()["legal"][0], "seq": mine["seq"]})
        assert response.status_code == 200
        after = receive_state(one, mine["seq"] + 1)
        assert bool(after["legal"]) == (after["to_move"] == 1)
        assert receive_state(spectator, mine["seq"] + 1)["legal"] == []


def test_refusals_are_error_messages_and_change_nothing(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as ws:
        state = ws.receive_json()
        seq = state["seq"]
        ws.send_json({"type": "act", "action": "play red0", "seq": seq})
        error = ws.receive_json()
        assert error == {"type": "error", "code": "not_your_turn", "error": error["error"], "seq": seq}
        ws.send_json({"type": "act", "action": "play red0", "seq": seq + 7})
        assert ws.receive_json()["code"] == "stale_seq"
        ws.send_json({"type": "act", "action": "dance", "seq": seq})
        assert ws.receive_json()["code"] in ("not_your_turn", "illegal")
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        state = ws.receive_json()
        ws.send_json({"type": "act", "action": "open red", "seq": state["seq"]})
        illegal = ws.receive_json()
        assert illegal["type"] == "error" and illegal["code"] == "illegal" and illegal["seq"] == state["seq"]
        ws.send_json({"type": "act", "action": ["play"], "seq": state["seq"]})
        assert ws.receive_json()["code"] == "bad_action"
    assert client.get(f"/api/tables/{table}").json()["seq"] == seq


def test_a_spectator_cannot_act(client):
    table, _ = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:
        state = ws.receive_json()
        ws.send_json({"type": "act", "action": "play red0", "seq": state["seq"]})
        assert ws.receive_json()["code"] == "forbidden"
        # a spectator's moves count as bad messages: a flood of them closes the socket (a probe sent 9,294)
        for _ in range(ws_module.ABUSE_LIMIT - 1):
            ws.send_json({"type": "act", "action": "play red0", "seq": state["seq"]})
            assert ws.receive_json()["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008 and closed.value.reason == "too many bad messages"


@pytest.mark.parametrize("frame, code", [
    ("not json", "bad_json"),
    (json.dumps({"type": "dance"}), "unknown_type"),
    (json.dumps([1, 2]), "bad_message"),
    (json.dumps({"no": "type"}), "bad_message"),
    (json.dumps({"type": "act", "pad": "x" * (64 * 1024)}), "too_large"),
])
def test_malformed_messages_get_an_error(client, frame, code):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        seq = ws.receive_json()["seq"]
        ws.send_text(frame)
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == code and error["seq"] == seq
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # still open
    assert client.get(f"/api/tables/{table}").json()["seq"] == seq


def test_binary_frames_get_an_error(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        ws.receive_json()
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json()["code"] == "bad_message"


def test_repeated_abuse_closes_with_1008(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        ws.receive_json()
        for _ in range(4):
            ws.send_text("{{{")
            assert ws.receive_json()["code"] == "bad_json"
        ws.send_text("{{{")
        assert ws.receive_json()["code"] == "bad_json"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


def test_a_foreign_origin_is_refused_with_1008(client):
    table, tokens = create(client)
    for origin in ("http://evil.example", "http://testserver:8080", "null", "https://testserver.evil.example"):
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(f"/ws/tables/{table}", headers={"Origin": origin, **auth(tokens[0])}) as ws:
                ws.receive_json()
        assert refused.value.code == 1008


def test_without_origin_a_client_opens_with_hello_and_needs_no_token_to_watch(client):
    table, tokens = create(client)
    other, other_tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:  # no Origin, no token: a hello first
        ws.send_json({"type": "act", "action": "play red0", "seq": 0})
        error = ws.receive_json()
        assert error["code"] == "bad_message" and "hello" in error["error"] and "spectator" in error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008 and closed.value.reason == "hello expected"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "token": tokens[1]})
        state = ws.receive_json()
        assert state["type"] == "state" and state["seat"] == 1
    for hello in ({"type": "hello"}, {"type": "hello", "token": None}):  # a spectator needs no token
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json(hello)
            state = ws.receive_json()
            assert state["type"] == "state" and state["seat"] is None and "hand" not in state["view"]
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:  # another table's token: told so, watches
        ws.send_json({"type": "hello", "token": other_tokens[0]})
        error = ws.receive_json()
        assert error["code"] == "bad_token" and f"no seat of table {table}" in error["error"]
        assert "another table's" in error["error"] and "spectator" in error["error"]
        state = ws.receive_json()
        assert state["type"] == "state" and state["seat"] is None
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"/ws/tables/{table}", headers=auth("not-a-token")) as ws:
            ws.receive_json()
    assert refused.value.code == 1008


def test_without_origin_a_socket_that_never_says_hello_is_closed(client, monkeypatch):
    monkeypatch.setattr(ws_module, "HELLO_TIMEOUT", 0.05)
    table, _tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()  # nothing is sent before the hello; the close comes after the timeout
        assert closed.value.code == 1008 and closed.value.reason == "no hello within 0.05 s"
    with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:  # a browser's page watches at once
        assert ws.receive_json()["seat"] is None


def test_hello_turns_a_spectator_into_a_seat(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:
        assert ws.receive_json()["seat"] is None
        ws.send_json({"type": "hello", "token": "wrong"})
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "hello", "token": tokens[0], "lang": "cs"})
        state = receive_state(ws)
        while state["seat"] is None:
            state = receive_state(ws)
        assert state["seat"] == 0 and state["full"] and state["lang"] == "cs" and "hand" in state["view"]


def test_the_cookie_opens_the_seat(client):
    table, tokens = create(client)
    assert client.post(f"/api/tables/{table}/claim", headers={**auth(tokens[1]), **ORIGIN}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:
        assert ws.receive_json()["seat"] == 1
    # without an Origin (no browser sends none) the cookie is not read, as a REST write refuses it: a hello
    # first, and the seat only with its token (a probe opened the seat with the cookie alone)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["seat"] is None


def test_lang_message_resends_a_full_state_in_czech(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}?lang=cs", headers=auth(tokens[0])) as ws:
        czech = ws.receive_json()
        assert czech["lang"] == "cs"
        ws.send_json({"type": "lang", "lang": "en"})
        english = receive_state(ws)
        assert english["lang"] == "en" and english["full"]
        assert [e["text"] for e in czech["events"]] != [e["text"] for e in english["events"]]
        assert czech["help"] != english["help"]
        ws.send_json({"type": "lang", "lang": "xx"})
        assert ws.receive_json()["code"] == "bad_lang"


def test_online_seats_are_shown(client):
    table, tokens = create(client)
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        state = ws.receive_json()
        assert state["seats"][0]["online"] and not state["seats"][1]["online"]
        with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])):
            while not state["seats"][1]["online"]:
                state = receive_state(ws)
        while state["seats"][1]["online"]:
            state = receive_state(ws)


def test_unknown_table(client):
    with client.websocket_connect("/ws/tables/nosuchtable", headers=ORIGIN) as ws:
        assert ws.receive_json()["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_bots_moves_reach_the_socket(client):
    table, tokens = create(client, seats=["human", "greedy", "random"], game="trumfosaur",
                           options={"target_score": 3})
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        state = ws.receive_json()
        seen_bots = set()
        while state["status"] != "finished":
            if state["legal"]:
                ws.send_json({"type": "act", "action": state["legal"][0], "seq": state["seq"]})
            state = receive_state(ws, state["seq"] + (1 if state["legal"] else 0))
            seen_bots |= {e["seat"] for e in state["events"] if e["kind"] == "card_played" and e["seat"] != 0}
        assert seen_bots == {1, 2} and state["winners"] is not None


@pytest.mark.parametrize("game", ["ugo", "trumfosaur", "kurnik"])
def test_the_encoded_state_frame_is_the_state_message(client, game):
    """messages.state_frame (the WebSocket's) is state_message (GET's) as JSON,
    keys in the same order, for every seat, the spectator, both languages, a
    full message and one since an earlier seq, before and after moves."""
    from herna.server.messages import state_frame, state_message

    table_id, tokens = new_table(client, game, ["human", "greedy"])
    service = client.app.state.service

    def quiet():  # the bot is not thinking: the person is to move, or the game is over
        watch(client, table_id, lambda m: m["to_move"] == 0 or m["status"] == "finished")

    for _ in range(3):
        quiet()
        table = client.portal.call(service.get, table_id)
        for seat in (0, 1, None):
            for lang in ("en", "cs"):
                for since in (None, 0, max(0, table.seq - 2)):
                    frame = state_frame(table, seat, lang, since)
                    message = state_message(table, seat, lang, since)
                    decoded = json.loads(frame.text)
                    assert decoded == json.loads(json.dumps(message))
                    assert list(decoded) == list(message)
                    assert frame.seq == table.seq and frame.events == len(message["events"])
        legal = client.get(f"/api/tables/{table_id}", headers=auth(tokens[0])).json()["legal"]
        if legal:
            answer = client.post(f"/api/tables/{table_id}/actions", headers=auth(tokens[0]),
                                 json={"action": legal[0], "seq": table.seq})
            assert answer.status_code == 200, answer.text


def test_a_table_keeps_the_steps_its_sockets_still_need_and_no_more(client):
    """Memory (issue 25): a table keeps the states after its recent steps only
    until every socket of this process was sent them; none without a socket."""
    table, tokens = new_table(client, "ugo", ["human", "human"])
    live = client.portal.call(client.app.state.service.get, table)

    def move() -> None:
        state = client.get(f"/api/tables/{table}", headers=auth(tokens[live.state.current_player()])).json()
        answer = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[state["seat"]]),
                             json={"action": state["legal"][0], "seq": state["seq"]})
        assert answer.status_code == 200, answer.text

    move()
    assert len(live.snapshots) == 0  # nobody to send a step to
    reader = object()
    start = live.seq
    live.sent(id(reader), start)  # a socket that was sent the table at ``start``
    move()
    middle = live.seq
    move()
    assert [(s.start, s.seq) for s in live.steps_after(start)] == [(start, middle), (middle, live.seq)]
    live.sent(id(reader), middle)
    assert [(s.start, s.seq) for s in live.snapshots] == [(middle, live.seq)]
    live.forget(id(reader))
    assert len(live.snapshots) == 0
