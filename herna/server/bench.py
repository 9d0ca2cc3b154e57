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
loopback port; ``--url`` measures a running server instead. The report:
tables held, sockets, actions per second, latency p50/p90/p99/max in ms,
the measured second with the highest p99 (a stall shows there), errors by
kind, and the CPU seconds of the server and of the bench itself (both run on
this machine, so read the latency with the load).

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
from typing import Any

import orjson

from herna.core.registry import available_games, record

from .gc_tuning import tune_gc
from .serve import main as serve_main


def default_games() -> tuple[str, ...]:
    """The games of the bench's tables, in turn: every registered game."""
    return tuple(available_games())


READY = re.compile(r"herna is ready: open (\S+)")
SETUP_CONCURRENCY = 32
"""Tables created and sockets opened at once while setting up."""
DRAIN_SECONDS = 3.0
"""After the measured time: how long to wait for the answers to actions in flight."""
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


# ----- the bench's own server -------------------------------------------------------------------

class OwnServer:
    """``herna serve`` in a subprocess, for the bench (module docstring)."""

    def __init__(self, db: str | None = None, profile: str | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="herna-bench-"))
        self.db = db or f"sqlite:///{self.folder / 'bench.sqlite3'}"
        self.profile = profile
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.log = self.folder / "server.log"

    def start(self) -> str:
        args = json.dumps({"host": "127.0.0.1", "port": 0, "db": self.db, "bot_workers": 0, "log_level": "warning"})
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
        """User + system CPU seconds of the server process (and its reaped children)."""
        if self.process is None:
            return None
        return _proc_cpu(self.process.pid)

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
        shutil.rmtree(self.folder, ignore_errors=True)


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
        self.pending: dict[int, tuple[float, set[int], bool, int]] = {}
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
        from websockets.asyncio.client import connect  # websockets: the bench client's (the "test" extra)

        for token in self.tokens:
            ws = await connect(f"{bench.ws_url}/ws/tables/{self.id}?lang={bench.options.lang}",
                               additional_headers={"Authorization": f"Bearer {token}"}, proxy=None,
                               max_size=None, open_timeout=30, ping_interval=None)
            self.sockets.append(ws)
        for k, ws in enumerate(self.sockets):
            self.tasks.append(asyncio.get_running_loop().create_task(self.listen(k, ws)))

    async def listen(self, seat: int, ws: Any) -> None:
        bench = self.bench
        stats = bench.stats
        try:
            async for raw in ws:
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
                        if recorded:
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
        self.pending[seq + 1] = (time.perf_counter(), set(range(len(self.sockets))), recorded, seat)
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

    async def setup(self) -> None:
        gate = asyncio.Semaphore(SETUP_CONCURRENCY)

        async def one() -> None:
            table = BenchTable(self, self.next_game())
            async with gate:
                await table.open()
            self.tables.append(table)

        results = await asyncio.gather(*(one() for _ in range(self.options.tables)), return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        if failures:
            raise RuntimeError(f"{len(failures)} of {self.options.tables} tables could not be set up; "
                               f"first: {failures[0]!r}")

    async def run(self, server: OwnServer | None) -> dict[str, Any]:
        started = time.perf_counter()
        await self.setup()
        setup_s = time.perf_counter() - started
        await asyncio.sleep(min(1.0, self.options.think) if self.options.think > 0 else 0.2)  # warm up
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
        elapsed = time.perf_counter() - t0
        cpu_bench = time.process_time() - cpu_bench0
        cpu_server = (server.cpu_seconds() or 0) - (cpu_server0 or 0) if server else None
        load1 = os.getloadavg()
        self.stopping = True
        drain_end = time.perf_counter() + DRAIN_SECONDS
        while time.perf_counter() < drain_end and any(
                p[2] for t in self.tables for p in t.pending.values()):
            await asyncio.sleep(0.05)
        lost = sum(len(p[1]) for t in self.tables for p in t.pending.values() if p[2])
        if lost:
            self.stats.errors["no state within the drain time"] += lost
        await asyncio.gather(*(t.close() for t in list(self.tables)), return_exceptions=True)
        for task in list(self.background):
            task.cancel()
        await asyncio.gather(*self.background, return_exceptions=True)
        await self.http.aclose()
        return self.report(elapsed, setup_s, cpu_bench, cpu_server, held, (load0, load1))

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
               held: list[int], loads: tuple) -> dict[str, Any]:
        stats = self.stats
        o = self.options
        samples = sorted(stats.samples)
        mover = sorted(stats.mover)
        worst = self.worst_second()
        kind_of_db = "PostgreSQL" if o.db and o.db.startswith("postgres") else "SQLite"

        def pct(p: float, values: list[float] = samples) -> float | None:
            if not values:
                return None
            return round(values[min(len(values) - 1, int(p / 100 * len(values)))], 2)

        return {
            "what": ("all seats human, played by the bench's WebSockets: a random legal move after a think pause "
                     f"of {0.5 * o.think:g}..{1.5 * o.think:g} s; no bots; actions sent by "
                     + ("HTTP POST" if o.via == "http" else "WebSocket act")),
            "server": o.url or f"own (herna serve, 1 worker, {kind_of_db})",
            "games": list(o.games),
            "players": o.players,
            "think_s": o.think,
            "via": o.via,
            "tables": o.tables,
            "tables_held_min": min(held) if held else 0,
            "sockets": o.tables * o.players,
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


def format_report(r: dict[str, Any]) -> str:
    """The report as lines of text."""
    lat = r["latency_ms"]

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}"

    cpu = r["cpu"]
    server_cpu = "" if cpu["server_s"] is None else (
        f"server {cpu['server_s']:.1f} s ({100 * cpu['server_s'] / r['seconds']:.0f}% of a core), ")
    errors = ", ".join(f"{k}: {v}" for k, v in sorted(r["errors"].items())) or "none"
    return "\n".join([
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
    ])


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
    if options.url and (options.profile or options.db):
        raise ValueError("--profile and --db are for the bench's own server; leave them out with --url")
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
    _raise_fd_limit(options.tables * options.players * 2 + 256)
    server = None if options.url else OwnServer(options.db, options.profile)
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


def main(tables: int = 50, seconds: float = 10.0, url: str | None = None, games: str | None = None,
         players: int = 2, think: float = 1.0, via: str = "ws", seed: int = 0, profile: str | None = None,
         db: str | None = None, as_json: bool = False) -> int:
    """``herna bench server``: run and print the report (text or JSON).
    Returns the exit status (2 for bad options, 1 if the server failed)."""
    names = tuple(dict.fromkeys(g.strip().lower() for g in games.split(",") if g.strip())) if games \
        else default_games()
    options = Options(tables=tables, seconds=seconds, url=url, games=names, players=players, think=think,
                      via=via, seed=seed, profile=profile, db=db)
    try:
        check(options)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not as_json:
        print(f"herna bench server: setting up {tables} tables ({tables * players} sockets), then measuring "
              f"{seconds:g} s...", file=sys.stderr, flush=True)
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
    parser.add_argument("--tables", type=int, default=50)
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
    a = parser.parse_args(argv)
    return main(a.tables, a.seconds, a.url, a.games, a.players, a.think, a.via, a.seed, a.profile, a.db, a.json)


if __name__ == "__main__":
    sys.exit(_cli(sys.argv[1:]))
