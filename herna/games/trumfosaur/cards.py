"""Trumfosaur cards (T-1).

Dinosaur card id ``c = species * 10 + (value - 1)``: species 0..4 in rulebook
order (Saxosaurus, Vztekosaurus, Aquasaurus, Špínosaurus, Byznysaurus),
values 1..10. :data:`TRUMP` (50) stands for any of the 5 identical trumps.
Strings: ``SAX6``, ``BYZ10``, ``TRUMF`` (case-insensitive in).
"""

from __future__ import annotations

from typing import NamedTuple

SPECIES = ("SAX", "VZT", "AQU", "SPI", "BYZ")
SPECIES_NAMES = ("Saxosaurus", "Vztekosaurus", "Aquasaurus", "Špínosaurus", "Byznysaurus")
NUM_CARDS = 50
TRUMP = 50
TRUMP_NAME = "TRUMF"
ALL_CARDS_MASK = (1 << NUM_CARDS) - 1
SPECIES_MASK = tuple(((1 << 10) - 1) << (10 * s) for s in range(5))
"""Bitmask of the 10 cards of each species."""


def species(card: int) -> int:
    """Species index 0..4 of a dinosaur id (T-1.1)."""
    return card // 10


def value(card: int) -> int:
    """Value 1..10 of a dinosaur id (T-1.1)."""
    return card % 10 + 1


def card_name(card: int) -> str:
    """``SAX6`` for a dinosaur id, ``TRUMF`` for :data:`TRUMP`."""
    if card == TRUMP:
        return TRUMP_NAME
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"{card!r} is not a Trumfosaur card id")
    return f"{SPECIES[card // 10]}{card % 10 + 1}"


def parse_card(text: str) -> int:
    """The id of ``SAX6`` / ``TRUMF``; ``ValueError`` says what cards exist."""
    t = text.strip().upper()
    if t == TRUMP_NAME:
        return TRUMP
    prefix, digits = t[:3], t[3:]
    if prefix in SPECIES and digits.isdigit() and 1 <= int(digits) <= 10 and not digits.startswith("0"):
        return SPECIES.index(prefix) * 10 + int(digits) - 1
    raise ValueError(f"{text!r} is not a Trumfosaur card; cards are SAX1..SAX10, VZT, AQU, SPI, BYZ likewise, "
                     "and TRUMF")


INVITATION_POINTS = 3
"""What the invitation itself scores (T-6.1: 1 for its species + 2 for its value)."""


def invitation_score(invitation: int, taken_mask: int) -> int:
    """T-6.1: 3 for the invitation itself, +1 per taken card of its species,
    +2 per taken card of its value. ``taken_mask`` holds dinosaur ids only.
    The worked example of T-6.2:

    >>> taken = sum(1 << parse_card(c) for c in ("BYZ2", "BYZ5", "BYZ7", "SPI4"))
    >>> invitation_score(parse_card("BYZ4"), taken)
    8
    """
    same_species = (taken_mask & SPECIES_MASK[invitation // 10]).bit_count()
    v = invitation % 10
    same_value = sum(1 for s in range(5) if taken_mask >> (s * 10 + v) & 1)
    return INVITATION_POINTS + same_species + 2 * same_value


class ScoreParts(NamedTuple):
    """How T-6.1 makes one seat's deal score (T-6.2 worked example:
    invitation BYZ4, took BYZ2 BYZ5 BYZ7 SPI4 -> 3 + 3 x 1 + 1 x 2 = 8).

    species_cards / value_cards: taken dinosaur ids of the invitation's
    species (+1 each) and of its value (+2 each), ascending; the two never
    overlap (the only card of both is the invitation, which is not taken)."""

    invitation: int
    species_cards: tuple[int, ...]
    value_cards: tuple[int, ...]

    @property
    def total(self) -> int:
        """The deal score: equals :func:`invitation_score`."""
        return INVITATION_POINTS + len(self.species_cards) + 2 * len(self.value_cards)


def score_parts(invitation: int, taken_mask: int) -> ScoreParts:
    """The parts of :func:`invitation_score` (T-6.1) for a report of the deal."""
    v = invitation % 10
    species_cards = tuple(c for c in range(NUM_CARDS) if taken_mask >> c & 1 and c // 10 == invitation // 10)
    value_cards = tuple(c for c in range(NUM_CARDS) if taken_mask >> c & 1 and c % 10 == v)
    return ScoreParts(invitation, species_cards, value_cards)
