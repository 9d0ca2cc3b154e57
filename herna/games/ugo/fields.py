"""The one data table of Ugo!: the kingdom's fields and the farmers printed
on the cards (U-1.2, U-1.3, U-1.4, U-6). Every number here that the Czech
summary leaves out comes from published reviews (rules/ugo.md marks them).

Fields are indexed 0..4 = A..E, left to right.

>>> field_score(3, True, 8, 1)     # D holds cards, 1 of 3 farmers: -5 per empty place
-10
>>> field_score(4, False, None, 4)  # E fully farmed and empty: its printed bonus
5
"""

from __future__ import annotations

FIELD_NAMES = "ABCDE"
NUM_FIELDS = 5
PLACES = (1, 1, 2, 3, 4)
"""Farmer places per field (U-1.2)."""
PRINTED_FARMERS = (1, 1, 0, 0, 0)
"""Farmers printed on the field, present from the round's start: A and B are
always full (U-1.2, U-2.3)."""
EMPTY_BONUS = (0, 0, 1, 3, 5)
"""Points for a fully farmed field without cards (U-6.2). A and B print none
(the summary names three bonuses, 1, 3 or 5)."""
PENALTY_PER_EMPTY_PLACE = 5
"""Points lost per empty farmer place of a field holding cards (U-6.3)."""
FARM_FIELDS = (2, 3, 4)
"""Fields that take farmer tokens (C, D, E; U-3.4)."""
MAX_FREE_PLACES = sum(PLACES[f] - PRINTED_FARMERS[f] for f in FARM_FIELDS)
"""9: a player never holds more farmers than this (U-1.3)."""
FARMER_TOKENS = 36
"""Farmer tokens in the supply with 3 or 4 players (U-1.3, option ``farmers``)."""
FARMER_TOKENS_TWO_PLAYERS = 12
"""Farmer tokens in the supply with 2 players (U-1.3)."""
MAX_FARMER_TOKENS = 300
"""Upper bound of option ``farmers``: more than a round can ever pay
(10 tricks x (2 for the winning card + 3 losers x 9, the largest
``low_card_farmers``) = 290), so a larger supply would change nothing."""

WIN_FARMERS = (0, 0, 0, 2, 2, 2, 1, 1, 0)
"""Farmers paid for a card of each value 0..8 that **wins** its trick (U-1.4);
the 1s and 2s pay nothing when they win."""
LOW_CARD_VALUES = (1, 2)
"""Values that pay only when they **lose** their trick (U-1.4): option
``low_card_farmers`` = [same colour as the winning card, other colour]."""
DEFAULT_LOW_CARD_FARMERS = (1, 2)
IS_LOW_CARD = tuple(v in LOW_CARD_VALUES for v in range(9))


def default_farmer_tokens(players: int) -> int:
    """Default of option ``farmers`` (U-1.3): 12 with 2 players, else 36.

    >>> default_farmer_tokens(2), default_farmer_tokens(4)
    (12, 36)
    """
    return FARMER_TOKENS_TWO_PLAYERS if players == 2 else FARMER_TOKENS


def field_score(field: int, has_cards: bool, top_value: int | None, farmers: int) -> int:
    """Round score of one field (U-6.1-U-6.4): fully farmed with cards: its
    top card's value; fully farmed and empty: the printed bonus; not fully
    farmed with cards: -5 per empty place; not fully farmed and empty: 0."""
    empty_places = PLACES[field] - farmers
    if empty_places <= 0:
        return EMPTY_BONUS[field] if top_value is None or not has_cards else top_value
    return -PENALTY_PER_EMPTY_PLACE * empty_places if has_cards else 0


def field_rule(field: int, has_cards: bool, farmers: int) -> str:
    """The rule id that scores a field at the round's end (U-6.1-U-6.4).

    >>> field_rule(0, True, 1), field_rule(4, False, 4), field_rule(3, True, 1), field_rule(2, False, 0)
    ('U-6.1', 'U-6.2', 'U-6.3', 'U-6.4')
    """
    if farmers >= PLACES[field]:
        return "U-6.1" if has_cards else "U-6.2"
    return "U-6.3" if has_cards else "U-6.4"
