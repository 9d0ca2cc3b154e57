"""Ugo! options and :class:`UgoGame` (rules/ugo.md)."""

from __future__ import annotations

from typing import Any, Sequence

from herna.core import Game, OptionSpec
from herna.core.deals import deals_to_json, parse_deals
from herna.core.errors import FormatError

from .actions import NUM_DISTINCT_ACTIONS
from .cards import HAND_SIZE, NUM_CARDS, card_name, parse_card
from .fields import DEFAULT_LOW_CARD_FARMERS

OPTION_SPECS = (
    OptionSpec("players", int, 4, "number of players", "U-2.1", minimum=2, maximum=4),
    OptionSpec("rounds", int, 4, "rounds in a game; scores add up over rounds", "U-2.1", minimum=1),
    OptionSpec("first_player", int, 0, "seat that leads round 1; round r is led by first_player + r - 1", "U-2.4",
               minimum=0),
    OptionSpec("low_card_farmers", list, list(DEFAULT_LOW_CARD_FARMERS),
               "farmers for a losing 1 or 2: [same colour as the winning card, other colour]", "U-1.4",
               minimum=0, maximum=9, length=2),
)


class UgoGame(Game):
    """Ugo! with options ``players`` (2-4, default 4), ``rounds`` (default 4),
    ``first_player`` (default 0) and ``low_card_farmers`` (default [1, 2]).

    ``returns()`` of a state: each seat's total score over the finished
    rounds (U-2.1), in points; at the end, the game result. The round in play
    is not counted until it ends.

    >>> game = UgoGame(players=2, rounds=1)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 45)
    """

    name = "ugo"
    option_specs = OPTION_SPECS
    min_players = 2
    max_players = 4

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        low = self.options["low_card_farmers"]
        self.low_card_farmers: tuple[int, int] = (low[0], low[1])

    def _cross_check(self, options: dict[str, Any]) -> None:
        players = options["players"]
        if options["first_player"] >= players:
            raise ValueError(f"option 'first_player' must be a seat 0..{players - 1}, not {options['first_player']}")

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
