"""Helpers of the browser tests: tables over HTTP, seats in chromium pages,
playing by clicking (or by keys), the events a page received, axe-core,
screenshots."""

from __future__ import annotations

import json
import os
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import label_headers

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "test-artifacts" / "screenshots"
SMALL = {"ugo": {"rounds": 1}, "trumfosaur": {"target_score": 4}, "kurnik": {"turn_limit": 40}}
"""Options of short games (one Ugo! round, one Trumfosaur deal, 40 Kurník turns)."""
GAME_TIMEOUT = 120.0
"""Seconds one whole game may take in a browser."""
WAIT_MS = 60_000
"""How long a page's waits on a condition may take (Playwright's default is
30 s): a guard against a hang, generous for a loaded machine; a condition
that holds costs nothing."""


def why_no_browser() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


needs_browser = pytest.mark.skipif(why_no_browser() is not None, reason=why_no_browser() or "")
"""Mark of every test that drives chromium."""


# ----- tables --------------------------------------------------------------------------------

def create_table(server: Any, game: str, seats: list[str], names: list[str | None] | None = None,
                 **options: Any) -> dict:
    """``POST /api/tables``: the answer (seat tokens, join links); ``names`` one per seat."""
    body: dict[str, Any] = {"game": game, "options": {**SMALL[game], **options}, "seats": seats}
    if names is not None:
        body["names"] = names
    answer = httpx.post(f"{server.url}/api/tables", json=body, headers=label_headers(), timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def join_url(made: dict, seat: int, pace: bool = False) -> str:
    """The seat's join link; ``pace`` false adds ``?pace=0`` (no pauses or
    motion in the page: the tests wait on its state, never on time)."""
    url = made["seats"][seat]["join_url"]
    if pace:
        return url
    base, _, token = url.partition("#")
    return f"{base}?pace=0#{token}"


def open_seat(server: Any, made: dict, seat: int) -> None:
    """Open a person's seat without a browser (``POST /claim`` with its token),
    as its person opening the link would: a waiting table starts once every
    person's seat is opened."""
    token = made["seats"][seat]["token"]
    answer = httpx.post(f"{server.url}/api/tables/{made['table']}/claim",
                        headers={"Authorization": f"Bearer {token}", "Origin": server.url}, timeout=30)
    assert answer.status_code == 200, answer.text


def state_events(payload: str | bytes) -> list[tuple[str, dict]] | None:
    """The events of a WebSocket frame that is a state message, each with its key (the event without its
    words: the same event sent twice has the same key); ``None`` for any other frame."""
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    if data.get("type") != "state":
        return None
    return [(json.dumps({k: v for k, v in event.items() if k not in ("text", "brief")}, sort_keys=True), event)
            for event in data.get("events", [])]


class Events:
    """The events a page received over its WebSocket, deduplicated as the
    page does (seq, then the event itself); ``lines`` in the page's
    verbosity (``brief``, its default, or ``full``: the events' ``text``)."""

    def __init__(self, verbosity: str = "brief") -> None:
        self.seen: set[str] = set()
        self.lines: list[str] = []
        self.messages = 0
        self.field = "text" if verbosity == "full" else "brief"

    def take(self, payload: str | bytes) -> None:
        events = state_events(payload)
        if events is None:
            return
        self.messages += 1
        for key, event in events:
            if key in self.seen:
                continue
            self.seen.add(key)
            self.lines.extend(line for line in event.get(self.field, []) if line.strip())


def open_page(context: Any, url: str, events: Events | None = None) -> Any:
    """A new page at ``url``, once its first state message is drawn."""
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    if events is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", events.take))
    page.goto(url)
    page.wait_for_selector("#game[data-seq]", timeout=WAIT_MS)
    return page


def seq(page: Any) -> int:
    return int(page.get_attribute("#game", "data-seq") or -1)


def status(page: Any) -> str:
    return page.get_attribute("#game", "data-status") or ""


def over(page: Any) -> bool:
    """Whether the page shows a finished game (WEB-API.md's ``finished``)."""
    return status(page) == "finished"


def my_turn(page: Any) -> bool:
    return page.evaluate("() => { const m = document.getElementById('game');"
                         " return m.dataset.turn === 'mine' && !m.dataset.pending && m.dataset.status === 'playing'; }")


TARGET = """() => {
  const choice = document.querySelector('#choices button[data-action]');
  if (choice) return '#choices button[data-key="' + CSS.escape(choice.dataset.key) + '"]';
  const card = document.querySelector('#hand button[data-action]:not([aria-disabled="true"])');
  if (card) return '#hand button[data-key="' + CSS.escape(card.dataset.key) + '"]';
  return null;
}"""
"""A selector of a legal button: a choice (roll, pass, farm C, Keep my hand...) first, else a playable card."""


HAND_CHECK = """() => {
  const off = [...document.querySelectorAll('#hand button[aria-disabled="true"]')];
  const reason = document.getElementById('hand-reason').textContent;
  return {off: off.length, described: off.every(b => b.getAttribute('aria-describedby') === 'hand-reason'),
          reason, led: (document.querySelector('.trick-area .plays .card .suit-word') || {}).textContent || null};
}"""
"""The dimmed cards of the hand, whether each is described by the reason, the reason, the led suit."""


def click_move(page: Any) -> bool:
    """Click one legal button if it is this page's turn; True if clicked."""
    if not my_turn(page):
        return False
    selector = page.evaluate(TARGET)
    if not selector:
        return False
    before = seq(page)
    try:
        page.click(selector, timeout=3000)  # a button redrawn meanwhile: the caller looks again
    except Exception:  # noqa: BLE001 - redrawn meanwhile: the next round looks again
        return False
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before} "
                           "|| document.querySelector('#error').textContent !== ''", timeout=WAIT_MS)
    return True


def play_until_over(pages: list[Any], timeout: float = GAME_TIMEOUT, on_move=None, before_move=None) -> int:
    """Click legal buttons on ``pages`` (each a seat) until the game is over;
    the number of moves made. ``before_move(page)`` when a page is to move,
    ``on_move(page, n)`` after each move. Between moves it waits on the
    pages' own state (:func:`wait_for_news`), never a fixed time."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + timeout
    moves = 0
    while time.monotonic() < deadline:
        if all(status(page) == "finished" for page in pages):
            return moves
        moved = False
        for page in pages:
            if before_move and my_turn(page):
                before_move(page)
            if click_move(page):
                moves += 1
                moved = True
                if on_move:
                    on_move(page, moves)
        if not moved:
            try:
                wait_for_news(pages, timeout=max(deadline - time.monotonic(), 0.001))
            except PlaywrightTimeout:
                break
    raise AssertionError(f"the game did not end within {timeout} s ({moves} moves)")


MARK = """() => {
  const m = document.getElementById('game');
  const rank = {waiting: 0, playing: 1, finished: 2}[m.dataset.status] ?? -1;
  return [Number(m.dataset.seq ?? -1), rank];
}"""
"""Where a page is: ``[seq, status rank]`` (both only grow)."""

PAST = "(top) => { const [s, r] = (%s)(); return s > top[0] || (s === top[0] && r > top[1]); }" % MARK
"""Whether a page has got past the mark ``top`` (a newer state)."""

CLICKABLE = """() => { const m = document.getElementById('game');
  return m.dataset.turn === 'mine' && !m.dataset.pending && m.dataset.status === 'playing' && (%s)() !== null; }""" \
    % TARGET.strip()
"""Whether a page can make a move now (:func:`click_move` would click)."""


def wait_for_news(pages: list[Any], timeout: float = GAME_TIMEOUT) -> None:
    """Wait until one of ``pages`` (seats of one table) can move or the game
    is over: first every page catches up with the newest state any of them
    shows (they all get every state message, in order), then, if none can
    move, until a page is to move but has no button yet shows one, or else
    until the first page gets a newer state (a bot's move, the answer to a
    move in flight: each reaches every page)."""
    ms = timeout * 1000
    top = max(page.evaluate(MARK) for page in pages)
    for page in pages:
        page.wait_for_function(f"(top) => {{ const [s, r] = ({MARK})(); return s > top[0] || "
                               "(s === top[0] && r >= top[1]); }", arg=top, timeout=ms)
    if any(over(page) or page.evaluate(CLICKABLE) for page in pages):
        return
    waiting = next((page for page in pages if my_turn(page)), None)
    if waiting is not None:  # its move is due but its buttons are not drawn yet
        waiting.wait_for_function(f"(top) => ({CLICKABLE})() || ({PAST})(top)", arg=top, timeout=ms)
    else:
        pages[0].wait_for_function(PAST, arg=top, timeout=ms)


def log_lines(page: Any, notes: bool = True) -> list[str]:
    """The lines of the game log (the live region), in order; ``notes``
    false: only the events' lines (not the page's own "Your turn" and the like)."""
    selector = "#log .line" if notes else "#log .line:not(.note)"
    return page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.textContent)")


def wait_log_complete(page: Any, events: Events, timeout: float = GAME_TIMEOUT) -> list[str]:
    """Wait until the log holds as many event lines as the events received
    (the page writes a state's lines as it draws it); the log's lines. After
    ``timeout`` seconds the lines as they are (the caller's check says what
    is missing)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + timeout
    while True:
        wanted = len(events.lines)
        try:
            page.wait_for_function("(n) => document.querySelectorAll('#log .line:not(.note)').length >= n",
                                   arg=wanted, timeout=max(deadline - time.monotonic(), 0.001) * 1000)
        except PlaywrightTimeout:  # the caller's check says what is missing
            return log_lines(page, notes=False)
        lines = log_lines(page, notes=False)
        if len(lines) >= len(events.lines):  # no newer frame came meanwhile
            return lines


SETTLED = """() => document.getAnimations().every(a => a.playState !== 'running'
  || a.effect === null || a.effect.getComputedTiming().iterations === Infinity)"""
"""Whether every finite animation and transition of the page has ended
(colours mid-transition would mislead axe-core's contrast check)."""


def wait_settled(page: Any) -> None:
    """Wait until the page's finite animations and transitions have ended."""
    page.wait_for_function(SETTLED, timeout=WAIT_MS)


def card_names(page: Any) -> dict[str, str]:
    """The card names of the page's game in the page's language (GET /api/games)."""
    base = re.match(r"https?://[^/]+", page.url).group(0)  # type: ignore[union-attr]
    game = page.get_attribute("#game", "data-game")
    lang = page.evaluate("document.documentElement.lang")
    games = httpx.get(f"{base}/api/games", params={"lang": lang}, timeout=30).json()
    return next(g["card_names"] for g in games if g["name"] == game)


def named(line: str, names: dict[str, str]) -> str:
    """``line`` with its card codes named, as the page writes it (table.js ``named``)."""
    if not names:
        return line
    one = "|".join(sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"\b(?:{one})(?: (?:{one}))*\b")
    return pattern.sub(lambda m: ", ".join(names.get(code, code) for code in m.group(0).split(" ")), line)


def assert_log_matches(page: Any, events: Events) -> None:
    """Each event line received is in the log exactly once (no line lost,
    none twice), its card codes named."""
    lines = wait_log_complete(page, events)
    names = card_names(page)
    expected = [named(line, names) for line in events.lines]
    missing = Counter(expected) - Counter(lines)
    extra = Counter(lines) - Counter(expected)
    assert not missing, f"lines not in the log: {list(missing)[:5]}"
    assert not extra, f"lines in the log twice or never sent: {list(extra)[:5]}"


# ----- axe-core, screenshots -------------------------------------------------------------------

def serious_violations(page: Any) -> list[dict]:
    """axe-core's serious and critical violations on ``page``."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n.get("target") for n in v.get("nodes", [])][:5]}
            for v in results.response.get("violations", []) if v.get("impact") in ("serious", "critical")]


def all_violations(page: Any) -> list[tuple[str, str]]:
    """Every axe-core violation as (impact, id) (for the report)."""
    from axe_playwright_python.sync_playwright import Axe

    return [(v.get("impact"), v["id"]) for v in Axe().run(page).response.get("violations", [])]


def shot(page: Any, name: str) -> Path:
    """A full-page screenshot ``test-artifacts/screenshots/{name}.png``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
    wait_settled(page)
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    return path


def no_horizontal_scroll(page: Any, width: int) -> None:
    scroll = page.evaluate("document.scrollingElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways: {scroll} px > {width} px"


# ----- shared by the layout, motion and screenshot tests ------------------------------------------

def sit_down(page, name: str) -> None:
    """Answer the join link's question: the name, saved."""
    page.wait_for_selector("#my-name")
    page.fill("#my-name", name)
    page.click("#name-form button[type=submit]")
    page.wait_for_selector("#waiting-sec", state="hidden")


class Thefts:
    """The Kurník thefts (``theft`` and ``robbed`` events) a page received over its WebSocket."""

    def __init__(self) -> None:
        self.seen: dict[str, dict] = {}

    def take(self, payload: str | bytes) -> None:
        for key, event in state_events(payload) or []:
            if event.get("kind") in ("theft", "robbed"):
                self.seen.setdefault(key, event)

    def first(self, kind: str) -> dict | None:
        return next((e for e in self.seen.values() if e["kind"] == kind), None)


def play_until(page, done, what: str, limit: int = 400, let_hold: bool = False) -> None:
    """Make the seat's moves (the first legal button), waiting on the page
    between them, until ``done()``; fails if the game ends first.
    ``let_hold``: a finished trick held on the table is let go by the page
    itself (its pause, then its motion), not by our next card."""
    for _ in range(limit):
        if done():
            return
        if over(page):
            raise AssertionError(f"the game ended before {what}")
        if let_hold and page.query_selector("#game[data-hold]"):
            page.wait_for_selector("#game:not([data-hold])", state="attached")
            continue
        if not click_move(page):
            wait_for_news([page])
    raise AssertionError(f"{what} never came in {limit} rounds")
