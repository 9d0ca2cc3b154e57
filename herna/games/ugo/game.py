"""Ugo! options and :class:`UgoGame` (rules/ugo.md)."""

from __future__ import annotations

from typing import Any, Sequence

from herna.core import Game, OptionSpec
from herna.core.options import first_player_option, players_option
from herna.core.catalog import N_
from herna.core.deals import deals_to_json, parse_deals
from herna.core.errors import FormatError

from .actions import NUM_DISTINCT_ACTIONS
from .cards import HAND_SIZE, NUM_CARDS, card_name, parse_card
from .fields import DEFAULT_LOW_CARD_FARMERS, MAX_FARMER_TOKENS, default_farmer_tokens

MAX_ROUNDS = 100
"""Upper bound of option ``rounds`` (U-2.1): a game is agreed beforehand, and
a bound keeps a mistyped ``--rounds 1000000000`` from starting an endless game."""

OPTION_SPECS = (
    players_option(2, 4, "U-2.1"),
    OptionSpec("rounds", int, 4, N_("How many rounds are played; the points of all rounds add up."), "U-2.1",
               minimum=1, maximum=MAX_ROUNDS, label=N_("Rounds"), pace=True),
    first_player_option(N_("Who leads the first round; each later round is led by the next player clockwise."),
                        "U-2.4"),
    OptionSpec("farmers", int, None, N_("Farmer tokens in the supply, full again at the start of every round."),
               "U-1.3", minimum=0, maximum=MAX_FARMER_TOKENS, label=N_("Farmers in the supply"), advanced=True,
               unset=N_("36, or 12 with 2 players")),
    OptionSpec("low_card_farmers", list, list(DEFAULT_LOW_CARD_FARMERS),
               N_("What a 1 or a 2 that loses the trick pays: if its colour is the winning card's, and if not."),
               "U-1.4", minimum=0, maximum=9, length=2, label=N_("Farmers for a losing 1 or 2"), advanced=True),
)
"""The options (U-1.3, U-1.4, U-2.1, U-2.4); labels and docs are catalog
message ids; bounds :data:`MAX_ROUNDS` and
:data:`~herna.games.ugo.fields.MAX_FARMER_TOKENS`."""


class UgoGame(Game):
    """Ugo! with options ``players`` (2-4, default 4), ``rounds`` (1-100,
    default 4), ``first_player`` (a seat, default 0), ``farmers`` (0-300,
    default 36, or 12 with 2 players; U-1.3) and ``low_card_farmers``
    (default [1, 2]).

    ``farmers`` left out (or ``None``) is resolved from ``players`` while the
    options are checked, so ``game.options["farmers"]`` always holds the
    number in play and saved games, equality and replays see that number.

    ``returns()`` of a state: each seat's total score over the finished
    rounds (U-2.1), in points; at the end, the game result. The round in play
    is not counted until it ends.

    >>> game = UgoGame(players=2, rounds=1)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 45)
    >>> game.options["farmers"], UgoGame(players=3).options["farmers"], UgoGame(players=2, farmers=0).options["farmers"]
    (12, 36, 0)
    """

    name = "ugo"
    option_specs = OPTION_SPECS
    min_players = 2
    max_players = 4

    def _cross_check(self, options: dict[str, Any]) -> None:
        """Seat-bound ``first_player`` (U-2.4); resolve the ``farmers``
        default from ``players`` (U-1.3) in place."""
        players = options["players"]
        if options["first_player"] >= players:
            raise ValueError(f"option 'first_player' must be a seat 0..{players - 1}, not {options['first_player']}")
        if options["farmers"] is None:
            options["farmers"] = default_farmer_tokens(players)

    def _parse_deals(self, deals: Sequence[dict] | None) -> tuple:
        parsed = parse_deals(self.name, deals, self.num_players, HAND_SIZE, NUM_CARDS, parse_card, card_name)
        if len(parsed) > self.options["rounds"]:
            raise FormatError(f"{len(parsed)} deals given for a game of {self.options['rounds']} rounds; "
                              "Ugo! has one deal per round")
        return parsed

    def _deals_to_json(self, deals: tuple) -> list:
        return deals_to_json(deals, card_name)

    def num_distinct_actions(self) -> int:
        return NUM_DISTINCT_ACTIONS
