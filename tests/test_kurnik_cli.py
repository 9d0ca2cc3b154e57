"""Kurník at the terminal: render and describe in English and Czech, as words a
screen reader can read (K-4.4 bird flu, K-4.2 gifts, K-1.4 the win)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import herna
from herna.cli.games import kurnik as K
from herna.core import CHANCE


def text_of(renderable) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_render_and_describe_a_whole_game(lang):
    game = herna.load("kurnik", players=4, rough_thief=True, dead_rooster=True)
    state, rng = game.new_initial_state(), random.Random(7)
    while not state.is_terminal():
        before, actor = state.view(), state.current_player()
        action = state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions())
        token = state.action_to_string(action)
        state.apply_action(action)
        lines = K.describe(before, token, "chance" if actor == CHANCE else actor, state.view(), lang)
        assert isinstance(lines, list) and all(isinstance(line, str) and line for line in lines)
        if token != "roll":
            assert lines, token
        text_of(K.render(state.view(1), 1, lang, ["human", "greedy", "random", "random"]))
    final = text_of(K.render(state.view(), None, lang))
    assert ("WINNER" if lang == "en" else "VÍTĚZ") in final
    assert any(("wins" if lang == "en" else "vítězí") in line for line in lines)


def test_render_shows_places_counts_supply_and_quarantine():
    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    for action in ("dice 6 5", "dice 3 1", "dice 5 5", "die 2"):
        state.apply_action(action)
    text = text_of(K.render(state.view(), None, "en"))
    assert "HC·······" in text and "1 hen, 1 chick, 0 eggs, 7 free places" in text
    assert "Supply: 35 hens, 35 chicks, 34 eggs" in text
    assert "In quarantine (no roll in the next turn): Seat 0" in text
    assert "5 and 5" in text and "extra die 2" in text
    text = text_of(K.render(state.view(), None, "cs"))
    assert "SK·······" in text and "1 slepice, 1 kuře, 0 vajec, 7 volných míst" in text


def test_describe_bird_flu_and_gift():
    state = herna.load("kurnik", players=3, first_player=0).new_initial_state()
    steps = []
    for action in ("dice 5 4", "dice 2 1", "dice 3 1", "dice 5 5", "die 4"):
        before = state.view()
        state.apply_action(action)
        steps.append(K.describe(before, action, "chance", state.view(), "en"))
    assert steps[3] == ["Double five, bird flu: Seat 0 rolls one more die."]
    assert steps[4][0] == "Bird-flu die 4: Seat 0 loses all chicks."
    assert steps[4][1].startswith("Seat 0 loses 2 chicks (now 0 hens, 0 chicks, 0 eggs")
    state.apply_action("dice 1 1")  # seat 1 must give an egg
    before = state.view()
    state.apply_action("give 2")
    lines = K.describe(before, "give 2", 1, state.view(), "cs")
    assert lines[0] == "Hráč 1 dává vejce, dostává Hráč 2."


def test_counts_use_czech_plurals():
    assert [K.count(n, "hens", "cs") for n in (1, 3, 5, 0)] == ["1 slepice", "3 slepice", "5 slepic", "0 slepic"]
    assert K.count(1, "hens", "cs", accusative=True) == "1 slepici"
    assert [K.count(n, "eggs", "en") for n in (1, 2)] == ["1 egg", "2 eggs"]
