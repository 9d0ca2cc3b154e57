"""The review of a finished game in the web app (herna.server.review): the
same review as ``herna review`` of the same game, on every request."""

from __future__ import annotations

import pytest

import herna
from herna.bots import hints
from herna.bots.hints import review
from tests.server.helpers import auth, error_of, new_table, watch

pytestmark = pytest.mark.timeout(180)


def test_a_game_in_play_has_no_review(client):
    table, tokens = new_table(client, "ugo", ["human", "greedy"], {"rounds": 1})
    error_of(client.get(f"/api/tables/{table}/review", headers=auth(tokens[0])), 409, "not_finished")


@pytest.fixture
def light(monkeypatch):
    """Reviews searched with fewer iterations per decision (the server's and the
    library's alike: both take the default): the same review, a fraction of
    the work (three reviews of a whole game took minutes on a loaded machine)."""
    monkeypatch.setattr(hints, "DEFAULT_REVIEW_ITERATIONS", LIGHT_ITERATIONS)


LIGHT_ITERATIONS = 150


def test_the_review_of_a_finished_game_is_the_terminal_s_and_the_same_every_time(light, client):
    table, _ = new_table(client, "ugo", ["greedy", "random"], {"rounds": 1})
    watch(client, table, lambda m: m["status"] == "finished")
    first = client.get(f"/api/tables/{table}/review?seat=1&top=3")
    assert first.status_code == 200, first.text
    answer = first.json()
    assert answer["table"] == table and answer["game"] == "ugo" and answer["seats"] == [1]
    assert answer["value_kind"] == "points" and "round" in answer["meaning"]
    items = answer["items"]
    assert items and answer["decisions"] == len(items) and {i["seat"] for i in items} == {1}
    assert all(i["where"].startswith("round 1, ") for i in items)
    # the same as the library's review of the same game (the terminal's herna review), with its defaults
    replay = client.get(f"/api/tables/{table}/replay").json()
    state = herna.load("ugo", **replay["options"]).new_initial_state().initial_state()
    for step in replay["steps"]:
        state.step(state.string_to_action(step["action"]))
    assert [i.to_dict() for i in review(state, [1])] == items
    text = answer["text"]
    assert text[0].startswith("The moves that lost the most") and text[-1].startswith("Decisions reviewed:")
    assert not any("play " in line or "#" in line for line in text)
    # the mistakes that text lists, in its order, in words for a page to lay out
    assert answer["head"] == text[0] and answer["note"] == text[-2] and answer["summary"] == text[-1]
    mistakes = answer["mistakes"]
    lines = [line for line in text[1:-2] if not line.startswith("    ")]
    assert len(mistakes) == len(lines) <= 3
    for mistake, line in zip(mistakes, lines):
        item = items[mistake["item"]]
        assert (mistake["seq"], mistake["seat"], mistake["reason"]) == (item["seq"], 1, item["reason"])
        assert line.startswith(f"{mistake['where']}, ")
        assert f"played {mistake['played']} ({mistake['played_value']})" in line
        assert f"better {mistake['best']} ({mistake['best_value']})" in line
        assert line.endswith(f"lost {mistake['loss']} (± {mistake['se']})")
    again = client.get(f"/api/tables/{table}/review?seat=1&top=3").json()
    assert again == answer
    cs = client.get(f"/api/tables/{table}/review?seat=1&lang=cs").json()
    assert cs["text"][0].startswith("Tahy, které ztratily nejvíc")


def test_review_refuses_bad_seats_and_tops(client):
    table, _ = new_table(client, "kurnik", ["greedy", "greedy"], {})
    watch(client, table, lambda m: m["status"] == "finished")
    error_of(client.get(f"/api/tables/{table}/review?seat=2"), 422, "bad_seat")
    error_of(client.get(f"/api/tables/{table}/review?top=0"), 422, "bad_top")
    error_of(client.get(f"/api/tables/{table}/review?lang=de"), 422)
