"""The lobby (index.html) and the keys page (help.html) in a real browser:
create a table with the form, hand out the links, take the seat, the list
of tables, the language switch (remembered), the rules links, axe-core, a
phone's width."""

from __future__ import annotations

import pytest

from .pw import all_violations, needs_browser, no_horizontal_scroll, serious_violations, shot

pytestmark = [needs_browser, pytest.mark.timeout(180)]


def test_create_a_table_and_take_the_seat(server, context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/")
    page.wait_for_selector("#games input[value=ugo]")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert serious_violations(page) == [], all_violations(page)
    shot(page, "lobby-desktop")
    # every game has its rules, in the page's language
    hrefs = page.eval_on_selector_all("#rules a", "as => as.map(a => a.getAttribute('href'))")
    assert sorted(hrefs) == ["/rules/kurnik?lang=en", "/rules/trumfosaur?lang=en", "/rules/ugo?lang=en"]
    # Ugo!, 3 players: me, an easy bot, a second person; one round
    page.check("#game-ugo")
    page.select_option("#players", "3")
    assert page.eval_on_selector_all("#seats select", "s => s.length") == 3
    kinds = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.value)")
    assert kinds == ["human", "easy", "medium", "hard"]
    page.select_option("#seat-2", "human")
    page.click("#options-box summary")
    page.fill("#opt-rounds", "1")
    assert "rounds" in page.inner_text("label[for=opt-rounds]")
    page.click("#create")
    page.wait_for_selector("#made:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "made-h"
    links = page.eval_on_selector_all("#links input.link", "is => is.map(i => i.value)")
    assert len(links) == 3  # seat 1, seat 3, spectators
    assert "/join#" in links[0] and "/join#" in links[1] and "#" not in links[2]
    labels = page.eval_on_selector_all("#links label", "ls => ls.map(l => l.textContent)")
    assert labels == ["Join link of seat 1", "Join link of seat 3", "Link for spectators"]
    page.click("#links li:first-child button.copy")
    page.wait_for_function("() => document.getElementById('lobby-status').textContent !== ''")
    shot(page, "lobby-table-made")
    assert page.get_attribute("#take-seat", "href") == links[0]
    page.click("#take-seat")
    page.wait_for_selector("#game[data-seq]")
    assert "#" not in page.url and "/join" not in page.url
    assert "You play as Player 1." in page.inner_text("#status")
    assert page.inner_text("#title") == "Ugo!"
    # the table is listed, to watch
    table = page.url.rsplit("/", 1)[1]
    page.goto(server.url + "/")
    page.wait_for_selector(f"#open-tables a[href='/t/{table}']")
    assert errors == []


def test_language_switch_is_remembered(server, context):
    page = context.new_page()
    page.goto(server.url + "/help")
    page.wait_for_selector("button[data-lang=cs]")
    assert page.inner_text("h1") == "Keys and help"
    assert serious_violations(page) == []
    page.click("button[data-lang=cs]")
    page.wait_for_function("() => document.documentElement.lang === 'cs'")
    assert page.inner_text("h1") == "Klávesy a nápověda"
    assert page.get_attribute("button[data-lang=cs]", "aria-pressed") == "true"
    page.goto(server.url + "/")
    page.wait_for_selector("#games input[value=ugo]")
    assert page.evaluate("document.documentElement.lang") == "cs"
    assert page.inner_text("h1") == "Herna"
    assert page.title().startswith("herna")
    labels = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.textContent)")
    assert labels[0] == "Člověk" and "snadný bot" in labels
    hrefs = page.eval_on_selector_all("#rules a", "as => as.map(a => a.getAttribute('href'))")
    assert all(h.endswith("?lang=cs") for h in hrefs)
    page.click("#options-box summary")
    assert "štych" in page.inner_text("#options").lower()  # the options' help comes from the server in Czech
    shot(page, "lobby-cs")
    page.click("button[data-lang=en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.inner_text("h1") == "Games room"


def test_lobby_on_a_phone(server, browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="cs-CZ", is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#games input[value=kurnik]")
        assert page.evaluate("document.documentElement.lang") == "cs"
        page.check("#game-kurnik")
        page.click("#options-box summary")
        no_horizontal_scroll(page, 360)
        assert serious_violations(page) == []
        shot(page, "lobby-phone-cs")
        page.goto(server.url + "/help")
        page.wait_for_selector("h1")
        no_horizontal_scroll(page, 360)
    finally:
        ctx.close()


def test_table_page_switches_language(server, context):
    from .pw import create_table, join_url, log_lines, open_page

    made = create_table(server, "trumfosaur", ["human", "easy", "easy"])
    page = open_page(context, join_url(made, 0))
    assert "Player 1 (you)" in page.inner_text("#seats")
    english = log_lines(page, notes=False)
    page.click("button[data-lang=cs]")
    page.wait_for_function("() => document.getElementById('seats').textContent.includes('Hráč 1 (ty)')")
    assert page.evaluate("document.documentElement.lang") == "cs"
    page.wait_for_function("() => !document.getElementById('log').textContent.includes('Seat 1')")
    czech = log_lines(page, notes=False)
    assert len(czech) == len(english) and czech != english
    assert "Saxosaurus" in page.inner_text("#hand") or "Vztekosaurus" in page.inner_text("#hand") \
        or "Aquasaurus" in page.inner_text("#hand") or "Špínosaurus" in page.inner_text("#hand") \
        or "Byznysaurus" in page.inner_text("#hand")
    page.reload()
    page.wait_for_selector("#game[data-seq]")
    assert page.evaluate("document.documentElement.lang") == "cs"
