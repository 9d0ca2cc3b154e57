"""Confidence intervals of the arena statistics stay in range and are never of zero width."""

from __future__ import annotations

import math

import pytest
from typer.testing import CliRunner

from herna.arena.stats import bounded_mean_ci, mean_ci, newcombe, t95, wilson
from herna.arena.tournament import summarize_arena
from herna.cli.main import app

from .helpers import record_line

cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def test_t_quantile_and_small_samples():
    assert t95(1) == pytest.approx(12.7062, abs=1e-4)
    assert t95(10) == pytest.approx(2.2281, abs=1e-4)
    assert t95(40) == pytest.approx(2.0211, abs=1e-4)
    assert t95(1000) == pytest.approx(1.9623, abs=1e-4)
    _, _, lo, hi = mean_ci([1.0, 2.0, 3.0])
    assert hi - lo == pytest.approx(2 * 4.3027 / math.sqrt(3), abs=1e-3)  # t, not normal, with 3 samples


def test_wilson_keeps_the_share_inside_and_is_never_zero_width():
    share, lo, hi = wilson(4, 4)
    assert share == 1.0 and hi == 1.0 and 0.45 < lo < 0.55
    for n in range(1, 40):
        for k in range(n + 1):
            p, lo, hi = wilson(k, n)
            assert 0.0 <= lo <= p <= hi <= 1.0 and hi > lo


def test_bounded_means_are_clamped_and_not_zero_width():
    mean, _, lo, hi = bounded_mean_ci([1.0] * 4, 0.0, 1.0)
    assert mean == 1.0 and hi == 1.0 and lo < 0.6  # 4 units won outright: not "1.000 – 1.000"
    mean, _, lo, hi = bounded_mean_ci([0.25, 0.0, 0.0, 0.0], 0.0, 1.0, pooled=16)
    assert lo >= 0.0 and lo <= mean <= hi <= 1.0  # the t interval alone would go below 0
    mean, _, lo, hi = bounded_mean_ci([1.0] * 4, -1.0, 1.0)
    assert hi == 1.0 and -1.0 <= lo < 0.1
    # many units with spread: the t interval, inside the range
    values = [0.0, 0.25, 0.5, 1.0] * 20
    mean, sd, lo, hi = bounded_mean_ci(values, 0.0, 1.0)
    _, _, tlo, thi = mean_ci(values)
    assert (lo, hi) == pytest.approx((tlo, thi))
    d, lo, hi = newcombe(0, 5, 0, 5)
    assert d == 0.0 and lo < 0 < hi and -1 <= lo and hi <= 1


def test_arena_win_intervals_stay_in_range():
    # head to head: A wins all 4 games
    records = [record_line(i, ["a", "b"] if i % 2 == 0 else ["b", "a"], [9, 0] if i % 2 == 0 else [0, 9],
                       [0] if i % 2 == 0 else [1]) for i in range(4)]
    summary = summarize_arena(records, ["a", "b"], duplicate=False)
    a, b = summary["bots"]
    assert a["win"]["ci95"][1] == 1.0 and a["win"]["ci95"][0] < 1.0
    assert b["win"]["ci95"][0] == 0.0 and b["win"]["ci95"][1] > 0.0
    (pair,) = summary["pairs"]
    assert pair["win_diff"]["mean"] == 1.0
    lo, hi = pair["win_diff"]["ci95"]
    assert -1.0 <= lo < 1.0 and hi == 1.0
    # duplicate: per deal set shares whose normal interval would go below 0
    records = []
    for j in range(4):
        for r in range(2):
            bots = ["a", "b"] if r == 0 else ["b", "a"]
            a_wins = j == 0 and r == 0
            winners = [bots.index("a")] if a_wins else [bots.index("b")]
            scores = [1 if s in winners else 0 for s in range(2)]
            records.append(record_line(j * 2 + r, bots, scores, winners, set=j, rotation=r))
    summary = summarize_arena(records, ["a", "b"], duplicate=True)
    for bot in summary["bots"]:
        lo, hi = bot["win"]["ci95"]
        assert 0.0 <= lo <= bot["win"]["mean"] <= hi <= 1.0 and hi > lo
    lo, hi = summary["pairs"][0]["win_diff"]["ci95"]
    assert -1.0 <= lo < hi <= 1.0
