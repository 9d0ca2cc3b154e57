"""Every shared scenario file passes (SCENARIOS.md), and the runner reports
failures as the contract says."""

from __future__ import annotations

import json

import pytest

from herna.core.scenario import find_scenarios, run_scenario, run_scenario_file

from .conftest import SHARED

FILES = find_scenarios([SHARED / "scenarios"]) if (SHARED / "scenarios").is_dir() else []


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_shared_scenario(path):
    ok, line = run_scenario_file(path)
    assert ok, line


def test_runner_reports_failures(tmp_path):
    base = {"game": "trumfosaur", "options": {"players": 2, "first_player": 0}, "deals": [
        {"hands": [["SAX1", "SAX2", "SAX3", "SAX4", "SAX5", "SAX6", "SAX7", "SAX8", "SAX9", "SAX10"],
                   ["VZT1", "VZT2", "VZT3", "VZT4", "VZT5", "VZT6", "VZT7", "VZT8", "VZT9", "VZT10"]]}]}
    assert run_scenario({**base, "steps": [{"act": "invite SAX1"}, {"expect": {"current_player": 1}}]}) is None
    assert run_scenario({**base, "steps": [{"expect": {"current_player": 1}}]}) == \
        "step 1: current_player is 0 in the spectator's view, expected 1"
    assert "was refused" in run_scenario({**base, "steps": [{"act": "invite VZT1"}]})
    assert run_scenario({**base, "steps": [{"act": "invite VZT1", "error": True}]}) is None
    assert "was accepted" in run_scenario({**base, "steps": [{"act": "invite SAX1", "error": True}]})
    assert "missing" in run_scenario({**base, "steps": [{"legal": ["invite SAX1"]}]})
    assert "not in the" in run_scenario({**base, "steps": [{"expect": {"nothing.here": 1}}]})
    assert run_scenario({**base, "steps": [{"expect_seat": 1, "expect": {"hand.0": "VZT1"}}]}) is None
    assert run_scenario({**base, "game": "chess", "steps": []}).startswith("step 0: cannot set up")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    ok, line = run_scenario_file(bad)
    assert not ok and line.startswith(f"FAIL {bad}: step 0")
    good = tmp_path / "good.json"
    good.write_text(json.dumps({**base, "steps": []}))
    assert run_scenario_file(good) == (True, f"PASS {good}")


def test_saved_game_with_malformed_history_is_a_format_error():
    import herna
    from herna.core import FormatError

    for bad in ([[1]], [None], [True], [3.5]):
        with pytest.raises(FormatError, match="history item 1"):
            herna.from_json({"game": "kurnik", "history": bad})
    with pytest.raises(FormatError):
        herna.from_json("{not json")
    with pytest.raises(FormatError, match="'history'"):
        herna.from_json({"game": "kurnik", "history": "roll"})
