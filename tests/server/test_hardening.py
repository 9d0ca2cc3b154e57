"""The findings of the security probe (issue 25 item 3), each with a test:
unreadable WebSocket frames, floods of refused and future moves, the Origin
check against the public origin (never ``Host``), the API docs under the
pages' CSP, only web assets under /static, and a client that leaves in the
middle of a send (nothing logged as an error)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct

import pytest
from starlette.websockets import WebSocketDisconnect

from herna.server import tables as tables_module
from herna.server import ws as ws_module
from tests.server.live import LiveServer
from tests.server.helpers import TEST_ORIGIN, auth, error_of, new_table

pytestmark = pytest.mark.timeout(120)


def nested(depth: int) -> str:
    return json.dumps({"type": "act", "action": "play red5", "seq": 0})[:-1] + ', "x": ' + "[" * depth + \
        "]" * depth + "}"


# ----- unreadable frames ----------------------------------------------------------------------------

def test_a_frame_nested_20000_deep_is_an_error_and_counts_as_abuse(db_client):
    table, tokens = new_table(db_client, "ugo", ["human", "human"])
    with db_client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        seq = ws.receive_json()["seq"]
        frame = nested(20_000)
        assert len(frame) < 64 * 1024
        for _ in range(ws_module.ABUSE_LIMIT - 1):
            ws.send_text(frame)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "bad_json" and "1024" in error["error"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # still served
        ws.send_text(frame)
        assert ws.receive_json()["code"] == "bad_json"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008
    assert db_client.get(f"/api/tables/{table}").json()["seq"] == seq


def test_refused_moves_are_rate_limited_per_address_and_seat_across_sockets(db_client, monkeypatch):
    """A seat's refused moves spend a limit kept per client address and seat,
    so closing a socket (or being closed for abuse) and connecting again does
    not refill it; another seat's limit is its own; a move away from the
    table's seq (a flood of future moves) is charged before it is checked."""
    monkeypatch.setattr(ws_module, "ACT_LIMIT", (3, 0.0))  # no refill: the limit, not the clock, decides
    table, tokens = new_table(db_client, "ugo", ["human", "human"])

    def codes_of(ws, moves):
        codes = []
        for action, seq in moves:
            ws.send_json({"type": "act", "action": action, "seq": seq})
            codes.append(ws.receive_json()["code"])
        return codes

    with db_client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as ws:
        seq = ws.receive_json()["seq"]
        assert codes_of(ws, [("play red0", seq)] * 5) == ["not_your_turn"] * 3 + ["rate_limited"] * 2
    with db_client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as ws:  # back again
        assert ws.receive_json()["type"] == "state"
        assert codes_of(ws, [("play red0", seq)]) == ["rate_limited"]
    with db_client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:  # another seat
        state = ws.receive_json()
        ws.send_json({"type": "act", "action": state["legal"][0], "seq": state["seq"]})
        while (message := ws.receive_json())["type"] != "state" or message["seq"] == state["seq"]:
            assert message["type"] == "state", message
        assert message["seq"] == state["seq"] + 1
        future = [("play red0", message["seq"] + 10 + k) for k in range(4)]
        assert codes_of(ws, future) == ["stale_seq"] * 3 + ["rate_limited"]
    assert db_client.get(f"/api/tables/{table}").json()["seq"] == message["seq"]


def test_a_flood_of_future_moves_reads_the_table_back_at_most_once_an_interval(app_factory, db_url, monkeypatch):
    """Issue 25: each future-seq message reloaded the table and none was
    limited. Now, on a worker of several (the table marked shared; no wait
    for the bus here), a read back waits out REFRESH_EVERY since the last one
    (the service's clock is held still and its waits recorded, not slept),
    the moves are refused as stale and spend the socket's limit, then
    rate-limited unread, and the socket closed (SQLite and PostgreSQL)."""
    from fastapi.testclient import TestClient

    monkeypatch.setattr(ws_module, "ACT_LIMIT", (10, 0.0))  # no refill: the limit, not the clock, decides
    monkeypatch.setattr(tables_module, "BUS_WAIT", 0.0)
    with TestClient(app_factory(db_url=db_url, resume=False)) as client:  # no other table's loading
        table, tokens = new_table(client, "ugo", ["human", "human"])
        service = client.app.state.service
        client.portal.call(service.get, table).shared = True
        waits: list[float] = []

        async def record(seconds: float) -> None:
            waits.append(seconds)

        service.sleep, service.clock = record, lambda: 1000.0
        reads = []
        load = service.db.load
        monkeypatch.setattr(service.db, "load", lambda *args: (args[0] == table and reads.append(args)) or load(*args))
        with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
            seq = ws.receive_json()["seq"]
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for k in range(40):
                    ws.send_json({"type": "act", "action": "play red0", "seq": seq + 5 + k})
                    codes.append(ws.receive_json()["code"])
        assert closed.value.code == 1008
        assert codes == ["stale_seq"] * 10 + ["rate_limited"] * ws_module.ABUSE_LIMIT
        assert len(reads) == 10, reads
        assert waits == [tables_module.REFRESH_EVERY] * 9, waits
        assert client.get(f"/api/tables/{table}").json()["seq"] == seq


def test_on_one_worker_a_future_move_is_stale_at_once_with_no_read(db_client, monkeypatch):
    """One worker stores every change itself: nothing newer than its copy can
    be stored, so a move at a future seq is refused as stale without reading
    the table back (a flood costs the server no database read)."""
    table, tokens = new_table(db_client, "ugo", ["human", "human"])
    service = db_client.app.state.service
    reads = []
    load = service.db.load
    monkeypatch.setattr(service.db, "load", lambda *args: (args[0] == table and reads.append(args)) or load(*args))
    with db_client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        seq = ws.receive_json()["seq"]
        for k in range(3):
            ws.send_json({"type": "act", "action": "play red0", "seq": seq + 1 + k})
            answer = ws.receive_json()
            assert answer["code"] == "stale_seq" and answer["seq"] == seq
    assert reads == []


# ----- new sockets per address (the reconnect flood) ------------------------------------------------------

def test_new_sockets_of_one_address_are_limited_before_the_table_is_looked_at(app_factory, db_url, monkeypatch):
    """Issue 25's flood case: a client that reconnects at once after every
    close. Each address may open ``burst`` sockets, then ``rate`` a second
    (held at 0 here: the limit, not the clock, decides); beyond it a socket
    gets ``rate_limited`` and is closed with 1008 before its table is read
    (an unknown table is not even looked up), and nothing of the table changes.
    A refused socket is held until the address's next one would be let in
    (at most REFUSAL_HOLD, cut short here), so a client that reconnects when
    closed is paced by the limit."""
    from fastapi.testclient import TestClient

    monkeypatch.setattr(ws_module, "REFUSAL_HOLD", 0.01)

    with TestClient(app_factory(db_url=db_url, connect_limit=(3, 0.0))) as client:
        table, tokens = new_table(client, "ugo", ["human", "human"])
        seq = client.get(f"/api/tables/{table}").json()["seq"]
        for _ in range(3):
            with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
                assert ws.receive_json()["type"] == "state"
        for path in (f"/ws/tables/{table}", "/ws/tables/no-such-table"):
            with client.websocket_connect(path, headers=auth(tokens[0])) as ws:
                refusal = ws.receive_json()
                assert refusal["type"] == "error" and refusal["code"] == "rate_limited"
                assert "too many new connections" in refusal["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1008 and closed.value.reason == "too many new connections"
        state = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()  # HTTP is not limited
        assert state["seq"] == seq and state["seats"][0]["online"] is False
    limits = ws_module.AddressLimits((2, 0.0))  # each address has a bucket of its own
    assert [limits.admit("10.0.0.1") for _ in range(3)] == [True, True, False]
    assert limits.admit("10.0.0.2") and ws_module.AddressLimits(None).admit("10.0.0.1")
    assert limits.sockets["10.0.0.1"].wait() == float("inf")  # never refilled: held the longest
    crowd = ws_module.AddressLimits((1, 0.0))  # addresses kept are bounded, even when none is full again
    for k in range(ws_module.ADDRESSES_KEPT + 1):
        crowd.admit(f"10.{k // 65536}.{k // 256 % 256}.{k % 256}")
    assert len(crowd.sockets) <= ws_module.ADDRESSES_KEPT
    assert crowd.admit("10.0.0.0") and not crowd.admit("10.0.0.0")  # the oldest was forgotten, then spent again
    refilled = ws_module.Bucket(1, 4.0)
    assert refilled.wait() == 0.0 and refilled.spend() and 0.0 < refilled.wait() <= 0.25


@pytest.mark.parametrize("value, expected", [("20/1", (20, 1.0)), ("5/0.5", (5, 0.5)), ("0", None), (None, None),
                                             ((3, 0.0), (3, 0.0))])
def test_the_connect_limit_setting(value, expected):
    assert ws_module.check_connect_limit(value) == expected


@pytest.mark.parametrize("value", ["20", "x/1", "0/1", "5/-1"])
def test_a_bad_connect_limit_says_its_form(value):
    with pytest.raises(ValueError, match="BURST/RATE|burst of at least 1"):
        ws_module.check_connect_limit(value)


# ----- the Origin check ---------------------------------------------------------------------------------

@pytest.mark.parametrize("origin, host", [
    ("http://evil.example", "evil.example"),       # the probe's forged Host
    ("http://evil.example", None),
    ("https://testserver", None),                 # another scheme
    ("http://testserver:8080", None),             # another port
    ("http://testserver.evil.example", "testserver.evil.example"),
    ("null", None),
])
def test_a_socket_from_another_origin_is_refused_whatever_the_host_header(db_client, origin, host):
    table, tokens = new_table(db_client, "ugo", ["human", "human"])
    headers = {"Origin": origin, **auth(tokens[0]), **({"Host": host} if host else {})}
    with pytest.raises(WebSocketDisconnect) as refused:
        with db_client.websocket_connect(f"/ws/tables/{table}", headers=headers) as ws:
            ws.receive_json()
    assert refused.value.code == 1008
    with db_client.websocket_connect(f"/ws/tables/{table}", headers={"Origin": TEST_ORIGIN, **auth(tokens[0])}) as ws:
        assert ws.receive_json()["seat"] == 0


def test_the_public_origin_and_its_loopback_names(app_factory):
    from fastapi.testclient import TestClient

    from herna.server.origin import OriginPolicy

    policy = OriginPolicy("http://127.0.0.1:8000", ["https://herna.example"])
    assert policy.allows("http://localhost:8000") and policy.allows("http://[::1]:8000")
    assert policy.allows("https://herna.example") and policy.allows("https://herna.example:443")
    assert not policy.allows("http://127.0.0.1:8001") and not policy.allows("https://127.0.0.1:8000")
    assert not policy.allows(None) and not policy.allows("") and not policy.allows("file://x")
    with pytest.raises(ValueError, match="public URL"):
        OriginPolicy("ftp://x")
    with TestClient(app_factory(public_url="https://herna.example")) as client:
        body = client.post("/api/tables", json={"game": "ugo", "seats": ["human", "human"]}).json()
        assert body["spectator_url"].startswith("https://herna.example/t/")


# ----- docs, static files ---------------------------------------------------------------------------------

def test_no_docs_page_but_the_openapi_description(client):
    error_of(client.get("/api/docs"), 404)
    assert client.get("/openapi.json").json()["info"]["title"] == "herna"


def test_only_web_assets_are_served_as_static_files(client):
    for path in ("/static/__init__.py", "/static/locale/cs.po", "/static/__pycache__/x.pyc", "/static/.hidden.js",
                 "/static/js/../__init__.py", "/static/%2e%2e/server/app.py"):
        assert client.get(path).status_code == 404, path
    assert client.get("/static/app.css").status_code == 200
    assert client.get("/static/js/api.js").headers["content-type"].startswith("text/javascript")


# ----- against a real server: raw frames, clients that leave ------------------------------------------

class RawSocket:
    """A WebSocket client of a few lines, for frames no library sends (bad UTF-8)."""

    def __init__(self, port: int, path: str, token: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Authorization: Bearer {token}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        header = bytes([0x80 | opcode])
        size = len(payload)
        header += bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack("!H", size)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _exactly(self, size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise EOFError("the server closed the connection")
            data += chunk
        return data

    def receive(self) -> tuple[int, bytes]:
        """The next frame from the server: ``(opcode, payload)``."""
        first, second = self._exactly(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", self._exactly(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", self._exactly(8))[0]
        return first & 0x0F, self._exactly(size)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory):
    server = LiveServer(f"sqlite:///{tmp_path_factory.mktemp('hardening') / 'herna.sqlite3'}").start()
    yield server
    server.stop()


def live_table(server: LiveServer) -> tuple[str, list[str]]:
    import httpx

    body = httpx.post(f"{server.url}/api/tables", json={"game": "ugo", "seats": ["human", "human"]}).json()
    return body["table"], [s["token"] for s in body["seats"]]


def test_bad_utf_8_and_deep_frames_on_the_wire_end_cleanly_with_no_traceback(live):
    table, tokens = live_table(live)
    deep = RawSocket(live.port, f"/ws/tables/{table}", tokens[0])
    opcode, first = deep.receive()
    assert opcode == 0x1 and json.loads(first)["type"] == "state"
    deep.send(0x1, nested(20_000).encode())
    while (frame := deep.receive())[0] == 0x1 and json.loads(frame[1])["type"] == "state":
        pass  # a state the server had on its way
    assert frame[0] == 0x1 and json.loads(frame[1])["code"] == "bad_json"
    deep.send(0x8, struct.pack("!H", 1000))
    broken = RawSocket(live.port, f"/ws/tables/{table}", tokens[1])
    assert broken.receive()[0] == 0x1
    broken.send(0x1, b'{"type": "ping", "x": "\xff\xfe"}')  # not UTF-8: the protocol fails it (RFC 6455)
    while (frame := broken.receive())[0] != 0x8:
        pass
    assert struct.unpack("!H", frame[1][:2])[0] == 1007
    import httpx

    assert httpx.get(f"{live.url}/api/tables/{table}").status_code == 200  # still serving
    assert not [line for line in live.output if "Traceback" in line or "ERROR" in line], "\n".join(live.output)


def test_a_client_that_leaves_in_the_middle_of_a_send_is_not_an_error(live):
    """Issue 25: WebSocketDisconnect tracebacks in the log. Clients close
    while the server sends them states and chat; nothing is logged as an error."""
    from websockets.asyncio.client import connect

    table, tokens = live_table(live)

    async def leave(k: int) -> None:
        async with connect(f"{live.ws_url}/ws/tables/{table}", additional_headers=auth(tokens[k % 2]),
                           proxy=None) as ws:
            await ws.send(json.dumps({"type": "chat", "text": f"bye {k}"}))
            await ws.send(json.dumps({"type": "lang", "lang": "cs"}))
            ws.transport.abort()  # gone at once, mid-conversation

    async def main() -> None:
        for batch in range(4):
            await asyncio.gather(*(leave(batch * 8 + k) for k in range(8)))

    asyncio.run(main())
    import httpx

    assert httpx.get(f"{live.url}/api/health").json()["ok"]
    assert not [line for line in live.output if "Traceback" in line or "ERROR" in line], "\n".join(live.output)
