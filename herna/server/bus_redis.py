"""The Redis bus: change notices between the workers of one herna server
(``herna serve --workers N --db postgresql://... --redis redis://...``).

Every worker publishes ``{"table", "seq", "worker", "step"}`` on one pub/sub
channel (``PREFIX:tables``) after it stored a step of a table (``step``: the
stored rows, :data:`herna.server.bus.Step`); every other worker gets
``on_step(table, seq, step)``, applies the rows to its cached copy of that
table and sends the new state to its own WebSockets
(:meth:`herna.server.tables.TableService._on_step`), reading the database only
when the step does not follow on from its copy. A change that is not a step
(seats, votes) travels without ``step`` to ``on_change(table, seq)``, which
reads it back from the database. A worker ignores its own notices (it holds
the change already). The database is the only truth (a step is published
after its commit), so a lost notice delays an update but never corrupts one.
A chat message travels as ``{"table", "chat": message, "worker"}`` to
``on_chat(table, message)``.

The notices of one table are handed over one at a time, in the order they
came (steps must be applied in order); plain notices that wait behind each
other are coalesced into the newest, and a table with more than
:data:`MAX_QUEUED` waiting is caught up by one plain notice (one read).

Losing Redis: the listener logs one warning, retries with a growing pause
(:data:`RETRY_MIN` .. :data:`RETRY_MAX` seconds) and logs when it is back;
notices this worker could not publish meanwhile are kept (the newest seq of
each table) and sent on reconnection, and ``on_resync()`` (if ``start`` got
one) lets the worker catch up on everything it may have missed.

The channel's prefix (``herna serve --redis-prefix``, by default
:func:`herna.server.bus.default_prefix` of the database URL) keeps two
deployments sharing one Redis apart: their workers never hear each other.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import os
import secrets
import socket
import time
from typing import Any, Awaitable
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis

from .bus import Bus, OnChange, OnChat, OnResync, OnStep, Step, check_prefix, check_step

log = logging.getLogger("herna.server")

CHANNEL = "tables"
"""The pub/sub channel of table notices, after the prefix (``PREFIX:tables``)."""
RETRY_MIN = 0.5
"""First pause before reconnecting to Redis (seconds); it doubles up to :data:`RETRY_MAX`."""
RETRY_MAX = 10.0
"""Longest pause between reconnection attempts (seconds)."""
START_WAIT = 5.0
"""How long :meth:`RedisBus.start` waits for the first subscription before going on (retrying behind)."""
MAX_PENDING = 10_000
"""Unpublished notices kept while Redis is away (tables); the oldest are dropped beyond it."""
CLOSE_WAIT = 1.0
"""How long closing the bus waits for queued notices to be sent (seconds)."""
MAX_QUEUED = 256
"""Notices of one table waiting to be handled; beyond it they collapse into one plain notice."""


def safe_url(url: str) -> str:
    """``url`` with any password replaced by ``***`` (for logs).

    >>> safe_url("redis://user:secret@h:6379/0")
    'redis://user:***@h:6379/0'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    port = f":{parts.port}" if parts.port is not None else ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))


class RedisBus(Bus):
    """Table notices over Redis pub/sub (module docstring)."""

    def __init__(self, url: str, prefix: str = "herna", *, retry_min: float = RETRY_MIN,
                 retry_max: float = RETRY_MAX) -> None:
        self.url = url
        self.prefix = check_prefix(prefix)
        self.channel = f"{self.prefix}:{CHANNEL}"
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.client_name = "herna-bus-" + "".join(c if c.isalnum() or c in "-_.:" else "_" for c in self.worker)
        """The name of this worker's Redis connections (``CLIENT LIST``)."""
        self.retry_min = retry_min
        self.retry_max = retry_max
        self._on_change: OnChange | None = None
        self._on_resync: OnResync | None = None
        self._on_chat: OnChat | None = None
        self._on_step: OnStep | None = None
        self._publisher: Any = None
        self._listener: asyncio.Task | None = None
        self._ready = asyncio.Event()
        self._closing = False
        self._connected = False
        self._pending: dict[str, int] = {}
        self._queues: dict[str, collections.deque[tuple[int, Step | None]]] = {}
        self._handlers: dict[str, asyncio.Task] = {}
        self._chats: set[asyncio.Task] = set()
        self._publish_failing = False
        self._outbox: collections.deque[tuple[str, int, Step | None]] = collections.deque()
        self._wake = asyncio.Event()
        self._writer: asyncio.Task | None = None
        self.published = 0
        """Notices this worker sent (for tests and stats)."""
        self.received = 0
        """Notices from other workers handed to ``on_change`` (for tests and stats)."""
        self.reconnects = 0
        """Times the listener came back after losing Redis."""

    # ----- life cycle -------------------------------------------------------------------------
    def _client(self) -> Any:
        return aioredis.from_url(self.url, socket_connect_timeout=5, socket_keepalive=True,
                                 health_check_interval=15, decode_responses=True,
                                 client_name=self.client_name)

    async def start(self, on_change: OnChange, on_resync: OnResync | None = None,
                    on_chat: OnChat | None = None, on_step: OnStep | None = None) -> None:
        """Subscribe and deliver other workers' notices to ``on_change``
        (steps to ``on_step``, chat messages to ``on_chat``). Waits up to
        :data:`START_WAIT` seconds for the subscription; if Redis cannot be
        reached by then, logs it and keeps trying in the background."""
        self._on_change = on_change
        self._on_resync = on_resync
        self._on_chat = on_chat
        self._on_step = on_step
        self._closing = False
        self._publisher = self._client()
        self._listener = asyncio.get_running_loop().create_task(self._listen(), name="herna-redis-bus")
        try:
            await asyncio.wait_for(asyncio.shield(self._ready.wait()), START_WAIT)
        except asyncio.TimeoutError:
            log.error("Redis bus: cannot reach %s yet; this worker serves its own connections and keeps "
                      "trying (other workers' moves reach it once Redis answers)", safe_url(self.url))

    async def close(self) -> None:
        """Send what is queued (for up to :data:`CLOSE_WAIT` seconds), stop
        listening, close the connections."""
        deadline = time.monotonic() + CLOSE_WAIT
        while self._outbox and self._writer is not None and not self._writer.done() \
                and not self._publish_failing and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        self._closing = True
        tasks = [t for t in (self._listener, self._writer, *self._handlers.values(), *self._chats)
                 if t is not None and not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._listener = None
        self._writer = None
        self._outbox.clear()
        self._handlers.clear()
        if self._publisher is not None:
            try:
                await self._publisher.aclose()
            except Exception:  # noqa: BLE001 - closing; nothing left to save
                pass
            self._publisher = None
        self._on_change = None
        self._on_resync = None
        self._on_chat = None
        self._on_step = None
        self._queues.clear()

    # ----- publishing -------------------------------------------------------------------------
    def _payload(self, table_id: str, seq: int, step: Step | None = None) -> str:
        notice: dict[str, Any] = {"table": table_id, "seq": seq, "worker": self.worker}
        if step is not None:
            notice["step"] = step
        return json.dumps(notice, separators=(",", ":"))

    async def publish(self, table_id: str, seq: int, step: Step | None = None) -> None:
        """Tell the other workers that ``table_id`` is now at ``seq`` (by
        ``step``, or a change that is not a step). Returns at once: the
        notices are sent by one writer, in the order of the calls (a table's
        steps must arrive in order), those that piled up meanwhile in one
        pipeline. If Redis is away a notice is kept, as a plain one (the
        others read the table back), and sent on reconnection (never raises
        for a lost connection)."""
        if self._publisher is None:
            raise RuntimeError("RedisBus.publish before start()")
        self._outbox.append((table_id, seq, step))
        while len(self._outbox) > MAX_PENDING:
            old_table, old_seq, _ = self._outbox.popleft()
            self._keep(old_table, old_seq)
        self._wake.set()
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write(), name="herna-redis-bus-writer")

    async def _write(self) -> None:
        """Send the queued notices, in order (see :meth:`publish`)."""
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox and self._publisher is not None:
                batch = list(self._outbox)
                self._outbox.clear()
                try:
                    async with self._publisher.pipeline(transaction=False) as pipe:
                        for table_id, seq, step in batch:
                            pipe.publish(self.channel, self._payload(table_id, seq, step))
                        await pipe.execute()
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # noqa: BLE001 - redis' ConnectionError, TimeoutError, OSError
                    for table_id, seq, _ in batch:
                        self._keep(table_id, seq)
                    if not self._publish_failing:
                        self._publish_failing = True
                        log.warning("Redis bus: cannot publish to %s (%s); notices are kept and sent when it "
                                    "is back", safe_url(self.url), _short(error))
                    break
                self.published += len(batch)
                if self._publish_failing:
                    self._publish_failing = False
                    log.warning("Redis bus: publishing to %s works again", safe_url(self.url))
                    await self._flush()

    async def publish_chat(self, table_id: str, message: dict[str, Any]) -> None:
        """Hand a chat message to the other workers (lost if Redis is away:
        it is stored, and read in the table's chat history)."""
        if self._publisher is None:
            raise RuntimeError("RedisBus.publish_chat before start()")
        payload = json.dumps({"table": table_id, "chat": message, "worker": self.worker}, separators=(",", ":"))
        try:
            await self._publisher.publish(self.channel, payload)
        except Exception as error:  # noqa: BLE001 - redis' ConnectionError, TimeoutError, OSError
            log.warning("Redis bus: a chat message of table %s did not reach the other workers (%s)",
                        table_id, _short(error))

    def _keep(self, table_id: str, seq: int) -> None:
        self._pending.pop(table_id, None)
        self._pending[table_id] = max(seq, self._pending.get(table_id, seq))
        while len(self._pending) > MAX_PENDING:
            self._pending.pop(next(iter(self._pending)))

    async def _flush(self) -> None:
        """Send the notices kept while Redis was away."""
        while self._pending and self._publisher is not None:
            table_id, seq = next(iter(self._pending.items()))
            try:
                await self._publisher.publish(self.channel, self._payload(table_id, seq))
            except Exception:  # noqa: BLE001 - away again; kept for the next reconnection
                return
            if self._pending.get(table_id) == seq:
                del self._pending[table_id]

    # ----- listening --------------------------------------------------------------------------
    async def _listen(self) -> None:
        delay = self.retry_min
        lost_at: float | None = None
        while not self._closing:
            client = self._client()
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                if lost_at is None and not self._connected:
                    log.info("Redis bus: worker %s listening on %s channel %r", self.worker,
                             safe_url(self.url), self.channel)
                else:
                    self.reconnects += 1
                    log.warning("Redis bus: connected to %s after %.1f s without it", safe_url(self.url),
                                time.monotonic() - (lost_at or time.monotonic()))
                self._connected = True
                lost_at = None
                delay = self.retry_min
                self._ready.set()
                if self.reconnects:
                    await self._after_reconnect()
                while not self._closing:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self._deliver(message.get("data"))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - ConnectionError, TimeoutError, OSError, ...
                if self._closing:
                    break
                if lost_at is None:
                    lost_at = time.monotonic()
                    what = "lost the connection to" if self._connected else "cannot connect to"
                    log.warning("Redis bus: %s %s (%s); other workers' moves do not reach this worker "
                                "until it is back; retrying", what, safe_url(self.url), _short(error))
                else:
                    log.debug("Redis bus: still cannot reach %s (%s)", safe_url(self.url), _short(error))
            finally:
                await _quietly(pubsub.aclose())
                await _quietly(client.aclose())
            if self._closing:
                break
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.retry_max)

    async def _after_reconnect(self) -> None:
        """Publish what was kept; let the worker catch up on what it may have missed."""
        await self._flush()
        if self._on_resync is not None:
            try:
                await self._on_resync()
            except Exception:  # noqa: BLE001 - logged; later notices still arrive
                log.exception("Redis bus: catching up after reconnecting failed")

    def _deliver(self, data: object) -> None:
        """Hand one received notice to ``on_change`` (never this worker's own).
        Notices of one table are handled one at a time, newest seq last;
        different tables in parallel."""
        try:
            notice = json.loads(data) if isinstance(data, (str, bytes)) else None
            if not isinstance(notice, dict):
                raise TypeError("notice")
            table_id, worker = notice["table"], notice.get("worker")
            if not isinstance(table_id, str):
                raise TypeError("table")
            chat = notice.get("chat")
            if chat is not None and not isinstance(chat, dict):
                raise TypeError("chat")
            seq = int(notice["seq"]) if chat is None else 0
            step = notice.get("step")
            if step is not None:
                step = check_step(step, seq)
        except (ValueError, TypeError, KeyError):
            log.warning("Redis bus: ignored a malformed notice on %r: %.100r", self.channel, data)
            return
        if worker == self.worker:
            return
        if chat is not None:
            if self._on_chat is not None:
                task = asyncio.get_running_loop().create_task(self._tell_chat(self._on_chat, table_id, chat))
                self._chats.add(task)
                task.add_done_callback(self._chats.discard)
            return
        queue = self._queues.setdefault(table_id, collections.deque())
        if step is None and queue and queue[-1][1] is None:
            queue[-1] = (max(seq, queue[-1][0]), None)
        else:
            queue.append((seq, step))
        if len(queue) > MAX_QUEUED:
            newest = max(s for s, _ in queue)
            queue.clear()
            queue.append((newest, None))
        running = self._handlers.get(table_id)
        if running is None or running.done():
            self._handlers[table_id] = asyncio.get_running_loop().create_task(self._handle(table_id))

    @staticmethod
    async def _tell_chat(on_chat: OnChat, table_id: str, message: dict) -> None:
        try:
            await on_chat(table_id, message)
        except Exception:  # noqa: BLE001 - one table's trouble never stops the bus
            log.exception("Redis bus: a chat message of table %s failed", table_id)

    async def _handle(self, table_id: str) -> None:
        try:
            while not self._closing:
                queue = self._queues.get(table_id)
                if not queue:
                    self._queues.pop(table_id, None)
                    return
                seq, step = queue.popleft()
                if self._on_change is None:
                    return
                self.received += 1
                try:
                    if step is not None and self._on_step is not None:
                        await self._on_step(table_id, seq, step)
                    else:
                        await self._on_change(table_id, seq)
                except Exception:  # noqa: BLE001 - one table's trouble never stops the bus
                    log.exception("Redis bus: catching up on table %s (seq %s) failed", table_id, seq)
        finally:
            if self._handlers.get(table_id) is asyncio.current_task():
                del self._handlers[table_id]


def _short(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]


async def _quietly(awaitable: Awaitable[Any]) -> None:
    try:
        await awaitable
    except Exception:  # noqa: BLE001 - closing a broken connection
        pass
