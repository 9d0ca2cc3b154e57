"""How moves reach the connections (WEB-API.md "Players, turns and presence";
issue 25 item 1): no information by framing or timing.

For every game: each connection (every person's seat and a spectator) gets
every move in a state message of its own, after one whose ``to_move`` named
the seat that moved; a forced move (a seat's only legal one) is framed as a
chosen one; a person's only legal move waits for them; the bots' moves go one
at a time at the table's pace."""

from __future__ import annotations

import json
import random

import pytest

from herna.server.db import Database
from herna.server.table_settings import PACES, TRICK_PAUSE, pause_seconds
from tests.server.helpers import TEST_ORIGIN, auth, check_framing, moves_after, new_table, watch

pytestmark = pytest.mark.timeout(180)

TABLES = {
    "ugo": (["human", "greedy", "human"], {"rounds": 1}),
    "trumfosaur": (["human", "greedy", "human", "random"], {"target_score": 6}),
    "kurnik": (["greedy", "human", "human"], {}),
}


def stored_log(client, table):
    db: Database = client.app.state.service.db
    return db.load(table).actions


def play_with_a_socket_per_seat(client, table, tokens, seed):
    """Play ``table`` to its end with one socket per person's seat and one
    spectator, every socket open throughout: the spectator's messages tell
    whose turn it is, that seat's socket is read to its turn and acts (a
    random legal move, ``seed``). Returns every socket's state messages."""
    rng = random.Random(seed)
    viewers = [k for k, token in enumerate(tokens) if token] + [None]
    frames: dict = {v: [] for v in viewers}
    sockets = {}
    with client.websocket_connect(f"/ws/tables/{table}", headers={"Origin": TEST_ORIGIN}) as spectator:
        sockets[None] = spectator
        opened = [client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[k])) for k in viewers[:-1]]
        for k, ws in zip(viewers[:-1], opened):
            sockets[k] = ws.__enter__()
        try:
            def read(viewer):
                message = sockets[viewer].receive_json()
                if message["type"] == "state":
                    frames[viewer].append(message)
                return message

            last = read(None)
            while last["status"] != "finished":
                seat = last["to_move"]
                if last["type"] == "state" and seat is not None and tokens[seat]:
                    mine = frames[seat][-1] if frames[seat] else read(seat)
                    while mine["seq"] < last["seq"] or not mine["legal"]:
                        mine = read(seat)
                    sockets[seat].send_json({"type": "act", "action": rng.choice(mine["legal"]),
                                             "seq": mine["seq"]})
                last = read(None)
                while last["type"] != "state":
                    last = read(None)
            final = last["seq"]
            for viewer in viewers[:-1]:
                while not frames[viewer] or frames[viewer][-1]["seq"] < final:
                    read(viewer)
        finally:
            for ws in opened:
                ws.__exit__(None, None, None)
    return frames


@pytest.mark.parametrize("game", list(TABLES))
def test_every_move_reaches_every_socket_in_a_message_of_its_own(db_client, game):
    seats, options = TABLES[game]
    table, tokens = new_table(db_client, game, seats, options)
    frames = play_with_a_socket_per_seat(db_client, table, tokens, seed=game)
    history = stored_log(db_client, table)
    forced = chosen = 0
    replay = db_client.portal.call(db_client.app.state.service.get, table).state.initial_state()
    for seq, action, actor, _by in history:
        if actor >= 0:
            forced += replay.forced_action() is not None
            chosen += replay.forced_action() is None
        replay.step(replay.string_to_action(action))
    assert forced and chosen, f"{game}: the game had no forced moves ({forced}) or no chosen ones ({chosen})"
    for viewer, sent in frames.items():
        seen = check_framing(sent, history, viewer)
        assert seen == moves_after(history, sent[0]["seq"]), f"{viewer}: a move did not reach the socket"
        assert sent[-1]["status"] == "finished"


@pytest.mark.parametrize("game", list(TABLES))
def test_a_forced_move_is_framed_as_a_chosen_one(client, game):
    """The messages that carry a forced move and those that carry a chosen
    one have the same fields, and their events the same fields per kind: for
    a card game nothing tells the others a hand held one playable card."""
    seats, options = TABLES[game]
    table, tokens = new_table(client, game, seats, options)
    frames = play_with_a_socket_per_seat(client, table, tokens, seed=f"forced:{game}")
    history = stored_log(client, table)
    state = client.portal.call(client.app.state.service.get, table).state.initial_state()
    forced_at = set()
    for seq, action, actor, _by in history:
        if actor >= 0 and state.forced_action() is not None:
            forced_at.add(seq)
        state.step(state.string_to_action(action))
    keys: dict[bool, set] = {True: set(), False: set()}
    fields: dict[bool, dict[str, set]] = {True: {}, False: {}}
    for sent in frames.values():
        for before, frame in zip(sent, sent[1:]):
            if frame["full"] or frame["seq"] == before["seq"]:
                continue
            forced = before["seq"] + 1 in forced_at
            keys[forced].add(tuple(sorted(frame)))
            for event in frame["events"]:
                fields[forced].setdefault(event["kind"], set()).add(tuple(sorted(event)))
    assert keys[True], "no forced move was seen"
    assert keys[True] == keys[False], "a forced move's message has other fields than a chosen one's"
    for kind in fields[True].keys() & fields[False].keys():  # a deal's end follows its last card, always forced
        assert fields[True][kind] == fields[False][kind], f"{kind} events of forced moves have other fields"


def test_a_persons_only_legal_move_waits_for_them(client):
    """Kurník's roll (issue 23): the person presses it; nothing is played meanwhile."""
    table, tokens = new_table(client, "kurnik", ["human", "human"])
    service = client.app.state.service
    for _ in range(200):
        message = watch(client, table, lambda m: m["to_move"] is not None)
        seat = message["to_move"]
        mine = client.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json()
        if mine["only_move"]:
            break
        answer = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[seat]),
                             json={"action": mine["legal"][-1], "seq": mine["seq"]})
        assert answer.status_code == 200, answer.text
    else:
        raise AssertionError("no only-legal move for a person in 200 moves")
    live = client.portal.call(service.get, table)
    assert len(mine["legal"]) == 1 and service.next_move(live) is None  # the server makes no move for them
    other = client.get(f"/api/tables/{table}", headers=auth(tokens[1 - seat])).json()
    assert other["legal"] == [] and other["only_move"] is False and other["to_move"] == seat
    answer = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[seat]),
                         json={"action": mine["legal"][0], "seq": mine["seq"]})
    assert answer.status_code == 200 and answer.json()["seq"] == mine["seq"] + 1


def test_with_auto_only_moves_the_server_plays_a_persons_only_moves_marked_on_their_screen(client):
    """The seat setting restores "play my only moves for me": the server makes
    them (one at a time, as a bot's), marked as the terminal marks them on
    that person's screen only (Ugo! hands are hidden)."""
    table, tokens = new_table(client, "ugo", ["human", "human"], {"rounds": 1})
    for token in tokens:
        answer = client.post(f"/api/tables/{table}/seat-settings", headers=auth(token),
                             json={"auto_only_moves": True})
        assert answer.status_code == 200 and answer.json() == {"seat_settings": {"auto_only_moves": True}}
    rng = random.Random(3)
    while True:
        message = watch(client, table, lambda m: m["status"] == "finished" or m["to_move"] is not None)
        if message["status"] == "finished":
            break
        seat = message["to_move"]
        mine = client.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json()
        if not mine["legal"]:  # the server played the seat's only move meanwhile: look again
            continue
        if mine["only_move"]:
            watch(client, table, lambda m, seq=mine["seq"]: m["seq"] > seq)  # the server plays it
            continue
        answer = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[seat]),
                             json={"action": rng.choice(mine["legal"]), "seq": mine["seq"]})
        assert answer.status_code == 200, answer.text
    history = stored_log(client, table)
    auto = {seq: actor for seq, _action, actor, by in history if by == "auto"}
    assert len(auto) >= 2, "the last card of the round is always forced: the server played it"
    mark = "(automatic: the only legal move)"
    seen = [client.get(f"/api/tables/{table}", headers=auth(token)).json()["events"] for token in tokens]
    spectator = client.get(f"/api/tables/{table}").json()["events"]
    for seat, events in enumerate(seen):
        marked = {e["seq"] for e in events if any(mark in line for line in e["text"])}
        assert marked and marked <= {seq for seq, actor in auto.items() if actor == seat}
    assert not any(mark in line for e in spectator for line in e["text"])
    assert client.post(f"/api/tables/{table}/seat-settings", headers=auth(tokens[0]),
                       json={"auto_only_moves": "yes"}).status_code == 422


def test_the_bots_wait_the_pace_between_moves_and_longer_after_a_trick(app_factory):
    """Every move the server makes waits the pace's pause (times the scale)
    after the previous step was shown; a finished trick adds its pause. The
    driver's waits are recorded, not slept."""
    from fastapi.testclient import TestClient

    waits: list[float] = []
    with TestClient(app_factory(pace_scale=0.5)) as client:
        service = client.app.state.service

        async def record(seconds: float) -> None:
            waits.append(seconds)

        service.sleep = record
        table, _ = new_table(client, "trumfosaur", ["greedy", "random"], {"target_score": 3},
                             settings={"pace": "fast"})
        watch(client, table, lambda m: m["status"] == "finished")
        history = stored_log(client, table)
    moves = sum(1 for _s, _a, actor, _b in history if actor >= 0)
    assert len(waits) == moves
    fast, trick = PACES["fast"] * 0.5, (PACES["fast"] + TRICK_PAUSE) * 0.5
    assert max(waits) <= trick + 1e-9 and any(w > fast for w in waits)
    assert pause_seconds({"pace": "slow"}, ["card_played"], 2) == PACES["slow"] * 2
    assert pause_seconds({}, ["trick_won"], 1) == PACES["normal"] + TRICK_PAUSE
    assert pause_seconds({"pace": "normal"}, [], 0) == 0


def test_the_creator_changes_the_pace(client):
    table, tokens = new_table(client, "ugo", ["human", "greedy", "human"], {"rounds": 1})
    answer = client.post(f"/api/tables/{table}/settings", headers=auth(tokens[0]), json={"pace": "slow"})
    assert answer.status_code == 200 and answer.json()["settings"]["pace"] == "slow"
    assert client.get(f"/api/tables/{table}").json()["settings"]["pace"] == "slow"
    other = client.post(f"/api/tables/{table}/settings", headers=auth(tokens[2]), json={"pace": "fast"})
    assert other.status_code == 403 and other.json()["code"] == "not_creator"
    for body in ({"pace": "warp"}, {"clock": 60}, {}, [1]):
        bad = client.post(f"/api/tables/{table}/settings", headers=auth(tokens[0]), json=body)
        assert bad.status_code == 422, json.dumps(body)
    assert client.get(f"/api/tables/{table}").json()["settings"]["pace"] == "slow"


def test_a_searching_bot_s_forced_move_takes_as_long_as_its_thinking(app_factory):
    """A bot's only legal move is not searched, but waits the bot's time budget,
    so that it comes as late as a chosen one would (no timing tells it)."""
    from fastapi.testclient import TestClient

    from herna.server.tables import thinking_seconds

    assert thinking_seconds("ismcts:0.5s") == 0.5 and thinking_seconds("medium") == 0.3
    assert thinking_seconds("ismcts:50") == 0 and thinking_seconds("greedy") == 0
    waits: list[float] = []
    with TestClient(app_factory()) as client:
        service = client.app.state.service

        async def record(seconds: float) -> None:
            waits.append(seconds)

        service.sleep = record
        table, _ = new_table(client, "ugo", ["ismcts:0.05s", "greedy"], {"rounds": 1})
        watch(client, table, lambda m: m["status"] == "finished")
        history = stored_log(client, table)
        state = client.portal.call(service.get, table).state.initial_state()
    forced_by_seat: dict[int, int] = {0: 0, 1: 0}
    for _seq, action, actor, _by in history:
        if actor >= 0 and state.forced_action() is not None:
            forced_by_seat[actor] += 1
        state.step(state.string_to_action(action))
    assert forced_by_seat[0] > 0
    assert sum(1 for w in waits if w == 0.05) == forced_by_seat[0]  # chosen moves and greedy's wait the pace: 0
