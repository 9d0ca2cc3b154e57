"""Leavers and the turn clock in a real browser (issue 12 item 5, WCAG 2.2.1):
the lobby's "If someone leaves" settings, a vote that lets a bot play for an
absent friend (said in the log, focus kept), the clock shown, its warning in
the assertive region 20 seconds before the end, and more time with the key m."""

from __future__ import annotations

import httpx
import pytest

from tests.server.live import label_headers

from .pw import create_table, join_url, needs_browser, open_page, open_seat, serious_violations, shot, status

pytestmark = [needs_browser, pytest.mark.timeout(180)]


def spectator_state(server, table: str) -> dict:
    return httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()


def test_lobby_sets_the_leaver_settings(server, context):
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#games input[value=kurnik]")
    page.check("#game-kurnik")
    page.click("#leave-box summary")
    assert "more time" in page.inner_text("#clock-hint")
    page.select_option("#away-after", "300")
    page.select_option("#clock", "120")
    page.select_option("#leaver-bot", "easy")
    assert serious_violations(page) == []
    page.click("#create")
    page.wait_for_selector("#made:not([hidden])")
    link = page.get_attribute("#take-seat", "href")
    table = link.split("/t/", 1)[1].split("/", 1)[0]
    assert spectator_state(server, table)["settings"] == {"away_after": 300, "clock": 120, "leaver_bot": "easy",
                                                             "pace": "normal"}


def test_a_waiting_table_names_who_it_waits_for_and_its_creator_starts_it(server, context):
    made = create_table(server, "kurnik", ["human", "human", "easy"], names=["Eva", "Tom", None])
    page = open_page(context, join_url(made, 0))
    assert status(page) == "waiting"
    page.wait_for_selector("#waiting-sec:not([hidden])")
    assert "Waiting for Tom to open their link." in page.inner_text("#waiting")
    assert page.inner_text("#status .turn") == "Waiting for Tom to open their link."
    assert page.inner_text("[data-seat-name='0']") == "Eva (you)"
    assert page.inner_text("#seats [data-seat-name='1']") == "Tom"
    assert page.inner_text("#seats [data-seat-name='2']") == "Easy bot 3"
    assert page.is_hidden("#choices-sec")
    assert serious_violations(page) == []
    shot(page, "kurnik-waiting-desktop")
    # only the creator may start: Tom's page has no Start button
    friend = context.browser.new_context()
    try:
        tom = open_page(friend, join_url(made, 1))
        tom.wait_for_selector("#game[data-status=playing]")
        page.wait_for_selector("#game[data-status=playing]")
        page.wait_for_function("() => document.getElementById('log').textContent"
                               ".includes('Everyone is here: the game starts.')")
        assert page.is_hidden("#waiting-sec") or page.query_selector("#start-now") is None
    finally:
        friend.close()
    # a second table: the creator starts it, the missing seat goes to a bot
    made = create_table(server, "kurnik", ["human", "human"], names=["Eva", "Tom"])
    page = open_page(context, join_url(made, 0))
    page.wait_for_selector("#start-now")
    page.click("#start-now")
    page.wait_for_selector("#game[data-status=playing]")
    page.wait_for_selector("#seats .flag.bot")
    state = spectator_state(server, made["table"])
    assert state["status"] == "playing" and state["seats"][1]["bot_playing"] is True
    assert page.errors == []


def test_the_clock_is_shown_warns_and_gives_more_time(server, context):
    made = httpx.post(f"{server.url}/api/tables", json={"game": "kurnik", "seats": ["human", "human"],
                                                        "settings": {"clock": 30}}, headers=label_headers(),
                      timeout=30).json()
    mover = spectator_state(server, made["table"])["to_move"]
    open_seat(server, made, 1 - mover)  # both people are here: the table plays
    context.clock.install()  # the page's clock: moved on by the test, never waited for
    page = open_page(context, join_url(made, mover))
    page.wait_for_selector("#status .clock.mine #more-time")
    assert page.inner_text("#status .clock").startswith("You have 0:")
    page.focus("#log")
    # The warning comes 20 seconds before the end (after 10 s here), in the assertive region; the page's
    # clock is moved on 11 s (the server's runs in real time: the turn is far from its end there).
    page.clock.run_for(11_000)
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('seconds left to move')")
    assert "Press m" in page.inner_text("#speak")
    shot(page, "kurnik-clock-warning")
    page.keyboard.press("m")  # more time, with the focus inside the game region
    page.wait_for_function("() => document.getElementById('speak').textContent.startsWith('More time: you have')")
    assert page.evaluate("document.activeElement.id") == "log"
    assert spectator_state(server, made["table"])["clock"]["remaining"] > 30
    assert page.errors == []


def test_a_seat_open_in_two_windows_is_told_so(server, browser):
    made = create_table(server, "ugo", ["human", "easy"])
    first_context, second_context = browser.new_context(), browser.new_context()
    try:
        first = open_page(first_context, join_url(made, 0))
        second = open_page(second_context, join_url(made, 0))
        for page in (first, second):
            page.wait_for_function("() => document.getElementById('status').textContent"
                                   ".includes('Your seat is open in 2 windows or devices')")
        second.close()
        first.wait_for_function("() => !document.getElementById('status').textContent.includes('open in 2 windows')")
        assert first.errors == []
    finally:
        first_context.close()
        second_context.close()
