"""Search horizons: where a search stops and what a position is worth there.

A search (ISMCTS, expectimax) does not play a whole multi-deal game: it stops
at a game-specific horizon and scores the position with a utility, one value
per seat, each roughly in ``[-1, 1]``, higher better for that seat. Each game
defines its horizon in ``herna/games/<game>/search.py`` and names it in its
record (:attr:`herna.core.record.GameRecord.search`); this base class plays
to the end and scores the returns' margins.
"""

from __future__ import annotations

from typing import Sequence

from .state import State


def margins(values: Sequence[float], scale: float) -> list[float]:
    """Per seat: ``(own value - mean of the others') / scale``; ``[0.0]``
    for a single seat."""
    n = len(values)
    if n == 1:
        return [0.0]
    total = sum(values)
    return [(v - (total - v) / (n - 1)) / scale for v in values]


class Horizon:
    """Where a rollout stops and what the position is worth there.

    ``Horizon(root)`` is made from a determinization of the root decision;
    ``done(state)`` says whether a rollout state is past the horizon;
    ``utility(state)`` gives the per-seat values there. The base class
    searches to the end of the game and scores the margins of
    :meth:`State.returns`.

    What a utility means to a player (the hints, :mod:`herna.bots.hints`):
    ``value_kind`` is ``"points"`` (a utility times ``points_per_unit`` is
    the seat's score margin over the mean of the other seats at the
    horizon) or ``"win_chance"`` (the utility is the seat's chance to win
    the game, ``0..1``)."""

    value_kind = "points"
    points_per_unit = 1.0

    @classmethod
    def margin_against(cls, options: dict) -> str:
        """Whom a ``"points"`` value is a margin over, for a game of these
        (full) options: ``"others"`` (the mean of the other seats, the
        default) or ``"other_side"`` (where seats score as sides, the
        seat's side over the other side); the hints' and reviews' words
        say which (:func:`herna.text.i18n.value_meaning`)."""
        return "others"

    def __init__(self, root: State) -> None:
        self.n = root.game.num_players

    def done(self, state: State) -> bool:
        return state.is_terminal()

    def limits(self) -> tuple[str, int, bool]:
        """:meth:`done` as data, for a compiled search that checks it in C
        at every step: ``(kind, period, at_chance)``; the horizon is reached
        at the end of the game, at a chance node if ``at_chance``, and when
        :meth:`State.period` is no longer ``period`` (``kind == "same"``) or
        is past it (``"upto"``); ``kind == "end"``: only at the end. A
        horizon whose :meth:`done` is not of this form returns ``("done",
        0, False)``: the search then calls :meth:`done`."""
        return ("end", 0, False)

    def utility(self, state: State) -> list[float]:
        return margins(state.returns(), 1.0)
