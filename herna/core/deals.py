"""Fixed deals of the card games (SCENARIOS.md ``deals``), shared by
Trumfosaur and Ugo!.

A deal is stored as ``(hands, deck)``: ``hands[k]`` the tuple of seat k's card
ids in the order given, ``deck`` the undealt rest, top first.
"""

from __future__ import annotations

from typing import Callable, Sequence

from .errors import FormatError

Deal = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


def parse_deals(
    game: str,
    deals: Sequence[dict] | None,
    players: int,
    hand_size: int,
    num_cards: int,
    parse_card: Callable[[str], int],
    card_name: Callable[[int], str],
) -> tuple[Deal, ...]:
    """Check and convert SCENARIOS.md deals.

    Each deal needs ``hands``: ``players`` lists of ``hand_size`` distinct
    card strings. ``deck`` (optional) lists undealt cards, top first; when it
    is missing or shorter than the undealt rest, the remaining cards follow in
    sorted order. Raises ``FormatError`` naming the deal and what is wrong.
    """
    if deals is None:
        return ()
    if not isinstance(deals, (list, tuple)):
        raise FormatError("'deals' must be a list of deals")
    out = []
    for number, deal in enumerate(deals, start=1):
        where = f"deal {number}"
        if not isinstance(deal, dict) or not isinstance(deal.get("hands"), (list, tuple)):
            raise FormatError(f"{where}: needs 'hands', a list of {players} hands")
        hands = deal["hands"]
        if len(hands) != players:
            raise FormatError(f"{where}: {len(hands)} hands given for {players} players")
        seen: set[int] = set()
        parsed_hands = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (list, tuple)) or len(hand) != hand_size:
                raise FormatError(f"{where}: hand of seat {seat} must be a list of {hand_size} cards")
            cards = tuple(_card(parse_card, text, f"{where}, seat {seat}") for text in hand)
            for card in cards:
                if card in seen:
                    raise FormatError(f"{where}: card {card_name(card)} is dealt twice")
                seen.add(card)
            parsed_hands.append(cards)
        deck_texts = deal.get("deck") or []
        if not isinstance(deck_texts, (list, tuple)):
            raise FormatError(f"{where}: 'deck' must be a list of cards")
        deck = []
        for text in deck_texts:
            card = _card(parse_card, text, f"{where}, deck")
            if card in seen:
                raise FormatError(f"{where}: card {card_name(card)} is in the deck and dealt too")
            seen.add(card)
            deck.append(card)
        rest = sorted(set(range(num_cards)) - seen)
        deck.extend(rest)
        out.append((tuple(parsed_hands), tuple(deck)))
    return tuple(out)


def _card(parse_card: Callable[[str], int], text: object, where: str) -> int:
    """One card of a deal: an ASCII card name (``SAX6``, ``red0``); Unicode
    digits or spaces (``'SAX\u0666'``, a no-break space) are refused here for
    every game, as in action strings (:mod:`herna.core.actionio`)."""
    if not isinstance(text, str):
        raise FormatError(f"{where}: {text!r} is not a card string")
    if not (text.isascii() and text.strip(" \t").isalnum()):
        raise FormatError(f"{where}: {text!r} is not a card name; card names are ASCII letters and digits")
    try:
        return parse_card(text)
    except ValueError as error:
        raise FormatError(f"{where}: {error}") from None


def deals_to_json(deals: Sequence[Deal], card_name: Callable[[int], str]) -> list[dict]:
    """The inverse of :func:`parse_deals`."""
    return [
        {"hands": [[card_name(c) for c in hand] for hand in hands], "deck": [card_name(c) for c in deck]}
        for hands, deck in deals
    ]
