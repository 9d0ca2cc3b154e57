"""The table page's weight (issue 23, Measure): its first load, everything
the browser fetches until the table is drawn (the HTML, the JS modules, the
CSS, pictures and the page's own data requests), stays under 400 KB
uncompressed. Counted from Playwright's responses in a fresh browser context
(nothing cached), each body as the browser decoded it; printed per kind."""

from __future__ import annotations

from collections import Counter

import pytest

from .pw import create_table, join_url, needs_browser, open_page

pytestmark = [needs_browser, pytest.mark.timeout(120)]

LIMIT = 400 * 1024
"""Bytes the first load may weigh (400 KB)."""


@pytest.mark.parametrize("game", ["ugo", "trumfosaur", "kurnik"])
def test_first_load_of_the_table_page_is_under_400_kb(game, server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        made = create_table(server, game, ["human", "easy", "easy"], names=["Eva", None, None])
        responses: list = []
        ctx.on("response", lambda response: responses.append(response))
        page = open_page(ctx, join_url(made, 0))
        page.wait_for_load_state("networkidle")
        kinds: Counter = Counter()
        for response in responses:
            if 300 <= response.status < 400:
                continue  # a redirect has no body; its target is counted
            kinds[response.request.resource_type] += len(response.body())
        total = sum(kinds.values())
        print(f"\n{game}: first load {total} bytes ({total / 1024:.1f} KB) in {len(responses)} responses: "
              + ", ".join(f"{kind} {size}" for kind, size in kinds.most_common()))
        assert kinds["document"] > 0 and kinds["script"] > 0 and kinds["stylesheet"] > 0, kinds
        assert total < LIMIT, (total, kinds)
        assert page.errors == []
    finally:
        ctx.close()
