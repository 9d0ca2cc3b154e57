"""Numbers in the arena's (and analyze's, bench's) tables: never a negative zero."""

from __future__ import annotations

from herna.cli.runs import interval, number


def test_no_negative_zero():
    assert number(-0.001) == "0.00" and number(-0.001, 2, sign=True) == "+0.00"
    assert number(-0.0004, 3) == "0.000" and number(-0.0006, 3) == "-0.001"
    assert number(0.5, 2, sign=True) == "+0.50" and number(-0.5, 2, sign=True) == "-0.50"
    assert interval([-0.0004, 0.3]) == "0.00 – 0.30"
    assert interval([-0.2, -0.0001], 3) == "-0.200 – 0.000"
