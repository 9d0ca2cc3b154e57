"""Issue 27 in the browser: a hint shows its progress while the search runs
(a bar that fills over the search's budget, aria-busy on the hint box, both
gone with the answer), and a finished game's page reviews the game (the g
key and the "Review my game" button: herna.server.review): a progress bar
while it searches, then the endpoint's mistakes as a list under a heading
that takes the focus, each able to show its move in the replay; a
spectator gets the review of the seats people played."""

from __future__ import annotations

import httpx
import pytest

from herna.server.review import REVIEW_TIMEOUT

from .pw import create_table, join_url, needs_browser, open_page, play_until_over, shot, status

pytestmark = [needs_browser, pytest.mark.timeout(300)]

WATCH = """(ids) => {
  // every change under the watched region: [aria-busy of the box, the progress shown, a <progress> in it, its value]
  const [region, box, progress] = ids.map((id) => document.getElementById(id));
  window.__seen = [];
  const note = () => {
    const bar = progress.querySelector('progress');
    window.__seen.push([box.getAttribute('aria-busy'), !progress.hidden, Boolean(bar),
                        bar && bar.hasAttribute('value') ? Number(bar.value) : null]);
  };
  window.__watch = new MutationObserver(note);
  window.__watch.observe(region, { attributes: true, childList: true, subtree: true, characterData: true });
}"""


def watch(page, region: str, box: str, progress: str) -> None:
    page.evaluate(WATCH, [region, box, progress])


def seen(page) -> list[list]:
    return page.evaluate("() => { window.__watch.disconnect(); return window.__seen; }")


def test_hint_progress_and_the_review_of_a_finished_game(server, browser, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"], names=["Eva", None, None])
    page = open_page(context, join_url(made, 0))
    hinted = []

    def hint_once(page) -> None:
        if hinted:
            return
        hinted.append(True)
        watch(page, "hint-sec", "hint-box", "hint-progress")
        page.focus("#game")
        page.keyboard.press("i")
        page.wait_for_selector("#hint-box li")
        page.wait_for_selector("#hint-progress", state="hidden")
        changes = seen(page)
        # shown while searching: the bar, filled over the search's budget from the server's progress lines,
        # and the box busy
        busy = [value for box_busy, shown, bar, value in changes if box_busy == "true" and shown and bar]
        assert busy and busy[0] == 0 and max(busy) > 0, changes
        assert page.get_attribute("#hint-box", "aria-busy") is None
        assert page.eval_on_selector_all("#hint-progress progress", "ps => ps.length") == 0

    play_until_over([page], before_move=hint_once)
    assert hinted
    page.wait_for_selector("#review-sec:not([hidden])")
    assert page.inner_text("#review-button") == "Review my game (g)"
    watch(page, "review-sec", "review", "review-progress")
    page.focus("#game")
    page.keyboard.press("g")
    # the review searches every decision of the seat (4,000 iterations each): on a loaded machine it can take
    # longer than a page's usual wait, so this one waits as long as the server lets a review run
    page.wait_for_selector("#review-h", timeout=REVIEW_TIMEOUT * 1000)
    assert page.evaluate("document.activeElement.id") == "review-h"
    assert page.inner_text("#review-h") == "Review of your game"
    changes = seen(page)
    assert any(busy == "true" and shown and bar for busy, shown, bar, _ in changes), changes
    assert page.get_attribute("#review", "aria-busy") is None and not page.is_visible("#review-progress")
    # the same as the endpoint's answer (the people's seats: Eva's), in the same order
    answer = httpx.get(f"{server.url}/api/tables/{made['table']}/review?lang=en&top=10", timeout=120).json()
    assert answer["seats"] == [0]
    mistakes = answer["mistakes"]
    listed = page.eval_on_selector_all("#review .review-list > li",
                                       "ls => ls.map(l => [Number(l.dataset.seq), l.innerText])")
    assert [seq for seq, _ in listed] == [m["seq"] for m in mistakes]
    assert [answer["items"][m["item"]]["seq"] for m in mistakes] == [m["seq"] for m in mistakes]
    for (_, words), mistake in zip(listed, mistakes):
        item = answer["items"][mistake["item"]]
        assert item["best"] != item["played"] and item["loss"] > 0
        assert mistake["where"] in words and f"Lost {mistake['loss']} (± {mistake['se']})" in words, words
        assert "Played: " in words and "Better: " in words
    texts = page.inner_text("#review")
    assert answer["summary"] in texts and answer["note"] in texts
    page.wait_for_function("(n) => document.getElementById('speak').textContent"
                           ".startsWith(`Review ready. Mistakes listed: ${n}.`)", arg=len(mistakes))
    shot(page, "trumfosaur-review")
    if mistakes:  # a mistake's move in the replay
        page.click("#review .review-list > li button")
        page.wait_for_selector(f"#game[data-replay='{mistakes[0]['seq']}']")
        assert page.evaluate("document.activeElement.id") == "replay-h"
    assert status(page) == "finished"
    assert page.errors == []
    # a spectator's review is of the seats people played: the same one, by the button
    watcher_context = browser.new_context(locale="en-US")
    try:
        watcher = open_page(watcher_context, f"{server.url}/t/{made['table']}?pace=0")
        assert watcher.inner_text("#review-button") == "Review the game (g)"
        watcher.click("#review-button")
        watcher.wait_for_selector("#review-h", timeout=REVIEW_TIMEOUT * 1000)  # the same review (see above)
        assert watcher.inner_text("#review-h") == "Review of the game: Eva"
        assert watcher.eval_on_selector_all("#review .review-list > li", "ls => ls.map(l => Number(l.dataset.seq))") \
            == [m["seq"] for m in mistakes]
        assert watcher.errors == []
    finally:
        watcher_context.close()
