"""Reasons that explain (herna/bots/reasons): for every decision kind of every
game, a reason in the game's terms from the seat's view, never the move
restated (its menu words or the event line that tells the move)."""

from __future__ import annotations

import random

import pytest

import herna
from herna.bots.hints import hints
from herna.bots.reasons import reasons
from herna.core import CHANCE, action_kind, record
from herna.text.voice import Voice

GAMES = {
    "trumfosaur": ({"players": 3, "master": True, "target_score": 10},
                   {"exchange", "invite", "play", "trump", "reveal", "pass"}),
    "ugo": ({"players": 3, "rounds": 1}, {"play", "open", "farm"}),
    "kurnik": ({"players": 4, "supply_hens": 10, "dead_rooster": True, "rough_thief": True, "turn_limit": 300},
               {"roll", "exchange eggs", "exchange chicks", "exchange hens", "pass", "give", "take", "rob all", "rob",
                "steal"}),
}


def kind_of(string: str) -> str:
    """The decision kind: the action kind, the trump apart, Ugo!'s ``open <colour>`` as one kind."""
    if string == "play TRUMF":
        return "trump"
    kind = action_kind(string)
    return "open" if kind.startswith("open ") else kind


def decisions(name: str, games: int = 12):
    """(state, action string) for up to 3 decisions of each kind, from seeded random games."""
    options, _ = GAMES[name]
    game = herna.load(name, **options)
    found: dict[str, list] = {}
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                for action in legal:
                    string = state.action_to_string(action)
                    bucket = found.setdefault(kind_of(string), [])
                    if len(bucket) < 3:
                        bucket.append((state.clone(), string))
            state.apply_action(rng.choice(legal))
    return found


def own_descriptions(state, string: str, style: Voice) -> tuple[list[str], list[str]]:
    """The move's own words: its names (the menu label, the action string) and the lines of the events
    the move itself makes ("Seat 1 (you) chooses the invitation AQU1")."""
    seat = state.current_player()
    words = record(state.game.name).load("texts")
    label = words.action_label(string, state.view(seat), style) or string
    child = state.clone().record_events()
    start = child.num_actions()
    child.apply_action(child.string_to_action(string))
    lines = [line.rstrip(".") for e in child.events(since=start, seat=seat) if e.get("seq") == start + 1
             for line in words.describe_event(e, seat, style)]
    return [label, string], [str(line) for line in lines if str(line).strip()]


def restates(said: list[str], state, string: str, style: Voice) -> str | None:
    """The move's own words found in ``said``: a sentence that is the move's name, or an event line of it."""
    names, lines = own_descriptions(state, string, style)
    joined = "; ".join(said)
    for sentence in said:
        if sentence.strip().rstrip(".") in names:
            return sentence
    return next((line for line in lines if line in joined), None)


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_kind_has_a_reason_that_is_not_the_move(name):
    found = decisions(name)
    assert GAMES[name][1] <= set(found), set(GAMES[name][1]) - set(found)
    for kind, cases in found.items():
        for state, string in cases:
            seat = state.current_player()
            for lang in ("en", "cs"):
                style = Voice.make(lang)
                said = reasons(name, state.view(seat), string, style)
                assert said, (kind, string, lang)
                joined = "; ".join(said)
                assert restates(said, state, string, style) is None, (kind, string, joined)
                if lang == "cs":
                    assert joined != "; ".join(reasons(name, state.view(seat), string, Voice.make("en"))), joined


def test_reasons_say_what_the_move_is_worth():
    """Spot checks of the numbers: a Trumfosaur invitation's worth (T-6.1), an Ugo! farmer's score (U-6),
    a Kurník exchange's hens (K-6.1)."""
    view = {"hand": ["SAX2", "SAX9", "SAX5", "AQU5", "VZT1", "TRUMF"], "invitation": None, "played": [],
            "exchanged": [], "trick": []}
    said = reasons("trumfosaur", view, "invite SAX5", Voice.make("en"))[0]
    # two more Saxosaurus (1 each) and one more 5 (2): 4 points besides the invitation's 3
    assert "2 of Saxosaurus" in said and "1 of value 5" in said and "up to 4 points" in said
    kingdom = [{"field": f, "colour": c, "top": t, "cards": [1] if c else [], "farmers": n, "places": p}
               for f, c, t, n, p in (("A", "red", 5, 1, 1), ("B", None, None, 1, 1), ("C", "blue", 7, 1, 2),
                                     ("D", None, None, 0, 3), ("E", None, None, 0, 4))]
    farm = reasons("ugo", {"seat": 0, "kingdoms": [kingdom]}, "farm C", Voice.make("en"))[0]
    assert "2/2 farmers and scores +7 instead of -5" in farm
    # a farmer that leaves the field short says what it pays once full and what it scores until then (U-6.3)
    later = reasons("ugo", {"seat": 0, "kingdoms": [kingdom]}, "farm D", Voice.make("en"))[0]
    assert later == "field D then has 1/3 farmers; 2 more farmers and it pays +3; until then it scores +0", later
    # U-1.4: a card that took the trick in none of the sampled hands is said as lost, not "won, ... opens field"
    view = {"seat": 0, "kingdoms": [kingdom], "low_card_farmers": [1, 2]}
    lost = reasons("ugo", view, "play yellow2", Voice.make("en"), trick=(0, 12))
    assert lost == ["lost, a card of value 2 brings farmers: 1 if it loses to its own colour, 2 if to another (U-1.4); "
                    "your kingdom does not change"]
    assert reasons("ugo", view, "play yellow7", Voice.make("en"), trick=(0, 12)) == [
        "lost, it brings no farmer and your kingdom does not change (U-1.4)"]
    assert any(line.startswith("won, yellow opens field") for line in reasons("ugo", view, "play yellow7",
                                                                              Voice.make("en"), trick=(3, 12)))
    # T-5.1, T-5.3: a reveal says whose lead it takes and what it costs, not only "you lead trick 2"
    view = {"hand": ["SAX2", "AQU5", "TRUMF"], "invitation": "SAX5", "played": [], "exchanged": [], "trick": [],
            "leader": 1, "trick_number": 2}
    assert reasons("trumfosaur", view, "reveal", Voice.make("en")) == [
        "you lead trick 2 instead of Seat 2 (T-5.1)", "but from then on everyone knows your invitation, Saxosaurus 5, "
        "and can keep its species and value from you (T-5.3)"]
    assert reasons("trumfosaur", view, "reveal", Voice.make("cs"))[0] == "vynášíš do 2. štychu místo hráče 2 (T-5.1)"
    # Czech: "má 1 slepici" (the accusative after "má"; a trial read "má 1 slepice")
    coop = {"eggs": 0, "chicks": 0, "hens": 1, "rooster": False, "free": 5}
    view = {"seat": 0, "players": 3, "coops": [dict(coop, hens=3), coop, dict(coop, hens=4)]}
    assert reasons("kurnik", view, "steal 1", Voice.make("cs"))[0].startswith("Hráč 2 má 1 slepici (nevede)")
    coop = {"eggs": 0, "chicks": 3, "hens": 4, "rooster": False, "free": 2}
    view = {"seat": 0, "players": 2, "coops": [coop, dict(coop, hens=6)]}
    assert "5 of the 9 hens" in reasons("kurnik", view, "exchange chicks", Voice.make("en"))[0]


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_s_reason_never_restates_the_move(name):
    found = decisions(name, games=3)
    for kind in sorted(found)[:4]:
        state, _ = found[kind][0]
        style = Voice.make("en")
        for hint in hints(state, k=2, iterations=120, seed=1):
            said = hint.reason.split("; ")
            assert hint.reason and restates(said, state, hint.action_string, style) is None, (kind, hint.reason)


def test_reason_numbers_take_their_grammar():
    """A Trumfosaur invitation worth 1 point besides the invitation's 3 says "1 point" ("1 bod"), not "1 points";
    a Kurník "take" with no free place says so, not "as many as the 0 free places take" (K-4.5)."""
    view = {"hand": ["SAX2", "SAX9", "AQU5", "VZT1"], "invitation": None, "played": [], "exchanged": [],
            "trick": []}
    said = reasons("trumfosaur", view, "invite SAX9", Voice.make("en"))[0]
    assert said.endswith("up to 1 point besides the invitation's 3"), said
    czech = reasons("trumfosaur", view, "invite SAX9", Voice.make("cs"))[0]
    assert czech.endswith("až 1 bod navíc ke 3 bodům pozvánky"), czech
    view["hand"] = ["SAX2", "SAX9", "SAX4", "AQU5"]
    assert "up to 2 points besides" in reasons("trumfosaur", view, "invite SAX9", Voice.make("en"))[0]
    assert "až 2 body navíc" in reasons("trumfosaur", view, "invite SAX9", Voice.make("cs"))[0]
    coop = {"eggs": 0, "chicks": 0, "hens": 9, "rooster": False, "free": 0}
    view = {"seat": 0, "players": 2, "coops": [coop, dict(coop, hens=0, free=9)]}
    assert reasons("kurnik", view, "take", Voice.make("en")) == ["no hen: your coop has no free place to take one "
                                                                 "(K-4.5)"]
    assert reasons("kurnik", view, "take", Voice.make("cs"))[0].startswith("žádnou slepici:")
    view["coops"][0] = dict(coop, hens=7, free=2)
    assert reasons("kurnik", view, "take", Voice.make("en")) == ["up to 5 hens, as many as the 2 free places take "
                                                                 "(K-4.5)"]


def test_trumfosaur_play_reasons_speak_of_the_partner_with_teams():
    """T-7.1 (seats 0 + 2 and 1 + 3 are partners; a trick a partner takes counts for the team), seen from the
    view's team_scores (T-7.2): a card that leaves the trick to the partner winning it, takes it from the
    partner, or takes it from the other team says so; without teams nothing about partners is said."""
    view = {"hand": ["SAX2", "VZT10", "VZT3", "TRUMF"], "invitation": "SAX5", "played": ["VZT9", "VZT7"],
            "exchanged": [], "trick": ["VZT9", "VZT7"], "trick_seats": [0, 1], "seat": 2, "team_scores": [0, 0]}
    en, cs = Voice.make("en"), Voice.make("cs")
    assert reasons("trumfosaur", view, "play VZT3", en)[-1] == (
        "your partner Seat 1 wins this trick so far, and what they take counts for your team (T-7.1)")
    for card in ("VZT10", "TRUMF"):  # a higher card of the led species, or the first trump (T-4.5)
        assert reasons("trumfosaur", view, f"play {card}", en)[-1] == (
            "it takes the trick from your partner Seat 1: the team gains nothing by it (T-7.1)")
    assert reasons("trumfosaur", view, "play VZT10", cs)[-1] == (
        "bere štych tvému spoluhráči, hráči 1: tým tím nic nezíská (T-7.1)")
    # seat 1 after seat 0's VZT9 (the partner of seat 2, not of seat 1): VZT10 takes it from the other team
    other = dict(view, trick=["VZT7", "VZT9"], trick_seats=[3, 0], seat=1)
    taken = reasons("trumfosaur", other, "play VZT10", en)[-1]
    assert taken == "it takes the trick from Seat 1 of the other team (T-7.1)"
    assert not any("team" in line for line in reasons("trumfosaur", other, "play VZT3", en))
    # a trump already in the trick wins it (T-4.5): nothing beats it
    trumped = dict(view, trick=["VZT9", "TRUMF"], trick_seats=[0, 1])
    assert not any("takes the trick from" in line for line in reasons("trumfosaur", trumped, "play VZT10", en))
    alone = {k: v for k, v in view.items() if k != "team_scores"}
    assert not any("partner" in line or "team" in line
                   for card in ("VZT3", "VZT10", "TRUMF") for line in reasons("trumfosaur", alone, f"play {card}", en))
