"""Change notices between server processes (docs/server.md).

After a process stores actions of a table it calls ``bus.publish(table_id,
seq)``; every process (itself included, with :class:`LocalBus` only itself)
gets ``on_change(table_id, seq)`` and brings its copy of the table up to
``seq`` from the database, then sends the new state to its own WebSockets.
A notice carries no game data: the database is the only truth, so a lost
notice delays an update but never corrupts one.

:class:`LocalBus` serves one process. A Redis pub/sub bus for several
workers implements the same :class:`Bus` interface.
"""

from __future__ import annotations

import logging
from typing import Awaitable, Callable

OnChange = Callable[[str, int], Awaitable[None]]
"""``on_change(table_id, seq)``: a table changed; ``seq`` is its seq after the change."""
OnResync = Callable[[], Awaitable[None]]
"""``on_resync()``: notices may have been lost (the bus was cut off); catch up on every table served."""

log = logging.getLogger("herna.server")


class Bus:
    """Broadcast of table changes between server processes."""

    async def start(self, on_change: OnChange, on_resync: OnResync | None = None) -> None:
        """Begin delivering notices to ``on_change``; a bus that may lose
        notices (a connection cut) calls ``on_resync()`` when it is back."""
        raise NotImplementedError

    async def publish(self, table_id: str, seq: int) -> None:
        """Tell every process that ``table_id`` changed and is now at ``seq``
        (seat changes publish the same seq again)."""
        raise NotImplementedError

    async def close(self) -> None:
        """Stop delivering; release connections."""
        raise NotImplementedError


class LocalBus(Bus):
    """The bus of a single process: the process that stored a change already
    holds it, so a notice has nowhere else to go. ``echo=True`` delivers each
    notice back to ``on_change`` (as a remote bus would; for tests)."""

    def __init__(self, echo: bool = False) -> None:
        self.echo = echo
        self._on_change: OnChange | None = None

    async def start(self, on_change: OnChange, on_resync: OnResync | None = None) -> None:
        self._on_change = on_change

    async def publish(self, table_id: str, seq: int) -> None:
        if self.echo and self._on_change is not None:
            try:
                await self._on_change(table_id, seq)
            except Exception:  # noqa: BLE001 - a notice never breaks the publisher
                log.exception("bus notice for table %s failed", table_id)

    async def close(self) -> None:
        self._on_change = None


def make_bus(redis_url: str | None) -> Bus:
    """The bus for a server: :class:`LocalBus` without ``redis_url``; with
    it the Redis bus (``herna.server.bus_redis.RedisBus``). ``ValueError``
    when Redis is asked for and this installation has no Redis bus yet."""
    if not redis_url:
        return LocalBus()
    try:
        from .bus_redis import RedisBus  # type: ignore[import-not-found]
    except ImportError:
        raise ValueError("the Redis bus (--redis) is not available in this version; "
                         "run one worker without --redis") from None
    return RedisBus(redis_url)  # type: ignore[no-any-return]

