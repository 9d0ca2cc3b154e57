"""The conformance suite's own entry points (herna/core/conformance.py). The
suite itself runs once per game, in ``tests/games/<game>/test_conformance.py``
(:mod:`tests.conformance_suite`)."""

from __future__ import annotations

import dataclasses

import pytest

import herna
from herna.core import InvariantError, record
from herna.core.conformance import check_invariants, conformance_cases, run_conformance

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
