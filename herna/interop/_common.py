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
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

import herna
from herna.core import CHANCE, Game, State

GAMES = ("trumfosaur", "ugo", "kurnik")


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
    perfect_information: every seat sees everything (Kurník, K-10.1).
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
    """The :class:`GameSpec` of ``game``; ``ValueError`` for a game whose
    length has no bound (Kurník with ``turn_limit=0``)."""
    n = game.num_players
    o = game.options
    if game.name == "trumfosaur":
        from herna.games.trumfosaur import actions as A

        per_deal_floor = 6 if o["teams"] else 3  # T-6.1: each invitation scores at least 3
        deals = math.ceil(o["target_score"] / per_deal_floor)
        decisions = n * (1 + 10 + 1) + 9 * (n - 1)  # exchange, 10 plays, invitation, reveal windows
        best_deal = 20 * (2 if o["teams"] else 1)  # 3 + 9 of its species + 2 x 4 of its value
        chance_per_deal = 10 * n + (2 * n if o["master"] else 0)
        return GameSpec(
            name=game.name, chance_base=A.DEAL, max_chance_outcomes=A.MAX_CHANCE_OUTCOMES,
            min_utility=float(per_deal_floor), max_utility=float(o["target_score"] - 1 + best_deal),
            max_game_length=deals * decisions, max_chance_nodes=deals * chance_per_deal,
            obs_low=0.0, obs_high=max(1.0, (o["target_score"] + 39) / o["target_score"]),
            perfect_information=False, history_size=10 * n * 51 + 10 * n + 10 * n,
        )
    if game.name == "ugo":
        from herna.games.ugo import actions as A

        rounds = o["rounds"]
        # U-6: per round a kingdom scores at most 5 x 8 and at least -(10 + 15 + 20)
        return GameSpec(
            name=game.name, chance_base=A.DEAL, max_chance_outcomes=A.NUM_CHANCE_OUTCOMES,
            min_utility=-45.0 * rounds, max_utility=40.0 * rounds,
            max_game_length=rounds * n * (10 + 5 + 9),  # plays, field openings, farmers (U-1.3)
            max_chance_nodes=rounds * 10 * n,
            obs_low=min(0.0, -45.0 * rounds / 50), obs_high=max(1.0, 40.0 * rounds / 50),
            perfect_information=False, history_size=10 * n * 45 + 10 * n + 10 * n * 3,
        )
    if game.name == "kurnik":
        from herna.games.kurnik import actions as A

        limit = o["turn_limit"]
        if not limit:
            raise ValueError("this adapter needs a game of bounded length: kurnik's turn_limit must be at least 1")
        # a turn: one choice, a gift or a 6-6 announcement, at most 9 thefts; start rolls before
        return GameSpec(
            name=game.name, chance_base=A.DICE_BASE, max_chance_outcomes=A.NUM_ACTION_IDS - A.DICE_BASE,
            min_utility=0.0, max_utility=1.0,
            max_game_length=(limit + 1) * 16, max_chance_nodes=(limit + 1) * 4 + 50 * n,
            obs_low=0.0, obs_high=1.0, perfect_information=True, history_size=0,
        )
    raise ValueError(f"no adapter for game {game.name!r}; games are: {', '.join(GAMES)}")


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
    return f"{'c' if actor == CHANCE else actor}:{state._observation_token(seat, action)}"


def replay_trace(state: State, seats: tuple[int, ...] = ()) -> tuple[list[int], list[bool], dict[int, list[str]]]:
    """Replay ``state``'s history: the actor of every action, whether each was
    a real choice (not applied automatically), and the information-state lines
    of ``seats``."""
    replay = state.game.state_class(state.game, state._deals)
    actors: list[int] = []
    asked: list[bool] = []
    lines = {s: info_header(state, s) for s in seats}
    for action in state._history:
        actor = replay._current_player()
        if actor == CHANCE:
            asked.append(replay._forced_chance() is None)
        else:
            asked.append(len(replay._legal_actions()) != 1)
        for s in seats:
            lines[s].append(token(replay, s, actor, action))
        actors.append(actor)
        replay._do(action)
    return actors, asked, lines


# ----- the history part of the information-state tensor ------------------------------
def history_planes(state: State, actors: list[int], seat: int) -> np.ndarray:
    """The current deal's (Ugo!: round's) history as seen by ``seat``; seats
    are relative to ``seat`` (0 = itself), as in the observation tensors.

    Trumfosaur (size ``10 n 51 + 10 n + 10 n``): per trick and relative seat
    the card it played (one-hot, 50 = the trump); per trick the leader; per
    relative seat the trick after which it revealed its invitation.
    Ugo! (size ``10 n 45 + 10 n + 10 n 3``): per trick and relative seat the
    card it played; per trick the leader; per trick and relative seat the
    farmers it placed on C, D, E after that trick, divided by 4.
    Kurník: empty (perfect information: the observation is the whole state).
    """
    name = state.game.name
    n = state.game.num_players
    history = state._history
    if name == "kurnik":
        return np.zeros(0, dtype=np.float32)
    if name == "trumfosaur":
        from herna.games.trumfosaur import actions as A

        cards = 51
        start = _segment_start(history, A.DEAL, A.DEAL + 50)
    else:
        from herna.games.ugo import actions as A

        cards = 45
        start = _segment_start(history, A.DEAL, A.END)
    plays = np.zeros((10, n, cards), dtype=np.float32)
    leaders = np.zeros((10, n), dtype=np.float32)
    extra = np.zeros((10, n, 3) if name == "ugo" else (n, 10), dtype=np.float32)
    count = 0
    for i in range(start, len(history)):
        actor = actors[i]
        if actor < 0:
            continue
        action = history[i]
        rel = (actor - seat) % n
        if action < cards:  # a card played (Trumfosaur 0..50, Ugo! 0..44)
            trick = count // n
            if count % n == 0:
                leaders[trick, rel] = 1
            plays[trick, rel, action] = 1
            count += 1
        elif name == "trumfosaur" and action == A.REVEAL:
            extra[rel, max(0, count // n - 1)] = 1
        elif name == "ugo" and A.FARM <= action < A.DEAL:
            extra[max(0, (count - 1) // n), rel, action - A.FARM] += 0.25
    return np.concatenate([plays.ravel(), leaders.ravel(), extra.ravel()])


def _segment_start(history: list[int], low: int, high: int) -> int:
    """Index after the last dealing action (ids ``low .. high - 1``) of the
    history's last run of them, i.e. where the current deal's play began."""
    i = len(history) - 1
    while i >= 0 and not low <= history[i] < high:
        i -= 1
    return i + 1
