"""Building blocks for the research adapters' per-game facts (each game's
``research`` module, named by its record; :mod:`herna.interop`).

:func:`trick_history_planes` encodes the current deal's tricks of a
trick-taking game as seen by one seat, the part of an information-state
tensor that the observation tensor lacks; a game adds its own extra planes
through a callback.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

__all__ = ["segment_start", "trick_history_planes"]


def segment_start(history: Sequence[int], low: int, high: int) -> int:
    """Index after the last action with an id in ``low .. high - 1`` (the
    last dealing action), i.e. where the current deal's play began; 0 if
    there is none."""
    i = len(history) - 1
    while i >= 0 and not low <= history[i] < high:
        i -= 1
    return i + 1


def trick_history_planes(history: Sequence[int], actors: Sequence[int], seat: int, players: int, cards: int,
                         start: int, extra: np.ndarray,
                         mark: Callable[[np.ndarray, int, int, int], None] | None = None,
                         tricks: int = 10) -> np.ndarray:
    """The tricks played since ``history[start]`` as seen by ``seat``, seats
    relative to it (0 = itself), as one flat float32 vector:

    * plays ``(tricks, players, cards)``: per trick and relative seat a
      one-hot of the card it played (a card is an action id ``< cards``);
    * leaders ``(tricks, players)``: per trick, the relative seat that led;
    * ``extra`` (any shape, float32, filled in place): for every other
      action of a player, ``mark(extra, rel, action, count)`` is called with
      the actor's relative seat, the action id and the number of cards
      played before it in this deal.

    ``actors[i]`` is the seat that took ``history[i]`` (negative: chance,
    skipped). Size: ``tricks * players * cards + tricks * players + extra.size``.
    """
    plays = np.zeros((tricks, players, cards), dtype=np.float32)
    leaders = np.zeros((tricks, players), dtype=np.float32)
    count = 0
    for i in range(start, len(history)):
        actor = actors[i]
        if actor < 0:
            continue
        action = history[i]
        rel = (actor - seat) % players
        if action < cards:
            trick = count // players
            if count % players == 0:
                leaders[trick, rel] = 1
            plays[trick, rel, action] = 1
            count += 1
        elif mark is not None:
            mark(extra, rel, action, count)
    return np.concatenate([plays.ravel(), leaders.ravel(), extra.ravel()])
