"""analyze's chi-square tail (:func:`herna.arena.analyze.chi2_sf`, the equal-shares test's p-value)
is written out to keep scipy out of herna's core dependencies; here it is checked against
scipy's, which the ``batch`` extra brings (CI installs it)."""

from __future__ import annotations

import pytest

from herna.arena.analyze import chi2_sf, equal_shares_p

stats = pytest.importorskip("scipy.stats", reason="scipy comes with herna's batch extra (JAX); without it, "
                                                  "chi2_sf has no reference to be checked against")


@pytest.mark.parametrize("df", [1, 2, 3, 4, 5, 8, 9])
def test_chi2_tail_is_scipys(df):
    for x in (0.0, 1e-6, 0.05, 0.5, 1.0, 2.7, 6.0, 11.3, 25.0, 60.0, 150.0):
        assert chi2_sf(x, df) == pytest.approx(float(stats.chi2.sf(x, df)), rel=1e-9, abs=1e-300)


def test_equal_shares_p_is_pearsons_test():
    for wins, sizes in (([60, 40], None), ([30, 22, 25, 23], None), ([60, 40], [2, 2]), ([10, 30, 20], [1, 2, 1])):
        expected = None if sizes is None else [sum(wins) * k / sum(sizes) for k in sizes]
        reference = stats.chisquare(wins, expected).pvalue
        assert equal_shares_p(wins, sizes) == pytest.approx(float(reference), rel=1e-9)
