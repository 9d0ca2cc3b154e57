"""What the OpenSpiel, PettingZoo and Gymnasium adapters share; imports no
third-party library.

* :class:`GameSpec`: per game, the chance-outcome id range (mapped to
  ``0 .. max_chance_outcomes - 1`` for OpenSpiel), true utility bounds, a
  bound on the game's length and the range of the observation tensor.
* :func:`step`: apply an action as :meth:`herna.core.State.apply_action` does
  (the action, then every single-choice decision and fixed chance outcome),
  calling back with each ``(actor, action)`` *before* it is applied, so that
  an adapter can keep what each seat observed (its information-state tokens)
  without replaying the game.
* :func:`history_planes`: the current deal's trick history, per seat, as a
  flat float32 vector (the part of the information-state tensor that the
  observation tensor lacks).

Everything game-specific comes from the game's record
(:func:`herna.core.record`) and its ``research`` module
(``herna/games/<game>/research.py``); this module names no game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

import herna
from herna.core import CHANCE, Game, State, record

@dataclass(frozen=True)
class GameSpec:
    """Facts about one game with fixed options that the adapters need.

    chance_base / max_chance_outcomes: herna chance ids are
    ``chance_base .. chance_base + max_chance_outcomes - 1``.
    min_utility / max_utility: true bounds of :meth:`State.returns` at the end.
    max_game_length: at most this many player decisions in a game (chance
    nodes not counted, as OpenSpiel counts).
    max_chance_nodes: at most this many chance nodes in a game.
    obs_low / obs_high: every entry of the observation tensor lies within.
    perfect_information: every seat sees everything (the record says so).
    history_size: length of :func:`history_planes`.
    """

    name: str
    chance_base: int
    max_chance_outcomes: int
    min_utility: float
    max_utility: float
    max_game_length: int
    max_chance_nodes: int
    obs_low: float
    obs_high: float
    perfect_information: bool
    history_size: int


def game_spec(game: Game) -> GameSpec:
    """The :class:`GameSpec` of ``game``: the facts of the game's research
    module (``research_facts(game)``, named by its record's ``research``
    field) and the record's ``perfect_information``. ``ValueError`` for a
    game with no research module, or whose length has no bound (Kurník with
    ``turn_limit=0``)."""
    rec = record(game.name)
    facts = rec.load("research").research_facts(game)
    return GameSpec(name=game.name, perfect_information=rec.perfect_information, **facts)


def load(game: str | Game, **options: Any) -> Game:
    """``game`` itself, or ``herna.load(game, **options)``."""
    if isinstance(game, Game):
        if options:
            raise ValueError("options go with a game name, not with a loaded Game")
        return game
    return herna.load(game, **options)


def render_text(state: State) -> str:
    """A plain-text table of ``state`` as a spectator sees it (``render_mode
    "ansi"``): its ``repr``, then one line per key of ``state.view()``."""
    lines = [repr(state)]
    for key, value in state.view().items():
        lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


# ----- stepping with a trace ------------------------------------------------------------
def step(state: State, action: int, on_step: Callable[[int, int], None] | None = None) -> None:
    """``state.apply_action(action, on_step)``: ``on_step(actor, action)`` is
    called before each action applied, the automatic ones included."""
    state.apply_action(action, on_step)


def info_header(state: State, seat: int) -> list[str]:
    """The first lines of ``state.information_state_string(seat)``."""
    return [f"{state.game.name} seat {seat}", json.dumps(state.game.options, sort_keys=True)]


def token(state: State, seat: int, actor: int, action: int) -> str:
    """One line of ``seat``'s information-state string for ``action`` applied
    by ``actor`` to ``state`` (as :meth:`State.information_state_string`)."""
    return f"{'c' if actor == CHANCE else actor}:{state.observe_action(seat, action)}"


def replay_trace(state: State, seats: tuple[int, ...] = ()) -> tuple[list[int], list[bool], dict[int, list[str]]]:
    """Replay ``state``'s history: the actor of every action, whether each was
    a real choice (not applied automatically), and the information-state lines
    of ``seats``."""
    replay = state.initial_state()
    actors: list[int] = []
    asked: list[bool] = []
    lines = {s: info_header(state, s) for s in seats}
    for action in state.history():
        actor = replay.current_player()
        asked.append(replay.forced_action() is None)
        for s in seats:
            lines[s].append(token(replay, s, actor, action))
        actors.append(actor)
        replay.step(action)
    return actors, asked, lines


# ----- the history part of the information-state tensor ------------------------------
def history_planes(state: State, actors: list[int], seat: int) -> np.ndarray:
    """The current deal's (Ugo!: round's) history as seen by ``seat``, a
    flat float32 vector of :attr:`GameSpec.history_size` entries: the game's
    research module's ``history_planes(state, seat, actors)`` (layouts
    there; empty for a game of perfect information). ``actors``: the actor
    of every history action (:func:`replay_trace`)."""
    return record(state.game.name).load("research").history_planes(state, seat, actors)
