"""Search horizons for ISMCTS and expectimax, taken from the game records.

A rollout does not play a whole multi-deal game: it stops at a game-specific
horizon and scores the position with a utility, one value per seat, each
roughly in ``[-1, 1]``, higher better for that seat; the search maximises each
seat's own utility (max^n style), so the utilities need not sum to zero. Each
game defines its horizon in ``herna/games/<game>/search.py`` (game knowledge)
and names it in its record (:attr:`herna.core.GameRecord.search`):

* Trumfosaur (:class:`herna.games.trumfosaur.search.TrumfosaurHorizon`): the
  deal in play; the deal-score margin / 10 (teams: the team margin, T-7.1).
* Ugo! (:class:`herna.games.ugo.search.UgoHorizon`): the round in play; the
  round-score margin / 20 (U-6).
* Kurník (:class:`herna.games.kurnik.search.KurnikHorizon`): the rest of the
  turn in play; each seat's chance to win the race to 9 hens (K-1.4) from
  :func:`herna.games.kurnik.race.race_win_probabilities`.

Horizons read the determinized states the search built (never the real
state: ISMCTS only ever holds determinizations drawn from the seat's
information).
"""

from __future__ import annotations

from herna.core import State, record
from herna.core.search import Horizon


def horizon_for(root: State) -> Horizon:
    """The :class:`~herna.core.search.Horizon` of ``root``'s game: the class
    its record names in ``search`` (:class:`herna.core.GameRecord`), made
    from ``root``."""
    return record(root.game.name).load("search")(root)
