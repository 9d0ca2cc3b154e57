"""Kurník's two engines play the same games, step by step (GUIDE.md: a
faster engine is a second implementation of the same rules).

Seeded games over every option set of ``CONFORMANCE_OPTIONS`` (all variant
combinations, rolled and given first players, scarce supplies, the
turn_limit guard) and a few tiny supplies are played on the Python engine
and on the compiled one side by side. At every step the two states must
agree on everything the contract shows (player, legal actions, chance
outcomes, views, tensors, action strings and observations, events, period,
chance stream, returns, ``repr``, refusals of illegal actions, random draws
with the same generator state) and on every field the shared reading code
reads (the Python slots and the compiled properties: values and types).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import herna
from herna.core import CHANCE, IllegalActionError
from herna.core.engines import available
from herna.games.kurnik import CONFORMANCE_OPTIONS
from herna.games.kurnik import actions as A
from herna.games.kurnik.state import KurnikState

pytestmark = pytest.mark.skipif(not available("kurnik"), reason="the compiled engine of kurnik is not built")

FIELDS = tuple(KurnikState.__slots__)
"""Every field of the Python state."""

OPTION_SETS = list(CONFORMANCE_OPTIONS) + [
    # tiny supplies: eggs and chicks run out (K-5.3), every hen is fought over (K-5.2, K-9.2)
    {"players": 4, "supply_eggs": 2, "supply_chicks": 3, "supply_hens": 10, "dead_rooster": True,
     "supply_roosters": 1, "rough_thief": True, "turn_limit": 120},
    {"players": 3, "supply_eggs": 0, "supply_chicks": 0, "supply_hens": 9, "turn_limit": 80},
    {"players": 2, "supply_hens": 9, "dead_rooster": True, "supply_roosters": 3, "six_six": "fox",
     "turn_limit": 200},
    {"players": 2, "supply_hens": 2, "turn_limit": 60},
    {"players": 3, "supply_hens": 4, "rough_thief": True, "turn_limit": 90},
    {"players": 5, "supply_hens": 14, "rough_thief": True, "dead_rooster": True, "turn_limit": 150},
]
GAMES = 4
"""Seeded games per option set: the even ones draw the dice by their
probabilities, the odd ones pick every outcome alike (doubles, 6-6 and its
re-rolls come twice as often: the rare rules get their turn)."""


def same_fields(python, compiled) -> None:
    for name in FIELDS:
        mine, theirs = getattr(python, name), getattr(compiled, name)
        assert mine == theirs, name
        assert type(mine) is type(theirs), name
        if isinstance(mine, (list, tuple)):
            assert [type(v) for v in mine] == [type(v) for v in theirs], name


def refusal(state, action):
    try:
        state.apply_action(action)
    except IllegalActionError as error:
        return type(error), str(error)
    return None


def compare(python, compiled, n: int, seen: int) -> None:
    assert compiled == compiled.clone()
    assert python.current_player() == compiled.current_player()
    assert python.is_terminal() == compiled.is_terminal()
    assert python.is_chance_node() == compiled.is_chance_node()
    assert python.num_actions() == compiled.num_actions() and python.history() == compiled.history()
    assert python.period() == compiled.period() and python.chance_stream() == compiled.chance_stream()
    assert python.forced_action() == compiled.forced_action()
    assert python.legal_actions() == compiled.legal_actions()
    assert python.legal_action_strings() == compiled.legal_action_strings()
    assert python.returns() == compiled.returns()
    assert repr(python) == repr(compiled)
    assert python.view() == compiled.view()
    for seat in range(n):
        assert python.view(seat) == compiled.view(seat)
        mine, theirs = python.observation_tensor(seat), compiled.observation_tensor(seat)
        assert mine.dtype == theirs.dtype == np.float32 and mine.tobytes() == theirs.tobytes()
    assert python.events(seen) == compiled.events(seen)
    same_fields(python, compiled)
    python.check_invariants()
    compiled.check_invariants()
    if python.is_chance_node():
        assert python.chance_outcomes() == compiled.chance_outcomes()


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(i) for i in range(len(OPTION_SETS))])
def test_both_engines_play_the_same_games(options):
    python_game = herna.load("kurnik", engine="python", **options)
    compiled_game = herna.load("kurnik", engine="compiled", **options)
    assert compiled_game.engine == "compiled" and python_game.engine == "python"
    n = python_game.num_players
    for seed in range(GAMES):
        rng = random.Random(seed)
        python, compiled = python_game.new_initial_state(), compiled_game.new_initial_state()
        seen = 0
        step = 0
        while True:
            compare(python, compiled, n, seen)
            if python.is_terminal():
                break
            seen = python.num_actions()
            step += 1
            if python.is_chance_node():
                state = rng.getstate()
                action = python.sample_chance(rng)
                after = rng.getstate()
                rng.setstate(state)
                assert compiled.sample_chance(rng) == action and rng.getstate() == after
                if seed % 2:
                    action = rng.choice(python.legal_actions())
            else:
                legal = python.legal_actions()
                action = rng.choice(legal)
                if step % 5 == 0:  # refusals say the same
                    for bad in (0, 4, 5, 7, 12 + n - 1, 17, A.DICE_BASE, A.DIE_BASE, 21, 49, -1):
                        if bad not in legal:
                            assert refusal(python, bad) == refusal(compiled, bad)
            for seat in [None, *range(n)]:
                assert python.observe_action(seat, action) == compiled.observe_action(seat, action)
                assert python.is_hidden_from(seat, action) == compiled.is_hidden_from(seat, action)
            python.apply_action(action)
            compiled.apply_action(action)
        for seat in range(n):
            assert python.events(0, seat) == compiled.events(0, seat)
            assert python.information_state_string(seat) == compiled.information_state_string(seat)
        assert python.to_json() == compiled.to_json()
        assert compiled_game.from_json(compiled.to_json()) == compiled


SCRIPTS = [
    # K-1.4 / K-4.2: a 3-3 gift makes the other player win on the roller's turn
    ({"players": 2, "first_player": 0},
     ["dice 6 6", "take", "dice 6 1", "dice 6 6", "take", "dice 6 1", "dice 2 2", "dice 6 6", "take", "dice 4 1",
      "dice 3 3"]),
    # K-9.1: rob one keeps what fits and wins
    ({"players": 2, "first_player": 0, "rough_thief": True},
     ["dice 6 6", "take", "dice 6 1", "dice 6 6", "take", "dice 6 1", "dice 6 6", "rob 1", "dice 5 1"]),
    # K-4.4 / K-11.3: quarantine, then a lost turn with an exchange and a pass
    ({"players": 2, "first_player": 1},
     ["dice 5 4", "dice 2 1", "dice 5 4", "dice 3 2", "roll", "dice 5 5", "die 1", "roll", "dice 6 1",
      "exchange chicks", "roll", "dice 5 5", "die 3", "dice 2 1", "pass", "dice 6 2"]),
]
"""Scripted games (options, actions) for rules that random games reach seldom."""


@pytest.mark.parametrize(("options", "actions"), SCRIPTS, ids=[str(i) for i in range(len(SCRIPTS))])
def test_both_engines_play_the_same_scripted_games(options, actions):
    python = herna.load("kurnik", engine="python", **options).new_initial_state()
    compiled = herna.load("kurnik", engine="compiled", **options).new_initial_state()
    n = python.num_players
    compare(python, compiled, n, 0)
    for action in actions:
        seen = python.num_actions()
        python.apply_action(action)
        compiled.apply_action(action)
        compare(python, compiled, n, seen)
    assert python.events() == compiled.events()


def test_clones_copies_and_silenced_states_agree():
    """A clone is independent; a silenced clone records nothing; a state
    that records again records the actions from then on, as PythonState does."""
    seen = []
    for engine in ("python", "compiled"):
        game = herna.load("kurnik", players=3, first_player=0, engine=engine)
        state = game.new_initial_state()
        state.apply_action("dice 6 2")
        copy = state.clone()
        copy.apply_action("dice 5 4")
        assert state != copy and state.num_actions() + 2 == copy.num_actions()
        assert copy.events()[:len(state.events())] == state.events()
        quiet = state.clone_silent()
        quiet.apply_action("dice 3 1")
        assert quiet.events() == []
        quiet.record_events()
        quiet.apply_action("dice 2 1")
        assert quiet.events() and min(e["seq"] for e in quiet.events()) == quiet.num_actions() - 1
        seen.append((state.events(), copy.events(), quiet.events(), quiet.history()))
    assert seen[0] == seen[1]


def test_unknown_ids_are_refused_alike():
    states = [herna.load("kurnik", players=2, first_player=0, engine=e).new_initial_state()
              for e in ("python", "compiled")]
    for bad in (49, 1000, -3, A.ROB_BASE + 3, A.STEAL_BASE + 4):
        answers = []
        for state in states:
            outcome = []
            for call in (state.action_to_string, lambda a, s=state: s.observe_action(0, a),
                         lambda a, s=state: s.is_hidden_from(None, a)):
                try:
                    outcome.append(call(bad))
                except IllegalActionError as error:
                    outcome.append(str(error))
            answers.append(outcome)
        assert answers[0] == answers[1], bad
    assert [s.current_player() for s in states] == [CHANCE, CHANCE]
    assert refusal(states[0], 0) == refusal(states[1], 0) is not None  # not a chance outcome
    for state in states:
        state.apply_action("dice 6 6")  # the 6-6 announcement: a decision
        with pytest.raises(IllegalActionError, match="not a chance node"):
            state.chance_outcomes()
        with pytest.raises(IllegalActionError, match="not a chance node"):
            state.sample_chance(random.Random(1))
