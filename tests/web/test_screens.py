"""Screenshots of each title in the states a player meets (issue 23,
Measure): mid-trick (Kurník: after a roll), a theft (Kurník), the end of a
round or deal (Ugo!'s scored kingdoms, Trumfosaur's last deal) and game over,
each at 390 x 844, 1280 x 900 and 1440 x 900, written to
test-artifacts/screenshots/{game}-{state}-{size}-{w}x{h}.png. One table per
title, played by its person's seat (named Eva) against bots, the page without pauses or
motion (``?pace=0``; Ugo! ``?pace=hold``, so that its scored round stays
until Continue). At every size the state is on the page and nothing scrolls
sideways."""

from __future__ import annotations

import pytest

from .pw import (
    Thefts, create_table, join_url, needs_browser, no_horizontal_scroll, open_page, over, play_until, play_until_over,
    shot, sit_down,
)

pytestmark = [needs_browser, pytest.mark.timeout(400)]

SIZES = {"phone": (390, 844), "laptop": (1280, 900), "desktop": (1440, 900)}

MID_TRICK = """() => { const m = document.getElementById('game');
  return m.dataset.turn === 'mine' && !m.dataset.pending && !m.dataset.hold
    && document.querySelectorAll('#centre .plays.by-seat .play').length >= 1; }"""
"""Your turn, with a trick begun by others on the table."""

AFTER_ROLL = """() => { const m = document.getElementById('game');
  return m.dataset.turn === 'mine' && !m.dataset.pending
    && document.querySelectorAll('#centre .dice .die').length >= 2; }"""
"""Kurník: your turn, with another seat's roll on the table."""

LOG_AT_END = """() => { const r = document.getElementById('log');
  return r.scrollHeight - r.scrollTop - r.clientHeight < 40; }"""
"""Whether the game log shows its newest line."""


def shots_at_every_size(page, game: str, state: str, visible: str) -> None:
    """Screenshots of the page as it is at the three sizes; ``visible`` (a
    selector) is shown at each, and nothing scrolls sideways."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        assert page.is_visible(visible), (game, state, size, visible)
        shot(page, f"{game}-{state}-{size}-{width}x{height}")
        no_horizontal_scroll(page, width)
        # the log stays on its newest line through the resizes (it had stopped following them)
        assert page.evaluate(LOG_AT_END), (game, state, size)
    page.set_viewport_size({"width": 1280, "height": 900})


def hold_url(made: dict, seat: int) -> str:
    base, _, token = made["seats"][seat]["join_url"].partition("#")
    return f"{base}?pace=hold#{token}"


def test_ugo_screens(server, context):
    made = create_table(server, "ugo", ["human", "easy", "easy"], names=["Eva", None, None], rounds=2, first_player=1)
    page = open_page(context, hold_url(made, 0))
    sit_down(page, "Eva")
    play_until(page, lambda: page.evaluate(MID_TRICK), "a trick begun")
    shots_at_every_size(page, "ugo", "mid-trick", "#centre .plays.by-seat .play")
    play_until(page, lambda: page.is_visible("#round-end"), "the scored round")
    shots_at_every_size(page, "ugo", "round-end", "#round-end .round-seats")
    page.click("#round-continue")
    play_until_over([page])
    shots_at_every_size(page, "ugo", "game-over", "#over-sec")
    assert page.errors == []


def test_trumfosaur_screens(server, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"], names=["Eva", None, None], first_player=1,
                        target_score=16)
    page = open_page(context, join_url(made, 0))
    sit_down(page, "Eva")
    play_until(page, lambda: page.evaluate(MID_TRICK), "a trick begun")
    shots_at_every_size(page, "trumfosaur", "mid-trick", "#centre .plays.by-seat .play")
    play_until(page, lambda: page.is_visible("#centre .last-deal") and not over(page), "the end of a deal")
    shots_at_every_size(page, "trumfosaur", "deal-end", "#centre .last-deal")
    play_until_over([page])
    shots_at_every_size(page, "trumfosaur", "game-over", "#over-sec")
    assert page.errors == []


def test_kurnik_screens(server, context):
    made = create_table(server, "kurnik", ["human", "easy", "easy"], names=["Eva", None, None], first_player=0,
                        supply_hens=1, turn_limit=45)
    thefts = Thefts()
    page = open_page(context, join_url(made, 0), thefts)  # type: ignore[arg-type]
    sit_down(page, "Eva")
    play_until(page, lambda: page.evaluate(AFTER_ROLL), "another seat's roll")
    shots_at_every_size(page, "kurnik", "after-roll", "#centre .dice")
    play_until(page, lambda: thefts.first("theft") is not None, "a theft")
    theft = thefts.first("theft")
    page.wait_for_function("(n) => Number(document.getElementById('game').dataset.seq) >= n", arg=theft["seq"])
    shots_at_every_size(page, "kurnik", "theft", "#centre .piles")
    play_until_over([page])
    shots_at_every_size(page, "kurnik", "game-over", "#over-sec")
    assert page.errors == []
