"""The Ugo! search horizon (:class:`herna.core.search.Horizon`).

A rollout stops when the round in play at the root ends (U-2.1: scores add
up over rounds, and the next round is a fresh deal, U-2.3), at the next
deal or at the game's end. Utility of seat ``s``: ``(r_s - mean of the
others' r) / 20``, ``r`` the round's kingdom scores (U-6).
"""

from __future__ import annotations

from typing import cast

from herna.core.search import Horizon, margins
from herna.core.state import State

from .reading import UgoReading

SCALE = 20.0
"""Round-score points per unit of utility."""


class UgoHorizon(Horizon):
    """Stop at the end of the round in play at ``root``; utility: the
    round-score margin / :data:`SCALE`."""

    points_per_unit = SCALE

    def __init__(self, root: State) -> None:
        super().__init__(root)
        self.round = root.period()

    def done(self, state: State) -> bool:
        return state.is_terminal() or state.is_chance_node() or state.period() != self.round

    def limits(self) -> tuple[str, int, bool]:
        return ("same", self.round, True)

    def utility(self, state: State) -> list[float]:
        scores = cast(UgoReading, state).round_scores()  # either engine's state
        if scores is None:  # pragma: no cover - only before any round ended
            return [0.0] * self.n
        return margins(scores, SCALE)
