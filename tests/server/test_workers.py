"""Several workers (``herna serve --workers 2 --db postgresql://... --redis
redis://...``): two people whose WebSockets sit on different workers play a
whole game together with a bot; each sees every move of the other (the
change crosses from one worker to the other through Redis and the shared
database), and the bot's moves reach both.

Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust; a fresh database
per test: the ``fresh_pg_url`` fixture) and Redis on 127.0.0.1:6379 (a prefix of
its own per run); skipped, saying which is missing, without them.

Which worker holds a socket: the state message's ``worker`` field (the
worker's pid) when the server sends it, else found from ``/proc`` (the
worker process that owns the server side of the TCP connection).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import uuid
from pathlib import Path

import pytest

from tests.server.live import TEST_SEED, LiveServer
from tests.server.helpers import watch_live

REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
GAME, OPTIONS = "trumfosaur", {"target_score": 4}
SEATS = ["human", "human", "random"]
PLAY_TIMEOUT = 60.0

pytestmark = pytest.mark.timeout(300)


def _redis_reachable() -> bool:
    try:
        with socket.create_connection((REDIS_HOST, REDIS_PORT), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


# ----- which worker holds a socket (Linux /proc) ----------------------------------------------------

def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        for child in children.get(pid, []):
            out.append(child)
            todo.append(child)
    return out


def _socket_inode(server_port: int, client_port: int) -> str | None:
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, remote, inode = fields[1], fields[2], fields[9]
            if int(local.rsplit(":", 1)[1], 16) == server_port and int(remote.rsplit(":", 1)[1], 16) == client_port:
                return inode
    return None


def worker_by_proc(server: LiveServer, client_port: int) -> int | None:
    """The pid of the process of ``server`` that holds the connection from ``client_port``."""
    inode = _socket_inode(server.port, client_port)
    if inode is None or server.process is None:
        return None
    target = f"socket:[{inode}]"
    for pid in _descendants(server.process.pid):
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    if os.readlink(fd) == target:
                        return pid
                except OSError:
                    continue
        except OSError:
            continue
    return None


# ----- the players ------------------------------------------------------------------------------------

class Player:
    """One person's WebSocket: plays a random legal move whenever it must,
    and remembers every state it got."""

    def __init__(self, seat: int, ws, worker: int) -> None:
        self.seat = seat
        self.ws = ws
        self.worker = worker
        self.states: list[dict] = []
        self.sent: list[int] = []  # seqs this player acted at
        self.rng = random.Random(seat)

    async def play(self) -> dict:
        while True:
            message = json.loads(await self.ws.recv())
            if message["type"] == "error":
                if message["code"] in ("stale_seq", "not_your_turn"):
                    continue
                raise AssertionError(f"seat {self.seat}: error {message}")
            if message["type"] != "state":
                continue
            self.states.append(message)
            if message["status"] == "finished":
                return message
            seq = message["seq"]
            if message["legal"] and seq not in self.sent:
                self.sent.append(seq)
                await self.ws.send(json.dumps({"type": "act", "action": self.rng.choice(message["legal"]),
                                               "seq": seq}))


async def _open(server: LiveServer, table: str, token: str):
    from websockets.asyncio.client import connect

    ws = await connect(f"{server.ws_url}/ws/tables/{table}", additional_headers={"Authorization": f"Bearer {token}"},
                       proxy=None, max_size=2 ** 22, open_timeout=30)
    first = json.loads(await asyncio.wait_for(ws.recv(), 30))
    assert first["type"] == "state", first
    worker = first.get("worker")
    if worker is None:
        worker = worker_by_proc(server, ws.local_address[1])
    return ws, worker, first


BATCH = 8
"""Sockets opened at once while looking for the other worker."""


async def _seat_on_each_worker(server: LiveServer, table: str, tokens: list[str], attempts: int = 160):
    """One socket for seat 0 and one for seat 1, on two different workers
    (sockets land where the kernel puts them: keep opening until they differ)."""
    await asyncio.to_thread(server.wait_output, "Application startup complete", 2)
    ws0, worker0, _ = await _open(server, table, tokens[0])
    assert worker0 is not None, "cannot tell which worker holds the socket (no 'worker' field, no /proc)"
    spare = []
    try:
        for _ in range(attempts // BATCH):
            # several at once: one after another, the worker that just accepted
            # is often the one the kernel wakes for the next connection too
            opened = await asyncio.gather(*(_open(server, table, tokens[1]) for _ in range(BATCH)))
            for ws1, worker1, _ in opened:
                if worker1 != worker0:
                    spare += [ws for ws, _, _ in opened if ws is not ws1]
                    return (ws0, worker0), (ws1, worker1)
            spare += [ws for ws, _, _ in opened]
        raise AssertionError(f"{attempts} sockets all landed on worker {worker0}")
    finally:
        await asyncio.gather(*(ws.close() for ws in spare), return_exceptions=True)


# ----- the test -------------------------------------------------------------------------------------

@pytest.fixture
def redis_args() -> tuple[str, ...]:
    """``--redis URL --redis-prefix P``: a prefix of this test's own (runs sharing a Redis never meet)."""
    if not _redis_reachable():
        pytest.skip(f"Redis is not reachable at {REDIS_HOST}:{REDIS_PORT}")
    return "--redis", f"redis://{REDIS_HOST}:{REDIS_PORT}/0", "--redis-prefix", f"herna-test-{uuid.uuid4().hex}"


@pytest.fixture
def two_workers(fresh_pg_url: str, redis_args: tuple[str, ...]):
    server = LiveServer(fresh_pg_url, args=("--workers", "2", *redis_args))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_two_people_on_two_workers_play_a_whole_game(two_workers: LiveServer):
    import httpx

    server = two_workers

    async def main() -> None:
        async with httpx.AsyncClient(base_url=server.url, trust_env=False, timeout=30) as http:
            answer = await http.post("/api/tables", json={"game": GAME, "options": OPTIONS, "seats": SEATS})
            assert answer.status_code == 201, answer.text
            created = answer.json()
            table = created["table"]
            tokens = [seat["token"] for seat in created["seats"][:2]]
            (ws0, w0), (ws1, w1) = await _seat_on_each_worker(server, table, tokens)
            assert w0 != w1
            players = [Player(0, ws0, w0), Player(1, ws1, w1)]
            try:
                finals = await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), PLAY_TIMEOUT)
            except asyncio.TimeoutError:
                where = "; ".join(f"seat {p.seat} on worker {p.worker}: last seq "
                                  f"{p.states[-1]['seq'] if p.states else None}, to move "
                                  f"{p.states[-1]['to_move'] if p.states else None}" for p in players)
                raise AssertionError(f"the game stalled ({PLAY_TIMEOUT:g} s): {where}") from None
            finally:
                await asyncio.gather(*(ws.close() for ws in (ws0, ws1)), return_exceptions=True)
            stored = (await http.get(f"/api/tables/{table}")).json()
        assert all(f["status"] == "finished" for f in finals)
        assert stored["status"] == "finished" and finals[0]["seq"] == finals[1]["seq"] == stored["seq"]
        assert finals[0]["winners"] == finals[1]["winners"] == stored.get("winners")
        for me, other in (players, players[::-1]):
            assert other.sent, f"seat {other.seat} never moved"
            # every move of the other person reached me, from the other worker
            seen_seqs = [s["seq"] for s in me.states]
            for acted_at in other.sent:
                assert any(seq > acted_at for seq in seen_seqs), \
                    f"seat {me.seat} (worker {me.worker}) never saw seat {other.seat}'s move at seq {acted_at}"
            # ... and its events, seat and seq, in my messages
            mine = {(e["seq"], e.get("seat")) for s in me.states for e in s["events"]}
            missing = [seq for seq in other.sent if (seq + 1, other.seat) not in mine]
            assert not missing, f"seat {me.seat} got no event of seat {other.seat}'s moves at {missing[:5]}"
            # the bot (seat 2) moved too, and both saw it
            assert any(e.get("seat") == 2 for s in me.states for e in s["events"])
            # the seqs a socket got never go back
            assert seen_seqs == sorted(seen_seqs)

    asyncio.run(main())


def test_both_workers_resume_a_bot_table_and_it_is_played_once(fresh_pg_url: str, redis_args: tuple[str, ...]):
    """A table stored with only bots and no driver (as if its server died):
    both workers resume it at start-up, race for every move, and the game is
    played exactly once (the stored log replays to the end)."""
    from herna.core import load
    from herna.server.botpool import BotPool
    from herna.server.db import Database
    from herna.server.tables import TableService, replay

    async def store() -> str:
        service = TableService(Database(fresh_pg_url, migrate=True), BotPool(0), seed=TEST_SEED)
        service.closing = True  # store the table and its deal, start no driver
        table, _ = await service.create(GAME, OPTIONS, ["random", "random", "random"])
        await asyncio.to_thread(service.db.close)
        return table.id

    table = asyncio.run(store())
    server = LiveServer(fresh_pg_url, args=("--workers", "2", *redis_args)).start()
    try:
        server.wait_output("Application startup complete", 2)
        state = asyncio.run(watch_live(server.ws_url, table, lambda m: m["status"] == "finished", timeout=60))
        assert state["status"] == "finished"
    finally:
        server.stop()
    failures = [line for line in server.output if "Traceback" in line or "failed" in line]
    assert not failures, "\n".join(server.output[-40:])
    db = Database(fresh_pg_url, migrate=False)
    try:
        stored = db.load(table)
    finally:
        db.close()
    final = replay(load(stored.game, **stored.options), stored.actions)
    assert final.is_terminal() and stored.seq == len(stored.actions) == final.num_actions()
