"""Issue 24 in the browser, the keys (js/table/a11y.js, a11y_keys.js): the
history keys (b, n, a, j, d), the readouts (l, h, w, r, k, p), the list of
keys (?) in both languages, the verbosity switch (v, remembered), the
letter keys ignored in the chat box, the arrows and f among the cards you
may play, the clock's "Time ran out" and the "partly by a bot" mark said,
and no focus drop while the lobby makes a table."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.games.kurnik.positions import table as kurnik_table
from tests.server.live import label_headers

from .a11y import RECORDER, answers, codes_in, press
from .pw import (
    WAIT_MS, card_names, click_move, create_table, join_url, log_lines, my_turn, needs_browser, open_page,
    serious_violations,
)

pytestmark = [needs_browser, pytest.mark.timeout(240)]

PLACE = re.compile(r"^(?:That is the (?:first|newest) event\. )?(\d+)/(\d+): ")


@pytest.fixture
def recorded(browser):
    """A context whose pages record their live regions (tests/web/a11y.py); English unless a test switches."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    ctx.add_init_script(RECORDER)
    yield ctx
    ctx.close()


def play_moves(page, n: int) -> None:
    """Make ``n`` moves of ours (clicking the first legal button), then wait until it is our move again."""
    made = 0
    while made < n:
        page.wait_for_function("() => document.getElementById('game').dataset.turn === 'mine'"
                               " && !document.getElementById('game').dataset.pending", timeout=WAIT_MS)
        if click_move(page):
            made += 1
    page.wait_for_function("() => document.getElementById('game').dataset.turn === 'mine'", timeout=WAIT_MS)


def place(answer: str) -> tuple[int, int]:
    found = PLACE.match(answer)
    assert found, answer
    return int(found.group(1)), int(found.group(2))


def test_history_and_readout_keys(server, recorded):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"])
    page = open_page(recorded, join_url(made, 0))
    play_moves(page, 5)  # the invitation, then tricks
    page.focus("#game")
    names = card_names(page)
    last = press(page, "l")
    assert last.startswith("The last ") and not codes_in(last, names)
    newest = press(page, "n")
    assert newest.startswith("That is the newest event. ")
    k, n = place(newest)
    assert k == n > 3
    one_back = press(page, "b")
    assert place(one_back) == (n - 1, n)
    again = press(page, "a")  # the entry at the cursor, in full
    assert place(again) == (n - 1, n)
    assert place(press(page, "n")) == (n, n)
    trick = press(page, "j")  # the start of the current (or the just finished) trick: its first card
    assert re.search(r": (You play|.+ plays) ", trick), trick
    deal = press(page, "d")
    assert place(deal)[0] == 1 and "Deal 1 begins." in deal
    assert press(page, "b").startswith("That is the first event. 1/")
    assert press(page, "w").startswith("Your turn.")
    assert press(page, "r") == "No turn clock runs now."
    hand = press(page, "h")
    assert hand and not codes_in(hand, names)
    # p: the score sheet, its words said with the Close button that takes the focus; p again closes it
    page.keyboard.press("p")
    page.wait_for_selector("#sheet-dlg[open]")
    assert page.evaluate("document.activeElement.id") == "sheet-close"
    assert "score sheet is empty" in page.inner_text("#sheet-words")
    page.keyboard.press("p")
    page.wait_for_selector("#sheet-dlg:not([open])", state="attached")
    assert page.errors == []


def test_the_list_of_keys_in_both_languages(server, recorded):
    made = create_table(server, "ugo", ["human", "easy", "easy"])
    page = open_page(recorded, join_url(made, 0))
    page.focus("#game")
    page.keyboard.press("?")
    page.wait_for_selector("#keys-sec:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "keys-h"
    english = page.eval_on_selector_all("#keys-list li", "ls => ls.map(l => l.textContent)")
    keys = [line.split(":")[0] for line in english]
    assert set("htswkrplbnajduvfigmoc?") == set(keys), keys
    assert "k: your kingdom" in english and "j: history, to the start of the current trick" in english
    assert serious_violations(page) == []  # axe-core, with the list and the verbosity switch shown
    page.keyboard.press("Escape")
    page.wait_for_selector("#keys-sec[hidden]", state="attached")
    page.click("button[data-lang=cs]")
    page.wait_for_function("() => document.documentElement.lang === 'cs'")
    page.focus("#game")
    page.keyboard.press("?")
    page.wait_for_selector("#keys-sec:not([hidden])")
    czech = page.eval_on_selector_all("#keys-list li", "ls => ls.map(l => l.textContent)")
    assert len(czech) == len(english) and "k: tvoje království" in czech and "b: historie, o událost zpět" in czech
    # the help page lists the same keys
    help_page = recorded.new_page()
    help_page.goto(server.url + "/help")
    help_page.wait_for_selector("#letter-keys dt")
    listed = help_page.eval_on_selector_all("#letter-keys dt", "ds => ds.map(d => d.textContent)")
    assert set(listed) == set(keys)
    assert "Ugo!: tvoje království" in help_page.inner_text("#letter-keys")  # the language chosen before
    assert page.errors == []


def test_verbosity_switch_is_remembered_and_letters_are_typed_in_the_chat(server, recorded):
    made = create_table(server, "kurnik", ["human", "easy", "easy"])
    page = open_page(recorded, join_url(made, 0))
    play_moves(page, 2)
    brief = log_lines(page, notes=False)
    assert page.get_attribute("#verbosity", "aria-pressed") == "false"
    page.focus("#game")
    assert press(page, "v").startswith("Full detail")
    page.wait_for_function("() => document.getElementById('verbosity').getAttribute('aria-pressed') === 'true'")
    full = log_lines(page, notes=False)
    assert sum(map(len, full)) > sum(map(len, brief)), (brief, full)
    page.reload()
    page.wait_for_selector("#game[data-seq]")
    assert page.get_attribute("#verbosity", "aria-pressed") == "true"  # remembered in this browser
    page.focus("#game")
    assert press(page, "v").startswith("Brief")
    # letters typed in the chat box are letters: no key runs (the next answer is the w pressed outside it)
    page.focus("#chat-text")
    page.keyboard.type("hbnv?")
    assert page.input_value("#chat-text") == "hbnv?"
    before = len(answers(page))
    page.focus("#game")
    said = press(page, "w")
    assert len(answers(page)) == before + 1 and said.startswith(("Your turn.", "Waiting for"))
    assert page.get_attribute("#verbosity", "aria-pressed") == "false"
    assert page.errors == []


@pytest.mark.parametrize("game,start", [("ugo", "Your kingdom: A "), ("kurnik", "")])
def test_kingdom_and_coops_key(game, start, server, recorded):
    made = create_table(server, game, ["human", "easy", "easy"])
    page = open_page(recorded, join_url(made, 0))
    page.focus("#game")
    said = press(page, "k")
    assert said.startswith(start), said
    if game == "kurnik":  # every coop: each seat's line
        assert said.count(": holds ") == 3 and said.startswith("Seat 1 (you): holds "), said
    assert page.errors == []


def test_arrows_and_f_move_only_among_playable_cards(server, recorded):
    made = create_table(server, "trumfosaur", ["human", "easy", "easy"])
    page = open_page(recorded, join_url(made, 0))
    for _ in range(40):  # until a trick where some of our cards may not be played
        page.wait_for_function("() => document.getElementById('game').dataset.turn === 'mine'"
                               " && !document.getElementById('game').dataset.pending", timeout=WAIT_MS)
        dimmed = page.eval_on_selector_all("#hand button[aria-disabled=true]", "bs => bs.length")
        playable = page.eval_on_selector_all("#hand button[data-action]:not([aria-disabled=true])",
                                             "bs => bs.map(b => b.dataset.key)")
        if dimmed and len(playable) >= 2:
            break
        click_move(page)
    else:
        pytest.fail("no trick with cards that may not be played")
    page.focus("#game")
    page.keyboard.press("f")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#hand')")
    seen = []
    for _ in range(len(playable) + 1):
        key = page.evaluate("document.activeElement.dataset.key")
        assert page.evaluate("document.activeElement.getAttribute('aria-disabled')") is None, key
        seen.append(key)
        page.keyboard.press("ArrowRight")
    assert set(seen) == set(playable) and seen[0] == seen[-1], (seen, playable)
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.key") == playable[-1]
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.key") == playable[0]
    assert my_turn(page) and page.errors == []


def test_the_clock_says_the_bot_played_for_you(server, recorded):
    """A turn clock of 30 s that runs out: the log says "Time ran out: the bot played ... for you." (the
    server's clock_ran_out event) and that the game is now marked as played partly by a bot; r said the time."""
    made = httpx.post(f"{server.url}/api/tables", json={"game": "ugo", "options": {"rounds": 1},
                                                        "seats": ["human", "easy", "easy"],
                                                        "settings": {"clock": 30}}, headers=label_headers(),
                      timeout=30).json()
    page = open_page(recorded, join_url(made, 0))
    page.wait_for_selector("#status .clock.mine")
    page.focus("#game")
    assert re.match(r"You have \d+ s to move; m gives more time \(10 times left\)\.$", press(page, "r"))
    assert "You have" in press(page, "w")  # whose turn, with the time left
    # the server's clock runs 30 s of real time: a wait for its end, long for a loaded machine
    page.wait_for_function("() => window.__said.some(t => t.includes('Time ran out: the bot played'))",
                           timeout=30_000 + 2 * WAIT_MS)
    said = [item for item in page.evaluate("window.__said") if "Time ran out" in item][0]
    assert re.search(r"Time ran out: the bot played .+ for you\.", said), said
    assert not codes_in(said, card_names(page))
    page.wait_for_function("() => window.__said.some(t => t.includes('played partly by a bot'))", timeout=WAIT_MS)
    assert page.errors == []


def test_no_focus_drop_while_the_lobby_makes_a_table(server, recorded):
    page = recorded.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#games input[value=trumfosaur]")
    page.check("#game-trumfosaur")
    held = []
    page.route("**/api/tables", lambda route: held.append(route) if route.request.method == "POST"
               else route.continue_())
    page.focus("#create")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('new-table').getAttribute('aria-busy') === 'true'")
    while not held:  # the request reaches the route: the table is being made now
        page.wait_for_timeout(20)
    assert page.evaluate("document.activeElement.id") == "create"
    assert page.get_attribute("#create", "aria-disabled") == "true"
    held[0].continue_()
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'made-h'")
    assert page.get_attribute("#create", "aria-disabled") is None


TONE_SPY = """
window.__tones = [];
if (window.AudioContext) {
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() {
      const osc = super.createOscillator();
      const start = osc.start.bind(osc);
      osc.start = (when) => { window.__tones.push(osc.frequency.value); return start(when); };
      return osc;
    }
  };
}
"""
"""Init script: the frequencies of the tones the page starts (sounds.js), in ``window.__tones``."""


def sounds_switched_on(server, recorded, game: str, moves: int):
    """A page of ``game`` (seat 1 against two easy bots) with its tones recorded: ``moves`` moves silent (sounds
    are off at first), then sounds switched on with the u key."""
    recorded.add_init_script(TONE_SPY)
    made = create_table(server, game, ["human", "easy", "easy"])
    page = open_page(recorded, join_url(made, 0))
    play_moves(page, moves)
    assert page.evaluate("window.__tones") == []  # off at first
    assert page.get_attribute("#sounds", "aria-pressed") == "false"
    page.focus("#game")
    assert press(page, "u").startswith("Sounds on")
    assert page.get_attribute("#sounds", "aria-pressed") == "true"
    return page


def test_sounds_are_off_until_u_and_then_mark_the_turn_and_the_tricks(server, recorded):
    page = sounds_switched_on(server, recorded, "trumfosaur", 2)
    play_moves(page, 3)  # tricks are won meanwhile, and it is our turn again
    tones = page.evaluate("window.__tones")
    assert 880 in tones, tones  # your turn
    assert 784 in tones or 311 in tones, tones  # a trick won (the rising chord) or lost (the falling pair)
    page.reload()
    page.wait_for_selector("#game[data-seq]")
    assert page.get_attribute("#sounds", "aria-pressed") == "true"  # remembered
    assert page.errors == []


DICE, THEFT = {190, 240, 210}, {220, 165}
"""The frequencies of sounds.js's TONES dice and theft."""


def test_sounds_mark_the_dice_of_a_roll(server, recorded):
    """Kurník: sounds switched on with u, a roll (ours or a bot's) gives the dice tones; none before u."""
    page = sounds_switched_on(server, recorded, "kurnik", 1)
    play_moves(page, 2)  # our rolls, and the bots' between them
    tones = set(page.evaluate("window.__tones"))
    assert DICE <= tones, tones
    assert not THEFT & tones, tones  # nobody had a hen to steal in the first turns
    assert page.errors == []


SOUNDS_OF = """async ([steps, seats]) => {
  const sounds = await import('/static/js/table/sounds.js');
  return steps.map((events) => seats.map((me) => sounds.soundOfStep(events, me)));
}"""
"""sounds.js's ``soundOfStep`` for each step's events (a list of lists) and each viewer (a seat or null)."""


def test_a_theft_from_you_sounds_before_the_dice_of_its_roll(server, recorded):
    """The sound of a step (sounds.js soundOfStep, pure: imported in the page) for the engine's own events.
    K-5.2: Seat 1 rolls a hen with no hen left in the supply and takes one from Seat 2, the only one with
    hens, in the same step as its dice: Seat 2 hears the theft (it heard the dice before the fix), Seat 1
    and a spectator the dice. K-9.1: rob one, after a double six: the robbed seat hears the theft, the
    others the dice of the re-roll (K-4.5). With sounds on, the theft sound plays its tones."""
    steal = kurnik_table(players=2, coops=[(0, 0, 0), (0, 0, 2)], supply_hens=0)
    steal.apply_action("dice 6 2")
    stolen = steal.events()
    assert [e["kind"] for e in stolen if e["kind"] in ("dice_rolled", "theft")] == ["dice_rolled", "theft"]
    rob = kurnik_table(players=3, coops=[(0, 0, 0), (0, 0, 2)], rough_thief=True)
    rob.apply_action("dice 6 6")
    rob.apply_action("rob 1")  # announced; the re-roll's difference, 5, is what Seat 2 gives
    since = rob.events()[-1]["seq"]
    rob.apply_action("dice 6 1")
    robbed = rob.events(since)
    assert [e["kind"] for e in robbed if e["kind"] == "robbed"] == ["robbed"]
    recorded.add_init_script(TONE_SPY)
    made = create_table(server, "kurnik", ["human", "easy", "easy"])
    page = open_page(recorded, join_url(made, 0))
    heard = page.evaluate(SOUNDS_OF, [[stolen, robbed], [0, 1, 2, None]])
    assert heard == [["dice", "theft", "dice", "dice"], ["dice", "theft", "dice", "dice"]], heard
    page.focus("#game")
    assert press(page, "u").startswith("Sounds on")
    assert page.evaluate("async () => (await import('/static/js/table/sounds.js')).play('theft')") is True
    assert THEFT <= set(page.evaluate("window.__tones"))
    assert page.errors == []
