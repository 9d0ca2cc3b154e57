"""The table WebSocket ``/ws/tables/{id}`` (WEB-API.md, docs/server.md).

One :class:`Connection` per socket, with its seat (``None``: a spectator),
its language and the seq of the last state it was sent.

- Before accepting: an ``Origin`` that is not the server's own (same host
  and port as the request's ``Host``, or one of the configured extra
  origins) is refused with close code 1008. A client without ``Origin``
  (not a browser) must show a seat token: the bearer header, or a ``hello``
  as its first message within :data:`HELLO_TIMEOUT` seconds, else 1008.
- The server sends ``{"type": "state", ...}`` (:mod:`herna.server.messages`)
  on connect and after every change: a full one (``"full": true``, the last
  50 events) on connect, after ``hello`` and ``lang``, else the events since
  the last one. Changes are coalesced: a slow client gets fewer, larger
  messages and never holds up anyone else.
- Client messages (JSON text, at most :data:`MAX_MESSAGE` bytes):
  ``{"type": "hello", "token": T, "lang"?}``, ``{"type": "act", "action": A,
  "seq": N}``, ``{"type": "lang", "lang": L}``, ``{"type": "ping"}`` (answer
  ``{"type": "pong", "seq"}``), ``{"type": "readouts"}`` (answer ``{"type":
  "readouts", "seq", "hand", "scores", "last"}``: the terminal's readouts as
  plain lines, :func:`herna.server.messages.readouts_message`). A refusal is ``{"type": "error", "code", "error",
  "seq"}``; codes: ``bad_json``, ``too_large``, ``bad_message``,
  ``unknown_type``, ``bad_token``, ``bad_lang``, ``forbidden`` (a spectator
  acting), ``not_your_turn``, ``stale_seq``, ``illegal``, ``bad_action``,
  ``game_over``. :data:`ABUSE_LIMIT` malformed messages within
  :data:`ABUSE_WINDOW` seconds close the socket with 1008.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from herna.core.catalog import LANGS

from . import auth
from .messages import encode, readouts_message, state_frame
from .tables import LiveTable, ServiceError, TableService

log = logging.getLogger("herna.server")

MAX_MESSAGE = 64 * 1024
"""The largest client message (bytes); larger ones get a ``too_large`` error."""
ABUSE_LIMIT = 5
"""Malformed messages within :data:`ABUSE_WINDOW` that close the socket (1008)."""
ABUSE_WINDOW = 10.0
"""Seconds over which malformed messages are counted."""
HELLO_TIMEOUT = 10.0
"""Seconds a client without ``Origin`` has to send its ``hello``."""
POLICY = 1008
"""WebSocket close code of a refused or abusive client."""
GOING_AWAY = 1001
"""Close code when the server shuts down."""
NOT_FOUND = 4404
"""Close code for an unknown table (after an ``error`` message)."""

_DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}


def _host_port(netloc: str, scheme: str) -> tuple[str, int | None]:
    parts = urlsplit(f"//{netloc}")
    try:
        port = parts.port
    except ValueError:
        return "", None
    return (parts.hostname or "").lower(), port if port is not None else _DEFAULT_PORTS.get(scheme)


def origin_allowed(origin: str, host: str | None, scheme: str, extra: frozenset[str] = frozenset()) -> bool:
    """Whether a browser's ``Origin`` is this server's own: the same host and
    port as the ``Host`` the request came to (``scheme``: the request's,
    ``ws``/``wss``/``http``/``https``), or listed in ``extra`` (origins
    such as ``https://herna.example``, behind a proxy)."""
    origin = origin.strip()
    if origin.rstrip("/") in extra:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc or not host:
        return False
    o_host, o_port = _host_port(parts.netloc, parts.scheme)
    secure = scheme in ("https", "wss")
    h_host, h_port = _host_port(host, "https" if secure else "http")
    return bool(o_host) and o_host == h_host and o_port == h_port


class Connection:
    """One table WebSocket (module docstring)."""

    def __init__(self, websocket: WebSocket, service: TableService, table: LiveTable, seat: int | None,
                 lang: str) -> None:
        self.ws = websocket
        self.service = service
        self.table = table
        self.seat = seat
        self.lang = lang
        self.sent_seq: int | None = None
        self.full = True
        self.last_sent: tuple | None = None
        self.dirty = asyncio.Event()
        self.send_lock = asyncio.Lock()
        self.bad: collections.deque[float] = collections.deque()
        self.closed = False

    # ----- sending ---------------------------------------------------------------------------
    def poke(self) -> None:
        """The table changed: send a state when the sender gets to it."""
        self.dirty.set()

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict, or JSON text already encoded) unless the socket is closed."""
        async with self.send_lock:
            if self.ws.application_state == WebSocketState.CONNECTED and not self.closed:
                await self.ws.send_text(message if isinstance(message, str) else encode(message).decode())

    async def error(self, code: str, message: str) -> None:
        await self.send({"type": "error", "code": code, "error": message, "seq": self.table.seq})

    async def sender(self) -> None:
        """Send a state whenever the table changed (coalesced)."""
        while not self.closed:
            await self.dirty.wait()
            self.dirty.clear()
            full, self.full = self.full, False
            try:
                frame = state_frame(self.table, self.seat, self.lang, None if full else self.sent_seq)
            except Exception:  # noqa: BLE001 - logged; the next change tries again
                log.exception("state of table %s for seat %s", self.table.id, self.seat)
                self.full = full
                continue
            if not full and not frame.events and frame.changes == self.last_sent:
                continue
            await self.send(frame.text)
            self.sent_seq, self.last_sent = frame.seq, frame.changes

    # ----- receiving -------------------------------------------------------------------------
    async def abuse(self, code: str, message: str) -> bool:
        """Answer a malformed message; ``True`` if the socket was closed for abuse."""
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
            except (RuntimeError, WebSocketDisconnect, OSError):
                pass

    @staticmethod
    def parse(raw: dict) -> tuple[dict | None, str, str]:
        """A received frame as a message dict, or ``(None, code, error)``."""
        text = raw.get("text")
        if text is None:
            data = raw.get("bytes") or b""
            if len(data) > MAX_MESSAGE:
                return None, "too_large", f"a message may have at most {MAX_MESSAGE} bytes"
            return None, "bad_message", "messages are JSON text, not binary frames"
        if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
            return None, "too_large", f"a message may have at most {MAX_MESSAGE} bytes"
        try:
            message = json.loads(text)
        except ValueError:
            return None, "bad_json", "a message must be a JSON object such as {\"type\": \"act\", ...}"
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
                await self.error("bad_token", "this token opens no seat of this table")
            return token is None
        old, self.seat, self.full = self.seat, seat, True
        self.poke()
        if seat != old:
            await self.service.set_online(self.table, old, -1)
            await self.service.set_online(self.table, seat, +1)
        await self.service.take(self.table, seat)
        return True

    async def handle(self, message: dict) -> bool:
        """One well-formed message; ``False`` when the socket was closed."""
        kind = message["type"]
        if kind == "act":
            if self.seat is None:
                await self.error("forbidden", "a spectator cannot act; open your seat's link")
                return True
            try:
                await self.service.act(self.table, self.seat, message.get("action"), message.get("seq"), self.lang)
            except ServiceError as refusal:
                await self.error(refusal.code, refusal.message)
            return True
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
                                                    "the types are: hello, act, lang, ping, readouts")

    async def receive(self) -> Any:
        """The next frame, or ``None`` when the client is gone."""
        try:
            raw = await self.ws.receive()
        except (WebSocketDisconnect, RuntimeError):
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
                raw = None
            message = self.parse(raw)[0] if raw is not None else None
            if message is None or message.get("type") != "hello" or \
                    self.service.seat_of(self.table, message.get("token")) is None:
                if raw is not None:
                    await self.error("forbidden", "a client without Origin must send a seat token "
                                                  "(Authorization: Bearer, or a hello message)")
                await self.close(POLICY, "seat token needed")
                return
            await self.hello(message)
        self.table.listeners.add(self.poke)
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
                if not await self.handle(message):
                    break
        finally:
            self.closed = True
            self.table.listeners.discard(self.poke)
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)


async def serve_socket(websocket: WebSocket, service: TableService, table_id: str,
                       extra_origins: frozenset[str], connections: set[Connection]) -> None:
    """Check, accept and serve one table WebSocket (module docstring)."""
    origin = websocket.headers.get("origin")
    if origin is not None and not origin_allowed(origin, websocket.headers.get("host"), websocket.url.scheme,
                                                  extra_origins):
        await websocket.close(code=POLICY, reason="foreign origin")
        return
    lang = websocket.query_params.get("lang", "en")
    lang = lang if lang in LANGS else "en"
    try:
        table = await service.get(table_id)
    except ServiceError as error:
        await websocket.accept()
        await websocket.send_text(json.dumps({"type": "error", "code": error.code, "error": error.message,
                                              "seq": None}))
        await websocket.close(code=NOT_FOUND if error.status == 404 else 1011)
        return
    seat = None
    token = auth.bearer(websocket.headers)
    if token is not None:
        seat = service.seat_of(table, token)
        if seat is None:
            await websocket.close(code=POLICY, reason="bad token")
            return
    else:
        cookie = websocket.cookies.get(auth.cookie_name(table.id))
        seat = service.seat_of(table, cookie) if cookie else None
    await websocket.accept()
    connection = Connection(websocket, service, table, seat, lang)
    connections.add(connection)
    await service.set_online(table, seat, +1)
    try:
        if seat is not None:
            await service.take(table, seat)
        await connection.run(need_hello=origin is None and seat is None)
    finally:
        connections.discard(connection)
        await service.set_online(table, connection.seat, -1)
        await connection.close(1000)
