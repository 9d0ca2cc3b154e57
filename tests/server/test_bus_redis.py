"""The Redis bus (herna/server/bus_redis.py): a notice published by one
worker reaches the others (never itself), on its own channel; a worker that
loses Redis reconnects, catches up and hears later notices."""

from __future__ import annotations

import asyncio
import json
import secrets

import pytest

from tests.server.multiworker import REDIS_HOST, REDIS_PORT, REDIS_URL, redis_reachable

pytestmark = pytest.mark.timeout(60)


needs_redis = pytest.mark.skipif(not redis_reachable(),
                                 reason=f"Redis is not reachable at {REDIS_HOST}:{REDIS_PORT}")


def test_the_channels_are_named_with_a_prefix_from_the_database_url():
    """Two deployments on one Redis never hear each other (issue 25): the
    prefix comes from the database URL (not its password), or --redis-prefix."""
    from herna.server.bus import check_prefix, default_prefix
    from herna.server.bus_redis import RedisBus, safe_url

    one = default_prefix("postgresql+psycopg://postgres@db1/herna")
    assert one.startswith("herna-") and one == default_prefix("postgresql+psycopg://postgres:secret@db1/herna")
    assert one != default_prefix("postgresql+psycopg://postgres@db2/herna")
    assert default_prefix("sqlite:////a/herna.sqlite3") != default_prefix("sqlite:////b/herna.sqlite3")
    assert RedisBus("redis://h/0", prefix="run7").channel == "run7:tables"
    for bad in ("", "a b", "x" * 65, "café"):
        with pytest.raises(ValueError, match="Redis prefix"):
            check_prefix(bad)
    assert "secret" not in safe_url("redis://u:secret@h:6379/0")


def test_make_bus_picks_the_redis_bus():
    from herna.server.app import make_bus
    from herna.server.bus import LocalBus
    from herna.server.bus_redis import RedisBus

    bus = make_bus("redis://127.0.0.1:6379/0", "deploy1")
    assert isinstance(bus, RedisBus) and bus.channel == "deploy1:tables"
    assert isinstance(make_bus(None, "deploy1"), LocalBus)


async def _next(queue: asyncio.Queue, seconds: float = 60.0) -> tuple:
    """The next notice a bus handed to its listener."""
    return await asyncio.wait_for(queue.get(), seconds)


def _listener(queue: asyncio.Queue):
    async def on_change(table, seq):
        queue.put_nowait((table, seq))

    return on_change


@needs_redis
def test_a_notice_reaches_the_other_worker_and_not_the_publisher():
    import redis.asyncio as aioredis

    from herna.server.bus_redis import RedisBus

    prefix = f"herna-test-{secrets.token_hex(6)}"

    async def main() -> None:
        got_a: asyncio.Queue = asyncio.Queue()
        got_b: asyncio.Queue = asyncio.Queue()
        got_other: asyncio.Queue = asyncio.Queue()
        a = RedisBus(REDIS_URL, prefix=prefix)
        b = RedisBus(REDIS_URL, prefix=prefix)
        other = RedisBus(REDIS_URL, prefix=prefix + "-other")
        await a.start(_listener(got_a))
        await b.start(_listener(got_b))
        await other.start(_listener(got_other))
        raw = aioredis.from_url(REDIS_URL)
        try:
            await a.publish("T1", 5)
            assert await _next(got_b) == ("T1", 5)
            await b.publish("T2", 9)
            # one channel delivers in order: had a heard its own T1, it would come before T2
            assert await _next(got_a) == ("T2", 9)
            # the other channel heard nothing of these: its own marker comes first
            await raw.publish(other.channel, json.dumps({"table": "M", "seq": 1, "worker": "w"}))
            assert await _next(got_other) == ("M", 1)
        finally:
            await raw.aclose()
            await a.close()
            await b.close()
            await other.close()

    asyncio.run(main())


@needs_redis
def test_notices_of_one_table_are_coalesced_and_malformed_ones_ignored():
    import redis.asyncio as aioredis

    from herna.server.bus_redis import RedisBus

    prefix = f"herna-test-{secrets.token_hex(6)}"
    channel = f"{prefix}:tables"

    async def main() -> None:
        seen: asyncio.Queue = asyncio.Queue()
        gate = asyncio.Event()
        b = RedisBus(REDIS_URL, prefix=prefix)

        async def on_b(table, seq):
            seen.put_nowait((table, seq))
            if table == "T":
                await gate.wait()  # the first notice of T is slow to handle

        await b.start(on_b)
        raw = aioredis.from_url(REDIS_URL)

        async def notice(table, seq):
            await raw.publish(channel, json.dumps({"table": table, "seq": seq, "worker": "w"}))

        try:
            await raw.publish(channel, "not json")
            await raw.publish(channel, json.dumps({"seq": 1}))
            for seq in (1, 2, 3):
                await notice("T", seq)
            await notice("U", 1)  # another table, handled beside T: T's notices all came before it
            assert await _next(seen) == ("T", 1)
            assert await _next(seen) == ("U", 1)
            gate.set()
            # the first, then only the newest of the ones that came meanwhile
            assert await _next(seen) == ("T", 3)
            await notice("V", 1)
            assert await _next(seen) == ("V", 1)
            assert seen.empty()
        finally:
            await raw.aclose()
            await b.close()

    asyncio.run(main())


@needs_redis
def test_a_worker_that_loses_redis_reconnects_and_catches_up():
    import redis.asyncio as aioredis

    from herna.server.bus_redis import RedisBus

    prefix = f"herna-test-{secrets.token_hex(6)}"

    async def main() -> None:
        got: asyncio.Queue = asyncio.Queue()
        resynced = asyncio.Event()
        a = RedisBus(REDIS_URL, prefix=prefix)
        b = RedisBus(REDIS_URL, prefix=prefix, retry_min=0.1)

        async def resync():
            resynced.set()

        async def ignore(table, seq):
            pass

        await a.start(ignore)
        await b.start(_listener(got), resync)
        admin = aioredis.from_url(REDIS_URL, decode_responses=True)
        try:
            await a.publish("T", 1)
            assert await _next(got) == ("T", 1)
            # drop b's subscriber connection, as a Redis restart would
            killed = 0
            for client in await admin.client_list():
                if client.get("name") == b.client_name and int(client.get("sub", 0) or 0) > 0:
                    await admin.client_kill_filter(_id=client["id"])
                    killed += 1
            assert killed
            await asyncio.wait_for(resynced.wait(), 60)  # the bus reconnects after its back-off
            assert b.reconnects >= 1
            await a.publish("T", 2)
            assert await _next(got) == ("T", 2)
        finally:
            await admin.aclose()
            await a.close()
            await b.close()

    asyncio.run(main())
