"""Chat at a table (WEB-API.md "Chat", herna.server.chat): free text and quick
phrases over the WebSocket, to every connection of the table, stored with it,
cleaned and rate-limited."""

from __future__ import annotations

import pytest

from herna.server import ws as ws_module
from tests.server.helpers import TEST_ORIGIN, auth, error_of, new_table

pytestmark = pytest.mark.timeout(60)


def next_chat(ws):
    """The next chat message (or error) on a socket, skipping state messages."""
    while True:
        message = ws.receive_json()
        if message["type"] in ("chat", "error"):
            return message


def test_phrases_in_each_language(client):
    english = client.get("/api/phrases").json()
    czech = client.get("/api/phrases?lang=cs").json()
    assert {"key": "gg", "text": "Good game"} in english and {"key": "gg", "text": "Dobrá hra"} in czech
    assert [p["key"] for p in english] == [p["key"] for p in czech] and len(english) >= 8
    assert all(p["text"] != q["text"] for p, q in zip(english, czech))
    error_of(client.get("/api/phrases?lang=de"), 422, "bad_lang")


def test_a_message_reaches_every_connection_cleaned_and_is_stored(db_client):
    table, tokens = new_table(db_client, "ugo", ["human", "human"], names=["Eva", "Tom"])
    with db_client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as eva, \
            db_client.websocket_connect(f"/ws/tables/{table}?lang=cs", headers=auth(tokens[1])) as tom, \
            db_client.websocket_connect(f"/ws/tables/{table}", headers={"Origin": TEST_ORIGIN}) as watcher:
        eva.send_json({"type": "chat", "text": "  hi\u202e <b>Tom</b>\n!  "})
        said = [next_chat(s) for s in (eva, tom, watcher)]
        assert all(m == said[0] for m in said)
        message = said[0]
        assert message["seat"] == 0 and message["name"] == "Eva" and message["text"] == "hi <b>Tom</b> !"
        assert message["time"].endswith("Z") and "T" in message["time"]
        watcher.send_json({"type": "chat", "phrase": "gg"})
        english, czech = next_chat(eva), next_chat(tom)
        assert english["seat"] is None and english["name"] is None and english["phrase"] == "gg"
        assert english["text"] == "Good game" and czech["text"] == "Dobrá hra"
        assert next_chat(watcher)["text"] == "Good game"
    history = db_client.get(f"/api/tables/{table}/chat").json()
    assert [(m["seat"], m["name"], m["text"]) for m in history] == [(0, "Eva", "hi <b>Tom</b> !"),
                                                                     (None, None, "Good game")]
    assert db_client.get(f"/api/tables/{table}/chat?lang=cs").json()[1]["text"] == "Dobrá hra"


@pytest.mark.parametrize("message, words", [
    ({"type": "chat", "text": "x" * 301}, ["300"]),
    ({"type": "chat", "text": "\u202e\u200b  "}, ["empty"]),
    ({"type": "chat", "text": 5}, ["text"]),
    ({"type": "chat", "phrase": "rude"}, ["rude", "gg"]),
    ({"type": "chat", "text": "hi", "phrase": "gg"}, ["one of them"]),
    ({"type": "chat"}, ["one of them"]),
])
def test_a_bad_message_is_refused_and_not_stored(client, message, words):
    table, tokens = new_table(client, "ugo", ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        ws.send_json(message)
        error = next_chat(ws)
        assert error["type"] == "error" and error["code"] == "bad_chat"
        assert all(word in error["error"] for word in words)
    assert client.get(f"/api/tables/{table}/chat").json() == []


def test_too_many_messages_are_rate_limited(client, monkeypatch):
    monkeypatch.setattr(ws_module, "CHAT_LIMIT", (5, 0.0))  # no refill: the limit, not the clock, decides
    table, tokens = new_table(client, "ugo", ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[0])) as ws:
        for k in range(5):
            ws.send_json({"type": "chat", "text": f"message {k}"})
            assert next_chat(ws)["text"] == f"message {k}"
        ws.send_json({"type": "chat", "text": "one more"})
        error = next_chat(ws)
        assert error["type"] == "error" and error["code"] == "rate_limited"
    assert len(client.get(f"/api/tables/{table}/chat").json()) == 5


def test_the_history_is_the_last_100_messages(client, monkeypatch):
    monkeypatch.setattr(ws_module, "CHAT_LIMIT", (200, 0.0))
    table, tokens = new_table(client, "ugo", ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table}", headers=auth(tokens[1])) as ws:
        for k in range(103):
            ws.send_json({"type": "chat", "text": str(k)})
            next_chat(ws)
    history = client.get(f"/api/tables/{table}/chat").json()
    assert [m["text"] for m in history] == [str(k) for k in range(3, 103)]
    error_of(client.get("/api/tables/nosuchtable/chat"), 404)
