"""Summary statistics with 95% confidence intervals."""

from __future__ import annotations

import math
from typing import Sequence

Z95 = 1.959963984540054


def mean_ci(values: Sequence[float]) -> tuple[float, float, float, float]:
    """``(mean, standard deviation, low, high)``: the 95% interval of the mean
    by the normal approximation (t is within 1% of it past 50 samples)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    sd = math.sqrt(var)
    half = Z95 * sd / math.sqrt(n)
    return (mean, sd, mean - half, mean + half)


def wilson(successes: float, n: int) -> tuple[float, float, float]:
    """Share and 95% Wilson score interval of ``successes`` out of ``n``
    (shares of tied wins count as fractions)."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (p, max(0.0, centre - half), min(1.0, centre + half))
