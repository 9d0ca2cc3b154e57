"""Small helpers for cards kept as bitmasks (bit ``c`` set = card ``c`` held)."""

from __future__ import annotations

from typing import Iterator


def bits(mask: int) -> Iterator[int]:
    """Yield the set bit indices of ``mask`` in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """The set bit indices of ``mask`` as a sorted list."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
