"""The shared Kurník scenario files (../shared/scenarios/kurnik) must all pass.

They are driven here by a small helper that follows SCENARIOS.md exactly
(dotted paths into the view, ``expect_seat``, ``legal`` as an exact set,
``error``: refused with ``IllegalActionError`` and nothing changed), and, once
it exists, by the core runner ``herna.core.scenario.run_scenario_file`` too.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

import herna
from herna.core import IllegalActionError

ROOT = Path(__file__).resolve().parents[3]
CANDIDATES = (ROOT.parent / "shared" / "scenarios" / "kurnik", ROOT / "shared" / "scenarios" / "kurnik")
SCENARIO_DIR = next((p for p in CANDIDATES if p.is_dir()), None)
FILES = sorted(SCENARIO_DIR.glob("*.json")) if SCENARIO_DIR else []


def read_path(view, path: str):
    """``coops.1.hens`` -> view["coops"][1]["hens"]."""
    node = view
    for part in path.split("."):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def run_scenario(data: dict) -> None:
    """Play one scenario; raise ``AssertionError`` naming the step that differs."""
    assert data["game"] == "kurnik"
    state = herna.load("kurnik", **data.get("options", {})).new_initial_state(data.get("deals") or None)
    for number, step in enumerate(data["steps"], 1):
        where = f"step {number} {step}"
        if "act" in step:
            if step.get("error"):
                before = json.dumps(state.to_json())
                view = state.view()
                with pytest.raises(IllegalActionError):
                    state.apply_action(step["act"])
                assert json.dumps(state.to_json()) == before and state.view() == view, f"{where}: state changed"
            else:
                try:
                    state.apply_action(step["act"])
                except IllegalActionError as error:
                    raise AssertionError(f"{where}: refused: {error}") from None
        if "expect" in step:
            view = state.view(step.get("expect_seat"))
            for path, value in step["expect"].items():
                got = read_path(view, path)
                assert got == value, f"{where}: {path} is {got!r}, expected {value!r}"
        if "legal" in step:
            got = set(state.legal_action_strings())
            assert got == set(step["legal"]), f"{where}: legal {sorted(got)}"


@pytest.mark.skipif(not FILES, reason="shared scenarios not found")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_shared_scenario(path: Path) -> None:
    """Every shared Kurník scenario passes (their rule ids: K-4.1, K-8.1-K-8.5, K-7.*, ...)."""
    run_scenario(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.skipif(not FILES, reason="shared scenarios not found")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_shared_scenario_core_runner(path: Path) -> None:
    """The same files through the core's scenario runner, when it exists."""
    try:
        module = importlib.import_module("herna.core.scenario")
    except ModuleNotFoundError:
        pytest.skip("herna.core.scenario is not written yet")
    ok, message = module.run_scenario_file(path)
    assert ok, message
