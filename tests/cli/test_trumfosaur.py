"""Trumfosaur at the terminal (herna/cli/games/trumfosaur.py): sentences from
engine events, words from the catalog; ``--lang cs`` is Czech throughout
(issue 10, items 2-3)."""

from __future__ import annotations

import random
import re

from babel.messages.pofile import read_po
from importlib import resources
from typer.testing import CliRunner

import herna
from herna.text import trumfosaur as T
from herna.cli.main import app
from herna.cli.style import Style
from herna.core.conformance import random_step
from herna.games.trumfosaur.actions import string_to_action
from herna.games.trumfosaur.cards import SPECIES, SPECIES_NAMES
from herna.games.trumfosaur.events import KINDS

from ..games.trumfosaur.messages import used_messages

EN, CS = Style.make("en"), Style.make("cs")


def finished(options: dict, seed: int):
    rng = random.Random(seed)
    state = herna.load("trumfosaur", **options).new_initial_state()
    while not state.is_terminal():
        random_step(state, rng)
    return state


def test_every_event_kind_has_sentences():
    assert set(T.DESCRIBE) == set(KINDS)
    state = finished({"players": 2, "master": True, "target_score": 10}, 1)
    for viewer in (None, 0, 1):
        for event in state.events(seat=viewer):
            for style in (EN, CS):
                for line in T.describe_event(event, viewer, style):
                    assert line.strip() and "{" not in line


def test_t_8_1_only_the_drawer_reads_which_cards_it_drew():
    state = finished({"players": 2, "master": True, "target_score": 5}, 2)
    drawn = next(e for e in state.events(seat=0) if e["kind"] == "cards_drawn" and e["seat"] == 0)
    own = T.describe_event(drawn, 0, EN)[0]
    assert own == f"Seat 1 (you) draws {T.names(drawn['cards'], 'en', 'accusative')}."
    assert T.describe_event(drawn, 0, CS)[0] == f"Hráč 1 (ty) dobírá {T.names(drawn['cards'], 'cs', 'accusative')}."
    public = next(e for e in state.events(seat=1) if e["seq"] == drawn["seq"] and e["kind"] == "cards_drawn")
    count = drawn["count"]
    assert T.describe_event(public, 1, EN) == [f"Seat 1 draws {count} card{'s' if count > 1 else ''}."]
    assert T.describe_event(public, 1, CS) == [f"Hráč 1 dobírá {count} {'kartu' if count == 1 else 'karty'}."]


def test_t_6_1_deal_end_text_is_the_deal_scored_event():
    """T-6.1 / T-10.2: the summary says each invitation and how its score was made, from the event."""
    state = finished({"players": 3, "target_score": 15}, 3)
    for event in state.events():
        if event["kind"] != "deal_scored":
            continue
        for style, pattern in ((EN, r"^Seat (\d): invitation ([^,]+), (\d+) points = 3(.*)$"),
                               (CS, r"^Hráč (\d): pozvánka ([^,]+), body: (\d+) = 3(.*)$")):
            rows = [re.match(pattern, line) for line in T.describe_event(event, None, style)[1:-1]]
            assert len(rows) == 3 and all(rows)
            for row in rows:
                seat = int(row.group(1)) - 1
                assert row.group(2) == T.card_name(event["invitations"][seat], style.lang)
                assert 3 + sum(int(n) for n in re.findall(r"\+ (\d+) ", row.group(4))) == int(row.group(3))
                assert int(row.group(3)) == event["scores"][seat]


def test_help_names_the_cards_the_legal_actions_use():
    view = {"phase": "play"}
    out = T.help_text(view, "en", legal=["play SAX3", "play TRUMF", "play AQU1"])
    assert out.endswith("Cards you may use now: Saxosaurus 3, Aquasaurus 1, trump.")  # names, not codes
    assert "Saxosaurus" in out and "first trump wins" in out
    czech = T.help_text(view, "cs", legal=["play SAX3", "play TRUMF", "play AQU1"])
    assert czech.endswith("Karty, které teď můžeš použít: Saxosaurus 3, Aquasaurus 1, trumf.")
    follow = T.help_text({"phase": "play", "trick": ["SPI4"]}, "cs", legal=["play SPI2"])
    assert "Vynesen je Špínosaurus: přiznej Špínosaura, máš-li ho" in follow  # the accusative (issue 24)
    assert "use now" not in T.help_text(view, "en")


def words_of(text: str) -> set[str]:
    """The lower-case words of ``text``, its ``{fields}`` left out."""
    return {w.lower() for w in re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", " ", text))}


def english_words() -> set[str]:
    """Words (3 letters or more) of the game's English messages that are not
    also Czech (in a translation), an action word, a card code or a species name."""
    with resources.files("herna.games.trumfosaur").joinpath("locale", "cs.po").open("rb") as fh:
        po = read_po(fh, locale="cs")
    czech = set()
    for message in po:
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            czech |= words_of(text)
    english = set()
    for _, msgid in used_messages():
        english |= {w for w in words_of(msgid) if len(w) > 2}
    allowed = czech | {"play", "invite", "reveal", "pass", "exchange", "deal", "draw", "trumf", "card"}
    allowed |= {s.lower() for s in SPECIES} | {s.lower() for s in SPECIES_NAMES} | {"greedy", "random"}
    return english - allowed


def test_a_czech_game_has_no_english_words():
    """``herna play trumfosaur --lang cs`` with standard input not a terminal (every seat a bot):
    the game's lines are Czech; action strings, card codes and names are left as they are."""
    words = english_words()
    assert {"plays", "wins", "trick", "invitation", "reveals", "takes"} <= words
    for verbosity, least in (("full", 100), ("brief", 40)):
        result = CliRunner().invoke(app, ["play", "trumfosaur", "--lang", "cs", "--seed", "4", "--players", "4",
                                          "--master", "--teams", "--target-score", "12", "--verbosity", verbosity])
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        game = [line for line in lines if not line.startswith(("standard input is not", "herna ·"))]
        assert len(game) > least and "Konec hry." in result.output
        found = set().union(*(words_of(line) for line in game)) & words
        assert not found, found
        for line in game:  # action strings left as they are parse as actions
            for match in re.findall(r"\b(?:play|invite|exchange) [A-Z]{3}\d+", line):
                string_to_action(match)
