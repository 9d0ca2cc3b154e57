"""Helpers of the tests that run ``herna serve --workers N`` (PostgreSQL and
Redis): whether Redis answers, which worker process holds a socket (Linux
``/proc``: the worker that owns the server side of the TCP connection, unless
the state message says), and a socket for each of two seats on two different
workers."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
from pathlib import Path

from tests.server.live import LiveServer

REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
REDIS_URL = f"redis://{REDIS_HOST}:{REDIS_PORT}/0"


def redis_reachable() -> bool:
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


async def open_socket(server: LiveServer, table: str, token: str):
    """A seat's socket at ``table``: ``(ws, the pid of the worker holding it, the first state message)``."""
    from websockets.asyncio.client import connect

    ws = await connect(f"{server.ws_url}/ws/tables/{table}", additional_headers={"Authorization": f"Bearer {token}"},
                       proxy=None, max_size=2 ** 22, open_timeout=30)
    first = json.loads(await asyncio.wait_for(ws.recv(), 120))
    assert first["type"] == "state", first
    worker = first.get("worker")
    if worker is None:
        worker = worker_by_proc(server, ws.local_address[1])
    return ws, worker, first


BATCH = 8
"""Sockets opened at once while looking for the other worker."""


async def seat_on_each_worker(server: LiveServer, table: str, tokens: list[str], attempts: int = 160):
    """One socket for seat 0 and one for seat 1, on two different workers
    (sockets land where the kernel puts them: keep opening until they differ):
    ``(ws, worker pid, first state message)`` for each."""
    await asyncio.to_thread(server.wait_output, "Application startup complete", 2)
    ws0, worker0, first0 = await open_socket(server, table, tokens[0])
    assert worker0 is not None, "cannot tell which worker holds the socket (no 'worker' field, no /proc)"
    spare = []
    try:
        for _ in range(attempts // BATCH):
            # several at once: one after another, the worker that just accepted
            # is often the one the kernel wakes for the next connection too
            opened = await asyncio.gather(*(open_socket(server, table, tokens[1]) for _ in range(BATCH)))
            for ws1, worker1, first1 in opened:
                if worker1 != worker0:
                    spare += [ws for ws, _, _ in opened if ws is not ws1]
                    return (ws0, worker0, first0), (ws1, worker1, first1)
            spare += [ws for ws, _, _ in opened]
        raise AssertionError(f"{attempts} sockets all landed on worker {worker0}")
    finally:
        await asyncio.gather(*(ws.close() for ws in spare), return_exceptions=True)
