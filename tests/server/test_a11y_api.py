"""What the table page's screen-reader keys read from the server (issue 24):
``GET /api/games`` gives each game's history sections (from its words
module's ``SECTIONS``), its own readouts and the card names declined as
objects (Czech: "přiznej Špínosaura"); the ``readouts`` answer carries
Ugo!'s kingdom and Kurník's coops in the terminal's words."""

from __future__ import annotations

import herna.core
from tests.server.helpers import auth, new_table


def test_games_give_sections_readouts_and_accusative_names(client):
    games = {g["name"]: g for g in client.get("/api/games", params={"lang": "cs"}).json()}
    for name, game in games.items():
        module = herna.core.record(name).load("texts")
        assert game["sections"] == {section: {"opens": list(opens), "closes": list(closes)}
                                    for section, (opens, closes) in module.SECTIONS.items()}
        assert game["readouts"] == sorted(getattr(module, "READOUTS", {}))
    assert set(games["trumfosaur"]["sections"]) == {"trick", "deal"}
    assert set(games["ugo"]["sections"]) == {"trick", "round"} and games["ugo"]["readouts"] == ["kingdom"]
    assert games["kurnik"]["sections"] == {"turn": {"opens": ["roll", "turn_passed"], "closes": []}}
    assert games["kurnik"]["readouts"] == ["coops"]
    assert games["trumfosaur"]["card_names"]["SPI4"] == "Špínosaurus 4"
    assert games["trumfosaur"]["card_names_accusative"]["SPI4"] == "Špínosaura 4"
    assert games["ugo"]["card_names_accusative"]["yellow0"] == "žlutou 0"
    assert games["kurnik"]["card_names_accusative"] == {}
    english = {g["name"]: g for g in client.get("/api/games", params={"lang": "en"}).json()}
    assert english["trumfosaur"]["card_names_accusative"] == english["trumfosaur"]["card_names"]  # no cases


def test_readouts_carry_the_kingdom_and_the_coops(client):
    table, tokens = new_table(client, "ugo", ["human", "human"])
    answer = client.get(f"/api/tables/{table}/readouts", headers=auth(tokens[0])).json()
    assert answer["kingdom"][0].startswith("Your kingdom: A ") and answer["hand"]
    watcher = client.get(f"/api/tables/{table}/readouts").json()
    assert watcher["kingdom"] == [] and watcher["hand"] == []  # a spectator has neither
    table, tokens = new_table(client, "kurnik", ["human", "human"])
    czech = client.get(f"/api/tables/{table}/readouts", params={"lang": "cs"}, headers=auth(tokens[1])).json()
    assert len(czech["coops"]) == 2 and czech["coops"] == czech["scores"]
    assert any(line.startswith("Hráč 2 (ty): ") for line in czech["coops"]), czech["coops"]


def test_the_decision_help_names_and_types_no_codes(client):
    """The web page's decision help: no key of the card codes, no action typed before its meaning, no
    ``herna rules`` command (nobody types at the page; names, not codes)."""
    typed = {"trumfosaur": ("SAX = ", "TRUMF = "), "ugo": ("red = ",), "kurnik": ("give 1: ", "roll: ")}
    for game, codes in typed.items():
        table, tokens = new_table(client, game, ["human", "human"])
        for lang in ("en", "cs"):
            seen = [client.get(f"/api/tables/{table}", params={"lang": lang}, headers=auth(token)).json()
                    for token in tokens]
            helps = [message["help"] for message in seen if message["help"]]
            assert helps, game
            for words in helps:
                assert "herna rules" not in words and not any(code in words for code in codes), words


def test_bots_are_named_in_the_words_as_on_their_plates(client):
    """Issue 23 item 1: a bot seat without a name is said as the page's seat plate shows it ("Easy bot 2",
    Czech "Snadný bot 2"), never "Seat 2"; a person who gave a name by it."""
    table, tokens = new_table(client, "trumfosaur", ["human", "easy", "hard"], names=["Eva", None, None],
                              options={"players": 3, "target_score": 12, "first_player": 1})
    for lang, bot in (("en", "Easy bot 2"), ("cs", "Snadný bot 2")):
        message = client.get(f"/api/tables/{table}", params={"lang": lang}, headers=auth(tokens[0])).json()
        said = " ".join(line for event in message["events"] for line in event["text"] + event["brief"])
        assert bot in said, said
        assert "Seat 2" not in said and "Hráč 2" not in said, said
        assert "(seat " not in said and "(hráč " not in said, said  # names alone (Czech cases: "hráči 2 (...)")
