"""The HTTP API of WEB-API.md, rule by rule, against an in-process app."""

from __future__ import annotations

import pytest

from tests.server.helpers import auth, error_of, new_table, play_out, watch

pytestmark = pytest.mark.timeout(60)


def create(client, game="ugo", seats=("human", "greedy", "human"), options=None, **extra):
    body = {"game": game, "options": {"rounds": 1} if options is None and game == "ugo" else (options or {}),
            "seats": list(seats), **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


# ----- POST /api/tables ----------------------------------------------------------------------------

def test_a_test_label_deals_the_same_tables_whatever_was_made_before(app_factory):
    """With a test seed, the tables made with ``X-Herna-Test: NAME`` are dealt
    from the seed, the name and their count alone (a test alone deals what it
    dealt among others on a shared server); without the header, in creation
    order; without a test seed, the header changes nothing."""
    from fastapi.testclient import TestClient

    def seeds(client, made):  # made: [(label or None), ...] -> each table's secret seed
        out = []
        for label in made:
            headers = {"X-Herna-Test": label} if label else {}
            answer = client.post("/api/tables", json={"game": "ugo", "seats": ["human", "human"]}, headers=headers)
            assert answer.status_code == 201, answer.text
            out.append(client.portal.call(client.app.state.service.get, answer.json()["table"]).seed)
        return out

    with TestClient(app_factory(seed=7)) as alone:
        mine = seeds(alone, ["t::a", "t::a"])
    with TestClient(app_factory(seed=7)) as shared:
        among = seeds(shared, [None, "t::b", "t::a", None, "t::a"])
    assert [among[2], among[4]] == mine and mine[0] != mine[1] and among[1] not in mine
    with TestClient(app_factory(seed=7)) as unlabelled:  # the labelled tables took none of these
        assert seeds(unlabelled, [None, None]) == [among[0], among[3]]
    with TestClient(app_factory(seed=8)) as other:
        assert seeds(other, ["t::a"])[0] != mine[0]
    with TestClient(app_factory(seed=None)) as real:  # real play: secret seeds, whatever the header says
        dealt = seeds(real, ["t::a", "t::a"])
        assert dealt[0] != dealt[1] and not set(dealt) & set(mine)


def test_create_answers_201_with_a_token_and_join_link_per_human_seat(client):
    body = create(client, seats=["human", "greedy", "ismcts:50", "human"])
    table = body["table"]
    assert isinstance(table, str) and len(table) >= 12
    assert body["seats"][1] is None and body["seats"][2] is None
    for k in (0, 3):
        seat = body["seats"][k]
        assert seat["seat"] == k
        assert len(seat["token"]) >= 22  # >= 128 random bits, URL-safe
        assert seat["join_url"].endswith(f"/t/{table}/join#{seat['token']}")
    assert body["seats"][0]["token"] != body["seats"][3]["token"]
    assert body["spectator_url"] == f"http://testserver/t/{table}"
    assert body["creator_seat"] == 0
    assert create(client, seats=["greedy", "human"])["creator_seat"] == 1
    assert create(client, seats=["greedy", "random"])["creator_seat"] is None


def test_links_start_with_the_public_origin_never_the_host_header(client):
    body = client.post("/api/tables", json={"game": "ugo", "seats": ["human", "human"]},
                       headers={"Host": "evil.example"}).json()
    assert body["spectator_url"].startswith("http://testserver/")
    assert all(seat["join_url"].startswith("http://testserver/t/") for seat in body["seats"])


def test_the_number_of_seats_is_the_players_option(client):
    table = create(client, game="trumfosaur", seats=["human"] * 3)["table"]
    assert client.get(f"/api/tables/{table}").json()["options"]["players"] == 3
    error = error_of(client.post("/api/tables", json={"game": "ugo", "seats": ["human"] * 5}), 422, "bad_seats")
    assert "2 to 4" in error["error"]
    error = error_of(client.post("/api/tables", json={"game": "ugo", "options": {"players": 3},
                                                      "seats": ["human"] * 2}), 422, "bad_option")
    assert "players" in error["error"]


@pytest.mark.parametrize("body, code, words", [
    ({"game": "chess", "seats": ["human", "human"]}, "unknown_game", ["trumfosaur", "ugo", "kurnik"]),
    ({"game": "ugo", "options": {"colour": 3}, "seats": ["human", "human"]}, "bad_option", ["colour", "rounds"]),
    ({"game": "ugo", "options": {"rounds": 0}, "seats": ["human", "human"]}, "bad_option", ["rounds", "at least 1"]),
    ({"game": "ugo", "seats": ["human", "alphazero"]}, "unknown_bot", ["alphazero", "easy", "greedy", "ismcts"]),
    ({"game": "ugo", "seats": ["human", "ismcts:99999s"]}, "unknown_bot", ["ismcts"]),
    ({"game": "ugo", "seats": ["human", "expectimax"]}, "unknown_bot", ["expectimax"]),
    ({"game": "kurnik", "options": {"dead_rooster": True}, "seats": ["human", "policy", "greedy", "greedy"]},
     "unknown_bot", ["dead_rooster=true", "trained with"]),
    ({"game": "ugo", "seats": "human"}, "bad_seats", ["seats"]),
    ({"game": "ugo", "seats": []}, "bad_seats", ["seats"]),
    ({"game": "ugo", "seats": ["human", 3]}, "bad_seats", ["seat 1"]),
])
def test_unknown_game_option_or_bot_is_422_naming_what_is_allowed(client, body, code, words):
    error = error_of(client.post("/api/tables", json=body), 422, code)
    for word in words:
        assert word in error["error"]


def test_seats_may_carry_names_and_the_player_bot_names(client):
    body = create(client, seats=[{"kind": "human", "name": "Eva"}, "easy", "medium"])
    state = client.get(f"/api/tables/{body['table']}").json()
    assert [s["kind"] for s in state["seats"]] == ["human", "easy", "medium"]
    assert state["seats"][0]["name"] == "Eva"


def test_a_request_without_a_body_or_with_bad_json_is_a_4xx_json_error(client):
    error_of(client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"}),
             400, "bad_json")
    error_of(client.post("/api/tables", json={"seats": ["human", "human"]}), 422, "invalid")
    error_of(client.post("/api/tables", json=[1, 2]), 422)


# ----- 413 --------------------------------------------------------------------------------------------

def test_a_body_over_64_kib_is_413_by_its_length(client):
    body = b'{"game": "ugo", "seats": ["human", "human"], "x": "' + b"a" * 70_000 + b'"}'
    error_of(client.post("/api/tables", content=body, headers={"content-type": "application/json"}), 413,
             "too_large")


def test_a_streamed_body_over_64_kib_is_413(client):
    def chunks():
        yield b'{"game": "ugo", "seats": ["human", "human"], "x": "'
        for _ in range(20):
            yield b"a" * 4096
        yield b'"}'

    response = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    error_of(response, 413, "too_large")
    assert client.get("/api/tables").json() == []


def test_a_body_just_under_the_limit_is_read(client):
    body = b'{"game": "ugo", "seats": ["human", "human"], "x": "' + b"a" * 60_000 + b'"}'
    response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 201
# ----- GET ------------------------------------------------------------------------------------------------

def test_the_list_shows_public_tables_waiting_for_their_people(client):
    waiting = create(client, public=True)["table"]
    create(client)  # not public: only its links reach it
    bots_only = create(client, seats=["greedy", "greedy"], public=True)["table"]
    listed = client.get("/api/tables").json()
    assert [t["table"] for t in listed] == [waiting]
    entry = listed[0]
    assert entry["game"] == "ugo" and entry["status"] == "waiting" and entry["options"]["rounds"] == 1
    assert entry["seats"] == [{"seat": 0, "kind": "human", "taken": False}, {"seat": 1, "kind": "greedy",
                                                                                "taken": False},
                              {"seat": 2, "kind": "human", "taken": False}]
    watch(client, bots_only, lambda m: m["status"] == "finished")
    assert [t["table"] for t in client.get("/api/tables?status=finished").json()] == [bots_only]
    assert client.get("/api/tables?status=waiting,playing,finished").json()[0]["table"] == bots_only
    for old in ("open", "over", "lost"):
        assert "waiting, playing, finished" in error_of(client.get(f"/api/tables?status={old}"), 422)["error"]


def test_get_with_a_token_shows_the_seats_view_and_without_the_spectators(client):
    body = create(client)
    table, token = body["table"], body["seats"][0]["token"]
    client.get(f"/api/tables/{table}", headers=auth(body["seats"][2]["token"]))  # every seat opened: playing
    seat = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    for key in ("table", "game", "options", "seq", "status", "view", "legal", "events", "to_move", "creator_seat",
                "waiting_for", "only_move", "seat_settings", "score_sheet"):
        assert key in seat
    assert seat["status"] == "playing" and seat["waiting_for"] == [] and seat["creator_seat"] == 0
    assert seat["seat_settings"] == {"auto_only_moves": False} and seat["settings"]["pace"] == "normal"
    assert seat["score_sheet"] == {"unit": "round", "rows": [], "totals": [0, 0, 0]}
    assert seat["seat"] == 0 and len(seat["view"]["hand"]) == 10
    assert seat["legal"] and all(a.startswith("play ") for a in seat["legal"])
    assert [x["action"] for x in seat["legal_labels"]] == seat["legal"]
    assert len(seat["events"]) <= 50 and all({"text", "brief", "seq", "kind"} <= set(e) for e in seat["events"])
    spectator = client.get(f"/api/tables/{table}").json()
    assert spectator["seat"] is None and "hand" not in spectator["view"] and spectator["legal"] == []
    assert spectator["seat_settings"] is None
    assert not [e for e in spectator["events"] if e["kind"] == "card_dealt"]
    other = client.get(f"/api/tables/{table}", headers=auth(body["seats"][2]["token"])).json()
    assert other["legal"] == [] and other["to_move"] == 0


def test_the_last_50_events_only(client):
    table = create(client, game="trumfosaur", seats=["greedy", "greedy"])["table"]
    watch(client, table, lambda m: m["status"] == "finished")
    state = client.get(f"/api/tables/{table}").json()
    assert state["status"] == "finished"
    assert len(state["events"]) == 50 and state["events"][-1]["kind"] == "game_over"
    assert [e["seq"] for e in state["events"]] == sorted(e["seq"] for e in state["events"])


def test_unknown_table_is_404_json(client):
    error_of(client.get("/api/tables/nosuchtable"), 404, "not_found")
    error_of(client.post("/api/tables/nosuchtable/actions", json={"action": "play red5", "seq": 0}), 404)
    error_of(client.get("/no/such/page"), 404, "not_found")


def test_a_token_of_another_table_is_403(client):
    first, second = create(client), create(client)
    error_of(client.get(f"/api/tables/{first['table']}", headers=auth(second["seats"][0]["token"])), 403,
             "forbidden")
    error_of(client.post(f"/api/tables/{first['table']}/actions", headers=auth(second["seats"][0]["token"]),
                         json={"action": "play red5", "seq": 0}), 403)


# ----- POST actions ---------------------------------------------------------------------------------------

def test_action_200_409_422_403(client):
    table, tokens = new_table(client, seats=["human", "human"])
    state = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
    seq, legal = state["seq"], state["legal"]
    url = f"/api/tables/{table}/actions"
    # 403: no token, nothing changes
    error_of(client.post(url, json={"action": legal[0], "seq": seq}), 403, "forbidden")
    # 422: not your turn, an illegal action, a malformed one
    error_of(client.post(url, headers=auth(tokens[1]), json={"action": legal[0], "seq": seq}), 422, "not_your_turn")
    hand = set(state["view"]["hand"])
    foreign = next(f"play {c}{v}" for c in ("red", "green", "blue", "yellow", "grey") for v in range(9)
                   if f"{c}{v}" not in hand)
    illegal = error_of(client.post(url, headers=auth(tokens[0]), json={"action": foreign, "seq": seq}), 422,
                       "illegal")
    assert foreign.split()[1] in illegal["error"]
    error_of(client.post(url, headers=auth(tokens[0]), json={"action": "dance", "seq": seq}), 422, "illegal")
    error_of(client.post(url, headers=auth(tokens[0]), json={"action": 5, "seq": seq}), 422, "bad_action")
    error_of(client.post(url, headers=auth(tokens[0]), json={"action": legal[0], "seq": "x"}), 422, "bad_action")
    error_of(client.post(url, headers=auth(tokens[0]), json={"action": legal[0]}), 422)
    # 409: a stale seq, with the current one
    stale = error_of(client.post(url, headers=auth(tokens[0]), json={"action": legal[0], "seq": seq - 1}), 409,
                     "stale_seq")
    assert stale["seq"] == seq
    assert client.get(f"/api/tables/{table}").json()["seq"] == seq  # nothing applied
    # 200
    ok = client.post(url, headers=auth(tokens[0]), json={"action": legal[0], "seq": seq})
    assert ok.status_code == 200 and ok.json() == {"seq": seq + 1, "table_seq": seq + 1}
    after = client.get(f"/api/tables/{table}", headers=auth(tokens[1])).json()
    # seat 1 answers next, even with one legal card: a person's only move waits for them
    assert after["seq"] == seq + 1 and after["to_move"] == 1 and after["legal"]
    assert after["only_move"] == (len(after["legal"]) == 1)
    assert any(e["kind"] == "card_played" and e["seq"] == seq + 1 for e in after["events"])


def test_illegal_reason_in_czech(client):
    table, tokens = new_table(client, seats=["human", "human"])
    token = tokens[0]
    state = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    english = client.post(f"/api/tables/{table}/actions", headers=auth(token),
                          json={"action": "open red", "seq": state["seq"]}).json()["error"]
    czech = client.post(f"/api/tables/{table}/actions?lang=cs", headers=auth(token),
                        json={"action": "open red", "seq": state["seq"]}).json()["error"]
    assert english and czech and english != czech


def test_a_whole_game_over_http_with_a_bot(client):
    table, tokens = new_table(client, game="kurnik", seats=["human", "greedy", "human"])
    play_out(client, table, tokens)
    final = client.get(f"/api/tables/{table}").json()
    assert final["status"] == "finished" and final["winners"] and final["legal"] == []
    sheet = final["score_sheet"]  # Kurník: one row at the end, its totals the hens (K-1.4)
    assert sheet["unit"] == "turn" and len(sheet["rows"]) == 1 and sheet["totals"] == final["view"]["scores"]
    error_of(client.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]),
                         json={"action": "roll", "seq": final["seq"]}), 422, "game_over")


def test_an_ismcts_bot_plays(client):
    table, tokens = new_table(client, game="ugo", seats=["ismcts:50", "human"])
    state = watch(client, table, lambda m: m["to_move"] == 1, token=tokens[1])
    assert state["to_move"] == 1 and any(e["kind"] == "card_played" and e["seat"] == 0 for e in state["events"])


# ----- claim, rematch ---------------------------------------------------------------------------------------

def test_claim_sets_an_httponly_lax_cookie_that_opens_the_seat(db_client):
    body = create(db_client)
    table, token = body["table"], body["seats"][2]["token"]
    own_page = {"Origin": "http://testserver"}
    error_of(db_client.post(f"/api/tables/{table}/claim", headers=own_page), 403)
    error_of(db_client.post(f"/api/tables/{table}/claim", headers={**auth(token), "Origin": "http://evil.example"}),
             403)
    response = db_client.post(f"/api/tables/{table}/claim", headers={**auth(token), **own_page})
    assert response.status_code == 200 and response.json() == {"table": table, "seat": 2}
    cookie = response.headers["set-cookie"]
    assert f"herna_{table}={token}" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie.replace(
        "samesite", "SameSite")
    state = db_client.get(f"/api/tables/{table}").json()  # the client keeps the cookie
    assert state["seat"] == 2 and "hand" in state["view"]
    assert state["seats"][2]["opened"] and state["seats"][2]["taken"]
    # a cookie-authenticated POST from another site (or none) is refused, a forged Host changes nothing
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "http://evil.example", "Host": "evil.example"},
                    {"Origin": "https://testserver"}, {"Origin": "http://testserver:8080"}, {}):
        error_of(db_client.post(f"/api/tables/{table}/name", headers=headers, json={"name": "Mallory"}), 403)
    assert db_client.get(f"/api/tables/{table}").json()["seats"][2]["name"] is None
    named = db_client.post(f"/api/tables/{table}/name", headers={"Origin": "http://testserver"}, json={"name": "Jan"})
    assert named.status_code == 200 and named.json() == {"seat": 2, "name": "Jan"}
    db_client.cookies.clear()
    assert db_client.get(f"/api/tables/{table}").json()["seat"] is None


def test_rematch_makes_a_new_table_and_keeps_each_person_at_their_seat(client):
    body = create(client, seats=["human", "greedy", "human"], names=["Eva", None, "Jan"])
    table = body["table"]
    error_of(client.post(f"/api/tables/{table}/rematch"), 403)
    play_out(client, table, [entry and entry["token"] for entry in body["seats"]])
    first = client.post(f"/api/tables/{table}/rematch", headers=auth(body["seats"][2]["token"]))
    assert first.status_code == 201
    new = first.json()
    assert new["table"] != table and new["seat"] == 2 and new["seats"][1] is None
    assert new["seats"][2]["token"] == new["token"] and new["join_url"].endswith(new["token"])
    assert new["seats"][0] == {"seat": 0, "token": None, "join_url": None}
    state = client.get(f"/api/tables/{new['table']}", headers=auth(new["token"])).json()
    assert state["seat"] == 2 and state["game"] == "ugo" and state["options"]["rounds"] == 1
    assert [s["kind"] for s in state["seats"]] == ["human", "greedy", "human"]
    assert [s["name"] for s in state["seats"]] == ["Eva", None, "Jan"]
    assert client.get(f"/api/tables/{table}").json()["rematch"] == new["table"]
    # the other person joins the same rematch at their own seat
    second = client.post(f"/api/tables/{table}/rematch", headers=auth(body["seats"][0]["token"])).json()
    assert second["table"] == new["table"] and second["seat"] == 0
    assert client.get(f"/api/tables/{new['table']}", headers=auth(second["token"])).json()["seat"] == 0
    # the old tokens open nothing at the new table
    error_of(client.get(f"/api/tables/{new['table']}", headers=auth(body["seats"][0]["token"])), 403)


def test_no_rematch_before_the_game_is_over(db_client):
    body = create(db_client, seats=["human", "greedy", "human"], public=True)
    table, token = body["table"], body["seats"][0]["token"]
    for _ in range(2):  # waiting, then playing
        refusal = error_of(db_client.post(f"/api/tables/{table}/rematch", headers=auth(token)), 409, "not_finished")
        assert "finished" in refusal["error"]
        assert db_client.get(f"/api/tables/{table}").json()["rematch"] is None
        db_client.get(f"/api/tables/{table}", headers=auth(body["seats"][2]["token"]))  # the last seat opened
    assert db_client.get(f"/api/tables/{table}").json()["status"] == "playing"
    listed = db_client.get("/api/tables?status=waiting,playing,finished").json()
    assert [item["table"] for item in listed] == [table]  # no new table was made


# ----- games, words, rules, pages ------------------------------------------------------------------------

def test_games_lists_options_bots_and_card_names(client):
    games = {g["name"]: g for g in client.get("/api/games?lang=cs").json()}
    assert set(games) == {"ugo", "trumfosaur", "kurnik"}
    ugo = games["ugo"]
    assert ugo["title"] == "Ugo!" and (ugo["min_players"], ugo["max_players"]) == (2, 4)
    rounds = next(o for o in ugo["options"] if o["name"] == "rounds")
    assert rounds["type"] == "int" and rounds["min"] == 1 and rounds["default"] == 4 and rounds["help"]
    assert [b["kind"] for b in ugo["bots"]][:3] == ["easy", "medium", "hard"]
    assert all(b["label"] for b in ugo["bots"])
    assert ugo["card_names"]["red5"].endswith(" 5") and ugo["card_names"]["red5"] != "red 5"
    assert games["trumfosaur"]["card_names"]["SAX6"] == "Saxosaurus 6"
    error_of(client.get("/api/games?lang=de"), 422, "bad_lang")


def test_i18n_answers_the_web_messages(client):
    czech = client.get("/api/i18n/cs")
    assert czech.status_code == 200 and isinstance(czech.json(), dict)
    english = client.get("/api/i18n/en").json()
    assert set(english) == set(czech.json())
    assert all(english[k] == k for k, v in english.items() if isinstance(v, str))
    error_of(client.get("/api/i18n/xx"), 422)


def test_rules_pages(client):
    """How to play in each language, the numbered rules and the Czech original
    (tests/server/test_rules_pages.py has the rest)."""
    english = client.get("/rules/ugo")
    assert english.status_code == 200 and english.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in english.text and "<h1>How to play Ugo!</h1>" in english.text
    assert "script-src 'self'" in english.headers["content-security-policy"]
    czech = client.get("/rules/trumfosaur?lang=cs")
    assert czech.status_code == 200 and '<html lang="cs">' in czech.text
    assert "<h1>Jak hrát Trumfosaur</h1>" in czech.text
    error_of(client.get("/rules/chess"), 404)
    error_of(client.get("/rules/ugo?lang=de"), 422, "bad_lang")
    # each rules page leads back; the Czech rulebook has a title and none of its web page's leftovers
    assert '<a href="/">Back to the lobby</a>' in english.text
    ugo = client.get("/rules/ugo/rulebook").text
    assert "<h1>Ugo! – pravidla</h1>" in ugo and '<a href="/">Zpět do herny</a>' in ugo
    assert "Autor:" not in ugo and "Sdílet s přáteli" not in ugo
    assert "U-1.4" in client.get("/rules/ugo/spec").text


def test_a_browser_asking_for_a_missing_page_gets_a_page_with_the_way_back(client):
    html = {"Accept": "text/html,application/xhtml+xml"}
    for path in ("/nonexistent", "/t/", "/rules/chess", "/rules/"):
        response = client.get(path, headers=html)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("text/html")
        assert "Page not found" in response.text and '<a href="/">' in response.text
    # programs still get JSON errors
    error_of(client.get("/nonexistent"), 404, "not_found")
    error_of(client.get("/api/tables/nope", headers=html), 404, "not_found")


def test_pages_are_served_or_a_clear_404(client):
    for path in ("/", "/t/abc", "/t/abc/join", "/help"):
        response = client.get(path)
        if response.status_code == 200:
            assert response.headers["content-type"].startswith("text/html")
        else:
            assert error_of(response, 404, "not_built")["error"].startswith("the web app is not built yet")
    assert client.get("/static/no-such-file.js").status_code == 404


def test_security_headers_and_openapi(client):
    response = client.get("/api/games")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    spec = client.get("/openapi.json").json()
    for path in ("/api/tables", "/api/tables/{table_id}/actions", "/api/tables/{table_id}/start",
                 "/api/tables/{table_id}/sit", "/api/tables/{table_id}/chat", "/api/phrases",
                 "/api/tables/{table_id}/replay/{seq}", "/api/tables/{table_id}/vote"):
        assert path in spec["paths"], path
    # no docs page: it would need scripts from outside the server, which the pages' CSP forbids
    error_of(client.get("/api/docs"), 404)


def test_an_internal_error_is_json_without_a_trace(app_factory, monkeypatch):
    from fastapi.testclient import TestClient

    from herna.server import api_games

    def broken(lang):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(api_games, "game_list", broken)
    with TestClient(app_factory(), raise_server_exceptions=False) as test_client:
        response = test_client.get("/api/games")
    body = error_of(response, 500, "internal")
    assert "secret" not in response.text and "Traceback" not in body["error"]
