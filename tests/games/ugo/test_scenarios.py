"""The shared Ugo! scenario files (../shared/scenarios/ugo/*.json) pass with
the core runner (SCENARIOS.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from herna.core.scenario import run_scenario, run_scenario_file

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
FILES = sorted((SHARED / "scenarios" / "ugo").glob("*.json"))


@pytest.mark.skipif(not FILES, reason="../shared/scenarios/ugo is not beside this checkout")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_shared_ugo_scenario(path):
    ok, line = run_scenario_file(path)
    assert ok, line


def test_a_wrong_expectation_fails():
    """The runner really checks Ugo! views (a guard against vacuous passes)."""
    deal = {"hands": [["red7", "red3", "green3", "green4", "blue3", "blue4", "yellow8", "yellow3", "grey3", "grey4"],
                      ["red0", "red8", "green1", "green8", "blue0", "blue7", "blue8", "grey6", "grey7", "grey8"]]}
    base = {"game": "ugo", "options": {"players": 2, "rounds": 1, "first_player": 0}, "deals": [deal]}
    assert run_scenario({**base, "steps": [{"act": "play red7"}, {"legal": ["play red0", "play red8"]}]}) is None
    assert "step 2" in run_scenario({**base, "steps": [{"act": "play red7"}, {"legal": ["play red0"]}]})
    assert "step 1" in run_scenario({**base, "steps": [{"expect": {"kingdoms.0.0.top": 7}}]})
    assert run_scenario({**base, "steps": [{"act": "play blue0", "error": True}]}) is None
    seat_view = {"expect_seat": 1, "expect": {"hand.0": "red0", "hand.9": "grey8"}}
    assert run_scenario({**base, "steps": [seat_view]}) is None
