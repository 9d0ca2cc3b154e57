"""Paths the tests share, and the reports they write."""

from __future__ import annotations

import fcntl
import json
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
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
