"""Fixtures of the browser tests: one ``herna serve`` for the session (the
server helper's fixtures, tests/server/conftest.py), Debian's chromium driven
by Playwright, and a folder for screenshots (test-artifacts/screenshots).

The browser tests are skipped, with the reason, when Playwright or
/usr/bin/chromium is missing (``tests.web.pw.needs_browser``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.server.conftest import app_factory, client, live_server, session_live_server  # noqa: F401
from tests.server.live import label_headers

from .pw import CHROMIUM, SHOTS, WAIT_MS


class GenerousBrowser:
    """A Playwright browser whose new contexts wait up to :data:`WAIT_MS` on
    a condition (Playwright's default, 30 s, is short for a loaded machine)
    and name the running test to the server in every request (the tables
    its pages make, in the lobby too, are dealt from that name:
    ``tests.server.live.label_headers``)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        context.set_extra_http_headers(label_headers())
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """Debian's chromium, headless, for the whole session (:class:`GenerousBrowser`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield GenerousBrowser(chromium)
        chromium.close()


@pytest.fixture(scope="session")
def server(session_live_server):  # noqa: F811 - the imported fixture
    """The session's ``herna serve`` (SQLite)."""
    return session_live_server


@pytest.fixture(scope="session")
def shots() -> Path:
    """The screenshot folder (created)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture
def context(browser):
    """A fresh browser context (cookies of its own), English, desktop size."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    yield ctx
    ctx.close()
