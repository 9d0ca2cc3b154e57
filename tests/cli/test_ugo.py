"""Ugo! terminal rendering (herna/cli/games/ugo.py): every kingdom's fields,
top cards, farmers and scores in words; one or more sentences per engine
event (herna/games/ugo/events.py), the round's end with every field's score
and its reason (U-6); help on each decision; every text from the catalogs,
Czech throughout with ``--lang cs`` (herna/games/ugo/locale/cs.po)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from rich.console import Console

import herna
from herna.text import ugo as ui
from herna.cli.i18n import MESSAGES
from herna.core.catalog import text as catalog_text
from herna.cli.style import Style
from herna.core import IllegalActionError
from herna.core.catalog import ntext
from herna.core.conformance import random_step
from herna.games.ugo.cards import COLOURS, LAND_NAMES

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "herna" / "games" / "ugo").glob("*.py")) + [ROOT / "herna" / "text" / "ugo.py"]
KEYWORDS = {"text": (2,), "ntext": (2, 3), "ptext": ((2, "c"), 3), "N_": None}
"""Where the catalog calls keep their message ids (babel keyword specs)."""
CARD = re.compile(r"\b(?:red|green|blue|yellow|grey) \d\b")
"""A card's name in English (``red 5``)."""


def text_of(blocks) -> str:
    """A table's blocks as the terminal prints them (herna/cli/style.py)."""
    console = Console(width=140, color_system=None, record=True)
    Style.make("en").emit(console, blocks)
    return console.export_text()


def playout(options: dict, seed: int, lang: str = "en", seat=None):
    """A random game: (every event line as ``seat`` sees it, the state at
    the end, one help text per kind of decision)."""
    state = herna.load("ugo", **options).new_initial_state()
    rng = random.Random(seed)
    style = Style.make(lang)
    helps = {}
    while not state.is_terminal():
        random_step(state, rng)
        player = state.current_player()
        if player >= 0:
            view = state.view(player)
            helps.setdefault((view["phase"], bool(view["trick"])),
                             (view, ui.help_text(view, lang, legal=state.legal_action_strings())))
    helps[("over", False)] = (state.view(), ui.help_text(state.view(), lang))
    lines = [line for event in state.events(seat=seat) for line in ui.describe_event(event, seat, style)]
    return lines, state, helps


def test_render_shows_every_kingdom_in_words():
    state = herna.load("ugo", players=3, rounds=1).new_initial_state()
    rng = random.Random(4)
    for _ in range(60):
        random_step(state, rng)
    view = state.view(1)
    text = text_of(ui.render(view, 1, "en"))
    assert "Your hand" in text and all(ui.card_name(card, "en") in text for card in view["hand"])
    assert text.count("Kingdom of") == 3
    for kingdom in view["kingdoms"]:
        for field in kingdom:
            assert f"{field['farmers']}/{field['places']}" in text
            if field["colour"]:
                assert field["colour"] in text and ui.card_name(field["top_card"], "en") in text
    cs = text_of(ui.render(view, 1, "cs"))
    assert "Království" in cs and "Tvoje karty" in cs
    spectator = text_of(ui.render(state.view(), None, "en"))
    assert "Your hand" not in spectator
    final = state.clone()
    while not final.is_terminal():
        random_step(final, rng)
    assert "game over" in text_of(ui.render(final.view(), None, "en"))


def test_every_event_kind_has_words_in_english_and_czech():
    options = {"players": 4, "rounds": 2}
    en, state, _ = playout(options, 7)
    cs, _, _ = playout(options, 7, "cs")
    assert len(en) == len(cs) > 80
    assert all(isinstance(line, str) and line for line in en + cs)
    assert any("wins the trick" in line for line in en) and any("bere štych" in line for line in cs)
    assert any("is paid" in line for line in en) and any("places a farmer on field" in line for line in en)
    assert any("opens field" in line for line in en)
    assert sum(line.startswith("Round ") and "cards are dealt" in line for line in en) == 2
    assert sum("is over. The final kingdoms" in line for line in en) == 2
    assert en[-1].startswith("Final totals: ") and cs[-1].startswith("Konečné součty: ")
    style = Style.make("en")
    for event in state.events():  # a spectator's lines never name a dealt card
        if event["kind"] == "card_dealt":
            raise AssertionError("a spectator got a dealt card")
    mine = [e for e in state.events(seat=0) if e["kind"] == "card_dealt"]
    assert mine and all(ui.describe_event(e, 0, style) == [] for e in mine)


def test_every_card_that_reaches_a_field_is_logged():
    lines, _, _ = playout({"players": 4, "rounds": 2}, 7)
    stacked = [line for line in lines if " onto field " in line]
    assert stacked
    for line in stacked:
        assert re.fullmatch(r"(\w+ \d)(, \w+ \d)* (goes|go) onto field [A-E] of Seat \d "
                            r"\(top card now \w+ \d, was \w+ \d\)\.", line), line
        if " goes onto " in line:  # a single card is the new top card
            assert f"(top card now {line.split(' goes ')[0]}," in line
    placed_per_round: list[list[str]] = []
    for line in lines:
        if line.startswith("Round ") and "cards are dealt" in line:
            placed_per_round.append([])
        elif " onto field " in line or " opens field " in line:
            placed_per_round[-1] += CARD.findall(line.split(" (")[0])
    # every card of every trick is logged exactly once as it reaches a field (U-4.2, U-4.3)
    assert [len(cards) for cards in placed_per_round] == [40, 40]
    assert all(len(set(cards)) == 40 for cards in placed_per_round)
    cs, _, _ = playout({"players": 4, "rounds": 2}, 7, "cs")
    assert sum("přibývá" in line or "přibývají" in line for line in cs) == len(stacked)


def test_round_end_shows_kingdoms_and_why_each_field_scores():
    lines, state, _ = playout({"players": 3, "rounds": 3}, 11)
    scored = [e for e in state.events() if e["kind"] == "round_scored"]
    assert len(scored) == 3
    text = "\n".join(lines)
    for event in scored:
        number = event["round"]
        assert f"Round {number} is over. The final kingdoms and what each field scores:" in text
        for s in range(3):
            points = ntext("en", "{n} point", "{n} points", event["scores"][s])
            assert f"Kingdom of Seat {s + 1}: {points}" in text
            for field in event["breakdown"][s]:
                assert "  " + ui.field_line(field, "en") in lines
        assert f"Round {number} scores: " + ", ".join(
            f"Seat {s + 1} {v}" for s, v in enumerate(event["scores"])) in text
        totals = ", ".join(f"Seat {s + 1} {v}" for s, v in enumerate(event["totals"]))
        assert (f"Final totals: {totals}." if number == 3 else f"Totals after round {number}: {totals}.") in text
    assert "Totals after round 3" not in text
    field = {"field": "D", "colour": "blue", "top_card": "blue8", "farmers": 1, "places": 3, "score": -10,
             "rule": "U-6.3"}
    assert ui.field_line(field) == "D, blue, 1/3 farmers, top card blue 8: scores -10 (2 empty places at -5 each)"
    assert ui.field_line(field, "cs") == ("D, modrá, farmáři 1/3, vrchní karta modrá 8, body: -10 "
                                          "(2 prázdná místa, každé -5)")
    one = dict(field, farmers=2, score=-5)
    assert ui.field_line(one, "cs").endswith("(1 prázdné místo, každé -5)")
    full = dict(field, farmers=3, score=8, rule="U-6.1")
    assert ui.field_line(full).endswith("scores +8 (fully farmed with cards: the top card's value)")
    bonus = dict(field, colour=None, top_card=None, farmers=3, score=3, rule="U-6.2")
    assert ui.field_line(bonus) == "D, empty, 3/3 farmers (full): scores +3 (fully farmed and empty: bonus 3)"
    cs, _, _ = playout({"players": 3, "rounds": 3}, 11, "cs", seat=1)
    assert any(line.startswith("Království: Hráč 2 (ty), ") for line in cs) and "Konečné součty" in cs[-1]


def test_the_round_end_is_printed_by_the_play_loop():
    from herna.cli.play import play

    console = Console(width=140, color_system=None, record=True)
    play(herna.load("ugo", players=2, rounds=2), ["random", "random"], 3, "en", None, False, console,
         verbosity="full")
    text = console.export_text()
    assert "Round 1 is over" in text and "Round 2 is over" in text
    assert text.count("Kingdom of Seat 1:") == 2 and "Final totals" in text
    brief = Console(width=140, color_system=None, record=True)
    state = play(herna.load("ugo", players=2, rounds=2), ["random", "random"], 3, "en", None, False, brief)
    text = brief.export_text()
    scored = [e for e in state.events() if e["kind"] == "round_scored"]
    assert f"Round 1: Seat 1: {scored[0]['scores'][0]}, Seat 2: {scored[0]['scores'][1]}." in text  # one line
    assert (f"Round 2: Seat 1: {scored[1]['scores'][0]}, Seat 2: {scored[1]['scores'][1]}; totals "
            f"Seat 1: {scored[1]['totals'][0]}, Seat 2: {scored[1]['totals'][1]}.") in text
    assert "Kingdom of" not in text and "is over" not in text


def test_the_order_of_new_colours_is_reported_as_chosen():
    lines, _, _ = playout({"players": 4, "rounds": 2}, 7)
    asks = [i for i, line in enumerate(lines) if "must choose the order of the new colours" in line]
    assert asks
    for i in asks:
        who = lines[i].split(" must ")[0]
        waiting = lines[i].split(": ")[1].split(" (")[0].split(", ")
        j = i + 1
        while not lines[j].startswith(f"{who} opens field"):  # the farmers paid come first (U-2.5)
            assert "is paid" in lines[j] or "farmer" in lines[j]
            j += 1
        opens = []
        while j < len(lines) and " opens field " in lines[j]:
            assert lines[j].startswith(who)
            opens.append(re.match(r".* opens field ([A-E]) with (\w+):", lines[j]).groups())
            j += 1
        assert sorted(colour for _, colour in opens) == sorted(waiting) and len(opens) > 1
        fields = [field for field, _ in opens]
        assert fields == sorted(fields)  # left to right (U-4.3)


def test_farmers_lost_are_reported_after_the_ones_placed():
    lines, _, _ = playout({"players": 4, "rounds": 4}, 9)
    lost = [i for i, line in enumerate(lines) if "has no free farmer place" in line]
    assert lost
    for i in lost:
        who = lines[i].split(" has ")[0]
        assert (lines[i - 1].startswith(f"{who} places a farmer on field")
                or lines[i - 1].startswith(f"{who} is paid"))


def test_help_text_explains_the_decision_scoring_and_payouts():
    game_options = {"players": 3, "rounds": 1, "low_card_farmers": [0, 3]}
    _, _, helps = playout(game_options, 5)
    assert {("play", False), ("play", True), ("open", False), ("farm", False), ("over", False)} <= set(helps)
    for (phase, _), (view, text) in helps.items():
        assert "herna rules ugo" in text
        assert "-5 per empty farmer place" in text and "bonus (C 1, D 3, E 5)" in text
        assert ("A card that wins the trick pays by its value (3, 4 or 5: 2 farmers; 6 or 7: 1 farmer; "
                "0 or 8: 0 farmers)") in text  # U-1.4; the 1s and 2s pay only when they lose
        assert ("Cards of value 1 or 2 pay only when they do not win the trick: 0 farmers if the card has the "
                "winning card's colour, 3 farmers otherwise") in text
        assert ("Your choices: " in text) == (phase != "over")
    assert "You lead" in helps[("play", False)][1]
    view, text = helps[("play", True)]
    assert f"{view['trick'][0].rstrip('0123456789')} was led" in text
    view, text = helps[("open", False)]
    assert all(colour in text for colour in view["waiting_colours"]) and "next empty field" in text
    assert "Free places: C " in helps[("farm", False)][1]
    assert "game is over" in helps[("over", False)][1]
    _, _, cs = playout(game_options, 5, "cs")
    for view, text in cs.values():
        assert "herna rules ugo --rulebook" in text and "pays" not in text
        assert "podle své hodnoty (3, 4 nebo 5: 2 farmáři; 6 nebo 7: 1 farmář; 0 nebo 8: 0 farmářů)" in text
        assert "Karty s hodnotou 1 nebo 2 přinášejí farmáře naopak jen tehdy, když štych nevezmou" in text
        assert " ani " not in text.split("Farmáře za kartu")[1]  # "1 or 2" is "1 nebo 2", not "1 ani 2"


def test_scores_if_the_round_ended_now_say_what_they_leave_out():
    state = herna.load("ugo", players=3, rounds=1).new_initial_state()
    rng = random.Random(3)
    while state.is_terminal() or state.view()["phase"] != "open":
        random_step(state, rng)
    text = text_of(ui.render(state.view(0), 0, "en"))
    assert "count only what is already on the fields, not yet the new colours waiting for a field" in text
    assert "ještě ne nové barvy" in text_of(ui.render(state.view(0), 0, "cs"))
    while state.view()["phase"] != "play":
        random_step(state, rng)
    if not state.view()["farmers_to_place"]:
        assert "count only" not in text_of(ui.render(state.view(0), 0, "en"))


# ----- the catalog ---------------------------------------------------------------------------

def used_messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every catalog call in the Ugo! package and its
    renderer; a plural call gives its singular; the colour names are looked
    up by variable, so they are added."""
    out = set()
    for path in SOURCES:
        for _, message, _, context in extract_from_file("python", str(path), keywords=KEYWORDS):
            out.add((context, message[0] if isinstance(message, tuple) else message))
    return out | {(ui.COLOUR_CONTEXT, colour) for colour in COLOURS}


def czech_catalog() -> dict[tuple[str | None, str], object]:
    out = {}
    for path in (ROOT / "herna" / "games" / "ugo" / "locale" / "cs.po", ROOT / "herna" / "core" / "locale" / "cs.po"):
        with path.open("rb") as fh:
            for message in read_po(fh, locale="cs"):
                if message.id:
                    key = message.id[0] if isinstance(message.id, tuple) else message.id
                    out[(message.context, key)] = message.string
    return out


def test_every_message_has_a_czech_translation():
    used = used_messages()
    assert len(used) > 90
    catalog = czech_catalog()
    missing = sorted(str(m) for m in used if not catalog.get(m) or not all(
        catalog[m] if isinstance(catalog[m], str) else catalog[m]))
    assert not missing, missing
    with (ROOT / "herna" / "games" / "ugo" / "locale" / "cs.po").open("rb") as fh:
        po = read_po(fh, locale="cs")
    core = (ROOT / "herna" / "core" / "locale" / "cs.po").read_text().split("msgid \"\"")[1].split("\n\n")[0]
    assert ("msgid \"\"" + core) in (ROOT / "herna" / "games" / "ugo" / "locale" / "cs.po").read_text()
    assert po.num_plurals == 3
    for message in po:  # fields of the translation are the fields of the English
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            fields = set(re.findall(r"\{(\w+)\}", " ".join(ids))) - {"n"}
            for string in strings:
                assert set(re.findall(r"\{(\w+)\}", string)) - {"n"} == fields, message.id


def test_czech_plurals_of_farmers():
    lines = [ui.describe_event({"kind": "farmers_paid", "seat": 0, "count": n, "unpaid": 0, "supply": 9}, None,
                               Style.make("cs"))[0] for n in (1, 2, 5)]
    assert lines == ["Hráč 1 dostává 1 farmáře (v zásobě zbývá 9).", "Hráč 1 dostává 2 farmáře (v zásobě zbývá 9).",
                     "Hráč 1 dostává 5 farmářů (v zásobě zbývá 9)."]


def test_refusals_are_said_to_the_player_in_czech():
    state = herna.load("ugo", players=2, rounds=1).new_initial_state()
    rng = random.Random(2)
    refusals = set()
    while not state.is_terminal() and len(refusals) < 3:
        player = state.current_player()
        if player >= 0:
            phase = state.view()["phase"]
            wrong = [a for a in range(53) if a not in state.legal_actions()]
            try:
                state.clone().apply_action(rng.choice(wrong))
            except IllegalActionError as error:
                cs = error.translated("cs")
                assert cs != str(error) and "you" in str(error).lower() and "legal" not in cs
                refusals.add(phase)
        random_step(state, rng)
    assert refusals


def english_words() -> set[str]:
    """Words of the English texts a Ugo! game at the terminal can print (the
    catalog ids and the generic CLI's English), less the words the Czech
    texts use too (field letters, rule ids, action words)."""
    generic = [m for entry in MESSAGES.values() for m in ((entry,) if isinstance(entry, str) else entry)]
    english = " ".join(m for _, m in used_messages()) + " " + " ".join(generic)
    czech = " ".join(s if isinstance(s, str) else " ".join(s) for s in czech_catalog().values()) + " " + " ".join(
        catalog_text("cs", m) for m in generic)
    english, czech = (re.sub(r"\{\w+\}", " ", words) for words in (english, czech))  # fields are no words
    words = set(re.findall(r"[A-Za-z]{2,}", english))
    allowed = set(re.findall(r"[A-Za-z]{2,}", czech)) | set(COLOURS) | set(LAND_NAMES) | {"greedy", "random"}
    return words - allowed


def test_a_czech_game_shows_no_english():
    """``herna play ugo --lang cs`` with standard input not a terminal: bots
    in every seat, the game printed move by move, in Czech throughout
    (action strings, card codes, seat kinds and names excepted). The two
    lines ``herna play`` prints before the game (herna/cli/commands/play.py) are left out."""
    english = english_words()
    for verbosity, ends in (("full", "Kolo 2 skončilo"), ("brief", "Kolo 2: ")):
        command = [sys.executable, "-c", "from herna.cli.main import main; main()", "play", "ugo", "--players", "3",
                   "--rounds", "2", "--seed", "5", "--lang", "cs", "--verbosity", verbosity]
        run = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=ROOT,
                             timeout=300)
        assert run.returncode == 0, run.stderr
        game = run.stdout.split("\n", 2)[2]
        assert ends in game and "Konečné součty" in game and "Konec hry" in game
        found = sorted(set(re.findall(r"[A-Za-z]{2,}", game)) & english)
        assert not found, found
    assert {"trick", "farmers", "field", "Round", "wins"} <= english  # the check has teeth
