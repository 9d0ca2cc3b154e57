"""Summary statistics with 95% confidence intervals.

Which interval herna reports for what:

* :func:`mean_ci`, a mean of unbounded values (scores, score margins, game
  lengths): the Student t interval of the mean (t quantile with ``n - 1``
  degrees of freedom, so a handful of samples gets a wide interval; past 50
  samples it is within 1% of the normal interval).
* :func:`wilson`, a share over games (each game counts 1, a shared win
  ``1/w``): the Wilson score interval. It stays inside [0, 1] and is never
  zero-width (4 wins out of 4 games: 0.51 – 1).
* :func:`newcombe`, the difference of two shares from independent samples
  (``herna analyze``: a variant minus the base): Newcombe's hybrid score
  interval from the two Wilson intervals.
* :func:`bounded_mean_ci`, a mean over units of a value that can only lie in
  ``[low, high]`` (with ``--duplicate``: a bot's win share in each deal set,
  in [0, 1]; head-to-head: the difference of two win shares, in [-1, 1]):
  the t interval, clamped to ``[low, high]`` and, with fewer than
  :data:`FEW` units or when the units do not vary at all, widened to at least
  the Wilson interval of the pooled counts (the mean rescaled to [0, 1] as a
  share of the ``pooled`` games behind the units). Why: a value in [0, 1] with
  mean ``p`` has variance at most ``p (1 - p)``, the variance Wilson assumes,
  so that floor is never too narrow for one game; and a sample standard
  deviation from a few units is unreliable (zero when they all agree, which
  would give a zero-width interval from 4 games).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Sequence

Z95 = 1.959963984540054
FEW = 30
"""Below this many units, :func:`bounded_mean_ci` never reports less than the
Wilson interval of the pooled counts."""

_T975 = (12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139,
         2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963,
         2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272)


def t95(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom
    (exact to 6 digits up to 30, then the Cornish-Fisher expansion around
    the normal quantile, better than 1e-5)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def mean_ci(values: Sequence[float]) -> tuple[float, float, float, float]:
    """``(mean, standard deviation, low, high)``: the 95% t interval of the
    mean. One value has no spread to measure: sd 0 and the interval is the
    value itself (no interval)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    sd = math.sqrt(var)
    half = t95(n - 1) * sd / math.sqrt(n)
    return (mean, sd, mean - half, mean + half)


class RunningMean:
    """The count, sum and sum of squares of a stream of numbers, kept
    exactly (integers stay integers; a float is added as the exact
    :class:`~fractions.Fraction` it is), so memory is flat in the number of
    values and :meth:`mean_ci` is correctly rounded: the same mean as
    :func:`mean_ci` of the whole list, and the sd exact where the two-pass
    float sum of :func:`mean_ci` may be off in the last digit."""

    def __init__(self) -> None:
        self.n = 0
        self.total: int | Fraction = 0
        self.squares: int | Fraction = 0

    def add(self, value: float) -> None:
        """Count one more value (an int or a float)."""
        exact = value if isinstance(value, int) else Fraction(value)
        self.n += 1
        self.total += exact
        self.squares += exact * exact

    def mean_ci(self) -> tuple[float, float, float, float]:
        """``(mean, standard deviation, low, high)`` as :func:`mean_ci`
        gives for the values added (NaNs for none; sd 0 for one)."""
        n = self.n
        if n == 0:
            return (math.nan, math.nan, math.nan, math.nan)
        mean = float(Fraction(self.total) / n)
        if n == 1:
            return (mean, 0.0, mean, mean)
        var = Fraction(n * self.squares - self.total * self.total) / (n * (n - 1))
        sd = math.sqrt(float(var))
        half = t95(n - 1) * sd / math.sqrt(n)
        return (mean, sd, mean - half, mean + half)


def counter_quantiles(counts: Counter) -> dict:
    """``min``, ``p10``, ``median``, ``p90``, ``p99`` and ``max`` (nearest
    rank: the value at 1-based rank ``ceil(q * n)``) of the values counted
    in ``counts`` (value -> how many times); ``{}`` when empty. Exact, and
    memory grows with the number of distinct values only."""
    n = sum(counts.values())
    if not n:
        return {}
    ordered = sorted(counts.items())

    def at(index: int):
        seen = 0
        for value, count in ordered:
            seen += count
            if index < seen:
                return value
        return ordered[-1][0]

    def rank(q: float):
        return at(min(n - 1, max(0, math.ceil(q * n) - 1)))

    return {"min": ordered[0][0], "p10": rank(0.10), "median": rank(0.50), "p90": rank(0.90),
            "p99": rank(0.99), "max": ordered[-1][0]}


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Share and 95% Wilson score interval of ``successes`` out of ``n``
    (shares of tied wins count as fractions); ``z``: another level's normal
    quantile (a simultaneous interval's)."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))  # p inside, despite rounding


def newcombe(successes_a: float, n_a: int, successes_b: float, n_b: int) -> tuple[float, float, float]:
    """``(difference, low, high)`` of the share ``b`` minus the share ``a``
    of two independent samples: Newcombe's hybrid score interval, built
    from the two Wilson intervals (inside [-1, 1], never zero-width)."""
    pa, la, ua = wilson(successes_a, n_a)
    pb, lb, ub = wilson(successes_b, n_b)
    d = pb - pa
    return (d, d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2), d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2))


def bounded_mean_ci(values: Sequence[float], low: float, high: float,
                    pooled: int | None = None) -> tuple[float, float, float, float]:
    """``(mean, standard deviation, low, high)`` of values that lie in
    ``[low, high]``: the t interval clamped to the range, and with fewer
    than :data:`FEW` values or no spread at least the Wilson interval of the
    mean as a share of ``pooled`` games (default: one per value), see the
    module docstring."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan, math.nan)
    mean, sd, lo, hi = mean_ci(values)
    width = high - low
    if n < FEW or sd == 0.0:
        count = max(pooled or n, n)
        _, wlo, whi = wilson((mean - low) / width * count, count)
        lo = min(lo, low + wlo * width)
        hi = max(hi, low + whi * width)
    return (mean, sd, min(mean, max(low, lo)), max(mean, min(high, hi)))
