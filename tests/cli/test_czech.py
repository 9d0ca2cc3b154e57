"""Issue 10: a terminal game of each title in ``--lang cs`` shows no English
words except action strings and card codes (herna/cli/i18n.py, play.py, the
renderers herna/cli/games/*.py and the catalogs). A human plays each title
at the prompt, with commands, wrong answers and refusals, and the whole
transcript is checked against the English words of the catalogs; the
particular fixes are pinned one by one (the start line, the command words,
refusals without chance outcomes or English placeholders, Czech grammar,
the Trumfosaur header, replay hands)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import herna
from herna.text import kurnik as K
from herna.text import trumfosaur as T
from herna.text import ugo as U
from herna.cli.i18n import MESSAGES, command_names, command_word, seat_kind, winners
from herna.cli.main import app
from herna.cli.play import play, step_events
from herna.cli.style import Style
from herna.core import IllegalActionError
from herna.core.catalog import text

from ..games.kurnik.positions import table as kurnik_table
from .prompts import english_words, first_choices

GAMES = {
    "kurnik": (dict(players=3), ["human", "greedy", "random"]),
    "ugo": (dict(players=3, rounds=1), ["human", "greedy", "greedy"]),
    "trumfosaur": (dict(players=3, target_score=6), ["human", "greedy", "random"]),
}
WRONG = ["xyz", "rob 7", "rob 1", "dice 3 4", "deal red5", "play SAX99", "invite TRUMF", "farm Z", "open pink",
         "99", "", "?"]
"""Wrong answers tried at a human's first prompt (each game refuses most of them)."""
COMMAND_ANSWERS = ["pomoc", "help", "ruka", "stůl", "body", "záznam", "minulý", "hand", "last", "scores", "log"]


def console() -> Console:
    return Console(width=100, color_system=None, record=True, file=io.StringIO())


def czech_game(game: str) -> str:
    """A whole game at the prompt in Czech: a human tries every wrong answer
    and every command, then always takes the first choice."""
    options, seats = GAMES[game]
    out = console()
    play(herna.load(game, **options), seats, 7, "cs", None, True, out, first_choices(WRONG + COMMAND_ANSWERS))
    return out.export_text()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_czech_game_at_the_prompt_shows_no_english(game):
    said = czech_game(game)
    english = english_words(game)
    assert {"the", "your", "you", "Seat"} <= english  # the check has teeth
    found = sorted(set(re.findall(r"[A-Za-z]{2,}", said)) & english)
    assert not found, found
    for word in ("greedy", "random", "human", "SEAT", "CARD", "Winner", "Your"):
        assert word not in said, word
    assert "chyba: nelze: " in said and "Konec hry. Vítěz" in said
    assert "ruka (hand): " in said and "konec (quit, q): " in said  # the Czech command words, English beside


@pytest.mark.parametrize("game", sorted(GAMES))
def test_czech_refusals_list_no_chance_outcome_and_say_how_to_see_the_menu(game):
    options, seats = GAMES[game]
    out = console()
    play(herna.load(game, **options), seats, 7, "cs", None, True, out, first_choices(["xyz", "dice 3 4", "deal red5"],
                                                                              limit=3))
    said = out.export_text()
    refusals = [line for line in said.splitlines() if line.startswith("chyba: nelze: ")]
    assert refusals
    assert not re.search(r"\b(?:dice|die|deal|draw) [A-Z]", said)  # no chance form (dice N N, deal red5)
    assert "pro náhodu" not in said and "SEAT" not in said and "CARD" not in said
    assert "Zvol číslo 1-" in said and "(Enter ji ukáže znovu, ? vysvětlí možnosti)." in said


def test_the_start_line_names_the_game_and_the_seats_in_czech():
    result = CliRunner().invoke(app, ["play", "kurnik", "--lang", "cs", "--players", "3", "--seed", "2",
                                      "--seats", "human,random,greedy", "--names", "Eva,,"], input="")
    assert result.exit_code == 0, result.output
    start = result.output.splitlines()[1]
    assert start == ("herna · Plný kurník – Ukradené slepice · hráči: Eva (jednoduchý bot), náhodný bot, "
                     "jednoduchý bot · semínko 2")  # the human seat is played by a bot: standard input is no terminal
    assert "(jednoduchý bot)" in result.output and "greedy" not in result.output and "random" not in result.output
    english = CliRunner().invoke(app, ["play", "ugo", "--players", "2", "--rounds", "1", "--seed", "2",
                                       "--verbosity", "full"], input="")
    assert "herna · Ugo! · seats: greedy, greedy · seed 2" in english.output
    assert "Seat 2 (greedy)" in english.output
    assert [seat_kind(spec, "cs") for spec in ("human", "greedy", "random", "ismcts:0.2s", "mystery")] == [
        "člověk", "jednoduchý bot", "náhodný bot", "bot ISMCTS (ismcts:0.2s)", "mystery"]
    assert seat_kind("ismcts:0.2s", "en") == "ismcts:0.2s"


def test_help_names_the_czech_commands_in_each_game_s_own_words():
    said = {}
    for game in GAMES:
        options, seats = GAMES[game]
        out = console()
        play(herna.load(game, **options), seats, 7, "cs", None, True, out, first_choices(["pomoc"], limit=2))
        said[game] = out.export_text()
    assert "ruka (hand): tvůj kurník" in said["kurnik"] and "minulý (last): poslední hod" in said["kurnik"]
    assert "ruka (hand): tvoje karty" in said["ugo"] and "minulý (last): minulý štych" in said["ugo"]
    assert "ruka (hand): tvoje pozvánka, karty v ruce a získané karty" in said["trumfosaur"]
    for game in GAMES:
        assert "kurník" not in said[game].split("Příkazy:")[1].split("body (scores)")[0] or game == "kurnik"
        assert "pomoc (help, ?): " in said[game] and "stůl (table): celý stůl" in said[game]
    assert [command_word(word) for word in ("ruka", "KARTY", "stůl", "body", "záznam", "minulý", "pomoc", "?",
                                            "konec", "q", "hand", "play")] == [
        "hand", "hand", "table", "scores", "log", "last", "help", "help", "quit", "quit", "hand", None]
    # a leading slash, as in the web's chat box (a blind player's first try was /help)
    assert [command_word(word) for word in ("/help", "/pomoc", "/ruka", "/play", "//help")] == [
        "help", "help", "hand", None, None]
    assert command_names("help", "en") == "help (?)" and command_names("hand", "cs") == "ruka (hand)"


def test_english_help_stays_english():
    out = console()
    options, seats = GAMES["kurnik"]
    play(herna.load("kurnik", **options), seats, 7, "en", None, True, out, first_choices(["help", "xyz"], limit=3))
    said = out.export_text()
    assert "hand: your coop" in said and "last: the last roll" in said and "quit (q): leave the game" in said
    assert "a player's actions are: roll" in said and "rob SEAT" in said and "dice N N" not in said
    assert "Choose a number 1-" in said and "(Enter shows it again, ? explains the choices)." in said
    assert "ruka" not in said


def test_winner_and_winners():
    assert winners("cs", ["Hráč 2"]) == "Vítěz: Hráč 2"
    assert winners("cs", ["Hráč 1", "Hráč 3"]) == "Vítězové: Hráč 1, Hráč 3"
    assert winners("en", ["Seat 2"]) == "Winner: Seat 2" and winners("en", ["A", "B"]) == "Winners: A, B"
    assert "winners" not in MESSAGES  # no "Winner(s)" any more


def test_kurnik_double_six_is_said_in_natural_czech():
    """K-4.5: the 6-6 roller announces what the re-roll does."""
    state = kurnik_table(players=3, coops=[(0, 0, 0), (0, 0, 2)], seat=1)
    before = state.clone()  # an empty coop can only roll: the roll was made, the dice are to come
    state._checked_do(state.string_to_action("dice 6 6"))
    cs = step_events(state, before, None, "cs")
    assert cs == ["Hráč 2 hází 6 a 6 (dvě šestky): vezme si slepice, nebo okrade všechny? Pak hází znovu a "
                  "platí rozdíl toho hodu."]
    assert K.phase_words(state.view(), "cs").startswith("dvě šestky: Hráč 2 oznamuje")
    before = state.clone()
    state._checked_do(state.string_to_action("take"))
    assert step_events(state, before, None, "cs") == ["Hráč 2 si bere slepice."]
    assert step_events(state, before, None, "en") == ["Seat 2 announces: take the hens."]
    assert K.phase_words(state.view(), "cs") == "Hráč 2 hází znovu a vezme si slepice"
    assert K.phase_words(state.view(), "en") == "Seat 2 rolls again to take the hens"
    rough = kurnik_table(players=3, coops=[(0, 0, 0), (0, 0, 2)], seat=0, rough_thief=True)
    rough._checked_do(rough.string_to_action("dice 6 6"))
    before = rough.clone()
    rough._checked_do(rough.string_to_action("rob 1"))
    assert step_events(rough, before, None, "cs") == ["Hráč 1 okrádá hráče 2."]
    assert K.phase_words(rough.view(0), "cs") == "Hráč 1 (ty) hází znovu a okrade hráče 2"
    menu = {a: K.action_label(a, rough.view(0), Style.make("cs")) for a in ("take", "rob all", "roll", "pass")}
    assert menu == {"take": "vzít si slepice", "rob all": "okrást všechny", "roll": "hodit kostkami",
                    "pass": "vynechat hod: karanténa"}
    assert K.action_label("take", rough.view(0), Style.make("en")) == "take the hens"  # words in every language


def test_trumfosaur_header_says_where_the_deal_is():
    """T-5.2: the reveal window comes after a trick and before the next; no trick 0/10 before the first."""
    view = {"phase": "reveal", "trick_number": 3, "deal_number": 1, "target_score": 36}
    assert T.trick_words(view, "en") == "after trick 2/10"
    assert T.trick_words(view, "cs") == "po štychu 2/10"
    assert T.header(view, Style.make("cs")).plain == "Partie 1 · po štychu 2/10 · cíl 36 · teď: " + text(
        "cs", "reveal window")
    view.update(phase="play")
    assert T.trick_words(view, "cs") == "štych 3/10" and T.trick_words(view, "en") == "trick 3/10"
    view.update(current_player=1, seat=0)  # whose move it is, which "now: playing" did not say
    assert T.header(view, Style.make("cs")).plain.endswith(" · na tahu: Hráč 2")
    assert T.header(view, Style.make("en")).plain.endswith(" · to move: Seat 2")
    view.update(current_player=0)
    assert T.header(view, Style.make("en")).plain.endswith(" · to move: Seat 1 (you)")
    view.update(phase="invite", trick_number=0)
    assert T.trick_words(view, "en") is None and "0/10" not in T.header(view, Style.make("en")).plain


def test_trumfosaur_refusals_use_czech_placeholders():
    state = herna.load("trumfosaur", players=3).new_initial_state()
    with pytest.raises(IllegalActionError) as info:
        state.string_to_action("dance")
    cs = info.value.translated("cs")
    assert "play KARTA, invite KARTA, exchange [KARTA [KARTA]], reveal, pass" in cs and "CARD" not in cs
    assert "CARD" in str(info.value)
    window = text("cs", "{action} is not allowed now: you must reveal your invitation or pass (T-5.2)",
                  action="'play SAX1'")
    assert "nech skrytou (pass)" in window and "nebo pass" not in window


def test_ugo_header_while_farmers_are_placed_names_the_trick_just_won():
    """U-2.5: colours are ordered and farmers placed after a trick, before the next one."""
    view = {"phase": "farm", "trick_number": 3, "hand_sizes": [8, 8, 8]}
    assert U.trick_words(view, "en") == "after trick 2/10" and U.trick_words(view, "cs") == "po štychu 2/10"
    view.update(hand_sizes=[0, 0, 0], trick_number=10)
    assert U.trick_words(view, "cs") == "po štychu 10/10"
    view.update(phase="play", hand_sizes=[8, 7, 7], trick_number=3)
    assert U.trick_words(view, "cs") == "štych 3/10"
