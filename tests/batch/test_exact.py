"""herna.batch.exact.quotient against the Python engines' fractions: a float64
quotient stored as float32, bit for bit (the observations of Trumfosaur's
``score / target_score`` and Ugo!'s ``round / rounds`` and ``total / 50``)."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)

from herna.batch.exact import MAX_DENOMINATOR, MAX_NUMERATOR, quotient  # noqa: E402


def test_quotient_is_the_float64_quotient_stored_as_float32():
    divide = jax.jit(quotient)
    num = np.arange(4096)[:, None]
    den = np.arange(1, MAX_DENOMINATOR)[None, :]
    assert np.array_equal(np.asarray(divide(num, den)), (num / den).astype(np.float32))  # every small pair
    rng = np.random.default_rng(20261204)
    num = rng.integers(0, MAX_NUMERATOR, 200_000)
    den = rng.integers(1, MAX_DENOMINATOR, 200_000)
    assert np.array_equal(np.asarray(divide(num, den)), (num / den).astype(np.float32))
