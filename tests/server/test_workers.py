"""Several workers (``herna serve --workers 2 --db postgresql://... --redis
redis://...``): two people whose WebSockets sit on different workers play a
whole game together with a bot; each sees every move of the other (the
change crosses from one worker to the other through Redis and the shared
database), and the bot's moves reach both.

Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust; a fresh database
per test: the ``fresh_pg_url`` fixture) and Redis on 127.0.0.1:6379 (a prefix of
its own per run); skipped, saying which is missing, without them.

Which worker holds a socket: :func:`tests.server.multiworker.worker_by_proc`.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from tests.server.live import TEST_SEED, LiveServer
from tests.server.helpers import watch_live
from tests.server.multiworker import REDIS_HOST, REDIS_PORT, Player, redis_reachable, seat_on_each_worker

GAME, OPTIONS = "trumfosaur", {"target_score": 4}
SEATS = ["human", "human", "random"]
PLAY_TIMEOUT = 240.0
"""Seconds a whole game on two workers may take: a guard against a stall, generous for a loaded machine."""

pytestmark = pytest.mark.timeout(300)


# ----- the test -------------------------------------------------------------------------------------

@pytest.fixture
def redis_args() -> tuple[str, ...]:
    """``--redis URL --redis-prefix P``: a prefix of this test's own (runs sharing a Redis never meet)."""
    if not redis_reachable():
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
            (ws0, w0, _), (ws1, w1, _) = await seat_on_each_worker(server, table, tokens)
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
        state = asyncio.run(watch_live(server.ws_url, table, lambda m: m["status"] == "finished", timeout=PLAY_TIMEOUT))
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


def test_the_workers_end_with_their_supervisor_even_one_killed_with_9(two_workers: LiveServer):
    """``kill -9`` of the ``--workers 2`` supervising process: its workers end too (Linux's parent-death
    signal, herna.server.serve.die_with_supervisor), so that no orphan keeps serving the port unsupervised (a
    probe found both workers still running). The workers are the supervisor's children that multiprocessing
    spawned (``spawn_main``; not its resource tracker, which ends once nobody holds it). Waits on the
    processes, a deadline only as a guard."""
    import os
    import signal
    import time
    from pathlib import Path

    from tests.server.multiworker import _descendants

    supervisor = two_workers.process.pid
    workers = [pid for pid in _descendants(supervisor)
               if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
               and int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) == supervisor]
    assert len(workers) >= 2, workers
    os.kill(supervisor, signal.SIGKILL)
    two_workers.process.wait(60)

    def alive(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    deadline = time.monotonic() + 60
    while [pid for pid in workers if alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "a worker outlived its supervisor"
