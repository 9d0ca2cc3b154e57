"""``herna bench --vs-openspiel`` (herna.interop.bench) on tiny budgets: the
shared playout loop counts every applied action, and the ISMCTS match runs."""

from __future__ import annotations

import io

import pytest

pytest.importorskip("pyspiel")

import herna  # noqa: E402
from herna.interop import bench  # noqa: E402


def test_random_playouts_count_every_applied_action():
    game = herna.load("ugo", players=2, rounds=1)
    out = bench.random_playouts(game.new_initial_state, seconds=0.0, seed=3)
    assert out["games"] == 1
    # a 2-player round: 20 deals and 20 plays at least, automatic moves included
    assert out["actions"] >= 40 and out["actions_per_second"] > 0
    # decisions: the loop's choices only; the 20 cards dealt are chance, not counted
    assert 0 < out["decisions"] <= out["actions"] - 20 and out["decisions_per_second"] > 0


def test_ismcts_match_runs_and_counts_simulations():
    out = bench.ismcts_match(games=1, move_seconds=0.002, seed=2, options={"players": 2, "target_score": 1})
    assert out["openspiel"]["simulations"] > 0 and out["openspiel"]["seats"] >= 1
    if out["herna_available"]:
        assert out["herna"]["simulations"] > 0 and out["herna"]["seats"] == 1
    shares = [out[b]["win_share"] * out[b]["seats"] for b in ("herna", "openspiel") if out[b]["seats"]]
    assert sum(shares) == pytest.approx(1.0)


def test_run_vs_openspiel_prints_the_ratios(monkeypatch):
    from rich.console import Console

    from herna.cli.bench_openspiel import run_vs_openspiel

    monkeypatch.setattr(bench, "MATCH_OPTIONS", {"players": 2, "target_score": 1})
    buffer = io.StringIO()
    run_vs_openspiel(Console(file=buffer, width=120), seconds=0.0, games=1, move_seconds=0.002)
    text = buffer.getvalue()
    for name in ("hearts", "oh_hell", "herna trumfosaur", "herna ugo", "OpenSpiel Python ISMCTS"):
        assert name in text
    assert "x hearts" in text
