"""Checks every herna game must pass, once per game: each game's
``tests/games/<game>/test_conformance.py`` runs them over the option sets of
its record (``conformance_options``) with :func:`conformance_cases` and
:func:`run_conformance` (which also takes a record or a game name and then
plays every option set).

Each check raises ``AssertionError`` (a broken game invariant:
:class:`~herna.core.errors.InvariantError`, a subclass) with a message that
names the game, options, seed and step, so a failure can be replayed.
"""

from __future__ import annotations

import json
import math
import random
import zlib

import numpy as np

from .errors import IllegalActionError, InvariantError
from .record import GameRecord
from .registry import from_json, record
from .state import CHANCE, TERMINAL, Game, State


def random_step(state: State, rng: random.Random) -> int:
    """Apply one random action (chance sampled by its probabilities); return it."""
    if state.current_player() == CHANCE:
        action = state.sample_chance(rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def random_playout(state: State, rng: random.Random, max_actions: int = 100_000) -> State:
    """Play ``state`` to the end with random actions; returns it."""
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        random_step(state, rng)
    raise AssertionError(f"{state.game!r}: no end after {max_actions} actions")


def check_invariants(state: State, where: str) -> None:
    """The game's own invariants (conservation of cards/tokens, ...):
    :meth:`State.check_invariants`. Raises
    :class:`~herna.core.errors.InvariantError` prefixed with ``where``."""
    try:
        state.check_invariants()
    except AssertionError as error:  # InvariantError (an AssertionError), or a game's bare assert
        raise InvariantError(f"{where}: invariant broken: {error}") from None


def check_roundtrip(state: State, where: str) -> None:
    """``from_json(to_json(s)) == s``, through a real JSON string."""
    text = json.dumps(state.to_json())
    again = from_json(text, state.game.engine)
    assert again == state, f"{where}: from_json(to_json(s)) differs from s"
    assert again.view() == state.view(), f"{where}: replayed view differs"


def check_clone(state: State, rng: random.Random, where: str) -> None:
    """A clone is equal and independent."""
    copy = state.clone()
    assert copy == state, f"{where}: clone differs"
    before = json.dumps(state.to_json())
    if not copy.is_terminal():
        random_step(copy, rng)
        assert json.dumps(state.to_json()) == before, f"{where}: acting on a clone changed the original"


def check_illegal(state: State, rng: random.Random, where: str) -> None:
    """Illegal actions and bad strings are refused and change nothing."""
    before = json.dumps(state.to_json())
    view = state.view()
    legal = set(state.legal_actions())
    candidates = [a for a in range(-3, 3000) if a not in legal]
    for action in rng.sample(candidates, 5) + ["no such action", "", 3.5]:
        try:
            state.apply_action(action)  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert str(error), f"{where}: empty error message"
        else:
            raise AssertionError(f"{where}: illegal action {action!r} was accepted")
        assert json.dumps(state.to_json()) == before, f"{where}: a refused action changed the state"
        assert state.view() == view, f"{where}: a refused action changed the view"


def check_resample(state: State, rng: random.Random, where: str, times: int = 2) -> None:
    """Every determinization keeps what the seat knows, and is a legal,
    consistent state of its own."""
    for seat in range(state.num_players):
        view = state.view(seat)
        info = state.information_state_string(seat)
        for _ in range(times):
            sample = state.resample(seat, rng)
            assert sample.view(seat) == view, f"{where}: resample for seat {seat} changed its view"
            assert sample.information_state_string(seat) == info, (
                f"{where}: resample for seat {seat} changed its information state"
            )
            assert sample.legal_actions() == state.legal_actions() or state.current_player() not in (seat,), (
                f"{where}: resample for seat {seat} changed its legal actions"
            )
            check_invariants(sample, f"{where}, resample for seat {seat}")
            again = from_json(json.dumps(sample.to_json()), sample.game.engine)
            assert again == sample, f"{where}: resample for seat {seat} is not replayable"


def decision_pattern(state: State) -> list[bool]:
    """Per history action: whether it was a real decision (a seat to act with
    more than one legal action), replaying the history; chance and actions the
    engine applied by itself ("only real choices are asked") are ``False``."""
    replay = state.initial_state()
    out = []
    for action in state.history():
        out.append(replay.current_player() >= 0 and replay.forced_action() is None)
        replay.step(action)
    return out


def check_same_decisions(state: State, sample: State, where: str) -> None:
    """A determinization keeps which actions were real decisions and which
    were automatic (everyone saw who was asked), and a seat waiting to act
    has a real choice in it too."""
    assert decision_pattern(sample) == decision_pattern(state), (
        f"{where}: a real decision became automatic (or back) in a resample")
    player = sample.current_player()
    assert player < 0 or len(sample.legal_actions()) > 1, f"{where}: seat {player} waits with one legal action"


def check_returns(state: State, where: str) -> None:
    values = state.returns()
    assert len(values) == state.num_players, f"{where}: returns has {len(values)} entries"
    assert all(isinstance(v, (int, float)) and math.isfinite(v) for v in values), f"{where}: returns {values}"
    view = state.view()
    if state.is_terminal():
        assert view["terminal"] is True and view["current_player"] is None, f"{where}: terminal view"
        assert view["winners"], f"{where}: a finished game has winners"
    else:
        assert view["winners"] == [], f"{where}: winners before the end"


def check_observation(state: State, shape: tuple, where: str) -> None:
    for seat in range(state.num_players):
        tensor = state.observation_tensor(seat)
        assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32, f"{where}: tensor type"
        assert tensor.shape == shape, f"{where}: tensor shape {tensor.shape} != {shape}"
        json.dumps(state.view(seat))


def check_views(state: State, where: str) -> None:
    """Common view keys (SCENARIOS.md) exist and are JSON-ready."""
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        for key in ("game", "players", "current_player", "terminal", "scores", "winners"):
            assert key in view, f"{where}: view of {seat} lacks {key!r}"
        json.dumps(view)
        player = state.current_player()
        expected = "chance" if player == CHANCE else None if player == TERMINAL else player
        assert view["current_player"] == expected, f"{where}: current_player in view"


def _record_of(game: GameRecord | str) -> GameRecord:
    return game if isinstance(game, GameRecord) else record(game)


def case_seed(options: dict) -> int:
    """The seed of an option set's playouts: the same for the same options
    in every run (a CRC of their text), 0..999."""
    return zlib.crc32(str(options).encode()) % 1000


def conformance_cases(game: GameRecord | str) -> list[tuple[dict, int]]:
    """``(options, seed)`` for every option set of the game's record
    (``conformance_options``; a record or a game name), for parametrising a
    game's conformance test. ``ValueError`` for an unknown game."""
    return [(dict(options), case_seed(options)) for options in _record_of(game).conformance_options]


def run_conformance(game: Game | GameRecord | str, playouts: int = 4, seed: int = 0, deep_every: int = 7) -> dict:
    """Play ``playouts`` seeded random games of ``game``, checking cheap
    properties at every step and the expensive ones every ``deep_every``-th
    decision. Returns counts (games, actions, deep checks).

    ``game`` a :class:`Game`: that game with its options, from ``seed``. A
    :class:`GameRecord` or a game name: every option set of the record
    (:func:`conformance_cases`, each from its own seed; ``seed`` is added),
    the counts summed, plus ``"cases"``."""
    if not isinstance(game, Game):
        rec = _record_of(game)
        total = {"games": 0, "actions": 0, "deep_checks": 0, "cases": 0}
        for options, case in conformance_cases(rec):
            result = run_conformance(rec.game_class(**options), playouts, case + seed, deep_every)
            for key in ("games", "actions", "deep_checks"):
                total[key] += result[key]
            total["cases"] += 1
        return total
    rng = random.Random(seed)
    shape = game.observation_tensor_shape()
    actions = deep = 0
    for number in range(playouts):
        state = game.new_initial_state()
        step = 0
        while True:
            where = f"{game!r} playout {number} (seed {seed}) step {step}"
            check_invariants(state, where)
            if step % deep_every == 0 or state.is_terminal():
                deep += 1
                check_views(state, where)
                check_returns(state, where)
                check_observation(state, shape, where)
                check_roundtrip(state, where)
                check_clone(state, rng, where)
                if not state.is_terminal():
                    check_illegal(state, rng, where)
                if number % 3 == 0:
                    check_resample(state, rng, where, times=1)
            if state.is_terminal():
                break
            random_step(state, rng)
            actions += 1
            step += 1
    return {"games": playouts, "actions": actions, "deep_checks": deep}


def run_playouts(game: Game, playouts: int, seed: int = 0) -> dict:
    """Many cheap random games: the game's invariants after every action,
    returns/views at the end, and a JSON round trip of the final state."""
    rng = random.Random(seed)
    actions = 0
    for number in range(playouts):
        state = game.new_initial_state()
        where = f"{game!r} playout {number} (seed {seed})"
        while not state.is_terminal():
            random_step(state, rng)
            actions += 1
            check_invariants(state, where)
        check_returns(state, where)
        check_views(state, where)
        check_roundtrip(state, where)
    return {"games": playouts, "actions": actions}
