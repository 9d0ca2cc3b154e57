"""The table page in a real browser (chromium via Playwright) against a real
``herna serve``: whole games of each title against bots, two people at one
table, a spectator, a reload, a phone, the live region and the focus, a
keyboard-only game, a lost connection. axe-core checks each game's table
mid-game; screenshots go to test-artifacts/screenshots."""

from __future__ import annotations

import json
import re

import pytest

from .pw import (
    HAND_CHECK, WAIT_MS, Events, all_violations, assert_log_matches, create_table, join_url, log_lines, my_turn,
    needs_browser, no_horizontal_scroll, open_page, play_until_over, seq, serious_violations, shot, status,
    wait_log_complete, wait_settled,
)

pytestmark = [needs_browser, pytest.mark.timeout(300)]

AXE_REPORT: dict[str, list] = {}

MY_MOVE = """() => { const m = document.getElementById('game');
  return m.dataset.turn === 'mine' && !m.dataset.pending && m.dataset.status === 'playing'; }"""
"""Whether the page's seat is to move and has no move in flight (pw.my_turn in the page)."""


@pytest.mark.parametrize("game", ["ugo", "trumfosaur", "kurnik"])
def test_whole_game_against_bots(game, server, context):
    made = create_table(server, game, ["human", "easy", "easy"])
    events = Events()
    page = open_page(context, join_url(made, 0), events)
    assert "#" not in page.url, "the token stays out of the address after the claim"
    assert page.inner_text("#status").count("You play as Player 1.") == 1
    checked = {}

    def mid_game(p, moves):
        if moves == 2 and "axe" not in checked:
            wait_settled(p)  # axe-core reads colours: none mid-transition
            shot(p, f"{game}-desktop-mid")
            checked["axe"] = serious_violations(p)
            AXE_REPORT[game] = all_violations(p)

    reasons = []

    def check_hand(p):
        hand = p.evaluate(HAND_CHECK)
        if hand["off"]:
            assert hand["described"] and hand["reason"], hand
            if "must follow" in hand["reason"]:
                assert hand["led"] and f"must follow {hand['led']}" in hand["reason"], hand
                reasons.append(hand["reason"])

    moves = play_until_over([page], on_move=mid_game, before_move=check_hand)
    if "axe" not in checked:  # a game that asked for fewer than 2 decisions
        checked["axe"] = serious_violations(page)
    assert moves > 0
    assert checked["axe"] == [], checked["axe"]
    assert page.is_visible("#over-sec")
    assert re.search(r"Winners?: ", page.inner_text("#over"))
    assert_log_matches(page, events)
    shot(page, f"{game}-desktop-over")
    assert page.errors == []


def test_two_people_and_a_spectator(server, browser):
    made = create_table(server, "ugo", ["human", "human", "easy"])
    contexts = [browser.new_context(viewport={"width": 1100, "height": 850}, locale="en-US") for _ in range(3)]
    try:
        first = open_page(contexts[0], join_url(made, 0))
        second = open_page(contexts[1], join_url(made, 1))
        watcher_events = Events()
        watcher = open_page(contexts[2], made["spectator_url"], watcher_events)
        assert "You play as Player 1." in first.inner_text("#status")
        assert "You play as Player 2." in second.inner_text("#status")
        assert "You are watching as a spectator." in watcher.inner_text("#status")
        assert watcher.is_hidden("#hand-sec") and watcher.is_hidden("#choices-sec")
        assert first.eval_on_selector_all("#hand button", "b => b.length") == 10

        def midway(p, moves):
            if moves == 6:
                shot(second, "ugo-second-person")
                shot(watcher, "ugo-spectator")

        play_until_over([first, second], on_move=midway)
        for page in (first, second, watcher):
            page.wait_for_selector("#game[data-status=finished]")
        assert_log_matches(watcher, watcher_events)
        assert watcher.is_hidden("#rematch")
        assert first.is_visible("#rematch")
        for page in (first, second, watcher):
            assert page.errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def test_rematch(server, context):
    made = create_table(server, "kurnik", ["human", "random"], turn_limit=4)
    page = open_page(context, join_url(made, 0))
    play_until_over([page])
    old = made["table"]
    page.click("#rematch")
    page.wait_for_url(re.compile(r"/t/(?!%s)[^/#]+$" % re.escape(old)), timeout=WAIT_MS)
    page.wait_for_selector("#game[data-seq]")
    assert "You play as Player 1." in page.inner_text("#status")


def test_reload_brings_the_seat_back(server, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"])
    page = open_page(context, join_url(made, 0))
    moves = 0
    while moves < 3:
        page.wait_for_function(MY_MOVE)
        if play_one(page):
            moves += 1
    page.wait_for_function(MY_MOVE)  # the bots have played: the seat's view holds still until it moves
    before = {"seq": seq(page), "hand": hand_keys(page), "status": page.inner_text("#status"),
              "seats": page.inner_text("#seats")}
    page.reload()
    page.wait_for_selector("#game[data-seq]")
    assert page.url.split("?")[0].endswith(f"/t/{made['table']}")
    after = {"seq": seq(page), "hand": hand_keys(page), "status": page.inner_text("#status"),
             "seats": page.inner_text("#seats")}
    assert after == before
    assert len(log_lines(page)) > 0, "the log is written again from the last events"
    play_until_over([page])
    assert page.errors == []


def play_one(page) -> bool:
    from .pw import click_move

    return click_move(page)


def hand_keys(page) -> list[str]:
    return page.eval_on_selector_all("#hand button[data-key]", "bs => bs.map(b => b.dataset.key)")


def test_phone_game_in_czech(server, browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="cs-CZ", is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    try:
        made = create_table(server, "ugo", ["human", "easy", "easy", "easy"])
        page = open_page(ctx, join_url(made, 0))
        assert page.evaluate("document.documentElement.lang") == "cs"
        assert "Hraješ jako Hráč 1." in page.text_content("#status")
        no_horizontal_scroll(page, 360)

        def check(p, moves):
            no_horizontal_scroll(p, 360)
            if moves == 4:
                wait_settled(p)  # axe-core reads colours: none mid-transition
                shot(p, "ugo-phone-cs-mid")
                assert serious_violations(p) == []

        play_until_over([page], on_move=check)
        no_horizontal_scroll(page, 360)
        assert "Snadný bot 2" in " ".join(log_lines(page))  # the bots by their Czech plates' names
        shot(page, "ugo-phone-cs-over")

        for game in ("trumfosaur", "kurnik"):
            made = create_table(server, game, ["human", "easy", "easy", "easy"])
            page = open_page(ctx, join_url(made, 0))
            play_until_over([page], on_move=lambda p, n: no_horizontal_scroll(p, 360))
            no_horizontal_scroll(page, 360)
            shot(page, f"{game}-phone-cs-over")
    finally:
        ctx.close()


def test_live_region_and_focus_when_bots_play(server, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"], first_player=0)
    events = Events()
    page = open_page(context, join_url(made, 0), events)
    polite = page.eval_on_selector_all("[aria-live=polite], [role=log], [role=status]", "els => els.map(e => e.id)")
    assert polite == ["log"], f"one polite live region, the log: {polite}"
    assert page.get_attribute("#log", "role") == "log"
    page.wait_for_function("() => document.getElementById('log').getAttribute('aria-live') === 'polite'")
    # invitation: our card, by keys
    page.focus("#hand button[tabindex='0']")
    press_on_playable(page)
    page.wait_for_function("() => document.getElementById('game').dataset.turn === 'mine' && "
                           "document.getElementById('game').dataset.seq > 0")
    page.wait_for_selector("#hand button[data-action^='play']")
    # our lead: watch the focused element while the bots play after it
    page.evaluate("""() => {
      window.__focus = [];
      new MutationObserver(() => {
        const m = document.getElementById('game');
        window.__focus.push([Number(m.dataset.seq), document.activeElement]);
      }).observe(document.getElementById('game'), {attributes: true, attributeFilter: ['data-seq']});
    }""")
    items_before = page.eval_on_selector_all("#log li", "l => l.length")
    mine = seq(page)
    press_on_playable(page)
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) >= {mine + 3}")
    page.wait_for_function(f"() => ({MY_MOVE})() || document.getElementById('game').dataset.status === 'finished'")
    report = page.evaluate("""() => {
      const after = window.__focus.filter(([s]) => s > 0);
      const first = after.length ? after[0][1] : null;
      return {n: after.length, same: after.every(([, el]) => el === first),
              stillFocused: document.activeElement === first,
              inHand: first ? document.getElementById('hand').contains(first) : false};
    }""")
    assert report["n"] >= 2, report
    assert report["same"] and report["stillFocused"] and report["inHand"], report
    assert page.eval_on_selector_all("#log li", "l => l.length") > items_before
    assert_log_matches_events_only(page, events)
    # the keys that speak (focus in the hand)
    for key, words in (("h", "Your hand:"), ("s", "Totals:"), ("t", "trick"), ("w", "Deal 1"), ("l", "")):
        page.evaluate("document.getElementById('speak').textContent = ''")
        page.keyboard.press(key)
        page.wait_for_function("() => document.getElementById('speak').textContent !== ''")
        said = page.inner_text("#speak")
        assert words.lower() in said.lower(), (key, said)
        assert page.evaluate("document.getElementById('hand').contains(document.activeElement)")
    # outside the game region the letters work too (issue 24: anywhere but in a text field)
    page.focus("header a.brand")
    page.evaluate("document.getElementById('speak').textContent = ''")
    page.keyboard.press("h")
    page.wait_for_function("() => document.getElementById('speak').textContent !== ''")
    assert page.inner_text("#speak").startswith("Your hand:")


def assert_log_matches_events_only(page, events):
    lines = wait_log_complete(page, events)
    from collections import Counter

    from .pw import card_names, named

    names = card_names(page)
    assert Counter(lines) == Counter(named(line, names) for line in events.lines)


def press_on_playable(page) -> None:
    """Arrow keys to the first playable card, then Enter (keyboard only)."""
    for _ in range(14):
        if page.evaluate("(() => { const a = document.activeElement; return a && a.closest('#hand') "
                         "&& a.dataset.action && a.getAttribute('aria-disabled') !== 'true'; })()"):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError("no playable card in the hand")


@pytest.mark.parametrize("game", ["ugo", "kurnik"])
def test_keyboard_only_game(game, server, context):
    made = create_table(server, game, ["human", "easy"])
    page = open_page(context, join_url(made, 0))
    # the page starts inside the game region: its read-out keys work at once
    assert page.evaluate("document.activeElement.id") == "game"
    page.keyboard.press("w")
    page.wait_for_function("() => document.getElementById('speak').textContent.trim() !== ''")
    moves = 0
    for _ in range(400):
        if status(page) == "finished":
            break
        page.wait_for_function(f"() => ({MY_MOVE})() || document.getElementById('game').dataset.status === "
                               "'finished'")
        if status(page) == "finished":
            break
        before = seq(page)
        keyboard_move(page)
        page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}", timeout=WAIT_MS)
        moves += 1
    assert status(page) == "finished" and moves >= (10 if game == "ugo" else 1)
    # the end is said in the log with the winner, and the focus (which was on our
    # last move's button or card) goes to the "Game over" heading or stays in the game
    page.wait_for_function("() => document.getElementById('log').textContent.includes('The game is over. Winner')")
    focus = page.evaluate("(() => { const a = document.activeElement; "
                          "return a && a !== document.body && document.getElementById('game').contains(a) "
                          "&& !a.closest('[hidden]') ? a.id || a.tagName : null; })()")
    assert focus is not None, "the focus fell out of the game at its end"
    page.keyboard.press("w")
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('Winner')")
    shot(page, f"{game}-keyboard-over")
    assert page.errors == []


KEEP_SOCKET = """
(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { window.__ws = this; return send.call(this, data); };
})();
"""
"""Keeps the page's WebSocket in ``window.__ws`` once the page has sent on it."""


def test_a_double_click_makes_one_move(server, context):
    # the second click of a double click would land on whatever the first one's move put under the pointer
    context.add_init_script(KEEP_SOCKET)
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"])
    events = Events()
    sockets = []
    context.on("page", lambda p: p.on("websocket", lambda ws: sockets.append(ws)))
    page = open_page(context, join_url(made, 0), events)
    page.wait_for_function("() => document.getElementById('game').dataset.turn === 'mine'")
    before = seq(page)
    page.dblclick("#hand button[data-action]:not([aria-disabled='true'])")
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}")
    # the server answers a socket's messages in order: its pong (with the table's seq) comes after
    # whatever a second click sent; the page then draws every state up to that seq
    with sockets[-1].expect_event("framereceived", lambda payload: '"pong"' in payload, timeout=WAIT_MS) as pong:
        page.evaluate("window.__ws.send(JSON.stringify({type: 'ping'}))")
    after = json.loads(pong.value)["seq"]
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) >= {after}")
    wait_log_complete(page, events)
    mine = [line for line in log_lines(page) if line.startswith("Your invitation: ")]  # the brief line (default)
    assert len(mine) == 1, mine
    assert page.errors == []


FOCUS_KIND = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'none';
  if (a.closest('#choices') && a.dataset.action) return 'choice';
  if (a.closest('#hand') && a.dataset.key) return a.getAttribute('aria-disabled') === 'true' ? 'card-off' : 'card';
  return 'other';
}"""


def keyboard_move(page) -> None:
    """One move with page.keyboard alone: Tab to the choices (or the hand),
    arrows through the hand to a playable card, Enter."""
    wants_choice = page.evaluate("!!document.querySelector('#choices button[data-action]')")
    for _ in range(80):
        kind = page.evaluate(FOCUS_KIND)
        if wants_choice and kind == "choice":
            page.keyboard.press("Enter")
            return
        if not wants_choice and kind in ("card", "card-off"):
            for _ in range(12):
                if page.evaluate(FOCUS_KIND) == "card":
                    page.keyboard.press("Enter")
                    return
                page.keyboard.press("ArrowRight")
            raise AssertionError("no playable card reached with the arrows")
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached a move")


def test_reconnects_after_the_server_comes_back(live_server, context):
    server = live_server()
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"])
    page = open_page(context, join_url(made, 0))
    before = seq(page)
    server.kill()
    page.wait_for_selector("#conn[data-state=reconnecting]", timeout=WAIT_MS)
    assert "Reconnecting" in page.inner_text("#conn")
    shot(page, "trumfosaur-reconnecting")
    server.start()
    page.wait_for_selector("#conn[data-state=online]", timeout=WAIT_MS)
    assert seq(page) == before
    page.wait_for_function("() => [...document.querySelectorAll('#log .line.note')]"
                           ".some(n => n.textContent.startsWith('Connected again'))")
    notes = page.eval_on_selector_all("#log .line.note", "n => n.map(x => x.textContent)")
    assert any("Connection lost" in n for n in notes) and any("Connected again" in n for n in notes)
    play_until_over([page])


def test_master_exchange_picks_two_cards(server, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"], master=True, first_player=0)
    events = Events("full")
    context.add_init_script("localStorage.setItem('herna.verbosity', 'full')")  # every detail in the log
    page = open_page(context, join_url(made, 0), events)
    page.wait_for_selector("#hand button[aria-pressed=false]")
    assert page.inner_text("#choices") == "Keep my hand"
    page.focus("#hand button[tabindex='0']")
    first = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # a third: refused, said why
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('At most 2')")
    pressed = page.eval_on_selector_all("#hand button[aria-pressed=true]", "bs => bs.map(b => b.dataset.card)")
    assert sorted(pressed) == sorted([first, second])
    button = page.locator("#choices button", has_text="Lay out")
    assert button.count() == 1
    shot(page, "trumfosaur-master-exchange")
    button.click()
    page.wait_for_function("() => [...document.querySelectorAll('#log .line')]"
                           ".some(l => l.textContent.startsWith('Seat 1 (you) lays out'))")
    assert "Saxosaurus" in page.inner_text("#log") or "saurus" in page.inner_text("#log"), "cards are named in the log"
    laid = page.inner_text("#seats li[data-key=seat-0]")
    assert "Laid out" in laid
    play_until_over([page])
    assert_log_matches(page, events)


STALE_SEQ = """
(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (window.__stale && typeof data === "string" && data.includes('"act"')) {
      const message = JSON.parse(data);
      message.seq -= 1;
      data = JSON.stringify(message);
    }
    return send.call(this, data);
  };
})();
"""


def test_a_refused_move_is_said_in_words(server, context):
    context.add_init_script(STALE_SEQ)
    made = create_table(server, "ugo", ["human", "easy"])
    page = open_page(context, join_url(made, 0))
    page.wait_for_selector("#hand button[data-action]:not([aria-disabled=true])")
    page.evaluate("window.__stale = true")
    before = seq(page)
    page.click("#hand button[data-action]:not([aria-disabled=true])")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    said = page.inner_text("#error")
    assert said == "Not done: the table had moved on meanwhile; look again and choose again.", said
    assert page.get_attribute("#error", "role") == "alert"
    assert seq(page) == before and my_turn(page)
    page.evaluate("window.__stale = false")
    assert play_one(page)
    assert page.inner_text("#error") == ""


def test_the_hint_key_says_the_best_moves_and_keeps_the_focus(server, context):
    """Key i (and the Hint button) at the player's move: the strong bot's best
    moves, their value and reasons, said in the assertive region and shown
    under the choices (herna.server.hints); the focus stays where it was."""
    made = create_table(server, "kurnik", ["human", "easy"])
    page = open_page(context, join_url(made, 0))
    page.wait_for_function("() => document.getElementById('game').dataset.turn === 'mine'", timeout=WAIT_MS)
    assert page.is_visible("#hint-button")
    page.focus("#choices button")
    focused = page.evaluate("document.activeElement.dataset.action")
    page.evaluate("document.getElementById('speak').textContent = ''")
    page.keyboard.press("i")
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('chance to win')",
                           timeout=WAIT_MS)
    said = page.inner_text("#speak")
    assert "The strong bot" in said or "strong bot" in said.lower(), said
    items = page.eval_on_selector_all("#hint-box li", "l => l.map(x => x.textContent)")
    assert 1 <= len(items) <= 3 and all("chance to win" in item for item in items), items
    assert page.evaluate("document.activeElement.dataset.action") == focused
    # asked again for the same move: the same hint at once
    page.evaluate("document.getElementById('speak').textContent = ''")
    page.click("#hint-button")
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('chance to win')")
    assert page.eval_on_selector_all("#hint-box li", "l => l.map(x => x.textContent)") == items
    shot(page, "kurnik-hint")
    assert page.errors == []
