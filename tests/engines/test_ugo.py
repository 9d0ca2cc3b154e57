"""Ugo!'s two engines play the same games (herna/games/ugo/compiled.pyx is a
second implementation of state.py's rules).

The golden fingerprints (``tests/engines/test_golden_fingerprints.py``) check
random games; this drives both engines side by side through what they leave
out: fixed deals of some rounds, illegal actions and their refusals, the
events of a seat since an action, a silenced copy that records again, the
determinization and its sampler, the invariants and the end of the game.
"""

from __future__ import annotations

import random

import pytest

import herna
from herna.bots import observe
from herna.core import engines
from herna.games.ugo.cards import CARD_NAMES

pytestmark = pytest.mark.skipif(not engines.available("ugo"), reason="the compiled engine is not built")


def _deals(players: int, count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = list(CARD_NAMES)
        rng.shuffle(cards)
        out.append({"hands": [cards[10 * s:10 * s + 10] for s in range(players)], "deck": cards[10 * players:]})
    return out


def _refusal(state, action) -> str:
    try:
        state.apply_action(action)
    except herna.IllegalActionError as error:
        return f"{type(error).__name__}: {error}"
    raise AssertionError(f"{action!r} was accepted")


def _walk(engine: str, options: dict, seed: int, fixed: int) -> list:
    """Everything a seeded random game shows, step by step."""
    game = herna.load("ugo", engine=engine, **options)
    assert game.engine == engine
    n = game.num_players
    state = game.new_initial_state(_deals(n, fixed, seed))
    rng = random.Random(seed)
    out: list = []
    while not state.is_terminal():
        player = state.current_player()
        out.append([player, state.legal_actions(), state.forced_action(), state.period(), state.chance_stream(),
                    state.view(None), state.view(player if player >= 0 else 0), repr(state),
                    state.observation_tensor(state.num_actions() % n).tolist()])
        if state.is_chance_node():
            out.append(state.chance_outcomes())
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = rng.choice(legal)
            illegal = [a for a in range(98) if a not in legal][state.num_actions() % 7::11]
            out.append([_refusal(state, bad) for bad in illegal + [98, -1, 2**40, "play red9", "farm A", 3.5]])
            if rng.random() < 0.15:
                copy = state.clone_silent()
                copy.record_events()
                copy.apply_action(action)
                sample = state.resample(player, random.Random(seed))
                draw = observe(state, player).resampler()(random.Random(seed + 1))
                out.append([copy.events(), sample.history(), sample.view(None), draw.history(), draw.view(player)])
        out.append([state.observe_action(s, action) for s in range(n)] + [state.is_hidden_from(None, action)])
        state.apply_action(action)
        state.check_invariants()
        if state.num_actions() % 13 == 0:
            out.append(state.events(state.num_actions() - 13, state.num_actions() % n))
    out.append([state.returns(), state.winners(), state.round_scores(), state.view(0), state.to_json(),
                [state.information_state_string(s) for s in range(n)], [state.events(0, s) for s in range(n)],
                _refusal(state, 0)])
    return out


@pytest.mark.parametrize(("options", "fixed"), [
    ({"players": 4, "rounds": 3}, 2),
    ({"players": 2, "rounds": 2, "low_card_farmers": [2, 3]}, 1),
    ({"players": 3, "rounds": 2, "farmers": 3, "first_player": 2}, 0),
])
def test_both_engines_play_the_same_game(options: dict, fixed: int) -> None:
    for seed in range(2):
        assert _walk("compiled", options, seed, fixed) == _walk("python", options, seed, fixed), (options, seed)


def test_compiled_fields_read_as_the_python_slots() -> None:
    """Every slot of the Python state has a property of the same value and
    type on the compiled one (what UgoReading, resample and tests read)."""
    from herna.games.ugo.state import UgoState

    games = {e: herna.load("ugo", engine=e, players=3, rounds=2) for e in ("python", "compiled")}
    states = {e: g.new_initial_state() for e, g in games.items()}
    rng = random.Random(5)
    while not states["python"].is_terminal():
        for slot in UgoState.__slots__:
            a, b = getattr(states["python"], slot), getattr(states["compiled"], slot)
            assert a == b and type(a) is type(b), slot
        python = states["python"]
        action = python.sample_chance(rng) if python.is_chance_node() else rng.choice(python.legal_actions())
        for state in states.values():
            state.apply_action(action)
