"""Trumfosaur options and the :class:`TrumfosaurGame` (rules/trumfosaur.md)."""

from __future__ import annotations

from typing import Any, Sequence

from herna.core import Game, OptionSpec
from herna.core.catalog import N_
from herna.core.deals import deals_to_json, parse_deals

from .actions import NUM_DISTINCT_ACTIONS
from .cards import NUM_CARDS, card_name, parse_card
from .constants import HAND_SIZE

MAX_TARGET_SCORE = 1000
"""Upper bound of ``target_score`` (T-2.1). Every seat scores at least 3 per
deal (T-6.3), so a game lasts at most 334 deals (about 160,000 actions); a
larger target would make a game that practically never ends."""

OPTION_SPECS = (
    OptionSpec("players", int, 4, N_("number of players"), "T-1.3", minimum=2, maximum=5),
    OptionSpec("master", bool, False, N_("master version: exchange up to 2 cards before the invitation"), "T-8.1"),
    OptionSpec("teams", bool, False, N_("4 players in two teams, seats 1+3 and 2+4"), "T-7.1"),
    OptionSpec("target_score", int, 36, N_("the game ends after the deal in which a player or team reaches this "
                                           "score"), "T-2.1", minimum=1, maximum=MAX_TARGET_SCORE),
    OptionSpec("first_player", int, 0, N_("seat that leads the first trick of the first deal (0..players-1)"),
               "T-3.5", minimum=0, maximum=4),
)
"""The options (``doc``: catalog messages, translated where shown)."""


class TrumfosaurGame(Game):
    """Trumfosaur with options ``players`` (2-5), ``master``, ``teams``,
    ``target_score`` (default 36, 1..:data:`MAX_TARGET_SCORE`), ``first_player``
    (default 0, a seat ``0..players-1``). ``ValueError`` names a bad option.

    ``returns()`` of a state: each seat's game total (with teams: the team
    total), as the rules score it (T-2.1, T-7.1).
    """

    name = "trumfosaur"
    option_specs = OPTION_SPECS
    min_players = 2
    max_players = 5

    def _cross_check(self, options: dict[str, Any]) -> None:
        players = options["players"]
        if options["first_player"] >= players:
            raise ValueError(f"option 'first_player' must be a seat 0..{players - 1}, not {options['first_player']}")
        if options["master"] and players > 4:
            raise ValueError("option 'master' needs 2-4 players: with 5 there is no deck to draw from (T-8)")
        if options["teams"] and players != 4:
            raise ValueError("option 'teams' needs exactly 4 players (T-7)")

    def _parse_deals(self, deals: Sequence[dict] | None) -> tuple:
        return parse_deals(self.name, deals, self.num_players, HAND_SIZE, NUM_CARDS, parse_card, card_name)

    def _deals_to_json(self, deals: tuple) -> list:
        return deals_to_json(deals, card_name)

    def num_distinct_actions(self) -> int:
        return NUM_DISTINCT_ACTIONS
