"""Trumfosaur action ids and strings (SCENARIOS.md).

| ids | action | string |
|---|---|---|
| 0..49 | play a dinosaur | ``play SAX6`` |
| 50 | play the trump | ``play TRUMF`` |
| 51..100 | choose the invitation (T-3.3) | ``invite SAX6`` |
| 101 / 102 | reveal the invitation / pass (T-5) | ``reveal`` / ``pass`` |
| 103 | master exchange of no card (T-8.1) | ``exchange`` |
| 104..153 | exchange one card | ``exchange SAX1`` |
| 154..1378 | exchange two cards (lower id first) | ``exchange SAX1 AQU2`` |
| 1400..1449 | chance: deal a card to the next seat | ``deal SAX6`` |
| 1450..1499 | chance: master draw from the deck | ``draw SAX6`` |
"""

from __future__ import annotations

from herna.core import IllegalActionError

from .cards import NUM_CARDS, TRUMP, card_name, parse_card

PLAY = 0
PLAY_TRUMP = TRUMP
INVITE = 51
REVEAL = 101
PASS = 102
EXCHANGE = 103
EXCHANGE_ONE = 104
EXCHANGE_TWO = 154
NUM_DISTINCT_ACTIONS = 1379
DEAL = 1400
DRAW = 1450
MAX_CHANCE_OUTCOMES = 100

PAIRS: list[tuple[int, int]] = [(a, b) for a in range(NUM_CARDS) for b in range(a + 1, NUM_CARDS)]
PAIR_INDEX: dict[tuple[int, int], int] = {pair: i for i, pair in enumerate(PAIRS)}


def exchange_action(cards: tuple[int, ...] | list[int]) -> int:
    """Id of exchanging 0, 1 or 2 dinosaur cards."""
    cards = sorted(cards)
    if not cards:
        return EXCHANGE
    if len(cards) == 1:
        return EXCHANGE_ONE + cards[0]
    return EXCHANGE_TWO + PAIR_INDEX[(cards[0], cards[1])]


def exchange_cards(action: int) -> tuple[int, ...]:
    """The cards laid out by an exchange action id."""
    if action == EXCHANGE:
        return ()
    if action < EXCHANGE_TWO:
        return (action - EXCHANGE_ONE,)
    return PAIRS[action - EXCHANGE_TWO]


def action_to_string(action: int) -> str:
    """Canonical string of an action id (table above); ``IllegalActionError``
    for anything that names no Trumfosaur action (a non-int, a bool, an id
    out of range)."""
    if not isinstance(action, int) or isinstance(action, bool):
        raise IllegalActionError(f"action id {action!r} names no Trumfosaur action; ids are integers "
                                 f"0..{NUM_DISTINCT_ACTIONS - 1} (chance {DEAL}..{DRAW + NUM_CARDS - 1})")
    if PLAY <= action <= PLAY_TRUMP:
        return f"play {card_name(action)}"
    if INVITE <= action < REVEAL:
        return f"invite {card_name(action - INVITE)}"
    if action == REVEAL:
        return "reveal"
    if action == PASS:
        return "pass"
    if EXCHANGE <= action < NUM_DISTINCT_ACTIONS:
        return " ".join(["exchange", *(card_name(c) for c in exchange_cards(action))])
    if DEAL <= action < DEAL + NUM_CARDS:
        return f"deal {card_name(action - DEAL)}"
    if DRAW <= action < DRAW + NUM_CARDS:
        return f"draw {card_name(action - DRAW)}"
    raise IllegalActionError(f"action id {action!r} names no Trumfosaur action; ids are "
                             f"0..{NUM_DISTINCT_ACTIONS - 1} (chance {DEAL}..{DRAW + NUM_CARDS - 1})")


def string_to_action(text: str) -> int:
    """Parse an action string; ``IllegalActionError`` explains a bad one."""
    words = text.split()
    if not words:
        raise IllegalActionError("empty action; actions are: play CARD, invite CARD, exchange [CARD [CARD]], reveal, pass")
    verb = words[0].lower()
    args = words[1:]
    try:
        if verb in ("reveal", "pass") and not args:
            return REVEAL if verb == "reveal" else PASS
        if verb == "play" and len(args) == 1:
            return PLAY + parse_card(args[0])
        if verb == "invite" and len(args) == 1:
            card = parse_card(args[0])
            if card == TRUMP:
                raise ValueError("the trump cannot be the invitation (T-3.3)")
            return INVITE + card
        if verb in ("deal", "draw") and len(args) == 1:
            card = parse_card(args[0])
            if card == TRUMP:
                raise ValueError("trumps are not dealt (T-3.1)")
            return (DEAL if verb == "deal" else DRAW) + card
        if verb == "exchange" and len(args) <= 2:
            cards = [parse_card(a) for a in args]
            if TRUMP in cards:
                raise ValueError("the trump cannot be exchanged (T-8.1)")
            if len(set(cards)) != len(cards):
                raise ValueError("the same card twice in one exchange")
            return exchange_action(cards)
    except ValueError as error:
        raise IllegalActionError(f"{text!r}: {error}") from None
    raise IllegalActionError(
        f"{text!r} is not a Trumfosaur action; actions are: play CARD, invite CARD, "
        "exchange [CARD [CARD]], reveal, pass"
    )
