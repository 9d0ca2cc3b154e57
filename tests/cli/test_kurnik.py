"""Kurník at the terminal: render and describe in English and Czech, as words a
screen reader can read (K-4.4 bird flu, K-4.2 gifts, K-1.4 the win)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import herna
from herna.text import kurnik as K
from herna.cli.style import Style
from herna.core import CHANCE

from ..games.kurnik.positions import table


def lines_of(state, since: int, lang: str = "en", viewer=None) -> list[str]:
    """The sentences of every event after action ``since``, as ``viewer`` reads them."""
    style = Style.make(lang)
    return [line for event in state.events(since=since, seat=viewer) for line in K.describe_event(event, viewer, style)]


def text_of(renderable) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_render_and_describe_a_whole_game(lang):
    game = herna.load("kurnik", players=4, rough_thief=True, dead_rooster=True)
    state, rng = game.new_initial_state(), random.Random(7)
    while not state.is_terminal():
        actor, since = state.current_player(), len(state.history())
        action = state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions())
        token = state.action_to_string(action)
        state.apply_action(action)
        lines = lines_of(state, since, lang)
        assert isinstance(lines, list) and all(isinstance(line, str) and line for line in lines)
        if token != "roll":
            assert lines, token
        text_of(K.render(state.view(1), 1, lang, ["human", "greedy", "random", "random"]))
    final = text_of(K.render(state.view(), None, lang))
    assert ("WINNER" if lang == "en" else "VÍTĚZ") in final
    assert any(("wins" if lang == "en" else "vítězí") in line for line in lines)


def test_render_shows_places_counts_supply_and_quarantine():
    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    for action in ("dice 6 5", "dice 3 1", "dice 5 5", "die 2"):
        state.apply_action(action)
    text = text_of(K.render(state.view(), None, "en"))
    assert "HC·······" in text and "1 hen, 1 chick, 0 eggs, 7 free places" in text
    assert "Supply: 35 hens, 35 chicks, 34 eggs" in text
    assert "In quarantine (no roll in the next turn): Seat 1" in text
    assert "5 and 5" in text and "extra die 2" in text
    text = text_of(K.render(state.view(), None, "cs"))
    assert "SK·······" in text and "1 slepice, 1 kuře, 0 vajec, 7 volných míst" in text


def test_describe_bird_flu_and_gift():
    state = herna.load("kurnik", players=3, first_player=0).new_initial_state()
    steps = []
    for action in ("dice 5 4", "dice 2 1", "dice 3 1", "dice 5 5", "die 4"):
        since = len(state.history())
        state.apply_action(action)
        steps.append(lines_of(state, since))
    assert steps[3] == ["Seat 1 rolls 5 and 5 (double five, bird flu: rolls one more die)."]
    assert steps[4][0] == "Bird-flu die 4: Seat 1 loses all chicks to the supply (2 chicks)."
    assert steps[4][1].startswith("Seat 1 now has 0 hens, 0 chicks, 0 eggs")
    state.apply_action("dice 1 1")  # seat 1 must give an egg
    since = len(state.history())
    state.apply_action("give 2")
    lines = lines_of(state, since, "cs")
    assert lines[0] == "Hráč 2 dává vejce hráči 3."
    assert lines[1:] == ["Hráč 2 má teď 0 slepic, 0 kuřat, 1 vejce, 8 volných míst.",
                         "Hráč 3 má teď 0 slepic, 0 kuřat, 3 vejce, 6 volných míst."]


def test_counts_use_czech_plurals():
    assert [K.count(n, "hens", "cs") for n in (1, 3, 5, 0)] == ["1 slepice", "3 slepice", "5 slepic", "0 slepic"]
    assert K.count(1, "hens", "cs", accusative=True) == "1 slepici"
    assert [K.count(n, "eggs", "en") for n in (1, 2)] == ["1 egg", "2 eggs"]
    assert [K.count(n, "eggs", "cs") for n in (1, 2, 5)] == ["1 vejce", "2 vejce", "5 vajec"]
    assert [K.count(n, "chicks", "cs") for n in (1, 2, 5)] == ["1 kuře", "2 kuřata", "5 kuřat"]
    assert [K.count(n, "roosters", "cs", accusative=True) for n in (1, 2, 5)] == ["1 kohouta", "2 kohouty", "5 kohoutů"]


# ----- the log tells exactly what happened, in order ---------------------------------------

def step(state, action, lang="en"):
    """Apply one action (no automatic follow-ups; dice after a ``roll``) and say its events."""
    if action.startswith("dice") and state.current_player() != CHANCE and state.view()["phase"] == "turn":
        state._checked_do(state.string_to_action("roll"))
    since = len(state.history())
    state._checked_do(state.string_to_action(action))
    return lines_of(state, since, lang)


def test_a_hen_due_from_an_empty_supply_is_a_theft_not_nothing():
    """K-5.2 / K-5.4: the user's report: 6 and 2 with 4 free places and no hen in the supply."""
    state = table(coops=[(1, 1, 3), (0, 0, 2), (0, 0, 4)], seat=0, supply_hens=0)
    lines = step(state, "dice 6 2")
    assert lines == ["Seat 1 rolls 6 and 2.",
                     "The 6 pays a hen, but the supply has none: Seat 1 must take one from another player "
                     "(thief rule).",
                     "The 2 is paid after that."]
    assert not any("Nothing is paid" in line for line in lines)
    assert state.legal_action_strings() == ["steal 1", "steal 2"]
    lines = step(state, "steal 2")
    assert lines == ["Seat 1 takes a hen from Seat 3 (thief rule).", "The 2 pays an egg.",
                     "Seat 1 now has 4 hens, 1 chick, 2 eggs, 2 free places.",
                     "Seat 3 now has 3 hens, 0 chicks, 0 eggs, 6 free places."]
    cs = table(coops=[(1, 1, 3), (0, 0, 2), (0, 0, 4)], seat=0, supply_hens=0)
    assert step(cs, "dice 6 2", "cs")[1].startswith("Kostka 6 přináší slepici, ale v zásobě žádná není")
    assert step(cs, "steal 1", "cs")[:2] == ["Hráč 1 bere slepici hráči 2 (zlodějské pravidlo).",
                                             "Kostka 2 přináší vejce."]


def test_a_full_coop_grows_cards_and_drops_what_finds_no_place():
    """K-7.1: the hen grows a chick, the chick grows an egg; a rolled egg without a place is dropped."""
    state = table(coops=[(2, 1, 6)])
    assert step(state, "dice 6 4") == [
        "Seat 1 rolls 6 and 4.", "The 6 pays a hen: no free place, so a chick grows into a hen.",
        "The 4 pays a chick: no free place, so an egg grows into a chick.",
        "Seat 1 now has 7 hens, 1 chick, 1 egg, 0 free places."]
    state = table(coops=[(0, 3, 6), (0, 0, 1)], supply_hens=0)  # full, no hen in the supply: theft and growth
    assert step(state, "dice 6 1")[1].startswith("The 6 pays a hen, but the supply has none")
    assert step(state, "steal 1") == [
        "Seat 1 takes a hen from Seat 2 (thief rule).", "No free place: a chick grows into a hen.",
        "The 1 would pay an egg, but there is no free place: it is dropped.",
        "Seat 1 now has 7 hens, 2 chicks, 0 eggs, 0 free places.",
        "Seat 2 now has 0 hens, 0 chicks, 0 eggs, 9 free places."]
    state = table(coops=[(9, 0, 0)])
    assert step(state, "dice 5 6")[1:] == [
        "The 6 would pay a hen, but there is no free place and no chick to grow: it is dropped.",
        "The 5 pays a chick: no free place, so an egg grows into a chick.",
        "Seat 1 now has 0 hens, 1 chick, 8 eggs, 0 free places."]


def test_doubles_are_said_with_the_roll():
    state = table(coops=[(0, 0, 2)])
    assert step(state, "dice 3 3") == ["Seat 1 rolls 3 and 3 (double three: must give a hen to another player)."]
    state = table(coops=[(3, 0, 0)])
    assert step(state, "dice 4 4", "cs") == [
        "Hráč 1 hází 4 a 4 (dvě čtyřky, bída: vrací do zásoby všechna vejce, celkem 3 vejce).",
        "Hráč 1 má teď 0 slepic, 0 kuřat, 0 vajec, 9 volných míst."]
    state = table(coops=[(0, 0, 0)])
    assert step(state, "dice 1 1") == ["Seat 1 rolls 1 and 1 (double one: has no egg to give, so nothing happens)."]


def test_rooster_blocks_say_who_tried_and_multi_hen_thefts_count_down():
    """K-9.2 and K-4.5 take with too few hens in the supply (K-5.2 one by one)."""
    state = table(players=4, coops=[(0, 0, 0), (0, 0, 3, 1), (0, 0, 2)], supply_hens=1, dead_rooster=True)
    step(state, "dice 6 6")
    step(state, "take")
    assert step(state, "dice 4 1") == [
        "Re-roll 4 and 1: difference 3.", "Seat 1 takes 1 hen from the supply.",
        "The supply has no more hens: Seat 1 must take 2 hens from other players, one at a time (thief rule).",
        "Seat 1 now has 1 hen, 0 chicks, 0 eggs, 8 free places."]
    assert step(state, "steal 1") == [
        "Seat 1 tries to take a hen from Seat 2; Seat 2's rooster stops it (1 more it can stop).",
        "Seat 1 is still due 1 hen."]
    assert step(state, "steal 2") == ["Seat 1 takes a hen from Seat 3 (thief rule).",
                                      "Seat 1 now has 2 hens, 0 chicks, 0 eggs, 7 free places.",
                                      "Seat 3 now has 1 hen, 0 chicks, 0 eggs, 8 free places."]
    state = table(players=4, coops=[(0, 0, 0), (0, 0, 3, 2)], supply_hens=0, dead_rooster=True)
    step(state, "dice 6 5")
    assert step(state, "steal 1", "cs")[0] == ("Hráč 1 se pokouší vzít slepici hráči 2, ale kohout hráče 2 "
                                               "krádež zastavil a zahynul.")


def test_rob_one_and_rob_all_say_what_was_taken():
    state = table(players=4, coops=[(0, 0, 0), (0, 0, 3, 0), (0, 0, 1)], rough_thief=True, dead_rooster=True)
    step(state, "dice 6 6")
    step(state, "rob 3")
    assert step(state, "dice 5 1") == ["Re-roll 5 and 1: difference 4.", "Seat 4 has no hens: nothing is taken."]
    state = table(players=4, coops=[(0, 0, 0), (0, 0, 3, 0), (0, 0, 1)], rough_thief=True, dead_rooster=True)
    step(state, "dice 6 6")
    step(state, "rob all")
    assert step(state, "dice 3 1") == [
        "Re-roll 3 and 1: difference 2.",
        "Seat 1 tries to rob Seat 2; Seat 2's rooster stops it (2 more it can stop).",
        "Seat 3 returns 1 hen to the supply, all it had.", "No hens, nothing to lose: Seat 4.",
        "Seat 3 now has 0 hens, 0 chicks, 0 eggs, 9 free places."]
    state = table(players=3, coops=[(7, 0, 1), (0, 0, 5)], rough_thief=True)
    step(state, "dice 6 6")
    step(state, "rob 1")
    assert step(state, "dice 5 2", "cs") == [
        "Druhý hod 5 a 2: rozdíl 3.", "Hráč 1 bere 3 slepice hráči 2.",
        "Hráč 1 má místo jen pro 1 slepici; 2 slepice jdou zpět do zásoby.",
        "Hráč 1 má teď 2 slepice, 0 kuřat, 7 vajec, 0 volných míst.",
        "Hráč 2 má teď 2 slepice, 0 kuřat, 0 vajec, 7 volných míst."]


def test_losses_are_said_before_the_gains_they_pay_for():
    """Item 7: an exchange gives up the cards first; the log keeps that order."""
    state = table(coops=[(3, 0, 0)])
    lines = step(state, "exchange eggs")
    assert lines == ["Seat 1 exchanges 3 eggs for a chick.", "Seat 1 now has 0 hens, 1 chick, 0 eggs, 8 free places."]
    assert not any("gets" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_event_is_said_in_words(lang):
    """Every event of long games with every variant reads as sentences (the roll and a double's
    dice_rolled are said by the events that follow them)."""
    for options in ({"players": 5, "rough_thief": True, "dead_rooster": True, "supply_hens": 14, "turn_limit": 300},
                    {"players": 3, "six_six": "fox", "dead_rooster": True, "missing_hens": True},
                    {"players": 4, "supply_eggs": 5, "supply_chicks": 4, "supply_hens": 10, "rough_thief": True,
                     "turn_limit": 200}):
        game = herna.load("kurnik", **options)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                actor = state.current_player()
                state.apply_action(state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions()))
            for event in state.events():
                lines = K.describe_event(event, None, Style.make(lang))
                silent = event["kind"] == "roll" or (event["kind"] == "dice_rolled" and len(set(event["dice"])) == 1)
                assert bool(lines) != silent, event
                assert all(line and "{" not in line for line in lines), (event, lines)


# ----- help --------------------------------------------------------------------------------

def test_help_explains_every_legal_choice_and_the_dice():
    state = table(players=4, coops=[(3, 3, 5)], dead_rooster=True, rough_thief=True)
    text = K.help_text(state.view(0), "en", legal=state.legal_action_strings())
    for choice in state.legal_action_strings():
        assert f"\n  {choice}: " in text
    assert "give back 3 eggs, get 1 chick (you have 3 eggs)" in text
    assert "give back 5 hens, get a rooster (you have 5 hens" in text
    assert "Dice: 1, 2 or 3 pays an egg, 4 or 5 a chick, 6 a hen" in text and "Doubles: 1-1" in text
    assert "herna rules kurnik" in text
    step(state, "roll")
    step(state, "dice 6 6")
    legal = state.legal_action_strings()
    text = K.help_text(state.view(0), "en", legal=legal)
    assert [line.split(":")[0].strip() for line in text.splitlines()[1:1 + len(legal)]] == legal
    assert "rob 1: Seat 2 has no hens, so nothing would be taken." in text
    cs = K.help_text(state.view(0), "cs", legal=legal)
    assert "take: dostaneš D slepic" in cs and "původní česká pravidla: herna rules kurnik --rulebook" in cs
    state = table(players=3, coops=[(0, 1, 0), (0, 0, 2), (9, 0, 0)])
    step(state, "dice 2 2")
    text = K.help_text(state.view(0), "en", legal=state.legal_action_strings())
    assert "give 1: give a chick to Seat 2 (2 hens, 0 chicks, 0 eggs, 7 free places)." in text
    assert "the coop is full, so the card goes back to the supply" in text
    state = table(coops=[(0, 0, 0), (0, 0, 2), (0, 0, 3)], supply_hens=0)
    step(state, "dice 6 1")
    text = K.help_text(state.view(0), "cs", legal=state.legal_action_strings())
    assert "steal 1: vezmeš jednu slepici hráči 2 (2 slepice)." in text and "máš dostat 1 slepici" in text


def test_help_in_a_quarantine_turn_explains_pass():
    state = table(players=2, coops=[(3, 0, 0)])
    for action in ("roll", "dice 5 5", "die 1", "dice 2 1"):
        step(state, action)
    assert state.legal_action_strings() == ["exchange eggs", "pass"]
    text = K.help_text(state.view(0), "en", legal=state.legal_action_strings())
    assert "  pass: you are in quarantine (bird flu) and may not roll this turn" in text
    assert "  roll:" not in text
    assert "What your choices mean now:" not in K.help_text(state.view(0), "en")  # no legal list: the dice only


def test_help_for_every_decision_of_a_game():
    """Every decision of a long game gets a help line per legal action, in Czech too."""
    game = herna.load("kurnik", players=5, rough_thief=True, dead_rooster=True, supply_hens=14, turn_limit=300)
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            state._checked_do(state.sample_chance(rng))
            continue
        legal = state.legal_action_strings()
        text = K.help_text(state.view(actor), "cs", legal=legal)
        assert all(f"\n  {choice}: " in text for choice in legal)
        state._checked_do(rng.choice(state.legal_actions()))


# ----- the human's automatic roll ----------------------------------------------------------

def test_the_viewers_forced_roll_is_announced():
    state = table(players=3, coops=[(0, 0, 0), (2, 2, 0)], seat=0)
    step(state, "dice 2 1")  # now seat 1's turn: roll is its only choice
    since = len(state.history())
    assert state.view()["phase"] == "turn" and state.view()["turn_player"] == 1
    state._checked_do(state.string_to_action("roll"))
    assert state.events(since=since)[0] == {"seq": since + 1, "kind": "roll", "seat": 1, "only": True}
    assert lines_of(state, since) == []  # a spectator's log: nothing to say
    assert lines_of(state, since, viewer=1) == ["Your turn: you can only roll."]
    assert lines_of(state, since, "cs", viewer=1) == ["Jsi na tahu: můžeš jen házet."]
    assert lines_of(state, since, viewer=2) == []  # another seat: nothing
    chosen = table(players=3, coops=[(0, 0, 0), (3, 0, 0)], seat=1)
    since = len(chosen.history())
    chosen.apply_action("roll")
    assert chosen.events(since=since)[0]["only"] is False  # roll was a choice: nothing to announce
    assert lines_of(chosen, since, viewer=1) == []


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_play_loop_tells_the_human_when_their_turn_was_rolled(lang):
    from herna.cli.play import play

    console = Console(width=200, color_system=None, record=True)
    game = herna.load("kurnik", players=3)
    play(game, ["random", "human", "random"], 4, lang, None, True, console, read=lambda prompt: "1",
         verbosity="brief")
    brief = console.export_text()
    assert brief.count("You roll " if lang == "en" else "Házíš ") >= 2  # brief: the roll itself says it is yours
    console = Console(width=200, color_system=None, record=True)
    play(game, ["random", "human", "random"], 4, lang, None, True, console, read=lambda prompt: "1",
         verbosity="full")
    text = console.export_text()
    notice = "Your turn: you can only roll." if lang == "en" else "Jsi na tahu: můžeš jen házet."
    assert text.count(notice) >= 2
    rolls = "Seat 2 (you) rolls" if lang == "en" else "Hráč 2 (ty) hází"
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(notice):
            assert lines[i + 1].startswith(rolls)  # the roll that follows is the human's own
