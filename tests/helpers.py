"""Paths the tests share, the reports they write, and fixed deals several test modules build positions from."""

from __future__ import annotations

import fcntl
import importlib.util
import json
from types import ModuleType
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
"""The checkout's examples/ folder (scripts the docs show, which the tests run)."""
"""The project's shared folder beside this checkout (scenarios, rules); tests needing it skip without it."""


def add_to_report(path: Path, entries: dict) -> None:
    """Add ``entries`` to the JSON object in ``path`` (a report in
    test-artifacts/, created if missing) under an exclusive lock of a file
    beside it: tests in parallel processes may add to the same report."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            known = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            known = {}
        known.update(entries)
        path.write_text(json.dumps(known, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")


TRUMFOSAUR_DEAL_4 = {"hands": [
    ["SAX6", "SAX1", "VZT7", "AQU5", "AQU6", "SPI1", "SPI2", "BYZ1", "BYZ2", "BYZ3"],
    ["SAX10", "SAX2", "VZT10", "VZT2", "AQU7", "AQU8", "SPI3", "SPI4", "BYZ4", "BYZ5"],
    ["AQU2", "AQU1", "VZT1", "VZT3", "SPI5", "SPI6", "SPI7", "BYZ6", "BYZ7", "BYZ8"],
    ["SAX3", "SAX4", "VZT4", "VZT5", "AQU3", "AQU4", "SPI8", "SPI9", "BYZ9", "BYZ10"]],
    "deck": ["SAX5", "SAX7", "SAX8", "SAX9", "VZT6", "VZT8", "VZT9", "AQU9", "AQU10", "SPI10"]}
"""A fixed 4-player Trumfosaur deal (T-3.1: ten cards each, ten in the deck), for
``new_initial_state(deals=[...])``. Seat 3's BYZ10 as invitation scores a card of value 10 twice (T-6.1)."""


def load_example(name: str) -> ModuleType:
    """The script ``examples/<name>.py`` loaded as a module (its ``main``
    and functions callable in-process; it is no package, so not importable)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
