"""Option specs carry what screens need (issue 28 item 2): a label and one
line of help in players' words in Czech and English, whether an option is
advanced ("More options"), and how a screen asks it (herna/core/options.py)."""

from __future__ import annotations

import pytest

from herna.core import OptionSpec
from herna.core.catalog import translations
from herna.core.options import ASKS, PLAYERS, seat_count
from herna.core.registry import GAMES, game_class

SPECS = [(game, spec) for game in GAMES for spec in game_class(game).option_specs]
ADVANCED = {("ugo", "farmers"), ("ugo", "low_card_farmers"), ("kurnik", "supply_eggs"), ("kurnik", "supply_chicks"),
            ("kurnik", "supply_hens"), ("kurnik", "supply_roosters"), ("kurnik", "turn_limit")}
"""Supply sizes, turn limits and similar: what a table rarely changes (issue 23 item 9)."""


def czech(message: str) -> str | None:
    """The Czech translation of ``message`` in the merged catalog, or None."""
    return translations("cs")._catalog.get(message)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game,spec", SPECS, ids=[f"{g}-{s.name}" for g, s in SPECS])
def test_every_option_has_players_words_in_both_languages(game, spec):
    for message in (spec.label, spec.doc, *spec.choice_labels, *([spec.unset] if spec.unset else [])):
        assert message and czech(message) and czech(message) != message, (game, spec.name, message)
    words = {lang: spec.words(lang) for lang in ("en", "cs")}
    assert words["en"]["label"] == spec.label and words["cs"]["label"] == czech(spec.label)
    assert words["en"]["help"].endswith(".") and words["cs"]["help"].endswith(".")
    assert "_" not in words["en"]["label"] + words["en"]["help"]  # players' words, not engine names
    assert spec.ask in ASKS
    assert spec.advanced == ((game, spec.name) in ADVANCED)
    if spec.choices is not None:
        assert len(words["cs"]["choice_labels"]) == len(spec.choices)


def test_how_each_option_is_asked():
    asks = {(game, spec.name): spec.ask for game, spec in SPECS}
    assert {asks[(g, "first_player")] for g in GAMES} == {"seat"}
    assert asks[("trumfosaur", "teams")] == "yes_no" and asks[("kurnik", "six_six")] == "choice"
    assert asks[("ugo", "low_card_farmers")] == "numbers" and asks[("ugo", "rounds")] == "number"
    kurnik_first = next(spec for spec in game_class("kurnik").option_specs if spec.name == "first_player")
    # K-2.1: left unset, the players roll for the start: "random" is the game's own chance
    assert kurnik_first.default is None and kurnik_first.words("cs")["unset"].startswith("Náhodně")
    # a seat is read from 1, never 0-based
    assert kurnik_first.default_words("en").startswith("random")
    trumfosaur_first = next(spec for spec in game_class("trumfosaur").option_specs if spec.name == "first_player")
    assert trumfosaur_first.default_words("en") == "seat 1" and trumfosaur_first.default_words("cs") == "hráč 1"


def test_values_and_defaults_in_words():
    specs = {(game, spec.name): spec for game, spec in SPECS}
    assert specs[("ugo", "rounds")].values_words("en") == "1 to 100"
    assert specs[("ugo", "rounds")].values_words("cs") == "1 až 100"
    assert specs[("ugo", "farmers")].default_words("en") == "36, or 12 with 2 players"
    assert specs[("ugo", "low_card_farmers")].values_words("cs") == "2 celá čísla, každé 0 až 9, oddělená čárkou"
    assert specs[("kurnik", "six_six")].values_words("en").startswith("announce: announce take or rob")
    assert specs[("trumfosaur", "master")].default_words("cs") == "vypnuto"


def test_an_inconsistent_spec_is_refused():
    with pytest.raises(ValueError, match="needs a label and a doc"):
        OptionSpec("x", int, 0, "Some help.")
    with pytest.raises(ValueError, match="choice_labels"):
        OptionSpec("x", str, "a", "Help.", label="X", choices=("a", "b"), choice_labels=("A",))
    with pytest.raises(ValueError, match="seat option holds an int"):
        OptionSpec("x", str, "a", "Help.", label="X", seat=True)
    with pytest.raises(ValueError, match="default of None"):
        OptionSpec("x", int, 3, "Help.", label="X", unset="Random")
    with pytest.raises(ValueError, match="one letter"):
        OptionSpec("x", int, 3, "Help.", label="X", short="xy")


def test_seat_count_reads_players_or_the_default():
    specs = game_class("ugo").option_specs
    assert seat_count(specs, {}) == 4 and seat_count(specs, {PLAYERS: 3}) == 3
    assert seat_count(specs, {PLAYERS: "2"}) == 2
    assert seat_count(specs, {PLAYERS: "many"}) is None


def test_a_seat_option_counts_from_1_for_players_and_from_0_for_the_engine():
    specs = {(game, spec.name): spec for game, spec in SPECS}
    seat, plain = specs[("trumfosaur", "first_player")], specs[("trumfosaur", "target_score")]
    assert [seat.to_players(v) for v in (0, 3, None)] == [1, 4, None]
    assert [seat.from_players(v) for v in (1, 4, None)] == [0, 3, None]
    assert all(seat.from_players(seat.to_players(v)) == v for v in range(5))
    assert (plain.to_players(36), plain.from_players(36)) == (36, 36)
    for bad in (0, -1, True, "2", 1.5):
        with pytest.raises(ValueError, match="counts seats from 1"):
            seat.from_players(bad)
