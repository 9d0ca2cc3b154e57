"""Trumfosaur's search horizon (:mod:`herna.core.search`).

A rollout stops when the deal in play at the root ends (or the game). The
utility of seat ``s`` is ``(d_s - mean of the other seats' d) / 10``, ``d``
the deal scores (T-6.1); with teams (T-7.1) ``d_s`` is the team's deal score
and the mean is over the other team. This is the quantity the arena's score
margin measures, per deal. The horizon reads the determinized states the
search builds (never the real state) through the state's own slots, for speed.
"""

from __future__ import annotations

from herna.core import State
from herna.core.search import Horizon, margins

SCALE = 10.0
"""Deal-score margin that counts as a utility of 1."""


class TrumfosaurHorizon(Horizon):
    """Stop at the end of the root's deal; utility: deal-score margin / :data:`SCALE`."""

    points_per_unit = SCALE

    @classmethod
    def margin_against(cls, options: dict) -> str:
        """``"other_side"`` with teams (T-7.1: the team's deal score over
        the other team's), else ``"others"``."""
        return "other_side" if options.get("teams") else "others"

    def __init__(self, root: State) -> None:
        super().__init__(root)
        self.deal = root._deal_number  # type: ignore[attr-defined]
        self.teams = root.game.options["teams"]

    def done(self, state: State) -> bool:
        return state._deal_number != self.deal or bool(state._winners)  # type: ignore[attr-defined]

    def limits(self) -> tuple[str, int, bool]:
        """:meth:`done`: the deal (the period) changed, or the game ended
        (there are winners only then)."""
        return ("same", self.deal, False)

    def utility(self, state: State) -> list[float]:
        scores = state._deal_scores  # type: ignore[attr-defined]
        if scores is None:  # pragma: no cover - only before any deal ended
            return [0.0] * self.n
        if self.teams:
            a, b = scores[0] + scores[2], scores[1] + scores[3]
            return [(a - b) / SCALE if s % 2 == 0 else (b - a) / SCALE for s in range(4)]
        return margins(scores, SCALE)
