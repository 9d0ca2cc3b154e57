"""``GET /api/games?lang=`` gives the lobby each option in players' words
(issue 28 item 2, issue 23 item 9): a label and one line of help in Czech
and English, whether it belongs under "More options", how to ask it (the
first player as a seat or random, never 0-based), the words of each choice;
the fields the lobby already reads stay."""

from __future__ import annotations

from herna.core.catalog import text
from herna.core.registry import GAMES, game_class


def test_games_carry_option_labels_and_help_in_both_languages(client):
    answers = {lang: {g["name"]: g for g in client.get(f"/api/games?lang={lang}").json()} for lang in ("en", "cs")}
    for game in GAMES:
        specs = {spec.name: spec for spec in game_class(game).option_specs}
        english = {o["name"]: o for o in answers["en"][game]["options"]}
        czech = {o["name"]: o for o in answers["cs"][game]["options"]}
        assert set(english) == set(czech) == set(specs) - {"players"}  # the seats make the number of players
        for name, option in english.items():
            spec = specs[name]
            assert set(option) >= {"name", "default", "type", "min", "max", "choices", "help", "rule", "label",
                                   "advanced", "ask", "choice_labels", "unset", "length"}
            assert option["label"] == text("en", spec.label) and option["help"] == text("en", spec.doc)
            assert czech[name]["label"] == text("cs", spec.label) != option["label"]
            assert czech[name]["help"] == text("cs", spec.doc) != option["help"]
            assert option["advanced"] == spec.advanced and option["ask"] == spec.ask
    kurnik = {o["name"]: o for o in answers["cs"]["kurnik"]["options"]}
    assert kurnik["first_player"]["ask"] == "seat" and kurnik["first_player"]["unset"].startswith("Náhodně")
    assert kurnik["six_six"]["choices"] == ["announce", "fox"] and kurnik["six_six"]["choice_labels"][1].startswith(
        "Liška")
    assert kurnik["turn_limit"]["advanced"] and kurnik["supply_hens"]["advanced"]
    assert not kurnik["rough_thief"]["advanced"] and kurnik["rough_thief"]["label"] == "Drsný zloděj"
    ugo = {o["name"]: o for o in answers["en"]["ugo"]["options"]}
    assert ugo["low_card_farmers"]["ask"] == "numbers" and ugo["low_card_farmers"]["length"] == 2
    assert ugo["farmers"]["unset"] == "36, or 12 with 2 players" and ugo["first_player"]["unset"] is None
