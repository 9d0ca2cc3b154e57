"""The web server reads no file a request names: a seat ``policy:PATH``
(a network file, which the terminal and the arena take) is an unknown bot,
422 ``unknown_bot`` as WEB-API.md says for an unknown bot, and the file is
never opened; the lobby's bots are unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

import herna
import herna.bots.policy
from tests.server.helpers import error_of

SHIPPED = Path(herna.__file__).parent / "data" / "policies" / "ugo-4.npz"


@pytest.fixture
def no_file_read(monkeypatch):
    """Any read of a network file fails the test."""
    def refuse(*args, **kwargs):
        raise AssertionError(f"the server read a network file: {args!r}")

    monkeypatch.setattr(herna.bots.policy, "read_network", refuse)


@pytest.mark.parametrize("kind", [f"policy:{SHIPPED}", "policy:ugo-4.npz", "POLICY:/etc/passwd",
                                  f"policy:{SHIPPED}+explore", "policy:"])
def test_a_network_file_is_an_unknown_bot_and_is_not_read(client, no_file_read, kind):
    assert SHIPPED.is_file()  # a real network: refused for what it is, not for being unreadable
    body = {"game": "ugo", "seats": ["human", kind, "greedy", "greedy"]}
    error = error_of(client.post("/api/tables", json=body), 422, "unknown_bot")
    assert error["error"].startswith("seat 1: unknown seat kind ")
    assert "easy" in error["error"] and "policy (a learned network" in error["error"]
    assert "FILE.npz" not in error["error"]  # the server does not offer what it refuses


def test_the_shipped_network_still_plays_at_the_server(client):
    body = {"game": "ugo", "seats": ["human", "policy", "greedy", "greedy"]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text


def test_the_lobby_offers_no_file(client):
    for game in client.get("/api/games").json():
        kinds = [bot["kind"] for bot in game["bots"]]
        assert kinds[:3] == ["easy", "medium", "hard"] and set(kinds) <= {"easy", "medium", "hard", "greedy",
                                                                          "random", "policy"}
        assert not any(":" in bot["spec"] and bot["spec"].startswith("policy") for bot in game["bots"])
