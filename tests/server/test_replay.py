"""A finished game step by step (herna.server.replay) and the score sheet
(herna.server.scoresheet): what the table page shows at the end."""

from __future__ import annotations

import pytest

import herna
from tests.server.helpers import auth, error_of, new_table, watch

pytestmark = pytest.mark.timeout(120)


def finished(client, game, options, seats=("greedy", "random")):
    table, tokens = new_table(client, game, list(seats), options)
    watch(client, table, lambda m: m["status"] == "finished")
    return table, tokens


def test_a_game_in_play_has_no_replay(client):
    table, tokens = new_table(client, "ugo", ["human", "greedy"], {"rounds": 1})
    error_of(client.get(f"/api/tables/{table}/replay"), 409, "not_finished")
    error_of(client.get(f"/api/tables/{table}/replay/3", headers=auth(tokens[0])), 409, "not_finished")


@pytest.mark.parametrize("game, options", [("ugo", {"rounds": 1}), ("trumfosaur", {"target_score": 4}),
                                           ("kurnik", {})])
def test_the_replay_steps_through_the_whole_game_with_every_hand(client, game, options):
    table, _ = finished(client, game, options)
    replay = client.get(f"/api/tables/{table}/replay").json()
    state = client.get(f"/api/tables/{table}").json()
    assert replay["table"] == table and replay["game"] == game and replay["names"] == [None, None]
    assert replay["winners"] == state["winners"] and len(replay["steps"]) == state["seq"]
    walker = herna.load(game, **replay["options"]).new_initial_state().initial_state()
    for step in replay["steps"]:
        actor = walker.current_player()
        assert step["actor"] == (actor if actor >= 0 else None)
        walker.step(walker.string_to_action(step["action"]))
    assert walker.is_terminal() and any(step["text"] for step in replay["steps"])
    middle = len(replay["steps"]) // 2
    at = client.get(f"/api/tables/{table}/replay/{middle}?lang=cs").json()
    position = herna.load(game, **replay["options"]).new_initial_state().initial_state()
    for step in replay["steps"][:middle]:
        position.step(position.string_to_action(step["action"]))
    assert at["seq"] == middle and at["view"] == position.view(None)
    for seat, hidden in enumerate(at["hands"]):
        mine = position.view(seat)
        assert all(mine[key] == value for key, value in hidden.items())
        assert {k for k in mine if k not in at["view"]} <= set(hidden)
    assert all(
        e["seq"] == middle and isinstance(e["text"], list) and isinstance(e["brief"], list) for e in at["events"]
    )
    if game != "kurnik":  # the card games' hands are hidden from a spectator in play
        assert any("hand" in hidden for hidden in at["hands"])
    error_of(client.get(f"/api/tables/{table}/replay/{state['seq'] + 1}"), 404)
    error_of(client.get(f"/api/tables/{table}/replay/-1"), 404)


@pytest.mark.parametrize("game, options, unit", [("ugo", {"rounds": 2}, "round"),
                                                 ("trumfosaur", {"target_score": 8}, "deal")])
def test_the_score_sheet_has_a_row_per_deal_or_round_from_the_engine_s_events(client, game, options, unit):
    table, _ = finished(client, game, options)
    message = client.get(f"/api/tables/{table}").json()
    sheet = message["score_sheet"]
    assert sheet["unit"] == unit and [row["period"] for row in sheet["rows"]] == list(range(1, len(sheet["rows"]) + 1))
    running = [0, 0]
    for row in sheet["rows"]:
        running = [total + score for total, score in zip(running, row["scores"])]
        assert row["totals"] == running
    assert sheet["totals"] == running == message["view"]["scores"]
    if game == "ugo":
        assert len(sheet["rows"]) == 2
