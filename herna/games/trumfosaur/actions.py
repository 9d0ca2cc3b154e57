"""Trumfosaur action ids and strings (SCENARIOS.md).

| ids | action | string |
|---|---|---|
| 0..49 | play a dinosaur (:data:`PLAY_BASE` + card) | ``play SAX6`` |
| 50 | play the trump (:data:`PLAY_TRUMP`) | ``play TRUMF`` |
| 51..100 | choose the invitation (T-3.3; :data:`INVITE_BASE` + card) | ``invite SAX6`` |
| 101 / 102 | reveal the invitation / pass (T-5) | ``reveal`` / ``pass`` |
| 103 | master exchange of no card (T-8.1; :data:`EXCHANGE_NONE`) | ``exchange`` |
| 104..153 | exchange one card (:data:`EXCHANGE_ONE_BASE` + card) | ``exchange SAX1`` |
| 154..1378 | exchange two cards (:data:`EXCHANGE_TWO_BASE` + pair index, lower id first) | ``exchange SAX1 AQU2`` |
| 1400..1449 | chance: deal a card to the next seat (:data:`DEAL_BASE` + card) | ``deal SAX6`` |
| 1450..1499 | chance: master draw from the deck (:data:`DRAW_BASE` + card) | ``draw SAX6`` |

Bad strings and ids raise :class:`~herna.core.errors.IllegalActionError`
with a catalog template (English msgid, Czech in ``locale/cs.po``).
"""

from __future__ import annotations

from herna.core import IllegalActionError
from herna.core.catalog import N_

from .cards import NUM_CARDS, TRUMP, card_name, parse_card

PLAY_BASE = 0
PLAY_TRUMP = TRUMP
INVITE_BASE = 51
REVEAL = 101
PASS = 102
EXCHANGE_NONE = 103
EXCHANGE_ONE_BASE = 104
EXCHANGE_TWO_BASE = 154
NUM_DISTINCT_ACTIONS = 1379
DEAL_BASE = 1400
DRAW_BASE = 1450
MAX_CHANCE_OUTCOMES = 100

PAIRS: list[tuple[int, int]] = [(a, b) for a in range(NUM_CARDS) for b in range(a + 1, NUM_CARDS)]
PAIR_INDEX: dict[tuple[int, int], int] = {pair: i for i, pair in enumerate(PAIRS)}

_NO_ID = N_("action id {action} names no Trumfosaur action; ids are 0..{last} (chance {first_chance}..{last_chance})")


def exchange_action(cards: tuple[int, ...] | list[int]) -> int:
    """Id of exchanging 0, 1 or 2 dinosaur cards (any order)."""
    cards = sorted(cards)
    if not cards:
        return EXCHANGE_NONE
    if len(cards) == 1:
        return EXCHANGE_ONE_BASE + cards[0]
    return EXCHANGE_TWO_BASE + PAIR_INDEX[(cards[0], cards[1])]


def exchange_cards(action: int) -> tuple[int, ...]:
    """The cards laid out by an exchange action id (lower id first)."""
    if action == EXCHANGE_NONE:
        return ()
    if action < EXCHANGE_TWO_BASE:
        return (action - EXCHANGE_ONE_BASE,)
    return PAIRS[action - EXCHANGE_TWO_BASE]


def _no_such_id(action: object) -> IllegalActionError:
    return IllegalActionError(_NO_ID, action=repr(action), last=NUM_DISTINCT_ACTIONS - 1, first_chance=DEAL_BASE,
                              last_chance=DRAW_BASE + NUM_CARDS - 1)


def action_to_string(action: int) -> str:
    """Canonical string of an action id (table above); ``IllegalActionError``
    for anything that names no Trumfosaur action (a non-int, a bool, an id
    out of range)."""
    if not isinstance(action, int) or isinstance(action, bool):
        raise _no_such_id(action)
    if PLAY_BASE <= action <= PLAY_TRUMP:
        return f"play {card_name(action)}"
    if INVITE_BASE <= action < REVEAL:
        return f"invite {card_name(action - INVITE_BASE)}"
    if action == REVEAL:
        return "reveal"
    if action == PASS:
        return "pass"
    if EXCHANGE_NONE <= action < NUM_DISTINCT_ACTIONS:
        return " ".join(["exchange", *(card_name(c) for c in exchange_cards(action))])
    if DEAL_BASE <= action < DEAL_BASE + NUM_CARDS:
        return f"deal {card_name(action - DEAL_BASE)}"
    if DRAW_BASE <= action < DRAW_BASE + NUM_CARDS:
        return f"draw {card_name(action - DRAW_BASE)}"
    raise _no_such_id(action)


def _card(text: str, word: str) -> int:
    """The id of card code ``word`` in action ``text``; ``IllegalActionError`` if none."""
    try:
        return parse_card(word)
    except ValueError:
        raise IllegalActionError(
            N_("{text}: {word} is not a Trumfosaur card; cards are SAX1..SAX10, VZT, AQU, SPI, BYZ likewise, "
               "and TRUMF"), text=repr(text), word=repr(word)) from None


def string_to_action(text: str) -> int:
    """Parse an action string (case-insensitive); ``IllegalActionError``
    explains a bad one and lists the actions."""
    words = text.split()
    if not words:
        raise IllegalActionError(N_("empty action; a player's actions are: play CARD, invite CARD, "
                                    "exchange [CARD [CARD]], reveal, pass"))
    verb = words[0].lower()
    args = words[1:]
    if verb in ("reveal", "pass") and not args:
        return REVEAL if verb == "reveal" else PASS
    if verb == "play" and len(args) == 1:
        return PLAY_BASE + _card(text, args[0])
    if verb == "invite" and len(args) == 1:
        card = _card(text, args[0])
        if card == TRUMP:
            raise IllegalActionError(N_("{text}: the trump cannot be the invitation (T-3.3)"), text=repr(text))
        return INVITE_BASE + card
    if verb in ("deal", "draw") and len(args) == 1:
        card = _card(text, args[0])
        if card == TRUMP:
            raise IllegalActionError(N_("{text}: trumps are not dealt (T-3.1)"), text=repr(text))
        return (DEAL_BASE if verb == "deal" else DRAW_BASE) + card
    if verb == "exchange" and len(args) <= 2:
        cards = [_card(text, a) for a in args]
        if TRUMP in cards:
            raise IllegalActionError(N_("{text}: the trump cannot be exchanged (T-8.1)"), text=repr(text))
        if len(set(cards)) != len(cards):
            raise IllegalActionError(N_("{text}: the same card twice in one exchange"), text=repr(text))
        return exchange_action(cards)
    raise IllegalActionError(N_("{text} is not a Trumfosaur action; a player's actions are: play CARD, "
                                "invite CARD, exchange [CARD [CARD]], reveal, pass"), text=repr(text))
