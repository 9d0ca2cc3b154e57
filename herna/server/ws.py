"""The table WebSocket ``/ws/tables/{id}`` (WEB-API.md, docs/server.md).

One :class:`Connection` per socket, with its seat (``None``: a spectator),
its language and the seq of the last state it was sent.

- First, before the table is looked at: a client address that has opened
  more new sockets than :class:`AddressLimits` allows (``--connect-limit``,
  :data:`CONNECT_LIMIT`) gets an ``error`` ``rate_limited`` and a close
  with 1008. Before accepting: an ``Origin`` that is not the server's public
  origin (:class:`herna.server.origin.OriginPolicy`) is refused with close
  code 1008. A client without ``Origin`` (not a browser) and without the
  bearer header (its seat cookie, if it sends one, is not read: a cookie
  counts only with the page's own ``Origin``) opens with a ``hello`` within :data:`HELLO_TIMEOUT` seconds:
  with a token for its seat, without one to watch as a spectator (a first
  message of another type: ``bad_message`` and 1008; none in time: 1008). A
  token opens its seat (the table may start) and shows its person present;
  a token that opens no seat of this table gets ``bad_token`` and the socket
  stays what it was.
- The server sends ``{"type": "state", ...}`` (:mod:`herna.server.messages`)
  on connect and after every change: a full one (``"full": true``, the last
  50 events) on connect, after ``hello`` and ``lang``; then one message per
  step of the table (:mod:`herna.server.live`): every seat's move reaches
  the socket in a message of its own, after one whose ``to_move`` named that
  seat, however slow the socket is (a socket more than
  :data:`~herna.server.live.SNAPSHOTS` steps behind gets a full state).
  Changes that are not moves (seats, votes, the clock) are coalesced.
- Client messages (JSON text, at most :data:`MAX_MESSAGE` bytes):
  ``{"type": "hello", "token": T, "lang"?}``, ``{"type": "act", "action": A,
  "seq": N}``, ``{"type": "chat", "text": T}`` or ``{"type": "chat",
  "phrase": K}`` (:mod:`herna.server.chat`), ``{"type": "lang", "lang": L}``,
  ``{"type": "ping"}`` (answer ``{"type": "pong", "seq"}``), ``{"type":
  "readouts"}`` (answer ``{"type": "readouts", "seq", "hand", "scores",
  "last"}``). A refusal is ``{"type": "error", "code", "error", "seq"}``;
  codes: ``bad_json`` (not JSON, nested too deep, not UTF-8), ``too_large``,
  ``bad_message``, ``unknown_type``, ``bad_token``, ``bad_lang``,
  ``forbidden`` (a spectator acting: counted as a bad message), ``rate_limited``, ``bad_chat``, and
  the refusals of a move (``not_your_turn``, ``stale_seq``, ``illegal``,
  ``bad_action``, ``waiting``, ``game_over``).
- Limits: refused moves (a move at a future ``seq`` among them) spend
  :data:`ACT_LIMIT`, kept per client address and seat across its sockets (a
  move not at the table's ``seq`` is charged before it is checked); chat
  messages :data:`CHAT_LIMIT` per socket; beyond them a message is answered
  ``rate_limited`` without being looked at.
  :data:`ABUSE_LIMIT` malformed or rate-limited messages within
  :data:`ABUSE_WINDOW` seconds close the socket with 1008. A move at a
  future ``seq`` is stale at once on one worker; with several it reloads
  the table from the database at most every
  :data:`~herna.server.tables.REFRESH_EVERY` seconds, however many come
  (:meth:`~herna.server.tables.TableService.catch_up`).
- A client that leaves, even in the middle of a send, just leaves: nothing
  is logged as an error.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from typing import Any

import orjson
from fastapi import APIRouter
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from herna.core.catalog import LANGS

from . import auth
from .chat import ChatService, for_reader
from .errors import ServiceError
from .live import LiveTable
from .messages import encode, readouts_message, state_frame
from .origin import OriginPolicy
from .tables import TableService

log = logging.getLogger("herna.server")

MAX_MESSAGE = 64 * 1024
"""The largest client message (bytes); larger ones get a ``too_large`` error."""
ABUSE_LIMIT = 5
"""Malformed or rate-limited messages within :data:`ABUSE_WINDOW` that close the socket (1008)."""
ABUSE_WINDOW = 10.0
"""Seconds over which malformed messages are counted."""
ACT_LIMIT = (10, 2.0)
"""Refused moves a socket may send: a burst of 10, then 2 a second."""
CHAT_LIMIT = (5, 0.5)
"""Chat messages a socket may send: a burst of 5, then one every 2 seconds."""
HELLO_TIMEOUT = 10.0
"""Seconds a client without ``Origin`` and without a token has to send its ``hello`` (else closed, 1008)."""
CONNECT_LIMIT = (20, 1.0)
"""New WebSockets one client address may open: a burst of 20, then one a second
(``herna serve --connect-limit``); beyond it a socket gets ``rate_limited`` and is closed (1008)."""
REFUSAL_HOLD = 2.0
"""At most this many seconds a refused new socket is held before its close: until the address's next
socket would be let in, so a client that reconnects when closed is paced at the limit's rate for free
(an idle socket costs no CPU; a refusal answered at once would be asked again at once)."""
HELD_REFUSALS = 8
"""Refused sockets of one address held at once; more are closed at once."""
ADDRESSES_KEPT = 10_000
"""Client addresses (and address-seat pairs) whose limits are kept; beyond it, those with nothing spent
are forgotten, then the oldest."""
POLICY = 1008
"""WebSocket close code of a refused or abusive client."""
GOING_AWAY = 1001
"""Close code when the server shuts down."""
NOT_FOUND = 4404
"""Close code for an unknown table (after an ``error`` message)."""
TYPES = ("hello", "act", "chat", "lang", "ping", "readouts")
GONE = (WebSocketDisconnect, RuntimeError, OSError)
"""What sending to or receiving from a socket the client has left raises."""


class Bucket:
    """A token bucket: ``burst`` at once, refilled at ``rate`` a second."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst = float(burst)
        self.rate = rate
        self.tokens = float(burst)
        self.at = time.monotonic()

    def full(self) -> bool:
        """Whether the bucket is full again (refilled first)."""
        self.empty()
        return self.tokens >= self.burst

    def empty(self) -> bool:
        """Whether nothing is left now (refilled first)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens < 1.0

    def wait(self) -> float:
        """Seconds until one can be taken (0: now; ``inf`` if it is never refilled)."""
        if not self.empty():
            return 0.0
        return (1.0 - self.tokens) / self.rate if self.rate > 0 else float("inf")

    def spend(self) -> bool:
        """Take one; ``False`` (nothing taken) if the bucket is empty."""
        if self.empty():
            return False
        self.tokens -= 1.0
        return True


class AddressLimits:
    """Limits kept per client address, across its sockets: new WebSockets
    (``connect``: a token bucket of ``burst`` and ``rate`` a second, or none
    with ``None``), and the refused moves of each of its seats (:data:`ACT_LIMIT`,
    so that a socket closed for abuse does not come back with a full limit).
    At most :data:`ADDRESSES_KEPT` addresses are kept; when there are more,
    those whose buckets are full again are forgotten (a full bucket is what a
    new one would be), then, if still too many, the oldest down to half."""

    def __init__(self, connect: tuple[int, float] | None = CONNECT_LIMIT) -> None:
        self.connect = connect
        self.sockets: dict[str, Bucket] = {}
        self.acts: dict[tuple[str, str, int], Bucket] = {}
        self.held: collections.Counter[str] = collections.Counter()
        """Refused sockets being held, per address (:meth:`refuse`)."""

    def admit(self, address: str) -> bool:
        """Whether ``address`` may open one more WebSocket now (spends one)."""
        if self.connect is None:
            return True
        bucket = self.sockets.get(address)
        if bucket is None:
            self._trim(self.sockets)
            bucket = self.sockets[address] = Bucket(*self.connect)
        return bucket.spend()

    async def refuse(self, websocket: WebSocket, address: str) -> None:
        """Refuse a new socket over the limit (module docstring): ``error``
        ``rate_limited``, held until the address's next socket would be let
        in (at most :data:`REFUSAL_HOLD` seconds, and not when
        :data:`HELD_REFUSALS` of its sockets are held already), then closed
        with 1008."""
        try:
            await websocket.accept()
            await websocket.send_text(encode({"type": "error", "code": "rate_limited", "seq": None,
                                              "error": "too many new connections from this address; "
                                                       "wait a moment before connecting again"}).decode())
        except GONE:
            return
        bucket = self.sockets.get(address)
        hold = min(REFUSAL_HOLD, bucket.wait()) if bucket is not None else 0.0
        if hold > 0 and self.held[address] < HELD_REFUSALS:
            self.held[address] += 1
            try:
                await asyncio.sleep(hold)
            finally:
                self.held[address] -= 1
                if not self.held[address]:
                    del self.held[address]
        try:
            await websocket.close(code=POLICY, reason="too many new connections")
        except GONE:
            pass

    def act_bucket(self, address: str, table: str, seat: int) -> Bucket:
        """The refused-move limit of ``address``'s seat ``seat`` at ``table``."""
        key = (address, table, seat)
        bucket = self.acts.get(key)
        if bucket is None:
            self._trim(self.acts)
            bucket = self.acts[key] = Bucket(*ACT_LIMIT)
        return bucket

    @staticmethod
    def _trim(buckets: dict) -> None:
        """Make room in ``buckets``: forget the full ones, and if that is not
        enough (a flood from many addresses) the oldest, down to half."""
        if len(buckets) >= ADDRESSES_KEPT:
            for key in [key for key, bucket in buckets.items() if bucket.full()]:
                del buckets[key]
        if len(buckets) >= ADDRESSES_KEPT:
            for key in list(buckets)[:len(buckets) - ADDRESSES_KEPT // 2]:
                del buckets[key]


def check_connect_limit(value: object) -> tuple[int, float] | None:
    """``herna serve --connect-limit``: ``"BURST/RATE"`` (new WebSockets per
    client address: ``BURST`` at once, then ``RATE`` a second), or ``"0"``/
    ``None`` for no limit; also a ``(burst, rate)`` pair. ``ValueError``
    saying the form for anything else."""
    if value is None or value == "0" or value == 0:
        return None
    if isinstance(value, str):
        burst, _, rate = value.partition("/")
        try:
            value = (int(burst), float(rate))
        except ValueError:
            raise ValueError(f"the connect limit is BURST/RATE (e.g. 20/1: 20 new sockets at once, then one a "
                             f"second, per client address) or 0 for none, not {value!r}") from None
    burst, rate = value  # type: ignore[misc]
    if not (isinstance(burst, int) and burst >= 1 and rate >= 0):
        raise ValueError(f"the connect limit needs a burst of at least 1 and a rate of 0 or more, "
                         f"not {burst}/{rate}")
    return int(burst), float(rate)


class Connection:
    """One table WebSocket (module docstring)."""

    def __init__(self, websocket: WebSocket, service: TableService, chat: ChatService, table: LiveTable,
                 seat: int | None, lang: str, limits: AddressLimits | None = None) -> None:
        self.ws = websocket
        self.service = service
        self.chat = chat
        self.table = table
        self.seat = seat
        self.lang = lang
        self.sent_seq: int | None = None
        self.full = True
        self.last_sent: tuple | None = None
        self.dirty = asyncio.Event()
        self.send_lock = asyncio.Lock()
        self.outbox: collections.deque[dict[str, Any]] = collections.deque()
        self.bad: collections.deque[float] = collections.deque()
        self.limits = limits or AddressLimits(None)
        self.address = websocket.client.host if websocket.client else ""
        self.acts = Bucket(*ACT_LIMIT) if seat is None else self.limits.act_bucket(self.address, table.id, seat)
        self.chats = Bucket(*CHAT_LIMIT)
        self.closed = False

    # ----- sending ---------------------------------------------------------------------------
    def poke(self) -> None:
        """The table changed: send a state when the sender gets to it."""
        self.dirty.set()

    def told(self, message: dict[str, Any]) -> None:
        """A chat message for this socket (sent by the sender, in its language)."""
        self.outbox.append(message)
        self.dirty.set()

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict, or JSON text already encoded) unless the
        socket is closed; a client gone meanwhile closes the connection quietly."""
        async with self.send_lock:
            if self.ws.application_state != WebSocketState.CONNECTED or self.closed:
                return
            try:
                await self.ws.send_text(message if isinstance(message, str) else encode(message).decode())
            except GONE:
                self.closed = True
                self.dirty.set()

    async def error(self, code: str, message: str) -> None:
        await self.send({"type": "error", "code": code, "error": message, "seq": self.table.seq})

    async def send_full(self) -> None:
        frame = state_frame(self.table, self.seat, self.lang, None)
        await self.send(frame.text)
        self.sent_seq, self.last_sent = frame.seq, frame.changes
        self.table.sent(id(self), frame.seq)

    async def send_states(self) -> None:
        """Send what the socket has not had: a full state when it needs one,
        else one state per step since the last (module docstring), else the
        table's other changes."""
        table = self.table
        if self.full or self.sent_seq is None:
            self.full = False
            await self.send_full()
            return
        steps = table.steps_after(self.sent_seq)
        if steps is None:  # further behind than the table keeps: catch up at once
            await self.send_full()
            return
        for snap in steps:
            if self.closed or self.full:
                return
            frame = state_frame(table, self.seat, self.lang, self.sent_seq, at=snap)
            await self.send(frame.text)
            self.sent_seq, self.last_sent = frame.seq, frame.changes
            table.sent(id(self), frame.seq)
        if not steps:
            frame = state_frame(table, self.seat, self.lang, self.sent_seq)
            if frame.events or frame.changes != self.last_sent:
                await self.send(frame.text)
                self.sent_seq, self.last_sent = frame.seq, frame.changes
                table.sent(id(self), frame.seq)

    async def sender(self) -> None:
        """Send chat messages and states whenever there are some."""
        while not self.closed:
            await self.dirty.wait()
            self.dirty.clear()
            while self.outbox and not self.closed:
                await self.send(for_reader(self.outbox.popleft(), self.lang))
            try:
                await self.send_states()
            except Exception:  # noqa: BLE001 - logged; the next change tries again
                log.exception("state of table %s for seat %s", self.table.id, self.seat)
                self.full = True

    # ----- receiving -------------------------------------------------------------------------
    async def abuse(self, code: str, message: str) -> bool:
        """Answer a malformed (or rate-limited) message; ``True`` if the socket was closed for abuse."""
        now = time.monotonic()
        self.bad.append(now)
        while self.bad and now - self.bad[0] > ABUSE_WINDOW:
            self.bad.popleft()
        await self.error(code, message)
        if len(self.bad) >= ABUSE_LIMIT:
            await self.close(POLICY, "too many bad messages")
            return True
        return False

    async def close(self, code: int, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        self.dirty.set()
        async with self.send_lock:
            try:
                await self.ws.close(code=code, reason=reason)
            except GONE:
                pass

    @staticmethod
    def parse(raw: dict) -> tuple[dict | None, str, str]:
        """A received frame as a message dict, or ``(None, code, error)``:
        any frame the server cannot read is refused the same way (not JSON,
        nested too deep, not UTF-8, binary, too large)."""
        text = raw.get("text")
        if text is None:
            data = raw.get("bytes") or b""
            if len(data) > MAX_MESSAGE:
                return None, "too_large", f"a message may have at most {MAX_MESSAGE} bytes"
            return None, "bad_message", "messages are JSON text, not binary frames"
        if len(text) > MAX_MESSAGE:
            return None, "too_large", f"a message may have at most {MAX_MESSAGE} bytes"
        try:
            encoded = text.encode("utf-8")
        except UnicodeEncodeError:
            return None, "bad_json", "a message must be UTF-8 JSON text"
        if len(encoded) > MAX_MESSAGE:
            return None, "too_large", f"a message may have at most {MAX_MESSAGE} bytes"
        try:
            message = orjson.loads(encoded)
        except orjson.JSONDecodeError:
            return None, "bad_json", "a message must be a JSON object such as {\"type\": \"act\", ...} " \
                                     "(at most 1024 levels deep)"
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return None, "bad_message", "a message must be a JSON object with a \"type\""
        return message, "", ""

    async def hello(self, message: dict) -> bool:
        """A ``hello``: take the seat its token opens. ``False`` for a bad token."""
        token = message.get("token")
        lang = message.get("lang")
        if isinstance(lang, str) and lang in LANGS:
            self.lang, self.full = lang, True
            self.poke()
        seat = self.service.seat_of(self.table, token if isinstance(token, str) else None)
        if seat is None:
            if token is not None:
                now = f"you keep seat {self.seat}" if self.seat is not None else "you watch as a spectator"
                await self.error("bad_token", f"this token opens no seat of table {self.table.id}: a seat token "
                                              f"opens one seat of one table (is it another table's?); {now}")
            return token is None
        old, self.seat, self.full = self.seat, seat, True
        self.acts = self.limits.act_bucket(self.address, self.table.id, seat)
        self.poke()
        if seat != old:
            await self.service.set_online(self.table, old, -1)
            await self.service.set_online(self.table, seat, +1)
        await self.service.seen(self.table, seat)
        return True

    async def act(self, message: dict) -> bool:
        """An ``act``; ``False`` when the socket was closed for abuse."""
        if self.seat is None:  # a refused message like any other: a flood of them closes the socket
            return not await self.abuse("forbidden", "a spectator cannot act; open your seat's link")
        # a move not at the table's seq (stale, or ahead of this copy) is charged before it is looked at:
        # checking it may wait for other workers or read the table back
        charged = message.get("seq") != self.table.seq
        if not (self.acts.spend() if charged else not self.acts.empty()):
            return not await self.abuse("rate_limited", "too many refused moves; wait for the next state")
        try:
            await self.service.act(self.table, self.seat, message.get("action"), message.get("seq"), self.lang)
        except ServiceError as refusal:
            if not charged:
                self.acts.spend()
            await self.error(refusal.code, refusal.message)
        return True

    async def post_chat(self, message: dict) -> bool:
        """A ``chat`` message; ``False`` when the socket was closed for abuse."""
        if not self.chats.spend():
            return not await self.abuse("rate_limited", "too many chat messages; wait a moment")
        try:
            await self.chat.post(self.table, self.seat, message.get("text"), message.get("phrase"))
        except ServiceError as refusal:
            await self.error(refusal.code, refusal.message)
        return True

    async def handle(self, message: dict) -> bool:
        """One well-formed message; ``False`` when the socket was closed."""
        kind = message["type"]
        if kind == "act":
            return await self.act(message)
        if kind == "chat":
            return await self.post_chat(message)
        if kind == "hello":
            await self.hello(message)
            return True
        if kind == "lang":
            lang = message.get("lang")
            if lang not in LANGS:
                await self.error("bad_lang", f"unknown language {lang!r}; the languages are: {', '.join(LANGS)}")
                return True
            self.lang = str(lang)
            self.full = True
            self.poke()
            return True
        if kind == "ping":
            await self.send({"type": "pong", "seq": self.table.seq})
            return True
        if kind == "readouts":
            await self.send(readouts_message(self.table, self.seat, self.lang))
            return True
        return not await self.abuse("unknown_type", f"unknown message type {kind!r}; "
                                                    f"the types are: {', '.join(TYPES)}")

    async def receive(self) -> Any:
        """The next frame, or ``None`` when the client is gone (or sent a
        frame the WebSocket layer could not read: the socket is done)."""
        try:
            raw = await self.ws.receive()
        except GONE:
            return None
        if raw["type"] == "websocket.disconnect":
            return None
        return raw

    async def run(self, need_hello: bool) -> None:
        """Serve the socket until it closes (the socket is accepted)."""
        if need_hello:
            try:
                raw = await asyncio.wait_for(self.receive(), HELLO_TIMEOUT)
            except asyncio.TimeoutError:
                await self.close(POLICY, f"no hello within {HELLO_TIMEOUT:g} s")
                return
            if raw is None:
                return
            message = self.parse(raw)[0]
            if message is None or message.get("type") != "hello":
                await self.error("bad_message", "a client without Origin opens with a hello message: "
                                                "{\"type\": \"hello\", \"token\": T} for a seat, or with no "
                                                "token to watch as a spectator")
                await self.close(POLICY, "hello expected")
                return
            await self.hello(message)
        self.table.listeners.add(self.poke)
        self.table.chat_listeners.add(self.told)
        sender = asyncio.get_running_loop().create_task(self.sender())
        self.poke()
        try:
            while not self.closed:
                raw = await self.receive()
                if raw is None:
                    break
                message, code, why = self.parse(raw)
                if message is None:
                    if await self.abuse(code, why):
                        break
                    continue
                try:
                    going = await self.handle(message)
                except Exception:  # noqa: BLE001 - a bug; logged once, the client told, the socket kept
                    log.exception("message %r on table %s", message.get("type"), self.table.id)
                    await self.error("internal", "the server could not handle this message")
                    going = True
                if not going:
                    break
        finally:
            self.closed = True
            self.table.listeners.discard(self.poke)
            self.table.chat_listeners.discard(self.told)
            self.table.forget(id(self))
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)


async def serve_socket(websocket: WebSocket, service: TableService, chat: ChatService, table_id: str,
                       origins: OriginPolicy, connections: set[Connection],
                       limits: AddressLimits | None = None) -> None:
    """Check, accept and serve one table WebSocket (module docstring)."""
    limits = limits or AddressLimits(None)
    address = websocket.client.host if websocket.client else ""
    if not limits.admit(address):  # before the table is looked at
        await limits.refuse(websocket, address)
        return
    origin = websocket.headers.get("origin")
    if origin is not None and not origins.allows(origin):
        await websocket.close(code=POLICY, reason="foreign origin")
        return
    lang = websocket.query_params.get("lang", "en")
    lang = lang if lang in LANGS else "en"
    try:
        table = await service.get(table_id)
    except ServiceError as error:
        await websocket.accept()
        await websocket.send_text(encode({"type": "error", "code": error.code, "error": error.message,
                                          "seq": None}).decode())
        await websocket.close(code=NOT_FOUND if error.status == 404 else 1011)
        return
    token = auth.bearer(websocket.headers)
    if token is not None:
        seat = service.seat_of(table, token)
        if seat is None:
            await websocket.close(code=POLICY, reason="bad token")
            return
    else:  # the seat cookie counts only with the page's own Origin (a browser), as for REST writes
        cookie = websocket.cookies.get(auth.cookie_name(table.id)) if origin is not None else None
        seat = service.seat_of(table, cookie) if cookie else None
    await websocket.accept()
    connection = Connection(websocket, service, chat, table, seat, lang, limits)
    connections.add(connection)
    await service.set_online(table, seat, +1)
    try:
        if seat is not None:
            await service.seen(table, seat)
        await connection.run(need_hello=origin is None and seat is None)
    finally:
        connections.discard(connection)
        await service.set_online(table, connection.seat, -1)
        await connection.close(1000)
        service.release(table)


router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """The table's WebSocket (module docstring)."""
    state = websocket.app.state
    await serve_socket(websocket, state.service, state.chat, table_id, state.origins, state.connections,
                       state.limits)
