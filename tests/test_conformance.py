"""The core conformance suite (herna/core/conformance.py) over every game and
its option sets: random playouts with replay, clone, illegal-action, resample
(no leak), returns and observation checks."""

from __future__ import annotations

import importlib
import os
import zlib

import pytest

import herna
from herna.core import GAMES, available_games
from herna.core.conformance import run_conformance, run_playouts

CASES = []
for name in available_games():
    module = importlib.import_module(GAMES[name])
    for options in module.CONFORMANCE_OPTIONS:
        CASES.append(pytest.param(name, options, id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}"))


@pytest.mark.parametrize("name,options", CASES)
def test_conformance(name, options):
    game = herna.load(name, **options)
    result = run_conformance(game, playouts=4, seed=zlib.crc32(str(options).encode()) % 1000)
    assert result["games"] == 4 and result["actions"] > 0 and result["deep_checks"] > 0


PLAYOUTS = int(os.environ.get("HERNA_CONFORMANCE_PLAYOUTS", "120"))


@pytest.mark.parametrize("name,options", CASES)
def test_many_playouts(name, options):
    """Thousands of seeded random games over all cases (120 per option set by
    default; set HERNA_CONFORMANCE_PLAYOUTS for more)."""
    game = herna.load(name, **options)
    result = run_playouts(game, PLAYOUTS, seed=1 + zlib.crc32(str(options).encode()) % 1000)
    assert result["games"] == PLAYOUTS and result["actions"] > 0
