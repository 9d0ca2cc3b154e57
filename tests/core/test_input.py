"""What the core (herna/core) accepts from callers and files, the same for every
game: ASCII-only action strings, integral action ids of any type, random
generators, and JSON that is deep, newer or not JSON at all."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import herna
from herna.core import FormatError, IllegalActionError
from herna.core import jsonio
from herna.core.actionio import action_id, ascii_int, normalise_action_text
from herna.core.state import FORMAT_VERSION

GAMES = [("ugo", {"players": 2}), ("trumfosaur", {"players": 2}), ("kurnik", {"players": 2, "first_player": 0})]


def fresh(name, options):
    """A state at a player's decision (chance resolved with a fixed seed)."""
    state = herna.load(name, **options).new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    return state


def unchanged_after(state, call):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as info:
        call()
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return str(info.value)


# ----- action strings: ASCII digits and ordinary spaces only ----------------------------------

@pytest.mark.parametrize("name,options", GAMES)
def test_unicode_digits_and_spaces_are_refused_in_every_game(name, options):
    state = fresh(name, options)
    legal = state.legal_action_strings()[0]
    assert state.string_to_action(legal) == state.legal_actions()[0]
    assert state.string_to_action("  " + legal.replace(" ", " \t ").upper() + "\n") == state.legal_actions()[0]
    digit = next((c for c in legal if c.isdigit()), None)
    variants = [legal.replace(" ", "\u00a0"), legal.replace(" ", "\u2003"), legal + "\u200b", "\u3000" + legal]
    if digit is not None:
        arabic = chr(0x0660 + int(digit))  # ARABIC-INDIC DIGIT
        variants.append(legal.replace(digit, arabic))
        variants.append(legal.replace(digit, chr(0x09E6 + int(digit))))  # BENGALI DIGIT
    for text in variants:
        if text == legal:
            continue
        message = unchanged_after(state, lambda t=text: state.apply_action(t))
        assert "ASCII" in message and "U+" in message


def test_kurnik_bengali_dice_and_arabic_seat_refused():
    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    message = unchanged_after(state, lambda: state.apply_action("dice \u09e7 \u09e7"))
    assert "BENGALI DIGIT ONE" in message
    assert state.string_to_action("dice 1 1") == state.legal_actions()[0]
    with pytest.raises(IllegalActionError, match="ARABIC-INDIC"):
        state.string_to_action("steal \u0661")


def test_trumfosaur_arabic_indic_card_digit_refused():
    state = fresh("trumfosaur", {"players": 2})
    card = next(s for s in state.legal_action_strings() if s[-1] == "6" or s[-1] == "2")
    bad = card[:-1] + chr(0x0660 + int(card[-1]))
    unchanged_after(state, lambda: state.apply_action(bad))


def test_actionio_helpers():
    assert normalise_action_text(" dice\t6   3 \r\n") == "dice 6 3"
    with pytest.raises(IllegalActionError, match="NO-BREAK SPACE"):
        normalise_action_text("dice\u00a06 3")
    with pytest.raises(IllegalActionError, match="control character"):
        normalise_action_text("dice\x006 3")
    assert ascii_int("42") == 42 and ascii_int("\u0664\u0662") is None and ascii_int("") is None
    assert ascii_int("1_0") is None and ascii_int("+1") is None


# ----- action ids: any integral type, stored as int; action_to_string alike in all games -----

@pytest.mark.parametrize("name,options", GAMES)
def test_numpy_integer_action_ids_are_accepted_and_stored_as_int(name, options):
    state = fresh(name, options)
    action = state.legal_actions()[0]
    assert state.action_to_string(np.int32(action)) == state.action_to_string(action)
    other = state.clone()
    state.apply_action(np.int64(action))
    other.apply_action(action)
    assert state == other
    assert all(type(a) is int for a in state.history())
    assert herna.from_json(json.dumps(state.to_json())) == state  # the history serializes


@pytest.mark.parametrize("name,options", GAMES)
@pytest.mark.parametrize("bad", [None, "x", 3.5, np.float64(3.0), True, np.bool_(False), [1]])
def test_non_integral_action_ids_are_refused_alike(name, options, bad):
    state = fresh(name, options)
    with pytest.raises(IllegalActionError, match="integer"):
        state.action_to_string(bad)
    if not isinstance(bad, str):
        unchanged_after(state, lambda: state.apply_action(bad))


@pytest.mark.parametrize("name,options", GAMES)
@pytest.mark.parametrize("bad", [-1, 10**6, 2**70])
def test_ids_naming_no_action_are_refused_alike(name, options, bad):
    state = fresh(name, options)
    with pytest.raises(IllegalActionError):
        state.action_to_string(bad)


def test_action_id_helper():
    assert action_id(np.uint8(7)) == 7 and type(action_id(np.int64(7))) is int
    for bad in (True, np.bool_(True), 7.0, "7", None):
        with pytest.raises(IllegalActionError):
            action_id(bad)


def test_kurnik_seat_actions_beyond_the_table_are_refused():
    """K-1.1: a 2-player table has seats 0 and 1 only: ``rob 3``, ``give 7``, ``steal 9`` name no seat,
    and the ids of seats 2..4 have no string there."""
    from herna.games.kurnik import actions as A

    state = herna.load("kurnik", players=2, first_player=0, rough_thief=True).new_initial_state()
    for text in ("rob 3", "give 7", "steal 9", "rob 2", "give 2"):
        with pytest.raises(IllegalActionError, match="names no seat"):
            state.string_to_action(text)
    for action in (A.ROB_BASE + 3, A.GIVE_BASE + 2, A.STEAL_BASE + 4):
        with pytest.raises(IllegalActionError, match="seats are 0..1"):
            state.action_to_string(action)
    assert state.action_to_string(A.ROB_BASE + 1) == "rob 1"
    five = herna.load("kurnik", players=5, first_player=0).new_initial_state()
    assert five.action_to_string(A.ROB_BASE + 4) == "rob 4" and five.string_to_action("steal 4") == A.STEAL_BASE + 4


# ----- random generators --------------------------------------------------------------------

@pytest.mark.parametrize("name,options", GAMES)
@pytest.mark.parametrize("rng", [None, 42, np.random.default_rng(1), "seed"])
def test_resample_and_sample_chance_need_a_random_random(name, options, rng):
    state = fresh(name, options)
    with pytest.raises(TypeError, match="random.Random"):
        state.resample(0, rng)
    chance = herna.load(name, **options).new_initial_state()
    assert chance.is_chance_node()
    with pytest.raises(TypeError, match="random.Random"):
        chance.sample_chance(rng)
    assert chance.sample_chance(random.Random(3)) in chance.legal_actions()


# ----- JSON: too deep, not JSON, newer versions ----------------------------------------------

@pytest.mark.parametrize("text", ["[" * 100_000, "[" * 1000 + "]" * 1000, '{"a":' * 5000 + "1" + "}" * 5000])
def test_deeply_nested_json_is_a_format_error(text):
    with pytest.raises(FormatError, match="nested too deeply"):
        herna.from_json(text)
    with pytest.raises(FormatError, match="nested too deeply"):
        jsonio.loads(text)
    with pytest.raises(FormatError, match="nested too deeply"):
        jsonio.loads(text.encode())


def test_jsonio_loads_refuses_what_is_not_json():
    assert jsonio.loads('{"a": [1, 2.5, null, true]}') == {"a": [1, 2.5, None, True]}
    assert jsonio.loads(b'["\xc5\xbe"]') == ["\u017e"]
    for bad in ("{not json", "", "NaN", "[Infinity]", b"\xff\xfe\xfd"):
        with pytest.raises(FormatError, match="not JSON"):
            jsonio.loads(bad)
    with pytest.raises(TypeError):
        jsonio.loads(None)  # type: ignore[arg-type]
    deep: list = []
    node = deep
    for _ in range(jsonio.MAX_DEPTH + 5):
        node.append([])
        node = node[0]
    with pytest.raises(FormatError, match="nested too deeply"):
        herna.from_json({"game": "kurnik", "history": [], "x": deep})


def test_a_save_from_a_newer_herna_is_refused():
    save = herna.load("kurnik", players=2, first_player=0).new_initial_state().to_json()
    assert save["version"] == FORMAT_VERSION
    herna.from_json(save)
    with pytest.raises(FormatError, match=r"newer herna \(format version 7\); this herna reads version 1"):
        herna.from_json({**save, "version": 7})
    for bad in ("1", 1.0, None, True, 0, -3):
        with pytest.raises(FormatError, match="'version'"):
            herna.from_json({**save, "version": bad})
    herna.from_json({k: v for k, v in save.items() if k != "version"})  # older files had none


@pytest.mark.parametrize("card", ["SAX\u0666", "SAX6\u00a0", "\u2003SAX6", "SAX 6"])
def test_deal_cards_are_ascii_names(card):
    """Fixed deals (SCENARIOS.md ``deals``) name cards in ASCII, as action strings do."""
    hands = [[f"SAX{v}" for v in range(1, 11)], [f"VZT{v}" for v in range(1, 11)]]
    game = herna.load("trumfosaur", players=2, first_player=0)
    assert game.new_initial_state(deals=[{"hands": hands}]).view(0)["hand"][0].startswith("SAX")
    hands[0][5] = card
    with pytest.raises(FormatError, match="ASCII letters and digits"):
        game.new_initial_state(deals=[{"hands": hands}])
    ugo = herna.load("ugo", players=2)
    red = [f"red{v}" for v in range(0, 9)] + ["green0"]
    blue = [f"blue{v}" for v in range(0, 9)] + ["green1"]
    assert ugo.new_initial_state(deals=[{"hands": [red, blue]}])
    red[5] = "red\u0665"
    with pytest.raises(FormatError, match="ASCII letters and digits"):
        ugo.new_initial_state(deals=[{"hands": [red, blue]}])


def test_integer_options_read_ascii_digits_and_numpy_integers():
    """Option values given as text (the CLI, OpenSpiel strings) use ASCII digits; numpy integers
    are whole numbers too; floats and bools are not."""
    assert herna.load("kurnik", players=" 3 ").options["players"] == 3
    assert herna.load("kurnik", players=np.int64(3)).options["players"] == 3
    assert type(herna.load("kurnik", players=np.int64(3)).options["players"]) is int
    for bad in ("\u0663", "1_0", "3.0", 3.0, np.bool_(True), "9" * 5000):
        with pytest.raises(ValueError, match="whole number"):
            herna.load("kurnik", players=bad)
