"""Small helpers for cards kept as bitmasks (bit ``c`` set = card ``c`` held)."""

from __future__ import annotations

import random
from typing import Iterator


def bits(mask: int) -> Iterator[int]:
    """Yield the set bit indices of ``mask`` in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_CHUNK = 12
_CHUNK_MASK = (1 << _CHUNK) - 1
_CHUNK_BITS = [tuple(i for i in range(_CHUNK) if chunk >> i & 1) for chunk in range(1 << _CHUNK)]
"""The set bits of every 12-bit number (4096 small tuples)."""


def bit_list(mask: int) -> list[int]:
    """The set bit indices of ``mask`` as a sorted list.

    A mask with few bits (a hand) is walked bit by bit; a full one (the
    undealt cards a chance node lists) 12 bits at a time from a table, about
    twice as fast from 20 bits on."""
    out: list[int] = []
    if mask.bit_count() <= 16:
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    base = 0
    while mask:
        chunk = mask & _CHUNK_MASK
        if chunk:
            out += [base + i for i in _CHUNK_BITS[chunk]] if base else _CHUNK_BITS[chunk]
        mask >>= _CHUNK
        base += _CHUNK
    return out


def nth_bit(mask: int, k: int) -> int:
    """The index of the ``k``-th set bit of ``mask`` counted from the lowest
    (``k`` from 0), i.e. ``bit_list(mask)[k]`` without building the list: a
    binary search on the number of set bits below a position, so about
    ``log2(mask.bit_length())`` steps whatever ``k`` is. For drawing one of
    the cards of a mask uniformly (``nth_bit(mask, rng.randrange(mask.bit_count()))``
    picks the same card as ``rng.choice(bit_list(mask))``). ``ValueError`` if
    ``mask`` has ``k`` or fewer set bits.

    >>> nth_bit(0b101100, 0), nth_bit(0b101100, 2)
    (2, 5)
    """
    if not 0 <= k < mask.bit_count():
        raise ValueError(f"mask {mask:#x} has no set bit number {k}")
    low, high = 0, mask.bit_length() - 1
    while low < high:  # the answer is the least b with more than k set bits in mask[0..b]
        middle = (low + high) >> 1
        if (mask & ((2 << middle) - 1)).bit_count() > k:
            high = middle
        else:
            low = middle + 1
    return low


def random_bit(mask: int, rng: random.Random) -> int:
    """A set bit of ``mask`` drawn uniformly with ``rng``: the same bit, and
    the same use of ``rng``, as ``rng.choice(bit_list(mask))``, without the
    list (a chance node dealing one of the undealt cards)."""
    return nth_bit(mask, rng.randrange(mask.bit_count()))
