"""``herna serve`` as a real process: races, whole games over WebSockets,
the wire leak test, kill -9 and restart (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

import herna
from herna.server.db import Database
from tests.helpers import add_to_report
from tests.server.live import LiveServer, label_headers
from tests.server.helpers import (
    SMALL, auth, check_frame, check_framing, moves_after, truth_of, watch_live, ws_player,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("live")
    live = LiveServer(f"sqlite:///{folder / 'herna.sqlite3'}").start()
    yield live
    assert live.stop() in (0, -15), "\n".join(live.output[-30:])  # -15: uvicorn re-raises SIGTERM after a clean stop


def create(base: str, game: str, seats: list, options: dict | None = None, open_seats: bool = False
           ) -> tuple[str, list]:
    """A table; with ``open_seats`` every person's seat is opened over HTTP (the table plays)."""
    response = httpx.post(f"{base}/api/tables", json={"game": game, "options": options or SMALL[game],
                                                      "seats": seats}, headers=label_headers(), timeout=30)
    assert response.status_code == 201, response.text
    body = response.json()
    tokens = [s and s["token"] for s in body["seats"]]
    for token in tokens:
        if open_seats and token:
            assert httpx.get(f"{base}/api/tables/{body['table']}", headers=auth(token), timeout=30).is_success
    return body["table"], tokens


def stored_history(db_url: str, table: str) -> list[tuple[int, str, int, str | None]]:
    db = Database(db_url, migrate=False)
    try:
        return db.load(table).actions
    finally:
        db.close()


def check_log(db_url: str, table: str, game: str, options: dict) -> herna.core.State:
    """The stored log is a legal game (checked replay) that is over."""
    actions = stored_history(db_url, table)
    assert [seq for seq, _, _, _ in actions] == list(range(1, len(actions) + 1))
    state = herna.load(game, **options).from_json({"game": game, "options": options,
                                                   "history": [a for _, a, _, _ in actions]})
    assert state.is_terminal()
    return state


# ----- races ---------------------------------------------------------------------------------------

@pytest.mark.timeout(120)
def test_two_clients_racing_on_one_seq_get_one_200_and_one_409(server):
    table, tokens = create(server.url, "ugo", ["human", "human"], open_seats=True)
    outcomes = []
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for _ in range(8):
            state = http.get(f"/api/tables/{table}").json()
            if state["status"] == "finished":
                break
            mover = state["to_move"]
            mine = http.get(f"/api/tables/{table}", headers=auth(tokens[mover])).json()
            legal = mine["legal"]
            choices = [legal[0], legal[-1]]
            barrier = threading.Barrier(2)
            results: list[int] = []

            def racer(action: str) -> None:
                with httpx.Client(base_url=server.url, timeout=30) as own:
                    barrier.wait()
                    response = own.post(f"/api/tables/{table}/actions", headers=auth(tokens[mover]),
                                        json={"action": action, "seq": mine["seq"]})
                    results.append(response.status_code)
                    if response.status_code == 409:
                        assert response.json()["seq"] > mine["seq"]

            threads = [threading.Thread(target=racer, args=(a,)) for a in choices]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
            outcomes.append(sorted(results))
            after = http.get(f"/api/tables/{table}").json()
            assert after["seq"] >= mine["seq"] + 1
    assert outcomes and all(result == [200, 409] for result in outcomes), outcomes


# ----- whole games over WebSockets ----------------------------------------------------------------

GAMES = {
    "ugo": ["human", "greedy", "human"],
    "trumfosaur": ["human", "random", "human", "greedy"],
    "kurnik": ["greedy", "human", "human"],
}


@pytest.mark.timeout(180)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_with_one_websocket_per_human_seat(server, game):
    table, tokens = create(server.url, game, GAMES[game])

    async def play() -> list[dict]:
        frames: list[list] = [[] for _ in tokens]
        players = [ws_player(server.ws_url, table, token, frames[k], rng=random.Random(k))
                   for k, token in enumerate(tokens) if token]
        return await asyncio.gather(*players)

    finals = asyncio.run(play())
    for final in finals:
        assert final["status"] == "finished" and final["winners"] is not None and final["legal"] == []
        assert any(e["kind"] == "game_over" for e in final["events"]) or final["full"] is False
    state = check_log(server.db_url, table, game, {**SMALL[game], "players": len(tokens)})
    assert finals[0]["view"]["scores"] == state.view(None)["scores"]


# ----- the leak test ----------------------------------------------------------------------------------

LEAK_GAMES = {
    "ugo": (["human", "human", "human"], {"rounds": 2}),
    "trumfosaur": (["human", "human", "human", "greedy"], {"target_score": 24, "master": True}),
    "kurnik": (["human", "human", "human"], {}),
}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", list(LEAK_GAMES))
def test_no_seat_is_ever_sent_what_it_may_not_know(server, game):
    """Every WebSocket frame and HTTP answer sent to each seat and to a
    spectator (first sync, reconnects, the log, Czech words) holds no card
    the seat cannot know (another's hand, a hidden invitation, the deck),
    no seed and no secret key; its view and events are exactly the seat's."""
    seats, options = LEAK_GAMES[game]
    table, tokens = create(server.url, game, seats, options)
    frames: dict[int | None, list[tuple[str, dict]]] = {k: [] for k in [None, *range(len(seats))]
                                                        if k is None or tokens[k]}
    sockets: dict[int | None, list[dict]] = {}

    async def poll(changed: asyncio.Event, done: asyncio.Event) -> None:
        """After every frame a player gets, every viewer's HTTP answer too."""
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            while not done.is_set():
                await changed.wait()
                changed.clear()
                for seat in frames:
                    token = tokens[seat] if seat is not None else None
                    lang = "cs" if seat == 1 else "en"
                    response = await http.get(f"/api/tables/{table}?lang={lang}", headers=auth(token))
                    frames[seat].append((lang, response.json()))

    class Sink(list):
        """A player's frames; each new one wakes the HTTP poller."""

        def __init__(self, changed: asyncio.Event) -> None:
            super().__init__()
            self.changed = changed

        def append(self, item: object) -> None:
            super().append(item)
            self.changed.set()

    async def run() -> None:
        changed, done = asyncio.Event(), asyncio.Event()
        sinks: dict[int | None, list] = {k: Sink(changed) for k in frames}
        poller = asyncio.create_task(poll(changed, done))
        players = [ws_player(server.ws_url, table, token, sinks[k], rng=random.Random(k),
                             lang="cs" if k == 1 else "en", reconnect_every=7 if k == 0 else 0)
                   for k, token in enumerate(tokens) if token]
        spectator = ws_player(server.ws_url, table, None, sinks[None], act=False, reconnect_every=11)
        await asyncio.gather(*players, spectator)
        done.set()
        changed.set()
        await poller
        for seat, sink in sinks.items():
            frames[seat].extend(("cs" if seat == 1 else "en", frame) for frame in sink)
            sockets[seat] = list(sink)

    asyncio.run(run())
    truth = truth_of(server.db_url, table)
    assert truth.final.is_terminal()
    checked = 0
    for seat, sent in frames.items():
        assert sent, f"seat {seat} got nothing"
        for lang, frame in sent:
            check_frame(truth, seat, frame, lang)
            checked += 1
    full = sum(1 for sent in frames.values() for _, f in sent if f.get("full"))
    moves = {seat: check_framing(sent, truth.history, seat) for seat, sent in sockets.items()}
    print(f"{game}: {checked} frames checked ({full} full states), {len(truth.history)} actions, "
          f"moves seen per socket {moves}")
    # the sockets that never reconnected saw every move after their first state, one message each
    for seat in (1, 2):
        first = next(m for m in sockets[seat] if m.get("type") == "state")
        assert moves[seat] == moves_after(truth.history, first["seq"]), f"seat {seat} missed a move"
    record_leak_counts(game, {"frames_checked": checked, "full_states": full, "actions": len(truth.history),
                              "viewers": len(frames), "leaks": 0})


LEAK_COUNTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "leak-counts.json"
"""Where the wire leak test writes what it checked per game (a CI artifact)."""


def record_leak_counts(game: str, counts: dict) -> None:
    """Add ``game``'s counts to :data:`LEAK_COUNTS` (one JSON object per game)."""
    add_to_report(LEAK_COUNTS, {game: counts})


# ----- kill -9 and restart ----------------------------------------------------------------------------

def _play_http(base: str, table: str, tokens: list, acked: list, moves: int, rng: random.Random) -> dict:
    """Play ``moves`` human moves over HTTP (or to the end); record ``(seq,
    action)`` of each 200. While a bot is to move, wait on the table's
    WebSocket for its next state (no polling: the number of moves made
    before a kill does not depend on how fast the bot is)."""
    ws_url = "ws://" + base.split("://", 1)[1]
    with httpx.Client(base_url=base, timeout=30) as http:
        state = http.get(f"/api/tables/{table}").json()
        for _ in range(moves * 50):
            if moves <= 0 or state["status"] == "finished":
                break
            mover = state["to_move"]
            if mover is None or tokens[mover] is None:
                state = asyncio.run(watch_live(ws_url, table, lambda m, seq=state["seq"]: m["seq"] > seq
                                               or m["status"] == "finished" or (m["to_move"] is not None
                                                                                and tokens[m["to_move"]] is not None)))
                continue
            mine = http.get(f"/api/tables/{table}", headers=auth(tokens[mover])).json()
            if not mine["legal"]:
                state = mine
                continue
            action = rng.choice(mine["legal"])
            response = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[mover]),
                                 json={"action": action, "seq": mine["seq"]})
            assert response.status_code == 200, response.text
            assert response.json()["seq"] == mine["seq"] + 1
            acked.append((response.json()["seq"], action))
            moves -= 1
            state = http.get(f"/api/tables/{table}").json()
        return state


@pytest.mark.timeout(240)
def test_kill_9_and_restart_loses_no_acknowledged_action(live_server, db_url):
    game, seats = "ugo", ["human", "greedy", "human"]
    server = live_server(db_url=db_url)
    table, tokens = create(server.url, game, seats, {"rounds": 1}, open_seats=True)
    acked: list[tuple[int, str]] = []
    rng = random.Random(7)
    _play_http(server.url, table, tokens, acked, 6, rng)
    server.kill()
    assert stored_history(db_url, table)[acked[-1][0] - 1][1] == acked[-1][1]
    server.start()
    _play_http(server.url, table, tokens, acked, 3, rng)
    server.kill()
    server.start()
    final = _play_http(server.url, table, tokens, acked, 10_000, rng)
    assert final["status"] == "finished"
    history = stored_history(db_url, table)
    by_seq = {seq: (action, actor) for seq, action, actor, _by in history}
    assert [by_seq[seq][0] for seq, _ in acked] == [action for _, action in acked]
    assert [seq for seq, _ in acked] == sorted(seq for seq, _ in acked)
    # every person's move is one they made and had acknowledged (their only legal moves too)
    assert {seq for seq, _action, actor, _by in history if actor in (0, 2)} == {seq for seq, _ in acked}
    check_log(db_url, table, game, {"rounds": 1, "players": 3})


@pytest.mark.timeout(240)
def test_a_bots_only_table_is_resumed_after_a_restart(live_server, db_url):
    server = live_server(db_url=db_url)
    table, _ = create(server.url, "trumfosaur", ["ismcts:0.05s", "ismcts:0.05s"], {"target_score": 6})
    server.kill()
    seq = len(stored_history(db_url, table))
    server.start()
    state = asyncio.run(watch_live(server.ws_url, table, lambda m: m["status"] == "finished"))
    assert state["status"] == "finished" and state["seq"] > seq
    check_log(db_url, table, "trumfosaur", {"target_score": 6, "players": 2})


# ----- the command line -------------------------------------------------------------------------------

def _serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "herna.cli.main", "serve", *args], capture_output=True,
                          text=True, timeout=60)


@pytest.mark.timeout(120)
def test_serve_refuses_a_set_up_it_cannot_run_in_one_line(tmp_path: Path, server):
    several = _serve("--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert several.returncode == 2 and several.stderr.strip().count("\n") == 0
    assert "PostgreSQL" in several.stderr and "Redis" in several.stderr
    other = _serve("--db", "mysql://localhost/x")
    assert other.returncode == 2 and "unsupported database URL" in other.stderr
    taken = _serve("--port", server.url.rsplit(":", 1)[1], "--db", f"sqlite:///{tmp_path / 'y.sqlite3'}")
    assert taken.returncode == 2 and "cannot listen" in taken.stderr and "Traceback" not in taken.stderr


@pytest.mark.timeout(120)
def test_serve_uses_the_data_dir_says_the_url_and_stops_gracefully(tmp_path: Path):
    live = LiveServer(db_url="", args=("--data-dir", str(tmp_path / "data")))
    live.start()
    try:
        assert f"herna is ready: open {live.url}/" in live.output
        assert httpx.get(f"{live.url}/api/health").json()["ok"] is True
        assert (tmp_path / "data" / "herna.sqlite3").exists()
    finally:
        assert live.stop() in (0, -15)
    assert any("Application shutdown complete" in line for line in live.output)
