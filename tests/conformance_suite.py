"""The conformance suite (herna/core/conformance.py) as tests, made once per
game: ``tests/games/<game>/test_conformance.py`` calls :func:`suite_tests`
with the game's name, and pytest collects the two tests it returns over the
option sets of the game's record (``conformance_options``)."""

from __future__ import annotations

import os

import pytest

import herna
from herna.core.conformance import conformance_cases, run_conformance, run_playouts

PLAYOUTS = int(os.environ.get("HERNA_CONFORMANCE_PLAYOUTS", "120"))
"""Cheap playouts per option set (invariants after every action); set
HERNA_CONFORMANCE_PLAYOUTS for more."""


def suite_tests(name: str):
    """``(test_conformance, test_many_playouts)`` for game ``name``: deep
    checks (replay, clone, illegal actions, resample without leaks, returns,
    views, tensors) on 4 playouts per option set, and :data:`PLAYOUTS`
    cheap playouts per option set; each on both engines (the compiled one
    skipped where it is not built)."""
    cases = [pytest.param(options, seed, id="-".join(f"{k}={v}" for k, v in options.items()))
             for options, seed in conformance_cases(name)]
    engines = pytest.mark.parametrize("engine", ["python", "compiled"])

    @engines
    @pytest.mark.parametrize("options,seed", cases)
    def test_conformance(options, seed, engine):
        result = run_conformance(load_engine(name, engine, **options), playouts=4, seed=seed)
        assert result["games"] == 4 and result["actions"] > 0 and result["deep_checks"] > 0

    @engines
    @pytest.mark.parametrize("options,seed", cases)
    def test_many_playouts(options, seed, engine):
        result = run_playouts(load_engine(name, engine, **options), PLAYOUTS, seed=1 + seed)
        assert result["games"] == PLAYOUTS and result["actions"] > 0

    return test_conformance, test_many_playouts


def load_engine(name: str, engine: str, **options) -> herna.Game:
    """``herna.load(name, engine=engine, **options)``; the test is skipped
    (with the reason) where the compiled engine is not built."""
    from herna.core import engines

    if engine == "compiled" and not engines.available(name):
        pytest.skip(f"the compiled engine of {name} is not built here (no C compiler when herna was installed)")
    return herna.load(name, engine=engine, **options)
