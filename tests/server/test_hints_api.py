"""``GET /api/tables/{id}/hint`` (herna.server.hints): the strong bot's best
moves for the seat to move, for the web app's hint key; only with that
seat's token and at its move."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from herna.bots.ismcts import parse_spec
from herna.server import botpool
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


def test_progress_streams_lines_then_the_same_answer(client):
    """``?progress=1``: JSON lines while the search runs (a page shows it advancing), the answer last; the
    checks answer with their status before any stream."""
    table, token, _ = table_at_my_move(client, "ugo")
    with client.stream("GET", f"/api/tables/{table}/hint?progress=1", headers=auth(token)) as answer:
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in answer.iter_lines() if line]
    assert lines[-1]["stage"] == "done" and lines[-1]["hints"]
    searching = [line for line in lines[:-1]]
    assert all(line["stage"] == "searching" and 0 <= line["progress"] < 1 for line in searching)
    assert [line["elapsed"] for line in searching] == sorted(line["elapsed"] for line in searching)
    plain = client.get(f"/api/tables/{table}/hint", headers=auth(token)).json()
    assert {k: v for k, v in lines[-1].items() if k != "stage"} == plain
    refused = client.get(f"/api/tables/{table}/hint?progress=1&lang=de", headers=auth(token))
    assert refused.status_code == 422 and refused.json()["code"] == "bad_lang"


def test_a_queued_bot_move_searches_less():
    """A time-budget bot that waited for a worker longer than the allowance searches that much less, so the
    hard bot's move stays near its budget whatever the queue; other specs are unchanged."""
    assert botpool.shortened("ismcts:2s", 0.3) == "ismcts:2s"
    assert botpool.shortened("ismcts:2s", 1.5) == "ismcts:1.000s"
    assert botpool.shortened("ismcts:2s:greedy", 60) == "ismcts:0.100s:greedy"
    assert botpool.shortened("ismcts:500", 60) == "ismcts:500" and botpool.shortened("greedy", 60) == "greedy"
    assert parse_spec("ismcts:1.000s")["seconds"] == 1.0


def test_the_hint_worker_is_warmed_through_the_server_s_own_hint():
    """A new hint worker's warm-up (botpool._warm_hints) runs the server's hint
    itself, so the first player's hint does not import FastAPI and the database
    layer in the worker (1-2 s on a loaded machine: a first Kurník hint took
    2.3 s, the next ones 0.8 s); the pools' workers have them preloaded too."""
    code = ("import sys; from herna.server import botpool; assert 'herna.server.hints' not in sys.modules; "
            "botpool._warm_hints(); print('herna.server.hints' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=110)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
