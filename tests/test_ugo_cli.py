"""Ugo! terminal rendering (herna/cli/games/ugo.py): every kingdom's fields,
top cards, farmers and scores in words, and sentences in English and Czech."""

from __future__ import annotations

import random

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
