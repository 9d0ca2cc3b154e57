"""Random deals for the batched engines: many random permutations at once.

:func:`permutations` turns random words into random orders of up to 64
cards with a sorting network: elementwise work that XLA fuses, several
times faster on a CPU than ``jax.random.permutation`` (a general sort per
row) and than a sort of separate keys and values.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

SLOTS = 64
"""The sorting network's width: at most this many cards."""
_ID_BITS = 6
"""Low bits of a sort key that hold the card id (64 = 2**6 slots)."""


def _sort(keys: jax.Array) -> jax.Array:
    """uint32 ``(..., 64)`` sorted ascending along the last axis: a bitonic
    sorting network in its mirror form (each merge compares slot ``i`` with
    slot ``k - 1 - i`` of its block, then half-cleaners), 21 passes of
    min/max, no comparison direction to select."""
    lead = keys.shape[:-1]
    k = 2
    while k <= SLOTS:
        blocks = keys.reshape(*lead, SLOTS // k, 2, k // 2)
        low, high = blocks[..., 0, :], blocks[..., 1, ::-1]
        keys = jnp.concatenate([jnp.minimum(low, high), jnp.maximum(low, high)[..., ::-1]], axis=-1)
        keys = keys.reshape(*lead, SLOTS)
        j = k // 4
        while j >= 1:
            halves = keys.reshape(*lead, SLOTS // (2 * j), 2, j)
            low, high = halves[..., 0, :], halves[..., 1, :]
            keys = jnp.stack([jnp.minimum(low, high), jnp.maximum(low, high)], axis=-2).reshape(*lead, SLOTS)
            j //= 2
        k *= 2
    return keys


def permutations(bits: jax.Array) -> jax.Array:
    """Random orders of ``m`` cards (``m`` <= 64) from random uint32 words
    ``bits`` ``(..., m)``: int32 ``(..., m)``, a permutation of ``0..m-1``
    per row, card ``c`` at the rank of its word's top 26 bits.

    Each card's sort key is its word's top 26 bits above its id (6 bits),
    so one array is sorted and the ids are read from the low bits. Two
    cards whose top bits are equal (about one deal in 55,000 for 50 cards)
    keep id order: a bias of that size on the order of those two cards, far
    below what a million-game report resolves."""
    m = bits.shape[-1]
    if not 0 < m <= SLOTS:
        raise ValueError(f"permutations orders 1..{SLOTS} cards, not {m}")
    ids = jnp.arange(m, dtype=jnp.uint32)
    keys = (bits.astype(jnp.uint32) & jnp.uint32(~((1 << _ID_BITS) - 1) & 0xFFFFFFFF)) | ids
    pad = jnp.full((*bits.shape[:-1], SLOTS - m), 0xFFFFFFFF, jnp.uint32)  # above every card's key
    ordered = _sort(jnp.concatenate([keys, pad], axis=-1))[..., :m]
    return (ordered & jnp.uint32((1 << _ID_BITS) - 1)).astype(jnp.int32)
