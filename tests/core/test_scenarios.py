"""Every shared scenario file passes (SCENARIOS.md), and the runner reports
failures as the contract says."""

from __future__ import annotations

import json

import pytest

from herna.core.scenario import check_scenario, find_scenarios, run_scenario, run_scenario_file

from ..helpers import SHARED

FILES = find_scenarios([SHARED / "scenarios"]) if (SHARED / "scenarios").is_dir() else []


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_shared_scenario(path):
    check_scenario(path)


def test_check_scenario_raises_the_fail_line(tmp_path):
    """The one runner for tests: a parsed scenario or a file; the failure is the FAIL line."""
    data = {"game": "kurnik", "options": {"players": 2, "first_player": 0}, "steps": [{"expect": {"turn": 7}}]}
    with pytest.raises(AssertionError, match=r"^step 1: turn is 1 in the spectator's view, expected 7$"):
        check_scenario(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    with pytest.raises(AssertionError, match=rf"^FAIL {path}: step 1: turn is 1"):
        check_scenario(path)
    check_scenario({**data, "steps": [{"expect": {"turn": 1}}]})


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


KURNIK = {"game": "kurnik", "options": {"players": 2, "first_player": 0}}


@pytest.mark.parametrize("change,reason", [
    ({"options": 5}, "step 0: 'options' must be an object"),
    ({"options": ["players", 2]}, "step 0: 'options' must be an object"),
    ({"options": "players=2"}, "step 0: 'options' must be an object"),
    ({"steps": {"act": "roll"}}, "step 0: 'steps' must be a list"),
    ({"steps": None}, "step 0: 'steps' must be a list"),
    ({"deals": 5}, "step 0: 'deals' must be a list of objects"),
    ({"deals": {"hands": []}}, "step 0: 'deals' must be a list of objects"),
    ({"deals": [["SAX1"]]}, "step 0: 'deals' must be a list of objects"),
    ({"steps": [{"legal": "dice 1 1"}]}, "step 1: 'legal' must be a list of action strings"),
    ({"steps": [{"legal": None}]}, "step 1: 'legal' must be a list of action strings"),
    ({"steps": [{"legal": [1, 2]}]}, "step 1: 'legal' must be a list of action strings"),
    ({"steps": [{"expect": ["current_player", 0]}]}, "step 1: 'expect' must be an object"),
    ({"steps": [{"expect": 5}]}, "step 1: 'expect' must be an object"),
    ({"steps": [{"act": ["dice 1 1"]}]}, "step 1: 'act' must be an action string"),
    ({"steps": [{"act": "dice 1 1", "error": "yes"}]}, "step 1: 'error' must be true or false"),
])
def test_malformed_scenario_parts_fail_with_a_reason(tmp_path, change, reason):
    """A malformed part of a scenario file gives ``FAIL path: step N: reason`` (never a traceback)."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**KURNIK, "steps": [], **change}))
    ok, line = run_scenario_file(path)
    assert not ok and line.startswith(f"FAIL {path}: {reason}"), line


def test_deep_or_broken_scenario_files_fail_with_a_reason(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    ok, line = run_scenario_file(deep)
    assert not ok and line.startswith(f"FAIL {deep}: step 0: cannot read the file") and "nested too deeply" in line
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\xfd\x00")
    ok, line = run_scenario_file(binary)
    assert not ok and line.startswith(f"FAIL {binary}: step 0: cannot read the file")
    missing = tmp_path / "missing.json"
    ok, line = run_scenario_file(missing)
    assert not ok and line.startswith(f"FAIL {missing}: step 0: cannot read the file")


def test_scenario_cli_reports_malformed_files_and_exits_1(tmp_path):
    """``herna scenario`` prints a FAIL line (no traceback) and exits 1 for a malformed file."""
    from typer.testing import CliRunner

    from herna.cli.main import app

    (tmp_path / "a.json").write_text(json.dumps({**KURNIK, "options": 5, "steps": []}))
    (tmp_path / "b.json").write_text(json.dumps({**KURNIK, "steps": [{"legal": 5}]}))
    result = CliRunner().invoke(app, ["scenario", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "'options' must be an object" in result.output and "'legal' must be a list" in result.output
