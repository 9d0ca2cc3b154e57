"""The option sets the engines' differential tests play (tests/engines and
the batched engine's lockstep tests in tests/batch): every option set of a
game's record (``conformance_options``) and a few more."""

from __future__ import annotations

import pytest

import herna

EXTRA_OPTIONS = {
    "trumfosaur": [{"players": 3, "target_score": 1}, {"players": 5, "target_score": 60}],
    "ugo": [{"players": 3, "rounds": 1, "farmers": 2}],
    "kurnik": [{"players": 4, "first_player": None}],
}
"""Option sets beyond the records' conformance lists."""


def option_sets() -> list:
    """``pytest.param(name, options)`` for every game's option sets, with readable ids."""
    cases = []
    for rec in herna.core.records():
        for options in list(rec.conformance_options) + EXTRA_OPTIONS.get(rec.name, []):
            cases.append(pytest.param(rec.name, options, id=f"{rec.name}-" + "-".join(
                f"{k}={v}" for k, v in options.items())))
    return cases


def option_list(name: str) -> list[dict]:
    """``name``'s option sets (record's conformance list, then the extra ones), as fresh dicts."""
    rec = herna.core.record(name)
    return [dict(o) for o in list(rec.conformance_options) + EXTRA_OPTIONS.get(name, [])]
