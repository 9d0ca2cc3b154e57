"""The table page's people features in a real browser (issue 23): a
person's only move waits for them (a button and the o key; the switch "Play
my only moves for me"), chat between two browser contexts (escaped, quick
phrases, spectators marked, mute), the score sheet (the p key and the
button), stepping through a finished game move by move, and the title of a
hidden tab at your turn."""

from __future__ import annotations

import httpx
import pytest

from .pw import click_move, create_table, join_url, needs_browser, open_page, play_until_over, seq, shot, status

pytestmark = [needs_browser, pytest.mark.timeout(300)]


def state(server, table: str, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{server.url}/api/tables/{table}", headers=headers, timeout=30).json()


def test_the_only_move_waits_for_its_person(server, context):
    # Kurník's first turn: nothing to exchange yet, so rolling is the person's only move
    made = create_table(server, "kurnik", ["human", "easy"], names=["Eva", None], first_player=0)
    page = open_page(context, join_url(made, 0))
    page.wait_for_selector("#game[data-only-move=true]")
    before = seq(page)
    button = page.locator("#choices button.only")
    assert button.get_attribute("aria-keyshortcuts") == "o"
    assert "only move" in page.inner_text("#choices-prompt")
    # the table waits: no roll is made for Eva while she does not press it
    assert state(server, made["table"])["seq"] == before and state(server, made["table"])["to_move"] == 0
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    shot(page, "kurnik-only-move")
    page.focus("#game")
    page.keyboard.press("o")
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}")
    # the switch: her only moves are made for her from now on
    page.check("#auto-only")
    token = made["seats"][0]["token"]
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('made for you')")
    assert state(server, made["table"], token)["seat_settings"] == {"auto_only_moves": True}
    page.uncheck("#auto-only")
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('waits for you')")
    assert state(server, made["table"], token)["seat_settings"] == {"auto_only_moves": False}
    # the table's pace: the creator's to choose (slow, normal, fast)
    assert page.is_enabled("#pace") and page.input_value("#pace") == "normal"
    page.select_option("#pace", "fast")
    page.wait_for_function("() => document.getElementById('speak').textContent === 'Pace: fast.'")
    assert state(server, made["table"])["settings"]["pace"] == "fast"
    assert page.errors == []


def test_chat_between_two_people_and_a_spectator(server, browser):
    made = create_table(server, "ugo", ["human", "human", "easy"], names=["Eva", "Tom", None])
    contexts = [browser.new_context(locale="en-US"),
                browser.new_context(viewport={"width": 390, "height": 844}, locale="cs-CZ", is_mobile=True,
                                    has_touch=True),
                browser.new_context(locale="en-US")]
    try:
        eva = open_page(contexts[0], join_url(made, 0))
        tom = open_page(contexts[1], join_url(made, 1))
        watcher = open_page(contexts[2], f"{server.url}/t/{made['table']}?pace=0")
        evil = "<img src=x onerror=\"window.hacked=1\"> <b>hi</b>"
        eva.fill("#chat-text", evil)
        eva.press("#chat-text", "Enter")
        for page in (eva, tom, watcher):
            page.wait_for_function("(t) => [...document.querySelectorAll('#chat-list .chat-text')]"
                                   ".some(e => e.textContent === t)", arg=evil)
            assert page.query_selector("#chat-list img, #chat-list b") is None  # shown as text, never as HTML
            assert page.evaluate("window.hacked === undefined")
        assert tom.inner_text("#chat-list .chat-who") == "Eva"
        assert eva.inner_text("#chat-list .chat-who") == "Eva (you)"
        # a quick phrase in each reader's language
        tom.click("#chat-phrases button[data-phrase=gg]")
        eva.wait_for_function("() => document.getElementById('chat-list').textContent.includes('Good game')")
        tom.wait_for_function("() => document.getElementById('chat-list').textContent.includes('Dobrá hra')")
        # the spectator's message is marked as a spectator's
        watcher.fill("#chat-text", "nice trick")
        watcher.click("#chat-form button[type=submit]")
        eva.wait_for_selector("#chat-list .chat-line.spectator")
        assert eva.inner_text("#chat-list .chat-line.spectator .chat-who") == "Spectator"
        shot(tom, "ugo-chat-phone-cs")
        # muted: Eva sees no messages, and it stays so after a reload
        eva.check("#chat-mute")
        assert eva.is_hidden("#chat-list") and eva.is_visible("#chat-muted")
        eva.reload()
        eva.wait_for_selector("#game[data-seq]")
        assert eva.is_hidden("#chat-list")
        # stored with the table
        history = httpx.get(f"{server.url}/api/tables/{made['table']}/chat", timeout=30).json()
        assert [m["text"] for m in history][0] == evil
        assert all(p.errors == [] for p in (eva, tom, watcher))
    finally:
        for ctx in contexts:
            ctx.close()


def test_score_sheet_game_over_and_stepping_through(server, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"], names=["Eva", None, None])
    page = open_page(context, join_url(made, 0))
    page.wait_for_selector("#game[data-status=playing]")
    page.focus("#game")
    page.keyboard.press("p")
    page.wait_for_selector("#sheet-dlg[open]")
    heads = page.eval_on_selector_all("#sheet thead th", "ths => ths.map(t => t.textContent)")
    assert heads == ["Deal", "Eva (you)", "Easy bot 2", "Easy bot 3"]
    assert "No points scored yet." in page.inner_text("#sheet")
    page.keyboard.press("p")
    page.wait_for_selector("#sheet-dlg:not([open])", state="attached")
    play_until_over([page])
    # game over: the ranking, the per-deal table, play again; the focus on the heading
    page.wait_for_selector("#over-sec:not([hidden])")
    ranking = page.eval_on_selector_all("#over .ranking li", "ls => ls.map(l => l.textContent)")
    assert len(ranking) == 3
    rows = page.eval_on_selector_all("#over-sheet tbody tr", "rs => rs.length")
    assert rows >= 1
    totals = page.eval_on_selector_all("#over-sheet tfoot td", "ts => ts.map(t => Number(t.textContent))")
    final = state(server, made["table"])["score_sheet"]["totals"]
    assert totals == final
    assert page.is_visible("#rematch") and page.inner_text("#rematch") == "Play again"
    page.click("#sheet-button")
    page.wait_for_selector("#sheet-dlg[open]")
    shot(page, "trumfosaur-score-sheet")
    page.click("#sheet-close")
    # stepping through the whole game, every hand shown
    page.click("#replay-start")
    page.wait_for_selector("#game[data-replay='0']")
    total = len(httpx.get(f"{server.url}/api/tables/{made['table']}/replay", timeout=30).json()["steps"])
    assert page.inner_text("#replay-h") == f"Move 0 of {total}"
    page.click("#replay-next")
    page.wait_for_selector("#game[data-replay='1']")
    assert page.inner_text("#replay-h") == f"Move 1 of {total}"
    hands = page.eval_on_selector_all("#replay .all-hands li", "ls => ls.map(l => l.textContent)")
    assert len(hands) == 3 and all(":" in line for line in hands)
    step = httpx.get(f"{server.url}/api/tables/{made['table']}/replay/1", timeout=30).json()
    assert page.eval_on_selector_all("#hand button[data-card]", "bs => bs.length") == len(step["hands"][0]["hand"])
    page.click("#replay-next")  # again: each press steps on (a tester's Next stayed on move 1)
    page.wait_for_selector("#game[data-replay='2']")
    page.click("#replay-last")
    page.wait_for_selector(f"#game[data-replay='{total}']")
    page.click("#replay-prev")
    page.wait_for_selector(f"#game[data-replay='{total - 1}']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#game[data-replay='{total - 2}']")
    shot(page, "trumfosaur-replay")
    page.click("#replay button[data-key=stop]")
    page.wait_for_selector("#game:not([data-replay])")
    assert status(page) == "finished"
    assert page.errors == []


def test_a_hidden_tab_says_your_turn_in_its_title(server, context):
    made = create_table(server, "ugo", ["human", "easy"], first_player=0)
    page = open_page(context, join_url(made, 0))
    page.wait_for_selector("#game[data-turn=mine]")
    assert page.title() == "Ugo! – herna"
    page.evaluate("""() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    assert page.title() == "● Your turn – herna"
    page.evaluate("""() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    assert page.title() == "Ugo! – herna"


def hold_url(made: dict, seat: int) -> str:
    """The seat's join link with ``?pace=hold``: a finished trick stays until a key (no timer to race)."""
    base, _, token = made["seats"][seat]["join_url"].partition("#")
    return f"{base}?pace=hold#{token}"


def play_until(page, selector: str, limit: int = 200) -> None:
    """Make legal moves until ``selector`` is on the page."""
    for _ in range(limit):
        if page.query_selector(selector):
            return
        if not click_move(page):
            page.wait_for_function(f"() => document.querySelector({selector!r}) !== null"
                                   " || document.getElementById('game').dataset.turn === 'mine'")
    raise AssertionError(f"{selector} never came")


def test_a_finished_trick_stays_until_a_key(server, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"], names=["Eva", None, None], first_player=0)
    page = open_page(context, hold_url(made, 0))
    play_until(page, "#game[data-hold=trick]")
    # the whole trick lies on the table, each card by its player's seat, its winner named
    areas = page.eval_on_selector_all("#centre .plays.by-seat .play", "ps => ps.map(p => p.dataset.area)")
    assert sorted(areas) == ["b", "l", "r"]
    assert page.inner_text("#centre .held").startswith("Won by ")
    assert page.eval_on_selector_all("#centre .play.won", "ps => ps.length") == 1
    shot(page, "trumfosaur-trick-held-1280x900")
    page.focus("#game")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game:not([data-hold])", state="attached")
    assert page.query_selector("#centre .held") is None
    assert page.errors == []


def test_ugo_round_end_stays_until_the_player_continues(server, context):
    made = create_table(server, "ugo", ["human", "easy", "easy"], names=["Eva", None, None], rounds=2)
    page = open_page(context, hold_url(made, 0))
    play_until(page, "#round-end:not([hidden])")
    assert page.inner_text("#round-end h3") == "Round 1 of 2 is over"
    rows = page.eval_on_selector_all("#round-end .round-seats > li", "ls => ls.length")
    assert rows == 3
    assert page.eval_on_selector_all("#round-end .round-seats > li:first-child .ufield", "fs => fs.length") == 5
    assert "this round" in page.inner_text("#round-end .re-who")
    # in the window, wherever the page was scrolled to for the last choice (a new user saw it above the screen)
    top, bottom, height = page.evaluate("() => { const r = document.getElementById('round-end-h')"
                                        ".getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]; }")
    assert 0 <= top and bottom <= height, (top, bottom, height)
    shot(page, "ugo-round-end-1280x900")
    page.click("#round-continue")
    page.wait_for_selector("#round-end", state="hidden")
    assert page.errors == []
