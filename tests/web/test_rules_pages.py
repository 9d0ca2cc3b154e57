"""The rules pages in a real browser (issue 23 item 9): How to play at a
phone's width in Czech and at a desktop's in English, readable without
sideways scrolling, with the pictures (or, before art.js draws them, their
words), axe-core clean; from there the full numbered rules and back."""

from __future__ import annotations

import pytest

from .pw import all_violations, needs_browser, no_horizontal_scroll, serious_violations, shot

pytestmark = [needs_browser, pytest.mark.timeout(180)]

PICTURES_DRAWN = """() => [...document.querySelectorAll('main [data-art]')].every(s => s.querySelector('svg'))"""


def check_pictures(page, server) -> None:
    """Each picture is drawn by art.js where it is served; until then its words show."""
    if page.request.get(server.url + "/static/js/art.js").ok:
        page.wait_for_function(PICTURES_DRAWN)
    else:
        words = page.eval_on_selector_all("main [data-art]", "ss => ss.map(s => s.innerText.trim())")
        assert words and all(words)


@pytest.mark.parametrize("game", ["ugo", "kurnik", "trumfosaur"])
def test_how_to_play_on_a_phone_in_czech(server, browser, game):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="cs-CZ")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/rules/{game}?lang=cs")
        assert page.inner_text("main h1").startswith("Jak hrát")
        check_pictures(page, server)
        no_horizontal_scroll(page, 390)
        assert serious_violations(page) == [], all_violations(page)
        shot(page, f"rules-{game}-cs-phone")
        page.click("a.spec-link")
        page.wait_for_url(f"**/rules/{game}/spec?lang=cs")
        assert page.locator("main [lang=en] h1").count() == 1
        no_horizontal_scroll(page, 390)
        assert serious_violations(page) == [], all_violations(page)
        assert errors == []
    finally:
        context.close()


def test_how_to_play_on_a_desktop_and_the_numbered_rules(server, context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/rules/ugo?lang=en")
    assert page.inner_text("main h1") == "How to play Ugo!"
    check_pictures(page, server)
    # the farmer table: a header row and a row per card number
    assert page.eval_on_selector_all("main table tr", "rs => rs.length") == 10
    no_horizontal_scroll(page, 1280)
    assert serious_violations(page) == [], all_violations(page)
    shot(page, "rules-ugo-en-desktop")
    page.click("a.spec-link")
    page.wait_for_url("**/rules/ugo/spec?lang=en")
    rows = page.eval_on_selector_all("main table tr", "rs => rs.map(r => r.children.length)")
    assert rows[:3] == [10, 10, 10]
    page.click("nav a[href='/rules/ugo/rulebook']")  # the original Czech rulebook
    page.wait_for_url("**/rules/ugo/rulebook")
    assert page.inner_text("main h1") == "Ugo! – pravidla"
    assert errors == []
