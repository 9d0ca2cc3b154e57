"""Helpers of the web server's tests: tables, players over HTTP and WebSocket,
and the leak checks (what a seat may know, from the server's own stored log)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from herna.core import State, load
from herna.server.db import Database
from herna.server.texts import card_names, help_for, style

SMALL = {"ugo": {"rounds": 1}, "trumfosaur": {"target_score": 4}, "kurnik": {}}
"""Options of short games per title."""
CARD = re.compile(r"\b(?:(?:SAX|VZT|AQU|SPI|BYZ)(?:10|[1-9])|(?:red|green|blue|yellow|grey)[0-8])\b")
"""Card codes of Trumfosaur and Ugo! in any text (every player's own trump, TRUMF, is no secret)."""
SECRET_KEYS = {"deck", "seed", "history", "deals", "token_hash", "state"}
"""Keys no answer may hold."""


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


# ----- what each seat may know, from the stored log ---------------------------------------------

@dataclass
class Truth:
    """The true game of a table replayed from its stored log: per seq and
    viewer (seat or None) the view (as JSON text) and the card codes the
    viewer has legitimately seen by then; every event each viewer may see."""

    game: str
    seed: int
    final: State
    views: dict[tuple[int, int | None], str] = field(default_factory=dict)
    legal: dict[int, tuple[int, list[str]]] = field(default_factory=dict)
    known: dict[tuple[int, int | None], frozenset] = field(default_factory=dict)
    events: dict[int | None, set[str]] = field(default_factory=dict)
    history: list[tuple[int, str, int, str | None]] = field(default_factory=list)


def truth_of(db_url: str, table_id: str) -> Truth:
    """Replay ``table_id``'s stored log (read with the server's own storage)."""
    db = Database(db_url, migrate=False)
    try:
        stored = db.load(table_id)
    finally:
        db.close()
    game = load(stored.game, **stored.options)
    state = game.new_initial_state().initial_state()
    viewers: list[int | None] = [None, *range(game.num_players)]
    truth = Truth(stored.game, stored.seed, state, history=stored.actions)
    seen: dict[int | None, set[str]] = {v: set() for v in viewers}

    def note(seq: int) -> None:
        truth.legal[seq] = (state.current_player(), state.legal_action_strings())
        for viewer in viewers:
            view = json.dumps(state.view(viewer), sort_keys=True)
            truth.views[(seq, viewer)] = view
            seen[viewer] |= set(CARD.findall(view))
            seen[viewer] |= set(CARD.findall(json.dumps(state.events(seq - 1, viewer))))
            truth.known[(seq, viewer)] = frozenset(seen[viewer])

    note(0)
    for seq, action, _actor, _by in stored.actions:
        state.step(state.string_to_action(action))
        note(seq)
    truth.final = state
    truth.events = {v: {json.dumps(e, sort_keys=True) for e in state.events(0, v)} for v in viewers}
    return truth


def check_frame(truth: Truth, viewer: int | None, frame: dict, lang: str = "en") -> None:
    """Assert that ``frame`` (a state message or any answer) sent to
    ``viewer`` holds nothing the viewer may not know (module docstring)."""
    raw = json.dumps(frame, ensure_ascii=False)
    assert str(truth.seed) not in raw, "the seed was sent"

    def keys(value: Any) -> None:
        if isinstance(value, dict):
            bad = SECRET_KEYS & set(value)
            assert not bad, f"secret keys {bad} sent"
            for item in value.values():
                keys(item)
        elif isinstance(value, list):
            for item in value:
                keys(item)

    keys(frame)
    seq = frame.get("seq")
    if not isinstance(seq, int):
        return
    if "legal" in frame:
        mover, legal = truth.legal[seq]
        playing = frame.get("status") == "playing"  # waiting: nothing is played yet
        assert frame["legal"] == (legal if viewer is not None and viewer == mover and playing else []), \
            f"seat {viewer} at seq {seq} got legal actions that are not its own"
        assert [x["action"] for x in frame.get("legal_labels", ())] == frame["legal"]
    if "help" in frame:
        expected = None
        if viewer is not None and frame["legal"]:
            st = style(lang, [s.get("name") for s in frame.get("seats", ())])
            expected = help_for(truth.game, json.loads(truth.views[(seq, viewer)]), st, frame["legal"])
        assert frame["help"] == expected, "help not made from the seat's own view and choices"
        raw = json.dumps({k: v for k, v in frame.items() if k != "help"}, ensure_ascii=False)
    known = truth.known[(seq, viewer)]
    found = set(CARD.findall(raw))
    names = card_names(truth.game, lang)
    found |= {code for code, name in names.items()
              if lang != "en" and CARD.fullmatch(code) and re.search(rf"\b{re.escape(name)}\b", raw)}
    leaked = found - known
    assert not leaked, f"seat {viewer} at seq {seq} was sent cards it cannot know: {sorted(leaked)}"
    if "view" in frame:
        assert json.dumps(frame["view"], sort_keys=True) == truth.views[(seq, viewer)], \
            f"the view sent to seat {viewer} at seq {seq} is not that seat's view"
        assert frame.get("seat") == viewer
    for event in frame.get("events", ()):
        plain = {k: v for k, v in event.items() if k not in ("text", "brief")}
        if plain["kind"] == "clock_ran_out":  # the server's: the move played, where the viewer may see it
            assert plain["action"] is None or truth.history[plain["seq"] - 1][1] == plain["action"]
            continue
        assert json.dumps(plain, sort_keys=True) in truth.events[viewer], \
            f"event {plain} is not one seat {viewer} may see"


# ----- players -----------------------------------------------------------------------------------

async def ws_player(ws_url: str, table: str, token: str | None, frames: list, *, lang: str = "en",
                    rng: random.Random | None = None, act: bool = True, reconnect_every: int = 0,
                    timeout: float = 120.0) -> dict:
    """Play one seat over the WebSocket until the game is over: on each state
    where the seat is to move, send one of its legal actions. Every frame
    received is appended to ``frames``. ``reconnect_every``: reconnect after
    that many frames (a fresh full state each time). Returns the last state."""
    from websockets.asyncio.client import connect

    rng = rng or random.Random(0)
    headers = auth(token) if token else {"Origin": ws_url.replace("ws://", "http://", 1)}
    last: dict = {}
    acted: set[int] = set()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        async with connect(f"{ws_url}/ws/tables/{table}?lang={lang}", additional_headers=headers,
                           max_size=2 ** 22) as ws:
            count = 0
            while True:
                remaining = deadline - loop.time()
                if remaining <= 0:
                    raise TimeoutError(f"game at table {table} did not end; last state seq {last.get('seq')}")
                message = json.loads(await asyncio.wait_for(ws.recv(), remaining))
                frames.append(message)
                count += 1
                if message["type"] == "error":
                    if message["code"] in ("stale_seq", "not_your_turn"):
                        continue
                    raise AssertionError(f"error from the server: {message}")
                last = message
                if message["status"] == "finished":
                    return last
                if reconnect_every and count >= reconnect_every:
                    break
                if act and message["legal"] and message["seq"] not in acted:
                    acted.add(message["seq"])
                    await ws.send(json.dumps({"type": "act", "action": rng.choice(message["legal"]),
                                              "seq": message["seq"]}))



# ----- tables in an in-process app --------------------------------------------------------------

def new_table(client: Any, game: str = "ugo", seats: Any = ("human", "human"), options: dict | None = None,
              open_seats: bool = True, **extra: Any) -> tuple[str, list[str | None]]:
    """Make a table (a short game of ``game`` unless ``options``); with
    ``open_seats`` every person's seat is opened (its token used once), so
    the table plays. Returns its id and the tokens per seat (``None``: a bot)."""
    body = {"game": game, "options": SMALL[game] if options is None else options, "seats": list(seats), **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer = response.json()
    tokens = [entry and entry["token"] for entry in answer["seats"]]
    if open_seats:
        for token in tokens:
            if token:
                assert client.get(f"/api/tables/{answer['table']}", headers=auth(token)).status_code == 200
    return answer["table"], tokens


def error_of(response: Any, status: int, code: str | None = None) -> dict:
    """The JSON error of ``response``, checked: the status, ``{"error", "code"}``, no trace."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) >= {"error", "code"} and isinstance(body["error"], str) and body["error"]
    assert "Traceback" not in response.text
    if code is not None:
        assert body["code"] == code, body
    return body


# ----- waiting on the table itself (never on the clock) --------------------------------------------

TEST_ORIGIN = "http://testserver"
"""The origin of an in-process app's pages (the TestClient's base URL)."""


def watch(client: Any, table: str, until: Any, token: str | None = None, lang: str = "en") -> dict:
    """Read ``table``'s state messages over its WebSocket (a spectator's, or
    ``token``'s seat's) until ``until(message)`` is true; return that message.
    The server sends a state on connect and after every change, so this
    waits on the table's own signal; a condition that never comes is ended by
    the test's timeout."""
    headers = auth(token) if token else {"Origin": TEST_ORIGIN}
    with client.websocket_connect(f"/ws/tables/{table}?lang={lang}", headers=headers) as ws:
        while True:
            message = ws.receive_json()
            if message["type"] == "state" and until(message):
                return message


def play_out(client: Any, table: str, tokens: list[str | None]) -> dict:
    """Play ``table`` to its end over HTTP, each person's seat making its
    first legal move when it is to move (the bots play themselves); returns
    the finished table's last state message. Every person's seat is
    opened first, so a waiting table starts."""
    for token in tokens:
        if token:
            assert client.get(f"/api/tables/{table}", headers=auth(token)).status_code == 200
    while True:
        state = watch(client, table, lambda m: m["status"] == "finished"
                      or (m["to_move"] is not None and tokens[m["to_move"]] is not None))
        if state["status"] == "finished":
            return state
        token = tokens[state["to_move"]]
        seat_state = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        response = client.post(f"/api/tables/{table}/actions", headers=auth(token),
                               json={"action": seat_state["legal"][0], "seq": seat_state["seq"]})
        assert response.status_code == 200, response.text


async def watch_live(ws_url: str, table: str, until: Any, token: str | None = None, timeout: float = 120.0) -> dict:
    """:func:`watch` against a real server (``ws_url``: ``ws://host:port``):
    ``TimeoutError`` naming the last state seen if ``until`` is not met
    within ``timeout`` seconds."""
    from websockets.asyncio.client import connect

    headers = auth(token) if token else {"Origin": ws_url.replace("ws://", "http://", 1)}
    last: dict = {}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    async with connect(f"{ws_url}/ws/tables/{table}", additional_headers=headers, proxy=None,
                       max_size=2 ** 22) as ws:
        while True:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"table {table}: the condition never held; last state seq {last.get('seq')}, "
                                   f"status {last.get('status')}")
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), remaining))
            except asyncio.TimeoutError:
                continue
            if message.get("type") == "state":
                last = message
                if until(message):
                    return message


# ----- framing: one move per state message ---------------------------------------------------------

def check_framing(frames: list[dict], history: list[tuple[int, str, int, str | None]], viewer: Any) -> int:
    """Assert WEB-API.md's framing on one connection's state messages, in the
    order received, against the table's stored log: no message after the
    first carries moves of two seats, every move comes first in its message
    (chance outcomes may follow it), and the message before it named that
    seat in ``to_move``. Full messages (a first sync, a new language) reset
    the count. Returns how many moves the connection saw, each in a message
    of its own."""
    actor = {seq: who for seq, _action, who, _by in history}
    previous: dict | None = None
    moves = 0
    for frame in frames:
        if frame.get("type", "state") != "state":
            continue
        if previous is None or frame.get("full"):
            previous = frame
            continue
        low, high = previous["seq"], frame["seq"]
        assert high >= low, f"{viewer}: the seq went back from {low} to {high}"
        movers = [(seq, actor[seq]) for seq in range(low + 1, high + 1) if actor[seq] >= 0]
        assert len(movers) <= 1, f"{viewer}: one state message carried the moves {movers}"
        if movers:
            seq, seat = movers[0]
            assert seq == low + 1, f"{viewer}: the move at {seq} came after chance in its message ({low}..{high})"
            assert previous["to_move"] == seat, \
                f"{viewer}: seat {seat}'s move at {seq} followed a message with to_move {previous['to_move']}"
            moves += 1
        previous = frame
    return moves


def moves_after(history: list[tuple[int, str, int, str | None]], seq: int) -> int:
    """How many seats' moves the log has after ``seq``."""
    return sum(1 for s, _action, who, _by in history if s > seq and who >= 0)
