"""Scenario files (SCENARIOS.md): a fixed deal, a list of actions and the
views the rules say must follow. ``herna scenario FILE_OR_DIR...`` prints
``PASS path`` or ``FAIL path: step N: <what differed>`` per file; tests
run scenarios with :func:`check_scenario` (the one runner).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from . import jsonio
from .errors import FormatError, IllegalActionError
from .registry import load

_MISSING = object()


def find_scenarios(paths: Iterable[str | Path]) -> list[Path]:
    """Every ``*.json`` file named or found (recursively, sorted) under the
    given paths. Raises ``FileNotFoundError`` for a path that does not exist."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*.json") if p.is_file()))
        elif path.is_file():
            out.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {raw}")
    return out


def view_path(view: Any, path: str) -> Any:
    """Follow a dotted path (``coops.1.hens``) into a view; ``_MISSING`` if
    it leads nowhere."""
    node = view
    for part in path.split("."):
        if isinstance(node, dict):
            if part not in node:
                return _MISSING
            node = node[part]
        elif isinstance(node, list):
            try:
                index = int(part)
            except ValueError:
                return _MISSING
            if not -len(node) <= index < len(node):
                return _MISSING
            node = node[index]
        else:
            return _MISSING
    return node


def run_scenario(data: dict, engine: str | None = None) -> str | None:
    """Run one parsed scenario on ``engine`` (``herna.load``'s; ``None``: the
    default); ``None`` if it passes, else ``"step N: ..."``
    (``step 0`` for set-up problems: not an object, ``options`` not an
    object, ``deals`` not a list of objects, ``steps`` not a list, or a game
    that cannot be set up). Steps are numbered from 1."""
    if not isinstance(data, dict):
        return "step 0: a scenario must be a JSON object"
    options = data.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        return f"step 0: 'options' must be an object of name: value, not {json.dumps(options)}"
    deals = data.get("deals")
    if deals is not None and not (isinstance(deals, list) and all(isinstance(d, dict) for d in deals)):
        return "step 0: 'deals' must be a list of objects ({\"hands\": [...], \"deck\": [...]} per deal)"
    steps = data.get("steps")
    if not isinstance(steps, list):
        return "step 0: 'steps' must be a list"
    if "engine" in options:
        return "step 0: 'engine' is not a game option (the engine is chosen when the scenario is run)"
    try:
        game = load(data.get("game", ""), engine=engine, **options)
        state = game.new_initial_state(deals=deals or None)
    except (ValueError, FormatError, IllegalActionError) as error:
        return f"step 0: cannot set up the game: {error}"
    for number, step in enumerate(steps, start=1):
        problem = _run_step(state, step)
        if problem:
            return f"step {number}: {problem}"
    return None


def _run_step(state, step: Any) -> str | None:
    if not isinstance(step, dict):
        return f"a step must be an object, not {step!r}"
    known = {"act", "error", "expect", "expect_seat", "legal", "note", "comment"}
    extra = set(step) - known
    if extra:
        return f"unknown step key(s) {sorted(extra)}"
    if not isinstance(step.get("error", False), bool):
        return f"'error' must be true or false, not {json.dumps(step['error'])}"
    if "act" in step:
        action = step["act"]
        if not isinstance(action, str):
            return f"'act' must be an action string, not {json.dumps(action)}"
        if step.get("error"):
            before = json.dumps(state.to_json(), sort_keys=True)
            view_before = state.view()
            try:
                state.apply_action(action)
            except IllegalActionError:
                pass
            else:
                return f"{action!r} was accepted, but the rules forbid it"
            if json.dumps(state.to_json(), sort_keys=True) != before or state.view() != view_before:
                return f"refusing {action!r} changed the state"
            return None
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            return f"{action!r} was refused: {error}"
        return None
    if "expect" in step:
        seat = step.get("expect_seat")
        try:
            view = state.view(seat)
        except ValueError as error:
            return str(error)
        expect = step["expect"]
        if not isinstance(expect, dict):
            return "'expect' must be an object of path: value"
        for path, wanted in expect.items():
            got = view_path(view, path)
            who = "spectator" if seat is None else f"seat {seat}"
            if got is _MISSING:
                return f"{path} is not in the {who}'s view"
            if got != wanted or type(got) is bool and type(wanted) is not bool:
                return f"{path} is {json.dumps(got)} in the {who}'s view, expected {json.dumps(wanted)}"
        return None
    if "legal" in step:
        wanted = step["legal"]
        if not isinstance(wanted, list) or not all(isinstance(a, str) for a in wanted):
            return f"'legal' must be a list of action strings, not {json.dumps(wanted)}"
        got = state.legal_action_strings()
        try:
            wanted_set = {state.action_to_string(state.string_to_action(a)) for a in wanted}
        except IllegalActionError as error:
            return f"'legal' lists a string that is no action: {error}"
        if set(got) != wanted_set or len(wanted_set) != len(wanted):
            missing = sorted(wanted_set - set(got))
            surplus = sorted(set(got) - wanted_set)
            return f"legal actions differ: missing {missing}, not expected {surplus}"
        return None
    return "a step needs 'act', 'expect' or 'legal'"


def run_scenario_file(path: str | Path, engine: str | None = None) -> tuple[bool, str]:
    """Run one file on ``engine`` (see :func:`run_scenario`); returns ``(passed, line)`` with the line to print:
    ``PASS path`` or ``FAIL path: step N: reason`` (a file that cannot be
    read or is not JSON, too deeply nested included, is ``step 0``)."""
    try:
        data = jsonio.loads(Path(path).read_bytes())
    except (OSError, FormatError) as error:
        return False, f"FAIL {path}: step 0: cannot read the file: {error}"
    problem = run_scenario(data, engine)
    if problem is None:
        return True, f"PASS {path}"
    return False, f"FAIL {path}: {problem}"


def check_scenario(source: dict | str | Path) -> None:
    """Run a scenario, parsed (a dict) or from a file, for a test: raises
    ``AssertionError`` with the ``step N: reason`` (for a file, the whole
    ``FAIL path: ...`` line) if it fails. Every test that runs scenarios
    uses this runner."""
    if isinstance(source, dict):
        problem = run_scenario(source)
        if problem is not None:
            raise AssertionError(problem)
        return
    ok, line = run_scenario_file(source)
    if not ok:
        raise AssertionError(line)
