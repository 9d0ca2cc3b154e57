"""Search horizons and leaf utilities for ISMCTS (one per game).

A rollout does not play a whole multi-deal game: it stops at a game-specific
horizon and scores the position with a utility, a list with one value per
seat, each roughly in ``[-1, 1]`` and higher is better for that seat. The
search maximises each seat's own utility (max^n style), so the utilities need
not sum to zero.

* **Trumfosaur** (:class:`TrumfosaurHorizon`): the rollout stops when the
  deal in play at the root ends (or the game). Utility of seat ``s``:
  ``(d_s - mean of the other seats' d) / 10``, where ``d`` is the deal score
  (T-6.1); with teams (T-7.1) ``d_s`` is the team's deal score and the mean is
  over the other team. This is the quantity the arena's score margin measures,
  per deal.
* **Ugo!** (:class:`UgoHorizon`): the rollout stops when the round in play
  ends. Utility: ``(r_s - mean of the others' r) / 20``, ``r`` the round's
  kingdom scores (U-6).
* **Kurník** (:class:`KurnikHorizon`): perfect information with dice; the
  rollout stops at the end of the game or of the turn in play at the root
  (every decision inside a turn is its player's: K-3 to K-7). At the end of
  the game a winner gets ``1`` (shared wins ``1/k``), the others ``0``.
  Otherwise each seat's utility is its chance to win the race to 9 hens
  (K-1.4) by :func:`herna.bots.eval_kurnik.race_win_probabilities`: every
  coop's distribution of own turns still needed, under the best solitaire
  play, combined in turn order. That is the arena's win share, estimated;
  the earlier utility, ``tanh`` of the lead in *expected* turns, searched one
  turn of every player and only tied greedy (win share +0.012, 95% CI
  -0.013 to +0.037, 400 duplicate deal sets), because the expected lead
  ignores the spread of the race.

The functions read the determinized state that the search built (never the
real state: ISMCTS only ever holds determinizations drawn from the seat's
information), through the game's state slots for speed.
"""

from __future__ import annotations

from herna.core import State, record
from herna.core.search import Horizon, margins

TRUMFOSAUR_SCALE = 10.0
UGO_SCALE = 20.0
_margins = margins


class TrumfosaurHorizon(Horizon):
    """Stop at the end of the current deal; utility: deal-score margin / 10."""

    def __init__(self, root: State) -> None:
        super().__init__(root)
        self.deal = root._deal_number
        self.teams = root.game.options["teams"]

    def done(self, state: State) -> bool:
        return state._deal_number != self.deal or bool(state._winners)

    def utility(self, state: State) -> list[float]:
        scores = state._deal_scores
        if scores is None:  # pragma: no cover - only before any deal ended
            return [0.0] * self.n
        if self.teams:
            a, b = scores[0] + scores[2], scores[1] + scores[3]
            return [(a - b) / TRUMFOSAUR_SCALE if s % 2 == 0 else (b - a) / TRUMFOSAUR_SCALE for s in range(4)]
        return _margins(scores, TRUMFOSAUR_SCALE)


class UgoHorizon(Horizon):
    """Stop at the end of the current round; utility: round-score margin / 20."""

    def __init__(self, root: State) -> None:
        super().__init__(root)
        self.round = root._round

    def done(self, state: State) -> bool:
        return state.is_terminal() or state.is_chance_node() or state._round != self.round

    def utility(self, state: State) -> list[float]:
        scores = state._round_scores
        if scores is None:  # pragma: no cover
            return [0.0] * self.n
        return _margins(scores, UGO_SCALE)


class KurnikHorizon(Horizon):
    """Stop at the end or after ``turns`` more turns; utility: 1 for a win
    (``1/k`` shared), 0 for a loss, else the seat's chance to win the race
    of :func:`herna.bots.eval_kurnik.race_win_probabilities` (module docstring)."""

    def __init__(self, root: State, turns: int = 0) -> None:
        """``turns``: how many turns after the root's turn are searched (0,
        the default: only the rest of the root's turn, whose player takes
        every decision in it)."""
        super().__init__(root)
        self.last = root.turn + turns

    def done(self, state: State) -> bool:
        return state.turn > self.last or state.is_terminal()

    def utility(self, state: State) -> list[float]:
        from .eval_kurnik import race_win_probabilities

        return race_win_probabilities(state)


def horizon_for(root: State) -> Horizon:
    """The :class:`~herna.core.search.Horizon` of ``root``'s game: the class
    its record names in ``search`` (:class:`herna.core.GameRecord`), made
    from ``root``."""
    return record(root.game.name).load("search")(root)
