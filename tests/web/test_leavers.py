"""Leavers and the turn clock in a real browser (issue 12 item 5, WCAG 2.2.1):
the lobby's "If someone leaves" settings, a vote that lets a bot play for an
absent friend (said in the log, focus kept), the clock shown, its warning in
the assertive region 20 seconds before the end, and more time with the key m."""

from __future__ import annotations

import httpx
import pytest

from .pw import create_table, join_url, needs_browser, open_page, serious_violations, shot

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
    assert spectator_state(server, table)["settings"] == {"away_after": 300, "clock": 120, "leaver_bot": "easy"}


def test_a_vote_lets_a_bot_play_for_an_absent_friend(server, context):
    made = create_table(server, "kurnik", ["human", "human"])
    page = open_page(context, join_url(made, 0))
    button = "#seats button[data-vote='1']"
    page.wait_for_selector(button)
    assert page.inner_text(button) == "Let a bot play for Seat 2"
    page.click(button)
    page.wait_for_function("() => document.getElementById('log').textContent.includes('A bot now plays for Seat 2.')")
    page.wait_for_selector("#seats .flag.bot")
    assert page.query_selector(button) is None
    # the pressed button is gone: the focus goes to the players' heading, not to the page's start
    assert page.evaluate("document.activeElement.id") == "seats-h"
    assert "Played partly by a bot" in page.inner_text("#status")
    assert spectator_state(server, made["table"])["seats"][1]["bot_playing"] is True
    # The friend comes back by opening the link: said in the log, the vote button is gone.
    friend = context.browser.new_context()
    try:
        open_page(friend, join_url(made, 1))
        page.wait_for_function("() => document.getElementById('log').textContent.includes('Seat 2 is back')")
    finally:
        friend.close()
    assert page.errors == []


def test_the_clock_is_shown_warns_and_gives_more_time(server, context):
    made = httpx.post(f"{server.url}/api/tables", json={"game": "kurnik", "seats": ["human", "human"],
                                                        "settings": {"clock": 30}}, timeout=30).json()
    mover = spectator_state(server, made["table"])["to_move"]
    page = open_page(context, join_url(made, mover))
    page.wait_for_selector("#status .clock.mine #more-time")
    assert page.inner_text("#status .clock").startswith("You have 0:")
    page.focus("#log")
    # The warning comes 20 seconds before the end (after 10 s here), in the assertive region.
    page.wait_for_function("() => document.getElementById('speak').textContent.includes('seconds left to move')",
                           timeout=25_000)
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
