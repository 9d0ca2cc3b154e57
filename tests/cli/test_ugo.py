"""Ugo! terminal rendering (herna/cli/games/ugo.py): every kingdom's fields,
top cards, farmers and scores in words, and sentences in English and Czech."""

from __future__ import annotations

import random
import re

from rich.console import Console

import herna
from herna.cli.games import ugo as ui
from herna.core import CHANCE
from herna.core.conformance import random_step


def text_of(renderable) -> str:
    console = Console(width=140, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def events(state, seed: int, lang: str) -> list[str]:
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        before = state.clone()
        random_step(state, rng)
        walker = before.clone()
        for action in state.history()[len(before.history()):]:
            actor = walker.current_player()
            token = walker.observe_action(None, action)
            view_before = walker.view()
            walker._do(action)
            out += ui.describe(view_before, token, "chance" if actor == CHANCE else actor, walker.view(), lang)
    return out


def test_render_shows_every_kingdom_in_words():
    state = herna.load("ugo", players=3, rounds=1).new_initial_state()
    rng = random.Random(4)
    for _ in range(60):
        random_step(state, rng)
    view = state.view(1)
    text = text_of(ui.render(view, 1, "en"))
    assert "Your hand" in text and all(card in text for card in view["hand"])
    assert text.count("Kingdom of") == 3
    for kingdom in view["kingdoms"]:
        for field in kingdom:
            assert f"{field['farmers']}/{field['places']}" in text
            if field["colour"]:
                assert field["colour"] in text and field["top_card"] in text
    cs = text_of(ui.render(view, 1, "cs"))
    assert "Království" in cs and "Tvoje karty" in cs
    spectator = text_of(ui.render(state.view(), None, "en"))
    assert "Your hand" not in spectator
    final = state.clone()
    while not final.is_terminal():
        random_step(final, rng)
    assert "game over" in text_of(ui.render(final.view(), None, "en"))


def test_describe_in_english_and_czech():
    game = herna.load("ugo", players=4, rounds=2)
    en = events(game.new_initial_state(), 7, "en")
    cs = events(game.new_initial_state(), 7, "cs")
    assert len(en) == len(cs) > 80
    assert any("wins the trick" in line for line in en)
    assert any("Farmers paid" in line or "No farmers" in line for line in en)
    assert any("places a farmer on field" in line for line in en)
    assert any("opens field" in line for line in en)
    assert sum("ends. Round scores" in line for line in en) == 2
    assert any("bere štych" in line for line in cs) and any("končí" in line for line in cs)
    assert all(isinstance(line, str) and line for line in en + cs)


def playout(game, seed: int, lang: str = "en", seat=None):
    """A random game: (every describe sentence, every non-None milestone, one
    help text per phase seen by the seat to act)."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    lines, summaries, helps = [], [], {}
    while not state.is_terminal():
        before = state.clone()
        view_before = state.view(seat)
        random_step(state, rng)
        walker = before.clone()
        for action in state.history()[len(before.history()):]:
            actor = walker.current_player()
            token = walker.observe_action(None, action)
            view = walker.view()
            walker._do(action)
            lines += ui.describe(view, token, "chance" if actor == CHANCE else actor, walker.view(), lang)
        summary = ui.milestone(view_before, state.view(seat), seat, lang)
        if summary is not None:
            summaries.append((state.view(), text_of(summary)))
        player = state.current_player()
        if player != CHANCE and not state.is_terminal():
            view = state.view(player)
            key = (view["phase"], bool(view["trick"]))
            helps.setdefault(key, (view, ui.help_text(view, lang)))
    helps[("over", False)] = (state.view(), ui.help_text(state.view(), lang))
    return lines, summaries, helps


CARD = re.compile(r"\b(?:red|green|blue|yellow|grey)\d\b")


def test_every_card_that_reaches_a_field_is_logged():
    game = herna.load("ugo", players=4, rounds=2)
    lines, _, _ = playout(game, 7)
    stacked = [line for line in lines if " onto field " in line]
    assert stacked
    for line in stacked:
        assert re.fullmatch(r"(\w+\d)( \w+\d)* (goes|go) onto field [A-E] of Seat \d "
                            r"\(top card now \w+\d, was \w+\d\)\.", line), line
        if " goes onto " in line:  # a single card is the new top card
            card = line.split()[0]
            assert f"(top card now {card}," in line
    placed_per_round: list[list[str]] = []
    for line in lines:
        if line.startswith("Round ") and "cards are dealt" in line:
            placed_per_round.append([])
        elif " onto field " in line or " opens field " in line:
            placed_per_round[-1] += CARD.findall(line.split(" (")[0])
    # every card of every trick is logged exactly once as it reaches a field
    assert [len(cards) for cards in placed_per_round] == [40, 40]
    assert all(len(set(cards)) == 40 for cards in placed_per_round)
    cs, _, _ = playout(game, 7, "cs")
    assert sum("přibývá" in line for line in cs) == sum(" goes onto " in line for line in lines)


def test_milestone_after_each_round_shows_kingdoms_and_why_each_field_scores():
    game = herna.load("ugo", players=3, rounds=3)
    _, summaries, _ = playout(game, 11, seat=None)
    assert len(summaries) == 3
    for number, (view, text) in enumerate(summaries, start=1):
        assert f"Round {number} of 3" in text
        assert text.count("Kingdom of") == 3
        for s in range(3):
            assert f"Kingdom of Seat {s + 1}: {view['round_scores'][s]} points" in text
            for field in view["kingdoms"][s]:
                line = ui.field_line(field, "en")
                assert line.replace(" ", "") in text.replace(" ", "").replace("\n", "")
        assert f"Round {number} scores: " + ", ".join(
            f"Seat {s + 1} {v}" for s, v in enumerate(view["round_scores"])) in text
        totals = ", ".join(f"Seat {s + 1} {v}" for s, v in enumerate(view["scores"]))
        assert (f"Final totals: {totals}" if number == 3 else f"Totals after round {number}: {totals}") in text
    field = {"field": "D", "colour": "blue", "top": 8, "top_card": "blue8", "cards": ["blue3", "blue8"],
             "farmers": 1, "places": 3, "score": -10}
    assert ui.field_line(field) == "D, blue, 1/3 farmers, top card blue8: scores -10 (2 empty places at -5 each)"
    assert ui.field_line(field, "cs") == ("D, modrá, farmáři 1/3, vrchní karta blue8, body: -10 "
                                          "(2 prázdná místa, každé -5)")
    full = dict(field, farmers=3, score=8)
    assert ui.field_line(full).endswith("scores +8 (fully farmed with cards: the top card's value)")
    bonus = dict(field, colour=None, top=None, top_card=None, cards=[], farmers=3, score=3)
    assert ui.field_line(bonus) == "D, empty, 3/3 farmers (full): scores +3 (fully farmed and empty: bonus 3)"
    _, cs, _ = playout(game, 11, "cs", seat=1)
    assert len(cs) == 3 and "Království: Hráč 2 (ty), body:" in cs[0][1] and "Konečné součty" in cs[2][1]


def test_milestone_is_printed_by_the_play_loop_between_rounds():
    from herna.cli.play import play

    console = Console(width=140, color_system=None, record=True)
    play(herna.load("ugo", players=2, rounds=2), ["random", "random"], 3, "en", None, False, console)
    text = console.export_text()
    assert "Round 1 of 2 is over" in text and "Round 2 of 2, the last one, is over" in text
    assert text.count("Kingdom of Seat 1:") == 2 and "Final totals" in text


def test_the_order_of_new_colours_is_reported_as_chosen():
    game = herna.load("ugo", players=4, rounds=2)
    lines, _, _ = playout(game, 7)
    assert not any("chooses the order" in line for line in lines)
    asks = [i for i, line in enumerate(lines) if "must choose the order of the new colours" in line]
    assert asks
    for i in asks:
        who = lines[i].split(" must ")[0]
        waiting = lines[i].split(": ")[1].split(" (")[0].split(", ")
        opens = []
        j = i + 1
        while " opens field " in lines[j]:
            assert lines[j].startswith(who)
            opens.append(re.match(r".* opens field ([A-E]) with (\w+):", lines[j]).groups())
            j += 1
        assert sorted(colour for _, colour in opens) == sorted(waiting) and len(opens) > 1
        chosen = ", ".join(f"{colour} on field {field}" for field, colour in opens)
        assert lines[j] == f"{who} has chosen the order of the new colours: {chosen}."


def test_farmers_lost_are_reported_after_the_ones_placed():
    lines, _, _ = playout(herna.load("ugo", players=4, rounds=4), 9)
    more = [i for i, line in enumerate(lines) if "more farmer(s) lost" in line]
    assert more
    for i in more:
        who = lines[i].split(" has ")[0]
        assert lines[i - 1].startswith(f"{who} places a farmer on field")
    for i, line in enumerate(lines):
        if "has no free farmer place:" in line:  # none placed: told with the payout
            assert any(lines[k].startswith("Farmers paid") for k in range(max(0, i - 4), i))


def test_help_text_explains_the_decision_scoring_and_payouts():
    game = herna.load("ugo", players=3, rounds=1, low_card_farmers=[0, 3])
    _, _, helps = playout(game, 5)
    assert {("play", False), ("play", True), ("open", False), ("farm", False), ("over", False)} <= set(helps)
    for (phase, _), (view, text) in helps.items():
        assert "herna rules ugo" in text
        assert "-5 per empty farmer place" in text and "bonus (C 1, D 3, E 5)" in text
        assert "when it wins the trick: 0 pays 0, 1 pays 0, 2 pays 0, 3 pays 2, 4 pays 2, 5 pays 2, 6 pays 1, 7 pays 1, 8 pays 0" in text
        assert "0 if it has the winning card's colour, 3 otherwise" in text
    assert "You lead" in helps[("play", False)][1]
    view, text = helps[("play", True)]
    assert f"{view['trick'][0].rstrip('0123456789')} was led" in text
    view, text = helps[("open", False)]
    assert all(colour in text for colour in view["waiting_colours"]) and "next empty field" in text
    assert "Free places: C " in helps[("farm", False)][1]
    assert "game is over" in helps[("over", False)][1]
    _, _, cs = playout(game, 5, "cs")
    for view, text in cs.values():
        assert "herna rules ugo --lang cs" in text and "když bere štych: 0 dává 0" in text and "pays" not in text


def test_scores_if_the_round_ended_now_say_what_they_leave_out():
    game = herna.load("ugo", players=3, rounds=1)
    state = game.new_initial_state()
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
