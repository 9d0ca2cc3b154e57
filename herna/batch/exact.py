"""Exact float32 quotients of small integers, for observations whose divisor
is a game option held as data.

The Python engines write fractions such as ``score / target_score`` as a
float64 quotient stored as float32. A batched engine whose option is a
compile-time constant reads them from a table (XLA may turn a division by a
constant into a multiplication that differs in the last bit); one whose
option is data (one compiled step for every option set) computes them with
:func:`quotient`: integer long division, rounded once to float32, so the
result is the same bits on every backend and does not depend on how XLA
divides. Rounding the exact quotient to float32 directly equals rounding it
to float64 and then to float32 (53 >= 2 * 24 + 2 bits: the double rounding
is innocuous), so it is also the Python engine's value.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

MAX_NUMERATOR = 1 << 24
"""Numerators are ``0 <= num < 2**24``."""
MAX_DENOMINATOR = 1 << 11
"""Denominators are ``1 <= den < 2**11``."""
_STEPS = 36
"""Bits of long division after the integer part: enough for 25 significant
bits (24 and a rounding bit) of the smallest quotient, ``1 / (2**11 - 1)``."""


def quotient(num: ArrayLike, den: ArrayLike) -> jax.Array:
    """float32 ``num / den`` correctly rounded (round half to even), the
    Python engine's ``numpy.float32(num / den)``. ``num``, ``den``: integer
    arrays (broadcast together), ``0 <= num < 2**24`` and ``1 <= den <
    2**11``; outside those ranges the result is undefined. Traceable; no
    division of floats."""
    num, den = jnp.broadcast_arrays(jnp.asarray(num, jnp.int32), jnp.asarray(den, jnp.int32))
    mantissa = num // den  # < 2**24
    rest = num - mantissa * den
    exponent = jnp.zeros_like(num)
    sticky = jnp.zeros(num.shape, bool)
    for _ in range(_STEPS):  # one bit a step, until the mantissa holds 25 significant bits
        rest = rest * 2
        bit = rest >= den
        rest = jnp.where(bit, rest - den, rest)
        grow = mantissa < (1 << 24)
        mantissa = jnp.where(grow, mantissa * 2 + bit, mantissa)
        exponent = exponent - grow
        sticky = sticky | (bit & ~grow)
    sticky = sticky | (rest != 0)
    kept = jnp.right_shift(mantissa, 1)
    up = ((mantissa & 1) == 1) & (sticky | ((kept & 1) == 1))
    kept = kept + up  # <= 2**24: exact in float32
    scale = jax.lax.bitcast_convert_type(jnp.left_shift(exponent + 1 + 127, 23), jnp.float32)  # 2**(exponent + 1)
    return kept.astype(jnp.float32) * scale


__all__ = ["quotient", "MAX_NUMERATOR", "MAX_DENOMINATOR"]
