"""``GET /api/tables/{id}/hint`` (herna.server.hints): the strong bot's best
moves for the seat to move, for the web app's hint key; only with that
seat's token and at its move."""

from __future__ import annotations

import pytest

from herna.server import hints as hint_module
from tests.server.helpers import auth, new_table, watch

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def reproducible(monkeypatch):
    """Hints searched by iterations (with the table's seed): the same on any machine at any load."""
    monkeypatch.setattr(hint_module, "HINT_ITERATIONS", 400)


def table_at_my_move(client, game="ugo"):
    table, tokens = new_table(client, game, ["human", "greedy"], {"rounds": 1} if game == "ugo" else {})
    token = tokens[0]
    watch(client, table, lambda m: bool(m["legal"]), token=token)
    return table, token, client.get(f"/api/tables/{table}", headers=auth(token)).json()


@pytest.mark.parametrize("game, kind, words", [("ugo", "points", "points"), ("trumfosaur", "points", "points"),
                                               ("kurnik", "win_chance", "chance to win")])
def test_a_hint_lists_legal_moves_with_values_and_reasons(client, game, kind, words):
    table, token, message = table_at_my_move(client, game)
    answer = client.get(f"/api/tables/{table}/hint", headers=auth(token))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["table"] == table and hint["seq"] == message["seq"] and hint["seat"] == 0
    assert hint["value_kind"] == kind and hint["lang"] == "en"
    assert 1 <= len(hint["hints"]) <= 3 and len(hint["text"]) == len(hint["hints"]) + 1
    for move in hint["hints"]:
        assert move["action"] in message["legal"] and move["reason"] and words in move["value_words"]
        assert move["text"].endswith(move["reason"])
    values = [m["value"] for m in hint["hints"]]
    assert values == sorted(values, reverse=True)  # ranked by the moves' valuation
    # the same move asked again: the same answer (one search)
    assert client.get(f"/api/tables/{table}/hint", headers=auth(token)).json() == hint
    czech = client.get(f"/api/tables/{table}/hint?lang=cs", headers=auth(token)).json()
    assert czech["lang"] == "cs" and czech["meaning"] != hint["meaning"]


def test_a_hint_needs_the_seat_to_move_and_a_known_language(client):
    table, token, message = table_at_my_move(client, "kurnik")
    assert client.get(f"/api/tables/{table}/hint").status_code == 403
    assert client.get(f"/api/tables/{table}/hint", headers=auth("x" * 30)).status_code == 403
    answer = client.get(f"/api/tables/{table}/hint?lang=de", headers=auth(token))
    assert answer.status_code == 422 and answer.json()["code"] == "bad_lang"
    two, tokens = new_table(client, "kurnik", ["human", "human"], open_seats=False)
    early = client.get(f"/api/tables/{two}/hint", headers=auth(tokens[0]))
    assert early.status_code == 422 and early.json()["code"] == "waiting"  # seat 1 never came
    client.get(f"/api/tables/{two}", headers=auth(tokens[1]))
    to_move = client.get(f"/api/tables/{two}").json()["to_move"]
    waiting = client.get(f"/api/tables/{two}/hint", headers=auth(tokens[1 - to_move]))
    assert waiting.status_code == 422 and waiting.json()["code"] == "not_your_turn"
    after = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    assert after["seq"] == message["seq"], "asking for a hint changes nothing"
