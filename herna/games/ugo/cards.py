"""Ugo! cards (U-1.1): 5 colours x values 0-8, one card of each, 45 in all.

Card id ``c = colour * 9 + value``; colours in the sort order of SCENARIOS.md
(red, green, blue, yellow, grey), so sorting ids sorts cards by colour, then
value. A set of cards is a bitmask (bit ``c`` set = card ``c``). Strings:
``red0`` ... ``grey8`` (case-insensitive in; ``gray`` is accepted for grey).

>>> card_name(parse_card("Blue7"))
'blue7'
>>> parse_card("red5"), CARD_COLOUR[parse_card("red5")], CARD_VALUE[parse_card("red5")]
(5, 0, 5)
"""

from __future__ import annotations

COLOURS = ("red", "green", "blue", "yellow", "grey")
"""Colour names, index = colour id (the sort order of SCENARIOS.md)."""
LAND_NAMES = ("Ugo", "Aga", "Egi", "Igu", "Uga")
"""Flavour names of the review's lands, one per colour (UI only; U-1.1 says
the lands are flavour names, the mapping to colours is ours)."""
NUM_COLOURS = 5
NUM_VALUES = 9
NUM_CARDS = NUM_COLOURS * NUM_VALUES
HAND_SIZE = 10
"""Cards dealt to each player per round (U-2.2)."""
ALL_CARDS = (1 << NUM_CARDS) - 1
COLOUR_MASKS = tuple(((1 << NUM_VALUES) - 1) << (NUM_VALUES * k) for k in range(NUM_COLOURS))
"""Bitmask of the 9 cards of each colour."""
CARD_COLOUR = tuple(c // NUM_VALUES for c in range(NUM_CARDS))
CARD_VALUE = tuple(c % NUM_VALUES for c in range(NUM_CARDS))
CARD_NAMES = tuple(f"{COLOURS[c // NUM_VALUES]}{c % NUM_VALUES}" for c in range(NUM_CARDS))

COLOUR_IDS = {name: k for k, name in enumerate(COLOURS)}
"""Colour id of each lower-case colour name (``gray`` too)."""
COLOUR_IDS["gray"] = COLOUR_IDS["grey"]
CARD_IDS = {name: c for c, name in enumerate(CARD_NAMES)}
"""Card id of each lower-case card string (``gray5`` too)."""
for _c in range(NUM_CARDS):
    if CARD_COLOUR[_c] == 4:
        CARD_IDS[f"gray{CARD_VALUE[_c]}"] = _c


def card_name(card: int) -> str:
    """``red5`` for card id 5; ``ValueError`` for an id outside 0..44."""
    if not isinstance(card, int) or not 0 <= card < NUM_CARDS:
        raise ValueError(f"{card!r} is not an Ugo! card id (0..44)")
    return CARD_NAMES[card]


def parse_card(text: str) -> int:
    """The id of a card string (``red0`` ... ``grey8``, any case).
    ``ValueError`` says which cards exist."""
    card = CARD_IDS.get(text.strip().lower()) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"{text!r} is not an Ugo! card; cards are red0..red8, and green, blue, yellow, grey likewise")
    return card


_CHUNK_CARDS = tuple(
    tuple(tuple(NUM_VALUES * k + v for v in range(NUM_VALUES) if chunk >> v & 1) for chunk in range(1 << NUM_VALUES))
    for k in range(NUM_COLOURS)
)


def cards_of(mask: int) -> list[int]:
    """Card ids of a bitmask, sorted (a table lookup per colour; the same as
    ``herna.core.bits.bit_list`` for masks of Ugo! cards).

    >>> cards_of(0b101 | 1 << 44)
    [0, 2, 44]
    """
    t = _CHUNK_CARDS
    return [*t[0][mask & 511], *t[1][mask >> 9 & 511], *t[2][mask >> 18 & 511],
            *t[3][mask >> 27 & 511], *t[4][mask >> 36 & 511]]
