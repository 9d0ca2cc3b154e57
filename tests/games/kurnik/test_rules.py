"""Rules of Plný kurník – Ukradené slepice (rules/kurnik.md), one test or more
per rule id; every id K-1.1 ... K-11.3 is cited here (checked by
``test_every_rule_id_is_cited``). Positions are set up directly with
:func:`table`; whole games are covered by the property tests at the end.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import herna
from herna.core import CHANCE, IllegalActionError
from herna.games.kurnik import CONFORMANCE_OPTIONS
from herna.games.kurnik import actions as A
from herna.games.kurnik.constants import ROOSTER_ALIVE, TURN

RULES = next(
    (p for p in (Path(__file__).resolve().parents[4] / "shared" / "rules" / "kurnik.md",
                 Path(__file__).resolve().parents[3] / "herna" / "data" / "rules" / "kurnik.md") if p.is_file()),
)


def table(players=2, coops=(), seat=0, supply=None, roosters=None, quarantined=(), **options):
    """A game at ``seat``'s turn (before the choice of K-3.1 is applied).

    coops: ``(eggs, chicks, hens)`` per seat (missing seats empty).
    supply: what is left in the supply, default 36 of each (options are set
    so that coops + supply = the ``supply_*`` options, keeping conservation).
    roosters: ``{seat: blocks}`` of live roosters (needs ``dead_rooster``).
    """
    supply = {"eggs": 36, "chicks": 36, "hens": 36, **(supply or {})}
    coops = list(coops) + [(0, 0, 0)] * (players - len(coops))
    options.setdefault("supply_eggs", supply["eggs"] + sum(c[0] for c in coops))
    options.setdefault("supply_chicks", supply["chicks"] + sum(c[1] for c in coops))
    options.setdefault("supply_hens", supply["hens"] + sum(c[2] for c in coops))
    # fields set by hand: the Python engine's slots (the compiled engine's are read-only;
    # tests/engines proves both engines play the same games)
    state = herna.load("kurnik", players=players, first_player=seat, engine="python", **options).new_initial_state()
    for k, (e, c, h) in enumerate(coops):
        state._eggs[k], state._chicks[k], state._hens[k] = e, c, h
    state._sup_eggs, state._sup_chicks, state._sup_hens = supply["eggs"], supply["chicks"], supply["hens"]
    for k, blocks in (roosters or {}).items():
        state._rooster[k], state._blocks[k] = ROOSTER_ALIVE, blocks
        state._sup_roosters -= 1
    for k in quarantined:
        state._quarantine |= 1 << k
    state._phase, state._player = TURN, seat
    state._lost_turn = bool(state._quarantine >> seat & 1)
    state._history.clear()
    state._advance()
    state._check_invariants()
    return state


def coop(state, seat):
    c = state.view()["coops"][seat]
    return c["eggs"], c["chicks"], c["hens"]


def supply(state):
    s = state.view()["supply"]
    return s["eggs"], s["chicks"], s["hens"]


def act(state, *actions):
    for a in actions:
        state.apply_action(a)
    state._check_invariants()
    return state


def refused(state, action):
    before = json.dumps(state.to_json())
    view = state.view()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert json.dumps(state.to_json()) == before and state.view() == view
    return str(info.value)


# ----- K-1 components and goal -----------------------------------------------------------

def test_k1_1_two_to_five_players():
    """K-1.1: 2-5 players; others are refused with a clear error."""
    for n in range(2, 6):
        assert herna.load("kurnik", players=n).new_initial_state().view()["players"] == n
    for n in (1, 6):
        with pytest.raises(ValueError, match="players"):
            herna.load("kurnik", players=n)


def test_k1_2_nine_places_never_exceeded():
    """K-1.2: a full coop takes no more cards (a rolled egg stays in the supply)."""
    state = act(table(coops=[(3, 3, 3)]), "roll", "dice 2 1")
    assert coop(state, 0) == (3, 3, 3) and supply(state)[0] == 36


def test_k1_3_supply_sizes():
    """K-1.3: 36 eggs, 36 chicks, 36 hens, 5 roosters (0 shown without K-9.2); any size >= 0."""
    view = herna.load("kurnik").new_initial_state().view()
    assert view["supply"] == {"eggs": 36, "chicks": 36, "hens": 36, "roosters": 0}
    view = herna.load("kurnik", dead_rooster=True, supply_eggs=0, supply_hens=50).new_initial_state().view()
    assert view["supply"] == {"eggs": 0, "chicks": 36, "hens": 50, "roosters": 5}
    with pytest.raises(ValueError, match="supply_hens"):
        herna.load("kurnik", supply_hens=-1)


def test_k1_4_win_on_another_players_turn_by_a_gift():
    """K-1.4 / K-11.2: seat 1 gets a 9th hen as seat 0's 3-3 gift and wins at once."""
    state = act(table(players=3, coops=[(0, 0, 2), (0, 0, 8)]), "dice 3 3")
    assert state.legal_action_strings() == ["give 1", "give 2"]
    act(state, "give 1")
    view = state.view()
    assert view["terminal"] and view["winners"] == [1] and view["current_player"] is None
    assert state.returns() == [0.0, 1.0, 0.0]


def test_k1_5_two_dice_one_unordered_outcome():
    """K-1.5: two dice = 21 unordered outcomes (doubles 1/36, others 2/36);
    'dice 2 5' and 'dice 5 2' are the same roll, written high first."""
    state = table()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 21 and abs(sum(outcomes.values()) - 1) < 1e-12
    assert outcomes[state.string_to_action("dice 3 3")] == pytest.approx(1 / 36)
    assert state.string_to_action("dice 2 5") == state.string_to_action("DICE 5  2")
    assert state.action_to_string(state.string_to_action("dice 2 5")) == "dice 5 2"
    for bad in ("dice 0 3", "dice 7 1", "dice 3", "die 9"):
        refused(state, bad)


# ----- K-2 start --------------------------------------------------------------------------

def test_k2_1_start_rolls_highest_starts_ties_reroll():
    """K-2.1: without first_player each seat rolls a die; ties re-roll among the tied."""
    state = herna.load("kurnik", players=3).new_initial_state()
    view = state.view()
    assert view["current_player"] == "chance" and view["phase"] == "start" and view["start_roller"] == 0
    assert len(state.chance_outcomes()) == 6
    act(state, "die 4", "die 6")
    assert state.view()["start_roller"] == 2
    act(state, "die 6")  # seats 1 and 2 tie
    view = state.view()
    assert view["phase"] == "start" and view["start_roller"] == 1 and view["first_player"] is None
    act(state, "die 2", "die 5")
    view = state.view()
    assert view["first_player"] == 2 and view["turn_player"] == 2 and view["phase"] == "dice"
    refused(state, "die 3")  # two dice now


def test_k2_1_first_player_option_and_clockwise_turns():
    """K-2.1: first_player names the first seat; turns go clockwise (2, 0, 1)."""
    state = herna.load("kurnik", players=3, first_player=2).new_initial_state()
    assert state.view()["turn_player"] == 2
    act(state, "dice 2 1")
    assert state.view()["turn_player"] == 0
    act(state, "dice 2 1")
    assert state.view()["turn_player"] == 1
    with pytest.raises(ValueError, match="first_player"):
        herna.load("kurnik", players=3, first_player=3)


# ----- K-3 a turn ---------------------------------------------------------------------------

def test_k3_1_roll_or_exchange_never_both():
    """K-3.1: an exchange is the whole turn; with nothing to exchange the roll applies itself."""
    state = table(coops=[(3, 0, 0)])
    assert state.current_player() == 0 and state.legal_action_strings() == ["roll", "exchange eggs"]
    act(state, "exchange eggs")
    assert coop(state, 0) == (0, 1, 0) and state.view()["turn_player"] == 1
    assert state.current_player() == CHANCE  # seat 1 cannot exchange: its roll was applied
    assert state.history_strings() == ["exchange eggs", "roll"]


# ----- K-4 rolling ---------------------------------------------------------------------------

@pytest.mark.parametrize("high,low", [(h, low) for h in range(2, 7) for low in range(1, h)])
def test_k4_1_each_die_pays(high, low):
    """K-4.1 / K-8.1: different values: 1-3 egg, 4-5 chick, 6 hen, per die."""
    state = act(table(), f"dice {high} {low}")
    expected = [0, 0, 0]
    for face in (high, low):
        expected[0 if face <= 3 else 1 if face <= 5 else 2] += 1
    assert list(coop(state, 0)) == expected


@pytest.mark.parametrize("face,kind", [(1, 0), (2, 1), (3, 2)])
def test_k4_2_low_doubles_give_a_card(face, kind):
    """K-4.2: 1-1 gives an egg, 2-2 a chick, 3-3 a hen, to a player the roller chooses."""
    state = act(table(players=3, coops=[(2, 2, 2)]), f"dice {face} {face}")
    assert state.view()["pending"] == {"give": ("egg", "chick", "hen")[kind]}
    assert "another player" in refused(state, "give 0")
    act(state, "give 2")
    mine, theirs = list(coop(state, 0)), [0, 0, 0]
    theirs[kind] = 1
    assert mine[kind] == 1 and list(coop(state, 2)) == theirs


def test_k4_2_nothing_to_give_and_full_recipient():
    """K-4.2 [interpretation]: without the card nothing is given; a full recipient's card goes to the supply."""
    state = act(table(players=3), "dice 1 1")
    assert state.view()["turn_player"] == 1 and state.current_player() == CHANCE
    state = act(table(players=3, coops=[(0, 1, 0), (0, 0, 9 - 1), (9, 0, 0)]), "dice 2 2", "give 2")
    assert coop(state, 0) == (0, 0, 0) and coop(state, 2) == (9, 0, 0) and supply(state)[1] == 37


def test_k4_2_two_players_gift_applies_itself():
    """K-4.2 with 2 players: the only recipient is chosen automatically."""
    state = act(table(coops=[(1, 0, 0)]), "dice 1 1")
    assert coop(state, 1) == (1, 0, 0) and state.history_strings()[-2:] == ["give 1", "roll"]


def test_k4_3_hard_times():
    """K-4.3: 4-4 returns all the roller's eggs to the supply."""
    state = act(table(coops=[(5, 2, 1)]), "roll", "dice 4 4")
    assert coop(state, 0) == (0, 2, 1) and supply(state)[0] == 41


@pytest.mark.parametrize("face,after,quarantined", [
    (1, (2, 3, 4), [0]), (3, (2, 3, 4), [0]), (4, (2, 0, 4), []), (5, (2, 0, 4), []), (6, (2, 3, 0), []),
])
def test_k4_4_bird_flu(face, after, quarantined):
    """K-4.4: 5-5 rolls one more die: 1-3 quarantine, 4-5 all chicks, 6 all hens to the supply."""
    state = act(table(coops=[(2, 3, 4)]), "roll", "dice 5 5")
    assert state.view()["phase"] == "bird_flu" and len(state.chance_outcomes()) == 6
    act(state, f"die {face}")
    view = state.view()
    assert coop(state, 0) == after and view["quarantined"] == quarantined and view["last_roll"] == [5, 5, face]


def test_k4_5_six_six_take_and_rob_all():
    """K-4.5 / K-8.2 / K-8.3: take gains D hens into free places; rob all robs every other player."""
    state = act(table(players=3, coops=[(0, 0, 1), (0, 0, 5), (0, 0, 2)]), "dice 6 6")
    assert state.legal_action_strings() == ["take", "rob all"]
    act(state, "rob all", "dice 5 1")
    assert [coop(state, k)[2] for k in range(3)] == [1, 1, 0]
    state = act(table(players=3, coops=[(3, 3, 0)]), "roll", "dice 6 6", "take", "dice 6 3")
    assert coop(state, 0) == (3, 3, 3) and state.view()["last_roll"] == [6, 6, 6, 3]


def test_k4_5_packaged_rules_state_the_take_reading():
    """K-4.5: the packaged rules (``herna rules kurnik``) carry the [interpretation] of 6-6 take
    with a short supply and roosters, word for word as the shared rules."""
    packaged = Path(herna.__file__).resolve().parent / "data" / "rules" / "kurnik.md"
    text = " ".join(packaged.read_text(encoding="utf-8").split())
    assert "The number due is fixed when the re-roll is read: D, but at most the free places then" in text
    assert "a theft blocked by a rooster (K-9.2) loses its hen, and no further hen is due in its place" in text


def test_k4_5_take_due_is_fixed_at_the_reroll_capped_by_free_places():
    """K-4.5 [interpretation]: 6-6 take, re-roll 6+1 (D = 5) with 3 free places: 3 hens are due,
    fixed when the re-roll is read; 1 comes from the supply, 2 are stolen one by one (K-5.2),
    and then the turn ends (the 2 hens beyond the free places are never due)."""
    state = act(table(players=3, coops=[(3, 3, 0), (0, 0, 4), (0, 0, 4)], supply={"hens": 1}),
                "roll", "dice 6 6", "take", "dice 6 1")
    assert coop(state, 0) == (3, 3, 1) and supply(state)[2] == 0
    assert state.current_player() == 0 and state.view()["pending"] == {"steal": 2, "develop": False}
    act(state, "steal 1")
    assert state.view()["pending"] == {"steal": 1, "develop": False}
    act(state, "steal 2")
    assert coop(state, 0) == (3, 3, 3) and coop(state, 1) == (0, 0, 3) and coop(state, 2) == (0, 0, 3)
    assert state.view()["turn_player"] == 1


def test_k4_5_take_full_coop_due_nothing_even_with_hens_in_the_supply():
    """K-4.5: D = 5 with no free place: nothing is due, nothing develops, nobody is robbed."""
    state = act(table(players=3, coops=[(0, 9, 0), (0, 0, 4)], supply={"hens": 0}), "roll",
                "dice 6 6", "take", "dice 6 1")
    assert coop(state, 0) == (0, 9, 0) and coop(state, 1) == (0, 0, 4) and state.view()["turn_player"] == 1


def test_k4_5_take_theft_blocked_by_rooster_loses_its_hen():
    """K-4.5 / K-9.2 [interpretation]: 6-6 take, D = 2, empty supply: 2 hens are due; the first
    theft is blocked by seat 1's rooster, so that hen is lost and no further hen is due in its
    place: after one more theft (from seat 2) the turn ends with 1 hen gained, not 2."""
    state = act(table(players=3, coops=[(0, 0, 0), (0, 0, 3), (0, 0, 3)], supply={"hens": 0},
                      roosters={1: 0}, dead_rooster=True), "dice 6 6", "take", "dice 3 1")
    assert state.view()["pending"] == {"steal": 2, "develop": False}
    act(state, "steal 1")
    view = state.view()
    assert view["coops"][1]["rooster_blocks"] == 1 and view["coops"][1]["hens"] == 3
    assert view["pending"] == {"steal": 1, "develop": False}
    act(state, "steal 2")
    assert coop(state, 0) == (0, 0, 1) and coop(state, 2) == (0, 0, 2) and coop(state, 1) == (0, 0, 3)
    assert state.view()["turn_player"] == 1 and state.view()["pending"] is None


def test_k4_5_take_single_due_blocked_ends_the_turn():
    """K-4.5 / K-9.2: D = 1 with an empty supply, the only hen holder owns a rooster (named
    automatically, K-5.2): the theft is blocked, the hen is lost, the turn passes on."""
    state = act(table(players=2, coops=[(0, 0, 0), (0, 0, 5)], supply={"hens": 0},
                      roosters={1: 0}, dead_rooster=True), "dice 6 6", "take", "dice 2 1")
    view = state.view()
    assert coop(state, 0) == (0, 0, 0) and coop(state, 1) == (0, 0, 5)
    assert view["coops"][1]["rooster_blocks"] == 1 and view["turn_player"] == 1


def test_k4_5_take_by_dice_only_from_the_start():
    """K-4.5 / K-8.2 played from the start with dice only (scenario style, first_player=0):
    seat 1 reaches 6 hens + 1 chick (2 free places); its next 6-6 take with D = 4 takes 2
    hens, and the other 2 stay in the supply."""
    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    act(state, "dice 2 1", "dice 6 6", "take", "dice 6 1",  # seat 1: D = 5 -> 5 hens
        "dice 2 1", "dice 6 5")  # seat 1: a hen and a chick
    assert coop(state, 1) == (0, 1, 6) and supply(state)[2] == 30
    act(state, "roll", "dice 2 1", "dice 6 6", "take", "dice 5 1")  # seat 1: D = 4, 2 free places
    assert coop(state, 1) == (0, 1, 8) and supply(state)[2] == 28 and state.view()["turn_player"] == 0


def test_k4_6_rerolls_do_not_pay():
    """K-4.6 / K-8.5: the bird-flu die and the 6-6 re-roll pay nothing by K-4.1."""
    state = act(table(), "dice 5 5", "die 6")
    assert coop(state, 0) == (0, 0, 0)
    state = act(table(players=3, coops=[(1, 0, 0)]), "dice 6 6", "take", "dice 4 4")
    assert coop(state, 0) == (1, 0, 0) and state.view()["turn_player"] == 1
    state = act(table(players=3, coops=[(0, 0, 0), (0, 0, 3)]), "dice 6 6", "rob all", "dice 2 1")
    assert coop(state, 0) == (0, 0, 0) and coop(state, 1) == (0, 0, 2)


def test_k4_7_announce_before_reroll_even_against_no_hens():
    """K-4.7: the choice comes before the re-roll and names the victim; every option is offered."""
    state = act(table(players=3, rough_thief=True), "dice 6 6")
    assert state.legal_action_strings() == ["take", "rob all", "rob 1", "rob 2"]
    assert state.current_player() == 0
    act(state, "rob 2")
    assert state.current_player() == CHANCE and state.view()["pending"] == {"reroll": "rob 2"}
    act(state, "dice 6 1")
    assert coop(state, 0) == (0, 0, 0) and coop(state, 2) == (0, 0, 0)


# ----- K-5 places, supply, thief -------------------------------------------------------------

def test_k5_1_no_free_place_no_gain():
    """K-5.1: a gain without a free place that cannot develop stays in the supply."""
    state = act(table(coops=[(2, 0, 6)]), "dice 6 6", "take", "dice 6 2")
    assert coop(state, 0) == (2, 0, 7) and supply(state)[2] == 35
    state = act(table(coops=[(9, 0, 0)]), "roll", "dice 3 2")
    assert coop(state, 0) == (9, 0, 0) and supply(state) == (36, 36, 36)


def test_k5_2_thief_rule_names_a_player():
    """K-5.2: a hen due with an empty supply is taken from a named player who has one."""
    state = act(table(players=4, coops=[(0, 0, 0), (0, 0, 2), (0, 0, 0), (0, 0, 1)], supply={"hens": 0}),
                "dice 6 1")
    assert state.current_player() == 0 and state.legal_action_strings() == ["steal 1", "steal 3"]
    assert state.view()["pending"] == {"steal": 1, "develop": False}
    refused(state, "steal 2")
    act(state, "steal 3")
    assert coop(state, 0) == (1, 0, 1) and coop(state, 3) == (0, 0, 0)  # the egg is paid after the theft


def test_k5_2_single_victim_applies_itself_and_nobody_means_nothing():
    """K-5.2: one possible victim is named automatically; without one nothing is taken."""
    state = act(table(players=3, coops=[(0, 3, 0), (0, 0, 4)], supply={"hens": 0}), "exchange chicks")
    assert coop(state, 0) == (0, 0, 1) and coop(state, 1) == (0, 0, 3)
    state = act(table(players=3, supply={"hens": 0}), "dice 6 4")
    assert coop(state, 0) == (0, 1, 0)


def test_k5_3_eggs_and_chicks_that_run_out_are_not_paid():
    """K-5.3: with no eggs or chicks in the supply they are simply not paid."""
    state = act(table(supply={"eggs": 0, "chicks": 0}), "dice 5 2")
    assert coop(state, 0) == (0, 0, 0)


def test_k5_4_order_hen_chick_egg():
    """K-5.4: the hen is paid first, then the chick, then the egg (one free place)."""
    state = act(table(coops=[(2, 2, 4)]), "dice 6 1")
    assert coop(state, 0) == (2, 2, 5)
    state = act(table(coops=[(2, 2, 4)]), "dice 5 1")
    assert coop(state, 0) == (2, 3, 4)


def test_k5_5_thief_details():
    """K-5.5: a rooster owner may be named; with no place and no chick there is no theft."""
    state = act(table(players=3, coops=[(0, 0, 0), (0, 0, 2), (0, 0, 1)], supply={"hens": 0},
                      roosters={1: 0}, dead_rooster=True), "dice 6 2")
    assert state.legal_action_strings() == ["steal 1", "steal 2"]
    state = act(table(players=3, coops=[(9, 0, 0), (0, 0, 2), (0, 0, 1)], supply={"hens": 0}), "roll", "dice 6 4")
    assert coop(state, 0) == (8, 1, 0) and coop(state, 1) == (0, 0, 2) and coop(state, 2) == (0, 0, 1)


# ----- K-6 exchange ---------------------------------------------------------------------------

def test_k6_1_exchanges():
    """K-6.1: 3 eggs -> 1 chick, 3 chicks -> 1 hen; one exchange per turn."""
    state = table(coops=[(4, 3, 0)])
    assert state.legal_action_strings() == ["roll", "exchange eggs", "exchange chicks"]
    act(state, "exchange chicks")
    assert coop(state, 0) == (4, 0, 1) and supply(state) == (36, 39, 35)
    assert "needs 3 chicks" in refused(table(coops=[(3, 2, 0)]), "exchange chicks")


def test_k6_2_rooster_exchange():
    """K-6.2 / K-9.2: 5 hens -> a rooster, kept outside the coop; only with dead_rooster."""
    assert "dead_rooster" in refused(table(coops=[(3, 0, 5)]), "exchange hens")
    state = table(coops=[(0, 0, 6)], dead_rooster=True)
    assert "exchange hens" in state.legal_action_strings()
    act(state, "exchange hens")
    view = state.view()
    assert view["coops"][0]["hens"] == 1 and view["coops"][0]["rooster"] and view["coops"][0]["free"] == 8
    assert view["supply"]["roosters"] == 4 and view["supply"]["hens"] == 41


def test_k6_3_exchange_whatever_the_supply_holds():
    """K-6.3: an exchange is legal with an empty supply; K-5.3 / K-5.2 then apply."""
    state = act(table(coops=[(3, 0, 0)], supply={"chicks": 0}), "exchange eggs")
    assert coop(state, 0) == (0, 0, 0) and supply(state)[0] == 39
    state = act(table(players=3, coops=[(0, 3, 0), (0, 0, 1), (0, 0, 2)], supply={"hens": 0}), "exchange chicks")
    assert state.legal_action_strings() == ["steal 1", "steal 2"]


# ----- K-7 development -------------------------------------------------------------------------

def test_k7_1_development():
    """K-7.1: in a full coop a rolled chick turns an egg into a chick, a rolled hen a chick into a hen."""
    state = act(table(coops=[(5, 4, 0)]), "roll", "dice 5 4")
    assert coop(state, 0) == (3, 6, 0) and supply(state) == (38, 34, 36)
    state = act(table(coops=[(5, 4, 0)]), "roll", "dice 6 3")
    assert coop(state, 0) == (5, 3, 1)


def test_k7_2_one_step_per_turn():
    """K-7.2: 4+6 cannot take an egg to a hen: the hen finds no chick, the chick promotes the egg."""
    state = act(table(coops=[(1, 0, 8), (0, 0, 0)]), "dice 6 4")
    assert coop(state, 0) == (0, 1, 8) and not state.is_terminal()


def test_k7_3_development_hen_is_stolen():
    """K-7.3: a developing hen with an empty supply is stolen; the chick goes to the supply."""
    state = act(table(players=3, coops=[(4, 1, 4), (0, 0, 3), (0, 0, 1)], supply={"hens": 0}), "roll", "dice 6 1")
    assert state.view()["pending"] == {"steal": 1, "develop": True}
    act(state, "steal 1")
    assert coop(state, 0) == (4, 0, 5) and coop(state, 1) == (0, 0, 2) and supply(state)[1] == 37


def test_k7_4_rulebook_example():
    """K-7.4: 7 hens + egg + chick; 2+6 -> 8 hens + egg; 4 -> egg to chick; 6 -> 9 hens, win."""
    state = act(table(coops=[(1, 1, 7)]), "dice 6 2")
    assert coop(state, 0) == (1, 0, 8)
    act(state, "dice 2 1", "dice 4 1")  # seat 1, then seat 0
    assert coop(state, 0) == (0, 1, 8)
    act(state, "dice 2 1", "dice 6 3")
    assert coop(state, 0) == (0, 0, 9) and state.view()["winners"] == [0]


# ----- K-8 worked rolls --------------------------------------------------------------------------

def test_k8_worked_rolls():
    """K-8.1 (five rolls), K-8.2 take 6+3, K-8.3 rob all 5+1, K-8.4 rob one 3+1, K-8.5 doubles: D = 0;
    the shared scenarios 01-06 replay the rulebook's own examples."""
    state = table(players=5)
    for roll, paid in (("dice 2 5", (1, 1, 0)), ("dice 4 6", (0, 1, 1)), ("dice 1 3", (2, 0, 0)),
                       ("dice 1 6", (1, 0, 1)), ("dice 5 4", (0, 2, 0))):
        seat = state.view()["turn_player"]
        act(state, roll)
        assert coop(state, seat) == paid
    state = act(table(players=3, coops=[(0, 0, 0), (0, 0, 5)], rough_thief=True), "dice 6 6", "rob 1", "dice 3 1")
    assert coop(state, 0) == (0, 0, 2) and coop(state, 1) == (0, 0, 3)
    state = act(table(players=3, coops=[(0, 0, 0), (0, 0, 5)], rough_thief=True), "dice 6 6", "rob 1", "dice 2 2")
    assert coop(state, 1) == (0, 0, 5)


# ----- K-9 variants -------------------------------------------------------------------------------

def test_k9_1_rough_thief_rest_to_supply():
    """K-9.1: rob one: the victim gives up D hens (or all); what does not fit goes to the supply."""
    state = act(table(players=3, coops=[(0, 1, 7), (0, 0, 2)], rough_thief=True, supply={"hens": 20}),
                "dice 6 6", "rob 1", "dice 3 1")
    assert coop(state, 0) == (0, 1, 8) and coop(state, 1) == (0, 0, 0) and supply(state)[2] == 21


def test_k9_1_rob_one_can_win():
    """K-9.1 / K-11.2: hens robbed into the coop can make the 9th hen."""
    state = act(table(players=3, coops=[(0, 0, 7), (0, 0, 2)], rough_thief=True), "dice 6 6", "rob 1", "dice 6 1")
    assert state.view()["winners"] == [0] and coop(state, 1) == (0, 0, 0)


def test_k9_2_rooster_stops_three_attempts_and_dies():
    """K-9.2: two thefts are stopped; the third too, but the rooster dies (to the box) and cannot be replaced."""
    state = table(players=3, coops=[(0, 0, 0), (0, 0, 6)], roosters={1: 0}, dead_rooster=True, rough_thief=True)
    for attempt in (1, 2, 3):
        if attempt > 1:
            while state.view()["turn_player"] != 0:
                act(state, "dice 2 1")
        act(state, "dice 6 6", "rob 1", "dice 5 1")
        c = state.view()["coops"][1]
        assert c["hens"] == 6 and c["rooster_blocks"] == attempt
    view = state.view()
    assert not view["coops"][1]["rooster"] and view["coops"][1]["rooster_dead"] and view["box"]["roosters"] == 1
    while state.view()["turn_player"] != 1:
        act(state, "dice 2 1")
    assert "died" in refused(state, "exchange hens")


def test_k9_2_attempt_details():
    """K-9.2 [interpretation]: rob all is one attempt per robbed player; an attempt needs D > 0 and a hen;
    a blocked theft is not redirected; bird flu and hard times are not stopped."""
    state = act(table(players=3, coops=[(0, 0, 0), (0, 0, 3), (0, 0, 0)], roosters={1: 0, 2: 0},
                      dead_rooster=True), "dice 6 6", "rob all", "dice 6 1")
    assert [c["rooster_blocks"] for c in state.view()["coops"]] == [0, 1, 0]
    state = act(table(players=3, coops=[(0, 0, 0), (0, 0, 3), (0, 0, 2)], roosters={1: 0}, dead_rooster=True,
                      supply={"hens": 0}), "dice 6 1", "steal 1")
    assert coop(state, 0) == (1, 0, 0) and coop(state, 2) == (0, 0, 2)
    assert state.view()["coops"][1]["rooster_blocks"] == 1
    state = act(table(coops=[(3, 2, 4)], roosters={0: 0}, dead_rooster=True), "roll", "dice 5 5", "die 6")
    assert coop(state, 0) == (3, 2, 0)
    state = act(table(coops=[(3, 2, 4)], roosters={0: 0}, dead_rooster=True), "roll", "dice 4 4")
    assert coop(state, 0) == (0, 2, 4)


def test_k9_3_missing_hens():
    """K-9.3: 5 hens leave the supply at the start (to the box)."""
    view = herna.load("kurnik", missing_hens=True).new_initial_state().view()
    assert view["supply"]["hens"] == 31 and view["box"]["hens"] == 5


def test_k9_4_fox():
    """K-9.4: six_six = fox: 6-6 loses all hens, no re-roll; a rooster protects without an attempt."""
    state = act(table(coops=[(1, 1, 4)], six_six="fox"), "dice 6 6")
    assert coop(state, 0) == (1, 1, 0) and state.view()["turn_player"] == 1
    state = act(table(coops=[(1, 1, 4)], six_six="fox", dead_rooster=True, roosters={0: 1}), "dice 6 6")
    assert coop(state, 0) == (1, 1, 4) and state.view()["coops"][0]["rooster_blocks"] == 1


# ----- K-10, K-11 ------------------------------------------------------------------------------------

def test_k10_1_perfect_information():
    """K-10.1: every seat sees everything; a determinization is a copy."""
    state = act(table(players=3, coops=[(1, 2, 3), (3, 2, 1)]), "dice 5 2")
    spectator = state.view()
    for seat in range(3):
        view = state.view(seat)
        assert view.pop("seat") == seat and view == spectator
        assert state.resample(seat, random.Random(seat)) == state


def test_k11_1_options():
    """K-11.1: the options and their checks."""
    game = herna.load("kurnik")
    assert set(game.options) == {"players", "first_player", "rough_thief", "dead_rooster", "missing_hens",
                                 "six_six", "supply_eggs", "supply_chicks", "supply_hens", "supply_roosters",
                                 "turn_limit"}
    with pytest.raises(ValueError, match="six_six"):
        herna.load("kurnik", six_six="wolf")
    with pytest.raises(ValueError, match="no option"):
        herna.load("kurnik", foxes=True)


def test_k11_2_scores_winners_and_the_rest_of_the_roll_dropped():
    """K-11.2: scores are hens; the win ends the roll at once (the egg of 6+1 is not paid)."""
    state = table(coops=[(0, 0, 8), (2, 0, 3)])
    assert state.view()["scores"] == [8, 3]
    act(state, "dice 6 1")
    view = state.view()
    assert view["scores"] == [9, 3] and view["winners"] == [0] and coop(state, 0) == (0, 0, 9)
    assert state.legal_actions() == [] and "over" in refused(state, "roll")


def test_k11_3_quarantine_turn():
    """K-11.3: listed from the flu die until the lost turn; then only exchanges or pass."""
    state = act(table(coops=[(3, 0, 0)]), "roll", "dice 5 5", "die 2")
    assert state.view()["quarantined"] == [0]
    act(state, "dice 2 1")  # seat 1
    assert state.legal_action_strings() == ["exchange eggs", "pass"]
    assert "quarantine" in refused(state, "roll")
    act(state, "pass")
    assert state.view()["quarantined"] == [] and state.view()["turn_player"] == 1
    state = act(table(coops=[(0, 0, 0)]), "dice 5 5", "die 1", "dice 2 1")
    assert state.history_strings()[-2:] == ["pass", "roll"] and state.view()["turn_player"] == 1


def test_turn_limit_guard():
    """Guard (game.py, not a rulebook rule): with fewer than 9 hens in play the game stops
    after turn_limit turns; the most hens win together."""
    state = herna.load("kurnik", players=2, supply_hens=3, turn_limit=4, first_player=0).new_initial_state()
    act(state, "dice 6 1", "dice 6 2", "dice 6 3", "dice 2 1")
    view = state.view()
    assert view["terminal"] and view["winners"] == [0] and state.returns() == [1.0, 0.0]


def test_k1_4_no_turn_limit_needs_nine_hens_in_play():
    """K-1.4 / K-9.3: ``turn_limit=0`` (no guard) is refused when fewer than 9 hens are in play,
    as nobody could ever win; 9 or more are fine. Roosters (K-6.2) do not lower the count."""
    for options, hens in (({"supply_hens": 8}, 8), ({"supply_hens": 0}, 0),
                          ({"supply_hens": 13, "missing_hens": True}, 8),
                          ({"supply_hens": 3, "missing_hens": True}, 0)):
        with pytest.raises(ValueError, match=rf"endless game: .* puts {hens} hens in play.* hold 9 \(K-1.4\)"):
            herna.load("kurnik", turn_limit=0, **options)
    for options in ({"supply_hens": 9}, {"supply_hens": 14, "missing_hens": True},
                    {"supply_hens": 9, "dead_rooster": True, "supply_roosters": 5}):
        assert herna.load("kurnik", turn_limit=0, **options).options["turn_limit"] == 0
    assert herna.load("kurnik", turn_limit=10, supply_hens=0).options["supply_hens"] == 0  # the guard ends it


def test_k1_3_option_bounds():
    """K-1.3 / K-2.1 / K-11.1: supplies 0..1000, turn_limit 0..100000, first_player a seat of the table."""
    from herna.games.kurnik.game import MAX_SUPPLY, MAX_TURN_LIMIT, OPTION_SPECS

    for name in ("supply_eggs", "supply_chicks", "supply_hens", "supply_roosters"):
        assert herna.load("kurnik", **{name: MAX_SUPPLY}).options[name] == MAX_SUPPLY
        with pytest.raises(ValueError, match=rf"'{name}' must be at most 1000"):
            herna.load("kurnik", **{name: MAX_SUPPLY + 1})
    assert herna.load("kurnik", turn_limit=MAX_TURN_LIMIT).options["turn_limit"] == 100_000
    with pytest.raises(ValueError, match="'turn_limit' must be at most 100000"):
        herna.load("kurnik", turn_limit=3 * 10**8)
    with pytest.raises(ValueError, match="seat 0..2"):
        herna.load("kurnik", players=3, first_player=3)
    specs = {spec.name: spec for spec in OPTION_SPECS}  # the bounds the lobby, --help and the docs show
    assert (specs["supply_hens"].minimum, specs["supply_hens"].maximum) == (0, MAX_SUPPLY)
    assert (specs["turn_limit"].minimum, specs["turn_limit"].maximum) == (0, MAX_TURN_LIMIT)


def test_every_rule_id_is_cited():
    """Every K- rule id of rules/kurnik.md is cited in this file."""
    ids = re.findall(r"^- (K-\d+\.\d+)", RULES.read_text(encoding="utf-8"), re.M)
    assert len(ids) >= 39
    text = Path(__file__).read_text(encoding="utf-8")
    missing = [rule for rule in ids if not re.search(re.escape(rule) + r"(?!\d)", text)]
    assert not missing, f"rule ids never cited: {missing}"


# ----- properties over whole random games ---------------------------------------------------------

def random_game(options: dict, seed: int, steps: int = 400):
    """Yield (state, rng) along a random game."""
    rng = random.Random(seed)
    state = herna.load("kurnik", **options).new_initial_state()
    for _ in range(steps):
        yield state, rng
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


options_strategy = st.sampled_from(CONFORMANCE_OPTIONS)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(options_strategy, st.integers(0, 10**6))
def test_conservation_and_places(options, seed):
    """K-1.2, K-1.3: cards are conserved between coops, supply and box; coops hold at most 9."""
    for state, _ in random_game(options, seed):
        state._check_invariants()
        view = state.view()
        assert all(c["eggs"] + c["chicks"] + c["hens"] + c["free"] == 9 for c in view["coops"])


@SETTINGS
@given(options_strategy, st.integers(0, 10**6))
def test_replay_from_json_is_identical(options, seed):
    """to_json / from_json replays to an identical state at the end of a random game."""
    for state, _ in random_game(options, seed):
        pass
    again = herna.from_json(json.dumps(state.to_json()))
    assert again == state and again.view() == state.view()


@SETTINGS
@given(options_strategy, st.integers(0, 10**6))
def test_clone_independence(options, seed):
    """A clone is equal, and acting on it leaves the original alone."""
    for index, (state, rng) in enumerate(random_game(options, seed, steps=120)):
        if index % 10 or state.is_terminal():
            continue
        copy = state.clone()
        before = state.view()
        assert copy == state
        if copy.is_chance_node():
            copy.apply_action(copy.sample_chance(rng))
        else:
            copy.apply_action(rng.choice(copy.legal_actions()))
        assert state.view() == before and copy != state


@SETTINGS
@given(options_strategy, st.integers(0, 10**6))
def test_illegal_actions_refused_and_nothing_changed(options, seed):
    """Every action id that is not legal (and bad strings) is refused with a reason, changing nothing."""
    for index, (state, _) in enumerate(random_game(options, seed, steps=100)):
        if index % 7 or state.is_terminal():
            continue
        legal = set(state.legal_actions())
        before = json.dumps(state.to_json())
        view = state.view()
        for action in [a for a in range(A.NUM_ACTION_IDS) if a not in legal] + ["give 9", "rob", "dance", 99]:
            with pytest.raises(IllegalActionError) as info:
                state.apply_action(action)
            assert str(info.value)
        assert json.dumps(state.to_json()) == before and state.view() == view


def test_doctests_and_repr():
    """The modules' doctest examples run; the repr shows the position."""
    import doctest
    import importlib

    for name in ("herna.games.kurnik", "herna.games.kurnik.actions", "herna.games.kurnik.game",
                 "herna.text.kurnik"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.failed == 0, name
    state = act(table(coops=[(1, 1, 0)]), "dice 6 2")
    assert repr(state) == "<kurnik turn 2, seat 1: dice | 0: 2E 1C 1H, 1: 0E 0C 0H | supply 35E 36C 35H>"


def test_action_strings_round_trip():
    """Every action id has a canonical string that parses back to it."""
    state = herna.load("kurnik", players=5).new_initial_state()
    for action in range(A.NUM_ACTION_IDS):
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action and state.string_to_action(text.upper()) == action


def test_observation_tensor_shape_and_relative_seats():
    """The tensor has a fixed shape per options and puts the observer first."""
    state = act(table(players=3, coops=[(1, 0, 0), (0, 2, 0), (0, 0, 3)]), "dice 2 1")
    game = state.game
    for seat in range(3):
        tensor = state.observation_tensor(seat)
        assert tensor.shape == game.observation_tensor_shape() == (12 * 3 + 49,)
        assert tensor[2] * 9 == state._hens[seat]
