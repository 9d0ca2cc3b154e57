"""``herna bench server``: load and latency of the web server.

What it measures: the server, not the bots. Every table has only human
seats (default: 2), each played by one WebSocket of this bench (the wire
contract, WEB-API.md) that, when its seat must move, waits a think pause
(uniform in 0.5..1.5 x ``--think`` seconds) and sends a random legal action
(``{"type": "act"}``, or ``POST /api/tables/{id}/actions`` with ``--via
http``). The **latency** of an action is the time from sending it to the
arrival, on each connection of that table (the mover's and the others'), of
the first state message whose ``seq`` covers it; one sample per action and
connection. Chance draws and automatic moves are the server's work, inside
that latency. A table whose game ends is replaced by a new one, so the number
of tables held stays the same.

By default the bench starts its own ``herna serve`` (one worker, a fresh
SQLite file in a temporary folder, bots in threads; none are used) on a free
loopback port; ``--url`` measures a running server instead. ``--db
postgresql://.../NAME`` serves from a fresh database made beside NAME for
the run (``NAME_bench_…``, dropped at the end); ``--workers N`` (N > 1, with
``--db postgresql://...`` and ``--redis redis://...``) starts N workers
sharing it, on a Redis prefix of the run's own. The report: tables held,
sockets, actions per second, latency p50/p90/p99/max in ms, the measured
second with the highest p99 (a stall shows there), errors by kind, and the
CPU seconds of the server and of the bench itself (both run on this machine,
so read the latency with the load), with the load average.

**Stages** (``--tables 100,200,400``): the tables grow to each number in
turn on the same server, each stage measured ``--seconds``. **Flood**
(``--flood R``): each stage is measured a second time while one more socket
(a seat of a table of its own) sends R moves a second at a future ``seq``
(reconnecting whenever the server closes it for abuse); the report gives the
others' p99 with and without it. The bench's own server limits new
sockets per client address (``--connect-limit``, default the server's:
:data:`herna.server.ws.CONNECT_LIMIT`), so each of the bench's sockets
connects from a loopback address of its own (127.1.x.y; the flooder from
127.2.0.1), as people on their own machines would. **Memory** (own server): the resident
memory (RSS) of each worker is sampled every ``--sample-every`` seconds from
the start; the report gives the samples and the growth of the total from the
end of the warm-up (the first 5 minutes of measuring, or the first sixth of
a shorter run) to the end. Each worker's own counts (``GET /api/health``:
tables read from the database, steps applied from other workers) close the
report.

``--profile FILE`` (own server only) runs the server under :mod:`cProfile`
(its event-loop thread; database calls run in threads and show up as waits)
and prints the functions with the most time.

Programmatic use: :func:`run` returns the report dict, :func:`format_report`
its text; ``python -m herna.server.bench --help`` works without the ``herna``
command.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import pstats
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import orjson

from herna.core.registry import available_games, record

from .gc_tuning import tune_gc
from .serve import main as serve_main
from .ws import check_connect_limit


def default_games() -> tuple[str, ...]:
    """The games of the bench's tables, in turn: every registered game."""
    return tuple(available_games())


READY = re.compile(r"herna is ready: open (\S+)")
SETUP_CONCURRENCY = 32
"""Tables created and sockets opened at once while setting up."""
SPREAD_BATCH, SPREAD_ROUNDS = 4, 10
"""Several workers: sockets opened at once, and how many times, looking for
a worker other than the one holding a table's other sockets
(:meth:`BenchTable.connect_elsewhere`)."""
DRAIN_SECONDS = 3.0
"""After the measured time: how long to wait for the answers to actions in flight."""
MEMORY_WARMUP = 300.0
"""Seconds of measuring after which memory growth is counted (or a sixth of a shorter run)."""
FLOOD_SEQ_AHEAD = 1000
"""How far ahead of the table the flooding socket's ``seq`` is."""
START_TIMEOUT = 60.0
"""Seconds the bench's own server has to start."""


@dataclass
class Options:
    """What one bench run does (see the module docstring)."""

    tables: int = 50
    seconds: float = 10.0
    url: str | None = None
    games: tuple[str, ...] = field(default_factory=default_games)
    players: int = 2
    think: float = 1.0
    via: str = "ws"
    seed: int = 0
    lang: str = "en"
    profile: str | None = None
    db: str | None = None
    quiet: bool = False
    stages: tuple[int, ...] = ()
    """Tables held in each stage, growing (default: ``(tables,)``)."""
    workers: int = 1
    redis: str | None = None
    flood: float = 0.0
    """Future-seq moves a second from one more socket, in a second measure of each stage (0: none)."""
    sample_every: float = 5.0
    """Seconds between memory samples of the bench's own server."""
    connect_limit: str | None = None
    """The own server's ``--connect-limit`` (``None``: its default)."""

    def stage_list(self) -> tuple[int, ...]:
        return self.stages or (self.tables,)


# ----- the bench's own server -------------------------------------------------------------------

class OwnServer:
    """``herna serve`` in a subprocess, for the bench (module docstring)."""

    def __init__(self, db: str | None = None, profile: str | None = None, workers: int = 1,
                 redis: str | None = None, connect_limit: str | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="herna-bench-"))
        self.db = db or f"sqlite:///{self.folder / 'bench.sqlite3'}"
        self.own_db: str | None = None
        """The PostgreSQL database made for this run (dropped by :meth:`stop`)."""
        self.profile = profile
        self.workers = workers
        self.redis = redis
        self.connect_limit = connect_limit
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.log = self.folder / "server.log"

    def start(self) -> str:
        if self.db.startswith("postgres"):
            self.db = self.own_db = make_bench_database(self.db)
        serve = {"host": "127.0.0.1", "port": 0, "db": self.db, "bot_workers": 0, "log_level": "warning",
                 "workers": self.workers, "connect_limit": self.connect_limit}
        if self.redis:
            serve.update(redis=self.redis, redis_prefix=f"herna-bench-{os.getpid()}-{int(time.time())}")
        args = json.dumps(serve)
        command = [sys.executable]
        if self.profile:
            command += ["-m", "cProfile", "-o", str(Path(self.profile).resolve())]
        command += ["-m", "herna.server.bench", "--serve-child", args]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        log = open(self.log, "w", encoding="utf-8")  # noqa: SIM115 - closed with the process
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env=env,
                                        start_new_session=True)
        log.close()
        found: list[str] = []
        process = self.process

        def read() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                match = READY.search(line)
                if match and not found:
                    found.append(match.group(1).rstrip("/"))

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + START_TIMEOUT
        while not found:
            if process.poll() is not None or time.monotonic() > deadline:
                tail = self.log.read_text(encoding="utf-8", errors="replace")[-3000:]
                self.stop()
                raise RuntimeError(f"the bench's server did not start:\n{tail}")
            time.sleep(0.05)
        self.url = found[0]
        return self.url

    def cpu_seconds(self) -> float | None:
        """User + system CPU seconds of the server process (and its reaped children) and its workers."""
        if self.process is None:
            return None
        pids = [self.process.pid, *(self.worker_pids() if self.workers > 1 else [])]
        times = [_proc_cpu(pid) for pid in pids]
        return sum(t for t in times if t is not None) if times[0] is not None else None

    def worker_pids(self) -> list[int]:
        """The processes serving requests: the server's own (one worker), else its worker processes."""
        if self.process is None:
            return []
        if self.workers == 1:
            return [self.process.pid]
        return [pid for pid in _children(self.process.pid) if b"spawn_main" in _cmdline(pid)]

    def rss_mb(self) -> dict[int, float]:
        """Resident memory of each worker, MB."""
        out = {}
        for pid in self.worker_pids():
            kb = _rss_kb(pid)
            if kb is not None:
                out[pid] = round(kb / 1024, 1)
        return out

    def stop(self) -> None:
        process = self.process
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)
        if process is not None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.own_db is not None:
            drop_bench_database(self.own_db)
            self.own_db = None
        shutil.rmtree(self.folder, ignore_errors=True)


def make_bench_database(url: str) -> str:
    """A new PostgreSQL database beside the one ``url`` names (same server
    and user; ``NAME_bench_`` and 8 hex digits): its URL. ``RuntimeError``
    (one line) if it cannot be made."""
    import psycopg  # the "server" extra's PostgreSQL driver

    from sqlalchemy.engine import make_url

    parts = make_url(url)
    name = f"{parts.database or 'herna'}_bench_{os.urandom(4).hex()}"
    admin = parts.set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
    except Exception as error:  # noqa: BLE001 - told in one line
        raise RuntimeError(f"cannot make the bench's database beside {parts.database!r}: "
                           f"{' '.join(str(error).split())[:200]}") from None
    return parts.set(database=name).render_as_string(hide_password=False)


def drop_bench_database(url: str) -> None:
    """Drop the database :func:`make_bench_database` made (a failure is printed, not raised)."""
    import psycopg

    from sqlalchemy.engine import make_url

    parts = make_url(url)
    admin = parts.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{parts.database}" WITH (FORCE)')
    except Exception as error:  # noqa: BLE001 - the run's result stands; say what is left behind
        print(f"warning: the bench's database {parts.database} was not dropped: {error}", file=sys.stderr)


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return out


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def _proc_cpu(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / ticks  # utime stime cutime cstime


def _serve_child(args: str) -> int:
    """The bench's server process: :func:`herna.server.serve.main` with JSON kwargs."""
    return serve_main(**json.loads(args))


# ----- the clients ---------------------------------------------------------------------------------

@dataclass
class Stats:
    """What one measured window counted (:meth:`reset` starts the next)."""

    samples: list[float] = field(default_factory=list)
    sample_times: list[float] = field(default_factory=list)
    mover: list[float] = field(default_factory=list)
    actions: int = 0
    acks: int = 0
    messages: int = 0
    bytes: int = 0
    games_over: int = 0
    errors: Counter = field(default_factory=Counter)
    recording: bool = False
    """New actions are measured (the window is open)."""
    window: int = 0
    """The window's number: an action's samples count in the window it was sent in."""

    def reset(self) -> None:
        self.samples, self.sample_times, self.mover = [], [], []
        self.actions = self.acks = self.messages = self.bytes = self.games_over = 0
        self.errors = Counter()
        self.window += 1


def _worker(raw: bytes | str) -> int | None:
    """The worker (pid) that sent a state message (``None`` for any other)."""
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    return message.get("worker") if isinstance(message, dict) else None


class BenchTable:
    """One table of the bench: its id, seats' tokens and sockets, the actions in flight."""

    def __init__(self, bench: "Bench", game: str) -> None:
        self.bench = bench
        self.game = game
        self.id = ""
        self.tokens: list[str] = []
        self.sockets: list[Any] = []
        self.tasks: list[asyncio.Task] = []
        self.acted: list[int] = []
        self.seen: list[int] = []
        self.pending: dict[int, tuple[float, set[int], int | None, int]] = {}
        """``{seq: (sent at, sockets still to answer, the window it is measured in or None, mover)}``."""
        self.over = False

    async def open(self) -> None:
        bench = self.bench
        body = {"game": self.game, "seats": ["human"] * bench.options.players}
        answer = await bench.http.post(f"{bench.url}/api/tables", json=body)
        if answer.status_code != 201:
            raise RuntimeError(f"POST /api/tables: {answer.status_code} {answer.text[:200]}")
        data = answer.json()
        self.id = data["table"]
        self.tokens = [seat["token"] for seat in data["seats"]]
        self.acted = [-1] * len(self.tokens)
        self.seen = [-1] * len(self.tokens)
        firsts: list[bytes | str] = []
        for k, token in enumerate(self.tokens):
            if bench.options.workers > 1 and k == len(self.tokens) - 1:
                ws, first = await self.connect_elsewhere(token, {_worker(raw) for raw in firsts})
            else:
                ws, first = await self.connect(token)
            self.sockets.append(ws)
            firsts.append(first)
        for k, ws in enumerate(self.sockets):
            self.tasks.append(asyncio.get_running_loop().create_task(self.listen(k, ws, firsts[k])))

    async def connect(self, token: str) -> tuple[Any, bytes | str]:
        """A socket of the seat of ``token`` and the first message it got (the table's state)."""
        from websockets.asyncio.client import connect  # websockets: the bench client's (the "test" extra)

        ws = await connect(f"{self.bench.ws_url}/ws/tables/{self.id}?lang={self.bench.options.lang}",
                           additional_headers={"Authorization": f"Bearer {token}"}, proxy=None,
                           max_size=None, open_timeout=30, ping_interval=None,
                           **self.bench.local_address())
        try:
            return ws, await asyncio.wait_for(ws.recv(), 60)
        except BaseException:
            await ws.close()
            raise

    async def connect_elsewhere(self, token: str, workers: set[int | None]) -> tuple[Any, bytes | str]:
        """:meth:`connect`, on a worker other than ``workers`` when the
        table's other sockets all sit on one: sockets land where the kernel
        puts them, often one after another on the worker that accepted the
        last, and a table on one worker never sends a step through the bus.
        Opens :data:`SPREAD_BATCH` sockets at once, keeps one on another
        worker, up to :data:`SPREAD_ROUNDS` times; else keeps the last one."""
        if len(workers) != 1:
            return await self.connect(token)
        for _ in range(SPREAD_ROUNDS):
            opened = await asyncio.gather(*(self.connect(token) for _ in range(SPREAD_BATCH)))
            chosen = next((pair for pair in opened if _worker(pair[1]) not in workers), opened[-1])
            await asyncio.gather(*(ws.close() for ws, _ in opened if ws is not chosen[0]), return_exceptions=True)
            if _worker(chosen[1]) not in workers:
                return chosen
            await chosen[0].close()
        return await self.connect(token)

    async def listen(self, seat: int, ws: Any, first: bytes | str) -> None:
        """Take the seat's messages (``first``, then the socket's): measure,
        act when the seat must move."""
        bench = self.bench
        stats = bench.stats

        async def received() -> Any:
            yield first
            async for raw in ws:
                yield raw

        try:
            async for raw in received():
                now = time.perf_counter()
                if stats.recording:
                    stats.messages += 1
                    stats.bytes += len(raw)
                message = orjson.loads(raw)
                kind = message.get("type")
                if kind == "error":
                    if stats.recording:
                        stats.errors[f"ws {message.get('code')}"] += 1
                    continue
                if kind != "state":
                    continue
                seq = message["seq"]
                self.seen[seat] = max(self.seen[seat], seq)
                for ack in [a for a in self.pending if a <= seq]:
                    sent, waiting, recorded, mover = self.pending[ack]
                    if seat in waiting:
                        waiting.discard(seat)
                        if recorded is not None and recorded == stats.window:
                            ms = (now - sent) * 1000
                            stats.samples.append(ms)
                            stats.sample_times.append(now)
                            if seat == mover:
                                stats.mover.append(ms)
                    if not waiting:
                        del self.pending[ack]
                if message.get("status") == "finished":
                    if not self.over:
                        self.over = True
                        if stats.recording:
                            stats.games_over += 1
                        bench.replace(self)
                    continue
                legal = message.get("legal") or []
                if legal and self.acted[seat] < seq and not bench.stopping:
                    self.acted[seat] = seq
                    asyncio.get_running_loop().create_task(self.act(seat, ws, seq, legal))
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - a closed or failed socket is counted, not fatal
            if not bench.stopping and not self.over:
                stats.errors[f"socket {type(error).__name__}"] += 1

    async def act(self, seat: int, ws: Any, seq: int, legal: list[str]) -> None:
        bench = self.bench
        think = bench.options.think
        if think > 0:
            await asyncio.sleep(think * (0.5 + bench.rng.random()))
        if bench.stopping or self.over or self.seen[seat] != seq:
            return
        action = bench.rng.choice(legal)
        recorded = bench.stats.recording
        self.pending[seq + 1] = (time.perf_counter(), set(range(len(self.sockets))),
                                 bench.stats.window if recorded else None, seat)
        if recorded:
            bench.stats.actions += 1
        try:
            if bench.options.via == "http":
                answer = await bench.http.post(f"{bench.url}/api/tables/{self.id}/actions",
                                               json={"action": action, "seq": seq},
                                               headers={"Authorization": f"Bearer {self.tokens[seat]}"})
                if answer.status_code != 200:
                    self.pending.pop(seq + 1, None)
                    if recorded:
                        bench.stats.errors[f"http {answer.status_code} {answer.json().get('code')}"] += 1
                elif recorded:
                    bench.stats.acks += 1
            else:
                await ws.send(orjson.dumps({"type": "act", "action": action, "seq": seq}).decode())
        except Exception as error:  # noqa: BLE001 - counted
            self.pending.pop(seq + 1, None)
            if recorded and not bench.stopping:
                bench.stats.errors[f"send {type(error).__name__}"] += 1

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)


class Bench:
    def __init__(self, options: Options, url: str) -> None:
        import httpx  # the bench client's (the "test" extra)

        self.options = options
        self.url = url.rstrip("/")
        self.ws_url = "ws" + self.url[len("http"):] if self.url.startswith("http") else self.url
        self.http = httpx.AsyncClient(trust_env=False, timeout=60,
                                      limits=httpx.Limits(max_connections=SETUP_CONCURRENCY * 2))
        self.rng = random.Random(options.seed)
        self.stats = Stats()
        self.tables: list[BenchTable] = []
        self.stopping = False
        self.t0 = time.perf_counter()
        self.background: set[asyncio.Task] = set()
        self.counter = 0
        self.own_server = options.url is None
        self.addresses = 0

    def local_address(self) -> dict[str, Any]:
        """Where the next person's socket connects from: with the bench's own
        server, a loopback address of its own (127.1.x.y; module docstring),
        so the server's limit of new sockets per address meets it as one person."""
        if not self.own_server:
            return {}
        self.addresses += 1
        k = self.addresses
        return {"local_addr": (f"127.1.{k // 250 % 250}.{k % 250 + 1}", 0)}

    def next_game(self) -> str:
        game = self.options.games[self.counter % len(self.options.games)]
        self.counter += 1
        return game

    def replace(self, table: BenchTable) -> None:
        """A finished table is closed and a new one opened in its place."""
        async def swap() -> None:
            await table.close()
            if table in self.tables:
                self.tables.remove(table)
            if self.stopping:
                return
            new = BenchTable(self, self.next_game())
            try:
                await new.open()
            except Exception as error:  # noqa: BLE001 - counted
                self.stats.errors[f"new table {type(error).__name__}"] += 1
                await new.close()
                return
            self.tables.append(new)

        task = asyncio.get_running_loop().create_task(swap())
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def grow(self, tables: int) -> None:
        """Open tables until ``tables`` are held."""
        gate = asyncio.Semaphore(SETUP_CONCURRENCY)

        async def one() -> None:
            table = BenchTable(self, self.next_game())
            async with gate:
                try:
                    await table.open()
                except BaseException:
                    await table.close()
                    raise
            self.tables.append(table)

        wanted = tables - len(self.tables)
        results = await asyncio.gather(*(one() for _ in range(wanted)), return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        if failures:
            raise RuntimeError(f"{len(failures)} of {wanted} tables could not be set up; first: {failures[0]!r}")

    async def setup(self) -> None:
        await self.grow(self.options.tables)

    async def window(self, server: OwnServer | None, tables: int, setup_s: float,
                     on_end: Callable[[], None] | None = None) -> dict[str, Any]:
        """Measure ``--seconds`` with what is running now; the report of the
        window (``on_end()`` is called when its time is up)."""
        self.stats.reset()
        cpu_bench0 = time.process_time()
        cpu_server0 = server.cpu_seconds() if server else None
        load0 = os.getloadavg()
        self.stats.recording = True
        t0 = self.t0 = time.perf_counter()
        held = []
        end = t0 + self.options.seconds
        while time.perf_counter() < end:
            await asyncio.sleep(min(0.5, max(0.0, end - time.perf_counter())))
            held.append(len(self.tables))
        self.stats.recording = False
        if on_end is not None:
            on_end()
        elapsed = time.perf_counter() - t0
        cpu_bench = time.process_time() - cpu_bench0
        cpu_server = (server.cpu_seconds() or 0) - (cpu_server0 or 0) if server else None
        load1 = os.getloadavg()
        window = self.stats.window
        drain_end = time.perf_counter() + DRAIN_SECONDS
        while time.perf_counter() < drain_end and self._waiting(window):
            await asyncio.sleep(0.05)
        lost = self._waiting(window)
        if lost:
            self.stats.errors["no state within the drain time"] += lost
        return self.report(elapsed, setup_s, cpu_bench, cpu_server, held, (load0, load1), tables)

    def _waiting(self, window: int) -> int:
        """Answers still due to the actions of ``window``."""
        return sum(len(p[1]) for t in self.tables for p in t.pending.values() if p[2] == window)

    async def run(self, server: OwnServer | None) -> dict[str, Any]:
        o = self.options
        sampler = Sampler(server, o.sample_every) if server is not None and server.worker_pids() else None
        if sampler is not None:
            sampler.start()
        stages = []
        try:
            for tables in o.stage_list():
                started = time.perf_counter()
                if sampler is not None:
                    sampler.phase = f"setting up {tables} tables"
                await self.grow(tables)
                setup_s = time.perf_counter() - started
                await asyncio.sleep(min(1.0, o.think) if o.think > 0 else 0.2)  # warm up
                if sampler is not None:
                    sampler.phase = f"{tables} tables"
                    sampler.measuring()
                stage = await self.window(server, tables, setup_s)
                if o.flood > 0:
                    if sampler is not None:
                        sampler.phase = f"{tables} tables, flood"
                    flooder = Flooder(self, o.flood)
                    await flooder.open()
                    try:
                        flooded = await self.window(server, tables, 0.0, on_end=flooder.stop_clock)
                    finally:
                        await flooder.close()
                    stage["flood"] = {**flooder.report(), "latency_ms": flooded["latency_ms"],
                                      "actions_per_s": flooded["actions_per_s"], "cpu": flooded["cpu"],
                                      "error_count": flooded["error_count"], "errors": flooded["errors"],
                                      "p99_delta_ms": _delta(flooded["latency_ms"]["p99"],
                                                             stage["latency_ms"]["p99"])}
                stages.append(stage)
                if not o.quiet and len(o.stage_list()) > 1:
                    print(stage_line(stage), file=sys.stderr, flush=True)
        finally:
            self.stopping = True
            if sampler is not None:
                await sampler.stop()
            await asyncio.gather(*(t.close() for t in list(self.tables)), return_exceptions=True)
            for task in list(self.background):
                task.cancel()
            await asyncio.gather(*self.background, return_exceptions=True)
        counts = await self.worker_counts(server)
        await self.http.aclose()
        report = {**stages[-1], "stages": stages, "workers": o.workers}
        if sampler is not None:
            report["memory"] = sampler.report()
        if counts:
            report["worker_counts"] = counts
        return report

    async def worker_counts(self, server: OwnServer | None) -> dict[str, dict]:
        """Each worker's ``GET /api/health`` counts (new connections until every worker answered)."""
        want = len(server.worker_pids()) if server is not None else 1
        out: dict[str, dict] = {}
        for _ in range(20 * max(1, want)):
            try:
                answer = await self.http.get(f"{self.url}/api/health", headers={"Connection": "close"})
                body = answer.json()
                out[str(body.get("worker"))] = {"tables": body.get("tables"), **(body.get("counts") or {})}
            except Exception:  # noqa: BLE001 - counts are extra; the report stands without them
                break
            if len(out) >= want:
                break
        return out

    def worst_second(self) -> dict[str, Any] | None:
        """The measured second (counted from the start of measuring) whose p99 latency is highest:
        ``{"second": int, "p99_ms": float, "samples": int}``; None without samples. Shows whether a
        high p99 is spread out or one stall."""
        by_second: dict[int, list[float]] = {}
        for at, ms in zip(self.stats.sample_times, self.stats.samples):
            by_second.setdefault(int(at - self.t0), []).append(ms)
        if not by_second:
            return None
        def p99(values: list[float]) -> float:
            values = sorted(values)
            return values[min(len(values) - 1, int(0.99 * len(values)))]
        second, values = max(by_second.items(), key=lambda item: p99(item[1]))
        return {"second": second, "p99_ms": round(p99(values), 2), "samples": len(values)}

    def report(self, elapsed: float, setup_s: float, cpu_bench: float, cpu_server: float | None,
               held: list[int], loads: tuple, tables: int) -> dict[str, Any]:
        stats = self.stats
        o = self.options
        samples = sorted(stats.samples)
        mover = sorted(stats.mover)
        worst = self.worst_second()
        kind_of_db = "PostgreSQL" if o.db and o.db.startswith("postgres") else "SQLite"
        workers = f"{o.workers} workers, Redis" if o.workers > 1 else "1 worker"

        def pct(p: float, values: list[float] = samples) -> float | None:
            if not values:
                return None
            return round(values[min(len(values) - 1, int(p / 100 * len(values)))], 2)

        return {
            "what": ("all seats human, played by the bench's WebSockets: a random legal move after a think pause "
                     f"of {0.5 * o.think:g}..{1.5 * o.think:g} s; no bots; actions sent by "
                     + ("HTTP POST" if o.via == "http" else "WebSocket act")),
            "server": o.url or f"own (herna serve, {workers}, {kind_of_db})",
            "games": list(o.games),
            "players": o.players,
            "think_s": o.think,
            "via": o.via,
            "tables": tables,
            "tables_held_min": min(held) if held else 0,
            "sockets": tables * o.players,
            "seconds": round(elapsed, 2),
            "setup_s": round(setup_s, 2),
            "actions": stats.actions,
            "actions_per_s": round(stats.actions / elapsed, 1) if elapsed else 0.0,
            "games_over": stats.games_over,
            "samples": len(samples),
            "latency_ms": {"p50": pct(50), "p90": pct(90), "p99": pct(99),
                           "max": round(samples[-1], 2) if samples else None,
                           "mean": round(statistics.fmean(samples), 2) if samples else None},
            "mover_latency_ms": {"p50": pct(50, mover), "p99": pct(99, mover)},
            "worst_second": worst,
            "messages_per_s": round(stats.messages / elapsed, 1) if elapsed else 0.0,
            "message_bytes_mean": round(stats.bytes / stats.messages) if stats.messages else None,
            "errors": dict(stats.errors),
            "error_count": sum(stats.errors.values()),
            "cpu": {"bench_s": round(cpu_bench, 2), "server_s": None if cpu_server is None else round(cpu_server, 2),
                    "cores": os.cpu_count(), "loadavg_before": [round(x, 2) for x in loads[0]],
                    "loadavg_after": [round(x, 2) for x in loads[1]]},
        }


def _delta(after: float | None, before: float | None) -> float | None:
    return None if after is None or before is None else round(after - before, 2)


class Sampler:
    """Samples the resident memory of the bench's own server's workers every
    ``every`` seconds, from the start (:meth:`report`)."""

    def __init__(self, server: OwnServer, every: float) -> None:
        self.server = server
        self.every = every
        self.phase = "start"
        self.samples: list[dict[str, Any]] = []
        self.t0 = time.perf_counter()
        self.measured_from: float | None = None
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    def measuring(self) -> None:
        """Measuring began (the memory warm-up counts from the first time)."""
        if self.measured_from is None:
            self.measured_from = time.perf_counter() - self.t0

    def sample(self) -> None:
        rss = self.server.rss_mb()
        if rss:
            self.samples.append({"t": round(time.perf_counter() - self.t0, 1), "phase": self.phase,
                                 "rss_mb": {str(pid): mb for pid, mb in sorted(rss.items())},
                                 "total_mb": round(sum(rss.values()), 1)})

    async def _run(self) -> None:
        next_at = time.perf_counter()
        while True:
            self.sample()
            next_at += self.every
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        self.sample()

    def report(self) -> dict[str, Any]:
        """``samples`` and the growth of the total from the end of the warm-up
        (:data:`MEMORY_WARMUP` seconds of measuring, or a sixth of a shorter
        run) to the last sample."""
        out: dict[str, Any] = {"every_s": self.every, "samples": self.samples}
        if not self.samples:
            return out
        start = self.measured_from if self.measured_from is not None else 0.0
        span = self.samples[-1]["t"] - start
        warmup = min(MEMORY_WARMUP, span / 6)
        base = next((x for x in self.samples if x["t"] >= start + warmup), self.samples[-1])
        last = self.samples[-1]
        out.update({"first_mb": self.samples[0]["total_mb"], "warmup_s": round(warmup, 1),
                    "baseline_at_s": base["t"], "baseline_mb": base["total_mb"], "last_mb": last["total_mb"],
                    "peak_mb": max(x["total_mb"] for x in self.samples),
                    "growth_pct": round(100 * (last["total_mb"] - base["total_mb"]) / base["total_mb"], 1)
                    if base["total_mb"] else None})
        return out


class Flooder:
    """One more socket (seat 0 of a table of its own) that sends ``rate``
    moves a second at a ``seq`` :data:`FLOOD_SEQ_AHEAD` ahead of its table,
    reconnecting whenever the server closes it (the probe's flood case)."""

    def __init__(self, bench: Bench, rate: float) -> None:
        self.bench = bench
        self.rate = rate
        self.table = BenchTable(bench, bench.options.games[0])
        self.sent = 0
        self.answers: Counter = Counter()
        self.reconnects = 0
        self.task: asyncio.Task | None = None
        self.started = 0.0
        self.window: tuple[float, int] | None = None
        """``(seconds, moves sent)`` of the measured window (:meth:`stop_clock`)."""

    async def open(self) -> None:
        table, bench = self.table, self.bench
        body = {"game": table.game, "seats": ["human"] * bench.options.players}
        answer = await bench.http.post(f"{bench.url}/api/tables", json=body)
        if answer.status_code != 201:
            raise RuntimeError(f"POST /api/tables: {answer.status_code} {answer.text[:200]}")
        data = answer.json()
        table.id, table.tokens = data["table"], [seat["token"] for seat in data["seats"]]
        self.task = asyncio.get_running_loop().create_task(self._run())
        self.started = time.perf_counter()

    async def _connect(self) -> Any:
        from websockets.asyncio.client import connect

        bench = self.bench
        where: dict[str, Any] = {"local_addr": ("127.2.0.1", 0)} if bench.own_server else {}
        return await connect(f"{bench.ws_url}/ws/tables/{self.table.id}",
                             additional_headers={"Authorization": f"Bearer {self.table.tokens[0]}"}, proxy=None,
                             max_size=None, open_timeout=30, ping_interval=None, **where)

    async def _run(self) -> None:
        gap = 1.0 / self.rate
        next_at = time.perf_counter()
        while True:
            ws = await self._connect()
            reader = asyncio.get_running_loop().create_task(self._read(ws))
            seq = 0
            try:
                while not reader.done():
                    payload = orjson.dumps({"type": "act", "action": "x", "seq": seq + FLOOD_SEQ_AHEAD}).decode()
                    await ws.send(payload)
                    self.sent += 1
                    next_at += gap
                    await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            except Exception:  # noqa: BLE001 - closed by the server (abuse): connect again
                pass
            finally:
                reader.cancel()
                await asyncio.gather(reader, return_exceptions=True)
                await asyncio.gather(ws.close(), return_exceptions=True)
            self.reconnects += 1
            next_at = max(next_at, time.perf_counter())

    async def _read(self, ws: Any) -> None:
        try:
            async for raw in ws:
                message = orjson.loads(raw)
                code = str(message.get("code") or message.get("type"))
                if code == "rate_limited" and message.get("seq") is None:  # a new socket refused
                    code = "connect_refused"
                self.answers[code] += 1
        except Exception:  # noqa: BLE001 - closed: the sender connects again
            return

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    def stop_clock(self) -> None:
        """The measured window ended: what was sent in it is what is reported."""
        self.window = (time.perf_counter() - self.started, self.sent)

    def report(self) -> dict[str, Any]:
        elapsed, sent = self.window or (time.perf_counter() - self.started, self.sent)
        return {"rate": self.rate, "sent": sent, "sent_per_s": round(sent / max(1e-9, elapsed), 1),
                "reconnects": self.reconnects, "answers": dict(self.answers)}


def stage_line(r: dict[str, Any]) -> str:
    """One line of a stage: tables, actions/s, p50/p99, server CPU (and the flood's p99)."""
    lat, cpu = r["latency_ms"], r["cpu"]

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}"

    server = "" if cpu["server_s"] is None else f", server CPU {100 * cpu['server_s'] / r['seconds']:.0f}%"
    line = (f"  {r['tables']:>5} tables: {r['actions_per_s']:7.1f} actions/s, p50 {ms(lat['p50'])} ms, "
            f"p99 {ms(lat['p99'])} ms, max {ms(lat['max'])} ms{server}, load {cpu['loadavg_after'][0]:.2f}, "
            f"errors {r['error_count']}")
    flood = r.get("flood")
    if flood:
        line += (f"; with a flood of {flood['sent_per_s']:.0f} future moves/s: p99 {ms(flood['latency_ms']['p99'])} ms "
                 f"({'+' if (flood['p99_delta_ms'] or 0) >= 0 else ''}{ms(flood['p99_delta_ms'])} ms), "
                 f"{flood['reconnects']} reconnects")
    return line


def format_report(r: dict[str, Any]) -> str:
    """The report as lines of text."""
    lat = r["latency_ms"]

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}"

    cpu = r["cpu"]
    server_cpu = "" if cpu["server_s"] is None else (
        f"server {cpu['server_s']:.1f} s ({100 * cpu['server_s'] / r['seconds']:.0f}% of a core), ")
    errors = ", ".join(f"{k}: {v}" for k, v in sorted(r["errors"].items())) or "none"
    stages = r.get("stages") or []
    lines = [
        f"herna bench server: {r['server']}",
        f"  tables: {r['what']}; games {', '.join(r['games'])}, {r['players']} players each",
        f"  tables held: {r['tables']} (at least {r['tables_held_min']} at every moment), sockets {r['sockets']}, "
        f"set up in {r['setup_s']:.1f} s",
        f"  measured {r['seconds']:.1f} s: {r['actions']} actions ({r['actions_per_s']:.1f}/s), "
        f"{r['games_over']} games finished, {r['messages_per_s']:.0f} messages/s "
        f"(mean {r['message_bytes_mean'] or 0} characters)",
        f"  latency act -> state on every socket of the table, ms ({r['samples']} samples): "
        f"p50 {ms(lat['p50'])}, p90 {ms(lat['p90'])}, p99 {ms(lat['p99'])}, max {ms(lat['max'])} "
        f"(the mover's own socket: p50 {ms(r['mover_latency_ms']['p50'])}, p99 {ms(r['mover_latency_ms']['p99'])})",
        *([f"  worst second: second {w['second']} of the measured time, p99 {w['p99_ms']:.1f} ms "
           f"({w['samples']} samples)"] if (w := r.get("worst_second")) else []),
        f"  errors: {errors}",
        f"  CPU: {server_cpu}bench {cpu['bench_s']:.1f} s ({100 * cpu['bench_s'] / r['seconds']:.0f}% of a core); "
        f"{cpu['cores']} cores, load average {cpu['loadavg_before'][0]:.2f} -> {cpu['loadavg_after'][0]:.2f}",
    ]
    if len(stages) > 1 or any("flood" in stage for stage in stages):
        lines[3:3] = ["  (the figures below are of the last stage)"]
        lines += ["  stages (tables held, each measured on its own):", *(stage_line(stage) for stage in stages)]
    memory = r.get("memory")
    if memory and memory.get("samples"):
        growth = memory.get("growth_pct")
        lines.append(f"  memory (RSS of the workers together, MB, sampled every {memory['every_s']:g} s): "
                     f"start {memory['first_mb']:.0f}, after {memory['warmup_s']:.0f} s of warm-up "
                     f"{memory['baseline_mb']:.0f}, end {memory['last_mb']:.0f}, peak {memory['peak_mb']:.0f}"
                     + ("" if growth is None else f"; growth after the warm-up {growth:+.1f} %"))
        last = memory["samples"][-1]["rss_mb"]
        if len(last) > 1:
            lines.append("  per worker at the end (MB): " + ", ".join(f"{pid}: {mb:.0f}" for pid, mb in last.items()))
    for pid, counts in sorted((r.get("worker_counts") or {}).items()):
        lines.append(f"  worker {pid}: {counts.get('tables', 0)} tables held; {counts.get('remote_steps', 0)} steps "
                     f"of other workers applied; tables read from the database: {counts.get('loads', 0)} whole, "
                     f"{counts.get('reads', 0)} since a seq ({counts.get('step_reads', 0)} for other workers' "
                     f"steps, {counts.get('gaps', 0)} gaps; {counts.get('ahead_reads', 0)} for moves ahead; the "
                     f"rest for seat changes); {counts.get('evicted', 0)} finished tables dropped")
    return "\n".join(lines)


def check(options: Options) -> None:
    """``ValueError`` (one line) for options the bench cannot run with."""
    if options.tables < 1:
        raise ValueError(f"--tables must be at least 1, not {options.tables}")
    if options.seconds <= 0:
        raise ValueError(f"--seconds must be positive, not {options.seconds:g}")
    if options.think < 0:
        raise ValueError(f"--think must be 0 or more, not {options.think:g}")
    if options.via not in ("ws", "http"):
        raise ValueError(f"--via is ws or http, not {options.via!r}")
    if not options.games:
        raise ValueError("--games names no game")
    for game in options.games:
        if game not in available_games():
            raise ValueError(f"unknown game {game!r}; games: {', '.join(available_games())}")
        cls: Any = record(game).game_class
        if not cls.min_players <= options.players <= cls.max_players:
            raise ValueError(f"{game} takes {cls.min_players} to {cls.max_players} players, not {options.players}")
    if options.url and (options.profile or options.db or options.redis or options.workers != 1):
        raise ValueError("--profile, --db, --redis and --workers are for the bench's own server; "
                         "leave them out with --url")
    if options.workers < 1:
        raise ValueError(f"--workers must be at least 1, not {options.workers}")
    if options.workers > 1 and not (options.db and options.db.startswith("postgres") and options.redis):
        raise ValueError(f"--workers {options.workers} needs --db postgresql://... and --redis redis://...")
    if options.workers > 1 and options.profile:
        raise ValueError("--profile profiles one worker; leave out --workers")
    stages = options.stage_list()
    if any(n < 1 for n in stages) or list(stages) != sorted(set(stages)):
        raise ValueError(f"--tables stages must be growing whole numbers of at least 1, "
                         f"not {','.join(map(str, stages))}")
    if options.flood < 0:
        raise ValueError(f"--flood must be 0 or more moves a second, not {options.flood:g}")
    if options.sample_every <= 0:
        raise ValueError(f"--sample-every must be positive, not {options.sample_every:g}")
    if options.connect_limit is not None:
        if options.url:
            raise ValueError("--connect-limit sets the bench's own server; a server given with --url keeps its own")
        try:
            check_connect_limit(options.connect_limit)
        except ValueError as error:
            raise ValueError(f"--connect-limit: {error}") from None
    if options.url and not re.match(r"https?://", options.url):
        raise ValueError(f"--url must start with http:// or https://, not {options.url!r}")


def _raise_fd_limit(wanted: int) -> None:
    try:
        import resource  # Unix only

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard) if hard != resource.RLIM_INFINITY
                                                        else wanted, hard))
    except (ImportError, ValueError, OSError):
        pass


def run(options: Options) -> dict[str, Any]:
    """Run the bench (module docstring); returns the report. ``ValueError``
    for bad options, ``RuntimeError`` if the server cannot be used."""
    check(options)
    _raise_fd_limit(max(options.stage_list()) * options.players * 2 + 256)
    server = None if options.url else OwnServer(options.db, options.profile, options.workers, options.redis,
                                                options.connect_limit)
    try:
        url = options.url or server.start()  # type: ignore[union-attr]

        async def main() -> dict[str, Any]:
            return await Bench(options, url).run(server)

        # the bench's own garbage collections would stall its reading of the
        # frames and count as the server's latency: tuned as in the server
        tune_gc()

        try:
            import uvloop  # uvicorn[standard] brings it where it builds (not on Windows)

            report = uvloop.run(main())
        except ImportError:
            report = asyncio.run(main())
    finally:
        if server is not None:
            server.stop()
    if options.profile:
        report["profile"] = str(Path(options.profile).resolve())
    return report


def profile_summary(path: str, limit: int = 25) -> str:
    """The functions with the most own time and the most cumulative time in a cProfile file."""
    out = io.StringIO()
    stats = pstats.Stats(path, stream=out)
    stats.sort_stats("tottime").print_stats(limit)
    stats.sort_stats("cumulative").print_stats(limit)
    return out.getvalue()


def parse_tables(text: str | int) -> tuple[int, ...]:
    """``--tables``: one number, or growing stages ``100,200,400``. ``ValueError`` for anything else."""
    try:
        stages = tuple(int(part) for part in str(text).split(",") if part.strip())
    except ValueError:
        raise ValueError(f"--tables is a number or growing numbers such as 100,200,400, not {text!r}") from None
    if not stages:
        raise ValueError("--tables names no number")
    return stages


def main(tables: int | str = 50, seconds: float = 10.0, url: str | None = None, games: str | None = None,
         players: int = 2, think: float = 1.0, via: str = "ws", seed: int = 0, profile: str | None = None,
         db: str | None = None, as_json: bool = False, workers: int = 1, redis: str | None = None,
         flood: float = 0.0, sample_every: float = 5.0, connect_limit: str | None = None) -> int:
    """``herna bench server``: run and print the report (text or JSON).
    Returns the exit status (2 for bad options, 1 if the server failed)."""
    names = tuple(dict.fromkeys(g.strip().lower() for g in games.split(",") if g.strip())) if games \
        else default_games()
    try:
        stages = parse_tables(tables)
        options = Options(tables=stages[-1], stages=stages, seconds=seconds, url=url, games=names, players=players,
                          think=think, via=via, seed=seed, profile=profile, db=db, workers=workers, redis=redis,
                          flood=flood, sample_every=sample_every, connect_limit=connect_limit, quiet=as_json)
        check(options)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not as_json:
        each = " (then measured again with the flood)" if flood else ""
        print(f"herna bench server: {', then '.join(str(n) for n in stages)} tables ({players} sockets each), "
              f"measuring {seconds:g} s at each{each}...", file=sys.stderr, flush=True)
    try:
        report = run(options)
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(report, indent=1))
    else:
        print(format_report(report))
        if profile:
            print(f"\nprofile of the server's event-loop thread: {report['profile']}")
            print(profile_summary(profile))
    return 0


def _cli(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "--serve-child":
        return _serve_child(argv[1])
    parser = argparse.ArgumentParser(prog="python -m herna.server.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--url")
    parser.add_argument("--games")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--via", default="ws")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile")
    parser.add_argument("--db")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--redis")
    parser.add_argument("--flood", type=float, default=0.0)
    parser.add_argument("--sample-every", type=float, default=5.0)
    parser.add_argument("--connect-limit")
    a = parser.parse_args(argv)
    return main(a.tables, a.seconds, a.url, a.games, a.players, a.think, a.via, a.seed, a.profile, a.db, a.json,
                a.workers, a.redis, a.flood, a.sample_every, a.connect_limit)


if __name__ == "__main__":
    sys.exit(_cli(sys.argv[1:]))
