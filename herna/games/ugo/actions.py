"""Ugo! action ids and strings (SCENARIOS.md).

=========  ==========  ===========================================
ids        string      meaning
=========  ==========  ===========================================
0..44      play red5   play the card with that id (U-3.1)
45..49     open blue   open the next field with a waiting colour (U-4.3)
50..52     farm C      place one farmer on field C, D or E (U-3.4)
53..97     deal red5   chance: deal that card to the next hand slot (U-2.2)
=========  ==========  ===========================================

Player actions are ``0 .. NUM_DISTINCT_ACTIONS - 1``; chance outcomes follow.
"""

from __future__ import annotations

from herna.core.catalog import N_
from herna.core.errors import IllegalActionError

from .cards import CARD_IDS, CARD_NAMES, COLOUR_IDS, COLOURS, NUM_CARDS, NUM_COLOURS
from .fields import FIELD_NAMES

PLAY = 0
OPEN = PLAY + NUM_CARDS
FARM = OPEN + NUM_COLOURS
"""``FARM + i`` places a farmer on field ``2 + i`` (C, D, E)."""
DEAL = FARM + 3
NUM_DISTINCT_ACTIONS = DEAL
"""53 player action ids."""
NUM_CHANCE_OUTCOMES = NUM_CARDS
END = DEAL + NUM_CARDS

def action_to_string(action: int) -> str:
    """Canonical string of an action id; ``IllegalActionError`` for an id
    that names no Ugo! action."""
    if isinstance(action, int) and not isinstance(action, bool):
        if PLAY <= action < OPEN:
            return "play " + CARD_NAMES[action - PLAY]
        if OPEN <= action < FARM:
            return "open " + COLOURS[action - OPEN]
        if FARM <= action < DEAL:
            return "farm " + FIELD_NAMES[action - FARM + 2]
        if DEAL <= action < END:
            return "deal " + CARD_NAMES[action - DEAL]
    raise IllegalActionError(N_("action id {action} names no Ugo! action (ids 0..{last})"), action=repr(action),
                             last=END - 1)


def string_to_action(text: str) -> int:
    """Action id of a string (case-insensitive, single spaces); raises
    ``IllegalActionError`` (a catalog template) saying which forms exist."""
    parts = text.strip().lower().split()
    if len(parts) == 2:
        verb, arg = parts
        if verb in ("play", "deal"):
            card = CARD_IDS.get(arg)
            if card is None:
                raise IllegalActionError(N_("'{text}': {card} is not a card; the cards are red0 to red8, and green, "
                                            "blue, yellow and grey likewise"), text=text, card=arg)
            return (PLAY if verb == "play" else DEAL) + card
        if verb == "open":
            colour = COLOUR_IDS.get(arg)
            if colour is None:
                raise IllegalActionError(N_("'{text}': {colour} is not a colour; the colours are {colours}"),
                                         text=text, colour=arg, colours=", ".join(COLOURS))
            return OPEN + colour
        if verb == "farm":
            field = FIELD_NAMES.find(arg.upper()) if len(arg) == 1 else -1
            if field >= 2:
                return FARM + field - 2
            raise IllegalActionError(N_("'{text}': farmers go on field C, D or E (A and B are always full)"),
                                     text=text)
    raise IllegalActionError(N_("'{text}' is not an Ugo! action; a player's actions are play CARD (play red5), "
                                "open COLOUR (open blue) and farm FIELD (farm C, D or E)"), text=text)
