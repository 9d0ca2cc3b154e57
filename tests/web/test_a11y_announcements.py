"""Issue 24, "Measure", in the browser: a whole game of each title against
bots, keyboard-free but clicking as a player would, with the live regions
recorded (tests/web/a11y.py). In the brief verbosity (the page's default),
in Czech and in English: at most 2 announcements per own move on average,
characters per announcement mean at most 120, 90th percentile at most 200,
the longest at most 400; no card code in anything said (names, not codes);
"Game over" has the focus at the end. The same game in full mode is
measured beside it (it says more: its figures are printed and written to
test-artifacts/a11y-announcements.json with the brief ones, and 15
consecutive Czech announcements of each title go there too)."""

from __future__ import annotations

import re

import pytest

from tests.helpers import add_to_report

from .a11y import RECORDER, codes_in, figures, spoken
from .pw import ROOT, WAIT_MS, card_names, create_table, join_url, needs_browser, open_page, play_until_over

pytestmark = [needs_browser, pytest.mark.timeout(300)]

REPORT = ROOT / "test-artifacts" / "a11y-announcements.json"


BRIEF: dict[str, float] = {}
"""Characters said per own move in brief mode, per title, by this process's games."""


def record(figures_line: dict) -> None:
    """Add one game's figures to the report file (a JSON object per game and mode)."""
    add_to_report(REPORT, figures_line)


def play_recorded(server, browser, game: str, lang: str, verbosity: str):
    """One game of ``game`` against two easy bots in ``lang`` and ``verbosity``:
    (page, announcements, own moves). The context closes with the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="cs-CZ" if lang == "cs" else "en-US")
    if verbosity != "brief":
        context.add_init_script(f"localStorage.setItem('herna.verbosity', '{verbosity}')")
    context.add_init_script(RECORDER)
    made = create_table(server, game, ["human", "easy", "easy"])
    page = open_page(context, join_url(made, 0))
    assert page.evaluate("document.documentElement.lang") == lang
    moves = play_until_over([page])
    # the last announcement ("The game is over...") is gathered for a moment before it is appended
    page.wait_for_function("() => window.__said.some(t => /game is over|Hra skončila/.test(t))", timeout=WAIT_MS)
    return context, page, spoken(page), moves


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("game", ["trumfosaur", "ugo", "kurnik"])
def test_brief_announcements_are_few_short_and_named(game, lang, server, browser):
    context, page, items, moves = play_recorded(server, browser, game, lang, "brief")
    try:
        found = figures(items, moves)
        print(f"{game} {lang} brief: {found.line()}")
        record({f"{game} {lang} brief": found.__dict__,
                **({f"{game} cs transcript": items[5:20]} if lang == "cs" else {})})
        if lang == "en":
            BRIEF[game] = found.chars_per_move
        assert moves > 0 and found.announcements > 0
        assert found.per_move <= 2, found
        assert found.mean <= 120 and found.p90 <= 200 and found.longest <= 400, found
        names = card_names(page)
        coded = [item for item in items if codes_in(item, names)]
        assert not coded, f"card codes said: {coded[:3]}"
        if lang == "cs":  # "přiznej Špínosaura", "přiznej žlutou": the led suit declined (accusative)
            wrong = [item for item in items if re.search(r"přiznej \w+(saurus|á)\b", item)]
            assert not wrong, wrong[:2]
        assert page.evaluate("document.activeElement.id") == "over-h", "the focus goes to Game over at the end"
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("game", ["trumfosaur", "ugo", "kurnik"])
def test_full_mode_says_every_detail(game, server, browser):
    """The full verbosity, chosen before (localStorage): the log says the events' full lines, more per own
    move than brief (than the brief game of this title in this process; one is played here if none was)."""
    if game not in BRIEF:  # run alone, or the brief test ran in another process
        context, page, items, moves = play_recorded(server, browser, game, "en", "brief")
        BRIEF[game] = figures(items, moves).chars_per_move
        context.close()
    context, page, items, moves = play_recorded(server, browser, game, "en", "full")
    try:
        found = figures(items, moves)
        print(f"{game} en full: {found.line()}")
        record({f"{game} en full": found.__dict__})
        assert page.get_attribute("#verbosity", "aria-pressed") == "true"
        assert found.chars_per_move > BRIEF[game], (found, BRIEF[game])
        names = card_names(page)
        assert not [item for item in items if codes_in(item, names)]
    finally:
        context.close()
