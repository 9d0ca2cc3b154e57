"""Where a Kurník search stops and what the position is worth there
(:class:`herna.core.search.Horizon`; the record's ``search``).

Kurník is perfect information with dice (K-10.1): the rollout stops at the
end of the game or of the turn in play at the root (every decision inside a
turn is its player's: K-3 to K-7). At the end of the game a winner gets
``1`` (shared wins ``1/k``), the others ``0``. Otherwise each seat's utility
is its chance to win the race to 9 hens (K-1.4) by
:func:`herna.games.kurnik.race.race_win_probabilities`: every coop's
distribution of own turns still needed, under the best solitaire play,
combined in turn order. That is the arena's win share, estimated; the
earlier utility, ``tanh`` of the lead in *expected* turns, searched one
turn of every player and only tied greedy (win share +0.012, 95% CI -0.013
to +0.037, 400 duplicate deal sets), because the expected lead ignores the
spread of the race.
"""

from __future__ import annotations

from herna.core import State
from herna.core.search import Horizon

from .race import race_win_probabilities


class KurnikHorizon(Horizon):
    """Stop at the end or after ``turns`` more turns; utility: 1 for a win
    (``1/k`` shared), 0 for a loss, else the seat's chance to win the race
    of :func:`~herna.games.kurnik.race.race_win_probabilities`."""

    value_kind = "win_chance"

    def __init__(self, root: State, turns: int = 0) -> None:
        """``turns``: how many turns after the root's turn are searched (0,
        the default: only the rest of the root's turn, whose player takes
        every decision in it)."""
        super().__init__(root)
        self.last = root.period() + turns

    def done(self, state: State) -> bool:
        return state.period() > self.last or state.is_terminal()

    def limits(self) -> tuple[str, int, bool]:
        return ("upto", self.last, False)

    def utility(self, state: State) -> list[float]:
        return race_win_probabilities(state)
