"""The terminal play loop (herna/cli/play.py, herna/cli/style.py): seats
numbered from 1 and named, saves with the table, prompt commands, a compact
status instead of the whole table after each move, the Trumfosaur exchange
prompt, plain mode for screen readers, no hot-seat leak of forced moves, user
text never read as markup, the new view keys; in English and Czech."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console

import herna
from herna.text import kurnik as K
from herna.text import trumfosaur as T
from herna.text import ugo as U
from herna.cli.play import chance_rng, has_private_view, play, step_events
from herna.cli.savefile import TABLE_KEY
from herna.cli.style import Style
from herna.core import CHANCE

from ..games.kurnik.positions import table as kurnik_table
from .prompts import Reader

SYMBOLS = re.compile("[—·→⚀⚁⚂⚃⚄⚅\u2500-\u257f]")


def console(width: int = 120) -> Console:
    return Console(width=width, color_system=None, record=True, file=io.StringIO())


# ----- 1. seats from 1, names -------------------------------------------------------------

def test_seats_are_numbered_from_one_and_players_named():
    out = console()
    play(herna.load("kurnik", players=3), ["random"] * 3, 4, "en", None, False, out, names=["Eva", None, "Bob"])
    text = out.export_text()
    assert "Seat 0" not in text and "Eva" in text and "Seat 2" in text and "Bob (seat 3)" in text
    st = Style.make("cs", names=["Eva", None])
    assert (st.seat(0), st.seat(1), st.seat(0, viewer=0), st.seat(1, label="greedy")) == (
        "Eva (hráč 1)", "Hráč 2", "Eva (hráč 1, ty)", "Hráč 2 (greedy)")
    assert st.seat_case(1, "dat") == "hráči 2" and st.seat_case(0, "gen") == "hráče 1 (Eva)"


def test_menu_says_in_words_which_seat_a_seat_action_names():
    """K-9.1: ``rob 1`` (the action string, 0-based) robs the player shown as Seat 2."""
    state = kurnik_table(players=3, coops=[(0, 0, 0), (0, 0, 2)], rough_thief=True)
    state.apply_action("dice 6 6")
    assert state.legal_action_strings() == ["take", "rob all", "rob 1", "rob 2"]
    out = console()
    play(state.game, ["human", "random", "random"], 1, "en", None, True, out, Reader(), state=state.clone(),
         names=[None, "Eva", None], verbosity="full")
    text = out.export_text()
    assert "3. rob Eva (seat 2) (rob 1)" in text and "4. rob Seat 3 (rob 2)" in text  # the words, then the string
    assert "Your move, Seat 1." in text
    out = console()
    play(state.game, ["human", "random", "random"], 1, "en", None, True, out, Reader(), state=state,
         names=[None, "Eva", None])
    assert "Double six: take the hens or rob? 1: take the hens; 2: rob everyone; 3: rob Eva (seat 2); 4: rob Seat 3" \
        in out.export_text()  # brief: the choices in one line
    cs = K.action_label("steal 2", state.view(0), Style.make("cs"))
    assert cs == "vzít slepici hráči 3"


# ----- 2. saving and resuming ---------------------------------------------------------------

def test_save_records_the_table_and_a_resumed_game_draws_new_chance(tmp_path):
    save = tmp_path / "g.json"
    game = herna.load("kurnik", players=2)
    play(game, ["human", "random"], 11, "en", save, True, console(), Reader(["1"] * 6), names=["Eva", None])
    data = json.loads(save.read_text())
    assert data[TABLE_KEY] == {"seats": ["human", "random"], "seed": 11, "names": ["Eva", None], "lang": "en",
                               "plain": False}
    done = len(data["history"])
    resumed = herna.from_json(data)
    play(game, ["random", "random"], 11, "en", save, False, console(), state=resumed)
    history = json.loads(save.read_text())["history"]
    assert history[:done] == data["history"]
    fresh = [a for a in history[:done] if a.startswith(("dice", "die"))][:4]
    after = [a for a in history[done:] if a.startswith(("dice", "die"))][:4]
    assert len(after) == 4 and after != fresh  # the chance stream does not start again
    assert chance_rng(11, 0).random() == random.Random(11).random()
    assert chance_rng(11, done).random() == random.Random(f"11:{done}").random() != random.Random(11).random()


# ----- 3. commands, compact status ----------------------------------------------------------

def test_commands_at_the_prompt_and_the_table_only_at_a_new_round():
    out = console()
    read = Reader(["hand", "scores", "last", "log", "help", "1", "1", "1", "last", "log", "table", "1", "1"])
    play(herna.load("ugo", players=2, rounds=1), ["human", "greedy"], 3, "en", None, True, out, read,
         verbosity="full")
    text = out.export_text()
    assert "Your hand: " in text and "if the round" in text and "No trick has been played yet." in text
    assert "The last things that happened:" in text and "Round 1: 10 cards are dealt" in text
    assert "table: the whole table" in text and "last: the last trick" in text
    assert "Last trick: Seat 1 (you) " in text
    # the whole table (every kingdom) at the round's start and on "table" only
    assert text.count("Kingdom of Seat 2") == 2
    assert text.count("Your kingdom: A ") >= 3  # the compact status at the other prompts
    assert "farmers left: " in text  # U-1.3


def test_czech_commands_and_status():
    out = console()
    play(herna.load("ugo", players=2, rounds=1), ["human", "greedy"], 3, "cs", None, True, out,
         Reader(["help", "log", "1", "1", "last"]), verbosity="full")
    text = out.export_text()
    assert "Příkazy:" in text and "stůl (table): celý stůl" in text and "Poslední události:" in text
    assert "Tvoje království: A " in text and "farmářů v zásobě: " in text and "Minulý štych: " in text


def test_a_resumed_game_keeps_its_log():
    """The log command after --resume tells what happened before the save."""
    state = herna.load("trumfosaur", players=2).new_initial_state()
    rng = random.Random(2)
    for _ in range(12):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    out = console()
    read = Reader(["log"], then="q", limit=3)
    play(state.game, ["human", "greedy"], 5, "cs", None, True, out, read, state=state.clone())
    text = out.export_text()
    assert "Zatím se nic nestalo." not in text
    assert "Poslední události:" in text


# ----- 4. the master exchange -----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "cs"])
def test_master_exchange_is_a_prompt_for_cards_and_says_what_was_drawn(lang):
    """T-8.1: lay out up to two cards; the drawn ones are shown to the drawer only."""
    out = console(width=400)
    read = Reader(["SAX2 SAX2 SAX2", "BYZ2", "sax2 vzt7"], then="1", limit=8)
    state = play(herna.load("trumfosaur", players=2, master=True), ["human", "greedy"], 5, lang, None, True, out, read)
    text = out.export_text()
    assert " 56." not in text and " 11." not in text.split("invite")[0]
    assert ("Cards to lay out" if lang == "en" else "Karty k odložení") in read.prompts[0]
    # a refusal says what was wrong with the cards typed
    too_many = "error: at most 2 cards: you typed 3 cards" if lang == "en" else "chyba: nejvýše 2 karty: zadané jsou 3"
    assert too_many in text
    assert ("error: you have no BYZ2" if lang == "en" else "chyba: kartu BYZ2 nemáš") in text
    names = {name: code for code, name in T.card_names(lang, "accusative").items()}
    drawn = re.search(r"(?:You draw|Dobíráš) ([^,]+), ([^.]+)\.", text)
    assert drawn, text
    codes = {names[name] for name in drawn.groups()}
    hand = state.view(0)["hand"] + [state.view(0)["invitation"]]
    assert state.view(0)["exchanged"][0] == ["SAX2", "VZT7"]
    assert codes <= set(hand) | set(state.view(0)["taken_cards"]) | set(state.view()["played"])
    laid = "You lay out Saxosaurus 2, Vztekosaurus 7." if lang == "en" else "Odkládáš Saxosaura 2, Vztekosaura 7."
    assert laid in text  # Czech: the accusative
    view = {"phase": "exchange"}
    assert T.parse_answer("", view) == T.parse_answer("none", view) == "exchange"
    assert T.parse_answer("SAX1 aqu2", view) == "exchange SAX1 aqu2"
    assert T.parse_answer("exchange SAX1", view) is None and T.parse_answer("play SAX1", view) is None


# ----- 5. plain mode ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,options", [("ugo", {"players": 3, "rounds": 1}),
                                          ("trumfosaur", {"players": 3, "master": True, "target_score": 8}),
                                          ("kurnik", {"players": 3, "rough_thief": True, "dead_rooster": True})])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_plain_mode_has_no_symbols_tables_or_long_lines(name, options, lang):
    """Issue 24 item 7: one logical line per row (a line longer than the
    terminal is not wrapped), no box drawing, dashes or die faces, no
    leading spaces, in both verbosities."""
    for verbosity in ("brief", "full"):
        out = console(width=60)
        read = Reader(["table", "hand", "scores", "last", "help", "log", "back", "again", "sheet"], then="1",
                      limit=60)
        play(herna.load(name, **options), ["human", "random", "random"], 2, lang, None, True, out, read,
             names=["Eva", None, None], plain=True, verbosity=verbosity)
        text = out.export_text()
        assert not SYMBOLS.findall(text)
        lines = text.splitlines()
        assert max(len(line) for line in lines) > 60  # not wrapped at the terminal's width
        assert not [line for line in lines if line.startswith(" ")]
        assert "Eva (" in text
        assert not re.search(r"\S {2,}\S", text)  # no columns lined up with spaces
    if name == "kurnik":
        assert not re.search(r"\b[HCESKV]{2,}\b", text)  # no glyph strip of the coop


def test_plain_tables_are_one_line_per_row():
    st = Style.make("en", plain=True)
    out = console()
    st.emit(out, st.table(["", "total", "last"], [["Seat 1", "3", ""], ["Seat 2", "5", "2"]]))
    assert out.export_text().splitlines() == ["Seat 1: total 3", "Seat 2: total 5, last 2"]
    assert Style.make("cs", plain=True).clean("a · b — c ⚅") == "a, b nic c"
    assert Style.make("en").clean("a · b") == "a · b"


# ----- 6. forced moves in hot-seat ----------------------------------------------------------------

def test_hidden_hands_are_told_apart_from_open_games():
    assert has_private_view(herna.load("ugo", players=2).new_initial_state(), 0)
    assert not has_private_view(herna.load("kurnik", players=2).new_initial_state(), 0)


def test_hot_seat_never_marks_a_hidden_hand_forced():
    """With two humans at one screen, a forced Ugo! move tells nothing; alone, the human is told."""
    game = herna.load("ugo", players=2, rounds=1)
    hot = console()
    play(game, ["human", "human"], 3, "en", None, True, hot, Reader(then="1"))
    assert "Game over" in hot.export_text() and "automatic" not in hot.export_text()
    alone = console()
    play(game, ["human", "greedy"], 3, "en", None, True, alone, Reader(then="1"))
    assert "(automatic: the only legal move)" in alone.export_text()


def test_hot_seat_marks_a_forced_move_in_an_open_game():
    """K-4.2 with two players: the gift has one receiver; everything is public, so saying so is harmless."""
    state = kurnik_table(players=2, coops=[(1, 0, 0)])
    before = state.clone()
    state.apply_action("dice 1 1")
    lines = step_events(state, before, None, "en", humans=[0, 1])
    assert "Seat 1 gives an egg to Seat 2. (automatic: the only legal move)" in lines


# ----- 7. markup --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["ugo", "kurnik"])
def test_typed_brackets_are_text_not_markup(name):
    out = console()
    play(herna.load(name, players=2), ["human", "greedy"], 3, "en", None, True, out,
         Reader(["[/]", "[bold]x", "[red]"]), names=["[b]Eva[/b]", None], verbosity="full")
    text = out.export_text()
    assert "'[/]'" in text and "[bold]x" in text and "'[red]'" in text and "[b]Eva[/b] (seat 1" in text
    assert "Game left." in text


# ----- 8. new view keys ---------------------------------------------------------------------------

def test_u_1_3_farmer_supply_in_the_table_and_the_status():
    state = herna.load("ugo", players=2).new_initial_state()
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    view = state.view(0)
    text = console()
    Style.make("en").emit(text, U.render(view, 0, "en"))
    Style.make("en").emit(text, U.status(view, 0, Style.make("en")))
    assert text.export_text().count(f"farmers left: {view['farmer_supply']}") == 2


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_t_6_1_deal_end_shows_every_invitation_and_how_it_scored(lang):
    """T-10.2: the finished deal's invitations are public; T-6.1 says how each score was made."""
    out = console(width=200)
    play(herna.load("trumfosaur", players=3, target_score=10), ["greedy"] * 3, 5, lang, None, False, out,
         verbosity="full")
    text = out.export_text()
    rows = re.findall(r"^(?:Seat|Hráč) \d: (?:invitation|pozvánka) ([^,]+), (?:body: )?(\d+)(?: points)? = 3"
                      r"(.*)$", text, re.M)
    assert len(rows) >= 3
    for invitation, score, made in rows:
        parts = [int(n) for n in re.findall(r"\+ (\d+) ", made)]
        assert 3 + sum(parts) == int(score)


def test_hot_seat_hands_the_device_to_a_player_whose_hidden_move_was_forced():
    """Two humans at one screen: a forced Ugo! move is not marked, and the device still goes to
    its player (who is told what was played), so a forced move looks like a choice to the others."""
    game = herna.load("ugo", players=2, rounds=1)
    reader = Reader(then="1")
    out = console()
    play(game, ["human", "human"], 3, "en", None, True, out, reader)
    text = out.export_text()
    assert "Game over" in text and "automatic" not in text
    forced = text.count("was made for you.")
    assert forced > 0
    # every forced move was preceded by a hand-over prompt to its player
    handovers = [p for p in reader.prompts if p.startswith("Pass the device")]
    choices = [p for p in reader.prompts if p.endswith("> ")]
    assert len(handovers) >= forced and choices



def test_menu_numbers_are_ascii_digits_and_long_answers_are_refused():
    """A bare non-ASCII digit is not a menu number (action strings take ASCII digits only), and a
    very long answer is refused in one line, not echoed back."""
    out = console()
    play(herna.load("ugo", players=2), ["human", "greedy"], 3, "en", None, True, out,
         Reader(["\u0661", "\uff13", "x" * 5000]))
    text = out.export_text()
    assert text.count("error: not allowed:") >= 2 and "error: that answer is too long" in text
    assert "x" * 300 not in text
    assert "Game left." in text


# ----- 9. the hot-seat recap; the history and the readouts (issue 24 items 2 and 7) ---------------------

def test_hot_seat_recap_says_your_own_invitation_and_the_table_shows_it():
    """T-10.2 hides an invitation from the others, not from its owner: after the device is handed back,
    the recap says it as yours and ``table`` shows it, marked hidden from the others."""
    out = console()
    read = Reader(["", "1", "", "1", "", "table", "1"], limit=12)
    play(herna.load("trumfosaur", players=2), ["human", "human"], 3, "en", None, True, out, read, names=["Eva", "Tom"],
         plain=True)
    text = out.export_text()
    assert text.count("Your invitation: Saxosaurus 5.") == 1 and "Your invitation: Saxosaurus 1." in text
    assert "Eva (seat 1, you): total 0, taken 0, invitation (pozvánka) Saxosaurus 5 (yours, hidden)" in text
    assert "Tom (seat 2, human): total 0, taken 0, invitation (pozvánka) hidden" in text


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_history_steps_back_and_forward_jumps_and_repeats_in_full(lang):
    """Issue 24 item 2: back, next, again (the whole entry), the start of the trick and of the deal, in both
    languages' words; each entry said with its place."""
    words = {"en": ["back", "back", "next", "again", "trick", "deal", "sheet", "full", "back", "brief"],
             "cs": ["zpět", "zpět", "dál", "znovu", "štych", "partie", "zápis", "podrobně", "zpět", "stručně"]}[lang]
    out = console(width=300)
    read = Reader(["1"] * 4 + words, then="q", limit=4 + len(words))
    play(herna.load("trumfosaur", players=3, target_score=2), ["human", "greedy", "greedy"], 4, lang, None, True, out,
         read, plain=True)
    text = out.export_text()
    places = re.findall(r"^(\d+)/(\d+): (.*)$", text, re.M)
    assert len(places) >= 7
    first, second, forward = places[0], places[1], places[2]
    assert int(second[0]) == int(first[0]) - 1 and forward[0] == first[0] and first[1] == second[1]
    again = places[3]
    assert again[0] == first[0]
    trick, deal = places[4], places[5]
    assert re.match(r"(?:Seat|Hráč) \d plays|(?:Seat|Hráč) \d hraje|You play|Hraješ", trick[2]), trick
    assert deal[2] in ("Deal 1 begins.", "Začíná partie 1.")
    full = places[6]  # after "full": the same history in full detail
    assert int(full[1]) > int(first[1])
    assert ("From now on: in full detail." if lang == "en" else "Od teď: podrobně.") in text
    assert ("Nothing has been scored yet." if lang == "en" else "Zatím se nic nebodovalo.") in text


def test_again_repeats_a_roll_in_full_with_what_each_die_paid():
    """``again`` repeats the whole entry in full: a Kurník roll with what each
    die paid and the coop after it, not only "Seat 1 (you) rolls 6 and 2." (a
    blind player found it said less than the brief line). Seeded: at the first
    prompt, one step back is the human's own roll."""
    out = console(width=300)
    play(herna.load("kurnik", players=2), ["human", "greedy"], 1, "en", None, True, out,
         Reader(["back", "again"], then="q", limit=3), plain=True)
    text = out.export_text()
    places = re.findall(r"^(\d+)/(\d+): (.*)$", text, re.M)
    assert places[-1][2] == "Seat 1 (you) rolls 6 and 2."
    after = text.rsplit(f"{places[-1][0]}/{places[-1][1]}: ", 1)[1].splitlines()  # the last: again's
    assert after[1:4] == ["The 6 pays a hen.", "The 2 pays an egg.",
                          "Seat 1 (you) now has 1 hen, 2 chicks, 3 eggs, 3 free places."]


@pytest.mark.parametrize("name,command,expected", [
    ("ugo", "kingdom", "Your kingdom: A "), ("ugo", "království", "Tvoje království: A "),
    ("kurnik", "coops", "Seat 2: "), ("kurnik", "kurníky", "Hráč 2: "),
])
def test_each_game_s_own_readouts(name, command, expected):
    lang = "cs" if command in ("království", "kurníky") else "en"
    out = console(width=300)
    play(herna.load(name, players=3, **({"rounds": 1} if name == "ugo" else {})), ["human", "greedy", "greedy"], 5,
         lang, None, True, out, Reader([command, "help"], then="q", limit=3), plain=True)
    text = out.export_text()
    assert expected in text
    assert re.search(rf"^{command}(?: \([^)]*\))?: ", text, re.M)  # help lists it (in Czech the English beside)


def test_a_game_without_a_readout_does_not_take_its_word():
    """``kingdom`` is Ugo!'s: in Trumfosaur it is no command (it is read as an action and refused)."""
    out = console(width=300)
    play(herna.load("trumfosaur", players=2), ["human", "greedy"], 5, "en", None, True, out,
         Reader(["kingdom", "coops"], then="q", limit=3), plain=True)
    text = out.export_text()
    assert text.count("error: not allowed: ") == 2
