"""Motion at the table in a real browser (issue 23 item 3): a played card
comes to its place in the trick (CSS ``come``), dice roll (``roll``), a
finished trick goes to its winner, and a Kurník theft moves hen pictures
from the victim's coop to the thief's (motion.js, K-5.2); with
``prefers-reduced-motion: reduce`` none of it moves, but the pauses stay (a
finished trick is still held on the table).

The page records what moved (an init script: ``animationstart`` and
``transitionstart`` events, the ``.flying-hen`` pictures added with their
animation, the values ``#game[data-hold]`` took), so a test waits on that
record, never on time. A theft is made likely and dealt the same in every run
by a Kurník table with one hen in the supply (``supply_hens=1``: the second
hen due is stolen from its holder) dealt from the test's name (the test
server's seed, tests/server/live.py)."""

from __future__ import annotations


import pytest

from .pw import create_table, join_url, needs_browser, open_page, play_until, Thefts

pytestmark = [needs_browser, pytest.mark.timeout(300)]

RECORDER = """(() => {
  const m = window.__motion = { css: [], leaving: 0, flights: [], holds: [] };
  const coops = () => {  // each seat's coop on the screen: its plate's, or yours below the table
    const out = {};
    for (const plate of document.querySelectorAll('#plates .plate[data-seat]')) {
      const coop = plate.querySelector('.coop')
        || (plate.classList.contains('me') ? document.querySelector('#mine .coop') : null);
      const r = coop && coop.getBoundingClientRect();
      if (r && r.width) out[plate.dataset.seat] = [r.left, r.top, r.right, r.bottom];
    }
    return out;
  };
  document.addEventListener('animationstart', (e) => m.css.push({ name: e.animationName,
    play: e.target.matches('.plays.by-seat .play'), die: e.target.matches('.die') }), true);
  document.addEventListener('transitionstart', (e) => {
    if (e.propertyName === 'transform' && e.target.matches('.plays.by-seat.leaving')) m.leaving += 1; }, true);
  new MutationObserver((records) => {
    // each value data-hold took: the old value of the next change, or the value now
    const holds = records.filter((r) => r.type === 'attributes');
    holds.forEach((r, i) => m.holds.push(i + 1 < holds.length ? holds[i + 1].oldValue || ''
      : r.target.dataset.hold || ''));
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!n.classList || !n.classList.contains('flying-hen')) continue;
        const anims = n.getAnimations();
        const frames = anims.length ? anims[0].effect.getKeyframes() : [];
        const last = frames.length ? frames[frames.length - 1].transform : '';
        const end = /translate\\((-?[\\d.]+)px, (-?[\\d.]+)px\\)/.exec(last);
        const w = parseFloat(n.style.width), x = parseFloat(n.style.left) + w / 2, y = parseFloat(n.style.top) + w / 2;
        m.flights.push({ animations: anims.length, duration: anims.length ? anims[0].effect.getTiming().duration : 0,
          from: [x, y], to: end ? [x + Number(end[1]), y + Number(end[2])] : null,
          hen: n.querySelector('svg') !== null, hidden: n.getAttribute('aria-hidden') === 'true', coops: coops() });
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeOldValue: true,
    attributeFilter: ['data-hold'] });
})();"""
"""The page's record of what moved (module docstring)."""

def recording(context):
    """``context`` with the motion recorder installed in its pages before their scripts run."""
    context.add_init_script(RECORDER)
    return context


def record(page) -> dict:
    return page.evaluate("() => window.__motion")





def kurnik_thief_table(server) -> dict:
    return create_table(server, "kurnik", ["human", "easy", "easy"], names=["Eva", None, None], first_player=0,
                        supply_hens=1, turn_limit=200)


def test_a_played_card_comes_to_its_place_and_the_trick_goes_to_its_winner(server, context):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"], names=["Eva", None, None], first_player=0)
    page = open_page(recording(context), join_url(made, 0, pace=True))
    play_until(page, lambda: any(a["name"] == "come" and a["play"] for a in record(page)["css"]), "a card's come")
    # a finished trick is held (the pause), then flies to its winner's seat (when
    # a bot wins it and leads at once, the new trick takes its place instead)
    play_until(page, lambda: record(page)["leaving"] > 0, "a trick going to its winner", let_hold=True)
    seen = record(page)
    assert "trick" in seen["holds"]
    assert {a["name"] for a in seen["css"]} == {"come"} and seen["flights"] == []
    assert page.errors == []


def inside(point: list[float], box: list[float]) -> bool:
    return box[0] - 1 <= point[0] <= box[2] + 1 and box[1] - 1 <= point[1] <= box[3] + 1


def test_dice_roll_and_a_theft_moves_hens_between_coops(server, context):
    made = kurnik_thief_table(server)
    thefts = Thefts()
    page = open_page(recording(context), join_url(made, 0, pace=True), thefts)  # type: ignore[arg-type]
    play_until(page, lambda: any(a["name"] == "roll" and a["die"] for a in record(page)["css"]), "the dice's roll")
    play_until(page, lambda: thefts.first("theft") is not None, "a theft")
    theft = thefts.first("theft")
    assert theft is not None and theft["card"] == "hen" and theft["thief"] != theft["victim"]
    victim, thief = str(theft["victim"]), str(theft["thief"])
    page.wait_for_function("(n) => Number(document.getElementById('game').dataset.seq) >= n", arg=theft["seq"])
    page.wait_for_function("() => window.__motion.flights.length > 0")
    # each hen is a picture hidden from screen readers (the log says the theft), moved for 0.6-0.8 s, then removed
    page.wait_for_function("() => document.querySelectorAll('.flying-hen').length === 0")
    flights = record(page)["flights"]
    assert all(f["animations"] == 1 and 600 <= f["duration"] <= 800 and f["hen"] and f["hidden"] for f in flights)
    # a hen flew from the victim's coop to the thief's
    assert any(f["to"] and victim in f["coops"] and thief in f["coops"] and inside(f["from"], f["coops"][victim])
               and inside(f["to"], f["coops"][thief]) for f in flights), (theft, flights)
    assert page.errors == []


def test_reduced_motion_moves_nothing_but_keeps_the_pauses(server, browser):
    ctx = recording(browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US",
                                        reduced_motion="reduce"))
    try:
        made = create_table(server, "trumfosaur", ["human", "easy", "easy"], names=["Eva", None, None], first_player=0)
        page = open_page(ctx, join_url(made, 0, pace=True))
        # the pause stays: a finished trick is held, then the page lets it go (without moving it)
        play_until(page, lambda: "trick" in record(page)["holds"], "a finished trick", let_hold=True)
        page.wait_for_selector("#game:not([data-hold])", state="attached")
        seen = record(page)
        assert seen["css"] == [] and seen["leaving"] == 0, seen
        assert page.errors == []
        page.close()
        made = kurnik_thief_table(server)
        thefts = Thefts()
        page = open_page(ctx, join_url(made, 0, pace=True), thefts)  # type: ignore[arg-type]
        play_until(page, lambda: thefts.first("theft") is not None, "a theft")
        page.wait_for_function("(n) => Number(document.getElementById('game').dataset.seq) >= n",
                               arg=thefts.first("theft")["seq"])  # type: ignore[index]
        assert page.eval_on_selector_all("#centre .die", "ds => ds.length") >= 1  # the dice are drawn, still
        seen = record(page)
        assert seen["css"] == [] and seen["flights"] == [], seen
        assert page.errors == []
    finally:
        ctx.close()
