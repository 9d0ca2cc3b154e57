"""Trumfosaur options and the :class:`TrumfosaurGame` (rules/trumfosaur.md)."""

from __future__ import annotations

from typing import Any, Sequence

from herna.core import Game, OptionSpec
from herna.core.options import first_player_option, players_option
from herna.core.catalog import N_
from herna.core.deals import deals_to_json, parse_deals

from .actions import EXCHANGE_NONE, NUM_DISTINCT_ACTIONS
from .cards import NUM_CARDS, card_name, parse_card
from .constants import HAND_SIZE

MAX_TARGET_SCORE = 1000
"""Upper bound of ``target_score`` (T-2.1). Every seat scores at least 3 per
deal (T-6.3), so a game lasts at most 334 deals (about 160,000 actions); a
larger target would make a game that practically never ends."""

OPTION_SPECS = (
    players_option(2, 5, "T-1.3"),
    OptionSpec("master", bool, False, N_("Before choosing the invitation each player may swap up to 2 cards with the "
                                         "deck (2 to 4 players)."), "T-8.1", label=N_("Master version")),
    OptionSpec("teams", bool, False, N_("Four players in two teams: partners sit opposite each other and add up "
                                        "their points."), "T-7.1", label=N_("Teams")),
    OptionSpec("target_score", int, 36, N_("The game ends after the deal in which a player or a team reaches this "
                                           "score."), "T-2.1", minimum=1, maximum=MAX_TARGET_SCORE,
               label=N_("Points to win"), pace=True),
    first_player_option(N_("Who leads the first trick; in later deals the player with the fewest points leads."),
                        "T-3.5", maximum=4),
)
"""The options (``doc``: catalog messages, translated where shown)."""


def team_side(options: dict[str, Any], seat: int) -> int:
    """The side ``seat`` plays on: with option ``teams`` partners sit
    opposite each other (seats 0 + 2 and 1 + 3, T-7.1) and are one side;
    otherwise every seat is its own side (:attr:`GameRecord.side`)."""
    return seat % 2 if options.get("teams") else seat


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
        """The player action ids that can be legal with these options: 1379
        with the master version (its exchanges, T-8.1, are ids 103..1378), 103
        without it (0..102: play, trump, invite, reveal, pass). Every adapter
        (Gymnasium, PettingZoo, OpenSpiel) and ``herna.batch`` sizes its action
        space and mask by it."""
        return NUM_DISTINCT_ACTIONS if self.options["master"] else EXCHANGE_NONE
