"""Several workers serve one table by replicating its steps (issue 25, item 4;
herna/server/tables.py ``_on_step``, herna/server/bus_redis.py).

- In one process, two :class:`~herna.server.tables.TableService` s on one
  PostgreSQL database, each with its own Redis bus, play whole games, moves
  made on either: the other applies each step from the bus to its cached
  table, never reading the database, and ends in the very same state as the
  stored log; a lost notice (a gap) is caught up with one read.
- ``herna serve --workers 2``: two people whose sockets sit on different
  workers play; one worker is killed with ``kill -9`` mid-game; its person
  reconnects and the game is played to its end with no acknowledged move
  lost, one move per state message on every socket, and the stored log
  replays to the end.

Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (skipped,
saying which is missing, without them). Every wait is on a condition (a
state reaching a seq, a worker's output), never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import uuid

import pytest

from tests.server.live import TEST_SEED, LiveServer
from tests.server.helpers import SMALL, check_framing, truth_of
from tests.server.multiworker import REDIS_URL, open_socket, redis_reachable, seat_on_each_worker

pytestmark = pytest.mark.timeout(300)

STEP_TIMEOUT = 120.0
"""Seconds the other service has to follow one step: a guard against a hang,
generous for a loaded machine (a step that arrives costs no wait)."""


@pytest.fixture
def prefix() -> str:
    if not redis_reachable():
        pytest.skip(f"Redis is not reachable at {REDIS_URL}")
    return f"herna-test-{uuid.uuid4().hex}"


# ----- two services in one process ------------------------------------------------------------------

async def _services(db_url: str, prefix: str):
    from herna.server.botpool import BotPool
    from herna.server.bus_redis import RedisBus
    from herna.server.db import Database
    from herna.server.tables import TableService

    services = []
    for k in range(2):
        service = TableService(Database(db_url, migrate=k == 0), BotPool(0), RedisBus(REDIS_URL, prefix=prefix),
                               seed=TEST_SEED + k, pace_scale=0)
        await service.start(resume=False)
        services.append(service)
    return services


async def _until(service, table, condition) -> None:
    """Wait until ``condition(table)`` holds for ``service``'s copy (checked at each of its changes)."""
    changed = asyncio.Event()

    def hook(changed_table) -> None:
        if changed_table is table and condition(table):
            changed.set()

    service.on_change.append(hook)
    try:
        if not condition(table):
            await asyncio.wait_for(changed.wait(), STEP_TIMEOUT)
    finally:
        service.on_change.remove(hook)


async def _reaches(service, table, seq: int) -> None:
    """Wait until ``service``'s copy of ``table`` is at ``seq`` or beyond."""
    await _until(service, table, lambda t: t.seq >= seq)


def _same(one, other) -> None:
    assert other.state.history() == one.state.history()
    assert other.state.to_json() == one.state.to_json()


@pytest.mark.parametrize("game", sorted(SMALL))
def test_two_services_replicate_a_whole_game_with_no_database_read(fresh_pg_url: str, prefix: str, game: str):
    async def main() -> None:
        a, b = await _services(fresh_pg_url, prefix)
        try:
            made, tokens = await a.create(game, SMALL[game], ["human", "human"])
            tables = [made, await b.get(made.id)]
            for seat in (0, 1):  # opening the seats is a seat change: a plain notice, read back
                await a.seen(tables[0], seat)
            # every seat notice handled (a late one would read the first move, whose step then finds it applied)
            await _until(b, tables[1], lambda t: t.status == "playing")
            await _drained(a, b, made.id)
            before = dict(b.counts)
            rng = random.Random(f"{TEST_SEED}:{game}")
            moves = [0, 0]
            while not tables[0].state.is_terminal():
                k = rng.randrange(2)  # a move made on either service, whoever holds the mover's socket
                mine, other = tables[k], tables[1 - k]
                assert mine.seq == other.seq
                seat = mine.state.current_player()
                action = rng.choice(mine.state.legal_action_strings())
                _, after = await (a, b)[k].act(mine, seat, action, mine.seq)
                moves[k] += 1
                await _reaches((a, b)[1 - k], other, after)
                _same(mine, other)
            assert min(moves) > 0
            # (a seat change is a plain notice, read back: counted in "reads", never in "step_reads")
            keys = ("loads", "step_reads", "ahead_reads", "gaps", "remote_steps")
            grew = {key: b.counts[key] - before.get(key, 0) for key in keys}
            assert grew == {"loads": 0, "step_reads": 0, "ahead_reads": 0, "gaps": 0, "remote_steps": moves[0]}, grew
            assert a.counts["reads"] == a.counts["step_reads"] == 0 and a.counts["remote_steps"] == moves[1]
            truth = truth_of(fresh_pg_url, made.id)
            assert truth.final.is_terminal() and truth.final.history() == tables[0].state.history()
            for table in tables:  # finished and watched by nobody: dropped from both
                assert table.status == "finished"
            assert a.live_tables() == b.live_tables() == 0
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


def test_two_people_arriving_at_once_on_two_services_start_the_table(fresh_pg_url: str, prefix: str):
    """WEB-API.md "waiting": the probe's finding (issue 25) was a table left
    ``waiting`` for good when its two people opened their seats at the same
    moment on different workers (each saw the other's seat unopened). The
    database now decides, under the table's row lock: both copies play."""
    async def main() -> None:
        a, b = await _services(fresh_pg_url, prefix)
        try:
            for round_ in range(5):
                made, _ = await a.create("ugo", SMALL["ugo"], ["human", "human"])
                tables = [made, await b.get(made.id)]
                assert tables[0].status == tables[1].status == "waiting"
                await asyncio.gather(a.seen(tables[0], 0), b.seen(tables[1], 1))
                for service, table in zip((a, b), tables):
                    await _until(service, table, lambda t: t.status == "playing")
                    assert table.waiting_for() == [] and all(s.opened for s in table.seats), round_
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


async def _drained(a, b, table_id: str) -> None:
    """Wait until ``b`` has handled every bus notice ``a`` published about
    ``table_id`` so far (a notice still on its way would read the table back
    later, after a move, and hide a lost step). Counting ``b``'s reads cannot
    tell: plain notices waiting behind each other are coalesced into one. So
    ``a`` publishes a marker, a notice of a table nobody holds, behind them
    (one writer sends ``a``'s notices in order, and ``b`` takes them in the
    order they came); once it reaches ``b``, every earlier notice is queued
    there, and ``b``'s handler of the table's queue runs dry."""
    marker, arrived = f"marker-{uuid.uuid4().hex}", asyncio.Event()
    forward = b.bus._on_change

    async def on_change(table, seq) -> None:
        if table == marker:
            arrived.set()
        else:
            await forward(table, seq)

    b.bus._on_change = on_change
    try:
        await a.bus.publish(marker, 1)
        await asyncio.wait_for(arrived.wait(), STEP_TIMEOUT)
    finally:
        b.bus._on_change = forward
    handler = b.bus._handlers.get(table_id)
    if handler is not None:
        await asyncio.wait_for(asyncio.shield(handler), STEP_TIMEOUT)


async def _playing_on_both(a, b, game: str = "trumfosaur", people: int = 3):
    """A table of ``people`` made on ``a``, its seats opened there, and
    ``b``'s copy once it plays and has handled every seat notice
    (:func:`_drained`): ``(a's table, b's copy)``."""
    made, _ = await a.create(game, SMALL[game], ["human"] * people)
    copy = await b.get(made.id)
    for seat in range(people):
        await a.seen(made, seat)
    await _until(b, copy, lambda t: t.status == "playing")
    await _drained(a, b, made.id)
    return made, copy


def test_a_lost_step_is_a_gap_caught_up_with_one_read(fresh_pg_url: str, prefix: str):
    async def main() -> None:
        a, b = await _services(fresh_pg_url, prefix)
        try:
            made, copy = await _playing_on_both(a, b)
            forward = b.bus._on_step
            lost: list[int] = []

            async def lose_one(table_id, seq, step):
                if not lost:
                    lost.append(seq)
                    return
                await forward(table_id, seq, step)

            b.bus._on_step = lose_one
            rng = random.Random(TEST_SEED)
            for _ in range(2):
                await a.act(made, made.state.current_player(), rng.choice(made.state.legal_action_strings()),
                            made.seq)
            await _reaches(b, copy, made.seq)
            assert lost and b.counts["gaps"] == b.counts["step_reads"] == 1
            _same(made, copy)
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


def test_a_move_ahead_of_the_copy_waits_for_the_bus_not_the_database(fresh_pg_url: str, prefix: str, monkeypatch):
    """A client that saw a newer seq on another worker acts here before this
    worker heard of the step: the step comes over the bus and the move is
    applied, with no database read."""
    from herna.server import tables as tables_module

    monkeypatch.setattr(tables_module, "BUS_WAIT", STEP_TIMEOUT)  # the gate below, not the clock, decides

    async def main() -> None:
        a, b = await _services(fresh_pg_url, prefix)
        try:
            made, copy = await _playing_on_both(a, b)
            forward, gate = b.bus._on_step, asyncio.Event()

            async def held(table_id, seq, step):
                await gate.wait()
                await forward(table_id, seq, step)

            b.bus._on_step = held
            rng = random.Random(TEST_SEED)
            await a.act(made, made.state.current_player(), rng.choice(made.state.legal_action_strings()), made.seq)
            ahead, seat = made.seq, made.state.current_player()
            action = rng.choice(made.state.legal_action_strings())
            assert copy.seq < ahead
            acting = asyncio.ensure_future(b.act(copy, seat, action, ahead))
            while not copy.listeners:  # the move waits for the step (its listener is on the table)
                await asyncio.sleep(0)
            gate.set()
            assert (await acting)[0] == ahead + 1
            await _reaches(a, made, copy.seq)
            assert b.counts["ahead_reads"] == b.counts["step_reads"] == b.counts["gaps"] == 0
            _same(copy, made)
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


def test_a_step_that_does_not_apply_is_read_back_not_trusted(fresh_pg_url: str, prefix: str):
    """A step whose rows do not apply to the copy (never expected: the same
    engine on the same state) makes the other service read the table back."""
    async def main() -> None:
        a, b = await _services(fresh_pg_url, prefix)
        try:
            made, copy = await _playing_on_both(a, b, "ugo", 2)
            seat = made.state.current_player()
            await a.act(made, seat, made.state.legal_action_strings()[0], made.seq)
            await _reaches(b, copy, made.seq)
            bogus = {"start": copy.seq, "rows": [["no such move", seat, None]], "status": "playing"}
            assert b.counts["step_reads"] == 0
            await b._on_step(made.id, copy.seq + 1, bogus)
            assert b.counts["step_reads"] == 1 and b.counts["gaps"] == 0
            _same(made, copy)
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


# ----- two workers, one killed ------------------------------------------------------------------------

class Person:
    """One person: plays a random legal move whenever it must, reconnects
    (to whichever worker the kernel picks) when its socket is cut, remembers
    every frame of each socket, and which of its moves it saw acknowledged."""

    def __init__(self, server: LiveServer, table: str, token: str, seat: int, ws, worker: int, first: dict) -> None:
        self.server, self.table, self.token, self.seat = server, table, token, seat
        self.ws, self.worker = ws, worker
        self.frames: list[list[dict]] = [[first]]  # one list per socket: framing is checked per connection
        self.sent: dict[int, str] = {}  # seq acted at -> action
        self.acked: dict[int, str] = {}  # seq + 1 -> action, once a state showed this seat's move there
        self.reconnects = 0
        self.rng = random.Random(seat)

    def where(self) -> str:
        last = self.frames[-1][-1] if self.frames[-1] else {}
        return (f"seat {self.seat} on worker {self.worker} ({self.reconnects} reconnects): last seq {last.get('seq')}, "
                f"to move {last.get('to_move')}, status {last.get('status')}")

    def note(self, message: dict) -> None:
        self.frames[-1].append(message)
        for event in message.get("events", ()):
            at = event.get("seq")
            if event.get("seat") == self.seat and at is not None and at - 1 in self.sent:
                self.acked[at] = self.sent[at - 1]

    async def play(self, stop_at: int | None = None) -> dict:
        """Play until the game ends (or the table passes ``stop_at``); returns the last state."""
        from websockets.exceptions import ConnectionClosed

        last = self.frames[-1][-1]
        if last["status"] == "finished" or (stop_at is not None and last["seq"] >= stop_at):
            return last
        await self._maybe_act(last)
        while True:
            try:
                message = json.loads(await self.ws.recv())
            except ConnectionClosed:
                ws, worker, first = await open_socket(self.server, self.table, self.token)
                self.ws, self.worker, self.reconnects = ws, worker, self.reconnects + 1
                self.frames.append([])
                message = first
                # a move sent at the seq the table is still at was lost with the socket: it may be sent again
                self.sent = {seq: action for seq, action in self.sent.items() if seq < first["seq"]}
            if message["type"] == "error":
                if message["code"] in ("stale_seq", "not_your_turn"):
                    continue
                raise AssertionError(f"seat {self.seat}: error {message}")
            if message["type"] != "state":
                continue
            self.note(message)
            if message["status"] == "finished" or (stop_at is not None and message["seq"] >= stop_at):
                return message
            await self._maybe_act(message)

    async def _maybe_act(self, message: dict) -> None:
        seq = message["seq"]
        if message.get("legal") and message["status"] == "playing" and seq not in self.sent:
            action = self.rng.choice(message["legal"])
            self.sent[seq] = action
            try:
                await self.ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
            except Exception:  # noqa: BLE001 - the socket was cut: the next recv reconnects
                del self.sent[seq]


def test_two_workers_play_on_when_one_is_killed_and_lose_no_acknowledged_move(fresh_pg_url: str, prefix: str):
    import httpx

    server = LiveServer(fresh_pg_url, args=("--workers", "2", "--redis", REDIS_URL, "--redis-prefix", prefix))
    server.start()

    async def main() -> tuple[str, list[Person]]:
        async with httpx.AsyncClient(base_url=server.url, trust_env=False, timeout=30) as http:
            answer = await http.post("/api/tables", json={"game": "trumfosaur", "options": {"target_score": 6},
                                                          "seats": ["human", "human", "random"]})
            assert answer.status_code == 201, answer.text
            table = answer.json()["table"]
            tokens = [seat["token"] for seat in answer.json()["seats"][:2]]
            (ws0, w0, f0), (ws1, w1, f1) = await seat_on_each_worker(server, table, tokens)
            people = [Person(server, table, tokens[0], 0, ws0, w0, f0),
                      Person(server, table, tokens[1], 1, ws1, w1, f1)]
            # play a while with a person on each worker, then kill -9 seat 1's worker and play to the end
            halfway = max(f0["seq"], f1["seq"]) + 30

            async def all_play(stop_at: int | None, seconds: float) -> list[dict]:
                try:
                    return await asyncio.wait_for(asyncio.gather(*(p.play(stop_at) for p in people)), seconds)
                except asyncio.TimeoutError:
                    raise AssertionError(f"the game stalled ({seconds:g} s): " + "; ".join(p.where() for p in people)
                                         + "\n" + "\n".join(server.output[-30:])) from None

            await all_play(halfway, 120)
            os.kill(w1, signal.SIGKILL)
            done = await all_play(None, 180)
            await asyncio.gather(*(p.ws.close() for p in people), return_exceptions=True)
            assert people[1].reconnects >= 1, "seat 1's socket survived its worker's kill"
            assert all(state["status"] == "finished" for state in done)
            return table, people

    try:
        table, people = asyncio.run(main())
    finally:
        server.stop()
    truth = truth_of(fresh_pg_url, table)
    assert truth.final.is_terminal() and len(truth.history) == truth.final.num_actions()
    stored = {seq: (action, actor) for seq, action, actor, _by in truth.history}
    for person in people:
        assert person.acked, f"seat {person.seat} saw none of its moves acknowledged"
        lost = {at: action for at, action in person.acked.items() if stored.get(at) != (action, person.seat)}
        assert not lost, f"seat {person.seat}: acknowledged moves not stored: {lost}"
        for frames in person.frames:
            check_framing(frames, truth.history, f"seat {person.seat}")
    tracebacks = [line for line in server.output if "Traceback" in line]
    assert not tracebacks, "\n".join(server.output[-60:])
