"""The compiled engine and the Python engine are the same game (GUIDE.md: a
faster engine is a second implementation of the same rules, and a
differential test proves they agree step by step).

Both engines are driven through the same seeded random games of every
option set of each game's record (``conformance_options``) and a few more:
chance drawn by each engine from its own copy of the same ``random.Random``
(so the draws themselves are compared: both must use the generator the same
way), a player's action chosen by the test from the Python engine's legal
actions. At every step they must agree on the player to act, the legal
actions, the chance outcomes and their probabilities, the forced action,
the period, the spectator's and every seat's view and observation tensor,
every seat's observation of the action about to be applied, the events each
seat gets, and the returns; at every decision, the refusal of an illegal
action (message and no change); at some decisions, every seat's
information state, ``resample``, and the game's fast sampler for the seat
to act and for a seat that waits, several draws from one generator each
(and the generator's state after them), and clones; at the end ``to_json`` and a replay. The compiled
state's invariants are checked after every action.

``HERNA_DIFF_GAMES`` (N, default 12; CI sets 40) sets the games per option
set, with a step budget so that the long option sets (a 5-player Trumfosaur
game to 60 points is about 850 steps, a 2-player Ugo! round about 50) do not
dominate the run: each option set plays its seeded games in order until it
has played N games or compared N × ``STEPS_PER_GAME`` steps (chance draws
and decisions), whichever comes first, and never fewer than N / 4 games.
So every option set is compared over at least N × 200 steps or N whole
games: at N = 40, the option sets whose games are under 200 steps long play
all 40 games as before; the 5-player game to 60 points plays 10, the
4-player Ugo! game 23. The games played are a prefix of the same seeded
sequence, so any failure is reproduced by the same seed (its message names
the game number). The note of the change that made the compiled engine
gives larger runs.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

import herna
from herna.core import CHANCE, IllegalActionError, engines, record

from .cases import option_sets

GAMES = int(os.environ.get("HERNA_DIFF_GAMES", "12"))
STEPS_PER_GAME = 200
"""The step budget per game of ``GAMES`` (module docstring)."""
MIN_GAMES = max(1, GAMES // 4)
"""The games every option set plays, however long they are."""
DETAIL_EVERY = 7
"""Information states, resamples, sampler draws and clones at every n-th decision."""

def pair(name: str, options: dict):
    """A game on each engine; skips where the compiled one is not built."""
    if not engines.available(name):
        pytest.skip(f"the compiled engine of {name} is not built here (no C compiler when herna was installed)")
    try:
        python = herna.load(name, engine="python", **options)
    except ValueError as error:  # an extra option set that this game does not take
        pytest.skip(str(error))
    return python, herna.load(name, engine="compiled", **options)


def same(a, b, what: str) -> None:
    assert a == b, f"{what}: python {a!r} != compiled {b!r}"


def same_tensor(a: np.ndarray, b: np.ndarray, what: str) -> None:
    assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes(), f"{what} differs"


def compare(py, co, n: int, where: str) -> None:
    """Everything both engines show of a position."""
    same(co.current_player(), py.current_player(), f"{where} current_player")
    same(co.is_terminal(), py.is_terminal(), f"{where} is_terminal")
    same(co.legal_actions(), py.legal_actions(), f"{where} legal_actions")
    same(co.forced_action(), py.forced_action(), f"{where} forced_action")
    same(co.period(), py.period(), f"{where} period")
    same(co.num_actions(), py.num_actions(), f"{where} num_actions")
    same(co.returns(), py.returns(), f"{where} returns")
    same(co.chance_stream(), py.chance_stream(), f"{where} chance_stream")
    if py.is_chance_node():
        same(co.chance_outcomes(), py.chance_outcomes(), f"{where} chance_outcomes")
    same(co.view(None), py.view(None), f"{where} spectator view")
    for seat in range(n):
        same(co.view(seat), py.view(seat), f"{where} view of seat {seat}")
        same_tensor(co.observation_tensor(seat), py.observation_tensor(seat), f"{where} tensor of seat {seat}")


def compare_detail(py, co, n: int, seed: int, where: str) -> None:
    """The costly comparisons, at some decisions."""
    player = py.current_player()
    for seat in range(n):
        same(co.information_state_string(seat), py.information_state_string(seat), f"{where} infostate {seat}")
    a = py.resample(player, random.Random(seed))
    b = co.resample(player, random.Random(seed))
    same(b.history(), a.history(), f"{where} resample history")
    same(b.view(None), a.view(None), f"{where} resample view")
    sampler = record(py.game.name).sampler
    if sampler is not None:
        for who in (player, (player + 1) % n):  # the seat to act, and one that waits (other redraws)
            draw_a, draw_b = sampler(py, who), sampler(co, who)
            rng_a, rng_b = random.Random(seed), random.Random(seed)
            for k in range(3):  # one generator for several draws, as a search uses it
                a, b = draw_a(rng_a), draw_b(rng_b)
                same(b.history(), a.history(), f"{where} sampler draw {k} for seat {who}")
                same(b.legal_actions(), a.legal_actions(), f"{where} sampler draw {k} legal")
            same(rng_b.random(), rng_a.random(), f"{where} generator after the draws for seat {who}")
    copy = co.clone()
    assert copy == co and copy is not co
    assert co.clone_silent().events() == []


def refuse_alike(py, co, rng: random.Random, where: str) -> None:
    """An illegal action gets the same refusal from both and changes nothing."""
    legal = set(py.legal_actions())
    space = py.game.num_distinct_actions()
    candidates = [a for a in (rng.randrange(space), rng.randrange(space), -1, space + 5) if a not in legal]
    before = co.history(), co.view(None)
    for action in candidates[:2]:
        messages = []
        for state in (py, co):
            with pytest.raises(IllegalActionError) as caught:
                state.apply_action(action)
            messages.append((str(caught.value), caught.value.translated("cs")))
        same(messages[1], messages[0], f"{where} refusal of {action}")
    same((co.history(), co.view(None)), before, f"{where} state after a refusal")


@pytest.mark.parametrize(("name", "options"), option_sets())
def test_both_engines_play_the_same_games(name: str, options: dict) -> None:
    python, compiled = pair(name, options)
    n = python.num_players
    steps_compared = 0
    for game_number in range(GAMES):
        if game_number >= MIN_GAMES and steps_compared >= GAMES * STEPS_PER_GAME:
            break  # the step budget is spent (module docstring)
        seed = 1000 * game_number + 17
        choose = random.Random(seed)
        chance_py, chance_co = random.Random(seed + 1), random.Random(seed + 1)
        py, co = python.new_initial_state(), compiled.new_initial_state()
        seen = 0
        decisions = 0
        step = 0
        while True:
            where = f"{name} {options} game {game_number} step {step}"
            compare(py, co, n, where)
            if py.is_terminal():
                break
            player = py.current_player()
            if player == CHANCE:
                action = py.sample_chance(chance_py)
                same(co.sample_chance(chance_co), action, f"{where} chance draw")
            else:
                decisions += 1
                if decisions % DETAIL_EVERY == 1:
                    compare_detail(py, co, n, seed + decisions, where)
                    refuse_alike(py, co, choose, where)
                action = choose.choice(py.legal_actions())
            for seat in range(n):
                same(co.observe_action(seat, action), py.observe_action(seat, action), f"{where} observation {seat}")
                same(co.is_hidden_from(seat, action), py.is_hidden_from(seat, action), f"{where} hidden {seat}")
            same(co.observe_action(None, action), py.observe_action(None, action), f"{where} spectator observation")
            py.apply_action(action)
            co.apply_action(action)
            co.check_invariants()
            same(co.history(), py.history(), f"{where} history")
            for seat in [None, *range(n)]:
                same(co.events(seen, seat), py.events(seen, seat), f"{where} events of {seat}")
            seen = py.num_actions()
            step += 1
        steps_compared += step
        same(co.to_json(), py.to_json(), f"{name} game {game_number} to_json")
        same(co.history_strings(), py.history_strings(), f"{name} game {game_number} history_strings")
        replay = compiled.from_json(py.to_json())
        assert replay == co
        same(replay.events(), py.events(), f"{name} game {game_number} events after a replay")
