"""herna/text: the words both screens share (issue 28 item 1, issue 24 items
1 and 4). Card and colour names declined in Czech from the catalogs' table;
brief lines (one per event that matters, a roll or a finished trick in one
line, a deal or round end in one line with your own result first, no
"does not reveal", no coop recaps) and full lines for every event of whole
games in both languages; the history's steps and jumps; the score sheet."""

from __future__ import annotations

import random

import pytest

import herna
from herna.core import catalog
from herna.core.conformance import random_step
from herna.games.trumfosaur.cards import SPECIES_NAMES
from herna.games.ugo.cards import COLOURS
from herna.text import Voice, brief_lines, event_lines, said
from herna.text.events import card_forms
from herna.text import kurnik as K
from herna.text import trumfosaur as T
from herna.text import ugo as U
from herna.text.declension import CASES, case_context, decline
from herna.text.history import History, score_sheet
from herna.text.spans import Line, Table, plain_lines
from ..games.kurnik.positions import table as kurnik_table

EN, CS = Voice.make("en"), Voice.make("cs")
OPTIONS = {"trumfosaur": {"players": 3, "target_score": 8, "master": True}, "ugo": {"players": 3, "rounds": 2},
           "kurnik": {"players": 3, "rough_thief": True, "dead_rooster": True}}


def finished(game: str, seed: int):
    """A whole random game (seeded: a failure names its seed)."""
    state = herna.load(game, **OPTIONS[game]).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        random_step(state, rng)
    return state


# ----- names, not codes; the Czech cases ------------------------------------------------------

def test_the_declension_table_has_every_name_in_every_case():
    """Issue 24 item 4: the catalogs hold each species, the trump and each colour in every case."""
    czech = catalog.translations("cs")
    for context, names in (("species", SPECIES_NAMES), ("card", ("trump",)), ("colour", COLOURS)):
        for name in names:
            forms = {case: czech.pgettext(case_context(context, case), name) for case in CASES}
            assert all(forms.values()) and len(set(forms.values())) > 1, forms  # Czech declines every name
            assert {decline("en", context, name, case) for case in CASES} == {name}  # English: the id itself
    assert [decline("cs", "species", "Špínosaurus", c) for c in CASES] == [
        "Špínosaurus", "Špínosaura", "Špínosaurovi", "Špínosaura", "Špínosaurem", "Špínosaurovi"]
    assert [decline("cs", "colour", "blue", c) for c in CASES] == ["modrá", "modré", "modré", "modrou", "modrou",
                                                                   "modré"]
    assert decline("cs", "card", "trump", "instrumental") == "trumfem"
    with pytest.raises(ValueError, match="unknown case 'vocative'"):
        decline("cs", "species", "Saxosaurus", "vocative")


def test_czech_sentences_put_names_in_their_case():
    """Issue 24: "přiznej Špínosaura", "hraje modrou 1" (not "přiznej Špínosaurus", "hraje modrá 1")."""
    help_cs = T.help_text({"phase": "play", "trick": ["SPI4"]}, "cs", legal=["play SPI2", "play TRUMF"])
    assert "přiznej Špínosaura" in help_cs and "Karty, které teď můžeš použít: Špínosaurus 2, trumf." in help_cs
    played = {"seq": 3, "kind": "card_played", "seat": 0, "card": "blue1"}
    assert U.describe_event(played, None, CS) == ["Hráč 1 hraje modrou 1."]
    assert U.brief_events([played], 0, CS) == [["Hraješ modrou 1."]]
    trick = [{"seq": 9, "kind": "card_played", "seat": 2, "card": "SAX2"},
             {"seq": 9, "kind": "trick_won", "seat": 1, "trick": 4, "cards": ["SAX9", "TRUMF", "SAX2"],
              "plays": [[0, "SAX9"], [1, "TRUMF"], [2, "SAX2"]]}]
    assert T.brief_events(trick, None, CS.make("cs", names=["Eva", "Tom", None])) == [
        [], ["Hráč 3 hraje Saxosaura 2; Tom bere štych trumfem."]]
    assert T.brief_events(trick, 1, EN.make("en", names=["Eva", "Tom", None])) == [
        [], ["Seat 3 plays Saxosaurus 2; you take the trick with trump."]]
    assert T.prompt_line({"phase": "play", "trick_number": 3, "trick": ["SPI4"], "hand": ["SPI9", "TRUMF"]}, 0, CS) \
        == "3. štych: přiznej Špínosaura."


def test_cards_are_named_in_every_line_and_menu():
    """Issue 24 item 4: names in the event lines, the tables and the menus; a code only where typed."""
    for game in ("trumfosaur", "ugo"):
        state = finished(game, 3)
        for lang in ("en", "cs"):
            voice = Voice.make(lang)
            words = " ".join(line for e in state.events(seat=0) for line in event_lines(game, e, 0, voice))
            words += " ".join(line for lines in brief_lines(game, state.events(seat=0), 0, voice) for line in lines)
            assert not set(words.split()) & {"SAX2", "BYZ10", "TRUMF", "red5", "grey0"}
    assert T.action_label("play SAX2", {}, EN) == "Saxosaurus 2" and U.action_label("play red5", {}, CS) == "červená 5"
    forms = card_forms("trumfosaur", "cs")
    assert forms["SPI4"][:2] == ["Špínosaurus 4", "Špínosaura 4"] and forms["TRUMF"][0] == "trumf"
    assert card_forms("ugo", "en")["red5"] == ["red 5"] and card_forms("kurnik", "cs") == {}


# ----- brief and full lines of whole games ---------------------------------------------------------

@pytest.mark.parametrize("game", sorted(OPTIONS))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_has_full_lines_and_brief_lines_at_most_one_each(game, seed):
    state = finished(game, seed)
    for viewer in (None, 0):
        events = state.events(seat=viewer)
        for voice in (EN, CS):
            items = said(game, events, viewer, voice)
            assert len(items) == len(events)
            for item in items:
                for line in item.brief + item.full:
                    assert line.strip() and "{" not in line and "}" not in line
                assert len(item.brief) <= 1 or item.kind in ("farmers_paid", "gift"), item  # one short line
            spoken = [item for item in items if item.brief]
            assert len(spoken) < len([item for item in items if item.full])  # brief says less
            assert max(len(line) for item in items for line in item.brief) <= 200


def test_brief_kurnik_says_one_line_per_roll_and_no_coop_recap():
    """Issue 24 item 1: "Eva rolls 6 and 3: a hen and an egg"; 55 % of the old lines were dice and coops."""
    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    state.apply_action("dice 6 3")
    events = state.events()
    voice = Voice.make("en", names=["Eva", "Tom"])
    assert [line for lines in K.brief_events(events, None, voice) for line in lines] == [
        "Eva rolls 6 and 3: a hen and an egg."]
    assert [line for lines in K.brief_events(events, 0, voice) for line in lines] == [
        "You roll 6 and 3: a hen and an egg."]
    assert len([line for e in events for line in K.describe_event(e, None, voice)]) == 4  # full: every die, the coop
    state.apply_action("dice 2 1")
    czech = K.brief_events(state.events(since=2), None, Voice.make("cs", names=["Eva", "Tom"]))
    assert [line for lines in czech for line in lines] == ["Tom hází 2 a 1: 2 vejce."]


def test_brief_kurnik_says_what_anothers_dice_paid_yours_in_full_and_your_announcement_as_yours():
    """Issue 24 item 1 ("your own result first", short lines of the others): another seat's die that paid
    nothing (K-5.3, K-7.3: no room) is left out of its roll's line, your own is said; K-4.5's announcement of
    your own in the second person."""
    roll = [{"seq": 5, "kind": "dice_rolled", "seat": 1, "dice": [6, 1]},
            {"seq": 5, "kind": "develop", "seat": 1, "die": 6, "card": "hen"},
            {"seq": 5, "kind": "gain_dropped", "seat": 1, "die": 1, "card": "egg", "reason": "no_place"}]
    voice = Voice.make("en", names=["Eva", "Tom"])

    def lines(events, viewer, v=voice):
        return [line for said in K.brief_events(events, viewer, v) for line in said]

    assert lines(roll, 0) == ["Tom rolls 6 and 1: a chick grows into a hen."]
    assert lines(roll, 1) == ["You roll 6 and 1: a chick grows into a hen and no room for an egg."]
    assert lines(roll[:1] + roll[2:], 0) == ["Tom rolls 6 and 1: nothing."]
    take = [{"seq": 7, "kind": "announced", "seat": 0, "choice": "take", "victim": None}]
    rob = [{"seq": 8, "kind": "announced", "seat": 1, "choice": "rob", "victim": 0}]
    assert lines(take, 0) == ["You announce: take the hens."] and lines(take, 1) == ["Eva announces: take the hens."]
    assert lines(rob, 0) == ["Tom announces: rob you."]
    czech = Voice.make("cs", names=["Eva", "Tom"])
    assert lines(take, 0, czech) == ["Bereš si slepice."] and lines(rob, 1, czech) == ["Okrádáš hráče 1 (Eva)."]
    # K-2.1: the start rolls are said, yours as yours
    start = [{"seq": 1, "kind": "start_roll", "seat": 0, "die": 2},
             {"seq": 2, "kind": "start_roll", "seat": 1, "die": 5}, {"seq": 2, "kind": "first_player", "seat": 1}]
    assert lines(start, 0) == ["You roll 2 for the start.", "Tom rolls 5 for the start.", "Tom starts."]
    assert lines(start, 0, czech)[0] == "Házíš o začátek: 2."
    full = [{"seq": 9, "kind": "take_limited", "seat": 0, "free": 0, "left": 2}]
    assert lines(full, 0) == ["You have no free place: no hen taken."]
    assert lines(full, 0, czech) == ["Nemáš volné místo: žádnou slepici nebereš."]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_brief_trumfosaur_has_no_reveal_lines_and_one_line_per_trick(seed):
    state = finished("trumfosaur", seed)
    events = state.events(seat=0)
    lines = [line for lines in T.brief_events(events, 0, EN) for line in lines]
    assert not [line for line in lines if "reveal" in line and "reveals" not in line and "reveal your" not in line]
    assert not [line for line in lines if "does not reveal" in line or "Nobody reveals" in line]
    tricks = [e for e in events if e["kind"] == "trick_won"]
    said_tricks = [line for line in lines if "takes the trick" in line or "take the trick" in line]
    assert len(said_tricks) == len(tricks)
    deals = [e for e in events if e["kind"] == "deal_scored"]
    ends = [line for line in lines if line.startswith("Deal ") and ": you: " in line]
    assert len(ends) == len(deals)  # one line per deal end, your own result first
    for event, line in zip(deals, ends):
        assert line.startswith(f"Deal {event['deal']}: you: {event['scores'][0]}, ")


def test_brief_ugo_round_end_is_one_line_of_scores_and_totals_own_first():
    state = finished("ugo", 4)
    events = state.events(seat=1)
    lines = [line for lines in U.brief_events(events, 1, EN) for line in lines]
    rounds = [e for e in events if e["kind"] == "round_scored"]
    assert [line for line in lines if line.startswith("Round 2: you: ") and "totals" in line] == [
        f"Round 2: you: {rounds[1]['scores'][1]}, Seat 1: {rounds[1]['scores'][0]}, Seat 3: {rounds[1]['scores'][2]}; "
        f"totals you: {rounds[1]['totals'][1]}, Seat 1: {rounds[1]['totals'][0]}, Seat 3: {rounds[1]['totals'][2]}."]
    assert not [line for line in lines if "Kingdom of" in line or "is over" in line]
    # where another placed a farmer is in the kingdoms' readout, not said briefly; the full lines keep it
    placed = [e for e in events if e["kind"] == "farmer_placed" and e["seat"] != 1]
    assert placed and not [line for line in lines if "places a farmer" in line]
    assert all(U.describe_event(e, 1, EN)[0].endswith(f"places a farmer on field {e['field']} "
                                                      f"({e['farmers']}/{e['places']}).") for e in placed)


# ----- the history, the score sheet ----------------------------------------------------------------

def test_history_steps_back_and_forward_and_jumps_to_the_start_of_a_trick_or_deal():
    state = finished("trumfosaur", 5)
    history = History(T.SECTIONS)
    history.extend(said("trumfosaur", state.events(seat=0), 0, EN))
    newest = history.current("brief")
    assert newest is not None and history.at_newest("brief")
    one_back = history.back("brief")
    assert one_back is not newest and history.forward("brief") is newest and history.forward("brief") is newest
    start = history.start_of("deal", "brief")
    assert start is not None and start.kind == "deal_started" and start.event["deal"] == state.view()["deal_number"]
    trick = history.start_of("trick", "full")
    assert trick is not None and trick.kind == "card_played"
    k, n = history.position("full")
    assert 1 <= k < n
    assert history.start_of("turn", "brief") is None  # Trumfosaur has no turns to jump to
    assert [item.kind for item in history.last(3, "full")] == [item.kind for item in history.items
                                                                if item.full][-3:]


def test_say_it_again_reads_every_event_of_the_action_in_full():
    state = finished("kurnik", 5)
    history = History(K.SECTIONS)
    history.extend(said("kurnik", state.events(seat=0), 0, EN))
    roll = next(item for item in history.items if item.kind == "dice_rolled" and item.brief)
    of_action = [item for item in history.items if item.seq == roll.seq]
    assert len(of_action) > 1  # a roll and what its dice paid
    assert history.whole(roll) == [line for item in of_action for line in (item.full or item.brief)]
    assert set(roll.full) <= set(history.whole(roll)) and roll.brief[0] not in history.whole(roll)


@pytest.mark.parametrize("game,unit", [("trumfosaur", "deal"), ("ugo", "round"), ("kurnik", "turn")])
def test_the_score_sheet_is_read_from_the_events(game, unit):
    state = finished(game, 6)
    module = herna.core.record(game).load("texts")
    sheet = score_sheet(module, state.events(), unit, state.num_players, state.period())
    assert sheet["unit"] == unit and sheet["rows"]
    assert sheet["totals"] == sheet["rows"][-1]["totals"]
    if game == "kurnik":  # K-1.4: one row at the end, the hens
        assert len(sheet["rows"]) == 1 and sheet["rows"][0]["period"] == state.period()
        assert sheet["totals"] == [coop["hens"] for coop in state.view()["coops"]]
    else:
        assert [row["period"] for row in sheet["rows"]] == list(range(1, len(sheet["rows"]) + 1))
        running = [0] * state.num_players
        for row in sheet["rows"]:
            running = [a + b for a, b in zip(running, row["scores"])]
            assert row["totals"] == running


# ----- lines, tables, plain words ---------------------------------------------------------------

def test_lines_keep_their_spans_and_tables_read_as_one_line_per_row():
    line = Line("Hand: ").append("Saxosaurus 2", "species-SAX").append(", ").append_text(Line("trump", "species-TRUMF"))
    assert line.plain == "Hand: Saxosaurus 2, trump"
    assert [(s.start, s.end, s.role) for s in line.spans] == [(6, 18, "species-SAX"), (20, 25, "species-TRUMF")]
    rows = [[Line("Seat 1"), Line("3"), Line("")], [Line("Seat 2"), Line("5"), Line("2")]]
    table = Table(["", "total", "last"], rows)
    assert plain_lines([table, "two\nlines"]) == ["Seat 1: total 3", "Seat 2: total 5, last 2", "two", "lines"]
    plain = Voice.make("cs", plain=True)
    assert plain.clean("a · b — c ⚅ 0.41–0.59 Δ x ± 1") == "a, b nic c 0.41 to 0.59 change in x plus or minus 1"
    assert Voice.make("en").clean("a · b") == "a · b"


@pytest.mark.parametrize("name", ["spans", "voice", "declension", "history", "kurnik"])
def test_the_modules_doctest_examples_run(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"herna.text.{name}"))
    assert result.attempted > 0 and result.failed == 0


def test_a_forced_roll_is_marked_automatic_on_its_dice_line():
    """Kurník's ``roll`` is said with its dice (the draw at the next seq):
    a human's only move, made for them, is marked there, in both verbosities
    (a blind player heard seven rolls of theirs with no mark)."""
    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()  # seat 0 to roll: its only move
    state.apply_action("dice 2 1")
    roll = next(e["seq"] for e in state.events() if e["kind"] == "roll")
    start = roll - 1
    items = said("kurnik", state.events(since=start), 0, EN, forced={roll})
    brief = [line for item in items for line in item.brief]
    full = [line for item in items for line in item.full]
    assert brief == ["You roll 2 and 1: 2 eggs. (automatic: the only legal move)"]
    assert sum("(automatic: the only legal move)" in line for line in full) == 1
    # not carried onto another seat's line, nor without the mark asked for
    assert not [line for item in said("kurnik", state.events(since=start), 0, EN) for line in item.brief
                if "automatic" in line]


def test_the_automatic_mark_follows_the_move_not_the_trick_it_ends():
    from herna.text.events import automatic

    assert automatic("You play Saxosaurus 4; Eva takes the trick with Saxosaurus 8.", "en") == (
        "You play Saxosaurus 4 (automatic: the only legal move); Eva takes the trick with Saxosaurus 8.")
    assert automatic("Hraješ Saxosaura 4.", "cs") == "Hraješ Saxosaura 4. (automaticky: jediný možný tah)"



def test_czech_names_the_colours_a_seat_does_not_follow_with_a_label_before_them():
    """The scores table's last column, read as "label value" in plain mode,
    is a noun phrase the colours follow in the nominative ("nepřiznané barvy
    žlutá"), not a verb that wants another case ("nepřizná barvu žlutá")."""
    label = catalog.text("cs", "shown void in")
    assert label == "nepřiznané barvy"


def test_kurnik_rob_all_is_one_line_of_what_each_returns_your_own_first():
    """K-4.5 rob all, briefly: one line for every robbed seat (a blind
    player heard a line per seat), your own first, in both languages."""
    state = kurnik_table(players=3, coops=[(0, 0, 1), (0, 0, 5), (0, 0, 2)])
    for action in ("dice 6 6", "rob all", "dice 5 1"):  # difference 4: seat 2 returns 4, seat 3 all 2
        state.apply_action(action)
    events = state.events()
    english = [line for lines in K.brief_events(events, 1, EN) for line in lines]
    assert "Back to the supply: 4 hens from you, 2 hens from Seat 3." in english
    assert not [line for line in english if "returns" in line]
    czech = [line for lines in K.brief_events(events, 1, Voice.make("cs")) for line in lines]
    assert "Zpět do zásoby: 4 slepice od tebe, 2 slepice od hráče 3." in czech


def test_kurnik_a_gift_to_a_full_coop_is_one_line():
    """K-4.2: a gift with no free place goes back to the supply, said in the gift's own line."""
    state = kurnik_table(players=2, coops=[(0, 0, 1), (9, 0, 0)])
    state.apply_action("dice 3 3")
    lines = [line for lines in K.brief_events(state.events(), 1, EN) for line in lines]
    assert [line for line in lines if "gives" in line or "full" in line] == [
        "Seat 1 gives a hen to you, but that coop is full: back to the supply."]
    czech = [line for lines in K.brief_events(state.events(), 1, Voice.make("cs")) for line in lines]
    assert "Hráč 1 dává slepici tobě, ale kurník je plný: zpět do zásoby." in czech


def test_the_automatic_mark_goes_on_the_first_line_said_of_the_action():
    """An action whose first event says nothing is marked on its next event
    that does (same seq); one with no line at all, on the draw that follows
    it for the same seat (seq + 1), and never on another seat's line."""
    from herna.text.events import Said, mark_automatic

    def item(seq, seat, line):
        lines = (line,) if line else ()
        return Said(seq, "x", lines, lines, {"seq": seq, "seat": seat})

    marked = mark_automatic([item(5, 0, ""), item(5, 0, "You play red 3."), item(6, 1, "Tom plays red 4.")], {5}, "en")
    assert [m.brief for m in marked] == [(), ("You play red 3. (automatic: the only legal move)",),
                                         ("Tom plays red 4.",)]
    marked = mark_automatic([item(5, 0, ""), item(6, 1, "Tom rolls 2 and 1.")], {5}, "en")
    assert marked[1].brief == ("Tom rolls 2 and 1.",)
    # a forced last farmer (no brief line of its own) ends the round: the scores are nobody's move
    scores = Said(5, "round_scored", ("Round 1: you: 9, Tom: 8.",), ("Round 1 is over.",), {"seq": 5, "round": 1})
    farmer = Said(5, "farmer_placed", (), ("You place a farmer on field C.",), {"seq": 5, "seat": 0})
    marked = mark_automatic([farmer, scores], {5}, "en")
    assert marked[1].brief == ("Round 1: you: 9, Tom: 8.",) and marked[1].full == ("Round 1 is over.",)
    assert marked[0].full == ("You place a farmer on field C. (automatic: the only legal move)",)


def test_a_voice_without_numbers_says_a_named_seat_by_its_name_alone():
    """The web app's words (its seat plates show names): "Eva", "Eva (you)"; a Czech case after a verb or
    preposition keeps "hráči 1 (Eva)" (a foreign name or a bot's is not declined, the word before it is); the
    terminal's keep the number an action types ("Eva (seat 1)")."""
    web = Voice.make("cs", names=["Eva", None], numbers=False)
    assert web.seat(0) == "Eva" and web.seat(0, viewer=0) == "Eva (ty)" and web.seat_case(0, "dat") == "hráči 1 (Eva)"
    assert web.seat(1) == "Hráč 2" and web.seat_case(1, "dat") == "hráči 2"
    assert Voice.make("en", names=["Eva"], numbers=False).seat_case(0, "dat") == "Eva"
    terminal = Voice.make("en", names=["Eva", None])
    assert terminal.seat(0) == "Eva (seat 1)" and terminal.seat(0, viewer=0) == "Eva (seat 1, you)"
