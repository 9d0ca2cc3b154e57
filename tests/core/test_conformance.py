"""The core conformance suite (herna/core/conformance.py) over every game and
its option sets (each record's ``conformance_options``): random playouts with
replay, clone, illegal-action, resample (no leak), returns and observation
checks; and the suite's own entry points."""

from __future__ import annotations

import dataclasses
import os

import pytest

import herna
from herna.core import InvariantError, record, records
from herna.core.conformance import check_invariants, conformance_cases, run_conformance, run_playouts

CASES = [pytest.param(rec.name, options, seed, id=f"{rec.name}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
         for rec in records() for options, seed in conformance_cases(rec)]


@pytest.mark.parametrize("name,options,seed", CASES)
def test_conformance(name, options, seed):
    game = herna.load(name, **options)
    result = run_conformance(game, playouts=4, seed=seed)
    assert result["games"] == 4 and result["actions"] > 0 and result["deep_checks"] > 0


PLAYOUTS = int(os.environ.get("HERNA_CONFORMANCE_PLAYOUTS", "120"))


@pytest.mark.parametrize("name,options,seed", CASES)
def test_many_playouts(name, options, seed):
    """Thousands of seeded random games over all cases (120 per option set by
    default; set HERNA_CONFORMANCE_PLAYOUTS for more)."""
    game = herna.load(name, **options)
    result = run_playouts(game, PLAYOUTS, seed=1 + seed)
    assert result["games"] == PLAYOUTS and result["actions"] > 0


def test_run_conformance_takes_a_record_or_a_name():
    """Once per game: a record (or a name) plays every option set of the record."""
    two = dataclasses.replace(record("ugo"), conformance_options=({"players": 2, "rounds": 1},
                                                                  {"players": 3, "rounds": 1}))
    result = run_conformance(two, playouts=1)
    assert result["cases"] == 2 and result["games"] == 2 and result["actions"] > 0
    assert conformance_cases("UGO") == conformance_cases(record("ugo"))
    with pytest.raises(ValueError, match="unknown game"):
        conformance_cases("chess")


def test_a_broken_invariant_is_an_invariant_error_that_says_where(monkeypatch):
    state = herna.load("kurnik", players=2).new_initial_state()

    def broken(self) -> None:
        raise InvariantError("hens are not conserved")

    monkeypatch.setattr(type(state), "_check_invariants", broken)
    with pytest.raises(InvariantError, match="^playout 3 step 9: invariant broken: hens are not conserved$"):
        check_invariants(state, "playout 3 step 9")
