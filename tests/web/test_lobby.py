"""The lobby (index.html) and the keys page (help.html) in a real browser:
create a table with the form, hand out the links, take the seat, the list
of tables, the language switch (remembered), the rules links, axe-core, a
phone's width."""

from __future__ import annotations

import pytest

import httpx

from tests.server.live import label_headers

from .pw import (all_violations, join_url, needs_browser, no_horizontal_scroll, open_page, serious_violations, shot,
                 status)

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
    # Ugo!, 3 players: me (Eva), an easy bot, a second person (Tom); one round; Tom starts
    page.fill("#my-name", "Eva")
    page.check("#game-ugo")
    page.select_option("#players", "3")
    assert page.eval_on_selector_all("#seats select", "s => s.length") == 3
    # the first player's list follows the number of players (Random and three seats, not four)
    assert page.eval_on_selector_all("#opt-first_player option", "os => os.length") == 4
    kinds = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.value)")
    assert kinds == ["human", "easy", "medium", "hard"]
    page.select_option("#seat-2", "human")
    assert page.input_value("#name-0") == "Eva"
    page.fill("#name-2", "Tom")
    # options in players' words: no option codes; sizes under "More options"; the first player by name
    options = page.inner_text("#options-box")
    assert "Rounds" in options and "low_card_farmers" not in options and "first_player" not in options
    assert page.is_hidden("#opt-farmers")
    page.click("#more-box summary")
    assert page.is_visible("#opt-farmers")
    firsts = page.eval_on_selector_all("#opt-first_player option", "os => os.map(o => o.textContent)")
    assert firsts == ["Random", "Eva", "Easy bot 2", "Tom"]
    page.select_option("#opt-first_player", "2")
    page.fill("#opt-rounds", "1")
    page.click("#create")
    page.wait_for_selector("#made:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "made-h"
    links = page.eval_on_selector_all("#links input.link", "is => is.map(i => i.value)")
    assert len(links) == 3  # Eva, Tom, spectators
    assert "/join#" in links[0] and "/join#" in links[1] and "#" not in links[2]
    labels = page.eval_on_selector_all("#links label", "ls => ls.map(l => l.textContent)")
    assert labels == ["Your own link (Eva)", "Join link of Tom", "Link for spectators"]
    page.click("#links li:first-child button.copy")
    page.wait_for_function("() => document.getElementById('lobby-status').textContent !== ''")
    shot(page, "lobby-table-made")
    assert page.get_attribute("#take-seat", "href") == links[0]
    page.click("#take-seat")
    page.wait_for_selector("#game[data-seq]")
    assert "#" not in page.url and "/join" not in page.url
    assert "You play as Eva." in page.inner_text("#status")
    assert page.inner_text("#title") == "Ugo!"
    assert page.get_attribute("#game", "data-status") == "waiting"
    assert "Waiting for Tom to open their link." in page.inner_text("#waiting")
    assert page.input_value("#wait-link-2") == links[1]  # the creator can send Tom's link again from the table
    state = httpx.get(f"{server.url}/api/tables/{page.url.rsplit('/', 1)[1]}", timeout=30).json()
    assert state["options"]["first_player"] == 2 and [s["name"] for s in state["seats"]] == ["Eva", "Easy bot 2", "Tom"]
    # among your tables; not among the free seats: the seat named for Tom waits for Tom's link
    table = page.url.rsplit("/", 1)[1]
    page.goto(server.url + "/")
    page.wait_for_selector("#free-tables[aria-busy=false]")
    assert page.query_selector(f"#free-tables li[data-table='{table}']") is None
    assert page.get_attribute("#my-tables a", "href") == links[0]
    assert "Eva" in page.inner_text("#my-tables")
    assert errors == []


def test_sit_at_a_free_seat_from_the_lobby(server, browser):
    """A public table's free seat is listed apart from the games in progress;
    "Sit here" asks the name (prefilled with the one remembered) and seats the person."""
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "kurnik", "seats": ["human", "human", "easy"], "names": ["Eva", None, None], "public": True,
        "options": {"turn_limit": 40}}, headers=label_headers(), timeout=30).json()
    table = made["table"]
    eva_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    ann_ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True,
                                  has_touch=True)
    try:
        eva = open_page(eva_ctx, join_url(made, 0))
        assert status(eva) == "waiting"
        page = ann_ctx.new_page()
        page.goto(server.url + "/")
        row = f"#free-tables li[data-table='{table}']"
        page.wait_for_selector(f"{row} button.sit")
        assert "Eva" in page.inner_text(row)
        assert page.query_selector(f"#open-tables a[href='/t/{table}']") is None  # not a game in progress yet
        page.evaluate("localStorage.setItem('herna.name', 'Ann')")
        page.reload()
        page.wait_for_selector(f"{row} button.sit")
        page.click(f"{row} button.sit")
        assert page.input_value(f"{row} form input") == "Ann"  # the name remembered, prefilled
        no_horizontal_scroll(page, 390)
        shot(page, "lobby-phone-sit-here")
        page.click(f"{row} form button[type=submit]")
        page.wait_for_selector("#game[data-status=playing]")
        assert page.inner_text("[data-seat-name='1']") == "Ann (you)"
        eva.wait_for_function("() => document.querySelector(\"#seats [data-seat-name='1']\").textContent === 'Ann'")
        eva.wait_for_selector("#game[data-status=playing]")
        # now it is a game in progress, no longer a free seat
        lobby = eva_ctx.new_page()
        lobby.goto(server.url + "/")
        lobby.wait_for_selector(f"#open-tables a[href='/t/{table}']")
        assert lobby.query_selector(row) is None
    finally:
        eva_ctx.close()
        ann_ctx.close()


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
    assert "štych" in page.inner_text("#options-box").lower()  # the options' help comes from the server in Czech
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
        page.click("#more-box summary")
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
    # the log is written anew in Czech (the state message in the new language rewrites it)
    page.wait_for_function("(english) => { const lines = [...document.querySelectorAll('#log .line:not(.note)')]"
                           ".map(n => n.textContent); return lines.length > 0"
                           " && JSON.stringify(lines) !== JSON.stringify(english); }", arg=english)
    czech = log_lines(page, notes=False)
    assert len(czech) == len(english) and czech != english
    assert "Saxosaurus" in page.inner_text("#hand") or "Vztekosaurus" in page.inner_text("#hand") \
        or "Aquasaurus" in page.inner_text("#hand") or "Špínosaurus" in page.inner_text("#hand") \
        or "Byznysaurus" in page.inner_text("#hand")
    page.reload()
    page.wait_for_selector("#game[data-seq]")
    assert page.evaluate("document.documentElement.lang") == "cs"
